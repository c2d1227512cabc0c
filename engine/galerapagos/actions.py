"""The four island actions of phase 3 (§4.3) and the two interrupts (bite and shot answers)."""
from engine.galerapagos import table as t
from engine.galerapagos import turnlog
from engine.galerapagos.data import BALLS, EFFECTS, WOOD
from engine.galerapagos.deaths import kill, make_sick


def step_options(g, seat):
    """The active castaway's actions; a pendulum forces the type while it is possible."""
    deck = bool(g.state["deck"])
    kinds = ["fish", "collect_water", "wood"] + (["search"] if deck else [])
    c = t.castaway(g, seat)
    if c["forced"] in kinds:
        kinds = [c["forced"]]
    gamble = "axe" not in c["faceup"] or EFFECTS["axe_allows_gamble"]
    options = []
    for kind in kinds:
        if kind == "wood":
            top = WOOD["extra_balls_max"] if gamble else 0
            options += [{"type": "wood", "extra": k} for k in range(0, top + 1)]
        else:
            options.append({"type": kind})
    return options


def apply_action(g, seat, action, events):
    s = g.state
    c = t.castaway(g, seat)
    stage = s["stage"]
    stage["left"] -= 1
    stage["started"] = True
    c["acted"] = True
    c["forced"] = None
    ACTION[action["type"]](g, seat, c, action, events)


def _fish(g, seat, c, action, events):
    ball = g.rng.choice(BALLS)
    fish = ball["fish"] * (EFFECTS["fishing_rod_factor"] if "fishing_rod" in c["faceup"] else 1)
    added = t.gain(g, "food", fish)
    events.append({"type": "fish", "seat": seat, "ball": ball["id"], "fish": fish,
                   "added": added, "food": g.state["food"]})
    turnlog.action(g, events[-1])


def _water(g, seat, c, action, events):
    drops = g.state["weather_card"]["drops"] * (
        EFFECTS["flask_factor"] if "flask" in c["faceup"] else 1)
    added = t.gain(g, "water", drops)
    events.append({"type": "collect_water", "seat": seat, "drops": drops, "added": added,
                   "water": g.state["water"]})
    turnlog.action(g, events[-1])


def _wood(g, seat, c, action, events):
    extra = action["extra"]
    wood = WOOD["certain_wood_with_axe"] if "axe" in c["faceup"] else WOOD["certain_wood"]
    drawn = [b["id"] for b in g.rng.sample(BALLS, extra)] if extra else []
    bitten = "black" in drawn
    if not bitten:
        wood += extra
    places = t.add_wood(g, wood)
    events.append({"type": "wood", "seat": seat, "extra": extra, "balls": drawn,
                   "bitten": bitten, "gained": wood, "new_places": places,
                   "wood": g.state["wood"], "places": g.state["places"]})
    turnlog.action(g, events[-1])
    if bitten:
        # D3 is asked after every bite, antivenom or not (E7).
        g.state["interrupt"] = {"kind": "bite", "seat": seat}


def _search(g, seat, c, action, events):
    card = g.state["deck"].pop(0)
    c["hand"].append(card)
    t.record(g, seat, "searched", cards=[card])
    events.append({"type": "search", "seat": seat, "deck": len(g.state["deck"])})
    turnlog.action(g, events[-1])


ACTION = {"fish": _fish, "collect_water": _water, "wood": _wood, "search": _search}


def interrupt_options(g):
    stage = g.state["interrupt"]
    card = "antivenom" if stage["kind"] == "bite" else "metal_sheet"
    options = [{"type": "pass"}]
    if card in t.castaway(g, stage["seat"])["hand"]:
        options.append({"type": "play", "card": card})
    return options


def answer_interrupt(g, action, events):
    s = g.state
    answer = s["interrupt"]
    s["interrupt"] = None
    seat = answer["seat"]
    if action["type"] == "play":
        t.take_card(g, seat, action["card"])
        s["discard"].append(action["card"])
        events.append({"type": "play", "seat": seat, "card": action["card"]})
        if answer["kind"] == "shot":
            turnlog.shot_answered(g, seat, "blocked")
            events.append({"type": "shot_blocked", "seat": seat, "shooter": answer["shooter"]})
        else:
            turnlog.bite_answered(g, seat, "antivenom")
        return
    if answer["kind"] == "bite":
        turnlog.bite_answered(g, seat, "sick")
        make_sick(g, seat, "snake", events)
    else:
        turnlog.shot_answered(g, seat, "killed")
        kill(g, [seat], "shot", events)
