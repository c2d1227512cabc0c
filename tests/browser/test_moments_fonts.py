"""Readable from the sofa (issue 20 item 6): over the engine-made preview scenarios of each
game (fontwalk.SOFA: every kind of board, 6 and 12 players, the ends), in French at 1280x720 and
English at 1920x1080, at 1280x720 no visible text of the whole TV is under 14 px on the
screen (computed size times the stage's scale), at 1920x1080 none under 18 px: the boards, the
"waiting for" banner, the log; and the full-screen reveal (a 12-castaway vote, a six-player
fight, a Lifeboats ballot) holds the same minimum. Cheap: one page per game and size, each
scenario injected into it (no reload, no screenshot). tests/browser/fontwalk.py is the same walk
as a command that prints what is too small (and can screenshot every view).

The previews stand a fixed bar for the TV's header; the real TV page is checked too: one
scenario of each game (the most players) handed to a real TV in a room of bots, the whole page
walked, its header included, which stays one slim row."""
import importlib
import sys

import pytest

from tests.browser import fontwalk
from tests.browser.conftest import TIMEOUT_MS, own_server
from tests.browser.helpers import add_bots, pick_game

pytestmark = pytest.mark.browser

# (game, the scenario shown first, the one whose new reveal then plays)
REVEALS = {"galerapagos": ("vote_12", "reveal_12"), "lifeboat": ("fight_joined_6p", "over_6p"),
           "lifeboats": ("vote_6p", "over")}


@pytest.mark.parametrize("game", sorted(fontwalk.GAMES))
def test_the_whole_tv_and_the_reveal_are_readable_from_the_sofa(browser, game):
    found = fontwalk.sweep(browser, game, names=fontwalk.SOFA[game], langs=fontwalk.PAIRS)
    for size, small in found.items():
        assert not small, (game, size, len(small), small[:10])
    srv, scenarios = fontwalk.serve(game)
    base = f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    first, then = REVEALS[game]
    try:
        for size, langs in fontwalk.PAIRS.items():
            ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
            page = ctx.new_page()
            for lang in langs:
                page.goto(f"{base}?page=table&s={first}&lang={lang}")
                page.wait_for_function("window.__ready === true", timeout=90000)
                nxt = page.evaluate("u => fetch(u).then((r) => r.json())", f"/states/{then}.json?lang={lang}")
                page.evaluate("m => window.__rerender(m)", nxt["table"])
                page.locator(".rv-outcome.shown").wait_for(timeout=15000)
                box = page.locator(".rv-sheet").bounding_box()
                assert box["width"] * box["height"] > 0.6 * size[0] * size[1]
                small = fontwalk.small_texts(page, size, ".rv-overlay")
                assert not small, (game, size, lang, small[:10])
                page.keyboard.press("Escape")
                page.locator(".rv-overlay").wait_for(state="detached")
            ctx.close()
    finally:
        srv.shutdown()


# (the scenario, the bots in the room): the most players each game's board and header hold
REAL = {"lifeboats": ("vote_6p", 6), "lifeboat": ("fight_joined_6p", 6), "galerapagos": ("vote_12", 12)}


@pytest.fixture(scope="module")
def tv_server(tmp_path_factory):
    """A real server whose bots wait ten minutes: the game stays where the test puts it."""
    with own_server(tmp_path_factory.mktemp("sofa"), "--bot-delay", "600") as url:
        yield url


def show(tv, msg, version):
    """The payload through the page's own `game` handler, drawn (as test_evening.inject)."""
    tv.evaluate("m => window.castaways.net.socket.listeners('game')[0](m)", {**msg, "version": version})
    tv.wait_for_function("v => document.querySelector('#stage')?.dataset.version === String(v)", arg=version)
    tv.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    tv.evaluate("() => document.querySelectorAll('.rv-overlay').forEach((x) => x.remove())")


@pytest.mark.parametrize("game", sorted(REAL))
def test_the_real_tv_page_header_and_board_are_readable_from_the_sofa(browser, tv_server, page_errors, game):
    name, bots = REAL[game]
    sys.path.insert(0, fontwalk.os.path.join(fontwalk.HERE, fontwalk.GAMES[game][0]))
    msg = fontwalk.Cached(importlib.import_module(fontwalk.GAMES[game][1])).build(name)["table"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="fr-FR")
    ctx.set_default_timeout(TIMEOUT_MS)
    try:
        tv = page_errors.watch(ctx.new_page(), "tv")
        tv.goto(tv_server + "/")
        tv.locator("#room-code").wait_for()
        pick_game(tv, game)
        add_bots(tv, bots)
        tv.locator("#start").click()
        tv.locator("#stage[data-version]").wait_for()
        for i, (size, lang) in enumerate([((1280, 720), "fr"), ((1920, 1080), "en")]):
            if i:
                tv.set_viewport_size({"width": size[0], "height": size[1]})
                tv.locator(f".lang-switch [data-lang={lang}]").click()
            show(tv, msg, 900 + i)
            # Read in the page, in one go: the game's header is drawn anew when the shell is (the
            # locator's element was once replaced between its finding and its measuring: no box).
            header = tv.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().toJSON()")
            # one slim row: the board gets the screen (the previews stand 64 px for it at 720p)
            assert header["height"] <= 0.075 * size[1], (game, size, header)
            page = tv.evaluate("() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]")
            assert page == list(size), (game, size, page)
            small = fontwalk.small_texts(tv, size, "#app")
            assert not small, (game, size, lang, tv.locator("#stage").get_attribute("data-fit"), small[:10])
    finally:
        ctx.close()
