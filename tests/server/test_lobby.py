"""Tables, phones, joining, names, colours, host rules and game selection."""
import pytest

from server.rooms import CODE_LETTERS, MAX_PLAYERS, NAME_MAX


def test_a_table_gets_a_new_room_and_the_host_token(server):
    table = server.table()
    welcome = table.welcome
    assert welcome["role"] == "table"
    code = welcome["room"]
    assert len(code) == 4 and set(code) <= set(CODE_LETTERS)
    assert not set(code) & set("ILO")
    assert welcome["join_url"] == f"http://10.0.0.5:5000/j/{code}"
    assert welcome["host_token"]
    room = table.last("room")
    assert room["code"] == code and room["status"] == "lobby" and room["host"] == "table"
    assert {"fixture", "lifeboats"} <= {g["id"] for g in room["games"]}


def test_a_table_comes_back_to_its_room_with_the_host_token(server):
    first = server.table()
    code, token = first.welcome["room"], first.welcome["host_token"]
    again = server.table(code, token)
    assert again.welcome["room"] == code and again.welcome["host_token"] == token
    assert again.send("add_bot", {})["ok"]


def test_a_table_without_the_host_token_is_a_read_only_screen(server):
    code = server.table().welcome["room"]
    extra = server.table(code.lower(), "wrong")
    assert extra.welcome["room"] == code
    assert "host_token" not in extra.welcome
    assert extra.send("add_bot", {})["error"]["code"] == "not_host"
    assert extra.send("start", {"game": "fixture"})["error"]["code"] == "not_host"


def test_a_table_with_an_unknown_room_gets_a_new_one(server):
    table = server.table("ZZZZ", "whatever")
    assert table.welcome["room"] != "ZZZZ" and table.welcome["host_token"]


def test_a_phone_for_an_unknown_room_is_refused(server):
    phone = server.phone("QQQQ")
    assert not phone.connected


def test_a_phone_joins_and_every_screen_sees_it(server):
    table, code, (ana,) = server.lobby(["Ana"])
    assert ana.welcome == {"role": "phone", "room": code,
                           "join_url": f"http://10.0.0.5:5000/j/{code}", "player": None}
    assert ana.player["name"] == "Ana" and ana.token
    for screen in (table, ana):
        players = screen.last("room")["players"]
        # The first phone hosts beside the TV (marked), so the game can be run from the sofa.
        assert [(p["name"], p["connected"], p["host"]) for p in players] == [
            ("Ana", True, True)]
        assert screen.last("room")["host"] == ana.player["id"]
    assert ana.send("join", {"name": "Ana2"})["error"]["code"] == "already_joined"


def test_phone_codes_are_case_insensitive(server):
    code = server.table().welcome["room"]
    phone = server.phone(code.lower())
    assert phone.connected and phone.welcome["room"] == code


@pytest.mark.parametrize("name, code, params", [
    ("", "name_empty", {}),
    ("   ", "name_empty", {}),
    ("x" * (NAME_MAX + 1), "name_too_long", {"max": NAME_MAX}),
    ("ana", "name_taken", {"name": "ana"}),
    ("  ANA ", "name_taken", {"name": "ANA"}),
])
def test_name_rules(server, name, code, params):
    table, room_code, _ = server.lobby(["Ana"])
    phone = server.phone(room_code)
    reply = phone.send("join", {"name": name})
    assert reply["ok"] is False
    assert reply["error"]["code"] == code and reply["error"]["params"] == params
    assert reply["error"]["message"]
    assert [p.name for p in server.room(room_code).players] == ["Ana"]


def test_names_are_trimmed_and_may_be_twenty_characters(server):
    table, code, _ = server.lobby([])
    phone = server.phone(code)
    assert phone.send("join", {"name": "  Zoé   la  Reine "})["player"]["name"] == "Zoé la Reine"
    other = server.phone(code)
    assert other.send("join", {"name": "y" * NAME_MAX})["ok"]


def test_rename_follows_the_same_rules(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    assert ben.send("rename", {"name": "ANA"})["error"]["code"] == "name_taken"
    assert ben.send("rename", {"name": "Benji"})["ok"]
    assert ana.last("room")["players"][1]["name"] == "Benji"
    visitor = server.phone(code)
    assert visitor.send("rename", {"name": "X"})["error"]["code"] == "not_joined"


def test_every_player_has_a_colour_and_a_letter_of_their_own_until_the_room_is_full(server):
    table, code, _ = server.lobby([])
    for _ in range(MAX_PLAYERS):
        assert table.send("add_bot", {})["ok"]
    players = table.last("room")["players"]
    assert len({p["colour"] for p in players}) == MAX_PLAYERS
    assert len({p["letter"] for p in players}) == MAX_PLAYERS
    assert table.send("add_bot", {})["error"]["code"] == "room_full"
    assert server.phone(code).send("join", {"name": "Late"})["error"]["code"] == "room_full"


def test_a_freed_colour_is_given_again(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    colour = ana.player["colour"]
    assert ana.send("leave", {})["ok"]
    cy = server.phone(code)
    assert cy.send("join", {"name": "Cy"})["player"]["colour"] == colour


def test_only_the_host_runs_the_lobby(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    for event, payload in [("add_bot", {}), ("start", {"game": "fixture"}),
                           ("select_game", {"game": "fixture"}),
                           ("remove_player", {"player": ana.player["id"]}),
                           ("kick", {"player": ana.player["id"]})]:
        reply = ben.send(event, payload)
        assert reply["error"]["code"] == "not_host", event
    assert len(server.room(code).players) == 2


def test_the_first_phone_hosts_beside_the_table_and_hands_over_when_it_leaves(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    assert ana.send("select_game", {"game": "fixture"})["ok"]
    assert ana.send("add_bot", {})["ok"]
    assert table.send("add_bot", {})["ok"]          # the TV keeps its host controls
    assert len(server.room(code).players) == 4
    assert ana.send("leave", {})["ok"]
    room = table.last("room")
    assert room["host"] == ben.player["id"]
    assert [p["name"] for p in room["players"] if p["host"]] == ["Ben"]
    assert ben.send("start", {"game": "fixture"})["ok"]
    assert server.room(code).status == "playing"


def test_leave_takes_the_player_out(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    assert ana.send("leave", {})["ok"]
    assert [p["name"] for p in table.last("room")["players"]] == ["Ben"]
    assert ana.send("act", {"version": 0, "action": {"type": "cheer"}})["error"]["code"] == \
        "not_joined"
    # The forgotten token no longer opens the seat.
    again = server.phone(code, ana.token)
    assert again.welcome["player"] is None


def test_the_host_adds_and_removes_bots(server):
    table, code, (ana,) = server.lobby(["Ana"])
    from engine.galerapagos.data import DATA
    bot = table.send("add_bot", {})["player"]
    assert bot["bot"] and bot["name"] in DATA["bot_names"]["en"] and bot["connected"]
    other = table.send("add_bot", {"lang": "fr"})["player"]["name"]
    assert other in DATA["bot_names"]["fr"] and other != bot["name"]
    assert table.send("remove_player", {"player": bot["id"]})["ok"]
    assert [p["name"] for p in table.last("room")["players"]] == ["Ana", other]
    assert table.send("remove_player", {"player": "p99"})["error"] == {
        "code": "unknown_player", "params": {"player": "p99"},
        "message": "There is no such player."}


def test_the_host_selects_a_game_and_everyone_sees_it(server):
    table, code, (ana,) = server.lobby(["Ana"])
    assert table.send("select_game", {"game": "fixture", "options": {"rounds": 3}})["ok"]
    assert ana.last("room")["selected"] == {"game": "fixture", "options": {"rounds": 3}}


def test_a_start_with_its_own_options_is_what_every_screen_sees_selected(server):
    """The screens read the game's options from the room's selection (the TV's reveal length):
    a start naming other options than the selection's leaves the selection saying what is played."""
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    assert table.send("select_game", {"game": "fixture", "options": {"rounds": 3}})["ok"]
    assert table.send("start", {"game": "fixture", "options": {"rounds": 2}})["ok"]
    assert ana.last("room")["selected"] == {"game": "fixture", "options": {"rounds": 2}}
    assert server.room(code).selected["options"] == server.room(code).options


@pytest.mark.parametrize("payload, code, params", [
    ({"game": "chess"}, "unknown_game", {"game": "chess"}),
    ({"game": "fixture", "options": {"speed": 1}}, "unknown_option", {"option": "speed"}),
    ({"game": "fixture", "options": {"rounds": 9}}, "option_range",
     {"option": "rounds", "min": 1, "max": 5}),
    ({"game": "fixture", "options": {"rounds": "2"}}, "option_range",
     {"option": "rounds", "min": 1, "max": 5}),
])
def test_bad_game_choices_are_refused(server, payload, code, params):
    table, room_code, _ = server.lobby(["Ana", "Ben"])
    for event in ("select_game", "start"):
        reply = table.send(event, payload)
        assert reply["error"]["code"] == code and reply["error"]["params"] == params
    room = server.room(room_code)
    assert room.selected is None and room.status == "lobby"


def test_start_needs_enough_players(server):
    table, code, _ = server.lobby(["Ana"])
    reply = table.send("start", {"game": "fixture"})
    assert reply["error"]["code"] == "player_count"
    assert reply["error"]["params"] == {"min": 2, "max": 6, "count": 1}


def test_start_uses_the_selected_game_and_options(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    table.send("select_game", {"game": "fixture", "options": {"rounds": 4}})
    assert table.send("start", {})["ok"]
    room = server.room(code)
    assert room.game_id == "fixture" and room.options == {"rounds": 4}
    assert [p["seat"] for p in table.last("room")["players"]] == [0, 1]
    assert table.last("room")["status"] == "playing"
    assert table.send("start", {})["error"]["code"] == "not_in_lobby"
    assert table.send("add_bot", {})["error"]["code"] == "not_in_lobby"


def test_a_phone_joining_during_a_game_watches_without_a_seat(server):
    table, code, phones = server.playing()
    late = server.phone(code)
    assert late.game["seat"] is None and late.game["legal_actions"] == []
    reply = late.send("join", {"name": "Late"})
    assert reply["player"]["seat"] is None
    assert late.send("act", {"version": server.room(code).version,
                             "action": {"type": "cheer"}})["error"]["code"] == "no_seat"


def test_presence_follows_the_last_tab_of_a_player(server):
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    second_tab = server.phone(code, ana.token)
    assert second_tab.welcome["player"]["id"] == ana.player["id"]

    def ana_connected():
        return table.last("room")["players"][0]["connected"]
    ana.close()
    assert ana_connected()
    second_tab.close()
    assert not ana_connected()
    back = server.phone(code, ana.token)
    assert ana_connected() and back.welcome["player"]["name"] == "Ana"


def test_a_token_with_non_ascii_characters_is_just_a_wrong_token(server, caplog):
    """secrets.compare_digest raises TypeError on non-ASCII str: such a token must make a
    visitor phone / a read-only table, not an `internal` refusal logged as a bug."""
    table, code, (ana,) = server.lobby(["Ana"])
    extra = server.table(code, "héhé")
    assert extra.connected and extra.welcome["room"] == code
    assert "host_token" not in extra.welcome
    visitor = server.phone(code, "jeton-é")
    assert visitor.connected and visitor.welcome["player"] is None
    assert "connect failed" not in caplog.text


def test_a_phone_whose_player_goes_while_it_connects_is_a_visitor(server, monkeypatch):
    """The token is looked up before the room's lock is taken: a kick that lands in between
    must not leave the socket bound to a player who is gone (it could never join again)."""
    from server import events, rooms
    table, code, (ana, ben) = server.lobby(["Ana", "Ben"])
    ben.close()
    found = events._phone

    def kicked_meanwhile(hub, auth):
        room, conn = found(hub, auth)
        rooms.kick(room, room.player(conn.player))
        return room, conn
    monkeypatch.setattr(events, "_phone", kicked_meanwhile)
    again = server.phone(code, ben.token)
    monkeypatch.undo()
    assert again.welcome["player"] is None
    assert again.send("join", {"name": "Ben"})["ok"]
