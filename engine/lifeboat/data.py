"""The game's data file, loaded once at import: every number and card of the rules lives there."""
import json
from pathlib import Path

DATA = json.loads(Path(__file__).with_name("data.json").read_text(encoding="utf-8"))

CHARACTERS = {c["id"]: c for c in DATA["characters"]}
START_ORDER = DATA["seat_order_start"]
PROVISIONS = {p["id"]: p for p in DATA["provisions"]}
NAVIGATION = {c["id"]: c for c in DATA["navigation"]}
BIRDS_TO_WIN = DATA["birds_to_win"]
ROW_CARDS = DATA["row_cards"]
FLARE_CARDS = DATA["flare_cards"]
JEWEL_SET_POINTS = DATA["jewel_set_points"]
DOUBLE_FACTOR = DATA["double_factor"]
WEAPONS = DATA["weapon_kinds"]
ROW_BONUS_KIND = DATA["row_bonus_kind"]


def weapon_bonus(kind):
    return PROVISIONS[kind]["weapon_bonus"]


def painting_kind(value):
    """The painting card kind printed with `value` points (option painting_values)."""
    for p in DATA["provisions"]:
        if p["score_category"] == "paintings" and p["points"] == value:
            return p["id"]
    raise ValueError(value)


def provision_kinds(painting_values):
    """One kind per provision card (the card's id is its index), paintings per the option."""
    kinds = []
    for p in DATA["provisions"]:
        if p["score_category"] != "paintings":
            kinds += [p["id"]] * p["count"]
    kinds += [painting_kind(v) for v in sorted(painting_values, reverse=True)]
    return kinds
