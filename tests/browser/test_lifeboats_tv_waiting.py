"""The Lifeboats TV's "who we wait for" banner on the module preview, 720p, both languages.

One player waited for (a turn, most updates): the banner's words hold every player's name and
its data-wf<seat> shows the one waited for (server/static/games/lifeboats/moments.js), so the
turn passing on to another player builds no words; the banner reads the new player's name
alone, and reads (its words and its ARIA label) as the banner of that moment drawn afresh.
Several waited for (a vote): their names joined as a sentence, one name leaving rebuilds it."""
import pytest

# (the TV page of a preview scenario at 720p, and an update's parts built)
from tests.browser.helpers import preview_tv
from tests.browser.test_lifeboats_tv_updates import LOGGED, preview  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser


# The banner's words as shown, its ARIA label, and the names shown.
READ = """() => { const b = document.querySelector('.lb-side [data-testid=waiting-for]');
  return [b.innerText.replace(/\\s+/g, ' ').trim(), b.getAttribute('aria-label'),
          [...b.querySelectorAll('.wf-name')].filter((n) => n.getClientRects().length)
            .map((n) => n.textContent)]; }"""
WORDS = {"en": "Waiting for {}", "fr": "On attend {}"}


def _afresh(page, data):
    """The banner of data's moment drawn whole (another match: a page drawn afresh)."""
    data["match"] = (data.get("match") or 0) + 1
    page.evaluate("m => window.__rerender(m)", data)
    return page.evaluate(READ)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_turn_passing_on_builds_no_banner_and_names_the_new_player(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "setup_pawns", lang)
    view = data["view"]
    page.evaluate("m => window.__rerender(m)", data)
    was = view["waiting_for"][0]
    names = view["players"]
    assert page.evaluate(READ) == [WORDS[lang].format(names[was])] * 2 + [[names[was]]]
    other = (was + 1) % len(names)
    view["decision"]["seat"] = other
    view["waiting_for"] = data["waiting_for"] = [other]
    data["version"] += 1
    parts = page.evaluate(LOGGED, data)
    assert "lb-part-waiting" not in parts, parts
    shown = page.evaluate(READ)
    assert shown == [WORDS[lang].format(names[other])] * 2 + [[names[other]]], shown
    assert _afresh(page, data) == shown
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scenario", ["vote", "vote_6p"])
def test_several_waited_for_read_as_a_list_and_one_leaving_is_redrawn(browser, preview, scenario, lang):
    page, errors, data = preview_tv(browser, preview, scenario, lang)
    view = data["view"]
    page.evaluate("m => window.__rerender(m)", data)
    waited = list(view["waiting_for"])
    assert len(waited) >= 2, waited
    names = [view["players"][x] for x in waited]
    text, label, shown = page.evaluate(READ)
    assert shown == names and text == label, (text, label, shown)
    # (Intl.ListFormat's: "A, B, and C" in English, "A, B et C" in French)
    joiner = (", and " if len(names) > 2 else " and ") if lang == "en" else " et "
    assert ", ".join(names[:-1]) + joiner + names[-1] in text, text
    # one votes: the list is one name shorter (here one name: the words that hold every name)
    view["ballot"]["voted"].append(waited[0])
    view["waiting_for"] = data["waiting_for"] = waited[1:]
    data["version"] += 1
    parts = page.evaluate(LOGGED, data)
    assert "lb-part-waiting" in parts, parts
    text, label, shown = page.evaluate(READ)
    assert shown == names[1:] and text == label, (text, label, shown)
    assert [text, label, shown] == _afresh(page, data)
    assert not errors, errors
    page.close()
