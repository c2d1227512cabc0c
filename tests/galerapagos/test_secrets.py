"""§10: the TV sees no secret; a phone sees only its own (hand, ballot, records)."""
import copy
import json
import random

import pytest

from engine.playout import random_step
from tests.galerapagos.helpers import (ANA, BEN, CY, DEE, all_pass, at_survival, empty_hands,
                                       new, set_hand)

SECRET_FREE_EVENTS = ("search", "gift", "theft", "deal")


def without_own_secrets(view):
    """A phone's view minus what only that phone may see: must equal the TV's view."""
    view = copy.deepcopy(view)
    del view["me"]
    stage = view["stage"] or {}
    for ballot in (stage.get("ballot"), (stage.get("vote") or {}).get("ballot")):
        if ballot:
            ballot.pop("my_vote", None)
            ballot.pop("others", None)
    return view


@pytest.mark.parametrize("n,seed", [(3, 1), (6, 2), (12, 3)])
def test_views_leak_nothing_along_random_games(n, seed):
    g = new(n, seed=seed, dead_vote=seed == 2)
    rng = random.Random(seed)
    while not g.over:
        table = g.view(None)
        assert "me" not in table
        assert all("hand" not in c for c in table["castaways"])
        stage = table["stage"] or {}
        for ballot in (stage.get("ballot"), (stage.get("vote") or {}).get("ballot")):
            if ballot and not ballot["revealed"]:
                assert "votes" not in ballot and "tally" not in ballot
        for seat in range(n):
            assert without_own_secrets(g.view(seat)) == table
        _, _, events = random_step(g, rng)
        for event in events:
            if event["type"] in SECRET_FREE_EVENTS:
                assert "card" not in event and "cards" not in event
    assert all("hand" in c for c in g.view(None)["castaways"])


def test_own_ballot_and_the_crystal_ball_view():
    g = new(4)
    empty_hands(g)
    set_hand(g, DEE, [], faceup=["crystal_ball"])
    at_survival(g, water=3, food=20)
    all_pass(g)
    g.act(ANA, {"type": "vote", "target": BEN})
    assert g.view(ANA)["stage"]["vote"]["ballot"]["my_vote"] == BEN
    assert g.view(BEN)["stage"]["vote"]["ballot"]["my_vote"] is None
    assert "others" not in g.view(DEE)["stage"]["vote"]["ballot"]
    assert json.dumps(g.view(None)).count('"my_vote"') == 0
    g.act(BEN, {"type": "vote", "target": CY})
    g.act(CY, {"type": "vote", "target": BEN})
    assert g.view(DEE)["stage"]["vote"]["ballot"]["others"] == [[ANA, BEN], [BEN, CY], [CY, BEN]]
    assert "others" not in g.view(CY)["stage"]["vote"]["ballot"]
    assert g.view(None)["stage"]["vote"]["ballot"]["voted"] == [ANA, BEN, CY]


def test_gifts_and_inheritance_known_only_to_the_two_involved():
    g = new(4)
    empty_hands(g)
    set_hand(g, ANA, ["plank"])
    at_survival(g, water=20, food=20)
    events = g.act(ANA, {"type": "give", "card": "plank", "to": BEN})
    assert events == [{"type": "gift", "seat": ANA, "to": BEN}]
    assert g.view(BEN)["me"]["records"][-1]["cards"] == ["plank"]
    assert g.view(ANA)["me"]["records"][-1]["cards"] == ["plank"]
    assert "plank" not in json.dumps(g.view(CY)) and "plank" not in json.dumps(g.view(None))
