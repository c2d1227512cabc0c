"""What a page paints while nothing changes (issue 24, the TV's drawing): a running animation that
the compositor cannot play by itself (an outline colour, a box-shadow) makes the page's main
thread paint on every frame; one of opacity or transform paints nothing after it starts.
"""
from tests.browser.helpers import stamps, trace

COMPOSITOR_ONLY = {"opacity", "transform", "translate", "scale", "rotate", "offset", "easing", "composite", "computedOffset"}

# N frames of the page (requestAnimationFrame), then the promise resolves: the trace covers them.
FRAMES = """n => new Promise((done) => {
  let i = 0;
  const step = () => (++i >= n ? done(i) : requestAnimationFrame(step));
  requestAnimationFrame(step);
})"""


def idle_paints(page, frames=30):
    """The Paint events the page's main thread records over `frames` frames with nothing fed
    (after two frames that let the last update's own paint pass): 0 when every running
    animation is compositor-only."""
    page.evaluate(FRAMES, 2)

    def idle():
        page.evaluate("() => console.timeStamp('idle-start')")
        page.evaluate(FRAMES, frames)
        page.evaluate("() => console.timeStamp('idle-end')")
    events = trace(page, idle, ["devtools.timeline", "blink.user_timing"])
    (start, _, pid, tid), (end, _, _, _) = stamps(events, "idle-")
    return sum(1 for e in events if e.get("name") == "Paint" and e.get("pid") == pid
               and e.get("tid") == tid and start <= e.get("ts", 0) <= end)


def running_animations(page):
    """[(element's class, [animated properties], iterations)] of the page's running animations."""
    return [(a[0], a[1], a[2]) for a in page.evaluate("""() => document.getAnimations()
      .filter((a) => a.playState === "running")
      .map((a) => [String(a.effect.target && (a.effect.target.className.baseVal ?? a.effect.target.className)) +
                   (a.effect.pseudoElement || ""),
                   [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))],
                   a.effect.getTiming().iterations === Infinity ? "infinite" : a.effect.getTiming().iterations])""")]


def repainting(animations):
    """The animations among `animations` that animate more than opacity and transform."""
    return [a for a in animations if set(a[1]) - COMPOSITOR_ONLY]
