"""§7 views: what every screen carries, and what the phone adds for its own player."""
import json

import pytest

from engine import IllegalAction

from tests.lifeboats.helpers import (ANA, BEN, BLACK, CY, DEE, FIVE_BOATS, GREEN, RED, YELLOW,
                                     ballot, new, position)


def test_every_view_names_players_phase_and_who_is_awaited():
    g = new(4, seed=3)
    for seat in (None, 0, 1, 2, 3):
        view = g.view(seat)
        json.dumps(view)
        assert view["players"] == ["Ana", "Ben", "Cy", "Dee"]
        assert view["phase"] == "setup" and view["step"] == "place_boats"
        assert view["waiting_for"] == g.waiting_for()
        assert view["decision"] == {"step": "place_boats", "seat": g.state["start"]}
        assert ("me" in view) == (seat is not None)


def test_phone_view_carries_my_colour_pawns_hats_and_vote():
    g, _ = position(FIVE_BOATS, hats=[3, 2, 3, 3])
    me = g.view(BEN)["me"]
    assert (me["seat"], me["colour"], me["name"], me["hats_left"]) == (BEN, "yellow", "Ben", 2)
    assert me["pawns"] == [{"boat": "yellow", "rank": "sailor"},
                           {"boat": "black", "rank": "officer"},
                           {"boat": "black", "rank": "sailor"},
                           {"boat": "black", "rank": "sailor"}]
    assert me["voter"] and me["vote_weight"] == 1 and me["my_vote"] is None
    assert g.view(ANA)["me"]["is_start_player"] and not me["is_start_player"]


def test_the_last_reveal_stays_visible_after_the_ballot_resolves():
    g, _ = position(FIVE_BOATS)
    ballot(g, {ANA: GREEN, BEN: GREEN, CY: RED, DEE: BLACK})
    for seat in (None, ANA, DEE):
        last = g.view(seat)["last_reveal"]
        assert last["outcome"] == GREEN and last["turn"] == 1 and last["kind"] == "leak"
        assert [v["choice"] for v in last["votes"]] == [GREEN, GREEN, RED, BLACK]
    assert g.view(None)["ballot"]["kind"] == "move" and g.view(None)["ballot"]["negotiating"]


def test_the_board_shows_boats_lanes_islands_and_supply():
    g, _ = position(FIVE_BOATS)
    view = g.view(None)
    black = view["boats"][-1]
    assert black == {"colour": "black", "owner": None, "lane": 7, "island": "right", "row": 0,
                     "status": "water", "landing_place": None, "leaks": 0, "free_seats": 0,
                     "pawns": [{"colour": "yellow", "rank": "officer"},
                               {"colour": "yellow", "rank": "sailor"},
                               {"colour": "yellow", "rank": "sailor"},
                               {"colour": "green", "rank": "officer"},
                               {"colour": "green", "rank": "sailor"},
                               {"colour": "blue", "rank": "sailor"}]}
    assert [lane["boat"] for lane in view["lanes"]] == ["red", None, "yellow", None, "green",
                                                        "blue", "black"]
    assert [i["island"] for i in view["islands"]] == ["left", "middle", "right"]
    assert view["supply"] == 15 and view["hats_left"] == [3, 3, 3, 3]


def test_a_seat_out_of_range_has_no_view():
    with pytest.raises(IllegalAction):
        new(3).view(3)


@pytest.mark.parametrize("edition,blue", [("2009", "blue"), ("1993", "orange")])
def test_1993_shows_blue_as_orange_but_plays_the_same_colour_names(edition, blue):
    view = new(4, edition).view(None)
    assert view["colour_names"]["blue"] == blue and view["colour_names"]["red"] == "red"
    assert view["colours"][3] == "blue"


def test_the_decision_names_what_the_single_decider_chooses_about():
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yO yS gO gS gS bS", 0)), edition="1993")
    assert g.result() is None
    ballot(g, {ANA: "hat", BEN: "hat", CY: RED, DEE: BLACK})
    assert g.view(None)["decision"] == {"step": "break_tie", "seat": ANA,
                                        "choices": [RED, BLACK]}
    g.act(ANA, {"type": "break_tie", "choice": BLACK})
    ballot(g, {BEN: GREEN, CY: YELLOW, DEE: YELLOW})
    assert g.view(DEE)["decision"] == {"step": "eject_pick", "seat": BEN, "boat": BLACK}
    g.act(BEN, {"type": "eject", "rank": "sailor"})
    ballot(g, {s: RED for s in range(4)})
    while g.state["step"] == "leave":
        seat = g.waiting_for()[0]
        g.act(seat, g.legal_actions(seat)[0])
    swimmer = g.view(None)["swim"]["swimmers"][-1]
    assert g.view(None)["decision"] == {"step": "board", "seat": swimmer["seat"],
                                        "left_boat": swimmer["boat"]}


def test_the_turns_outcomes_stay_in_the_view_until_the_next_turn():
    """A TV that reloads gets only the state: what the turn did without a reveal (a ballot
    with one option, a forced ejection or boarding, a drowning) must be in the view."""
    import random

    import engine
    from engine.lifeboats.game import TURN_OUTCOMES
    seen_unheld = seen_drowned = False
    for seed in range(6):
        g = new(4, seed=seed)
        rng = random.Random(seed)
        expected = []
        while not g.over:
            seat = g.waiting_for()[0]
            events = g.act(seat, rng.choice(g.legal_actions(seat)))
            for e in events:
                if e["type"] == "turn_started":
                    expected = []
                elif e["type"] in TURN_OUTCOMES:
                    expected.append(e)
            seen_unheld |= any(e.get("resolution") == "single_option" for e in events)
            seen_drowned |= any(e["type"] == "pawn_drowned" for e in events)
            for who in (None, seat):
                assert g.view(who)["turn_outcomes"] == expected
        # kept across a save and a reload
        again = engine.load_game(json.loads(json.dumps(g.to_dict())))
        assert again.view(None)["turn_outcomes"] == expected
    assert seen_unheld and seen_drowned
