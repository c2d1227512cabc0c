"""The Galèrapagos TV's board fills its stage on the real page (the app's top bar above it).

With 4 castaways at 1920x1080, the board's bottom edge is the stage box's, within a few pixels:
in the game, at its end (the final strip under the stage makes the box lower) and after a
rematch (the strip goes: the box grows back). A board fitted to the box as it was when the
game's first page was drawn left an empty band of about 170 px under it after a rematch.

No sleeps: every wait is on a condition."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TV, seeded_server
from tests.browser.helpers import host_request as _request, tv_and_ana

pytestmark = pytest.mark.browser

# How far the board's edges may be from the stage box's (rounding, borders).
SLACK = 4

_GAPS = """() => {
  const box = document.querySelector('#stage-box').getBoundingClientRect();
  const board = document.querySelector('#stage .gt-table');
  if (!board) return null;
  const b = board.getBoundingClientRect();
  return { top: b.top - box.top, bottom: box.bottom - b.bottom, left: b.left - box.left, right: box.right - b.right,
           scrolls: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
           fit: document.querySelector('#stage').dataset.fit };
}"""


live_server = seeded_server("galtvfill")


def _fills(tv, when):
    """The board fills the stage box (waited for: the board is fitted again in the frame after
    the box changed size), and the page does not scroll."""
    try:
        tv.wait_for_function(f"""() => {{ const g = ({_GAPS})();
          return g && Math.abs(g.top) <= {SLACK} && Math.abs(g.bottom) <= {SLACK}
            && Math.abs(g.left) <= {SLACK} && Math.abs(g.right) <= {SLACK} && Number(g.fit) > 0.99; }}""", timeout=10_000)
    except Exception:
        pytest.fail(f"{when}: the board does not fill the stage box: {tv.evaluate(_GAPS)}")
    assert not tv.evaluate(_GAPS)["scrolls"], when


def test_the_board_fills_the_stage_in_the_game_at_its_end_and_after_a_rematch(browser, contexts, page_errors, live_server, shot):
    tv, ana, code = tv_and_ana(browser, contexts, page_errors, live_server, TV)
    for _ in range(3):
        _request(tv, "add_bot", {})
    tv.wait_for_function("n => window.castaways.state.room.players.length === n", arg=4)
    _request(tv, "start", {"game": "galerapagos", "options": {"window_seconds": 0}})
    tv.locator("#stage .gt-table").wait_for()
    _fills(tv, "in the game")

    ana_id = ana.evaluate("() => window.castaways.state.meId")
    _request(tv, "bot_replace", {"player": ana_id})
    expect(tv.locator("#final")).to_be_visible(timeout=60_000)
    _fills(tv, "at the end")

    _request(tv, "take_back", {"player": ana_id})
    _request(tv, "rematch", {})
    expect(tv.locator("#final")).to_have_count(0)
    tv.wait_for_function("() => window.castaways.state.game && window.castaways.state.game.match === 2")
    _fills(tv, "after a rematch")
    shot(tv, "galerapagos-tv-fill-rematch")
