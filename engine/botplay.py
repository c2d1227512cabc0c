"""Play a whole game with a bot or a random player in each seat, the way the server does: each
bot is given only its seat's view, its legal actions and the public log (the last LOG_KEEP
events), and its mind on the random source (engine.bot.mind_number of the game's seed and the
seat). Used by the tests and by benchmarks/bots.py."""
import time

from engine.bot import RANDOM, mind_number
from engine.registry import bot_for, new_game
from engine.rng import Rng, seed_to_state

LOG_KEEP = 50     # as many public events as the server keeps for the screens


def play_game(game_id, players, seed, seats, max_actions=20000, timings=None, options=None,
              record=None, events=None):
    """seats: one policy per seat, "bot", "random" or a bot object (e.g. a benchmark's old
    bot). Returns the finished game.

    Like the server, the lowest waiting seat acts first, and every choice is seeded by the
    seed, the number of actions so far and the seat. `timings`, if a list, gets the seconds
    each bot decision took (the game's own bot only); `record(seat, view, legal, action)`, if
    given, is called before each action is played; `events`, if a list, gets every public event."""
    game = new_game(game_id, [f"P{i}" for i in range(players)], seed=seed, options=options)
    log = []
    bot = bot_for(game_id)
    players_of = [bot if s == "bot" else RANDOM if s == "random" else s for s in seats]
    for count in range(max_actions):
        waiting = game.waiting_for()
        if game.over or not waiting:
            break
        seat = waiting[0]
        legal = game.legal_actions(seat)
        rng = Rng({"rng": seed_to_state(f"{seed}:{count}:{seat}")})
        rng.mind = mind_number(seed, seat)
        player = players_of[seat]
        view = game.view(seat)
        started = time.perf_counter()
        action = player.choose(view, legal, list(log), rng)
        if timings is not None and player is bot:
            timings.append(time.perf_counter() - started)
        if record is not None:
            record(seat, view, legal, action)
        got = game.act(seat, action)
        if events is not None:
            events.extend(got)
        log = (log + got)[-LOG_KEEP:]
    return game
