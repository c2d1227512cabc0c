"""Canned `game` payloads made by the real Lifeboat engine, for previewing and testing the page
modules without a server: each scenario is the payload the TV (seat None) and one phone would
receive at an interesting moment (each phase, action step, fight state, window kind, private
log kind; 4 and 6 players). Games are played by a seeded policy that prefers real decisions,
trades now and then, and shows a card rarely."""
import random

import engine

NAMES4 = ["Ana", "Ben", "<b>Cy</b>", "Dee"]
NAMES6 = ["Ana", "Ben", "<b>Cy</b>", "Dee", "Émilie-Françoise", "Fu"]


def payload(game, seat, version, events):
    return {
        "version": version, "game": "lifeboat", "seat": seat,
        "view": game.view(seat),
        "legal_actions": game.legal_actions(seat) if seat is not None else [],
        "waiting_for": game.waiting_for(), "over": game.over,
        "result": game.result(), "deadline": None, "events": events,
    }


def policy(g, seat, rng):
    acts = g.legal_actions(seat)
    main = [a for a in acts if a["type"] != "show" and not a["type"].startswith("trade_")]
    trade = [a for a in acts if a["type"].startswith("trade_")]
    shows = [a for a in acts if a["type"] == "show"]
    # Finish an open trade when there is one; open one now and then.
    if trade and rng.random() < 0.25:
        for t in ("trade_accept", "trade_put"):
            pick = [a for a in trade if a["type"] == t]
            if pick:
                return rng.choice(pick)
        opens = [a for a in trade if a["type"] == "trade_open"]
        if opens and rng.random() < 0.4:
            return rng.choice(opens)
    if shows and rng.random() < 0.04:
        return rng.choice(shows)
    if main:
        # Fights and windows: say done more often than not, so games end.
        done = [a for a in main if a["type"] == "done"]
        if done and rng.random() < 0.6:
            return done[0]
        return rng.choice(main)
    return rng.choice(acts)


def _actor(g):
    w = g.waiting_for()
    return w[0] if w else None


def _plog(kind):
    def pred(g, ev):
        for seat in range(g.n):
            if any(e["type"] == kind for e in g.view(seat)["me"]["private_log"]):
                return seat
        return None
    return pred


def _step(step):
    def pred(g, ev):
        a = g.view(None)["actions"]
        return _actor(g) if a and a["step"] == step else None
    return pred


def _ev(kind):
    return lambda g, ev: (_actor(g) if _actor(g) is not None else 0) if any(e["type"] == kind for e in ev) else None


def _fight(cond):
    def pred(g, ev):
        f = g.view(None)["fight"]
        if f and cond(f):
            w = g.waiting_for()
            inside = [x for x in w if x in f["sides"]["attacker"] + f["sides"]["defender"]]
            return (inside or w or [0])[0]
        return None
    return pred


def _phase(phase, extra=lambda g: True):
    return lambda g, ev: _actor(g) if g.view(None)["phase"] == phase and extra(g) else None


def _trade_table(g, ev):
    for seat in range(g.n):
        for t in g.view(seat)["me"]["trades"]:
            if t["table"][0] and t["table"][1]:
                return seat
    return None


def _offer_waits(g, ev):
    """A phone with nothing else to decide while the other side of a trade has offered cards."""
    for seat in range(g.n):
        if seat in g.waiting_for():
            continue
        for t in g.view(seat)["me"]["trades"]:
            o = 1 - t["seats"].index(seat)
            if t["table"][o]:
                return seat
    return None


def _unconscious(g, ev):
    for c in g.view(None)["characters"]:
        if c["state"] == "unconscious":
            return c["seat"]
    return None


def _unconscious_water(g, ev):
    if g.view(None)["phase"] != "thirst":
        return None
    for seat in g.waiting_for():
        if g.view(seat)["me"].get("unconscious_water"):
            return seat
    return None


def _thirst_fatal(g, ev):
    """A thirsty phone whose "Done" would kill its character although it could drink."""
    if g.view(None)["phase"] != "thirst":
        return None
    for seat in g.waiting_for():
        v = g.view(seat)
        n = (v["navigation"].get("thirst") or [0] * g.n)[seat]
        c = v["characters"][seat]
        if n and c["wounds"] + n > c["size"] and any(a["type"] == "drink" for a in g.legal_actions(seat)):
            return seat
    return None


def _legal(kind):
    def pred(g, ev):
        for seat in range(g.n):
            if any(a["type"] == kind for a in g.legal_actions(seat)):
                return seat
        return None
    return pred


WANTS = {
    "draft": _phase("draft"),
    "choose": _step("choose"),
    "place": _step("place"),
    "answer_swap": lambda g, ev: _step("answer")(g, ev) if (g.view(None)["actions"] or {}).get("kind") == "swap" else None,
    "answer_mug": lambda g, ev: _step("answer")(g, ev) if (g.view(None)["actions"] or {}).get("kind") == "mug" else None,
    "fight_start": _fight(lambda f: len(f["sides"]["attacker"]) + len(f["sides"]["defender"]) == 2 and not f["window"]["done"]),
    "fight_joined": _fight(lambda f: len(f["sides"]["attacker"]) + len(f["sides"]["defender"]) >= 3),
    "fight_flare": _fight(lambda f: f["fired"]),
    "fight_resolved": _ev("fight_resolved"),
    "swapped": _ev("swapped"),
    "navigate": _phase("navigate"),
    "compass": _ev("compass"),
    "rescue": _phase("rescue"),
    "rescue_sharks": _phase("rescue", lambda g: g.view(None)["navigation"].get("sharks")),
    "thirst": _phase("thirst"),
    "thirst_unconscious_water": _unconscious_water,
    "thirst_fatal": _thirst_fatal,
    "in_the_water": _ev("in_the_water"),
    "trade_table": _trade_table,
    "offer_waits": _offer_waits,
    "unconscious": _unconscious,
    "over": lambda g, ev: 0 if g.over else None,
    "plog_mugged": _plog("mugged"),
    "plog_trade_done": _plog("trade_done"),
    "plog_trade_cancelled": _plog("trade_cancelled"),
    "plog_compass": _plog("compass"),
    "plog_row_stack": _plog("row_stack"),
    "flare_action": lambda g, ev: (_actor(g) or 0) if any(e["type"] == "action" and e.get("action") == "flare" for e in ev) else None,
    "show_his": _legal("show_his"),
    "medical_kit_his": _legal("medical_kit_his"),
}
# Lady Lauren unconscious with cards in her hand, a conscious seat able to play one for her:
# the pages say "her" and "inconsciente" (a woman among men).
def _lady_unconscious(g, ev):
    lady = [c for c in g.view(None)["characters"] if c["character"] == "lady_lauren"]
    if not (lady and lady[0]["state"] == "unconscious" and lady[0]["hand_count"]):
        return None
    for seat in range(g.n):
        if any(a["type"].endswith("_his") and a.get("target") == lady[0]["seat"] for a in g.legal_actions(seat)):
            return seat
    return None


SIX = {f"{k}_6p": v for k, v in WANTS.items() if k in ("draft", "choose", "fight_joined", "rescue", "thirst", "over", "medical_kit_his")}
WANTS.update(SIX)
WANTS["lady_unconscious_6p"] = _lady_unconscious
SCENARIOS = list(WANTS)


def find(name, max_seeds=400):
    want = WANTS[name]
    names = NAMES6 if name.endswith("_6p") else NAMES4
    for seed in range(max_seeds):
        g = engine.new_game("lifeboat", list(names), seed=seed)
        rng = random.Random(seed)
        version, ev = 0, []
        for _ in range(3000):
            seat = want(g, ev)
            if seat is not None:
                return g, version, ev, seat
            if g.over:
                break
            actor = _actor(g)
            if actor is None:
                break
            ev = g.act(actor, policy(g, actor, rng))
            version += 1
    raise LookupError(name)


_cache = {}


def build(name):
    if name not in _cache:
        g, version, ev, seat = find(name)
        _cache[name] = {"name": name, "table": payload(g, None, version, ev),
                        "phone": payload(g, seat, version, ev)}
    return _cache[name]


if __name__ == "__main__":
    import sys
    for n in sys.argv[1:] or SCENARIOS:
        try:
            b = build(n)
            print(n, "seat", b["phone"]["seat"], "version", b["phone"]["version"])
        except LookupError:
            print(n, "NOT FOUND")
