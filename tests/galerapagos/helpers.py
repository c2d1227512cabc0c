"""Building exact positions for the rule tests: a real game, then its state set by hand (each
helper then calls `g.changed()`, as engine.base asks of code that changes the state outside
`act`: legal actions and the views' shared part are computed once per state)."""
import engine
from engine.galerapagos import flow

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
ANA, BEN, CY, DEE, ELI, FAY = range(6)


def new(n=5, seed=1, **options):
    return engine.new_game("galerapagos", NAMES[:n], seed=seed, options=options)


def all_cards(g):
    s = g.state
    cards = list(s["deck"]) + list(s["discard"])
    for c in s["castaways"]:
        cards += c["hand"] + c["faceup"]
    return cards


def _pull(g, card):
    """Take one copy of `card` from wherever it is (deck first) so the 54 stay conserved."""
    s = g.state
    for pile in [s["deck"], s["discard"]] + [c["hand"] for c in s["castaways"]] + [
            c["faceup"] for c in s["castaways"]]:
        if card in pile:
            pile.remove(card)
            return
    raise AssertionError(f"no {card} left")


def set_hand(g, seat, cards, faceup=()):
    c = g.state["castaways"][seat]
    g.state["deck"].extend(c["hand"] + c["faceup"])
    c["hand"], c["faceup"] = [], []
    for card in list(cards) + list(faceup):
        _pull(g, card)
    c["hand"] = list(cards)
    c["faceup"] = list(faceup)
    g.changed()


def empty_hands(g):
    for seat in range(g.n):
        set_hand(g, seat, [])


def at_survival(g, water, food, first=0, turn=6):
    """Jump to the start of phase 4 of `turn`."""
    s = g.state
    s.update(turn=turn, first=first, water=water, food=food, interrupt=None)
    for c in s["castaways"]:
        c["acted"] = True
    events = []
    flow.start_survival(g, events)
    flow.settle(g, events)
    g.changed()
    return events


def at_evening(g, water, food, places, first=0, turn=6, hurricane=False):
    s = g.state
    s.update(turn=turn, first=first, water=water, food=food, places=places, interrupt=None)
    s["weather_card"] = {"id": "hurricane" if hurricane else "w07", "drops": 2,
                         "hurricane": hurricane}
    if hurricane:
        s["weather"] = []
    events = []
    flow.start_evening(g, events)
    flow.settle(g, events)
    g.changed()
    return events


def at_turn_start(g, turn=3, first=0):
    """Run phase 1 of `turn` (the end of turn turn-1)."""
    s = g.state
    s.update(turn=turn - 1, first=first, interrupt=None)
    events = []
    flow.start_turn(g, events)
    flow.settle(g, events)
    g.changed()
    return events


def _window_key(g):
    stage = g.state["stage"]
    if not stage or stage.get("window") is None or g.state["interrupt"]:
        return None
    return g.state["turn"], stage["kind"], stage.get("resource")


def all_pass(g):
    """Everyone asked in the current window says ready, until that window closes."""
    events = []
    key = _window_key(g)
    while key is not None and _window_key(g) == key and g.waiting_for():
        events += g.act(g.waiting_for()[0], {"type": "pass"})
    return events


def vote(g, ballots):
    events = []
    for voter, target in ballots:
        events += g.act(voter, {"type": "vote", "target": target})
    return events


def types(events):
    return [e["type"] for e in events]


def at_actions(g, first=0, turn=2):
    """Jump to the start of phase 3 of `turn` (weather revealed) with `first` to act."""
    s = g.state
    s.update(turn=turn, first=first, interrupt=None, phase="actions")
    for c in s["castaways"]:
        c["acted"] = False
        c["forced"] = None
    events = []
    flow.weather_and_actions(g, events)
    flow.settle(g, events)
    g.changed()
    return events


def kinds(actions):
    return sorted({a["type"] for a in actions})


def cards_playable(g, seat):
    return sorted({a["card"] for a in g.legal_actions(seat) if a["type"] == "play"})


def plays(g, seat, card):
    return [a for a in g.legal_actions(seat) if a["type"] == "play" and a["card"] == card]
