"""§3 Setup: the start player is drawn, boats go on start fields clockwise from the start
player, the start player places the black boat, then pawns are seated one at a time."""
from engine.lifeboats import board, turn
from engine.lifeboats.data import (BLACK, HATS, ISLAND_OF_LANE, LANES, LEAK_SUPPLY,
                                   PLAYER_COLOURS, RANKS, colour_of, pawns_per_player)


def new_state(g):
    s = g.state
    n = g.n
    s["start"] = g.rng.randbelow(n)  # D3: the only random draw of the game
    s["turn"] = 0
    s["phase"], s["step"] = "setup", "place_boats"
    s["actor"] = s["start"]
    s["placed"] = 0  # setup decisions taken so far in the current step
    s["boats"] = [{"colour": c, "owner": i if c != BLACK else None, "lane": None, "row": None,
                   "status": "unplaced", "landing_place": None, "pawns": [], "leaks": 0}
                  for i, c in enumerate(PLAYER_COLOURS[:n] + [BLACK])]
    s["unplaced"] = [dict(pawns_per_player(n)) for _ in range(n)]
    s["hats"] = [HATS] * n
    s["supply"] = LEAK_SUPPLY
    s["landed"], s["landing_order"] = [], []
    s["drowned"] = [{r: 0 for r in RANKS} for _ in range(n)]
    s["ballot"], s["last_reveal"], s["tied"] = None, None, []
    s["turn_outcomes"] = []
    s["eject"], s["swim"] = None, None


def free_lanes(s):
    taken = {b["lane"] for b in s["boats"]}
    return [lane for lane in LANES if lane not in taken]


def boat_actions(g, seat):
    kind = "place_boat" if g.state["step"] == "place_boats" else "place_black"
    return [{"type": kind, "lane": lane} for lane in free_lanes(g.state)]


def place_boat(g, seat, lane, ev, forced=False):
    s = g.state
    colour = BLACK if s["step"] == "place_black" else colour_of(seat)
    b = board.boat(s, colour)
    b["lane"], b["row"], b["status"] = lane, 0, "water"
    ev.append({"type": "boat_placed", "seat": seat, "boat": colour, "lane": lane,
               "island": ISLAND_OF_LANE[lane], "forced": forced})
    if s["step"] == "place_boats":
        s["placed"] += 1
        if s["placed"] < g.n:
            s["actor"] = (s["start"] + s["placed"]) % g.n
        else:
            s["step"], s["actor"] = "place_black", s["start"]
    else:
        s["step"], s["actor"], s["placed"] = "place_pawns", s["start"], 0


def pawn_actions(g, seat):
    s = g.state
    return [{"type": "place_pawn", "boat": b["colour"], "rank": r}
            for b in board.on_water(s) if board.free_seats(b) > 0
            for r in RANKS if s["unplaced"][seat][r] > 0]


def place_pawn(g, seat, boat_colour, rank, ev, forced=False):
    s = g.state
    s["unplaced"][seat][rank] -= 1
    board.boat(s, boat_colour)["pawns"].append({"colour": colour_of(seat), "rank": rank})
    ev.append({"type": "pawn_seated", "seat": seat, "colour": colour_of(seat),
               "boat": boat_colour, "rank": rank, "forced": forced})
    s["placed"] += 1
    if any(sum(left.values()) for left in s["unplaced"]):
        s["actor"] = (s["start"] + s["placed"]) % g.n
    else:
        turn.start_turn(g, ev)
