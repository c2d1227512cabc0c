"""The Galèrapagos TV's island, castaways list and rows are parts that hold parts (morph.js
`holds`, issue 24): food eaten builds the food track alone (and the departure's line), put in the island kept as it is (it
built the island's frame and a stand-in for each other box); a card drawn builds the castaway's
backs alone, the list and his row kept as they are (it built the list, the row and a stand-in
for each other row and piece). Every other node of the island and the panel stays the same
node, and what is shown is what the state says."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.test_galerapagos_modules import _open_tv
from tests.browser.test_galerapagos_tv_pieces import _render

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

ISLAND = ("gt-part-island", "gt-part-track", "gt-part-raft", "gt-part-places", "gt-part-logs",
          "gt-part-weather", "gt-part-wreck", "gt-part-depart")
PANEL = ("gt-part-cws", "gt-cw-", "gt-cwp-")


def _keep(page, selector):
    page.evaluate("s => { for (const el of document.querySelectorAll(`${s}, ${s} *`)) el.__kept = true; }", selector)


def _fresh(page, selector, *within):
    """For each node under `selector` not there before the update: whether it is in one of the
    parts `within` (ids)."""
    return page.evaluate("""([s, ids]) => [...document.querySelectorAll(`${s}, ${s} *`)]
      .filter((el) => !el.__kept).map((el) => Boolean(el.closest(ids.map((id) => '#' + id).join(", "))))""",
                         [selector, list(within)])


def test_food_eaten_builds_the_food_track_alone(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step")
    view = data["view"]
    assert view["food"] > 0, "the scenario has no food to eat"
    _keep(page, ".gt-island")
    view["food"] -= 1
    built = _render(page, data)
    # (and the departure's line, which says the food had, while the raft may leave)
    want = ["gt-part-track-food"] + (["gt-part-depart"] if view.get("departure_needs") and not view["over"] else [])
    assert [p for p in built if p.startswith(ISLAND)] == want, built
    assert all(_fresh(page, ".gt-island", *want)), "a node of the island outside the food track is new"
    assert page.locator("#gt-part-track-food .gt-big-num").inner_text() == str(view["food"])
    assert page.locator("#gt-part-track-water .gt-big-num").inner_text() == str(view["water"])
    # the same payload again: nothing of the island built, every node kept
    _keep(page, ".gt-island")
    assert [p for p in _render(page, data) if p.startswith(ISLAND)] == []
    assert _fresh(page, ".gt-island", "gt-part-island") == []
    assert not errors, errors
    page.close()


def test_a_card_drawn_builds_its_backs_alone(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step_12")
    view = data["view"]
    c = next(c for c in view["castaways"] if c["alive"] and 0 < c["hand_size"] < 7)
    seat = c["seat"]
    _keep(page, ".gt-castaways")
    c["hand_size"] += 1
    built = _render(page, data)
    assert [p for p in built if p.startswith(PANEL)] == [f"gt-cwp-backs-{seat}"], built
    # the backs drawn again are morphed into the shown ones: no node of the panel is new
    assert _fresh(page, ".gt-castaways", f"gt-cwp-backs-{seat}") == []
    row = f"[data-testid=gt-castaway-{seat}]"
    assert page.locator(f"{row} .gt-backs small").inner_text() == str(c["hand_size"])
    assert page.locator(f"{row} .gt-back:not(.off)").count() == c["hand_size"]
    # a castaway falls sick: his row's frame (its class) and his state built, his other pieces
    # and every other row kept
    other = next(x for x in view["castaways"] if x["alive"] and not x["sick"] and not x["resting"] and x["seat"] != seat)
    other["sick"] = True
    built = _render(page, data)
    assert sorted(p for p in built if p.startswith(PANEL)) == sorted([f"gt-cw-{other['seat']}", f"gt-cwp-state-{other['seat']}"]), built
    assert "gt-st-sick" in page.locator(f"[data-testid=gt-castaway-{other['seat']}]").get_attribute("class")
    assert not errors, errors
    page.close()
