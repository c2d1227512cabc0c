"""Invariants over random seeded playouts (hypothesis picks the table, the seed, the option)."""
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.galerapagos.data import full_deck
from engine.playout import random_step
from tests.galerapagos.helpers import all_cards, new

DECK = Counter(full_deck())


def vote_parts(g):
    stage = g.state["stage"] or {}
    vote = stage.get("vote") or {}
    named = [vote["named"]] if vote.get("named") is not None else []
    return vote.get("candidates", []) + (vote.get("tied") or []) + named


def check(g):
    s = g.state
    assert 0 <= s["water"] <= 36 and 0 <= s["food"] <= 36
    assert 0 <= s["wood"] < 6 and 0 <= s["places"] <= 12
    assert Counter(all_cards(g)) == DECK
    assert 1 <= s["turn"] <= 13
    for seat, c in enumerate(s["castaways"]):
        if not c["alive"]:
            assert c["hand"] == [] and c["faceup"] == []
            assert seat not in vote_parts(g)
            assert all(a["type"] == "vote" for a in g.legal_actions(seat))


@settings(max_examples=20, deadline=None)
@given(n=st.integers(3, 12), seed=st.integers(0, 2 ** 32), dead_vote=st.booleans())
def test_random_playouts_keep_every_invariant_and_end(n, seed, dead_vote):
    g = new(n, seed=seed, dead_vote=dead_vote)
    rng = random.Random(seed)
    for _ in range(20000):
        check(g)
        if g.over:
            break
        dead = {x for x in range(n) if not g.state["castaways"][x]["alive"]}
        seat, action, _ = random_step(g, rng)
        if seat in dead:
            assert dead_vote and action["type"] == "vote"
    assert g.over
    result = g.result()
    assert result["end"] in ("departure", "hurricane", "hecatomb")
    if result["end"] == "hecatomb":
        assert result["winners"] == [] and not any(c["alive"] for c in g.state["castaways"])
    else:
        boarded = set(result["winners"])
        assert all(g.state["castaways"][x]["alive"] for x in boarded)
        if result["end"] == "departure":
            assert boarded == {x for x in range(n) if g.state["castaways"][x]["alive"]}
