"""The views keep what the TV must redraw after a reload (issue 10): this turn's action outcomes
(`turn_log`), this turn's decided votes followed to their end (`ballots`), and the weather card
of the turn."""
import json
import random

import pytest

from engine.galerapagos.data import CARDS
from engine.playout import random_step
from tests.galerapagos.helpers import (ANA, BEN, CY, DEE, ELI, FAY, all_pass, at_actions,
                                       at_evening, at_survival, at_turn_start, empty_hands, new,
                                       set_hand, vote)


def table(g):
    """What the TV redraws from: the view as it would arrive after a reload."""
    return json.loads(json.dumps(g.view(None)))


def bitten_wood(seed_from=1):
    """A game where Ana's 5-ball wood gamble draws the black ball."""
    for seed in range(seed_from, seed_from + 200):
        g = new(4, seed=seed)
        empty_hands(g)
        at_actions(g, first=ANA)
        g.act(ANA, {"type": "wood", "extra": 5})
        if g.state["interrupt"]:
            return g
    raise AssertionError("no bite in 200 seeds")


# -- turn_log ---------------------------------------------------------------------------------
def test_each_action_outcome_is_kept_for_the_turn_with_its_numbers():
    g = new(4)
    empty_hands(g)
    at_actions(g, first=ANA)
    fish = next(e for e in g.act(ANA, {"type": "fish"}) if e["type"] == "fish")
    water = next(e for e in g.act(BEN, {"type": "collect_water"})
                 if e["type"] == "collect_water")
    wood = next(e for e in g.act(CY, {"type": "wood", "extra": 0}) if e["type"] == "wood")
    g.act(DEE, {"type": "search"})
    log = table(g)["turn_log"]
    assert [r["kind"] for r in log] == ["fish", "collect_water", "wood", "search"]
    assert log[0] == {"kind": "fish", "seat": ANA, "ball": fish["ball"], "fish": fish["fish"],
                      "added": fish["added"], "food": fish["food"]}
    assert log[1]["seat"] == BEN and log[1]["drops"] == water["drops"] == g.state[
        "weather_card"]["drops"]
    assert log[2]["balls"] == [] and log[2]["gained"] == wood["gained"] == 1
    assert log[2]["bite"] is None
    assert log[3] == {"kind": "search", "seat": DEE, "cards": 1, "deck": len(g.state["deck"])}


def test_a_search_is_a_count_never_the_card():
    g = new(4)
    empty_hands(g)
    at_actions(g, first=ANA)
    g.state["deck"].insert(0, "flask")
    g.act(ANA, {"type": "search"})
    assert "flask" not in json.dumps(g.view(None)) and "flask" not in json.dumps(g.view(BEN))
    assert g.view(ANA)["me"]["records"][-1]["cards"] == ["flask"]


def test_the_snake_bite_stays_pending_then_shows_its_end():
    g = bitten_wood()
    record = table(g)["turn_log"][-1]
    assert record["kind"] == "wood" and record["bitten"] and "black" in record["balls"]
    assert record["gained"] == 1 and record["bite"] == "pending"
    g.act(ANA, {"type": "pass"})
    assert table(g)["turn_log"][-1]["bite"] == "sick"


def test_a_bite_answered_with_the_antivenom():
    g = bitten_wood()
    set_hand(g, ANA, ["antivenom"])
    g.act(ANA, {"type": "play", "card": "antivenom"})
    assert table(g)["turn_log"][-1]["bite"] == "antivenom"
    assert not g.view(None)["castaways"][ANA]["sick"]


def test_a_coffee_gives_two_records_to_the_same_castaway():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["coffee"])
    at_actions(g, first=ANA)
    g.act(ANA, {"type": "play", "card": "coffee"})
    g.act(ANA, {"type": "fish"})
    g.act(ANA, {"type": "collect_water"})
    assert [(r["kind"], r["seat"]) for r in table(g)["turn_log"]] == [
        ("fish", ANA), ("collect_water", ANA)]


def test_turn_log_and_ballots_are_reset_when_a_turn_starts():
    g = new(4)
    empty_hands(g)
    at_survival(g, water=3, food=20, first=ANA)
    all_pass(g)
    vote(g, [(ANA, BEN), (BEN, CY), (CY, BEN), (DEE, BEN)])
    g.act(BEN, {"type": "pass"})
    assert table(g)["ballots"]
    at_turn_start(g, turn=8, first=ANA)
    assert table(g)["turn_log"] == [] and table(g)["ballots"] == []


# -- ballots ----------------------------------------------------------------------------------
def test_a_revealed_sacrifice_ballot_is_kept_to_the_death():
    g = new(5)
    empty_hands(g)
    at_survival(g, water=3, food=20, first=CY)
    all_pass(g)
    vote(g, [(ANA, ELI), (BEN, ELI), (CY, BEN), (DEE, ELI), (ELI, BEN)])
    record = table(g)["ballots"][0]
    assert record["kind"] == "sacrifice" and record["resource"] == "water"
    assert record["ballot"]["votes"] == [[ANA, ELI], [BEN, ELI], [CY, BEN], [DEE, ELI],
                                         [ELI, BEN]]
    assert dict((o, c) for o, c in record["ballot"]["tally"] if c) == {ELI: 3, BEN: 2}
    assert (record["named"], record["why"], record["outcome"]) == (ELI, "vote", "named")
    assert table(g)["last_vote"] == record["ballot"]
    g.act(ELI, {"type": "pass"})
    record = table(g)["ballots"][0]
    assert (record["outcome"], record["deaths"]) == ("dead", [ELI])
    # Four mouths for three rations: a new ballot opens, kept only once it is revealed.
    assert table(g)["stage"]["vote"]["ballot"]["revealed"] is False
    assert len(table(g)["ballots"]) == 1


def test_the_first_players_tie_break_is_kept():
    g = new(4)
    empty_hands(g)
    at_survival(g, water=3, food=20, first=CY)
    all_pass(g)
    vote(g, [(ANA, BEN), (BEN, ANA), (CY, BEN), (DEE, ANA)])
    record = table(g)["ballots"][0]
    assert (record["tied"], record["chooser"], record["outcome"]) == ([ANA, BEN], CY, "tie")
    g.act(CY, {"type": "choose", "target": BEN})
    record = table(g)["ballots"][0]
    assert (record["named"], record["why"], record["outcome"]) == (BEN, "first_player", "named")


def test_the_named_castaways_ration_card_is_kept():
    g = new(5)
    empty_hands(g)
    set_hand(g, ELI, ["coconut"])
    at_survival(g, water=4, food=20, first=CY)
    all_pass(g)
    vote(g, [(s, ELI) for s in range(5)])
    g.act(ELI, {"type": "play", "card": "coconut", "use": "save"})
    record = table(g)["ballots"][0]
    assert (record["saved_by"], record["outcome"], record["deaths"]) == ("coconut", "saved", [])


def test_the_named_castaways_revolver_shot_voids_the_vote():
    g = new(5)
    empty_hands(g)
    set_hand(g, ELI, ["cartridge"], faceup=["revolver"])
    at_survival(g, water=3, food=20, first=CY)
    all_pass(g)
    vote(g, [(s, ELI) for s in range(5)])
    g.act(ELI, {"type": "shoot", "target": ANA})
    assert table(g)["ballots"][0]["shots"] == [{"seat": ELI, "target": ANA,
                                                "result": "pending"}]
    g.act(ANA, {"type": "pass"})
    first = table(g)["ballots"][0]
    assert first["shots"][0]["result"] == "killed"
    assert (first["outcome"], first["deaths"]) == ("cancelled", [ANA])


def test_a_blocked_shot_is_kept_as_blocked():
    g = new(5)
    empty_hands(g)
    set_hand(g, ELI, ["cartridge"], faceup=["revolver"])
    set_hand(g, ANA, ["metal_sheet"])
    at_survival(g, water=3, food=20, first=CY)
    all_pass(g)
    vote(g, [(s, ELI) for s in range(5)])
    g.act(ELI, {"type": "shoot", "target": ANA})
    g.act(ANA, {"type": "play", "card": "metal_sheet"})
    record = table(g)["ballots"][0]
    assert record["shots"][0]["result"] == "blocked" and record["outcome"] == "named"


def test_a_single_candidate_is_named_without_a_ballot_and_kept():
    g = new(4)
    empty_hands(g)
    for seat in (ANA, BEN, CY):
        g.state["castaways"][seat]["conch_turn"] = 6
    at_survival(g, water=3, food=20, first=ANA)
    all_pass(g)
    record = table(g)["ballots"][0]
    assert record["ballot"] is None and record["candidates"] == [DEE]
    assert (record["named"], record["why"]) == (DEE, "only_candidate")


def test_the_departure_ballot_and_its_decision_are_kept():
    g = new(4)
    empty_hands(g)
    at_evening(g, water=9, food=9, places=4)
    all_pass(g)
    for seat in (ANA, BEN, CY, DEE):
        if not g.over:
            g.act(seat, {"type": "vote", "leave": seat != DEE})
    record = table(g)["ballots"][-1]
    assert record["kind"] == "departure" and record["leave"] is True
    assert record["outcome"] == "leave"
    assert dict((str(o), c) for o, c in record["ballot"]["tally"]) == {"True": 3, "False": 1}


def test_a_departure_decided_by_the_first_player_on_a_tie_is_kept():
    g = new(4)
    empty_hands(g)
    for c in g.state["castaways"]:
        c["sick_turn"] = 6                       # all fell sick this turn: they vote all the same
    at_evening(g, water=9, food=9, places=4, first=BEN)
    all_pass(g)
    for seat, leave in ((ANA, True), (BEN, False), (CY, True), (DEE, False)):
        g.act(seat, {"type": "vote", "leave": leave})
    record = table(g)["ballots"][-1]
    assert (record["kind"], record["chooser"], record["outcome"]) == ("departure", BEN, "tie")
    g.act(BEN, {"type": "choose", "leave": True})
    assert g.over and table(g)["ballots"][-1]["outcome"] == "leave"


def test_staying_starts_a_new_turn_with_an_empty_memory():
    g = new(4)
    empty_hands(g)
    at_evening(g, water=9, food=9, places=4, first=BEN)
    all_pass(g)
    vote(g, [])
    for seat in (ANA, BEN, CY, DEE):
        g.act(seat, {"type": "vote", "leave": False})
    assert g.state["turn"] == 7 and table(g)["ballots"] == [] and table(g)["last_vote"] is None


def test_the_hurricane_sacrifices_are_kept_in_order():
    g = new(6, scoring="solitaire")
    empty_hands(g)
    at_evening(g, water=9, food=9, places=4, first=ANA, turn=11, hurricane=True)
    all_pass(g)
    vote(g, [(s, FAY) for s in range(6)])
    g.act(FAY, {"type": "pass"})
    vote(g, [(s, ELI) for s in range(5)])
    g.act(ELI, {"type": "pass"})
    assert g.over
    records = table(g)["ballots"]
    assert [(r["kind"], r["named"], r["outcome"]) for r in records] == [
        ("hurricane", FAY, "dead"), ("hurricane", ELI, "dead")]


# -- the weather card of the turn ---------------------------------------------------------------
def test_the_weather_shown_is_this_turns_card_and_none_before_it_is_drawn():
    g = new(4)
    empty_hands(g)
    g.state["castaways"][DEE]["alive"] = False          # a dead castaway: dawn window opens
    g.state["castaways"][DEE]["acted"] = True
    next_card = g.state["weather"][0]
    at_turn_start(g, turn=4, first=ANA)
    assert g.state["stage"]["kind"] == "dawn"
    assert table(g)["weather"] is None and not table(g)["hurricane_out"]
    all_pass(g)
    assert table(g)["phase"] == "actions"
    assert table(g)["weather"] == {"drops": next_card["drops"],
                                   "hurricane": bool(next_card.get("hurricane"))}
    water = next(e for e in g.act(g.waiting_for()[0], {"type": "collect_water"})
                 if e["type"] == "collect_water")
    assert water["drops"] == next_card["drops"]


def test_the_barometers_first_card_is_the_next_turns_weather():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["barometer"])
    at_evening(g, water=20, food=20, places=0, first=ANA)
    g.state["weather"] = [{"id": "w03", "drops": 3}, {"id": "w00", "drops": 0}] + g.state[
        "weather"]
    g.act(ANA, {"type": "play", "card": "barometer"})
    seen = g.view(ANA)["me"]["records"][-1]["weather"]
    all_pass(g)
    assert g.state["turn"] == 7
    assert table(g)["weather"]["drops"] == seen[0]["drops"] == 3


# -- secrecy --------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,seed", [(3, 4), (6, 5), (12, 6)])
def test_turn_memory_never_names_a_card_the_table_may_not_know(n, seed):
    g = new(n, seed=seed, dead_vote=seed == 5)
    rng = random.Random(seed)
    while not g.over:
        view = g.view(None)
        memory = json.dumps([view["turn_log"], [dict(r, saved_by=None) for r in view["ballots"]]])
        assert not any(f'"{card}"' in memory for card in CARDS)
        assert "hand" not in memory and "records" not in memory
        for seat in range(n):
            mine = g.view(seat)
            assert (mine["turn_log"], mine["ballots"]) == (view["turn_log"], view["ballots"])
        random_step(g, rng)
