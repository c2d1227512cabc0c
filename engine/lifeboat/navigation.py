"""Navigation (§4.6): choosing the card, birds, overboard with its rescue window, thirst with
its window, the end of the turn."""
from engine import window as windows
from engine.lifeboat import board, memory, scoring
from engine.lifeboat.data import BIRDS_TO_WIN, CHARACTERS, NAVIGATION


def navigator(s):
    for seat in reversed(s["line"]):
        if board.conscious(s, seat):
            return seat
    return None


def _named(s, names):
    if names == "all":
        return list(s["line"])
    return [x for x in s["line"] if s["chars"][x] in names]


def begin(s, ev):
    nav = navigator(s)
    s["nav"] = {"navigator": nav, "card": None, "compass_used": False}
    if nav is not None and s["row_stack"]:
        s["phase"] = "navigate"
        s["private"][nav].append({"type": "row_stack", "turn": s["turn"],
                                  "cards": list(s["row_stack"])})
        ev.append({"type": "navigator", "seat": nav, "row_stack": len(s["row_stack"])})
        return
    s["nav_deck"] += s["row_stack"]
    s["row_stack"] = []
    s["nav"]["card"] = s["nav_deck"].pop(0)
    s["phase"] = "resolve"


def legal_navigate(s, seat):
    if seat != s["nav"]["navigator"]:
        return []
    acts = [{"type": "navigate", "card": c} for c in s["row_stack"]]
    if not s["nav"]["compass_used"] and board.holds_kind(s, seat, "compass"):
        acts.append({"type": "compass"})
    return acts


def apply_navigate(s, seat, action, ev):
    if action["type"] == "compass":
        card = board.take_any(s, seat, "compass")
        if card in s["hand"][seat]:
            board.show(s, seat, card)
        s["nav"]["compass_used"] = True
        added = s["nav_deck"][:1]
        s["nav_deck"] = s["nav_deck"][1:]
        s["row_stack"] += added
        s["private"][seat].append({"type": "compass", "turn": s["turn"], "cards": added})
        ev.append({"type": "compass", "seat": seat, "added": len(added)})
        return
    s["row_stack"].remove(action["card"])
    s["nav_deck"] += s["row_stack"]
    ev.append({"type": "navigate", "seat": seat, "returned": len(s["row_stack"])})
    s["row_stack"] = []
    s["nav"]["card"] = action["card"]
    s["phase"] = "resolve"


def resolve(s, ev):
    """Reveal the card, birds, then who goes into the water; corpses are gone at once."""
    nav = s["nav"]
    card = NAVIGATION[nav["card"]]
    before = s["birds"]
    s["birds"] = max(0, s["birds"] + card["bird"])
    memory.navigation_card(s, card["id"], before)
    ev.append({"type": "navigation_card", "card": card["id"], "birds": s["birds"],
               "turn": s["turn"]})
    if s["birds"] >= BIRDS_TO_WIN:
        memory.note(s, rescued=True, finished=True)
        scoring.rescue(s, ev)
        return
    water = _named(s, card["overboard"])
    nav["sharks"] = any(board.kind(s, c) == "chum" for x in water for c in s["up"][x])
    nav["thrown"] = False
    gone = [x for x in water if board.dead(s, x)]
    for x in gone:
        board.leave_boat(s, x)
    nav["water"] = [x for x in water if x not in gone]
    memory.note(s, overboard=list(water), gone=list(gone), sharks=nav["sharks"])
    ev.append({"type": "overboard", "seats": water, "gone": gone, "sharks": nav["sharks"]})
    if nav["water"] and board.conscious_seats(s):
        s["window"] = windows.new_window("rescue", board.conscious_seats(s))
        s["phase"] = "rescue"
    else:
        s["phase"] = "fall"


def _preserver_up(s, seat):
    return any(board.kind(s, c) == "life_preserver" for c in s["up"][seat])


def legal_rescue(s, seat):
    nav = s["nav"]
    w = s["window"]
    if seat not in w["seats"]:
        return []
    acts = []
    if (not nav["thrown"] and seat not in nav["water"]
            and board.holds_kind(s, seat, "life_preserver")):
        acts += [{"type": "throw_preserver", "target": t} for t in nav["water"]
                 if board.conscious(s, t)]
    # A face-up chum is playable like any card in play (issue 11 corrects §4.6.3 step 3).
    if not nav["sharks"] and board.holds_kind(s, seat, "chum"):
        acts.append({"type": "chum"})
    if seat in windows.waiting(w):
        acts.append({"type": "done"})
    return acts


def _done(s, seat, ev, window, next_phase):
    """A seat is done with the open window; the last one closes it and the turn moves on."""
    windows.mark_done(s["window"], seat)
    ev.append({"type": "done", "seat": seat, "window": window})
    if windows.is_closed(s["window"]):
        s["window"] = None
        s["phase"] = next_phase


def apply_rescue(s, seat, action, ev):
    nav = s["nav"]
    w = s["window"]
    t = action["type"]
    if t == "done":
        _done(s, seat, ev, "rescue", next_phase="fall")
        return
    if t == "throw_preserver":
        card = board.take_any(s, seat, "life_preserver")
        board.remove(s, seat, card)
        s["up"][action["target"]].append(card)
        nav["thrown"] = True
        memory.note(s, preserver={"seat": seat, "target": action["target"]})
        ev.append({"type": "preserver_thrown", "seat": seat, "target": action["target"]})
    else:
        board.discard(s, seat, board.take_any(s, seat, "chum"))
        nav["sharks"] = True
        memory.append(s, "chum", seat)
        memory.note(s, sharks=True)
        ev.append({"type": "chum", "seat": seat})
    windows.changed(w)


def fall(s, ev):
    """Fall, sharks, lost cards, drowning, gone (§4.6.3 steps 4-8)."""
    nav = s["nav"]
    hurt = []
    for x in nav["water"]:
        got = 0
        if not (CHARACTERS[s["chars"][x]]["falls_unhurt"] or _preserver_up(s, x)):
            got += board.wound(s, x)
        if nav["sharks"]:
            got += board.wound(s, x)
        lost = board.discard_all(s, x, keep=("life_preserver",))
        drowned = board.unconscious(s, x) and not _preserver_up(s, x)
        if drowned:
            board.kill(s, x)
        hurt.append({"seat": x, "wounds_taken": got, "lost": lost, "drowned": drowned})
    gone = [x for x in nav["water"] if board.dead(s, x)]
    for x in gone:
        board.leave_boat(s, x)
    if nav["water"]:
        for h in hurt:
            h["wounds"] = s["wounds"][h["seat"]]
            h["state"] = board.state_name(s, h["seat"])
        ev.append({"type": "in_the_water", "sharks": nav["sharks"], "characters": hurt,
                   "line": list(s["line"])})
        rec = memory.navigation(s)
        if rec is not None:
            rec["in_the_water"] = [dict(h) for h in hurt]
            rec["gone"] += [x for x in gone if x not in rec["gone"]]
    s["phase"] = "thirst_start"


def thirst_begin(s, ev):
    nav = s["nav"]
    card = NAVIGATION[nav["card"]]
    named = _named(s, card["thirsty"])
    thirst = [0] * len(s["chars"])
    for x in s["line"]:
        if not board.alive(s, x):
            continue
        thirst[x] = ((card["row_thirst"] and s["rowed"][x])
                     + (card["fight_thirst"] and s["fought"][x]) + (x in named))
    shade = board.open_parasol_holder(s)
    if shade is not None and thirst[shade]:
        thirst[shade] -= 1
        ev.append({"type": "parasol_shade", "seat": shade})
    else:
        shade = None
    nav["thirst"] = thirst
    memory.note(s, thirst=list(thirst), parasol_shade=shade)
    ev.append({"type": "thirst", "thirst": list(thirst)})
    if any(thirst) and board.conscious_seats(s):
        s["window"] = windows.new_window("thirst", board.conscious_seats(s))
        s["phase"] = "thirst"
    else:
        s["phase"] = "thirst_end"


def _water(s, seat):
    return board.holds_kind(s, seat, "water")


def legal_thirst(s, seat):
    w = s["window"]
    if seat not in w["seats"]:
        return []
    thirst = s["nav"]["thirst"]
    acts = []
    if _water(s, seat):
        if thirst[seat]:
            acts.append({"type": "drink"})
        acts += [{"type": "pour", "target": t} for t in s["line"] if t != seat and thirst[t]]
    acts += [{"type": "pour_his", "target": t} for t in s["line"]
             if thirst[t] and board.unconscious(s, t) and _water(s, t)]
    if seat in windows.waiting(w):
        acts.append({"type": "done"})
    return acts


def apply_thirst(s, seat, action, ev):
    w = s["window"]
    t = action["type"]
    if t == "done":
        _done(s, seat, ev, "thirst", next_phase="thirst_end")
        return
    target = seat if t == "drink" else action["target"]
    source = target if t == "pour_his" else seat
    board.discard(s, source, board.take_any(s, source, "water"))
    s["nav"]["thirst"][target] -= 1
    memory.append(s, "water", {"type": t, "seat": seat, "target": target})
    ev.append({"type": t, "seat": seat, "target": target,
               "thirst": s["nav"]["thirst"][target]})
    windows.changed(w)


def thirst_end(s, ev):
    hurt = []
    for x, count in enumerate(s["nav"]["thirst"]):
        if count and board.alive(s, x):
            board.wound(s, x, count)
            hurt.append({"seat": x, "wounds_taken": count, "wounds": s["wounds"][x],
                         "state": board.state_name(s, x)})
    if hurt:
        ev.append({"type": "thirst_wounds", "characters": hurt})
    memory.note(s, thirst_wounds=[dict(h) for h in hurt], finished=True)
    s["phase"] = "end_turn"


def end_turn(s, ev):
    s["nav_deck"].append(s["nav"]["card"])
    s["nav"] = None
    n = len(s["chars"])
    s["rowed"], s["fought"], s["acted"] = [False] * n, [False] * n, [False] * n
    ev.append({"type": "turn_end", "turn": s["turn"]})
    limit = s["options"]["turn_limit"]
    if limit is not None and s["turn"] >= limit:
        scoring.rescue(s, ev, reason="turn_limit")
        return
    s["turn"] += 1
    s["phase"] = "provisions"
