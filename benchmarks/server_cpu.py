"""CPU per accepted action on the server path, in-process: a phone's `act` goes through the
real Socket.IO event handler (validation, the room's lock and rollback guard, the engine, the
store, the views and one `game` emit per screen), with the transport write left out. Also the
memory of an idle stored room and of a connected room. Prints figures; asserts nothing.

    python benchmarks/server_cpu.py                          # lifeboats 6 phones, galerapagos 12
    python benchmarks/server_cpu.py --game lifeboat --players 5 -n 300
"""
import argparse
import json
import os
import random
import sys
import tempfile
import time
import tracemalloc

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from server.app import create_app, hub_of  # noqa: E402
from server.config import Config  # noqa: E402
from server.rooms import from_record  # noqa: E402


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


def measure(game_id, players, actions, seed=1):
    with tempfile.TemporaryDirectory() as data:
        config = Config(data_dir=data, async_mode="threading", lan_ip="10.0.0.5",
                        bot_delay=3600.0, seed=seed,
                        # Actions back to back: far beyond a player's pace, by design.
                        flood_rate=1e9, flood_burst=1e9)
        app = create_app(config)
        hub = hub_of(app)
        code, table, phones = _room(hub, app, players, game_id)
        room = hub.rooms.get(code)
        sent = []
        # The transport's write is not the server path we measure: keep the packets instead.
        hub.socketio.server._send_eio_packet = lambda eio_sid, pkt: sent.append(pkt)
        rng = random.Random(seed)
        cpu, done = 0.0, 0
        while done < actions:
            game = room.game
            if game.over:
                assert table.emit("rematch", {}, callback=True)["ok"]
                continue
            seat = rng.choice(game.waiting_for())
            action = rng.choice(game.legal_actions(seat))
            sent.clear()
            started = time.process_time()
            reply = phones[seat].emit("act", {"version": room.version, "action": action},
                                      callback=True)
            cpu += time.process_time() - started
            assert reply["ok"], reply
            assert len(sent) == players + 1, "every screen gets the new game"
            done += 1
        game_bytes = sum(len(p.data) for p in sent) / len(sent)
        # An idle stored room: what reloading its record builds (Room, players, game, state).
        text = json.dumps(room.to_record(), separators=(",", ":"))
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        idle = from_record(json.loads(text))
        idle_bytes = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        del idle
        for client in [table] + phones:
            client.disconnect()
        hub.store.shutdown()
    return 1000 * cpu / done, game_bytes, idle_bytes, len(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append")
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("-n", "--actions", type=int, default=300)
    args = parser.parse_args(argv)
    cases = (list(zip(args.game, args.players)) if args.game
             else [("lifeboats", 6), ("galerapagos", 12)])
    print(f"{'game':<12} {'screens':>7} {'actions':>7} {'cpu ms/action':>13} "
          f"{'game payload B':>14} {'idle room KB':>12} {'its record KB':>13}")
    for game_id, players in cases:
        cpu, size, idle, record = measure(game_id, players, args.actions)
        print(f"{game_id:<12} {players + 1:>7} {args.actions:>7} {cpu:>13.2f} {size:>14.0f} "
              f"{idle / 1024:>12.1f} {record / 1024:>13.1f}", flush=True)


if __name__ == "__main__":
    main()
