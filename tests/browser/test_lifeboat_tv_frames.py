"""The Lifeboat TV's boat and each castaway's card are frames (morph.js `holds`, issue 24, the TV
at 4x): a provision drafted builds that castaway's hand alone, not his card nor the boat (which
built the hull, the card and a stand-in for every other card and for his look and marks), and
every other node of the boat is the one shown before; a card played face up (his card's own
inputs) builds his card, with his look and hand kept, and not the boat. What the TV shows after
each update is what it shows drawn afresh from the same payload."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_tv
from tests.browser.test_lifeboat_tv_holders import DRAW
from tests.browser.test_lifeboat_tv_parts import NODES, _drafted, _fresh, _update

preview = preview_page.served("lifeboat", "lbt_scenarios")

# every node of the boat marked as shown now (a node kept keeps its mark)
MARK = "() => { for (const el of document.querySelectorAll('.lbv-boatwrap, .lbv-boatwrap *')) el.__kept = true; }"
# the boat's nodes not shown before the update: whether each is inside the element with id `id`
FRESH = """id => [...document.querySelectorAll('.lbv-boatwrap, .lbv-boatwrap *')].filter((el) => !el.__kept)
  .map((el) => Boolean(el.closest('#' + id)))"""


def _new_inside_alone(page, errors, part, msg):
    """The boat's nodes not shown before `msg` are all inside `part`, and the page reads as `msg`
    drawn afresh, with no error."""
    fresh = page.evaluate(FRESH, part)
    assert fresh and all(fresh), fresh
    assert page.evaluate(NODES) == _fresh(page, msg)
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_provision_drafted_builds_his_hand_alone(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "draft_6p", lang=lang, twice=True)
    x, _, chars, picked = _drafted(data)
    page.evaluate(MARK)
    out = page.evaluate(DRAW, picked)

    boat = [p for p in out["built"] if p.startswith(("lbv-part-boat", "lbv-seat"))]
    assert boat == [f"lbv-seat-hand-{x}"], out
    # nothing in the boat stands in for a part (the boat kept whole stands in for itself)
    assert not [p for p in out["kept"] if p.startswith("lbv-seat")] and "lbv-part-boat" in out["kept"], out
    assert page.evaluate("x => document.querySelector(`[data-testid=lbv-seat-${x}] .lbv-hand > small`).textContent", x) \
        == str(chars[x]["hand_count"])
    _new_inside_alone(page, errors, f"lbv-seat-hand-{x}", picked)
    page.close()


def test_a_card_face_up_builds_his_card_not_the_boat(browser, preview):
    page, errors, data = preview_tv(browser, preview, "draft_6p", twice=True)
    view = data["view"]
    x = view["line"][0]
    chars = [dict(c) for c in view["characters"]]
    chars[x]["face_up"] = [*chars[x]["face_up"], {"kind": "parasol", "open": False}]
    shown = _update(data, data["version"] + 1, {**view, "characters": chars})
    page.evaluate(MARK)
    out = page.evaluate(DRAW, shown)

    boat = [p for p in out["built"] if p.startswith(("lbv-part-boat", "lbv-seat"))]
    assert boat == [f"lbv-seat-{x}"], out
    # his look, hand and marks stand in for the ones shown: kept, in the card built again
    assert sorted(p for p in out["kept"] if p.startswith("lbv-seat")) == sorted(
        [f"lbv-seat-look-{x}", f"lbv-seat-hand-{x}", f"lbv-seat-marks-{x}"]), out
    assert page.evaluate("x => document.querySelectorAll(`[data-testid=lbv-seat-${x}] .lbv-up > *`).length", x) \
        == len(chars[x]["face_up"])
    _new_inside_alone(page, errors, f"lbv-seat-{x}", shown)
    page.close()
