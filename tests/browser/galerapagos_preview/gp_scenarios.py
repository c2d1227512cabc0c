"""Canned Galèrapagos `game` payloads made by the real engine, for previewing and testing the
page modules without a server: each scenario is what the TV (seat None) and one phone (the
seat that must act, or the one the scenario is about) receive at an interesting moment.
Games are played by a seeded random policy until the scenario's predicate holds."""
import random

import engine

NAMES = ["Ana", "Ben", "<b>Cy</b>", "Dee", "Émilie-Françoise", "Fu", "Gus", "Hana",
         "Ivo", "Jo", "Kim", "Lou"]


def payload(game, seat, version, events, deadline=None):
    return {
        "version": version, "game": "galerapagos", "seat": seat,
        "view": game.view(seat),
        "legal_actions": game.legal_actions(seat) if seat is not None else [],
        "waiting_for": game.waiting_for(), "over": game.over,
        "result": game.result(), "deadline": deadline, "events": events,
    }


def policy(g, seat, rng, style):
    acts = g.legal_actions(seat)
    core = [a for a in acts if a["type"] not in ("play", "give", "shoot")]
    cards = [a for a in acts if a["type"] == "play"]
    risky = [a for a in acts if a["type"] in ("give", "shoot")]
    view = g.view(None)
    stage = view["stage"] or {}
    if stage.get("kind") == "step" and core:
        if style == "builder":
            living = sum(c["alive"] for c in view["castaways"])
            if view["water"] < living + 2:
                want = "collect_water"
            elif view["food"] < living + 2:
                want = "fish"
            else:
                want = "wood"
            pick = [a for a in core if a["type"] == want and a.get("extra", 0) <= 1]
            if pick and rng.random() < 0.85:
                return rng.choice(pick)
        if cards and rng.random() < 0.15:
            return rng.choice(cards)
        return rng.choice(core)
    if any(a["type"] == "vote" and "leave" in a for a in acts) and style == "builder":
        return {"type": "vote", "leave": True}
    r = rng.random()
    if cards and r < 0.12:
        return rng.choice(cards)
    if risky and r < 0.15 and style == "wild":
        return rng.choice(risky)
    if core:
        return rng.choice(core)
    return rng.choice(acts)


def _stage(g):
    return (g.view(None)["stage"] or {})


def _bite_ended(answer):
    """The last action was a wood gamble the snake bit, answered by `answer` ("antivenom" or
    "sick"), and the turn goes on (the TV still shows that outcome)."""
    def want(g, ev, s):
        view = g.view(None)
        last = (view.get("turn_log") or [{}])[-1]
        return last.get("kind") == "wood" and last.get("bite") == answer \
            and _stage(g).get("kind") == "step" and not view["interrupt"]
    return want


def _ballot(g):
    st = _stage(g)
    if st.get("vote"):
        return st["vote"]["ballot"]
    return st.get("ballot")


def _window(kind):
    return lambda g, ev, seat: (_stage(g).get("window") or {}).get("kind") == kind


def _has_kinds(g, seat):
    return {r["kind"] for r in g.view(seat)["me"]["records"]}


def _crystal_seat(g):
    """A seat whose crystal ball shows the other ballots (it votes last)."""
    for x in range(g.n):
        st = g.view(x)["stage"] or {}
        ballot = (st.get("vote") or {}).get("ballot")
        if ballot and ballot.get("others") and x in g.waiting_for():
            return x
    return None


def _zero_saver(g):
    """In a zero window, an uncovered castaway holding a card that would cover him: for him
    "Ready" means death (issue 19.9)."""
    st = _stage(g)
    if st.get("kind") != "survival" or st.get("mode") != "zero" or not st.get("window"):
        return None
    for x in st.get("mouths", []):
        if any(a["type"] == "play" and (a.get("use") == "save" or (a.get("use") == "cover" and x in a.get("for", [])))
               for a in g.legal_actions(x)):
            return x
    return None


# name -> (predicate(g, events, previous seat), options)
WANTS = {
    "step": lambda g, ev, s: _stage(g).get("kind") == "step" and g.view(None)["turn"] >= 2,
    "coffee": lambda g, ev, s: _stage(g).get("kind") == "step" and any(
        a.get("card") == "coffee" for a in g.legal_actions(_stage(g)["seat"])),
    "bite": lambda g, ev, s: (g.view(None)["interrupt"] or {}).get("kind") == "bite",
    "shot": lambda g, ev, s: (g.view(None)["interrupt"] or {}).get("kind") == "shot",
    "antivenom": _bite_ended("antivenom"),
    "sick": _bite_ended("sick"),
    "dawn": _window("dawn"),
    "evening": _window("evening"),
    "shortage": _window("shortage"),
    "zero": _window("zero"),
    "vote": lambda g, ev, s: (_ballot(g) or {}).get("kind") == "sacrifice"
    and not _ballot(g)["revealed"] and len(_ballot(g)["voted"]) >= 1,
    "club": lambda g, ev, s: (_ballot(g) or {}).get("kind") == "sacrifice"
    and not _ballot(g)["revealed"] and 2 in _ballot(g)["weights"],
    "tie": lambda g, ev, s: bool((_stage(g).get("vote") or {}).get("tied")),
    "named": lambda g, ev, s: (_stage(g).get("vote") or {}).get("named") is not None,
    "reveal": lambda g, ev, s: any(e["type"] == "reveal" and e["kind"] == "sacrifice" for e in ev),
    "hurricane_vote": lambda g, ev, s: _stage(g).get("kind") == "hurricane",
    "departure": lambda g, ev, s: _stage(g).get("kind") == "departure",
    "over_departure": lambda g, ev, s: g.over and g.result()["end"] == "departure",
    "over_hurricane": lambda g, ev, s: g.over and g.result()["end"] == "hurricane",
    "over": lambda g, ev, s: g.over,
    "records": lambda g, ev, s: any(len(_has_kinds(g, x)) >= 4 for x in range(g.n))
    and _stage(g).get("kind") == "step",
    "crystal": lambda g, ev, s: _crystal_seat(g) is not None,
    "named_save": lambda g, ev, s: (_stage(g).get("vote") or {}).get("named") is not None and any(
        a.get("use") == "save" or a["type"] == "shoot" for a in g.legal_actions(_stage(g)["vote"]["named"])),
    "zero_save": lambda g, ev, s: _zero_saver(g) is not None,
    "step_12": lambda g, ev, s: _stage(g).get("kind") == "step" and g.view(None)["turn"] >= 2,
    "vote_12": lambda g, ev, s: (_ballot(g) or {}).get("kind") == "sacrifice"
    and not _ballot(g)["revealed"] and len(_ballot(g)["voted"]) >= 3,
    "reveal_12": lambda g, ev, s: any(e["type"] == "reveal" for e in ev),
    "over_12": lambda g, ev, s: g.over,
}
SPECIAL = {
    "step_12": {"players": 12}, "vote_12": {"players": 12}, "reveal_12": {"players": 12},
    "over_12": {"players": 12, "style": "builder"},
    "departure": {"style": "builder"}, "over_departure": {"style": "builder"},
    "over_hurricane": {"style": "builder"}, "hurricane_vote": {"style": "builder"},
    "shot": {"style": "wild"}, "records": {"style": "wild"},
    "club": {"style": "wild"}, "crystal": {"style": "wild"}, "named_save": {"style": "wild"},
}
SCENARIOS = list(WANTS)
PLAYERS = 5


def find(name, players=PLAYERS, style="random", max_seeds=400):
    want = WANTS[name]
    for seed in range(max_seeds):
        g = engine.new_game("galerapagos", NAMES[:players], seed=seed, options={})
        rng = random.Random(seed)
        version, ev, seat = 0, [], None
        steps = 0
        while not g.over and steps < 3000:
            if want(g, ev, seat):
                return g, version, ev
            seat = g.waiting_for()[0]
            ev = g.act(seat, policy(g, seat, rng, style))
            version += 1
            steps += 1
        if want(g, ev, seat):
            return g, version, ev
    raise LookupError(name)


def phone_seat(name, g):
    if name == "crystal":
        return _crystal_seat(g)
    if name == "zero_save":
        return _zero_saver(g)
    if name == "records":
        return max(range(g.n), key=lambda x: len(_has_kinds(g, x)))
    if g.over:
        return 0
    ballot = _ballot(g)
    if name in ("vote", "vote_12", "club") and ballot:
        todo = [v for v in ballot["voters"] if v not in ballot["voted"]]
        if name == "club":
            heavy = [v for v, w in zip(ballot["voters"], ballot["weights"]) if w == 2]
            todo = [v for v in todo if v in heavy] or todo
        if todo:
            return todo[0]
    waiting = g.waiting_for()
    return waiting[0] if waiting else 0


def build(name, lang="en"):
    spec = dict(SPECIAL.get(name, {}))
    g, version, ev = find(name, **spec)
    seat = phone_seat(name, g)
    deadline = None
    if name in ("dawn", "evening", "shortage", "zero", "zero_save"):
        import time
        deadline = int(time.time() * 1000) + 20_000
    return {"name": name, "lang": lang,
            "table": payload(g, None, version, ev, deadline),
            "phone": payload(g, seat, version, ev, deadline)}


if __name__ == "__main__":
    import sys
    import time
    for n in sys.argv[1:] or SCENARIOS:
        t0 = time.time()
        try:
            b = build(n)
            print(n, "ok", round(time.time() - t0, 2), b["phone"]["seat"], (b["table"]["view"]["stage"] or {}).get("kind"))
        except LookupError:
            print(n, "NOT FOUND", round(time.time() - t0, 2))
