"""What each screen may see (§10): view(None) for the TV, view(seat) for a phone."""
from engine import ballot as ballots
from engine import window as windows
from engine.galerapagos import flow
from engine.galerapagos import table as t


def _stage_view(g, seat):
    stage = g.state["stage"]
    if stage is None:
        return None
    view = {"kind": stage["kind"]}
    if stage.get("window") is not None:
        view["window"] = windows.public_view(stage["window"])
    if stage["kind"] == "step":
        view.update(seat=stage["seat"], actions_left=stage["left"])
    if stage["kind"] == "survival":
        view.update(resource=stage["resource"], mode=stage["mode"],
                    short=flow.shortage(g, stage), mouths=flow.mouths(g, stage["resource"]))
    vote = stage.get("vote")
    if vote is not None:
        view["vote"] = {"candidates": vote["candidates"], "tied": vote["tied"],
                        "named": vote["named"], "ballot": _ballot(vote["ballot"], seat)}
    if stage["kind"] == "departure":
        view.update(ballot=_ballot(stage["ballot"], seat), first_player_decides=stage["choose"])
    return view


def _ballot(ballot, seat):
    if ballot is None:
        return None
    return ballots.public_view(ballot) if seat is None else ballots.seat_view(ballot, seat)


def _castaway(g, seat, over):
    c = t.castaway(g, seat)
    view = {"seat": seat, "name": g.players[seat], "alive": c["alive"],
            "sick": c["sick_turn"] is not None and c["alive"],
            "fell_sick_this_turn": c["alive"] and t.fell_sick_this_turn(g, seat),
            "resting": t.is_resting(g, seat), "hand_size": len(c["hand"]),
            "faceup": list(c["faceup"]), "acted": c["acted"], "conch": t.has_conch(g, seat),
            "covered": list(c["covered"]), "forced_action": c["forced"]}
    if over:
        view["hand"] = sorted(c["hand"])
    return view


def table_view(g):
    """The TV's view; every phone's view is this with its own stage and hand (seat_view), so
    the game memoises it once per state (game.peek_view)."""
    s = g.state
    over = s["result"] is not None
    living = len(t.living(g))
    weather = s["weather_card"]
    view = {
        "game": "galerapagos", "players": list(g.players), "turn": s["turn"],
        "phase": s["phase"], "stage": _stage_view(g, None), "waiting_for": g.waiting_for(),
        "interrupt": dict(s["interrupt"]) if s["interrupt"] else None,
        "first_player": s["first"], "alarm_clock": s["alarm"],
        "weather": ({"drops": weather["drops"], "hurricane": bool(weather.get("hurricane"))}
                    if weather else None),
        "weather_left": len(s["weather"]),
        "hurricane_out": bool(weather and weather.get("hurricane")),
        "water": s["water"], "food": s["food"],
        "zero_locked": [r for r in ("water", "food") if t.zero_locked(g, r)], "wood": s["wood"], "places": s["places"],
        "deck_size": len(s["deck"]), "discard": list(s["discard"]),
        "castaways": [_castaway(g, x, over) for x in range(g.n)],
        "deaths": [dict(d) for d in s["deaths"]],
        # An outcome the engine resolved at once because no choice could change it (why).
        "forced": dict(s["forced"]) if s.get("forced") else None,
        "last_vote": s["last_vote"],
        "turn_log": [dict(r) for r in s.get("turn_log", [])],
        "ballots": s.get("ballots", []),     # shared: game.view() hands out a deep copy
        "departure_needs": {"living": living, "places": living, "water": living,
                            "food": living, "met": flow.requirements_met(g)},
        "options": dict(g.options),
        "over": over, "result": g.result() if over else None,
    }
    return view


def seat_view(g, public, seat):
    """`public` (table_view) seen from `seat`: its ballots are shown as that seat sees them,
    and its hand. A shallow copy: it shares the rest with `public`."""
    view = dict(public)
    view["stage"] = _stage_view(g, seat)
    c = t.castaway(g, seat)
    view["me"] = {"seat": seat, "name": g.players[seat], "hand": sorted(c["hand"]),
                  "records": [dict(r) for r in c["records"]]}
    return view
