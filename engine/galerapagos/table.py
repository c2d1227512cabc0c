"""Reading and changing the shared table: seats, neighbours, counters, the raft.

Every helper takes the game object `g`, whose whole state lives in `g.state`.
"""
from engine.galerapagos.data import CAPS, EFFECTS, MAX_PLACES, WOOD_PER_PLACE


def castaway(g, seat):
    return g.state["castaways"][seat]


def is_alive(g, seat):
    return g.state["castaways"][seat]["alive"]


def living(g):
    return [s for s, c in enumerate(g.state["castaways"]) if c["alive"]]


def dead(g):
    return [s for s, c in enumerate(g.state["castaways"]) if not c["alive"]]


def fell_sick_this_turn(g, seat):
    return g.state["castaways"][seat]["sick_turn"] == g.state["turn"]


def is_resting(g, seat):
    """Sick last turn: no action and no card until phase 4 of this turn (§7)."""
    c = g.state["castaways"][seat]
    return (c["alive"] and c["sick_turn"] is not None
            and c["sick_turn"] == g.state["turn"] - 1
            and g.state["phase"] in ("dawn", "actions"))


def is_eligible(g, seat):
    return is_alive(g, seat) and not is_resting(g, seat)


def eligible(g):
    return [s for s in living(g) if not is_resting(g, s)]


def zero_locked(g, resource):
    """The counter was at zero when phase 4 started: its step is a zero step, and no card may
    add to it until phase 4 ends (E12, corrected by issue 10)."""
    s = g.state
    if s["phase"] != "survival":
        return False
    if "zero_locked" not in s:   # a game saved before the lock was kept: its step's own mode
        stage = s["stage"] or {}
        return stage.get("resource") == resource and stage.get("mode") == "zero"
    return resource in s["zero_locked"]


def has_conch(g, seat):
    return g.state["castaways"][seat]["conch_turn"] == g.state["turn"]


def left_living(g, seat):
    for i in range(1, g.n):
        other = (seat + i) % g.n
        if is_alive(g, other):
            return other
    return None


def right_living(g, seat):
    for i in range(1, g.n):
        other = (seat - i) % g.n
        if is_alive(g, other):
            return other
    return None


def clockwise_from(g, start):
    return [(start + i) % g.n for i in range(g.n)]


def owner_of(g, card):
    """The seat with `card` face up (club, crystal ball...), or None."""
    for s, c in enumerate(g.state["castaways"]):
        if card in c["faceup"]:
            return s
    return None


def gain(g, resource, amount):
    """Add to a counter within its cap (§2.5); returns what was really added."""
    before = g.state[resource]
    g.state[resource] = max(0, min(CAPS[resource], before + amount))
    return g.state[resource] - before


def add_wood(g, amount):
    """Wood turns into raft places at 6, carrying over; beyond 12 places it is lost (§2.4)."""
    s = g.state
    before = s["places"]
    if s["places"] >= MAX_PLACES:
        return 0
    s["wood"] += amount
    while s["wood"] >= WOOD_PER_PLACE and s["places"] < MAX_PLACES:
        s["wood"] -= WOOD_PER_PLACE
        s["places"] += 1
        if not EFFECTS["wood_carries_over"]:
            s["wood"] = 0
    if s["places"] >= MAX_PLACES:
        s["wood"] = 0
    return s["places"] - before


def deaths_this_turn(g):
    return sum(1 for d in g.state["deaths"] if d["turn"] == g.state["turn"])


def record(g, seat, kind, **data):
    """A private memory of this seat (what a card showed it, which cards it got or lost)."""
    entry = {"turn": g.state["turn"], "kind": kind}
    entry.update(data)
    g.state["castaways"][seat]["records"].append(entry)


def take_card(g, seat, card):
    g.state["castaways"][seat]["hand"].remove(card)
