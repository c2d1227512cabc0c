"""Legal lists are copied for each caller by a shallow copy of each action when the game says
its actions are flat (Game.NESTED_ACTIONS): the declaration must hold, or two callers would
share a list inside an action."""
import random

import pytest

import engine
from engine.base import Game

SCALARS = (str, int, float, bool, type(None))


@pytest.mark.parametrize("game_id,players", [("galerapagos", 3), ("galerapagos", 7),
                                             ("galerapagos", 12), ("lifeboat", 4),
                                             ("lifeboat", 6), ("lifeboats", 3),
                                             ("lifeboats", 6)])
def test_only_the_declared_action_types_hold_lists_or_dicts(game_id, players):
    for seed in range(6):
        game = engine.new_game(game_id, [f"P{s}" for s in range(players)], seed=seed)
        nested = game.NESTED_ACTIONS
        assert nested is not None
        rng = random.Random(seed)
        while not game.over and game.waiting_for():
            for seat in range(players):           # out-of-turn actions too
                for action in game.legal_actions(seat):
                    if action["type"] not in nested:
                        assert all(type(v) in SCALARS for v in action.values()), action
            seat = rng.choice(game.waiting_for())
            game.act(seat, rng.choice(game.legal_actions(seat)))


def test_nested_actions_are_copied_whole():
    class Nested(Game):
        NESTED_ACTIONS = frozenset({"pick"})

    game = Nested({"players": ["A"], "options": {}, "rng": 1})
    legal = [{"type": "pick", "cards": [1, 2]}, {"type": "pass"}]
    copy = game._copy_legal(legal)
    copy[0]["cards"].append(3)
    copy[1]["type"] = "vandalised"
    assert legal == [{"type": "pick", "cards": [1, 2]}, {"type": "pass"}]
