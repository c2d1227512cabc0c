"""What every game shares: the contract's guard rails, so each game writes only its rules.

A game keeps its whole state in one JSON dict, `self.state` (string keys only), so that
`to_dict()` is a copy and an illegal action can be rolled back by restoring a snapshot.
"""
import json

from engine.errors import IllegalAction
from engine.rng import Rng, seed_to_state


def canonical(value):
    """JSON text used to compare actions: tells 1 from True and 1 from 1.0, unlike ==."""
    return json.dumps(value, sort_keys=True, allow_nan=False, separators=(",", ":"))


class Game:
    """Base class of every game. Subclasses set INFO and implement:

        setup(self)                          fill self.state for a new game (RNG ready)
        view(self, seat) / waiting_for(self) / legal_actions(self, seat)
        apply(self, seat, action) -> [events]   only ever called with a legal action
        over (property) / result(self)
    """

    INFO = None  # engine.registry.GameInfo, set by each game

    def __init__(self, state):
        self.state = state
        self.rng = Rng(self.state)

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
        return cls(json.loads(json.dumps(state)))

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
        try:
            wanted = canonical(action)
        except (TypeError, ValueError):
            raise IllegalAction("That action is not valid data.", "malformed") from None
        if self.over:
            raise IllegalAction("The game is over.", "game_over")
        legal = self.legal_actions(seat)
        if not any(canonical(a) == wanted for a in legal):
            raise IllegalAction(self.why_illegal(seat, action, legal), "not_legal_now")
        snapshot = json.dumps(self.state)
        try:
            return self.apply(seat, action)
        except BaseException:
            # Nothing half-done may survive a failed action, whatever went wrong.
            self.state.clear()
            self.state.update(json.loads(snapshot))
            raise

    def why_illegal(self, seat, action, legal):
        """A readable reason; games may override with something more precise."""
        if not legal:
            return "It is not your turn to act."
        if not any(a["type"] == action["type"] for a in legal):
            return "You cannot do that now."
        return "That choice is not allowed now."

    def to_dict(self):
        return {"game": self.INFO.id, "state": json.loads(json.dumps(self.state))}

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
