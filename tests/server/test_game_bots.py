"""A seat handed to a bot is played by the game's own bot (engine/<game>/bot.py), fed only that
seat's view, legal actions and the public log; with --bot-delay 0 it answers at once."""
from engine import registry
from tests.support.waiting import wait_until


class Spy:
    def __init__(self, bot):
        self.bot, self.calls = bot, []

    def choose(self, view, legal, events, rng):
        action = self.bot.choose(view, legal, events, rng)
        self.calls.append((view["me"]["seat"], action, legal))
        return action

    def pace(self, view, legal, action):
        return self.bot.pace(view, legal, action)


def test_a_seat_let_to_a_bot_is_played_by_the_games_bot(server, monkeypatch):
    spy = Spy(registry.BOTS["lifeboats"])
    monkeypatch.setitem(registry.BOTS, "lifeboats", spy)
    table, code, phones = server.playing(("Ana", "Ben", "Cy"), game="lifeboats")
    ben = phones[1]
    assert table.send("bot_replace", {"player": ben.player["id"]})["ok"]
    room = server.room(code)
    # The humans play randomly-chosen legal moves until the bot has answered for Ben a few times.
    for _ in range(200):
        if sum(1 for seat, _, _ in spy.calls if seat == 1) >= 3:
            break
        waiting = [s for s in room.game.waiting_for() if s != 1]
        if not waiting:
            wait_until(lambda: room.game.waiting_for() != [1], what="the bot to play Ben")
            continue
        seat = waiting[0]
        action = room.game.legal_actions(seat)[0]
        assert phones[seat].send("act", {"version": room.version, "action": action})["ok"]
    calls = [c for c in spy.calls if c[0] == 1]
    assert len(calls) >= 3
    assert all(action in legal for _, action, legal in calls)
    assert {seat for seat, _, _ in spy.calls} == {1}        # only the bot's seat
    # Ben's phone saw his seat played: the move the bot chose is in the game.
    types = {action["type"] for _, action, _ in calls}
    assert types <= {"place_boat", "place_black", "place_pawn", "vote", "call_vote",
                     "captain", "break_tie", "leave", "board", "eject"}


def test_bots_answer_at_once_with_bot_delay_zero(server):
    table, code, phones = server.lobby(["Ana"])
    for _ in range(3):
        assert table.send("add_bot", {})["ok"]
    assert table.send("start", {"game": "lifeboats", "options": {}})["ok"]
    room = server.room(code)
    assert server.config.bot_delay == 0
    # Only Ana is ever waited for once the bots have answered: no bot pause holds the table.
    wait_until(lambda: room.game.waiting_for() == [0] or room.game.over,
               timeout=10.0, what="the bots to answer")


def test_a_bot_takes_its_human_pause_scaled_by_bot_delay(make_server, monkeypatch):
    server = make_server(bot_delay=2.0)
    scheduled = []
    monkeypatch.setattr(server.socketio, "start_background_task",
                        lambda fn, *args: scheduled.append((fn.__name__, args)))
    table, code, phones = server.lobby(["Ana"])
    for _ in range(3):
        assert table.send("add_bot", {})["ok"]
    assert table.send("start", {"game": "lifeboats", "options": {}})["ok"]
    room = server.room(code)
    turns = [args for name, args in scheduled if name == "_turn"]
    if room.game.waiting_for() == [0]:          # Ana places first: play her move
        assert phones[0].send("act", {"version": room.version,
                                      "action": room.game.legal_actions(0)[0]})["ok"]
        turns = [args for name, args in scheduled if name == "_turn"]
    _hub, _code, _version, seat, action, delay = turns[-1]
    assert seat != 0 and action in room.game.legal_actions(seat)
    assert 2.0 * 0.7 * 1.0 <= delay <= 2.0 * 1.3 * 4.0     # a placement: a second or two, x2
