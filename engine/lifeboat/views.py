"""What each screen may see (§6): view(None) holds public facts only; view(seat) adds that
player's own secrets and what the rules show him; at the end everything is revealed."""
from engine import window as windows
from engine.lifeboat import board, draft, fights, memory, scoring, trades
from engine.lifeboat.data import BIRDS_TO_WIN, CHARACTERS, NAVIGATION


def nav_card(card_id):
    c = NAVIGATION[card_id]
    return {k: c[k] for k in ("id", "overboard", "thirsty", "fight_thirst", "row_thirst", "bird")}


def _up_card(s, c):
    k = board.kind(s, c)
    out = {"id": c, "kind": k}
    if k == "parasol":
        out["open"] = s["parasol_open"]
    return out


def _character(s, seat, over):
    cid = s["chars"][seat]
    c = CHARACTERS[cid]
    out = {"seat": seat, "character": cid, "name": c["name"], "size": c["size"],
           "survival": c["survival"],
           "position": s["line"].index(seat) + 1 if seat in s["line"] else None,
           "wounds": s["wounds"][seat], "state": board.state_name(s, seat),
           "rowed": s["rowed"][seat], "fought": s["fought"][seat], "acted": s["acted"][seat],
           "hand_count": len(s["hand"][seat]),
           "face_up": [_up_card(s, x) for x in s["up"][seat]]}
    if out["state"] == "unconscious" and not over:
        # What the others may play for him is public while he is unconscious (§4.7, §6).
        out["hand_public"] = board.public_hand(s, seat)
    if over:
        out["hand"] = [{"id": x, "kind": board.kind(s, x)} for x in s["hand"][seat]]
        out["love"] = s["love"][seat]
        out["hate"] = s["hate"][seat]
    return out


def _actions(s):
    a = s["act"]
    if a is None:
        return None
    out = {"order": list(a["order"]), "actor": a["actor"], "step": a["step"]}
    for key in ("kind", "target", "card"):
        if key in a:
            out[key] = a[key]
    if "drawn" in a:
        out["drawn_count"] = len(a["drawn"])
    return out


def _navigation(s):
    nav = s["nav"]
    if nav is None:
        return None
    out = {"navigator": nav["navigator"], "compass_used": nav["compass_used"],
           "card": nav_card(nav["card"]) if nav["card"] is not None else None}
    for key in ("water", "sharks", "thrown", "thirst"):
        if key in nav:
            out[key] = nav[key]
    return out


def _last_navigation(s):
    rec = memory.get(s, "navigation")
    if rec is None:
        return None
    return dict(rec, card=nav_card(rec["card"]))


def _last_flare(s):
    rec = memory.get(s, "flare")
    if rec is None:
        return None
    return dict(rec, cards=[nav_card(x) for x in rec["cards"]])


def public(game, over):
    s = game.state
    d = s["draft"]
    return {
        "game": "lifeboat",
        "players": list(game.players),
        "phase": s["phase"],
        "turn": s["turn"],
        "birds": s["birds"],
        "birds_to_win": BIRDS_TO_WIN,
        "waiting_for": game.waiting_for(),
        "line": list(s["line"]),
        "removed": list(s["removed"]),
        "characters": [_character(s, x, over) for x in range(game.n)],
        "decks": {"provisions": len(s["prov_deck"]), "navigation": len(s["nav_deck"]),
                  "row_stack": len(s["row_stack"]), "discard": len(s["discard"])},
        "draft": None if d is None else {
            "drafters": list(d["drafters"]), "cards": len(d["cards"]),
            "drafter": draft.drafter(s) if d["cards"] else None},
        "actions": _actions(s),
        "fight": None if s["fight"] is None else fights.public(s, s["fight"]),
        "navigation": _navigation(s),
        "window": None if s["window"] is None else windows.public_view(s["window"]),
        "last_navigation": _last_navigation(s),
        "last_fight": memory.get(s, "fight"),
        "last_flare": _last_flare(s),
        "over": over,
        "result": s["result"] if over else None,
    }


def _mine(game, seat):
    s = game.state
    me = {"seat": seat, "character": s["chars"][seat], "love": s["love"][seat],
          "hate": s["hate"][seat],
          "hand": [{"id": x, "kind": board.kind(s, x)} for x in s["hand"][seat]],
          "trades": trades.seat_view(s, seat),
          "private_log": [dict(e) for e in s["private"][seat]],
          "worth": worth(s, seat),
          "provisional": scoring.breakdown(s, seat)}
    d = s["draft"]
    if d is not None and d["cards"] and draft.drafter(s) == seat:
        me["draft_cards"] = [board.kind(s, x) for x in d["cards"]]
    a = s["act"]
    if a is not None and a.get("drawn") and a["actor"] == seat:
        me["drawn"] = [nav_card(x) for x in a["drawn"]]
    if s["phase"] == "navigate" and s["nav"]["navigator"] == seat:
        me["row_stack"] = [nav_card(x) for x in s["row_stack"]]
    if s["phase"] == "thirst" and board.conscious(s, seat):
        thirst = s["nav"]["thirst"]
        me["unconscious_water"] = [
            {"seat": x, "water": sum(1 for c in board.holdings(s, x)
                                     if board.kind(s, c) == "water")}
            for x in s["line"] if thirst[x] and board.unconscious(s, x)]
    return me


def worth(s, seat):
    """What my secret Love and Hate cards are worth to me, from what I know: my own cards and
    the public states (§5). `now` is what each pays if the rescue came at this moment."""
    me, love, hate = s["chars"][seat], s["love"][seat], s["hate"][seat]
    alive = {c: board.alive(s, board.seat_of(s, c)) for c in s["chars"]}
    psycho = hate == me
    cases = []
    if love == me:
        cases.append("narcissist")
    if psycho:
        cases.append("psychopath")
    if love == hate != me:
        cases.append("ambivalent")
    out = {"cases": cases,
           "survival": {"character": me, "value": CHARACTERS[me]["survival"],
                        "alive": alive[me], "counts": not psycho,
                        "now": CHARACTERS[me]["survival"] if alive[me] and not psycho else 0},
           "love": {"character": love, "seat": board.seat_of(s, love), "when": "alive",
                    "alive": alive[love], "value": CHARACTERS[love]["survival"],
                    "now": CHARACTERS[love]["survival"] if alive[love] else 0}}
    if psycho:
        others = [{"character": c, "seat": board.seat_of(s, c), "size": CHARACTERS[c]["size"],
                   "dead": not alive[c]} for c in s["chars"] if c not in (me, love)]
        out["hate"] = {"character": hate, "seat": seat, "when": "others_dead",
                       "alive": alive[me], "value": sum(o["size"] for o in others),
                       "now": sum(o["size"] for o in others if o["dead"]), "others": others}
    else:
        out["hate"] = {"character": hate, "seat": board.seat_of(s, hate), "when": "dead",
                       "alive": alive[hate], "value": CHARACTERS[hate]["size"],
                       "now": 0 if alive[hate] else CHARACTERS[hate]["size"]}
    return out


def view(game, seat):
    over = game.over
    v = public(game, over)
    if seat is not None:
        v["me"] = _mine(game, seat)
    return v
