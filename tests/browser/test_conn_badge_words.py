"""The connection badge says "Connecting…" in the page's language from the first frame it is
shown, never its raw key.

It is made at the page module's start, before the page's words are in: its first paint wrote
the key ("conn.connecting"), and the header showed it until the socket's status changed (up to
0.9 s on a phone's first load, longer on a slow network). Every frame's text is recorded by an
init script (what a player could have seen), with the socket's CONNECT held so the page stays
"connecting".
"""
import pytest

from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.helpers import held_socket

pytestmark = pytest.mark.browser

# Each animation frame, the badge's text if it is in the page and differs from the last seen.
RECORD = """
window.__connTexts = [];
(function look() {
  const el = document.querySelector('.conn-text');
  const text = el && el.isConnected ? el.textContent : null;
  const seen = window.__connTexts;
  if (text !== null && seen[seen.length - 1] !== text) seen.push(text);
  requestAnimationFrame(look);
})();
"""
WORDS = {"en": "Connecting…", "fr": "Connexion…"}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("where", ["phone", "table"])
def test_the_badge_never_shows_its_key(browser, contexts, page_errors, live_server, open_table, lang, where):
    path = "/"
    if where == "phone":
        path = "/j/" + open_table().locator("#room-code").inner_text().strip()
    ctx = browser.new_context(viewport=PHONE, locale="fr-FR" if lang == "fr" else "en-US")
    ctx.set_default_timeout(TIMEOUT_MS)
    contexts.append(ctx)
    page = page_errors.watch(ctx.new_page(), "page")
    page.add_init_script(RECORD)
    _, release = held_socket(page, sent=lambda frame: frame.startswith("40"))   # its CONNECT
    page.goto(live_server + path)
    # connecting, shown, and past the status's grace period (its next paint)
    page.wait_for_function("() => document.querySelector('.conn.conn-visible')")
    page.wait_for_function("w => document.querySelector('.conn-text').textContent === w", arg=WORDS[lang])
    seen = page.evaluate("() => window.__connTexts")
    assert all(not text.startswith("conn.") for text in seen), seen
    assert seen and seen[-1] == WORDS[lang], seen
    release()
