"""The Galèrapagos Game: the contract's entry points, dispatching to the rule modules."""
from engine import ballot as ballots
from engine import window as windows
from engine.base import Game, copy_data
from engine.galerapagos import actions, cards, flow, setup, views
from engine.galerapagos import table as t
from engine.galerapagos.deaths import kill


class Galerapagos(Game):
    INFO = None  # set in __init__.py from the data file
    # A play may name its targets or the castaways a ration covers (lists); the rest is flat.
    NESTED_ACTIONS = frozenset({"play"})

    def setup(self):
        setup.setup(self)
        # Turn 1 starts at phase 2 (§3.6): its weather card comes out at once.
        events = []
        flow.weather_and_actions(self, events)
        flow.settle(self, events)

    @property
    def over(self):
        return self.state["result"] is not None

    def append_only(self):
        # Each seat's private memory only grows (table.record); a game's snapshot skips it.
        return [(c, "records") for c in self.state["castaways"]]

    # -- who is asked what ----------------------------------------------------------------
    def _vote_waiting(self, vote):
        if vote is None:
            return []
        if vote["named"] is not None:
            return [vote["named"]]
        if vote["tied"] is not None:
            return [self.state["first"]]
        return ballots.waiting(vote["ballot"])

    def waiting_for(self):
        s = self.state
        if self.over:
            return []
        if s["interrupt"] is not None:
            return [s["interrupt"]["seat"]]
        stage = s["stage"]
        if stage["kind"] == "step":
            return [stage["seat"]]
        if stage.get("window") is not None:
            return windows.waiting(stage["window"])
        if stage["kind"] == "departure":
            if stage["choose"]:
                return [s["first"]]
            return ballots.waiting(stage["ballot"])
        return sorted(self._vote_waiting(stage.get("vote")))

    def _decisions(self, seat):
        s = self.state
        stage = s["stage"]
        if seat not in self.waiting_for():
            return []
        if stage["kind"] == "step":
            return actions.step_options(self, seat)
        if stage.get("window") is not None:
            return [{"type": "pass"}]
        if stage["kind"] == "departure":
            key = "choose" if stage["choose"] else "vote"
            return [{"type": key, "leave": True}, {"type": key, "leave": False}]
        vote = stage["vote"]
        if vote["named"] == seat:
            return [{"type": "pass"}]
        if vote["tied"] is not None:
            return [{"type": "choose", "target": x} for x in vote["tied"]]
        return [{"type": "vote", "target": x} for x in vote["candidates"]]

    def legal_actions(self, seat):
        if self.over or not self.seat_ok(seat):
            return []
        if self.state["interrupt"] is not None:
            if seat != self.state["interrupt"]["seat"]:
                return []
            return actions.interrupt_options(self)
        return (self._decisions(seat) + cards.play_options(self, seat)
                + cards.shoot_options(self, seat) + cards.gift_options(self, seat))

    def why_illegal(self, seat, action, legal):
        if self.state["interrupt"] is not None and seat != self.state["interrupt"]["seat"]:
            return "Everyone waits for an answer to a bite or a shot."
        hand = t.castaway(self, seat)["hand"]
        if action.get("type") == "play" and action.get("card") not in hand:
            return "You do not hold that card."
        return super().why_illegal(seat, action, legal)

    # -- doing it ---------------------------------------------------------------------------
    def apply(self, seat, action):
        s = self.state
        events = []
        kind = action["type"]
        stage = s["stage"]
        if s["interrupt"] is not None:
            actions.answer_interrupt(self, action, events)
        elif kind in actions.ACTION:
            events.append({"type": "action", "seat": seat, "action": kind})
            actions.apply_action(self, seat, action, events)
        elif kind == "play":
            cards.apply_play(self, seat, action, events)
        elif kind == "shoot":
            cards.apply_shoot(self, seat, action, events)
        elif kind == "give":
            cards.apply_gift(self, seat, action, events)
        elif kind == "vote":
            ballot = stage["ballot"] if stage["kind"] == "departure" else stage["vote"]["ballot"]
            ballots.cast(ballot, seat, action["leave" if "leave" in action else "target"])
            events.append({"type": "voted", "seat": seat})
        elif kind == "choose":
            if "leave" in action:
                stage["choose"] = False
                flow.decide_departure(self, action["leave"], events)
            else:
                flow.choose_named(self, action["target"], events)
        elif stage.get("window") is not None:
            windows.mark_done(stage["window"], seat)
            events.append({"type": "pass", "seat": seat})
        else:
            events.append({"type": "accept", "seat": seat})
            kill(self, [seat], "sacrifice", events)
        flow.settle(self, events)
        return events

    # -- views and the end ------------------------------------------------------------------
    def view(self, seat):
        return copy_data(self.peek_view(seat))

    def peek_view(self, seat):
        """The view before view()'s copy: the TV's part is built once per state and shared
        by every seat's view (12 phones and a TV see one action), so it is for
        engine.base.Game.peek_view's callers only."""
        public = self.memo("table_view", lambda: views.table_view(self))
        if seat is None:
            return public
        if not self.seat_ok(seat):
            raise ValueError("no such seat")
        return views.seat_view(self, public, seat)

    def result(self):
        outcome = self.state["result"]
        if outcome is None:
            return None
        boarded = outcome["boarded"]
        k = len(boarded)
        per_boarder = {"coop": 1, "solidaires": k, "solitaire": self.n + 1 - k}
        score = per_boarder[self.options["scoring"]]
        breakdown = []
        for seat in range(self.n):
            fate = ("boarded" if seat in boarded
                    else "left_behind" if t.is_alive(self, seat) else "dead")
            breakdown.append({"seat": seat, "name": self.players[seat], "fate": fate,
                              "score": score if fate == "boarded" else 0})
        return {"scores": [b["score"] for b in breakdown], "winners": list(boarded),
                "breakdown": breakdown, "end": outcome["end"]}
