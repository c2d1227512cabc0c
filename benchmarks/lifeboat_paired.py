"""Is a change to the Lifeboat bot a gain, or the deal's noise? (issue 25)

Plays the head-to-head deals of benchmarks/bots.py (3 new vs 3 old bots, both seatings of
each seed) once with the bot as it is and once with each variant (module constants of
engine/lifeboat/bot.py set for that variant's games only), and prints each variant's win share
and its gain over the bot as it is, paired over the same games, with its 95% interval.
Tune on seeds that are not the report's (0..999), so the reported figure is not fitted to
its noise:

    nice -n 10 .venv/bin/python benchmarks/lifeboat_paired.py --seeds 2000 --games 200 \
        --variant "_RIVAL=0.6"
"""
import argparse
import ast
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.bots import paired_difference  # noqa: E402
from benchmarks.oldbots import OLD  # noqa: E402
from engine.botplay import play_game  # noqa: E402
from engine.lifeboat import bot as lbot  # noqa: E402


def parse(text):
    """"NAME=value,NAME2=value" -> {NAME: value}."""
    out = {}
    for part in filter(None, text.split(",")):
        key, value = part.split("=", 1)
        out[key.strip()] = ast.literal_eval(value.strip())
    return out


TIMINGS = {}


def wins(seed, settings):
    """[a new bot won?] for both seatings of `seed`, with the bot's constants set."""
    saved = {k: getattr(lbot, k) for k in settings}
    for k, v in settings.items():
        setattr(lbot, k, v)
    try:
        players, half = 6, 3
        mine = {(seed + k) % players for k in range(half)} if seed % 2 == 0 else \
            {(seed + 2 * k) % players for k in range(half)}
        out = []
        for flip in (False, True):
            seats = ["bot" if (s in mine) != flip else OLD["lifeboat"] for s in range(players)]
            times = TIMINGS.setdefault(str(settings), [])
            result = play_game("lifeboat", players, seed, seats, timings=times).result()
            if result is None:          # not over within play_game's action cap
                print(f"  seed {seed} {settings}: unfinished", flush=True)
                out.append(False)
                continue
            winners = result["winners"]
            out.append(any(seats[w] == "bot" for w in winners))
        return out
    finally:
        for k, v in saved.items():
            setattr(lbot, k, v)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=2000, help="first seed")
    ap.add_argument("--games", type=int, default=200, help="seeds (two games each)")
    ap.add_argument("--variant", action="append", default=[],
                    help='module constants for one variant, e.g. "_RIVAL=0.6,_X=True"')
    args = ap.parse_args()
    variants = [parse(v) for v in args.variant]
    base, got = [], [[] for _ in variants]
    started = time.time()
    for seed in range(args.seeds, args.seeds + args.games):
        base += wins(seed, {})
        for i, settings in enumerate(variants):
            got[i] += wins(seed, settings)
    n = len(base)
    print(f"Lifeboat 3 new vs 3 old, seeds {args.seeds}..{args.seeds + args.games - 1}, "
          f"{n} games per row, {time.time() - started:.0f} s")

    def p95(settings):
        times = sorted(TIMINGS.get(str(settings), [0]))
        return f"decision p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms"
    print(f"  bot as it is: {sum(base) / n:.1%}  ({p95({})})")
    for text, row in zip(args.variant, got):
        better = sum(a and not b for a, b in zip(row, base))
        worse = sum(b and not a for a, b in zip(row, base))
        diff, half = paired_difference(row, base)
        print(f"  {text}: {sum(row) / n:.1%}  gain {diff:+.1%} +- {half:.1%} "
              f"({better} won, {worse} lost; {p95(parse(text))})")


if __name__ == "__main__":
    main()
