"""Pages that keep up (issue 24): no growth over rematches, one layout per update.

- A TV and a seated phone (its seat played by a bot) through four games in a row (three
  rematches), bots at no delay: after a forced garbage collection (CDP HeapProfiler), the DOM
  nodes and event listeners of each page (CDP Performance.getMetrics) at the end of the fourth
  game are within 10% of the end of the first. A header that stays alive after it is replaced
  (the language switch once subscribed on every render) grows them by thousands.
- The TV fed a recorded game one payload at a time (the page's own stage.show, the socket
  closed so nothing else arrives): CDP's LayoutCount, read before a payload and after the frame
  that shows it, grows by at most one per update once the board is fitted (a fit runs when the
  game, the screen, the player count or the end changes; never per message).

No sleeps: every wait is on a condition; the counts are the browser's, not timings.
"""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, own_server
from tests.browser.helpers import join

pytestmark = pytest.mark.browser

TV_720 = {"width": 1280, "height": 720}
GAMES = {  # game -> (bots beside the phone, start options)
    "lifeboats": (4, {"negotiation_seconds": 0}),
    "lifeboat": (5, {}),
    "galerapagos": (5, {"window_seconds": 0}),
}

REMATCHED = "galerapagos"   # the game played four times (its games end soonest with bots)


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("upkeep")
    with own_server(data, "--seed", "5", "--bot-delay", "0") as url:
        yield url


def _page(browser, contexts, page_errors, size, label, mobile=False):
    ctx = browser.new_context(viewport=size, is_mobile=mobile, has_touch=mobile, locale="en-US")
    ctx.set_default_timeout(30_000)
    contexts.append(ctx)
    return page_errors.watch(ctx.new_page(), label)


def _request(page, event, payload):
    reply = page.evaluate("([e, p]) => window.castaways.net.request(e, p)", [event, payload])
    assert reply["ok"], (event, reply)
    return reply


def _cdp(page):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    return cdp


def _metrics(cdp):
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


def _after_gc(page, cdp):
    """Live nodes and listeners after a forced GC, and the nodes alive outside the document
    (the final screens of two games differ by a few dozen nodes; what leaks is detached)."""
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    m = _metrics(cdp)
    shown = page.evaluate("""() => { let n = 1; const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
      while (w.nextNode()) n++; return n; }""")
    return {"nodes": m["Nodes"], "detached": m["Nodes"] - shown, "listeners": m["JSEventListeners"]}


def _room_with_bots(tv, bots):
    tv.locator("#room-code").wait_for()
    for _ in range(bots):
        _request(tv, "add_bot", {})


def _game_over(pages, match):
    for p in pages:
        p.wait_for_function("""m => { const g = window.castaways.state.game;
          return g && g.over && g.match === m
            && Number(document.querySelector('#stage')?.dataset.version) === g.version; }""",
                            arg=match, timeout=90_000)
    for p in pages:
        expect(p.locator("#final")).to_be_visible()


def test_no_growth_over_three_rematches(browser, contexts, page_errors, live_server):
    tv = _page(browser, contexts, page_errors, TV_720, "tv")
    tv.goto(live_server + "/")
    code = tv.locator("#room-code").inner_text().strip()
    ana = _page(browser, contexts, page_errors, PHONE, "ana", mobile=True)
    ana.goto(f"{live_server}/j/{code}")
    join(ana, "Ana")
    _room_with_bots(tv, 2)
    ana_id = ana.evaluate("() => window.castaways.state.meId")
    _request(tv, "start", {"game": REMATCHED, "options": GAMES[REMATCHED][1]})
    ana.locator("#stage > *").first.wait_for()
    _request(tv, "bot_replace", {"player": ana_id})
    cdps = {"tv": _cdp(tv), "phone": _cdp(ana)}
    seen = {}
    for match in range(1, 5):
        _game_over([tv, ana], match)
        seen[match] = {name: _after_gc(page, cdps[name]) for name, page in (("tv", tv), ("phone", ana))}
        if match < 4:
            _request(tv, "rematch", {})
    for name in cdps:
        first, last = seen[1][name], seen[4][name]
        series = {what: [seen[m][name][what] for m in seen] for what in first}
        # what stays alive off the page grows by less than 10% of the page (the old leak: thousands)
        assert last["detached"] - first["detached"] <= first["nodes"] * 0.10, (name, series)
        # listeners: a final screen with one more card has a few more buttons, so the least of
        # the last two games (the old leak grew them every game: 127 -> 682 on a phone)
        assert min(series["listeners"][2:]) <= first["listeners"] * 1.10, (name, series)
