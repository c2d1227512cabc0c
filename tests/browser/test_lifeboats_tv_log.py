"""The Lifeboats TV on the real page (the app's top bar above the board), 1920x1080, 4 players:
its log shows whole lines only (a TV never shows half a line), at least the newest one, or no
log at all when the side column has no room for it; and the set-up's stage keeps no room for a
ballot it does not show (the board and the side column use it).

A real server with bots at no delay: the game waits for Ana's first placement. No sleeps."""
import pytest

from tests.browser.conftest import TV, seeded_server
from tests.browser.helpers import host_request as _request, tv_and_ana

pytestmark = pytest.mark.browser


live_server = seeded_server("lbtvlog")


# Every log line shown lies wholly inside the log panel (and the newest is shown), or the log
# is hidden; and the stage is no taller than what it shows.
LAYOUT = """() => {
  const log = document.querySelector('[data-testid=lb-log]');
  const ol = log.querySelector('ol');
  const shown = !!log.getClientRects().length;
  const box = log.getBoundingClientRect();
  const list = ol.getBoundingClientRect();
  const lines = [...ol.children].filter((li) => li.getClientRects().length);
  const newest = ol.querySelector('li:not(:empty)[style*="order"]') && lines.reduce(
    (a, b) => (Number(getComputedStyle(a).order) <= Number(getComputedStyle(b).order) ? a : b));
  const inside = (r) => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5
    && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
  // a line in view: not in the clipped column beside the list
  const inView = lines.filter((li) => li.getBoundingClientRect().left < list.right - 1);
  const act = document.querySelector('.lb-act');
  const used = [...act.children].reduce((y, c) => Math.max(y, c.getBoundingClientRect().bottom), 0);
  return { shown, newestInside: !!newest && inside(newest.getBoundingClientRect()),
           newestInView: !!newest && inView.includes(newest),
           cut: inView.filter((li) => !inside(li.getBoundingClientRect())).map((li) => li.textContent),
           actSpare: act.getBoundingClientRect().bottom - used,
           scale: Number(document.querySelector('#stage > *')?.dataset.fit || 1) };
}"""


def test_the_real_tv_shows_whole_log_lines_and_a_stage_without_room_to_spare(
        browser, contexts, page_errors, live_server, shot):
    tv, ana, code = tv_and_ana(browser, contexts, page_errors, live_server, TV)
    for _ in range(3):
        _request(tv, "add_bot", {})
    tv.wait_for_function("() => window.castaways.state.room.players.length === 4")
    _request(tv, "start", {"game": "lifeboats", "options": {"negotiation_seconds": 0}})
    # the bots have placed their boats (the log has lines) and the game waits for Ana
    tv.wait_for_function("""() => {
      const g = window.castaways.state.game;
      return g && g.view && g.view.phase === 'setup'
        && document.querySelectorAll('[data-testid=lb-log] li:not(:empty)').length >= 1
        && Number(document.querySelector('#stage')?.dataset.version) === g.version; }""")
    tv.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    got = tv.evaluate(LAYOUT)
    shot(tv, "lifeboats-tv-setup-real")
    if got["shown"]:
        assert got["newestInside"] and got["newestInView"], got
        assert not got["cut"], got
    # the set-up's stage: a caption and the pawns to place, nothing like a ballot's empty room
    assert got["actSpare"] < 40, got
