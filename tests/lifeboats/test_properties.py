"""Invariants over random seeded playouts (hypothesis), checked after every action."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.lifeboats import board

from tests.lifeboats.helpers import NAMES

# The spec's island table (§6), written out again so scores are checked independently.
VALUES = {"left": {"officer": 8, "sailor": 6}, "middle": {"officer": 6, "sailor": 4},
          "right": {"officer": 7, "sailor": 5}}
COLOURS = ["red", "yellow", "green", "blue", "purple", "white"]
DEALT = {3: 7, 4: 7, 5: 6, 6: 6}


def pawns_of(s, seat):
    colour = COLOURS[seat]
    on_boats = sum(1 for b in board.on_water(s) for p in b["pawns"] if p["colour"] == colour)
    landed = sum(1 for p in s["landed"] if p["seat"] == seat)
    drowned = sum(s["drowned"][seat].values())
    unplaced = sum(s["unplaced"][seat].values())
    swimming = 0
    if s["swim"]:
        sw = s["swim"]
        waiting = sw["swimmers"][:len(sw["swimmers"]) - sw["boarded"]]
        swimming = sum(1 for x in waiting if x["seat"] == seat)
    return on_boats + landed + drowned + unplaced + swimming


def check(g, scores_from_events, n):
    s = g.state
    for seat in range(n):
        assert pawns_of(s, seat) == DEALT[n], "pawns conserved"
        assert 0 <= s["hats"][seat] <= 3, "at most 3 hats spent"
    on = board.on_water(s)
    for b in on:
        assert len(b["pawns"]) + b["leaks"] <= 6, "never more than 6 seats"
        if s["step"] not in ("leave", "board"):  # E14: only mid-swim may a boat be overloaded
            assert b["leaks"] <= len(b["pawns"]), "after every phase, leaks <= pawns"
    assert s["supply"] + sum(b["leaks"] for b in on) == 15, "leaks conserved"
    assert g.view(None)["scores"] == scores_from_events
    if s["ballot"] and s["ballot"]["kind"] == "eject":
        assert len(board.boat(s, s["ballot"]["boat"])["pawns"]) >= 3
    assert s["turn"] <= g.options["rows"] * (n + 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(3, 6), edition=st.sampled_from(["2009", "1993"]),
       rows=st.integers(2, 5))
def test_random_playouts_keep_the_invariants(seed, n, edition, rows):
    g = engine.new_game("lifeboats", NAMES[:n], seed=seed,
                        options={"edition": edition, "rows": rows})
    rng = random.Random(seed)
    scores = [0] * n
    for _ in range(5000):
        if g.over:
            break
        seat = rng.choice(g.waiting_for())
        events = g.act(seat, rng.choice(g.legal_actions(seat)))
        for e in events:
            if e["type"] == "boat_landed":
                for p in e["pawns"]:
                    scores[COLOURS.index(p["colour"])] += VALUES[p["island"]][p["rank"]]
        check(g, scores, n)
    assert g.over
    result = g.result()
    assert result["scores"] == scores
    assert max(scores) == min(result["scores"][w] for w in result["winners"])


# Vote secrecy over random playouts lives in test_secrecy.py (both editions, each vote followed
# through the later votes up to the reveal).
