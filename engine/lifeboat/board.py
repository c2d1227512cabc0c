"""Questions about the boat and moves of cards between holders, on the plain state dict.

Everything is indexed by seat: a player is his character for the whole game.
"""
from engine.lifeboat.data import CHARACTERS


def char(s, seat):
    return CHARACTERS[s["chars"][seat]]


def seat_of(s, char_id):
    return s["chars"].index(char_id) if char_id in s["chars"] else None


# Speed (issue 13): these run tens of times per action; lookups are inlined, same answers.
def size(s, seat):
    return CHARACTERS[s["chars"][seat]]["size"]


def aboard(s, seat):
    return not s["gone"][seat]


def alive(s, seat):
    return not s["gone"][seat] and s["wounds"][seat] <= CHARACTERS[s["chars"][seat]]["size"]


def conscious(s, seat):
    return not s["gone"][seat] and s["wounds"][seat] < CHARACTERS[s["chars"][seat]]["size"]


def unconscious(s, seat):
    return not s["gone"][seat] and s["wounds"][seat] == CHARACTERS[s["chars"][seat]]["size"]


def dead(s, seat):
    return s["gone"][seat] or s["wounds"][seat] > size(s, seat)


def state_name(s, seat):
    if s["gone"][seat]:
        return "gone"
    if dead(s, seat):
        return "dead"
    return "conscious" if conscious(s, seat) else "unconscious"


def conscious_seats(s):
    return [x for x in s["line"] if conscious(s, x)]


def wound(s, seat, count=1):
    """Wounds go up to size + 1 at most: nobody becomes 'more dead'."""
    before = s["wounds"][seat]
    s["wounds"][seat] = min(before + count, size(s, seat) + 1)
    return s["wounds"][seat] - before


def kill(s, seat):
    s["wounds"][seat] = size(s, seat) + 1


# -- cards ------------------------------------------------------------------------------

def kind(s, card):
    return s["kinds"][card]


def holdings(s, seat):
    return s["hand"][seat] + s["up"][seat]


def holds_kind(s, seat, k):
    kinds = s["kinds"]
    return (any(kinds[c] == k for c in s["hand"][seat])
            or any(kinds[c] == k for c in s["up"][seat]))


def first_of(s, cards, k):
    for c in cards:
        if kind(s, c) == k:
            return c
    return None


def take_any(s, seat, k):
    """A card of kind k that seat holds, face-up ones first (spending them reveals nothing)."""
    c = first_of(s, s["up"][seat], k)
    return c if c is not None else first_of(s, s["hand"][seat], k)


def remove(s, seat, card):
    """Take `card` away from seat; returns True if it was face up."""
    if card in s["up"][seat]:
        s["up"][seat].remove(card)
        return True
    s["hand"][seat].remove(card)
    return False


def discard(s, seat, card):
    remove(s, seat, card)
    s["discard"].append(card)


def give(s, giver, taker, card):
    """Cards change holder keeping their side."""
    if remove(s, giver, card):
        s["up"][taker].append(card)
    else:
        s["hand"][taker].append(card)


def show(s, seat, card):
    s["hand"][seat].remove(card)
    s["up"][seat].append(card)


def hand_kinds(s, seat):
    kinds = s["kinds"]
    return sorted({kinds[c] for c in s["hand"][seat]})


def up_kinds(s, seat):
    kinds = s["kinds"]
    return sorted({kinds[c] for c in s["up"][seat]})


def discard_all(s, seat, keep=()):
    lost = []
    for c in list(s["up"][seat]):
        if kind(s, c) not in keep:
            s["up"][seat].remove(c)
            s["discard"].append(c)
            lost.append(kind(s, c))
    return lost


def leave_boat(s, seat):
    """Gone: removed with all his cards; the line closes up."""
    s["discard"] += s["hand"][seat] + s["up"][seat]
    s["hand"][seat] = []
    s["up"][seat] = []
    s["gone"][seat] = True
    kill(s, seat)
    s["line"].remove(seat)


def preservers_to_show(s):
    """Unconscious characters with the life preserver in hand: any conscious character may
    show it for them (both rulebooks: others play an unconscious character's cards), at any time
    before a navigation card sends them overboard. Once a card has named one, it is too late: the
    preserver must be face up "already" when he falls (§4.7; issue 21)."""
    kinds, gone, wounds, chars, hands = s["kinds"], s["gone"], s["wounds"], s["chars"], s["hand"]
    water = s["nav"]["water"] if s["phase"] == "rescue" else ()
    return [x for x in s["line"]
            if not gone[x] and wounds[x] == CHARACTERS[chars[x]]["size"]     # unconscious
            and x not in water
            and any(kinds[c] == "life_preserver" for c in hands[x])]


# What the others may play for an unconscious character: how many of each he holds in his hand
# is public while he is unconscious (§4.7, §6; issue 21).
PLAYED_FOR_HIM = ("water", "medical_kit", "life_preserver")


def public_hand(s, seat):
    """The counts of PLAYED_FOR_HIM kinds in an unconscious character's hand."""
    kinds = s["kinds"]
    counts = dict.fromkeys(PLAYED_FOR_HIM, 0)
    for c in s["hand"][seat]:
        k = kinds[c]
        if k in counts:
            counts[k] += 1
    return counts


def open_parasol_holder(s):
    """Whoever has the parasol face up and opened (it stays open when it changes hands)."""
    if not s["parasol_open"]:
        return None
    for seat in s["line"]:
        if any(kind(s, c) == "parasol" for c in s["up"][seat]):
            return seat
    return None
