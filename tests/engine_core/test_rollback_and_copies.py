"""The guarantees the engine's speed-ups must keep (issue 13): an action that raises changes
nothing, append-only private logs included; every caller gets its own copy of legal actions and
views, however they are cached; actions compare as JSON data, not by Python equality."""
import json
import random

import pytest

import engine
from engine.base import same


def frozen(game):
    return json.dumps(game.to_dict(), sort_keys=True)


def played(game_id, players, steps, seed=3):
    game = engine.new_game(game_id, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = rng.choice(game.waiting_for())
        game.act(seat, rng.choice(game.legal_actions(seat)))
    return game, rng


@pytest.mark.parametrize("game_id,players,log", [("galerapagos", 6, "records"),
                                                  ("lifeboat", 5, "private")])
def test_an_action_that_fails_half_way_changes_nothing_not_even_a_private_log(
        monkeypatch, game_id, players, log):
    game, rng = played(game_id, players, 60)
    grew = 0
    for _ in range(40):
        if game.over:
            break
        before = frozen(game)
        seat = rng.choice(game.waiting_for())
        action = rng.choice(game.legal_actions(seat))
        real_apply = type(game).apply

        def half_done(seat, action):
            real_apply(game, seat, action)          # the whole action, then a failure
            if game_id == "galerapagos":
                game.state["castaways"][seat]["records"].append({"kind": "half"})
            else:
                game.state["private"][seat].append({"type": "half"})
            raise RuntimeError("boom")
        monkeypatch.setattr(game, "apply", half_done)
        with pytest.raises(RuntimeError):
            game.act(seat, action)
        assert frozen(game) == before
        monkeypatch.undo()
        count = json.dumps(game.state).count('"half"')
        assert count == 0
        game.act(seat, action)                       # and the same action still works
        grew += 1
    assert grew > 10


def test_legal_actions_are_each_callers_own_copy():
    game, _ = played("galerapagos", 4, 20)
    seat = game.waiting_for()[0]
    first = game.legal_actions(seat)
    expected = json.dumps(first)
    first[0]["type"] = "vandalised"
    first.append({"type": "cheat"})
    assert json.dumps(game.legal_actions(seat)) == expected
    with pytest.raises(engine.IllegalAction):
        game.act(seat, {"type": "cheat"})
    game.act(seat, json.loads(expected)[0])


def test_state_changed_by_hand_is_seen_after_changed():
    game, _ = played("fixture", 3, 0)
    seat = game.waiting_for()[0]
    assert {"type": "cheer"} in game.legal_actions(seat)
    game.state["phase"] = "over"
    game.changed()
    assert game.legal_actions(seat) == []


def test_the_shared_public_view_is_never_handed_out_itself():
    game, _ = played("lifeboats", 4, 30)
    table = game.view(None)
    table["boats"].clear()
    table["turn"] = "vandalised"
    seat = game.view(0)
    assert seat["boats"] and seat["turn"] != "vandalised"
    seat["boats"].clear()
    assert game.view(1)["boats"] and game.view(None)["boats"]


def test_actions_compare_as_json_data():
    assert same({"a": 1}, {"a": 1}) and same({"a": [1, "x"]}, {"a": [1, "x"]})
    assert not same({"a": 1}, {"a": True}) and not same({"a": 1}, {"a": 1.0})
    assert not same({"a": [1]}, {"a": (1,)}) and not same({"a": 1}, {"a": 1, "b": 2})
    assert not same({"a": {"b": 0}}, {"a": {"b": False}})
    assert not same({"a": float("nan")}, {"a": float("nan")})
