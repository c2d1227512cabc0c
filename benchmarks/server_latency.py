"""Time from a phone's `act` to every screen (the TV and all phones) receiving the new `game`,
on a real `castaways` server in a subprocess, over real Socket.IO clients on localhost, against
a bare Flask-SocketIO echo server (benchmarks/echo_server.py) in the same async mode, measured by
the same clients. Prints both and their ratio per async mode; asserts nothing.

Fair by construction:
- Interleaved: both servers run side by side and take turns, one action each (in alternating
  order), so a busy machine slows both alike; the ratio is of the medians.
- The echo sends every socket one payload per action as large as Castaways' `game` payloads and
  shaped like them: a real phone `game` payload of the same game and player count, the one
  whose size is nearest the mean over a seeded game's actions as many as measured (payloads
  grow during a game; both sizes are printed). `--echo flat`: one long string of that size
  instead, which the clients decode ten times faster than a game's many small objects, so the
  ratio then also counts the clients' decoding of real data.
- Same packet class as Castaways (server.packets: orjson, no binary scan), same web server
  settings (server.serving), same clients. The clients skip websocket-client's pure-Python
  UTF-8 check of every frame (about 0.6 ms per 5.5 kB message), which would otherwise be counted
  as server time.

    python benchmarks/server_latency.py                      # lifeboats, 6 phones, all 3 modes
    python benchmarks/server_latency.py --mode threading -n 300 --game galerapagos --players 8
    python benchmarks/server_latency.py --before /tmp/old    # also an older checkout, interleaved

`--before DIR` runs a second castaways server from another checkout (e.g. `git worktree add
/tmp/old <commit>`) in the same interleaving: before and after measured in one run.
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

import engine  # noqa: E402
from tests.support import live_server  # noqa: E402
from tests.support.clients import Screen  # noqa: E402
from tests.support.live_server import LiveServer, free_port  # noqa: E402
from tests.support.waiting import wait_until  # noqa: E402

MODES = ("eventlet", "gevent", "threading")
CLIENT = {"websocket_extra_options": {"skip_utf8_validation": True}}
WARM_UP = 10          # actions played on each server before measuring


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


def cpu_seconds(pid):
    """User + system CPU time the process has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


class RootedServer(LiveServer):
    """A LiveServer started from the checkout at `root`."""

    def __init__(self, root, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.root = root

    def start(self, *args, **kwargs):
        saved, live_server.ROOT = live_server.ROOT, self.root
        try:
            return super().start(*args, **kwargs)
        finally:
            live_server.ROOT = saved


class Castaways:
    """A castaways server with a table and `players` phones in a game of `game_id`."""

    def __init__(self, mode, game_id, players, data, root=ROOT):
        self.arrivals, self.sizes, self.acks, self.latencies = Arrivals(), [], [], []
        self.players, self.rng = players, random.Random(1)
        os.makedirs(data, exist_ok=True)
        self.server = RootedServer(root, os.path.join(data, "data"), async_mode=mode,
                                   log_dir=data).start()
        before = rss_kb(self.server.process.pid)
        self.table = Screen(self.server.url, {"role": "table"},
                            on_game=self.arrivals.recorder(0), **CLIENT)
        code = self.table.wait("welcome")["room"]
        self.phones = []
        for i in range(players):
            phone = Screen(self.server.url, {"role": "phone", "room": code},
                           on_game=self.arrivals.recorder(i + 1), **CLIENT)
            assert phone.call("join", {"name": f"P{i}"})["ok"]
            self.phones.append(phone)
        assert self.table.call("start", {"game": game_id})["ok"]
        self.table.wait("game")
        self.room_kb = rss_kb(self.server.process.pid) - before
        self.pid = self.server.process.pid

    def step(self, record=True):
        while True:
            game = self.table.game()
            if not game["over"]:
                break
            assert self.table.call("rematch", {})["ok"]
            wait_until(lambda: not self.table.game()["over"], what="the rematch")
        seat = game["waiting_for"][0]
        mine = self.phones[seat].wait("game", lambda g: g["version"] == game["version"])
        action = self.rng.choice(mine["legal_actions"])
        started = time.perf_counter()
        reply = self.phones[seat].call("act", {"version": game["version"], "action": action})
        ack = time.perf_counter() - started
        assert reply["ok"], reply
        latency = self.arrivals.all_by(reply["version"], self.players + 1) - started
        if record:
            self.sizes.append(len(json.dumps(mine, separators=(",", ":"), ensure_ascii=False)))
            self.acks.append(ack)
            self.latencies.append(latency)

    def close(self):
        for screen in [self.table] + self.phones:
            screen.close()
        self.server.stop()


class Echo:
    """The bare echo server with `screens` clients."""

    def __init__(self, mode, screens, payload, data):
        self.acks, self.latencies, self.version, self.screens = [], [], 0, screens
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "benchmarks", "echo_server.py"),
             "--mode", mode, "--port", str(port), "--payload", payload],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(self._healthy, 30, "the echo server")
        self.arrivals = Arrivals()
        self.clients = [Screen(self.url, {}, on_game=self.arrivals.recorder(i), **CLIENT)
                        for i in range(screens)]
        self.pid = self.process.pid

    def _healthy(self):
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=1) as answer:
                return json.load(answer)["ok"]
        except OSError:
            return False

    def step(self, record=True):
        started = time.perf_counter()
        reply = self.clients[1 + self.version % (self.screens - 1)].call(
            "act", {"version": self.version})
        ack = time.perf_counter() - started
        self.version = reply["version"]
        latency = self.arrivals.all_by(self.version, self.screens) - started
        if record:
            self.acks.append(ack)
            self.latencies.append(latency)

    def close(self):
        for client in self.clients:
            client.close()
        self.process.terminate()
        self.process.wait(10)


def measure(mode, game_id, players, actions, echo_kind, before=None):
    """(castaways, echo, castaways from `before` or None), measured in turns."""
    with tempfile.TemporaryDirectory() as data:
        runs = []
        try:
            castaways = Castaways(mode, game_id, players, os.path.join(data, "after"))
            runs.append(castaways)
            old = None
            if before:
                old = Castaways(mode, game_id, players, os.path.join(data, "before"), before)
                runs.append(old)
            for _ in range(WARM_UP):
                for run in runs:
                    run.step(record=False)
            payload = os.path.join(data, "payload.json")
            size, sample = representative_payload(game_id, players, WARM_UP, actions)
            with open(payload, "w") as out:
                json.dump({"pad": "x" * size} if echo_kind == "flat" else sample, out)
            echo = Echo(mode, players + 1, payload, data)
            echo.size = size
            runs.append(echo)
            for _ in range(WARM_UP):
                echo.step(record=False)
            started = {run: cpu_seconds(run.pid) for run in runs}
            for i in range(actions):
                for run in (runs if i % 2 else runs[::-1]):
                    run.step()
            for run in runs:
                # The server process's CPU per action, transport included (its own
                # timers and pings too, the same for all).
                run.cpu = (cpu_seconds(run.pid) - started[run]) / actions
        finally:
            for run in runs:
                run.close()
    return castaways, echo, old


def representative_payload(game_id, players, first, count, seed=1):
    """A phone's `game` payload (server.views.game_payload's shape) from a seeded random game:
    of the payloads of actions first..first+count, the one nearest their mean size."""
    game = engine.new_game(game_id, [f"P{i}" for i in range(players)], seed=seed)
    rng, events, payloads = random.Random(seed), [], []
    while len(payloads) < first + count:
        if game.over:
            game, events = engine.new_game(game_id, game.players, seed=seed + len(payloads)), []
        seat = game.waiting_for()[0]
        payloads.append({
            "version": len(payloads), "game": game_id, "seat": seat, "view": game.view(seat),
            "legal_actions": game.legal_actions(seat), "waiting_for": game.waiting_for(),
            "over": game.over, "result": None, "deadline": None, "events": events})
        events = game.act(seat, rng.choice(game.legal_actions(seat)))
    sized = [(len(json.dumps(p, separators=(",", ":"), ensure_ascii=False)), p)
             for p in payloads[first:]]
    mean = statistics.mean(size for size, _ in sized)
    return min(sized, key=lambda item: abs(item[0] - mean))


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
    parser.add_argument("--echo", choices=("game", "flat"), default="game",
                        help="the echo's payload: a real game payload (default) or a flat string")
    parser.add_argument("--before", metavar="DIR",
                        help="also measure castaways from this checkout, in the same turns")
    args = parser.parse_args(argv)
    print(f"{args.game}, {args.players} phones + 1 table, {args.actions} actions per server, "
          f"interleaved; echo payload: {args.echo}; times in ms (median / p95)")
    print(f"{'mode':<10} {'castaways ack':>14} {'all screens':>14} {'echo ack':>12} "
          f"{'all screens':>14} {'ratio (medians)':>16} {'server cpu/action':>18}")
    for mode in args.mode or MODES:
        after, echo, before = measure(mode, args.game, args.players, args.actions, args.echo,
                                      args.before)
        for label, c in ((mode, after), (f"  before", before)):
            if c is None:
                continue
            print(f"{label:<10} {ms(c.acks):6.1f} /{ms(c.acks, 95):6.1f} "
                  f"{ms(c.latencies):6.1f} /{ms(c.latencies, 95):6.1f} "
                  f"{ms(echo.acks):5.1f} /{ms(echo.acks, 95):5.1f} "
                  f"{ms(echo.latencies):6.1f} /{ms(echo.latencies, 95):6.1f} "
                  f"{ms(c.latencies) / ms(echo.latencies):>10.2f} "
                  f"{1000 * c.cpu:>11.2f} /{1000 * echo.cpu:5.2f}   (payload "
                  f"{int(statistics.mean(c.sizes))} B, echo {echo.size} B; the connected room "
                  f"took {c.room_kb} KB of the server's RSS)", flush=True)


if __name__ == "__main__":
    main()
