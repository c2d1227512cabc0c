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
def _hide_lifeboats(state, seat):
    """Another seat's secret vote in the open ballot."""
    ballot = state.get("ballot")
    if not ballot or ballot.get("votes") is None:
        return False
    changed = False
    for i, vote in enumerate(ballot["votes"]):
        voter = ballot["voters"][i]
        if voter != seat and vote is not None:
            others = [o for o in ballot["options"] if o != vote]
            if others:
                ballot["votes"][i] = others[0]
                changed = True
    return changed


def _hide_lifeboat(state, seat):
    """Other hands swapped among themselves, the decks' order, the others' secret cards."""
    others = [s for s in range(len(state["hand"])) if s != seat]
    hands = [state["hand"][s] for s in others]
    hands = hands[1:] + hands[:1]
    for s, hand in zip(others, hands):
        state["hand"][s] = hand
    state["prov_deck"].reverse()
    state["nav_deck"].reverse()
    for key in ("love", "hate"):
        values = [state[key][s] for s in others]
        for s, v in zip(others, values[1:] + values[:1]):
            state[key][s] = v
    return True


def _hide_galerapagos(state, seat):
    """Other hands dealt again among themselves (same sizes: sizes are public), the wreck and
    weather decks' order."""
    others = [c for c in state["castaways"] if c is not state["castaways"][seat]]
    pool = [card for c in others for card in c["hand"]][::-1]
    for c in others:
        size = len(c["hand"])
        c["hand"], pool = pool[:size], pool[size:]
    state["deck"].reverse()
    state["weather"].reverse()
    return True


HIDE = {"lifeboats": _hide_lifeboats, "lifeboat": _hide_lifeboat,
        "galerapagos": _hide_galerapagos}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bot_decides_from_its_own_seat_only(game_id):
    """Fork a game, change only what the bot's seat cannot see: its view is the same, and so
    is its choice (it is never given anything else to read)."""
    import engine
    n = GAMES[game_id]
    bot = bot_for(game_id)
    checked = 0
    for seed in range(4):
        game = new_game(game_id, [f"P{i}" for i in range(n)], seed=seed)
        rng = random.Random(seed)
        log = []
        for step in range(400):
            if game.over or checked >= 30 * (seed + 1):
                break
            for seat in game.waiting_for() if step % 5 == 0 else ():
                fork = engine.load_game(game.to_dict())
                if not HIDE[game_id](fork.state, seat):
                    continue
                if fork.view(seat) != game.view(seat):
                    continue      # a change the seat could see (e.g. its own record): skip
                assert fork.to_dict() != game.to_dict()
                legal = game.legal_actions(seat)
                assert fork.legal_actions(seat) == legal
                mine = bot.choose(game.view(seat), legal, list(log), random.Random(step))
                theirs = bot.choose(fork.view(seat), fork.legal_actions(seat), list(log),
                                    random.Random(step))
                assert mine == theirs
                checked += 1
            got = random_step(game, rng)
            if got is None:
                break
            log = (log + got[2])[-50:]
    assert checked > 20


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
