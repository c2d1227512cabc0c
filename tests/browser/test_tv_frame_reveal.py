"""The reveal (server/static/js/reveal.js) is played by the compositor: between its first frames and
its outcome, and between its outcome and its fade out, the TV's main thread draws no frame, and
no animation of it falls back to the main thread. A TV stick shows main-thread work at the big
moment as a stutter, and the game's updates under the overlay wait behind it (issue 24)."""
from tests.browser.helpers import stamps, trace

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.animations", "cc"]

# A reveal of 4 votes in at most 4 s (revealTiming: a vote every 600 ms from 150 ms, the outcome
# at 2550 ms, held 1600 ms, then 400 ms, then the 250 ms fade out), with marks for its moments: a
# MutationObserver and a timer mark them, neither draws a frame.
PLAY = """() => import('/static/js/reveal.js').then((rv) => {
  const mark = (name) => console.timeStamp(name);
  new MutationObserver((changes) => {
    for (const c of changes) {
      if (c.attributeName === 'data-phase' && c.target.dataset.phase === 'outcome') mark('rv-outcome');
      if (c.attributeName === 'class' && c.target.classList.contains('rv-gone')) mark('rv-gone');
      for (const n of c.removedNodes) if (n.classList && n.classList.contains('rv-overlay')) mark('rv-removed');
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true });
  const votes = ['Ana', 'Ben', 'Cy', 'Dee'].map((name, i) => ({ who: { name, colour: '#d33' }, choice: 'Boat ' + (i % 2) }));
  const spec = { title: 'The vote', votes, tally: [{ label: 'Boat 0', n: 2, win: true }, { label: 'Boat 1', n: 2 }],
                 outcome: 'Boat 0', details: ['Ana decided'], sentence: 'Boat 0', cue: 'reveal' };
  rv.offerReveals('frame-test', [], { seconds: 4 });
  mark('rv-go');
  rv.offerReveals('frame-test', [{ key: 'k1', build: () => spec }], { seconds: 4 });
  requestAnimationFrame(() => setTimeout(() => mark('rv-drawn'), 0));
  return rv.revealTiming(votes.length, 4).total;
})"""


def test_a_reveal_draws_no_main_thread_frame_while_it_plays(open_table):
    tv = open_table()
    # The TV alone with its reveal: nothing else on the page draws (the lobby, its dot).
    tv.evaluate("() => document.body.replaceChildren()")
    total = {}

    def run():
        total["ms"] = tv.evaluate(PLAY)
        # A sleep in the driver, not a wait in the page: Playwright's waits poll by animation frame.
        tv.wait_for_timeout(total["ms"] + 1500)

    events = trace(tv, run, CATEGORIES)
    assert tv.locator(".rv-overlay").count() == 0, "the reveal ended by itself"
    marks = {name: ts for ts, name, *_ in stamps(events, "rv-")}
    assert set(marks) == {"rv-go", "rv-drawn", "rv-outcome", "rv-gone", "rv-removed"}, marks
    _, _, pid, tid = stamps(events, "rv-go")[0]
    frames = sorted(e["ts"] for e in events if e.get("name") == "ProxyMain::BeginMainFrame"
                    and (e.get("pid"), e.get("tid")) == (pid, tid))
    assert any(marks["rv-go"] <= t <= marks["rv-drawn"] for t in frames), "the trace holds the page's frames"

    def drawn(mark, end):
        """The frames after `mark` until `end` (ms from the start), but the run that draws what
        the mark changed: its first frame and those up to 300 ms after it (a loaded machine
        draws a change late, and a composited animation's start time comes back a frame later)."""
        after = [t for t in frames if marks[mark] < t < marks[end]]
        return [round((t - marks["rv-go"]) / 1000) for t in after if after and t > after[0] + 300_000]
    assert drawn("rv-drawn", "rv-outcome") == [], "frames while the votes turn (ms from the start)"
    assert drawn("rv-outcome", "rv-gone") == [], "frames while the outcome shows (ms from the start)"
    assert drawn("rv-gone", "rv-removed") == [], "frames while it fades out (ms from the start)"
    failed = [e["args"]["data"] for e in events if e.get("name") == "Animation"
              and "compositeFailed" in e.get("args", {}).get("data", {})]
    assert not failed, f"animations the compositor did not take: {failed}"
