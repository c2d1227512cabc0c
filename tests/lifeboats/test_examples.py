"""§13 worked examples, re-told move for move on the exact positions they describe."""
import pytest

from engine import IllegalAction
from engine.lifeboats import board, scoring

from tests.lifeboats.helpers import (ANA, BEN, BLACK, BLUE, CY, DEE, FIVE_BOATS, GREEN, RED,
                                     YELLOW, ballot, boat, codes, of_type, position)

EDITIONS = ["2009", "1993"]


def w2_position(edition="2009"):
    """W2: phase 1 is about to put the leak in the full black boat."""
    g, _ = position(FIVE_BOATS, edition=edition)
    ev = ballot(g, {ANA: BLACK, BEN: BLACK, CY: BLACK, DEE: BLACK})
    return g, ev


@pytest.mark.parametrize("edition", EDITIONS)
def test_w1_plain_leak_vote_most_votes_wins_and_promises_bind_nobody(edition):
    g, _ = position(FIVE_BOATS, edition=edition)
    ev = ballot(g, {ANA: BLACK, BEN: GREEN, CY: RED, DEE: GREEN})
    revealed = of_type(ev, "ballot_revealed")[0]
    assert [(v["seat"], v["choice"]) for v in revealed["votes"]] == [
        (ANA, BLACK), (BEN, GREEN), (CY, RED), (DEE, GREEN)]
    assert dict(map(tuple, revealed["tally"]))[GREEN] == 2
    assert of_type(ev, "outcome")[0]["resolution"] == "majority"
    assert boat(g, GREEN)["leaks"] == 1 and boat(g, BLACK)["leaks"] == 0
    assert g.state["phase"] == "move"


@pytest.mark.parametrize("edition", EDITIONS)
def test_w1_french_six_player_version_two_votes_beat_ones(edition):
    boats = {c: (i + 1, 0, "pS", 0) for i, c in
             enumerate(["red", "yellow", "green", "blue", "purple", "white", BLACK])}
    g, _ = position(boats, n=6, edition=edition)
    ballot(g, {0: BLACK, 1: BLACK, 2: "red", 3: "yellow", 4: "green", 5: "blue"})
    assert boat(g, BLACK)["leaks"] == 1


def test_w2_ejection_tie_4_4_start_player_picks_among_tied_only():
    g, ev = w2_position()
    opened = of_type(ev, "ballot_opened")[-1]
    assert opened["kind"] == "eject" and opened["boat"] == BLACK
    assert opened["voters"] == [BEN, CY, DEE] and opened["weights"] == [4, 3, 1]
    assert opened["options"] == [YELLOW, GREEN, BLUE]
    assert g.legal_actions(ANA) == [{"type": "call_vote"}]  # Ana calls it though not voting
    ev = ballot(g, {BEN: BLUE, CY: YELLOW, DEE: YELLOW})
    assert g.legal_actions(ANA) == [{"type": "break_tie", "choice": YELLOW},
                                    {"type": "break_tie", "choice": BLUE}]
    with pytest.raises(IllegalAction):
        g.act(ANA, {"type": "break_tie", "choice": GREEN})
    ev = g.act(ANA, {"type": "break_tie", "choice": BLUE})
    assert of_type(ev, "outcome")[0]["resolution"] == "tie_break"
    assert of_type(ev, "pawn_ejected")[0] == {
        "type": "pawn_ejected", "boat": BLACK, "seat": DEE, "colour": BLUE, "rank": "sailor",
        "forced": True}
    assert codes(g, BLACK) == ["gO", "gS", "yO", "yS", "yS"] and boat(g, BLACK)["leaks"] == 1
    assert boat(g, BLACK)["status"] == "water" and not of_type(ev, "boat_sank")
    assert g.state["drowned"][DEE] == {"officer": 0, "sailor": 1}
    assert g.state["phase"] == "move"


def test_w2_had_yellow_lost_2009_ben_loses_a_sailor():
    g, _ = w2_position("2009")
    ballot(g, {BEN: BLUE, CY: YELLOW, DEE: YELLOW})
    g.act(ANA, {"type": "break_tie", "choice": YELLOW})
    assert codes(g, BLACK) == ["bS", "gO", "gS", "yO", "yS"]


def test_w2_had_yellow_lost_1993_ben_chooses():
    g, _ = w2_position("1993")
    ballot(g, {BEN: BLUE, CY: YELLOW, DEE: YELLOW})
    g.act(ANA, {"type": "break_tie", "choice": YELLOW})
    assert g.waiting_for() == [BEN]
    assert g.legal_actions(BEN) == [{"type": "eject", "rank": "officer"},
                                    {"type": "eject", "rank": "sailor"}]
    ev = g.act(BEN, {"type": "eject", "rank": "officer"})
    assert of_type(ev, "pawn_ejected")[0]["rank"] == "officer"
    assert codes(g, BLACK) == ["bS", "gO", "gS", "yS", "yS"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_w3_tied_move_vote_broken_by_start_player(edition):
    g, _ = position(FIVE_BOATS, edition=edition)
    ballot(g, {ANA: RED, BEN: RED, CY: RED, DEE: RED})  # the leak
    ev = ballot(g, {ANA: YELLOW, CY: YELLOW, BEN: BLUE, DEE: BLUE})
    assert g.waiting_for() == [ANA]
    assert g.legal_actions(ANA) == [{"type": "break_tie", "choice": YELLOW},
                                    {"type": "break_tie", "choice": BLUE}]
    ev = g.act(ANA, {"type": "break_tie", "choice": YELLOW})
    assert of_type(ev, "boat_moved")[0]["boat"] == YELLOW
    assert boat(g, YELLOW)["row"] == 1 and boat(g, BLUE)["row"] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_w4_lone_captain_decides_alone(edition):
    g, _ = w2_position(edition)
    ev = ballot(g, {BEN: BLUE, CY: YELLOW, DEE: "hat"})
    assert g.state["hats"][DEE] == 2
    assert of_type(ev, "ballot_revealed")[0]["resolution"] == "captain"
    assert g.waiting_for() == [DEE]
    assert [a["choice"] for a in g.legal_actions(DEE)] == [YELLOW, GREEN, BLUE]
    ev = g.act(DEE, {"type": "captain", "choice": GREEN})  # nobody voted green (E6)
    assert of_type(ev, "outcome")[0]["resolution"] == "captain"
    assert of_type(ev, "outcome")[0]["decided_by"] == DEE
    assert g.state["hats"] == [3, 3, 3, 2]
    if edition == "1993":  # Cy has an officer and a sailor there: he chooses (D8)
        assert g.waiting_for() == [CY] and not of_type(ev, "pawn_ejected")
        assert g.legal_actions(CY) == [{"type": "eject", "rank": "officer"},
                                       {"type": "eject", "rank": "sailor"}]
        ev = g.act(CY, {"type": "eject", "rank": "sailor"})
        assert of_type(ev, "pawn_ejected")[0]["forced"] is False
    assert codes(g, BLACK) == ["bS", "gO", "yO", "yS", "yS"]  # Cy's sailor went


@pytest.mark.parametrize("edition", EDITIONS)
def test_w5_two_hats_cancel_and_start_player_breaks_the_remaining_tie(edition):
    g, _ = position(FIVE_BOATS, edition=edition)
    ev = ballot(g, {ANA: "hat", BEN: "hat", CY: GREEN, DEE: RED})
    revealed = of_type(ev, "ballot_revealed")[0]
    assert revealed["hats"] == [ANA, BEN] and revealed["hats_cancelled"]
    assert g.state["hats"] == [2, 2, 3, 3]
    assert g.legal_actions(ANA) == [{"type": "break_tie", "choice": RED},
                                    {"type": "break_tie", "choice": GREEN}]
    ev = g.act(ANA, {"type": "break_tie", "choice": GREEN})
    out = of_type(ev, "outcome")[0]
    assert out["hats_cancelled"] and out["resolution"] == "tie_break"
    assert boat(g, GREEN)["leaks"] == 1


EJECT_TWO = dict(FIVE_BOATS, black=(7, 0, "yO yS yS gO gS gS", 0))


def test_w6_every_voter_plays_a_hat_2009_start_player_picks():
    g, _ = position(EJECT_TWO)
    ballot(g, {s: BLACK for s in range(4)})
    ev = ballot(g, {BEN: "hat", CY: "hat"})
    assert g.state["hats"] == [3, 2, 2, 3]
    assert of_type(ev, "ballot_revealed")[0]["resolution"] == "all_hats"
    assert g.legal_actions(ANA) == [{"type": "break_tie", "choice": YELLOW},
                                    {"type": "break_tie", "choice": GREEN}]
    g.act(ANA, {"type": "break_tie", "choice": YELLOW})
    assert codes(g, BLACK) == ["gO", "gS", "gS", "yO", "yS"]


def test_w6_every_voter_plays_a_hat_1993_the_ballot_is_held_again():
    g, _ = position(EJECT_TWO, edition="1993", hats=[3, 1, 3, 3])
    ballot(g, {s: BLACK for s in range(4)})
    ev = ballot(g, {BEN: "hat", CY: "hat"})
    assert of_type(ev, "ballot_restarted")[0]["round"] == 2
    assert g.state["hats"] == [3, 0, 2, 3]
    assert g.state["step"] == "negotiate" and g.waiting_for() == [ANA]
    g.act(ANA, {"type": "call_vote"})
    assert [a["choice"] for a in g.legal_actions(BEN)] == [YELLOW, GREEN]  # no hat left
    assert [a["choice"] for a in g.legal_actions(CY)] == [YELLOW, GREEN, "hat"]


@pytest.mark.parametrize("yellow,sinks", [(("rO bS yS yS yS", 0), False),
                                           (("rO bS yS", 2), True)])
@pytest.mark.parametrize("edition", EDITIONS)
def test_w7_swimming_and_a_pawn_drowns(yellow, sinks, edition):
    # Every boat is full once phase 1 has put its leak in the yellow boat.
    boats = {
        RED: (1, 0, "gS gS rS yS", 2),
        YELLOW: (2, 0) + yellow,
        GREEN: (3, 0, "gS bS rS gO yS", 1),
        BLUE: (4, 0, "yO bO rS gS bS", 1),
        BLACK: (5, 0, "rO rS gS gO yO", 1),
    }
    g, _ = position(boats, edition=edition)
    ballot(g, {s: YELLOW for s in range(4)})
    assert all(board.free_seats(b) == 0 for b in board.on_water(g.state))
    ballot(g, {s: BLACK for s in range(4)})
    assert g.state["step"] == "leave" and g.waiting_for() == [ANA]
    ev = g.act(ANA, {"type": "leave", "boat": YELLOW, "rank": "officer"})
    ev += g.act(BEN, {"type": "leave", "boat": BLUE, "rank": "officer"})
    ev += g.act(CY, {"type": "leave", "boat": GREEN, "rank": "sailor"})
    # Dee's pawns sit only in yellow, blue and green, which have all been left.
    assert of_type(ev, "swim_skipped") == [{"type": "swim_skipped", "seat": DEE}]
    assert g.waiting_for() == [CY]  # step B in reverse order: Cy, Ben, Ana
    assert g.legal_actions(CY) == [{"type": "board", "boat": YELLOW},
                                   {"type": "board", "boat": BLUE}]
    ev = g.act(CY, {"type": "board", "boat": BLUE})
    assert g.waiting_for() == [BEN]
    ev += g.act(BEN, {"type": "board", "boat": GREEN})
    # Only yellow has a free seat, and Ana left it: her officer drowns (E17).
    assert of_type(ev, "pawn_drowned")[0] == {
        "type": "pawn_drowned", "seat": ANA, "colour": RED, "rank": "officer",
        "boat": YELLOW, "reason": "swim"}
    assert codes(g, BLUE) == ["bO", "bS", "gS", "gS", "rS"]
    assert codes(g, GREEN) == ["bS", "gO", "rS", "yO", "yS"]
    if sinks:  # 2 pawns, 3 leaks at the end of the phase
        assert boat(g, YELLOW)["status"] == "sunk"
        assert of_type(ev, "boat_sank")[0]["boat"] == YELLOW
        assert g.state["drowned"][DEE]["sailor"] == 1 and g.state["drowned"][BEN]["sailor"] == 1
    else:
        assert codes(g, YELLOW) == ["bS", "yS", "yS", "yS"]
        assert boat(g, YELLOW)["status"] == "water"
    assert g.state["phase"] == "leak" and g.state["start"] == BEN


@pytest.mark.parametrize("edition", EDITIONS)
def test_w8_a_leak_on_a_free_seat_sinks_a_boat_at_the_end_of_phase_1(edition):
    g, _ = position(dict(FIVE_BOATS, green=(5, 0, "gS rO", 2)), edition=edition)
    supply = g.state["supply"]
    ev = ballot(g, {s: GREEN for s in range(4)})
    assert of_type(ev, "leak_placed")[0]["leaks"] == 3
    sank = of_type(ev, "boat_sank")[0]
    assert sank["boat"] == GREEN and sank["leaks"] == 3
    assert [(e["colour"], e["rank"]) for e in of_type(ev, "pawn_drowned")] == [
        (GREEN, "sailor"), (RED, "officer")]
    assert boat(g, GREEN)["status"] == "sunk" and g.state["supply"] == supply + 2
    assert g.state["ballot"]["options"] == [RED, YELLOW, BLUE, BLACK]  # E2: move ballot


def w9_state(g, yellow_sank=False):
    """W9's final position: landing order black, green, yellow, blue; red sank."""
    s = g.state
    order = [BLACK, GREEN, BLUE] if yellow_sank else [BLACK, GREEN, YELLOW, BLUE]
    for b in s["boats"]:
        b["pawns"], b["leaks"] = [], 0
        if b["colour"] in order:
            b["status"], b["landing_place"] = "landed", order.index(b["colour"]) + 1
        else:
            b["status"], b["landing_place"] = "sunk", None
    s["landing_order"] = order
    landed = [(ANA, "officer", "left"), (ANA, "sailor", "middle"), (ANA, "sailor", "middle"),
              (ANA, "sailor", "right"), (ANA, "sailor", "right"),
              (BEN, "officer", "left"), (BEN, "officer", "left"), (BEN, "sailor", "left"),
              (BEN, "sailor", "middle"),
              (CY, "sailor", "right"), (DEE, "officer", "middle")]
    values = {"left": {"officer": 8, "sailor": 6}, "middle": {"officer": 6, "sailor": 4},
              "right": {"officer": 7, "sailor": 5}}
    s["landed"] = [{"colour": ["red", "yellow", "green", "blue"][seat], "seat": seat,
                    "rank": rank, "island": island, "boat": BLACK,
                    "points": values[island][rank]} for seat, rank, island in landed]
    s["phase"] = s["step"] = "over"


@pytest.mark.parametrize("edition,yellow_sank,winners,how", [
    ("2009", False, [BEN], "own_boat_landed_first"),
    ("1993", False, [BEN], "own_boat_landed_first"),
    ("2009", True, [ANA, BEN], "shared"),
    ("1993", True, [ANA], "clockwise_after_first_player_boat"),
])
def test_w9_scores_and_tie_breaks(edition, yellow_sank, winners, how):
    g, _ = position(FIVE_BOATS, edition=edition)
    w9_state(g, yellow_sank)
    result = g.result()
    assert result["scores"] == [26, 26, 5, 6]
    assert result["winners"] == winners and result["tie_break"] == how
    ana = result["breakdown"][ANA]
    assert ana["islands"]["left"] == {"officer": 1, "sailor": 0, "points": 8}
    assert ana["islands"]["middle"] == {"officer": 0, "sailor": 2, "points": 8}
    assert ana["islands"]["right"] == {"officer": 0, "sailor": 2, "points": 10}
    assert ana["own_boat"] == "sunk"
    assert result["breakdown"][CY]["own_boat"] == 2
    assert scoring.scores(g.state, 4) == result["scores"]
