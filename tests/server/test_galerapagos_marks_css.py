"""The Galèrapagos TV lights the castaways the table waits for and turns the marks of who has
acted, who votes and who has voted from the castaways panel's data-wait<seat>,
data-acted<seat>, data-voter<seat> and data-voted<seat>, and shows the first player's star from its
data-first<seat> (issue 24: a turn passing on, an action
or a vote rebuilds no row, and restyles only the rows whose marks changed), with one rule per
seat and mark in galerapagos.css, matching the row by its class gt-s<seat>. The seat count is an assumed value of the data file, which a game owner
may correct: a seat without its rule would never be lit. This checks the rules cover every seat
the data allows, each pairing a seat with itself. (The browser test
test_a_turn_passing_on_rebuilds_no_castaway_row checks what the rules show.)"""
import json
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("mark", ["wait", "acted", "voter", "voted", "first"])
def test_every_seat_the_data_allows_has_its_rule(mark):
    most = json.loads((ROOT / "engine" / "galerapagos" / "data.json").read_text())["players"]["max"]
    css = (ROOT / "table_web" / "games" / "galerapagos.css").read_text()
    pairs = re.findall(rf'\.gt-castaways\[data-{mark}(\d+)="1"\]\s*>\s*\.gt-s(\d+)\b', css)
    assert all(a == b for a, b in pairs), pairs
    assert sorted(int(a) for a, _ in pairs) == list(range(most)), (pairs, most)
