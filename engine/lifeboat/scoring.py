"""Scoring at the rescue (§5): survival, Love, Hate or Psychopath, and loot on the body."""
from engine.lifeboat import board
from engine.lifeboat.data import CHARACTERS, DOUBLE_FACTOR, JEWEL_SET_POINTS, PROVISIONS


def loot(kinds, double):
    """Points per category for the cards a character holds (hand and face up alike)."""
    cash = sum(PROVISIONS[k]["points"] for k in kinds if k == "cash")
    jewels = JEWEL_SET_POINTS[min(sum(1 for k in kinds if k == "jewels"),
                                  len(JEWEL_SET_POINTS) - 1)]
    paintings = sum(PROVISIONS[k]["points"] for k in kinds
                    if PROVISIONS[k]["score_category"] == "paintings")
    out = {"cash": cash, "jewels": jewels, "paintings": paintings}
    if double:
        out[double] *= DOUBLE_FACTOR
    return out


def breakdown(s, seat):
    me = s["chars"][seat]
    love, hate = s["love"][seat], s["hate"][seat]
    alive = {c: board.alive(s, board.seat_of(s, c)) for c in s["chars"]}
    psycho = hate == me
    row = {"seat": seat, "character": me, "love_card": love, "hate_card": hate,
           "state": board.state_name(s, seat),
           "survival": CHARACTERS[me]["survival"] if alive[me] and not psycho else 0,
           "love": CHARACTERS[love]["survival"] if alive[love] else 0,
           "hate": CHARACTERS[hate]["size"] if not psycho and not alive[hate] else 0,
           "psychopath": sum(CHARACTERS[c]["size"] for c in s["chars"]
                             if psycho and c not in (me, love) and not alive[c])}
    kinds = [board.kind(s, c) for c in board.holdings(s, seat)] if board.aboard(s, seat) else []
    row.update(loot(kinds, CHARACTERS[me]["double"]))
    row["total"] = sum(row[k] for k in ("survival", "love", "hate", "psychopath", "cash",
                                        "jewels", "paintings"))
    return row


def rescue(s, ev, reason="birds"):
    rows = [breakdown(s, seat) for seat in range(len(s["chars"]))]
    scores = [r["total"] for r in rows]
    best = max(scores)
    s["result"] = {"scores": scores, "winners": [i for i, x in enumerate(scores) if x == best],
                   "breakdown": rows, "reason": reason}
    s["phase"] = "over"
    s["act"] = s["fight"] = s["window"] = s["draft"] = None
    s["trades"] = []
    ev.append({"type": "rescue", "reason": reason, "birds": s["birds"],
               "scores": scores, "winners": s["result"]["winners"]})
