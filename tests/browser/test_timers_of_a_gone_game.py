"""A page lets go of its timers when its game is gone (back to the lobby, another game, a
rematch on the same page).

- A phone holding a window open (server/static/js/hold.js: the Lifeboat phone, a pour confirmed
  in the thirst window; the Galèrapagos phone, a card's sheet open at dawn) renews its `hold`
  every 15 s only while its game is the page's: back in the lobby, or with another game
  started, the renewal stops at once (the server refuses a hold of a gone game, and in another
  game resends the whole view each time: every 15 s for the life of the page); so does a
  rematch. The pages' game stage ends a gone game's memory (ui.js gameStage, gamekey.js
  endGames), whose dispose stops the holder. The flow is the pages' own (ui.js roomFlow and
  gameStage on the preview's root), `net.request` recorded instead of sent.
- The Lifeboat TV's and phone's countdown tickers of the last game stop at a rematch and back
  in the lobby: the old clock, no longer on the page, is not written to again.

Time is Playwright's clock (installed before the page loads, paused once it is ready): the
15 s and the seconds run when the test says, at once, no sleeps."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_at

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboat", "lbt_scenarios")
gp_preview = preview_page.served("galerapagos", "gp_scenarios")

# The phones that hold a window (hold.js's one holder): the game, a scenario with a window
# countdown, and what opens a choice there (the Lifeboat phone: a pour confirmed in the thirst
# window; the Galèrapagos phone: a card's sheet opened at dawn).
HOLDERS = {
    "lifeboat": ("thirst", "[data-testid^=lbp-act-pour]", "[data-testid$=-confirm]"),
    "galerapagos": ("dawn", ".gp-hcard:not([disabled])", "[data-testid=gp-sheet]"),
}

# The Lifeboat pages' countdown clocks: the page, a scenario with a window, the clock.
TICKERS = [
    ("table", "fight_joined_6p", "[data-testid=waiting-for] .wf-secs"),
    ("phone", "thirst", ".lbp-secs"),
]

RENEW_MS = 15_000


def _page(browser, preview, page, scenario, size):
    """A preview page with Playwright's clock: (context, page, its errors)."""
    return preview_at(browser, preview, page, scenario, size, clock=True)


# The pages' game flow on the preview's root: ui.js's real game stage and roomFlow (what
# controller_web/phone.js and table_web/table.js use) for `page` ("phone" or "table"), the
# game's module drawing its payloads (the other game's, in a test that starts it, is the
# generic renderer: the room says it has no module for this page). window.__sent records what
# the page asks the server (ctx.request), window.__intervals the 15 s intervals set and cleared
# (the holder's renewal). window.__flow, window.__room, window.__data (the scenario's payload):
# for the test.
STAGED = """async ([game, page, name]) => {
  const { roomFlow, gameStage } = await import("/static/js/ui.js");
  const data = await fetch(`/states/${name}.json`).then((r) => r.json());
  const root = document.getElementById("root");
  const sent = window.__sent = [];
  const intervals = window.__intervals = { set: [], cleared: [] };
  const setI = window.setInterval, clearI = window.clearInterval;
  window.setInterval = (f, ms, ...rest) => { const id = setI(f, ms, ...rest); if (ms === 15000) intervals.set.push(id); return id; };
  window.clearInterval = (id) => { if (intervals.set.includes(id)) intervals.cleared.push(id); return clearI(id); };
  const request = (event, payload) => { sent.push([event, payload]); return Promise.resolve({ ok: true }); };
  const state = { room: null, game: null };
  // an action's reply comes when the test says (window.__replies: each one's resolve)
  const replies = window.__replies = [];
  const act = () => new Promise((resolve) => replies.push(resolve));
  const stage = gameStage(page, root, () => ({ seat: state.game ? state.game.seat : null, act, request }));
  const other = game === "lifeboat" ? "galerapagos" : "lifeboat";
  const room = { code: "ABCD", status: "playing", players: [], host: null, selected: null,
    games: [{ id: other, pages: { table: false, phone: false } }] };
  window.__flow = roomFlow(page, stage, state, () => {});
  window.__room = room;
  window.__data = data[page];
  window.__flow.onRoom(room);
  // a window's countdown, 60 s ahead, of the room's first game (match 1)
  await window.__flow.onGame({ ...data[page], match: 1, deadline: Date.now() + 60000, countdown: "window" });
}"""

# Then, on a phone (HOLDERS), the choice that holds the window opened (`opener`, `opened`).
HOLDING = """([opener, opened]) => {
  const root = document.getElementById("root");
  root.querySelector(opener).click();
  return { confirm: Boolean(root.querySelector(opened)), version: window.__data.version };
}"""


def _staged(page, game, page_name, scenario):
    page.evaluate(STAGED, [game, page_name, scenario])


def _holding(page, game):
    """The phone holding its window open; the payload's version."""
    scenario, opener, opened = HOLDERS[game]
    _staged(page, game, "phone", scenario)
    out = page.evaluate(HOLDING, [opener, opened])
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
    ctx, page, errors = _page(browser, url, "phone", HOLDERS[game][0], {"width": 390, "height": 844})
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
        assert page.evaluate("() => document.getElementById('root').childElementCount") == 0
    else:
        # the host started another game: its own module draws its payloads from now on
        other = "galerapagos" if game == "lifeboat" else "lifeboat"
        page.evaluate("""([g, v]) => window.__flow.onGame({ game: g, match: 2, version: v, seat: 0,
          view: {}, legal_actions: [], waiting_for: [], over: false, events: [] })""", [other, version + 1])
    # the renewal is stopped as the game goes, before any tick of the clock
    iv = page.evaluate("() => window.__intervals")
    assert len(iv["set"]) == 1 and iv["cleared"] == iv["set"], iv
    _renewal_due(page)
    assert page.evaluate("() => window.__sent") == [["hold", {"version": version}]]
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


@pytest.mark.parametrize("page_name,scenario,selector", TICKERS)
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


@pytest.mark.parametrize("page_name,scenario,selector", TICKERS)
def test_the_last_games_ticker_stops_back_in_the_lobby(browser, preview, page_name, scenario, selector):
    """Back in the lobby nothing draws the game's module again: the page's stage ends its game
    (gamekey.js endGames), or its ticker would write the old clock until the deadline."""
    size = {"width": 1280, "height": 720} if page_name == "table" else {"width": 390, "height": 844}
    ctx, page, errors = _page(browser, preview, page_name, scenario, size)
    _staged(page, "lifeboat", page_name, scenario)
    assert page.evaluate("s => { window.__old = document.querySelector(s); return window.__old.dataset.seconds; }",
                         selector), "the clock is painted"
    page.evaluate("() => window.__flow.onRoom({ ...window.__room, status: 'lobby' })")
    assert page.evaluate("() => !window.__old.isConnected")
    before = page.evaluate("() => window.__old.dataset.seconds")
    page.clock.run_for(3000)
    assert page.evaluate("() => window.__old.dataset.seconds") == before
    assert not errors, errors
    ctx.close()


def test_a_late_reply_does_not_draw_the_gone_game_again(browser, request):
    """A pour sent just before the host ends the game: its refusal (not_playing) comes after the
    room is back in the lobby. The module does not draw the gone game again into the stage (a
    page nobody sees, and its ticker running to the deadline; gamekey.js ended)."""
    ctx, page, errors, _version = _holding_phone(browser, request, "lifeboat")
    page.locator("[data-testid=lbp-yes]").click()
    assert page.evaluate("() => window.__replies.length") == 1, "the pour is sent, its reply awaited"
    page.evaluate("() => window.__flow.onRoom({ ...window.__room, status: 'lobby' })")
    assert page.evaluate("() => document.getElementById('root').childElementCount") == 0
    # the refusal, and the microtasks that hand it to the module (no timer: nothing to wait for)
    page.evaluate("""async () => {
      window.__replies[0]({ ok: false, error: { code: "not_playing" } });
      for (let i = 0; i < 10; i++) await null;
    }""")
    assert page.evaluate("() => document.getElementById('root').childElementCount") == 0
    assert not errors, errors
    ctx.close()
