"""Hosted mode (issue 22, docs/hosting.md): what a shared PostgreSQL store and shard leases cost.

1. Save cost: one room's record written (a six-seat Lifeboats game 30 actions in),
   SQLite (the living room) against PostgreSQL (fenced by the shard's lease, one statement),
   median and p99 per save, one writer.
2. The event loop while the database answers slowly: a gevent process (the hosted mode's)
   saving from 50 greenlets through the store's pool while PostgreSQL takes 50 ms per write
   (a trigger sleeps); a greenlet measures how late its 5 ms sleeps wake up. Rounds alternate
   with the same measure and no database work (the machine's own noise), so both see the same
   machine load and their difference is the database's share. psycopg 3 waits cooperatively
   under gevent: the writes overlap and the loop goes on (a blocking driver would stop it
   50 ms per write).
3. Takeover: a site of PostgreSQL + HAProxy + 3 processes, a room with a phone; the process
   serving it is SIGKILLed, and the phone acts until an action is accepted elsewhere: the time
   from the kill to that first accepted action, median and worst of --kills kills (the killed
   process is started again each time).
4. Load: rooms served by 1, 2 and 3 processes (benchmarks/server_load.py's rooms, phones
   through HAProxy): actions/s, p50/p99 from an action to every screen, CPU per action per
   process and for HAProxy.

Loopback only, two cores shared by everything (the database, the proxy, the processes and
this script): figures for comparison, not capacity.

    python benchmarks/hosted.py --parts save loop takeover        # 20 kills
    python benchmarks/hosted.py --parts load --processes 1 3 --rooms 50 100 --seconds 15
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def lifeboats_record():
    import engine
    import tests.fixture_game  # noqa: F401
    from server.rooms import Player, Room
    game = engine.new_game("lifeboats", ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"], seed=3)
    for _ in range(30):
        seat = game.waiting_for()[0]
        game.act(seat, game.legal_actions(seat)[0])
    room = Room(code="ABCD", host_token="x" * 32, status="playing", game_id="lifeboats",
                players=[Player(id=f"p{i}", name=n, token="t" * 32, colour="#fff", letter="R",
                                seat=i) for i, n in enumerate(["Ana", "Ben", "Cy", "Di", "Ed", "Flo"])])
    room.game = game
    return room.to_record()


def quantiles(samples):
    samples = sorted(samples)
    return (1000 * statistics.median(samples),
            1000 * samples[min(len(samples) - 1, int(0.99 * len(samples)))])


def part_save(pg, count=2000):
    from server.shards import shard_of
    from server.store import SqliteStore, encode
    from server.store_pg import PostgresStore
    record = lifeboats_record()
    print(f"1. save cost, one {len(encode(record)) / 1000:.1f} KB Lifeboats record, "
          f"{count} saves, one writer")
    with tempfile.TemporaryDirectory() as folder:
        stores = {"SQLite (WAL, synchronous=NORMAL)": SqliteStore(folder)}
        store = PostgresStore(pg.fresh_database(), lambda c: shard_of(c, 1), "bench")
        store.epochs[0] = store.acquire(0, 600)
        stores["PostgreSQL (fenced by the lease)"] = store
        for name, store in stores.items():
            times = []
            for i in range(count):
                record["version"] = i
                started = time.perf_counter()
                store.save(record)
                times.append(time.perf_counter() - started)
            median, p99 = quantiles(times[100:])
            print(f"   {name:34} median {median:6.3f} ms   p99 {p99:6.3f} ms")
            store.shutdown()


LOOP_SCRIPT = r"""
import sys, time
from gevent import monkey; monkey.patch_all()
import gevent
sys.path.insert(0, sys.argv[2])
from server.store_pg import PostgresStore, ROOM_CONNECTIONS
import psycopg
dsn, rounds = sys.argv[1], int(sys.argv[3])
with psycopg.connect(dsn, autocommit=True) as db:
    db.execute("CREATE OR REPLACE FUNCTION slow() RETURNS trigger AS $$"
               " BEGIN PERFORM pg_sleep(0.05); RETURN NEW; END $$ LANGUAGE plpgsql")
store = PostgresStore(dsn, lambda c: 0, "loop")      # as a process has it: one pool
store.epochs[0] = store.acquire(0, 3600)
store.pool.wait(30)
with psycopg.connect(dsn, autocommit=True) as db:
    db.execute("DROP TRIGGER IF EXISTS slow ON rooms")
    db.execute("CREATE TRIGGER slow BEFORE INSERT OR UPDATE ON rooms"
               " FOR EACH ROW EXECUTE FUNCTION slow()")

def watch(into, stop):
    while not stop:
        t = time.perf_counter(); gevent.sleep(0.005)
        into.append(time.perf_counter() - t - 0.005)

def writer(i, saves):
    for n in range(4):
        t = time.perf_counter()
        store.save({"code": "A%03d" % i, "touched": 0.0, "version": n, "x": "y" * 5000})
        saves.append(time.perf_counter() - t)

def measured(work):
    late, stop = [], []
    w = gevent.spawn(watch, late, stop)
    started = time.perf_counter()
    work()
    wall = time.perf_counter() - started
    stop.append(1); w.join()
    return late, wall

# Rounds alternate the two conditions, so the machine's load (other work on the same cores)
# weighs on both alike: the difference between them is the database's own share.
idle, slow, saves, walls = [], [], [], []
for r in range(rounds):
    late, _ = measured(lambda: gevent.sleep(2.0))
    idle += late
    got = []
    late, wall = measured(lambda: gevent.joinall([gevent.spawn(writer, i, got) for i in range(50)]))
    slow += late; saves += got; walls.append(wall)

def summary(late):
    late = sorted(late)
    return ("median %5.2f ms  p99 %6.2f ms  longest %6.1f ms  over 20 ms: %d of %d"
            % (1000 * late[len(late) // 2], 1000 * late[int(0.99 * len(late))],
               1000 * late[-1], sum(1 for x in late if x > 0.020), len(late)))
print("%d rounds, each 2 s with no database work then 200 saves of 50 ms (a trigger sleeps)"
      " from 50 greenlets on the store's %d pooled connections: %.1f-%.1f s a round (%.1f s"
      " if the loop waited for each save)" % (rounds, ROOM_CONNECTIONS, min(walls), max(walls),
                                              0.05 * 200))
print("   loop lateness, no database work (the machine's own noise): " + summary(idle))
print("   loop lateness, while the database answers slowly:           " + summary(slow))
"""


def part_loop(pg, rounds=5):
    import subprocess
    print("2. the gevent loop while every PostgreSQL write takes 50 ms, against the same loop "
          "with no database work, alternating")
    out = subprocess.run([sys.executable, "-c", LOOP_SCRIPT, pg.fresh_database(),
                          os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          str(rounds)],
                         capture_output=True, text=True, timeout=600)
    print("   " + (out.stdout.strip() or out.stderr.strip()[-2000:]))


def part_takeover(pg, kills):
    import socketio
    from server.shards import shard_of
    from tests.support.site import Site, wait_until
    print(f"3. takeover: SIGKILL of the process serving a room to the first action accepted "
          f"elsewhere, {kills} kills (PostgreSQL + HAProxy + 3 processes, lease 2 s, "
          "renewed every 0.5 s)")
    with tempfile.TemporaryDirectory() as folder:
        site = Site(folder, pg.fresh_database(), processes=3, shards=6, bot_delay=0)
        try:
            site.start()
            welcome = {}
            for attempt in range(10):      # as a page would: try again
                table = socketio.Client()
                table.on("welcome", lambda d: welcome.update(d))
                try:
                    table.connect(site.url, auth={"role": "table", "room": None},
                                  wait_timeout=10)
                    break
                except socketio.exceptions.ConnectionError:
                    time.sleep(0.5)
            wait_until(lambda: welcome, 15, "welcome")
            code = welcome["room"]
            table.disconnect()
            url = f"{site.url}/?room={code}"
            phone = socketio.Client(reconnection=False)
            phone.connect(url, auth={"role": "phone", "room": code})
            token = phone.call("join", {"name": "Ana"})["token"]
            phone.disconnect()
            shard = shard_of(code, 6)
            times = []
            for kill in range(kills):
                owner = site.owner_of(shard)
                killed = time.perf_counter()
                site.processes[owner].kill()
                while True:       # a page retrying: reconnect and rename until one is accepted
                    try:
                        phone = socketio.Client(reconnection=False)
                        phone.connect(url, auth={"role": "phone", "room": code, "token": token},
                                      wait_timeout=2)
                        reply = phone.call("rename", {"name": f"Ana{kill % 2}"}, timeout=2)
                        phone.disconnect()
                        if reply.get("ok"):
                            break
                    except Exception:
                        time.sleep(0.05)
                times.append(time.perf_counter() - killed)
                site.processes[owner].start().wait_listening()
                wait_until(lambda: len(site.owners()) == 6, 30, "every shard owned")
            times.sort()
            print(f"   median {statistics.median(times):.2f} s, worst {times[-1]:.2f} s, "
                  f"best {times[0]:.2f} s over {len(times)} kills")
        finally:
            site.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="+", default=["save", "loop", "takeover", "load"])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--processes", nargs="+", type=int, default=[1, 2, 3])
    parser.add_argument("--rooms", nargs="+", type=int, default=[20, 50, 100])
    parser.add_argument("--seconds", type=float, default=15.0, help="measured play per size")
    args = parser.parse_args(argv)
    from tests.support.postgres import Postgres, missing_reason
    reason = missing_reason()
    if reason:
        sys.exit(reason)
    import signal
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))     # the finally blocks stop it all
    pg = Postgres().start()
    print("load average %.1f %.1f %.1f on %d cores (everything shares them)"
          % (*os.getloadavg(), os.cpu_count()))
    try:
        if "save" in args.parts:
            part_save(pg)
        if "loop" in args.parts:
            part_loop(pg)
        if "takeover" in args.parts:
            part_takeover(pg, args.kills)
        if "load" in args.parts:
            part_load(pg, args.processes, args.rooms, args.seconds)
    finally:
        pg.stop()



# -- 4. rooms served by 1, 2 and 3 processes ---------------------------------------------------
def part_load(pg, process_counts, room_counts, seconds):
    import asyncio
    import gc
    import resource

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import server_load
    from tests.support.lite_client import LiteSocket
    from tests.support.site import Site

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 20000) if hard > 0 else 20000, hard))

    class SiteRoom(server_load.Room):
        """A room of benchmarks/server_load.py on a site: the TV straight to a process (TVs
        come from many addresses; this script has one, and the proxy shares room-less
        requests out by address), its phones through HAProxy by the room code."""

        @property
        def home(self):
            # Each room's phones from an address of their own, as households are: HAProxy
            # refuses an address's 501st connection (the site's per-address cap), which all
            # phones from 127.0.0.1 reached at about 80 rooms.
            return f"127.0.{1 + self.index // 250}.{1 + self.index % 250}"

        async def connect(self, site):
            process = site.processes[self.index % len(site.processes)]
            self.table = await LiteSocket.open("127.0.0.1", process.port, {"role": "table"},
                                               self.events(-1), timeout=60)
            self.code = (await self.table.wait("welcome", timeout=60))["room"]
            self.phones = []
            for i in range(server_load.PHONES):
                phone = await self.through_proxy(site, i)
                assert (await phone.call("join", {"name": f"P{i}"}, timeout=60))["ok"]
                self.phones.append(phone)

        async def through_proxy(self, site, i, tries=40):
            # A shard's backend answers 503 until HAProxy's checks have seen its owner (a fresh
            # site): the phone tries again, as a page does.
            for attempt in range(tries):
                try:
                    return await LiteSocket.open("127.0.0.1", site.proxy_port,
                                                 {"role": "phone", "room": self.code},
                                                 self.events(i), timeout=60,
                                                 source=self.home)
                except ConnectionError:
                    if attempt == tries - 1:
                        raise
                    await asyncio.sleep(0.25)

    async def run(site, count):
        bench = server_load.Bench()
        rooms = [SiteRoom(bench, i) for i in range(count)]
        # Rooms come in a few at a time, as groups arrive.
        arriving = asyncio.Semaphore(8)

        async def arrive(room):
            async with arriving:
                return await room.connect(site)
        results = await asyncio.gather(*(arrive(room) for room in rooms), return_exceptions=True)
        connected = [room for room, result in zip(rooms, results) if result is None]
        failed = sorted({repr(result)[:200] for result in results if result is not None})
        if failed:
            print(f"   {len(rooms) - len(connected)} rooms did not connect: " + "; ".join(failed))
        gc.collect()
        gc.disable()
        until = time.perf_counter() + 3.0 + seconds
        playing = asyncio.gather(*(room.play(until) for room in connected),
                                 return_exceptions=True)
        await asyncio.sleep(3.0)
        bench.latencies.clear()
        before = bench.actions
        pids = [p.process.pid for p in site.processes]
        cpu0 = [server_load.cpu_seconds(pid) for pid in pids]
        proxy0 = server_load.cpu_seconds(site.proxy.pid)
        started = time.perf_counter()
        await playing
        elapsed = time.perf_counter() - started
        actions = bench.actions - before
        cpu = [server_load.cpu_seconds(pid) - c for pid, c in zip(pids, cpu0)]
        proxy = server_load.cpu_seconds(site.proxy.pid) - proxy0
        await server_load.close_rooms(connected)
        gc.enable()
        return (len(connected), actions / elapsed, bench.quantile_ms(0.5), bench.quantile_ms(0.99),
                1000 * sum(cpu) / max(1, actions), [1000 * c / max(1, actions) for c in cpu],
                1000 * proxy / max(1, actions))

    print(f"4. rooms of 1 TV + {server_load.PHONES} phones playing Lifeboats (think 0.25-0.75 s) "
          f"on a site, {seconds:g} s measured; the load generator, HAProxy, PostgreSQL and "
          "the processes share the same cores")
    print(f"   {'procs':>5} {'rooms':>5} {'conn':>5} {'act/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'cpu ms/act (all procs)':>22} {'per process':>20} {'haproxy':>8}")
    for n in process_counts:
        for count in room_counts:
            with tempfile.TemporaryDirectory() as folder:
                site = Site(folder, pg.fresh_database(), processes=n, shards=6, bot_delay=0,
                            # This script is every device of the site, from one address.
                            extra_args=("--max-rooms-per-address", "1000",
                                        "--max-visitors-per-address", "1000",
                                        # Processes started together on a loaded machine
                                        # come up seconds apart: each waits long enough
                                        # for the others before taking its share of shards.
                                        "--startup-seconds", "10"))
                try:
                    site.start()      # inside: a process that fails to start stops the rest
                    r = asyncio.run(asyncio.wait_for(run(site, count), seconds + 240))
                except asyncio.TimeoutError:
                    r = None
                finally:
                    site.stop()
                    # A process whose loop was starved past its lease lets its shards go and
                    # closes their sockets (server.shards): say so, it explains lost rooms.
                    lost = sum(p.output().count("lease not renewed in time")
                               + p.output().count("lease lost") for p in site.processes)
                    if lost:
                        print(f"   ({lost} shard leases lost during this run)")
            if r is None:
                print(f"   {n:>5} {count:>5}  timed out", flush=True)
                continue
            per = " ".join(f"{c:.1f}" for c in r[5])
            print(f"   {n:>5} {count:>5} {r[0]:>5} {r[1]:>7.1f} {r[2]:>7.1f} {r[3]:>7.1f} "
                  f"{r[4]:>22.2f} {per:>20} {r[6]:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
