"""Socket.IO handlers (docs/protocol.md). Each is thin: check the payload's shape, find who
the socket is, check they may do it, then hand over to server.rooms or server.play.

Every handler answers through the acknowledgement, `{"ok": true, ...}` or
`{"ok": false, "error": {...}}`; a request sent without one gets an `error` event instead.
Nothing a client sends can crash the server: unexpected failures are logged and answered with
`internal`, and the room is left as it was (server.play.guarded).
"""
import secrets
import threading

from flask import request
from flask_socketio import ConnectionRefusedError
from socketio import packet as socketio_packet

from server import guard, play, rooms, timers, validate, views
from server.errors import ServerError
from server.hub import log
from server.rooms import TABLE, Connection

HANDLERS = {}
_request = threading.local()   # green-local under eventlet: one per running handler
# Where every event name outside the protocol's table goes, reserved names included
# ("connect", "disconnect", "*"): python-socketio would otherwise run its own handlers for them.
UNKNOWN_EVENT = "\x00unknown_event"


def handles(event, host=False, player=False):
    """Register fn(hub, room, sid, payload) -> reply dict for `event`.
    host: only the host may send it; player: only a phone that has joined."""
    def register(fn):
        HANDLERS[event] = (fn, host, player)
        return fn
    return register


def init(hub):
    sio = hub.socketio
    hub.guard = guard.Guard(hub)
    _route_events(sio.server)
    _guard_packets(hub, sio.server)
    sio.on_event("connect", lambda auth=None: connect(hub, auth))
    sio.on_event("disconnect", lambda *reason: disconnect(hub))
    # The protocol's events go to python-socketio's own registry (its documented `on`, with the
    # sid as first argument), not through Flask-SocketIO's: that one builds a Flask request
    # context for every event (about 30 us of an action's server path, issue 13), and nothing
    # these handlers do needs one. Connecting still goes through Flask-SocketIO (the remote
    # address is read from its request).
    for event in HANDLERS:
        sio.server.on(event, _dispatcher(hub, event))
    sio.server.on(UNKNOWN_EVENT, _unknown_event(hub))


def _unknown_event(hub):
    """Any other event name: refused like a malformed payload (and still answered, so a page
    waiting for its ack is not left hanging)."""
    def on_unknown(sid, *args):
        return _refusal(hub, sid, _wants_ack(), validate.bad(reason="unknown_event"))
    return on_unknown


def _wants_ack():
    """Read first thing in a handler: in gevent mode without monkey patching, other greenlets
    share this thread-local once the handler yields."""
    return getattr(_request, "wants_ack", True)


def _refusal(hub, sid, wants_ack, error):
    """The error as the ack reply, or as an `error` event when the client asked for no ack."""
    if wants_ack:
        return {"ok": False, "error": error.to_dict()}
    hub.socketio.emit("error", error.to_dict(), to=sid)
    return None


def _route_events(server):
    """Before python-socketio picks a handler: note whether the client asked for an ack (its
    packet id; the handler is not told), and send every name that is not in the protocol's
    table to UNKNOWN_EVENT, with no arguments (a client's arguments never reach
    python-socketio's own dispatching, e.g. as the sid of another socket)."""
    handle = server._handle_event_internal

    def routed(srv, sid, eio_sid, data, namespace, ack_id):
        _request.wants_ack = ack_id is not None
        if not (isinstance(data, list) and isinstance(data[0], str) and data[0] in HANDLERS):
            data = [UNKNOWN_EVENT]
        return handle(srv, sid, eio_sid, data, namespace, ack_id)
    server._handle_event_internal = routed


def _guard_packets(hub, server):
    """Every Socket.IO packet passes the socket's rate budget first (server.guard); a packet
    the library cannot decode is one warning line, not a traceback."""
    handle, forget = server._handle_eio_message, server._handle_eio_disconnect
    sentry = hub.guard

    def on_message(eio_sid, data):
        if sentry.skips(eio_sid, data):
            return None
        verdict = sentry.spend(eio_sid)
        if verdict != "ok":
            return _over_budget(hub, server, eio_sid, data, verdict)
        if isinstance(data, str) and (data[:1] in ("3", "6") or not data.startswith("0") and
                                      server.manager.sid_from_eio_sid(eio_sid, "/") is None):
            # An ack (the server never asks a client for one), or a packet before connecting:
            # python-socketio would log a warning line for each.
            sentry.warn_once(eio_sid, "ignored unexpected packets from %s (%.20r)",
                             _who(server, eio_sid), data)
            return None
        try:
            return handle(eio_sid, data)
        except Exception as exc:
            if guard.is_ours(exc, ("on_message", "routed")):
                raise      # a bug: engineio logs it with its traceback
            sentry.warn_once(eio_sid, "ignored malformed packets from %s (%s: %.100s)",
                             _who(server, eio_sid), type(exc).__name__, exc)
            return None

    def on_disconnect(eio_sid, *args):
        sentry.forget(eio_sid)
        return forget(eio_sid, *args)

    server._handle_eio_message = on_message        # the test client calls these directly
    server._handle_eio_disconnect = on_disconnect
    server.eio.on("message", on_message)
    server.eio.on("disconnect", on_disconnect)
    guard.PollingGarbage.install(server.eio.logger, sentry)


def _over_budget(hub, server, eio_sid, data, verdict):
    if verdict == "flood":
        hub.guard.warn_once(eio_sid, "disconnected %s: it sent events faster than %g a second",
                            _who(server, eio_sid), hub.config.flood_rate)
        sid = server.manager.sid_from_eio_sid(eio_sid, "/")
        try:
            if sid is not None:
                server.disconnect(sid, namespace="/")
            server.eio.disconnect(eio_sid)     # a flooding client would not close it itself
        except Exception:
            pass      # already gone
        return None
    try:
        pkt = server.packet_class(encoded_packet=data)
    except Exception:
        return None
    if pkt.packet_type == socketio_packet.BINARY_EVENT:
        hub.guard.refused_binary(eio_sid, pkt.attachment_count)
    elif pkt.packet_type != socketio_packet.EVENT:
        return None
    # A binary event is answered like any other (docs/protocol.md): the refusal holds no binary
    error = guard.rate_limited(hub.guard.retry_ms(eio_sid)).to_dict()
    if pkt.id is not None:
        reply = server.packet_class(socketio_packet.ACK, namespace=pkt.namespace, id=pkt.id,
                                    data=[{"ok": False, "error": error}])
    else:
        reply = server.packet_class(socketio_packet.EVENT, namespace=pkt.namespace,
                                    data=["error", error])
    server._send_packet(eio_sid, reply)
    return None


def _who(server, eio_sid):
    environ = server.environ.get(eio_sid) or {}
    return f"{environ.get('REMOTE_ADDR', '?')} ({eio_sid})"


def client_address():
    """The address the current socket connects from (rooms are counted per address); the
    in-process test client has none."""
    return request.remote_addr or "?"


def _dispatcher(hub, event):
    fn, host_only, player_only = HANDLERS[event]

    def on_event(sid, *args):
        wants_ack = _wants_ack()
        try:
            if len(args) != 1:
                raise validate.bad(reason="not_object")
            payload = validate.check(event, args[0])
            room = hub.room_of(sid)
            if room is None:
                raise ServerError("unknown_room")
            with play.guarded(room, hub.store):
                if host_only and not room.is_host(sid):
                    raise ServerError("not_host")
                if player_only and _player(room, sid) is None:
                    raise ServerError("not_joined")
                reply = fn(hub, room, sid, payload) or {}
            return {"ok": True, **reply}
        except ServerError as exc:
            error = exc
        except Exception:
            log.exception("event %s from %s failed", event, sid)
            error = ServerError("internal")
        return _refusal(hub, sid, wants_ack, error)
    return on_event


def _player(room, sid):
    conn = room.connections.get(sid)
    return room.player(conn.player) if conn and conn.player else None


# -- connecting ---------------------------------------------------------------------------------
def connect(hub, auth):
    try:
        role = auth.get("role") if isinstance(auth, dict) else None
        if role not in (TABLE, "phone"):
            raise validate.bad("role", "type")
        auth = validate.check(f"auth_{role}", auth)
        address = client_address()
        room, conn = (_table(hub, auth, address) if role == TABLE
                      else _phone(hub, auth))
        conn.address = address
        sid = request.sid
        with room.lock:
            if conn.player is not None and room.player(conn.player) is None:
                conn.player = None   # kicked or gone since its token was looked up
            if conn.role == "phone" and conn.player is None:
                _check_visitors(hub.config, room, address)
            room.connections[sid] = conn
            hub.sids[sid] = room.code
            try:
                room.touched = hub.now()
                views.welcome(hub, room, sid)
                if conn.player is not None and len(room.sids_of(conn.player)) == 1:
                    views.broadcast_room(hub, room, skip=sid)   # they are back: presence changed
                elif conn.role == "phone" and conn.player is None:
                    views.broadcast_room(hub, room, skip=sid, tables_only=True)   # room.visitors
            except BaseException:
                # A refused connection never gets a disconnect: forget it here, or it would
                # count as present for ever.
                room.connections.pop(sid, None)
                hub.sids.pop(sid, None)
                raise
    except ServerError as exc:
        # (message, data): the page's connect_error then has `data` = the error object, as
        # docs/protocol.md says; with the object alone it arrived as a string in `message`.
        raise ConnectionRefusedError(exc.message, exc.to_dict()) from None
    except ConnectionRefusedError:
        raise
    except Exception:
        log.exception("connect failed")
        error = ServerError("internal")
        raise ConnectionRefusedError(error.message, error.to_dict()) from None


def _check_visitors(config, room, address):
    """A room keeps a bounded number of visitors (phones that have not joined), in all and
    from one address: thousands of idle sockets would slow every action of the room."""
    visitors = [c for c in room.connections.values() if c.role == "phone" and c.player is None]
    if len(visitors) >= config.max_visitors_per_room:
        raise ServerError("too_many_visitors", max=config.max_visitors_per_room)
    if sum(1 for c in visitors if c.address == address) >= config.max_visitors_per_address:
        raise ServerError("too_many_visitors", max=config.max_visitors_per_address)


def _table(hub, auth, address):
    room = hub.rooms.get(auth.get("room"))
    if room is None:
        config = hub.config
        room = hub.rooms.create(hub.now(), creator=address, max_rooms=config.max_rooms,
                                per_creator=config.max_rooms_per_address)
        with room.lock:
            hub.store.save(room.to_record())
        return room, Connection(TABLE, host=True)
    token = auth.get("host_token")
    host = isinstance(token, str) and secrets.compare_digest(token.encode(), room.host_token.encode())
    return room, Connection(TABLE, host=host)


def _phone(hub, auth):
    room = hub.rooms.get(auth["room"])
    if room is None:
        raise ServerError("unknown_room")
    player = room.player_by_token(auth.get("token"))
    return room, Connection("phone", player=player.id if player else None)


def disconnect(hub):
    sid = request.sid
    room = hub.room_of(sid)
    hub.sids.pop(sid, None)
    if room is None:
        return
    with room.lock:
        conn = room.connections.pop(sid, None)
        room.touched = hub.now()     # an empty room is closed some time after its last screen
        if conn and conn.player and not room.connected(conn.player):
            views.broadcast_room(hub, room)
        elif conn and conn.role == "phone" and conn.player is None:
            views.broadcast_room(hub, room, tables_only=True)   # a visitor left: room.visitors


# -- the lobby ------------------------------------------------------------------------------------
@handles("join")
def join(hub, room, sid, payload):
    player = rooms.join(room, sid, payload["name"])
    play.commit(hub, room)
    return {"token": player.token, "player": rooms.public_player(room, player)}


@handles("rename", player=True)
def rename(hub, room, sid, payload):
    rooms.rename(room, _player(room, sid), payload["name"])
    play.commit(hub, room)


@handles("leave", player=True)
def leave(hub, room, sid, payload):
    rooms.require_lobby(room)
    rooms.remove(room, _player(room, sid))
    play.commit(hub, room)


@handles("select_game", host=True)
def select_game(hub, room, sid, payload):
    rooms.require_lobby(room)
    room.selected = {"game": payload["game"],
                     "options": play.checked_options(payload["game"], payload.get("options"))}
    play.commit(hub, room)


@handles("add_bot", host=True)
def add_bot(hub, room, sid, payload):
    rooms.require_lobby(room)
    player = rooms.new_bot(room, payload.get("lang", "en"))
    play.commit(hub, room)
    return {"player": rooms.public_player(room, player)}


@handles("remove_player", host=True)
@handles("kick", host=True)
def kick(hub, room, sid, payload):
    player = rooms.find_player(room, payload["player"])
    sids = room.sids_of(player.id)
    rooms.kick(room, player)
    play.commit(hub, room, [] if room.game else None)
    views.kicked(hub, room, sids)
    for gone in sids:
        hub.socketio.server.disconnect(gone, namespace="/")


# -- the game ---------------------------------------------------------------------------------------
@handles("start", host=True)
def start(hub, room, sid, payload):
    selected = room.selected or {}
    game = payload.get("game", selected.get("game"))
    if game is None:
        raise validate.bad("game", "missing")
    if "options" in payload:
        options = payload["options"]
    else:
        options = selected.get("options") if selected.get("game") == game else None
    play.start(hub, room, game, options)


@handles("act", player=True)
def act(hub, room, sid, payload):
    player = _player(room, sid)
    if player.seat is None:
        raise ServerError("no_seat")
    if player.bot_playing:
        raise ServerError("bot_playing")
    try:
        return {"version": play.act(hub, room, player.seat, payload["version"],
                                    payload["action"])}
    except ServerError as exc:
        if exc.code == "stale_version":
            views.send_game(hub, room, sid)   # the page catches up at once
        raise


def _holding_seat(hub, room, sid, payload):
    """The seat of a player who may hold or release the countdown now, or a refusal."""
    if room.status != "playing":
        raise ServerError("not_playing")
    player = _player(room, sid)
    if player.seat is None:
        raise ServerError("no_seat")
    if player.bot_playing:
        raise ServerError("bot_playing")
    if payload["version"] != room.version:
        views.send_game(hub, room, sid)   # the page catches up, and may hold again
        raise ServerError("stale_version", version=payload["version"], current=room.version)
    return player.seat


@handles("hold", player=True)
def hold(hub, room, sid, payload):
    """A phone opened a card sheet: the window's countdown waits for it (bounded)."""
    timers.hold(hub, room, _holding_seat(hub, room, sid, payload))
    play.commit(hub, room, [], room_changed=False)
    return {"deadline": room.deadline["at"]}


@handles("release", player=True)
def release(hub, room, sid, payload):
    """The card sheet closed without a card played: the countdown goes on."""
    if timers.release(hub, room, _holding_seat(hub, room, sid, payload)):
        play.commit(hub, room, [], room_changed=False)
    return {"deadline": room.deadline["at"] if room.deadline else None}


@handles("end_game", host=True)
def end_game(hub, room, sid, payload):
    play.end_game(hub, room)


@handles("rematch", host=True)
def rematch(hub, room, sid, payload):
    play.rematch(hub, room)


@handles("bot_replace", host=True)
def bot_replace(hub, room, sid, payload):
    rooms.bot_replace(room, rooms.find_player(room, payload["player"]))
    play.commit(hub, room, [])


@handles("take_back")
def take_back(hub, room, sid, payload):
    """A player takes their seat back from the bot; the host may do it for them."""
    if "player" in payload:
        if not room.is_host(sid):
            raise ServerError("not_host")
        player = rooms.find_player(room, payload["player"])
    else:
        player = _player(room, sid)
        if player is None:
            raise ServerError("not_joined")
    rooms.take_back(room, player)
    play.commit(hub, room, [])


@handles("give_seat", host=True)
def give_seat(hub, room, sid, payload):
    rooms.give_seat(room, rooms.find_player(room, payload["seat_of"]),
                    rooms.find_player(room, payload["to"]))
    play.commit(hub, room, [])
