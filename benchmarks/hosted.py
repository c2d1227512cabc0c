"""Hosted mode (issue 22, docs/hosting.md): what a shared PostgreSQL store and shard leases cost.

1. Save cost: one room's record written (the Lifeboats record of a game in play, about 10 KB),
   SQLite (the living room) against PostgreSQL (fenced by the shard's lease, one statement),
   median and p99 per save, one writer.
2. The event loop while the database answers slowly: a gevent process (the hosted mode's)
   saving from 50 greenlets while PostgreSQL takes 50 ms per write (a trigger sleeps); a
   greenlet measures how late its 5 ms sleeps wake up. psycopg 3 waits cooperatively under
   gevent, so the loop's longest pause stays a few ms (an eventlet or unpatched loop would stop
   for every write).
3. Takeover: a site of PostgreSQL + HAProxy + 3 processes, a room with a phone; the process
   serving it is SIGKILLed, and the phone acts until an action is accepted elsewhere: the time
   from the kill to that first accepted action, median and worst of --kills kills (the killed
   process is started again each time).

Loopback only, two cores shared by everything (the database, the proxy, the processes and
this script): figures for comparison, not capacity.

    python benchmarks/hosted.py                       # all three, 20 kills
    python benchmarks/hosted.py --parts save loop --kills 5
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
from server.shards import shard_of
from server.store_pg import PostgresStore
from server.store import encode
import psycopg
dsn = sys.argv[1]
with psycopg.connect(dsn, autocommit=True) as db:
    db.execute("CREATE OR REPLACE FUNCTION slow() RETURNS trigger AS $$"
               " BEGIN PERFORM pg_sleep(0.05); RETURN NEW; END $$ LANGUAGE plpgsql")
stores = [PostgresStore(dsn, lambda c: 0, "loop") for _ in range(5)]
epoch = stores[0].acquire(0, 600)
for s in stores: s.epochs[0] = epoch
with psycopg.connect(dsn, autocommit=True) as db:
    db.execute("DROP TRIGGER IF EXISTS slow ON rooms")
    db.execute("CREATE TRIGGER slow BEFORE INSERT OR UPDATE ON rooms"
               " FOR EACH ROW EXECUTE FUNCTION slow()")
late, saves = [], []
done = False
def watch(into):
    while not done:
        t = time.perf_counter(); gevent.sleep(0.005)
        into.append(time.perf_counter() - t - 0.005)
def summary(late):
    late.sort()
    return ("median %.2f ms, p99 %.2f ms, longest %.2f ms"
            % (1000 * late[len(late) // 2], 1000 * late[int(0.99 * len(late))], 1000 * late[-1]))
idle = []
w = gevent.spawn(watch, idle)
gevent.sleep(3.0)
done = True; w.join(); done = False
def writer(i):
    store = stores[i % len(stores)]
    for n in range(10):
        t = time.perf_counter()
        store.save({"code": "A%03d" % i, "touched": 0.0, "version": n, "x": "y" * 5000})
        saves.append(time.perf_counter() - t)
w = gevent.spawn(watch, late)
started = time.perf_counter()
gevent.joinall([gevent.spawn(writer, i) for i in range(50)])
wall = time.perf_counter() - started
done = True; w.join()
print("%d saves of 50 ms from 50 greenlets on 5 connections took %.1f s (%.1f s if the loop"
      " waited for each)" % (len(saves), wall, 0.05 * len(saves)))
print("   loop late, no database work (the machine's own noise): " + summary(idle))
print("   loop late, while the database answers slowly:           " + summary(late))
"""


def part_loop(pg):
    import subprocess
    print("2. the gevent loop while every PostgreSQL write takes 50 ms")
    out = subprocess.run([sys.executable, "-c", LOOP_SCRIPT, pg.fresh_database(),
                          os.path.dirname(os.path.dirname(os.path.abspath(__file__)))],
                         capture_output=True, text=True, timeout=300)
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
        site.start()
        try:
            table = socketio.Client()
            welcome = {}
            table.on("welcome", lambda d: welcome.update(d))
            table.connect(site.url, auth={"role": "table", "room": None})
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
    parser.add_argument("--parts", nargs="+", default=["save", "loop", "takeover"])
    parser.add_argument("--kills", type=int, default=20)
    args = parser.parse_args(argv)
    from tests.support.postgres import Postgres, missing_reason
    reason = missing_reason()
    if reason:
        sys.exit(reason)
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
    finally:
        pg.stop()


if __name__ == "__main__":
    main()
