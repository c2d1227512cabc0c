"""The four island actions (§4.3) and every wreck card's effect not already covered by the
edge-case tests (§2.1)."""
from engine.galerapagos.data import BALLS, CARDS
from tests.galerapagos.helpers import (ANA, BEN, CY, DEE, all_pass, at_actions, at_evening,
                                       at_survival, cards_playable, empty_hands, new, set_hand,
                                       vote)

FISH = {b["id"]: b["fish"] for b in BALLS}


def test_fishing_and_the_fishing_rod():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, [], faceup=["fishing_rod"])
    at_actions(g, first=ANA)
    g.state["food"] = 10
    fish = next(e for e in g.act(ANA, {"type": "fish"}) if e["type"] == "fish")
    assert fish["fish"] == FISH[fish["ball"]] and g.state["food"] == 10 + fish["fish"]
    fish = next(e for e in g.act(BEN, {"type": "fish"}) if e["type"] == "fish")
    assert fish["fish"] == 2 * FISH[fish["ball"]]


def test_collecting_water_and_the_flask():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, [], faceup=["flask"])
    at_actions(g, first=ANA)
    g.state["weather_card"] = {"id": "w11", "drops": 3}
    g.state["water"] = 10
    g.act(ANA, {"type": "collect_water"})
    assert g.state["water"] == 13
    g.act(BEN, {"type": "collect_water"})
    assert g.state["water"] == 19
    g.state["weather_card"] = {"id": "w01", "drops": 0}
    g.act(CY, {"type": "collect_water"})
    assert g.state["water"] == 19


def test_wood_gamble_all_white_or_bitten():
    outcomes = set()
    for seed in range(12):
        g = new(4, seed=seed)
        empty_hands(g)
        at_actions(g, first=ANA)
        event = next(e for e in g.act(ANA, {"type": "wood", "extra": 2}) if e["type"] == "wood")
        assert len(event["balls"]) == 2 and len(set(event["balls"])) == 2
        if event["bitten"]:
            assert event["gained"] == 1 and g.state["interrupt"] == {"kind": "bite", "seat": ANA}
        else:
            assert event["gained"] == 3 and g.state["wood"] == 3
        outcomes.add(event["bitten"])
    assert outcomes == {True, False}


def test_axe_gives_two_wood_and_wood_carries_over_into_raft_places():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, [], faceup=["axe"])
    at_actions(g, first=ANA)
    assert {"type": "wood", "extra": 5} in g.legal_actions(ANA)     # [A9]
    g.state["wood"] = 5
    events = g.act(ANA, {"type": "wood", "extra": 0})
    wood = next(e for e in events if e["type"] == "wood")
    assert wood["balls"] == [] and wood["gained"] == 2
    assert (g.state["places"], g.state["wood"]) == (1, 1)


def test_search_takes_the_top_card_secretly():
    g = new(4)
    empty_hands(g)
    at_actions(g, first=ANA)
    top = g.state["deck"][0]
    events = g.act(ANA, {"type": "search"})
    assert g.state["castaways"][ANA]["hand"] == [top]
    assert top not in str(events) and top not in str(g.view(None)["castaways"])
    assert g.view(ANA)["me"]["hand"] == [top]


def test_permanents_go_face_up_and_one_shots_to_the_discard():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["flask", "plank"])
    at_survival(g, water=20, food=20)
    g.act(ANA, {"type": "play", "card": "flask"})
    g.act(ANA, {"type": "play", "card": "plank"})
    view = g.view(None)
    assert view["castaways"][ANA]["faceup"] == ["flask"] and view["discard"] == ["plank"]
    assert view["places"] == 1


def test_cards_never_played_alone():
    g = new(4)
    empty_hands(g)
    alone = ["cartridge", "metal_sheet", "antivenom", "matches", "car_key", "board_game",
             "old_underpants", "lottery_ticket", "toilet_brush"]
    set_hand(g, ANA, alone)
    at_survival(g, water=2, food=2)
    assert cards_playable(g, ANA) == []
    gifts = {a["card"] for a in g.legal_actions(ANA) if a["type"] == "give"}
    assert gifts == set(alone)
    assert all(CARDS[c]["kind"] == "useless" for c in alone[4:])


def test_flashlight_shows_the_top_three_only_to_its_player():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["flashlight"])
    at_survival(g, water=20, food=20)
    top = g.state["deck"][:3]
    g.act(ANA, {"type": "play", "card": "flashlight"})
    assert g.view(ANA)["me"]["records"][-1] == {"turn": 6, "kind": "flashlight", "cards": top}
    assert g.state["deck"][:3] == top
    assert g.view(BEN)["me"]["records"] == []


def test_barometer_shows_the_next_two_weather_cards():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["barometer"])
    at_survival(g, water=20, food=20)
    nxt = g.state["weather"][:2]
    g.act(ANA, {"type": "play", "card": "barometer"})
    assert g.view(ANA)["me"]["records"][-1]["weather"] == nxt
    assert "records" not in g.view(None)


def test_ration_cards_added_to_the_counter():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["water_bottle", "sandwich", "coconut", "sardines"])
    at_evening(g, water=1, food=1, places=0)
    for card in ("water_bottle", "sandwich", "coconut", "sardines"):
        g.act(ANA, {"type": "play", "card": card, "use": "counter"})
    assert (g.state["water"], g.state["food"]) == (5, 5)


def test_coconut_save_puts_the_spare_rations_on_the_counter():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["coconut"])
    at_survival(g, water=1, food=20)
    all_pass(g)
    vote(g, [(s, ANA) for s in range(4)])
    events = g.act(ANA, {"type": "play", "card": "coconut", "use": "save"})
    # Covered, +2 on the counter: 3 mouths for 3 water.
    assert {"type": "counter", "resource": "water", "added": 2, "counter": 3} in events
    assert g.state["water"] == 0 and all(c["alive"] for c in g.state["castaways"])


def test_conch_makes_its_player_no_candidate_for_the_turn():
    g = new(4)
    empty_hands(g)
    set_hand(g, DEE, ["conch"])
    at_survival(g, water=2, food=20)
    g.act(DEE, {"type": "play", "card": "conch"})
    assert g.view(None)["castaways"][DEE]["conch"]
    all_pass(g)
    assert g.state["stage"]["vote"]["candidates"] == [ANA, BEN, CY]
    assert DEE in g.state["stage"]["vote"]["ballot"]["voters"]
