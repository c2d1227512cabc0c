"""The one place a game changes: start, act, end, rematch. Phones, bots and timers all come
through `act`, which checks the version, applies the action, stores the result and only then
tells the screens. Every change of a room ends in `commit` (store first, then broadcast).

Callers hold the room's lock, inside `guarded`, so a change is all or nothing.
"""
import random
from contextlib import contextmanager

import engine
from engine.registry import check_options
from server import bots, rooms, stories, timers, validate, views
from server.errors import ServerError
from server.hub import log


@contextmanager
def guarded(room, store=None):
    """The room's lock, and its state put back if anything fails half-way (a bug, a full
    disk): a refused or failed request changes nothing. With `store`, the stored room is put
    back too (the failure may come after commit wrote it, while telling the screens)."""
    with room.lock:
        # The game is saved by its own checkpoint, a token naming its last base snapshot and
        # the actions applied since (engine/base.py), not by a copy: this runs on every request.
        game = room.game
        checkpoint = game.checkpoint() if game is not None else None
        saved = room.to_record(game=False)
        # Live connections are not in the record, but join/leave/kick change who they are.
        identities = {sid: conn.player for sid, conn in room.connections.items()}
        try:
            yield
        except BaseException as exc:
            room.restore(saved)
            room.game = game
            if game is not None:
                game.rollback(checkpoint)
            for sid, player in identities.items():
                if sid in room.connections:
                    room.connections[sid].player = player
            if store is not None and not isinstance(exc, ServerError):   # refusals wrote nothing
                try:
                    store.save(room.to_record())
                except Exception:
                    log.exception("room %s could not be stored back", room.code)
            raise


def commit(hub, room, events=None, room_changed=True):
    """Store the room, then tell its screens, then wake its bots and countdown.

    events: the new public log events of the game, or None when the game state did not change
    (its payload is still resent when seats changed hands, as `[]`)."""
    room.touched = hub.now()
    timers.update(hub, room)          # before storing, so the deadline is stored and sent
    if events:
        rooms.push_log(room, events)
    record = room.to_record(game=False)
    if room.game is not None:
        record["game"] = room.game.to_dict(copy=False)    # written out at once, no copy needed
    hub.store.save(record)
    if room_changed:
        views.broadcast_room(hub, room)
    if events is not None:
        views.fan_out(hub, room, events)
    bots.wake(hub, room)


def act(hub, room, seat, version, action):
    """Apply one action for one seat; returns the new version."""
    if room.status != "playing":
        raise ServerError("not_playing")
    if version != room.version:
        raise ServerError("stale_version", version=version, current=room.version)
    try:
        events = room.game.act(seat, action)
    except engine.IllegalAction as exc:
        raise ServerError.from_illegal(exc) from None
    room.version += 1
    stories.record(room, seat, action, hub.now())
    timers.acted(hub, room, seat)
    finished = room.game.over
    if finished:
        room.status = "over"
    commit(hub, room, events, room_changed=finished)
    return room.version


def start(hub, room, game_id, options):
    rooms.require_lobby(room)
    info = game_info(game_id)
    options = checked_options(game_id, options)
    count = len(room.players)
    if not info.min_players <= count <= info.max_players:
        raise ServerError("player_count", min=info.min_players, max=info.max_players,
                          count=count)
    stories.archive(hub, room)
    seed = _new_game(room, game_id, room.players, options)
    # what is played is what is selected: the screens read the game's options from the room's
    # selection (a reveal's length), and a start that named its own options must not leave
    # them reading another's
    room.selected = {"game": game_id, "options": dict(room.options)}
    for seat, player in enumerate(room.players):
        player.seat = seat
    rooms.colour_by_seat(room)
    stories.begin(room, room.game, seed, room.seated(), hub.now())
    commit(hub, room, [])


def game_info(game_id):
    info = engine.GAMES.get(game_id)
    if info is None:
        raise ServerError("unknown_game", game=game_id)
    return info


def checked_options(game_id, options):
    """The game's options with defaults filled in, or a refusal (a number out of its declared
    range, server.validate; anything else the engine refuses)."""
    info = game_info(game_id)
    validate.option_ranges(info, options)
    try:
        return check_options(info, options)
    except engine.IllegalAction as exc:
        raise ServerError.from_illegal(exc) from None


def rematch(hub, room):
    """The same game, options and seats again, with a new seed."""
    rooms.require_playing(room)
    stories.archive(hub, room)
    seed = _new_game(room, room.game_id, room.seated(), room.options)
    stories.begin(room, room.game, seed, room.seated(), hub.now())
    commit(hub, room, [])


def end_game(hub, room):
    rooms.require_playing(room)
    stories.archive(hub, room)
    room.status, room.game, room.game_id = "lobby", None, None
    room.log = []
    rooms.clear_seats(room)
    # The remaining bot stand-ins of kicked players stay: the host removes them in the lobby.
    commit(hub, room, room_changed=False)
    views.game_ended(hub, room)     # the pages expect game_ended first, then the lobby
    views.broadcast_room(hub, room)


def _new_game(room, game_id, players, options):
    # Versions only grow in a room, so no page mistakes the new game's state for an old one.
    room.version += 1
    room.match += 1     # the pages key a game's memory by it (static/js/gamekey.js)
    seed = random.Random(f"{room.seed}:{room.version}").randrange(2 ** 31)
    try:
        game = engine.new_game(game_id, [p.name for p in players], seed=seed, options=options)
    except engine.IllegalAction as exc:
        raise ServerError.from_illegal(exc) from None
    room.game, room.game_id, room.options = game, game_id, dict(game.options)
    room.status, room.log, room.deadline = "playing", [], None
    return seed

