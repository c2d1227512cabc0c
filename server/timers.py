"""Countdowns that take a decision when time runs out. The game-specific knowledge is one policy
per game: which option holds the seconds, which action the clock plays, and for whom.

Two kinds of policy:
- one seat (Lifeboats' negotiation): the countdown runs while a waited-for seat has the action
  among its legal actions; when time is up the server plays it for that seat.
  `room.deadline = {"seat", "at"}`.
- a window (Galèrapagos' dawn, shortage, zero and evening windows; Lifeboat's fight, rescue and
  thirst windows, whose action is `done`): the countdown runs while the
  policy's `window(game)` names an open window; when time is up the server plays the action
  (`pass`: "ready") for every seat of the window that has not said it yet, one by one through
  `server.play` like any action. It starts again when another window opens or when a card
  played re-opens this one (more seats owe "ready" than before). A seat choosing a card holds
  it open (the phone's `hold` event): the end moves to at least `HOLD_SECONDS` from now, never
  beyond `HOLD_CAP_SECONDS` after its first end; the seat's own action, its `release`, or the
  cap ends its hold.
  `room.deadline = {"seats": [seats owing], "at", "base": first end, "cap", "holds":
  {"seat": until}, "window": key, "id"}`.

`at` (epoch ms) is stored with the room and sent in the `game` payload as `deadline`.
"""
import secrets
from dataclasses import dataclass
from typing import Callable, Optional

from server import play
from server.errors import ServerError
from server.hub import log

HOLD_SECONDS = 20          # a card sheet open keeps the window open this long, renewed by hold
HOLD_CAP_SECONDS = 60      # ...but never more than this after the window's first end
RELEASE_GRACE_SECONDS = 3  # a released window already past its end closes this much later


@dataclass(frozen=True)
class Countdown:
    option: str      # the game option with the number of seconds (0 = no countdown)
    action: dict     # what the server plays for a seat when the time is up
    # For a window policy: the open window's key from the public view, or None (no window).
    window: Optional[Callable] = None


def galerapagos_window(game):
    """Dawn, shortage, zero and evening windows; never while a bite or shot answer is awaited
    (its `pass` means "take it", not "ready")."""
    view = game.view(None)
    stage = view["stage"]
    if view["over"] or view["interrupt"] or not stage or not stage.get("window"):
        return None
    return [view["turn"], stage["kind"], stage.get("resource"), stage["window"]["kind"]]


def lifeboat_window(game):
    """A fight's, the rescue's and the thirst's "Done" windows. The engine still asks every
    conscious character (nobody learns who holds a card from who is asked); the countdown
    says "done" for whoever has not when it runs out."""
    view = game.view(None)
    if view["over"]:
        return None
    fight = view.get("fight")
    if fight:
        return [view["turn"], "fight", fight["attacker"], fight["defender"]]
    window = view.get("window")
    if view["phase"] in ("rescue", "thirst") and window:
        return [view["turn"], view["phase"]]
    return None


POLICIES = {
    "lifeboats": Countdown(option="negotiation_seconds", action={"type": "call_vote"}),
    "galerapagos": Countdown(option="window_seconds", action={"type": "pass"},
                             window=galerapagos_window),
    "lifeboat": Countdown(option="window_seconds", action={"type": "done"},
                          window=lifeboat_window),
}


def _policy(room):
    policy = POLICIES.get(room.game_id) if room.status == "playing" else None
    seconds = room.options.get(policy.option, 0) if policy else 0
    return (policy, seconds) if seconds else (None, 0)


def _owing(room, action):
    return [seat for seat in room.game.waiting_for()
            if action in room.game.legal_actions(seat)]


def _ms(seconds):
    return int(seconds * 1000)


def update(hub, room):
    """Start, keep or stop the room's countdown after a change (called under the lock)."""
    policy, seconds = _policy(room)
    if policy is None:
        room.deadline = None
    elif policy.window is None:
        _update_seat(hub, room, policy, seconds)
    else:
        _update_window(hub, room, policy, seconds)


def _update_seat(hub, room, policy, seconds):
    seat = next(iter(_owing(room, policy.action)), None)
    if seat is None:
        room.deadline = None
    elif room.deadline is None or room.deadline.get("seat") != seat:
        room.deadline = {"seat": seat, "at": _ms(hub.now() + seconds)}
        resume(hub, room)


def _update_window(hub, room, policy, seconds):
    key = policy.window(room.game)
    seats = _owing(room, policy.action) if key is not None else []
    if not seats:
        room.deadline = None
        return
    old = room.deadline
    if old and old.get("window") == key and set(seats) <= set(old.get("seats", ())):
        old["seats"] = seats        # some said ready: the same countdown goes on
        return
    base = _ms(hub.now() + seconds)
    room.deadline = {"seats": seats, "at": base, "base": base,
                     "cap": base + _ms(HOLD_CAP_SECONDS), "holds": {}, "window": key,
                     "id": secrets.token_hex(4)}
    resume(hub, room)


def window_ready(room):
    """The window's "ready" action while a window policy's window is open, else None (bots say
    it at once: they never hold a window open)."""
    policy = POLICIES.get(room.game_id)
    if (room.status != "playing" or policy is None or policy.window is None
            or policy.window(room.game) is None):
        return None
    return policy.action


# -- holding a window open --------------------------------------------------------------------
def _window_deadline(room):
    deadline = room.deadline
    return deadline if deadline and "window" in deadline else None


def _recompute(deadline, floor=None):
    ends = [deadline["base"], *deadline["holds"].values()]
    if floor is not None:
        ends.append(floor)
    deadline["at"] = min(deadline["cap"], max(ends))


def hold(hub, room, seat):
    """`seat` is choosing a card: keep the window open (under the lock; refusals change
    nothing)."""
    deadline = _window_deadline(room)
    if deadline is None or not room.game.legal_actions(seat):
        raise ServerError("no_countdown")
    deadline["holds"][str(seat)] = min(deadline["cap"], _ms(hub.now() + HOLD_SECONDS))
    _recompute(deadline)
    resume(hub, room)


def release(hub, room, seat, grace=True):
    """`seat` is no longer choosing; returns whether the deadline moved."""
    deadline = _window_deadline(room)
    if deadline is None or deadline["holds"].pop(str(seat), None) is None:
        return False
    before = deadline["at"]
    floor = _ms(hub.now() + RELEASE_GRACE_SECONDS) if grace and before > _ms(hub.now()) else None
    _recompute(deadline, floor)
    if deadline["at"] != before:
        resume(hub, room)
    return True


def acted(hub, room, seat):
    """A seat's action ends its hold (called by server.play before the change is committed)."""
    release(hub, room, seat, grace=False)


LONGEST_SLEEP = 86_400.0


# -- time running out -------------------------------------------------------------------------
def resume(hub, room):
    """Wait for the room's current deadline in the background (also after a restart)."""
    if room.deadline:
        hub.socketio.start_background_task(_wait, hub, room.code, dict(room.deadline))


def _wait(hub, code, deadline):
    left = deadline["at"] / 1000 - hub.now()
    while left > LONGEST_SLEEP:      # a sleep that long overflows in some modes (threading)
        hub.socketio.sleep(LONGEST_SLEEP)
        left -= LONGEST_SLEEP
    hub.socketio.sleep(max(0.0, left))
    expire(hub, code, deadline)


def _same(current, deadline):
    """Still the countdown this timer waits for? (A window's `seats` shrink as seats say
    ready; its `id` and `at` say which countdown and which end.)"""
    if current is None:
        return False
    if "window" in deadline:
        return current.get("id") == deadline["id"] and current["at"] == deadline["at"]
    return current == deadline


def expire(hub, code, deadline):
    """Time is up for `deadline`: play the policy's action, unless the countdown has ended or
    been replaced meanwhile. A window's every seat not yet ready is made ready."""
    room = hub.rooms.get(code)
    if room is None:
        return
    try:
        with play.guarded(room, hub.store):
            if not _same(room.deadline, deadline):
                return
            action = POLICIES[room.game_id].action
            if "window" not in deadline:
                play.act(hub, room, deadline["seat"], room.version, action)
                return
            for seat in list(room.deadline["seats"]):
                if not _same(room.deadline, deadline):
                    break        # the window closed, or a new one opened
                play.act(hub, room, seat, room.version, action)
    except Exception:
        log.exception("countdown failed in room %s", code)
