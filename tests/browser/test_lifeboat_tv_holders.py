"""The Lifeboat TV's top bar, side column and log hold their parts as frames (morph.js `holds`,
issue 24, the TV at 4x): an update that changes nothing the bar or the column shows (one more
castaway done in a fight's window) makes one stand-in for each, not one for each part inside; a
new line in the log builds its slot alone, no frame holding it (the column, the log, its group
of slots) nor a stand-in for any other group or slot (it built the three with four stand-ins). What the TV shows after each
update is what it shows drawn afresh from the same payload (the log: the newest line on top, in
bold, the others as they were)."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_tv
from tests.browser.test_lifeboat_tv_parts import NODES, _fresh

preview = preview_page.served("lifeboat", "lbt_scenarios")

# `m` drawn on the page shown: the parts it built and the ids of the stand-ins it made (a kept
# part's stand-in is a clone of a model marked data-kept-part, morph.js).
DRAW = """async (m) => {
  const { partStats } = await import("/static/js/morph.js");
  const saved = partStats.log;
  const clone = Node.prototype.cloneNode;
  const kept = [];
  Node.prototype.cloneNode = function (deep) {
    const n = clone.call(this, deep);
    if (n.nodeType === 1 && n.hasAttribute("data-kept-part")) kept.push(n.id);
    return n;
  };
  partStats.log = [];
  try { window.__rerender(m); return { built: partStats.log, kept }; }
  finally { partStats.log = saved; Node.prototype.cloneNode = clone; }
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_more_fighter_done_keeps_the_bar_and_the_column_whole(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "fight_joined_6p", lang=lang, twice=True)
    view = data["view"]
    win = view["fight"]["window"]
    done = win["seats"][0]
    waiting = [x for x in win["seats"] if x != done]
    nxt = {**data, "version": data["version"] + 1, "events": [], "waiting_for": waiting,
           "view": {**view, "waiting_for": waiting, "fight": {**view["fight"], "window": {**win, "done": [done]}}}}
    out = page.evaluate(DRAW, nxt)

    assert out["built"] == ["lbv-part-waiting"], out
    assert "lbv-part-head" in out["kept"] and "lbv-part-side" in out["kept"], out
    inside = {"lbv-part-top", "lbv-part-now", "lbv-part-birds", "lbv-part-decks", "lbv-part-lastnav", "lbv-part-log"}
    assert not inside & set(out["kept"]), out
    assert page.evaluate(NODES) == _fresh(page, nxt)
    assert not errors, errors
    page.close()


def test_a_new_log_line_builds_its_slot_alone(browser, preview):
    page, errors, data = preview_tv(browser, preview, "choose_6p", twice=True)
    before = page.evaluate("""() => document.querySelector("[data-testid=lbv-log] li:not(:empty)") !== null""")
    assert before
    nxt = {**data, "version": data["version"] + 1, "events": [{"type": "provisions_skipped", "turn": 1}]}
    out = page.evaluate(DRAW, nxt)
    shown = page.evaluate("""() => [...document.querySelectorAll("[data-testid=lbv-log] li")].filter((li) => li.firstChild)
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((li) => [li.dataset.type, getComputedStyle(li).fontWeight])""")

    assert len(out["built"]) == 1 and out["built"][0].startswith("lbv-log-"), out
    # the column kept whole stands in for itself; nothing inside it stands in
    assert "lbv-part-side" in out["kept"], out
    assert not [k for k in out["kept"] if k.startswith(("lbv-log", "lbv-part-log", "lbv-part-deck", "lbv-part-lastnav"))], out
    # the new line on top, the one bold line; the others as they were
    assert shown[0] == ["provisions_skipped", "700"] and all(w != "700" for _, w in shown[1:]), shown
    assert not errors, errors
    page.close()
