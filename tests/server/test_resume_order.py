"""A phone that reloads opens its new socket while the old one is still closing: whichever of
the old socket's disconnect and the new socket's connect the server handles first, the seat
keeps receiving its own view, and the room shows the player present (docs/protocol.md,
"connecting"; issue 24's CI flakes: a reloaded phone whose stage never came).

The server keys everything by socket (room.connections: sid -> Connection, each with its
player), never by player, so the old socket's disconnect removes that socket only."""
import pytest


def presence(msg, player_id):
    return next(p["connected"] for p in msg["players"] if p["id"] == player_id)


@pytest.mark.parametrize("old_goes", ["after", "before"])
def test_a_reloaded_phone_gets_the_game_whichever_socket_closes_first(server, old_goes):
    table, code, (ana, ben, cy) = server.lobby()
    if old_goes == "before":
        ana.close()
    back = server.phone(code, ana.token)             # the reloaded page, on a new socket
    assert back.welcome["player"]["id"] == ana.player["id"]
    if old_goes == "after":
        ana.close()                                  # the old socket's disconnect comes last
    room = server.room(code)
    assert len(room.sids_of(ana.player["id"])) == 1      # the old socket is gone, the new one kept
    assert presence(table.last("room"), ana.player["id"]) is True
    back.new()
    assert table.send("start", {"game": "fixture", "options": {}})["ok"]
    msg = back.wait_for("game")
    seat = room.player(ana.player["id"]).seat
    assert msg["seat"] == seat and msg["view"] == room.game.view(seat)
    assert presence(back.last("room"), ana.player["id"]) is True
    assert back.last("room")["status"] == "playing"
    # and every later update reaches the new socket, through the seat's eyes
    version = room.version
    assert back.send("act", {"version": version, "action": {"type": "cheer"}})["ok"]
    back.wait_for("game", lambda m: m["version"] == version + 1)


def test_a_phone_reloaded_mid_game_keeps_its_seat_when_the_old_socket_goes_last(server):
    table, code, (ana, ben, cy) = server.playing()
    back = server.phone(code, ana.token)
    ana.close()
    room = server.room(code)
    assert len(room.sids_of(ana.player["id"])) == 1
    assert presence(back.last("room"), ana.player["id"]) is True
    assert presence(table.last("room"), ana.player["id"]) is True
    version = room.version
    assert ben.send("act", {"version": version, "action": {"type": "cheer"}})["ok"]
    msg = back.wait_for("game", lambda m: m["version"] == version + 1)
    assert msg["seat"] == 0 and msg["view"] == room.game.view(0)
