"""The application factory: a Flask app with its Socket.IO server, store and rooms.

Nothing here depends on the async mode: it is chosen by the caller (server.__main__ for the
real server, "threading" in tests) and passed to Flask-SocketIO explicitly.
"""
from flask import Flask
from flask_compress import Compress
from flask_socketio import SocketIO

from server import assets, bots, events, history, hosted, proxies, routes, timers
from server.packets import JsonPacket
from server.config import Config
from server.errors import ServerError
from server.hub import Hub, log
from server.rooms import from_record
from server.store import SqliteStore


def create_app(config=None):
    app = Flask(__name__, static_folder=str(routes.STATIC_DIR), static_url_path="/static")
    # Files carry no version in their names: browsers revalidate them (ETag) on every load, so a
    # new release reaches every phone without anyone clearing a cache.
    # The pages themselves load them under a versioned prefix instead (server.assets).
    app.config["SEND_FILE_MAX_AGE_DEFAULT"] = 0
    init_app(app, config or Config())
    return app


# The Socket.IO server's settings (benchmarks/echo_server.py uses them too, so that the echo
# Castaways is compared with has the same transport):
SOCKETIO_OPTIONS = {
    # No legitimate message comes near 64 kB (payloads are checked down to 200-char strings);
    # refusing bigger ones at the transport keeps a misbehaving client from costing memory.
    "max_http_buffer_size": 64_000,
    "serializer": JsonPacket,
    # A socket's events are handled one after the other where they are read (python-socketio's
    # documented setting), instead of in a new thread or greenlet each: in threading mode that
    # thread cost about 0.2 ms of every action (issue 13). Events of one socket then also keep
    # their order; a handler only ever waits for its room's lock.
    "async_handlers": False,
}


def init_app(app, config):
    socketio = SocketIO(app, async_mode=config.async_mode, **SOCKETIO_OPTIONS)
    if config.db:
        hub = hosted.install(app, config, socketio)    # PostgreSQL, shards (docs/hosting.md)
    else:
        hub = Hub(config=config, socketio=socketio, store=SqliteStore(config.data_dir))
    if config.trusted_proxies:
        proxies.install(app, config.trusted_proxies)
    app.extensions["castaways"] = hub
    app.register_blueprint(routes.bp)
    history.init_app(app)     # issue 23: a room's games, replays, export and import
    app.extensions["castaways_assets"] = assets.Assets(
        {"static": routes.STATIC_DIR, "table": routes.TABLE_DIR, "phone": routes.PHONE_DIR})
    # Pages and their files leave compressed (brotli/zstd/gzip as the browser accepts): about a
    # third of their size. flask-compress negotiates and caches; see server.assets.
    app.config.setdefault("COMPRESS_CACHE_BACKEND", assets.CompressedAssets)
    app.config.setdefault("COMPRESS_CACHE_KEY", assets.cache_key)
    app.config.setdefault("COMPRESS_MIMETYPES", assets.COMPRESSED_TYPES)
    Compress(app)
    events.init(hub)
    reload_rooms(hub)
    return hub


def reload_rooms(hub, records=None):
    """Reopen every room the store holds (or `records`: a shard taken over, server.shards):
    games go on where their last action left them. Rooms come back frozen (server.rooms): a
    game is thawed by its first reader, at once only for a room whose bots have a turn to
    take. Returns how many rooms came back."""
    count = 0
    for record in (hub.store.open_records() if records is None else records):
        try:
            room = load_room(record)
        except Exception:
            log.exception("room %s could not be reloaded; it stays on disk", record.get("code"))
            continue
        hub.rooms.add(room)
        with room.lock:
            if any(p.bot_plays and p.seat is not None for p in room.players):
                bots.wake(hub, room)
            timers.resume(hub, room)     # reads the stored deadline only
        count += 1
    return count


def load_room(record):
    """A stored room as the server keeps it until someone uses it: frozen. Its game is built
    once all the same, so a record that cannot be loaded is found at start, not at first use."""
    room = from_record(record)
    room.freeze()
    return room


def sweep_idle(hub):
    """Close rooms nobody has used for `idle_hours`, and rooms nobody joined once their last
    screen has been gone for `empty_room_seconds` (a flood of tables, a TV closed before anyone
    scanned the code); their pages are told nothing (they are long gone) and a table that comes
    back gets a new room."""
    now = hub.now()
    limit = now - hub.config.idle_hours * 3600
    empty_limit = now - hub.config.empty_room_seconds
    closed = []
    for room in hub.rooms.all():
        with room.lock:
            unused = not room.players and not room.connections and room.touched < empty_limit
            if room.touched >= limit and not unused:
                continue
            moved = False
            try:
                hub.store.close(room.code)
            except ServerError as exc:
                if exc.code != "room_moved":
                    raise
                # Hosted: its shard's lease is gone (server.store_pg.NotOwner). Not ours to
                # close: dropped here (its pages reconnect to the new owner); the other rooms
                # are still swept.
                log.warning("room %s: not closed, its shard is served elsewhere now", room.code)
                moved = True
            hub.rooms.remove(room.code)
            for sid in list(room.connections):
                hub.socketio.server.disconnect(sid, namespace="/")
            if not moved:
                closed.append(room.code)
    return closed


def freeze_idle(hub):
    """Freeze the games of rooms with no screen connected where nothing has happened for
    `freeze_seconds` (server.rooms: 2-5 KB each instead of 20-200 KB of objects). A bot or a
    countdown that acts later, or a screen coming back, thaws the room. Yields between rooms:
    this runs in the server's own loop, beside every other room's actions."""
    limit = hub.now() - hub.config.freeze_seconds
    frozen = []
    for room in hub.rooms.all():
        if room.frozen or room.connections or room.touched >= limit:
            continue
        with room.lock:
            if room.connections or room.touched >= limit:
                continue
            room.freeze()
            if not room.frozen:
                continue
        frozen.append(room.code)
        hub.socketio.sleep(0)
    return frozen


def run_sweeper(hub):
    while True:
        hub.socketio.sleep(hub.config.sweep_seconds)
        try:
            closed = sweep_idle(hub)
            if closed:
                log.info("closed idle rooms: %s", ", ".join(closed))
            freeze_idle(hub)
        except Exception:
            log.exception("idle sweep failed")


def hub_of(app):
    return app.extensions["castaways"]

