"""Canned `game` payloads made by the real engine, for previewing and testing the Lifeboats
page modules without a server: each scenario is the payload a table (seat None) and a phone
(the seat that must act, or seat 0) would receive at an interesting moment."""
import random
import time

import engine

NAMES = ["Ana", "Ben", "<b>Cy</b>", "Dee"]


def payload(game, seat, version, events, deadline=None):
    return {
        "version": version, "game": "lifeboats", "seat": seat,
        "view": game.view(seat),
        "legal_actions": game.legal_actions(seat) if seat is not None else [],
        "waiting_for": game.waiting_for(), "over": game.over,
        "result": game.result(), "deadline": deadline, "events": events,
    }


def _wants(name):
    """Predicates on (game, last events) that pick each scenario."""
    def step(g):
        return g.view(None)["step"]

    def ballot(g):
        return g.view(None)["ballot"]

    return {
        "setup_boats": lambda g, ev: step(g) == "place_boats" and sum(
            b["lane"] is not None for b in g.view(None)["boats"]) == 2,
        "setup_pawns": lambda g, ev: step(g) == "place_pawns" and sum(
            len(b["pawns"]) for b in g.view(None)["boats"]) == 11,
        "negotiate": lambda g, ev: step(g) == "negotiate" and ballot(g)["kind"] == "leak",
        "vote": lambda g, ev: step(g) == "vote" and len(ballot(g)["voted"]) == 2
        and ballot(g)["kind"] == "move",
        "break_tie": lambda g, ev: step(g) == "break_tie",
        "captain": lambda g, ev: step(g) == "captain",
        "eject_vote": lambda g, ev: step(g) == "vote" and ballot(g)["kind"] == "eject",
        "leave": lambda g, ev: step(g) == "leave" and g.view(None)["turn"] >= 2,
        "board": lambda g, ev: step(g) == "board" and len(g.view(None)["swim"]["swimmers"]) >= 3,
        "sank": lambda g, ev: any(e["type"] == "boat_sank" for e in ev),
        "landed": lambda g, ev: any(e["type"] == "boat_landed" for e in ev),
        "over": lambda g, ev: g.over,
        "eject_pick_1993": lambda g, ev: step(g) == "eject_pick",
        "vote_6p": lambda g, ev: step(g) == "vote" and len(ballot(g)["voted"]) == 3,
        "revote_1993": lambda g, ev: any(e["type"] == "ballot_restarted" for e in ev),
        # five long names in a vote, one voted, two drowned: the TV's side column at its tightest
        "vote_5p": lambda g, ev: step(g) == "vote" and len(ballot(g)["voted"]) == 1
        and sum(1 for d in g.view(None)["drowned"] if d) >= 2,
    }[name]


def policy(g, seat, rng, hats=0.07):
    acts = g.legal_actions(seat)
    # Hats rarely, so that ballots are mostly colour votes.
    plain = [a for a in acts if a.get("choice") != "hat"]
    if plain and rng.random() >= hats:
        acts = plain
    return rng.choice(acts)


def find(name, players=NAMES, max_seeds=300, options=None, hats=0.07):
    want = _wants(name)
    for seed in range(max_seeds):
        g = engine.new_game("lifeboats", list(players), seed=seed, options=options or {})
        rng = random.Random(seed)
        version = 0
        ev = []
        while not g.over:
            if want(g, ev):
                return g, version, ev
            seats = g.waiting_for()
            seat = seats[0]
            ev = g.act(seat, policy(g, seat, rng, hats))
            version += 1
        if want(g, ev):
            return g, version, ev
    raise LookupError(name)


SCENARIOS = ["setup_boats", "setup_pawns", "negotiate", "vote", "break_tie", "captain",
             "eject_vote", "leave", "board", "sank", "landed", "over", "eject_pick_1993",
             "revote_1993", "vote_6p", "vote_5p"]
SPECIAL = {"eject_pick_1993": {"options": {"edition": "1993"}},
           "revote_1993": {"options": {"edition": "1993"}, "hats": 0.6},
           "vote_6p": {"players": ["Ana", "Ben", "<b>Cy</b>", "Dee", "Émilie-Françoise", "Fu"]},
           "vote_5p": {"players": ["Ana", "Barnacle Bill", "<b>Cy</b> Driftwood", "Stormy Pete", "Bosun Gale"]}}


def build(name, lang="en"):
    g, version, ev = find(name, **SPECIAL.get(name, {}))
    waiting = g.waiting_for()
    seat = waiting[0] if waiting else 0
    deadline = None
    if name == "negotiate":
        deadline = int(time.time() * 1000) + 45_000
    return {"name": name, "lang": lang,
            "table": payload(g, None, version, ev, deadline),
            "phone": payload(g, seat, version, ev, deadline)}
