"""The whole thing for real: `castaways` in eventlet mode, a table and three phones over
python-socketio, a few actions, SIGKILL, a restart on the same --data, and the game goes on
from the last accepted action with the same tokens."""
import pytest

from tests.support.clients import Screen
from tests.support.waiting import wait_until

pytestmark = pytest.mark.realserver


def at_version(version):
    return lambda game: game["version"] == version


def test_a_killed_server_resumes_the_game_from_the_last_accepted_action(start_live_server):
    server = start_live_server(async_mode="eventlet")
    table = Screen(server.url, {"role": "table", "room": None, "host_token": None})
    welcome = table.wait("welcome")
    code, host_token = welcome["room"], welcome["host_token"]
    phones, tokens = [], []
    for name in ("Ana", "Ben", "Cy"):
        phone = Screen(server.url, {"role": "phone", "room": code, "token": None})
        reply = phone.call("join", {"name": name})
        assert reply["ok"], reply
        phones.append(phone)
        tokens.append(reply["token"])
    assert table.call("start", {"game": "fixture", "options": {"rounds": 3}})["ok"]
    version = table.wait("game")["version"]
    for seat, action in ((0, {"type": "vote", "choice": "red"}), (1, {"type": "cheer"}),
                         (1, {"type": "vote", "choice": "blue"})):
        reply = phones[seat].call("act", {"version": version, "action": action})
        assert reply == {"ok": True, "version": version + 1}
        version += 1
    before = {}
    for seat, screen in enumerate((table, *phones), start=-1):
        seen = screen.wait("game", at_version(version))
        assert seen["waiting_for"] == [2]
        before[seat] = seen["view"]

    server.kill()
    for screen in (table, *phones):
        screen.close()
    server.start()

    table = Screen(server.url, {"role": "table", "room": code, "host_token": host_token})
    assert table.wait("welcome")["host_token"] == host_token
    phones = []
    for seat, token in enumerate(tokens):
        phone = Screen(server.url, {"role": "phone", "room": code, "token": token})
        assert phone.wait("welcome")["player"]["seat"] == seat
        game = phone.wait("game")
        assert game["version"] == version and game["seat"] == seat
        assert game["view"] == before[seat]
        phones.append(phone)
    reply = phones[2].call("act", {"version": version,
                                   "action": {"type": "vote", "choice": "red"}})
    assert reply == {"ok": True, "version": version + 1}
    for screen in (table, *phones):
        screen.wait("game", at_version(version + 1))
    stale = phones[0].call("act", {"version": version, "action": {"type": "cheer"}})
    assert stale["error"]["code"] == "stale_version"
    # Kicked for real: disconnected, and a bot takes the seat.
    kicked_id = phones[0].last("welcome")["player"]["id"]
    assert table.call("kick", {"player": kicked_id})["ok"]
    wait_until(lambda: not phones[0].client.connected, 15, "the kicked phone to be dropped")
    room = table.wait("room", lambda r: kicked_id not in [p["id"] for p in r["players"]])
    assert next(p for p in room["players"] if p["seat"] == 0)["bot"]
    phones = phones[1:]
    for screen in (table, *phones):
        screen.close()
    assert "Traceback" not in server.output()
