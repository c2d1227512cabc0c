"""§5 ballots: negotiation and call_vote, secret votes, the reveal, hats (D6, D7),
and the edge cases E4-E9, E23, E24."""
import json

import pytest

from engine import IllegalAction

from tests.lifeboats.helpers import (ANA, BEN, BLACK, BLUE, CY, DEE, FIVE_BOATS, GREEN, RED,
                                     YELLOW, ballot, boat, codes, of_type, position)


def test_negotiation_waits_for_the_start_player_alone_then_everyone_votes():
    g, ev = position(FIVE_BOATS, start=CY, negotiation_seconds=45)
    opened = of_type(ev, "ballot_opened")[0]
    assert opened["kind"] == "leak" and opened["voters"] == [0, 1, 2, 3]
    assert opened["negotiation_seconds"] == 45
    assert g.waiting_for() == [CY]
    assert g.view(None)["ballot"]["negotiating"] and g.view(None)["negotiation_seconds"] == 45
    for seat in (ANA, BEN, DEE):
        assert g.legal_actions(seat) == []
        with pytest.raises(IllegalAction):
            g.act(seat, {"type": "vote", "choice": RED})
    ev = g.act(CY, {"type": "call_vote"})
    assert ev == [{"type": "vote_called", "seat": CY, "kind": "leak"}]
    assert g.waiting_for() == [0, 1, 2, 3]
    assert g.legal_actions(ANA) == [{"type": "vote", "choice": c}
                                    for c in (RED, YELLOW, GREEN, BLUE, BLACK, "hat")]


def test_e24_no_second_vote_and_no_abstention():
    g, _ = position(FIVE_BOATS)
    g.act(ANA, {"type": "call_vote"})
    g.act(BEN, {"type": "vote", "choice": RED})
    with pytest.raises(IllegalAction) as err:
        g.act(BEN, {"type": "vote", "choice": BLUE})
    assert "already voted" in err.value.message
    assert g.legal_actions(BEN) == [] and g.waiting_for() == [ANA, CY, DEE]
    g.act(ANA, {"type": "vote", "choice": RED})
    g.act(CY, {"type": "vote", "choice": RED})
    assert g.state["phase"] == "leak" and g.waiting_for() == [DEE]  # waits for the last one


def test_votes_are_secret_until_the_reveal_then_public_and_kept_after_resolution():
    g, _ = position(FIVE_BOATS)
    g.act(ANA, {"type": "call_vote"})
    g.act(BEN, {"type": "vote", "choice": GREEN})
    table = g.view(None)["ballot"]
    assert table["voted"] == [BEN] and "votes" not in table and not table["revealed"]
    assert g.view(BEN)["me"]["my_vote"] == GREEN
    assert g.view(BEN)["ballot"]["my_vote"] == GREEN
    for seat in (None, ANA, CY, DEE):
        assert GREEN not in json.dumps(g.view(seat)["ballot"]["voted"])
        assert g.view(seat)["ballot"].get("my_vote") is None
    ev = []
    for seat, choice in ((ANA, GREEN), (CY, RED), (DEE, BLACK)):
        ev += g.act(seat, {"type": "vote", "choice": choice})
    assert [e["type"] for e in ev] == ["voted", "voted", "voted", "ballot_revealed", "outcome",
                                       "leak_placed", "ballot_opened"]
    last = g.view(None)["last_reveal"]
    assert last["kind"] == "leak" and last["outcome"] == GREEN
    assert last["votes"] == [{"seat": 0, "choice": GREEN, "weight": 1},
                             {"seat": 1, "choice": GREEN, "weight": 1},
                             {"seat": 2, "choice": RED, "weight": 1},
                             {"seat": 3, "choice": BLACK, "weight": 1}]
    assert last["tally"] == [[RED, 1], [YELLOW, 0], [GREEN, 2], [BLUE, 0], [BLACK, 1]]
    assert last["resolution"] == "majority" and last["decided_by"] is None


def test_start_player_breaks_ties_even_after_a_cancelled_hat_e5():
    g, _ = position(FIVE_BOATS, start=DEE)
    ballot(g, {ANA: RED, BEN: BLUE, CY: "hat", DEE: "hat"})
    assert g.waiting_for() == [DEE] and g.state["step"] == "break_tie"
    assert g.state["hats"] == [3, 3, 2, 2]


def test_e5_start_player_breaks_an_ejection_tie_with_no_pawn_in_the_boat():
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yO gO yS gS bS bS", 0)), start=ANA)
    ballot(g, {s: BLACK for s in range(4)})
    assert g.state["ballot"]["voters"] == [BEN, CY, DEE]
    ballot(g, {BEN: GREEN, CY: YELLOW, DEE: BLUE})  # 3-3-2
    assert g.waiting_for() == [ANA]
    assert [a["choice"] for a in g.legal_actions(ANA)] == [YELLOW, GREEN]


def test_lone_captain_may_pick_own_colour_e6():
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yO gO yS gS bS bS", 0)))
    ballot(g, {s: BLACK for s in range(4)})
    ballot(g, {BEN: "hat", CY: YELLOW, DEE: YELLOW})
    g.act(BEN, {"type": "captain", "choice": YELLOW})
    assert codes(g, BLACK) == ["bS", "bS", "gO", "gS", "yO"]


def test_e7_a_player_without_hats_has_no_hat_on_the_wheel():
    g, _ = position(FIVE_BOATS, hats=[0, 1, 3, 3])
    g.act(ANA, {"type": "call_vote"})
    assert "hat" not in [a["choice"] for a in g.legal_actions(ANA)]
    assert "hat" in [a["choice"] for a in g.legal_actions(BEN)]
    with pytest.raises(IllegalAction):
        g.act(ANA, {"type": "vote", "choice": "hat"})
    assert g.view(None)["ballot"]["hat_allowed"] == [False, True, True, True]


def test_hats_spent_even_when_they_make_no_difference():
    g, _ = position(FIVE_BOATS)
    ev = ballot(g, {ANA: "hat", BEN: "hat", CY: GREEN, DEE: GREEN})
    assert of_type(ev, "outcome")[0]["resolution"] == "majority"
    assert of_type(ev, "outcome")[0]["hats_cancelled"]
    assert g.state["hats"] == [2, 2, 3, 3] and boat(g, GREEN)["leaks"] == 1
    assert g.view(None)["hats_spent"] == [1, 1, 0, 0]


def test_all_hats_in_a_leak_ballot_2009_start_player_picks_from_all_options():
    g, _ = position(FIVE_BOATS, start=BEN)
    ballot(g, {s: "hat" for s in range(4)})
    assert g.waiting_for() == [BEN]
    assert [a["choice"] for a in g.legal_actions(BEN)] == [RED, YELLOW, GREEN, BLUE, BLACK]


def test_e8_1993_revote_loops_until_it_ends_and_hats_stay_spent():
    g, _ = position(FIVE_BOATS, edition="1993", hats=[1, 1, 2, 2])
    ev = ballot(g, {s: "hat" for s in range(4)})
    assert of_type(ev, "ballot_restarted") and g.state["hats"] == [0, 0, 1, 1]
    ev = ballot(g, {ANA: RED, BEN: RED, CY: "hat", DEE: "hat"})  # cancel, red wins
    assert g.state["hats"] == [0, 0, 0, 0] and boat(g, RED)["leaks"] == 1
    assert of_type(ev, "outcome")[0]["resolution"] == "majority"


def test_e4_single_option_ballots_are_not_held():
    g, ev = position({YELLOW: (3, 1, "yS yS rS rO bS gS", 0)})
    # Leak ballot: one boat; it is full; its pawns' colours still give an ejection ballot.
    assert of_type(ev, "outcome")[0]["resolution"] == "single_option"
    assert g.state["ballot"]["kind"] == "eject" and g.waiting_for() == [ANA]
    g2, ev2 = position({YELLOW: (3, 0, "yS yS yO yS yO yS", 0)})
    # Leak: one option; ejection: one colour; move: one option; no swim with one boat.
    assert [e["kind"] for e in of_type(ev2, "outcome")][:3] == ["leak", "eject", "move"]
    assert of_type(ev2, "pawn_ejected")[0]["rank"] == "sailor"
    assert not of_type(ev2, "ballot_opened") and g2.state["hats"] == [3, 3, 3, 3]
    assert of_type(ev2, "phase_skipped")[0] == {"type": "phase_skipped", "phase": "swim",
                                                "reason": "one_boat"}
    # Nobody ever has a choice: the whole game plays itself out (3 turns, 3 ejections).
    assert g2.over and len(of_type(ev2, "pawn_ejected")) == 3
    assert g2.result()["landing_order"][0]["boat"] == YELLOW


def test_e9_ejection_weights_are_officers_2_sailors_1_black_never_an_option():
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "rO rS yO yO gS bS", 0)))
    ev = ballot(g, {s: BLACK for s in range(4)})
    opened = of_type(ev, "ballot_opened")[-1]
    assert opened["options"] == [RED, YELLOW, GREEN, BLUE]
    assert opened["weights"] == [3, 4, 1, 1]
    assert g.view(None)["ballot"]["weights"] == [3, 4, 1, 1]
    assert g.view(BEN)["me"]["vote_weight"] == 4
    ev = ballot(g, {ANA: YELLOW, BEN: RED, CY: RED, DEE: YELLOW})  # red 5, yellow 4
    assert of_type(ev, "pawn_ejected")[0]["colour"] == RED


def test_an_ejection_revote_in_1993_keeps_the_weights():
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yO yS yS gO gS gS", 0)), edition="1993")
    ballot(g, {s: BLACK for s in range(4)})
    ballot(g, {BEN: "hat", CY: "hat"})
    assert g.state["ballot"]["weights"] == [4, 4] and g.state["ballot"]["round"] == 2


@pytest.mark.parametrize("edition", ["2009", "1993"])
def test_an_ejection_voter_may_name_their_own_colour(edition):
    # §4.3.3: Ben (yellow, weight 3) votes yellow, and his own vote counts against him.
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yO yS gO gS bS bS", 0)), edition=edition)
    ballot(g, {s: BLACK for s in range(4)})
    g.act(ANA, {"type": "call_vote"})
    assert [a["choice"] for a in g.legal_actions(BEN)] == [YELLOW, GREEN, BLUE, "hat"]
    for seat, choice in ((BEN, YELLOW), (CY, BLUE), (DEE, BLUE)):
        ev = g.act(seat, {"type": "vote", "choice": choice})
    assert of_type(ev, "ballot_revealed")[0]["tally"] == [[YELLOW, 3], [GREEN, 0], [BLUE, 5]]
    assert of_type(ev, "pawn_ejected")[0]["colour"] == BLUE  # 5 beats 3


def test_e8_the_1993_revote_reopens_the_talk_and_restarts_the_countdown():
    g, _ = position(FIVE_BOATS, edition="1993", negotiation_seconds=30)
    ev = ballot(g, {s: "hat" for s in range(4)})
    reopened = of_type(ev, "ballot_opened")[-1]
    assert reopened["kind"] == "leak" and reopened["round"] == 2
    assert reopened["negotiation_seconds"] == 30
    table = g.view(None)["ballot"]
    assert table["negotiating"] and table["round"] == 2 and table["voted"] == []
    assert table["hat_allowed"] == [True] * 4  # 2 hats each are left
    assert [g.legal_actions(s) for s in range(4)] == [[{"type": "call_vote"}], [], [], []]
    assert not of_type(ev, "outcome") and boat(g, RED)["leaks"] == 0


@pytest.mark.parametrize("edition,waits", [("2009", False), ("1993", True)])
def test_e4_a_full_boat_of_one_colour_loses_a_pawn_without_a_vote(edition, waits):
    # One boat on the water, full, all yellow: neither the leak nor the ejection is held; in
    # 1993 Ben still picks the rank he loses (D8), since he has both there.
    g, ev = position({YELLOW: (3, 0, "yS yS yO yS yO yS", 0)}, edition=edition)
    assert [e["resolution"] for e in of_type(ev, "outcome")][:2] == ["single_option"] * 2
    assert not of_type(ev, "ballot_opened") and g.state["hats"] == [3, 3, 3, 3]
    if waits:
        assert g.waiting_for() == [BEN] and g.state["step"] == "eject_pick"
        ev = g.act(BEN, {"type": "eject", "rank": "officer"})
    assert of_type(ev, "pawn_ejected")[0]["rank"] == ("officer" if waits else "sailor")
