"""Lifeboat's "Done" windows close by themselves (issue 20 item 4): a fight's, the rescue's and
the thirst's windows get the same `window_seconds` countdown as Galèrapagos' windows; when it
runs out the server says "done" for every asked seat not done yet. The engine still asks every
conscious character. Time is a fake clock and the timer is fired directly: no sleeping."""
import random

import pytest

from server import timers

SECONDS = 10
NAMES = ("Ana", "Ben", "Cy", "Dee")
NOT_A_DECISION = {"show", "done", "trade_open", "trade_put", "trade_take", "trade_accept",
                  "trade_cancel", "agree"}


@pytest.fixture(autouse=True)
def no_background_timers(monkeypatch):
    """The timers are fired by the tests; a real one waking mid-test would race them."""
    monkeypatch.setattr(timers, "_wait", lambda hub, code, deadline: None)


def act(server, code, phone, action):
    return phone.send("act", {"version": server.room(code).version, "action": action})


def play_without_done(server, clock, code, phones, rng, max_steps=3000):
    """Phones make every decision that waits for them and never tap "Done" (nor play a card
    in a window): the countdown closes each window. Returns the windows seen."""
    seen = []
    for _ in range(max_steps):
        room = server.room(code)
        if room.game.over:
            return seen
        key = timers.lifeboat_window(room.game)
        if key is not None:
            deadline = dict(room.deadline)
            assert deadline["window"] == key
            assert set(deadline["seats"]) == set(room.game.waiting_for())
            for screen in phones:
                assert screen.game["deadline"] == deadline["at"]
                assert screen.game["countdown"] == "window"
            if not seen or seen[-1] != key:
                seen.append(key)
            clock.now = deadline["at"] / 1000
            timers.expire(server.hub, code, deadline)
            assert timers.lifeboat_window(server.room(code).game) != key, "the window stayed open"
            continue
        assert room.deadline is None
        seat = room.game.waiting_for()[0]
        legal = [a for a in room.game.legal_actions(seat) if a["type"] not in NOT_A_DECISION]
        assert legal, (seat, room.game.legal_actions(seat))
        assert act(server, code, phones[seat], rng.choice(legal))["ok"]
    raise AssertionError("the game did not end")


def test_a_game_where_nobody_taps_done_goes_through_every_window(make_server, clock, tmp_path):
    kinds = set()
    for seed in range(1, 9):
        server = make_server(data_dir=tmp_path / str(seed), seed=seed)
        table, code, phones = server.playing(NAMES, game="lifeboat",
                                             options={"window_seconds": SECONDS})
        seen = play_without_done(server, clock, code, phones, random.Random(seed))
        assert server.room(code).game.over
        kinds |= {key[1] for key in seen}
        if kinds >= {"fight", "rescue", "thirst"}:
            break
    assert kinds >= {"fight", "rescue", "thirst"}


def test_the_window_asks_every_conscious_character_and_says_done_for_them(server, clock):
    table, code, phones = server.playing(NAMES, game="lifeboat",
                                         options={"window_seconds": SECONDS})
    rng = random.Random(3)
    for _ in range(2000):
        room = server.room(code)
        if timers.lifeboat_window(room.game) is not None:
            break
        seat = room.game.waiting_for()[0]
        legal = [a for a in room.game.legal_actions(seat) if a["type"] not in NOT_A_DECISION]
        assert act(server, code, phones[seat], rng.choice(legal))["ok"]
    room = server.room(code)
    view = room.game.view(None)
    window = (view.get("fight") or {}).get("window") or view["window"]
    conscious = [c["seat"] for c in view["characters"] if c["state"] == "conscious"]
    assert set(window["seats"]) == set(conscious)
    assert room.deadline["at"] == int((clock.now + SECONDS) * 1000)
    first = window["seats"][0]
    assert act(server, code, phones[first], {"type": "done"})["ok"]
    deadline = dict(server.room(code).deadline)
    assert first not in deadline["seats"]          # the same countdown goes on for the rest
    since = len(server.room(code).log)
    clock.now = deadline["at"] / 1000
    timers.expire(server.hub, code, deadline)
    done = [e["seat"] for e in server.room(code).log[since:] if e["type"] == "done"]
    assert done[:len(deadline["seats"])] == deadline["seats"]


def test_without_the_option_lifeboat_windows_wait_for_everyone(server, clock):
    table, code, phones = server.playing(NAMES, game="lifeboat", options={"window_seconds": 0})
    rng = random.Random(3)
    for _ in range(2000):
        room = server.room(code)
        if timers.lifeboat_window(room.game) is not None:
            break
        seat = room.game.waiting_for()[0]
        legal = [a for a in room.game.legal_actions(seat) if a["type"] not in NOT_A_DECISION]
        assert act(server, code, phones[seat], rng.choice(legal))["ok"]
    assert server.room(code).deadline is None
    assert all(p.game["deadline"] is None and p.game["countdown"] is None for p in phones)
