"""The engine contract, checked against every game in engine.GAMES (and the test fixture).

These tests know nothing of any game's rules: only what shared/design/engine-contract.md
promises. A new game passes them before anything else is looked at.
"""
import json
import random

import pytest

import engine
from engine.playout import play_out, random_step

MAX_ACTIONS = 20000


def player_counts(info):
    counts = {info.min_players, info.max_players, (info.min_players + info.max_players) // 2}
    return sorted(counts)


CASES = [(gid, n) for gid, info in sorted(engine.GAMES.items()) for n in player_counts(info)]


def names(n):
    return [f"P{i}" for i in range(n)]


def snapshot(game):
    return json.dumps(game.to_dict(), sort_keys=True)


def everything_seen(game):
    """All that the outside world can observe of a game, as one comparable string."""
    n = len(game.to_dict()["state"]["players"]) if "players" in game.to_dict()["state"] else None
    seats = [None] + list(range(n or 0))
    return json.dumps({
        "views": [game.view(s) for s in seats],
        "legal": [game.legal_actions(s) for s in seats if s is not None],
        "waiting": game.waiting_for(),
        "over": game.over,
    }, sort_keys=True)


@pytest.mark.parametrize("game_id,n", CASES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playout_ends_with_a_result(game_id, n, seed):
    game = engine.new_game(game_id, names(n), seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        waiting = game.waiting_for()
        assert waiting == sorted(waiting)
        assert all(0 <= s < n for s in waiting)
        if game.over:
            assert waiting == [], "a finished game waits for nobody"
            break
        assert waiting, "a game that is not over must wait for somebody"
        for s in waiting:
            assert game.legal_actions(s), f"seat {s} is waited for but has no legal action"
        seat, action, events = random_step(game, rng)
        assert isinstance(events, list) and all(isinstance(e, dict) for e in events)
        json.dumps(events)
    assert game.over, f"no end after {MAX_ACTIONS} random legal actions"
    result = game.result()
    json.dumps(result)
    assert len(result["scores"]) == n
    # Everybody may lose (Galèrapagos' hecatomb), so winners may be empty, never out of range.
    assert isinstance(result["winners"], list)
    assert all(0 <= w < n for w in result["winners"])
    assert len(set(result["winners"])) == len(result["winners"])
    assert isinstance(result["breakdown"], list) and len(result["breakdown"]) == n


@pytest.mark.parametrize("game_id,n", CASES)
def test_views_and_actions_are_json_all_along(game_id, n):
    game = engine.new_game(game_id, names(n), seed=11)
    rng = random.Random(11)
    while True:
        for seat in [None] + list(range(n)):
            view = game.view(seat)
            assert isinstance(view, dict)
            assert json.loads(json.dumps(view)) == view, "views must survive JSON unchanged"
        for seat in range(n):
            for action in game.legal_actions(seat):
                assert isinstance(action, dict) and isinstance(action["type"], str)
                assert json.loads(json.dumps(action)) == action
        state = game.to_dict()
        assert json.loads(json.dumps(state)) == state, "to_dict must survive JSON unchanged"
        if random_step(game, rng) is None:
            break


def bad_actions(game, n):
    """Malformed and out-of-turn actions, each of which must be refused."""
    yield 0, None
    yield 0, "vote"
    yield 0, {}
    yield 0, {"type": 5}
    yield 0, {"type": "no-such-action"}
    yield 0, {"type": "vote", "huge": "x" * 100000}
    yield 0, {"type": float("nan")}
    for seat in (-1, n, "0", None, True, 1.5):
        yield seat, {"type": "pass"}
    for seat in range(n):
        legal = game.legal_actions(seat)
        if legal:
            action = dict(legal[0])
            yield seat, dict(action, unexpected_key=1)
            for key, value in action.items():
                if key != "type":
                    yield seat, dict(action, **{key: [value]})
                    yield seat, {k: v for k, v in action.items() if k != key}
            # The same action from a seat that may not take it.
            for other in range(n):
                if action not in game.legal_actions(other):
                    yield other, action
                    break


@pytest.mark.parametrize("game_id,n", CASES)
def test_illegal_actions_change_nothing(game_id, n):
    game = engine.new_game(game_id, names(n), seed=5)
    rng = random.Random(5)
    steps = 0
    while not game.over and steps < MAX_ACTIONS:
        if steps % 7 == 0:
            for seat, action in bad_actions(game, n):
                before = snapshot(game)
                with pytest.raises(engine.IllegalAction) as err:
                    game.act(seat, action)
                assert isinstance(err.value.message, str) and err.value.message
                assert snapshot(game) == before, f"refused {action!r} changed the state"
        random_step(game, rng)
        steps += 1
    assert game.over


@pytest.mark.parametrize("game_id,n", CASES)
def test_load_game_round_trips_and_plays_on_identically(game_id, n):
    game = engine.new_game(game_id, names(n), seed=9)
    rng = random.Random(9)
    steps = 0
    while not game.over and steps < MAX_ACTIONS:
        if steps % 5 == 0:
            copy = engine.load_game(json.loads(json.dumps(game.to_dict())))
            assert snapshot(copy) == snapshot(game)
            assert everything_seen(copy) == everything_seen(game)
            # Both go on with the same choices and stay identical.
            fork_rng = random.Random(steps)
            for _ in range(3):
                twin = random.Random()
                twin.setstate(fork_rng.getstate())
                a = random_step(game, fork_rng)
                b = random_step(copy, twin)
                assert (a is None) == (b is None)
                if a is None:
                    break
                assert a == b
            assert snapshot(copy) == snapshot(game)
        random_step(game, rng)
        steps += 1


@pytest.mark.parametrize("game_id,n", CASES)
def test_same_seed_same_actions_same_game(game_id, n):
    logs = []
    for _ in range(2):
        game = engine.new_game(game_id, names(n), seed=42)
        rng = random.Random(42)
        log = [snapshot(game)]
        while random_step(game, rng) is not None:
            log.append(snapshot(game))
        logs.append(log)
    assert logs[0] == logs[1]


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_new_game_refuses_bad_setups(game_id):
    info = engine.GAMES[game_id]
    for players in (names(info.min_players - 1), names(info.max_players + 1), "abc", [1, 2, 3]):
        with pytest.raises(engine.IllegalAction):
            engine.new_game(game_id, players, seed=1)
    with pytest.raises(engine.IllegalAction):
        engine.new_game(game_id, names(info.min_players), seed=1, options={"no_such_option": 1})
    with pytest.raises(engine.IllegalAction):
        engine.new_game("no-such-game", names(3), seed=1)


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_game_info_is_complete(game_id):
    info = engine.GAMES[game_id]
    assert info.id == game_id and info.title
    assert 1 <= info.min_players <= info.max_players
    json.dumps(info.public())
    game = engine.new_game(game_id, names(info.min_players), seed=3)
    assert game.to_dict()["game"] == game_id


def test_play_out_helper_counts_actions():
    game = engine.new_game("fixture", names(3), seed=1)
    count = play_out(game, random.Random(1))
    assert game.over and count > 0
