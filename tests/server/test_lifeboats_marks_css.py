"""The Lifeboats TV lights the rows of the players the table waits for from the players panel's
data-w<seat> ("1" or "0", one attribute per seat: issue 24, a turn passing on rebuilds no row
and restyles only the rows whose mark changed), with one rule per seat in lifeboats.css matching
the row by its class lb-s<seat>; and the log's newest line from the list's data-n<slot>, one rule
per slot matching the line by its class lb-ls<slot>. The seat count is an assumed value of the
data file, which a game owner may correct, and the slot count is lifeboats.js's LOG_LINES: a seat
or a slot without its rule would never be lit. This checks the rules cover every seat the data
allows and every slot, each pairing a seat (a slot) with itself. (The browser tests
test_the_turn_passing_on_rebuilds_no_player_row and the log's ring test check what they show.)"""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
CSS = ROOT / "table_web" / "games" / "lifeboats.css"


def test_every_seat_the_data_allows_has_its_waiting_rule():
    most = json.loads((ROOT / "engine" / "lifeboats" / "data.json").read_text())["players"]["max"]
    pairs = re.findall(r'\.lb-players\[data-w(\d+)="1"\]\s*>\s*\.lb-s(\d+)\b', CSS.read_text())
    assert all(a == b for a, b in pairs), pairs
    assert sorted(int(a) for a, _ in pairs) == list(range(most)), (pairs, most)


def test_every_log_slot_has_its_newest_rule():
    js = (ROOT / "table_web" / "games" / "lifeboats.js").read_text()
    lines = int(re.search(r"const LOG_LINES = (\d+);", js).group(1))
    pairs = re.findall(r'\.lb-log ol\[data-n(\d+)="1"\]\s*>\s*\.lb-ls(\d+)\b', CSS.read_text())
    assert all(a == b for a, b in pairs), pairs
    assert sorted(int(a) for a, _ in pairs) == list(range(lines)), (pairs, lines)


def test_the_pawns_left_are_drawn_to_the_most_the_data_gives():
    """The TV and the phone draw each player's pawns left to place up to PAWNS_MOST per rank
    (common.js), a placed one hidden (a class flip, not a row morphed): a count over it is still
    drawn, only slower."""
    data = json.loads((ROOT / "engine" / "lifeboats" / "data.json").read_text())["pawns_per_player"]
    js = (ROOT / "server" / "static" / "games" / "lifeboats" / "common.js").read_text()
    most = re.search(r"export const PAWNS_MOST = \{ officer: (\d+), sailor: (\d+) \};", js)
    assert most, "PAWNS_MOST not found"
    assert (int(most.group(1)), int(most.group(2))) == (
        max(x["officer"] for x in data.values()), max(x["sailor"] for x in data.values()))
