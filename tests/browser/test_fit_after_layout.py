"""fit.js `afterLayout()`: a check that reads sizes runs after the frame's own layout (a
ResizeObserver's callback), so its read forces no layout (issue 24). The same read in a
requestAnimationFrame callback comes before that layout and forces it (shown here too, so the
trace is seen to catch a forced layout).

- An element watched afresh is checked once after each update's layout, whether its size
  changed or not, and the check sees this update's sizes.
- A check that draws again and watches again (a refit that redraws the page) is run again in
  the next frame, and the page reports no error ("ResizeObserver loop completed with
  undelivered notifications": an element observed from inside a callback at no greater depth).
- A watch replaced or cancelled before the frame does not run.

No sleeps: every wait is on a frame or a condition."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import forced_layouts, preview_tv, trace

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

_SETUP = """async () => {
  window.__fit = await import('/static/js/fit.js');
  window.__errors = [];
  window.addEventListener('error', (e) => window.__errors.push(String(e.message)));
  const box = document.createElement('div');
  box.id = 'probe';
  box.style.cssText = 'position:fixed;left:0;top:0;width:300px;height:100px;overflow:hidden';
  box.append(document.createElement('p'));
  document.body.append(box);
  window.__watch = window.__fit.afterLayout();
  window.__seen = [];
}"""

# One update: a write that changes the layout, then the read as `how` does it ("watch": after the
# frame's layout; "frame": in the next animation frame); resolves after that frame.
_UPDATE = """async ([i, how]) => {
  const box = document.getElementById('probe');
  console.timeStamp(`update-${i}`);
  box.firstElementChild.style.height = `${10 + i}px`;
  const read = () => window.__seen.push(box.firstElementChild.offsetHeight);
  if (how === 'watch') window.__watch.watch(box, read);
  else requestAnimationFrame(read);
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
}"""


def _open(browser, preview):
    page, errors, _ = preview_tv(browser, preview, "step")
    page.evaluate(_SETUP)
    return page, errors


def test_a_watched_check_reads_after_the_frames_layout_and_forces_none(browser, preview):
    page, errors = _open(browser, preview)
    categories = ["devtools.timeline", "disabled-by-default-devtools.timeline.stack"]
    n = 6
    events = trace(page, lambda: [page.evaluate(_UPDATE, [i, "watch"]) for i in range(n)], categories)
    # checked once per update, with that update's sizes, and no read forced a layout
    assert page.evaluate("() => window.__seen") == [10 + i for i in range(n)]
    assert forced_layouts(events, n) == [0] * n
    # the same read in the next animation frame forces the layout on every update
    page.evaluate("() => { window.__seen = []; }")
    events = trace(page, lambda: [page.evaluate(_UPDATE, [i, "frame"]) for i in range(n)], categories)
    assert page.evaluate("() => window.__seen") == [10 + i for i in range(n)]
    assert all(f >= 1 for f in forced_layouts(events, n)), forced_layouts(events, n)
    assert not errors and not page.evaluate("() => window.__errors"), (errors, page.evaluate("() => window.__errors"))
    page.close()


def test_a_check_that_watches_again_runs_in_the_next_frame_without_an_error(browser, preview):
    page, errors = _open(browser, preview)
    got = page.evaluate("""async () => {
      const box = document.getElementById('probe');
      const frames = [];
      let frame = 0;
      const count = () => { frame++; requestAnimationFrame(count); };
      requestAnimationFrame(count);
      // each check resizes what it watches and watches it again, three times
      let left = 3;
      const check = () => {
        frames.push(frame);
        box.style.height = `${box.offsetHeight + 20}px`;
        if (--left > 0) window.__watch.watch(box, check);
      };
      window.__watch.watch(box, check);
      const until = (ok) => new Promise((r) => { const t = () => (ok() ? r() : requestAnimationFrame(t)); t(); });
      await until(() => left === 0);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return { frames, height: box.offsetHeight };
    }""")
    assert got["height"] == 160, got
    assert len(got["frames"]) == 3 and all(b > a for a, b in zip(got["frames"], got["frames"][1:])), got
    assert not errors and not page.evaluate("() => window.__errors"), (errors, page.evaluate("() => window.__errors"))
    page.close()


def test_a_watch_replaced_or_cancelled_does_not_run(browser, preview):
    page, errors = _open(browser, preview)
    got = page.evaluate("""async () => {
      const box = document.getElementById('probe');
      const ran = [];
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      window.__watch.watch(box, () => ran.push('first'));
      window.__watch.watch(box.firstElementChild, () => ran.push('second'));
      await frame();
      window.__watch.watch(box, () => ran.push('cancelled'));
      window.__watch.cancel();
      await frame();
      await frame();
      return ran;
    }""")
    assert got == ["second"], got
    assert not errors
    page.close()
