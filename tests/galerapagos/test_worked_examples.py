"""The spec's worked examples (§15), re-told move for move."""
from tests.galerapagos.helpers import (ANA, BEN, CY, DEE, ELI, FAY, all_pass, at_evening,
                                       at_survival, empty_hands, new, set_hand, types, vote)


def example_15_1(save_card):
    g = new(5)
    empty_hands(g)
    set_hand(g, DEE, ["water_bottle"])
    set_hand(g, ELI, [save_card])
    at_survival(g, water=3, food=9, first=CY, turn=6)
    stage = g.state["stage"]
    assert (stage["resource"], stage["mode"]) == ("water", "normal")
    assert g.view(None)["stage"]["short"] == 2
    g.act(DEE, {"type": "play", "card": "water_bottle", "use": "counter"})
    assert g.state["water"] == 4 and g.view(None)["stage"]["short"] == 1
    all_pass(g)
    assert g.waiting_for() == [ANA, BEN, CY, DEE, ELI]
    events = vote(g, [(ANA, ELI), (BEN, ELI), (CY, BEN), (DEE, ELI), (ELI, BEN)])
    reveal = next(e for e in events if e["type"] == "reveal")
    assert dict((o, c) for o, c in reveal["tally"] if c) == {ELI: 3, BEN: 2}
    assert g.state["stage"]["vote"]["named"] == ELI and g.waiting_for() == [ELI]
    events = g.act(ELI, {"type": "play", "card": save_card, "use": "save"})
    return g, events


def test_15_1_water_shortage_survived_with_a_card():
    g, events = example_15_1("water_bottle")
    assert "saved" in types(events)
    consume = [e for e in events if e["type"] == "consume"]
    assert consume[0] == {"type": "consume", "resource": "water", "rations": 4, "counter": 0}
    assert consume[1] == {"type": "consume", "resource": "food", "rations": 5, "counter": 4}
    assert g.state["water"] == 0 and g.state["food"] == 4
    assert all(c["alive"] for c in g.state["castaways"])
    assert g.state["phase"] == "evening"
    assert "water" in g.state["castaways"][ELI]["covered"]


def test_15_1_with_stagnant_water_eli_falls_sick_and_rests_next_turn():
    g, events = example_15_1("stagnant_water")
    assert {"type": "sick", "seat": ELI, "why": "stagnant_water"} in events
    assert g.view(None)["castaways"][ELI]["fell_sick_this_turn"]
    # Still turn 6: the evening window, then no departure (no raft): turn 7.
    all_pass(g)
    assert g.state["turn"] == 7
    view = g.view(None)
    assert view["castaways"][ELI]["resting"]
    set_hand(g, ELI, ["plank", "conch"])
    assert {a["type"] for a in g.legal_actions(ELI)} == {"give"}
    # Phase 3 of turn 7 skips him.
    while g.state["phase"] == "actions":
        seat = g.waiting_for()[0]
        assert seat != ELI
        g.act(seat, {"type": "fish"})
    assert not g.state["castaways"][ELI]["acted"]


def test_15_1_then_a_zero_step_on_turn_7_has_no_vote():
    g, _ = example_15_1("water_bottle")
    g.state["castaways"][ANA]["hand"] = []
    set_hand(g, ANA, ["water_bottle"])
    all_pass(g)                       # evening of turn 6
    g.state["water"] = 0
    while g.state["phase"] == "actions":
        g.act(g.waiting_for()[0], {"type": "fish"})
    assert g.state["stage"]["mode"] == "zero" and g.state["stage"]["vote"] is None
    g.act(ANA, {"type": "play", "card": "water_bottle", "use": "cover", "for": [BEN]})
    events = all_pass(g)
    deaths = [e["seat"] for e in events if e["type"] == "death"]
    assert deaths == [ANA, CY, DEE, ELI]
    assert "vote_open" not in types(events)


def test_15_2_tie_broken_by_the_first_player():
    g = new(6)
    empty_hands(g)
    set_hand(g, BEN, [], faceup=["club"])
    set_hand(g, FAY, [], faceup=["crystal_ball"])
    set_hand(g, DEE, ["car_key", "board_game", "old_underpants"], faceup=["flask"])
    at_survival(g, water=20, food=5, first=CY, turn=4)
    assert g.state["stage"]["resource"] == "food"
    all_pass(g)
    assert g.waiting_for() == [ANA, BEN, CY, DEE, ELI]
    vote(g, [(ANA, DEE), (BEN, CY), (CY, DEE), (DEE, ELI), (ELI, DEE)])
    assert g.waiting_for() == [FAY]
    seen = g.view(FAY)["stage"]["vote"]["ballot"]["others"]
    assert seen == [[ANA, DEE], [BEN, CY], [CY, DEE], [DEE, ELI], [ELI, DEE]]
    assert "others" not in g.view(ANA)["stage"]["vote"]["ballot"]
    events = g.act(FAY, {"type": "vote", "target": CY})
    reveal = next(e for e in events if e["type"] == "reveal")
    assert dict((o, c) for o, c in reveal["tally"] if c) == {CY: 3, DEE: 3, ELI: 1}
    assert g.waiting_for() == [CY]
    assert g.legal_actions(CY)[:2] == [{"type": "choose", "target": CY},
                                       {"type": "choose", "target": DEE}]
    g.act(CY, {"type": "choose", "target": DEE})
    assert g.legal_actions(DEE)[0] == {"type": "pass"}
    assert not any(a["type"] in ("play", "shoot") for a in g.legal_actions(DEE))
    before_eli, before_cy = len(g.state["castaways"][ELI]["hand"]), len(
        g.state["castaways"][CY]["hand"])
    events = g.act(DEE, {"type": "pass"})
    assert {"type": "death", "seat": DEE, "cause": "sacrifice"} in events
    deal = next(e for e in events if e["type"] == "deal")
    assert deal["to"] == [[CY, 1], [ELI, 2]]
    assert len(g.state["castaways"][ELI]["hand"]) == before_eli + 2
    assert len(g.state["castaways"][CY]["hand"]) == before_cy + 1
    assert g.state["discard"][-1] == "flask"
    assert {"type": "discard", "seat": DEE, "cards": ["flask"]} in events
    assert g.state["food"] == 0


def test_15_3_hurricane_with_too_few_raft_places():
    g = new(6, scoring="solitaire")
    empty_hands(g)
    set_hand(g, CY, ["plank"])
    set_hand(g, FAY, ["car_key", "board_game"])
    set_hand(g, BEN, ["cartridge", "toilet_brush"], faceup=["revolver"])
    set_hand(g, ELI, ["metal_sheet"])
    at_evening(g, water=9, food=8, places=3, first=ANA, turn=11, hurricane=True)
    g.act(CY, {"type": "play", "card": "plank"})
    assert g.state["places"] == 4
    events = all_pass(g)
    assert "hurricane" in types(events)
    vote(g, [(s, FAY) for s in range(6)])
    assert g.waiting_for() == [FAY]
    events = g.act(FAY, {"type": "pass"})
    deal = next(e for e in events if e["type"] == "deal")
    assert deal["to"] == [[ANA, 1], [ELI, 1]]
    vote(g, [(s, BEN) for s in (ANA, BEN, CY, DEE, ELI)])
    assert g.waiting_for() == [BEN]
    g.act(BEN, {"type": "shoot", "target": ELI})
    assert g.waiting_for() == [ELI]
    events = g.act(ELI, {"type": "play", "card": "metal_sheet"})
    assert "shot_blocked" in types(events)
    assert g.state["discard"][-2:] == ["cartridge", "metal_sheet"]
    assert g.waiting_for() == [BEN]
    events = g.act(BEN, {"type": "pass"})
    deal = next(e for e in events if e["type"] == "deal" and e["seat"] == BEN)
    assert deal["to"] == [[ANA, 1], [CY, 1]]
    assert "revolver" in g.state["castaways"][ANA]["hand"] + g.state["castaways"][CY]["hand"]
    assert g.over
    assert (g.state["water"], g.state["food"]) == (5, 4)
    result = g.result()
    assert result["winners"] == [ANA, CY, DEE, ELI]
    assert result["scores"] == [3, 0, 3, 3, 3, 0]
    assert [b["fate"] for b in result["breakdown"]] == [
        "boarded", "dead", "boarded", "boarded", "boarded", "dead"]


def test_15_3_coop_scoring_and_the_bbq_kit_after_a_sacrifice():
    g = new(6)
    empty_hands(g)
    set_hand(g, CY, ["bbq_kit"])
    at_evening(g, water=9, food=3, places=6, first=ANA, turn=11, hurricane=True)
    assert g.legal_actions(CY)[1:] == [a for a in g.legal_actions(CY)[1:] if a["type"] == "give"]
    all_pass(g)
    vote(g, [(s, FAY) for s in range(6)])
    g.act(FAY, {"type": "pass"})
    assert {"type": "play", "card": "bbq_kit"} in g.legal_actions(CY)
    g.act(CY, {"type": "play", "card": "bbq_kit"})
    # 5 living: food 3 + 2 = 5 is enough, so everyone left boards at once.
    assert g.over and g.result()["winners"] == [ANA, BEN, CY, DEE, ELI]
    assert g.result()["scores"] == [1, 1, 1, 1, 1, 0]
