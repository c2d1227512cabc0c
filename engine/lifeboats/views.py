"""What the TV (view(None)) and each phone (view(seat)) may see (§7). The only secret in
Lifeboats is a cast vote before the reveal, so the phone view is the table view plus "me"."""
from engine import ballot as ballots
from engine.lifeboats import board
from engine.lifeboats.data import (DATA, HATS, ISLAND_OF_LANE, ISLANDS, LANES, OPTION_ORDER,
                                   PLAYER_COLOURS, colour_of, edition_rule)
from engine.lifeboats.scoring import final_result, scores


def _boat(b):
    return {"colour": b["colour"], "owner": b["owner"], "lane": b["lane"],
            "island": ISLAND_OF_LANE.get(b["lane"]), "row": b["row"], "status": b["status"],
            "landing_place": b["landing_place"], "pawns": [dict(p) for p in b["pawns"]],
            "leaks": b["leaks"],
            "free_seats": board.free_seats(b) if b["status"] == "water" else None}


def _ballot(g, seat):
    s = g.state
    b = s["ballot"]
    if b is None:
        return None
    view = ballots.public_view(b) if seat is None else ballots.seat_view(b, seat)
    view.update(boat=b["boat"], round=b["round"], negotiating=s["step"] == "negotiate",
                negotiation_seconds=g.options["negotiation_seconds"],
                hat_allowed=[s["hats"][v] > 0 for v in b["voters"]])
    return view


def _decision(g):
    """The one player deciding now (not a vote), and what about, for the TV's caption."""
    s = g.state
    if s["step"] in ("vote", "over") or s["actor"] is None:
        return None
    decision = {"step": s["step"], "seat": s["actor"]}
    if s["step"] == "break_tie":
        decision["choices"] = list(s["tied"])
    elif s["step"] == "eject_pick":
        decision["boat"] = s["eject"]
    elif s["step"] == "board":
        decision["left_boat"] = s["swim"]["swimmers"][-1 - s["swim"]["boarded"]]["boat"]
    return decision


def public_view(g):
    s = g.state
    n = g.n
    boats = {b["colour"]: b for b in s["boats"]}
    view = {
        "game": "lifeboats",
        "players": list(g.players),
        "colours": PLAYER_COLOURS[:n],
        # Cosmetic only (§9): the 1993 box has orange pawns where 2009 has blue ones.
        "colour_names": {c: edition_rule(g.options, "colour_shown_as").get(c, c)
                         for c in OPTION_ORDER},
        "edition": g.options["edition"],
        "rows": g.options["rows"],
        "negotiation_seconds": g.options["negotiation_seconds"],
        "turn": s["turn"],
        "phase": s["phase"],
        "step": s["step"],
        "start_player": s["start"],
        "waiting_for": g.waiting_for(),
        "decision": _decision(g),
        "boats": [_boat(b) for b in s["boats"]],
        "lanes": [{"lane": lane, "island": ISLAND_OF_LANE[lane],
                   "boat": next((c for c, b in boats.items() if b["lane"] == lane), None)}
                  for lane in LANES],
        "islands": [{"island": i, "values": dict(DATA["islands"][i]),
                     "pawns": [dict(p) for p in s["landed"] if p["island"] == i]}
                    for i in ISLANDS],
        "landing_places": DATA["landing_places"],
        "landing_order": list(s["landing_order"]),
        "supply": s["supply"],
        "hats_left": list(s["hats"]),
        "hats_spent": [HATS - h for h in s["hats"]],
        "scores": scores(s, n),
        "drowned": [sum(d.values()) for d in s["drowned"]],
        "unplaced": [dict(u) for u in s["unplaced"]],
        "ballot": _ballot(g, None),
        "last_reveal": s["last_reveal"] and dict(s["last_reveal"]),
        "turn_outcomes": [dict(e) for e in s.get("turn_outcomes", [])],
        "swim": s["swim"] and {"order": list(s["swim"]["order"]),
                               "swimmers": [dict(x) for x in s["swim"]["swimmers"]],
                               "boarded": s["swim"]["boarded"]},
        "over": g.over,
    }
    if g.over:
        view["result"] = final_result(g)
    return view


def seat_view(g, seat):
    s = g.state
    # Every screen's view starts from the same public part, built once per state; a shallow
    # copy, as the game's view() hands out a deep copy of the whole.
    view = dict(g.memo("public_view", lambda: public_view(g)))
    view["ballot"] = _ballot(g, seat)
    colour = colour_of(seat)
    b = s["ballot"]
    view["me"] = {
        "seat": seat, "colour": colour, "name": g.players[seat],
        "hats_left": s["hats"][seat],
        "is_start_player": s["start"] == seat,
        "pawns": [{"boat": bt["colour"], "rank": p["rank"]} for bt in board.on_water(s)
                  for p in bt["pawns"] if p["colour"] == colour],
        "unplaced": dict(s["unplaced"][seat]),
        "landed": [dict(p) for p in s["landed"] if p["seat"] == seat],
        "score": scores(s, g.n)[seat],
        "drowned": dict(s["drowned"][seat]),
        "voter": b is not None and seat in b["voters"],
        "vote_weight": ballots.weight_of(b, seat) if b is not None else 0,
        "my_vote": (b["votes"][b["voters"].index(seat)]
                    if b is not None and seat in b["voters"] else None),
    }
    return view
