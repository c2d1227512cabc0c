"""§3 setup, §2.1 component counts, D3/D4, E1, E25, E27 (forced setup), E29."""
import random

import pytest

import engine
from engine import IllegalAction
from engine.lifeboats import board

from tests.lifeboats.helpers import NAMES, new, of_type

COUNTS = {3: (4, 2, 5, 21, 24, 3), 4: (5, 2, 5, 28, 30, 2), 5: (6, 2, 4, 30, 36, 6),
          6: (7, 2, 4, 36, 42, 6)}


def play_setup(g, rng):
    """Random legal setup choices until turn 1 begins; returns all events."""
    events = []
    while g.state["phase"] == "setup":
        seat = g.waiting_for()[0]
        events += g.act(seat, rng.choice(g.legal_actions(seat)))
    return events


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_component_counts_per_player_count(n):
    boats, officers, sailors, in_play, seats, free = COUNTS[n]
    g = new(n)
    s = g.state
    assert len(s["boats"]) == boats and s["boats"][-1]["colour"] == "black"
    assert s["unplaced"] == [{"officer": officers, "sailor": sailors}] * n
    assert s["hats"] == [3] * n and s["supply"] == 15
    play_setup(g, random.Random(n))
    on = board.on_water(s)
    assert sum(len(b["pawns"]) for b in on) == in_play
    assert sum(board.free_seats(b) for b in on) == free and len(on) * 6 == seats


def test_e1_seat_i_plays_colour_i():
    g = new(6)
    assert g.view(None)["colours"] == ["red", "yellow", "green", "blue", "purple", "white"]
    assert [g.view(i)["me"]["colour"] for i in range(6)] == g.view(None)["colours"]


def test_d3_start_player_is_drawn_from_the_seed_and_deterministic():
    starts = {new(5, seed=seed).state["start"] for seed in range(40)}
    assert starts == set(range(5))
    assert new(5, seed=7).state["start"] == new(5, seed=7).state["start"]


def test_boats_clockwise_from_start_player_then_black_by_start_player():
    g = new(4, seed=2)
    start = g.state["start"]
    assert g.state["step"] == "place_boats" and g.waiting_for() == [start]
    assert g.legal_actions(start) == [{"type": "place_boat", "lane": lane}
                                      for lane in range(1, 8)]
    order = []
    for lane in (7, 1, 4, 2):
        seat = g.waiting_for()[0]
        order.append(seat)
        ev = g.act(seat, {"type": "place_boat", "lane": lane})
        assert ev[0]["boat"] == ["red", "yellow", "green", "blue"][seat]
    assert order == [(start + k) % 4 for k in range(4)]
    assert g.state["step"] == "place_black" and g.waiting_for() == [start]
    assert [a["lane"] for a in g.legal_actions(start)] == [3, 5, 6]
    with pytest.raises(IllegalAction):
        g.act(start, {"type": "place_black", "lane": 7})
    ev = g.act(start, {"type": "place_black", "lane": 5})
    assert ev[0] == {"type": "boat_placed", "seat": start, "boat": "black", "lane": 5,
                     "island": "right", "forced": False}
    assert g.state["step"] == "place_pawns"
    lanes = g.view(None)["lanes"]
    assert [x["boat"] for x in lanes if x["lane"] in (3, 6)] == [None, None]  # stay empty


def test_black_boat_is_placed_automatically_when_one_lane_is_left():
    g = new(6, seed=1)
    ev = []
    for lane in range(1, 7):
        ev += g.act(g.waiting_for()[0], {"type": "place_boat", "lane": lane})
    black = of_type(ev, "boat_placed")[-1]
    assert black["boat"] == "black" and black["lane"] == 7 and black["forced"]
    assert g.state["step"] == "place_pawns"


def test_pawns_seated_one_at_a_time_clockwise_anywhere():
    g = new(3, seed=4)
    start = g.state["start"]
    for lane in (1, 2, 3, 4):
        g.act(g.waiting_for()[0], {"type": "place_boat" if g.state["step"] == "place_boats"
                                   else "place_black", "lane": lane})
    seen = []
    for _ in range(6):
        seat = g.waiting_for()[0]
        seen.append(seat)
        acts = g.legal_actions(seat)
        # E25: any boat with a free seat, either rank still held.
        assert {a["boat"] for a in acts} == {"red", "yellow", "green", "black"}
        assert {a["rank"] for a in acts} == {"officer", "sailor"}
        g.act(seat, {"type": "place_pawn", "boat": "black", "rank": "sailor"})
    assert seen == [(start + k) % 3 for k in range(6)]
    assert len(board.boat(g.state, "black")["pawns"]) == 6
    assert "black" not in {a["boat"] for a in g.legal_actions(g.waiting_for()[0])}


def test_a_pawn_with_a_single_legal_seat_is_seated_automatically():
    g = new(3, seed=4)
    s = g.state
    rng = random.Random(0)
    while s["step"] != "place_pawns":
        seat = g.waiting_for()[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    # Leave every player a single sailor and a single boat with free seats.
    s["unplaced"] = [{"officer": 0, "sailor": 1} for _ in range(3)]
    for b in board.on_water(s):
        b["leaks"] = 0 if b["colour"] == "black" else 6 - len(b["pawns"])
    seat = g.waiting_for()[0]
    ev = g.act(seat, {"type": "place_pawn", "boat": "black", "rank": "sailor"})
    seated = of_type(ev, "pawn_seated")
    assert [e["forced"] for e in seated] == [False, True, True]
    assert g.state["phase"] == "leak"


def test_e29_setup_start_player_starts_turn_1_with_phase_1():
    g = new(4, seed=3)
    start = g.state["start"]
    ev = play_setup(g, random.Random(1))
    assert of_type(ev, "turn_started")[0] == {"type": "turn_started", "turn": 1,
                                              "start_player": start}
    assert g.state["phase"] == "leak" and g.state["step"] == "negotiate"
    assert g.waiting_for() == [start]


@pytest.mark.parametrize("options", [
    {"edition": "2000"}, {"edition": 2009}, {"rows": 1}, {"rows": 6}, {"rows": "3"},
    {"rows": True}, {"negotiation_seconds": -1}, {"negotiation_seconds": 1.5}, {"hats": 4},
])
def test_bad_options_are_refused(options):
    with pytest.raises(IllegalAction):
        engine.new_game("lifeboats", NAMES[:4], seed=1, options=options)


def test_option_defaults_and_game_info():
    info = engine.GAMES["lifeboats"]
    assert (info.min_players, info.max_players) == (3, 6)
    assert info.options == {"edition": "2009", "rows": 3, "negotiation_seconds": 0,
                            "reveal_seconds": 8}
    g = engine.new_game("lifeboats", NAMES[:3], seed=1,
                        options={"edition": "1993", "rows": 5, "negotiation_seconds": 30})
    view = g.view(None)
    assert (view["edition"], view["rows"], view["negotiation_seconds"]) == ("1993", 5, 30)
