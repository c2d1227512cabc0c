"""The Galèrapagos TV builds the piece of a line that changed, not the line (issue 24): a card
drawn builds a castaway's backs alone (his row holds its pieces: morph.js `holds`), his row and
its other pieces (name, state, cards in front, marks) kept as the same nodes; wood gained or a place built rewrites the raft's words and
attributes and builds none of its twelve places (how many are built and needed is the raft's
data-places and data-living). Each test also checks that what is shown is what the state says."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.test_galerapagos_modules import _logs_shown, _open_tv
from tests.browser.test_galerapagos_tv_shapes import _render as shapes_render

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

_LOG = """async (on) => {
  const { partStats } = await import("/static/js/morph.js");
  const built = partStats.log;
  partStats.log = on ? [] : null;
  return built;
}"""


def _render(page, data):
    """Renders the payload: the ids of the parts it built (morph.js partStats' log); and checks
    it handed idiomorph nothing (test_galerapagos_tv_shapes)."""
    page.evaluate(_LOG, True)
    out = shapes_render(page, data)
    built = page.evaluate(_LOG, False)
    assert out == {"units": [], "whole": 0}, out
    return built


def _mark(page, selector):
    page.evaluate("s => { for (const el of document.querySelectorAll(s)) el.__mark = true; }", selector)


def _marked(page, selector):
    return page.evaluate("s => [...document.querySelectorAll(s)].map((el) => Boolean(el.__mark))", selector)


def test_a_card_drawn_builds_the_rows_backs_and_keeps_its_other_pieces(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step")
    view = data["view"]
    c = next(c for c in view["castaways"] if c["alive"] and 0 < c["hand_size"] < 7)
    seat = c["seat"]
    row = f"[data-testid=gt-castaway-{seat}]"
    pieces = [f"{row} .gt-cw-name", f"{row} .gt-state", f"{row} .gt-perms", f"{row} .gt-acted", f"{row} .gt-vstate"]
    for sel in pieces + [f"{row} .gt-backs"]:
        _mark(page, sel)
    c["hand_size"] += 1
    built = _render(page, data)
    assert sorted(x for x in built if x.endswith(f"-{seat}")) == [f"gt-cwp-backs-{seat}"], built
    for sel in pieces:
        assert _marked(page, sel) == [True], sel
    # the backs drawn again, morphed into the shown ones (the same node, the new count)
    assert _marked(page, f"{row} .gt-backs") == [True]
    assert page.locator(f"{row} .gt-backs small").inner_text() == str(c["hand_size"])
    assert page.locator(f"{row} .gt-back:not(.off)").count() == c["hand_size"]
    assert not errors, errors
    page.close()


def _raft(page):
    """Each place of the raft: (its number, built as drawn, needed as drawn) from its style."""
    return page.evaluate("""() => [...document.querySelectorAll('.gt-raft .gt-place')].map((el) => {
      const s = getComputedStyle(el);
      return [el.textContent, s.backgroundImage !== 'none', s.borderTopStyle === 'dashed' && s.borderTopColor === 'rgb(163, 35, 27)'];
    })""")


def _want(places, living):
    return [[str(i + 1), i < places, i < living and i >= places] for i in range(12)]


def test_wood_and_a_place_built_build_none_of_the_rafts_places(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step")
    view = data["view"]
    living = sum(1 for c in view["castaways"] if c["alive"])
    assert view["wood"] < 5 and view["places"] + 1 < living, "the scenario's raft cannot show a place built"
    assert _raft(page) == _want(view["places"], living)
    _mark(page, ".gt-raft .gt-place")
    view["wood"] += 1
    built = _render(page, data)
    assert "gt-part-raft" in built and "gt-part-places" not in built and "gt-part-logs" not in built, built
    assert _logs_shown(page) == [i < view["wood"] for i in range(6)]
    view["places"] += 1
    view["wood"] = 0
    built = _render(page, data)
    assert "gt-part-places" not in built, built
    assert _marked(page, ".gt-raft .gt-place") == [True] * 12
    assert _raft(page) == _want(view["places"], living)
    assert page.locator(".gt-raft").get_attribute("data-places") == str(view["places"])
    assert _logs_shown(page) == [False] * 6
    # all twelve places built, wood still gathers: the six logs are shown, no more
    places = view["places"]
    view["places"], view["wood"] = 12, 8
    _render(page, data)
    assert _logs_shown(page) == [True] * 6
    view["places"], view["wood"] = places, 0
    # a castaway dies: one place fewer is needed
    dead = next(c for c in view["castaways"] if c["alive"])
    dead["alive"] = False
    dead["hand_size"] = 0
    _render(page, data)
    assert _raft(page) == _want(view["places"], living - 1)
    assert not errors, errors
    page.close()
