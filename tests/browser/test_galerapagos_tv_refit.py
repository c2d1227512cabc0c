"""The Galèrapagos TV checks whether a panel outgrew its last fit after the frame's own layout
(fit.js fitWhenNeeded, afterLayout): an update that keeps the fit forces no layout (issue 24:
the check read the panels in the next animation frame, before that layout, and forced it: 1.2 ms
of script and 1.6 ms of forced style and layout per update at 1x). A crowded moment (a turn's
outcomes piling up, twelve castaways at 1280x720) is still fitted again before the frame that
shows it is painted: after that one frame, no panel spills and the board is smaller.

What the fit folds (the log's oldest lines first, at the sofa's floor, issue 20.6) is kept
between fits without querying the page for it: a part built is drawn with its folds, a part kept
has them. The log's lines fold by age, not by the slot they sit in: as new lines come, a line
kept in its slot grows older and the folds follow it, with no refit (a line left unfolded as it
grew older spilled the log, and the fit ran again: layouts forced in the update).

No sleeps: every wait is on a frame."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import forced_layouts, trace
from tests.browser.test_galerapagos_modules import _open_tv

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

# The payload drawn again (morphed), then one frame: what the board's fit shows after it (its
# --u, the panels that spill, the log folded, its lines newest first by their CSS order, each
# folded or not).
_UPDATE = """async ([m, i]) => {
  console.timeStamp(`update-${i}`);
  window.__rerender(m);
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const t = document.querySelector('.gt-table');
  const panels = [...t.querySelectorAll('.gt-main > section, .gt-mid > section, .gt-box, .gt-final-card')];
  const lines = [...t.querySelectorAll('.gt-logp li')].filter((li) => li.textContent !== '')
    .sort((a, b) => Number(a.style.order) - Number(b.style.order));
  return { u: parseFloat(t.style.getPropertyValue('--u')),
           spills: panels.filter((el) => el.scrollHeight > el.clientHeight + 1).map((el) => el.className),
           log: t.querySelector('.gt-logp').hidden, lines: lines.map((li) => [li.textContent, li.hidden]) };
}"""


def test_a_kept_fit_forces_no_layout_and_a_crowded_moment_refits_before_its_frame(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step_12")
    view = data["view"]
    assert len(view["castaways"]) == 12 and view["stage"]["kind"] == "step"
    shown = []

    water = view["water"]

    def update(i):
        # something changes on each update (the water track: a castaway collects, then drinks),
        # so each one's layout is there to be forced
        data["version"] += 1
        data["events"] = []
        view["water"] = water + i % 2
        shown.append(page.evaluate(_UPDATE, [data, i]))

    categories = ["devtools.timeline", "disabled-by-default-devtools.timeline.stack"]
    events = trace(page, lambda: [update(i) for i in range(5)], categories)
    assert forced_layouts(events, 5) == [0] * 5
    u = shown[0]["u"]
    assert all((s["u"], s["spills"]) == (u, []) for s in shown), shown

    # Five wood gambles this turn, each bitten: the outcome, its bite, its balls and three
    # earlier outcomes fill the story panel: fitted again in the frame that shows them.
    gamble = {"kind": "wood", "extra": 3, "gained": 4, "places": 2, "bitten": True, "bite": "sick",
              "balls": ["white", "white", "black"]}
    view["turn_log"] = [dict(gamble, seat=c["seat"]) for c in view["castaways"][:5]]
    shown.clear()
    update(5)
    assert shown[0]["spills"] == [] and shown[0]["u"] < u, shown
    crowded = shown[0]["u"]
    # and kept, with no layout forced, while nothing grows again
    shown.clear()
    events = trace(page, lambda: [update(i) for i in range(6, 9)], categories)
    assert forced_layouts(events, 9)[6:] == [0] * 3
    assert all((s["u"], s["spills"]) == (crowded, []) for s in shown), shown
    assert not errors, errors
    page.close()


def test_a_kept_log_line_folds_by_its_age(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step_12")
    view = data["view"]
    # Five wood gambles this turn, each bitten: the story takes the room (its outcome, its bite,
    # its balls and three earlier outcomes), and each new line of the log is a long one of them:
    # the log's oldest lines fold.
    gamble = {"kind": "wood", "extra": 3, "gained": 4, "places": 2, "bitten": True, "bite": "sick",
              "balls": ["white", "white", "black"]}
    view["turn_log"] = [dict(gamble, seat=c["seat"]) for c in view["castaways"][:5]]
    folded = []
    shown = []

    def update(i):
        data["version"] += 1
        data["events"] = [dict(gamble, type="wood", seat=view["castaways"][i]["seat"])]
        shown.append(page.evaluate(_UPDATE, [data, i]))

    categories = ["devtools.timeline", "disabled-by-default-devtools.timeline.stack"]
    events = trace(page, lambda: [update(i) for i in range(9)], categories)
    for i, s in enumerate(shown):
        assert s["spills"] == [] and not s["log"], (i, s)
        hidden = [h for _, h in s["lines"]]
        # the newest line shown, the folded ones the oldest: newest first, none shown after one
        # folded
        assert hidden == sorted(hidden), (i, s["lines"])
        if any(hidden):
            folded.append(i)
    # folds from the fourth long line on (measured), kept by age while each new line makes the
    # kept ones older: after the update that folded first, none fits again
    assert len(folded) >= 3 and folded == list(range(folded[0], 9)), folded
    assert forced_layouts(events, 9)[folded[0] + 1:] == [0] * (8 - folded[0])
    assert not errors, errors
    page.close()
