"""Time from a phone's `act` to every screen (the TV and all phones) receiving the new `game`,
on a real `castaways` server in a subprocess, over real Socket.IO clients on localhost.
Prints figures; asserts nothing.

    python benchmarks/server_latency.py                       # lifeboats, 6 phones, eventlet
    python benchmarks/server_latency.py --mode threading -n 300 --game galerapagos --players 8
"""
import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.support.clients import Screen  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402
from tests.support.waiting import wait_until  # noqa: E402


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="eventlet")
    parser.add_argument("--game", default="lifeboats")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("-n", "--actions", type=int, default=200)
    args = parser.parse_args(argv)

    arrivals = {}            # version -> {screen index: arrival time}
    lock = threading.Lock()

    def arrival(index):
        def record(game):
            with lock:
                arrivals.setdefault(game["version"], {})[index] = time.perf_counter()
        return record

    with tempfile.TemporaryDirectory() as data:
        server = LiveServer(os.path.join(data, "data"), async_mode=args.mode,
                            log_dir=data).start()
        try:
            screens = args.players + 1
            table = Screen(server.url, {"role": "table"}, on_game=arrival(0))
            code = table.wait("welcome")["room"]
            phones = []
            for i in range(args.players):
                phone = Screen(server.url, {"role": "phone", "room": code},
                               on_game=arrival(i + 1))
                assert phone.call("join", {"name": f"P{i}"})["ok"]
                phones.append(phone)
            assert table.call("start", {"game": args.game})["ok"]
            rng = random.Random(1)
            latencies, acks = [], []
            while len(latencies) < args.actions:
                game = table.game()
                if game["over"]:
                    assert table.call("rematch", {})["ok"]
                    wait_until(lambda: not table.game()["over"], what="the rematch")
                    continue
                seat = game["waiting_for"][0]
                mine = phones[seat].wait("game", lambda g: g["version"] == game["version"])
                action = rng.choice(mine["legal_actions"])
                started = time.perf_counter()
                reply = phones[seat].call("act", {"version": game["version"],
                                                  "action": action})
                acks.append(time.perf_counter() - started)
                assert reply["ok"], reply
                version = reply["version"]
                wait_until(lambda: len(arrivals.get(version, {})) == screens,
                           what="every screen")
                latencies.append(max(arrivals[version].values()) - started)
        finally:
            server.stop()

    def ms(values, q):
        return 1000 * statistics.quantiles(values, n=100)[q - 1]
    print(f"{args.game}, {args.players} phones + 1 table, {args.mode}, {len(latencies)} actions")
    print(f"  ack:         median {1000 * statistics.median(acks):6.1f} ms   "
          f"p95 {ms(acks, 95):6.1f} ms")
    print(f"  all screens: median {1000 * statistics.median(latencies):6.1f} ms   "
          f"p95 {ms(latencies, 95):6.1f} ms   max {1000 * max(latencies):6.1f} ms")


if __name__ == "__main__":
    main()
