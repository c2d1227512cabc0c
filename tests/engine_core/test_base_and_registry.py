"""The contract's guard rails in engine.base and engine.registry, shown on the fixture game."""
import json

import pytest

import engine
from engine.base import canonical
from engine.registry import check_options


def fixture(n=3, **options):
    return engine.new_game("fixture", [f"P{i}" for i in range(n)], seed=4, options=options)


def test_canonical_tells_apart_what_python_equality_confuses():
    assert canonical({"a": 1}) != canonical({"a": True})
    assert canonical({"a": 1}) != canonical({"a": 1.0})
    assert canonical({"a": 1, "b": 2}) == canonical({"b": 2, "a": 1})


def test_an_action_equal_only_by_python_equality_is_refused():
    game = fixture()
    seat = game.waiting_for()[0]
    before = json.dumps(game.to_dict())
    with pytest.raises(engine.IllegalAction):
        game.act(seat, {"type": "vote", "choice": "red", "extra": None})
    with pytest.raises(engine.IllegalAction) as err:
        game.act(True, {"type": "vote", "choice": "red"})
    assert err.value.code == "bad_seat"
    assert json.dumps(game.to_dict()) == before


def test_a_failure_inside_apply_rolls_everything_back(monkeypatch):
    game = fixture()
    before = json.dumps(game.to_dict())

    def half_done(seat, action):
        game.state["scores"][0] = 99
        game.rng.randbelow(10)
        raise engine.IllegalAction("no", "nope")

    monkeypatch.setattr(game, "apply", half_done)
    with pytest.raises(engine.IllegalAction):
        game.act(game.waiting_for()[0], {"type": "cheer"})
    assert json.dumps(game.to_dict()) == before


def test_actions_after_the_end_are_refused():
    game = fixture(rounds=1)
    while not game.over:
        seat = game.waiting_for()[0]
        game.act(seat, game.legal_actions(seat)[0])
    with pytest.raises(engine.IllegalAction) as err:
        game.act(0, {"type": "cheer"})
    assert err.value.code == "game_over"


def test_options_are_filled_and_checked_against_their_spec():
    info = engine.GAMES["fixture"]
    assert check_options(info, None) == {"rounds": 2}
    assert check_options(info, {"rounds": 5}) == {"rounds": 5}
    for bad in ({"rounds": 6}, {"rounds": 0}, {"rounds": True}, {"rounds": "2"}, {"x": 1}, [1]):
        with pytest.raises(engine.IllegalAction):
            check_options(info, bad)


def test_load_game_refuses_what_is_not_a_saved_game():
    for bad in (None, {}, {"game": "nope", "state": {}}, "fixture"):
        with pytest.raises(ValueError):
            engine.load_game(bad)


def test_the_engine_imports_nothing_outside_the_standard_library():
    import pathlib
    import re
    root = pathlib.Path(engine.__file__).parent
    third_party = re.compile(r"^\s*(?:from|import)\s+(flask|socketio|flask_socketio|eventlet|"
                             r"gevent|server|qrcode|random)\b", re.M)
    offenders = [str(p) for p in root.rglob("*.py") if third_party.search(p.read_text())]
    assert offenders == [], "engine/ must stay pure: no transport, no global random"
