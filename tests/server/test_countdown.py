"""Lifeboats' negotiation countdown: a deadline in the `game` payload, and the server calls the
vote when it runs out. Time is a fake clock and the timer is fired directly: no sleeping."""
from server import timers

SECONDS = 30


def play_until_call_vote(server, code, phones):
    """Play the first legal action of a waited-for seat until someone may call the vote."""
    for _ in range(200):
        game = server.room(code).game
        for seat in game.waiting_for():
            if {"type": "call_vote"} in game.legal_actions(seat):
                return seat
        seat = game.waiting_for()[0]
        reply = phones[seat].send("act", {"version": server.room(code).version,
                                          "action": game.legal_actions(seat)[0]})
        assert reply["ok"], reply
    raise AssertionError("no vote to call")


def test_the_countdown_runs_out_and_the_server_calls_the_vote(server, clock):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"), game="lifeboats",
                                         options={"negotiation_seconds": SECONDS})
    seat = play_until_call_vote(server, code, phones)
    deadline = int((clock.now + SECONDS) * 1000)
    for screen in (table, *phones):
        assert screen.game["deadline"] == deadline
    room = server.room(code)
    assert room.deadline == {"seat": seat, "at": deadline}
    version = room.version

    clock.now += SECONDS
    timers.expire(server.hub, code, dict(room.deadline))
    room = server.room(code)
    assert room.version == version + 1
    assert {"type": "vote_called", "seat": seat, "kind": room.log[-1]["kind"]} in room.log
    assert room.game.state["step"] == "vote"
    for screen in (table, *phones):
        assert screen.game["version"] == version + 1 and screen.game["deadline"] is None


def test_a_vote_called_in_time_stops_the_countdown(server, clock):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"), game="lifeboats",
                                         options={"negotiation_seconds": SECONDS})
    seat = play_until_call_vote(server, code, phones)
    old = dict(server.room(code).deadline)
    clock.now += 5
    assert phones[seat].send("act", {"version": server.room(code).version,
                                     "action": {"type": "call_vote"}})["ok"]
    room = server.room(code)
    assert room.deadline is None and phones[seat].game["deadline"] is None
    version = room.version
    timers.expire(server.hub, code, old)     # the old timer firing late does nothing
    assert server.room(code).version == version


def test_without_the_option_there_is_no_countdown(server):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"), game="lifeboats")
    play_until_call_vote(server, code, phones)
    assert server.room(code).deadline is None
    assert all(p.game["deadline"] is None for p in phones)


def test_the_countdown_survives_a_restart(make_server, clock):
    first = make_server()
    table, code, phones = first.playing(("Ana", "Ben", "Cy"), game="lifeboats",
                                        options={"negotiation_seconds": SECONDS})
    play_until_call_vote(first, code, phones)
    deadline = first.room(code).deadline
    second = make_server()
    assert second.room(code).deadline == deadline
    back = second.phone(code, phones[0].token)
    assert back.game["deadline"] == deadline["at"]
