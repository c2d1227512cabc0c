"""The Lifeboats TV's side column at its second step (lb-tight-2, lifeboats.js checkSide): each
player's swatch glyph is drawn at 22 px by its own class (lb-pglyph, so a step's toggle restyles
those five and not every glyph of the page: tests/server/test_lifeboats_tight_css.py), and
the other glyphs keep their sizes."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_tv

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboats", "lb_scenarios")

SIZES = """() => [...document.querySelectorAll('.lb-glyph')].map((g) =>
  [g.classList.contains('lb-pglyph'), g.offsetWidth, g.offsetHeight])"""


def test_the_second_step_draws_the_players_swatch_glyphs_smaller_and_no_other(browser, preview):
    page, errors, _ = preview_tv(browser, preview, "eject_vote", "fr")
    page.evaluate("() => document.querySelector('.lb-table').classList.remove('lb-tight-2')")
    players = page.locator(".lb-player").count()
    assert players >= 4
    loose = page.evaluate(SIZES)
    assert [w for own, w, _ in loose if own] == [26] * players
    page.evaluate("() => document.querySelector('.lb-table').classList.add('lb-tight-2')")
    tight = page.evaluate(SIZES)
    assert [(w, h) for own, w, h in tight if own] == [(22, 22)] * players
    assert [x for x in tight if not x[0]] == [x for x in loose if not x[0]]
    assert not errors, errors
    page.close()
