"""What every game shares: the contract's guard rails, so each game writes only its rules.

A game keeps its whole state in one JSON dict, `self.state` (string keys only), so that
`to_dict()` is a copy and an illegal action can be rolled back by restoring a snapshot.

Speed (issue 13): an action is checked, applied and made undoable tens of thousands of times a
second. Copies go through `marshal` (C, several times faster than a JSON round trip), actions are
compared without JSON (`same`), and the legal actions of a seat are computed once per state:
`legal_actions` is cached until the next `act`. Code that changes `state` by hand (a test
setting up a position) calls `changed()` before the next `act`.

Rollback is "base snapshot + replay", not a snapshot per action (a marshal of the state costs
12-20 µs, most of an action's budget). The contract promises determinism (the RNG lives in the
state), so the state after some actions is the base it started from plus those actions applied
again. `act` keeps a base snapshot (marshal bytes, the append-only lists noted by length), taken
again every REBASE_EVERY actions, and the actions applied since (marshal bytes of the game's
own chosen dict, taken before `apply` could keep and change it). When `apply` raises, the base
is restored and the actions since are applied again: about 1 µs per action amortised, and a
failure costs at most REBASE_EVERY applies. `checkpoint()` is as cheap: a token naming the
current base, its action list and how many of them count. A re-base starts a new list, and a
list is only ever appended to, so an older token keeps naming the same state. `changed()`,
`create` and `from_state` drop the base, so a hand edit is in the next base and never undone.
"""
import functools
import json
import marshal
import operator

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
_TYPE = operator.itemgetter("type")


def same(a, b):
    """Equal as JSON data: tells 1 from True and 1 from 1.0, unlike ==; what canonical()
    compares, without encoding anything."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        if a.keys() != b.keys():
            return False
        # An action is a flat dict most of the time: its values are checked here, without a
        # call each (act compares every chosen action).
        for k, v in a.items():
            w = b[k]
            if type(v) is not type(w):
                return False
            if type(v) is dict or type(v) is list:
                if not same(v, w):
                    return False
            elif type(v) not in _SCALARS or v != w:
                return False
        return True
    if type(a) is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) in _SCALARS and a == b


def _cached_legal_actions(compute):
    """Wraps a game's legal_actions: computed once per seat between two actions, and every
    caller gets its own copy."""
    @functools.wraps(compute)
    def legal_actions(self, seat):
        return self._copy_legal(self._legal(seat, compute))
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

    # Actions between two base snapshots: the snapshot costs as much as an action, a failure
    # replays at most this many (rollback is rare; every action pays the snapshot).
    REBASE_EVERY = 16

    def __init__(self, state):
        self.state = state
        self.rng = Rng(self.state)
        self._legal_cache = {}
        self._base = None       # (marshal bytes, append-only lengths) or None: take one first
        self._since = []        # [(seat, marshal bytes of the action)] applied on the base

    # Action types whose legal actions may hold a list or a dict. Every other legal action is
    # flat (str, int, float, bool, None values), so a shallow copy of it is a whole copy, four
    # times cheaper than marshal's. None: not declared, every list is copied through marshal.
    # tests/engine_core/test_legal_copies.py checks the declaration against random playouts.
    NESTED_ACTIONS = None

    def _copy_legal(self, legal):
        """The caller's own copy of the game's legal list."""
        nested = self.NESTED_ACTIONS
        if nested is None:
            return copy_data(legal)
        copy = list(map(dict.copy, legal))
        # Whether any action is of a nested type is asked in C (isdisjoint, map, itemgetter);
        # then only those actions' list and dict values are copied deep.
        if nested and not nested.isdisjoint(map(_TYPE, legal)):
            for action in copy:
                if action["type"] in nested:
                    for key, value in list(action.items()):
                        if type(value) is list or type(value) is dict:
                            action[key] = copy_data(value)
        return copy

    def _legal(self, seat, compute=None):
        """The game's own list of seat's legal actions (never handed out as is)."""
        key = ("legal", seat)
        try:
            legal = self._legal_cache.get(key)     # .get: a miss raises nothing (cheaper)
        except TypeError:                          # a seat that is not even hashable
            key = legal = None
        if legal is not None:
            return legal
        if compute is None:
            compute = type(self).legal_actions
            compute = getattr(compute, "compute", compute)
        legal = compute(self, seat)
        if key is not None:
            self._legal_cache[key] = legal
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
        """Forget what was computed from the state (legal actions, memo) and the rollback base
        (a rollback replays actions on it, and would lose the edit): call after changing
        `state` outside act."""
        self._legal_cache = {}
        self._base = None
        self._since = []

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
        if type(seat) is int:       # the usual case, without the isinstance calls
            return 0 <= seat < len(self.state["players"])
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n

    # -- the contract -------------------------------------------------------------------
    def act(self, seat, action):
        """Refuse anything not in legal_actions(seat); apply the rest atomically."""
        if not self.seat_ok(seat):
            raise IllegalAction("There is no such seat.", "bad_seat")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("An action must be an object with a type.", "malformed")
        legal = [] if self.over else self._legal(seat)
        # list.index finds an == match in C; `same` then tells 1 from True and 1.0, and the
        # search goes on past an == match that is not the same data.
        start = 0
        while True:
            try:
                start = legal.index(action, start)
            except ValueError:
                self._refuse(seat, action, legal)
            chosen = legal[start]
            if same(chosen, action):
                break
            start += 1
        # The game's own equal copy is applied: the caller's dict may never end up in the state.
        # Its bytes are taken now, before apply may keep it in the state and change it.
        replay = (seat, marshal.dumps(chosen))
        if self._base is None or len(self._since) >= self.REBASE_EVERY:
            self._rebase()
        since = self._since
        count = len(since)
        try:
            events = self.apply(seat, chosen)
        except BaseException:
            # Nothing half-done may survive a failed action, whatever went wrong.
            self._restore(self._base, since, count)
            raise
        finally:
            self._legal_cache = {}
        since.append(replay)
        return events

    def _refuse(self, seat, action, legal):
        try:
            canonical(action)
        except (TypeError, ValueError):
            raise IllegalAction("That action is not valid data.", "malformed") from None
        if self.over:
            raise IllegalAction("The game is over.", "game_over")
        raise IllegalAction(self.why_illegal(seat, action, self._copy_legal(legal)),
                            "not_legal_now")

    # -- rollback -----------------------------------------------------------------------
    def append_only(self):
        """(holder, key) of the lists in `state` that actions only ever append to and whose
        items they never change (a seat's private memory). A rollback base notes their
        lengths instead of copying them, and a rollback cuts them back. Default: none."""
        return ()

    def _rebase(self):
        """A new base snapshot: marshal bytes, the append-only lists left out (their lengths
        are noted), and a new list of actions since (older tokens keep the old one)."""
        grown = [(holder, key, holder[key]) for holder, key in self.append_only()]
        for holder, key, _ in grown:
            holder[key] = None
        try:
            frozen = marshal.dumps(self.state)
        finally:
            for holder, key, items in grown:
                holder[key] = items
        self._base = (frozen, [(items, len(items)) for _, _, items in grown])
        self._since = []

    def checkpoint(self):
        """A token for rollback(): the state now, as a base snapshot and the number of actions
        applied on it since. Cheap (no copy) unless there is no base yet. Valid while the game
        stays on its line of history: once rolled back to an earlier token, the tokens taken
        after that one name nothing (docs/engine.md)."""
        if self._base is None:
            self._rebase()
        return self._base, self._since, len(self._since)

    def rollback(self, checkpoint):
        """Put the state back as it was at checkpoint() (the same dict, refilled).

        A token naming the position the game is still at changes nothing, at no cost (the
        server rolls back every refused request): state changes only through act, which
        undoes its own failures, or by hand followed by changed(), which drops the base."""
        base, since, count = checkpoint
        if base is self._base and since is self._since and count == len(since):
            return
        self._restore(base, since, count)

    def _restore(self, base, since, count):
        """The state as `base` plus the first `count` actions of `since`, applied again."""
        frozen, lengths = base
        self.state.clear()
        self.state.update(marshal.loads(frozen))
        for (holder, key), (items, length) in zip(self.append_only(), lengths):
            del items[length:]
            holder[key] = items
        # The class's apply: a failing one patched on the instance is what is being undone.
        apply = type(self).apply
        for seat, action in since[:count]:
            self._legal_cache = {}
            apply(self, seat, marshal.loads(action))
        self._legal_cache = {}
        self._base = base
        # Appending keeps every older token's prefix; after going back, a new list does.
        self._since = since if count == len(since) else since[:count]

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
