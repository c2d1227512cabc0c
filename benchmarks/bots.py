"""How well the games' bots play, and how fast they decide (figures printed, nothing asserted).

    make bench-bots            (or: python benchmarks/bots.py [--games N])

Rows, each with its random-player baseline on the same seeds:
- Lifeboats, 4 players: one bot against three random players; the bot's share of wins
  (a tie counts as a win for each tied player).
- Lifeboat, 6 players: one bot against five random players; its wins, and how often its secret
  friend is alive and its secret enemy dead at the end (it played for one and against the
  other; random players kill nearly everyone, so the enemy's figure is high for both).
- Galèrapagos, 4, 6 and 8 castaways, all bots (or all random): games where the group got off
  the island with at least half of the castaways aboard.
Decision time: the 95th percentile of a bot's choose() over every game played.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.botplay import play_game  # noqa: E402


def one_against_random(game_id, players, games, policy, timings):
    """(share of games won, share with its friend alive, share with its enemy dead): the last
    two for Lifeboat only, the enemy counted when it is not the player himself."""
    wins = friend = enemy = enemies = 0
    for seed in range(games):
        seat = seed % players
        seats = ["random"] * players
        seats[seat] = policy
        game = play_game(game_id, players, seed, seats, timings=timings)
        result = game.result()
        wins += seat in result["winners"]
        row = result["breakdown"][seat]
        if "love_card" in row:
            state = {c["character"]: c["state"] for c in game.view(None)["characters"]}
            friend += state[row["love_card"]] in ("conscious", "unconscious")
            if row["hate_card"] != row["character"]:
                enemies += 1
                enemy += state[row["hate_card"]] in ("dead", "gone")
    return wins / games, friend / games, enemy / max(1, enemies)


def group_escapes(players, games, policy, timings):
    ok = 0
    for seed in range(games):
        result = play_game("galerapagos", players, seed, [policy] * players,
                           timings=timings).result()
        ok += 2 * len(result["winners"]) >= players
    return ok / games


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="seeded games per row")
    args = parser.parse_args()
    n = args.games
    timings = []
    started = time.perf_counter()
    print(f"{'row':44} {'bot':>8} {'random':>8}  target")
    bot = one_against_random("lifeboats", 4, n, "bot", timings)
    rnd = one_against_random("lifeboats", 4, n, "random", [])
    print(f"{'Lifeboats 4p, 1 bot vs 3 random: wins':44} {bot[0]:8.0%} {rnd[0]:8.0%}  >= 60%")
    bot = one_against_random("lifeboat", 6, n, "bot", timings)
    rnd = one_against_random("lifeboat", 6, n, "random", [])
    print(f"{'Lifeboat 6p, 1 bot vs 5 random: wins':44} {bot[0]:8.0%} {rnd[0]:8.0%}  >= 40%")
    print(f"{'  its friend (Love card) alive at the end':44} {bot[1]:8.0%} {rnd[1]:8.0%}")
    print(f"{'  its enemy (Hate card) dead at the end':44} {bot[2]:8.0%} {rnd[2]:8.0%}")
    for players in (4, 6, 8):
        b = group_escapes(players, n, "bot", timings)
        r = group_escapes(players, n, "random", [])
        label = f"Galèrapagos {players}p, all alike: half aboard"
        print(f"{label:44} {b:8.0%} {r:8.0%}  >= 60%")
    timings.sort()
    p95 = timings[int(len(timings) * 0.95)] * 1000 if timings else 0
    print(f"{'bot decision time, p95 (ms)':44} {p95:8.2f} {'':8}  < 20")
    print(f"({n} seeded games per row and policy, {len(timings)} bot decisions, "
          f"{time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
