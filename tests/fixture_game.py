"""A tiny test-only game (not shipped): lets the server and contract tests run without a
real game. It has what the real games have: a secret per seat, a secret simultaneous ballot,
a tie-break by one player, an out-of-turn action, and a reveal at the end.

Each round every player votes red or blue in secret; the start player breaks ties; everyone
who voted for the winning colour scores their secret number. After `rounds` rounds the
highest score wins.
"""
from engine import ballot as ballots
from engine.base import Game, copy_data
from engine.registry import GameInfo, register

COLOURS = ["red", "blue"]


class FixtureGame(Game):
    def setup(self):
        s = self.state
        s["secrets"] = [self.rng.randint(1, 9) for _ in range(self.n)]
        s["scores"] = [0] * self.n
        s["start"] = self.rng.randbelow(self.n)
        s["round"] = 1
        s["cheers"] = 0
        self._open_ballot()

    def _open_ballot(self):
        self.state["phase"] = "vote"
        self.state["ballot"] = ballots.new_ballot("colour", range(self.n), COLOURS)
        self.state["tied"] = []

    @property
    def over(self):
        return self.state["phase"] == "over"

    def waiting_for(self):
        s = self.state
        if s["phase"] == "vote":
            return ballots.waiting(s["ballot"])
        if s["phase"] == "tiebreak":
            return [s["start"]]
        return []

    def legal_actions(self, seat):
        s = self.state
        if self.over or not self.seat_ok(seat):
            return []
        acts = []
        if s["phase"] == "vote" and seat in ballots.waiting(s["ballot"]):
            acts = [{"type": "vote", "choice": c} for c in COLOURS]
        elif s["phase"] == "tiebreak" and seat == s["start"]:
            acts = [{"type": "pick", "choice": c} for c in s["tied"]]
        return acts + [{"type": "cheer"}]

    def apply(self, seat, action):
        s = self.state
        kind = action["type"]
        if kind == "cheer":
            s["cheers"] += 1
            return [{"type": "cheer", "seat": seat}]
        if kind == "vote":
            ballots.cast(s["ballot"], seat, action["choice"])
            events = [{"type": "voted", "seat": seat}]
            if ballots.complete(s["ballot"]):
                ballots.reveal(s["ballot"])
                events.append({"type": "reveal", "votes": ballots.public_view(s["ballot"])["votes"]})
                top = ballots.leaders(s["ballot"])
                if len(top) == 1:
                    events += self._score(top[0])
                else:
                    s["phase"] = "tiebreak"
                    s["tied"] = top
            return events
        return self._score(action["choice"])  # pick

    def _score(self, colour):
        s = self.state
        b = s["ballot"]
        for voter, choice in zip(b["voters"], b["votes"]):
            if choice == colour:
                s["scores"][voter] += s["secrets"][voter]
        events = [{"type": "round_won", "colour": colour, "round": s["round"]}]
        if s["round"] >= self.options["rounds"]:
            s["phase"] = "over"
            events.append({"type": "game_over"})
        else:
            s["round"] += 1
            s["start"] = (s["start"] + 1) % self.n
            self._open_ballot()
        return events

    def view(self, seat):
        s = self.state
        v = {"players": self.players, "round": s["round"], "start": s["start"],
             "phase": s["phase"], "scores": s["scores"], "tied": s["tied"],
             "cheers": s["cheers"]}
        if seat is None:
            v["ballot"] = ballots.public_view(s["ballot"])
        else:
            v["ballot"] = ballots.seat_view(s["ballot"], seat)
            v["my_secret"] = s["secrets"][seat]
        if self.over:
            v["secrets"] = s["secrets"]
        return copy_data(v)       # the caller's own (engine contract)

    def result(self):
        s = self.state
        best = max(s["scores"])
        return {"scores": list(s["scores"]),
                "winners": [i for i, x in enumerate(s["scores"]) if x == best],
                "breakdown": [{"seat": i, "secret": s["secrets"][i], "points": s["scores"][i]}
                              for i in range(self.n)]}


FixtureGame.INFO = GameInfo(
    id="fixture", title="Fixture (tests only)", min_players=2, max_players=6,
    options={"rounds": 2},
    option_specs={"rounds": {"default": 2, "min": 1, "max": 5}},
    cls=FixtureGame)

GAME = register(FixtureGame)
