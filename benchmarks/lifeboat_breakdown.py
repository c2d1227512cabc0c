"""Where does the new Lifeboat bot gain or lose points against the old one (issue 25)?

Plays the head-to-head deals of benchmarks/bots.py (3 new vs 3 old, both seatings of each
seed) and prints, per decision type (draft, row-card placing, navigation, answer to a swap or
mug, action, trade/show, fight, thirst, rescue):
- how often the old bot, asked in the same view, would have chosen otherwise, and how;
- with --swap, the outcome effect: the same deals replayed with a hybrid new bot that takes
  the old bot's choice for that one type only; its win share minus the new bot's, paired over
  the same games, with the 95% interval. Positive: the old bot's choice of that type is better.

    .venv/bin/python benchmarks/lifeboat_breakdown.py --seeds 1000 --games 300 --swap
"""
import argparse
import copy
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.bots import paired_difference  # noqa: E402
from benchmarks.oldbots import OLD  # noqa: E402
from engine.botplay import play_game  # noqa: E402
from engine.registry import bot_for  # noqa: E402

TYPES = ["draft", "place", "navigate", "answer", "action", "trade", "fight", "thirst",
         "rescue"]


def decision_type(view, legal, action):
    """The kind of decision the new bot took `action` in."""
    types = {a["type"] for a in legal}
    if action["type"] == "show_his":
        return "show_his"
    if "pick" in types:
        return "draft"
    if "place_row_card" in types:
        return "place"
    if "navigate" in types:
        return "navigate"
    if "agree" in types:
        return "answer"
    if types & {"nothing", "row"}:
        return "trade" if action["type"].startswith("trade") or action["type"] == "show" \
            else "action"
    if view.get("fight") and types & {"join", "weapon", "fire_flare"}:
        return "fight"
    window = (view.get("window") or {}).get("kind")
    return window if window in ("thirst", "rescue") else "other"


class Hybrid:
    """The new bot, but the old bot's choice for the decision types in `use_old`; counts the
    disagreements in `tally` if given."""

    def __init__(self, new, old, use_old=(), tally=None):
        self.new, self.old, self.use_old, self.tally = new, old, set(use_old), tally

    def choose(self, view, legal, events, rng):
        spare = copy.deepcopy(rng)          # the old bot must not shift the new one's draws
        action = self.new.choose(view, legal, events, rng)
        kind = decision_type(view, legal, action)
        if self.tally is None and kind not in self.use_old:
            return action
        theirs = self.old.choose(view, legal, events, spare)
        if self.tally is not None and len(legal) > 1:
            self.tally[kind, "n"] += 1
            if theirs != action:
                self.tally[kind, "differ"] += 1
                self.tally[kind, f"{action['type']}>{theirs['type']}"] += 1
        return theirs if kind in self.use_old else action

    def pace(self, view, legal, action):
        return self.new.pace(view, legal, action)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=1000, help="first seed")
    ap.add_argument("--games", type=int, default=100, help="seeds (two games each)")
    ap.add_argument("--swap", action="store_true", help="also replay with each type swapped")
    args = ap.parse_args()
    new, old = bot_for("lifeboat"), OLD["lifeboat"]
    tally = Counter()
    variants = [("new", Hybrid(new, old, (), tally))]
    if args.swap:
        variants += [(t, Hybrid(new, old, (t,))) for t in TYPES]
    won = {name: [] for name, _ in variants}
    started = time.time()
    players, half = 6, 3
    for seed in range(args.seeds, args.seeds + args.games):
        mine = {(seed + k) % players for k in range(half)} if seed % 2 == 0 else \
            {(seed + 2 * k) % players for k in range(half)}
        for name, bot in variants:
            for flip in (False, True):
                seats = [bot if (s in mine) != flip else old for s in range(players)]
                winners = play_game("lifeboat", players, seed, seats).result()["winners"]
                won[name].append(any(seats[w] is bot for w in winners))
    games = 2 * args.games
    print(f"Lifeboat 3 new vs 3 old, seeds {args.seeds}..{args.seeds + args.games - 1} "
          f"({games} games per row, {time.time() - started:.0f}s)")
    print("decision    new's  old differs  (new>old choice: count)")
    for kind in sorted({k for k, _ in tally}):
        how = ", ".join(f"{k}:{v}" for (c, k), v in tally.most_common()
                        if c == kind and k not in ("n", "differ"))
        print(f"{kind:10} {tally[kind, 'n']:6} {tally[kind, 'differ']:6}  {how[:90]}")
    base = won["new"]
    print(f"new bot wins {sum(base) / games:.1%}")
    for name, _ in variants[1:]:
        diff, half_width = paired_difference(won[name], base)
        got = won[name]
        print(f"old's {name:9} wins {sum(got) / games:.1%}   vs new {diff:+.1%} "
              f"(+- {half_width:.1%})")


if __name__ == "__main__":
    main()
