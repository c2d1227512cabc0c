"""The hurricane that no choice can change (issue 20 item 5, docs/games/galerapagos.md): a
counter at 0 that no card held by the living can raise makes the forced boarding impossible
(L >= 1 while anyone lives); without a conch every sacrifice vote kills one castaway until
nobody is left (§8.2 steps 4-5, 8). The engine resolves it at once, with the same end (a
hecatomb), and says why."""
import pytest

from engine.galerapagos import flow
from tests.galerapagos.helpers import ANA, BEN, all_pass, at_evening, empty_hands, new, set_hand, types


def test_no_food_and_no_card_that_brings_any_ends_at_once_in_a_hecatomb():
    g = new(6)
    empty_hands(g)
    set_hand(g, ANA, ["revolver", "cartridge", "water_bottle"])    # choices that change nothing
    at_evening(g, water=20, food=0, places=6, turn=11, hurricane=True)
    events = all_pass(g)
    assert {"type": "forced", "kind": "hurricane", "resource": "food"} in events
    assert "vote_open" not in types(events) and "named" not in types(events)
    assert g.over and g.result()["end"] == "hecatomb" and g.result()["winners"] == []
    assert all(not c["alive"] for c in g.state["castaways"])
    assert {d["cause"] for d in g.view(None)["deaths"]} == {"hurricane"}
    assert g.view(None)["forced"] == {"kind": "hurricane", "resource": "food", "turn": 11}


@pytest.mark.parametrize("resource", ["places", "water"])
def test_the_other_counters_at_zero_are_as_hopeless(resource):
    g = new(4)
    empty_hands(g)
    counters = {"water": 20, "food": 20, "places": 4, resource: 0}
    at_evening(g, turn=11, hurricane=True, **counters)
    events = all_pass(g)
    assert {"type": "forced", "kind": "hurricane", "resource": resource} in events
    assert g.result()["end"] == "hecatomb"


@pytest.mark.parametrize("card", ["sandwich", "sardines", "rotten_fish", "bbq_kit"])
def test_a_card_that_could_bring_food_keeps_the_votes(card):
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, [card])
    at_evening(g, water=20, food=0, places=4, turn=11, hurricane=True)
    events = all_pass(g)
    assert "forced" not in types(events) and "vote_open" in types(events)
    assert flow.hopeless_hurricane(g) is None


def test_a_conch_anywhere_keeps_the_votes_it_could_spare_its_holder():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, ["conch"])
    at_evening(g, water=20, food=0, places=4, turn=11, hurricane=True)
    assert "vote_open" in types(all_pass(g))


def test_a_counter_short_but_above_zero_keeps_the_votes_deaths_may_meet_it():
    g = new(4)
    empty_hands(g)
    at_evening(g, water=20, food=2, places=4, turn=11, hurricane=True)
    events = all_pass(g)
    assert "forced" not in types(events) and "vote_open" in types(events)
