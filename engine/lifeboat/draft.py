"""Provisions (§4.1): a draft passed bow to stern among the conscious characters."""
from engine.lifeboat import board


def begin(s, ev):
    if not s["prov_deck"]:
        ev.append({"type": "provisions_skipped", "turn": s["turn"]})
        s["phase"] = "actions_start"
        return
    drafters = board.conscious_seats(s)
    count = min(len(drafters), len(s["prov_deck"]))
    cards, s["prov_deck"] = s["prov_deck"][:count], s["prov_deck"][count:]
    s["draft"] = {"drafters": drafters[:count], "index": 0, "cards": cards}
    s["phase"] = "draft"
    ev.append({"type": "draft_started", "turn": s["turn"], "drafters": drafters[:count],
               "cards": count})
    if drafters:
        _received(s)


def drafter(s):
    d = s["draft"]
    return d["drafters"][d["index"]]


def _received(s):
    cards = s["draft"]["cards"]
    s["private"][drafter(s)].append(
        {"type": "draft_received", "turn": s["turn"], "cards": [s["kinds"][c] for c in cards]})


def waiting(s):
    d = s["draft"]
    return [drafter(s)] if d and len(d["cards"]) > 1 else []


def legal(s, seat):
    if seat not in waiting(s):
        return []
    kinds = sorted({s["kinds"][c] for c in s["draft"]["cards"]})
    return [{"type": "pick", "card": k} for k in kinds]


def keep(s, card, ev, chosen):
    d = s["draft"]
    seat = drafter(s)
    d["cards"].remove(card)
    s["hand"][seat].append(card)
    ev.append({"type": "draft_pick", "seat": seat, "chosen": chosen, "left": len(d["cards"])})
    d["index"] += 1
    if d["cards"]:
        _received(s)


def pick(s, seat, action, ev):
    keep(s, board.first_of(s, s["draft"]["cards"], action["card"]), ev, True)


def step(s, ev):
    """No decision pending: a single card is kept without asking; an empty draft ends."""
    d = s["draft"]
    if d["cards"]:
        keep(s, d["cards"][0], ev, False)
    else:
        s["draft"] = None
        s["phase"] = "actions_start"
