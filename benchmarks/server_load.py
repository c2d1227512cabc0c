"""Many rooms at once on one real `castaways` server: each room is 1 table + 6 phones playing
Lifeboats, every phone thinking 0.25-0.75 s before each action. Loopback only; every run is
bounded in time and stops by itself. Prints, per async mode and number of rooms: how many
rooms connected, actions/s, p50/p99 from an action to all 7 screens, server memory per room,
and the server's CPU time per action (1000 / that = actions/s one core can carry).

    python benchmarks/server_load.py                                   # all modes, 20..300 rooms
    python benchmarks/server_load.py --modes eventlet --rooms 100 200 --seconds 20
"""
import argparse
import asyncio
import gc
import os
import random
import resource
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.support.lite_client import LiteSocket  # noqa: E402
from tests.support.live_server import LiveServer  # noqa: E402

PHONES = 6


def cpu_seconds(pid):
    """User + system CPU time of a process: the server's cost per action, which a busy machine
    does not inflate (latencies it does)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Room:
    def __init__(self, bench, index):
        self.bench = bench
        self.index = index
        self.rng = random.Random(index)
        self.sent = {}          # version -> perf_counter when the action that made it was sent
        self.seen = {}          # version -> screens that received it
        self.version = None

    def on_game(self, screen, data):
        if screen == -1 and len(self.table.received) > 8:
            del self.table.received[:-3]        # the TV's payloads are only counted
        version = data["version"]
        seen = self.seen.setdefault(version, set())
        seen.add(screen)
        if len(seen) == PHONES + 1:
            del self.seen[version]
            if version in self.sent:
                self.bench.latencies.append(time.perf_counter() - self.sent.pop(version))

    def events(self, screen):
        return lambda name, data: name == "game" and self.on_game(screen, data)

    async def connect(self, port):
        self.table = await LiteSocket.open("127.0.0.1", port, {"role": "table"},
                                           self.events(-1), timeout=60)
        self.code = (await self.table.wait("welcome", timeout=60))["room"]
        self.phones = []
        for i in range(PHONES):
            phone = await LiteSocket.open("127.0.0.1", port, {"role": "phone", "room": self.code},
                                          self.events(i), timeout=60)
            assert (await phone.call("join", {"name": f"P{i}"}, timeout=60))["ok"]
            self.phones.append(phone)

    async def play(self, until):
        reply = await self.table.call("start", {"game": "lifeboats"}, timeout=60)
        assert reply["ok"], reply
        tasks = [asyncio.create_task(self.seat(seat, phone, until))
                 for seat, phone in enumerate(self.phones)]
        await asyncio.gather(*tasks)

    async def seat(self, seat, phone, until):
        try:
            await self._seat(seat, phone, until)
        except asyncio.TimeoutError:
            if time.perf_counter() < until - 1:
                raise           # the end of the run cuts the last wait short; anything else is not

    async def _seat(self, seat, phone, until):
        while time.perf_counter() < until:
            game = await phone.wait("game", lambda g: True, timeout=60)
            latest = max((d for n, d in phone.received if n == "game"),
                         key=lambda g: g["version"])
            if latest["over"]:
                if seat == 0:
                    await self.table.call("rematch", {}, timeout=60)
                await phone.wait("game", lambda g: g["version"] > latest["version"],
                                 timeout=60)
                continue
            if seat not in latest["waiting_for"] or not latest["legal_actions"]:
                await phone.wait("game", lambda g: g["version"] > latest["version"],
                                 timeout=max(0.1, until - time.perf_counter()))
                continue
            await asyncio.sleep(self.rng.uniform(0.25, 0.75))
            current = max((d for n, d in phone.received if n == "game"),
                          key=lambda g: g["version"])
            if current["version"] != latest["version"]:
                continue
            action = self.rng.choice(latest["legal_actions"])
            self.sent[latest["version"] + 1] = time.perf_counter()
            reply = await phone.call("act", {"version": latest["version"], "action": action},
                                     timeout=60)
            if reply["ok"]:
                self.bench.actions += 1
            else:
                self.sent.pop(latest["version"] + 1, None)
            del game
            # Keep memory flat: only the newest payloads matter.
            if len(phone.received) > 8:
                del phone.received[:-3]


class Bench:
    def __init__(self):
        self.latencies = []
        self.actions = 0

    def quantile_ms(self, p):
        lat = sorted(self.latencies)
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")


async def close_rooms(rooms):
    for room in rooms:
        for screen in [room.table, *room.phones]:
            await screen.close()


async def run_size(server, count, seconds):
    bench = Bench()
    rooms = [Room(bench, i) for i in range(count)]
    base = rss_kb(server.process.pid)
    started = time.perf_counter()
    results = await asyncio.gather(*(room.connect(server.port) for room in rooms),
                                   return_exceptions=True)
    connected = [room for room, result in zip(rooms, results) if result is None]
    connect_s = time.perf_counter() - started
    # This one process plays 7 screens a room. Its own pauses are not the server's latency, but
    # they were most of what it reported: with every decoded payload kept (the TVs' never
    # trimmed) its heap reached 650 MB, each full garbage collection stalled every socket for
    # hundreds of ms, and the bursts it then sent made the server's queue too. Payloads are
    # trimmed to the newest few and the collector is off while it plays (it makes no cycles
    # worth collecting in 15 s): at 200 rooms in eventlet, p99 went from 330-450 ms to 20 ms
    # and actions/s from 265 to 390, with the server unchanged.
    gc.collect()
    gc.disable()
    warmup = 3.0
    until = time.perf_counter() + warmup + seconds
    playing = asyncio.gather(*(room.play(until) for room in connected), return_exceptions=True)
    await asyncio.sleep(warmup)
    bench.latencies.clear()
    actions_before = bench.actions
    measure_start = time.perf_counter()
    cpu_start = cpu_seconds(server.process.pid)
    results = await playing
    elapsed = time.perf_counter() - measure_start
    cpu = cpu_seconds(server.process.pid) - cpu_start
    memory = rss_kb(server.process.pid)
    errors = [r for r in results if isinstance(r, BaseException)]
    if errors and os.environ.get("BENCH_DEBUG"):
        print("first error:", repr(errors[0]), file=sys.stderr)
    await close_rooms(connected)
    gc.enable()
    return {"rooms": count, "connected": len(connected), "connect_s": connect_s,
            "actions_s": (bench.actions - actions_before) / elapsed,
            "p50": bench.quantile_ms(0.50), "p99": bench.quantile_ms(0.99),
            "kb_per_room": (memory - base) / max(1, len(connected)),
            "cpu_ms": 1000 * cpu / max(1, bench.actions - actions_before),
            "errors": len(errors) + len(rooms) - len(connected)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", nargs="+", default=["eventlet", "gevent", "threading"])
    parser.add_argument("--rooms", nargs="+", type=int, default=[20, 50, 100, 200, 300])
    parser.add_argument("--seconds", type=float, default=15.0, help="measured play per size")
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000) if hard > 0 else 20000, hard))
    print(f"rooms of 1 table + {PHONES} phones, Lifeboats, think 0.25-0.75 s, "
          f"{args.seconds:g} s measured per size")
    print(f"{'mode':10} {'rooms':>5} {'conn':>5} {'conn s':>7} {'act/s':>7} {'p50 ms':>7} "
          f"{'p99 ms':>7} {'kB/room':>8} {'cpu ms/act':>10} {'err':>4}")
    for mode in args.modes:
        for count in args.rooms:
            with tempfile.TemporaryDirectory() as data:
                server = LiveServer(os.path.join(data, "data"), async_mode=mode,
                                    load_modules=(), log_dir=data,
                                    extra_args=("--max-rooms-per-address", "1000",
                                                "--max-connections-per-address", "100000",
                                                "--bot-delay", "0")).start()
                try:
                    r = asyncio.run(asyncio.wait_for(
                        run_size(server, count, args.seconds), args.seconds + 240))
                except asyncio.TimeoutError:
                    r = None
                finally:
                    server.stop()
            if r is None:
                print(f"{mode:10} {count:>5}  timed out")
                continue
            print(f"{mode:10} {r['rooms']:>5} {r['connected']:>5} {r['connect_s']:>7.1f} "
                  f"{r['actions_s']:>7.1f} {r['p50']:>7.1f} {r['p99']:>7.1f} "
                  f"{r['kb_per_room']:>8.0f} {r['cpu_ms']:>10.1f} {r['errors']:>4}", flush=True)


if __name__ == "__main__":
    main()
