"""Small helpers around the shared ballots: who votes, with what weight, and who votes last."""
from engine import ballot as ballots
from engine.galerapagos import table as t


def sacrifice_voters(g, kind):
    """§5.1: the living, and the dead too with `dead_vote`. Only survival-phase votes
    ("sacrifice") bar those who fell sick this turn; hurricane votes do not (the rulebook: "il
    ne peut pas voter lors de la phase de survie")."""
    living = t.living(g)
    if kind == "sacrifice":
        living = [x for x in living if not t.fell_sick_this_turn(g, x)]
    voters = list(living)
    if g.options["dead_vote"]:
        voters += t.dead(g)
    return sorted(voters)


def departure_voters(g):
    """§5.7, D11: every living castaway, the sick ones too."""
    return t.living(g)


def open_ballot(g, kind, voters, options, **extra):
    return ballots.new_ballot(kind, voters, options,
                              weights={v: weight(g, v) for v in voters},
                              last=crystal_owner(g, voters), **extra)


def open_ballots(g):
    stage = g.state["stage"] or {}
    found = []
    if stage.get("vote") and stage["vote"].get("ballot"):
        found.append(stage["vote"]["ballot"])
    if stage.get("ballot"):
        found.append(stage["ballot"])
    return [b for b in found if not b["revealed"]]


def drop_voter(ballot, seat):
    """A voter who falls sick mid-ballot loses his survival-phase ballot unless it is already
    cast (E20); hurricane and departure ballots keep him (§5.1)."""
    if (ballot["kind"] != "sacrifice" or seat not in ballot["voters"]
            or ballots.has_voted(ballot, seat)):
        return
    i = ballot["voters"].index(seat)
    for key in ("voters", "weights", "votes"):
        del ballot[key][i]
    if ballot["last"] == seat:
        ballot["last"] = None


def weight(g, seat):
    return 2 if "club" in t.castaway(g, seat)["faceup"] else 1


def crystal_owner(g, voters):
    owner = t.owner_of(g, "crystal_ball")
    return owner if owner in voters else None
