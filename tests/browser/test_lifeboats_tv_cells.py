"""The Lifeboats TV's water cells clip nothing: each contains its size and layout but not its
paint (lifeboats.css: paint containment was a clip node per cell, 21-28 of them, walked by every
frame's pre-paint and layerize), which holds only while nothing in a cell reaches past its box:
its lane number and its "start" label, in English and French, on the smallest TV (the board is
drawn at its design size and scaled: its cells are narrowest beside the full side column; with the
host's drawer, lb-narrow, the column is narrower and the cells wider), with boats on the board or
not yet, five players or six."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_tv

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboats", "lb_scenarios")

# Per cell: whether it clips (paint containment or an overflow) and the children that reach
# past its border box.
CELLS = """() => [...document.querySelectorAll('.lb-cell')].map((cell) => {
  const cs = getComputedStyle(cell);
  const box = cell.getBoundingClientRect();
  const out = [...cell.querySelectorAll('*')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
  }).map((el) => el.className + ': ' + el.textContent);
  return { clips: /paint|strict|content/.test(cs.contain) || cs.overflowX !== 'visible' || cs.overflowY !== 'visible', out };
})"""


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scenario", ["setup_boats", "board", "vote_6p"])
def test_nothing_in_a_cell_reaches_past_it(browser, preview, lang, scenario):
    page, errors, _ = preview_tv(browser, preview, scenario, lang=lang)
    cells = page.evaluate(CELLS)
    assert cells, "no cells drawn"
    assert not any(c["clips"] for c in cells), cells
    assert [c["out"] for c in cells if c["out"]] == []
    assert not errors, errors
    page.close()
