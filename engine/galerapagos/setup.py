"""A new game (§3): counters from the setup table, the deal, the weather deck, the first player."""
from engine.galerapagos.data import SETUP, WEATHER, full_deck


def new_castaway():
    return {"hand": [], "faceup": [], "alive": True, "sick_turn": None, "acted": False,
            "forced": None, "conch_turn": None, "covered": [], "records": []}


def build_weather(rng):
    """5 random normal cards + the Hurricane shuffled at the bottom, 7 normal ones on top, so
    the Hurricane comes out on turns 8 to 13 with equal chance."""
    normal = [dict(card) for card in WEATHER["normal"]]
    rng.shuffle(normal)
    build = WEATHER["build"]
    bottom = normal[:build["bottom_random_normal"]] + [dict(WEATHER["hurricane"])]
    rng.shuffle(bottom)
    top = normal[build["bottom_random_normal"]:]
    rng.shuffle(top)
    return top + bottom


def setup(g):
    s = g.state
    row = SETUP[g.n]
    s.update({
        "turn": 1, "phase": "actions", "water": row["water"], "food": row["food"],
        "wood": 0, "places": 0, "discard": [], "weather_card": None, "alarm": None,
        "deaths": [], "stage": None, "interrupt": None, "last_vote": None, "result": None,
        "turn_log": [], "ballots": [],
        "castaways": [new_castaway() for _ in range(g.n)],
    })
    deck = full_deck()
    g.rng.shuffle(deck)
    for _ in range(row["cards_per_player"]):
        for c in s["castaways"]:
            c["hand"].append(deck.pop(0))
    s["deck"] = deck
    s["weather"] = build_weather(g.rng)
    s["first"] = g.rng.randbelow(g.n)
