"""The turn as a state machine (§4, §5, §8): after every action `settle` moves the game on
until it needs somebody's decision again.

`state["stage"]` says what the game waits for:
    {"kind": "dawn"|"evening", "window": W}
    {"kind": "step", "index": in state["order"], "seat": s, "left": actions left,
     "started": bool}                                                       phase 3
    {"kind": "survival", "resource", "mode": "normal"|"zero", "window", "window_done", "vote"}
    {"kind": "hurricane", "vote"}
    {"kind": "departure", "ballot", "choose"}
A sacrifice vote is {"ballot": B|None, "tied": [seats]|None, "named": seat|None, "candidates"}.
`state["interrupt"]` (a bite or shot answer) freezes everything else while it is set.
"""
from engine import ballot as ballots
from engine import window as windows
from engine.galerapagos import table as t
from engine.galerapagos import turnlog
from engine.galerapagos.data import ration_of
from engine.galerapagos.deaths import finish, kill
from engine.galerapagos.votes import departure_voters, open_ballot, sacrifice_voters, weight


def settle(g, events):
    s = g.state
    while s["result"] is None and s["interrupt"] is None and _advance(g, events):
        pass


def _advance(g, events):
    kind = g.state["stage"]["kind"]
    return ADVANCE[kind](g, g.state["stage"], events)


# -- phases 1-3 -------------------------------------------------------------------------------
def start_turn(g, events):
    """Phase 1 (§4.1): the marker moves right, or to the alarm clock's choice; dawn window."""
    s = g.state
    s["turn"] += 1
    s["phase"] = "dawn"
    s["last_vote"] = None
    # This turn's card is not drawn yet: the TV must not show last turn's during dawn.
    s["weather_card"] = None
    turnlog.reset(g)
    for c in s["castaways"]:
        c["acted"] = False
        c["forced"] = None
        c["covered"] = []
    chosen = s["alarm"]
    s["alarm"] = None
    if chosen is not None and t.is_alive(g, chosen):
        s["first"] = chosen
        why = "alarm_clock"
    else:
        nxt = t.right_living(g, s["first"])
        s["first"] = s["first"] if nxt is None else nxt
        why = "turn"
    events.append({"type": "turn", "turn": s["turn"]})
    events.append({"type": "first_player", "seat": s["first"], "why": why})
    if t.dead(g) and "voodoo_doll" not in s["discard"]:
        s["stage"] = {"kind": "dawn", "window": windows.new_window("dawn", t.eligible(g))}
        events.append({"type": "window", "kind": "dawn"})
    else:
        weather_and_actions(g, events)


def _dawn(g, stage, events):
    if not windows.is_closed(stage["window"]):
        return False
    weather_and_actions(g, events)
    return True


def weather_and_actions(g, events):
    """Phase 2 (§4.2) then the start of phase 3."""
    s = g.state
    card = s["weather"].pop(0)
    s["weather_card"] = card
    events.append({"type": "weather", "drops": card["drops"],
                   "hurricane": bool(card.get("hurricane")), "left": len(s["weather"])})
    s["phase"] = "actions"
    s["order"] = t.clockwise_from(g, s["first"])
    s["stage"] = {"kind": "step", "index": -1, "seat": None, "left": 0, "started": False}


def _step(g, stage, events):
    s = g.state
    seat = stage["seat"]
    if seat is not None and t.is_alive(g, seat) and stage["left"] > 0:
        return False
    stage["index"] += 1
    while stage["index"] < len(s["order"]):
        seat = s["order"][stage["index"]]
        if t.is_alive(g, seat) and not t.is_resting(g, seat) and not t.castaway(g, seat)["acted"]:
            stage.update(seat=seat, left=1, started=False)
            events.append({"type": "step", "seat": seat})
            return True
        stage["index"] += 1
    start_survival(g, events)
    return True


# -- phase 4 ----------------------------------------------------------------------------------
def start_survival(g, events):
    s = g.state
    s["phase"] = "survival"
    # The zero check is made once, here, for both counters (issue 10, E12).
    s["zero_locked"] = [r for r in ("water", "food") if s[r] == 0]
    for seat, c in enumerate(s["castaways"]):
        if c["sick_turn"] is not None and c["sick_turn"] < s["turn"]:
            c["sick_turn"] = None
            events.append({"type": "recover", "seat": seat})
    start_resource(g, "water", events)


def start_resource(g, resource, events):
    """The step's mode was fixed when phase 4 started (E12, corrected by issue 10)."""
    mode = "zero" if t.zero_locked(g, resource) else "normal"
    stage = {"kind": "survival", "resource": resource, "mode": mode, "window": None,
             "window_done": False, "vote": None}
    g.state["stage"] = stage
    events.append({"type": "survival_step", "resource": resource, "mode": mode,
                   "counter": g.state[resource]})
    if mode == "zero":
        stage["window"] = windows.new_window("zero", t.eligible(g))
        events.append({"type": "window", "kind": "zero", "resource": resource})


def mouths(g, resource):
    return [x for x in t.living(g) if resource not in t.castaway(g, x)["covered"]]


def shortage(g, stage):
    """How many rations are missing in the current step (0 when nothing is short)."""
    if stage is None or stage["kind"] != "survival":
        return 0
    need = mouths(g, stage["resource"])
    if stage["mode"] == "zero":
        return len(need)
    return max(0, len(need) - g.state[stage["resource"]])


def _survival(g, stage, events):
    s = g.state
    resource = stage["resource"]
    need = mouths(g, resource)
    if stage["mode"] == "zero":
        if need and not windows.is_closed(stage["window"]):
            return False
        if need:
            kill(g, need, "zero_" + resource, events)
            if s["result"] is not None:
                return False
        end_resource(g, events)
        return True
    if len(need) <= s[resource]:
        if stage["vote"] is not None:
            turnlog.update(g, stage["vote"], outcome="dropped")
            events.append({"type": "vote_dropped"})
        s[resource] -= len(need)
        events.append({"type": "consume", "resource": resource, "rations": len(need),
                       "counter": s[resource]})
        end_resource(g, events)
        return True
    if not stage["window_done"]:
        if stage["window"] is None:
            stage["window"] = windows.new_window("shortage", t.eligible(g))
            events.append({"type": "window", "kind": "shortage", "resource": resource,
                           "short": len(need) - s[resource]})
            return True
        if not windows.is_closed(stage["window"]):
            return False
        stage["window"] = None
        stage["window_done"] = True
        return True
    candidates = [x for x in need if not t.has_conch(g, x)]
    if not candidates and stage["vote"] is None:
        # E17: nobody left to name, nobody else dies.
        s[resource] = 0
        events.append({"type": "no_candidate", "resource": resource})
        end_resource(g, events)
        return True
    return _vote(g, stage, candidates, "sacrifice", events)


def end_resource(g, events):
    if g.state["stage"]["resource"] == "water":
        start_resource(g, "food", events)
    else:
        start_evening(g, events)


def end_step_by_basket(g, events):
    """The fruit basket (§4.4): the step ends, nobody else dies of it, the counter drops to 0."""
    resource = g.state["stage"]["resource"]
    g.state[resource] = 0
    events.append({"type": "step_ended", "resource": resource, "why": "fruit_basket"})
    end_resource(g, events)


# -- sacrifice votes (§5) ---------------------------------------------------------------------
def _vote(g, stage, candidates, kind, events):
    vote = stage["vote"]
    if vote is None:
        stage["vote"] = vote = {"ballot": None, "tied": None, "named": None,
                                "candidates": candidates}
        if len(candidates) == 1:
            turnlog.open_record(g, vote, kind, candidates=candidates)
            _name(g, vote, candidates[0], "only_candidate", events)
            return True
        voters = sacrifice_voters(g, kind)
        if not voters:
            vote["tied"] = list(candidates)
            turnlog.open_record(g, vote, kind, candidates=candidates)
            turnlog.update(g, vote, tied=list(candidates), chooser=g.state["first"],
                           outcome="tie")
            events.append({"type": "tie", "tied": list(candidates), "chooser": g.state["first"]})
            return True
        vote["ballot"] = open_ballot(g, kind, voters, candidates)
        events.append({"type": "vote_open", "kind": kind, "candidates": candidates,
                       "voters": vote["ballot"]["voters"]})
        return True
    if vote["named"] is not None or vote["tied"] is not None:
        return False
    ballot = vote["ballot"]
    if not ballots.complete(ballot):
        return False
    top = reveal(g, ballot, events)
    turnlog.open_record(g, vote, kind, ballot=ballot, candidates=vote["candidates"])
    if len(top) == 1:
        _name(g, vote, top[0], "vote", events)
    else:
        vote["tied"] = top
        turnlog.update(g, vote, tied=list(top), chooser=g.state["first"], outcome="tie")
        events.append({"type": "tie", "tied": top, "chooser": g.state["first"]})
    return True


def reveal(g, ballot, events):
    # The club counts if it is face up at the reveal (E21).
    ballot["weights"] = [weight(g, v) if t.is_alive(g, v) else 1 for v in ballot["voters"]]
    ballots.reveal(ballot)
    view = ballots.public_view(ballot)
    g.state["last_vote"] = view
    events.append({"type": "reveal", "kind": ballot["kind"], "votes": view["votes"],
                   "weights": view["weights"], "tally": view["tally"]})
    return ballots.leaders(ballot)


def _name(g, vote, seat, why, events):
    vote["named"] = seat
    vote["tied"] = None
    turnlog.update(g, vote, named=seat, why=why, outcome="named")
    events.append({"type": "named", "seat": seat, "why": why})


def choose_named(g, seat, events):
    _name(g, g.state["stage"]["vote"], seat, "first_player", events)


def revote(g, events):
    turnlog.update(g, g.state["stage"]["vote"], outcome="revote")
    g.state["stage"]["vote"] = None
    events.append({"type": "vote_again"})


# -- phase 5 ----------------------------------------------------------------------------------
def start_evening(g, events):
    g.state["phase"] = "evening"
    g.state["stage"] = {"kind": "evening", "window": windows.new_window("evening", t.eligible(g))}
    events.append({"type": "window", "kind": "evening"})


def requirements_met(g):
    n = len(t.living(g))
    s = g.state
    return s["places"] >= n and s["water"] >= n and s["food"] >= n


def _evening(g, stage, events):
    if not windows.is_closed(stage["window"]):
        return False
    if g.state["weather_card"].get("hurricane"):
        g.state["stage"] = {"kind": "hurricane", "vote": None}
        events.append({"type": "hurricane"})
    else:
        g.state["stage"] = {"kind": "departure", "ballot": None, "choose": False}
    return True


def board(g, end, events):
    s = g.state
    boarders = t.living(g)
    s["water"] -= len(boarders)
    s["food"] -= len(boarders)
    finish(g, end, boarders, events)


# What could still raise a counter at 0 during the hurricane (§8.2 step 1/5: ration cards,
# the BBQ kit, the mill, a plank). The conch is the one card that could spare a castaway.
_RAISES = {"food": {"bbq_kit"}, "water": {"vegetable_mill"}, "places": {"plank"}}


def hopeless_hurricane(g):
    """The counter that makes the forced boarding impossible whatever anyone chooses, or None.

    Every board needs at least 1 of each counter (L >= 1 while anyone lives), and deaths only
    lower L: a counter at 0 that no card held by the living (a dead castaway's cards go to the
    living) can raise is never met. Without a conch among those cards every vote names and
    kills a castaway until nobody is left (§8.2 steps 4-5, 8): the votes cannot change the
    outcome, so the engine resolves them at once (docs/games/galerapagos.md)."""
    held = set()
    for x in t.living(g):
        c = t.castaway(g, x)
        held.update(c["hand"])
        held.update(c["faceup"])
    if "conch" in held or any(t.has_conch(g, x) for x in t.living(g)):
        return None      # a castaway who cannot be named is left behind alive (E17)
    for resource in ("places", "water", "food"):
        if g.state[resource] > 0:
            continue
        raisers = {card for card in held
                   if (ration_of(card) or (None,))[0] == resource or card in _RAISES[resource]}
        if not raisers:
            return resource
    return None


def _hurricane(g, stage, events):
    if requirements_met(g):
        if stage["vote"] is not None:
            turnlog.update(g, stage["vote"], outcome="dropped")
            events.append({"type": "vote_dropped"})
        board(g, "hurricane", events)
        return False
    lacking = hopeless_hurricane(g) if stage["vote"] is None else None
    if lacking is not None:
        g.state["forced"] = {"kind": "hurricane", "resource": lacking, "turn": g.state["turn"]}
        events.append({"type": "forced", "kind": "hurricane", "resource": lacking})
        kill(g, t.living(g), "hurricane", events)
        return False
    candidates = [x for x in t.living(g) if not t.has_conch(g, x)]
    if not candidates and stage["vote"] is None:
        events.append({"type": "no_candidate", "resource": None})
        finish(g, "hurricane", [], events)
        return False
    return _vote(g, stage, candidates, "hurricane", events)


def _departure(g, stage, events):
    s = g.state
    if not requirements_met(g):
        if stage["ballot"] is not None or stage["choose"]:
            turnlog.update(g, stage, outcome="dropped")
            events.append({"type": "vote_dropped"})
        start_turn(g, events)
        return True
    if stage["choose"]:
        return False
    ballot = stage["ballot"]
    if ballot is None:
        # Every living castaway votes (D11), and one is alive here: the last death ends the
        # game (deaths.kill, "hecatomb"). So there is always a ballot to open.
        voters = departure_voters(g)
        events.append({"type": "departure_possible", "living": len(t.living(g))})
        stage["ballot"] = open_ballot(g, "departure", voters, [True, False])
        events.append({"type": "vote_open", "kind": "departure", "voters": voters})
        return True
    if not ballots.complete(ballot):
        return False
    reveal(g, ballot, events)
    turnlog.open_record(g, stage, "departure", ballot=ballot)
    count = dict((repr(o), c) for o, c in ballots.tally(ballot))
    yes, no = count[repr(True)], count[repr(False)]
    if yes == no:
        stage["choose"] = True
        turnlog.update(g, stage, chooser=s["first"], outcome="tie")
        events.append({"type": "departure_tie", "chooser": s["first"]})
        return True
    decide_departure(g, yes > no, events)
    return True


def decide_departure(g, leave, events):
    turnlog.update(g, g.state["stage"], leave=leave, outcome="leave" if leave else "stay")
    events.append({"type": "departure_decided", "leave": leave})
    if leave:
        board(g, "departure", events)
    else:
        start_turn(g, events)


ADVANCE = {"dawn": _dawn, "step": _step, "survival": _survival, "evening": _evening,
           "hurricane": _hurricane, "departure": _departure}
