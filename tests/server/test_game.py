"""Playing a game through the server: acting, versions, errors, reconnecting, identity."""
import json

import pytest

import engine

from tests.support.waiting import wait_until


def act(phone, version, action):
    return phone.send("act", {"version": version, "action": action})


def vote(phone, colour):
    return act(phone, phone.game["version"], {"type": "vote", "choice": colour})


def test_start_gives_each_phone_its_seat_and_the_table_the_public_view(server):
    table, code, phones = server.playing()
    game = server.room(code).game
    for seat, phone in enumerate(phones):
        msg = phone.game
        assert msg["seat"] == seat and msg["game"] == "fixture"
        assert msg["view"] == game.view(seat)
        assert msg["legal_actions"] == game.legal_actions(seat)
        assert msg["waiting_for"] == [0, 1, 2]
        assert msg["over"] is False and msg["result"] is None and msg["deadline"] is None
    public = table.game
    assert public["seat"] is None and public["legal_actions"] == []
    assert public["view"] == game.view(None) and "my_secret" not in public["view"]


def test_an_action_reaches_every_screen_with_its_events(server):
    table, code, (ana, ben, cy) = server.playing()
    version = ana.game["version"]
    for screen in (table, ana, ben, cy):
        screen.new("game")
    reply = vote(ana, "red")
    assert reply == {"ok": True, "version": version + 1}
    for screen in (table, ana, ben, cy):
        (msg,) = screen.new("game")
        assert msg["version"] == version + 1
        assert msg["events"] == [{"type": "voted", "seat": 0}]
        assert msg["waiting_for"] == [1, 2]
    assert ana.game["legal_actions"] == [{"type": "cheer"}]


def test_a_stale_version_is_refused_and_the_current_game_resent(server):
    table, code, (ana, ben, cy) = server.playing()
    old = ana.game["version"]
    vote(ben, "blue")
    ana.new("game")
    reply = act(ana, old, {"type": "vote", "choice": "red"})
    assert reply["error"]["code"] == "stale_version"
    assert reply["error"]["params"] == {"version": old, "current": old + 1}
    (resent,) = ana.new("game")
    assert resent["version"] == old + 1 and resent["seat"] == 0
    assert server.room(code).game.waiting_for() == [0, 2]


def test_an_illegal_action_is_refused_with_the_engine_reason(server):
    table, code, (ana, ben, cy) = server.playing()
    vote(ana, "red")
    before = server.room(code).to_record()
    reply = vote(ana, "blue")
    error = reply["error"]
    assert error["code"] == "illegal_action"
    assert error["params"]["engine_code"] == "not_legal_now"
    assert error["params"]["message"] == error["message"]
    assert server.room(code).to_record() == before


def test_only_a_seated_phone_acts(server):
    table, code, (ana, ben, cy) = server.playing()
    version = server.room(code).version
    cheer = {"version": version, "action": {"type": "cheer"}}
    assert table.send("act", cheer)["error"]["code"] == "not_joined"
    assert server.phone(code).send("act", cheer)["error"]["code"] == "not_joined"
    assert server.room(code).version == version


def test_reconnecting_with_the_token_gives_the_seat_and_full_view_at_once(server):
    table, code, (ana, ben, cy) = server.playing()
    vote(ben, "red")
    ben.close()
    back = server.phone(code, ben.token)
    names = [m["name"] for m in back.client.queue]
    assert names[:3] == ["welcome", "room", "game"]
    assert back.welcome["player"]["id"] == ben.player["id"]
    msg = back.game
    room = server.room(code)
    assert msg["seat"] == 1 and msg["view"] == room.game.view(1)
    assert msg["version"] == room.version
    assert msg["events"] == room.log and {"type": "voted", "seat": 1} in msg["events"]
    assert vote(back, "blue")["error"]["code"] == "illegal_action"   # already voted
    assert act(back, room.version, {"type": "cheer"})["ok"]


def test_impersonation_gets_nothing_but_a_visitor(server, make_server):
    table, code, (ana, ben, cy) = server.playing()
    other_table, other_code, (zed,) = server.lobby(["Zed"])
    for token in ("not-a-token", zed.token, None, ben.token[:-1]):
        intruder = server.phone(code, token)
        assert intruder.welcome["player"] is None
        msg = intruder.game
        assert msg["seat"] is None and "my_secret" not in msg["view"]
        reply = intruder.send("act", {"version": msg["version"],
                                      "action": {"type": "vote", "choice": "red"}})
        assert reply["error"]["code"] == "not_joined"
    assert server.room(code).game.waiting_for() == [0, 1, 2]


def test_a_phone_never_receives_another_seats_secret(server):
    table, code, phones = server.playing(options={"rounds": 3})
    secrets = server.room(code).game.state["secrets"]
    while not server.room(code).game.over:
        room = server.room(code)
        seat = room.game.waiting_for()[0]
        action = room.game.legal_actions(seat)[0]
        assert act(phones[seat], room.version, action)["ok"]
    for seat, phone in enumerate(phones):
        games = phone.messages("game")
        assert len(games) > 3
        for msg in games:
            assert msg["seat"] == seat
            assert msg["view"]["my_secret"] == secrets[seat]
            if not msg["over"]:
                assert "secrets" not in msg["view"]
            ballot = msg["view"]["ballot"]
            # Until the reveal, a phone sees its own vote only.
            if not ballot.get("revealed"):
                assert all(v is None for i, v in enumerate(ballot.get("votes") or [])
                           if ballot["voters"][i] != seat)
        assert games[-1]["over"] and games[-1]["view"]["secrets"] == secrets
    for msg in table.messages("game"):
        assert "my_secret" not in msg["view"] and msg["legal_actions"] == []
        if not msg["over"]:
            assert "secrets" not in msg["view"]


def test_the_end_of_the_game_shows_the_result_and_the_room_is_over(server):
    table, code, phones = server.playing(names=("Ana", "Ben"), options={"rounds": 1})
    vote(phones[0], "red")
    vote(phones[1], "red")
    msg = table.game
    assert msg["over"] and msg["result"]["winners"]
    assert table.last("room")["status"] == "over"
    assert act(phones[0], msg["version"], {"type": "cheer"})["error"]["code"] == "not_playing"


def test_end_game_brings_everyone_back_to_the_lobby(server):
    table, code, phones = server.playing()
    assert phones[1].send("end_game", {})["error"]["code"] == "not_host"
    assert table.send("end_game", {})["ok"]
    for screen in (table, *phones):
        assert screen.last("game_ended") == {"reason": "ended_by_host"}
        room = screen.last("room")
        assert room["status"] == "lobby" and room["game"] is None
        assert all(p["seat"] is None for p in room["players"])
    assert table.send("end_game", {})["error"]["code"] == "not_playing"
    assert table.send("start", {"game": "fixture"})["ok"]


def test_rematch_starts_the_same_game_again_with_a_new_seed(server):
    table, code, phones = server.playing(names=("Ana", "Ben"), options={"rounds": 1})
    first = server.room(code)
    first_version, first_seed = first.version, first.game.state["rng"]
    vote(phones[0], "red")
    vote(phones[1], "blue")
    if server.room(code).status != "over":
        room = server.room(code)
        act(phones[room.game.state["start"]], room.version,
            room.game.legal_actions(room.game.state["start"])[0])
    assert server.room(code).status == "over"
    assert table.send("rematch", {})["ok"]
    room = server.room(code)
    assert room.status == "playing" and room.options == {"rounds": 1}
    assert room.version > first_version + 2 and room.game.state["rng"] != first_seed
    for seat, phone in enumerate(phones):
        assert phone.game["seat"] == seat and phone.game["version"] == room.version
        assert phone.game["waiting_for"] == [0, 1] and not phone.game["over"]


def test_bots_play_a_game_to_the_end(server):
    table, code, _ = server.lobby([])
    for _ in range(4):
        table.send("add_bot", {})
    assert table.send("start", {"game": "fixture", "options": {"rounds": 5}})["ok"]
    wait_until(lambda: server.room(code).status == "over", what="the bots to finish")
    msg = table.wait_for("game", lambda m: m["over"])
    assert msg["result"]["winners"]
    assert table.last("room")["status"] == "over"


def test_bots_play_the_same_game_for_the_same_seed(make_server, tmp_path):
    def bot_game(data):
        server = make_server(data)
        table, code, _ = server.lobby([])
        for _ in range(3):
            table.send("add_bot", {})
        table.send("start", {"game": "fixture", "options": {"rounds": 3}})
        wait_until(lambda: server.room(code).status == "over", what="the bots to finish")
        return server.room(code).game.to_dict()
    assert bot_game(tmp_path / "a") == bot_game(tmp_path / "b")


def test_tokens_are_never_broadcast(server):
    table, code, phones = server.playing()
    extra = server.table(code)
    host_token = table.welcome["host_token"]
    room = server.room(code)
    act(phones[0], room.version, {"type": "cheer"})
    phones[1].send("rename", {"name": "Benji"})
    for screen in (table, extra, *phones):
        text = json.dumps(screen.messages())
        for phone in phones:
            if phone is not screen:
                assert phone.token not in text
        if screen is not table:
            assert host_token not in text


@pytest.mark.parametrize("game_id", sorted(engine.registry.BUILTIN))
def test_bots_play_every_shipped_game_to_the_end_through_the_server(server, game_id):
    table, code, _ = server.lobby([])
    for _ in range(engine.GAMES[game_id].min_players):
        table.send("add_bot", {})
    assert table.send("start", {"game": game_id})["ok"]
    last = table.wait_for("game", lambda m: m["over"], timeout=120)
    assert last["result"]["winners"] is not None
    versions = [m["version"] for m in table.messages("game")]
    assert versions == sorted(set(versions))   # one payload per version, in order


def test_seat_colours_follow_the_seats_so_the_header_matches_lifeboats_boats(server):
    # Ana leaves the lobby, so Ben and Cy joined with colours 2 and 3 of the palette; Dee then
    # takes Ana's free colour. At start, seat i wears colour i: Lifeboats' red, yellow, green...
    table, code, (ana, ben, cy) = server.lobby()
    assert ana.send("leave", {})["ok"]
    dee = server.phone(code)
    assert dee.send("join", {"name": "Dee"})["ok"]
    before = {p["name"]: p["letter"] for p in table.last("room")["players"]}
    assert before == {"Ben": "Y", "Cy": "G", "Dee": "R"}
    assert table.send("start", {"game": "lifeboats", "options": {}})["ok"]
    players = sorted(table.last("room")["players"], key=lambda p: p["seat"])
    assert [(p["name"], p["letter"]) for p in players] == [("Ben", "R"), ("Cy", "Y"), ("Dee", "G")]
    assert server.room(code).game.view(None)["colours"][:3] == ["red", "yellow", "green"]
