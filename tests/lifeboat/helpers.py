"""Building exact positions: a game whose seats are the characters in start order (seat 0 =
first character at the bow), empty hands, and helpers to hand out cards and start a phase."""
import engine
from engine.lifeboat.data import START_ORDER

ALL = START_ORDER
L, S, C, M, F, K = range(6)  # seats of Lauren, Stephen, Captain, First Mate, Frenchy, Kid


def fresh(n=6, seed=1, love=None, hate=None, **options):
    if n < 6 and "removed_characters" not in options:
        options["removed_characters"] = START_ORDER[n:]
    g = engine.new_game("lifeboat", [f"P{i}" for i in range(n)], seed=seed, options=options)
    s = g.state
    in_play = [c for c in START_ORDER if c not in s["removed"]]
    s["chars"] = in_play
    s["line"] = list(range(n))
    s["love"] = list(love) if love else list(in_play)
    s["hate"] = list(hate) if hate else [in_play[(i + 1) % n] for i in range(n)]
    everything = sorted(c for seat in range(n) for c in s["hand"][seat] + s["up"][seat])
    drafted = s["draft"]["cards"] if s["draft"] else []
    s["prov_deck"] = sorted(s["prov_deck"] + everything + s["discard"] + drafted)
    s["hand"] = [[] for _ in range(n)]
    s["up"] = [[] for _ in range(n)]
    s["discard"] = []
    s["nav_deck"] = sorted(s["nav_deck"] + s["row_stack"])
    s["row_stack"] = []
    s["draft"] = s["act"] = s["fight"] = s["nav"] = s["window"] = None
    s["trades"] = []
    s["private"] = [[] for _ in range(n)]
    s["acted"] = [False] * n
    return g


def card_of(g, kind):
    """A card of `kind` still in the provisions deck."""
    s = g.state
    return next(c for c in s["prov_deck"] if s["kinds"][c] == kind)


def give(g, seat, kind, up=False, count=1):
    s = g.state
    for _ in range(count):
        c = card_of(g, kind)
        s["prov_deck"].remove(c)
        (s["up"] if up else s["hand"])[seat].append(c)
    return c


def hand(g, seat):
    return sorted(g.state["kinds"][c] for c in g.state["hand"][seat])


def up(g, seat):
    return sorted(g.state["kinds"][c] for c in g.state["up"][seat])


def nav_top(g, *cards):
    """Put these navigation cards on top of the deck, in this order."""
    s = g.state
    for c in cards:
        s["nav_deck"].remove(c)
    s["nav_deck"] = list(cards) + s["nav_deck"]


def start(g, phase):
    """Enter an automatic phase and let the game run to its first decision."""
    g.state["phase"] = phase
    ev = []
    g._run(ev)
    return ev


def start_actions(g):
    """Skip the draft: the Actions phase of the current turn."""
    return start(g, "actions_start")


def navigate_with(g, card, rowed=(), fought=()):
    """Enter Navigation with `card` on top of the deck and nobody able to choose another."""
    s = g.state
    for x in rowed:
        s["rowed"][x] = True
    for x in fought:
        s["fought"][x] = True
    nav_top(g, card)
    return start(g, "navigation")


def types(events):
    return [e["type"] for e in events]


def acts(g, seat, type_):
    return [a for a in g.legal_actions(seat) if a["type"] == type_]


def done_all(g, phase):
    """Everybody asked says done until the game leaves `phase` (a rescue or thirst window)."""
    ev = []
    while g.state["phase"] == phase:
        ev += g.act(g.waiting_for()[0], {"type": "done"})
    return ev
