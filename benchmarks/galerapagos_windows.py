"""How many "Ready" taps Galèrapagos' windows ask of a table, per turn, if nothing closed them
(issue 10: a group of 8 must not tap "Ready" twice a turn; the server's `window_seconds`
countdown now says it for them). Plays N games with simple bots through the engine contract:
in a window every seat says ready, otherwise a random legal action that is not a gift. Prints
figures; asserts nothing.

    python benchmarks/galerapagos_windows.py            # 3, 6, 8 and 12 players, 50 games each
    python benchmarks/galerapagos_windows.py -p 8 -n 200
"""
import argparse
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402


def window_of(view):
    stage = view["stage"]
    if view["interrupt"] or not stage or not stage.get("window"):
        return None
    return view["turn"], stage["kind"], stage.get("resource"), stage["window"]["kind"]


def play(players, seed):
    game = engine.new_game("galerapagos", [f"P{s}" for s in range(players)], seed=seed)
    rng = random.Random(seed)
    windows, taps, decisions = Counter(), 0, 0
    seen = set()
    while not game.over:
        view = game.view(None)
        key = window_of(view)
        seat = rng.choice(game.waiting_for())
        if key is not None:
            if key not in seen:
                seen.add(key)
                windows[key[3]] += 1
            taps += 1
            game.act(seat, {"type": "pass"})
            continue
        legal = [a for a in game.legal_actions(seat) if a["type"] != "give"]
        decisions += 1
        game.act(seat, rng.choice(legal))
    return game.view(None)["turn"], windows, taps, decisions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", "--players", type=int, nargs="*", default=[3, 6, 8, 12])
    parser.add_argument("-n", "--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("players  turns/game  windows/turn (dawn evening shortage zero)  ready taps/turn"
          "  other decisions/turn")
    for players in args.players:
        turns, windows, taps, decisions = 0, Counter(), 0, 0
        for i in range(args.games):
            t, w, k, d = play(players, args.seed + i)
            turns, taps, decisions = turns + t, taps + k, decisions + d
            windows.update(w)
        per = {kind: windows[kind] / turns for kind in ("dawn", "evening", "shortage", "zero")}
        print(f"{players:7d}  {turns / args.games:10.1f}  {sum(per.values()):12.2f} "
              f"({per['dawn']:.2f} {per['evening']:.2f} {per['shortage']:.2f} {per['zero']:.2f})"
              f"  {taps / turns:15.1f}  {decisions / turns:20.1f}")


if __name__ == "__main__":
    main()
