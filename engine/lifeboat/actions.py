"""The Actions phase (§4.2, §4.3): the walk bow to stern, the five actions, answers, fights."""
from engine.lifeboat import board, fights, memory, scoring, trades
from engine.lifeboat.data import BIRDS_TO_WIN, FLARE_CARDS, NAVIGATION, ROW_BONUS_KIND, ROW_CARDS


def begin(s, ev):
    s["act"] = {"order": list(s["line"]), "actor": None, "step": None}
    s["phase"] = "actions"
    ev.append({"type": "actions_started", "turn": s["turn"], "order": list(s["line"])})


def step(s, ev):
    """No decision pending: the next character in the recorded order acts or loses his turn."""
    a = s["act"]
    for seat in a["order"]:
        if s["acted"][seat]:
            continue
        if board.conscious(s, seat):
            a["actor"], a["step"] = seat, "choose"
            ev.append({"type": "turn_of", "seat": seat})
            return
        s["acted"][seat] = True
        ev.append({"type": "turn_lost", "seat": seat, "state": board.state_name(s, seat)})
    s["act"] = None
    trades.cancel_all(s, ev)
    s["phase"] = "navigation"


def waiting(s):
    a = s["act"]
    if a["actor"] is None:
        return []
    if a["step"] == "answer":
        return [a["target"]]
    if a["step"] == "fight":
        return fights.waiting(s)
    return [a["actor"]]


def legal(s, seat):
    a = s["act"]
    if a["actor"] is None:
        return []
    if a["step"] == "fight":
        return fights.legal(s, seat)
    if a["step"] == "answer":
        return [{"type": "agree"}, {"type": "fight"}] if seat == a["target"] else []
    if seat != a["actor"]:
        return []
    if a["step"] == "place":
        return [{"type": "place_row_card", "card": c, "to": to}
                for c in a["drawn"] for to in ("stack", "bottom")]
    acts = [{"type": "nothing"}, {"type": "row", "show_oars": False}]
    hands, ups, kinds = s["hand"], s["up"], s["kinds"]
    # The kinds seat holds, once (board.hand_kinds / holds_kind asked one by one cost more).
    in_hand = {kinds[c] for c in hands[seat]}
    held = in_hand.union([kinds[c] for c in ups[seat]])
    if ROW_BONUS_KIND in in_hand:
        acts.append({"type": "row", "show_oars": True})
    for t in s["line"]:
        if t == seat:
            continue
        acts.append({"type": "swap", "target": t})
        if hands[t]:
            acts.append({"type": "mug", "target": t, "card": "hand"})
        if ups[t]:     # board.up_kinds, inlined (issue 13)
            acts += [{"type": "mug", "target": t, "card": k}
                     for k in sorted({kinds[c] for c in ups[t]})]
    if "medical_kit" in held:
        acts += [{"type": "medical_kit", "target": t} for t in s["line"]
                 if board.alive(s, t) and s["wounds"][t] > 0]
    # Others play an unconscious character's cards for him (issue 11): his kit, on him.
    acts += [{"type": "medical_kit_his", "target": t} for t in s["line"]
             if board.unconscious(s, t) and board.holds_kind(s, t, "medical_kit")]
    if "parasol" in held and not (
            s["parasol_open"] and board.first_of(s, s["up"][seat], "parasol") is not None):
        acts.append({"type": "parasol"})
    if "flare_gun" in held:
        acts.append({"type": "flare"})
    return acts


def apply(g, seat, action, ev):
    s = g.state
    a = s["act"]
    t = action["type"]
    if a["step"] == "fight":
        won = fights.apply(s, seat, action, ev)
        if won is not None:
            _after_fight(g, won, ev)
        return
    if t in ("agree", "fight"):
        ev.append({"type": "answer", "seat": seat, "answer": t})
        if t == "agree":
            _succeed(g, ev)
        else:
            trades.cancel_all(s, ev)
            fights.start(s, a["actor"], a["target"], a["kind"], a.get("card"))
            a["step"] = "fight"
            ev.append(fights.fight_state_event(s))
        return
    if t == "place_row_card":
        _place(s, seat, action, ev)
        return
    s["acted"][seat] = True
    if t == "nothing":
        ev.append({"type": "action", "seat": seat, "action": "nothing"})
        _finish(s)
    elif t == "row":
        _row(s, seat, action["show_oars"], ev)
    elif t in ("swap", "mug"):
        _attack(g, seat, action, ev)
    elif t in ("medical_kit", "medical_kit_his"):
        target = action["target"]
        owner = seat if t == "medical_kit" else target
        board.discard(s, owner, board.take_any(s, owner, "medical_kit"))
        s["wounds"][target] -= 1
        ev.append({"type": "action", "seat": seat, "action": t, "target": target,
                   "wounds": s["wounds"][target], "state": board.state_name(s, target)})
        _finish(s)
    elif t == "parasol":
        card = board.take_any(s, seat, "parasol")
        if card in s["hand"][seat]:
            board.show(s, seat, card)
        s["parasol_open"] = True
        ev.append({"type": "action", "seat": seat, "action": "parasol"})
        _finish(s)
    elif t == "flare":
        _flare(s, seat, ev)


def _finish(s, swapped=None):
    """The action is over; a swapped character who has not acted acts at once (R7, E11)."""
    a = s["act"]
    a["actor"], a["step"] = None, None
    for key in ("drawn", "kind", "target", "card"):
        a.pop(key, None)
    if swapped is not None and not s["acted"][swapped] and board.conscious(s, swapped):
        a["actor"], a["step"] = swapped, "choose"


def _row(s, seat, show_oars, ev):
    shown = []
    if show_oars:
        for c in list(s["hand"][seat]):
            if board.kind(s, c) == ROW_BONUS_KIND:
                board.show(s, seat, c)
                shown.append(c)
    oars = sum(1 for c in s["up"][seat] if board.kind(s, c) == ROW_BONUS_KIND)
    count = min(ROW_CARDS + oars, len(s["nav_deck"]))
    drawn, s["nav_deck"] = s["nav_deck"][:count], s["nav_deck"][count:]
    s["rowed"][seat] = True
    ev.append({"type": "action", "seat": seat, "action": "row", "shown_oars": len(shown),
               "drawn": count})
    if drawn:
        s["private"][seat].append({"type": "rowed", "turn": s["turn"], "cards": list(drawn)})
        a = s["act"]
        a["drawn"], a["step"], a["placed"] = drawn, "place", [0, 0]
    else:
        ev.append({"type": "row_done", "seat": seat, "stack": 0, "bottom": 0})
        _finish(s)


def _place(s, seat, action, ev):
    a = s["act"]
    a["drawn"].remove(action["card"])
    if action["to"] == "stack":
        s["row_stack"].append(action["card"])
        a["placed"][0] += 1
    else:
        s["nav_deck"].append(action["card"])
        a["placed"][1] += 1
    s["private"][seat].append({"type": "placed", "card": action["card"], "to": action["to"]})
    if not a["drawn"]:
        ev.append({"type": "row_done", "seat": seat, "stack": a["placed"][0],
                   "bottom": a["placed"][1]})
        a.pop("placed")
        _finish(s)


def _attack(g, seat, action, ev):
    s = g.state
    a = s["act"]
    target = action["target"]
    a["kind"], a["target"] = action["type"], target
    if action["type"] == "mug":
        a["card"] = action["card"]
    ev.append(dict(action, type="action", seat=seat, action=action["type"]))
    kid_pickpocket = (action["type"] == "mug" and action["card"] == "hand"
                      and board.char(s, seat)["unrefusable_hidden_mug"])
    if not board.conscious(s, target) or kid_pickpocket:
        _succeed(g, ev)
    else:
        a["step"] = "answer"


def _succeed(g, ev):
    s = g.state
    a = s["act"]
    actor, target = a["actor"], a["target"]
    if a["kind"] == "swap":
        i, j = s["line"].index(actor), s["line"].index(target)
        s["line"][i], s["line"][j] = target, actor
        ev.append({"type": "swapped", "seats": [actor, target], "line": list(s["line"])})
        _finish(s, swapped=target)
        if s["act"]["actor"] == target:
            ev.append({"type": "acts_now", "seat": target})
        return
    _mugged(g, actor, target, a["card"], ev)
    _finish(s)


def _mugged(g, actor, target, wanted, ev):
    s = g.state
    if wanted == "hand":
        if not s["hand"][target]:
            ev.append({"type": "mugged", "seat": actor, "target": target, "card": "hand",
                       "got": False})
            return
        card = s["hand"][target][g.rng.randbelow(len(s["hand"][target]))]
        board.give(s, target, actor, card)
        seen = {"type": "mugged", "turn": s["turn"], "from": target, "to": actor,
                "card": board.kind(s, card)}
        s["private"][actor].append(seen)
        s["private"][target].append(seen)
        ev.append({"type": "mugged", "seat": actor, "target": target, "card": "hand",
                   "got": True})
        return
    card = board.first_of(s, s["up"][target], wanted)
    if card is not None:
        board.give(s, target, actor, card)
    ev.append({"type": "mugged", "seat": actor, "target": target, "card": wanted,
               "got": card is not None})


def _after_fight(g, attacker_won, ev):
    if attacker_won:
        _succeed(g, ev)
    else:
        _finish(g.state)


def _flare(s, seat, ev):
    card = board.take_any(s, seat, "flare_gun")
    board.discard(s, seat, card)
    shown, s["nav_deck"] = s["nav_deck"][:FLARE_CARDS], s["nav_deck"][FLARE_CARDS:]
    s["nav_deck"] += shown
    birds = []
    for nav in shown:
        s["birds"] = max(0, s["birds"] + NAVIGATION[nav]["bird"])
        birds.append(s["birds"])
        if s["birds"] >= BIRDS_TO_WIN:
            break
    ev.append({"type": "action", "seat": seat, "action": "flare", "cards": shown,
               "birds": s["birds"], "bird_counts": birds})
    memory.flare(s, {"turn": s["turn"], "seat": seat, "cards": list(shown),
                     "bird_counts": birds, "birds": s["birds"]})
    if s["birds"] >= BIRDS_TO_WIN:
        scoring.rescue(s, ev)
    else:
        _finish(s)
