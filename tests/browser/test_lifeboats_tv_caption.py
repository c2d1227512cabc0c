"""The Lifeboats TV's caption ("<player> places a pawn") on the module preview, 720p, both
languages: the turn passing on to another player of the same step builds no caption (its part
holds every player's name; the footer's data-c<seat> shows the one whose turn it is), and the
caption reads the new player's name, alone, with its colour chip, as a caption drawn afresh."""
import pytest

from tests.browser import preview as preview_page

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboats", "lb_scenarios")

# The caption as it reads on screen: its text, and the seats of the name chips shown.
READ = """() => { const c = document.querySelector('[data-testid=lb-caption]');
  return [c.innerText.replace(/\\s+/g, ' ').trim(),
          [...c.querySelectorAll('.lb-who')].filter((w) => w.getClientRects().length).map((w) => w.dataset.seat)]; }"""
LOGGED = """async m => {
  const { partStats } = await import("/static/js/morph.js");
  partStats.log = [];
  try { window.__rerender(m); } finally { var parts = partStats.log; partStats.log = null; }
  return parts; }"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_turn_passing_on_builds_no_caption_and_names_the_new_player(browser, preview, lang):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=table&s=setup_pawns&lang={lang}")
    page.wait_for_function("window.__ready === true")
    data = page.evaluate("() => fetch('/states/setup_pawns.json').then(r => r.json())")["table"]
    view = data["view"]
    page.evaluate("m => window.__rerender(m)", data)
    was = view["decision"]["seat"]
    text, shown = page.evaluate(READ)
    assert shown == [str(was)] and view["players"][was] in text, (text, shown)
    other = (was + 1) % len(view["players"])
    view["decision"]["seat"] = other
    view["waiting_for"] = data["waiting_for"] = [other]
    data["version"] += 1
    parts = page.evaluate(LOGGED, data)
    assert "lb-part-caption" not in parts, parts
    text, shown = page.evaluate(READ)
    assert shown == [str(other)], (text, shown)
    assert view["players"][other] in text and view["players"][was] not in text, text
    # the same words as the caption of that moment drawn afresh (another match: a page drawn whole)
    data["match"] = (data.get("match") or 0) + 1
    page.evaluate("m => window.__rerender(m)", data)
    assert page.evaluate(READ) == [text, shown]
    assert not errors, errors
    page.close()
