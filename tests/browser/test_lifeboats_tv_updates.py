"""The Lifeboats TV's updates on the module preview, 720p: what an update rebuilds and fits again.

- The side column (banner, players, landing places, log), French (the longest words), never
  spills out of its frame. Its fit is kept between updates, and checked after each update's own
  layout (lifeboats.js checkSide, a ResizeObserver): a crowd that comes in an update (three
  players waited for in an ejection vote) tightens the column at once, in the frame that shows
  it; a crowd that passes gives the log back; and an update that changes neither leaves the
  page's fit (its classes and sizes) as it is.
- The caption ("<player> places a pawn"), both languages: the turn passing on to another player
  of the same step builds no caption (its part holds every player's name; the footer's
  data-c<seat> shows the one whose turn it is), and the caption reads the new player's name,
  alone, with its colour chip, as a caption drawn afresh."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_tv

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
    page, errors, crowded = preview_tv(browser, preview, "eject_vote", "fr")
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


# The caption as it reads on screen: its text, and the seats of the name chips shown.
READ = """() => { const c = document.querySelector('[data-testid=lb-caption]');
  return [c.innerText.replace(/\\s+/g, ' ').trim(),
          [...c.querySelectorAll('.lb-who')].filter((w) => w.getClientRects().length).map((w) => w.dataset.seat)]; }"""
LOGGED = """async m => {
  const { partStats } = await import("/static/js/morph.js");
  partStats.log = [];
  try { window.__rerender(m); } finally { var parts = partStats.log; partStats.log = null; }
  return parts; }"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_turn_passing_on_builds_no_caption_and_names_the_new_player(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "setup_pawns", lang)
    view = data["view"]
    page.evaluate("m => window.__rerender(m)", data)
    was = view["decision"]["seat"]
    text, shown = page.evaluate(READ)
    assert shown == [str(was)] and view["players"][was] in text, (text, shown)
    other = (was + 1) % len(view["players"])
    view["decision"]["seat"] = other
    view["waiting_for"] = data["waiting_for"] = [other]
    data["version"] += 1
    parts = page.evaluate(LOGGED, data)
    assert "lb-part-caption" not in parts, parts
    text, shown = page.evaluate(READ)
    assert shown == [str(other)], (text, shown)
    assert view["players"][other] in text and view["players"][was] not in text, text
    # the same words as the caption of that moment drawn afresh (another match: a page drawn whole)
    data["match"] = (data.get("match") or 0) + 1
    page.evaluate("m => window.__rerender(m)", data)
    assert page.evaluate(READ) == [text, shown]
    assert not errors, errors
    page.close()
