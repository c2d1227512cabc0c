"""Hostile clients against the real server, at the socket level (issue 15): reserved event
names, thousands of sockets, half-open connections, protocol garbage."""
import asyncio
import json
import resource
import socket
import threading
import time
import urllib.request

import pytest

from tests.support.clients import Screen
from tests.support.lite_client import LiteSocket
from tests.support.waiting import wait_until

pytestmark = pytest.mark.realserver
MODES = ["eventlet", "gevent", "threading"]


def run_in_own_loop(scenario):
    """asyncio.run in a thread of its own: Playwright's sync API (the browser tests of the same
    session) keeps an event loop running in the main thread, where asyncio.run refuses."""
    outcome = {}

    def run():
        try:
            outcome["value"] = asyncio.run(scenario())
        except BaseException as exc:       # re-raised in the test's thread
            outcome["error"] = exc
    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def room_with_ana(server):
    table = Screen(server.url, {"role": "table", "room": None, "host_token": None})
    code = table.wait("welcome")["room"]
    ana = Screen(server.url, {"role": "phone", "room": code, "token": None})
    joined = ana.call("join", {"name": "Ana"})
    assert joined["ok"], joined
    return table, code, ana, joined["player"]["id"]


RESERVED = [("connect", [{"role": "table", "room": None}]),
            ("connect", [{"role": "table", "room": None}, {"role": "table", "room": None}]),
            ("disconnect", []), ("disconnect", ["transport close"]),
            ("*", []), ("*", ["SID"]), ("*", ["SID", {"x": 1}]),
            ("connect_error", [{}]), ("message", ["hi"]), ("json", [{}]), ("", [{}]),
            ("welcome", [{}]), ("error", [{}])]


def test_reserved_event_names_are_refused_and_change_nothing(start_live_server):
    server = start_live_server(async_mode="eventlet")
    table, code, ana, ana_id = room_with_ana(server)
    table_errors = len([e for e, _ in table.received if e == "error"])
    for event, args in RESERVED:
        args = [table.client.get_sid() if a == "SID" else a for a in args]
        data = tuple(args) if len(args) > 1 else (args[0] if args else None)
        reply = ana.client.call(event, data, timeout=10)
        assert isinstance(reply, dict) and reply["ok"] is False, (event, args, reply)
        assert reply["error"]["code"] == "bad_payload", (event, reply)
        assert reply["error"]["params"] == {"reason": "unknown_event"}
        # Without an ack: an `error` event to this socket only.
        ana.client.emit(event, data)
    wait_until(lambda: len([e for e, _ in ana.received if e == "error"]) >= len(RESERVED),
               15, "an error event for each")
    assert server.health()["rooms"] == 1                       # no second room
    renamed = ana.call("rename", {"name": "Anna"})            # still Ana, still in her room
    assert renamed["ok"], renamed
    room = table.wait("room", lambda r: r["players"] and r["players"][0]["name"] == "Anna")
    assert room["players"][0]["connected"]
    assert len([e for e, _ in table.received if e == "error"]) == table_errors
    for screen in (table, ana):
        screen.close()
    assert "Traceback" not in server.output()


def _raise_own_fd_limit(needed):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            pytest.skip(f"needs {needed} file descriptors (hard limit {hard})")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))


def _healthz(server, timeout):
    started = time.monotonic()
    with urllib.request.urlopen(server.url + "/healthz", timeout=timeout) as answer:
        assert json.load(answer)["ok"]
    return time.monotonic() - started


async def _open_many(port, code, count, batch=200):
    sockets = []
    for start in range(0, count, batch):
        sockets += await asyncio.gather(*(
            LiteSocket.open("127.0.0.1", port, {"role": "phone", "room": code}, timeout=60)
            for _ in range(min(batch, count - start))))
    return sockets


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_serves_two_thousand_sockets(start_live_server, mode):
    _raise_own_fd_limit(4500)
    # Every socket comes from 127.0.0.1 here: lift the per-address caps (issue 26).
    server = start_live_server(async_mode=mode, extra_args=(
        "--max-connections-per-address", "5000", "--max-visitors-per-room", "5000",
        "--max-visitors-per-address", "5000"))
    table, code, ana, _ = room_with_ana(server)

    async def scenario():
        sockets = await _open_many(server.port, code, 2000)
        assert all(s.connected for s in sockets)
        welcomes = await asyncio.gather(*(s.wait("welcome") for s in sockets))
        assert {w["room"] for w in welcomes} == {code}
        # With 2,000 sockets open: the health check and a new phone still get through.
        assert await asyncio.to_thread(_healthz, server, 10) < 5
        newcomer = await LiteSocket.open("127.0.0.1", server.port,
                                         {"role": "phone", "room": code})
        assert (await newcomer.call("join", {"name": "Ben"}))["ok"]
        # The TV and Ana leave before the 2,000 do. In threading mode, 2,000 WebSockets
        # closing at once wake about 8,000 threads that all want the GIL: the server then
        # answers nothing for tens of seconds (docs/hosting.md: not fixed, and not what this
        # test measures), and a client closing then waits all that time.
        for screen in (table, ana):
            await asyncio.to_thread(screen.close)
        await asyncio.gather(*(s.close() for s in sockets + [newcomer]))
    run_in_own_loop(scenario)
    assert "Traceback" not in server.output()


def _half_open(port, count):
    sockets = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        sockets.append(s)
    return sockets


@pytest.mark.parametrize("mode", MODES)
def test_half_open_connections_block_nobody_and_are_dropped(start_live_server, mode):
    _raise_own_fd_limit(2500)
    server = start_live_server(async_mode=mode, extra_args=(
        "--header-timeout", "3", "--max-connections-per-address", "5000"))
    slow = _half_open(server.port, 1100)
    try:
        assert _healthz(server, 5) < 2
        table, code, ana, _ = room_with_ana(server)       # a new TV and a new phone
        # Every half-open connection is closed (or answered 400) once its time is up.
        deadline = time.monotonic() + 30
        closed = 0
        for s in slow:
            s.settimeout(max(0.05, deadline - time.monotonic()))
            try:
                s.recv(1024)
                closed += 1
            except ConnectionResetError:
                closed += 1
            except socket.timeout:
                pass
        assert closed == len(slow)
        assert ana.call("rename", {"name": "Anna"})["ok"]
        for screen in (table, ana):
            screen.close()
    finally:
        for s in slow:
            s.close()


GARBAGE = ["4garbage", "42[bad", "4x", "42{}", "4", "42[]", "42[1]", '42["a"',
           '451-["x",{"_placeholder":true,"num":0}]', b"\x00\x01\x02", "49", "43[]", "44{}"]


def test_protocol_garbage_is_one_warning_line_per_socket(start_live_server):
    server = start_live_server(async_mode="eventlet")
    table, code, ana, _ = room_with_ana(server)

    async def scenario():
        sockets = [await LiteSocket.open("127.0.0.1", server.port,
                                         {"role": "phone", "room": code}) for _ in range(3)]
        for _ in range(2):           # a few dozen bad packets each, well under the rate limit
            for s in sockets:
                for frame in GARBAGE:
                    s.send_raw(frame)
            await asyncio.sleep(1.5)
        good = await LiteSocket.open("127.0.0.1", server.port, {"role": "phone", "room": code})
        assert (await good.call("join", {"name": "Ben"}))["ok"]
        await asyncio.gather(*(s.close() for s in sockets + [good]))
    run_in_own_loop(scenario)
    assert ana.call("rename", {"name": "Anna"})["ok"]
    output = server.output()
    assert "Traceback" not in output and " ERROR " not in output
    warnings = [line for line in output.splitlines() if " WARNING " in line]
    assert 1 <= len(warnings) <= 3, warnings
    for screen in (table, ana):
        screen.close()
