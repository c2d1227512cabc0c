"""The Lifeboats TV's side column is tightened a step at a time by a class on the page's root
(lb-tight-1..3, lifeboats.js checkSide): a few updates of a vote toggle one. Chromium restyles,
for a class toggled on an element, every element under it that matches the last compound of a
rule using that class (its invalidation set): a rule `.lb-tight-2 ... .lb-glyph` restyled every
glyph of the page (the board's pawns and boats, the footer's chips: 60-100 elements) on each
toggle, for the five swatches it sizes (issue 24: 97 -> 77 elements restyled per update on a
turn window, benchmarks/tv_paint.py). So each rule of a step ends with a class of the side
column's own elements, never with a class drawn all over the page."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
CSS = ROOT / "table_web" / "games" / "lifeboats.css"
# classes drawn across the whole page (common.js glyphs, chips, names, pawns)
EVERYWHERE = {"lb-glyph", "lb-shape", "lb-hat", "lb-chip", "lb-swatch", "lb-who", "lb-pawn", "lb-sailor", "lb-officer"}


def _step_rules():
    css = re.sub(r"/\*.*?\*/", "", CSS.read_text(), flags=re.S)
    for selectors, _ in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        for sel in selectors.split(","):
            if re.search(r"\.lb-tight-\d", sel):
                yield sel.strip()


def test_the_side_columns_steps_restyle_only_the_side_columns_elements():
    rules = list(_step_rules())
    assert rules, "no rule of the side column's steps found"
    for sel in rules:
        last = re.split(r"[\s>+~]+", sel)[-1]
        classes = set(re.findall(r"\.([\w-]+)", last))
        assert not classes & EVERYWHERE, f"{sel!r}: a step restyles every {classes & EVERYWHERE} of the page"


def test_the_players_swatch_glyph_has_its_own_class():
    js = (ROOT / "table_web" / "games" / "lifeboats.js").read_text()
    assert re.search(r'seatClass\(mark\(view, colour, 26\), "lb-pglyph", ""\)', js)
    assert re.search(r"\.lb-tight-2 \.lb-pglyph\s*\{[^}]*width: 22px !important", CSS.read_text())
