"""HTTP routes and the Socket.IO event of issue 23: a room's games, their replays, "my game",
export and import (docs/replay.md). The game data they serve is a finished game's story only
(server.stories.finished_story refuses a game in progress): this module and
server.views are the only two ways game state leaves the server, and this one serves nothing
of a game still being played.

Everything is found by the room's code (no route lists rooms). Reading needs only the code, as
joining does; deleting and importing need the host's credential: the host TV's token or the
hosting phone's own token, in the `X-Castaways-Token` header. Every refusal is
`{"ok": false, "error": {...}}` (the protocol's error object) and changes nothing.
"""
import secrets

from flask import Blueprint, jsonify, request

from server import play, stories, validate, views
from server.errors import ServerError
from server.events import handles
from server.routes import TABLE_DIR, hub, not_found, page

bp = Blueprint("castaways_history", __name__)

STATUS = {"unknown_room": 404, "unknown_story": 404, "game_in_progress": 409, "not_host": 403,
          "bad_game_file": 400, "bad_payload": 400, "no_seat": 404}
IMPORT_MAX_BYTES = 4_000_000
REPLAY_DIR = TABLE_DIR / "replay"


def refused(exc):
    return jsonify(ok=False, error=exc.to_dict()), STATUS.get(exc.code, 400)


def room_of(code):
    room = hub().rooms.get(code)
    if room is None:
        raise ServerError("unknown_room")
    return room


def answering(fn):
    """A route's ServerError as its JSON refusal."""
    def wrapped(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ServerError as exc:
            return refused(exc)
    wrapped.__name__ = fn.__name__
    return wrapped


# -- pages ------------------------------------------------------------------------------------
@bp.get("/h/<code>")
def history_page(code):
    """The room's evening: its games, newest first, each with its replay (and "my game")."""
    if hub().rooms.get(code) is None:
        return not_found("This room does not exist (any more).",
                         "Cette partie n'existe pas (ou plus).")
    return page(REPLAY_DIR)


# -- data -------------------------------------------------------------------------------------
@bp.get("/rooms/<code>/games")
@answering
def games(code):
    room = room_of(code)
    with room.lock:
        listing = stories.listing(hub(), room)
        host = _is_host(room)
    return jsonify(ok=True, room=room.code, games=listing, keep=stories.ARCHIVE_KEEP, host=host)


def _finished(code, number):
    room = room_of(code)
    with room.lock:
        return room, stories.finished_story(hub(), room, number)


@bp.get("/rooms/<code>/games/<int:number>.json")
@answering
def export(code, number):
    room, story = _finished(code, number)
    response = jsonify(stories.export(story))
    name = f"castaways-{room.code}-{number}-{story['game']}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.get("/rooms/<code>/games/<int:number>/steps/<int:step>")
@answering
def frame(code, number, step):
    room = room_of(code)
    with room.lock:
        story = stories.finished_story(hub(), room, number)
    cursor = stories.CURSORS.get(room.code, story)
    with cursor.lock:
        data = cursor.frame(step)
    return jsonify(ok=True, players=story["players"], options=story["options"], **data)


@bp.get("/rooms/<code>/games/<int:number>/seats/<int:seat>")
@answering
def my_game(code, number, seat):
    room = room_of(code)
    with room.lock:
        mine = stories.my_game(hub(), room, number, seat)
    return jsonify(ok=True, **mine)


def _is_host(room):
    """Does the request carry the host's credential (the host TV's token, or the hosting
    phone's own token)?"""
    token = request.headers.get("X-Castaways-Token", "")
    if not token or len(token) > 200 or not token.isascii():
        return False
    if secrets.compare_digest(token.encode(), room.host_token.encode()):
        return True
    player = room.player_by_token(token)
    return player is not None and player.id == room.host


def _host_credential(room):
    if not _is_host(room):
        raise ServerError("not_host")


@bp.delete("/rooms/<code>/games/<int:number>")
@answering
def delete(code, number):
    room = room_of(code)
    h = hub()
    with play.guarded(room, h.store):
        _host_credential(room)
        stories.delete(h, room, number)
        play.commit(h, room, room_changed=False)
    return jsonify(ok=True, number=number)


@bp.post("/rooms/<code>/games")
@answering
def import_game(code):
    """Import an exported game into the room's evening (the host's), checked by replaying it."""
    room = room_of(code)
    if (request.content_length or 0) > IMPORT_MAX_BYTES:
        raise stories.bad_file("size")
    data = request.get_json(silent=True)
    if data is None:
        raise stories.bad_file("json")
    h = hub()
    with play.guarded(room, h.store):
        _host_credential(room)
        story = stories.import_story(h, room, data, h.now())
        play.commit(h, room, room_changed=False)
    return jsonify(ok=True, game=stories.summary(story)), 201


# -- Socket.IO: the host shows a replay on every screen of the room ----------------------------
validate.SCHEMAS["watch"] = {"number": (validate.INT, False)}


@handles("watch", host=True)
def watch(hub_, room, sid, payload):
    """`watch` {number}: the TVs of the room open the replay of that finished game (without a
    number: the current one), the phones are told. Refused for a game in progress, like every
    route here."""
    number = payload.get("number", room.story["number"] if room.story else 0)
    return views.watch(hub_, room, stories.finished_story(hub_, room, number))


def init_app(app):
    app.register_blueprint(bp)
