"""Speed work must not change a single move (issue 13): seeded random playouts, hashed step by
step (seat, action, events) and at the end (to_dict()), give the fingerprints recorded before
the engine was optimised. The legal list's order counts too: the random player picks by index.
A rules change that is meant to change games updates these fingerprints in the same commit."""
import hashlib
import json
import random

import pytest

import engine
from engine.playout import random_step

FINGERPRINTS = {
    "galerapagos-3-1": "12347edc1a964c93",
    "galerapagos-3-2": "d52266e30c541a19",
    "galerapagos-8-1": "3a11cf50907dc636",
    "galerapagos-8-2": "b1acf834639a651d",
    "galerapagos-12-1": "f8772630bba7bc20",
    "galerapagos-12-2": "f1e0200a8c82c0df",
    "lifeboat-4-1": "2a6fdf9335241081",
    "lifeboat-4-2": "96f7752575740736",
    "lifeboat-6-1": "13efed825a85a90d",
    "lifeboat-6-2": "652a58b52c88a1f1",
    "lifeboats-3-1": "cf6589c90dad3bb1",
    "lifeboats-3-2": "7d7670c9fe3c07a1",
    "lifeboats-6-1": "26cb92b573746b0a",
    "lifeboats-6-2": "0b8157926dad91a6",
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
