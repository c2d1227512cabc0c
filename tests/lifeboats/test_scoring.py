"""§6 scores and the editions' tie-breaks (D13, E21, E26)."""
import pytest

from engine.lifeboats import data

from tests.lifeboats.helpers import ANA, BEN, BLACK, BLUE, CY, DEE, GREEN, RED, YELLOW, new

VALUES = {"left": {"officer": 8, "sailor": 6}, "middle": {"officer": 6, "sailor": 4},
          "right": {"officer": 7, "sailor": 5}}
COLOURS = [RED, YELLOW, GREEN, BLUE]


def finished(edition, order, landed, n=4):
    """A game over, boats landed in `order` (others sunk), pawns (seat, rank, island) landed."""
    g = new(n, edition)
    s = g.state
    for b in s["boats"]:
        landed_here = b["colour"] in order
        b.update(status="landed" if landed_here else "sunk", pawns=[], leaks=0,
                 landing_place=order.index(b["colour"]) + 1 if landed_here else None)
    s["landing_order"] = list(order)
    s["landed"] = [{"colour": COLOURS[seat], "seat": seat, "rank": rank, "island": island,
                    "boat": BLACK, "points": VALUES[island][rank]}
                   for seat, rank, island in landed]
    s["phase"] = s["step"] = "over"
    return g


TIED = [(ANA, "officer", "left"), (CY, "officer", "left"), (BEN, "sailor", "middle")]


@pytest.mark.parametrize("edition", ["2009", "1993"])
def test_highest_score_wins_alone(edition):
    g = finished(edition, [RED], [(BEN, "officer", "left"), (ANA, "sailor", "left")])
    assert g.result()["winners"] == [BEN] and g.result()["tie_break"] == "score"


@pytest.mark.parametrize("edition", ["2009", "1993"])
def test_tied_player_whose_own_boat_landed_first_wins(edition):
    g = finished(edition, [BLACK, YELLOW, GREEN, RED], TIED)
    assert g.result()["scores"] == [8, 4, 8, 0]
    assert g.result()["winners"] == [CY] and g.result()["tie_break"] == "own_boat_landed_first"


def test_2009_no_tied_boat_landed_all_tied_win_e26():
    g = finished("2009", [BLACK, YELLOW], TIED)
    assert g.result()["winners"] == [ANA, CY] and g.result()["tie_break"] == "shared"


@pytest.mark.parametrize("order,winner", [
    ([BLACK, YELLOW], CY),   # after Ben (yellow) clockwise: Cy
    ([BLACK, BLUE], ANA),    # after Dee (blue) clockwise: Ana (wraps round)
    ([YELLOW, BLUE], CY),
])
def test_1993_walk_clockwise_after_the_first_player_boat_e21(order, winner):
    g = finished("1993", order, TIED)
    assert g.result()["winners"] == [winner]
    assert g.result()["tie_break"] == "clockwise_after_first_player_boat"


def test_1993_only_black_landed_all_tied_win():
    g = finished("1993", [BLACK], TIED)
    assert g.result()["winners"] == [ANA, CY] and g.result()["tie_break"] == "shared"


def test_nobody_scores_everyone_ties():
    g = finished("2009", [], [])
    assert g.result()["winners"] == [0, 1, 2, 3]


def test_breakdown_and_landing_order():
    g = finished("2009", [BLACK, GREEN], TIED)
    g.state["drowned"][DEE] = {"officer": 1, "sailor": 2}
    result = g.result()
    assert result["landing_order"] == [{"boat": BLACK, "landing_place": 1, "owner": None},
                                       {"boat": GREEN, "landing_place": 2, "owner": CY}]
    dee = result["breakdown"][DEE]
    assert dee["drowned"] == 3 and dee["drowned_by_rank"] == {"officer": 1, "sailor": 2}
    assert dee["own_boat"] == "sunk" and dee["points"] == 0
    cy = result["breakdown"][CY]
    assert cy["own_boat"] == 2 and cy["islands"]["left"] == {"officer": 1, "sailor": 0,
                                                             "points": 8}
    assert [p["rank"] for p in cy["landed"]] == ["officer"]
    assert g.view(None)["result"] == result and g.view(BEN)["result"] == result


def test_island_values_and_lanes_match_the_spec_tables():
    for island, ranks in VALUES.items():
        for rank, points in ranks.items():
            assert data.island_value(island, rank) == points
    assert data.ISLAND_OF_LANE == {1: "left", 2: "left", 3: "middle", 4: "middle",
                                   5: "right", 6: "right", 7: "right"}
    assert data.DATA["landing_places"] == 7 and data.LEAK_SUPPLY == 15
