"""Waiting and reading in one round trip, for the whole-game tests (tests/browser/test_*_play.py).

A whole game is hundreds of steps, and each Playwright call is a round trip to a page that
costs tens of milliseconds on a loaded machine (CI's two cores run two browsers): a
`wait_for_function` followed by an `evaluate` of what it waited for is two of them, and a
wait on a value already there still costs one. `wait_read(page, fn, arg)` waits *in the page*
until `fn(arg)` returns something (anything but null, undefined or false) and returns it: one
call. It fails like any wait of these tests, after TIMEOUT_MS, saying what it waited for.

    state = wait_read(table, "(v) => { const g = window.castaways.state.game;"
                             " return g && g.version > v ? g : null; }", version, "the next version")

`wait_read_all([(page, fn, arg, what), ...])` does the same on several pages at once (the
phones of a step): their waits overlap instead of following each other.
"""
import asyncio

from tests.browser.conftest import TIMEOUT_MS

# The page polls fn on every animation frame (as Playwright's own waits do), or every 50 ms
# where frames are not produced (a page the browser does not draw).
_POLL = """async ([arg, ms]) => {
  const fn = %s;
  const end = performance.now() + ms;
  for (;;) {
    const got = fn(arg);
    if (got !== null && got !== undefined && got !== false) return { got };
    if (performance.now() > end) return { late: true };
    await new Promise((done) => {
      const t = setTimeout(done, 50);
      requestAnimationFrame(() => { clearTimeout(t); done(); });
    });
  }
}"""


def wait_read(page, fn, arg=None, what="a condition", timeout_ms=TIMEOUT_MS):
    """What `fn(arg)` returns in `page` (a JS function's source) once it is neither null,
    undefined nor false, waiting up to `timeout_ms`."""
    out = page.evaluate(_POLL % fn, [arg, timeout_ms])
    if out.get("late"):
        raise AssertionError(f"{what}: not within {timeout_ms} ms ({fn} with {arg!r})")
    return out["got"]


def wait_read_all(reads, timeout_ms=TIMEOUT_MS):
    """[wait_read(page, fn, arg, what) for each (page, fn, arg, what) of `reads`], the pages
    waited on and read at the same time. Playwright's sync API makes one call at a time; its
    async objects beneath (`_impl_obj`, run by the sync object's `_sync`) take several, as
    the async API does. Where those are not there (another Playwright), one page after the
    other: the same results, later."""
    try:
        run, calls = reads[0][0]._sync, [page._impl_obj.evaluate for page, *_ in reads]
    except (AttributeError, IndexError):
        return [wait_read(page, fn, arg, what, timeout_ms) for page, fn, arg, what in reads]

    async def together():
        return await asyncio.gather(*(call(_POLL % fn, [arg, timeout_ms])
                                      for call, (_, fn, arg, _) in zip(calls, reads)))
    outs = run(together())
    for out, (_, fn, arg, what) in zip(outs, reads):
        if out.get("late"):
            raise AssertionError(f"{what}: not within {timeout_ms} ms ({fn} with {arg!r})")
    return [out["got"] for out in outs]
