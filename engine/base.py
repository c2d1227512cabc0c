"""What every game shares: the contract's guard rails, so each game writes only its rules.

A game keeps its whole state in one JSON dict, `self.state` (string keys only), so that
`to_dict()` is a copy and an illegal action can be rolled back by restoring a snapshot.

Speed (issue 13): an action is checked, snapshotted and applied many thousand times a second.
Copies go through `marshal` (C, several times faster than a JSON round trip), actions are
compared without JSON (`same`), and the legal actions of a seat are computed once per state:
`legal_actions` is cached until the next `act`. Code that changes `state` by hand (a test
setting up a position) after asking for legal actions calls `changed()`.
"""
import functools
import json
import marshal

from engine.errors import IllegalAction
from engine.rng import Rng, seed_to_state


def canonical(value):
    """JSON text used to compare actions: tells 1 from True and 1 from 1.0, unlike ==."""
    return json.dumps(value, sort_keys=True, allow_nan=False, separators=(",", ":"))


def copy_data(value):
    """A deep copy of JSON-like data (dicts, lists, str, numbers, bool, None): what leaves the
    engine is the caller's to keep or mutate. marshal copies in C; like copy.deepcopy it keeps
    an object shared inside `value` shared inside the copy, and shares nothing with `value`."""
    return marshal.loads(marshal.dumps(value))


_SCALARS = (str, int, float, bool, type(None))


def same(a, b):
    """Equal as JSON data: tells 1 from True and 1 from 1.0, unlike ==; what canonical()
    compares, without encoding anything."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) in _SCALARS and a == b


def _cached_legal_actions(compute):
    """Wraps a game's legal_actions: computed once per seat between two actions, and every
    caller gets its own copy."""
    @functools.wraps(compute)
    def legal_actions(self, seat):
        return copy_data(self._legal(seat, compute))
    legal_actions.compute = compute
    return legal_actions


class Game:
    """Base class of every game. Subclasses set INFO and implement:

        setup(self)                          fill self.state for a new game (RNG ready)
        view(self, seat) / waiting_for(self) / legal_actions(self, seat)
        apply(self, seat, action) -> [events]   only ever called with a legal action
        over (property) / result(self)
    """

    INFO = None  # engine.registry.GameInfo, set by each game

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "legal_actions" in cls.__dict__:
            cls.legal_actions = _cached_legal_actions(cls.__dict__["legal_actions"])

    def __init__(self, state):
        self.state = state
        self.rng = Rng(self.state)
        self._legal_cache = {}

    def _legal(self, seat, compute=None):
        """The game's own list of seat's legal actions (never handed out as is)."""
        key = ("legal", seat)
        try:
            return self._legal_cache[key]
        except (KeyError, TypeError):     # TypeError: a seat that is not even hashable
            pass
        if compute is None:
            compute = type(self).legal_actions
            compute = getattr(compute, "compute", compute)
        legal = compute(self, seat)
        try:
            self._legal_cache[key] = legal
        except TypeError:
            pass
        return legal

    def memo(self, key, compute):
        """compute() once per state (until the next act or changed()): for a part of the
        views that every screen's view repeats. The result is the game's: hand out copies."""
        try:
            return self._legal_cache[key]
        except KeyError:
            value = self._legal_cache[key] = compute()
            return value

    def changed(self):
        """Forget what was computed from the state (legal actions, memo): call after changing
        `state` outside act."""
        self._legal_cache = {}

    # -- creation -------------------------------------------------------------------
    @classmethod
    def create(cls, players, seed, options):
        state = {"players": list(players), "options": dict(options),
                 "rng": seed_to_state(seed)}
        game = cls(state)
        game.setup()
        return game

    @classmethod
    def from_state(cls, state):
        return cls(copy_data(state))

    # -- helpers for subclasses -------------------------------------------------------
    @property
    def players(self):
        return self.state["players"]

    @property
    def n(self):
        return len(self.state["players"])

    @property
    def options(self):
        return self.state["options"]

    def seat_ok(self, seat):
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n

    # -- the contract -------------------------------------------------------------------
    def act(self, seat, action):
        """Refuse anything not in legal_actions(seat); apply the rest atomically."""
        if not self.seat_ok(seat):
            raise IllegalAction("There is no such seat.", "bad_seat")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action must be an object with a type.", "malformed")
        legal = [] if self.over else self._legal(seat)
        for chosen in legal:
            if chosen == action and same(chosen, action):
                break
        else:
            self._refuse(seat, action, legal)
        # The game's own equal copy is applied: the caller's dict may never end up in the state.
        checkpoint = self.checkpoint()
        try:
            return self.apply(seat, chosen)
        except BaseException:
            # Nothing half-done may survive a failed action, whatever went wrong.
            self.rollback(checkpoint)
            raise
        finally:
            self._legal_cache = {}

    def _refuse(self, seat, action, legal):
        try:
            canonical(action)
        except (TypeError, ValueError):
            raise IllegalAction("That action is not valid data.", "malformed") from None
        if self.over:
            raise IllegalAction("The game is over.", "game_over")
        raise IllegalAction(self.why_illegal(seat, action, copy_data(legal)), "not_legal_now")

    # -- rollback -----------------------------------------------------------------------
    def append_only(self):
        """(holder, key) of the lists in `state` that actions only ever append to and whose
        items they never change (a seat's private memory). The snapshot taken before each
        action notes their lengths instead of copying them. Default: none."""
        return ()

    def checkpoint(self):
        """A snapshot of the state for rollback(): marshal bytes, the append-only lists
        left out (their lengths are noted)."""
        grown = [(holder, key, holder[key]) for holder, key in self.append_only()]
        for holder, key, _ in grown:
            holder[key] = None
        try:
            frozen = marshal.dumps(self.state)
        finally:
            for holder, key, items in grown:
                holder[key] = items
        return frozen, [(items, len(items)) for _, _, items in grown]

    def rollback(self, checkpoint):
        """Put the state back as it was at checkpoint() (the same dict, refilled)."""
        frozen, lengths = checkpoint
        self.state.clear()
        self.state.update(marshal.loads(frozen))
        for (holder, key), (items, length) in zip(self.append_only(), lengths):
            del items[length:]
            holder[key] = items
        self._legal_cache = {}

    def why_illegal(self, seat, action, legal):
        """A readable reason; games may override with something more precise."""
        if not legal:
            return "It is not your turn to act."
        if not any(a["type"] == action["type"] for a in legal):
            return "You cannot do that now."
        return "That choice is not allowed now."

    def to_dict(self, copy=True):
        """copy=False: the live state itself, for a caller that only serialises it at once."""
        return {"game": self.INFO.id, "state": copy_data(self.state) if copy else self.state}

    # Subclasses implement the rest of the contract.
    def setup(self):
        raise NotImplementedError

    def view(self, seat):
        raise NotImplementedError

    def waiting_for(self):
        raise NotImplementedError

    def legal_actions(self, seat):
        raise NotImplementedError

    def apply(self, seat, action):
        raise NotImplementedError

    @property
    def over(self):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    # -- no-copy reads, for the server's encoder only (issue 13) ------------------------
    # view() and legal_actions() hand out the caller's own copy (engine-contract). The server
    # encodes every screen's payload at once, under the room's lock, so a copy made only to
    # be encoded and dropped is waste; these two return the game's own data instead.
    # Contract: never mutate what they return, and use it before the next act (or
    # changed()/rollback): it may be the game's state or its memo. Only server/views.py calls
    # them. peek_view(seat) is equal to view(seat), peek_legal(seat) to legal_actions(seat).
    def peek_view(self, seat):
        """view(seat), maybe without the copy. Default: view(seat) (a game whose view builds
        a fresh object has nothing to save; games whose view copies override this)."""
        return self.view(seat)

    def peek_legal(self, seat):
        """legal_actions(seat) without the copy: the game's cached list."""
        return self._legal(seat)
