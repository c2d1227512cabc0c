"""Setup (§3) for every player count, the weather deck, the first player marker, the turn order."""
from collections import Counter

import pytest

import engine
from engine.galerapagos.data import SETUP, full_deck
from tests.galerapagos.helpers import (ANA, BEN, CY, DEE, ELI, NAMES, all_pass, at_evening,
                                       at_survival, at_turn_start, empty_hands, new, set_hand)


@pytest.mark.parametrize("n", range(3, 13))
def test_setup_table_for_each_player_count(n):
    g = new(n, seed=n)
    s = g.state
    row = {3: (5, 6, 4), 4: (7, 8, 4), 5: (8, 10, 4), 6: (10, 12, 4), 7: (12, 14, 4),
           8: (13, 16, 4), 9: (15, 18, 3), 10: (16, 20, 3), 11: (18, 22, 3), 12: (20, 24, 3)}[n]
    assert (s["food"], s["water"]) == row[:2]
    assert (SETUP[n]["food"], SETUP[n]["water"], SETUP[n]["cards_per_player"]) == row
    assert all(len(c["hand"]) == row[2] for c in s["castaways"])
    assert len(s["deck"]) == 54 - n * row[2] and s["discard"] == []
    cards = list(s["deck"]) + [card for c in s["castaways"] for card in c["hand"]]
    assert Counter(cards) == Counter(full_deck())
    assert (s["wood"], s["places"], s["turn"]) == (0, 0, 1)
    assert 0 <= s["first"] < n and g.waiting_for() == [s["first"]]
    assert g.view(None)["players"] == NAMES[:n]


def test_the_54_wreck_cards():
    deck = Counter(full_deck())
    assert sum(deck.values()) == 54 and len(deck) == 34
    assert (deck["water_bottle"], deck["sandwich"], deck["revolver"], deck["cartridge"],
            deck["metal_sheet"]) == (7, 7, 3, 6, 2)


def test_weather_deck_puts_the_hurricane_in_the_last_six():
    turns = Counter()
    for seed in range(300):
        g = new(3, seed=seed)
        deck = [g.state["weather_card"]] + g.state["weather"]
        assert len(deck) == 13
        assert sorted(c["drops"] for c in deck) == sorted([0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 2])
        turns[[c.get("hurricane", False) for c in deck].index(True) + 1] += 1
    assert set(turns) == {8, 9, 10, 11, 12, 13}
    assert min(turns.values()) > 25


def test_first_player_is_random_and_the_seed_decides():
    firsts = {new(5, seed=seed).state["first"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3, 4}
    assert new(5, seed=7).to_dict() == new(5, seed=7).to_dict()


def test_first_player_passes_to_the_nearest_living_right_neighbour():
    g = new(5)
    at_turn_start(g, turn=3, first=CY)
    assert g.state["first"] == BEN
    g.state["castaways"][ANA]["alive"] = False
    g.state["castaways"][CY]["alive"] = False
    g.state["discard"].append(g.state["deck"].pop(g.state["deck"].index("voodoo_doll"))) \
        if "voodoo_doll" in g.state["deck"] else None
    at_turn_start(g, turn=4, first=BEN)
    assert g.state["first"] == ELI


def test_action_order_runs_left_from_the_first_player_skipping_the_dead():
    g = new(5)
    empty_hands(g)
    g.state["castaways"][ELI]["alive"] = False
    g.state["discard"].append(g.state["deck"].pop(g.state["deck"].index("voodoo_doll")))
    at_turn_start(g, turn=3, first=BEN)          # first becomes Ana
    order = []
    while g.state["phase"] == "actions":
        order.append(g.waiting_for()[0])
        g.act(order[-1], {"type": "fish"})
    assert order == [ANA, BEN, CY, DEE]


def test_a_full_turn_runs_through_the_five_phases():
    g = new(4, seed=2)
    g.state["water"] = g.state["food"] = 20
    seen = []
    while g.state["turn"] < 3:
        seat = g.waiting_for()[0]
        action = next(a for a in g.legal_actions(seat) if a["type"] in ("fish", "pass"))
        seen += [e for e in g.act(seat, action)
                 if e["type"] in ("survival_step", "window", "turn", "weather", "consume")]
    assert [e["type"] for e in seen] == [
        "survival_step", "consume", "survival_step", "consume", "window",
        "turn", "weather", "survival_step", "consume", "survival_step", "consume", "window",
        "turn", "weather"]
    assert [e.get("resource") for e in seen if e["type"] == "survival_step"] == [
        "water", "food", "water", "food"]


def test_options_are_checked():
    with pytest.raises(engine.IllegalAction):
        new(4, scoring="chef")
    with pytest.raises(engine.IllegalAction):
        new(4, dead_vote=1)
    with pytest.raises(engine.IllegalAction):
        new(4, window_seconds=-1)
    assert engine.GAMES["galerapagos"].options == {"dead_vote": False, "scoring": "coop",
                                                   "window_seconds": 10, "reveal_seconds": 8}


@pytest.mark.parametrize("scoring,expected", [("coop", [1, 0, 1, 1]),
                                              ("solidaires", [3, 0, 3, 3]),
                                              ("solitaire", [2, 0, 2, 2])])
def test_scoring_options(scoring, expected):
    g = new(4, scoring=scoring)
    empty_hands(g)
    g.state["castaways"][BEN]["alive"] = False
    at_evening(g, water=10, food=10, places=3)
    all_pass(g)
    for seat in (ANA, CY, DEE):
        g.act(seat, {"type": "vote", "leave": True})
    assert g.result()["scores"] == expected
    assert g.result()["breakdown"][BEN] == {"seat": BEN, "name": "Ben", "fate": "dead",
                                            "score": 0}


def test_departure_needs_places_and_travel_rations_for_everyone():
    for water, food, places in ((3, 4, 4), (4, 3, 4), (4, 4, 3)):
        g = new(4)
        empty_hands(g)
        at_evening(g, water=water, food=food, places=places)
        all_pass(g)
        assert g.state["turn"] == 7 and not g.over


def test_departure_vote_with_the_club_and_crystal_ball():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, [], faceup=["club"])
    set_hand(g, DEE, [], faceup=["crystal_ball"])
    at_evening(g, water=10, food=10, places=4)
    all_pass(g)
    assert g.waiting_for() == [ANA, BEN, CY]
    g.act(ANA, {"type": "vote", "leave": False})
    g.act(BEN, {"type": "vote", "leave": True})
    g.act(CY, {"type": "vote", "leave": True})
    assert g.view(DEE)["stage"]["ballot"]["others"] == [[ANA, False], [BEN, True], [CY, True]]
    g.act(DEE, {"type": "vote", "leave": False})
    assert not g.over and g.state["turn"] == 7      # no 3 against yes 2


def test_no_sacrifice_voters_means_every_candidate_is_tied():
    # Everybody fell sick this turn: nobody votes in the survival phase (§5.1).
    g = new(3)
    empty_hands(g)
    for c in g.state["castaways"]:
        c["sick_turn"] = 6
    at_survival(g, water=1, food=20, first=CY)
    all_pass(g)
    assert g.waiting_for() == [CY]
    assert g.legal_actions(CY)[:3] == [{"type": "choose", "target": s} for s in (ANA, BEN, CY)]
    g.act(CY, {"type": "choose", "target": ANA})
    g.act(ANA, {"type": "pass"})
    assert not g.state["castaways"][ANA]["alive"]


def test_castaways_all_sick_this_turn_still_vote_on_the_departure():
    # §5.7, D11 (issue 21): the sick vote on the departure; nobody is left out of it.
    g = new(3)
    empty_hands(g)
    for c in g.state["castaways"]:
        c["sick_turn"] = 6
    at_evening(g, water=20, food=20, places=3, first=BEN)
    all_pass(g)
    assert g.waiting_for() == [ANA, BEN, CY]
    for seat in (ANA, BEN, CY):
        g.act(seat, {"type": "vote", "leave": True})
    assert g.over and g.result()["winners"] == [ANA, BEN, CY]