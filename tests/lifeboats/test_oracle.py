"""An independent oracle for Lifeboats, run over seeded random playouts through the contract.

The oracle keeps its own board, built only from the public events and the spec's tables
(written out again below, not imported from the engine). From it, it re-derives what the
engine should have done and checks the engine against it after every action:
- ballots: the options, voters and weights each ballot opens with (§4.3, §5, E9), and how each
  reveal resolves (§5.1-§5.2, D7) including who may decide and from what;
- outcomes: a leak goes on a free seat or opens an ejection; the 2009 ejection takes a sailor
  first (D8); a move moves the chosen boat;
- swimming: one pawn per boat, reverse boarding order, never back into the boat left, a
  swimmer drowns only when no other boat has a free seat (D11, E16, E17);
- sinking: a boat sinks only with more leaks than pawns, and none survives a phase that way
  (D9, E14);
- pawns conserved (on boats + swimming + landed + drowned + unplaced = dealt), never more than
  6 seats used, leaks conserved (supply + on boats = 15), hats spent <= 3 and matching the view;
- scores recomputed from the landed pawns and the islands' values by lane (§2.2, §6), and the
  winners by the edition's tie-break (§6), against view(None) and result().
"""
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import engine

from tests.lifeboats.helpers import NAMES

COLOURS = ["red", "yellow", "green", "blue", "purple", "white"]
ORDER = COLOURS + ["black"]
ISLAND_OF_LANE = {1: "left", 2: "left", 3: "middle", 4: "middle", 5: "right", 6: "right",
                  7: "right"}
VALUES = {"left": {"officer": 8, "sailor": 6}, "middle": {"officer": 6, "sailor": 4},
          "right": {"officer": 7, "sailor": 5}}
DEALT = {3: {"officer": 2, "sailor": 5}, 4: {"officer": 2, "sailor": 5},
         5: {"officer": 2, "sailor": 4}, 6: {"officer": 2, "sailor": 4}}
SEATS, SUPPLY, HATS = 6, 15, 3
WEIGHT = {"officer": 2, "sailor": 1}


class Oracle:
    def __init__(self, n, edition, rows):
        self.n, self.edition, self.rows = n, edition, rows
        self.boats = {}  # colour -> {"lane", "row", "pawns": Counter((colour, rank)), "leaks"}
        self.gone = {}   # colour -> "landed" | "sunk"
        self.hand = [Counter(DEALT[n]) for _ in range(n)]
        self.landed = []  # (seat, rank, island)
        self.drowned = [0] * n
        self.landing_order = []
        self.supply = SUPPLY
        self.hats_spent = [0] * n
        self.start = None
        self.turns = 0
        self.left = []       # this phase 3: [(seat, boat, rank)] in leaving order
        self.boarded = 0
        self.turns_taken = 0  # step A: players who have left or skipped
        self.ballot = None   # the open ballot: kind, boat, options, voters, weights
        self.reveal = None   # what the last reveal allows: (deciders, choices)
        self.expect = None   # what the next outcome event must say

    # -- helpers -------------------------------------------------------------------------------
    def water(self):
        return [c for c in ORDER if c in self.boats]

    def used(self, colour):
        b = self.boats[colour]
        return sum(b["pawns"].values()) + b["leaks"]

    def pawn_count(self, colour):
        return sum(self.boats[colour]["pawns"].values())

    def colours_in(self, colour):
        return [c for c in COLOURS if any(p[0] == c for p in +self.boats[colour]["pawns"])]

    def add_pawn(self, boat, colour, rank):
        assert boat in self.boats, "pawns only go into boats on the water"
        assert self.used(boat) < SEATS, "a pawn needs a free seat"
        self.boats[boat]["pawns"][(colour, rank)] += 1

    def take_pawn(self, boat, colour, rank):
        assert self.boats[boat]["pawns"][(colour, rank)] > 0, "that pawn is not in that boat"
        self.boats[boat]["pawns"][(colour, rank)] -= 1

    # -- events ----------------------------------------------------------------------------
    def see(self, e):
        getattr(self, "on_" + e["type"], lambda e: None)(e)

    def on_boat_placed(self, e):
        assert e["lane"] not in [b["lane"] for b in self.boats.values()]
        assert e["island"] == ISLAND_OF_LANE[e["lane"]]
        self.boats[e["boat"]] = {"lane": e["lane"], "row": 0, "pawns": Counter(), "leaks": 0}

    def on_pawn_seated(self, e):
        assert self.hand[e["seat"]][e["rank"]] > 0
        self.hand[e["seat"]][e["rank"]] -= 1
        self.add_pawn(e["boat"], COLOURS[e["seat"]], e["rank"])

    def on_turn_started(self, e):
        self.turns += 1
        assert self.turns == e["turn"]
        assert not any(self.hand[s][r] for s in range(self.n) for r in ("officer", "sailor"))
        if self.start is not None:
            assert e["start_player"] == self.start
        self.start = e["start_player"]
        self.left, self.boarded, self.turns_taken = [], 0, 0

    def on_start_player_passed(self, e):
        assert e["seat"] == (self.start + 1) % self.n  # D12
        self.start = e["seat"]

    def on_phase_skipped(self, e):
        if e["phase"] == "leak":
            assert self.supply == 0  # A3
        else:
            assert len(self.water()) < 2  # E18

    def on_ballot_opened(self, e):
        if e["kind"] in ("leak", "move"):
            assert e["options"] == self.water() and e["voters"] == list(range(self.n))
            assert e["weights"] == [1] * self.n
        else:
            boat = self.boats[e["boat"]]
            assert self.used(e["boat"]) == SEATS
            colours = self.colours_in(e["boat"])
            assert e["options"] == colours  # black never: it has no pawns (E9)
            assert e["voters"] == [COLOURS.index(c) for c in colours]
            assert e["weights"] == [sum(WEIGHT[r] * k for (c, r), k in boat["pawns"].items()
                                        if c == colour) for colour in colours]
        assert len(e["options"]) >= 2  # E4: single-option ballots are not held
        self.ballot = e

    def on_ballot_revealed(self, e):
        b = self.ballot
        votes = {v["seat"]: (v["choice"], v["weight"]) for v in e["votes"]}
        assert sorted(votes) == b["voters"] and e["options"] == b["options"]
        hats = [s for s in b["voters"] if votes[s][0] == "hat"]
        for s in hats:
            self.hats_spent[s] += 1
            assert self.hats_spent[s] <= HATS, "a hat was played with none left"
        assert e["hats"] == hats and e["hats_cancelled"] == (len(hats) >= 2)
        tally = {o: 0 for o in b["options"]}
        for s, (choice, weight) in votes.items():
            assert weight == b["weights"][b["voters"].index(s)]
            if choice != "hat":
                tally[choice] += weight
        assert e["tally"] == [[o, tally[o]] for o in b["options"]]
        best = max(tally.values())
        top = [o for o in b["options"] if tally[o] == best]
        if len(hats) == 1:  # the lone captain picks from all options
            decider, choices, resolution = hats[0], b["options"], "captain"
        elif len(hats) == len(b["voters"]):  # D7: every voter played a hat
            if self.edition == "1993":
                decider, choices, resolution = None, [], "revote"
            else:
                decider, choices, resolution = self.start, b["options"], "all_hats"
        elif len(top) == 1:
            decider, choices, resolution = None, top, "majority"
        else:  # the start player picks among the tied options only
            decider, choices, resolution = self.start, top, "tie_break"
        assert e["resolution"] == resolution
        self.reveal = (resolution, decider, choices)

    def on_outcome(self, e):
        if e["resolution"] == "single_option":
            assert e["kind"] != "eject" or self.colours_in(e["boat"]) == [e["choice"]]
            if e["kind"] != "eject":
                assert self.water() == [e["choice"]]
        else:
            resolution, decider, choices = self.reveal
            assert e["resolution"] == resolution
            assert e["decided_by"] == decider and e["choice"] in choices
        self.ballot = None
        self.expect = e

    def on_leak_placed(self, e):
        boat = e["boat"]
        if self.expect["kind"] == "leak":
            assert self.expect["choice"] == boat and self.used(boat) < SEATS
        else:  # after an ejection the leak takes the ejected pawn's seat
            assert self.expect["kind"] == "eject" and self.expect["boat"] == boat
        assert self.supply > 0
        self.supply -= 1
        self.boats[boat]["leaks"] += 1
        assert self.used(boat) <= SEATS
        assert e["leaks"] == self.boats[boat]["leaks"] and e["supply"] == self.supply

    def on_boat_full(self, e):
        assert self.expect["kind"] == "leak" and self.expect["choice"] == e["boat"]
        assert self.used(e["boat"]) == SEATS

    def on_pawn_ejected(self, e):
        x = self.expect
        assert x["kind"] == "eject" and x["boat"] == e["boat"] and x["choice"] == e["colour"]
        pawns = self.boats[e["boat"]]["pawns"]
        has = [r for r in ("officer", "sailor") if pawns[(e["colour"], r)] > 0]
        if self.edition == "2009" or len(has) == 1:
            assert e["rank"] == ("sailor" if "sailor" in has else "officer") and e["forced"]
        self.take_pawn(e["boat"], e["colour"], e["rank"])
        self.drowned[e["seat"]] += 1

    def on_boat_moved(self, e):
        assert self.expect["kind"] == "move" and self.expect["choice"] == e["boat"]
        self.boats[e["boat"]]["row"] += 1
        assert e["row"] == self.boats[e["boat"]]["row"]

    def on_boat_landed(self, e):
        b = self.boats.pop(e["boat"])
        assert b["row"] == self.rows
        island = ISLAND_OF_LANE[b["lane"]]
        for (colour, rank), k in b["pawns"].items():
            self.landed += [(COLOURS.index(colour), rank, island)] * k
        self.supply += b["leaks"]
        self.landing_order.append(e["boat"])
        assert e["landing_place"] == len(self.landing_order)
        self.gone[e["boat"]] = "landed"

    def on_boat_sank(self, e):
        b = self.boats[e["boat"]]
        assert b["leaks"] > sum(b["pawns"].values()), "only an overloaded boat sinks"
        for (colour, _), k in b["pawns"].items():
            self.drowned[COLOURS.index(colour)] += k
        self.supply += b["leaks"]
        del self.boats[e["boat"]]
        self.gone[e["boat"]] = "sunk"

    def may_leave(self, seat):
        closed = [x[1] for x in self.left]
        return [(c, r) for c in self.water() if c not in closed
                for (colour, r), k in self.boats[c]["pawns"].items()
                if colour == COLOURS[seat] and k > 0]

    def leaver(self, seat):
        """Step A goes once round the table clockwise from the start player."""
        assert len(self.water()) >= 2  # E18
        assert self.boarded == 0 and self.turns_taken < self.n
        assert seat == (self.start + self.turns_taken) % self.n
        self.turns_taken += 1

    def on_pawn_left(self, e):
        self.leaver(e["seat"])
        assert (e["boat"], e["rank"]) in self.may_leave(e["seat"])  # E16
        self.take_pawn(e["boat"], e["colour"], e["rank"])
        self.left.append((e["seat"], e["boat"], e["rank"]))

    def on_swim_skipped(self, e):
        self.leaver(e["seat"])
        assert not self.may_leave(e["seat"]), "a player who can leave must (E15)"

    def swimmer(self):
        assert self.boarded < len(self.left)
        return self.left[len(self.left) - 1 - self.boarded]  # reverse leaving order

    def on_pawn_boarded(self, e):
        seat, left, rank = self.swimmer()
        assert (e["seat"], e["rank"]) == (seat, rank) and e["boat"] != left  # E17
        self.add_pawn(e["boat"], COLOURS[seat], rank)
        self.boarded += 1

    def on_pawn_drowned(self, e):
        assert e["reason"] in ("swim", "sank", "ejected")
        if e["reason"] == "swim":
            seat, left, rank = self.swimmer()
            assert (e["seat"], e["rank"], e["boat"]) == (seat, rank, left)
            assert all(self.used(c) == SEATS for c in self.water() if c != left)
            self.drowned[seat] += 1
            self.boarded += 1

    # -- whole-state checks ------------------------------------------------------------------
    def scores(self):
        totals = [0] * self.n
        for seat, rank, island in self.landed:
            totals[seat] += VALUES[island][rank]
        return totals

    def winners(self):
        scores = self.scores()
        tied = [s for s in range(self.n) if scores[s] == max(scores)]
        if len(tied) == 1:
            return tied
        own = [s for s in tied if COLOURS[s] in self.landing_order]
        if own:
            return [min(own, key=lambda s: self.landing_order.index(COLOURS[s]))]
        first = [c for c in self.landing_order if c != "black"]
        if self.edition == "1993" and first:
            owner = COLOURS.index(first[0])
            return [next(s for s in ((owner + k) % self.n for k in range(1, self.n + 1))
                         if s in tied)]
        return tied

    def check(self, g, mid_swim):
        s = g.state
        state_boats = {b["colour"]: b for b in s["boats"] if b["status"] == "water"}
        assert sorted(state_boats) == sorted(self.boats)
        for colour, b in self.boats.items():
            engine_b = state_boats[colour]
            assert Counter((p["colour"], p["rank"]) for p in engine_b["pawns"]) == +b["pawns"]
            assert (engine_b["leaks"], engine_b["row"], engine_b["lane"]) == (
                b["leaks"], b["row"], b["lane"])
            assert self.used(colour) <= SEATS, "never more than 6 seats"
            if not mid_swim:  # D9/E14: after every phase, no boat has more leaks than pawns
                assert b["leaks"] <= self.pawn_count(colour)
        for colour, fate in self.gone.items():
            assert next(b for b in s["boats"] if b["colour"] == colour)["status"] == fate
        swimming = [x[0] for x in self.left[:len(self.left) - self.boarded]]
        for seat in range(self.n):
            on_boats = sum(k for b in self.boats.values()
                           for (c, _), k in b["pawns"].items() if c == COLOURS[seat])
            total = (on_boats + swimming.count(seat) + sum(1 for x in self.landed if x[0] == seat)
                     + self.drowned[seat] + sum(self.hand[seat].values()))
            assert total == sum(DEALT[self.n].values()), "pawns conserved"
        assert self.supply + sum(b["leaks"] for b in self.boats.values()) == SUPPLY
        view = g.view(None)
        assert view["scores"] == self.scores()
        assert view["drowned"] == self.drowned
        assert view["hats_spent"] == self.hats_spent
        assert view["hats_left"] == [HATS - h for h in self.hats_spent]
        assert view["supply"] == self.supply
        assert view["landing_order"] == self.landing_order
        assert self.turns <= self.rows * (self.n + 1), "the game always ends (§4.6)"


def play(seed, n, edition, rows):
    g = engine.new_game("lifeboats", NAMES[:n], seed=seed,
                        options={"edition": edition, "rows": rows})
    oracle = Oracle(n, edition, rows)
    rng = random.Random(seed)
    while not g.over:
        seat = rng.choice(g.waiting_for())
        for e in g.act(seat, rng.choice(g.legal_actions(seat))):
            oracle.see(e)
        oracle.check(g, mid_swim=g.state["step"] in ("leave", "board"))
    assert not oracle.boats, "the game ends when no boat is left on the water (§4.2)"
    result = g.result()
    assert result["scores"] == oracle.scores()
    assert result["winners"] == oracle.winners()
    assert [x["boat"] for x in result["landing_order"]] == oracle.landing_order
    for seat, row in enumerate(result["breakdown"]):
        own = COLOURS[seat]
        fate = oracle.gone[own]
        assert row["own_boat"] == (oracle.landing_order.index(own) + 1 if fate == "landed"
                                   else "sunk")
        assert row["drowned"] == oracle.drowned[seat]
    return oracle


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(3, 6),
       edition=st.sampled_from(["2009", "1993"]), rows=st.integers(2, 5))
def test_random_playouts_agree_with_an_independent_oracle(seed, n, edition, rows):
    play(seed, n, edition, rows)


def test_the_oracle_sees_the_interesting_cases_over_fixed_seeds():
    """The random playouts above are only worth something if they reach the rare rules."""
    seen = Counter()
    for seed in range(20):
        n, edition = 3 + seed % 4, ("2009", "1993")[seed % 2]
        g = engine.new_game("lifeboats", NAMES[:n], seed=seed, options={"edition": edition})
        oracle = Oracle(n, edition, 3)
        rng = random.Random(seed)
        while not g.over:
            seat = rng.choice(g.waiting_for())
            for e in g.act(seat, rng.choice(g.legal_actions(seat))):
                oracle.see(e)
                seen[e["type"]] += 1
                if e["type"] in ("ballot_revealed", "outcome", "pawn_drowned"):
                    seen[e["type"] + ":" + str(e.get("resolution", e.get("reason")))] += 1
            oracle.check(g, mid_swim=g.state["step"] in ("leave", "board"))
    for kind in ("ballot_revealed:captain", "ballot_revealed:tie_break", "ballot_revealed:revote",
                 "ballot_revealed:all_hats", "ballot_revealed:majority", "pawn_ejected",
                 "boat_sank", "boat_landed", "pawn_drowned:swim", "pawn_drowned:ejected",
                 "swim_skipped", "outcome:single_option"):
        assert seen[kind], kind
