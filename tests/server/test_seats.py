"""The host's seat controls during a game: kick, bot_replace, take_back, give_seat."""
from server.rooms import PALETTE
from tests.support.waiting import wait_until


def vote_all_but(server, code, phones, skip):
    for seat, phone in enumerate(phones):
        if seat != skip:
            room = server.room(code)
            assert phone.send("act", {"version": room.version,
                                      "action": {"type": "vote", "choice": "red"}})["ok"]


def test_kick_in_the_lobby_disconnects_and_forgets_the_player(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    assert table.send("kick", {"player": ben.player["id"]})["ok"]
    assert ben.last("kicked") == {}
    assert not ben.connected
    assert [p["name"] for p in table.last("room")["players"]] == ["Ana"]
    again = server.phone(code, ben.token)
    assert again.welcome["player"] is None


def test_kick_during_a_game_gives_the_seat_to_a_bot_that_plays_it(server):
    table, code, phones = server.playing()
    ben = phones[1]
    vote_all_but(server, code, phones, skip=1)
    assert table.send("kick", {"player": ben.player["id"]})["ok"]
    assert not ben.connected and ben.last("kicked") == {}
    players = table.last("room")["players"]
    stand_in = next(p for p in players if p["seat"] == 1)
    assert stand_in["bot"] and stand_in["name"] not in ("Ana", "Ben")
    assert ben.player["id"] not in [p["id"] for p in players]
    # The bot answers for seat 1: the round is decided without Ben.
    wait_until(lambda: 1 not in server.room(code).game.waiting_for() or
               server.room(code).game.state["round"] > 1, what="the stand-in bot to vote")
    assert server.phone(code, ben.token).welcome["player"] is None


def test_a_bot_replaces_an_absent_player_who_takes_the_seat_back(server):
    table, code, phones = server.playing()
    ben = phones[1]
    assert table.send("bot_replace", {"player": ben.player["id"]})["ok"]
    assert table.last("room")["players"][1]["bot_playing"]
    wait_until(lambda: 1 not in server.room(code).game.waiting_for(),
               what="the bot to vote for Ben")
    # Ben still sees his seat but has nothing to do while the bot plays it.
    msg = ben.wait_for("game", lambda m: 1 not in m["waiting_for"])
    assert msg["seat"] == 1 and msg["legal_actions"] == []
    reply = ben.send("act", {"version": msg["version"], "action": {"type": "cheer"}})
    assert reply["error"]["code"] == "bot_playing"
    assert ben.send("take_back", {})["ok"]
    assert not table.last("room")["players"][1]["bot_playing"]
    assert ben.game["legal_actions"] == server.room(code).game.legal_actions(1) != []
    assert ben.send("take_back", {})["error"]["code"] == "seat_not_bot"


def test_the_host_takes_a_seat_back_for_a_player(server):
    table, code, (ana, ben) = server.playing(("Ana", "Ben"))
    room = server.room(code)
    with room.lock:    # hold the bot still
        assert table.send("bot_replace", {"player": ana.player["id"]})["ok"]
        reply = ben.send("take_back", {"player": ana.player["id"]})
        assert reply["error"]["code"] == "not_host"
        assert table.send("take_back", {"player": ana.player["id"]})["ok"]
    assert not table.last("room")["players"][0]["bot_playing"]
    assert ana.game["legal_actions"]
    assert table.send("take_back", {})["error"]["code"] == "not_joined"


def test_seat_controls_need_the_host_and_a_game(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    assert table.send("bot_replace", {"player": ana.player["id"]})["error"]["code"] == \
        "not_playing"
    table.send("start", {"game": "fixture"})
    assert ben.send("bot_replace", {"player": ana.player["id"]})["error"]["code"] == "not_host"
    assert ben.send("give_seat", {"seat_of": ana.player["id"], "to": ben.player["id"]})[
        "error"]["code"] == "not_host"
    assert table.send("bot_replace", {"player": "p42"})["error"]["code"] == "unknown_player"


def test_give_seat_hands_a_bots_seat_to_a_watching_player(server):
    table, code, (ana,) = server.lobby(["Ana"])
    bot = table.send("add_bot", {})["player"]
    table.send("start", {"game": "fixture", "options": {"rounds": 5}})
    late = server.phone(code)
    late_player = late.send("join", {"name": "Late"})["player"]
    # A human's seat a phone still plays cannot be given away.
    reply = table.send("give_seat", {"seat_of": ana.player["id"], "to": late_player["id"]})
    assert reply["error"]["code"] == "seat_not_bot"
    room = server.room(code)
    with room.lock:   # hold the bot still while the seat changes hands
        reply = table.send("give_seat", {"seat_of": bot["id"], "to": late_player["id"]})
    assert reply["ok"]
    players = table.last("room")["players"]
    assert [(p["name"], p["seat"]) for p in players] == [("Ana", 0), ("Late", 1)]
    msg = late.game
    assert msg["seat"] == 1 and msg["view"]["my_secret"] == room.game.state["secrets"][1]
    reply = table.send("give_seat", {"seat_of": ana.player["id"], "to": late_player["id"]})
    assert reply["error"]["code"] in ("seat_not_bot", "has_seat")


def give_bens_seat_to_a_late_joiner(server):
    """Ben (seat 1) is away: a bot plays for him, then the host gives his seat to Late."""
    table, code, phones = server.playing()
    ben = phones[1]
    late = server.phone(code)
    late_id = late.send("join", {"name": "Late"})["player"]["id"]
    with server.room(code).lock:    # hold the bot still
        table.send("bot_replace", {"player": ben.player["id"]})
        assert table.send("give_seat", {"seat_of": ben.player["id"], "to": late_id})["ok"]
    return table, ben, late, late_id


def test_give_seat_of_a_bot_replaced_player_makes_them_a_spectator(server):
    table, ben, late, late_id = give_bens_seat_to_a_late_joiner(server)
    assert ben.game["seat"] is None and "my_secret" not in ben.game["view"]
    assert late.game["seat"] == 1
    assert table.send("give_seat", {"seat_of": ben.player["id"], "to": late_id})[
        "error"]["code"] == "no_seat"


def test_a_given_seat_keeps_its_colour(server):
    """Seat i wears palette colour i (the game's colour for that seat): the player who takes
    a seat takes its colour, and the one who gives it keeps a colour no one else wears."""
    table, _, _, late_id = give_bens_seat_to_a_late_joiner(server)
    players = {p["id"]: p for p in table.last("room")["players"]}
    assert (players[late_id]["colour"], players[late_id]["letter"]) == PALETTE[1]
    letters = [p["letter"] for p in players.values()]
    assert len(set(letters)) == len(letters)
