"""The Galèrapagos TV lights the castaways the table waits for and turns the marks of who has
acted, who votes and who has voted from the castaways panel's data-wait<seat>,
data-acted<seat>, data-voter<seat> and data-voted<seat>, and shows the first player's star from its
data-first<seat> (issue 24: a turn passing on, an action or a vote rebuilds no row, and restyles
only the rows whose marks changed), each written "1" and only for the seats that have it, with
one rule per seat and mark in galerapagos.css, matching the row by its class gt-s<seat> in the
panel's list of rows (gt-cws, a part of its own). The seat count is an assumed value of the data
file, which a game owner may correct: a seat without its rule would never be lit. This checks the
rules cover every seat the data allows, each pairing a seat with itself, and that no rule reads a
mark the page never writes (a "0"). (The browser tests test_a_turn_passing_on_rebuilds_no_castaway_row
and test_galerapagos_tv_marks check what the rules show.)"""
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MARKS = ["wait", "acted", "voter", "voted", "first"]


def _css():
    return (ROOT / "table_web" / "games" / "galerapagos.css").read_text()


@pytest.mark.parametrize("mark", MARKS)
def test_every_seat_the_data_allows_has_its_rule(mark):
    most = json.loads((ROOT / "engine" / "galerapagos" / "data.json").read_text())["players"]["max"]
    pairs = re.findall(rf'\.gt-castaways\[data-{mark}(\d+)="1"\]\s*>\s*\.gt-cws\s*>\s*\.gt-s(\d+)\b', _css())
    assert all(a == b for a, b in pairs), pairs
    assert sorted(int(a) for a, _ in pairs) == list(range(most)), (pairs, most)


def test_no_rule_reads_a_mark_the_page_does_not_write():
    reads = re.findall(rf'\[data-(?:{"|".join(MARKS)})\d+(?:="([^"]*)")?\]', _css())
    assert reads and set(reads) == {"1"}, sorted(set(reads))
