"""CPU per accepted action on the server path, in-process: a phone's `act` goes through the
real Socket.IO event handler (validation, the room's lock and rollback guard, the engine, the
store, the views and one `game` emit per screen), with the transport write left out. Also what
storing costs per action, and the memory of a room: idle (as the server holds it after a
restart or once the sweeper froze it) and connected. Prints figures; asserts nothing.

    python benchmarks/server_cpu.py                          # lifeboats 6 phones, galerapagos 12
    python benchmarks/server_cpu.py --game lifeboat --players 5 -n 300
    python benchmarks/server_cpu.py --where                  # where a connected room's memory is

Columns:
- cpu ms/action: process time of one `act`, from the phone's emit to its ack.
- store us/save: the store's `save` within that (encoding the record and the SQLite write); and
  `json.dumps us` the standard library's encoding of the same record (the encoder before orjson).
- idle room KB: Python memory (tracemalloc) of a room as the server keeps it when nobody uses it:
  its stored record read back through the real path (`SqliteStore.open_records` ->
  `server.app.load_room`, which is also what the sweeper's freeze leaves). `live` is the same
  room with its game as objects (`from_record` alone: what every room was before freezing).
- connected KB: the Python memory the room added to the server from its first connection to the
  end of the actions, 1 table and its phones on Flask-SocketIO's test client (threading mode;
  a room played first warms the caches). benchmarks/server_latency.py gives the same room's
  weight in a real server's RSS.
"""
import argparse
import gc
import json
import os
import random
import sys
import tempfile
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from server.app import create_app, hub_of, load_room  # noqa: E402
from server.config import Config  # noqa: E402
from server.rooms import from_record  # noqa: E402
from server.store import SqliteStore, encode  # noqa: E402


def _room(hub, app, players, game_id):
    """A table and `players` phones connected through Flask-SocketIO's test client."""
    socketio = hub.socketio
    table = socketio.test_client(app, auth={"role": "table"})
    code = next(m["args"][0]["room"] for m in table.queue if m["name"] == "welcome")
    phones = []
    for i in range(players):
        phone = socketio.test_client(app, auth={"role": "phone", "room": code})
        assert phone.emit("join", {"name": f"P{i}"}, callback=True)["ok"]
        phones.append(phone)
    assert table.emit("start", {"game": game_id}, callback=True)["ok"]
    return code, table, phones


def _play(room, table, phones, actions, rng, timed=None):
    """`actions` random legal actions through the phones; returns the CPU time of their acts."""
    cpu = 0.0
    done = 0
    while done < actions:
        game = room.game
        if game.over:
            assert table.emit("rematch", {}, callback=True)["ok"]
            continue
        seat = rng.choice(game.waiting_for())
        action = rng.choice(game.legal_actions(seat))
        if timed:
            timed()
        started = time.process_time()
        reply = phones[seat].emit("act", {"version": room.version, "action": action},
                                  callback=True)
        cpu += time.process_time() - started
        assert reply["ok"], reply
        done += 1
    return cpu


def _config(data, seed):
    return Config(data_dir=data, async_mode="threading", lan_ip="10.0.0.5", bot_delay=3600.0,
                  seed=seed,
                  # Actions back to back: far beyond a player's pace, by design.
                  flood_rate=1e9, flood_burst=1e9)


def _held(build):
    """Python memory still held by what build() returns (tracemalloc), and the thing."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    thing = build()
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held, thing


def measure(game_id, players, actions, seed=1):
    with tempfile.TemporaryDirectory() as data:
        app = create_app(_config(data, seed))
        hub = hub_of(app)
        code, table, phones = _room(hub, app, players, game_id)
        room = hub.rooms.get(code)
        sent, saves = [], []
        # The transport's write is not the server path we measure: keep the packets instead.
        hub.socketio.server._send_eio_packet = lambda eio_sid, pkt: sent.append(pkt)
        store_save = hub.store.save

        def timed_save(record):
            started = time.process_time()
            store_save(record)
            saves.append(time.process_time() - started)
        hub.store.save = timed_save
        cpu = _play(room, table, phones, actions, random.Random(seed), timed=sent.clear)
        assert len(sent) == players + 1, "every screen gets the new game"
        game_bytes = sum(len(p.data) for p in sent) / len(sent)
        save_us = 1e6 * sum(saves) / len(saves)
        record = json.loads(encode(room.to_record()))   # as stored (a story's actions as JSON)
        text = json.dumps(record, separators=(",", ":"))
        started, loops = time.process_time(), 50
        for _ in range(loops):
            json.dumps(record, separators=(",", ":"))
        json_us = 1e6 * (time.process_time() - started) / loops
        for client in [table] + phones:
            client.disconnect()
        hub.rooms.remove(code)          # a countdown still running finds no room
        hub.store.shutdown()
        # An idle room as the server holds it: its stored record read back and frozen.
        reader = SqliteStore(data)
        idle, _ = _held(lambda: [load_room(r) for r in reader.open_records() if r["code"] == code])
        live, _ = _held(lambda: from_record(json.loads(text)))
        reader.shutdown()
    return {"cpu": 1000 * cpu / actions, "payload": game_bytes, "save": save_us,
            "json": json_us, "idle": idle, "live": live, "record": len(text)}


def connected(game_id, players, actions, seed=1, where=False):
    """Python memory a connected room of 1 table + `players` phones adds to the server."""
    with tempfile.TemporaryDirectory() as data:
        app = create_app(_config(data, seed))
        hub = hub_of(app)
        warm = _room(hub, app, players, game_id)     # first-use caches are not the room's
        _play(hub.rooms.get(warm[0]), warm[1], warm[2], 20, random.Random(seed))
        gc.collect()
        tracemalloc.start(12 if where else 1)
        start = tracemalloc.take_snapshot()
        code, table, phones = _room(hub, app, players, game_id)
        clients = [table] + phones
        # The test client decodes and queues every packet the server sends: its own copies,
        # which a real server never holds. From here only acks reach it (emit waits for them).
        for client in clients:
            client.queue.clear()
        deliver = hub.socketio.server._send_eio_packet
        hub.socketio.server._send_eio_packet = (
            lambda eio_sid, pkt: deliver(eio_sid, pkt) if pkt.data[:1] != "2" else None)
        _play(hub.rooms.get(code), table, phones, actions, random.Random(seed + 1))
        gc.collect()
        stats = tracemalloc.take_snapshot().compare_to(start, "traceback")
        tracemalloc.stop()
        held = sum(stat.size_diff for stat in stats)
        if where:
            for stat in stats[:10]:
                print(f"  {stat.size_diff / 1024:8.1f} KB {stat.count_diff:6d} blocks",
                      *[f"\n      {frame}" for frame in stat.traceback.format()[-12:]])
        for client in clients + [warm[1]] + warm[2]:
            client.disconnect()
        hub.rooms.remove(code)
        hub.rooms.remove(warm[0])
        hub.store.shutdown()
    return held


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("-n", "--actions", type=int, default=300)
    parser.add_argument("--where", action="store_true",
                        help="print where a connected room's memory goes")
    args = parser.parse_args(argv)
    cases = (list(zip(args.game, args.players)) if args.game
             else [("lifeboats", 6), ("galerapagos", 12)])
    print(f"{'game':<12} {'screens':>7} {'actions':>7} {'cpu ms/action':>13} "
          f"{'game payload B':>14} {'store us/save':>13} {'json.dumps us':>13} "
          f"{'record KB':>9} {'idle room KB':>12} {'live':>6} {'connected KB':>12}")
    for game_id, players in cases:
        m = measure(game_id, players, args.actions)
        held = connected(game_id, players, args.actions, where=args.where)
        print(f"{game_id:<12} {players + 1:>7} {args.actions:>7} {m['cpu']:>13.2f} "
              f"{m['payload']:>14.0f} {m['save']:>13.0f} {m['json']:>13.0f} "
              f"{m['record'] / 1024:>9.1f} {m['idle'] / 1024:>12.1f} {m['live'] / 1024:>6.1f} "
              f"{held / 1024:>12.1f}", flush=True)


if __name__ == "__main__":
    main()
