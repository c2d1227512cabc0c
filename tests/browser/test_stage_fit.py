"""The TV's stage fit at the right depth (server/static/js/fit.js): the stage fitter is the one
place that knows the stage's box changed size, and it has the game drawn again then.

- A Lifeboats TV and a Galèrapagos TV resized mid-game, with no message (the socket closed),
  are fitted to their new screen at once, 1920x1080 -> 1280x720 -> 3840x2160 -> 1280x1024: the
  Lifeboats board reads as on a TV opened at that size (its seat sizes, its tightened side
  column), the Galèrapagos board's edges are the stage box's at scale 1, and nothing scrolls.
  No module watches the stage itself: the only ResizeObserver on the stage's side is the
  fitter's, on its box (Galèrapagos and Lifeboats each had their own on the stage).
- A stage first drawn spilling out of its box (its content before its stylesheet arrived) is
  shrunk, and goes back to scale 1 once the content fits again: when the stylesheet arrives,
  or at the next update of the same fit; an update reads the content's height once, also while
  the stage stays shrunk. (The fitter used to keep the smaller scale until a new key or box.)

No sleeps: every wait is on a condition."""
import pytest

from tests.browser.conftest import TV, seeded_server
from tests.browser.helpers import host_request as _request, new_page, settled, tv_and_ana

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


live_server = seeded_server("stagefit")


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
        # its fit once its stylesheets are in and it has stopped changing (a fit measured before
        # the game's CSS arrived is redone then)
        fresh.wait_for_function(settled(f"({_LB_FIT})()"))
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


# A stage box 800x450 and its root, a fitter on them, and content 1200 px tall; the root's
# scrollHeight reads are counted.
_SPILL = """async () => {
  const { stageFitter } = await import('/static/js/fit.js');
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;left:0;top:0;width:800px;height:450px;overflow:hidden;z-index:99';
  const root = document.createElement('div');
  box.append(root);
  document.body.append(box);
  const read = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight').get;
  window.__reads = 0;
  Object.defineProperty(root, 'scrollHeight', { get() { window.__reads++; return read.call(this); } });
  const content = document.createElement('div');
  content.className = 'spill-test';
  content.style.height = '1200px';
  root.append(content);
  window.__spill = { fitter: stageFitter(box, root), root, content };
  window.__spill.fitter.fit(null, 'k');
  return Number(root.dataset.fit);
}"""

_UPDATE = """async () => {
  const { fitter, root } = window.__spill;
  window.__reads = 0;
  fitter.fit(null, 'k');
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return { fit: Number(root.dataset.fit), reads: window.__reads };
}"""


def test_a_stage_drawn_spilling_before_its_css_goes_back_to_scale_1(browser, contexts, page_errors, live_server):
    page = new_page(browser, contexts, page_errors, {"width": 1280, "height": 720}, "spill")
    page.goto(live_server + "/")
    page.locator("#room-code").wait_for()
    # drawn with no stylesheet at all: shrunk, and kept so while it spills (one read an update)
    assert page.evaluate(_SPILL) < 0.5
    for _ in range(3):
        got = page.evaluate(_UPDATE)
        assert got["fit"] < 0.5 and got["reads"] <= 1, got
    # the content fits at scale 1 again (as when its stylesheet is in): the next update finds it
    page.evaluate("() => { window.__spill.content.style.height = '300px'; }")
    got = page.evaluate(_UPDATE)
    assert got == {"fit": 1, "reads": 1}, got
    for _ in range(3):
        assert page.evaluate(_UPDATE) == {"fit": 1, "reads": 1}

    # A stylesheet still coming when the stage was shrunk: its arrival alone (no update) tries
    # scale 1 again.
    page.evaluate("""() => { const s = window.__spill;
      s.fitter.reset();
      s.content.style.height = '1200px';
      s.content.className = 'spill-test';
      const css = new Blob(['.spill-test { height: 300px !important; }'], { type: 'text/css' });
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = URL.createObjectURL(css);
      document.head.append(link);
      s.fitter.fit(null, 'k2');
      window.__shrunk = Number(s.root.dataset.fit);
    }""")
    assert page.evaluate("() => window.__shrunk") < 0.5
    page.wait_for_function("() => Number(window.__spill.root.dataset.fit) === 1", timeout=10_000)
