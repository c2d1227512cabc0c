"""The turn (§4): leak (with its ejection), move and landing, swimming, the checks that end
every phase, and the start player's rotation. Each function leaves the state either at the
next decision a player must take or at the end of the game."""
from engine.lifeboats import board, voting
from engine.lifeboats.data import (EJECTION_WEIGHT, OPTION_ORDER, colour_of, edition_rule,
                                   seat_of)
from engine.lifeboats.scoring import final_result


def start_turn(g, ev):
    s = g.state
    s["turn"] += 1
    s["phase"] = "leak"
    ev.append({"type": "turn_started", "turn": s["turn"], "start_player": s["start"]})
    if s["supply"] == 0:
        # A3/E13: no talk, no ballot, no checks.
        ev.append({"type": "phase_skipped", "phase": "leak", "reason": "no_leaks"})
        start_move(g, ev)
        return
    _ballot(g, "leak", list(range(g.n)), board.on_water_colours(s), None, ev)


def _ballot(g, kind, voters, options, weights, ev, boat=None):
    if len(options) == 1:
        voting.unheld(kind, options[0], ev, boat=boat)
        outcome(g, kind, options[0], boat, ev)
    else:
        voting.open_ballot(g, kind, voters, options, weights, ev, boat=boat)


def outcome(g, kind, choice, boat, ev):
    """Apply a settled ballot (held or not)."""
    s = g.state
    if kind == "leak":
        b = board.boat(s, choice)
        if board.free_seats(b) > 0:
            board.add_leak(s, b, ev)
            end_phase(g, ev)
        else:
            _open_ejection(g, b, ev)
    elif kind == "eject":
        _eject_colour(g, board.boat(s, boat), choice, ev)
    else:
        board.move(s, board.boat(s, choice), g.options["rows"], ev)
        end_phase(g, ev)


def _open_ejection(g, b, ev):
    """§4.3.3: a full boat; its occupants vote, weighted by the pawns they have in it now (E9)."""
    colours = board.colours_in(b, OPTION_ORDER)
    voters = [seat_of(c) for c in colours]
    weights = [board.weight_in(b, c, EJECTION_WEIGHT) for c in colours]
    ev.append({"type": "boat_full", "boat": b["colour"], "colours": colours})
    _ballot(g, "eject", voters, colours, weights, ev, boat=b["colour"])


def _eject_colour(g, b, colour, ev):
    """D8: 2009 takes a sailor before an officer; 1993 lets the owner choose, if they can."""
    s = g.state
    s["eject"] = b["colour"]
    ranks = board.ranks_in(b, colour)
    seat = seat_of(colour)
    if edition_rule(g.options, "ejected_pawn") == "owner_chooses" and len(ranks) > 1:
        s["step"], s["actor"] = "eject_pick", seat
        return
    eject(g, seat, "sailor" if "sailor" in ranks else "officer", ev, forced=True)


def eject_actions(g, seat):
    b = board.boat(g.state, g.state["eject"])
    return [{"type": "eject", "rank": r} for r in board.ranks_in(b, colour_of(seat))]


def eject(g, seat, rank, ev, forced=False):
    """The pawn drowns and the leak takes its seat."""
    s = g.state
    colour = colour_of(seat)
    b = board.boat(s, s["eject"])
    board.take_pawn(b, colour, rank)
    ev.append({"type": "pawn_ejected", "boat": b["colour"], "seat": seat, "colour": colour,
               "rank": rank, "forced": forced})
    board.drown(s, colour, rank, b["colour"], "ejected", ev)
    board.add_leak(s, b, ev)
    s["eject"], s["step"], s["actor"] = None, None, None
    end_phase(g, ev)


def end_phase(g, ev):
    """§4.1 then §4.2, then the next phase or the end of the turn."""
    s = g.state
    board.sinking_check(s, ev)
    if not board.on_water(s):
        game_over(g, ev)
        return
    if s["phase"] == "leak":
        start_move(g, ev)
    elif s["phase"] == "move":
        start_swim(g, ev)
    else:
        end_turn(g, ev)


def start_move(g, ev):
    g.state["phase"] = "move"
    _ballot(g, "move", list(range(g.n)), board.on_water_colours(g.state), None, ev)


def start_swim(g, ev):
    s = g.state
    s["phase"] = "swim"
    if len(board.on_water(s)) < 2:  # E18: decided when the phase begins
        ev.append({"type": "phase_skipped", "phase": "swim", "reason": "one_boat"})
        end_turn(g, ev)
        return
    s["swim"] = {"order": [(s["start"] + k) % g.n for k in range(g.n)], "next": 0,
                 "swimmers": [], "boarded": 0}
    next_swimmer(g, ev)


def next_swimmer(g, ev):
    """Step A clockwise from the start player, then step B in reverse leaving order."""
    s = g.state
    sw = s["swim"]
    if sw["next"] < len(sw["order"]):
        s["step"], s["actor"] = "leave", sw["order"][sw["next"]]
        return
    if sw["boarded"] < len(sw["swimmers"]):
        s["step"], s["actor"] = "board", sw["swimmers"][-1 - sw["boarded"]]["seat"]
        return
    s["swim"], s["step"], s["actor"] = None, None, None
    end_phase(g, ev)


def _left_boats(s):
    return [x["boat"] for x in s["swim"]["swimmers"]]


def leave_actions(g, seat):
    s = g.state
    closed = _left_boats(s)
    return [{"type": "leave", "boat": b["colour"], "rank": r}
            for b in board.on_water(s) if b["colour"] not in closed
            for r in board.ranks_in(b, colour_of(seat))]


def leave(g, seat, boat_colour, rank, ev, forced=False):
    s = g.state
    b = board.boat(s, boat_colour)
    board.take_pawn(b, colour_of(seat), rank)
    s["swim"]["swimmers"].append({"seat": seat, "boat": boat_colour, "rank": rank})
    s["swim"]["next"] += 1
    ev.append({"type": "pawn_left", "seat": seat, "colour": colour_of(seat), "boat": boat_colour,
               "rank": rank, "forced": forced})
    next_swimmer(g, ev)


def skip_leave(g, seat, ev):
    s = g.state
    s["swim"]["next"] += 1
    ev.append({"type": "swim_skipped", "seat": seat})
    next_swimmer(g, ev)


def _swimmer(s):
    sw = s["swim"]
    return sw["swimmers"][-1 - sw["boarded"]]


def board_actions(g, seat):
    s = g.state
    left = _swimmer(s)["boat"]
    return [{"type": "board", "boat": b["colour"]} for b in board.on_water(s)
            if b["colour"] != left and board.free_seats(b) > 0]


def board_boat(g, seat, boat_colour, ev, forced=False):
    s = g.state
    rank = _swimmer(s)["rank"]
    board.boat(s, boat_colour)["pawns"].append({"colour": colour_of(seat), "rank": rank})
    s["swim"]["boarded"] += 1
    ev.append({"type": "pawn_boarded", "seat": seat, "colour": colour_of(seat),
               "boat": boat_colour, "rank": rank, "forced": forced})
    next_swimmer(g, ev)


def swimmer_drowns(g, seat, ev):
    """D11/E17: no boat other than the one left has a free seat."""
    s = g.state
    swimmer = _swimmer(s)
    s["swim"]["boarded"] += 1
    board.drown(s, colour_of(seat), swimmer["rank"], swimmer["boat"], "swim", ev)
    next_swimmer(g, ev)


def end_turn(g, ev):
    s = g.state
    s["start"] = (s["start"] + 1) % g.n
    ev.append({"type": "start_player_passed", "seat": s["start"]})
    start_turn(g, ev)


def game_over(g, ev):
    s = g.state
    s["phase"], s["step"], s["actor"], s["ballot"] = "over", "over", None, None
    result = final_result(g)
    ev.append({"type": "game_over", "scores": result["scores"], "winners": result["winners"],
               "tie_break": result["tie_break"]})
