"""Bot players: a bot (or a bot standing in for a human) answers whenever the game waits for its
seat, with a random legal action after `bot_delay` seconds, through server.play like a phone.

A bot's choice is seeded by the room, version and seat, so a game between bots is the same
every time for a given room seed. A scheduled turn re-checks the version before acting: if
anything happened meanwhile the turn is dropped (a newer one has been scheduled).
"""
import random

from server import play
from server.hub import log


def wake(hub, room):
    """Schedule a turn for every bot-played seat the game waits for (called under the lock)."""
    if room.status != "playing":
        return
    for seat in room.game.waiting_for():
        owner = room.owner_of(seat)
        key = (room.code, room.version, seat)
        if owner is not None and owner.bot_plays and key not in hub.bot_turns:
            hub.bot_turns.add(key)
            hub.socketio.start_background_task(_turn, hub, *key)


def choose(room, seat):
    """The bot's action for `seat` now, or None when it has nothing to do."""
    legal = room.game.legal_actions(seat)
    if not legal:
        return None
    return random.Random(f"{room.seed}:{room.version}:{seat}").choice(legal)


def _turn(hub, code, version, seat):
    hub.socketio.sleep(hub.config.bot_delay)
    hub.bot_turns.discard((code, version, seat))
    room = hub.rooms.get(code)
    if room is None:
        return
    try:
        with play.guarded(room):
            owner = room.owner_of(seat) if room.status == "playing" else None
            if room.version != version or owner is None or not owner.bot_plays:
                return
            action = choose(room, seat)
            if action is not None:
                play.act(hub, room, seat, version, action)
    except Exception:
        log.exception("bot turn failed in room %s (seat %s, version %s)", code, seat, version)
