"""Idle rooms keep their game frozen (server.rooms.Room.freeze): compressed JSON instead of
objects, thawed by the first reader. A frozen room must behave exactly like a live one: same
record, same views, same rollback, and it comes back after a restart."""
import random

import pytest

import engine
from server import play, timers
from server.app import freeze_idle
from server.rooms import Room
from server.store import SqliteStore


def cheer(phone, server, code):
    return phone.send("act", {"version": server.room(code).version,
                              "action": {"type": "cheer"}})


def stored(server, code):
    reader = SqliteStore(server.config.data_dir)
    try:
        return next(r for r in reader.open_records() if r["code"] == code)
    finally:
        reader.shutdown()


def test_freezing_keeps_the_game_its_private_records_and_the_log():
    room = Room(code="ABCD", host_token="x")
    room.game = engine.new_game("galerapagos", [f"P{i}" for i in range(8)], seed=3)
    rng = random.Random(3)
    for _ in range(120):
        game = room.game
        if game.over:
            break
        seat = rng.choice(game.waiting_for())
        room.log = room.log + game.act(seat, rng.choice(game.legal_actions(seat)))
    before = room.to_record()
    views = [room.game.view(seat) for seat in [None, *range(8)]]
    live = room.game
    room.freeze()
    assert room.frozen and room._game is None
    assert room.game is not live and not room.frozen        # the first reader thawed it
    assert [room.game.view(seat) for seat in [None, *range(8)]] == views
    assert room.to_record() == before


def test_a_lobby_has_nothing_to_freeze():
    room = Room(code="ABCD", host_token="x")
    room.freeze()
    assert not room.frozen and room.game is None and room.log == []


def test_a_reloaded_room_is_frozen_until_someone_uses_it(make_server):
    first = make_server()
    table, code, (ana, ben, cy) = first.playing()
    for _ in range(2):
        assert cheer(ana, first, code)["ok"]
    saved = first.room(code).to_record()

    second = make_server()
    room = second.room(code)
    assert room.frozen
    back = second.phone(code, ben.token)
    assert not room.frozen
    assert back.game["version"] == saved["version"]
    assert back.game["view"] == room.game.view(1)
    assert room.to_record() == saved
    assert cheer(back, second, code) == {"ok": True, "version": saved["version"] + 1}


def test_the_sweeper_freezes_a_room_nobody_has_used_for_a_while(make_server, clock):
    server = make_server(freeze_seconds=60.0)
    table, code, (ana, ben, cy) = server.playing()
    assert cheer(ana, server, code)["ok"]
    clock.now += 61
    assert freeze_idle(server.hub) == []              # its screens are still there
    for screen in (table, ana, ben, cy):
        screen.close()
    assert cheer(server.phone(code, ana.token), server, code)["ok"]
    server.screens[-1].close()
    assert freeze_idle(server.hub) == []              # it changed a moment ago
    before = server.room(code).to_record()
    clock.now += 61
    assert freeze_idle(server.hub) == [code]
    room = server.room(code)
    assert room.frozen and freeze_idle(server.hub) == []
    assert stored(server, code) == before             # freezing writes nothing
    back = server.phone(code, cy.token)
    assert back.game["version"] == before["version"] and back.game["seat"] == 2
    assert {**room.to_record(), "touched": 0} == {**before, "touched": 0}   # a phone came
    assert cheer(back, server, code)["ok"]


@pytest.mark.parametrize("fails_after_storing", [False, True])
def test_a_failed_request_on_a_frozen_room_changes_nothing(make_server, fails_after_storing):
    """server.play.guarded reads the game of a frozen room (thawing it) and puts everything
    back, in memory and in the store."""
    first = make_server()
    table, code, (ana, ben, cy) = first.playing()
    assert cheer(ana, first, code)["ok"]
    room = first.room(code)
    before = room.to_record()
    room.freeze()
    with pytest.raises(RuntimeError):
        with play.guarded(room, first.hub.store):
            play.act(first.hub, room, 0, room.version, {"type": "cheer"})
            if fails_after_storing:
                assert stored(first, code)["version"] == before["version"] + 1
            raise RuntimeError("a bug half-way")
    assert room.to_record() == before
    assert stored(first, code) == before
    assert make_server().room(code).to_record() == before


def test_a_countdown_that_runs_out_after_a_restart_plays_on_the_frozen_room(make_server, clock):
    from tests.server.test_countdown import SECONDS, play_until_call_vote
    first = make_server()
    table, code, phones = first.playing(("Ana", "Ben", "Cy"), game="lifeboats",
                                        options={"negotiation_seconds": SECONDS})
    seat = play_until_call_vote(first, code, phones)
    version = first.room(code).version

    second = make_server()
    room = second.room(code)
    assert room.frozen and room.deadline["seat"] == seat     # the timer read only the deadline
    clock.now += SECONDS
    timers.expire(second.hub, code, dict(room.deadline))
    assert room.version == version + 1 and room.game.state["step"] == "vote"
    assert stored(second, code)["version"] == version + 1
