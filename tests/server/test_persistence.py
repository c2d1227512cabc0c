"""Nothing is lost: rooms and games survive a restart, every action is stored before any screen
hears of it, and idle rooms are closed."""
from server.app import sweep_idle
from server.store import SqliteStore
from tests.support.waiting import wait_until


def cheer(phone, server, code):
    return phone.send("act", {"version": server.room(code).version,
                              "action": {"type": "cheer"}})


def test_a_new_server_on_the_same_data_resumes_the_room_and_the_game(make_server, tmp_path):
    first = make_server()
    table, code, (ana, ben, cy) = first.playing()
    room = first.room(code)
    for phone, colour in ((ana, "red"), (ben, "blue")):
        phone.send("act", {"version": room.version,
                           "action": {"type": "vote", "choice": colour}})
    saved = room.to_record()

    second = make_server()
    resumed = second.room(code)
    assert resumed.to_record() == saved
    back = second.phone(code, ben.token)
    assert back.welcome["player"]["id"] == ben.player["id"]
    assert back.game["seat"] == 1 and back.game["version"] == saved["version"]
    assert back.game["view"] == resumed.game.view(1)
    host = second.table(code, table.welcome["host_token"])
    assert "host_token" in host.welcome
    cy_back = second.phone(code.lower(), cy.token)
    reply = cy_back.send("act", {"version": saved["version"],
                                 "action": {"type": "vote", "choice": "red"}})
    assert reply == {"ok": True, "version": saved["version"] + 1}


def test_an_accepted_action_is_stored_before_it_is_broadcast(server, monkeypatch):
    table, code, (ana, ben, cy) = server.playing()
    reader = SqliteStore(server.config.data_dir)

    def stored_version():
        return next(r["version"] for r in reader.open_records() if r["code"] == code)
    sent = []
    emit = server.socketio.emit

    def spying_emit(event, payload=None, **kwargs):
        if event == "game":
            sent.append((payload.value()["version"], stored_version()))
        return emit(event, payload, **kwargs)
    monkeypatch.setattr(server.socketio, "emit", spying_emit)
    for _ in range(3):
        assert cheer(ana, server, code)["ok"]
    assert len(sent) == 3 * 4    # three actions, four screens
    assert all(version == stored for version, stored in sent)
    reader.shutdown()


def test_the_lobby_is_stored_too(make_server):
    first = make_server()
    table, code, (ana,) = first.lobby(["Ana"])
    bot = table.send("add_bot", {})["player"]["name"]
    table.send("select_game", {"game": "fixture", "options": {"rounds": 3}})
    second = make_server()
    room = second.room(code)
    assert [p.name for p in room.players] == ["Ana", bot]
    assert room.selected == {"game": "fixture", "options": {"rounds": 3}}


def test_bots_go_on_playing_after_a_restart(make_server):
    first = make_server(bot_delay=3600.0)    # the first server's bots never get to act
    table, code, _ = first.lobby([])
    for _ in range(3):
        table.send("add_bot", {})
    table.send("start", {"game": "fixture"})
    second = make_server()
    wait_until(lambda: second.room(code).status == "over", what="the bots to finish")


def test_idle_rooms_are_closed_and_not_reloaded(make_server, clock):
    server = make_server(idle_hours=1.0)
    table, code, (ana,) = server.lobby(["Ana"])
    busy_table, busy_code, _ = server.lobby(["Zed"])
    clock.now += 3000
    busy_table.send("add_bot", {})
    clock.now += 1000
    assert sweep_idle(server.hub) == [code]
    assert server.room(code) is None and server.room(busy_code) is not None
    assert not ana.connected
    assert not server.phone(code, ana.token).connected
    assert server.app.test_client().get(f"/j/{code}").status_code == 404
    again = make_server()
    assert again.room(code) is None and again.room(busy_code) is not None


def test_a_request_that_fails_after_storing_is_not_resumed_after_a_restart(make_server,
                                                                           monkeypatch):
    """The room in memory is rolled back when a request fails; the stored one must be too, or
    a restart brings back an action every player was told had failed."""
    from server import views
    first = make_server()
    table, code, (ana, ben, cy) = first.playing()
    before = first.room(code).to_record()

    def broken(*args):
        raise RuntimeError("a bug while telling the screens")
    monkeypatch.setattr(views, "fan_out", broken)      # after the store has been written
    assert cheer(ana, first, code)["error"]["code"] == "internal"
    monkeypatch.undo()
    assert first.room(code).to_record() == before

    second = make_server()
    assert second.room(code).to_record() == before


def test_a_stored_room_orjson_cannot_read_comes_back_and_an_unreadable_one_is_passed_over(
        make_server, caplog):
    """Rows written by the json module before orjson (an escaped lone surrogate, which orjson
    refuses) still load, and one row nobody can parse does not stop the server from starting:
    the other rooms come back."""
    first = make_server()
    table, code, _ = first.playing()
    first.close()
    store = SqliteStore(first.config.data_dir)
    row = store.db.execute("SELECT record FROM rooms WHERE code=?", (code,)).fetchone()[0]
    text = bytes(row).decode().replace('"host_token":"', '"host_token":"\\ud800', 1)
    store.db.execute("INSERT INTO rooms (code, open, touched, version, record) VALUES"
                     " ('OLD1', 1, 0, 0, ?), ('BAD1', 1, 0, 0, '{not json')",
                     (text.replace(f'"code":"{code}"', '"code":"OLD1"', 1),))
    store.shutdown()

    second = make_server()
    assert second.room(code).version == first.room(code).version
    assert second.room("OLD1").game.view(None) == second.room(code).game.view(None)
    assert "BAD1" not in [room.code for room in second.hub.rooms.all()]
    assert "could not be read" in caplog.text
