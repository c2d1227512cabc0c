"""Time from a phone's `act` to every screen (the TV and all phones) receiving the new `game`,
on a real `castaways` server in a subprocess, over real Socket.IO clients on localhost; then the
same for a bare Flask-SocketIO echo server (benchmarks/echo_server.py) in the same mode, sending
each socket one payload as large as Castaways' `game` payloads, measured by the same clients.
Prints both and their ratio per async mode; asserts nothing.

The clients skip websocket-client's pure-Python UTF-8 check of every frame (about 0.6 ms per
5.5 kB message), which would otherwise be counted as server time.

    python benchmarks/server_latency.py                      # lifeboats, 6 phones, all 3 modes
    python benchmarks/server_latency.py --mode threading -n 300 --game galerapagos --players 8
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.support.clients import Screen  # noqa: E402
from tests.support.live_server import LiveServer, free_port  # noqa: E402
from tests.support.waiting import wait_until  # noqa: E402

MODES = ("eventlet", "gevent", "threading")
CLIENT = {"websocket_extra_options": {"skip_utf8_validation": True}}


class Arrivals:
    """When each screen received each version."""

    def __init__(self):
        self.seen, self.lock = {}, threading.Lock()

    def recorder(self, index):
        def record(game):
            with self.lock:
                self.seen.setdefault(game["version"], {})[index] = time.perf_counter()
        return record

    def all_by(self, version, screens):
        wait_until(lambda: len(self.seen.get(version, {})) == screens, what="every screen")
        return max(self.seen[version].values())


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def castaways(mode, game_id, players, actions):
    arrivals, sizes = Arrivals(), []
    with tempfile.TemporaryDirectory() as data:
        server = LiveServer(os.path.join(data, "data"), async_mode=mode, log_dir=data).start()
        try:
            before = rss_kb(server.process.pid)
            table = Screen(server.url, {"role": "table"}, on_game=arrivals.recorder(0), **CLIENT)
            code = table.wait("welcome")["room"]
            phones = []
            for i in range(players):
                phone = Screen(server.url, {"role": "phone", "room": code},
                               on_game=arrivals.recorder(i + 1), **CLIENT)
                assert phone.call("join", {"name": f"P{i}"})["ok"]
                phones.append(phone)
            assert table.call("start", {"game": game_id})["ok"]
            table.wait("game")
            room_kb = rss_kb(server.process.pid) - before
            rng = random.Random(1)
            latencies, acks = [], []
            while len(latencies) < actions:
                game = table.game()
                if game["over"]:
                    assert table.call("rematch", {})["ok"]
                    wait_until(lambda: not table.game()["over"], what="the rematch")
                    continue
                seat = game["waiting_for"][0]
                mine = phones[seat].wait("game", lambda g: g["version"] == game["version"])
                sizes.append(len(json.dumps(mine, separators=(",", ":"))))
                action = rng.choice(mine["legal_actions"])
                started = time.perf_counter()
                reply = phones[seat].call("act", {"version": game["version"], "action": action})
                acks.append(time.perf_counter() - started)
                assert reply["ok"], reply
                latencies.append(arrivals.all_by(reply["version"], players + 1) - started)
            for screen in [table] + phones:
                screen.close()
        finally:
            server.stop()
    return acks, latencies, int(statistics.mean(sizes)), room_kb


def echo(mode, screens, actions, size):
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen([sys.executable, os.path.join(ROOT, "benchmarks", "echo_server.py"),
                                "--mode", mode, "--port", str(port), "--size", str(size)],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        def healthy():
            try:
                with urllib.request.urlopen(url + "/healthz", timeout=1) as answer:
                    return json.load(answer)["ok"]
            except OSError:
                return False
        wait_until(healthy, 30, "the echo server")
        arrivals = Arrivals()
        clients = [Screen(url, {}, on_game=arrivals.recorder(i), **CLIENT) for i in range(screens)]
        latencies, acks, version = [], [], 0
        for _ in range(actions):
            started = time.perf_counter()
            reply = clients[1 + version % (screens - 1)].call("act", {"version": version})
            acks.append(time.perf_counter() - started)
            version = reply["version"]
            latencies.append(arrivals.all_by(version, screens) - started)
        for client in clients:
            client.close()
    finally:
        process.terminate()
        process.wait(10)
    return acks, latencies


def ms(values, q=None):
    if q is None:
        return 1000 * statistics.median(values)
    return 1000 * statistics.quantiles(values, n=100)[q - 1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", action="append", choices=MODES)
    parser.add_argument("--game", default="lifeboats")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("-n", "--actions", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"{args.game}, {args.players} phones + 1 table, {args.actions} actions per run; "
          f"times in ms (median / p95)")
    print(f"{'mode':<10} {'castaways ack':>14} {'all screens':>14} {'echo ack':>12} "
          f"{'all screens':>14} {'ratio (medians)':>16}")
    for mode in args.mode or MODES:
        acks, latencies, size, room_kb = castaways(mode, args.game, args.players, args.actions)
        echo_acks, echo_latencies = echo(mode, args.players + 1, args.actions, size)
        print(f"{mode:<10} {ms(acks):6.1f} /{ms(acks, 95):6.1f} "
              f"{ms(latencies):6.1f} /{ms(latencies, 95):6.1f} "
              f"{ms(echo_acks):5.1f} /{ms(echo_acks, 95):5.1f} "
              f"{ms(echo_latencies):6.1f} /{ms(echo_latencies, 95):6.1f} "
              f"{ms(latencies) / ms(echo_latencies):>10.2f}   (payload {size} B; the connected "
              f"room took {room_kb} KB of the server's RSS)", flush=True)


if __name__ == "__main__":
    main()
