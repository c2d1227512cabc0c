"""Plays N random games of a game through the engine contract and prints games/s and actions/s
for each player count. Each action counts one waiting_for + legal_actions + act, the work a
server does per move. A benchmark prints figures; it asserts nothing.

    python benchmarks/engine_playout.py                   # every registered game, 20 games each
    python benchmarks/engine_playout.py lifeboats -n 200  # one game
    python benchmarks/engine_playout.py fixture --load-module tests.fixture_game
"""
import argparse
import importlib
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine.playout import random_step  # noqa: E402


def bench(game_id, players, games, seed):
    actions = 0
    started = time.process_time()
    for i in range(games):
        game = engine.new_game(game_id, [f"P{s}" for s in range(players)], seed=seed + i)
        rng = random.Random(seed + i)
        while random_step(game, rng) is not None:
            actions += 1
    elapsed = time.process_time() - started
    return elapsed, actions


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("-n", "--count", type=int, default=20, help="games per player count")
    parser.add_argument("--players", type=int, action="append", help="player count(s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--load-module", action="append", default=[],
                        help="import a module that registers extra games")
    args = parser.parse_args(argv)
    for module in args.load_module:
        importlib.import_module(module)
    ids = args.games or sorted(engine.GAMES)
    print(f"{'game':<12} {'players':>7} {'games':>6} {'actions':>8} {'games/s':>9} "
          f"{'actions/s':>10} {'actions/game':>12}")
    for game_id in ids:
        info = engine.GAMES[game_id]
        counts = args.players or range(info.min_players, info.max_players + 1)
        for n in counts:
            elapsed, actions = bench(game_id, n, args.count, args.seed)
            print(f"{game_id:<12} {n:>7} {args.count:>6} {actions:>8} "
                  f"{args.count / elapsed:>9.1f} {actions / elapsed:>10.0f} "
                  f"{actions / args.count:>12.1f}", flush=True)


if __name__ == "__main__":
    main()
