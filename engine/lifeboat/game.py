"""The Lifeboat Game class: the phase machine that moves on by itself until a decision is due
(§4.8), and the dispatch of every action to the module that owns it."""
from engine import window as windows
from engine.base import Game, copy_data
from engine.lifeboat import actions, board, draft, navigation, trades, views
from engine.lifeboat.setup import setup

# What the game does by itself in each phase when nobody's decision is pending: one step each.
STEPS = {
    "provisions": draft.begin,
    "draft": draft.step,
    "actions": actions.step,
    "actions_start": actions.begin,
    "navigation": navigation.begin,
    "resolve": navigation.resolve,
    "fall": navigation.fall,
    "thirst_start": navigation.thirst_begin,
    "thirst_end": navigation.thirst_end,
    "end_turn": navigation.end_turn,
}


class Lifeboat(Game):
    # Every legal action is flat (scalar values): copied by a shallow copy each.
    NESTED_ACTIONS = frozenset()

    def setup(self):
        setup(self)
        self._run([])

    @property
    def over(self):
        return self.state["phase"] == "over"

    def result(self):
        return self.state["result"]

    def append_only(self):
        # Each seat's private log only grows: a game's snapshot skips it.
        private = self.state["private"]
        return [(private, seat) for seat in range(len(private))]

    # -- the machine ------------------------------------------------------------------
    def _run(self, ev):
        s = self.state
        while s["phase"] != "over" and not self.waiting_for():
            STEPS[s["phase"]](s, ev)
            trades.refresh(s, ev)

    def waiting_for(self):
        s = self.state
        phase = s["phase"]
        if phase == "draft":
            return draft.waiting(s)
        if phase == "actions":
            return sorted(actions.waiting(s))
        if phase == "navigate":
            return [s["nav"]["navigator"]]
        if phase in ("rescue", "thirst"):
            return windows.waiting(s["window"])
        return []

    def legal_actions(self, seat):
        s = self.state
        if self.over or not self.seat_ok(seat):
            return []
        phase = s["phase"]
        acts = []
        if phase == "draft":
            acts = draft.legal(s, seat)
        elif phase == "actions":
            acts = actions.legal(s, seat) + trades.legal(s, seat)
        elif phase == "navigate":
            acts = navigation.legal_navigate(s, seat)
        elif phase == "rescue":
            acts = navigation.legal_rescue(s, seat)
        elif phase == "thirst":
            acts = navigation.legal_thirst(s, seat)
        if board.conscious(s, seat):
            acts += [{"type": "show", "card": k} for k in board.hand_kinds(s, seat)]
            acts += [{"type": "show_his", "target": t} for t in board.preservers_to_show(s)]
        return acts

    def apply(self, seat, action):
        s = self.state
        ev = []
        t = action["type"]
        if t == "show":
            self._show(seat, seat, action["card"], ev)
        elif t == "show_his":
            self._show(seat, action["target"], "life_preserver", ev)
        elif t.startswith("trade_"):
            trades.apply(s, seat, action, ev)
        elif s["phase"] == "draft":
            draft.pick(s, seat, action, ev)
        elif s["phase"] == "actions":
            actions.apply(self, seat, action, ev)
        elif s["phase"] == "navigate":
            navigation.apply_navigate(s, seat, action, ev)
        elif s["phase"] == "rescue":
            navigation.apply_rescue(s, seat, action, ev)
        elif s["phase"] == "thirst":
            navigation.apply_thirst(s, seat, action, ev)
        trades.refresh(s, ev)
        self._run(ev)
        return ev

    def why_illegal(self, seat, action, legal):
        s = self.state
        t = action["type"]
        if not board.conscious(s, seat) and not self.over:
            return "Your character is not conscious: he can do nothing."
        if t == "show":
            return "You have no such card in your hand."
        if t == "show_his":
            nav = s.get("nav") or {}
            if s["phase"] == "rescue" and action.get("target") in (nav.get("water") or []):
                # Issue 21: "unless you have a face up life preserver ALREADY in front of you".
                return ("Too late: the life preserver had to be face up before the navigation "
                        "card sent this character overboard.")
            return ("Only the life preserver in an unconscious character's hand can be shown "
                    "for him.")
        if t.startswith("trade_"):
            return ("Trading is only possible between conscious characters during the Actions "
                    "phase, outside fights.")
        if seat not in self.waiting_for() and not any(a["type"] == t for a in legal):
            return "It is not your turn to act."
        return super().why_illegal(seat, action, legal)

    def _show(self, seat, owner, kind, ev):
        """Showing is allowed any time; inside a window it is news everybody may answer.
        `owner` is another character only for an unconscious one's preserver (issue 11)."""
        s = self.state
        board.show(s, owner, board.first_of(s, s["hand"][owner], kind))
        if owner == seat:
            ev.append({"type": "show", "seat": seat, "card": kind})
        else:
            ev.append({"type": "show_his", "seat": seat, "target": owner, "card": kind})
        if s["fight"] is not None:
            windows.changed(s["fight"]["window"])
        elif s["window"] is not None:
            windows.changed(s["window"])

    def view(self, seat):
        # A copy: the view shares lists with the state (private logs, last navigation, result).
        return copy_data(views.view(self, seat))

    def peek_view(self, seat):
        """The view before view()'s copy, for engine.base.Game.peek_view's callers only."""
        return views.view(self, seat)
