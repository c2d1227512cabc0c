"""How long a Lifeboat game takes with bots: plays seeded games where every seat chooses as the
server's bots do (a random legal action, the first waiting seat first) and prints, per player
count, the days and decisions per game and the wall time at the server's bot delay. A
benchmark prints figures; it asserts nothing.

    python benchmarks/lifeboat_bot_game.py            # 5 players, 20 games
    python benchmarks/lifeboat_bot_game.py -p 4 -n 50
"""
import argparse
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from server.config import Config  # noqa: E402


def play(players, seed, limit=20000):
    game = engine.new_game("lifeboat", [f"P{s}" for s in range(players)], seed=seed)
    decisions = 0
    while not game.over and decisions < limit:
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        game.act(seat, random.Random(f"{seed}:{decisions}:{seat}").choice(legal))
        decisions += 1
    return decisions, game.view(None)["turn"], game.over


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-p", "--players", type=int, default=5)
    ap.add_argument("-n", "--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    delay = Config().bot_delay
    runs = [play(args.players, args.seed + i) for i in range(args.games)]
    moves = [r[0] for r in runs if r[2]]
    days = [r[1] for r in runs if r[2]]
    print(f"lifeboat, {args.players} players, {len(moves)}/{args.games} games finished")
    if moves:
        med = statistics.median(moves)
        print(f"  decisions per game: median {med:.0f}, min {min(moves)}, max {max(moves)}")
        print(f"  days per game: median {statistics.median(days):.0f}, min {min(days)}, max {max(days)}")
        print(f"  all-bot wall time at bot_delay={delay}s: median {med * delay / 60:.1f} min")


if __name__ == "__main__":
    main()
