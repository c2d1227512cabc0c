"""A game without page modules (a game under construction): the generic renderer must still let
a phone play it by taps, with the TV following, and never throw. A phone plays its seat for a
number of moves beside bots; every move is a tap on one of the buttons the phone shows, and
each button is one of that seat's legal actions."""
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError, expect

from tests.browser.helpers import game_state, join, new_page, open_blank, pick_game

pytestmark = pytest.mark.browser
MOVES = 12


# Lifeboat and Galèrapagos have their page modules now (test_lifeboat_play, test_galerapagos_play):
# the test fixture game is the one left on the generic renderer.
@pytest.mark.parametrize("game_id, bots", [("fixture", 1)])
def test_a_game_without_page_modules_plays_by_taps(open_table, open_phone, shot, game_id, bots):
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    ana = open_phone(code, label="Ana")
    join(ana, "Ana")
    pick_game(table, game_id)
    for _ in range(bots):
        table.locator("#add-bot").click()
    expect(table.locator(".lobby-panel .player")).to_have_count(bots + 1)
    table.locator("#start").click()
    ana.wait_for_function("() => window.castaways.state.game !== null")

    moves = 0
    while moves < MOVES:
        # Wait until the game needs Ana (bots play the other seats) or is over.
        ana.wait_for_function(
            "() => { const g = window.castaways.state.game;"
            " return g && (g.over || g.legal_actions.length > 0); }")
        msg = game_state(ana)
        if msg["over"]:
            break
        buttons = ana.locator("#stage .btn-action")
        expect(buttons.first).to_be_visible()
        # Read together, so a bot's move in between cannot make them disagree.
        shown, legal = ana.evaluate(
            "() => [document.querySelectorAll('#stage .btn-action').length,"
            " window.castaways.state.game.legal_actions.length]")
        assert shown == legal
        try:
            buttons.first.click(timeout=5000)
        except PlaywrightTimeoutError:
            # The bot's move redrew the buttons under the tap (or ended the game): look again,
            # but only if the game really moved on; a button that cannot be tapped fails.
            assert game_state(ana)["version"] > msg["version"], "the button could not be tapped"
            continue
        ana.wait_for_function("v => window.castaways.state.game.version > v", arg=msg["version"])
        moves += 1

    assert moves == MOVES or game_state(ana)["over"]
    # The TV follows with the public view, never a seat's.
    table.wait_for_function("v => window.castaways.state.game.version >= v",
                            arg=game_state(ana)["version"])
    public = game_state(table)
    assert public["seat"] is None and public["legal_actions"] == []
    expect(table.locator("#stage")).not_to_be_empty()
    shot(table, f"generic-{game_id}-table")
    shot(ana, f"generic-{game_id}-phone")


def test_the_generic_countdown_ticks_in_minutes_and_turns_red(open_table):
    """A game on the generic renderer with a deadline shows its clock as minutes and seconds in
    the page's words, red for its last ten seconds (waiting.js's ticker, shared with the games'
    own clocks), a deadline already passed as 0:00 with no timer left running, and drops it
    when the deadline goes."""
    table = open_table()
    drawn = table.evaluate("""async () => {
      const { genericModule } = await import('/static/js/generic.js');
      const mod = genericModule('table');
      const root = document.createElement('div');
      document.body.append(root);
      const ctx = { t: (key, params) => key === 'game.time_left' ? `left ${params.time}` : key,
                    colourOf: () => null, lang: 'en' };
      const msg = (deadline) => ({ game: 'fixture', version: 1, view: {}, events: [], deadline });
      const shown = () => { const el = root.querySelector('.countdown');
                            return el && [el.textContent, el.classList.contains('urgent')]; };
      mod.render(root, msg(Date.now() + 65400), ctx);
      const long = shown();
      mod.render(root, msg(Date.now() + 5400), ctx);
      const short = shown();
      // a deadline already passed: painted once, no timer left running for it
      // (the ticker wakes by setTimeout, once a second: both kinds of timer are counted)
      let timers = 0;
      const { setInterval, setTimeout } = window;
      window.setInterval = (...args) => { timers += 1; return setInterval(...args); };
      window.setTimeout = (...args) => { timers += 1; return setTimeout(...args); };
      mod.render(root, msg(Date.now() - 1000), ctx);
      Object.assign(window, { setInterval, setTimeout });
      const past = [shown(), timers];
      mod.render(root, msg(null), ctx);
      const none = shown();
      root.remove();
      return { long, short, past, none };
    }""")
    assert drawn["long"] == ["left 1:06", False]
    assert drawn["short"] == ["left 0:06", True]
    assert drawn["past"] == [["left 0:00", True], 0]
    assert drawn["none"] is None


def test_the_waiting_banner_keys_each_of_several_names(open_table):
    """Of several names waited for, each carries its player's key as its id (waiting.js): when one
    votes, a morph removes that name and keeps the others' nodes, not rewriting every name after
    it. One name alone has none (the turn passing on rewrites it in place). The id comes after
    the style, as a morphed name has them, so it reads as one drawn afresh."""
    table = open_table()
    out = table.evaluate("""async () => {
      const { waitingBanner } = await import('/static/js/waiting.js');
      const { showPage } = await import('/static/js/morph.js');
      const { h } = await import('/static/js/dom.js');
      const who = (seats) => seats.map((s) => ({ name: 'P' + s, colour: '#2f6fd6', key: 'k-' + s }));
      const page = (seats) => h('div', { class: 'fixture' }, waitingBanner({ who: who(seats), lang: 'en', kind: 'vote', total: 3 }));
      const root = document.createElement('div');
      document.body.append(root);
      showPage(root, page([0, 1, 2]), 'fixture|1');
      const before = [...root.querySelectorAll('.wf-name')];
      showPage(root, page([0, 2]), 'fixture|1');
      const after = [...root.querySelectorAll('.wf-name')];
      const one = waitingBanner({ who: who([4]), lang: 'en' }).querySelector('.wf-name');
      root.remove();
      return { ids: before.map((e) => e.id), attrs: before[0].getAttributeNames(),
               after: after.map((e) => e.textContent),
               kept: after.length === 2 && after[0] === before[0] && after[1] === before[2],
               one: one.getAttributeNames() };
    }""")
    assert out["ids"] == ["k-0", "k-1", "k-2"], out
    assert out["attrs"] == ["class", "style", "id"], out
    assert out["after"] == ["P0", "P2"] and out["kept"], out
    assert out["one"] == ["class", "style"], out


def test_the_generic_log_and_countdown_belong_to_their_game(browser, contexts, page_errors, live_server):
    """On the generic renderer a rematch starts a log of its own (its versions go on from the
    last game's: the old log took the new game's first events as its next ones), and a gone
    game's countdown stops as soon as the game is gone, even when nothing draws it again (back
    in the lobby: gamekey.js endGames; it ticked on to its deadline)."""
    page = new_page(browser, contexts, page_errors, {"width": 1280, "height": 720}, "generic")
    open_blank(page, live_server)
    out = page.evaluate("""async () => {
      const { genericModule } = await import('/static/js/generic.js');
      const { endGames } = await import('/static/js/gamekey.js');
      const mod = genericModule('table');
      const root = document.createElement('div');
      document.body.append(root);
      const ctx = { t: (key) => key, has: () => false, colourOf: () => null, lang: 'en', room: { code: 'ABCD' } };
      const msg = (match, version, events, deadline = null) =>
        ({ game: 'fixture', match, version, view: {}, events, deadline, waiting_for: [], legal_actions: [] });
      const lines = () => root.querySelectorAll('.log-list li').length;
      mod.render(root, msg(1, 5, [{ type: 'a' }]), ctx);
      mod.render(root, msg(1, 6, [{ type: 'b' }]), ctx);
      const first = lines();
      mod.render(root, msg(2, 7, [{ type: 'c' }]), ctx);
      const second = lines();
      // the timers the ticker sets and clears from now on
      const set = [], cleared = [];
      const { setTimeout: st, clearTimeout: ct } = window;
      window.setTimeout = (...a) => { const id = st(...a); set.push(id); return id; };
      window.clearTimeout = (id) => { cleared.push(id); return ct(id); };
      mod.render(root, msg(2, 8, [], Date.now() + 5400), ctx);
      const ticking = set.length > 0 && !cleared.includes(set.at(-1));
      endGames(root);
      Object.assign(window, { setTimeout: st, clearTimeout: ct });
      return { first, second, ticking, stopped: cleared.includes(set.at(-1)) };
    }""")
    assert out == {"first": 2, "second": 1, "ticking": True, "stopped": True}, out
