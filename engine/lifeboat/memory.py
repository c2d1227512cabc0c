"""What the table must still show after it happened (and after a reload): the last navigation
card resolved with everything it did, the last fight's result, the flare gun's cards. Each
record lives in the state and is replaced only by the next one of its kind."""


def _last(s):
    # States saved before these records existed have none yet.
    return s.setdefault("last", {"navigation": None, "fight": None, "flare": None})


def get(s, key):
    return s.get("last", {}).get(key)


def navigation_card(s, card, birds_before):
    _last(s)["navigation"] = {
        "turn": s["turn"], "card": card, "birds": s["birds"],
        "bird_change": s["birds"] - birds_before, "rescued": False,
        "overboard": [], "gone": [], "sharks": False, "preserver": None, "chum": [],
        "in_the_water": [], "thirst": None, "parasol_shade": None, "water": [],
        "thirst_wounds": [], "finished": False}


def navigation(s):
    """The record of the navigation being resolved (None in states saved before it existed)."""
    return get(s, "navigation")


def note(s, **fields):
    rec = navigation(s)
    if rec is not None:
        rec.update(fields)


def append(s, key, item):
    rec = navigation(s)
    if rec is not None:
        rec[key].append(item)


def fight(s, record):
    _last(s)["fight"] = record


def flare(s, record):
    _last(s)["flare"] = record
