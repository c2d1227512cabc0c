"""The Lifeboat TV's top bar line and waiting banner (issue 24, the TV at 4x): every name is in
them, flags on their boxes show whose turn it is and whom the table waits for (lifeboat.css), so
a turn passing on builds neither; a window's players done one by one (the list's names, commas
and "and"/"et", "Everyone is done but ...") show what the TV shows drawn afresh from the same
payload, in English and French."""

import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_tv

preview = preview_page.served("lifeboat", "lbt_scenarios")

# The payload drawn on the page shown: the ids of the parts it built, and what the TV shows of
# the top bar's line and the banner (their visible text, the banner's ARIA label: the shared
# banner's sentence, waiting.js, which the words shown must read as).
STEP = """async (m) => {
  const { partStats } = await import("/static/js/morph.js");
  const saved = partStats.log;
  partStats.log = [];
  let built;
  try { window.__rerender(m); } finally { built = partStats.log; partStats.log = saved; }
  const banner = document.querySelector("[data-testid=waiting-for]");
  return { built, now: document.querySelector("[data-testid=lbv-now]").innerText,
           banner: banner ? [banner.querySelector(".wf-text").innerText, banner.getAttribute("aria-label")] : null };
}"""


def _shown_fresh(page, msg):
    """What the TV shows of `msg` drawn whole (another match: no part kept)."""
    out = page.evaluate(STEP, {**msg, "match": "fresh"})
    return {k: out[k] for k in ("now", "banner")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_turn_passing_on_builds_no_line_nor_banner(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "choose", lang=lang, twice=True)
    view = data["view"]
    a = view["actions"]
    order, actor = a["order"], a["actor"]
    nxt = order[order.index(actor) + 1]
    v = {**view, "actions": {**a, "actor": nxt}, "waiting_for": [nxt]}
    msg = {**data, "version": data["version"] + 1, "events": [], "view": v, "waiting_for": [nxt]}
    out = page.evaluate(STEP, msg)
    assert not [x for x in out["built"] if x in ("lbv-part-now", "lbv-part-waiting")], out
    assert {k: out[k] for k in ("now", "banner")} == _shown_fresh(page, msg)
    assert out["banner"][0] == out["banner"][1], out
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_players_done_in_a_window_read_as_a_fresh_banner(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "fight_joined_6p", lang=lang, twice=True)
    view = data["view"]
    win = view["fight"]["window"]
    seats = list(win["seats"])
    assert len(seats) >= 4, win
    shown = []
    version = data["version"]
    # one by one done, then all waited for again (a fighter joining opens the window again)
    for done in [seats[:k] for k in range(1, len(seats))] + [[]]:
        left = [x for x in seats if x not in done]
        version += 1
        v = {**view, "fight": {**view["fight"], "window": {**win, "done": done}}, "waiting_for": left}
        msg = {**data, "version": version, "events": [], "view": v, "waiting_for": left}
        out = page.evaluate(STEP, msg)
        got = {k: out[k] for k in ("now", "banner")}
        shown.append(got["banner"][0])
        assert got["banner"][0] == got["banner"][1], got
        # (drawn afresh, then the page is as it was for the next step: drawn again from it)
        assert got == _shown_fresh(page, msg), done
        page.evaluate("m => window.__rerender(m)", {**msg, "version": version + 1})
        page.evaluate("m => window.__rerender(m)", {**msg, "version": version + 2})
        version += 2
    # (a list of several names is built when it changes: its commas and "and" depend on which
    # names remain)
    sep = " et " if lang == "fr" else " and "
    assert sep in shown[-2] or sep in shown[0], shown
    assert not errors, errors
    page.close()
