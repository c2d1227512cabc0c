"""Wreck card plays, shots and gifts (§2, §6): what each seat may play now, and what it does.

Identical cards are offered once by kind, so a hand of seven water bottles costs one entry.
"""
from itertools import combinations

from engine import ballot as ballots
from engine import window as windows
from engine.galerapagos import flow
from engine.galerapagos import table as t
from engine.galerapagos import turnlog
from engine.galerapagos.data import (ACTIONS, CARDS, EFFECTS, MAX_PLACES, is_permanent, ration_of,
                                     sickens)
from engine.galerapagos.deaths import kill, make_sick
from engine.galerapagos.votes import open_ballots, weight


def _survival_stage(g, resource=None):
    stage = g.state["stage"]
    if stage and stage["kind"] == "survival" and resource in (None, stage["resource"]):
        return stage
    return None


def _named(g):
    stage = g.state["stage"]
    vote = stage.get("vote") if stage else None
    return vote["named"] if vote else None


# -- what may be played ---------------------------------------------------------------------
def play_options(g, seat):
    hand = t.castaway(g, seat)["hand"]
    if not hand or not t.is_eligible(g, seat):     # an empty hand is the cheap question
        return []
    options = []
    for card in sorted(set(hand)):
        if card not in NEVER_ALONE:
            options.extend(_options_for(g, seat, card, hand))
    return options


def _ration_options(g, seat, card, hand):
    resource, rations = ration_of(card)
    variants = [{}]
    if sickens(card) and "matches" in hand:
        variants.append({"matches": True})
    base = {"type": "play", "card": card}
    stage = _survival_stage(g, resource)
    found = []
    if t.zero_locked(g, resource):
        # E12/E13: a counter locked at zero takes no card; in its zero step the cards cover.
        if not stage:
            return []
        uncovered = flow.mouths(g, resource)
        for chosen in combinations(uncovered, min(rations, len(uncovered))):
            found += [dict(base, use="cover", **{"for": list(chosen)}, **v) for v in variants]
        return found
    found += [dict(base, use="counter", **v) for v in variants]
    if stage and _named(g) == seat:
        found += [dict(base, use="save", **v) for v in variants]
    return found


def _options_for(g, seat, card, hand):
    s = g.state
    stage = s["stage"]
    plain = [{"type": "play", "card": card}]
    if ration_of(card):
        return _ration_options(g, seat, card, hand)
    if is_permanent(card):
        return plain
    if card == "fruit_basket":
        return plain if flow.shortage(g, _survival_stage(g)) > 0 else []
    if card == "voodoo_doll":
        if stage["kind"] != "dawn":
            return []
        return [{"type": "play", "card": card, "target": x} for x in t.dead(g)]
    if card == "sleeping_pills":
        victims = [x for x in t.living(g) if x != seat and t.castaway(g, x)["hand"]]
        return [{"type": "play", "card": card, "targets": list(chosen)}
                for k in range(1, EFFECTS["pills_max_targets"] + 1)
                for chosen in combinations(victims, k)]
    if card == "alarm_clock":
        return [{"type": "play", "card": card, "target": x} for x in t.living(g)]
    if card == "coffee":
        ok = (stage["kind"] == "step" and stage["seat"] == seat and not stage["started"]
              and stage["left"] == 1)
        return plain if ok else []
    if card == "conch":
        return plain
    if card == "pendulum":
        return _pendulum_options(g, seat) if s["phase"] == "actions" else []
    if card == "flashlight":
        return plain if s["deck"] else []
    if card == "spyglass":
        return [{"type": "play", "card": card, "target": x} for x in t.living(g) if x != seat]
    if card == "barometer":
        return plain
    if card == "vegetable_mill":
        ok = s["food"] >= 1 and not t.zero_locked(g, "water")
        return plain if ok else []
    if card == "plank":
        return plain if s["places"] < MAX_PLACES else []
    if card == "bbq_kit":
        return plain if s["phase"] == "evening" and t.deaths_this_turn(g) else []
    # Cartridge, metal sheet, anti-venom, matches and useless cards are never played alone.
    return []


# The cards _options_for names; any other card that is neither a ration nor a permanent is never
# played alone (cartridge, metal sheet, anti-venom, matches, useless cards), so play_options
# skips it without walking that chain (issue 13).
_PLAYED_ALONE = frozenset({
    "fruit_basket", "voodoo_doll", "sleeping_pills", "alarm_clock", "coffee", "conch",
    "pendulum", "flashlight", "spyglass", "barometer", "vegetable_mill", "plank", "bbq_kit"})
NEVER_ALONE = frozenset(card for card in CARDS if not ration_of(card)
                        and not is_permanent(card) and card not in _PLAYED_ALONE)


def _pendulum_options(g, seat):
    kinds = [a for a in ACTIONS if a != "search" or g.state["deck"]]
    targets = [x for x in t.living(g)
               if x != seat and not t.is_resting(g, x) and not t.castaway(g, x)["acted"]]
    return [{"type": "play", "card": "pendulum", "target": x, "action": a}
            for x in targets for a in kinds]


def shoot_options(g, seat):
    c = t.castaway(g, seat)
    if "cartridge" not in c["hand"] or not t.is_eligible(g, seat):
        return []
    if "revolver" not in c["faceup"] and "revolver" not in c["hand"]:
        return []
    return [{"type": "shoot", "target": x} for x in t.living(g) if x != seat]


def gift_options(g, seat):
    castaways = g.state["castaways"]
    c = castaways[seat]
    if not c["alive"] or not c["hand"]:
        return []
    others = [x for x, o in enumerate(castaways) if o["alive"] and x != seat]
    return [{"type": "give", "card": card, "to": x}
            for card in sorted(set(c["hand"])) for x in others]


# -- what a play does -------------------------------------------------------------------------
def _clear_marks(g):
    """Any play, shot or death re-opens a window for everyone (E9)."""
    stage = g.state["stage"]
    if stage and stage.get("window") is not None:
        windows.changed(stage["window"])


def apply_play(g, seat, action, events):
    s = g.state
    card = action["card"]
    t.take_card(g, seat, card)
    _clear_marks(g)
    if is_permanent(card):
        t.castaway(g, seat)["faceup"].append(card)
        events.append({"type": "place", "seat": seat, "card": card})
        _permanent_mid_vote(g, seat, card)
        return
    s["discard"].append(card)
    if action.get("matches"):
        t.take_card(g, seat, "matches")
        s["discard"].append("matches")
    event = {"type": "play", "seat": seat, "card": card}
    event.update({k: v for k, v in action.items() if k not in ("type", "card")})
    events.append(event)
    if ration_of(card):
        _apply_ration(g, seat, action, events)
    else:
        EFFECT[card](g, seat, action, events)


def _permanent_mid_vote(g, seat, card):
    for ballot in open_ballots(g):
        if seat not in ballot["voters"]:
            continue
        if card == "club":
            i = ballot["voters"].index(seat)
            ballot["weights"][i] = weight(g, seat)
        elif card == "crystal_ball" and not ballots.has_voted(ballot, seat):
            # E21: it works only if placed before its owner has voted.
            ballot["last"] = seat


def _apply_ration(g, seat, action, events):
    s = g.state
    card = action["card"]
    resource, rations = ration_of(card)
    sick = sickens(card) and not action.get("matches")
    use = action["use"]
    if use == "counter":
        added = t.gain(g, resource, rations)
        events.append({"type": "counter", "resource": resource, "added": added,
                       "counter": s[resource]})
        if sick:
            make_sick(g, seat, card, events)
        return
    fed = [seat] if use == "save" else action["for"]
    for x in fed:
        t.castaway(g, x)["covered"].append(resource)
    events.append({"type": "covered", "resource": resource, "seats": fed, "by": seat})
    spare = rations - len(fed)
    if spare:
        added = t.gain(g, resource, spare)
        events.append({"type": "counter", "resource": resource, "added": added,
                       "counter": s[resource]})
    for x in fed:
        if sick:
            make_sick(g, x, card, events)
    if use == "save":
        turnlog.update(g, s["stage"]["vote"], saved_by=card, outcome="saved")
        s["stage"]["vote"] = None
        events.append({"type": "saved", "seat": seat, "resource": resource})


def _fruit_basket(g, seat, action, events):
    flow.end_step_by_basket(g, events)


def _voodoo(g, seat, action, events):
    target = action["target"]
    c = t.castaway(g, target)
    c.update(alive=True, sick_turn=None, acted=False, forced=None, covered=[])
    events.append({"type": "revived", "seat": target})
    windows.add_seat(g.state["stage"]["window"], target)


def _pills(g, seat, action, events):
    for victim in action["targets"]:
        hand = t.castaway(g, victim)["hand"]
        card = hand.pop(g.rng.randbelow(len(hand)))
        t.castaway(g, seat)["hand"].append(card)
        t.record(g, seat, "stole", source=victim, cards=[card])
        t.record(g, victim, "stolen", by=seat, cards=[card])
        events.append({"type": "theft", "seat": seat, "from": victim})


def _alarm(g, seat, action, events):
    g.state["alarm"] = action["target"]


def _coffee(g, seat, action, events):
    g.state["stage"]["left"] = 2


def _conch(g, seat, action, events):
    """§5.4: a vote still being cast, or one whose tie or answer concerns him, is held again."""
    t.castaway(g, seat)["conch_turn"] = g.state["turn"]
    vote = g.state["stage"].get("vote")
    if vote is None:
        return
    if vote["named"] == seat or seat in (vote["tied"] or []) or (
            vote["ballot"] is not None and not vote["ballot"]["revealed"]
            and vote["named"] is None and vote["tied"] is None):
        flow.revote(g, events)


def _pendulum(g, seat, action, events):
    t.castaway(g, action["target"])["forced"] = action["action"]


def _flashlight(g, seat, action, events):
    t.record(g, seat, "flashlight", cards=g.state["deck"][:EFFECTS["flashlight_look"]])


def _spyglass(g, seat, action, events):
    target = action["target"]
    t.record(g, seat, "spyglass", target=target, cards=sorted(t.castaway(g, target)["hand"]))


def _barometer(g, seat, action, events):
    t.record(g, seat, "barometer", weather=[dict(w) for w in
                                           g.state["weather"][:EFFECTS["barometer_look"]]])


def _mill(g, seat, action, events):
    s = g.state
    moved = min(EFFECTS["mill_move"], s["food"])
    s["food"] -= moved
    added = t.gain(g, "water", moved)
    events.append({"type": "mill", "moved": moved, "added": added,
                   "water": s["water"], "food": s["food"]})


def _plank(g, seat, action, events):
    g.state["places"] = min(MAX_PLACES, g.state["places"] + EFFECTS["plank_places"])
    events.append({"type": "raft", "places": g.state["places"], "wood": g.state["wood"]})


def _bbq(g, seat, action, events):
    added = t.gain(g, "food", EFFECTS["bbq_food_per_death"] * t.deaths_this_turn(g))
    events.append({"type": "counter", "resource": "food", "added": added,
                   "counter": g.state["food"]})


EFFECT = {"fruit_basket": _fruit_basket, "voodoo_doll": _voodoo, "sleeping_pills": _pills,
          "alarm_clock": _alarm, "coffee": _coffee, "conch": _conch, "pendulum": _pendulum,
          "flashlight": _flashlight, "spyglass": _spyglass, "barometer": _barometer,
          "vegetable_mill": _mill, "plank": _plank, "bbq_kit": _bbq}


def apply_shoot(g, seat, action, events):
    c = t.castaway(g, seat)
    target = action["target"]
    _clear_marks(g)
    if "revolver" not in c["faceup"]:
        t.take_card(g, seat, "revolver")
        c["faceup"].append("revolver")
        events.append({"type": "place", "seat": seat, "card": "revolver"})
    t.take_card(g, seat, "cartridge")
    g.state["discard"].append("cartridge")
    events.append({"type": "shot", "seat": seat, "target": target})
    resting = t.is_resting(g, target)
    turnlog.shot(g, seat, target, "killed" if resting else "pending")
    if resting:
        kill(g, [target], "shot", events)
    else:
        g.state["interrupt"] = {"kind": "shot", "seat": target, "shooter": seat}


def apply_gift(g, seat, action, events):
    card, to = action["card"], action["to"]
    t.take_card(g, seat, card)
    t.castaway(g, to)["hand"].append(card)
    t.record(g, seat, "gave", to=to, cards=[card])
    t.record(g, to, "received", source=seat, cards=[card])
    events.append({"type": "gift", "seat": seat, "to": to})
