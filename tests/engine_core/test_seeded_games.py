"""Speed work must not change a single move (issue 13): seeded random playouts, hashed step by
step (seat, action, events) and at the end (to_dict()), give the fingerprints recorded before
the engine was optimised. The legal list's order counts too: the random player picks by index.
A rules change that is meant to change games updates these fingerprints in the same commit.
(Issue 20 added options, `reveal_seconds` and Lifeboat's `window_seconds`, to every game's
state: the moves are the same, the final to_dict() is not.)"""
import hashlib
import json
import random

import pytest

import engine
from engine.playout import random_step

FINGERPRINTS = {
    "galerapagos-3-1": "8b9b779ab9886b3f",
    "galerapagos-3-2": "392729bd3ea722df",
    "galerapagos-8-1": "022f98ef7e7fb40f",
    "galerapagos-8-2": "36460a3bfcb50243",
    "galerapagos-12-1": "e97a733ede868d90",
    "galerapagos-12-2": "bff46881c921ced1",
    "lifeboat-4-1": "d3a96ffcfd7988e0",
    "lifeboat-4-2": "345b8222b639422b",
    "lifeboat-6-1": "b0ad26b0ab52c924",
    "lifeboat-6-2": "8d049e4dd7ccc89c",
    "lifeboats-3-1": "e8849d5a8b615400",
    "lifeboats-3-2": "c95e2b384539fe84",
    "lifeboats-6-1": "24c645b9830342c2",
    "lifeboats-6-2": "aa31f6dd1ac2912d",
}


@pytest.mark.parametrize("key", sorted(FINGERPRINTS))
def test_a_seeded_random_game_is_the_same_move_for_move(key):
    game_id, players, seed = key.rsplit("-", 2)
    game = engine.new_game(game_id, [f"P{s}" for s in range(int(players))], seed=int(seed))
    rng = random.Random(int(seed))
    digest = hashlib.sha256()
    while True:
        step = random_step(game, rng)
        if step is None:
            break
        digest.update(json.dumps(step, sort_keys=True).encode())
    digest.update(json.dumps(game.to_dict(), sort_keys=True).encode())
    assert digest.hexdigest()[:16] == FINGERPRINTS[key]
