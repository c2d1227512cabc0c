"""How well the games' bots play, and how fast they decide (figures printed, nothing asserted).

    make bench-bots            (or: python benchmarks/bots.py [--games N] [--only PART])

Parts (all by default; --only head|random|bloc|cards picks one):
- head: head to head against the bots of main at bf558a2 (benchmarks/oldbots/, the "old"
  column). Lifeboats, 4 players, 2 new vs 2 old bots; Lifeboat, 6 players, 3 new vs 3 old:
  the share of games each side wins (a tie counts as a win for each tied player, so the two
  shares may add up to more than 100%); each seed is played twice, the new bots in one half
  of the seats (rotating with the seed), then in the other.
  Galèrapagos, 4, 6 and 8 castaways: all-new and all-old tables, games where the group got off
  the island with at least half of the castaways aboard, on the same seeds, with the paired
  difference and its 95% interval (only seeds where one table escaped and the other did not
  count).
- random: one bot against random players (Lifeboats 4p, Lifeboat 6p), new and old bot.
- bloc: 200 seeded 12-player Galèrapagos games, 9 bots and 3 random players (seats rotate):
  the share of revealed sacrifice votes in which every living bot voter (but the castaway
  named, who never votes for himself) named the same castaway, new and old bots; and how many
  of the humans (random players) and bots were aboard when the raft left.
- cards: over 500 seeded all-bot games per game, every action type and card the bots were
  offered, and those they never chose.
Decision time: the 95th percentile of the new bot's choose() over every game played.
"""
import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.oldbots import OLD  # noqa: E402
from engine.botplay import play_game  # noqa: E402


def head_to_head(game_id, players, games, timings):
    """(share of games a new bot won, share an old bot won)."""
    new = old = 0
    half = players // 2
    for seed in range(games):
        # Every deal is played twice, the new bots in one half of the seats, then in the
        # other: the luck of the deal and of the seats cancels out.
        mine = {(seed + k) % players for k in range(half)} if seed % 2 == 0 else \
            {(seed + 2 * k) % players for k in range(half)}
        for flip in (False, True):
            seats = ["bot" if (s in mine) != flip else OLD[game_id] for s in range(players)]
            winners = play_game(game_id, players, seed, seats,
                                timings=timings).result()["winners"]
            new += any(seats[w] == "bot" for w in winners)
            old += any(seats[w] != "bot" for w in winners)
    return new / (2 * games), old / (2 * games)


def one_against_random(game_id, players, games, policy, timings):
    wins = 0
    for seed in range(games):
        seat = seed % players
        seats = ["random"] * players
        seats[seat] = policy
        wins += seat in play_game(game_id, players, seed, seats, timings=timings).result()["winners"]
    return wins / games


def group_escapes(players, games, policy, timings):
    """[escaped with at least half aboard?] per seed."""
    ok = []
    for seed in range(games):
        result = play_game("galerapagos", players, seed, [policy] * players,
                           timings=timings).result()
        ok.append(2 * len(result["winners"]) >= players)
    return ok


def paired_difference(new, old):
    """(new - old share, half-width of its 95% interval) over the same seeds: only the seeds
    where one escaped and the other did not count (a paired comparison)."""
    n = len(new)
    better = sum(a and not b for a, b in zip(new, old))
    worse = sum(b and not a for a, b in zip(new, old))
    diff = (better - worse) / n
    return diff, 1.96 * (better + worse - n * diff * diff) ** 0.5 / n


def blocs(games, policy, timings, players=12, humans=3):
    """(bloc share, sacrifice ballots, humans aboard / humans, bots aboard / bots)."""
    ballots = bloc = 0
    aboard = Counter()
    for seed in range(games):
        people = {(seed * 5 + k * 4) % players for k in range(humans)}
        seats = ["random" if s in people else policy for s in range(players)]
        events = []
        game = play_game("galerapagos", players, seed, seats, timings=timings,
                         events=events)
        for e in events:
            if e["type"] != "reveal" or e["kind"] == "departure":
                continue
            votes = {v: c for v, c in e["votes"] if v not in people}
            if not votes:
                continue
            ballots += 1
            named = Counter(votes.values()).most_common(1)[0][0]
            bloc += all(c == named for v, c in votes.items() if v != named)
        for row in game.result()["breakdown"]:
            if row.get("fate") == "boarded":
                aboard["human" if row["seat"] in people else "bot"] += 1
    return (bloc / max(1, ballots), ballots, aboard["human"] / (games * humans),
            aboard["bot"] / (games * (players - humans)))


def coverage(game_id, players, games, timings):
    """({offered key: count chosen}) over all-bot games; a key is an action type, or
    "type:card" for an action naming a card."""
    offered, chosen = set(), Counter()

    def key(a):
        return f"{a['type']}:{a['card']}" if isinstance(a.get("card"), str) else a["type"]

    def record(seat, view, legal, action):
        offered.update(key(a) for a in legal)
        chosen[key(action)] += 1
    for seed in range(games):
        play_game(game_id, players, seed, ["bot"] * players, timings=timings, record=record)
    return {k: chosen[k] for k in sorted(offered)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400, help="seeded games per head row")
    parser.add_argument("--only", choices=["head", "random", "bloc", "cards"])
    args = parser.parse_args()
    n = args.games
    timings = []
    started = time.perf_counter()
    parts = [args.only] if args.only else ["head", "random", "bloc", "cards"]
    if "head" in parts:
        print(f"{'head to head (2 x ' + str(n) + ' games per row)':48} {'new':>7} {'old':>7}  target")
        new, old = head_to_head("lifeboats", 4, n, timings)
        print(f"{'Lifeboats 4p, 2 new vs 2 old bots: wins':48} {new:7.0%} {old:7.0%}  new >= 55%")
        new, old = head_to_head("lifeboat", 6, n, timings)
        print(f"{'Lifeboat 6p, 3 new vs 3 old bots: wins':48} {new:7.0%} {old:7.0%}  new >= 55%")
        for players in (4, 6, 8):
            new = group_escapes(players, n, "bot", timings)
            old = group_escapes(players, n, OLD["galerapagos"], [])
            diff, margin = paired_difference(new, old)
            label = f"Galèrapagos {players}p, all-bot tables: half aboard"
            print(f"{label:48} {sum(new) / n:7.1%} {sum(old) / n:7.1%}  new >= old"
                  f" (same {n} seeds: {diff:+.1%} +- {margin:.1%}, 95%)")
    if "random" in parts:
        print(f"{'one bot vs random players (' + str(n) + ' games)':48} {'new':>7} {'old':>7}"
              f" {'random':>7}")
        for game_id, players in (("lifeboats", 4), ("lifeboat", 6)):
            new = one_against_random(game_id, players, n, "bot", timings)
            old = one_against_random(game_id, players, n, OLD[game_id], [])
            rnd = one_against_random(game_id, players, n, "random", [])
            label = f"{game_id} {players}p, 1 bot vs {players - 1} random: wins"
            print(f"{label:48} {new:7.0%} {old:7.0%} {rnd:7.0%}")
    if "bloc" in parts:
        print("Galèrapagos 12p, 9 bots + 3 random players, 200 games:")
        for name, policy in (("new", "bot"), ("old", OLD["galerapagos"])):
            share, ballots, humans, bots = blocs(200, policy, timings if name == "new" else [])
            print(f"  {name} bots: {share:6.1%} of {ballots} sacrifice ballots were bloc votes"
                  f" (target < 30%); aboard: {humans:.0%} of humans, {bots:.0%} of bots")
    if "cards" in parts:
        for game_id, players in (("lifeboats", 4), ("lifeboat", 6), ("galerapagos", 6)):
            chosen = coverage(game_id, players, 500, timings)
            never = [k for k, c in chosen.items() if not c]
            print(f"{game_id}, 500 all-bot games: {len(chosen) - len(never)} of {len(chosen)}"
                  f" offered actions/cards chosen; never: {', '.join(never) or 'none'}")
    timings.sort()
    p95 = timings[int(len(timings) * 0.95)] * 1000 if timings else 0
    print(f"new bot decision time, p95: {p95:.2f} ms (target < 20), {len(timings)} decisions, "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
