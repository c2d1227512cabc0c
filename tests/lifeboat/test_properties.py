"""Invariants over random seeded playouts (hypothesis picks the seeds and player counts)."""
import random

from hypothesis import given, settings, strategies as st

import engine
from engine.lifeboat import board
from engine.lifeboat.data import CHARACTERS, NAVIGATION, PROVISIONS
from engine.playout import random_step

GAMES = st.tuples(st.integers(0, 2**32), st.sampled_from([4, 5, 6]))


def provisions_everywhere(s):
    cards = list(s["prov_deck"]) + list(s["discard"])
    for seat in range(len(s["chars"])):
        cards += s["hand"][seat] + s["up"][seat]
    if s["draft"]:
        cards += s["draft"]["cards"]
    if s["fight"]:
        cards += [c for _, c in s["fight"]["fired"]]
    return cards


def navigation_everywhere(s):
    cards = list(s["nav_deck"]) + list(s["row_stack"])
    if s["act"] and s["act"].get("drawn"):
        cards += s["act"]["drawn"]
    if s["nav"] and s["nav"]["card"] is not None:
        cards.append(s["nav"]["card"])
    return cards


def playout(seed, n, check):
    g = engine.new_game("lifeboat", [f"P{i}" for i in range(n)], seed=seed)
    rng = random.Random(seed)
    check(g, None)
    while True:
        before = g.to_dict()["state"]
        if random_step(g, rng) is None:
            break
        check(g, before)
    assert g.over
    return g


@settings(max_examples=25, deadline=None)
@given(GAMES)
def test_cards_are_conserved(game):
    def check(g, _):
        s = g.state
        prov = provisions_everywhere(s)
        assert sorted(prov) == list(range(42))
        assert sorted(navigation_everywhere(s)) == sorted(NAVIGATION)
        counts = {}
        for k in s["kinds"]:
            counts[k] = counts.get(k, 0) + 1
        assert sum(counts.values()) == sum(p["count"] for p in PROVISIONS.values())
    playout(*game, check)


@settings(max_examples=25, deadline=None)
@given(GAMES)
def test_wounds_are_capped_and_death_is_final(game):
    def check(g, before):
        s = g.state
        for x in range(len(s["chars"])):
            assert 0 <= s["wounds"][x] <= board.size(s, x) + 1
            if before is None:
                continue
            if before["gone"][x]:
                assert s["gone"][x]
            if before["wounds"][x] > board.size(s, x):
                assert board.dead(s, x)
            if s["wounds"][x] < before["wounds"][x]:     # only a medical kit heals, by one
                assert before["wounds"][x] - s["wounds"][x] == 1
                assert len(s["discard"]) > len(before["discard"])
        assert 0 <= s["birds"] <= 4
        assert sorted(s["line"]) == [x for x in range(len(s["chars"])) if not s["gone"][x]]
    playout(*game, check)


JEWELS = [0, 1, 4, 8]
PAINTING_POINTS = {"painting_3": 3, "painting_2": 2}
DOUBLE = {"lady_lauren": "jewels", "sir_stephen": "paintings", "captain": "cash"}


def rescore(view):
    """Scores recomputed from the final public view only, from the spec's §5 text."""
    chars = view["characters"]
    alive = {c["character"]: c["state"] in ("conscious", "unconscious") for c in chars}
    info = {c["character"]: CHARACTERS[c["character"]] for c in chars}
    totals = []
    for c in chars:
        me, love, hate = c["character"], c["love"], c["hate"]
        total = info[love]["survival"] if alive[love] else 0
        if hate == me:
            total += sum(info[x]["size"] for x in alive if x not in (me, love) and not alive[x])
        else:
            total += info[me]["survival"] if alive[me] else 0
            total += info[hate]["size"] if not alive[hate] else 0
        if c["state"] != "gone":
            kinds = [x["kind"] for x in c["hand"] + c["face_up"]]
            loot = {"cash": kinds.count("cash"), "jewels": JEWELS[kinds.count("jewels")],
                    "paintings": sum(PAINTING_POINTS.get(k, 0) for k in kinds)}
            if me in DOUBLE:
                loot[DOUBLE[me]] *= 2
            total += sum(loot.values())
        totals.append(total)
    return totals


@settings(max_examples=25, deadline=None)
@given(GAMES)
def test_scores_equal_an_independent_recomputation_from_the_final_view(game):
    g = playout(*game, lambda g, before: None)
    view = g.view(None)
    assert view["result"]["scores"] == rescore(view)
    best = max(view["result"]["scores"])
    assert view["result"]["winners"] == [i for i, x in enumerate(rescore(view)) if x == best]
    assert g.waiting_for() == [] and all(g.legal_actions(x) == [] for x in range(game[1]))


@settings(max_examples=10, deadline=None)
@given(GAMES)
def test_legal_actions_stay_few(game):
    def check(g, _):
        for x in range(game[1]):
            assert len(g.legal_actions(x)) < 120
    playout(*game, check)
