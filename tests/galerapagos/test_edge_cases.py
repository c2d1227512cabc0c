"""The numbered edge cases of §13, one test (or more) each, named by number."""
import pytest

import engine
from tests.galerapagos.helpers import (ANA, BEN, CY, DEE, ELI, all_pass, at_actions,
                                       at_evening, at_survival, at_turn_start, cards_playable,
                                       empty_hands, new, plays, set_hand, types, vote)

SHOOT = {"type": "shoot"}


def shoot(target):
    return dict(SHOOT, target=target)


def test_e1_second_shot_refused_once_its_shooter_is_dead():
    g = new(5)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    set_hand(g, BEN, ["cartridge"], faceup=["revolver"])
    at_survival(g, water=20, food=20)
    assert shoot(ANA) in g.legal_actions(BEN)
    g.act(ANA, shoot(BEN))
    g.act(BEN, {"type": "pass"})
    with pytest.raises(engine.IllegalAction):
        g.act(BEN, shoot(ANA))
    assert shoot(BEN) not in g.legal_actions(ANA)


def test_e2_shot_active_castaway_loses_his_step_and_play_moves_on():
    g = new(5)
    empty_hands(g)
    set_hand(g, DEE, ["cartridge", "cartridge"], faceup=["revolver"])
    at_actions(g, first=ANA)
    assert g.waiting_for() == [ANA]
    g.act(DEE, shoot(ANA))
    g.act(ANA, {"type": "pass"})
    assert g.waiting_for() == [BEN]
    # A victim shot before his step is skipped.
    g.act(DEE, shoot(CY))
    g.act(CY, {"type": "pass"})
    g.act(BEN, {"type": "fish"})
    assert g.waiting_for() == [DEE]


def test_e3_a_death_during_a_vote_voids_it_and_a_fresh_vote_follows():
    g = new(5)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    at_survival(g, water=2, food=20)
    all_pass(g)
    vote(g, [(ANA, BEN), (BEN, CY)])
    events = g.act(ANA, shoot(DEE))
    events += g.act(DEE, {"type": "pass"})
    assert "vote_cancelled" in types(events)
    # 4 mouths against 2: a new ballot with no vote in it yet.
    ballot = g.state["stage"]["vote"]["ballot"]
    assert ballot["votes"] == [None] * 4 and DEE not in ballot["voters"]


def test_e3_death_voids_a_pending_answer_too():
    g = new(5)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    at_survival(g, water=3, food=20)
    all_pass(g)
    vote(g, [(s, BEN) for s in range(5)])
    assert g.waiting_for() == [BEN]
    g.act(ANA, shoot(CY))
    g.act(CY, {"type": "pass"})
    # Mouths 4 against 3: still short, Ben's answer is gone and a new ballot opens.
    assert g.state["stage"]["vote"]["named"] is None
    assert g.waiting_for() == [ANA, BEN, DEE, ELI]


def test_e4_no_shooting_yourself_or_the_dead():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    g.state["castaways"][CY]["alive"] = False
    targets = [a["target"] for a in g.legal_actions(ANA) if a["type"] == "shoot"]
    assert targets == [BEN, DEE]


def test_e5_revolver_placed_and_fired_in_one_decision():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["revolver", "cartridge"])
    at_survival(g, water=20, food=20)
    events = g.act(ANA, shoot(BEN))
    assert types(events)[:2] == ["place", "shot"]
    assert g.state["castaways"][ANA]["faceup"] == ["revolver"]
    assert g.state["castaways"][ANA]["hand"] == []
    assert g.view(None)["castaways"][ANA]["faceup"] == ["revolver"]


def test_e6_shot_answer_is_asked_without_a_sheet_but_not_of_a_resting_target():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge", "cartridge"], faceup=["revolver"])
    g.state["castaways"][CY]["sick_turn"] = 1
    at_actions(g, first=ANA, turn=2)
    g.act(ANA, shoot(BEN))
    assert g.waiting_for() == [BEN] and g.legal_actions(BEN) == [{"type": "pass"}]
    g.act(BEN, {"type": "pass"})
    assert g.view(None)["castaways"][CY]["resting"]
    events = g.act(ANA, shoot(CY))
    assert {"type": "death", "seat": CY, "cause": "shot"} in events
    assert g.state["interrupt"] is None


def test_e7_bite_answer_always_asked_and_antivenom_only_there():
    g = new(4, seed=3)
    empty_hands(g)
    set_hand(g, BEN, ["antivenom"])
    at_actions(g, first=ANA)
    assert "antivenom" not in cards_playable(g, BEN)
    events = g.act(ANA, {"type": "wood", "extra": 5})
    bite = next(e for e in events if e["type"] == "wood")
    assert bite["bitten"] and "black" in bite["balls"]
    assert bite["gained"] == 1 and g.state["wood"] == 1
    assert g.waiting_for() == [ANA] and g.legal_actions(ANA) == [{"type": "pass"}]
    g.act(ANA, {"type": "pass"})
    assert g.state["castaways"][ANA]["sick_turn"] == 2
    # Ben's own bite, answered with the anti-venom.
    g.state["castaways"][BEN]["faceup"] = []
    events = g.act(BEN, {"type": "wood", "extra": 5})
    assert g.legal_actions(BEN) == [{"type": "pass"}, {"type": "play", "card": "antivenom"}]
    g.act(BEN, {"type": "play", "card": "antivenom"})
    assert g.state["castaways"][BEN]["sick_turn"] is None
    assert g.state["wood"] == 2


def test_e8_an_interrupt_freezes_everyone_else_gifts_included():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    set_hand(g, CY, ["metal_sheet", "plank"])
    at_survival(g, water=20, food=20)
    g.act(ANA, shoot(BEN))
    assert g.legal_actions(CY) == [] and g.legal_actions(ANA) == []
    with pytest.raises(engine.IllegalAction):
        g.act(CY, {"type": "give", "card": "metal_sheet", "to": BEN})


def test_e9_plays_shots_and_deaths_clear_pass_marks_gifts_do_not():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["plank", "car_key", "cartridge"], faceup=["revolver"])
    at_evening(g, water=20, food=20, places=0)
    g.act(BEN, {"type": "pass"})
    g.act(CY, {"type": "pass"})
    g.act(ANA, {"type": "give", "card": "car_key", "to": DEE})
    assert g.state["stage"]["window"]["done"] == [BEN, CY]
    g.act(ANA, {"type": "play", "card": "plank"})
    assert g.state["stage"]["window"]["done"] == []
    g.act(BEN, {"type": "pass"})
    g.act(ANA, shoot(DEE))
    assert g.state["stage"]["window"]["done"] == []
    g.act(DEE, {"type": "pass"})
    assert g.state["stage"]["window"]["seats"] == [ANA, BEN, CY]


def test_e10_dead_vote_dead_vote_in_sacrifices_never_named_not_on_departure():
    g = new(5, dead_vote=True)
    empty_hands(g)
    g.state["castaways"][ELI]["alive"] = False
    at_survival(g, water=2, food=20)
    all_pass(g)
    ballot = g.state["stage"]["vote"]["ballot"]
    assert ballot["voters"] == [ANA, BEN, CY, DEE, ELI]
    assert ballot["options"] == [ANA, BEN, CY, DEE]
    assert {"type": "vote", "target": ANA} in g.legal_actions(ELI)
    assert not any(a["type"] != "vote" for a in g.legal_actions(ELI))
    vote(g, [(ELI, ANA), (ANA, BEN), (BEN, ANA), (CY, DEE), (DEE, ANA)])
    assert g.state["stage"]["vote"]["named"] == ANA
    g.act(ANA, {"type": "pass"})
    # Still short (3 mouths for 2 water): Eli votes again, and is never a candidate.
    assert g.state["stage"]["vote"]["ballot"]["options"] == [BEN, CY, DEE]
    g2 = new(5, dead_vote=True)
    empty_hands(g2)
    g2.state["castaways"][ELI]["alive"] = False
    at_evening(g2, water=20, food=20, places=4)
    all_pass(g2)
    assert g2.state["stage"]["ballot"]["voters"] == [ANA, BEN, CY, DEE]


def test_e11_first_player_dies_marker_goes_right_at_once():
    g = new(5)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    g.state["castaways"][BEN]["alive"] = False
    at_survival(g, water=20, food=20, first=CY)
    g.act(ANA, shoot(CY))
    events = g.act(CY, {"type": "pass"})
    assert {"type": "first_player", "seat": ANA, "why": "death"} in events
    assert g.state["first"] == ANA
    all_pass(g)
    all_pass(g)
    # Phase 1 passes it on from Ana: to the right, over the dead Ben... to Eli.
    assert g.state["turn"] == 7 and g.state["first"] == ELI


def test_e12_zero_check_made_once_when_phase_4_starts():
    # Corrected by issue 10 (more worked examples in test_zero_check.py).
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["sandwich", "water_bottle"])
    at_survival(g, water=3, food=0)
    assert plays(g, ANA, "sandwich") == []      # food is locked at zero for the phase
    all_pass(g)
    g.act(ANA, {"type": "play", "card": "water_bottle", "use": "counter"})
    # Water 4 for 4 mouths: the water step ends; food was 0 when phase 4 started: zero step.
    stage = g.state["stage"]
    assert (stage["resource"], stage["mode"]) == ("food", "zero")


def test_e13_zero_step_covering_and_spares():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["coconut", "water_bottle", "vegetable_mill"])
    at_survival(g, water=0, food=20)
    assert g.state["stage"]["mode"] == "zero"
    played = [a for a in g.legal_actions(ANA) if a["type"] == "play"]
    assert not any(a.get("use") == "counter" for a in played)
    assert "vegetable_mill" not in cards_playable(g, ANA)
    coconut = [a["for"] for a in played if a["card"] == "coconut"]
    assert len(coconut) == 4 and all(len(f) == 3 for f in coconut)
    g.act(ANA, {"type": "play", "card": "water_bottle", "use": "cover", "for": [DEE]})
    covers = [a["for"] for a in plays(g, ANA, "coconut")]
    assert covers == [[ANA, BEN, CY]]
    events = g.act(ANA, {"type": "play", "card": "coconut", "use": "cover", "for": [ANA, BEN, CY]})
    # Everyone covered: the step ends, nobody dies, the counter fed nobody.
    assert g.state["water"] == 0 and g.state["phase"] == "evening"
    assert "death" not in types(events)
    g3 = new(4)
    empty_hands(g3)
    set_hand(g3, ANA, ["coconut"])
    g3.state["castaways"][CY]["alive"] = g3.state["castaways"][DEE]["alive"] = False
    at_survival(g3, water=0, food=20)
    g3.act(ANA, {"type": "play", "card": "coconut", "use": "cover", "for": [ANA, BEN]})
    assert g3.state["water"] == 1


def test_e14_no_early_self_cover_in_a_normal_step():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["water_bottle"])
    at_survival(g, water=2, food=20)
    uses = [a["use"] for a in plays(g, ANA, "water_bottle")]
    assert uses == ["counter"]
    all_pass(g)
    vote(g, [(s, ANA) for s in range(4)])
    uses = [a["use"] for a in plays(g, ANA, "water_bottle")]
    assert uses == ["counter", "save"]


def test_e15_bad_rations_and_matches():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["stagnant_water"])
    set_hand(g, BEN, ["rotten_fish", "matches"])
    at_survival(g, water=2, food=3)
    g.act(ANA, {"type": "play", "card": "stagnant_water", "use": "counter"})
    assert g.state["castaways"][ANA]["sick_turn"] == 6
    assert {"type": "play", "card": "rotten_fish", "use": "counter", "matches": True} in \
        g.legal_actions(BEN)
    g.act(BEN, {"type": "play", "card": "rotten_fish", "use": "counter", "matches": True})
    assert g.state["castaways"][BEN]["sick_turn"] is None
    assert g.state["discard"][-2:] == ["rotten_fish", "matches"]
    # Covering with a bad ration sickens the one covered, not the player.
    g2 = new(4)
    empty_hands(g2)
    set_hand(g2, ANA, ["stagnant_water"])
    at_survival(g2, water=0, food=20)
    g2.act(ANA, {"type": "play", "card": "stagnant_water", "use": "cover", "for": [CY]})
    assert g2.state["castaways"][CY]["sick_turn"] == 6
    assert g2.state["castaways"][ANA]["sick_turn"] is None


def test_e16_fruit_basket_only_in_a_short_survival_step():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["fruit_basket"])
    at_survival(g, water=2, food=20)
    assert "fruit_basket" in cards_playable(g, ANA)
    events = g.act(ANA, {"type": "play", "card": "fruit_basket"})
    assert {"type": "step_ended", "resource": "water", "why": "fruit_basket"} in events
    assert g.state["water"] == 0 and "death" not in types(events)
    # Food 20 is not short: consumed at once, then phase 5.
    assert g.state["food"] == 16 and g.state["phase"] == "evening"
    set_hand(g, ANA, ["fruit_basket"])
    assert "fruit_basket" not in cards_playable(g, ANA)


def test_e16_fruit_basket_during_a_named_answer_and_a_zero_window():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, ["fruit_basket"])
    at_survival(g, water=2, food=0)
    all_pass(g)
    vote(g, [(s, ANA) for s in range(4)])
    g.act(BEN, {"type": "play", "card": "fruit_basket"})
    assert g.state["stage"]["resource"] == "food" and g.state["stage"]["mode"] == "zero"
    assert all(c["alive"] for c in g.state["castaways"])


def test_e17_no_candidate_left_in_survival_and_in_the_hurricane():
    g = new(3)
    empty_hands(g)
    set_hand(g, ANA, ["conch", "vegetable_mill"])
    set_hand(g, BEN, ["sandwich"])
    g.state["castaways"][CY]["alive"] = False
    at_survival(g, water=20, food=1)
    assert g.state["stage"]["resource"] == "food"
    g.act(ANA, {"type": "play", "card": "conch"})
    g.act(ANA, {"type": "play", "card": "vegetable_mill"})
    assert g.state["food"] == 0
    events = all_pass(g)
    # Ben is the only candidate: named at once, with no ballot (E18).
    assert {"type": "named", "seat": BEN, "why": "only_candidate"} in events
    events = g.act(BEN, {"type": "play", "card": "sandwich", "use": "save"})
    # Ana is still a mouth with food 0, but conch-protected: nobody else dies.
    assert {"type": "no_candidate", "resource": "food"} in events
    assert g.state["food"] == 0 and g.state["phase"] == "evening"
    assert g.state["castaways"][ANA]["alive"]
    g3 = new(3)
    empty_hands(g3)
    set_hand(g3, ANA, ["conch"])
    g3.state["castaways"][CY]["alive"] = False
    g3.state["castaways"][BEN]["conch_turn"] = 11
    at_evening(g3, water=20, food=20, places=0, turn=11, hurricane=True)
    g3.act(ANA, {"type": "play", "card": "conch"})
    events = all_pass(g3)
    assert g3.over and g3.result()["winners"] == []
    assert [b["fate"] for b in g3.result()["breakdown"]] == ["left_behind", "left_behind", "dead"]


def test_e18_one_candidate_is_named_without_ballots():
    g = new(3)
    empty_hands(g)
    g.state["castaways"][BEN]["alive"] = g.state["castaways"][CY]["alive"] = False
    # A plank kept in hand could still raise the places: the vote is not a foregone one.
    set_hand(g, ANA, ["plank"])
    at_evening(g, water=20, food=20, places=0, turn=11, hurricane=True)
    events = all_pass(g)
    assert {"type": "named", "seat": ANA, "why": "only_candidate"} in events
    assert "vote_open" not in types(events)
    events = g.act(ANA, {"type": "pass"})
    assert g.over and g.result()["end"] == "hecatomb"


def test_e19_e20_self_votes_allowed_no_abstention_ballots_final():
    g = new(4)
    empty_hands(g)
    at_survival(g, water=2, food=20)
    all_pass(g)
    assert g.legal_actions(ANA) == [{"type": "vote", "target": s} for s in range(4)]
    g.act(ANA, {"type": "vote", "target": ANA})
    with pytest.raises(engine.IllegalAction):
        g.act(ANA, {"type": "vote", "target": BEN})
    assert g.view(ANA)["stage"]["vote"]["ballot"]["my_vote"] == ANA


def test_e21_club_counts_if_face_up_at_the_reveal_crystal_ball_before_voting():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["club"])
    set_hand(g, BEN, ["crystal_ball"])
    at_survival(g, water=3, food=20)
    all_pass(g)
    g.act(ANA, {"type": "vote", "target": CY})
    g.act(ANA, {"type": "play", "card": "club"})
    g.act(BEN, {"type": "play", "card": "crystal_ball"})
    assert g.waiting_for() == [CY, DEE]
    g.act(CY, {"type": "vote", "target": DEE})
    g.act(DEE, {"type": "vote", "target": DEE})
    assert g.waiting_for() == [BEN]
    assert g.view(BEN)["stage"]["vote"]["ballot"]["others"] == [[ANA, CY], [CY, DEE], [DEE, DEE]]
    events = g.act(BEN, {"type": "vote", "target": CY})
    reveal = next(e for e in events if e["type"] == "reveal")
    assert reveal["weights"] == [2, 1, 1, 1]
    assert g.state["stage"]["vote"]["named"] == CY


def test_e21_crystal_ball_placed_after_voting_does_nothing():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, ["crystal_ball"])
    at_survival(g, water=3, food=20)
    all_pass(g)
    g.act(BEN, {"type": "vote", "target": CY})
    g.act(BEN, {"type": "play", "card": "crystal_ball"})
    assert g.state["stage"]["vote"]["ballot"]["last"] is None


def test_e22_conch_mid_vote():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["conch"])
    at_survival(g, water=3, food=20)
    all_pass(g)
    g.act(BEN, {"type": "vote", "target": ANA})
    events = g.act(ANA, {"type": "play", "card": "conch"})
    assert "vote_again" in types(events)
    assert g.state["stage"]["vote"]["candidates"] == [BEN, CY, DEE]
    assert g.state["stage"]["vote"]["ballot"]["votes"] == [None] * 4
    # Named Ben, then Ana's conch... she has none left; Cy plays one: the vote goes on.
    vote(g, [(s, BEN) for s in range(4)])
    set_hand(g, CY, ["conch"])
    events = g.act(CY, {"type": "play", "card": "conch"})
    assert "vote_again" not in types(events) and g.state["stage"]["vote"]["named"] == BEN
    # The named castaway's own conch: held again.
    set_hand(g, BEN, ["conch"])
    events = g.act(BEN, {"type": "play", "card": "conch"})
    assert "vote_again" in types(events)
    assert g.state["stage"]["vote"]["named"] == DEE   # the only candidate left


def test_e22_conch_of_a_tied_castaway_holds_the_vote_again():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, ["conch"])
    at_survival(g, water=3, food=20, first=ANA)
    all_pass(g)
    vote(g, [(ANA, BEN), (BEN, CY), (CY, BEN), (DEE, CY)])
    assert g.state["stage"]["vote"]["tied"] == [BEN, CY]
    events = g.act(BEN, {"type": "play", "card": "conch"})
    assert "vote_again" in types(events)


def test_e23_named_castaway_shot_by_someone_else_settles_the_vote():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    at_survival(g, water=3, food=20)
    all_pass(g)
    vote(g, [(s, BEN) for s in range(4)])
    g.act(ANA, shoot(BEN))
    events = g.act(BEN, {"type": "pass"})
    assert {"type": "consume", "resource": "water", "rations": 3, "counter": 0} in events
    assert "named" not in types(events) and g.state["phase"] == "evening"


def test_e24_e25_several_deaths_dealt_clockwise_from_the_first_player():
    g = new(5, seed=4)
    empty_hands(g)
    set_hand(g, ANA, ["water_bottle"])
    set_hand(g, BEN, ["car_key"])
    set_hand(g, DEE, ["board_game", "plank"])
    set_hand(g, ELI, ["old_underpants"])
    at_survival(g, water=0, food=20, first=DEE)
    g.act(ANA, {"type": "play", "card": "water_bottle", "use": "cover", "for": [CY]})
    events = all_pass(g)
    deaths = [e["seat"] for e in events if e["type"] == "death"]
    deals = [(e["seat"], e["to"]) for e in events if e["type"] == "deal"]
    assert sorted(deaths) == [ANA, BEN, DEE, ELI]
    # Dee first (the first player), then clockwise: Eli, Ben. Cy is the sole survivor.
    assert deals == [(DEE, [[CY, 2]]), (ELI, [[CY, 1]]), (BEN, [[CY, 1]])]
    assert sorted(g.state["castaways"][CY]["hand"]) == [
        "board_game", "car_key", "old_underpants", "plank"]
    assert events.index({"type": "first_player", "seat": CY, "why": "death"}) > \
        max(i for i, e in enumerate(events) if e["type"] == "deal")


def test_e25_dead_seats_are_skipped_when_dealing():
    g = new(5, seed=2)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    set_hand(g, CY, ["car_key", "board_game"])
    g.state["castaways"][DEE]["alive"] = False
    g.state["castaways"][BEN]["alive"] = False
    at_survival(g, water=20, food=20)
    g.act(ANA, shoot(CY))
    events = g.act(CY, {"type": "pass"})
    assert next(e for e in events if e["type"] == "deal")["to"] == [[ANA, 1], [ELI, 1]]


def test_e26_empty_wreck_deck():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, ["pendulum", "flashlight"])
    g.state["discard"].extend(g.state["deck"])
    g.state["deck"] = []
    at_actions(g, first=ANA)
    assert {"type": "search"} not in g.legal_actions(ANA)
    assert "flashlight" not in cards_playable(g, BEN)
    forced = {a["action"] for a in plays(g, BEN, "pendulum")}
    assert forced == {"fish", "collect_water", "wood"}


def test_e26_pendulum_on_search_then_deck_runs_out_frees_the_choice():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, ["pendulum"])
    g.state["discard"].extend(g.state["deck"][1:])
    del g.state["deck"][1:]
    at_actions(g, first=ANA)
    g.act(BEN, {"type": "play", "card": "pendulum", "target": CY, "action": "search"})
    assert g.view(None)["castaways"][CY]["forced_action"] == "search"
    g.act(ANA, {"type": "search"})
    g.act(BEN, {"type": "fish"})
    assert {"type": "fish"} in g.legal_actions(CY)


def test_e27_sleeping_pills():
    g = new(4, seed=8)
    empty_hands(g)
    set_hand(g, ANA, ["sleeping_pills"])
    set_hand(g, BEN, ["plank", "conch"])
    set_hand(g, CY, ["car_key"])
    at_survival(g, water=20, food=20)
    targets = [a["targets"] for a in plays(g, ANA, "sleeping_pills")]
    assert targets == [[BEN], [CY], [BEN, CY]]
    events = g.act(ANA, {"type": "play", "card": "sleeping_pills", "targets": [BEN, CY]})
    thefts = [e for e in events if e["type"] == "theft"]
    assert thefts == [{"type": "theft", "seat": ANA, "from": BEN},
                      {"type": "theft", "seat": ANA, "from": CY}]
    hand = g.state["castaways"][ANA]["hand"]
    assert len(hand) == 2 and "car_key" in hand
    stolen_from_ben = [r for r in g.view(BEN)["me"]["records"] if r["kind"] == "stolen"]
    assert stolen_from_ben[0]["cards"][0] in ("plank", "conch") and \
        stolen_from_ben[0]["cards"][0] in hand
    assert not any(r["kind"] == "stolen" for r in g.view(CY)["me"]["records"]
                   if r.get("by") != ANA)
    assert "plank" not in str(g.view(DEE)["me"]["records"])


def test_e28_gifts():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["plank", "car_key"], faceup=["flask"])
    set_hand(g, BEN, ["conch"])
    g.state["castaways"][DEE]["alive"] = False
    g.state["castaways"][BEN]["sick_turn"] = 1
    at_actions(g, first=CY, turn=2)
    gifts = [a for a in g.legal_actions(ANA) if a["type"] == "give"]
    assert gifts == [{"type": "give", "card": c, "to": s}
                     for c in ("car_key", "plank") for s in (BEN, CY)]
    assert [a["type"] for a in g.legal_actions(BEN)] == ["give", "give"]
    g.act(BEN, {"type": "give", "card": "conch", "to": ANA})
    g.act(ANA, {"type": "give", "card": "plank", "to": BEN})
    assert g.legal_actions(DEE) == []
    assert [r["kind"] for r in g.view(BEN)["me"]["records"]] == ["gave", "received"]


def test_e29_raft_full():
    g = new(4)
    empty_hands(g)
    set_hand(g, BEN, ["plank"])
    g.state["places"] = 12
    at_actions(g, first=ANA)
    assert "plank" not in cards_playable(g, BEN)
    g.act(ANA, {"type": "wood", "extra": 0})
    assert (g.state["places"], g.state["wood"]) == (12, 0)


def test_e30_vegetable_mill():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["vegetable_mill"])
    at_survival(g, water=35, food=1)
    # Food 1: moves 1; water capped at 36.
    events = g.act(ANA, {"type": "play", "card": "vegetable_mill"})
    mill = next(e for e in events if e["type"] == "mill")
    assert mill["moved"] == 1 and g.state["water"] <= 36
    g2 = new(4)
    empty_hands(g2)
    set_hand(g2, ANA, ["vegetable_mill"])
    at_evening(g2, water=35, food=5, places=0)
    g2.act(ANA, {"type": "play", "card": "vegetable_mill"})
    assert (g2.state["water"], g2.state["food"]) == (36, 3)
    g3 = new(4)
    empty_hands(g3)
    set_hand(g3, ANA, ["vegetable_mill"])
    at_evening(g3, water=5, food=0, places=0)
    assert "vegetable_mill" not in cards_playable(g3, ANA)


def test_e31_coffee_and_pendulum():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["pendulum"])
    set_hand(g, BEN, ["coffee"])
    g.state["castaways"][DEE]["sick_turn"] = 1
    at_actions(g, first=ANA, turn=2)
    targets = {a["target"] for a in plays(g, ANA, "pendulum")}
    assert targets == {BEN, CY}      # not himself, not the resting Dee
    assert "coffee" not in cards_playable(g, BEN)   # not his step
    g.act(ANA, {"type": "play", "card": "pendulum", "target": BEN, "action": "wood"})
    g.act(ANA, {"type": "fish"})
    assert g.waiting_for() == [BEN]
    g.act(BEN, {"type": "play", "card": "coffee"})
    assert {a["type"] for a in g.legal_actions(BEN) if a["type"] not in ("give", "play")} == {
        "wood"}
    g.act(BEN, {"type": "wood", "extra": 0})
    assert g.waiting_for() == [BEN]
    assert {"type": "fish"} in g.legal_actions(BEN)
    g.act(BEN, {"type": "search"})
    assert g.waiting_for() == [CY]


def test_e31_coffee_only_before_the_first_action():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["coffee"])
    at_actions(g, first=ANA)
    assert "coffee" in cards_playable(g, ANA)
    g.act(ANA, {"type": "fish"})
    assert "coffee" not in cards_playable(g, ANA)


def test_e32_alarm_clock():
    g = new(5)
    empty_hands(g)
    set_hand(g, ANA, ["alarm_clock"])
    at_evening(g, water=20, food=20, places=0, first=BEN)
    targets = [a["target"] for a in plays(g, ANA, "alarm_clock")]
    assert targets == [ANA, BEN, CY, DEE, ELI]
    g.act(ANA, {"type": "play", "card": "alarm_clock", "target": DEE})
    assert g.view(None)["alarm_clock"] == DEE
    all_pass(g)
    assert g.state["first"] == DEE and g.state["alarm"] is None
    all_actions_and_survive(g)
    assert g.state["first"] == CY


def all_actions_and_survive(g):
    while g.state["phase"] == "actions":
        g.act(g.waiting_for()[0], {"type": "fish"})
    g.state["water"] = g.state["food"] = 30
    while not g.over and g.state["phase"] != "actions":
        all_pass(g)


def test_e32_alarm_choice_lapses_if_he_died():
    g = new(5)
    empty_hands(g)
    set_hand(g, ANA, ["alarm_clock"])
    at_evening(g, water=20, food=20, places=0, first=BEN)
    g.act(ANA, {"type": "play", "card": "alarm_clock", "target": DEE})
    g.state["castaways"][DEE]["alive"] = False
    all_pass(g)
    assert g.state["first"] == ANA


def test_e33_voodoo_doll():
    g = new(4, dead_vote=True)
    empty_hands(g)
    set_hand(g, ANA, ["voodoo_doll"])
    set_hand(g, CY, ["conch"])
    g.state["castaways"][DEE]["alive"] = False
    at_survival(g, water=20, food=20)
    assert "voodoo_doll" not in cards_playable(g, ANA)
    events = all_pass(g)   # evening, then turn 7's dawn window
    assert {"type": "window", "kind": "dawn"} in events
    assert g.legal_actions(ANA)[:2] == [{"type": "pass"},
                                        {"type": "play", "card": "voodoo_doll", "target": DEE}]
    g.act(ANA, {"type": "play", "card": "voodoo_doll", "target": DEE})
    assert g.state["castaways"][DEE]["alive"] and g.state["castaways"][DEE]["hand"] == []
    assert DEE in g.waiting_for()
    all_pass(g)
    g.state["water"] = 2
    while g.state["phase"] == "actions":
        g.act(g.waiting_for()[0], {"type": "fish"})
    assert g.state["castaways"][DEE]["acted"]
    all_pass(g)
    assert DEE in g.state["stage"]["vote"]["ballot"]["options"]


def test_e33_no_dawn_window_once_the_doll_is_discarded():
    g = new(4)
    empty_hands(g)
    g.state["castaways"][DEE]["alive"] = False
    events = at_turn_start(g, turn=3, first=ANA)
    assert g.state["stage"]["kind"] == "dawn"
    g.state["discard"].append(g.state["deck"].pop(g.state["deck"].index("voodoo_doll")))
    events = at_turn_start(g, turn=4, first=ANA)
    assert {"type": "window", "kind": "dawn"} not in events
    assert g.state["phase"] == "actions"


def test_e34_bbq_kit_counts_every_death_this_turn():
    g = new(5)
    empty_hands(g)
    set_hand(g, ANA, ["bbq_kit", "cartridge"], faceup=["revolver"])
    g.state["deaths"].append({"seat": ELI, "turn": 5, "cause": "shot"})
    at_survival(g, water=4, food=10, turn=6)
    assert "bbq_kit" not in cards_playable(g, ANA)
    g.act(ANA, shoot(BEN))
    g.act(BEN, {"type": "pass"})
    assert g.state["phase"] == "evening"
    g.act(ANA, {"type": "play", "card": "bbq_kit"})
    assert g.state["food"] == 10 - 4 + 2


def test_e35_no_ration_immunity_in_hurricane_votes():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["water_bottle"])
    at_evening(g, water=3, food=20, places=4, turn=11, hurricane=True)
    all_pass(g)
    vote(g, [(s, ANA) for s in range(4)])
    uses = [a["use"] for a in plays(g, ANA, "water_bottle")]
    assert uses == ["counter"]
    g.act(ANA, {"type": "play", "card": "water_bottle", "use": "counter"})
    # Water 4 for 4: every requirement met, everyone boards, Ana spared.
    assert g.over and g.result()["winners"] == [ANA, BEN, CY, DEE]


def test_e36_departure_all_leave_sick_included():
    g = new(4)
    empty_hands(g)
    at_evening(g, water=10, food=10, places=4)
    g.state["castaways"][BEN]["sick_turn"] = 6
    all_pass(g)
    ballot = g.state["stage"]["ballot"]
    assert ballot["voters"] == [ANA, BEN, CY, DEE]        # the sick vote on it (§5.7)
    for s in (ANA, BEN, CY, DEE):
        g.act(s, {"type": "vote", "leave": True})
    assert g.over and g.result()["winners"] == [ANA, BEN, CY, DEE]
    assert (g.state["water"], g.state["food"]) == (6, 6)
    assert g.result()["end"] == "departure"


def test_e36_departure_refused_then_the_game_goes_on_and_a_tie_is_decided():
    g = new(4)
    empty_hands(g)
    at_evening(g, water=10, food=10, places=4, first=BEN)
    all_pass(g)
    for s, leave in ((ANA, True), (BEN, False), (CY, True), (DEE, False)):
        g.act(s, {"type": "vote", "leave": leave})
    assert g.waiting_for() == [BEN]
    assert g.legal_actions(BEN)[:2] == [{"type": "choose", "leave": True},
                                        {"type": "choose", "leave": False}]
    g.act(BEN, {"type": "choose", "leave": False})
    assert not g.over and g.state["turn"] == 7


def test_e37_death_during_the_departure_ballot():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["cartridge"], faceup=["revolver"])
    at_evening(g, water=10, food=10, places=4)
    all_pass(g)
    g.act(BEN, {"type": "vote", "leave": False})
    g.act(ANA, shoot(DEE))
    events = g.act(DEE, {"type": "pass"})
    assert "vote_cancelled" in types(events)
    assert g.state["stage"]["ballot"]["voters"] == [ANA, BEN, CY]
    assert g.state["stage"]["ballot"]["votes"] == [None, None, None]


def test_e38_hecatomb_ends_the_game_mid_step():
    g = new(3)
    empty_hands(g)
    at_survival(g, water=0, food=20)
    events = all_pass(g)
    assert g.over and g.result()["end"] == "hecatomb" and g.result()["winners"] == []
    assert g.waiting_for() == [] and g.result()["scores"] == [0, 0, 0]


def test_e39_falling_sick_again_restarts_the_sickness():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["stagnant_water"])
    g.state["castaways"][ANA]["sick_turn"] = 5
    at_evening(g, water=5, food=5, places=0, turn=6)
    g.act(ANA, {"type": "play", "card": "stagnant_water", "use": "counter"})
    assert g.state["castaways"][ANA]["sick_turn"] == 6


def test_e40_spyglass_snapshot():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["spyglass"])
    set_hand(g, BEN, ["plank", "conch"])
    at_survival(g, water=20, food=20)
    targets = [a["target"] for a in plays(g, ANA, "spyglass")]
    assert targets == [BEN, CY, DEE]
    g.act(ANA, {"type": "play", "card": "spyglass", "target": BEN})
    g.act(BEN, {"type": "give", "card": "plank", "to": CY})
    seen = [r for r in g.view(ANA)["me"]["records"] if r["kind"] == "spyglass"]
    assert seen == [{"turn": 6, "kind": "spyglass", "target": BEN, "cards": ["conch", "plank"]}]


def test_e41_caps_apply_to_every_gain_spares_included():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["sardines"])
    g.state["castaways"][BEN]["alive"] = g.state["castaways"][CY]["alive"] = False
    g.state["castaways"][DEE]["alive"] = False
    at_survival(g, water=20, food=0)
    g.state["food"] = 35
    g.act(ANA, {"type": "play", "card": "sardines", "use": "cover", "for": [ANA]})
    assert g.state["food"] == 36


def test_e42_every_hand_shown_at_the_end_deck_orders_stay_hidden():
    g = new(3)
    empty_hands(g)
    set_hand(g, BEN, ["plank"])
    at_evening(g, water=10, food=10, places=3)
    assert "hand" not in g.view(None)["castaways"][BEN]
    all_pass(g)
    for s in range(3):
        g.act(s, {"type": "vote", "leave": True})
    assert g.over
    for seat in (None, ANA):
        view = g.view(seat)
        assert view["castaways"][BEN]["hand"] == ["plank"]
        assert view["castaways"][ANA]["hand"] == []
        assert "deck" not in view and "weather_deck" not in view


def test_e43_turn_1_has_no_phase_1():
    g = new(4)
    assert g.state["turn"] == 1 and g.state["phase"] == "actions"
    assert g.state["weather_card"] is not None and len(g.state["weather"]) == 12
    assert g.waiting_for() == [g.state["first"]]


def test_e44_barometer_shows_fewer_cards_near_the_end():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["barometer"])
    g.state["weather"] = g.state["weather"][-1:]
    at_survival(g, water=20, food=20)
    g.act(ANA, {"type": "play", "card": "barometer"})
    seen = g.view(ANA)["me"]["records"][-1]
    assert seen["kind"] == "barometer" and len(seen["weather"]) == 1


def test_e45_counters_rising_during_a_ballot():
    g = new(4)
    empty_hands(g)
    set_hand(g, CY, ["water_bottle", "water_bottle"])
    at_survival(g, water=2, food=20)
    all_pass(g)
    g.act(ANA, {"type": "vote", "target": BEN})
    g.act(CY, {"type": "play", "card": "water_bottle", "use": "counter"})
    assert g.state["stage"]["vote"]["ballot"]["votes"][0] == BEN     # still short: goes on
    vote(g, [(s, BEN) for s in (BEN, CY, DEE)])
    assert g.state["stage"]["vote"]["named"] == BEN
    events = g.act(CY, {"type": "play", "card": "water_bottle", "use": "counter"})
    assert "vote_dropped" in types(events)
    assert all(c["alive"] for c in g.state["castaways"])
    assert g.state["water"] == 0 and g.state["phase"] == "evening"


def test_e46_inherited_cards_usable_at_once():
    g = new(4, seed=5)
    empty_hands(g)
    set_hand(g, DEE, ["plank"])
    at_evening(g, water=20, food=20, places=2, turn=11, hurricane=True, first=ANA)
    all_pass(g)
    vote(g, [(s, DEE) for s in range(4)])
    g.act(DEE, {"type": "pass"})
    heir = ANA if "plank" in g.state["castaways"][ANA]["hand"] else CY
    assert "plank" in g.state["castaways"][heir]["hand"]
    assert g.state["stage"]["vote"]["ballot"] is not None
    g.act(heir, {"type": "play", "card": "plank"})
    assert g.over and g.result()["winners"] == [ANA, BEN, CY]
