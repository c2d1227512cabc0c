"""Rollback by base snapshot + replay (engine/base.py): a failed action, or a rollback to any
token, gives back the state exactly as it was (as JSON, RNG included, append-only private logs
included), wherever it falls against the re-bases every REBASE_EVERY actions."""
import json
import random

import pytest

import engine

GAMES = [("galerapagos", 6, "records"), ("lifeboat", 5, "private"), ("lifeboats", 4, None)]


def frozen(game):
    return json.dumps(game.to_dict(), sort_keys=True)


def step(game, rng):
    seat = rng.choice(game.waiting_for())
    action = rng.choice(game.legal_actions(seat))
    game.act(seat, action)
    return seat, action


def private_logs(game, log):
    if log == "records":
        return [c["records"] for c in game.state["castaways"]]
    return game.state["private"] if log else None


@pytest.mark.parametrize("game_id,players,log", GAMES)
def test_a_failure_at_every_distance_from_the_base_changes_nothing(monkeypatch, game_id,
                                                                   players, log):
    game = engine.new_game(game_id, [f"P{i}" for i in range(players)], seed=5)
    rng = random.Random(5)
    every = game.REBASE_EVERY
    seen = set()
    while not game.over and len(seen) < every:
        seat = rng.choice(game.waiting_for())
        action = rng.choice(game.legal_actions(seat))
        before = frozen(game)
        logs = private_logs(game, log)
        lists = [id(x) for x in logs] if log == "records" else None
        since = len(game._since) if game._base is not None else every
        real_apply = type(game).apply

        def half_done(seat, action):
            real_apply(game, seat, action)
            game.state["rng"] += 1
            raise RuntimeError("boom")
        monkeypatch.setattr(game, "apply", half_done)
        with pytest.raises(RuntimeError):
            game.act(seat, action)
        monkeypatch.undo()
        assert frozen(game) == before
        if log == "records":       # the same list objects, cut back to their length
            assert [id(x) for x in private_logs(game, log)] == lists
        seen.add(since)
        game.act(seat, action)
    # From 1 to REBASE_EVERY - 1 actions since the base, and REBASE_EVERY: the act that re-bases
    # first, so its failure falls right after a re-base.
    assert seen == set(range(1, every + 1))


@pytest.mark.parametrize("game_id,players,log", GAMES)
@pytest.mark.parametrize("taken_at,later", [(3, 40), (15, 1), (16, 17), (17, 33), (0, 5)])
def test_a_token_survives_later_acts_and_re_bases(game_id, players, log, taken_at, later):
    game = engine.new_game(game_id, [f"P{i}" for i in range(players)], seed=11)
    twin = engine.load_game(game.to_dict())
    rng = random.Random(11)
    played = [step(game, rng) for _ in range(taken_at)]
    before = frozen(game)
    token = game.checkpoint()
    for _ in range(later):
        if game.over:
            break
        played.append(step(game, rng))
    assert game.over or frozen(game) != before
    game.rollback(token)
    assert frozen(game) == before
    # ... and it plays on exactly as a game that never went ahead and back.
    for seat, action in played:
        twin.act(seat, action)
    for seat, action in played[taken_at:]:
        game.act(seat, action)
    assert frozen(game) == frozen(twin)
    if log:
        assert json.dumps(private_logs(game, log)) == json.dumps(private_logs(twin, log))


@pytest.mark.parametrize("later", [4, 25])
def test_two_tokens_in_turn_and_a_failure_after_going_back(monkeypatch, later):
    game = engine.new_game("galerapagos", [f"P{i}" for i in range(8)], seed=2)
    rng = random.Random(2)
    for _ in range(18):
        step(game, rng)
    first, at_first = game.checkpoint(), frozen(game)
    for _ in range(4):
        step(game, rng)
    second, at_second = game.checkpoint(), frozen(game)
    for _ in range(later):
        step(game, rng)
    game.rollback(second)
    assert frozen(game) == at_second
    game.rollback(first)
    assert frozen(game) == at_first
    for _ in range(3):                 # the list since the base was cut back: a new one
        step(game, rng)
    here = frozen(game)
    seat = game.waiting_for()[0]
    action = game.legal_actions(seat)[0]
    monkeypatch.setattr(game, "apply", lambda *a: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        game.act(seat, action)
    assert frozen(game) == here


def test_a_hand_edit_announced_by_changed_is_never_undone(monkeypatch):
    game = engine.new_game("lifeboats", ["A", "B", "C", "D"], seed=4)
    rng = random.Random(4)
    for _ in range(5):
        step(game, rng)
    game.state["edited_by_hand"] = True
    game.changed()
    seat = game.waiting_for()[0]
    action = game.legal_actions(seat)[0]
    monkeypatch.setattr(game, "apply", lambda *a: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        game.act(seat, action)
    assert game.state["edited_by_hand"] is True


def test_the_action_replayed_is_the_one_chosen_not_what_apply_made_of_it(monkeypatch):
    game = engine.new_game("fixture", ["A", "B", "C"], seed=1)
    game.checkpoint()
    real_apply = type(game).apply

    def keeps_and_changes(seat, action):
        events = real_apply(game, seat, action)
        action["type"] = "changed later"    # a game that kept the dict and edits it
        return events
    monkeypatch.setattr(game, "apply", keeps_and_changes)
    game.act(game.waiting_for()[0], {"type": "cheer"})
    monkeypatch.undo()
    token, after_first = game.checkpoint(), frozen(game)
    assert token[2] == 1                    # the cheer is replayed from the base
    game.act(game.waiting_for()[0], {"type": "cheer"})
    game.rollback(token)
    assert frozen(game) == after_first


def test_a_token_of_the_current_position_restores_nothing_and_replays_nothing(monkeypatch):
    game = engine.new_game("lifeboats", ["A", "B", "C", "D"], seed=6)
    rng = random.Random(6)
    for _ in range(7):
        step(game, rng)
    token, before = game.checkpoint(), frozen(game)
    seat = game.waiting_for()[0]
    with pytest.raises(engine.IllegalAction):          # refused: nothing applied
        game.act(seat, {"type": "cheat"})
    monkeypatch.setattr(type(game), "apply", lambda *a: 1 / 0)   # a replay would fail
    game.rollback(token)
    assert frozen(game) == before


def test_a_token_taken_before_a_hand_edit_undoes_the_edit():
    game = engine.new_game("lifeboats", ["A", "B", "C", "D"], seed=6)
    rng = random.Random(6)
    for _ in range(7):
        step(game, rng)
    token, before = game.checkpoint(), frozen(game)
    game.state["edited_by_hand"] = True
    game.changed()
    game.rollback(token)
    assert frozen(game) == before
