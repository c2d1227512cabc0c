"""The Galèrapagos TV's lines keep their shape from one update to the next (issue 24): a
castaway's row, the action's outcome and the caption are drawn with the same children whatever
they say (what a castaway has not is there and hidden; a line of words with names is text,
chip, text), so an update that changes what they say rewrites words and attributes in place and
hands none of them to idiomorph (a call costs 30-100 us of set-up; the commonest calls on this
TV were a castaway's meta line whose children changed with a card drawn, a rest or a card
played). Each test also checks that what is shown is what the state says."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.test_galerapagos_modules import _open_tv

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

# Renders the payload; returns the elements idiomorph was handed (each named by the id of the
# nearest element with one, and its own class), and morph.js's counts for the update.
_UNITS = """async (m) => {
  const { Idiomorph } = await import("/static/vendor/idiomorph/idiomorph.esm.js");
  const { partStats } = await import("/static/js/morph.js");
  if (!window.__unitLog) {
    window.__unitLog = [];
    const morph = Idiomorph.morph;
    Idiomorph.morph = function (a, b, cfg) {
      const named = a.closest ? a.closest("[id]") : null;
      window.__unitLog.push(`${named ? named.id : "?"} ${a.localName}.${a.className || ""}`);
      return morph.call(this, a, b, cfg);
    };
  }
  window.__unitLog.length = 0;
  const before = { ...partStats };
  window.__rerender(m);
  return { units: [...window.__unitLog], whole: partStats.whole - before.whole };
}"""


def _render(page, data):
    data["version"] += 1
    data["events"] = []     # (the scenario's events again would be new log lines)
    return page.evaluate(_UNITS, data)


def _row(page, seat):
    return page.evaluate("""s => {
      const row = document.querySelector(`[data-testid=gt-castaway-${s}]`);
      const shown = (sel) => [...row.querySelectorAll(sel)].filter((el) => el.getClientRects().length).map((el) => el.textContent.trim());
      return { backs: shown(".gt-backs small"), perms: shown(".gt-perm"), conch: shown(".gt-conch").length,
               alarm: shown(".gt-alarm"), acted: shown(".gt-acted").length };
    }""", seat)


def test_a_castaways_row_keeps_its_shape_as_he_draws_plays_and_rests(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step")
    view = data["view"]
    c = next(c for c in view["castaways"] if c["alive"] and not c["resting"] and c["seat"] != view.get("alarm_clock"))
    seat = c["seat"]
    c.update(hand_size=0, faceup=[], conch=False)
    view["alarm_clock"] = None
    _render(page, data)
    assert _row(page, seat) == {"backs": [], "perms": [], "conch": 0, "alarm": [], "acted": 1}
    # a card drawn into an empty hand, one put in front of him, the conch, the alarm clock
    c.update(hand_size=2, faceup=["water_bottle"], conch=True)
    view["alarm_clock"] = seat
    out = _render(page, data)
    assert out == {"units": [], "whole": 0}, out
    row = _row(page, seat)
    assert row["backs"] == ["2"] and len(row["perms"]) == 1 and row["perms"][0] and row["conch"] == 1 and row["alarm"], row
    # resting: no actions' mark; his cards gone
    c.update(hand_size=0, faceup=[], conch=False, resting=True)
    view["alarm_clock"] = None
    out = _render(page, data)
    assert out == {"units": [], "whole": 0}, out
    assert _row(page, seat) == {"backs": [], "perms": [], "conch": 0, "alarm": [], "acted": 0}
    assert not errors, errors
    page.close()


def test_an_outcome_after_a_bite_is_rewritten_in_place(browser, preview):
    page, errors, data = _open_tv(browser, preview, "antivenom")
    view = data["view"]
    last = view["turn_log"][-1]
    assert last["kind"] == "wood" and last["bite"] == "antivenom"
    assert page.locator("[data-testid=gt-out-bite][data-bite=antivenom]").is_visible()
    other = next(c["seat"] for c in view["castaways"] if c["alive"] and c["seat"] != last["seat"])
    view["turn_log"].append({"kind": "fish", "seat": other, "ball": "fish2", "fish": 2, "food": view["food"] + 2})
    out = _render(page, data)
    # the bite's line, the balls and the big line rewritten in place; the earlier outcomes'
    # list, empty, takes the bitten wood as its first line (an empty line filled: a run that
    # morph.js puts in itself, so nothing of the outcome is idiomorph's)
    assert [u for u in out["units"] if u.startswith("gt-part-outcome")] == [], out
    assert page.locator("[data-testid=gt-out-bite]").is_hidden()
    assert page.locator(".gt-ball.black").count() == 0 and page.locator(".gt-ball .gp-icon").first.is_hidden()
    big = page.locator(".gt-out-big").inner_text()
    earlier = page.locator(".gt-earlier li").evaluate_all("els => els.filter((el) => el.getClientRects().length).map((el) => el.textContent)")
    assert "2" in big and len(earlier) >= 1 and earlier[-1].strip(), (big, earlier)
    assert not errors, errors
    page.close()


def test_a_caption_naming_another_castaway_is_rewritten_in_place(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step")
    view = data["view"]
    st = view["stage"]
    assert st["kind"] == "step"
    caption = page.locator("[data-testid=gt-caption]")
    # "Cy acts" -> "A snake bit Dee: anti-venom or not?" (text, chip, text both, the first
    # text empty) -> "Cy acts (2 actions left)"
    nxt = next(c for c in view["castaways"] if c["alive"] and c["seat"] != st["seat"])
    for change, seat in ((lambda: view.update(interrupt={"kind": "bite", "seat": nxt["seat"]}), nxt["seat"]),
                         (lambda: (view.update(interrupt=None), st.update(actions_left=2)), st["seat"])):
        change()
        out = _render(page, data)
        assert [u for u in out["units"] if u.startswith("gt-part-caption")] == [], out
        assert caption.locator(".gp-who").count() == 1
        assert caption.locator(".gp-who").get_attribute("data-seat") == str(seat)
    assert "2" in caption.inner_text()
    assert not errors, errors
    page.close()
