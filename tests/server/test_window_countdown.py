"""Galèrapagos windows close by themselves (issue 10): a `window_seconds` countdown in the
`game` payload, the server saying "ready" for every seat not done when it runs out, and the
phone's `hold`/`release` keeping it open while a card is chosen. Time is a fake clock and the
timer is fired directly: no sleeping."""
import copy
import pytest

from server import bots, timers
from tests.galerapagos import helpers as gal

SECONDS = 8
NAMES = ("Ana", "Ben", "Cy")

REAL_WAIT = timers._wait


@pytest.fixture(autouse=True)
def no_background_timers(monkeypatch):
    """The timers are fired by the tests; a real one waking mid-test would race them."""
    monkeypatch.setattr(timers, "_wait", lambda hub, code, deadline: None)


def act(server, code, phone, action):
    return phone.send("act", {"version": server.room(code).version, "action": action})


def to_evening_window(server, code, phones):
    """Everyone fishes; with the setup's rations nobody is short: the evening window opens."""
    room = server.room(code)
    room.game.state["water"] = room.game.state["food"] = 20
    for _ in range(10):
        stage = server.room(code).game.view(None)["stage"]
        if stage.get("window"):
            assert stage["kind"] == "evening"
            return stage["window"]
        seat = server.room(code).game.waiting_for()[0]
        assert act(server, code, phones[seat], {"type": "fish"})["ok"]
    raise AssertionError("no evening window")


@pytest.fixture
def window(server, clock):
    table, code, phones = server.playing(NAMES, game="galerapagos",
                                         options={"window_seconds": SECONDS})
    to_evening_window(server, code, phones)
    return table, code, phones


def pass_events(room, since):
    return [e["seat"] for e in room.log[since:] if e["type"] == "pass"]


def test_the_countdown_starts_with_the_window_and_is_sent_to_every_screen(server, clock,
                                                                          window):
    table, code, phones = window
    room = server.room(code)
    at = int((clock.now + SECONDS) * 1000)
    assert room.deadline["at"] == at and room.deadline["seats"] == [0, 1, 2]
    for screen in (table, *phones):
        assert screen.game["deadline"] == at


def test_expiry_plays_ready_for_exactly_the_seats_not_done(server, clock, window):
    table, code, phones = window
    assert act(server, code, phones[1], {"type": "pass"})["ok"]
    room = server.room(code)
    assert room.deadline["seats"] == [0, 2]            # the same countdown goes on
    at = int((clock.now + SECONDS) * 1000)
    assert room.deadline["at"] == at
    since, turn = len(room.log), room.game.view(None)["turn"]
    clock.now += SECONDS
    timers.expire(server.hub, code, dict(room.deadline))
    room = server.room(code)
    assert pass_events(room, since) == [0, 2]
    view = room.game.view(None)
    assert view["turn"] == turn + 1 or view["stage"]["kind"] != "evening"
    for screen in (table, *phones):
        assert screen.game["version"] == room.version


def test_the_background_wait_expires_the_window_when_its_time_has_come(server, clock,
                                                                       window):
    table, code, phones = window
    deadline = dict(server.room(code).deadline)
    clock.now = deadline["at"] / 1000          # time is up: the wait does not sleep
    since = len(server.room(code).log)
    REAL_WAIT(server.hub, code, deadline)
    assert pass_events(server.room(code), since) == [0, 1, 2]


def test_a_hold_extends_the_countdown_and_the_old_timer_does_nothing(server, clock, window):
    table, code, phones = window
    room = server.room(code)
    old = dict(room.deadline)
    clock.now += 5
    reply = phones[2].send("hold", {"version": room.version})
    at = int((clock.now + timers.HOLD_SECONDS) * 1000)
    assert reply == {"ok": True, "deadline": at}
    assert server.room(code).deadline["holds"] == {"2": at}
    for screen in (table, *phones):
        assert screen.game["deadline"] == at
    version = server.room(code).version
    clock.now = old["at"] / 1000
    timers.expire(server.hub, code, old)               # the first end passes: nothing happens
    assert server.room(code).version == version
    clock.now = at / 1000
    since = len(server.room(code).log)
    timers.expire(server.hub, code, dict(server.room(code).deadline))
    assert pass_events(server.room(code), since) == [0, 1, 2]


def test_holds_are_capped(server, clock, window):
    table, code, phones = window
    room = server.room(code)
    cap = room.deadline["base"] + timers.HOLD_CAP_SECONDS * 1000
    for _ in range(4):                 # a phone renewing its hold every 15 s
        clock.now += 15
        assert phones[0].send("hold", {"version": room.version})["ok"]
        assert server.room(code).deadline["at"] <= cap
    assert server.room(code).deadline["at"] == cap


def test_release_and_the_seats_own_action_end_its_hold(server, clock, window):
    table, code, phones = window
    room = server.room(code)
    base = room.deadline["base"]
    assert phones[0].send("hold", {"version": room.version})["ok"]
    assert phones[1].send("hold", {"version": room.version})["ok"]
    reply = phones[0].send("release", {"version": room.version})
    assert reply["ok"] and server.room(code).deadline["holds"].keys() == {"1"}
    clock.now += 1
    assert act(server, code, phones[1], {"type": "pass"})["ok"]   # Ben says ready: no hold
    deadline = server.room(code).deadline
    assert deadline["holds"] == {} and deadline["at"] == base
    assert phones[0].game["deadline"] == base


def test_a_release_after_the_first_end_leaves_a_short_grace(server, clock, window):
    table, code, phones = window
    room = server.room(code)
    assert phones[0].send("hold", {"version": room.version})["ok"]
    clock.now += SECONDS + 2
    assert phones[0].send("release", {"version": room.version})["ok"]
    assert server.room(code).deadline["at"] == int(
        (clock.now + timers.RELEASE_GRACE_SECONDS) * 1000)


def test_a_card_played_reopens_the_window_and_restarts_the_countdown(server, clock):
    table, code, phones = server.playing(NAMES, game="galerapagos",
                                         options={"window_seconds": SECONDS})
    game = server.room(code).game
    gal.set_hand(game, 0, ["plank"])
    to_evening_window(server, code, phones)
    assert act(server, code, phones[1], {"type": "pass"})["ok"]
    first = dict(server.room(code).deadline)
    clock.now += 3
    assert act(server, code, phones[0], {"type": "play", "card": "plank"})["ok"]
    deadline = server.room(code).deadline
    assert deadline["id"] != first["id"] and deadline["seats"] == [0, 1, 2]
    assert deadline["at"] == int((clock.now + SECONDS) * 1000)


@pytest.mark.parametrize("payload, code", [
    ({}, "bad_payload"), ({"version": "1"}, "bad_payload"),
    ({"version": 1, "seconds": 99}, "bad_payload"), ({"version": -5}, "stale_version")])
def test_a_bad_hold_is_refused_and_changes_nothing(server, clock, window, payload, code):
    table, _, phones = window
    room_code = table.welcome["room"]
    room = server.room(room_code)
    before, version = dict(room.deadline), room.version
    reply = phones[0].send("hold", payload)
    assert reply["ok"] is False and reply["error"]["code"] == code
    assert server.room(room_code).deadline == before
    assert server.room(room_code).version == version


def test_a_hold_that_fails_to_store_leaves_the_countdown_as_it_was(server, clock, window,
                                                                   monkeypatch):
    """The hold changes the countdown in place; the request failing after it (here the store)
    must take it back, as every failed request changes nothing."""
    table, code, phones = window
    room = server.room(code)
    before = copy.deepcopy(room.deadline)

    def full_disk(record):
        raise OSError("disk full")
    monkeypatch.setattr(server.hub.store, "save", full_disk)
    reply = phones[0].send("hold", {"version": room.version})
    assert reply["ok"] is False and reply["error"]["code"] == "internal"
    assert server.room(code).deadline == before


def test_no_hold_without_a_window_countdown_or_a_seat(server, clock):
    table, code, phones = server.playing(NAMES, game="galerapagos",
                                         options={"window_seconds": SECONDS})
    room = server.room(code)
    assert room.deadline is None                      # phase 3: no window
    reply = phones[0].send("hold", {"version": room.version})
    assert reply["error"]["code"] == "no_countdown" and server.room(code).deadline is None
    visitor = server.phone(code)
    reply = visitor.send("hold", {"version": room.version})
    assert reply["error"]["code"] == "not_joined"


def test_without_the_option_windows_wait_for_everyone(server, clock):
    table, code, phones = server.playing(NAMES, game="galerapagos",
                                         options={"window_seconds": 0})
    to_evening_window(server, code, phones)
    assert server.room(code).deadline is None
    assert all(p.game["deadline"] is None for p in phones)


def test_the_window_deadline_and_its_holds_survive_a_restart(make_server, clock):
    first = make_server()
    table, code, phones = first.playing(NAMES, game="galerapagos",
                                        options={"window_seconds": SECONDS})
    to_evening_window(first, code, phones)
    assert phones[2].send("hold", {"version": first.room(code).version})["ok"]
    deadline = first.room(code).deadline
    second = make_server()
    assert second.room(code).deadline == deadline
    back = second.phone(code, phones[2].token)
    assert back.game["deadline"] == deadline["at"]
    clock.now = deadline["at"] / 1000
    since = len(second.room(code).log)
    timers.expire(second.hub, code, dict(deadline))
    assert pass_events(second.room(code), since) == [0, 1, 2]


def test_no_window_countdown_during_a_bite_or_shot_answer():
    g = gal.new(4)
    gal.empty_hands(g)
    gal.set_hand(g, gal.ANA, ["cartridge"], faceup=["revolver"])
    gal.at_evening(g, water=20, food=20, places=0)
    assert timers.galerapagos_window(g) is not None
    g.act(gal.ANA, {"type": "shoot", "target": gal.BEN})
    assert g.waiting_for() == [gal.BEN] and {"type": "pass"} in g.legal_actions(gal.BEN)
    assert timers.galerapagos_window(g) is None


def test_bots_answer_quickly_in_a_window_and_say_ready_with_nothing_to_play(server, clock, window):
    # Galèrapagos' own bot may build with a plank in the evening window, within a person's
    # short pause (its "ready" is a tap): the window never waits on it.
    table, code, phones = window
    room = server.room(code)
    gal.set_hand(room.game, 1, ["plank", "sandwich", "car_key"])
    room.game.changed()
    assert len(room.game.legal_actions(1)) > 1
    action, seconds = bots.decide(room, 1)
    assert action in room.game.legal_actions(1) and seconds <= 2.0
    gal.set_hand(room.game, 1, ["car_key"])
    room.game.changed()
    assert bots.choose(room, 1) == {"type": "pass"}


def test_bots_still_choose_among_all_their_actions_outside_windows(server, clock):
    table, code, phones = server.playing(NAMES, game="galerapagos",
                                         options={"window_seconds": SECONDS})
    room = server.room(code)
    seat = room.game.waiting_for()[0]
    assert timers.window_ready(room) is None
    assert bots.choose(room, seat) in room.game.legal_actions(seat)
