"""Secret simultaneous ballots, shared by every game that votes.

Lifeboats' vote wheels, Galèrapagos' sacrifice and departure votes and the test fixture all
use this one machine. The ballot lives as a plain JSON dict inside the game state; this module
only reads and writes that dict, so saving a game saves its ballot for free.

A ballot dict:
    kind      str    what is voted on (the game's word, e.g. "leak", "sacrifice")
    voters    [seat] who votes, in seat order
    options   [any]  the valid choices (a game may also accept extra tokens, e.g. "hat")
    weights   [int]  one per voter (same order as voters)
    votes     [any]  one per voter, None until cast
    last      seat or None: this voter votes only once every other voter has (crystal ball)
    revealed  bool   once True every vote is public
"""
from engine.errors import IllegalAction


def new_ballot(kind, voters, options, weights=None, last=None, **extra):
    voters = list(voters)
    if weights is None:
        weights = [1] * len(voters)
    elif isinstance(weights, dict):
        weights = [weights[v] for v in voters]
    # Voters are kept in seat order; a weights list follows its voter when sorted.
    pairs = sorted(zip(voters, weights))
    voters = [v for v, _ in pairs]
    weights = [w for _, w in pairs]
    if last is not None and last not in voters:
        last = None
    ballot = {
        "kind": kind,
        "voters": voters,
        "options": list(options),
        "weights": list(weights),
        "votes": [None] * len(voters),
        "last": last,
        "revealed": False,
    }
    ballot.update(extra)
    return ballot


def _index(ballot, seat):
    try:
        return ballot["voters"].index(seat)
    except ValueError:
        return None


def has_voted(ballot, seat):
    i = _index(ballot, seat)
    return i is not None and ballot["votes"][i] is not None


def voted(ballot):
    """Seats whose vote is in (public: the table shows who has voted, never what)."""
    return [v for v, c in zip(ballot["voters"], ballot["votes"]) if c is not None]


def waiting(ballot):
    """Seats that may vote right now; the `last` voter waits for everybody else."""
    if ballot["revealed"]:
        return []
    missing = [v for v, c in zip(ballot["voters"], ballot["votes"]) if c is None]
    last = ballot["last"]
    if last in missing and len(missing) > 1:
        missing.remove(last)
    return missing


def complete(ballot):
    return all(c is not None for c in ballot["votes"])


def cast(ballot, seat, choice, allowed=None):
    """Record `seat`'s vote. `allowed` widens the options (e.g. a captain's hat)."""
    if seat not in waiting(ballot):
        if has_voted(ballot, seat):
            raise IllegalAction("You have already voted.", "already_voted")
        raise IllegalAction("You do not vote now.", "not_a_voter")
    valid = list(ballot["options"]) + list(allowed or [])
    if choice not in valid:
        raise IllegalAction("That is not one of the choices.", "bad_choice")
    ballot["votes"][_index(ballot, seat)] = choice


def weight_of(ballot, seat):
    i = _index(ballot, seat)
    return 0 if i is None else ballot["weights"][i]


def tally(ballot, ignore=()):
    """Weighted count per option, every option present (zeros included), in option order."""
    counts = {repr(o): 0 for o in ballot["options"]}
    for choice, w in zip(ballot["votes"], ballot["weights"]):
        if choice is not None and choice not in ignore and repr(choice) in counts:
            counts[repr(choice)] += w
    return [(o, counts[repr(o)]) for o in ballot["options"]]


def leaders(ballot, ignore=()):
    """The options with the highest weighted count (all of them if nobody voted)."""
    counts = tally(ballot, ignore)
    best = max(c for _, c in counts)
    return [o for o, c in counts if c == best]


def reveal(ballot):
    ballot["revealed"] = True


def public_view(ballot):
    """What any screen may see: who votes, their weight, who has voted; votes only once revealed."""
    view = {
        "kind": ballot["kind"],
        "voters": list(ballot["voters"]),
        "weights": list(ballot["weights"]),
        "options": list(ballot["options"]),
        "voted": voted(ballot),
        "revealed": ballot["revealed"],
    }
    if ballot["revealed"]:
        view["votes"] = [[v, c] for v, c in zip(ballot["voters"], ballot["votes"])]
        view["tally"] = [[o, c] for o, c in tally(ballot)]
    return view


def seat_view(ballot, seat):
    """The public view plus this seat's own vote, and, for the `last` voter once it is
    their turn, everybody else's votes (the crystal ball)."""
    view = public_view(ballot)
    i = _index(ballot, seat)
    if i is not None:
        view["my_vote"] = ballot["votes"][i]
        if (not ballot["revealed"] and ballot["last"] == seat
                and seat in waiting(ballot)):
            view["others"] = [[v, c] for v, c in zip(ballot["voters"], ballot["votes"])
                              if v != seat]
    return view
