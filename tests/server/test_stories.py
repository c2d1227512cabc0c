"""Issue 23: the story of every game of a room (seed, options, players, every accepted action),
its replay, "my game", the history of the evening, export and import, and secrecy while a game
is played (HTTP and Socket.IO)."""
import json
import random

import pytest

import engine
from server import stories
from tests.support.waiting import wait_until


def play_out(server, code, phones, rng=None, limit=3000):
    """Random legal moves from the phones until the game is over."""
    rng = rng or random.Random(5)
    room = server.room(code)
    for _ in range(limit):
        if room.game.over:
            return
        server.config.clock.now += 0.25       # a human pace: no rate limit, real times
        seat = rng.choice(room.game.waiting_for())
        action = rng.choice([a for a in room.game.legal_actions(seat) if a["type"] != "cheer"]
                            or room.game.legal_actions(seat))
        reply = phones[seat].send("act", {"version": room.version, "action": action})
        assert reply["ok"], reply
    raise AssertionError("the game did not end")


def replayed(story):
    game = engine.new_game(story["game"], [p["name"] for p in story["players"]],
                           seed=story["seed"], options=story["options"])
    for seat, _, action in story["actions"]:
        game.act(seat, action)
    return game


@pytest.fixture
def http(server):
    return server.app.test_client()


@pytest.mark.parametrize("game_id,names", [
    ("lifeboats", ("Ana", "Ben", "Cy", "Dee")),
    ("lifeboat", ("Ana", "Ben", "Cy", "Dee")),
    ("galerapagos", ("Ana", "Ben", "Cy", "Dee", "Eve")),
])
def test_a_finished_game_replays_from_its_story_to_the_same_result(server, http, game_id, names):
    table, code, phones = server.playing(names, game=game_id)
    play_out(server, code, phones)
    room = server.room(code)
    story = stories.readable(room.story)
    assert story["status"] == "over" and story["number"] == 1
    assert len(story["actions"]) == room.version - 1      # every accepted action, none more
    assert replayed(story).result() == room.game.result() == story["result"]
    # The replay's last frame is the end, with every seat's view.
    listing = http.get(f"/rooms/{code}/games").get_json()
    assert listing["games"][0]["status"] == "over"
    steps = listing["games"][0]["actions"]
    last = http.get(f"/rooms/{code}/games/1/steps/{steps}").get_json()
    assert last["over"] and last["result"] == room.game.result()
    assert len(last["views"]) == len(names) and last["table"] == room.game.view(None)
    assert last["views"] == [room.game.view(s) for s in range(len(names))]
    # "Jump to a turn": each turn's first step, the table showing that turn there.
    turns = last["turns"]
    assert len(turns) > 1 and [t for t, _ in turns] == sorted({t for t, _ in turns})
    for turn, step in turns[1:3]:
        at = http.get(f"/rooms/{code}/games/1/steps/{step}").get_json()
        before = http.get(f"/rooms/{code}/games/1/steps/{step - 1}").get_json()
        assert at["table"]["turn"] == turn and before["table"]["turn"] != turn


def test_frames_show_each_vote_as_it_was_cast(server, http):
    """Step k's frame is the game after k actions, with the k-th action, its seat and every
    seat's private view of that moment (a hidden vote included), forwards and backwards."""
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    play_out(server, code, phones)
    story = stories.readable(server.room(code).story)
    game = engine.new_game("fixture", ["Ana", "Ben", "Cy"], seed=story["seed"])
    expected = [None]
    for seat, _, action in story["actions"]:
        game.act(seat, action)
        expected.append((seat, action, game.view(None), [game.view(s) for s in range(3)]))
    order = list(range(len(expected)))
    for step in order[::-1][:6] + order[:4] + [len(order) // 2, 1, len(order) - 1]:
        got = http.get(f"/rooms/{code}/games/1/steps/{step}").get_json()
        assert got["ok"] and got["step"] == step
        if step:
            seat, action, table_view, views = expected[step]
            assert (got["seat"], got["action"]) == (seat, action)
            assert got["table"] == table_view and got["views"] == views
    # Where each round begins, for "jump to a turn" (the fixture's view says `round`, no turn).
    assert got["turns"] == []
    votes = [i for i, (s, _, a) in enumerate(story["actions"], 1) if a["type"] == "vote"]
    frame = http.get(f"/rooms/{code}/games/1/steps/{votes[0]}").get_json()
    assert frame["action"]["type"] == "vote" and frame["seat"] in range(3)


def test_my_game_lists_my_moves_and_those_aimed_at_me(server, http):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    play_out(server, code, phones)
    mine = http.get(f"/rooms/{code}/games/1/seats/1").get_json()
    story = stories.readable(server.room(code).story)
    assert [m["action"] for m in mine["mine"]] == [a for s, _, a in story["actions"] if s == 1]
    assert all(m["seat"] == 1 for m in mine["mine"])
    assert http.get(f"/rooms/{code}/games/1/seats/9").status_code == 404


def test_a_rematch_keeps_the_earlier_game_in_the_evening(server, http, clock):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    play_out(server, code, phones)
    first = stories.readable(server.room(code).story)
    clock.now += 60
    assert table.send("rematch", {})["ok"]
    listing = http.get(f"/rooms/{code}/games").get_json()["games"]
    assert [g["number"] for g in listing] == [2, 1]              # newest first
    assert listing[0]["status"] == "playing" and listing[0]["result"] is None
    assert listing[1]["status"] == "over" and listing[1]["result"] == first["result"]
    assert [p["name"] for p in listing[1]["players"]] == ["Ana", "Ben", "Cy"]
    assert server.hub.store.story(code, 1) == first
    # Back to the lobby mid-game: game 2 is kept as ended, and can be replayed.
    assert phones[0].send("act", {"version": server.room(code).version,
                                  "action": {"type": "cheer"}})["ok"]
    assert table.send("end_game", {})["ok"]
    listing = http.get(f"/rooms/{code}/games").get_json()["games"]
    assert [(g["number"], g["status"]) for g in listing] == [(2, "ended"), (1, "over")]
    assert http.get(f"/rooms/{code}/games/2/steps/1").get_json()["action"] == {"type": "cheer"}


def test_the_archive_survives_a_restart_and_is_bounded(make_server, tmp_path, monkeypatch):
    monkeypatch.setattr(stories, "ARCHIVE_KEEP", 3)
    server = make_server()
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    for _ in range(4):
        play_out(server, code, phones)
        assert table.send("rematch", {})["ok"]
    play_out(server, code, phones)
    server.close()
    again = make_server()
    listing = again.app.test_client().get(f"/rooms/{code}/games").get_json()["games"]
    assert [g["number"] for g in listing] == [5, 4, 3, 2]     # 3 archived + the current one
    assert all(g["status"] == "over" for g in listing)
    assert again.room(code).story["number"] == 5
    assert again.room(code).story["actions"].startswith(b"[[")     # kept as JSON bytes


def test_closing_a_room_deletes_its_games(server, clock):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    play_out(server, code, phones)
    assert table.send("rematch", {})["ok"]
    assert server.hub.store.stories(code)
    from server.app import sweep_idle
    clock.now += server.config.idle_hours * 3600 + 1
    assert code in sweep_idle(server.hub)
    assert server.hub.store.stories(code) == [] and server.hub.store.story(code, 1) is None


# -- secrecy while a game is played -----------------------------------------------------------
def test_nothing_of_a_game_in_progress_is_served(server, http):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    room = server.room(code)
    assert phones[0].send("act", {"version": room.version, "action": {"type": "vote", "choice": "red"}})["ok"]
    before = room.to_record()
    for path in (f"/rooms/{code}/games/1.json", f"/rooms/{code}/games/1/steps/0",
                 f"/rooms/{code}/games/1/steps/1", f"/rooms/{code}/games/1/seats/0"):
        response = http.get(path)
        assert response.status_code == 409, path
        assert response.get_json()["error"]["code"] == "game_in_progress"
    token = {"X-Castaways-Token": table.welcome["host_token"]}
    response = http.delete(f"/rooms/{code}/games/1", headers=token)
    assert response.status_code == 409
    # The listing names the game and its players, nothing of its play.
    (entry,) = http.get(f"/rooms/{code}/games").get_json()["games"]
    assert entry["status"] == "playing" and entry["result"] is None
    assert set(entry) == {"number", "game", "players", "started", "finished", "status",
                          "actions", "result"}
    # Socket.IO: the host's `watch` is refused too, and no screen receives anything.
    for screen in [table] + phones:
        screen.new()
    reply = table.send("watch", {"number": 1})
    assert reply == {"ok": False, "error": reply["error"]} and reply["error"]["code"] == "game_in_progress"
    assert phones[1].send("watch", {"number": 1})["error"]["code"] == "not_host"
    for screen in [table] + phones:
        frames = screen.new()
        assert not [m for m in frames if isinstance(m, dict) and ("views" in m or "actions" in m)]
        assert screen.new("watch") == []
    # The phones' game frames are the protocol's, each phone's own seat only: no story.
    keys = {"version", "game", "match", "seat", "view", "legal_actions", "waiting_for", "over",
            "result", "deadline", "countdown", "events"}
    for seat, phone in enumerate(phones):
        for msg in phone.messages("game"):
            assert set(msg) == keys and msg["seat"] == seat
        assert phone.game["view"] == room.game.view(seat)
    assert room.to_record() == before


def test_unknown_rooms_and_games_are_refused_clearly(server, http):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    assert http.get("/rooms/QQQQ/games").status_code == 404
    assert http.get("/rooms/QQQQ/games").get_json()["error"]["code"] == "unknown_room"
    assert http.get(f"/rooms/{code}/games/7.json").get_json()["error"]["code"] == "unknown_story"
    assert http.get(f"/rooms/{code}/games/7.json").status_code == 404
    assert http.get("/h/QQQQ").status_code == 404
    page = http.get(f"/h/{code}")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert b"/table/replay/replay.js" in page.data and b'type="importmap"' in page.data


def test_the_host_deletes_a_game_others_cannot(server, http):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    play_out(server, code, phones)
    assert table.send("rematch", {})["ok"]
    url = f"/rooms/{code}/games/1"
    listing = f"/rooms/{code}/games"
    assert http.get(listing).get_json()["host"] is False
    assert http.get(listing, headers={"X-Castaways-Token": phones[1].token}).get_json()["host"] is False
    assert http.get(listing, headers={"X-Castaways-Token": phones[0].token}).get_json()["host"] is True
    assert http.delete(url).status_code == 403
    assert http.delete(url, headers={"X-Castaways-Token": phones[1].token}).status_code == 403
    assert server.hub.store.story(code, 1) is not None
    # Ana's phone hosts beside the TV (the first to join): her token is the host's.
    response = http.delete(url, headers={"X-Castaways-Token": phones[0].token})
    assert response.status_code == 200 and response.get_json() == {"ok": True, "number": 1}
    assert [g["number"] for g in http.get(f"/rooms/{code}/games").get_json()["games"]] == [2]
    assert http.get(f"/rooms/{code}/games/1.json").status_code == 404


def test_the_host_tv_asks_every_screen_to_watch(server):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    play_out(server, code, phones)
    reply = table.send("watch", {"number": 1})
    assert reply == {"ok": True, "number": 1, "game": "fixture"}
    for screen in [table] + phones:
        screen.wait_for("watch", lambda m: m["number"] == 1)


# -- export and import ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id,names", [
    ("lifeboats", ("Ana", "Ben", "Cy", "Dee")),
    ("galerapagos", ("Ana", "Ben", "Cy", "Dee", "Eve")),
])
def test_an_export_imported_into_a_fresh_server_replays_to_the_same_result(
        make_server, tmp_path, game_id, names):
    home = make_server(data_dir=tmp_path / "home")
    table, code, phones = home.playing(names, game=game_id)
    play_out(home, code, phones)
    result = home.room(code).game.result()
    response = home.app.test_client().get(f"/rooms/{code}/games/1.json")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    data = json.loads(response.data)
    assert data["format"] == "castaways.game" and data["version"] == 1
    assert data["game"] == game_id and [p["name"] for p in data["players"]] == list(names)
    assert all(set(a) == {"seat", "at", "action"} for a in data["actions"])
    assert "token" not in response.get_data(as_text=True)

    away = make_server(data_dir=tmp_path / "away", seed=11)
    other = away.table()
    away_code = other.welcome["room"]
    http = away.app.test_client()
    refused = http.post(f"/rooms/{away_code}/games", json=data)
    assert refused.status_code == 403                      # the host's credential is needed
    token = {"X-Castaways-Token": other.welcome["host_token"]}
    reply = http.post(f"/rooms/{away_code}/games", json=data, headers=token)
    assert reply.status_code == 201, reply.get_json()
    assert reply.get_json()["game"]["result"] == result
    n = len(data["actions"])
    last = http.get(f"/rooms/{away_code}/games/1/steps/{n}").get_json()
    assert last["over"] and last["result"] == result
    assert http.get(f"/rooms/{away_code}/games/1.json").get_json() == data


def test_a_forged_or_broken_file_is_refused_and_changes_nothing(server, http):
    table, code, phones = server.playing(("Ana", "Ben", "Cy"))
    play_out(server, code, phones)
    data = http.get(f"/rooms/{code}/games/1.json").get_json()
    token = {"X-Castaways-Token": table.welcome["host_token"]}
    room = server.room(code)
    before = (room.to_record(), server.hub.store.stories(code))
    cheat = json.loads(json.dumps(data))
    cheat["result"]["winners"] = [9]
    swapped = json.loads(json.dumps(data))
    swapped["actions"][0]["seat"] = (swapped["actions"][0]["seat"] + 1) % 3
    for bad, reason in ((cheat, "result"), ({**data, "version": 2}, "version"),
                        ({**data, "format": "x"}, "format"), ({**data, "game": "chess"}, "game"),
                        ({**data, "actions": "no"}, "actions")):
        reply = http.post(f"/rooms/{code}/games", json=bad, headers=token)
        assert reply.status_code == 400
        assert reply.get_json()["error"]["params"]["reason"] == reason
    reply = http.post(f"/rooms/{code}/games", json=swapped, headers=token)
    assert reply.status_code == 400 and reply.get_json()["error"]["params"]["reason"] in (
        "illegal_action", "result")
    reply = http.post(f"/rooms/{code}/games", data=b"{not json", headers=token,
                      content_type="application/json")
    assert reply.status_code == 400
    assert (room.to_record(), server.hub.store.stories(code)) == before


def test_a_records_actions_are_written_as_they_are_by_either_encoder():
    """server.store.encode embeds RawJson (a game's actions) with orjson, and through json
    for a record orjson refuses (a lone surrogate kept from an old record): the same JSON."""
    from server.store import RawJson, decode, encode
    actions = RawJson(b'[[0,12,{"type":"vote","choice":"red"}]]')
    assert decode(encode({"story": {"actions": actions}})) == {
        "story": {"actions": [[0, 12, {"type": "vote", "choice": "red"}]]}}
    old = decode(encode({"name": "Ann\ud800", "story": {"actions": actions}}))
    assert old["story"]["actions"] == [[0, 12, {"type": "vote", "choice": "red"}]]
    assert actions == [[0, 12, {"type": "vote", "choice": "red"}]]       # equal to its data
