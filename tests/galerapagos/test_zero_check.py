"""Issue 10's correction of §4.4 / E12: the zero check is made once, at the start of phase 4.

A counter at zero then makes its step a zero step, and no card may add that resource to that
counter until phase 4 ends; a counter above zero makes a normal step even if it is at zero
when its step begins. Worked examples, each of which failed with the per-step check.
"""
from tests.galerapagos.helpers import (ANA, BEN, CY, DEE, all_pass, at_survival, cards_playable,
                                       empty_hands, new, plays, set_hand, types)


def test_food_at_zero_when_phase_4_starts_is_a_zero_step_even_if_a_card_could_fill_it():
    # Water 3 for 4, food 0. In the water shortage window Ana holds a sandwich: it may not go
    # on the food counter (food is locked at zero), so the food step is a zero step where her
    # sandwich covers one castaway.
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["sandwich", "water_bottle"])
    at_survival(g, water=3, food=0)
    assert g.state["stage"]["resource"] == "water"
    assert plays(g, ANA, "sandwich") == []
    g.act(ANA, {"type": "play", "card": "water_bottle", "use": "counter"})
    stage = g.state["stage"]
    assert (stage["resource"], stage["mode"]) == ("food", "zero")
    assert not any(a.get("use") == "counter" for a in plays(g, ANA, "sandwich"))
    g.act(ANA, {"type": "play", "card": "sandwich", "use": "cover", "for": [BEN]})
    assert g.state["food"] == 0
    events = all_pass(g)
    assert sorted(e["seat"] for e in events if e["type"] == "death") == [ANA, CY, DEE]
    assert "vote_open" not in types(events)


def test_food_above_zero_when_phase_4_starts_stays_a_normal_step_when_it_reaches_zero():
    # Water 20, food 1 for 4. In the food shortage window Ana's vegetable mill takes the last
    # food (1 -> 0). The step stays normal: a vote follows; nobody dies of an empty counter.
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["vegetable_mill"])
    at_survival(g, water=20, food=1)
    stage = g.state["stage"]
    assert (stage["resource"], stage["mode"]) == ("food", "normal")
    g.act(ANA, {"type": "play", "card": "vegetable_mill"})
    assert g.state["food"] == 0 and g.state["stage"]["mode"] == "normal"
    events = all_pass(g)
    assert "vote_open" in types(events) and "death" not in types(events)


def test_a_food_counter_emptied_during_the_water_step_still_makes_a_normal_food_step():
    # Water 1 for 3 castaways, food 2. In the water shortage window Ana mills food into water
    # (food 2 -> 0, water 1 -> 3): the water step ends. Food was above zero when phase 4
    # started, so the food step is normal (window then vote), not a zero step.
    g = new(3)
    empty_hands(g)
    set_hand(g, ANA, ["vegetable_mill"])
    at_survival(g, water=1, food=2)
    g.act(ANA, {"type": "play", "card": "vegetable_mill"})
    stage = g.state["stage"]
    assert g.state["food"] == 0
    assert (stage["resource"], stage["mode"]) == ("food", "normal")
    events = all_pass(g)
    assert "vote_open" in types(events)
    assert not any(e["type"] == "death" for e in events)


def test_water_locked_at_zero_for_the_whole_phase_no_mill_in_the_food_step():
    # Water 0 at the start: a zero water step. In the food step after it, the vegetable mill
    # would add water: refused until phase 4 ends. A water bottle cannot go on the counter
    # either; in the evening both are allowed again.
    g = new(3)
    empty_hands(g)
    set_hand(g, ANA, ["vegetable_mill", "water_bottle", "coconut"])
    set_hand(g, BEN, ["fruit_basket"])
    at_survival(g, water=0, food=1)
    assert g.state["stage"]["mode"] == "zero"
    g.act(ANA, {"type": "play", "card": "coconut", "use": "cover", "for": [ANA, BEN, CY]})
    stage = g.state["stage"]
    assert (stage["resource"], stage["mode"]) == ("food", "normal")
    assert "vegetable_mill" not in cards_playable(g, ANA)
    assert plays(g, ANA, "water_bottle") == []
    assert g.view(None)["zero_locked"] == ["water"]
    g.act(BEN, {"type": "play", "card": "fruit_basket"})
    assert g.state["phase"] == "evening" and g.view(None)["zero_locked"] == []
    assert {"type": "play", "card": "water_bottle", "use": "counter"} in g.legal_actions(ANA)
