"""The Lifeboats TV's side column (banner, players, landing places, log) on the module preview,
720p, French (the longest words): it never spills out of its frame. Its fit is kept between
updates, and checked after each update's own layout (lifeboats.js checkSide, a ResizeObserver):
a crowd that comes in an update (three players waited for in an ejection vote) tightens the
column at once, in the frame that shows it; a crowd that passes gives the log back; and an
update that changes neither leaves the page's fit (its classes and sizes) as it is."""
import pytest

from tests.browser import preview as preview_page

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboats", "lb_scenarios")

FITS = "() => { const s = document.querySelector('.lb-side'); return s.scrollHeight <= s.clientHeight + 1; }"
# The page's fit as the frame after the update shows it: rendered, then two frames (the check
# runs in the first one, after its layout).
FRAME = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
# Every write of the page's classes or inline style from here on (the fit's only writes there).
WATCH = """() => { window.__fitWrites = [];
  const page = document.querySelector('.lb-table');
  new MutationObserver((l) => window.__fitWrites.push(...l.map((r) => r.attributeName)))
    .observe(page, { attributes: true, attributeFilter: ['class', 'style'] }); }"""


def _rerender(page, data):
    data["version"] += 1
    page.evaluate("m => window.__rerender(m)", data)
    page.evaluate(FRAME)


def test_a_crowd_in_an_update_tightens_the_column_and_a_quiet_update_writes_no_fit(browser, preview):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=table&s=eject_vote&lang=fr")
    page.wait_for_function("window.__ready === true")
    crowded = page.evaluate("() => fetch('/states/eject_vote.json').then(r => r.json())")["table"]
    quiet = page.evaluate("() => fetch('/states/eject_vote.json').then(r => r.json())")["table"]
    ballot = quiet["view"]["ballot"]
    ballot["voted"] = list(ballot["voters"])
    quiet["view"]["waiting_for"] = quiet["waiting_for"] = []

    # nobody waited for: the log is back (the same fit key: only the column was fitted again)
    quiet["version"] = crowded["version"]
    _rerender(page, quiet)
    assert page.locator("[data-testid=lb-log]").is_visible()
    assert page.evaluate(FITS)
    # the same moment again: the fit is kept, nothing of it written
    page.evaluate(WATCH)
    _rerender(page, quiet)
    assert page.evaluate("() => window.__fitWrites") == []
    # the crowd again, in an update: tightened in the frame that shows it, never cut off
    crowded["version"] = quiet["version"]
    _rerender(page, crowded)
    assert page.evaluate(FITS)
    assert page.locator("[data-testid=lb-log]").is_hidden()
    assert page.evaluate("() => document.querySelector('.lb-table').classList.contains('lb-tight-1')")
    # and again: kept as it is
    page.evaluate(WATCH)
    _rerender(page, crowded)
    assert page.evaluate("() => window.__fitWrites") == []
    assert page.evaluate(FITS)
    assert not errors, errors
    page.close()
