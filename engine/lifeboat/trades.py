"""Trading (§4.5): a table per pair of characters; both accept the same contents, cards move.

A trade dict: {"seats": [a, b], "table": [[cards of a], [cards of b]], "accepted": [bool, bool],
"seen": fingerprint of both parties' holdings and the table when last checked}. Any change of
that fingerprint withdraws both acceptances, so an acceptance always means "this exact table".
"""
from engine.lifeboat import board
from engine.lifeboat.data import CHARACTERS


def can_trade(s, seat):
    return (s["phase"] == "actions" and s["fight"] is None and board.conscious(s, seat))


def find(s, a, b):
    for tr in s["trades"]:
        x, y = tr["seats"]
        if (x == a and y == b) or (x == b and y == a):
            return tr
    return None


def _fingerprint(s, tr):
    # Cards are int ids, and the repr of nested lists of ints is their json.dumps text: the
    # same fingerprint (it is kept in the state) without the JSON encoder's overhead.
    return repr([[sorted(s["hand"][x]), sorted(s["up"][x])] for x in tr["seats"]]
                + [tr["table"]])


def legal(s, seat):
    if not can_trade(s, seat):
        return []
    acts = []
    kinds, gone, wounds, chars = s["kinds"], s["gone"], s["wounds"], s["chars"]
    # seat's trades by partner, the first one as find() would (one pass, not one per partner)
    partners = {}
    for tr in s["trades"]:
        a, b = tr["seats"]
        if a == seat:
            partners.setdefault(b, (tr, 0))
        elif b == seat:
            partners.setdefault(a, (tr, 1))
    for other in s["line"]:
        # board.conscious, inlined: this runs for every partner on every action (issue 13)
        if other == seat or gone[other] or wounds[other] >= CHARACTERS[chars[other]]["size"]:
            continue
        found = partners.get(other)
        if found is None:
            acts.append({"type": "trade_open", "target": other})
            continue
        tr, i = found
        mine = tr["table"][i]
        for up in (False, True):
            pile = s["up"][seat] if up else s["hand"][seat]
            if not pile:            # nothing to put or take back
                continue
            if mine:
                offered = {kinds[c] for c in pile if c in mine}
                free = {kinds[c] for c in pile if c not in mine}
            else:
                offered, free = (), {kinds[c] for c in pile}
            acts += [{"type": "trade_put", "target": other, "card": k, "up": up}
                     for k in sorted(free)]
            acts += [{"type": "trade_take", "target": other, "card": k, "up": up}
                     for k in sorted(offered)]
        if not tr["accepted"][i] and (tr["table"][0] or tr["table"][1]):
            acts.append({"type": "trade_accept", "target": other})
        acts.append({"type": "trade_cancel", "target": other})
    return acts


def apply(s, seat, action, ev):
    t = action["type"]
    other = action["target"]
    if t == "trade_open":
        tr = {"seats": [seat, other], "table": [[], []], "accepted": [False, False]}
        tr["seen"] = _fingerprint(s, tr)
        s["trades"].append(tr)
        _note(s, tr, {"type": "trade_opened", "by": seat})
        return
    tr = find(s, seat, other)
    mine = tr["table"][tr["seats"].index(seat)]
    if t == "trade_cancel":
        s["trades"].remove(tr)
        _note(s, tr, {"type": "trade_cancelled", "by": seat})
        return
    if t == "trade_accept":
        tr["accepted"][tr["seats"].index(seat)] = True
        if all(tr["accepted"]):
            _complete(s, tr, ev)
        return
    pile = s["up"][seat] if action["up"] else s["hand"][seat]
    if t == "trade_put":
        mine.append(next(c for c in pile if board.kind(s, c) == action["card"] and c not in mine))
    else:
        mine.remove(next(c for c in pile if board.kind(s, c) == action["card"] and c in mine))


def _note(s, tr, entry):
    for x in tr["seats"]:
        s["private"][x].append(dict(entry, seats=list(tr["seats"])))


def _complete(s, tr, ev):
    a, b = tr["seats"]
    moved_up = []
    hand_counts = [0, 0]
    for i, (giver, taker) in enumerate(((a, b), (b, a))):
        for c in tr["table"][i]:
            if c in s["up"][giver]:
                moved_up.append({"from": giver, "to": taker, "card": board.kind(s, c)})
            else:
                hand_counts[i] += 1
            board.give(s, giver, taker, c)
    _note(s, tr, {"type": "trade_done", "turn": s["turn"],
                  "gave": [[board.kind(s, c) for c in side] for side in tr["table"]]})
    s["trades"].remove(tr)
    ev.append({"type": "traded", "seats": [a, b], "hand_cards": hand_counts,
               "face_up": moved_up})


def refresh(s, ev):
    """After every action: drop what is no longer possible or no longer held (E34, E35)."""
    if not s["trades"]:
        return
    for tr in list(s["trades"]):
        a, b = tr["seats"]
        if not (can_trade(s, a) and can_trade(s, b)):
            s["trades"].remove(tr)
            _note(s, tr, {"type": "trade_cancelled", "by": None})
            continue
        for i, x in enumerate(tr["seats"]):
            side = tr["table"][i]
            if side:        # what x still holds, asked once per side (not once per card)
                held = board.holdings(s, x)
                tr["table"][i] = [c for c in side if c in held]
        seen = _fingerprint(s, tr)
        if seen != tr["seen"]:
            tr["accepted"] = [False, False]
            tr["seen"] = seen


def cancel_all(s, ev):
    for tr in s["trades"]:
        _note(s, tr, {"type": "trade_cancelled", "by": None})
    s["trades"] = []


def seat_view(s, seat):
    out = []
    for tr in s["trades"]:
        if seat in tr["seats"]:
            out.append({"seats": list(tr["seats"]), "accepted": list(tr["accepted"]),
                        "table": [[{"id": c, "kind": board.kind(s, c),
                                    "up": c in s["up"][x]} for c in side]
                                  for x, side in zip(tr["seats"], tr["table"])]})
    return out
