"""A second game in the same evening (issue 19: 1, 2, 4, 11), for each of the three games.

One hosting phone (Ana) and bots on a real server (bots at no delay): Ana makes her first
decision by taps (on Galèrapagos: wood, the choice that used to reopen "How much wood?"), opens
the host panel, then lets a bot play her seat to the end. She takes her seat back, scrolls to
the bottom and asks for a rematch (two taps: it asks first, like Back to the lobby). Then the TV
and her phone must show nothing of the last game: the TV's log, last fight and last navigation
card read exactly as on a TV opened afresh on the new game, and the phone shows what a phone
opened afresh shows (its first decision of the new game), from the top, host panel closed.

No sleeps: every wait is on a condition."""
import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import CHROMIUM_ARGS, PHONE, TIMEOUT_MS, TV, seeded_server  # noqa: F401
from tests.browser.helpers import host_request as _request, new_page, tv_and_ana

pytestmark = pytest.mark.browser

# game -> (bots beside Ana, start options, what on the TV must read as on a fresh TV)
GAMES = {
    "lifeboats": (3, {"negotiation_seconds": 0}, ["[data-testid=lb-log]"]),
    "lifeboat": (3, {}, ["[data-testid=lbv-log]", "[data-testid=lbv-lastfight]", "[data-testid=lbv-lastnav]",
                         "[data-testid=lbv-stage]"]),
    "galerapagos": (3, {"window_seconds": 0}, ["[data-testid=gt-log]", "[data-testid=gt-now]"]),
}


live_server = seeded_server("rematch")


def _settled(pages, version):
    for p in pages:
        p.wait_for_function("v => Number(document.querySelector('#stage')?.dataset.version) >= v", arg=version)


def _ana_waited(phone):
    """Ana's seat is awaited and she has something to do (bots only move on her answer)."""
    phone.wait_for_function("""() => {
      const g = window.castaways.state.game;
      return g && !g.over && g.legal_actions.length > 0 && g.waiting_for.includes(g.seat)
        && Number(document.querySelector('#stage')?.dataset.version) === g.version; }""")
    return phone.evaluate("() => window.castaways.state.game")


def _first_tap(game, ana):
    """Ana's first decision by taps: what a player does in the first minutes."""
    if game == "galerapagos":
        msg = _ana_waited(ana)
        if any(a["type"] == "wood" for a in msg["legal_actions"]):
            ana.locator(".gp-action button", has_text=re.compile("wood", re.I)).first.click()
            expect(ana.locator(".gp-action")).to_contain_text(re.compile("How much wood", re.I))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_rematch_shows_nothing_of_the_last_game(browser, contexts, page_errors, live_server, shot, game):
    bots, options, panels = GAMES[game]
    tv, ana, code = tv_and_ana(browser, contexts, page_errors, live_server, TV)
    for n in range(bots):
        _request(tv, "add_bot", {})
    tv.wait_for_function("n => window.castaways.state.room.players.length === n", arg=bots + 1)
    _request(tv, "start", {"game": game, "options": options})
    ana.locator("#stage > *").first.wait_for()

    _first_tap(game, ana)
    ana.locator("#host-toggle").click()
    expect(ana.locator("#host-toggle")).to_have_attribute("aria-expanded", "true")
    ana_id = ana.evaluate("() => window.castaways.state.meId")
    _request(tv, "bot_replace", {"player": ana_id})
    expect(tv.locator("#final")).to_be_visible(timeout=60_000)
    _request(tv, "take_back", {"player": ana_id})
    expect(ana.locator("#final-rematch")).to_be_visible()
    # The TV's host opens its drawer and the big QR code over the final screen.
    tv.locator("#host-toggle").click()
    expect(tv.locator(".drawer")).to_be_visible()
    tv.locator("#join-toggle").click()
    expect(tv.locator("#join-toggle")).to_have_attribute("aria-expanded", "true")
    shot(tv, f"rematch-{game}-over-tv")

    # The rematch from the bottom of the host's phone: it asks first.
    ana.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    ana.locator("#final-rematch").click()
    expect(ana.locator("#final-rematch")).to_have_class(re.compile(r"\barmed\b"))
    expect(ana.locator("#final-rematch")).to_contain_text("Sure?")
    expect(tv.locator("#final")).to_be_visible()              # nothing started yet
    ana.locator("#final-rematch").click()
    expect(tv.locator("#final")).to_have_count(0)
    # The last game's reveals (still playing or queued: bots end a game fast) end with it;
    # the new game has none yet (it waits for Ana).
    assert tv.locator("[data-testid=reveal]:not(.rv-gone)").count() == 0
    msg = _ana_waited(ana)
    version = msg["version"]
    assert msg["match"] == 2, msg.get("match")

    # The TV: the new game on the whole screen, its drawer and big QR code closed.
    expect(tv.locator(".drawer")).to_have_count(0)
    expect(tv.locator("#host-toggle")).to_have_attribute("aria-expanded", "false")
    expect(tv.locator("#join-toggle")).to_have_attribute("aria-expanded", "false")
    # The phone: from the top, host panel closed, on what a fresh phone of hers shows.
    assert ana.evaluate("() => window.scrollY") == 0
    expect(ana.locator("#host-toggle")).to_have_attribute("aria-expanded", "false")
    fresh_phone = new_page(browser, contexts, page_errors, PHONE, "ana-fresh", ctx=ana.context)
    fresh_phone.goto(f"{live_server}/j/{code}")
    _settled([fresh_phone], version)
    # (a Galèrapagos page names its cards once the game's data file is in)
    fresh_phone.wait_for_function("() => !/\\bcard\\.\\w/.test(document.querySelector('#stage').innerText)")
    assert _stage_text(ana) == _stage_text(fresh_phone)
    fresh_phone.close()

    # The TV: its log and panels read as on a TV opened now (it only knows the new game).
    fresh_tv = new_page(browser, contexts, page_errors, TV, "tv-fresh")
    fresh_tv.goto(f"{live_server}/?room={code}")
    _settled([tv, fresh_tv], version)
    for sel in panels:
        _same_text(tv, fresh_tv, sel)
    assert "Game over" not in tv.locator("#stage").inner_text()
    shot(tv, f"rematch-{game}-tv")
    shot(ana, f"rematch-{game}-phone")


# Ana's next `act` waits in the page until the test sends it (window.__send); window.__sent is
# then its reply.
HELD_ACT = """() => {
  const net = window.castaways.net, real = net.request.bind(net);
  net.request = (event, payload) => event !== "act" ? real(event, payload) : new Promise((resolve) => {
    window.__send = () => { window.__sent = real(event, payload); window.__sent.then(resolve); };
  });
}"""


def test_a_move_refused_because_the_host_ended_the_game_says_nothing(browser, contexts, page_errors, live_server):
    """Ana taps a move as the host ends the game: its refusal comes back over the lobby, where a
    red toast ("You have no seat in this game") would read as her mistake. The page says nothing
    of it (the lobby's own "The host ended the game" stays)."""
    tv, ana, _ = tv_and_ana(browser, contexts, page_errors, live_server, TV)
    for _ in range(3):
        _request(tv, "add_bot", {})
    tv.wait_for_function("() => window.castaways.state.room.players.length === 4")
    _request(tv, "start", {"game": "lifeboats", "options": {"negotiation_seconds": 0}})
    _ana_waited(ana)
    ana.evaluate(HELD_ACT)
    ana.locator("[data-testid^='lb-lane-']:not([disabled])").first.click()
    ana.wait_for_function("() => typeof window.__send === 'function'")
    _request(tv, "end_game", {})
    ana.wait_for_function("() => window.castaways.state.room.status === 'lobby' && !window.castaways.state.game")
    reply = ana.evaluate("() => { window.__send(); return window.__sent; }")
    assert not reply["ok"], reply      # (no_seat: the lobby has no seats)
    ana.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
    # every toast the page showed (conftest's trace: "ms kind: text"; an info toast lasts 3.5 s)
    shown = ana.evaluate("() => window.__castawaysTrace.toasts")
    assert any("info: " in t and "The host ended the game" in t for t in shown), shown
    assert not any(" error: " in t for t in shown), shown


def _same_text(tv, fresh_tv, sel, timeout=15):
    """The panel reads the same on both TVs once both have settled: a page fits its panels after
    drawing them (fonts, folds), so under load one read can fall between a draw and its fit. A
    leftover of the last game stays, and fails after the timeout with both texts."""
    end = time.monotonic() + timeout
    while True:
        a, b = _text(tv, sel), _text(fresh_tv, sel)
        if a == b or time.monotonic() > end:
            break
        tv.wait_for_timeout(200)
    assert a == b, (sel, a, b)


def _text(page, sel):
    loc = page.locator(f"#stage {sel}")
    return loc.first.inner_text() if loc.count() else None


def _stage_text(page):
    # The countdown of a window is the only thing that may differ between two phones.
    return page.evaluate("""() => {
      const root = document.querySelector('#stage').cloneNode(true);
      for (const el of root.querySelectorAll('.gp-clock, [data-testid$=clock]')) el.remove();
      return root.innerText; }""")


def test_the_french_tv_header_shows_the_whole_title_and_french_letters(browser, contexts, page_errors, live_server, shot):
    """Issue 19.7 and 19.13: at 1280x720 in French the header's game title is whole (drawn
    smaller, never cut), and the colour discs say R, J, V, B (rouge, jaune, vert, bleu)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="fr-FR")
    ctx.set_default_timeout(TIMEOUT_MS)
    contexts.append(ctx)
    tv = page_errors.watch(ctx.new_page(), "tv-fr")
    tv.goto(live_server + "/")
    tv.locator("#room-code").wait_for()
    for _ in range(4):
        _request(tv, "add_bot", {})
    tv.wait_for_function("() => window.castaways.state.room.players.length === 4")
    tv.locator("[data-game=lifeboat]").click()           # chosen in the lobby, as a host does
    tv.wait_for_function("() => (window.castaways.state.room.selected || {}).game === 'lifeboat'")
    tv.locator("#start").click()
    title = tv.locator(".game-title")
    expect(title).to_have_text("Les Naufragés du Titanic (Lifeboat)")
    tv.wait_for_function("() => { const e = document.querySelector('.game-title'); return e.scrollWidth <= e.clientWidth; }")
    letters = tv.locator(".players-strip .disc").all_inner_texts()
    assert letters[:4] == ["R", "J", "V", "B"], letters
    shot(tv, "rematch-french-header-720p")
