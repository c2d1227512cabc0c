"""Bot players: a bot (or a bot standing in for a human) answers whenever the game waits for its
seat, with a random legal action after `bot_delay` seconds, through server.play like a phone.
In a game window (server.timers: Galèrapagos' dawn, shortage, zero and evening windows) a bot
says "ready" at once, so bots never hold a window open.

Bots of a room take turns one at a time, lowest seat first, each choice seeded by the room's
seed, the version and the seat: a game between bots is the same every time for a given room
seed, whatever the thread scheduling. A scheduled turn re-checks the version before acting: if
anything happened meanwhile it is dropped (the change that happened scheduled a newer one).
"""
import random

from server import play, timers
from server.hub import log


def wake(hub, room):
    """Schedule the next bot turn if the game waits for a bot-played seat (under the lock)."""
    key = (room.code, room.version)
    if _next_seat(room) is not None and key not in hub.bot_turns:
        hub.bot_turns.add(key)
        hub.socketio.start_background_task(_turn, hub, *key)


def _next_seat(room):
    if room.status != "playing":
        return None
    return next((seat for seat in room.game.waiting_for()
                 if (owner := room.owner_of(seat)) is not None and owner.bot_plays), None)


def choose(room, seat):
    """The bot's action for `seat` now, or None when it has nothing to do."""
    legal = room.game.legal_actions(seat)
    if not legal:
        return None
    if timers.window_ready(room) in legal:
        return timers.window_ready(room)      # a bot never holds a window open
    return random.Random(f"{room.seed}:{room.version}:{seat}").choice(legal)


def _turn(hub, code, version):
    hub.socketio.sleep(hub.config.bot_delay)
    hub.bot_turns.discard((code, version))
    room = hub.rooms.get(code)
    if room is None:
        return
    seat = None
    try:
        with play.guarded(room, hub.store):
            seat = _next_seat(room)
            if room.version != version or seat is None:
                return
            action = choose(room, seat)
            if action is not None:
                play.act(hub, room, seat, version, action)
    except Exception:
        log.exception("bot turn failed in room %s (seat %s, version %s)", code, seat, version)
