"""A Lifeboats bot that plays its own colour: it weighs every boat by what its pawns would score
there and how likely the boat is to land, against what the other players' pawns would score.

Every decision is one step of look-ahead on that estimate: the leak goes where it hurts the bot
least (best: sinks or cuts down others' pawns), the move where it gains most (best: lands its
own pawns), pawns sit and swim toward boats likely to land on rich islands, ejections name
another colour (the leader's first), and a hat is spent only when the ballot is worth it.

In a vote it does not take the others for random voters: it expects each of them to vote for
what is best for their own colour (the same estimate, from their side), and votes where its
ballot changes the outcome for the better; it spends a hat when the outcome it would get that
way is far from the best one. Each bot has a mind (engine.bot.Mind: a temperament from the data
file's `bot_minds`, and its lasting likes and dislikes of the other colours) and a memory of
the revealed ballots in the public log: it counts against it those who voted to leak, eject or
hold back its boat, and a vengeful bot weighs their pawns down more; a reckless one spends its
hats sooner, a cautious one later.
Everything it reads is public (the only secret in the game is another seat's vote).
"""
from engine.bot import Mind
from engine.lifeboats.data import DATA

_MINDS = DATA["bot_minds"]

# Chance of landing by rows still to go (one boat moves per turn, so far boats wait long).
_ROWS_LEFT = {0: 1.0, 1: 0.8, 2: 0.6, 3: 0.45, 4: 0.35, 5: 0.25}
# Chance of staying afloat by margin = pawns - leaks (a boat sinks when leaks > pawns).
_MARGIN = {-1: 0.0, 0: 0.35, 1: 0.6, 2: 0.8}

# Seconds a person takes (at --bot-delay 1).
_PACE = {"place_boat": 2.0, "place_black": 2.0, "place_pawn": 1.2, "call_vote": 4.0,
         "vote": 2.5, "captain": 2.0, "break_tie": 2.0, "eject": 1.5, "leave": 2.0,
         "board": 1.5}


class Position:
    """The public board seen as numbers: who gains what where."""

    def __init__(self, view, seat=None, mind=None, hurt=None):
        me = view["me"]
        self.seat = me["seat"] if seat is None else seat
        self.me = view["colours"][self.seat]
        self.rows = view["rows"]
        self.values = {i["island"]: i["values"] for i in view["islands"]}
        self.boats = {b["colour"]: b for b in view["boats"]}
        colours = view["colours"]
        scores = view["scores"]
        others = [s for s in range(len(colours)) if s != self.seat]
        leader = max(others, key=lambda s: scores[s]) if others else None
        # What a point of each colour is worth to the bot: its own +1, others shared -1, the
        # best of the others counts a little more (the bot must beat them).
        self.weight = {}
        for s, colour in enumerate(colours):
            if s == self.seat:
                self.weight[colour] = 1.0
            else:
                self.weight[colour] = -(1.0 / len(others)) - (0.35 if s == leader else 0.0)
                if mind is not None:
                    # Its mind: a grudge against those who voted against it, a fancy.
                    self.weight[colour] -= (0.08 * mind["grudge"] * (hurt or {}).get(s, 0)
                                            + 0.1 * mind["whim"] * mind.fancy(s))

    def value(self, boat, pawns=None):
        """The bot's weighted points if `boat` (with `pawns`) landed."""
        vals = self.values[boat["island"]]
        return sum(self.weight[p["colour"]] * vals[p["rank"]]
                   for p in (boat["pawns"] if pawns is None else pawns))

    def chance(self, row, pawns, leaks):
        if pawns == 0 and leaks > 0:
            return 0.0
        left = _ROWS_LEFT.get(self.rows - row, 0.2)
        margin = _MARGIN.get(min(2, max(-1, pawns - leaks)), 0.8)
        if pawns + leaks >= 6:
            margin *= 0.9     # full: the next leak ejects someone
        return left * margin

    def worth(self, boat, pawns=None, leaks=None, row=None):
        pawns = boat["pawns"] if pawns is None else pawns
        leaks = boat["leaks"] if leaks is None else leaks
        row = boat["row"] if row is None else row
        if leaks > len(pawns):
            return 0.0
        if row >= self.rows:
            return self.value(boat, pawns)
        return self.chance(row, len(pawns), leaks) * self.value(boat, pawns)

    def base(self, colour):
        return self.worth(self.boats[colour])

    def after_leak(self, colour):
        """How the boat's worth changes when it takes a leak."""
        boat = self.boats[colour]
        pawns = list(boat["pawns"])
        if len(pawns) + boat["leaks"] >= 6:
            # Full: the heaviest voters eject someone else; expect a pawn of the colour with
            # least weight aboard to go (a sailor first).
            victim = self.eject_victim(pawns)
            pawns.remove(victim)
        return self.worth(boat, pawns, boat["leaks"] + 1) - self.base(colour)

    def eject_victim(self, pawns):
        weights = {}
        for p in pawns:
            weights[p["colour"]] = weights.get(p["colour"], 0) + (2 if p["rank"] == "officer" else 1)
        colour = min(weights, key=lambda c: (weights[c], c != self.me))
        mine = [p for p in pawns if p["colour"] == colour]
        return next((p for p in mine if p["rank"] == "sailor"), mine[0])

    def after_move(self, colour):
        boat = self.boats[colour]
        return self.worth(boat, row=boat["row"] + 1) - self.base(colour)

    def with_pawn(self, colour, rank, sign=1):
        """Worth gained by adding (sign 1) or losing (sign -1) one of the bot's pawns there."""
        boat = self.boats[colour]
        pawns = list(boat["pawns"])
        mine = {"colour": self.me, "rank": rank}
        if sign > 0:
            pawns.append(mine)
        else:
            pawns.remove(mine)
        return self.worth(boat, pawns) - self.base(colour)


class LifeboatsBot:
    def choose(self, view, legal, events, rng):
        kind = legal[0]["type"]
        mind = Mind(rng, view["me"]["seat"], _MINDS)
        pos = Position(view, mind=mind, hurt=_memory(view, events))
        if kind in ("place_boat", "place_black"):
            return self._lane(view, legal, kind, rng)
        if kind == "place_pawn":
            return self._best(legal, lambda a: pos.with_pawn(a["boat"], a["rank"])
                              + (0.5 if a["rank"] == "officer" else 0), rng)
        if kind == "call_vote":
            return legal[0]
        if kind == "vote":
            return self._vote(view, legal, pos, rng, mind)
        if kind in ("captain", "break_tie"):
            ballot = view.get("ballot") or {}
            return self._best(legal, lambda a: self._gain(pos, ballot.get("kind"), a["choice"],
                                                           view), rng)
        if kind == "eject":
            return next((a for a in legal if a["rank"] == "sailor"), legal[0])
        if kind == "leave":
            return self._best(legal, lambda a: self._leave_gain(pos, a), rng)
        if kind == "board":
            return self._best(legal, lambda a: pos.with_pawn(a["boat"], self._swimmer_rank(view)),
                              rng)
        return rng.choice(legal)

    def pace(self, view, legal, action):
        return _PACE.get(action["type"], 1.5)

    # -- decisions --------------------------------------------------------------------
    @staticmethod
    def _best(legal, score, rng):
        scored = [(score(a), i) for i, a in enumerate(legal)]
        best = max(s for s, _ in scored)
        # Near-equal options are a person's coin toss.
        near = [legal[i] for s, i in scored if s >= best - 1e-6]
        return rng.choice(near)

    @staticmethod
    def _lane(view, legal, kind, rng):
        # The richest island for its own boat; black belongs to nobody, but a rich island
        # helps whoever fills it, the bot included, so black goes there too.
        island_of = {lane["lane"]: lane["island"] for lane in view["lanes"]}
        values = {i["island"]: i["values"]["officer"] for i in view["islands"]}
        return LifeboatsBot._best(legal, lambda a: values[island_of[a["lane"]]], rng)

    @staticmethod
    def _gain(pos, kind, colour, view):
        if kind == "leak":
            return pos.after_leak(colour)
        if kind == "eject":
            return LifeboatsBot._eject_gain(pos, view, colour)
        return pos.after_move(colour)

    @staticmethod
    def _eject_gain(pos, view, colour):
        if colour == pos.me:
            return -100.0
        seat = view["colours"].index(colour)
        return view["scores"][seat] + 0.1 * (7 - seat)

    def _vote(self, view, legal, pos, rng, mind):
        ballot = view["ballot"]
        kind = ballot["kind"]
        choices = [a for a in legal if a["choice"] != "hat"]
        gains = {a["choice"]: self._gain(pos, kind, a["choice"], view) for a in choices}
        best = max(gains.values())
        # What the others will vote, each for its own colour's best.
        tally = dict.fromkeys(gains, 0)
        for voter, weight in zip(ballot["voters"], ballot["weights"]):
            if voter != pos.seat:
                theirs = Position(view, seat=voter)
                vote = max(gains, key=lambda c: (self._gain(theirs, kind, c, view), c))
                tally[vote] += weight
        mine = ballot["weights"][ballot["voters"].index(pos.seat)]
        start = view["me"].get("is_start_player")

        def outcome(choice):
            counts = dict(tally)
            counts[choice] += mine
            top = max(counts.values())
            tied = [c for c in counts if counts[c] == top]
            if start:
                return max(gains[c] for c in tied)
            return sum(gains[c] for c in tied) / len(tied)
        expected = {c: outcome(c) for c in gains}
        plain = max(expected.values())
        hat = next((a for a in legal if a["choice"] == "hat"), None)
        if hat is not None and kind != "eject":
            # A hat buys the best outcome (unless another hat cancels it). Spend it when the
            # plain vote leaves much on the table, more easily late in the game (unused hats
            # are worth nothing at the end) and as its temperament says.
            hats = view["me"]["hats_left"]
            afloat = sum(1 for b in view["boats"] if b["status"] == "water")
            threshold = (5.0 if afloat > 3 else 3.5) - 0.75 * mind["risk"]
            if hats >= 3:
                threshold -= 1.0
            if best - plain >= threshold:
                return hat
        near = [a for a in choices if expected[a["choice"]] >= plain - 1e-6]
        # Among votes that lead to the same outcome, the one it likes best.
        top = max(gains[a["choice"]] for a in near)
        return rng.choice([a for a in near if gains[a["choice"]] >= top - 1e-6])

    @staticmethod
    def _swimmer_rank(view):
        swim = view.get("swim") or {}
        seat = view["me"]["seat"]
        mine = [s for s in swim.get("swimmers", []) if s["seat"] == seat]
        return mine[-1]["rank"] if mine else "sailor"

    @staticmethod
    def _leave_gain(pos, action):
        out = pos.with_pawn(action["boat"], action["rank"], sign=-1)
        others = [c for c, b in pos.boats.items()
                  if b["status"] == "water" and c != action["boat"] and b["free_seats"]]
        into = max((pos.with_pawn(c, action["rank"]) for c in others), default=-50.0)
        return out + into


def _memory(view, events):
    """{seat: how often it voted against my colour}: a leak or an ejection of my colour, from
    the revealed ballots of the public log and the last one on the board."""
    me, colour = view["me"]["seat"], view["me"]["colour"]
    hurt, seen = {}, set()
    for record in [e for e in events if e.get("type") == "ballot_revealed"] + [
            view.get("last_reveal") or {}]:
        key = (record.get("turn"), record.get("kind"), record.get("boat"), record.get("round"))
        if not record.get("votes") or key in seen:
            continue
        seen.add(key)
        if record.get("kind") not in ("leak", "eject"):
            continue
        for vote in record["votes"]:
            if vote["seat"] != me and vote["choice"] == colour:
                hurt[vote["seat"]] = hurt.get(vote["seat"], 0) + 1
    return hurt


BOT = LifeboatsBot()
