"""A Galèrapagos bot that cooperates while the group can still get off the island.

The island cannot feed everyone for long (a castaway eats and drinks more than one action
brings in), so the bot plans for the raft the group can really fill: one place more than half
the table. In its step it does what that departure lacks most (water on a rainy day with a meal
to spare, fish, or wood with a sensible gamble; on the hurricane's day whatever limits the
boarding most), plays its tools at once, plays its rations when they are short and the group is
not above the plan (else it keeps them for a day when only cards save anyone), throws every
ration on the counters the night the raft must leave.

Each bot has a mind (engine.bot.Mind): a temperament from the data file's `bot_minds`
(cautious, greedy, vengeful, loyal, reckless) and lasting likes and dislikes of the others,
and a memory read from the public log and its own records: who voted to sacrifice it, shot at
it or robbed it, who gave it cards, who voted as it did. In a sacrifice vote it names the
castaway it would most readily give up: the weakest link (sick, resting, no tools), those it
holds a grudge against and those it dislikes, not those who helped it, never itself; so two
bots seeing the same table seldom vote as a bloc. It shoots only when named (or when the
hurricane names it) and votes to leave as soon as it may. It plays its one-shot cards: the
barometer, flashlight and spyglass at the start of its step, the pendulum to make another
castaway do what the raft lacks, the alarm clock at evening for itself, the sleeping pills on
those it resents (a greedy bot on the fullest hands), places a revolver when it has been
threatened, and gives its useless cards to those it likes.
Everything it reads is its own phone's view: counters, public facts, its own hand.
"""
from math import ceil

from engine.bot import Mind, coin, of_type, pick
from engine.galerapagos.data import CARDS, DATA

_MINDS = DATA["bot_minds"]
_USELESS = frozenset(c for c, spec in CARDS.items() if spec["kind"] == "useless")

_FISH = 10 / 6        # mean fish of one ball (1, 1, 2, 2, 3 and the black 1)
_DROPS = 19 / 13      # mean drops of a weather card
_WATER_CARDS = {"water_bottle": 1, "coconut": 3, "stagnant_water": 1}
_FOOD_CARDS = {"sandwich": 1, "sardines": 3, "rotten_fish": 1}
_RATIONS = {"water": _WATER_CARDS, "food": _FOOD_CARDS}
_TOOLS = ("flask", "fishing_rod", "axe", "club", "crystal_ball")

_PACE_INSTANT = 0.15
_PACE = {"vote": 3.0, "choose": 2.5, "fish": 1.5, "collect_water": 1.5, "wood": 2.5,
         "search": 1.5, "shoot": 3.5, "give": 2.0, "play": 1.5}


class Table:
    """The bot's seat's picture of the island."""

    def __init__(self, view, events=(), rng=None):
        self.view = view
        self.me = view["me"]["seat"]
        self.mind = Mind(rng, self.me, _MINDS)
        self.hand = list(view["me"]["hand"])
        self.n = len(view["players"])
        self.cast = view["castaways"]
        self.living = [c["seat"] for c in self.cast if c["alive"]]
        self.L = len(self.living)
        self.water, self.food = view["water"], view["food"]
        self.wood, self.places = view["wood"], view["places"]
        mine = self.cast[self.me]
        self.faceup = set(mine["faceup"])
        # The raft the group plans for: more than half the table, everyone it already fits.
        # One place more than half the table: someone always dies on the way.
        self.target = min(self.L, max(ceil(self.n / 2) + 1, self.places))
        self.hurt, self.helped = _memory(view, events, self.me)
        self.received = {card for r in view["me"].get("records") or []
                         if r.get("kind") == "received" for card in r.get("cards") or []}

    def rations_in_hand(self, resource):
        return sum(_RATIONS[resource].get(card, 0) for card in self.hand)

    def grudge(self, seat):
        """How much this bot would rather see `seat` go: its memory and its mind."""
        m = self.mind
        return (m["grudge"] * self.hurt.get(seat, 0) - m["loyalty"] * self.helped.get(seat, 0)
                - m["whim"] * 1.5 * m.fancy(seat))


def _memory(view, events, me):
    """({seat: harm done to me}, {seat: help given to me}) from the public log, the turn's
    revealed ballots and my own records: a vote to sacrifice me, a shot at me, a theft from
    me; a card given to me, a vote cast as mine in the same ballot."""
    hurt, helped = {}, {}
    ballots, seen = [], set()
    for ballot in ([e for e in events if e.get("type") == "reveal"]
                   + [r["ballot"] for r in view.get("ballots") or [] if r.get("ballot")]
                   + [view.get("last_vote") or {}]):
        votes = ballot.get("votes")
        if not votes or ballot.get("kind") == "departure":
            continue
        key = (ballot.get("kind"), tuple(tuple(v) for v in votes))
        if key not in seen:
            seen.add(key)
            ballots.append(dict(votes))
    for votes in ballots:
        mine = votes.get(me)
        for voter, choice in votes.items():
            if voter == me:
                continue
            if choice == me:
                hurt[voter] = hurt.get(voter, 0) + 1
            elif mine is not None and choice == mine:
                helped[voter] = helped.get(voter, 0) + 0.3
    for e in events:
        kind = e.get("type")
        if kind == "shot" and e.get("target") == me:
            hurt[e["seat"]] = hurt.get(e["seat"], 0) + 3
        elif kind == "theft" and e.get("from") == me:
            hurt[e["seat"]] = hurt.get(e["seat"], 0) + 1.5
    for r in view["me"].get("records") or []:
        if r.get("kind") == "received" and r.get("source") is not None:
            helped[r["source"]] = helped.get(r["source"], 0) + len(r.get("cards") or [1])
    return hurt, helped


class GalerapagosBot:
    def choose(self, view, legal, events, rng):
        t = Table(view, events, rng)
        stage = view.get("stage") or {}
        types = {a["type"] for a in legal}
        interrupt = view.get("interrupt")
        if interrupt and interrupt.get("seat") == t.me:
            return self._interrupt(interrupt, legal)
        if "vote" in types:
            return self._vote(t, view, legal, events, rng)
        if "choose" in types:
            return self._choose(t, view, legal, events, rng)
        vote = stage.get("vote") or {}
        if vote.get("named") == t.me:
            return self._named(t, stage, legal, rng)
        if stage.get("kind") == "step" and stage.get("seat") == t.me and (
                types & {"fish", "collect_water", "wood", "search"}):
            return self._step(t, view, legal, rng)
        return self._window(t, view, stage, legal, rng)

    def pace(self, view, legal, action):
        if action["type"] == "pass":
            return _PACE_INSTANT          # "ready" in a window: nobody waits on a bot
        return _PACE.get(action["type"], 1.5)

    # -- answers ------------------------------------------------------------------------
    @staticmethod
    def _interrupt(interrupt, legal):
        card = "antivenom" if interrupt["kind"] == "bite" else "metal_sheet"
        return pick(legal, type="play", card=card) or pick(legal, type="pass") or legal[0]

    def _named(self, t, stage, legal, rng):
        """Named by a vote: save myself with my own ration, the basket, the conch, and only
        then the revolver; else accept."""
        resource = stage.get("resource")
        saves = [a for a in of_type(legal, "play") if a.get("use") == "save"]
        safe = [a for a in saves if a["card"] not in ("stagnant_water", "rotten_fish")
                or a.get("matches")]
        for options in (safe, saves):
            if options:
                return options[0]
        for card in ("fruit_basket", "conch"):
            action = pick(legal, type="play", card=card)
            if action and (card != "fruit_basket" or resource):
                return action
        shots = of_type(legal, "shoot")
        if shots:
            return max(shots, key=lambda a: self._blame(t, a["target"], (), rng))
        return pick(legal, type="pass") or legal[0]

    # -- votes ------------------------------------------------------------------------
    def _weakness(self, t, seat, events=()):
        """How readily the group would give up `seat`: higher is weaker."""
        c = t.cast[seat]
        score = 0.0
        if c["sick"] or c["resting"]:
            score += 3
        # A face-up tool dies with its owner (only a revolver is passed on): a tool holder is
        # the last one the group gives up, whatever a bot's fancies (measured: 8 castaways
        # escaped 77% -> 79% of 400 games when this weighed 2 instead of 4).
        score -= 4 * sum(1 for card in c["faceup"] if card in _TOOLS)
        score -= 0.2 * c["hand_size"]
        # A shooter or a thief is the table's enemy.
        for e in events:
            if e.get("type") in ("shot", "theft") and e.get("seat") == seat:
                score += 4
        return score + seat * 0.001

    def _blame(self, t, seat, events, rng, support=None):
        """How readily this bot gives up `seat`: the weakest link, its grudges and dislikes,
        what others voted when it can see it (the crystal ball), and a little chance."""
        return (self._weakness(t, seat, events) + t.grudge(seat)
                + 1.5 * (support or {}).get(seat, 0) + 0.8 * coin(rng))

    def _vote(self, t, view, legal, events, rng):
        leave = [a for a in legal if "leave" in a]
        if leave:
            return pick(legal, type="vote", leave=True) or leave[0]
        votes = of_type(legal, "vote")
        targets = [a for a in votes if a["target"] != t.me] or votes
        # Others' choices when the bot can see them (the crystal ball).
        ballot = (view.get("stage") or {}).get("vote", {}).get("ballot") or {}
        support = {}
        for voter, choice in ballot.get("others") or []:
            support[choice] = support.get(choice, 0) + 1
        return max(targets, key=lambda a: self._blame(t, a["target"], events, rng, support))

    def _choose(self, t, view, legal, events, rng):
        leave = pick(legal, type="choose", leave=True)
        if leave:
            return leave
        chooses = of_type(legal, "choose")
        targets = [a for a in chooses if a.get("target") != t.me] or chooses
        return max(targets, key=lambda a: self._blame(t, a["target"], events, rng))

    # -- the action step ---------------------------------------------------------------
    def _step(self, t, view, legal, rng):
        for card in ("flask", "fishing_rod", "axe", "club", "crystal_ball", "coffee", "plank",
                     "barometer", "flashlight"):
            action = pick(legal, type="play", card=card)
            if action and "target" not in action and "use" not in action:
                return action
        action = self._cards(t, view, legal, rng)
        if action:
            return action
        drops = view["weather"]["drops"] * (2 if "flask" in t.faceup else 1)
        fish = _FISH * (2 if "fishing_rod" in t.faceup else 1)
        wood = (2 if "axe" in t.faceup else 1) + 1.3
        T, L = t.target, t.L
        water = t.water + t.rations_in_hand("water")
        food = t.food + t.rations_in_hand("food")
        # A counter at zero when the meal comes kills everyone nobody covers: refill it first.
        if water == 0 and drops > 0 and pick(legal, type="collect_water"):
            return pick(legal, type="collect_water")
        if food == 0 and pick(legal, type="fish"):
            return pick(legal, type="fish")
        if view["hurricane_out"]:
            # The last day: the raft leaves tonight with as many as places, water and food
            # allow after this meal; lift the lowest of the three.
            lows = {"collect_water": (water - L) if drops > 0 else 99,
                    "fish": food - L, "wood": t.places + (t.wood + wood) // 6}
            kind = min(lows, key=lambda k: (lows[k], k))
            if kind == "wood" and of_type(legal, "wood"):
                return self._gamble(t, view, of_type(legal, "wood"))
            if pick(legal, type=kind):
                return pick(legal, type=kind)
        # What the planned departure still lacks, counted in actions: this turn's meal for
        # everyone alive, the travel rations of those who will board, and their places. Water
        # keeps a meal to spare (a dry day may follow, and a counter at zero when the meal
        # comes kills everyone nobody covers), food half a meal; once the hurricane may come
        # (the last six weather cards), one more meal of each.
        spare = L if view["weather_left"] <= 6 else 0
        need_water = max(0, L + T + L + spare - water)
        need_food = max(0, L + T + L / 2 + spare - food)
        need_wood = max(0, 6 * (T - t.places) - t.wood)
        choices = {}
        if pick(legal, type="collect_water") and drops > 0:
            choices["collect_water"] = need_water / _DROPS * (drops / _DROPS) ** 0.5
        if pick(legal, type="fish"):
            choices["fish"] = need_food / _FISH * (fish / _FISH)
        woods = of_type(legal, "wood")
        if woods:
            choices["wood"] = need_wood / 2.3 * (wood / 2.3) ** 0.5
        if not any(v > 0 for v in choices.values()):
            # Nothing lacks for the plan: more raft places let more castaways board; a greedy
            # castaway combs the wreck for itself instead.
            if t.mind["greed"] > 0 and pick(legal, type="search"):
                return pick(legal, type="search")
            if woods:
                choices["wood"] = 1.0
        kind = max(choices, key=lambda k: (choices[k], k)) if choices else None
        if kind == "wood" and woods:
            return self._gamble(t, view, woods)
        action = pick(legal, type=kind) if kind else None
        return action or pick(legal, type="search") or rng.choice(
            of_type(legal, "fish", "collect_water", "wood", "search") or legal)

    def _cards(self, t, view, legal, rng):
        """The one-shot cards a bot plays in its own step, before its action."""
        m = t.mind
        plays = of_type(legal, "play")
        revolver = pick(plays, card="revolver")
        if revolver and (m["risk"] > 0 or any(v >= 1 for v in t.hurt.values())):
            return revolver
        looks = [a for a in plays if a["card"] == "spyglass"]
        if looks:
            # Look into the fullest hand, of someone it distrusts first.
            return max(looks, key=lambda a: (t.cast[a["target"]]["hand_size"]
                                             + t.grudge(a["target"]), -a["target"]))
        pills = [a for a in plays if a["card"] == "sleeping_pills"]
        if pills:
            resent = {s for s in t.living if s != t.me and t.hurt.get(s, 0) >= 1}
            if m["greed"] > 0:
                resent |= {s for s in t.living if s != t.me and t.cast[s]["hand_size"] >= 3}
            wanted = [a for a in pills if set(a["targets"]) <= resent]
            if wanted:
                return max(wanted, key=lambda a: (len(a["targets"]), sorted(a["targets"])))
        forces = [a for a in plays if a["card"] == "pendulum"]
        if forces:
            kind = self._needed(t, view)
            fit = [a for a in forces if a["action"] == kind]
            if fit:
                return max(fit, key=lambda a: (-t.grudge(a["target"]), -a["target"]))
        return None

    @staticmethod
    def _needed(t, view):
        """The action the planned departure lacks most: water, food or wood."""
        water = t.water + t.rations_in_hand("water")
        food = t.food + t.rations_in_hand("food")
        need = {"collect_water": (t.L + t.target - water) / _DROPS
                if (view.get("weather") or {}).get("drops", 1) else -99,
                "fish": (t.L + t.target - food) / _FISH,
                "wood": (6 * (t.target - t.places) - t.wood) / 2.3}
        return max(need, key=lambda k: (need[k], k))

    @staticmethod
    def _gamble(t, view, woods):
        """Extra balls: two is the best bet (a bite costs next turn's action); more when the
        hurricane may come now, or with an anti-venom in hand."""
        extra = 2
        late = view["weather_left"] <= 5 or view["hurricane_out"]
        if "antivenom" in t.hand or late:
            extra = 3
        if t.cast[t.me]["sick"]:
            extra = 1
        extra = max(1, extra + t.mind["risk"])
        return min(woods, key=lambda a: abs(a["extra"] - extra))

    # -- windows ----------------------------------------------------------------------
    def _window(self, t, view, stage, legal, rng):
        kind = stage.get("kind")
        resource = stage.get("resource")
        # Rations go on the counter when they are short now.
        if kind == "survival" and resource and stage.get("short", 0) > 0:
            covers = [a for a in of_type(legal, "play") if a.get("use") == "cover"]
            if covers:
                return self._cover(t, covers)
            counter = [a for a in of_type(legal, "play") if a.get("use") == "counter"
                       and a["card"] in _RATIONS[resource]]
            # Above the planned raft, a castaway more is a mouth more: the card is kept for a
            # day when the counter is at zero and only cards save anyone.
            if counter and t.L <= t.target:
                return self._safest(counter)
            if resource == "water":
                mill = pick(legal, type="play", card="vegetable_mill")
                if mill and t.food - 2 >= t.L + stage["short"]:
                    return mill
            basket = pick(legal, type="play", card="fruit_basket")
            if basket and t.L <= t.target:
                return basket
        if kind == "evening" or view.get("hurricane_out"):
            for card in ("plank", "bbq_kit"):
                action = pick(legal, type="play", card=card)
                if action:
                    return action
            if view.get("hurricane_out") and kind in ("evening", "hurricane"):
                # The raft leaves tonight: every ration in hand may save a place aboard.
                counter = [a for a in of_type(legal, "play") if a.get("use") == "counter"]
                if counter:
                    return self._safest(counter)
            needs = view.get("departure_needs") or {}
            if needs and not needs.get("met") and t.places >= needs.get("living", 99):
                for res in ("water", "food"):
                    if (t.water if res == "water" else t.food) < needs["living"]:
                        counter = [a for a in of_type(legal, "play") if a.get("use") == "counter"
                                   and a["card"] in _RATIONS[res]]
                        if counter:
                            return self._safest(counter)
        if kind == "evening":
            alarm = pick(legal, type="play", card="alarm_clock", target=t.me)
            if alarm and not view.get("alarm_clock"):
                return alarm
        gift = self._gift(t, legal)
        if gift:
            return gift
        if kind == "dawn":
            doll = of_type([a for a in legal if a.get("card") == "voodoo_doll"], "play")
            if doll and self._bring_back(t, view):
                # Back with a castaway the raft's plan lacks: whom it owes most (who gave it
                # cards, voted as it did) and likes best first.
                return min(doll, key=lambda a: (t.grudge(a["target"]), a["target"]))
        return pick(legal, type="pass") or legal[0]

    @staticmethod
    def _bring_back(t, view):
        """Whether the voodoo doll should bring a castaway back this dawn. He comes back with
        no cards, acts today and eats tonight. Fewer than half the table alive can never leave
        as a group: as soon as tonight's meal covers him (the rations in its hand count). With
        just half alive, one death would end the plan: with a meal to spare. Otherwise when
        food and water cover tonight's meal and his travel rations."""
        water = t.water + t.rations_in_hand("water")
        food = t.food + t.rations_in_hand("food")
        meal, half = min(water, food), ceil(t.n / 2)
        if t.L < half:
            return meal >= t.L + 1
        if t.L == half:
            return meal >= t.L + 2
        return meal >= 2 * (t.L + 1)

    @staticmethod
    def _gift(t, legal):
        """A useless card to the castaway it likes most (a card it was given stays: gifts do
        not go round the table)."""
        if t.mind["give"] <= 0:
            return None
        gifts = [a for a in of_type(legal, "give")
                 if a["card"] in _USELESS and a["card"] not in t.received]
        if not gifts:
            return None
        best = min(gifts, key=lambda a: (t.grudge(a["to"]), a["to"], a["card"]))
        return best if t.grudge(best["to"]) < -t.mind["give"] else None

    @staticmethod
    def _safest(actions):
        return min(actions, key=lambda a: (a["card"] in ("stagnant_water", "rotten_fish")
                                           and not a.get("matches"), -len(a)))

    @staticmethod
    def _cover(t, covers):
        mine = [a for a in covers if t.me in a.get("for", [])]
        return GalerapagosBot._safest(mine or covers)


BOT = GalerapagosBot()
