"""A page lets go of its timers when its game is gone (back to the lobby, another game, a
rematch on the same page).

- A phone holding a window open (server/static/js/hold.js: the Lifeboat phone, a pour confirmed
  in the thirst window; the Galèrapagos phone, a card's sheet open at dawn) renews its `hold`
  every 15 s only while its game is the page's: back in the lobby, or with another game
  started, the renewal sends nothing more (the server refuses a hold of a gone game, and in
  another game resends the whole view each time: every 15 s for the life of the page);
  a rematch stops the renewal at once (the module's game memory, gamekey.js). The page's state
  moves as on the phone page: window.castaways.state, driven by ui.js's roomFlow (what
  controller_web/phone.js uses), `net.request` recorded instead of sent.
- The Lifeboat TV's and phone's countdown tickers of the last game stop at a rematch: the old
  clock, no longer on the page, is not written to again.

Time is Playwright's clock (installed before the page loads, paused once it is ready): the
15 s and the seconds run when the test says, at once, no sleeps."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_at

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboat", "lbt_scenarios")
gp_preview = preview_page.served("galerapagos", "gp_scenarios")

# The phones that hold a window (hold.js's one holder): the game, its module, a scenario with a
# window countdown, and what opens a choice there (the Lifeboat phone: a pour confirmed in the
# thirst window; the Galèrapagos phone: a card's sheet opened at dawn).
HOLDERS = {
    "lifeboat": ("/phone/games/lifeboat.js", "thirst", "[data-testid^=lbp-act-pour]", "[data-testid$=-confirm]"),
    "galerapagos": ("/phone/games/galerapagos.js", "dawn", ".gp-hcard:not([disabled])", "[data-testid=gp-sheet]"),
}

RENEW_MS = 15_000


def _page(browser, preview, page, scenario, size):
    """A preview page with Playwright's clock: (context, page, its errors)."""
    return preview_at(browser, preview, page, scenario, size, clock=True)


# The phone page's game flow around a phone module (HOLDERS), on the preview's root: ui.js's
# roomFlow keeps window.castaways.state (as phone.js does) and shows each game on a stage that
# draws that module (another game's module is not this test's: its page is emptied);
# window.__sent records what the page asks the server, window.__intervals the 15 s intervals set
# and cleared (the holder's renewal). Then the scenario's window with a countdown and its choice
# opened (`opener`, `opened`: HOLDERS): the phone holds it.
HOLDING = """async ([game, path, name, opener, opened]) => {
  const mod = await import(path);
  const { roomFlow } = await import("/static/js/ui.js");
  const data = await fetch(`/states/${name}.json`).then((r) => r.json());
  const COLOURS = ["#d7263d", "#2f6fd6", "#2f9e5b", "#f2c230", "#8447b5", "#ee7a1b"];
  const root = document.getElementById("root");
  const sent = window.__sent = [];
  const intervals = window.__intervals = { set: [], cleared: [] };
  const setI = window.setInterval, clearI = window.clearInterval;
  window.setInterval = (f, ms, ...rest) => { const id = setI(f, ms, ...rest); if (ms === 15000) intervals.set.push(id); return id; };
  window.clearInterval = (id) => { if (intervals.set.includes(id)) intervals.cleared.push(id); return clearI(id); };
  const state = { room: null, game: null };
  let shown = null;
  const stage = {
    show(msg, room) {
      shown = msg;
      if (msg.game !== game) { root.replaceChildren(); return; }
      mod.render(root, msg, { lang: "en", page: "phone", t: (k) => k, has: () => false, players: [], room, seat: msg.seat,
        colourOf: (seat) => ({ colour: COLOURS[seat % 6], letter: "P", name: `Player ${seat}`, id: `p${seat}` }),
        act: () => Promise.resolve({ ok: true }) });
    },
    reset() { shown = null; root.replaceChildren(); },
    setRoom() {},
    get msg() { return shown; },
  };
  const flow = roomFlow("phone", stage, state, () => {});
  window.castaways = { state, net: { request: (event, payload) => { sent.push([event, payload]); return Promise.resolve({ ok: true }); } } };
  const room = { code: "ABCD", status: "playing", players: [], host: null, selected: null, games: [] };
  window.__flow = flow;
  window.__room = room;
  window.__data = data.phone;
  flow.onRoom(room);
  flow.onGame({ ...data.phone, match: 1, deadline: Date.now() + 60000, countdown: "window" });
  root.querySelector(opener).click();
  return { confirm: Boolean(root.querySelector(opened)), version: data.phone.version };
}"""


def _holding(page, game):
    """The phone holding its window open; the payload's version."""
    path, scenario, opener, opened = HOLDERS[game]
    out = page.evaluate(HOLDING, [game, path, scenario, opener, opened])
    assert out["confirm"], "the choice is open"
    # (a renewal, a hold and a draw are synchronous: sent by the time evaluate or run_for returns)
    assert page.evaluate("() => window.__sent") == [["hold", {"version": out["version"]}]]
    return out["version"]


def _renewal_due(page):
    """The 15 s (and a bit) run on the page's clock, its timers fired as they fall due."""
    page.clock.run_for(RENEW_MS + 1000)


def _holding_phone(browser, request, game):
    """(context, page, errors, version): a phone of `game` holding its window open."""
    url = request.getfixturevalue("preview" if game == "lifeboat" else "gp_preview")
    ctx, page, errors = _page(browser, url, "phone", HOLDERS[game][1], {"width": 390, "height": 844})
    return ctx, page, errors, _holding(page, game)


@pytest.mark.parametrize("game", list(HOLDERS))
def test_the_hold_is_renewed_while_the_game_goes_on(browser, request, game):
    """The baseline the tests below depend on: with the game still the page's, the renewal
    runs (a test of a renewal that never comes would prove nothing)."""
    ctx, page, errors, version = _holding_phone(browser, request, game)
    _renewal_due(page)
    assert page.evaluate("() => window.__sent") == [["hold", {"version": version}]] * 2
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("gone", ["lobby", "another_game"])
@pytest.mark.parametrize("game", list(HOLDERS))
def test_no_hold_is_sent_once_the_game_is_gone(browser, request, game, gone):
    ctx, page, errors, version = _holding_phone(browser, request, game)
    if gone == "lobby":
        # the host ended the game: the room comes back in the lobby (the page shows the lobby;
        # the holding module is never drawn again)
        page.evaluate("() => window.__flow.onRoom({ ...window.__room, status: 'lobby' })")
        assert page.evaluate("() => window.castaways.state.game") is None
    else:
        # the host started another game: its own module draws its payloads from now on
        other = "galerapagos" if game == "lifeboat" else "lifeboat"
        page.evaluate("""([g, v]) => window.__flow.onGame({ game: g, match: 2, version: v, seat: 0,
          view: {}, legal_actions: [], waiting_for: [], over: false, events: [] })""", [other, version + 1])
    _renewal_due(page)
    assert page.evaluate("() => window.__sent") == [["hold", {"version": version}]]
    # the renewal's timer ran once more and stopped itself: nothing left to wake the page
    iv = page.evaluate("() => window.__intervals")
    assert len(iv["set"]) == 1 and iv["cleared"] == iv["set"], iv
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("game", list(HOLDERS))
def test_a_rematch_stops_the_hold_at_once(browser, request, game):
    ctx, page, errors, version = _holding_phone(browser, request, game)
    # the rematch's first payload: the same module on the same root, a new game (match 2)
    page.evaluate("""v => window.__flow.onGame({ ...window.__data, match: 2, version: v, deadline: null })""", version + 1)
    # stopped by the draw of the new game itself, before any tick of the clock
    iv = page.evaluate("() => window.__intervals")
    assert len(iv["set"]) == 1 and iv["cleared"] == iv["set"], iv
    _renewal_due(page)
    assert page.evaluate("() => window.__sent") == [["hold", {"version": version}]]
    assert not errors, errors
    ctx.close()


# The clock of a window's countdown drawn (the payload with a deadline 30 s ahead, match 1) on
# the preview's own page, then a rematch on it (another scenario with no countdown: window.__show
# draws it as a new game). Returns whether the old clock was painted, and is off the page now;
# window.__old is the old clock.
TICKING_THEN_REMATCH = """async ([selector, next]) => {
  const m = { ...window.__msg, match: 1, deadline: Date.now() + 30000, countdown: "window" };
  window.__rerender(m);
  const old = window.__old = document.querySelector(selector);
  const painted = Boolean(old && old.dataset.seconds);
  const data = await fetch(`/states/${next}.json`).then((r) => r.json());
  window.__show(data[new URLSearchParams(location.search).get("page")]);
  return { painted, gone: Boolean(old) && !old.isConnected };
}"""


@pytest.mark.parametrize("page_name,scenario,selector", [
    ("table", "fight_joined_6p", "[data-testid=waiting-for] .wf-secs"),
    ("phone", "thirst", ".lbp-secs"),
])
def test_the_last_games_ticker_stops_at_a_rematch(browser, preview, page_name, scenario, selector):
    size = {"width": 1280, "height": 720} if page_name == "table" else {"width": 390, "height": 844}
    ctx, page, errors = _page(browser, preview, page_name, scenario, size)
    out = page.evaluate(TICKING_THEN_REMATCH, [selector, "draft"])
    assert out == {"painted": True, "gone": True}, out
    before = page.evaluate("() => window.__old.dataset.seconds")
    page.clock.run_for(3000)
    # (the new game's page has no countdown: the old clock is the only one a ticker could write)
    assert page.evaluate("() => window.__old.dataset.seconds") == before
    assert not errors, errors
    ctx.close()
