"""A phone's card sheet holding a fight's window open (server/timers.py hold and release) moves
the window's deadline and resends the same view: the Lifeboat TV builds no part for it (issue 24),
and its banner's countdown shows the new seconds (the ticker paints them into the banner kept).
A deadline that appears builds the banner, which then shows its clock."""
import time

from tests.browser import preview as preview_page
from tests.browser.helpers import RERENDER, preview_tv

preview = preview_page.served("lifeboat", "lbt_scenarios")

CLOCK = """() => { const s = document.querySelector("[data-testid=waiting-for] .wf-secs");
  return s ? Number(s.textContent) : null; }"""


def test_a_hold_moving_the_deadline_builds_no_banner(browser, preview):
    page, errors, data = preview_tv(browser, preview, "fight_joined_6p", twice=True)
    assert page.evaluate(CLOCK) is None
    now = int(time.time() * 1000)
    opened = {**data, "deadline": now + 30_000}
    # a deadline that appears: the banner is built, with its clock
    assert "lbv-part-waiting" in page.evaluate(RERENDER, opened)
    assert 15 <= page.evaluate(CLOCK) <= 30   # (a CI page can stall some seconds)
    # the same view, the deadline moved on by a hold: nothing built, the clock's new seconds
    held = {**opened, "deadline": now + 90_000}
    assert page.evaluate(RERENDER, held) == []
    assert 75 <= page.evaluate(CLOCK) <= 90
    assert not errors, errors
    page.close()
