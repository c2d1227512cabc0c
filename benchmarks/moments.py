"""Issue 20's figures (printed, nothing asserted): Lifeboat's "Done" taps per player per day
before and after its windows close by themselves, and how long a 6-player Lifeboat and
Galèrapagos game lasts with bots.

Games are played with the games' own bots in every seat, the server's way (the lowest waiting
seat acts first, each choice seeded by the seed, the move count and the seat, each bot seeing
its own seat's view). Every Lifeboat decision is sorted out:
- a "Done" in a fight, rescue or thirst window: before issue 20 a tap the phone asked for
  with "Your turn!"; now the window's countdown (`window_seconds`) says it for whoever has not,
  so the phone asks nothing (a player may still tap it to hurry);
- any other decision: a tap in both cases.
The length of a game with bots is its decisions times the bots' own pace (their `pace()` at the
server's `bot_delay`), summed one after the other (an upper bound: in a window the server lets
a table's bots answer together), and, for a table of people, the windows' countdown at most.

    python benchmarks/moments.py            # 20 games per game
    python benchmarks/moments.py -n 50
"""
import argparse
import os
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.registry import bot_for, new_game  # noqa: E402
from engine.rng import Rng, seed_to_state  # noqa: E402
from server.config import Config  # noqa: E402

LOG_KEEP = 50
WINDOW_SECONDS = 10     # Lifeboat's window_seconds default


def lifeboat_window(view):
    if view["over"]:
        return None
    if view.get("fight"):
        return "fight"
    if view["phase"] in ("rescue", "thirst") and view.get("window"):
        return view["phase"]
    return None


def galerapagos_window(view):
    stage = view["stage"]
    if view["over"] or view["interrupt"] or not stage or not stage.get("window"):
        return None
    return stage["window"]["kind"]


def play(game_id, players, seed, max_actions=30000):
    game = new_game(game_id, [f"P{i}" for i in range(players)], seed=seed)
    bot = bot_for(game_id)
    window_of = lifeboat_window if game_id == "lifeboat" else galerapagos_window
    log, seconds = [], 0.0
    taps = defaultdict(int)          # "done" / "other" -> count
    windows, last_window = 0, None
    for count in range(max_actions):
        waiting = game.waiting_for()
        if game.over or not waiting:
            break
        view_none = game.view(None)
        window = window_of(view_none)
        key = (view_none.get("turn"), window) if window else None
        if key and key != last_window:
            windows += 1
        last_window = key
        seat = waiting[0]
        legal = game.legal_actions(seat)
        view = game.view(seat)
        rng = Rng({"rng": seed_to_state(f"{seed}:{count}:{seat}")})
        action = bot.choose(view, legal, list(log), rng)
        seconds += bot.pace(view, legal, action)
        if window and action["type"] in ("done", "pass"):
            taps["done"] += 1
        else:
            taps["other"] += 1
        log = (log + game.act(seat, action))[-LOG_KEEP:]
    turn = game.view(None)["turn"]
    return {"over": game.over, "turn": turn, "taps": dict(taps), "seconds": seconds, "windows": windows}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--games", type=int, default=20)
    ap.add_argument("-p", "--players", type=int, default=6)
    args = ap.parse_args()
    delay = Config().bot_delay
    for game_id in ("lifeboat", "galerapagos"):
        runs = [play(game_id, args.players, seed) for seed in range(1, args.games + 1)]
        done = [r for r in runs if r["over"]]
        per = lambda r, k: r["taps"].get(k, 0) / args.players / max(1, r["turn"])  # noqa: E731
        print(f"{game_id}, {args.players} players, {len(done)}/{len(runs)} games finished with bots")
        days = [r["turn"] for r in done]
        decisions = [sum(r["taps"].values()) for r in done]
        minutes = [r["seconds"] * delay / 60 for r in done]
        windows = [r["windows"] / max(1, r["turn"]) for r in done]
        print(f"  days (turns) per game: median {statistics.median(days):.0f} (min {min(days)}, max {max(days)})")
        print(f"  decisions per game: median {statistics.median(decisions):.0f}")
        print(f"  all-bot length at bot_delay={delay}s: median {statistics.median(minutes):.1f} min "
              f"(min {min(minutes):.1f}, max {max(minutes):.1f})")
        print(f"  windows per day: {statistics.mean(windows):.1f}; a table of people waits at most "
              f"{statistics.mean(windows) * WINDOW_SECONDS:.0f} s a day on their countdowns")
        done_before = statistics.mean(per(r, "done") for r in done)
        other = statistics.mean(per(r, "other") for r in done)
        share = f"{100 * done_before / (done_before + other):.0f}%"
        if game_id == "lifeboat":
            print(f"  \"Done\" taps per player per day: before {done_before:.2f} (of {done_before + other:.2f} "
                  f"decisions, {share}), after 0 required (the countdown says it); other decisions {other:.2f}")
        else:
            print(f"  \"Ready\" per player per day said by the countdown (since issue 10): {done_before:.2f} "
                  f"(of {done_before + other:.2f} decisions, {share}); other decisions {other:.2f}")


if __name__ == "__main__":
    main()
