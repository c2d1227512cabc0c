"""Readable from the sofa (issue 20 item 6): over the engine-made preview scenarios of each
game (fontwalk.SOFA: every kind of board, 6 and 12 players, the ends), in French at 1280x720 and
English at 1920x1080, at 1280x720 no visible text of the whole TV is under 14 px on the
screen (computed size times the stage's scale), at 1920x1080 none under 18 px: the boards, the
"waiting for" banner, the log; and the full-screen reveal (a 12-castaway vote, a six-player
fight, a Lifeboats ballot) holds the same minimum. Cheap: one page per game and size, each
scenario injected into it (no reload, no screenshot). tests/browser/fontwalk.py is the same walk
as a command that prints what is too small (and can screenshot every view)."""
import pytest

from tests.browser import fontwalk

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
