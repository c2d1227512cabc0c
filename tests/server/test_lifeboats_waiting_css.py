"""The Lifeboats TV lights the rows of the players the table waits for from the players panel's
data-waiting (issue 24: a turn passing on rebuilds no row), with one rule per seat in
lifeboats.css, since CSS cannot match a parent's list against a child's seat. The seat count is
an assumed value of the data file, which a game owner may correct: a seat without its rule would
never be lit. This checks the rules cover every seat the data allows, each pairing a seat with
itself. (The browser test test_the_turn_passing_on_rebuilds_no_player_row checks the light.)"""
import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_seat_the_data_allows_has_its_waiting_rule():
    most = json.loads((ROOT / "engine" / "lifeboats" / "data.json").read_text())["players"]["max"]
    css = (ROOT / "table_web" / "games" / "lifeboats.css").read_text()
    pairs = re.findall(r'\.lb-players\[data-waiting~="(\d+)"\]\s*>\s*\.lb-player\[data-seat="(\d+)"\]', css)
    assert all(a == b for a, b in pairs), pairs
    assert sorted(int(a) for a, _ in pairs) == list(range(most)), (pairs, most)
