"""Nothing the engine hands out may alias its state (contract: views, events, legal actions and
results are the caller's to keep or mutate). Each returned object is vandalised in every
nested list and dict, and the game's full state must not change."""
import json
import random

import pytest

import engine

from tests.lifeboats.helpers import (ANA, BEN, BLACK, CY, DEE, FIVE_BOATS, GREEN, RED, ballot,
                                     new, position)


def vandalise(value):
    """Mutate every container reachable from `value`, in place."""
    if isinstance(value, dict):
        for key in list(value):
            vandalise(value[key])
            value[key] = "vandalised"
        value["vandal"] = True
    elif isinstance(value, list):
        for item in value:
            vandalise(item)
        value[:] = ["vandalised"]


def frozen(g):
    return json.dumps(g.to_dict(), sort_keys=True)


def assert_nothing_aliases(g, events=()):
    before = frozen(g)
    handed_out = [g.view(None), g.result(), list(events)]
    for seat in range(g.n):
        handed_out += [g.view(seat), g.legal_actions(seat), g.waiting_for()]
    for thing in handed_out:
        vandalise(thing)
    assert frozen(g) == before


def test_last_reveal_in_a_view_is_a_copy():
    g, _ = position(FIVE_BOATS)
    ballot(g, {ANA: GREEN, BEN: GREEN, CY: RED, DEE: BLACK})
    view = g.view(None)
    view["last_reveal"]["votes"][0]["choice"] = BLACK
    view["last_reveal"]["tally"].clear()
    view["last_reveal"]["hats"].append(ANA)
    g.view(ANA)["last_reveal"]["options"].append("pink")
    last = g.view(None)["last_reveal"]
    assert last["votes"][0]["choice"] == GREEN and last["hats"] == []
    assert last["tally"][2] == [GREEN, 2] and "pink" not in last["options"]


def test_a_revealed_tie_break_ballot_in_a_view_is_a_copy():
    g, _ = position(FIVE_BOATS)
    ballot(g, {ANA: GREEN, BEN: RED, CY: GREEN, DEE: RED})
    assert g.state["step"] == "break_tie"
    assert_nothing_aliases(g)
    view = g.view(None)
    view["decision"]["choices"].append(BLACK)
    view["last_reveal"]["tied"].append(BLACK)
    assert g.legal_actions(ANA) == [{"type": "break_tie", "choice": RED},
                                    {"type": "break_tie", "choice": GREEN}]


def test_the_result_in_views_and_from_result_is_a_copy():
    g, _ = position({RED: (1, 2, "rO rS", 0)}, supply=0)
    assert g.over
    assert_nothing_aliases(g)
    g.view(None)["result"]["breakdown"][0]["landed"].clear()
    g.result()["scores"][0] = 99
    assert g.result()["scores"][0] == 14
    assert len(g.view(None)["result"]["breakdown"][0]["landed"]) == 2


@pytest.mark.parametrize("edition", ["2009", "1993"])
@pytest.mark.parametrize("n,seed", [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_nothing_handed_out_aliases_the_state_at_any_point_of_a_playout(n, seed, edition):
    g = new(n, edition, seed=seed)
    rng = random.Random(seed)
    events = []
    while not g.over:
        assert_nothing_aliases(g, events)
        seat = rng.choice(g.waiting_for())
        events = g.act(seat, rng.choice(g.legal_actions(seat)))
    assert_nothing_aliases(g, events)


def test_an_action_dict_kept_by_the_caller_is_not_stored():
    g, _ = position(FIVE_BOATS)
    action = {"type": "call_vote"}
    g.act(ANA, action)
    vote = {"type": "vote", "choice": GREEN}
    g.act(BEN, vote)
    vote["choice"] = RED
    before = frozen(g)
    action["type"] = "vandalised"
    assert frozen(g) == before
    assert g.view(BEN)["me"]["my_vote"] == GREEN
    assert engine.load_game(g.to_dict()).view(BEN)["me"]["my_vote"] == GREEN
