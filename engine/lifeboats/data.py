"""The rules data of Lifeboats (data.json, a copy of shared/rules/lifeboats-data.json with the
edition differences and rank order added), loaded once, plus the lookups every module needs."""
import json
from pathlib import Path

DATA = json.loads(Path(__file__).with_name("data.json").read_text(encoding="utf-8"))

PLAYER_COLOURS = DATA["player_colours"]
BLACK = DATA["neutral_boat_colour"]
OPTION_ORDER = DATA["option_order"]
RANKS = DATA["ranks"]
SEATS_PER_BOAT = DATA["seats_per_boat"]
HATS = DATA["hats_per_player"]
LEAK_SUPPLY = DATA["leak_supply"]
LANES = [lane["lane"] for lane in DATA["lanes"]]
ISLAND_OF_LANE = {lane["lane"]: lane["island"] for lane in DATA["lanes"]}
ISLANDS = DATA["island_order_left_to_right"]
EJECTION_WEIGHT = DATA["ejection_vote_weight"]


def pawns_per_player(n):
    return DATA["pawns_per_player"][str(n)]


def island_value(island, rank):
    return DATA["islands"][island][rank]


def edition_rule(options, point):
    """How the chosen edition settles one of the points where the editions differ (§9)."""
    return DATA["edition_rules"][options["edition"]][point]


def colour_of(seat):
    return PLAYER_COLOURS[seat]


def seat_of(colour):
    """The owner of a colour, None for the black boat."""
    return PLAYER_COLOURS.index(colour) if colour in PLAYER_COLOURS else None
