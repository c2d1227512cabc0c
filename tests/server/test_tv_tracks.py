"""The TV boards' main grid tracks never size to their content (issue 24, the layout per update).

A track sized by its content (`auto`, `1fr`, which is `minmax(auto, 1fr)`) makes the browser lay
out every item's content to size it whenever anything inside changes: a vote that changed one
castaway's line laid out every panel of the Galèrapagos board again (layout 2.0 ms per update at
12 castaways; 1.3 ms with these tracks fixed, benchmarks/tv_paint.py). The panels clip their
content, so a zero minimum draws the same board (screenshots of the replayed games identical);
this checks that each board's tracks keep it: a fixed length or `minmax(0, ...)`, the last rule
for the selector winning as in the browser. (The gain itself is a figure: tv_paint.py.)"""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ROOT / "table_web" / "games"

# (stylesheet, selector, property): the tracks between the stage and the board's panels
TRACKS = [
    ("galerapagos.css", ".gt-table", "grid-template-rows"),
    ("galerapagos.css", ".gt-main", "grid-template-rows"),
    ("galerapagos.css", ".gt-main", "grid-template-columns"),
    ("lifeboats.css", ".lb-table", "grid-template-rows"),
    ("lifeboats.css", ".lb-main", "grid-template-rows"),
    ("lifeboats.css", ".lb-main", "grid-template-columns"),
    ("lifeboats.css", ".lb-narrow .lb-main", "grid-template-columns"),
    ("lifeboat.css", ".lbv-main", "grid-template-rows"),
    ("lifeboat.css", ".lbv-main", "grid-template-columns"),
    ("lifeboat.css", ".lbv-left", "grid-template-rows"),
    ("lifeboat.css", ".lbv-side-col", "grid-template-rows"),
]
# The rows that hold a header or a footer sized by its text (the top bar, the Lifeboats stage):
# only these may stay `auto`, and they are not where an update's changes are.
AUTO_ALLOWED = {(".gt-table", 0), (".lb-table", 0), (".lb-table", 2), (".lbv-left", 0),
                (".lbv-side-col", 0), (".lbv-side-col", 1)}


def last_value(css, selector, prop):
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    value = None
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        if selector not in [s.strip() for s in selectors.split(",")]:
            continue
        for decl in body.split(";"):
            name, _, val = decl.partition(":")
            if name.strip() == prop:
                value = val.strip()
    return value


def tracks(value):
    """'auto minmax(0, 1fr) 480px' -> ['auto', 'minmax(0, 1fr)', '480px']"""
    return re.findall(r"minmax\([^)]*\)|repeat\([^)]*\)|[^\s]+", value)


@pytest.mark.parametrize("sheet,selector,prop", TRACKS)
def test_a_tv_board_track_never_sizes_to_its_content(sheet, selector, prop):
    value = last_value((GAMES / sheet).read_text(encoding="utf-8"), selector, prop)
    assert value, (sheet, selector, prop)
    for i, track in enumerate(tracks(value)):
        if track == "auto" and (selector, i) in AUTO_ALLOWED:
            continue
        assert re.fullmatch(r"\d+(\.\d+)?px|minmax\(0,\s*[\d.]+(fr|px)\)", track), (sheet, selector, prop, value)
