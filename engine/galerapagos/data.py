"""The rules data (cards, weather, balls, setup table), loaded once from data.json."""
import json
from pathlib import Path

DATA = json.loads(Path(__file__).with_name("data.json").read_text(encoding="utf-8"))

CARDS = {card["id"]: card for card in DATA["wreck_cards"]}
SETUP = {row["players"]: row for row in DATA["setup"]}
BALLS = DATA["balls"]
WEATHER = DATA["weather"]
WOOD = DATA["wood_action"]
EFFECTS = DATA["effects"]
CAPS = DATA["caps"]
ACTIONS = tuple(DATA["actions"])
WOOD_PER_PLACE = DATA["wood_per_raft_place"]
MAX_PLACES = DATA["max_raft_places"]


def is_permanent(card):
    return CARDS[card]["kind"] == "permanent"


def ration_of(card):
    """(resource, rations) for a ration card, else None. The fruit basket is not one."""
    spec = CARDS[card]
    if "resource" in spec:
        return spec["resource"], spec["rations"]
    return None


def sickens(card):
    return bool(CARDS[card].get("sickens"))


def full_deck():
    return [card["id"] for card in DATA["wreck_cards"] for _ in range(card["count"])]
