"""Lifeboats as an engine.base.Game: action dispatch, who is waited for, and the rule that
a non-vote decision with a single legal action (or none) is taken by the engine (E27)."""
from engine import ballot as ballots
from engine.base import Game, copy_data
from engine.errors import IllegalAction
from engine.lifeboats import setup, turn, views, voting
from engine.lifeboats.data import DATA
from engine.lifeboats.scoring import final_result
from engine.registry import info_from_data

DECIDERS = {
    "place_boats": setup.boat_actions,
    "place_black": setup.boat_actions,
    "place_pawns": setup.pawn_actions,
    "eject_pick": turn.eject_actions,
    "leave": turn.leave_actions,
    "board": turn.board_actions,
    "captain": lambda g, seat: voting.captain_actions(g),
    "break_tie": lambda g, seat: voting.break_tie_actions(g),
}
# Decisions the engine takes alone when there is at most one way to take them. Votes, the
# call to vote and the captain's and tie-breaker's picks (always 2+ choices) are never taken.
FORCEABLE = ("place_boats", "place_black", "place_pawns", "eject_pick", "leave", "board")


class LifeboatsGame(Game):
    # Every legal action is flat (scalar values): copied by a shallow copy each.
    NESTED_ACTIONS = frozenset()

    def setup(self):
        setup.new_state(self)

    @property
    def over(self):
        return self.state["phase"] == "over"

    def waiting_for(self):
        s = self.state
        if self.over:
            return []
        if s["step"] == "vote":
            return ballots.waiting(s["ballot"])
        return [s["actor"]]

    def legal_actions(self, seat):
        s = self.state
        if self.over or not self.seat_ok(seat):
            return []
        if s["step"] == "vote":
            return voting.vote_actions(self, seat)
        if seat != s["actor"]:
            return []
        if s["step"] == "negotiate":
            return [{"type": "call_vote"}]
        return DECIDERS[s["step"]](self, seat)

    def why_illegal(self, seat, action, legal):
        s = self.state
        if s["step"] == "vote" and action.get("type") == "vote" and s["ballot"]:
            if ballots.has_voted(s["ballot"], seat):
                return "You have already voted; a vote cannot be changed."
            if seat not in s["ballot"]["voters"]:
                return "Only players with pawns in that boat vote in this ballot."
        if s["step"] == "negotiate" and action.get("type") == "vote":
            return "The start player has not called the vote yet."
        return super().why_illegal(seat, action, legal)

    def apply(self, seat, action):
        events = []
        self._do(seat, action, events, forced=False)
        self._take_forced(events)
        self._remember_outcomes(events)
        # Events leave the engine as copies: nothing outside may alias the game state.
        return [_copy_event(e) for e in events]

    def _remember_outcomes(self, events):
        """The turn's outcomes stay in the state (view key `turn_outcomes`): a one-option
        ballot, a forced ejection or boarding, a drowning happen without a reveal, and a TV
        that reloads must still be able to show them. A new turn starts a new list."""
        kept = self.state.setdefault("turn_outcomes", [])   # games saved before it have none
        for e in events:
            if e["type"] == "turn_started":
                kept.clear()
            elif e["type"] in TURN_OUTCOMES:
                kept.append(_copy_event(e))

    def _do(self, seat, a, ev, forced):
        kind = a["type"]
        if kind in ("place_boat", "place_black"):
            setup.place_boat(self, seat, a["lane"], ev, forced)
        elif kind == "place_pawn":
            setup.place_pawn(self, seat, a["boat"], a["rank"], ev, forced)
        elif kind == "call_vote":
            voting.call_vote(self, ev)
        elif kind == "vote":
            self._apply_outcome(voting.cast(self, seat, a["choice"], ev), ev)
        elif kind in ("captain", "break_tie"):
            self._apply_outcome(voting.decide(self, seat, a["choice"], ev), ev)
        elif kind == "eject":
            turn.eject(self, seat, a["rank"], ev, forced)
        elif kind == "leave":
            turn.leave(self, seat, a["boat"], a["rank"], ev, forced)
        else:
            turn.board_boat(self, seat, a["boat"], ev, forced)

    def _apply_outcome(self, record, ev):
        if record is not None:
            turn.outcome(self, record["kind"], record["outcome"], record["boat"], ev)

    def _take_forced(self, ev):
        s = self.state
        while not self.over and s["step"] in FORCEABLE:
            seat = s["actor"]
            choices = DECIDERS[s["step"]](self, seat)
            if len(choices) > 1:
                return
            if choices:
                self._do(seat, choices[0], ev, forced=True)
            elif s["step"] == "leave":
                turn.skip_leave(self, seat, ev)
            else:  # only a swimmer can be left with no choice at all
                turn.swimmer_drowns(self, seat, ev)

    def view(self, seat):
        return _copy(self.peek_view(seat))

    def peek_view(self, seat):
        """The view before view()'s copy: it shares the memoised public part (and some of
        the state), so it is for engine.base.Game.peek_view's callers only."""
        if seat is None:
            return self.memo("public_view", lambda: views.public_view(self))
        if not self.seat_ok(seat):
            raise IllegalAction("There is no such seat.", "bad_seat")
        return views.seat_view(self, seat)

    def result(self):
        if not self.over:
            return None
        return _copy(final_result(self))


# Public events that change the board or a score, or settle a ballot: what a turn "did".
TURN_OUTCOMES = frozenset({
    "outcome", "leak_placed", "boat_full", "pawn_ejected", "pawn_drowned", "boat_sank",
    "boat_moved", "boat_landed", "pawn_left", "swim_skipped", "pawn_boarded", "phase_skipped",
})


def _copy(value):
    """What leaves the engine is the caller's: a deep copy, so that mutating a view, a result
    or an event can never change the game (views used to share last_reveal's lists)."""
    return copy_data(value)


def _copy_event(event):
    """A deep copy of one event: a new dict, and deep copies of its list and dict values only
    (most events are flat; cheaper than a marshal round trip, issue 13)."""
    copy = event.copy()
    for key, value in event.items():
        if type(value) is list or type(value) is dict:
            copy[key] = copy_data(value)
    return copy


LifeboatsGame.INFO = info_from_data("lifeboats", DATA["title"], DATA["players"],
                                    DATA["options"], LifeboatsGame)
