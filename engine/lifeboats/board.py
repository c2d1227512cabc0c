"""Boats, pawns and leaks: the physical changes every phase shares (§2.3, §4.1, §4.4).

Every function works on the plain state dict, so the phase code reads like the rulebook."""
from engine.lifeboats.data import (ISLAND_OF_LANE, RANKS, SEATS_PER_BOAT, island_value,
                                   seat_of)


def boat(s, colour):
    return next(b for b in s["boats"] if b["colour"] == colour)


def on_water(s):
    """Boats on the water, in the fixed option order (every wheel lists them this way)."""
    return [b for b in s["boats"] if b["status"] == "water"]


def on_water_colours(s):
    return [b["colour"] for b in on_water(s)]


def free_seats(b):
    return SEATS_PER_BOAT - len(b["pawns"]) - b["leaks"]


def ranks_in(b, colour):
    """The ranks `colour` has in boat `b`, officer first."""
    return [r for r in RANKS if {"colour": colour, "rank": r} in b["pawns"]]


def colours_in(b, order):
    return [c for c in order if any(p["colour"] == c for p in b["pawns"])]


def weight_in(b, colour, weights):
    return sum(weights[p["rank"]] for p in b["pawns"] if p["colour"] == colour)


def take_pawn(b, colour, rank):
    b["pawns"].remove({"colour": colour, "rank": rank})


def drown(s, colour, rank, boat_colour, reason, ev):
    s["drowned"][seat_of(colour)][rank] += 1
    ev.append({"type": "pawn_drowned", "seat": seat_of(colour), "colour": colour,
               "rank": rank, "boat": boat_colour, "reason": reason})


def add_leak(s, b, ev):
    s["supply"] -= 1
    b["leaks"] += 1
    ev.append({"type": "leak_placed", "boat": b["colour"], "leaks": b["leaks"],
               "pawns": len(b["pawns"]), "supply": s["supply"]})


def sinking_check(s, ev):
    """§4.1: every overloaded boat sinks at the same moment (E28), only at a phase's end."""
    sinking = [b for b in on_water(s) if b["leaks"] > len(b["pawns"])]
    for b in sinking:
        ev.append({"type": "boat_sank", "boat": b["colour"], "leaks": b["leaks"],
                   "pawns": [dict(p) for p in b["pawns"]]})
        for p in b["pawns"]:
            drown(s, p["colour"], p["rank"], b["colour"], "sank", ev)
        s["supply"] += b["leaks"]
        b["pawns"], b["leaks"], b["status"] = [], 0, "sunk"


def move(s, b, rows, ev):
    """§4.4: one row forward; reaching row `rows` lands the boat."""
    b["row"] += 1
    ev.append({"type": "boat_moved", "boat": b["colour"], "lane": b["lane"], "row": b["row"],
               "rows": rows})
    if b["row"] >= rows:
        land(s, b, ev)


def land(s, b, ev):
    island = ISLAND_OF_LANE[b["lane"]]
    s["landing_order"].append(b["colour"])
    b["status"], b["landing_place"] = "landed", len(s["landing_order"])
    landed = [{"colour": p["colour"], "seat": seat_of(p["colour"]), "rank": p["rank"],
               "island": island, "boat": b["colour"], "points": island_value(island, p["rank"])}
              for p in b["pawns"]]
    s["landed"].extend(landed)
    ev.append({"type": "boat_landed", "boat": b["colour"], "lane": b["lane"], "island": island,
               "landing_place": b["landing_place"], "pawns": landed,
               "leaks_returned": b["leaks"]})
    s["supply"] += b["leaks"]
    b["pawns"], b["leaks"] = [], 0
