"""A Lifeboat page lets go of its timers when its game is gone (back to the lobby, another game,
a rematch on the same page).

- A phone holding a window open (a pour confirmed in the thirst window, with a countdown:
  server/static/js/hold.js) renews its `hold` every 15 s only while its game is the page's: back
  in the lobby, or with another game started, the renewal sends nothing more (the server
  refuses a hold of a gone game, and would resend the view every 15 s for the life of the page);
  a rematch stops the renewal at once (the module's game memory, gamekey.js). The page's state
  moves as on the phone page: window.castaways.state, driven by ui.js's roomFlow (what
  controller_web/phone.js uses), `net.request` recorded instead of sent.
- The TV's and the phone's countdown tickers of the last game stop at a rematch: the old
  clock, no longer on the page, is not written to again.

Time is Playwright's clock (installed before the page loads): the 15 s and the seconds run
at once, no sleeps."""
import pytest

from tests.browser import preview as preview_page

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboat", "lbt_scenarios")

RENEW_MS = 15_000


def _page(browser, preview, page, scenario, size):
    """A preview page with Playwright's clock: (context, page, its errors)."""
    ctx = browser.new_context(viewport=size)
    ctx.clock.install()
    p = ctx.new_page()
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(f"{preview}?page={page}&s={scenario}&lang=en")
    p.wait_for_function("window.__ready === true")
    return ctx, p, errors


# The phone page's game flow around the Lifeboat phone module, on the preview's root: ui.js's
# roomFlow keeps window.castaways.state (as phone.js does) and shows each game on a stage that
# draws the Lifeboat module (another game's module is not this test's: its page is emptied);
# window.__sent records what the page asks the server, window.__intervals the 15 s intervals set
# and cleared (the holder's renewal). Then the thirst window with a countdown, a pour confirmed:
# the phone holds it.
HOLDING = """async (name) => {
  const mod = await import("/phone/games/lifeboat.js");
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
      if (msg.game !== "lifeboat") { root.replaceChildren(); return; }
      mod.render(root, msg, { lang: "en", page: "phone", t: (k) => k, has: () => false, players: [], room, seat: msg.seat,
        colourOf: (seat) => ({ colour: COLOURS[seat % 6], letter: "P", name: msg.view.players[seat], id: `p${seat}` }),
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
  root.querySelector("[data-testid^=lbp-act-pour]").click();
  return { confirm: Boolean(root.querySelector("[data-testid$=-confirm]")), version: data.phone.version };
}"""


def _holding(page):
    """The phone holding the thirst window open; the payload's version."""
    out = page.evaluate(HOLDING, "thirst")
    assert out["confirm"], "the pour's confirmation is open"
    # (a renewal, a hold and a draw are synchronous: sent by the time evaluate or run_for returns)
    assert page.evaluate("() => window.__sent") == [["hold", {"version": out["version"]}]]
    return out["version"]


def _renewal_due(page):
    """The 15 s (and a bit) run on the page's clock, its timers fired as they fall due."""
    page.clock.run_for(RENEW_MS + 1000)


def test_the_hold_is_renewed_while_the_game_goes_on(browser, preview):
    """The baseline the tests below depend on: with the game still the page's, the renewal
    runs (a test of a renewal that never comes would prove nothing)."""
    ctx, page, errors = _page(browser, preview, "phone", "thirst", {"width": 390, "height": 844})
    version = _holding(page)
    _renewal_due(page)
    assert page.evaluate("() => window.__sent") == [["hold", {"version": version}]] * 2
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("gone", ["lobby", "another_game"])
def test_no_hold_is_sent_once_the_game_is_gone(browser, preview, gone):
    ctx, page, errors = _page(browser, preview, "phone", "thirst", {"width": 390, "height": 844})
    version = _holding(page)
    if gone == "lobby":
        # the host ended the game: the room comes back in the lobby (the page shows the lobby;
        # the Lifeboat module is never drawn again)
        page.evaluate("() => window.__flow.onRoom({ ...window.__room, status: 'lobby' })")
        assert page.evaluate("() => window.castaways.state.game") is None
    else:
        # the host started Galèrapagos: its own module draws its payloads from now on
        page.evaluate("""v => window.__flow.onGame({ game: "galerapagos", match: 2, version: v, seat: 0,
          view: {}, legal_actions: [], waiting_for: [], over: false, events: [] })""", version + 1)
    _renewal_due(page)
    assert page.evaluate("() => window.__sent") == [["hold", {"version": version}]]
    # the renewal's timer ran once more and stopped itself: nothing left to wake the page
    iv = page.evaluate("() => window.__intervals")
    assert len(iv["set"]) == 1 and iv["cleared"] == iv["set"], iv
    assert not errors, errors
    ctx.close()


def test_a_rematch_stops_the_hold_at_once(browser, preview):
    ctx, page, errors = _page(browser, preview, "phone", "thirst", {"width": 390, "height": 844})
    version = _holding(page)
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
