"""The Galèrapagos TV folds the oldest of the story when a panel has no room for it (its log's
oldest lines first, at the sofa's floor, issue 20.6), and keeps those folds between fits without
querying the page for them (issue 24): a part built is drawn with its folds, a part kept has them.
The log's lines fold by age, not by the slot they sit in: as new lines come, the line that was
newest but one grows older in its kept slot, and the folds follow it. After every update the
lines folded are the oldest ones and no panel spills, and the page shown gets them with no
refit (a line left unfolded as it grew older spilled the log, and the fit ran again: layouts
forced in the update).

No sleeps: every wait is on a frame."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import forced_layouts, preview_tv, trace

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

# The payload drawn again (morphed), then one frame; the log's lines, newest first (their CSS
# order), each folded or not, and the panels that spill.
_UPDATE = """async ([m, i]) => {
  console.timeStamp(`update-${i}`);
  window.__rerender(m);
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const t = document.querySelector('.gt-table');
  const lines = [...t.querySelectorAll('.gt-logp li')].filter((li) => li.textContent !== '')
    .sort((a, b) => Number(a.style.order) - Number(b.style.order));
  const panels = [...t.querySelectorAll('.gt-main > section, .gt-mid > section, .gt-box, .gt-final-card')];
  return { lines: lines.map((li) => [li.textContent, li.hidden]),
           log: t.querySelector('.gt-logp').hidden,
           spills: panels.filter((el) => el.scrollHeight > el.clientHeight + 1).map((el) => el.className) };
}"""


def test_a_kept_log_line_folds_by_its_age(browser, preview):
    page, errors, data = preview_tv(browser, preview, "step_12")
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
