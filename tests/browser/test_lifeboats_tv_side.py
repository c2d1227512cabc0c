"""The Lifeboats TV's side column at its most crowded, on the module preview, 720p, both languages.

Five players with long names in a vote, one voted, two drowned (scenario vote_5p): each row of
a drowned voter is three lines, and the column (banner, players, landing places) was cut, the
landing places by 28-50 px, at its tightest step (lifeboats.js fitSide, measured after the fit
had settled). Its last step, in a vote only, hides the banner, whose words the voters' rows say
too ("thinking..."): every panel shown lies whole inside the column; the vote over, the banner
is back."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_tv, settled

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboats", "lb_scenarios")

# The column's overflow and, for each panel shown, how far its bottom is below the column's (px
# on screen; <= 0 when whole); the page's classes (its fit) as a settled value.
SIDE = """() => { const s = document.querySelector('.lb-side'); const box = s.getBoundingClientRect();
  return { over: s.scrollHeight - s.clientHeight,
    panels: [...s.children].filter((k) => k.getClientRects().length)
      .map((k) => [k.className, Math.round(k.getBoundingClientRect().bottom - box.bottom)]) }; }"""
FIT = "[document.querySelector('.lb-table').className, document.querySelector('.lb-side').scrollHeight]"
THINKING = """() => [...document.querySelectorAll('.lb-player')].filter((row) =>
  [...row.querySelectorAll('.lb-vstate')].some((s) => s.getClientRects().length && s.dataset.voted === 'false'))
  .map((row) => Number(row.dataset.seat))"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_five_long_names_voting_fit_the_side_column_whole(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "vote_5p", lang)
    page.wait_for_function(settled(FIT, 3), timeout=10000)
    side = page.evaluate(SIDE)
    assert side["over"] <= 1, side
    names = [name for name, _ in side["panels"]]
    assert any("lb-players" in n for n in names) and any("lb-landing" in n for n in names), side
    assert all(below <= 1 for _, below in side["panels"]), side
    # whom the table waits for, said by the rows when the banner gives its room
    waiting = sorted(data["view"]["waiting_for"])
    if not any("wf-banner" in n for n in names):
        assert sorted(page.evaluate(THINKING)) == waiting, (page.evaluate(THINKING), waiting)
    assert page.locator(".lb-landing .lb-place").count() == data["view"]["landing_places"]

    # the vote over (one player to decide, no ballot): the banner is back, and all of it fits
    seat = data["view"]["waiting_for"][0]
    data["view"]["ballot"] = None
    data["view"]["waiting_for"] = data["waiting_for"] = [seat]
    data["version"] += 1
    # (settled's count starts afresh, as each wait's does: the fit before the refit reads as the
    # last wait's value, and a poll in the next frame's callbacks, before the refit's layout, passed)
    page.evaluate("m => window.__rerender(m)", data)
    page.wait_for_function(settled(FIT, 3), timeout=10000)
    side = page.evaluate(SIDE)
    assert side["over"] <= 1 and all(below <= 1 for _, below in side["panels"]), side
    assert any("wf-banner" in n for n, _ in side["panels"]), side
    assert not errors, errors
    page.close()
