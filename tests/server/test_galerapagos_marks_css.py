"""The Galèrapagos TV lights the castaways the table waits for and turns the marks of who has
acted, who votes and who has voted, and shows the first player's star, from the castaways
panel's data-cw<seat>: one attribute per seat, always there, its value the seat's marks (the
words wait, acted, voter, voted; issue 24: a turn passing on, an action or a vote
rebuilds no row, and restyles only the rows whose marks changed), with one rule per seat and
mark in galerapagos.css, matching the row by its class gt-s<seat> in the panel's list of rows
(gt-cws, a part of its own). The seat count is an assumed value of the data file, which a game
owner may correct: a seat without its rule would never be lit. This checks the rules cover every
seat the data allows, each pairing a seat with itself, and that each rule reads a word of the
list (~=: a seat often has two marks, and a rule for the whole value would miss them). (The
browser tests test_a_turn_passing_on_rebuilds_no_castaway_row and test_galerapagos_tv_marks
check what the rules show.) The first player's star is the panel's data-first, the seat, an
attribute of its own (a rule ending in the star, read from data-cw<seat>, restyled the twelve
stars whenever any seat's marks changed, nearly every update): one rule per seat too."""
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MARKS = ["wait", "acted", "voter", "voted"]


def _css():
    return (ROOT / "table_web" / "games" / "galerapagos.css").read_text()


@pytest.mark.parametrize("mark", MARKS)
def test_every_seat_the_data_allows_has_its_rule(mark):
    most = json.loads((ROOT / "engine" / "galerapagos" / "data.json").read_text())["players"]["max"]
    pairs = re.findall(rf'\.gt-castaways\[data-cw(\d+)~="?{mark}"?\]\s*>\s*\.gt-cws\s*>\s*\.gt-s(\d+)\b', _css())
    assert all(a == b for a, b in pairs), pairs
    assert sorted(int(a) for a, _ in pairs) == list(range(most)), (pairs, most)


def test_every_rule_reads_a_word_of_the_seats_marks():
    reads = re.findall(r'\[data-cw\d+([~|^$*]?=)?"?([^\]"]*)"?\]', _css())
    assert reads and {op for op, _ in reads} == {"~="} and {w for _, w in reads} <= set(MARKS), sorted(set(reads))


def test_every_seat_the_data_allows_has_its_star_rule():
    most = json.loads((ROOT / "engine" / "galerapagos" / "data.json").read_text())["players"]["max"]
    pairs = re.findall(r'\.gt-castaways\[data-first="(\d+)"\]\s*>\s*\.gt-cws\s*>\s*\.gt-s(\d+)\s+\.gt-star\b', _css())
    assert all(a == b for a, b in pairs), pairs
    assert sorted(int(a) for a, _ in pairs) == list(range(most)), (pairs, most)
