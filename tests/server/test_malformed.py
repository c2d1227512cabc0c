"""Whatever a client sends, a malformed request gets `bad_payload` and changes nothing, and an
unexpected failure gets `internal` and changes nothing either."""
import pytest

from server import rooms
from server.validate import MAX_STRING, SCHEMAS

HUGE = "x" * (MAX_STRING + 1)
EVENTS = sorted(name for name in SCHEMAS if not name.startswith("auth_"))

# A well-formed payload per event, from which the malformed ones are made.
GOOD = {
    "join": {"name": "Dee"}, "rename": {"name": "Dee"}, "leave": {},
    "select_game": {"game": "fixture", "options": {}}, "add_bot": {},
    "remove_player": {"player": "p1"}, "start": {"game": "fixture", "options": {}},
    "act": {"version": 1, "action": {"type": "cheer"}}, "end_game": {}, "rematch": {},
    "kick": {"player": "p1"}, "bot_replace": {"player": "p1"}, "take_back": {"player": "p1"},
    "give_seat": {"seat_of": "p1", "to": "p2"}, "hold": {"version": 1}, "release": {"version": 1},
    "watch": {"number": 1},
}
WRONG_TYPE = {str: 7, "int": "1", "object": ["type", "cheer"]}


def malformed(event):
    """(label, payload) pairs that break the event's schema in every way we know."""
    good = GOOD[event]
    cases = [("none", None), ("number", 3), ("string", "hello"), ("list", [good]),
             ("unknown_field", {**good, "sneaky": 1}),
             ("huge_unknown_field", {**good, HUGE: 1})]
    for field, (kind, required) in SCHEMAS[event].items():
        if required:
            cases.append((f"missing_{field}", {k: v for k, v in good.items() if k != field}))
        wrong = WRONG_TYPE.get(kind, 7)
        cases.append((f"wrong_type_{field}", {**good, field: wrong}))
        cases.append((f"bool_{field}", {**good, field: True}))
        if kind is str:
            cases.append((f"huge_{field}", {**good, field: HUGE}))
            # A JSON escape of half a UTF-16 pair decodes to a lone surrogate: no text, and
            # nothing that could be stored as UTF-8.
            cases.append((f"surrogate_{field}", {**good, field: "Ann\ud800"}))
        if kind == "object":
            cases.append((f"huge_inside_{field}", {**good, field: {"type": HUGE}}))
            cases.append((f"surrogate_inside_{field}", {**good, field: {"type": "\udfff"}}))
            cases.append((f"surrogate_key_{field}", {**good, field: {"type": "cheer", "\ud83d": 1}}))
            cases.append((f"deep_{field}", {**good, field: nested(40)}))
            cases.append((f"wide_{field}", {**good, field: {f"k{i}": i for i in range(500)}}))
    return cases


def nested(depth):
    value = 1
    for _ in range(depth):
        value = {"a": value}
    return value


CASES = [(event, label, payload) for event in EVENTS for label, payload in malformed(event)]


@pytest.fixture
def game_on(server):
    """A room with a game on, seen from the host table and a seated phone."""
    table, code, phones = server.playing()
    return server, table, code, phones[0]


@pytest.mark.parametrize("event, label, payload", CASES,
                         ids=[f"{e}-{label}" for e, label, _ in CASES])
def test_a_malformed_payload_is_refused_and_changes_nothing(game_on, event, label, payload):
    server, table, code, phone = game_on
    before = server.room(code).to_record()
    for screen in (table, phone):
        reply = screen.send(event, payload)
        assert reply["ok"] is False
        assert reply["error"]["code"] == "bad_payload", reply
        assert reply["error"]["message"]
    assert server.room(code).to_record() == before
    assert phone.connected and table.connected


@pytest.mark.parametrize("event", EVENTS)
def test_extra_arguments_are_refused(game_on, event):
    server, table, code, phone = game_on
    before = server.room(code).to_record()
    reply = table.send(event, GOOD[event], GOOD[event])
    assert reply["error"]["code"] == "bad_payload"
    assert server.room(code).to_record() == before


def test_without_an_ack_the_error_comes_as_an_event(game_on):
    server, table, code, phone = game_on
    phone.client.emit("act", "nonsense")
    assert phone.last("error")["code"] == "bad_payload"


@pytest.mark.parametrize("auth", [
    None, "table", {"role": "king"}, {"role": "phone"}, {"role": "phone", "room": 5},
    {"role": "phone", "room": "ABCD", "token": 3}, {"role": "table", "room": ["A"]},
    {"role": "table", "extra": 1}, {"role": "phone", "room": "x" * 5000},
])
def test_malformed_auth_is_refused(server, auth):
    server.table()
    client = server.socketio.test_client(server.app, auth=auth)
    assert not client.is_connected()
    assert len(server.hub.rooms.all()) == 1


def test_an_unexpected_failure_is_internal_and_rolled_back(game_on, monkeypatch, caplog):
    server, table, code, phone = game_on
    room = server.room(code)
    before = room.to_record()

    def broken(*args):
        raise RuntimeError("a bug")
    monkeypatch.setattr(rooms, "push_log", broken)   # fails after the game has changed
    reply = phone.send("act", {"version": room.version, "action": {"type": "cheer"}})
    assert reply["error"]["code"] == "internal"
    assert server.room(code).to_record() == before
    assert "a bug" in caplog.text
    monkeypatch.undo()
    assert phone.send("act", {"version": room.version, "action": {"type": "cheer"}})["ok"]


@pytest.mark.parametrize("event", ["hack", "message", "Join", "x" * 300])
def test_an_unknown_event_is_refused(game_on, event):
    server, table, code, phone = game_on
    before = server.room(code).to_record()
    reply = phone.send(event, {"name": "x"})
    assert reply["error"]["code"] == "bad_payload"
    assert reply["error"]["params"] == {"reason": "unknown_event"}
    assert server.room(code).to_record() == before


def _failing_saves(server, monkeypatch):
    def broken(record):
        raise OSError("disk full")
    monkeypatch.setattr(server.hub.store, "save", broken)


def test_a_join_that_fails_to_store_leaves_the_phone_a_visitor(server, monkeypatch):
    table, code, (ana,) = server.lobby(["Ana"])
    dee = server.phone(code)
    _failing_saves(server, monkeypatch)
    assert dee.send("join", {"name": "Dee"})["error"]["code"] == "internal"
    monkeypatch.undo()
    reply = dee.send("join", {"name": "Dee"})      # not "already_joined" for a ghost player
    assert reply["ok"], reply
    assert dee.send("rename", {"name": "Deb"})["ok"]


def test_a_kick_that_fails_to_store_leaves_the_player_in_their_seat(server, monkeypatch):
    table, code, (ana, ben) = server.playing(("Ana", "Ben"))
    _failing_saves(server, monkeypatch)
    assert table.send("kick", {"player": ben.player["id"]})["error"]["code"] == "internal"
    monkeypatch.undo()
    assert ben.connected
    room = server.room(code)
    # Ben is still Ben: he may act for his seat.
    assert ben.send("act", {"version": room.version, "action": {"type": "cheer"}})["ok"]


def test_a_connection_that_fails_half_way_leaves_no_ghost_behind(server, monkeypatch):
    from server import views
    table, code, (ana, ben) = server.playing(("Ana", "Ben"))
    ben.close()
    room = server.room(code)
    assert not room.connected(ben.player["id"])

    def broken(*args):
        raise RuntimeError("a bug in a view")
    monkeypatch.setattr(views, "send_game", broken)
    again = server.phone(code, ben.token)
    assert not again.connected
    monkeypatch.undo()
    # Ben is still absent (the refused socket is not counted), so the host may hand his seat on.
    assert not room.connected(ben.player["id"])
    assert not [p for p in table.last("room")["players"] if p["id"] == ben.player["id"]][0][
        "connected"]
