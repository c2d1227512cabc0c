"""Death, the dealing of a dead castaway's cards, sickness, and the end of the game (§6, §7, §9)."""
from engine import ballot as ballots
from engine import window as windows
from engine.galerapagos import table as t


def finish(g, end, boarded, events):
    s = g.state
    s["result"] = {"end": end, "boarded": sorted(boarded)}
    s["phase"] = "over"
    s["stage"] = None
    s["interrupt"] = None
    events.append({"type": "game_over", "end": end, "boarded": sorted(boarded)})


def kill(g, seats, cause, events):
    """Kill these castaways together (E24): mark them all, then deal each hand clockwise from
    the first player, then move the marker, then let the current step react."""
    s = g.state
    seats = [x for x in seats if t.is_alive(g, x)]
    if not seats:
        return
    for x in seats:
        c = t.cast(g, x)
        c["alive"] = False
        c["sick_turn"] = None
        c["acted"] = True
        c["forced"] = None
        c["covered"] = []
        s["deaths"].append({"seat": x, "turn": s["turn"], "cause": cause})
        events.append({"type": "death", "seat": x, "cause": cause})
    for x in sorted(seats, key=lambda seat: (seat - s["first"]) % g.n):
        _deal_out(g, x, events)
    if not t.is_alive(g, s["first"]):
        nxt = t.right_living(g, s["first"])
        if nxt is not None:
            s["first"] = nxt
            events.append({"type": "first_player", "seat": nxt, "why": "death"})
    if not t.living(g):
        finish(g, "hecatomb", [], events)
        return
    _step_reacts_to_deaths(g, seats, events)


def _deal_out(g, seat, events):
    """Hand + face-up revolvers shuffled, dealt left, right, left... (§6); other permanents
    are discarded in public."""
    s = g.state
    c = t.cast(g, seat)
    revolvers = [card for card in c["faceup"] if card == "revolver"]
    others = [card for card in c["faceup"] if card != "revolver"]
    pile = c["hand"] + revolvers
    c["hand"], c["faceup"] = [], []
    for card in others:
        s["discard"].append(card)
    if others:
        events.append({"type": "discard", "seat": seat, "cards": others})
    if not pile:
        return
    g.rng.shuffle(pile)
    left, right = t.left_living(g, seat), t.right_living(g, seat)
    if left is None:
        s["discard"].extend(pile)
        return
    got = {}
    for i, card in enumerate(pile):
        to = left if i % 2 == 0 else right
        t.cast(g, to)["hand"].append(card)
        got.setdefault(to, []).append(card)
    for to, cards in sorted(got.items()):
        t.record(g, to, "inherited", source=seat, cards=cards)
    events.append({"type": "deal", "seat": seat,
                   "to": [[to, len(cards)] for to, cards in sorted(got.items())]})


def _step_reacts_to_deaths(g, seats, events):
    stage = g.state["stage"]
    if stage is None:
        return
    window = stage.get("window")
    if window is not None:
        for x in seats:
            windows.remove_seat(window, x)
        windows.changed(window)
    # Any death during a vote voids it, or settles it if the named castaway died (E3, E23).
    if stage.get("vote") is not None:
        stage["vote"] = None
        events.append({"type": "vote_cancelled", "why": "death"})
    if stage.get("kind") == "departure" and (stage["ballot"] is not None or stage["choose"]):
        stage["ballot"] = None
        stage["choose"] = False
        events.append({"type": "vote_cancelled", "why": "death"})


def open_ballots(g):
    stage = g.state["stage"] or {}
    found = []
    if stage.get("vote") and stage["vote"].get("ballot"):
        found.append(stage["vote"]["ballot"])
    if stage.get("ballot"):
        found.append(stage["ballot"])
    return [b for b in found if not b["revealed"]]


def drop_voter(ballot, seat):
    """A voter who falls sick mid-ballot loses his ballot unless it is already cast (E20)."""
    if seat not in ballot["voters"] or ballots.has_voted(ballot, seat):
        return
    i = ballot["voters"].index(seat)
    for key in ("voters", "weights", "votes"):
        del ballot[key][i]
    if ballot["last"] == seat:
        ballot["last"] = None


def make_sick(g, seat, why, events):
    """Sick from now (E39 restarts it); he votes no more this turn (§7)."""
    t.cast(g, seat)["sick_turn"] = g.state["turn"]
    events.append({"type": "sick", "seat": seat, "why": why})
    for b in open_ballots(g):
        drop_voter(b, seat)


def weight(g, seat):
    return 2 if "club" in t.cast(g, seat)["faceup"] else 1


def crystal_owner(g, voters):
    owner = t.owner_of(g, "crystal_ball")
    return owner if owner in voters else None
