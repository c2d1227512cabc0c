"""Each game's bot: plays whole games without an illegal move, decides reproducibly, and decides
from its own seat's eyes only (a fork that changes only what the seat cannot see gets the same
choice)."""
import json
import random

import pytest

from engine.bot import RANDOM
from engine.botplay import play_game
from engine.registry import BOTS, bot_for, new_game
from engine.playout import random_step
from tests.support.forks import fork as make_fork

GAMES = {"lifeboats": 4, "lifeboat": 6, "galerapagos": 6}
# Games per game and line-up, sized to keep each game's test to a few seconds (the benchmark
# plays many more).
COUNT = {"lifeboats": 12, "lifeboat": 8, "galerapagos": 30}


def test_every_game_has_its_bot_and_others_fall_back_to_random():
    assert set(BOTS) == set(GAMES)
    assert bot_for("fixture") is RANDOM


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bot_plays_whole_games_against_itself_and_random_players(game_id):
    n = GAMES[game_id]
    for seed in range(COUNT[game_id]):
        seats = ["bot"] * n if seed % 2 else ["random" if s != seed % n else "bot"
                                               for s in range(n)]
        game = play_game(game_id, n, seed, seats)       # act() refuses any illegal action
        assert game.over, (game_id, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_seed_gives_the_same_bot_game(game_id):
    n = GAMES[game_id]
    one = play_game(game_id, n, 3, ["bot"] * n)
    two = play_game(game_id, n, 3, ["bot"] * n)
    assert one.to_dict() == two.to_dict()


# -- no peeking ------------------------------------------------------------------------------
MAX_STEPS = 3000
# Fork every so many actions, for every seat waited for, over whole games (a few seconds each).
HIDDEN_HANDS = ("lifeboat", "galerapagos")     # Lifeboats hides only cast votes
FORK_EVERY = {"lifeboats": 3, "lifeboat": 1, "galerapagos": 2}
@pytest.mark.parametrize("game_id", GAMES)
def test_the_bot_decides_from_its_own_seat_only(game_id):
    """Fork a game on what the bot's seat cannot see (tests/support/forks.py: the other hands
    dealt again with every public count kept, the others' secret votes, the decks' order): its
    view is the same, and so is its choice (it is never given anything else to read)."""
    n = GAMES[game_id]
    bot = bot_for(game_id)
    checked = skipped = 0
    for seed in range(4):
        game = new_game(game_id, [f"P{i}" for i in range(n)], seed=seed)
        rng, forks = random.Random(seed), random.Random(-seed)
        log = []
        for step in range(MAX_STEPS):
            if game.over:
                break
            for seat in game.waiting_for() if step % FORK_EVERY[game_id] == 0 else ():
                fork = make_fork(game, seat, forks)
                if fork is None:
                    skipped += 1
                    continue      # nothing hidden from this seat just now
                assert fork.to_dict() != game.to_dict()
                view, legal = game.view(seat), game.legal_actions(seat)
                assert fork.view(seat) == view, (game_id, seed, step, seat)
                assert fork.legal_actions(seat) == legal
                mine = bot.choose(view, legal, list(log), random.Random(step))
                theirs = bot.choose(fork.view(seat), fork.legal_actions(seat), list(log),
                                    random.Random(step))
                assert mine == theirs, (game_id, seed, step, seat)
                checked += 1
            got = random_step(game, rng)
            if got is None:
                break
            log = (log + got[2])[-50:]
    assert checked > 200
    if game_id in HIDDEN_HANDS:
        # Hands are redealt with every public count kept, so a seat always has something
        # hidden from it: (almost) no fork is skipped (rotating Lifeboat hands once skipped
        # 16,000 of 17,000).
        assert skipped <= checked // 20, (checked, skipped)


@pytest.mark.parametrize("game_id", GAMES)
def test_pace_is_short_and_a_ready_is_instant(game_id):
    n = GAMES[game_id]
    bot = bot_for(game_id)
    game = new_game(game_id, [f"P{i}" for i in range(n)], seed=1)
    rng = random.Random(1)
    for _ in range(300):
        if game.over:
            break
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        view = game.view(seat)
        action = bot.choose(view, legal, [], rng)
        seconds = bot.pace(view, legal, action)
        assert 0 <= seconds <= 5
        if action["type"] in ("done", "pass") and game_id != "lifeboats":
            assert seconds < 0.5
        game.act(seat, action)
    json.dumps(game.to_dict())
