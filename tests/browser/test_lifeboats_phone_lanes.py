"""The Lifeboats phone's start fields at 390x844, in English and French: all seven lanes lie
inside the card, side by side, each island named once over its lanes (an island's name on each
narrow lane pushed lanes 6 and 7 out of sight, so a player could not pick them)."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_phone

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboats", "lb_scenarios")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_lane_is_in_sight_under_its_island(browser, preview, lang):
    ctx, page, errors = preview_phone(browser, preview, "setup_boats", lang)
    try:
        got = page.evaluate("""() => {
          const grid = document.querySelector('.lb-lanes').getBoundingClientRect();
          const lanes = [...document.querySelectorAll('.lb-lane-btn')].map((b) => {
            const r = b.getBoundingClientRect();
            return { lane: b.dataset.lane, left: r.left, right: r.right, top: r.top };
          });
          const heads = [...document.querySelectorAll('.lb-lane-head')].map((e) => e.textContent);
          return { grid: { left: grid.left, right: grid.right }, lanes, heads, width: innerWidth };
        }""")
        lanes = got["lanes"]
        assert [x["lane"] for x in lanes] == [str(n) for n in range(1, 8)], lanes
        for x in lanes:
            assert got["grid"]["left"] - 1 <= x["left"] and x["right"] <= got["grid"]["right"] + 1, (x, got["grid"])
            assert x["right"] <= got["width"], x
        assert len({round(x["top"]) for x in lanes}) == 1, lanes          # one row
        names = {"en": ["Left island", "Middle island", "Right island"],
                 "fr": ["Île de gauche", "Île du milieu", "Île de droite"]}[lang]
        assert [next(n for n in names if h.startswith(n)) for h in got["heads"]] == names, got["heads"]
        assert not errors, errors
    finally:
        ctx.close()
