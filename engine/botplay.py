"""Play a whole game with a bot or a random player in each seat, the way the server does: each
bot is given only its seat's view, its legal actions and the public log (the last LOG_KEEP
events). Used by the tests and by benchmarks/bots.py."""
import time

from engine.bot import RANDOM
from engine.registry import bot_for, new_game
from engine.rng import Rng, seed_to_state

LOG_KEEP = 50     # as many public events as the server keeps for the screens


def play_game(game_id, players, seed, seats, max_actions=20000, timings=None, options=None):
    """seats: one policy per seat, "bot" or "random". Returns the finished game.

    Like the server, the lowest waiting seat acts first, and every choice is seeded by the
    seed, the number of actions so far and the seat. `timings`, if a list, gets the seconds
    each bot decision took."""
    game = new_game(game_id, [f"P{i}" for i in range(players)], seed=seed, options=options)
    log = []
    bot = bot_for(game_id)
    for count in range(max_actions):
        waiting = game.waiting_for()
        if game.over or not waiting:
            break
        seat = waiting[0]
        legal = game.legal_actions(seat)
        rng = Rng({"rng": seed_to_state(f"{seed}:{count}:{seat}")})
        player = bot if seats[seat] == "bot" else RANDOM
        view = game.view(seat)
        started = time.perf_counter()
        action = player.choose(view, legal, list(log), rng)
        if timings is not None and player is bot:
            timings.append(time.perf_counter() - started)
        log = (log + game.act(seat, action))[-LOG_KEEP:]
    return game
