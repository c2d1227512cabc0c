"""Hostile clients (issue 15): room floods, look-alike and invisible names, per-socket rate
limits. The socket-level checks (reserved event names, slow clients, protocol garbage) run
against a real server in tests/realserver/test_hostile.py."""
import random

import pytest

from server import events
from server.app import sweep_idle
from server.errors import ServerError
from server.rooms import CODE_LENGTH, NAME_MAX, Registry


# -- room floods ----------------------------------------------------------------------------------
def test_one_address_may_open_only_so_many_rooms(make_server):
    server = make_server(max_rooms_per_address=3)
    tables = [server.table() for _ in range(3)]
    assert all(t.connected for t in tables)
    refused = server.socketio.test_client(server.app, auth={"role": "table"})
    assert not refused.is_connected()
    assert len(server.hub.rooms.all()) == 3
    # A table that comes back to its own room is not a new room.
    code, token = tables[0].welcome["room"], tables[0].welcome["host_token"]
    assert server.table(code, token).connected


def refusals(monkeypatch):
    """The error objects of the connections the server refuses from now on."""
    seen = []

    class Recording(events.ConnectionRefusedError):
        def __init__(self, *args):
            seen.append(args[-1] if args else None)     # (message, error object)
            super().__init__(*args)
    monkeypatch.setattr(events, "ConnectionRefusedError", Recording)
    return seen


def test_the_room_limit_is_a_clear_error(make_server, monkeypatch):
    server = make_server(max_rooms_per_address=1)
    server.table()
    seen = refusals(monkeypatch)
    assert not server.table().connected
    assert [(e["code"], e["params"]) for e in seen] == [("too_many_rooms", {"max": 1})]
    assert seen[0]["message"]


def test_the_server_holds_a_bounded_number_of_rooms(make_server, monkeypatch):
    server = make_server(max_rooms=4, max_rooms_per_address=100)
    addresses = iter(f"10.0.0.{i}" for i in range(1, 100))
    monkeypatch.setattr(events, "client_address", lambda: next(addresses))
    tables = [server.table() for _ in range(5)]
    assert [t.connected for t in tables] == [True] * 4 + [False]
    assert len(server.hub.rooms.all()) == 4


def test_a_full_server_refuses_with_server_full(make_server, monkeypatch):
    server = make_server(max_rooms=1)
    server.table()
    monkeypatch.setattr(events, "client_address", lambda: "10.9.9.9")
    seen = refusals(monkeypatch)
    assert not server.table().connected
    assert [e["code"] for e in seen] == ["server_full"]


def test_rooms_nobody_joined_are_closed_quickly(make_server, clock):
    server = make_server(empty_room_seconds=120)
    left = server.table()
    left_code = left.welcome["room"]
    watched = server.table()                       # a TV still showing its QR code
    joined_table, joined_code, _ = server.lobby(["Ana"])
    left.close()
    joined_table.close()
    clock.now += 121
    assert sweep_idle(server.hub) == [left_code]
    assert server.room(left_code) is None
    assert server.room(watched.welcome["room"]) is not None
    assert server.room(joined_code) is not None      # someone joined: kept for idle_hours
    # Closed for good: not reloaded after a restart.
    assert server.hub.store.open_records() and left_code not in [
        r["code"] for r in server.hub.store.open_records()]


def test_a_closed_empty_room_frees_its_creator_slot(make_server, clock):
    server = make_server(max_rooms_per_address=1, empty_room_seconds=120)
    server.table().close()
    assert not server.socketio.test_client(server.app, auth={"role": "table"}).is_connected()
    clock.now += 121
    sweep_idle(server.hub)
    assert server.table().connected


class OneCode(random.Random):
    """Draws the same letters every time: every code but the first is a collision."""

    def choice(self, seq):
        return seq[0]


def test_code_generation_always_ends():
    registry = Registry(OneCode())
    first = registry.create(0.0)
    assert first.code == "A" * CODE_LENGTH
    with pytest.raises(ServerError) as full:
        registry.create(0.0)
    assert full.value.code == "server_full"


# -- names ------------------------------------------------------------------------------------------
INVISIBLE = ["\u200b", "\u2800", "\u200b\u2800", "\u3164", "\u115f", "\u00ad", "\u2060",
             "\ufeff", "\u200d", "\u180e", " \u200b ", "\u034f", "\U000e0020"]


@pytest.mark.parametrize("name", INVISIBLE, ids=[repr(n) for n in INVISIBLE])
def test_a_name_of_invisible_characters_is_empty(server, name):
    table, code, _ = server.lobby([])
    reply = server.phone(code).send("join", {"name": name})
    assert reply["error"]["code"] == "name_empty", reply


@pytest.mark.parametrize("name, other", [
    ("Ann\u200b", "Ann"), ("A\u200bnn", "Ann"), ("\u2800Ann", "Ann"),
    ("Ａｎｎ", "Ann"),                  # fullwidth: NFKC makes it Ann
    ("ANN\u00ad", "Ann"),
    ("𝐀𝐧𝐧", "Ann"),                      # mathematical bold
])
def test_invisible_and_compatibility_characters_do_not_make_a_new_name(server, name, other):
    table, code, _ = server.lobby([other])
    reply = server.phone(code).send("join", {"name": name})
    assert reply["error"]["code"] == "name_taken", reply


@pytest.mark.parametrize("name, other", [
    ("\u0410nn", "Ann"),                 # Cyrillic A
    ("\u0430nn", "Ann"),                 # Cyrillic a (and the case is ignored)
    ("J\u043ee", "Joe"),                 # Cyrillic o
    ("\u0391lex", "Alex"),               # Greek Alpha
    ("Pau1", "Paul"),                    # digit one for l
    ("Ian", "lan"),                      # I and l
])
def test_a_name_that_looks_like_one_in_the_room_is_refused(server, name, other):
    table, code, _ = server.lobby([other])
    reply = server.phone(code).send("join", {"name": name})
    assert reply["ok"] is False
    assert reply["error"]["code"] == "name_confusable", reply
    assert reply["error"]["params"]["other"] == other
    assert len(server.room(code).players) == 1


def test_names_that_only_differ_by_accents_or_letters_are_fine(server):
    table, code, _ = server.lobby(["Zoé", "Ann", "Léa"])
    for name in ("Zoe", "Anne", "Lea", "Анна", "Ἀλέξανδρος", "王芳", "🐙"):
        assert server.phone(code).send("join", {"name": name})["ok"], name


def test_a_rename_is_checked_the_same_way_but_not_against_oneself(server):
    table, code, (ann, bob) = server.lobby(["Ann", "Bob"])
    assert bob.send("rename", {"name": "\u0410nn"})["error"]["code"] == "name_confusable"
    assert bob.send("rename", {"name": "\u200b"})["error"]["code"] == "name_empty"
    assert ann.send("rename", {"name": "\u0410nn"})["ok"]       # like herself: fine


def test_the_stored_name_is_the_cleaned_one(server):
    table, code, (ann,) = server.lobby(["  Ａnn\u200b  Lee\u2800 "])
    assert ann.player["name"] == "Ann Lee"
    assert server.room(code).players[0].name == "Ann Lee"


def test_the_length_is_counted_after_cleaning(server):
    table, code, _ = server.lobby([])
    name = "x" * NAME_MAX + "\u200b" * 50
    reply = server.phone(code).send("join", {"name": name})
    assert reply["ok"], reply


def test_a_bot_never_takes_a_name_that_looks_like_a_player(server):
    from server import names
    table, code, (fake,) = server.lobby(["Fl\u043etsam"])        # Cyrillic o
    for _ in range(8):
        name = table.send("add_bot", {})["player"]["name"]
        assert not names.confusable(name, "Fl\u043etsam") and name != "Flotsam"


# -- per-socket rate limits ---------------------------------------------------------------------------
def cheer(screen, server, code):
    return screen.send("act", {"version": server.room(code).version,
                               "action": {"type": "cheer"}})


def test_fast_taps_are_never_refused(server, clock):
    table, code, (ana, ben) = server.playing(("Ana", "Ben"))
    # A burst of quick taps, then a steady fast pace for a minute.
    for _ in range(20):
        assert cheer(ana, server, code)["ok"]
    for _ in range(600):
        clock.now += 0.1
        assert cheer(ana, server, code)["ok"]
    assert ana.connected


def test_a_flooding_socket_is_slowed_down_then_disconnected(server, clock):
    table, code, (ana, ben) = server.playing(("Ana", "Ben"))
    room = server.room(code)
    replies = []
    while ana.connected and len(replies) < 1000:
        replies.append(cheer(ana, server, code))
    codes = [r["error"]["code"] if r and not r["ok"] else "ok" for r in replies]
    assert "ok" in codes and "rate_limited" in codes
    first_refusal = codes.index("rate_limited")
    assert set(codes[:first_refusal]) == {"ok"}
    limited = [r for r in replies if r and not r["ok"]]
    assert limited[0]["error"]["params"]["retry_ms"] > 0
    assert not ana.connected and len(replies) < 1000
    served = codes.count("ok")
    assert room.version >= served
    # Others are not affected.
    assert cheer(ben, server, code)["ok"]


def test_binary_events_over_the_limit_get_the_same_refusal(server, clock):
    """Issue 26: a binary event over the rate limit got no reply at all."""
    table, code, (ana, ben) = server.playing(("Ana", "Ben"))
    refused = next((i for i in range(200) if not cheer(ana, server, code)["ok"]), None)
    assert refused is not None
    for reply in (ana.send("act", {"version": 0, "action": {"type": "cheer", "blob": b"\x00"}}),
                  ana.send("rename", {"name": b"Anna"})):
        assert reply is not None and reply["ok"] is False, reply
        assert reply["error"]["code"] == "rate_limited" and reply["error"]["params"]["retry_ms"] > 0
    # Without an ack: an `error` event, like a plain event.
    errors = len(ana.messages("error"))
    ana.client.emit("rename", {"name": b"Anna"})
    assert len(ana.messages("error")) == errors + 1
    assert ana.messages("error")[-1]["code"] == "rate_limited"
    clock.now += 5          # calmed down: served again, the refused attachments left no trace
    assert ana.connected and cheer(ana, server, code)["ok"]


def test_a_slowed_socket_is_served_again_once_it_calms_down(server, clock):
    table, code, (ana, ben) = server.playing(("Ana", "Ben"))
    refused = next((i for i in range(200) if not cheer(ana, server, code)["ok"]), None)
    assert refused is not None
    clock.now += 5
    assert ana.connected and cheer(ana, server, code)["ok"]


def test_a_stale_flood_does_not_resend_the_game_each_time(server, clock):
    table, code, (ana, ben) = server.playing(("Ana", "Ben"))
    ana.new("game")
    for _ in range(500):
        if not ana.connected:
            break
        ana.send("act", {"version": 0, "action": {"type": "cheer"}})
    assert not ana.connected
    assert len(ana.new("game")) < 100


# -- quiet logs -------------------------------------------------------------------------------------
def test_garbage_packets_are_one_warning_line_per_socket(server, caplog):
    table, code, (ana,) = server.lobby(["Ana"])
    caplog.clear()
    for packet in ["garbage", "2[bad", "x", "2{}", "2[]", "2[1]", "3[]", "9", "4"] * 3:
        server.socketio.server._handle_eio_message(ana.client.eio_sid, packet)
    lines = [r for r in caplog.records if r.name == "castaways" or r.levelname != "DEBUG"]
    assert [r.levelname for r in lines] == ["WARNING"], [r.getMessage() for r in lines]
    assert ana.send("rename", {"name": "Anna"})["ok"]


def test_garbage_warnings_are_rate_limited_across_sockets(server, caplog):
    table, code, _ = server.lobby([])
    phones = [server.phone(code) for _ in range(30)]
    caplog.clear()
    for phone in phones:
        server.socketio.server._handle_eio_message(phone.client.eio_sid, "4garbage")
    assert 1 <= len([r for r in caplog.records if r.levelname == "WARNING"]) <= 10


def test_a_real_bug_keeps_its_traceback(server, monkeypatch, caplog):
    from server import views
    table, code, (ana,) = server.lobby(["Ana"])

    def broken(*args, **kwargs):
        raise RuntimeError("a bug while saying goodbye")
    monkeypatch.setattr(views, "broadcast_room", broken)
    caplog.clear()
    with pytest.raises(RuntimeError):
        server.socketio.server._handle_eio_message(ana.client.eio_sid, "1")   # disconnect
    # engineio logs what escapes a message handler with logger.exception (its traceback).


# -- visitors (issue 26) --------------------------------------------------------------------------
def test_a_room_keeps_a_bounded_number_of_visitors(make_server, monkeypatch):
    server = make_server(max_visitors_per_room=5, max_visitors_per_address=2)
    table, code, (ana,) = server.lobby(["Ana"])
    addresses = iter(["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.3", "10.0.0.3", "10.0.0.4",
                      "10.0.0.5", "10.0.0.5"])
    monkeypatch.setattr(events, "client_address", lambda: next(addresses))
    seen = refusals(monkeypatch)
    visitors = [server.phone(code) for _ in range(4)]          # .1, .2, .3 and .3 again
    assert all(v.connected for v in visitors)
    assert not server.phone(code).connected                     # .3 a third time
    assert server.phone(code).connected                         # .4: the fifth visitor
    assert not server.phone(code).connected                     # .5: the room has 5
    assert [(e["code"], e["params"]) for e in seen] == [("too_many_visitors", {"max": 2}),
                                                        ("too_many_visitors", {"max": 5})]
    assert seen[0]["message"]
    assert table.last("room")["visitors"] == 5
    # A visitor who joins is a player: a place frees up; a player's phone always gets in.
    assert visitors[0].send("join", {"name": "Ben"})["ok"]
    assert server.phone(code).connected                         # .5 again
    monkeypatch.setattr(events, "client_address", lambda: "10.0.0.3")
    ana.close()
    assert server.phone(code, ana.token).connected              # Ana's phone, from a full .3
