"""The TV's stage fit at the right depth (server/static/js/fit.js): the stage fitter is the one
place that knows the stage's box changed size, and it has the game drawn again then.

- A Lifeboats TV and a Galèrapagos TV resized mid-game, with no message (the socket closed),
  are fitted to their new screen at once, 1920x1080 -> 1280x720 -> 3840x2160 -> 1280x1024: the
  Lifeboats board reads as on a TV opened at that size (its seat sizes, its tightened side
  column), the Galèrapagos board's edges are the stage box's at scale 1, and nothing scrolls.
  No module watches the stage itself: the only ResizeObserver on the stage's side is the
  fitter's, on its box (Galèrapagos and Lifeboats each had their own on the stage).

No sleeps: every wait is on a condition."""
import pytest

from tests.browser.conftest import TV, own_server  # noqa: F401
from tests.browser.helpers import host_request as _request, new_page, tv_and_ana

pytestmark = pytest.mark.browser

SIZES = [(1280, 720), (3840, 2160), (1280, 1024)]

# Every element a ResizeObserver watches on the page (id or class), recorded from the start.
_WATCH = """(() => {
  const observe = ResizeObserver.prototype.observe;
  window.__observed = [];
  ResizeObserver.prototype.observe = function (el, opts) {
    window.__observed.push(el.id || String(el.className));
    return observe.call(this, el, opts);
  };
})();"""

_SCROLLS = """() => document.documentElement.scrollHeight > innerHeight
  || document.documentElement.scrollWidth > innerWidth"""

_GAPS = """() => {
  const box = document.querySelector('#stage-box').getBoundingClientRect();
  const board = document.querySelector('#stage > *').getBoundingClientRect();
  return Math.max(Math.abs(board.top - box.top), Math.abs(box.bottom - board.bottom),
                  Math.abs(board.left - box.left), Math.abs(box.right - board.right));
}"""

# The Lifeboats board's own fit (lifeboats.js fitHeight): its seat and cell sizes and classes.
_LB_FIT = """() => { const p = document.querySelector('#stage .lb-table');
  return { seat: p.style.getPropertyValue('--seat'), cell: p.style.getPropertyValue('--cell-h'),
           classes: [...p.classList].filter((c) => c !== 'lb-table').sort().join(' '),
           stage: document.querySelector('#stage').style.cssText }; }"""


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("stagefit")
    with own_server(data, "--seed", "3", "--bot-delay", "0") as url:
        yield url


def _game_on_a_closed_tv(browser, contexts, page_errors, live_server, game, options):
    """A TV (watching its ResizeObservers) showing `game` with Ana and three bots, waiting for
    Ana; then its socket is closed, so no message arrives: (tv, room code, version shown)."""
    tv, ana, code = tv_and_ana(browser, contexts, page_errors, live_server, TV)
    tv.add_init_script(_WATCH)
    tv.reload()
    tv.locator("#room-code").wait_for()
    for _ in range(3):
        _request(tv, "add_bot", {})
    tv.wait_for_function("() => window.castaways.state.room.players.length === 4")
    _request(tv, "start", {"game": game, "options": options})
    # the game waits for Ana (her seat is among those waited for) and the TV shows that state
    tv.wait_for_function("""() => { const g = window.castaways.state.game;
      return g && !g.over && g.waiting_for.length && g.waiting_for.every((s) => s === 0)
        && Number(document.querySelector('#stage')?.dataset.version) === g.version; }""", timeout=60_000)
    tv.evaluate("() => window.castaways.net.close()")
    return tv, code, tv.evaluate("() => Number(document.querySelector('#stage').dataset.version)")


def _no_stage_observer(tv):
    observed = tv.evaluate("() => window.__observed")
    assert "stage" not in observed, observed
    assert observed.count("stage-box") == 1, observed


def test_a_lifeboats_tv_resized_mid_game_is_fitted_at_once(browser, contexts, page_errors, live_server, shot):
    tv, code, version = _game_on_a_closed_tv(browser, contexts, page_errors, live_server, "lifeboats",
                                             {"negotiation_seconds": 0})
    _no_stage_observer(tv)
    for w, h in SIZES:
        # a TV opened at that size: the fit the resized one must reach
        fresh = new_page(browser, contexts, page_errors, {"width": w, "height": h}, f"tv-{w}x{h}")
        fresh.goto(f"{live_server}/?room={code}")
        fresh.wait_for_function(f"() => Number(document.querySelector('#stage')?.dataset.version) === {version}")
        fresh.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        want = fresh.evaluate(_LB_FIT)
        fresh.close()
        tv.set_viewport_size({"width": w, "height": h})
        try:
            tv.wait_for_function(f"want => JSON.stringify(({_LB_FIT})()) === JSON.stringify(want)", arg=want, timeout=10_000)
        except Exception:
            pytest.fail(f"{w}x{h}: the board is not fitted to its new stage: {tv.evaluate(_LB_FIT)} (a TV opened at that size: {want})")
        assert not tv.evaluate(_SCROLLS), (w, h)
        assert tv.evaluate(_GAPS) <= 4, (w, h)
        shot(tv, f"stage-fit-lifeboats-{w}x{h}")
    # no message came: the resize alone refitted the board
    assert tv.evaluate("() => Number(document.querySelector('#stage').dataset.version)") == version
    _no_stage_observer(tv)


def test_a_galerapagos_tv_resized_mid_game_fills_its_stage_at_once(browser, contexts, page_errors, live_server, shot):
    tv, _, version = _game_on_a_closed_tv(browser, contexts, page_errors, live_server, "galerapagos",
                                          {"window_seconds": 0})
    _no_stage_observer(tv)
    for w, h in SIZES:
        tv.set_viewport_size({"width": w, "height": h})
        try:
            # the board's own height is the stage's (galerapagos.js fit): fitted to the new one
            tv.wait_for_function(f"""() => {{ const s = document.querySelector('#stage');
              return s.style.height === `${{document.querySelector('#stage-box').clientHeight}}px`
                && Number(s.dataset.fit) > 0.99 && ({_GAPS})() <= 4
                && Math.abs(s.firstElementChild.offsetHeight - s.clientHeight) <= 1; }}""", timeout=10_000)
        except Exception:
            pytest.fail(f"{w}x{h}: the board does not fill its stage: gaps {tv.evaluate(_GAPS)}, "
                        f"scale {tv.locator('#stage').get_attribute('data-fit')}")
        assert not tv.evaluate(_SCROLLS), (w, h)
        shot(tv, f"stage-fit-galerapagos-{w}x{h}")
    assert tv.evaluate("() => Number(document.querySelector('#stage').dataset.version)") == version
    _no_stage_observer(tv)
