"""Countdowns that take a decision when time runs out (Lifeboats' negotiation: when it ends the
server calls the vote for the start player). The game-specific knowledge is one policy per game:
which option holds the seconds, and which action the clock plays.

A running countdown is `room.deadline = {"seat", "at"}` (`at` in epoch ms), stored with the
room and sent in the `game` payload. It starts when the seat first has the action among its
legal actions, keeps running while it still has, and goes as soon as it has not.
"""
from dataclasses import dataclass

from server import play
from server.hub import log


@dataclass(frozen=True)
class Countdown:
    option: str      # the game option with the number of seconds (0 = no countdown)
    action: dict     # what the server plays for the seat when the time is up


POLICIES = {
    "lifeboats": Countdown(option="negotiation_seconds", action={"type": "call_vote"}),
}


def update(hub, room):
    """Start, keep or stop the room's countdown after a change (called under the lock)."""
    policy = POLICIES.get(room.game_id) if room.status == "playing" else None
    seconds = room.options.get(policy.option, 0) if policy else 0
    seat = _seat_owing(room, policy.action) if seconds else None
    if seat is None:
        room.deadline = None
    elif room.deadline is None or room.deadline["seat"] != seat:
        room.deadline = {"seat": seat, "at": int((hub.now() + seconds) * 1000)}
        resume(hub, room)


def _seat_owing(room, action):
    return next((seat for seat in room.game.waiting_for()
                 if action in room.game.legal_actions(seat)), None)


def resume(hub, room):
    """Wait for the room's current deadline in the background (also after a restart)."""
    if room.deadline:
        hub.socketio.start_background_task(_wait, hub, room.code, dict(room.deadline))


def _wait(hub, code, deadline):
    hub.socketio.sleep(max(0.0, deadline["at"] / 1000 - hub.now()))
    expire(hub, code, deadline)


def expire(hub, code, deadline):
    """Time is up for `deadline`: play the policy's action, unless the countdown has ended or
    been replaced meanwhile."""
    room = hub.rooms.get(code)
    if room is None:
        return
    try:
        with play.guarded(room, hub.store):
            if room.deadline != deadline:
                return
            play.act(hub, room, deadline["seat"], room.version, POLICIES[room.game_id].action)
    except Exception:
        log.exception("countdown failed in room %s", code)
