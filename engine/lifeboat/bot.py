"""A Lifeboat bot that plays its own character's hand: it keeps itself and its secret friend
(Love card) alive, steers the boat's misfortunes toward its secret enemy (Hate card), and
keeps its loot.

It rows and keeps the navigation cards that spare itself and its friend and strike its enemy,
weighing each card by what it would do: the rescue if its bird is the last (wanted only when
it leads, as far as its own view tells), else the fall, sharks and thirst for each character
aboard, by how likely each dies or is hurt and what that death is worth to it (a share of a
rival's survival too: the highest total wins). As tonight's navigator it stacks every card it
rows;
drinks when thirsty and pours for its friend; uses its medical kit, and an unconscious
friend's own kit on him; fires the flare gun's birds when the rescue is near and the board
suits it; mugs only someone it can beat, its enemy first but not on the first day (a person
hides their hand a while); refuses a swap or mug it can win and agrees to the rest; joins a
fight on its friend's side or against its enemy when that side can win, and arms itself only
when that turns the fight.
As navigator it uses the compass when no card of the row stack suits it. It trades with its
friend: it offers him a water (a loyal bot anything it can spare) and accepts what he offers,
accepts any trade that leaves it better off with anyone but its enemy, and takes back an offer
nobody answered. A cautious bot shows a weapon to deter muggers once it has been hurt.

Each bot has a mind (engine.bot.Mind: a temperament from the data file's `bot_minds`, and its
lasting likes and dislikes) and a memory read from the public log: who mugged it, who fought
against it, who fought beside it or poured it water. It mugs and fights those who hurt it
sooner (a vengeful bot much sooner), spares those who helped it, and joins a fight on their
side when that side wins.
It guesses the others' Love and Hate from their public deeds (who pours water on whom, throws
him the preserver, fights at his side or against him, mugs him) and weighs a death by what it
pays or costs them, and its guess of who leads by it; a bird is worth more to it the more it
leads; it rests rather than rows when an oar card's thirst would knock it out and it holds no
water (unless it is tonight's navigator).
It reads only its own view: its cards, its secrets and the public board.
"""
from engine.bot import Mind, of_type, pick
from engine.lifeboat.data import CHARACTERS, DATA, PROVISIONS
from engine.lifeboat.scoring import loot

_MINDS = DATA["bot_minds"]
_WEAPONS = frozenset(k for k, spec in PROVISIONS.items() if spec.get("weapon_bonus"))

_LOOT = {"cash": "cash", "jewels": "jewels", "painting_3": "paintings",
         "painting_2": "paintings"}
_DRAFT = ["water", "knife", "gaffing_hook", "medical_kit", "blackjack", "life_preserver",
          "parasol", "flare_gun", "oar", "compass", "chum"]

# How much a rival's loss counts for me (the highest total wins): a share of his survival.
_RIVAL = 0.3
# A bird brings the rescue nearer: worth this much, plus this much per point I lead by (my
# guess), so a bot behind wants the voyage longer (tuning: benchmarks/lifeboat_paired.py).
_BIRD = 2.0
_BIRD_LEAD = 0.3
# What I read of the others' secret Love and Hate from what they did in public (who pours
# water on whom, throws him the preserver, fights at his side or against him): how much a
# death that pays or costs a rival by his guessed card counts, and whether my guess of each
# rival's score uses it.
_BELIEF = 0.3
_BELIEF_STAND = True
# Rest (no row) when a thirst would knock me out, I hold no water and I am not the navigator.
_REST = True
# A voyage this long (turns; bot tables end by turn 6 at the median, 21 at the 99th percentile)
# has gone on too long for a living room: from here a bot wants the rescue even when it trails,
# more each turn. Without it, a lone rower who trails sent the last seagull to the bottom of
# the deck every night, forever (seed 2234 of the head-to-head: thousands of turns).
_PATIENCE = 20
# A wound counts as this share of a death (in proportion to the wounds left).
_HURT = 0.5

# The draft: how a water ranks when I hold none (lower is first: my doubled loot 0, jewels
# 0.5/1.2, other loot 0.9..1.3, then the _DRAFT order from 1.0 by 0.3). Taken before every
# loot (0.8), it cost 9 points of games won (seeds 2500..2999, paired): loot, the knife and
# the gaffing hook come first.
_DRAFT_WATER = 1.6

_PACE = {"pick": 2.0, "nothing": 1.5, "row": 2.0, "place_row_card": 1.5, "swap": 3.0,
         "mug": 3.0, "medical_kit": 2.0, "medical_kit_his": 2.0, "flare": 2.5, "agree": 2.5,
         "fight": 2.5, "join": 2.0, "weapon": 1.5, "fire_flare": 1.5, "navigate": 3.0,
         "drink": 1.0, "pour": 1.5, "throw_preserver": 1.5, "chum": 2.0, "done": 0.15}


def _bonus(kind):
    return PROVISIONS.get(kind, {}).get("weapon_bonus") or 0


class Boat:
    """The bot's picture of the boat."""

    def __init__(self, view, events=(), rng=None):
        me = view["me"]
        self.view = view
        self.seat = me["seat"]
        self.mind = Mind(rng, self.seat, _MINDS)
        self.hurt, self.helped = _memory(view, events, self.seat)
        self.loves, self.hates = _beliefs(view, events, self.seat)
        self.chars = view["characters"]
        self.by_char = {c["character"]: c["seat"] for c in self.chars}
        self.love = self.by_char.get(me["love"])
        self.hate = self.by_char.get(me["hate"])
        # A psychopath (Hate card = himself) scores for every other death but his friend's.
        self.psychopath = self.hate == self.seat
        if self.psychopath:
            self.hate = None
        self.hand = [c["kind"] for c in me["hand"]]
        self.char = CHARACTERS[me["character"]]

    def navigator(self):
        """Who would choose tonight's navigation card: the conscious character nearest the
        stern."""
        for seat in reversed(self.view["line"]):
            if self.chars[seat]["state"] == "conscious":
                return seat
        return None

    def living(self, seat):
        return seat is not None and self.chars[seat]["state"] in ("conscious", "unconscious")

    def strength(self, seat, with_hand=False):
        c = self.chars[seat]
        total = CHARACTERS[c["character"]]["size"] + sum(_bonus(card["kind"])
                                                         for card in c["face_up"])
        if with_hand and seat == self.seat:
            total += sum(_bonus(kind) for kind in self.hand)
            if "flare_gun" in self.hand:
                total += 8
        return total

    def care(self, seat):
        """+1 for myself and my friend, -1 for my enemy, about 0 for the rest (what they did to
        me and my fancy tip it)."""
        if seat == self.seat or seat == self.love:
            return 1
        if seat == self.hate:
            return -1
        return (-0.5 if self.psychopath else 0) - 0.2 * self.feud(seat)

    def feud(self, seat):
        """How much I hold against `seat` (negative: I owe him), in about -2..2."""
        m = self.mind
        value = (m["grudge"] * self.hurt.get(seat, 0) - m["loyalty"] * self.helped.get(seat, 0)
                 - m["whim"] * m.fancy(seat))
        return max(-2.0, min(2.0, value))

    def _named(self, names):
        if names == "all":
            return {c["seat"] for c in self.chars if c["position"] is not None}
        return {self.by_char[ch] for ch in names or () if ch in self.by_char
                and self.chars[self.by_char[ch]]["position"] is not None}

    def stake(self, seat):
        """What `seat`'s death is worth to me (negative: a loss): my survival, my friend's,
        my enemy's size (a psychopath: everyone's but his friend's), and a little of what a
        rival loses (his survival: the highest total wins)."""
        ch = CHARACTERS[self.chars[seat]["character"]]
        value = 0.0
        if seat == self.seat and not self.psychopath:
            value -= ch["survival"]
        if seat == self.love:
            value -= ch["survival"]
        if seat == self.hate:
            value += ch["size"]
        if self.psychopath and seat not in (self.seat, self.love):
            value += ch["size"]
        if seat not in (self.seat, self.love):
            value += _RIVAL * ch["survival"] + 0.5 * self.feud(seat)
        if _BELIEF:
            # A rival I think loves him loses his survival, one I think hates him wins his size.
            for rival in range(len(self.chars)):
                if rival != self.seat:
                    value += _BELIEF * (self.loves.get(rival, {}).get(seat, 0) * ch["survival"]
                                        - self.hates.get(rival, {}).get(seat, 0) * ch["size"])
        return value

    def _loot_points(self, kinds):
        return sum(loot(kinds, self.char.get("double")).values())

    def standing(self):
        """My score if the rescue came now, minus my guess of the best other's: his survival,
        his face-up loot, a share of loot per hand card, and what a Love and a Hate card pay
        on average on this board."""
        me = self.view["me"].get("provisional", {}).get("total", 0)
        alive = [c for c in self.chars if c["state"] in ("conscious", "unconscious")]
        dead = [c for c in self.chars if c["state"] not in ("conscious", "unconscious")]
        n = len(self.chars)
        secret = (sum(c["survival"] for c in alive) + sum(c["size"] for c in dead)) / n
        best = 0.0
        for c in self.chars:
            if c["seat"] == self.seat:
                continue
            est = secret
            if _BELIEF_STAND:
                est += self._guessed(c["seat"], alive, dead, n)
            if c["state"] in ("conscious", "unconscious"):
                est += c["survival"]
            if c["position"] is not None:
                kinds = [x["kind"] for x in c["face_up"]]
                est += sum(loot(kinds, CHARACTERS[c["character"]].get("double")).values())
                est += 0.6 * c["hand_count"]
            best = max(best, est)
        return me - best

    def _guessed(self, rival, alive, dead, n):
        """How much more than the average a rival's Love and Hate cards pay now, by what I
        guess of them from his public deeds."""
        out = 0.0
        love_avg = sum(c["survival"] for c in alive) / n
        hate_avg = sum(c["size"] for c in dead) / n
        for x, p in self.loves.get(rival, {}).items():
            out += p * ((self.chars[x]["survival"] if self.living(x) else 0) - love_avg)
        for x, p in self.hates.get(rival, {}).items():
            out += p * ((0 if self.living(x) else self.chars[x]["size"]) - hate_avg)
        return out

    def card_value(self, card):
        """How good a navigation card is for me: the rescue it brings if its bird is the
        last one (good when I lead), else its bird, and for each character aboard the fall,
        the sharks and the thirst it brings: how likely each dies or is hurt (my own water
        and the others' hand counts tell), weighed by what his death is worth to me."""
        bird = card.get("bird", 0)
        if bird > 0 and self.view["birds"] + bird >= self.view["birds_to_win"]:
            # The rescue now: nothing else on the card happens.
            rescue = max(-15.0, min(15.0, 3.0 * self.standing()))
            late = self.view.get("turn", 0) - _PATIENCE
            return max(rescue, float(late)) if late > 0 else rescue
        value = bird * (_BIRD + (_BIRD_LEAD * max(-5.0, min(5.0, self.standing()))
                                 if _BIRD_LEAD and bird else 0.0))
        water = self._named(card.get("overboard"))
        thirsty = self._named(card.get("thirsty"))
        sharks = any(x["kind"] == "chum" for s in water for x in self.chars[s]["face_up"])
        for c in self.chars:
            seat = c["seat"]
            if c["position"] is None:
                continue
            up = [x["kind"] for x in c["face_up"]]
            if c["state"] not in ("conscious", "unconscious"):
                if seat in water and seat == self.seat:
                    value -= self._loot_points(self.hand + up)   # my corpse gone, my loot too
                continue
            size, wounds = c["size"], c["wounds"]
            preserver = "life_preserver" in up
            fall = seat in water and c["character"] != "frenchy" and not preserver
            w1 = wounds + fall + (sharks and seat in water)
            drown = seat in water and w1 >= size and not preserver
            thirst = (seat in thirsty) + bool(card.get("row_thirst") and c["rowed"]) + bool(
                card.get("fight_thirst") and c["fought"])
            if thirst and any(x["kind"] == "parasol" and x.get("open") for x in c["face_up"]):
                thirst -= 1
            if seat == self.seat:
                drink = self.hand.count("water") + up.count("water")
                dry = 1.0 if thirst > drink else 0.0
                value -= 0.7 * min(thirst, drink)
                thirst = max(0, thirst - drink)
                if seat in water:
                    value -= self._loot_points(up) + 0.5 * sum(1 for k in up if k not in _LOOT
                                                               and k != "life_preserver")
                    if drown:
                        value -= self._loot_points(self.hand + up)
            else:
                dry = max(0.1, 1.0 - 0.35 * c["hand_count"] - 0.8 * up.count("water"))
            need = size + 1 - w1           # wounds from here to death
            if drown:
                p_dead = 1.0
            elif thirst >= need:
                p_dead = dry
            else:
                p_dead = 0.0
            new = w1 - wounds + dry * thirst
            hurt = p_dead + (1 - p_dead) * _HURT * min(1.0, new / (size + 1 - wounds))
            value += self.stake(seat) * hurt
        return value


class LifeboatBot:
    def choose(self, view, legal, events, rng):
        b = Boat(view, events, rng)
        types = {a["type"] for a in legal}
        # My unconscious friend holds a life preserver: show it for him before a card sends
        # him overboard (it must already be face up then).
        if b.love != b.seat:
            his = pick(legal, type="show_his", target=b.love)
            if his:
                return his
        if "pick" in types:
            return self._pick(b, of_type(legal, "pick"))
        if "place_row_card" in types:
            place = of_type(legal, "place_row_card")
            card = place[0]["card"]
            drawn = {c["id"]: c for c in view["me"].get("drawn", [])}
            # As tonight's navigator I choose among them all: every card on the stack.
            good = b.card_value(drawn.get(card, {})) >= 0 or b.navigator() == b.seat
            return pick(place, card=card, to="stack" if good else "bottom") or place[0]
        if "navigate" in types:
            stack = {c["id"]: c for c in view["me"].get("row_stack", [])}
            if "compass" in types and max(b.card_value(c) for c in stack.values()) < 0:
                return pick(legal, type="compass")
            return max(of_type(legal, "navigate"),
                       key=lambda a: (b.card_value(stack.get(a["card"], {})), a["card"]))
        if "agree" in types:
            return self._answer(b, view, legal)
        if types & {"nothing", "row"}:
            return self._trade(b, view, legal) or self._show(b, legal) \
                or self._action(b, view, legal, rng)
        fight = view.get("fight")
        if fight and types & {"join", "weapon", "fire_flare"}:
            action = self._fight(b, fight, legal)
            if action:
                return action
        window = (view.get("window") or {}).get("kind")
        if window == "thirst":
            action = self._thirst(b, view, legal)
            if action:
                return action
        if window == "rescue":
            action = self._rescue(b, view, legal)
            if action:
                return action
        return pick(legal, type="done") or self._fallback(legal, rng)

    def pace(self, view, legal, action):
        return _PACE.get(action["type"], 1.5)

    @staticmethod
    def _fallback(legal, rng):
        quiet = [a for a in legal if not a["type"].startswith("trade") and a["type"] != "show"]
        return rng.choice(quiet or legal)

    # -- trades and shows -------------------------------------------------------------------
    def _trade(self, b, view, legal):
        trades = {next(x for x in t["seats"] if x != b.seat): t
                  for t in view["me"].get("trades") or []}
        for other, t in sorted(trades.items()):
            i = t["seats"].index(b.seat)
            mine, theirs = t["table"][i], t["table"][1 - i]
            if t["accepted"][i]:
                continue            # my offer stands until the actions end
            gain = sum(self._worth(b, c["kind"]) for c in theirs) - sum(
                self._worth(b, c["kind"]) for c in mine)
            friend = other == b.love and other != b.hate
            if (mine or theirs) and other != b.hate and (friend or gain > 0):
                accept = pick(legal, type="trade_accept", target=other)
                if accept:
                    return accept
            if friend and not mine and not theirs:
                gift = self._gift_for(b)
                put = gift and pick(legal, type="trade_put", target=other, card=gift, up=False)
                if put:
                    return put
            # Not a deal I want: my cards off the table first, then the table closed.
            for card in mine:
                take = pick(legal, type="trade_take", target=other, card=card["kind"],
                            up=card["up"])
                if take:
                    return take
            return pick(legal, type="trade_cancel", target=other)
        love = b.love if b.love != b.hate else None
        if (love is not None and love not in trades and b.living(love)
                and b.chars[love]["state"] == "conscious" and self._gift_for(b)):
            return pick(legal, type="trade_open", target=love)
        return None

    @staticmethod
    def _gift_for(b):
        """A card I can spare for my friend: a water when I hold two, else (a loyal mind)
        a weapon or kit beyond my first."""
        if b.hand.count("water") >= 2:
            return "water"
        if b.mind["loyalty"] >= 2:
            spare = [k for k in b.hand if k in _WEAPONS or k == "medical_kit"]
            if len(spare) >= 2:
                return sorted(spare)[0]
        return None

    @staticmethod
    def _worth(b, kind):
        if kind in _LOOT:
            return 3.0 if _LOOT[kind] == b.char.get("double") else 2.0
        return {"water": 1.5, "medical_kit": 1.5}.get(kind, 1.0 if _bonus(kind) else 0.5)

    @staticmethod
    def _show(b, legal):
        """A cautious bot shows a weapon to deter the next mugger, once it was hurt (a mug, a
        fight against it)."""
        if b.chars[b.seat]["face_up"] and any(
                c["kind"] in _WEAPONS for c in b.chars[b.seat]["face_up"]):
            return None
        if b.mind["risk"] >= 0 or not any(v >= 1 for v in b.hurt.values()):
            return None
        shows = [a for a in of_type(legal, "show") if a["card"] in _WEAPONS]
        return max(shows, key=lambda a: (_bonus(a["card"]), a["card"])) if shows else None

    # -- provisions and actions ---------------------------------------------------------
    @staticmethod
    def _pick(b, picks):
        double = b.char.get("double")
        jewels = b.hand.count("jewels") + sum(
            1 for c in b.chars[b.seat]["face_up"] if c["kind"] == "jewels")

        def rank(a):
            kind = a["card"]
            if _LOOT.get(kind) and _LOOT[kind] == double:
                return 0
            if kind == "jewels":
                return 0.5 if jewels else 1.2     # a set grows fast: 1, 4, 8 points
            if kind in _LOOT:
                return 1.5 - 0.2 * PROVISIONS[kind]["points"]
            if kind == "water" and "water" not in b.hand:
                return _DRAFT_WATER
            return 1 + _DRAFT.index(kind) * 0.3 if kind in _DRAFT else 9
        return min(picks, key=lambda a: (rank(a), a["card"]))

    def _action(self, b, view, legal, rng):
        me = b.chars[b.seat]
        kits = of_type(legal, "medical_kit")
        for seat in (b.seat, b.love):
            if b.living(seat) and b.chars[seat]["wounds"] > 0:
                kit = pick(kits, target=seat)
                if kit and (seat != b.seat or me["wounds"] >= 2 or b.chars[seat]["state"]
                            == "unconscious"):
                    return kit
        # An unconscious friend (or one who helped me) holding a medical kit: wake him with it.
        for a in sorted(of_type(legal, "medical_kit_his"), key=lambda a: -b.care(a["target"])):
            if a["target"] == b.love or (a["target"] != b.hate and b.care(a["target"]) > 0):
                return a
        parasol = pick(legal, type="parasol")
        if parasol:
            return parasol
        flare = pick(legal, type="flare")
        if flare and self._end_now(b, view):
            return flare
        mug = self._mug(b, view, legal)
        if mug:
            return mug
        # From the second day, pick a quarrel with the enemy when I would win the fight: a
        # swap he refuses wounds him.
        swap = pick(legal, type="swap", target=b.hate) if b.hate is not None else None
        if (swap and view["turn"] > 1 and b.chars[b.hate]["state"] == "conscious"
                and b.strength(b.seat, with_hand=True) > b.strength(b.hate) + 2):
            return swap
        if _REST and self._rest(b):
            rest = pick(legal, type="nothing")
            if rest:
                return rest
        oars = pick(legal, type="row", show_oars=True)
        return oars or pick(legal, type="row", show_oars=False) or pick(legal, type="nothing") \
            or self._fallback(legal, rng)

    @staticmethod
    def _rest(b):
        """Rowing makes me thirsty on an oar card: not worth it when I am not tonight's
        navigator, hold no water and one more wound would knock me out."""
        me = b.chars[b.seat]
        water = b.hand.count("water") + sum(1 for c in me["face_up"] if c["kind"] == "water")
        return (b.navigator() != b.seat and not water
                and me["wounds"] + 1 >= CHARACTERS[me["character"]]["size"])

    @staticmethod
    def _end_now(b, view):
        """The flare gun's birds (no overboard, no thirst on its cards) may end the game now:
        worth it when the rescue is near and the board suits me as it is (my friend alive, and
        my enemy dead or myself close to dying)."""
        if view["birds"] < view["birds_to_win"] - 2:
            return False
        # Its three cards carry a bird in about two cases out of three: worth it when I lead
        # the boat (as far as I can tell), the last bird away.
        if view["birds"] == view["birds_to_win"] - 1 and b.standing() > 2:
            return True
        if b.love is not None and not b.living(b.love):
            return False
        me = b.chars[b.seat]
        dying = me["wounds"] >= CHARACTERS[me["character"]]["size"] - 1
        return b.hate is None or not b.living(b.hate) or dying

    @staticmethod
    def _mug(b, view, legal):
        """Mug only someone I can beat in a fight, for loot or water; my enemy first, but not
        on the first day (a person keeps their secret a while)."""
        mine = b.strength(b.seat, with_hand=True)
        best, best_value = None, 0.0
        for a in of_type(legal, "mug"):
            target = a["target"]
            if target == b.love:
                continue
            defence = b.strength(target) + (4 if b.chars[target]["hand_count"] else 0)
            if mine <= defence:
                continue
            kind = a["card"]
            if kind == "hand":
                value = 0.8 * min(3, b.chars[target]["hand_count"])
            elif kind in _LOOT:
                value = 3.0 if _LOOT[kind] == b.char.get("double") else 2.0
            elif kind == "water" or _bonus(kind):
                value = 1.5
            else:
                value = 0.3
            if (target == b.hate or b.psychopath) and view["turn"] > 1:
                # A fight he loses wounds him: worth a try from the second day on.
                value += 2.5 if target == b.hate else 0.5
            value += 0.5 * b.feud(target)
            if value > best_value:
                best, best_value = a, value
        return best if best_value >= 1.5 else None

    # -- answers and fights ---------------------------------------------------------------
    def _answer(self, b, view, legal):
        act = view.get("actions") or {}
        attacker = act.get("actor")
        if attacker is None or attacker == b.love:
            return pick(legal, type="agree")
        # Who would stand with each side: my friend with me, my enemy against me.
        mine = b.strength(b.seat, with_hand=True)
        if b.living(b.love) and b.chars[b.love]["state"] == "conscious":
            mine += b.strength(b.love)
        theirs = b.strength(attacker) + 2
        if act.get("kind") == "swap" and attacker != b.hate and b.feud(attacker) < 1.5:
            return pick(legal, type="agree")
        if mine >= theirs - max(0.0, b.feud(attacker)):
            return pick(legal, type="fight")
        return pick(legal, type="agree")

    def _fight(self, b, fight, legal):
        sides = fight["sides"]
        strength = fight["strength"]
        mine_side = next((s for s, seats in sides.items() if b.seat in seats), None)
        if mine_side is None:
            joins = of_type(legal, "join")
            if not joins:
                return None
            for side, seats in sides.items():
                other = "defender" if side == "attacker" else "attacker"
                ours = strength[side] + b.strength(b.seat, with_hand=True)
                wins = ours > strength[other] or (side == "defender" and ours == strength[other])
                friends = b.love in seats or any(b.feud(x) <= -1 for x in seats)
                foes = (b.hate is not None and b.hate in sides[other]) or any(
                    b.feud(x) >= 1.5 for x in sides[other])
                if (friends or foes) and wins and not any(b.feud(x) <= -1 for x in sides[other]
                                                          if x != b.hate):
                    return pick(joins, side=side)
            return None
        other = "defender" if mine_side == "attacker" else "attacker"
        ours, theirs = strength[mine_side], strength[other]
        winning = ours > theirs or (mine_side == "defender" and ours == theirs)
        if winning:
            return None
        for weapon in sorted(of_type(legal, "weapon"), key=lambda a: -_bonus(a["card"])):
            return weapon
        flare = pick(legal, type="fire_flare")
        if flare and ours + 8 >= theirs:
            return flare
        return None

    @staticmethod
    def _thirst(b, view, legal):
        thirst = (view.get("navigation") or {}).get("thirst") or []
        if b.seat < len(thirst) and thirst[b.seat] > 0:
            drink = pick(legal, type="drink")
            if drink:
                return drink
        if b.love is not None and b.love < len(thirst) and thirst[b.love] > 0:
            return pick(legal, type="pour_his", target=b.love) or (
                pick(legal, type="pour", target=b.love)
                if b.hand.count("water") > (thirst[b.seat] if b.seat < len(thirst) else 0)
                else None)
        return None

    @staticmethod
    def _rescue(b, view, legal):
        water = (view.get("navigation") or {}).get("water") or []
        if b.love in water:
            throw = pick(legal, type="throw_preserver", target=b.love)
            if throw:
                return throw
        chum = pick(legal, type="chum")
        # The sharks wound everyone in the water: worth it when their losses are my gain.
        if chum and b.seat not in water and b.love not in water and sum(
                b.stake(x) for x in water if b.living(x)) > 3:
            return chum
        return None


def _memory(view, events, me):
    """({seat: harm done to me}, {seat: help given to me}) from the public log and the last
    fight on the board: a mug of me, a side against mine in a fight; water poured for me, a
    side beside mine."""
    hurt, helped, fights = {}, {}, {}
    for e in list(events) + [view.get("last_fight") or {}]:
        kind = e.get("type")
        if kind == "mugged" and e.get("target") == me and e.get("seat") != me:
            hurt[e["seat"]] = hurt.get(e["seat"], 0) + 1
        elif kind == "pour" and e.get("target") == me and e.get("seat") != me:
            helped[e["seat"]] = helped.get(e["seat"], 0) + 1
        elif isinstance(e.get("sides"), dict) and "winner" in e:
            fights[(e.get("turn"), e.get("attacker"), e.get("defender"), e.get("kind"))] = e
    for fight in fights.values():
        sides = fight["sides"]
        mine = next((side for side, seats in sides.items() if me in seats), None)
        if mine is None:
            continue
        for side, seats in sides.items():
            for x in seats:
                if x != me:
                    book = helped if side == mine else hurt
                    book[x] = book.get(x, 0) + 0.5
    return hurt, helped


def _beliefs(view, events, me):
    """What the others' public deeds tell of their secret cards: ({seat: {loved seat: how
    sure, 0..1}}, {seat: {hated seat: how sure}}). Pouring one's water on someone, throwing
    him the preserver or showing his for him: he is loved (a person spends nothing on a
    stranger); joining a fight: a liking for the side one joins, a dislike of the other;
    mugging someone: a slight dislike. Only the public log and the board's last records
    (the last fight, the last night's water): the same in every fork of what I cannot see.
    The log holds the last 50 events, about a day: an old deed is forgotten."""
    loves, hates = {}, {}

    def note(book, who, whom, sure):
        if who is None or whom is None or who == me or who == whom:
            return
        mine = book.setdefault(who, {})
        mine[whom] = max(mine.get(whom, 0.0), sure)
    fights = {}
    last = view.get("last_navigation") or {}
    for e in list(events) + list(last.get("water") or []) + [view.get("last_fight") or {}]:
        kind = e.get("type")
        if kind in ("pour", "pour_his", "preserver_thrown", "show_his"):
            note(loves, e.get("seat"), e.get("target"), 1.0)
        elif kind == "mugged":
            note(hates, e.get("seat"), e.get("target"), 0.3)
        elif isinstance(e.get("sides"), dict) and "winner" in e:
            sides = e["sides"]
            key = tuple(tuple(sides.get(k) or ()) for k in ("attacker", "defender"))
            fights[key] = sides
    for sides in fights.values():
        attackers, defenders = sides.get("attacker") or [], sides.get("defender") or []
        if not attackers or not defenders:
            continue
        for ours, theirs in ((attackers, defenders), (defenders, attackers)):
            for x in ours[1:]:
                note(loves, x, ours[0], 0.5)
                note(hates, x, theirs[0], 0.5)
    return loves, hates


BOT = LifeboatBot()
