"""A Lifeboat bot that plays its own character's hand: it keeps itself and its secret friend
(Love card) alive, steers the boat's misfortunes toward its secret enemy (Hate card), and
keeps its loot.

It rows and keeps the navigation cards that spare itself and its friend and strike its enemy;
drinks when thirsty and pours for its friend; uses its medical kit; mugs only someone it can
beat, its enemy first but not on the first day (a person hides their hand a while); refuses a
swap or mug it can win and agrees to the rest; joins a fight on its friend's side or against
its enemy when that side can win, and arms itself only when that turns the fight.
It reads only its own view: its cards, its secrets and the public board.
"""
from engine.bot import of_type, pick
from engine.lifeboat.data import CHARACTERS, PROVISIONS

_LOOT = {"cash": "cash", "jewels": "jewels", "painting_3": "paintings",
         "painting_2": "paintings"}
_DRAFT = ["water", "knife", "gaffing_hook", "medical_kit", "blackjack", "life_preserver",
          "parasol", "flare_gun", "oar", "compass", "chum"]

_PACE = {"pick": 2.0, "nothing": 1.5, "row": 2.0, "place_row_card": 1.5, "swap": 3.0,
         "mug": 3.0, "medical_kit": 2.0, "agree": 2.5, "fight": 2.5, "join": 2.0,
         "weapon": 1.5, "fire_flare": 1.5, "navigate": 3.0, "drink": 1.0, "pour": 1.5,
         "throw_preserver": 1.5, "chum": 2.0, "done": 0.15}


def _bonus(kind):
    return PROVISIONS.get(kind, {}).get("weapon_bonus") or 0


class Boat:
    """The bot's picture of the boat."""

    def __init__(self, view):
        me = view["me"]
        self.view = view
        self.seat = me["seat"]
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
        """+1 for myself and my friend, -1 for my enemy, 0 for the rest."""
        if seat == self.seat or seat == self.love:
            return 1
        if seat == self.hate:
            return -1
        return -0.5 if self.psychopath else 0

    def card_value(self, card):
        """How good a navigation card is for me."""
        value = 2.0 * card.get("bird", 0)
        for key, weight in (("overboard", 3.0), ("thirsty", 1.0)):
            named = card.get(key) or []
            seats = ([c["seat"] for c in self.chars] if named == "all"
                     else [self.by_char[ch] for ch in named if ch in self.by_char])
            for seat in seats:
                if self.living(seat):
                    value -= weight * self.care(seat)
        if card.get("row_thirst") and self.chars[self.seat]["rowed"]:
            value -= 1.0
        if card.get("fight_thirst") and self.chars[self.seat]["fought"]:
            value -= 1.0
        return value


class LifeboatBot:
    def choose(self, view, legal, events, rng):
        b = Boat(view)
        types = {a["type"] for a in legal}
        if "pick" in types:
            return self._pick(b, of_type(legal, "pick"))
        if "place_row_card" in types:
            place = of_type(legal, "place_row_card")
            card = place[0]["card"]
            drawn = {c["id"]: c for c in view["me"].get("drawn", [])}
            good = b.card_value(drawn.get(card, {})) >= 0
            return pick(place, card=card, to="stack" if good else "bottom") or place[0]
        if "navigate" in types:
            stack = {c["id"]: c for c in view["me"].get("row_stack", [])}
            return max(of_type(legal, "navigate"),
                       key=lambda a: (b.card_value(stack.get(a["card"], {})), a["card"]))
        if "agree" in types:
            return self._answer(b, view, legal)
        if types & {"nothing", "row"}:
            return self._action(b, view, legal, rng)
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

    # -- provisions and actions ---------------------------------------------------------
    @staticmethod
    def _pick(b, picks):
        double = b.char.get("double")

        def rank(a):
            kind = a["card"]
            if _LOOT.get(kind) and _LOOT[kind] == double:
                return 0
            if kind in _LOOT:
                return 1.5 if kind != "jewels" else 1.2
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
        parasol = pick(legal, type="parasol")
        if parasol:
            return parasol
        mug = self._mug(b, view, legal)
        if mug:
            return mug
        # From the second day, pick a quarrel with the enemy when I would win the fight: a
        # swap he refuses wounds him.
        swap = pick(legal, type="swap", target=b.hate) if b.hate is not None else None
        if (swap and view["turn"] > 1 and b.chars[b.hate]["state"] == "conscious"
                and b.strength(b.seat, with_hand=True) > b.strength(b.hate) + 2):
            return swap
        oars = pick(legal, type="row", show_oars=True)
        return oars or pick(legal, type="row", show_oars=False) or pick(legal, type="nothing") \
            or self._fallback(legal, rng)

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
        if act.get("kind") == "swap" and attacker != b.hate:
            return pick(legal, type="agree")
        if mine >= theirs:
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
                if (b.love in seats or (b.hate is not None and b.hate in sides[other])) and wins:
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
        if chum and b.hate in water and b.seat not in water and b.love not in water:
            return chum
        return None


BOT = LifeboatBot()
