"""§4 the turn: leaks, ejections, moves and landing, swimming, the sinking and end checks,
the start player's rotation; edge cases E2, E3, E10-E20, E27, E28."""
import pytest

from engine import IllegalAction
from engine.lifeboats import board

from tests.lifeboats.helpers import (ANA, BEN, BLACK, BLUE, CY, DEE, FIVE_BOATS, GREEN, RED,
                                     YELLOW, ballot, boat, codes, of_type, position,
                                     skip_to_swim)

ALL = range(4)
EDITIONS = ["2009", "1993"]


def types(events, *wanted):
    return [e["type"] for e in events if e["type"] in wanted]


@pytest.mark.parametrize("edition", EDITIONS)
def test_e10_a_boat_can_sink_right_after_an_ejection(edition):
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yO bS bS", 3)), edition=edition)
    ballot(g, {s: BLACK for s in ALL})
    ev = ballot(g, {BEN: BLUE, DEE: BLUE})
    assert types(ev, "pawn_ejected", "leak_placed", "boat_sank", "ballot_opened") == [
        "pawn_ejected", "leak_placed", "boat_sank", "ballot_opened"]
    assert of_type(ev, "boat_sank")[0]["leaks"] == 4
    assert boat(g, BLACK)["status"] == "sunk" and g.state["phase"] == "move"


# §4.1: rank plays no part, an officer counts as one pawn ("rO" + 2 leaks sinks).
@pytest.mark.parametrize("codes_, leaks, sinks", [("", 0, True), ("rS", 1, True),
                                                  ("rS", 0, False), ("rS rS", 1, False),
                                                  ("rO", 1, True), ("rO gO", 2, True)])
@pytest.mark.parametrize("edition", EDITIONS)
def test_e11_a_leak_on_a_free_seat_sinks_when_leaks_exceed_pawns(codes_, leaks, sinks, edition):
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, codes_, leaks)), edition=edition)
    ballot(g, {s: BLACK for s in ALL})
    assert (boat(g, BLACK)["status"] == "sunk") == sinks


@pytest.mark.parametrize("edition", EDITIONS)
def test_e12_empty_boat_floats_moves_lands_takes_a_place_scores_nothing(edition):
    g, _ = position(dict(FIVE_BOATS, black=(7, 2, "", 0)), edition=edition)
    assert BLACK in g.state["ballot"]["options"]
    ballot(g, {s: RED for s in ALL})
    ev = ballot(g, {s: BLACK for s in ALL})
    landed = of_type(ev, "boat_landed")[0]
    assert landed["landing_place"] == 1 and landed["pawns"] == []
    assert g.view(None)["scores"] == [0, 0, 0, 0]


@pytest.mark.parametrize("edition", EDITIONS)
def test_e12_swimmers_can_board_an_empty_boat(edition):
    g, _ = position({RED: (1, 0, "rS rS", 0), BLACK: (7, 0, "", 0)}, edition=edition)
    ev = skip_to_swim(g, RED, RED)
    assert of_type(ev, "pawn_boarded")[0]["boat"] == BLACK  # forced: the only other boat
    assert codes(g, BLACK) == ["rS"]


def swim_avoiding(g, colour):
    """Play phase 3 without touching boat `colour` where a choice allows it."""
    while g.state["phase"] == "swim":
        seat = g.waiting_for()[0]
        acts = g.legal_actions(seat)
        g.act(seat, next((a for a in acts if a["boat"] != colour), acts[0]))


@pytest.mark.parametrize("edition", EDITIONS)
def test_landing_scores_by_island_and_rank_and_returns_leaks(edition):
    g, _ = position(dict(FIVE_BOATS, blue=(2, 2, "bO bS rO gS", 2), yellow=(4, 2, "yO yS", 1)),
                    edition=edition)
    supply = g.state["supply"]
    ballot(g, {s: RED for s in ALL})
    ev = ballot(g, {s: BLUE for s in ALL})
    landed = of_type(ev, "boat_landed")[0]
    assert (landed["island"], landed["landing_place"], landed["leaks_returned"]) == ("left", 1, 2)
    assert [(p["colour"], p["rank"], p["points"]) for p in landed["pawns"]] == [
        (BLUE, "officer", 8), (BLUE, "sailor", 6), (RED, "officer", 8), (GREEN, "sailor", 6)]
    assert g.state["supply"] == supply - 1 + 2
    assert g.view(None)["scores"] == [8, 0, 6, 14]
    assert boat(g, BLUE)["status"] == "landed" and BLUE not in board.on_water_colours(g.state)
    swim_avoiding(g, YELLOW)
    ballot(g, {s: RED for s in ALL})
    ev = ballot(g, {s: YELLOW for s in ALL})
    landed = of_type(ev, "boat_landed")[0]
    assert (landed["island"], landed["landing_place"]) == ("middle", 2)
    assert g.view(None)["scores"] == [8, 10, 6, 14]  # E19: the landed pawns stayed put
    assert g.view(None)["landing_order"] == [BLUE, YELLOW]
    left_island = g.view(None)["islands"][0]
    assert left_island["island"] == "left"
    assert [p["colour"] for p in left_island["pawns"]] == [BLUE, BLUE, RED, GREEN]


@pytest.mark.parametrize("edition", EDITIONS)
def test_e2_gone_boats_are_never_options(edition):
    g, _ = position(dict(FIVE_BOATS, yellow=(3, 0, "rS", 1)), edition=edition)
    ballot(g, {s: YELLOW for s in ALL})
    assert boat(g, YELLOW)["status"] == "sunk"
    assert g.state["ballot"]["options"] == [RED, GREEN, BLUE, BLACK]


@pytest.mark.parametrize("edition", EDITIONS)
def test_e3_players_without_pawns_vote_break_ties_and_skip_phase_3(edition):
    g, _ = position({RED: (1, 0, "rS rS", 0), GREEN: (3, 0, "gS gO rS", 0)}, start=DEE,
                    edition=edition)
    assert g.state["ballot"]["voters"] == [0, 1, 2, 3]
    g.act(DEE, {"type": "call_vote"})
    assert "hat" in [a["choice"] for a in g.legal_actions(BEN)]
    for s, c in ((ANA, RED), (BEN, GREEN), (CY, RED), (DEE, GREEN)):
        g.act(s, {"type": "vote", "choice": c})
    g.act(DEE, {"type": "break_tie", "choice": GREEN})
    ev = ballot(g, {s: RED for s in ALL})
    # Phase 3 from Dee: Dee has no pawn and skips; Ana has a choice.
    assert of_type(ev, "swim_skipped") == [{"type": "swim_skipped", "seat": DEE}]
    assert g.waiting_for() == [ANA]
    ev = g.act(ANA, {"type": "leave", "boat": RED, "rank": "sailor"})
    assert of_type(ev, "swim_skipped") == [{"type": "swim_skipped", "seat": BEN}]


@pytest.mark.parametrize("edition", EDITIONS)
def test_e13_empty_supply_skips_phase_1(edition):
    g, ev = position(FIVE_BOATS, supply=0, edition=edition)
    assert of_type(ev, "phase_skipped") == [{"type": "phase_skipped", "phase": "leak",
                                             "reason": "no_leaks"}]
    assert g.state["phase"] == "move" and g.state["ballot"]["kind"] == "move"


@pytest.mark.parametrize("ben_boards,red_sinks", [(RED, False), (BLACK, True)])
@pytest.mark.parametrize("edition", EDITIONS)
def test_swim_leaving_e14_e15_e16_e17(ben_boards, red_sinks, edition):
    boats = {RED: (1, 0, "rS gO", 2), YELLOW: (2, 0, "yS yS", 0), GREEN: (3, 0, "gS", 0),
             BLUE: (4, 0, "bS bS", 0), BLACK: (5, 0, "gS gS", 0)}
    g, _ = position(boats, edition=edition)
    ev = skip_to_swim(g, BLUE, YELLOW)
    # E15/E27: Ana's only pawn on the water is the red sailor: she must leave, and the engine
    # does it for her, though red is left with 1 pawn and 2 leaks. Ben is forced likewise.
    assert of_type(ev, "pawn_left") == [
        {"type": "pawn_left", "seat": ANA, "colour": RED, "boat": RED, "rank": "sailor",
         "forced": True},
        {"type": "pawn_left", "seat": BEN, "colour": YELLOW, "boat": YELLOW, "rank": "sailor",
         "forced": True}]
    assert boat(g, RED)["status"] == "water"  # E14: no sinking part-way through the phase
    # E16: red is closed to everybody once Ana has left it.
    assert g.waiting_for() == [CY]
    assert g.legal_actions(CY) == [{"type": "leave", "boat": GREEN, "rank": "sailor"},
                                   {"type": "leave", "boat": BLACK, "rank": "sailor"}]
    with pytest.raises(IllegalAction):
        g.act(CY, {"type": "leave", "boat": RED, "rank": "officer"})
    ev = g.act(CY, {"type": "leave", "boat": GREEN, "rank": "sailor"})
    assert of_type(ev, "pawn_left")[-1]["seat"] == DEE  # forced: blue holds all of his
    # Step B in reverse: Dee, Cy, Ben, Ana; nobody boards the boat they left (E17).
    assert g.waiting_for() == [DEE]
    assert [a["boat"] for a in g.legal_actions(DEE)] == [RED, YELLOW, GREEN, BLACK]
    ev = g.act(DEE, {"type": "board", "boat": GREEN})
    ev += g.act(CY, {"type": "board", "boat": BLUE})
    assert [a["boat"] for a in g.legal_actions(BEN)] == [RED, GREEN, BLUE, BLACK]
    ev += g.act(BEN, {"type": "board", "boat": ben_boards})
    assert YELLOW in [a["boat"] for a in g.legal_actions(ANA)]
    ev += g.act(ANA, {"type": "board", "boat": YELLOW})
    if red_sinks:  # 1 pawn, 2 leaks at the end of the phase
        assert of_type(ev, "boat_sank")[0]["boat"] == RED
        assert of_type(ev, "pawn_drowned")[0]["colour"] == GREEN
    else:  # E14: Ben's sailor boarding saved it
        assert boat(g, RED)["status"] == "water" and codes(g, RED) == ["gO", "yS"]
        assert not of_type(ev, "boat_sank")
    assert g.state["phase"] == "leak" and g.state["start"] == BEN


@pytest.mark.parametrize("edition", EDITIONS)
def test_e17_the_last_swimmer_drowns_when_the_only_free_seat_is_in_the_boat_left(edition):
    boats = {RED: (1, 0, "rS gS gS gS gS gS", 0), YELLOW: (2, 0, "yS gS gS gS gS gS", 0),
             GREEN: (3, 0, "gS gS gS gS gS gS", 0)}
    g, _ = position(boats, n=3, supply=0, edition=edition)
    ev = ballot(g, {s: GREEN for s in range(3)})
    assert [(e["seat"], e["boat"]) for e in of_type(ev, "pawn_left")] == [
        (ANA, RED), (BEN, YELLOW), (CY, GREEN)]  # all forced
    assert g.legal_actions(CY) == [{"type": "board", "boat": RED},
                                   {"type": "board", "boat": YELLOW}]
    ev = g.act(CY, {"type": "board", "boat": YELLOW})
    ev += g.act(BEN, {"type": "board", "boat": GREEN})
    assert of_type(ev, "pawn_drowned") == [{"type": "pawn_drowned", "seat": ANA,
                                            "colour": RED, "rank": "sailor", "boat": RED,
                                            "reason": "swim"}]
    assert board.free_seats(boat(g, RED)) == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_e18_phase_3_is_skipped_when_one_boat_floats_as_it_begins(edition):
    g, ev = position({RED: (1, 0, "rS rS", 0), YELLOW: (2, 0, "", 0)}, n=3, start=BEN,
                     edition=edition)
    ev = ballot(g, {s: YELLOW for s in range(3)})  # yellow sinks; the move is not held
    assert types(ev, "boat_sank", "outcome", "phase_skipped", "start_player_passed")[:5] == [
        "outcome", "boat_sank", "outcome", "phase_skipped", "start_player_passed"]
    assert of_type(ev, "phase_skipped")[0]["phase"] == "swim"
    assert of_type(ev, "start_player_passed")[0]["seat"] == CY
    assert g.over  # red alone then plays itself out


@pytest.mark.parametrize("edition", EDITIONS)
def test_e18_two_boats_and_nobody_able_to_leave_does_nothing_but_the_checks(edition):
    g, _ = position({RED: (1, 0, "", 0), YELLOW: (2, 0, "", 0)}, n=3, supply=0, edition=edition)
    ev = ballot(g, {s: RED for s in range(3)})
    assert of_type(ev, "swim_skipped") == [{"type": "swim_skipped", "seat": s}
                                           for s in (ANA, BEN, CY)]
    assert g.state["start"] == BEN and g.state["phase"] == "move"


@pytest.mark.parametrize("edition", EDITIONS)
def test_e19_e20_empty_boats_keep_the_game_going_and_landed_pawns_are_safe(edition):
    g, _ = position({RED: (1, 2, "rS", 0), YELLOW: (3, 0, "", 0)}, n=3, supply=0, edition=edition)
    ev = ballot(g, {s: RED for s in range(3)})
    # Red lands; the empty yellow boat alone plays on with no choice left: moves are not
    # held, phase 3 is skipped, until it lands 3 turns later.
    assert [e["landing_place"] for e in of_type(ev, "boat_landed")] == [1, 2]
    assert g.over and g.state["turn"] == 4
    assert g.result()["scores"] == [6, 0, 0] and g.result()["winners"] == [ANA]


@pytest.mark.parametrize("edition", EDITIONS)
def test_e28_several_boats_sink_at_the_same_moment(edition):
    boats = {RED: (1, 0, "rS gS", 2), YELLOW: (2, 0, "yS gS", 2), BLUE: (4, 0, "bS bS bS", 0),
             BLACK: (7, 0, "", 0)}
    g, _ = position(boats, edition=edition)
    supply = g.state["supply"]
    ev = skip_to_swim(g, BLUE, BLUE)
    assert [e["seat"] for e in of_type(ev, "pawn_left")] == [ANA, BEN, DEE]  # Cy: closed
    for seat in (DEE, BEN, ANA):
        ev = g.act(seat, {"type": "board", "boat": BLACK})
    assert [e["boat"] for e in of_type(ev, "boat_sank")] == [RED, YELLOW]
    assert g.state["supply"] == supply - 1 + 4
    assert g.state["drowned"][CY]["sailor"] == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_end_check_ends_the_game_at_once_after_phase_1(edition):
    g, ev = position({RED: (1, 0, "rS", 1)}, edition=edition)
    assert g.over and of_type(ev, "game_over")
    assert not of_type(ev, "boat_moved") and g.state["phase"] == "over"
    assert g.waiting_for() == [] and g.legal_actions(ANA) == []
    with pytest.raises(IllegalAction):
        g.act(ANA, {"type": "call_vote"})


@pytest.mark.parametrize("rows", [2, 3, 5])
@pytest.mark.parametrize("edition", EDITIONS)
def test_rows_option_and_d12_start_player_passes_every_turn(rows, edition):
    g, ev = position({BLACK: (7, 0, "", 0)}, supply=0, start=DEE, rows=rows, edition=edition)
    assert g.over and g.state["turn"] == rows
    assert [e["row"] for e in of_type(ev, "boat_moved")] == list(range(1, rows + 1))
    assert [e["seat"] for e in of_type(ev, "start_player_passed")] == [
        (DEE + k) % 4 for k in range(1, rows)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d12_marker_passes_after_a_played_phase_3(edition):
    g, _ = position({RED: (1, 0, "rS rS rS", 0), GREEN: (3, 0, "gS gS", 0)}, start=DEE,
                    edition=edition)
    ballot(g, {s: GREEN for s in ALL})
    ev = ballot(g, {s: GREEN for s in ALL})
    # Phase 3 is forced all through: Ana red->green, Cy green->red.
    assert [(e["seat"], e["boat"]) for e in of_type(ev, "pawn_boarded")] == [(CY, RED),
                                                                             (ANA, GREEN)]
    assert of_type(ev, "start_player_passed") == [{"type": "start_player_passed", "seat": ANA}]


def test_1993_ejection_is_automatic_when_only_one_rank_is_there():
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yS yS yS gO gO bS", 0)), edition="1993")
    ballot(g, {s: BLACK for s in ALL})
    ev = ballot(g, {BEN: GREEN, CY: GREEN, DEE: BLUE})
    ejected = of_type(ev, "pawn_ejected")[0]
    assert (ejected["seat"], ejected["rank"], ejected["forced"]) == (CY, "officer", True)
    assert g.state["phase"] == "move"


def test_2009_ejection_takes_an_officer_only_when_no_sailor_is_there():
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yS yS yS gO gO bS", 0)))
    ballot(g, {s: BLACK for s in ALL})
    ev = ballot(g, {BEN: GREEN, CY: GREEN, DEE: BLUE})
    assert of_type(ev, "pawn_ejected")[0]["rank"] == "officer"


@pytest.mark.parametrize("edition", EDITIONS)
def test_ejection_ballot_only_occupants_vote(edition):
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yS yS yS gO gO bS", 0)), edition=edition)
    ballot(g, {s: BLACK for s in ALL})
    assert board.free_seats(boat(g, BLACK)) == 0
    g.act(ANA, {"type": "call_vote"})
    assert g.legal_actions(ANA) == [] and g.waiting_for() == [BEN, CY, DEE]
    with pytest.raises(IllegalAction) as err:
        g.act(ANA, {"type": "vote", "choice": YELLOW})
    assert "pawns in that boat" in err.value.message


@pytest.mark.parametrize("edition", EDITIONS)
def test_e22_owning_a_boat_gives_no_vote_in_its_ejection(edition):
    g, _ = position(dict(FIVE_BOATS, yellow=(3, 0, "gS gS gO rS rS bS", 0)), edition=edition)
    ballot(g, {s: YELLOW for s in ALL})
    assert g.state["ballot"]["kind"] == "eject"
    assert g.state["ballot"]["voters"] == [ANA, CY, DEE]  # not Ben, the yellow boat's owner


@pytest.mark.parametrize("edition", EDITIONS)
def test_only_the_deciding_player_has_actions_outside_votes(edition):
    g, _ = position(FIVE_BOATS, edition=edition)
    assert [g.legal_actions(s) for s in ALL] == [[{"type": "call_vote"}], [], [], []]


@pytest.mark.parametrize("edition", EDITIONS)
def test_step_a_the_leaver_chooses_both_the_boat_and_the_rank(edition):
    boats = {RED: (1, 0, "rO rS gS", 0), YELLOW: (2, 0, "rS yS", 0), GREEN: (3, 0, "gO bS", 0),
             BLACK: (5, 0, "rO gS yS bS", 0)}
    g, _ = position(boats, start=CY, supply=0, edition=edition)
    ballot(g, {s: BLACK for s in ALL})  # the move (no leak: the supply is empty)
    assert g.state["step"] == "leave" and g.waiting_for() == [CY]
    ev = g.act(CY, {"type": "leave", "boat": BLACK, "rank": "sailor"})
    # Dee's only pawn outside black, closed now, is the blue sailor in green: forced.
    assert of_type(ev, "pawn_left")[-1] == {"type": "pawn_left", "seat": DEE, "colour": BLUE,
                                            "boat": GREEN, "rank": "sailor", "forced": True}
    # Ana: both ranks in red and a sailor in yellow; her officer in black is closed off.
    assert g.waiting_for() == [ANA]
    assert g.legal_actions(ANA) == [{"type": "leave", "boat": RED, "rank": "officer"},
                                    {"type": "leave", "boat": RED, "rank": "sailor"},
                                    {"type": "leave", "boat": YELLOW, "rank": "sailor"}]
    ev = g.act(ANA, {"type": "leave", "boat": RED, "rank": "officer"})
    assert of_type(ev, "pawn_left")[0]["rank"] == "officer" and codes(g, RED) == ["gS", "rS"]
