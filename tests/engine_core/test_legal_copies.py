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


def test_act_finds_the_same_data_past_an_equal_but_different_action():
    class Picky(Game):
        NESTED_ACTIONS = frozenset()

        def legal_actions(self, seat):
            return [{"type": "pick", "v": 1}, {"type": "pick", "v": True}, {"type": "pass"}]

        @property
        def over(self):
            return False

        def apply(self, seat, action):
            self.state["got"] = action["v"]
            return []

    game = Picky({"players": ["A"], "options": {}, "rng": 1})
    game.act(0, {"type": "pick", "v": True})
    assert game.state["got"] is True
    game.act(0, {"type": "pick", "v": 1})
    assert game.state["got"] == 1 and game.state["got"] is not True
    with pytest.raises(engine.IllegalAction):
        game.act(0, {"type": "pick", "v": 1.0})
