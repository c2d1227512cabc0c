"""Where the spec is silent, how this engine rules (each listed in the final report)."""
from tests.galerapagos.helpers import (ANA, BEN, CY, DEE, all_pass, at_evening, at_survival,
                                       empty_hands, new, set_hand, types, vote)


def test_a_voter_falling_sick_mid_ballot_loses_his_uncast_ballot():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["stagnant_water"])
    set_hand(g, BEN, ["rotten_fish"])
    at_survival(g, water=1, food=20)
    all_pass(g)
    g.act(BEN, {"type": "vote", "target": CY})
    g.act(BEN, {"type": "play", "card": "rotten_fish", "use": "counter"})
    assert g.state["stage"]["vote"]["ballot"]["voters"] == [ANA, BEN, CY, DEE]  # cast: final
    g.act(ANA, {"type": "play", "card": "stagnant_water", "use": "counter"})
    assert g.state["stage"]["vote"]["ballot"]["voters"] == [BEN, CY, DEE]
    assert ANA not in g.waiting_for()


def test_the_shortage_ending_in_its_window_ends_the_step_at_once():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["coconut"])
    at_survival(g, water=1, food=20)
    events = g.act(ANA, {"type": "play", "card": "coconut", "use": "counter"})
    assert {"type": "consume", "resource": "water", "rations": 4, "counter": 0} in events
    assert g.state["phase"] == "evening"


def test_a_departure_ballot_is_dropped_when_the_rations_no_longer_allow_it():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["vegetable_mill"])
    at_evening(g, water=4, food=5, places=4)
    all_pass(g)
    g.act(BEN, {"type": "vote", "leave": True})
    events = g.act(ANA, {"type": "play", "card": "vegetable_mill"})
    assert "vote_dropped" in types(events) and g.state["turn"] == 7


def test_barometer_with_an_empty_weather_deck_shows_nothing():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["barometer"])
    at_evening(g, water=4, food=5, places=0, turn=11, hurricane=True)
    g.act(ANA, {"type": "play", "card": "barometer"})
    assert g.view(ANA)["me"]["records"][-1]["weather"] == []


def test_sick_castaways_board_in_the_hurricane():
    g = new(4)
    empty_hands(g)
    g.state["castaways"][BEN]["sick_turn"] = 11
    at_evening(g, water=9, food=9, places=3, turn=11, hurricane=True)
    all_pass(g)
    vote(g, [(s, ANA) for s in (ANA, BEN, CY, DEE)])
    g.act(ANA, {"type": "pass"})
    assert g.over and g.result()["winners"] == [BEN, CY, DEE]


# -- §5.1, §7, D11 (issue 21): falling sick bars a castaway from the survival-phase votes only --

def test_worked_example_a_castaway_sick_this_turn_votes_in_the_hurricane():
    """Turn 11, the Hurricane: Ben fell sick this turn (stagnant water in the survival phase).
    The rulebook bars him from the survival phase only: he votes in the hurricane vote."""
    g = new(4)
    empty_hands(g)
    g.state["castaways"][BEN]["sick_turn"] = 11
    at_evening(g, water=9, food=9, places=3, turn=11, hurricane=True)
    all_pass(g)
    assert g.state["stage"]["vote"]["ballot"]["voters"] == [ANA, BEN, CY, DEE]
    assert BEN in g.waiting_for()
    assert {"type": "vote", "target": CY} in g.legal_actions(BEN)


def test_worked_example_a_castaway_sick_this_turn_votes_on_the_departure():
    g = new(4)
    empty_hands(g)
    at_evening(g, water=10, food=10, places=4)
    g.state["castaways"][BEN]["sick_turn"] = 6
    all_pass(g)
    assert g.state["stage"]["ballot"]["voters"] == [ANA, BEN, CY, DEE]
    # His "yes" counts: 2 against 2, a tie the first player (Ana) decides (D12). Without it,
    # the "no" would have won and a new turn begun.
    for s, leave in ((ANA, True), (BEN, True), (CY, False), (DEE, False)):
        g.act(s, {"type": "vote", "leave": leave})
    assert not g.over and g.state["turn"] == 6
    assert g.waiting_for() == [ANA]
    g.act(ANA, {"type": "choose", "leave": True})
    assert g.over and g.result()["winners"] == [ANA, BEN, CY, DEE]


def test_falling_sick_during_the_hurricane_vote_keeps_the_ballot():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["stagnant_water"])
    at_evening(g, water=9, food=9, places=3, turn=11, hurricane=True)
    all_pass(g)
    g.act(ANA, {"type": "play", "card": "stagnant_water", "use": "counter"})
    assert g.state["castaways"][ANA]["sick_turn"] == 11
    assert g.state["stage"]["vote"]["ballot"]["voters"] == [ANA, BEN, CY, DEE]
    assert ANA in g.waiting_for()


def test_the_survival_phase_still_bars_a_castaway_sick_this_turn():
    g = new(4)
    empty_hands(g)
    g.state["castaways"][BEN]["sick_turn"] = 6
    at_survival(g, water=1, food=20)
    all_pass(g)
    assert g.state["stage"]["vote"]["ballot"]["voters"] == [ANA, CY, DEE]
    assert BEN not in g.waiting_for()
