"""Building exact Lifeboats positions for the rule tests.

Pawns are written as short codes: colour initial + rank initial, e.g. "yO" is a yellow
officer and "bS" a blue sailor. Seats follow E1: red 0, yellow 1, green 2, blue 3..."""
import engine
from engine.lifeboats import turn

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
INITIALS = {"r": "red", "y": "yellow", "g": "green", "b": "blue", "p": "purple", "w": "white"}
RANK = {"O": "officer", "S": "sailor"}
RED, YELLOW, GREEN, BLUE, BLACK = "red", "yellow", "green", "blue", "black"
ANA, BEN, CY, DEE = 0, 1, 2, 3

# The examples' table (§13): four players, boats red, yellow, green, blue and black.
FIVE_BOATS = {
    RED: (1, 0, "rO rS rS", 0),
    YELLOW: (3, 0, "rS rS yS", 0),
    GREEN: (5, 0, "gS gS gS rO", 0),
    BLUE: (6, 0, "bO bO bS bS rS", 0),
    BLACK: (7, 0, "yO yS yS gO gS bS", 0),
}


def pawns(codes):
    return [{"colour": INITIALS[c[0]], "rank": RANK[c[1]]} for c in codes.split()]


def new(n=4, edition="2009", seed=1, **options):
    return engine.new_game("lifeboats", NAMES[:n], seed=seed,
                           options=dict(options, edition=edition))


def position(boats, n=4, start=ANA, edition="2009", supply=None, hats=None, **options):
    """A game at the very start of a turn (phase 1 about to begin) with exactly `boats` on
    the water: {colour: (lane, row, "pawn codes", leaks)}. Boats not named are absent
    (as if sunk). Returns (game, events of starting the turn)."""
    g = new(n, edition, **options)
    s = g.state
    s["start"] = start
    for b in s["boats"]:
        if b["colour"] in boats:
            lane, row, codes, leaks = boats[b["colour"]]
            b.update(lane=lane, row=row, status="water", pawns=pawns(codes), leaks=leaks)
        else:
            b.update(lane=None, row=None, status="sunk", pawns=[], leaks=0)
    for left in s["unplaced"]:
        for rank in left:
            left[rank] = 0
    s["supply"] = 15 - sum(b[3] for b in boats.values()) if supply is None else supply
    if hats is not None:
        s["hats"] = list(hats)
    s["phase"], s["step"], s["actor"], s["placed"] = "setup", None, None, None
    ev = []
    turn.start_turn(g, ev)
    g._take_forced(ev)
    return g, ev


def boat(g, colour):
    return next(b for b in g.state["boats"] if b["colour"] == colour)


def codes(g, colour):
    """The pawns of a boat as sorted codes, to compare with the examples."""
    inv = {v: k for k, v in INITIALS.items()}
    return sorted(inv[p["colour"]] + p["rank"][0].upper() for p in boat(g, colour)["pawns"])


def ballot(g, votes, caller=None):
    """Call the vote (as the start player) and cast `votes` {seat: choice} in seat order.
    Returns all the events."""
    ev = g.act(g.state["start"] if caller is None else caller, {"type": "call_vote"})
    for seat, choice in sorted(votes.items()):
        ev += g.act(seat, {"type": "vote", "choice": choice})
    return ev


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def skip_to_swim(g, leak, move):
    """Play an unanimous leak vote and move vote; returns the events."""
    ev = ballot(g, {s: leak for s in range(g.n)})
    return ev + ballot(g, {s: move for s in range(g.n)})
