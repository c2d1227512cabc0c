"""Who receives what: the one module that emits room and game state to sockets.

Game state leaves the server only through `_game` (as `encoded_game`, or `game_payload` when a
caller keeps it): a phone whose player holds a seat gets that seat's `view(seat)` and
`legal_actions(seat)`; a table or a seatless phone gets `view(None)`. This is the single place
to audit for secrecy, and the only caller of the games' no-copy `peek_view` / `peek_legal`.
The one other way game data leaves is server/history.py, for finished games only (issue 23:
replays, exports), audited there.
"""
import engine
from server import packets, rooms
from server.routes import page_modules
from server.rooms import TABLE

RECONNECT_EVENTS = rooms.LOG_KEEP


def seat_of(room, conn):
    """The seat whose private view this connection may see, or None."""
    if conn.role != "phone" or conn.player is None:
        return None
    player = room.player(conn.player)
    return player.seat if player else None


def game_payload(room, seat, events):
    """The `game` payload for `seat`, the caller's to keep (tests, the bots' eyes)."""
    return _game(room, seat, list(events), room.game.view, room.game.legal_actions)


def encoded_game(room, seat, events):
    """The `game` payload for `seat`, encoded now (server.packets.encoded). The game's own
    view and legal actions go in uncopied (Game.peek_view / peek_legal): they are encoded at
    once, under the room's lock the caller holds, before the game can change again."""
    game = room.game
    return packets.encoded(_game(room, seat, events, game.peek_view, game.peek_legal))


def _game(room, seat, events, view, legal_actions):
    game = room.game
    # While a bot plays a human's seat the human still sees their seat, but has nothing to do.
    owner = room.owner_of(seat) if seat is not None else None
    legal = legal_actions(seat) if owner is not None and not owner.bot_plays else []
    return {
        "version": room.version, "game": room.game_id, "match": room.match, "seat": seat,
        "view": view(seat), "legal_actions": legal,
        "waiting_for": game.waiting_for(), "over": game.over,
        "result": game.result() if game.over else None,
        "deadline": room.deadline["at"] if room.deadline else None,
        # "window": the countdown closes a window by itself (nobody's turn is awaited);
        # "seat": it plays for one seat when it runs out (docs/protocol.md).
        "countdown": (None if not room.deadline
                      else "window" if "window" in room.deadline else "seat"),
        "events": events,
    }


def send_game(hub, room, sid):
    """The current game, with the recent log, to one socket (on connect, after a stale
    version)."""
    if room.game is None:
        return
    seat = seat_of(room, room.connections[sid])
    hub.socketio.emit("game", encoded_game(room, seat, room.log[-RECONNECT_EVENTS:]), to=sid)


def fan_out(hub, room, events):
    """The new game state to every socket of the room, each through its own seat's eyes.
    Payloads are built and encoded once per seat, however many sockets share it."""
    if room.game is None:
        return
    built = {}
    for sid, conn in list(room.connections.items()):
        seat = seat_of(room, conn)
        if seat not in built:
            built[seat] = encoded_game(room, seat, events)
        hub.socketio.emit("game", built[seat], to=sid)


def room_payload(hub, room):
    return {
        "code": room.code, "join_url": hub.config.join_url(room.code),
        "players": [rooms.public_player(room, p) for p in room.players],
        "host": room.host,
        "games": [dict(info.public(), pages=page_modules(info.id)) for info in engine.GAMES.values()],
        "selected": room.selected, "status": room.status, "game": room.game_id,
        # Phones on the join form now: the TV shows its big QR code to latecomers meanwhile.
        "visitors": sum(1 for c in room.connections.values() if c.role == "phone" and c.player is None),
    }


def join_page_room(hub, room):
    """The room as the phone page's HTML carries it (issue 24: a visitor's join form draws
    without waiting for the socket): the `room` payload every screen of the room gets, the
    TV's included (names, colours, seats, the game), nothing of a seat or a token. Read
    under the room's lock, as every other payload is."""
    with room.lock:
        return room_payload(hub, room)


def broadcast_room(hub, room, skip=None, tables_only=False):
    """The room to its screens. tables_only: only the TVs need it (a visitor came or went, and
    only the TV shows the visitor count): sending it to every phone would make each visitor's
    arrival cost as many messages as the room has sockets, n² for a device opening many."""
    payload = room_payload(hub, room)
    for sid, conn in list(room.connections.items()):
        if sid != skip and (not tables_only or conn.role == TABLE):
            hub.socketio.emit("room", payload, to=sid)


def welcome(hub, room, sid):
    """Everything a new connection needs at once: who it is, the lobby, and the game."""
    conn = room.connections[sid]
    payload = {"role": conn.role, "room": room.code, "join_url": hub.config.join_url(room.code)}
    if conn.role == TABLE:
        if conn.host:
            payload["host_token"] = room.host_token
    else:
        player = room.player(conn.player) if conn.player else None
        payload["player"] = rooms.public_player(room, player) if player else None
    hub.socketio.emit("welcome", payload, to=sid)
    hub.socketio.emit("room", room_payload(hub, room), to=sid)
    send_game(hub, room, sid)


def game_ended(hub, room):
    for sid in list(room.connections):
        hub.socketio.emit("game_ended", {"reason": "ended_by_host"}, to=sid)


def watch(hub, room, story):
    """The host shows a finished game again (server.history): its number and game, nothing
    of its play (screens fetch that from the finished game's routes)."""
    message = {"number": story["number"], "game": story["game"]}
    for sid in list(room.connections):
        hub.socketio.emit("watch", message, to=sid)
    return message


def kicked(hub, room, sids):
    for sid in sids:
        hub.socketio.emit("kicked", {}, to=sid)
