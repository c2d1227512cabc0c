"""Death and the dealing of a dead castaway's cards, sickness, the end of the game (§6-§9)."""
from engine import window as windows
from engine.galerapagos import table as t
from engine.galerapagos import turnlog
from engine.galerapagos.votes import drop_voter, open_ballots


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
        c = t.castaway(g, x)
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
    c = t.castaway(g, seat)
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
        t.castaway(g, to)["hand"].append(card)
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
        turnlog.deaths(g, stage["vote"], seats)
        stage["vote"] = None
        events.append({"type": "vote_cancelled", "why": "death"})
    if stage.get("kind") == "departure" and (stage["ballot"] is not None or stage["choose"]):
        turnlog.deaths(g, stage, seats)
        stage["ballot"] = None
        stage["choose"] = False
        stage["record"] = None
        events.append({"type": "vote_cancelled", "why": "death"})


def make_sick(g, seat, why, events):
    """Sick from now (E39 restarts it). For the rest of this turn he casts no ballot in a
    survival-phase vote (one open now drops him unless he has voted, E20); he still votes in the
    hurricane and departure votes (§5.1, §7)."""
    t.castaway(g, seat)["sick_turn"] = g.state["turn"]
    events.append({"type": "sick", "seat": seat, "why": why})
    for b in open_ballots(g):
        drop_voter(b, seat)
