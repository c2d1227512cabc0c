"""How long a Galèrapagos game is, in turns and in decisions, and how many of those decisions
are a "Ready" in a card window (the taps a window countdown saves). Two kinds of players:
the server's bots (a random legal move of the lowest waiting seat, as server/bots.py does)
and "campers" who keep the camp alive (water when short or on a wet day, food when short,
else wood) and vote at random. Prints figures; asserts nothing.

    python benchmarks/galerapagos_taps.py              # 6 players, 100 games each
    python benchmarks/galerapagos_taps.py -p 5 -n 300 --bot-delay 1.0
"""
import argparse
import collections
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402

DECISIONS = {"fish", "collect_water", "wood", "search", "pass", "vote", "choose"}


def bot_move(game, rng):
    seat = min(game.waiting_for())
    return seat, rng.choice(game.legal_actions(seat))


def camper_move(game, rng):
    for seat in sorted(game.waiting_for()):
        legal = game.legal_actions(seat)
        if any(a["type"] in DECISIONS for a in legal):
            break
    types = {a["type"] for a in legal}
    view = game.view(None)
    if types & {"fish", "collect_water", "wood"}:
        living = sum(c["alive"] for c in view["castaways"])
        drops = view["weather"]["drops"] if view["weather"] else 0
        short_water, short_food = living - view["water"], living - view["food"]
        if short_water > 0 and (drops >= 2 or short_food <= 0):
            kind = "collect_water"
        elif short_food > 0:
            kind = "fish"
        elif view["places"] < living:
            kind = "wood"
        else:
            kind = "collect_water" if drops else "fish"
        if kind not in types:
            kind = sorted(types & {"fish", "collect_water", "wood"})[0]
        return seat, ({"type": "wood", "extra": rng.choice([0, 1, 2])} if kind == "wood" else {"type": kind})
    leave = [a for a in legal if "leave" in a and a["leave"]]
    if leave:
        return seat, leave[0]
    votes = [a for a in legal if a["type"] in ("vote", "choose")]
    if votes:
        return seat, rng.choice(votes)
    return seat, {"type": "pass"}


def play(players, seed, mover):
    game = engine.new_game("galerapagos", [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    moves = readies = 0
    while not game.over:
        window = ((game.view(None)["stage"] or {}).get("window") or {}).get("kind")
        seat, action = mover(game, rng)
        if window and action["type"] == "pass":
            readies += 1
        game.act(seat, action)
        moves += 1
    view = game.view(None)
    return {"turns": view["turn"], "moves": moves, "readies": readies, "end": game.result()["end"]}


def report(label, runs, players, delay):
    turns = [r["turns"] for r in runs]
    moves = [r["moves"] for r in runs]
    ready = sum(r["readies"] for r in runs) / max(1, sum(moves))
    per_turn = statistics.mean(m / t for m, t in zip(moves, turns))
    ends = collections.Counter(r["end"] for r in runs)
    print(f"{label:8} {players} players: {statistics.mean(turns):.1f} turns, {statistics.mean(moves):.0f} moves"
          f" ({per_turn:.1f} per turn, {per_turn / players:.1f} per player per turn; {ready:.0%} are window 'Ready's)"
          f"; ends {dict(ends)}; with bots at --bot-delay {delay}: ~{statistics.mean(moves) * delay / 60:.1f} min")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-p", "--players", type=int, default=6)
    ap.add_argument("-n", "--games", type=int, default=100)
    ap.add_argument("--bot-delay", type=float, default=1.0)
    args = ap.parse_args()
    for label, mover in (("bots", bot_move), ("campers", camper_move)):
        runs = [play(args.players, seed, mover) for seed in range(args.games)]
        report(label, runs, args.players, args.bot_delay)


if __name__ == "__main__":
    main()
