"""Scores by island and rank, and the editions' tie-breaks by landing order (§6)."""
from engine.lifeboats.data import BLACK, ISLANDS, RANKS, colour_of, edition_rule, seat_of


def scores(s, n):
    """Running scores: pawns on islands are public and safe for good (E19)."""
    totals = [0] * n
    for pawn in s["landed"]:
        totals[pawn["seat"]] += pawn["points"]
    return totals


def landing_place(s, colour):
    order = s["landing_order"]
    return order.index(colour) + 1 if colour in order else None


def winners(s, n, options):
    """The best score wins; ties go by own boats' landing order as the edition says.

    Returns (winners, how) where `how` names the rule that settled it."""
    totals = scores(s, n)
    tied = [seat for seat in range(n) if totals[seat] == max(totals)]
    if len(tied) == 1:
        return tied, "score"
    for rule in edition_rule(options, "tie_break"):
        if rule == "own_boat_landed_first":
            landed = [seat for seat in tied if landing_place(s, colour_of(seat))]
            if landed:
                return [min(landed, key=lambda seat: landing_place(s, colour_of(seat)))], rule
        elif rule == "clockwise_after_first_player_boat":
            first = next((c for c in s["landing_order"] if c != BLACK), None)  # E21
            if first is not None:
                owner = seat_of(first)
                walk = [(owner + k) % n for k in range(1, n + 1)]
                return [next(seat for seat in walk if seat in tied)], rule
    return tied, "shared"


def breakdown(s, n):
    rows = []
    for seat in range(n):
        mine = [p for p in s["landed"] if p["seat"] == seat]
        islands = {}
        for island in ISLANDS:
            here = [p for p in mine if p["island"] == island]
            islands[island] = {r: sum(1 for p in here if p["rank"] == r) for r in RANKS}
            islands[island]["points"] = sum(p["points"] for p in here)
        own = next(b for b in s["boats"] if b["colour"] == colour_of(seat))
        rows.append({
            "seat": seat, "colour": colour_of(seat), "points": sum(p["points"] for p in mine),
            "islands": islands, "landed": [dict(p) for p in mine],
            "drowned": sum(s["drowned"][seat].values()),
            "drowned_by_rank": dict(s["drowned"][seat]),
            "own_boat": own["landing_place"] if own["status"] == "landed" else own["status"],
        })
    return rows


def final_result(g):
    s = g.state
    won, how = winners(s, g.n, g.options)
    return {
        "scores": scores(s, g.n),
        "winners": won,
        "tie_break": how,
        "breakdown": breakdown(s, g.n),
        "landing_order": [{"boat": c, "landing_place": i + 1, "owner": seat_of(c)}
                          for i, c in enumerate(s["landing_order"])],
    }
