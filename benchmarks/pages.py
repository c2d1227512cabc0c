"""What a `game` update costs the pages in the browser (issue 24). Prints figures.

A real server (threading, bots 0.1 s per move) plays each game with a TV (1280x720) and one seated
phone (390x844, its seat played by a bot) while both record their `game` payloads; then each page,
its socket closed, is fed its own payloads again one at a time in headless Chromium
(/usr/bin/chromium) under DevTools CPU throttling (1x and CDP rate 4, what DevTools and issue 24
call "4x"). How an update reaches the page (--method): "socket", the default, puts the payloads
in the page first as the JSON text of their frames, then times JSON.parse and the page's own
`game` handler (the function its socket calls); "evaluate", the first round's method, passes
each payload as a Playwright evaluate argument to the page's stage (window.castaways.stage.show),
so Playwright's serialization of a large object is counted in the page; "both" prints each row
under both, the same pages in the same sitting. Per update, from the call to the frame that
shows it:
  - main-thread CPU: CDP Performance.getMetrics TaskDuration after minus before (median, p95);
  - layouts: LayoutCount after minus before (mean);
  - the floor: the same with nothing fed (the harness's own cost per update, median);
  - at 1x, the thread CPU (median / p95): the same replay under a DevTools trace, each update's
    main-thread tasks by their thread time (`tdur`), not wall time: TaskDuration counts the
    time another process held the core (3x the thread time on this shared machine when loaded),
    thread time does not (1x only: CDP throttling makes the thread spin, see OWN, and thread
    time counts the spin as it counts work, so at 4x it says no more than wall time); and the
    harness's own share of it, the same with nothing fed (the evaluate that feeds the page, the
    frame it waits for and its timer: work a TV fed by its socket does not do), and what is
    left, the update's own (JSON.parse, the page's handler, the module, its frame).
Then the same payloads again, the issue's measure without the harness ("own", 1x and 4x,
median / p95; see OWN below): the page feeds ITSELF, one evaluate starting an in-page driver
that, for each recorded frame, marks it (console.timeStamp), JSON.parse's it and hands it to the
socket's `game` handler, waits for the frame that shows it and an idle gap of 50 ms, then feeds
the next, the whole replay under one DevTools trace at the rate. An update's figure is the wall
time of the main-thread tasks that end between its mark and the next (under throttling that
holds the thread's suspension, as TaskDuration does), and its thread time at 1x. Counted: the
parse, the handler and all it does (the module, the morph, sounds), the frame (style, layout,
paint, commit), timers, microtasks and GC it leaves for the gap, and the driver's own few tasks
(printed with nothing fed, "driver": near 0). Not counted: DevTools' per-update calls (there are
none), other threads, idle time. This is issue 24's "main-thread CPU per `game` message, from its
arrival to the frame that shows it"; the old columns add the harness to it (at 4x four times
over). Checks printed beside it: the updates' sum against TaskDuration around the whole replay,
and TaskDuration around the same replay untraced (what the trace costs).
The throttle: a fixed JS loop of about 0.2 s is timed at 1x and at rate 4 and its slowdown
printed (3.2x to 3.5x on the shared 2-core machine, varying by sitting); --correct-rate corrects
the rate until the loop is 4 times slower (the first round's method: the rate it picked, 4.0 to
5.8, varied too much between sittings to compare figures). The first load below keeps rate 4.
The sockets are closed (nothing else reaches the pages) and the connection badge hidden as it
is while connected (it would pulse, a frame painted every 16 ms that is no update's).
A reveal still on the TV when the recording stops is ended (Escape) before anything is timed
(see end_reveals: it covered the first replays of the Lifeboats and Lifeboat TVs until 2026-11-27).
Then what each update builds (not timed: the payloads again, after the timed replays): the
parts (morph.js partStats: built, kept as they were) and the elements made.
With --split, where each page's update time goes, at 1x (ms per update, means): a DevTools
trace of the replay by what the main thread did (its thread time where the trace has it) (script, style, layout, layouts forced inside a
script, paint = pre-paint + paint + layerize + commit, GC), and a JS sampling profile of the
same replay by whose code ran: "build" (the module drawing its page, h(), the parts' input
checks), "morph" (showPage and idiomorph), "fit" (the fitters, with the layouts they force);
--detail N lists the largest events and functions behind each.
--invalidations N: the replay at 1x under Blink's invalidation tracking, the N nodes each update
invalidates most by kind (layout, style) and reason: what an update lays out or restyles anew.
--unchanged: each row's last payload again as 40 new updates that change nothing on screen (the
version counted on, no events): the floor of an update on that page, what every message costs
before it draws anything. --css RULES: a style sheet added to both pages before timing, to
measure what a CSS change would save before making it.
Then a TV and a phone through four games of Galèrapagos in a row (three rematches): DOM nodes,
detached nodes and listeners after a forced GC at the end of each game. (Its waits return a
boolean, never an element: a JSHandle Playwright keeps holds that element, and the old wait kept
each game's final screen alive, about 31 detached nodes a game that the pages did not leak.)

First, a phone's first load (issue 24: under 1.5 s): a visitor opens /j/<code> in a fresh
browser context (cold cache, no seat) on "Fast 3G" as issue 24 defines it (CDP
Network.emulateNetworkConditions: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) with 4x CPU
throttling (Emulation.setCPUThrottlingRate); the time from navigation start to the frame that
shows the join form (performance.now() in the frame after the form enters the page), median and
worst of N runs (after one unmeasured run that warms the server's compression cache), and the
requests made before it (the page's Resource Timing: count, bytes transferred, each file).

    make bench-pages                                  # all three parts
    make bench-pages BENCH_ARGS="--first-load"        # only the first load (--runs N)
    make bench-pages BENCH_ARGS="--no-first-load --no-rematches --split"   # where the time goes
    make bench-pages BENCH_ARGS="--no-first-load --no-rematches --why4x --tasks 3"   # why 4x is 4x
    make bench-pages BENCH_ARGS="--no-first-load --no-rematches --no-own --origins"  # whose tasks
    make bench-pages BENCH_ARGS="--no-first-load --no-rematches --unchanged"     # an update's floor
    python benchmarks/pages.py [--first-load | --no-first-load] [--runs N] [--no-rematches]
                               [--games LABEL] [--pages TV|phone] [--split] [--detail N]
                               [--method socket|evaluate|both] [--correct-rate]
                               [--no-own] [--own-gap MS] [--why4x] [--tasks N] [--origins]
                               [--window N|turn|vote] [--unchanged] [--invalidations N] [--css RULES]

--window replays 40 later updates instead of the first 40 (a set-up, mostly: in Lifeboats one
pawn seated per update), so a row shows the evening a player lives: a turn going round, a vote
while I wait, my own vote, my turn and its end. `--window N` skips the first N recorded payloads;
`--window turn` starts at the first payload of the first turn after the set-up (view.turn > 0),
`--window vote` at the first one with a ballot open (view.ballot). The recording then runs
longer (bots at 0.1 s), and Ana plays her own seat from her phone (a legal action at random,
seeded) instead of a bot: a seat a bot plays is sent no legal actions, so the default run's
recording never shows her decisions. The window replayed is printed, with how many of its
updates held a decision of hers. Her seat played live, two recordings differ: --window-file FILE
keeps the windows in FILE on a first run and replays those on the next (a before and an after).
Without --window, the measurement is the first 40, as always.

The figures depend on the machine and its load: compare a before and an after from one sitting.
"""
import argparse
import json
import os
import random
import statistics
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
# The browser tests' Chromium and server start (a threading server on a free port).
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS as ARGS, own_server  # noqa: E402
from tests.browser.helpers import stamps, task_windows, trace  # noqa: E402

TV = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
# (label, game, players, options)
GAMES = [
    ("Lifeboats 5p", "lifeboats", 5, {"negotiation_seconds": 0}),
    ("Lifeboat 6p", "lifeboat", 6, {}),
    ("Galèrapagos 6p", "galerapagos", 6, {"window_seconds": 0}),
    ("Galèrapagos 12p", "galerapagos", 12, {"window_seconds": 0}),
]
UPDATES = 40
WINDOW = None       # --window: None (the first UPDATES payloads), a count to skip, "turn" or "vote"
# --unchanged: each row's last payload again, as new updates that change nothing on screen (its
# version counted on, no events): the floor of an update on that page, what every message costs
# before it draws anything (the parse, the handler, the module's render of the same page, the morph
# finding nothing to do, a frame)
UNCHANGED = False
# --css RULES: a style sheet added to both pages before timing (an experiment: what a CSS change
# would save, measured before it is made in the pages' own sheets)
EXTRA_CSS = ""
WINDOW_FILE = None  # --window-file: the windows replayed, kept there by the first run and read by the next
WINDOW_RECORD = 200  # the versions recorded for a named window (its start is found afterwards)
WINDOW_STARTS = {
    "turn": lambda m: isinstance((m.get("view") or {}).get("turn"), int) and m["view"]["turn"] > 0,
    "vote": lambda m: bool((m.get("view") or {}).get("ballot")),
}


def window_start(payloads):
    """The index of the first payload replayed with --window (a count, or the first that starts
    a turn or holds a ballot)."""
    if isinstance(WINDOW, int):
        return WINDOW
    return next((i for i, m in enumerate(payloads) if WINDOW_STARTS[WINDOW](m)), len(payloads))


def play_seat(tv, phone, upto):
    """--window: Ana plays her own seat from her phone (a legal action drawn at random, seeded,
    as soon as one is hers) until the game reaches version `upto` or ends. A seat a bot plays
    is sent no legal actions: a recording made so (the default run's) never shows my own
    decisions, my vote's wheel, my turn's board and its end."""
    rng = random.Random(5)
    while True:
        phone.wait_for_function("""n => { const g = window.castaways.state.game;
          return g && (g.over || g.version >= n || (g.legal_actions || []).length > 0); }""", arg=upto)
        g = phone.evaluate("""() => { const g = window.castaways.state.game;
          return { over: g.over, version: g.version, legal: g.legal_actions || [] }; }""")
        if g["over"] or g["version"] >= upto:
            return
        if not g["legal"]:
            continue    # a newer payload without my decision came between the wait and the read
        reply = phone.evaluate("([e, p]) => window.castaways.net.request(e, p)",
                               ["act", {"version": g["version"], "action": rng.choice(g["legal"])}])
        if not reply["ok"]:
            # stale (the game moved on meanwhile): wait for the next payload, then choose again
            phone.wait_for_function("v => { const g = window.castaways.state.game; return !g || g.version !== v; }",
                                    arg=g["version"])


def end_reveals(page):
    """Ends a reveal still on the screen when the recording stops, before anything is timed;
    returns whether there was one. The live game may reach a vote or a fight just before the
    recording's last version (Lifeboats 5p and Lifeboat 6p do, with the seeds here): its
    overlay, which covers the board for about 10 s, stayed over the first replays of the
    set-up's updates, whose every frame then drew it too, a TV the evening never has (a reveal
    plays once, over the updates that follow it), and how much of the timing it covered
    depended on the sitting's pace. The host's Escape ends it (reveal.js), as on a TV."""
    if not page.evaluate("() => Boolean(document.querySelector('.rv-overlay'))"):
        return False
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.rv-overlay')")
    return True


def request(page, event, payload):
    reply = page.evaluate("([e, p]) => window.castaways.net.request(e, p)", [event, payload])
    if not reply["ok"]:
        raise RuntimeError(f"{event}: {reply}")
    return reply


def recorder(page):
    frames = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(
        p if isinstance(p, str) else p.decode("utf-8", "replace"))))
    return frames


def game_payloads(frames):
    out = []
    for f in frames:
        if f.startswith("42"):
            try:
                data = json.loads(f[2:])
            except ValueError:
                continue
            if isinstance(data, list) and data and data[0] == "game" and not data[1].get("over"):
                out.append(data[1])
    return out


def metrics(cdp):
    return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}


LOOP = """n => { const t = performance.now(); let x = 0;
  for (let i = 0; i < n; i++) x = (x * 31 + i) % 1000003; return performance.now() - t + x * 0; }"""


def loop_ms(page, n=3e7, runs=3):
    """The median of `runs` timings of a fixed loop (long enough, about 0.1-0.2 s at 1x, for
    DevTools' throttling, which suspends the thread in slices, to average out)."""
    return statistics.median(page.evaluate(LOOP, n) for _ in range(runs))


def calibrate(page, cdp, target=4.0, correct=False):
    """The fixed loop's ms at 1x and at CDP rate `target` (its slowdown is printed): the rate the
    "4x" figures use, `target` itself. correct=True (--correct-rate, the method of the first
    round): the rate is corrected (up to twice) towards a measured slowdown of `target`; on this
    shared 2-core machine the slowdown at rate 4 varied from sitting to sitting (3.2x to 3.5x,
    the corrected rate from 4.0 to 5.8), so corrected figures did not compare across sittings,
    while the rate itself is what issue 24 (and DevTools' "4x slowdown") names."""
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.evaluate(LOOP, 3e6)                 # compiled before anything is timed
    base = loop_ms(page)
    rate, slow = target, None
    for _ in range(3 if correct else 1):
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        slow = loop_ms(page)
        got = slow / base
        if abs(got - target) <= 0.15 * target or not correct:
            break
        rate = max(1.0, rate * target / got)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return {"base": base, "rate": rate, "slow": slow}


# ---- where an update's time goes (--split) ---------------------------------------------------
# A DevTools trace of the replay at 1x: the main thread's time by what Blink was doing (each
# event's self time: its duration less its children's), per update. A style recalc or layout
# inside a script is "forced" (a read of a size after a write); the rest the frame's own.
# "paint" is the frame's pre-paint, paint, layerize and commit to the compositor (the raster
# is on other threads).
# Then the V8 sampling profiler over the same replay splits the scripts by whose code ran:
# the morph (idiomorph and its callbacks), the fitters, or the rest (the module building its
# page, h(), the reveals); a forced layout counts for the script that forced it.
TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink.user_timing"]
SCRIPT = {"FunctionCall", "EvaluateScript", "TimerFire", "FireAnimationFrame", "EventDispatch",
          "v8.execute", "V8.Execute", "RunMicrotasks", "v8.callFunction", "v8.run", "V8.RunMicrotasks"}
STYLE = {"UpdateLayoutTree", "RecalculateStyles", "ScheduleStyleRecalculation", "ParseAuthorStyleSheet"}
LAYOUT = {"Layout", "UpdateLayerTree", "IntersectionObserverController::computeIntersections",
          "ResizeObserverController::gatherObservations", "HitTest"}
PAINT = {"PrePaint", "Paint", "PaintImage", "Layerize", "Commit", "CompositeLayers", "UpdateLayer",
         "Decode Image", "RasterTask", "PaintSetup", "ComputeIntersections"}
GC = {"MinorGC", "MajorGC", "V8.GCScavenger", "V8.GCCompactor", "V8.GCFinalizeMC", "BlinkGC.AtomicPhase",
      "V8.GC_SCAVENGER", "V8.GC_MC_INCREMENTAL", "BlinkGC.CompleteSweep", "BlinkGC.LazySweepInIdle",
      "V8.GCIncrementalMarking", "V8.GCFinalizeMCReduceMemory", "MinorMS"}
BUCKETS = ("script", "style", "layout", "forced", "paint", "gc")
ORIGINS = False     # --origins: each update's tasks by the code that posted them (task_origins)
TASKS = 0           # --tasks N: the first N updates' tasks, the harness's and the own driver's, at 1x and 4x
DETAIL = 0          # --detail N: the N largest trace events and JS functions behind each split
INVALIDATIONS = 0   # --invalidations N: what each update invalidates (layout, style), the N most


def traced(page, cdp, payloads, categories=TRACE_CATEGORIES):
    """The replay at 1x under a DevTools trace: the trace's events and the replay's marks."""
    def run():
        page.evaluate("() => console.timeStamp('replay-start')")
        for msg in payloads:
            show(page, msg)
        page.evaluate("() => console.timeStamp('replay-end')")
    return trace(page, run, categories, cdp)


# --invalidations: the replay at 1x under Blink's invalidation tracking. Each *InvalidationTracking
# event names the node (its tag, id and classes) and the reason; counted per update, the N most
# frequent by kind: what an update lays out or restyles anew (this Chromium emits no paint
# invalidations there); and each update's layout: its objects dirty of all, partial or whole.
INVALIDATION_CATEGORY = "disabled-by-default-devtools.timeline.invalidationTracking"


def print_invalidations(page, cdp, items):
    events = traced(page, cdp, items, ["devtools.timeline", INVALIDATION_CATEGORY, "blink.user_timing"])
    marks = {e["args"]["data"].get("message"): e["ts"] for e in events
             if e.get("name") == "TimeStamp" and "data" in e.get("args", {})}
    start, end = marks["replay-start"], marks["replay-end"]
    counts = {}
    for e in events:
        name = e.get("name", "")
        if not name.endswith("InvalidationTracking") or not start <= e.get("ts", 0) <= end:
            continue
        data = e.get("args", {}).get("data", {})
        node = data.get("nodeName") or data.get("node") or "?"
        why = data.get("reason") or data.get("changedClass") or data.get("changedAttribute") \
            or data.get("changedId") or data.get("changedPseudo") or data.get("selectorPart") or ""
        key = (name.replace("InvalidationTracking", ""), str(node)[:70], str(why)[:40])
        counts[key] = counts.get(key, 0) + 1
    n = len(items)
    # the frame's layouts: how many objects each had to lay out of how many, and from which root
    layouts = [e for e in events if e.get("name") == "Layout" and e.get("ph") in ("X", "B") and start <= e.get("ts", 0) <= end]
    if layouts:
        dirty = [e.get("args", {}).get("beginData", {}).get("dirtyObjects", 0) for e in layouts]
        total = [e.get("args", {}).get("beginData", {}).get("totalObjects", 0) for e in layouts]
        partial = sum(1 for e in layouts if e.get("args", {}).get("beginData", {}).get("partialLayout"))
        print(f"      layouts: {len(layouts) / n:.1f} per update, objects dirty {statistics.median(dirty):.0f}"
              f" of {statistics.median(total):.0f} (medians), partial {partial} of {len(layouts)}", flush=True)
    kinds = sorted({k[0] for k in counts})
    for kind in kinds:
        mine = sorted(((c, k) for k, c in counts.items() if k[0] == kind), reverse=True)
        print(f"      invalidations per update, {kind}: {sum(c for c, _ in mine) / n:.1f}", flush=True)
        for c, (_, node, why) in mine[:INVALIDATIONS]:
            print(f"          {c / n:5.2f}  {node}  ({why})", flush=True)


def event_kind(name):
    """What a trace event of the main thread is: script, style, layout, paint, gc or None."""
    for kind, names in (("script", SCRIPT), ("style", STYLE), ("layout", LAYOUT), ("paint", PAINT), ("gc", GC)):
        if name in names:
            return kind
    return "gc" if "GC" in name else None


def trace_split(events, n):
    """ms per update by bucket (BUCKETS) on the page's main thread, between the replay's marks."""
    marks = {e["args"]["data"].get("message"): (e["pid"], e["tid"], e["ts"]) for e in events
             if e.get("name") == "TimeStamp" and "data" in e.get("args", {})}
    pid, tid, start = marks["replay-start"]
    end = marks["replay-end"][2]
    xs = sorted((e for e in events if e.get("ph") == "X" and e.get("pid") == pid and e.get("tid") == tid
                 and start <= e["ts"] <= end and e.get("dur") is not None),
                key=lambda e: (e["ts"], -e["dur"]))
    out = dict.fromkeys(BUCKETS, 0.0)
    paints = [e["ts"] for e in xs if e["name"] == "PrePaint"]
    stack = []          # [event, end, bucket, children's time, is a script]

    names = {}

    def close(item):
        # by thread time (`tdur`, where the trace has it): on a shared machine, wall time counts
        # the time another process held the core
        e, _, bucket, kids, _ = item
        took = e.get("tdur", e["dur"])
        out[bucket] += max(0.0, took - kids) / 1000.0
        names[(bucket, e["name"])] = names.get((bucket, e["name"]), 0) + max(0.0, took - kids) / 1000.0 / n
        if stack:
            stack[-1][3] += took

    for e in xs:
        while stack and stack[-1][1] <= e["ts"]:
            close(stack.pop())
        name = e["name"]
        in_script = any(item[4] for item in stack)
        bucket = event_kind(name)
        if bucket in ("style", "layout") and in_script:
            bucket = "forced"
        elif bucket is None:
            # A task's own time is the script DevTools ran (Runtime.evaluate has no script
            # event of its own), parsing and scheduling; an event inside another is its.
            bucket = stack[-1][2] if stack else "script"
        # a task of DevTools' script (not a frame's: one that paints) runs script
        devtools = name == "RunTask" and not stack and not any(e["ts"] <= t <= e["ts"] + e["dur"] for t in paints)
        stack.append([e, e["ts"] + e["dur"], bucket, 0.0, name in SCRIPT or devtools])
    while stack:
        close(stack.pop())
    if DETAIL:
        for (bucket, name), ms in sorted(names.items(), key=lambda x: -x[1])[:DETAIL]:
            print(f"        {ms:6.2f} ms  {bucket:6} {name}")
    return {k: v / n for k, v in out.items()}


# Whose code a profiler sample is in, by its stack (leaf first): the first rule that matches
# any frame wins, tried in this order.
JS_PARTS = (
    ("morph", lambda f: "idiomorph" in f["url"] or f["functionName"] == "showPage"),
    ("fit", lambda f: f["url"].endswith("/fit.js") or f["url"].endswith("/fittext.js")
        or f["functionName"] in ("fit", "fitHeight", "refit", "excess", "foldAgain", "tighten", "fitWithin")),
    ("build", lambda f: bool(f["url"])),
)


def profile_split(page, cdp, payloads):
    """ms per update of JS by part (JS_PARTS; "gc" and "native" for V8's own), at 1x."""
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 100})
    cdp.send("Profiler.start")
    for msg in payloads:
        show(page, msg)
    prof = cdp.send("Profiler.stop")["profile"]
    cdp.send("Profiler.disable")
    nodes = {nd["id"]: nd for nd in prof["nodes"]}
    parent = {}
    for nd in prof["nodes"]:
        for c in nd.get("children", []):
            parent[c] = nd["id"]
    kind = {}

    def classify(nid):
        if nid in kind:
            return kind[nid]
        frames, cur = [], nid
        while cur is not None:
            frames.append(nodes[cur]["callFrame"])
            cur = parent.get(cur)
        leaf = frames[0]["functionName"]
        if leaf in ("(idle)", "(program)", "(root)"):
            kind[nid] = None
        elif leaf == "(garbage collector)":
            kind[nid] = "gc"
        else:
            kind[nid] = next((name for name, rule in JS_PARTS if any(rule(f) for f in frames)), "native")
        return kind[nid]

    out = {"build": 0.0, "morph": 0.0, "fit": 0.0, "gc": 0.0, "native": 0.0}
    leaves = {}
    for nid, dt in zip(prof["samples"], prof["timeDeltas"][1:] + [0]):
        k = classify(nid)
        if k:
            out[k] += dt / 1000.0
            f = nodes[nid]["callFrame"]
            name = (k, f["functionName"], f["url"].rsplit("/", 1)[-1], f.get("lineNumber"))
            leaves[name] = leaves.get(name, 0) + dt / 1000.0 / len(payloads)
    if DETAIL:
        for (part, fn, url, line), ms in sorted(leaves.items(), key=lambda x: -x[1])[:DETAIL]:
            print(f"        {ms:6.2f} ms  {part:6} {fn or '(anonymous)'} {url}:{line}")
    return {k: v / len(payloads) for k, v in out.items()}


# How an update reaches the page (--method):
#  - "socket" (the default): the page's payloads are put in it first, as the JSON text of their
#    frames (not timed); each update is then JSON.parse'd and handed to the page's own `game`
#    handler, the function its socket calls (net.socket.listeners("game"): the TV's sound cues,
#    roomFlow, the stage, the module), and the frame that shows it is awaited. Only a small
#    index crosses DevTools per update.
#  - "evaluate" (the measurement up to issue 24's first round): each payload is a Playwright
#    `evaluate` argument, handed to window.castaways.stage.show. Playwright's serialization of
#    a large object, deserialized by its script in the page, is counted in the page's CPU.
# Either way the CPU is the page's TaskDuration (CDP Performance.getMetrics) after minus before
# one evaluate; "floor" is the same with nothing fed (what the harness alone costs per update).
METHOD = "socket"

SOCKET_FEED = """([i, mark]) => new Promise((done) => {
  const b = window.__bench;
  if (mark) console.timeStamp("bench-update");
  if (i >= 0) b.handler(JSON.parse(b.frames[i]));
  requestAnimationFrame(() => setTimeout(done, 0));
})"""
EVALUATE_FEED = """([msg, feed, mark]) => new Promise((done) => {
  if (mark) console.timeStamp("bench-update");
  if (feed) window.castaways.stage.show(msg, window.castaways.state.room);
  requestAnimationFrame(() => setTimeout(done, 0));
})"""


def load(page, payloads):
    """Puts the payloads in the page as JSON text (the socket method); returns the feeders."""
    if METHOD == "socket":
        load_frames(page, payloads)
        return [i for i in range(len(payloads))]
    return list(payloads)


def load_frames(page, payloads):
    """window.__bench: the payloads as the JSON text of their frames, and the socket's `game`
    handler (the socket method's feed and the own driver use them)."""
    page.evaluate("""frames => {
      const handler = window.castaways.net.socket.listeners("game")[0];
      if (!handler) throw new Error("no game handler");
      window.__bench = { frames, handler };
    }""", [json.dumps(m) for m in payloads])


def show(page, item, feed=True, mark=False):
    """One update (an index into the page's payloads, or a payload) as the page receives it;
    returns after the frame that shows it. feed=False: the harness alone (the floor); mark: a
    trace mark first (thread_cpu)."""
    if METHOD == "socket":
        page.evaluate(SOCKET_FEED, [item if feed else -1, mark])
    else:
        page.evaluate(EVALUATE_FEED, [item, feed, mark])


def thread_cpu(page, cdp, items):
    """Per update at 1x, the main thread's CPU time (the trace's thread time, `tdur`, of its
    tasks from the update's mark to the next): unlike TaskDuration (wall time), not inflated when
    other processes take the core (the machine is shared). 1x only: under CDP throttling the
    thread spins in a signal handler (see OWN below), which its thread time counts too."""
    def run():
        for item in items:
            show(page, item, mark=True)
        page.evaluate("() => console.timeStamp('bench-update')")
    events = trace(page, run, ["devtools.timeline", "disabled-by-default-devtools.timeline",
                                  "blink.user_timing"], cdp)
    marks = [(ts, pid, tid) for ts, message, pid, tid in stamps(events, "bench-update")
             if message == "bench-update"]
    # the tasks with a thread time (as this column always counted), each the update's it ends in
    timed = [e for e in events if "tdur" in e]
    return [t for _, t, _ in task_windows(timed, marks[0][1:], [m[0] for m in marks])]


def replay(page, cdp, items, rate, feed=True):
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    cpu, layouts = [], []
    for item in items:
        before = metrics(cdp)
        show(page, item, feed)
        after = metrics(cdp)
        cpu.append((after["TaskDuration"] - before["TaskDuration"]) * 1000)
        layouts.append(after["LayoutCount"] - before["LayoutCount"])
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    return cpu, layouts


# ---- the update's own CPU, the page feeding itself ("own", issue 24's measure) -------------
# The figures above are the page's TaskDuration around one Playwright evaluate per update: they
# hold the harness too (DevTools' Runtime.callFunctionOn and its awaited promise, the timer that
# ends it, two Performance.getMetrics calls), about 1.1-1.5 ms of thread time at 1x (the floor)
# and neither measured nor removed at 4x. Here the page feeds itself: one evaluate starts an
# in-page driver that, for each recorded frame in turn, marks (console.timeStamp), hands it to
# the socket's `game` handler (JSON.parse included, as a frame arriving does), waits for the
# frame that shows it (requestAnimationFrame, then a timer: the frame's work is done) and an idle
# gap (OWN_GAP_MS: what the update leaves for later, a GC or a timer, falls in its window), then
# feeds the next. The whole replay runs under one lean DevTools trace (OWN_CATEGORIES) at the
# given CPU throttling rate; per update, the main thread's tasks that end between its mark and
# the next (tests/browser/helpers.task_windows): their wall `dur` ("own": under throttling it
# holds the thread's suspension, as TaskDuration does) and their thread time `tdur`. What is
# counted: the parse, the handler (sound cues, roomFlow, the stage, the module, morph), the
# frame (style, layout, paint, commit), microtasks, timers and GC it causes, and the driver's
# own few tasks (its mark, the rAF callback, two timers), measured with nothing fed ("driver")
# and printed (not subtracted: near 0). Not counted: any DevTools call (none is made per update),
# other threads (the compositor's raster), the time the thread sits idle. Checks printed: the
# sum of the updates' wall time against TaskDuration around the whole replay (which also holds
# the evaluate that starts the driver and the idle gaps' empty moments).
# CDP throttling on Linux (Blink's ThreadCPUThrottler): a thread signals the main thread every
# ~200 us; its handler SPINS for (rate - 1) x the wall time since it last returned (at most
# 1 ms): the page's thread is slowed by wall time, whether it computed, waited on another
# thread (the commit) or was preempted, and the spin is thread CPU time (`tdur` sees it).
# What this showed (2026-11-26, a shared 2-core machine at load 9-12; --tasks 3, --why4x, and
# the own replay with a 0 ms gap):
#  - the harness at 4x: its floor (nothing fed) 5-18 ms of TaskDuration per update against
#    1.2-2.7 ms at 1x; task by task (--tasks) the two getMetrics and the promise's CDP tasks
#    take 3-6 ms per update at rate 4, the evaluate adds to the feeding task what is within the
#    noise. But the own driver alone (its mark's timer, an empty frame, two timers) costs
#    1-2 ms at 1x and 4-9 ms at rate 4 too: most of the harness's 4x cost is the throttle
#    charging SHORT tasks, not the harness's work;
#  - why an update slows more than the fixed loop (2.1-3.5x): the spin is charged by WALL time
#    since the thread last ran, so what is not the page's work is multiplied with it. (a) A
#    task that starts after the thread sat idle pays for some of that idle time (up to 1 ms x
#    (rate - 1) per signal): in one A/B on the Lifeboat TV the driver alone at rate 4 took
#    3.8-4.9 ms with no gap and 7.9-13 ms with a 50 ms gap (1x: 1.0 vs 1.2-1.8 ms), a whole
#    update 35-40 vs 42-43 ms (1x 8.7-11.5 vs 7.4-8.9 ms); but over whole sittings at load
#    12-15 the driver alone at rate 4 was 3.8-11 ms either way (--own-gap 0: no clear change),
#    the load's noise larger than the effect; an update is 8-16 tasks, the loop one. (b) Time the
#    thread is off its core inside a task (the loaded machine; the commit's wait on the
#    compositor) is charged x4 like work: at 1x an update's script took 1.5-2.3x its thread
#    time in wall time, at rate 4 the spinning thread (busy 75% of the time even when idle,
#    a CPU hog to the kernel's scheduler, holding one of the 2 cores the compositor, the GPU
#    process and the server need) was off-core 25-65% of its tasks' wall time. The loop, one
#    long busy task at both rates, gets neither, and less than 4x (the throttling thread,
#    late on a loaded machine, charges at most 1 ms of run per signal: the loop's slowdown at
#    rate 4 was 3.51x, 2.75x and 2.07x in three sittings within 20 minutes at load 10-15). By
#    kind (--why4x), the commit's thread time grew 9-17x (the spin while it waits on the
#    compositor), the tasks' own glue 5-11x, the script 4-7x. On a machine this loaded the
#    4x figures (old or own) moved up to +-50% between sittings, the 1x thread time less (most
#    rows within 15%, the worst 40%): only on a quiet machine do the 4x figures mean much;
#  - the checks: the updates' sum and TaskDuration around the traced replay agree within 2-7%;
#    TaskDuration around the same replay untraced differed by up to +-40% at load 12 either
#    way (the first of a series slowest, whichever it was): the trace's own cost is below that
#    noise. Interleaved on one page (Lifeboats TV, load 14, three rounds), old and own at rate 4
#    had medians 80/50/49 and 100/58/44 ms: the harness (a few ms) is well inside that noise.
# What the floor showed (2026-11-28, --unchanged and the same sitting's real updates, back to
# back, load 2): an update that changes nothing on screen (the parse, the handler, each module's
# render of the same page, the morph finding nothing to do, an empty frame) took 8.4-14.1 ms of
# "own" at rate 4 (medians by page; 1x thread 1.9-2.8 ms), of which the driver alone 4.9-7.4 ms;
# the real updates 21.4-47.9 ms. Task by task (--tasks, --origins): an update that draws
# anything is its message's task, its frame's task and four short tasks of compositor feedback
# (DidSwap, DidPresentCompositorFrame, DrawInternal, the commit's completion: 0.2 ms together at
# 1x), where one that draws nothing has one; at rate 4 the Lifeboats TV's frame task took
# 27-45 ms for 5.3-7.1 ms at 1x, its message's 10-17 ms for 2.4-3.5 ms (5x, the fixed loop 3x).
# Tried there, no change beyond the noise: the board and the side column without paint
# containment, and with strict containment (--css); the phones' buttons without their
# background transition.
OWN_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]
OWN_GAP_MS = 50
OWN_DRIVER = """async ([n, feed, gap]) => {
  const b = window.__bench;
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const pause = () => new Promise((done) => setTimeout(done, gap));
  await pause();
  for (let i = 0; i < n; i++) {
    console.timeStamp("own-update");
    if (feed) b.handler(JSON.parse(b.frames[i]));
    await frame();
    await pause();
  }
  console.timeStamp("own-end");
}"""


def own_replay(page, cdp, n, rate, feed=True, gap=None, categories=OWN_CATEGORIES):
    """The page feeding itself its first n payloads (load() first) at CDP rate `rate`, traced:
    {"wall": [ms per update], "thread": [...], "tasks": [...], "task_duration": ms of
    TaskDuration around the whole replay, "events", "thread_id", "bounds"}."""
    got = {}

    def run():
        got["before"] = metrics(cdp)["TaskDuration"]
        page.evaluate(OWN_DRIVER, [n, feed, OWN_GAP_MS if gap is None else gap])
        got["after"] = metrics(cdp)["TaskDuration"]

    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    try:
        if not categories:          # untraced: TaskDuration around the replay only
            run()
            return {"task_duration": (got["after"] - got["before"]) * 1000}
        events = trace(page, run, categories, cdp)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    marks = [m for m in stamps(events, "own-") if m[1] in ("own-update", "own-end")]
    if len(marks) != n + 1 or len({(m[2], m[3]) for m in marks}) != 1:
        raise RuntimeError(f"own replay: {len(marks)} marks for {n} updates")
    thread, bounds = marks[0][2:4], [m[0] for m in marks]
    windows = task_windows(events, thread, bounds)
    return {"wall": [w for w, _, _ in windows], "thread": [t for _, t, _ in windows],
            "tasks": [k for _, _, k in windows], "task_duration": (got["after"] - got["before"]) * 1000,
            "events": events, "thread_id": thread, "bounds": bounds}


def own_figures(page, cdp, n, rate):
    """The own figures at `rate`: the updates', the driver's alone (nothing fed, median), and the
    checks (the updates' wall time summed, TaskDuration around the replay traced and untraced)."""
    fed = own_replay(page, cdp, n, rate)
    alone = own_replay(page, cdp, FLOOR_RUNS, rate, feed=False)
    # the same replay untraced: what the trace itself costs the page shows as the difference
    bare = own_replay(page, cdp, n, rate, categories=())
    return {"untraced": bare["task_duration"],"wall": (statistics.median(fed["wall"]), p95(fed["wall"])),
            "thread": (statistics.median(fed["thread"]), p95(fed["thread"])),
            "driver": statistics.median(alone["wall"]), "driver_thread": statistics.median(alone["thread"]),
            "sum": sum(fed["wall"]), "task_duration": fed["task_duration"],
            "tasks": statistics.mean(fed["tasks"]), "fed": fed}


# Where the own update's wall time goes, by what the main thread did (--why4x): each trace
# event's self time (its wall `dur` less its children's) in the updates' windows, per update.
KINDS = ("script", "style", "layout", "paint", "commit", "gc", "task")


def own_kinds(fed):
    """ms per update by KINDS (wall self time) and by thread self time, from own_replay(...)."""
    events, thread, bounds = fed["events"], fed["thread_id"], fed["bounds"]
    xs = sorted((e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == tuple(thread)
                 and e.get("dur") is not None), key=lambda e: (e["ts"], -e["dur"]))
    wall, cpu = dict.fromkeys(KINDS, 0.0), dict.fromkeys(KINDS, 0.0)
    stack = []          # [event, end, kind, children's wall, children's thread]
    skip = None         # the end of a task in no update's window (task_windows' rule), and its events

    def close(item):
        e, _, kind, kids, tkids = item
        wall[kind] += max(0.0, e["dur"] - kids) / 1000.0
        cpu[kind] += max(0.0, e.get("tdur", e["dur"]) - tkids) / 1000.0
        if stack:
            stack[-1][3] += e["dur"]
            stack[-1][4] += e.get("tdur", e["dur"])

    for e in xs:
        while stack and stack[-1][1] <= e["ts"]:
            close(stack.pop())
        if skip is not None and e["ts"] < skip:
            continue
        end = e["ts"] + e["dur"]
        if not stack and not bounds[0] < end <= bounds[-1]:
            skip = end
            continue
        name = e["name"]
        kind = "commit" if name in ("Commit", "ProxyMain::BeginMainFrame::commit") else event_kind(name)
        if kind is None:
            kind = stack[-1][2] if stack else "task"
        stack.append([e, e["ts"] + e["dur"], kind, 0.0, 0.0])
    while stack:
        close(stack.pop())
    n = len(bounds) - 1
    return {k: v / n for k, v in wall.items()}, {k: v / n for k, v in cpu.items()}


def harness_trace(page, cdp, items, rate):
    """The old harness exactly as replay() runs it (getMetrics, one evaluate per update, getMetrics),
    a mark at each update's start, under a trace at `rate` (--tasks): the events, the page's
    thread, the marks' times and the TaskDuration of each update."""
    durations = []

    def run():
        for item in items:
            before = metrics(cdp)
            show(page, item, mark=True)
            after = metrics(cdp)
            durations.append((after["TaskDuration"] - before["TaskDuration"]) * 1000)
        page.evaluate("() => console.timeStamp('bench-update')")

    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    try:
        events = trace(page, run, OWN_CATEGORIES, cdp)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    marks = [m for m in stamps(events, "bench-update") if m[1] == "bench-update"]
    return events, marks[0][2:4], [m[0] for m in marks], durations


def print_tasks(events, thread, bounds, title, durations=None):
    """Task by task (--tasks): each update's main-thread tasks (task_windows' rule), their start
    after the update's mark, wall and thread ms, and what ran in them (their direct children)."""
    import bisect
    xs = sorted((e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == tuple(thread)
                 and e.get("dur") is not None), key=lambda e: (e["ts"], -e["dur"]))
    tops, kids, end = [], {}, None
    for e in xs:
        if end is not None and e["ts"] < end:
            top = tops[-1]
            if e["ts"] + e["dur"] <= top["ts"] + top["dur"] and e is not top:
                kids.setdefault(id(top), []).append(e)
            continue
        end = e["ts"] + e["dur"]
        tops.append(e)
    print(f"      {title}", flush=True)
    for k in range(len(bounds) - 1):
        mine = [t for t in tops if bisect.bisect_left(bounds, t["ts"] + t["dur"]) - 1 == k]
        extra = f", TaskDuration {durations[k]:.2f} ms" if durations else ""
        print(f"        update {k}: {len(mine)} tasks, wall {sum(t['dur'] for t in mine) / 1000:.2f} ms,"
              f" thread {sum(t.get('tdur', t['dur']) for t in mine) / 1000:.2f} ms{extra}")
        for t in mine:
            inner = kids.get(id(t), [])
            names = sorted({c["name"] for c in inner}, key=lambda nm: -sum(c["dur"] for c in inner if c["name"] == nm))[:5]
            print(f"          +{(t['ts'] - bounds[k]) / 1000:7.2f} ms  wall {t['dur'] / 1000:6.2f}"
                  f"  thread {t.get('tdur', t['dur']) / 1000:6.2f}  {t['name']}: {', '.join(names)}")



# Where each task of an update comes from (--origins): the own replay at 1x traced with the
# "toplevel" category too, whose ThreadControllerImpl::RunTask events name the code that posted
# the task (src_file, src_func). Per update (task_windows' rule), each task by its origin: the
# update's own task (the mark's: JSON.parse, the handler, the module, the morph), its frame and
# any frame after it (a CSS transition or animation needs one), a page timer (by the script
# function it ran: a reveal's, a ticker's, a toast's; the driver's own has no script URL), the
# compositor's feedback (a frame drawn posts the main thread a few tiny tasks: its presentation,
# swap, paint timing), GC, and the rest by Chromium's source. Fed and with nothing fed (the
# driver alone), so that the page's own tasks are the difference.
# What it showed (2026-11-27, main 3779531, 40 updates, 1x; tasks per update fed / driver alone):
# Lifeboats 5p TV 13.0 / 6.0, phone 10.2 / 4.1; Lifeboat 6p TV 10.8 / 4.1, phone 7.4 / 4.1;
# Galèrapagos 6p TV 9.5 / 4.1, phone 10.8 / 5.1; 12p TV 9.2 / 4.1, phone 9.7 / 4.2. Besides the
# message and one frame, the pages' scripts post almost nothing per update: their rAF checks
# (fit.js, fitWhenNeeded) and ResizeObserver callbacks run inside the frame's task, socket.io
# hands a message on in a microtask, and no timer is set per update (deadlines off, as in the
# replay). The difference is Chromium's: 5-9 compositor feedback tasks per update (about 5 per
# frame drawn; 2-20 us each at 1x), on the TVs of Lifeboats and Lifeboat 0.3-0.5 frames more per
# update and reveal.js's timers (a reveal's transitions playing over the fast replay), on the
# phones about one anchor_element_interaction_tracker timer (Chromium's, on a mobile page: it
# stays with the rules link's href removed and Playwright's mouse moved off the page). The replay has no countdowns (deadline None): with one,
# the TV's countdown ticks (sound.js) posted a setTimeout 0 on every new deadline, now looked at in
# the message's task (tests/browser/test_page_tasks.py). The message path parses once: socket.io
# decodes a 2-6 KB payload in one JSON.parse (in the page, 20-200 us a message, as JSON.parse
# alone) and hands it on in a microtask.
ORIGIN_FEEDBACK = ("DidPresentCompositorFrameOnImplThread", "DidSwap", "DrawInternal", "~ScopedCommitCompletionEvent",
                   "ReportSwapAndPresentationFailureOnTaskRunner", "EnsureSendTimer")


def task_origins(events, thread, bounds):
    """{origin: [tasks, wall ms, thread ms] per update} of the tasks in the replay's windows."""
    import bisect
    xs = sorted((e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == tuple(thread)
                 and e.get("dur") is not None), key=lambda e: (e["ts"], -e["dur"]))
    tops, kids, end = [], {}, None
    for e in xs:
        if end is not None and e["ts"] < end:
            if e["ts"] + e["dur"] <= end:
                kids.setdefault(id(tops[-1]), []).append(e)
            continue
        if e["name"] == "SequenceManager::DoIdleWork":      # "toplevel"'s idle marker: no task
            continue
        end = e["ts"] + e["dur"]
        tops.append(e)
    n = len(bounds) - 1
    out = {}
    frames_seen = set()
    for t in tops:
        k = bisect.bisect_left(bounds, t["ts"] + t["dur"]) - 1
        if not 0 <= k < n:
            continue
        inner = kids.get(id(t), [])
        names = {c["name"] for c in inner}
        posted = next((c["args"] for c in inner if c.get("args", {}).get("src_func")), {})
        func, where = posted.get("src_func", ""), posted.get("src_file", "").rsplit("/", 1)[-1]
        calls = [c["args"]["data"] for c in inner if c["name"] in ("FunctionCall", "TimerFire")
                 and isinstance(c.get("args", {}).get("data"), dict) and c["args"]["data"].get("url")]
        if bounds[k] >= t["ts"]:
            origin = "the message (its mark's task: parse, handler, module, morph)"
        elif func == "ScheduledActionSendBeginMainFrame":
            origin = "another frame (a CSS transition or animation)" if k in frames_seen else "the frame (rAF and ResizeObserver callbacks in it)"
            frames_seen.add(k)
        elif func in ORIGIN_FEEDBACK or where.startswith("paint_timing"):
            origin = f"compositor feedback (a frame drawn): {func}"
        elif func == "DOMTimer":
            c = calls[0] if calls else None
            origin = (f"timer {c.get('functionName') or '(anonymous)'} {c['url'].rsplit('/', 1)[-1]}:{c.get('lineNumber')}"
                      if c else "timer (no script URL: the driver's)")
        elif any("GC" in nm for nm in names) or "gc" in where or where in ("sweeper.cc", "marker.cc", "memory-reducer.cc"):
            origin = "GC"
        else:
            origin = f"{where}:{func}" if func else t["name"]
        row = out.setdefault(origin, [0.0, 0.0, 0.0])
        row[0] += 1 / n
        row[1] += t["dur"] / 1000 / n
        row[2] += t.get("tdur", t["dur"]) / 1000 / n
    return out


def print_origins(page, cdp, n, label, name):
    """--origins: the own replay's tasks per update by origin at 1x, fed and the driver alone."""
    cats = OWN_CATEGORIES + ["toplevel"]
    for feed in (True, False):
        got = own_replay(page, cdp, n if feed else FLOOR_RUNS, 1, feed=feed, categories=cats)
        rows = task_origins(got["events"], got["thread_id"], got["bounds"])
        print(f"      {label} {name}, tasks per update by origin at 1x, {'fed' if feed else 'nothing fed (the driver alone)'}:"
              f" {sum(r[0] for r in rows.values()):.2f} (count, wall ms, thread ms per update)", flush=True)
        for origin, (count, wall, cpu) in sorted(rows.items(), key=lambda x: -x[1][0]):
            if count >= 0.05:
                print(f"        {count:5.2f}  {wall:6.2f}  {cpu:6.2f}  {origin}")

def p95(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def open_page(browser, url, size, mobile):
    ctx = browser.new_context(viewport=size, is_mobile=mobile, has_touch=mobile, locale="en-US")
    ctx.set_default_timeout(120_000)
    page = ctx.new_page()
    frames = recorder(page)
    page.goto(url)
    return ctx, page, frames


def table_and_phone(browser, url, bots):
    """A TV's room with Ana's phone joined and `bots` bots: ((ctx, page, frames), (ctx, page, frames))."""
    tv_ctx, tv, tv_frames = open_page(browser, url + "/", TV, False)
    tv.locator("#room-code").wait_for()
    code = tv.locator("#room-code").inner_text().strip()
    ph_ctx, phone, ph_frames = open_page(browser, f"{url}/j/{code}", PHONE, True)
    phone.fill("#name", "Ana")
    phone.click("#join")
    phone.locator("#you").wait_for()
    for _ in range(bots):
        request(tv, "add_bot", {})
    return (tv_ctx, tv, tv_frames), (ph_ctx, phone, ph_frames)


FLOOR_RUNS = 12     # updates with nothing fed: the harness's own cost (its median is printed)


def per_update(browser, url, rows, only="", slow_rate=4.0, split=False, methods=("socket",), pages=(), thread=True,
               own=True, why4x=False):
    for label, game, players, options in GAMES:
        if only and only not in label:
            continue
        (tv_ctx, tv, tv_frames), (ph_ctx, phone, ph_frames) = table_and_phone(browser, url, players - 1)
        tv.wait_for_function("n => window.castaways.state.room.players.length === n", arg=players)
        ana = phone.evaluate("() => window.castaways.state.meId")
        request(tv, "start", {"game": game, "options": options})
        phone.locator("#stage > *").first.wait_for()
        if WINDOW is None:
            request(tv, "bot_replace", {"player": ana})
            tv.wait_for_function("""n => { const g = window.castaways.state.game;
              return g && (g.over || g.version >= n); }""", arg=UPDATES + 5)
            # Ana takes her seat back: the phone measured is a player's, with her decisions drawn,
            # not the greyed, inert page of a seat a bot plays (a filter over the whole stage that
            # a player's phone never has). The recorded updates are those her seat received.
            request(phone, "take_back", {})
            phone.wait_for_function("() => !document.getElementById('stage').classList.contains('locked')")
        else:
            play_seat(tv, phone, WINDOW + UPDATES + 5 if isinstance(WINDOW, int) else WINDOW_RECORD)
        # both sockets closed: nothing but the replayed payload reaches either page; the
        # connection badge, which would say so and pulse (a frame painted every 16 ms that is
        # no update's), is hidden as it is while connected
        for page in (tv, phone):
            page.evaluate("() => window.castaways.net.close()")
            page.add_style_tag(content=".conn { display: none !important; }" + EXTRA_CSS)
        if end_reveals(tv):
            print(f"  {label:16} TV    a reveal on the screen at the recording's end: ended before timing", flush=True)
        for name, page, frames in (("TV", tv, tv_frames), ("phone", phone, ph_frames)):
            if pages and name not in pages:
                continue
            if WINDOW is None:
                payloads = [{**m, "deadline": None} for m in game_payloads(frames)][:UPDATES]
            else:
                recorded = [{**m, "deadline": None} for m in game_payloads(frames)]
                start = window_start(recorded)
                payloads = recorded[start:start + UPDATES]
                kept = json.load(open(WINDOW_FILE)) if WINDOW_FILE and os.path.exists(WINDOW_FILE) else {}
                if f"{label} {name}" in kept:
                    # the window another run recorded (a seat played live is timing's: two
                    # recordings differ), so that a before and an after replay the same updates
                    recorded = payloads = kept[f"{label} {name}"]
                    start = 0
                    print(f"  {label:16} {name:5} window: the one kept in {WINDOW_FILE}", flush=True)
                elif WINDOW_FILE:
                    kept[f"{label} {name}"] = payloads
                    with open(WINDOW_FILE, "w") as f:
                        json.dump(kept, f)
                print(f"  {label:16} {name:5} window: payloads {start}-{start + len(payloads) - 1} of the"
                      f" {len(recorded)} recorded (--window {WINDOW}), versions"
                      f" {payloads[0].get('version') if payloads else '-'}-{payloads[-1].get('version') if payloads else '-'},"
                      f" {sum(1 for m in payloads if m.get('legal_actions'))} with a decision of the seat's"
                      f" ({', '.join(sorted({a['type'] for m in payloads for a in m.get('legal_actions') or []}))})",
                      flush=True)
                if not payloads:
                    continue
            if UNCHANGED and payloads:
                last = payloads[-1]
                payloads = [{**last, "version": last["version"] + 1 + i, "events": []} for i in range(len(payloads))]
                print(f"  {label:16} {name:5} --unchanged: version {last['version']} again, {len(payloads)} times", flush=True)
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")
            global METHOD
            for method in methods:
                METHOD = method
                items = load(page, payloads)
                row = {"game": label, "page": name, "n": len(payloads), "method": method}
                for rate in (1, 4):
                    r = 1 if rate == 1 else slow_rate
                    floor, _ = replay(page, cdp, items[:FLOOR_RUNS], r, feed=False)
                    cpu, layouts = replay(page, cdp, items, r)
                    row[rate] = (statistics.median(cpu), p95(cpu))
                    row[f"floor{rate}"] = statistics.median(floor)
                    if rate == 1:
                        row["layouts"] = statistics.mean(layouts)
                if thread:
                    t = thread_cpu(page, cdp, items)
                    row["thread"] = (statistics.median(t), p95(t))
                    # the harness's own thread time per update (nothing fed: the evaluate, its
                    # frame and its timer), work a TV fed by its socket does not do
                    row["thread_floor"] = statistics.median(thread_cpu(page, cdp, [-1] * FLOOR_RUNS)) if method == "socket" else 0.0
                rows.append(row)
                print(f"  {label:16} {name:5} n={row['n']:3}  1x {row[1][0]:6.1f} / {row[1][1]:6.1f} ms"
                      f"   4x {row[4][0]:6.1f} / {row[4][1]:6.1f} ms   layouts {row['layouts']:.1f}"
                      f"   ({method}; floor {row['floor1']:.1f} / {row['floor4']:.1f} ms)"
                      + (f"   1x thread CPU {row['thread'][0]:.1f} / {row['thread'][1]:.1f} ms"
                         f" (harness {row['thread_floor']:.1f} ms: the update's own"
                         f" {row['thread'][0] - row['thread_floor']:.1f} ms)" if thread else ""), flush=True)
            if TASKS:
                load_frames(page, payloads)
                saved, globals()["METHOD"] = METHOD, "socket"
                for rate in (1, slow_rate):
                    events, thread_id, bounds, durations = harness_trace(page, cdp, list(range(TASKS)), rate)
                    print_tasks(events, thread_id, bounds, f"{label} {name}: the harness (one evaluate per update), rate {rate:g}", durations)
                    fed = own_replay(page, cdp, TASKS, rate)
                    print_tasks(fed["events"], fed["thread_id"], fed["bounds"],
                                f"{label} {name}: own (the page feeds itself), rate {rate:g}; TaskDuration around it {fed['task_duration']:.1f} ms")
                globals()["METHOD"] = saved
            if ORIGINS:
                load_frames(page, payloads)
                print_origins(page, cdp, len(payloads), label, name)
            if own:
                load_frames(page, payloads)
                figs = {rate: own_figures(page, cdp, len(payloads), 1 if rate == 1 else slow_rate) for rate in (1, 4)}
                for row in rows[-len(methods):]:
                    row["own"] = figs
                print(f"      own (the page feeds itself, no harness): 1x {figs[1]['wall'][0]:6.1f} / {figs[1]['wall'][1]:6.1f} ms"
                      f"   4x {figs[4]['wall'][0]:6.1f} / {figs[4]['wall'][1]:6.1f} ms"
                      f"   (1x thread {figs[1]['thread'][0]:.1f} / {figs[1]['thread'][1]:.1f} ms;"
                      f" driver alone {figs[1]['driver']:.2f} / {figs[4]['driver']:.2f} ms;"
                      f" check, the updates' sum vs TaskDuration around the replay:"
                      f" 1x {figs[1]['sum']:.0f} vs {figs[1]['task_duration']:.0f} ms,"
                      f" 4x {figs[4]['sum']:.0f} vs {figs[4]['task_duration']:.0f} ms; untraced"
                      f" {figs[1]['untraced']:.0f} / {figs[4]['untraced']:.0f} ms;"
                      f" tasks per update {figs[1]['tasks']:.1f} / {figs[4]['tasks']:.1f})", flush=True)
                if why4x:
                    k1, c1 = own_kinds(figs[1]["fed"])
                    k4, c4 = own_kinds(figs[4]["fed"])
                    for clock, a, b in (("wall", k1, k4), ("thread", c1, c4)):
                        print(f"      own by kind, {clock} ms/update 1x -> 4x (ratio): " + "  ".join(
                            f"{k} {a[k]:.2f}->{b[k]:.2f} ({b[k] / a[k] if a[k] > 0.005 else float('nan'):.1f}x)" for k in KINDS)
                            + f"  sum {sum(a.values()):.1f}->{sum(b.values()):.1f}", flush=True)
                for f in figs.values():
                    del f["fed"]        # the trace's events: not kept
            if INVALIDATIONS:
                print_invalidations(page, cdp, items)
            if split:
                t = trace_split(traced(page, cdp, items), len(items))
                js = profile_split(page, cdp, items)
                row["trace"], row["js"] = t, js
                print("      1x trace, ms/update: " + "  ".join(f"{k} {t[k]:.1f}" for k in BUCKETS)
                      + f"  (sum {sum(t.values()):.1f})", flush=True)
                print("      1x scripts by part (sampled, forced layouts in their script): "
                      + "  ".join(f"{k} {v:.1f}" for k, v in js.items()), flush=True)
            parts_per_update(page, items)
        tv_ctx.close()
        ph_ctx.close()


# What an update builds (at 1x, after the timed replays, the same payloads again; not timed):
# morph.js's partStats (the parts built and kept as they were) and the elements made (document.createElement and
# createElementNS, and the elements a cloneNode or importNode copies: a part's stand-in is a
# clone of a model since 2026-11-27, a glyph a clone of a cached one), counted around each
# update, per update; with --detail, the parts built most, by id (a seat's or a line's number
# dropped).
PARTS_INSTALL = """async () => {
  const { partStats } = await import("/static/js/morph.js");
  const c = { made: 0, log: [] };
  if ("log" in partStats) partStats.log = c.log;
  const make = [document.createElement, document.createElementNS];
  document.createElement = function (...a) { c.made++; return make[0].apply(this, a); };
  document.createElementNS = function (...a) { c.made++; return make[1].apply(this, a); };
  const copies = (n, deep) => (n && n.nodeType === 1 ? 1 + (deep ? n.getElementsByTagName("*").length : 0) : 0);
  const clone = Node.prototype.cloneNode;
  const importNode = Document.prototype.importNode;
  Node.prototype.cloneNode = function (deep) { const n = clone.call(this, deep); c.made += copies(n, deep); return n; };
  Document.prototype.importNode = function (node, deep) { const n = importNode.call(this, node, deep); c.made += copies(n, deep); return n; };
  // the elements under each root idiomorph maps the ids of (its querySelectorAll("[id]")): the
  // share of the page it morphs
  const query = Element.prototype.querySelectorAll;
  c.mapped = 0;
  Element.prototype.querySelectorAll = function (sel) {
    if (sel === "[id]") c.mapped += this.getElementsByTagName("*").length + 1;
    return query.call(this, sel);
  };
  c.read = () => ({ built: partStats.built, kept: partStats.kept, made: c.made, ids: c.log.splice(0),
                   whole: partStats.whole || 0, units: partStats.units || 0, mapped: c.mapped });
  c.restore = () => { [document.createElement, document.createElementNS] = make; if ("log" in partStats) partStats.log = null;
                      Node.prototype.cloneNode = clone; Document.prototype.importNode = importNode;
                      Element.prototype.querySelectorAll = query; };
  window.__parts = c;
}"""


def part_group(pid):
    """'gt-cw-3' -> 'gt-cw', 'lb-slot-red' -> 'lb-slot'; a page's named part ('lb-part-top') as is."""
    return pid if "-part-" in pid else pid.rsplit("-", 1)[0]


def parts_per_update(page, items):
    page.evaluate(PARTS_INSTALL)
    rows, groups = [], {}
    try:
        last = page.evaluate("() => window.__parts.read()")
        for item in items:
            show(page, item)
            now = page.evaluate("() => window.__parts.read()")
            rows.append({k: now[k] - last[k] for k in ("built", "kept", "made", "whole", "units", "mapped")})
            for pid in now["ids"]:
                groups[part_group(pid)] = groups.get(part_group(pid), 0) + 1
            last = now
    finally:
        page.evaluate("() => window.__parts.restore()")
    n = len(rows) or 1
    line = "  ".join(f"{k} {sum(r[k] for r in rows) / n:.1f} (median {statistics.median(r[k] for r in rows):.0f})"
                     for k in ("built", "kept"))
    print(f"      parts per update: {line};  elements made {sum(r['made'] for r in rows) / n:.0f}"
          f" (median {statistics.median(r['made'] for r in rows):.0f});  pages morphed whole"
          f" {sum(r['whole'] for r in rows)} of {len(rows)}, else subtrees morphed {sum(r['units'] for r in rows) / n:.1f};"
          f"  elements idiomorph mapped the ids under {sum(r['mapped'] for r in rows) / n:.0f}"
          f" (median {statistics.median(r['mapped'] for r in rows):.0f})", flush=True)
    if DETAIL and groups:
        print("      parts built per update, by id: " + ", ".join(
            f"{g} {c / n:.2f}" for g, c in sorted(groups.items(), key=lambda x: -x[1])[:DETAIL]), flush=True)
    return rows


def own_table(rows, cal):
    """The rows again, the harness's figures (old) beside the own ones (new), medians / p95 in ms,
    and each one's 4x / 1x against the calibration loop's."""
    loop = cal["slow"] / cal["base"]
    print(f"CPU per `game` update, median / p95 ms: old = TaskDuration around one evaluate per update"
          f" (harness included), own = the page feeding itself (no harness); 4x/1x of the medians"
          f" (the fixed loop: {loop:.2f}x)")
    print(f"  {'page':22} {'old 1x':>13} {'old 4x':>13} {'own 1x':>13} {'own 4x':>13}"
          f" {'own 1x thread':>14} {'driver 1x/4x':>13} {'old 4x/1x':>9} {'own 4x/1x':>9}")
    for r in rows:
        if "own" not in r:
            continue
        o = r["own"]
        pair = lambda x: f"{x[0]:5.1f} / {x[1]:5.1f}"  # noqa: E731
        print(f"  {r['game'] + ' ' + r['page'] + ('' if r['method'] == 'socket' else ' (' + r['method'] + ')'):22}"
              f" {pair(r[1]):>13} {pair(r[4]):>13} {pair(o[1]['wall']):>13} {pair(o[4]['wall']):>13}"
              f" {pair(o[1]['thread']):>14} {o[1]['driver']:5.2f}/{o[4]['driver']:5.2f}"
              f" {r[4][0] / r[1][0]:8.1f}x {o[4]['wall'][0] / o[1]['wall'][0]:8.1f}x", flush=True)


def after_gc(page, cdp):
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("HeapProfiler.collectGarbage")
    m = metrics(cdp)
    shown = page.evaluate("""() => { let n = 1; const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
      while (w.nextNode()) n++; return n; }""")
    return int(m["Nodes"]), int(m["Nodes"] - shown), int(m["JSEventListeners"])


def rematches(browser, url):
    (tv_ctx, tv, _), (ph_ctx, phone, _) = table_and_phone(browser, url, 2)
    ana = phone.evaluate("() => window.castaways.state.meId")
    request(tv, "start", {"game": "galerapagos", "options": {"window_seconds": 0}})
    phone.locator("#stage > *").first.wait_for()
    request(tv, "bot_replace", {"player": ana})
    cdps = []
    for page in (tv, phone):
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        cdps.append(cdp)
    series = {"TV": [], "phone": []}
    for match in range(1, 5):
        for page in (tv, phone):
            page.wait_for_function("""m => { const g = window.castaways.state.game;
              return Boolean(g && g.over && g.match === m && document.querySelector('#final')); }""", arg=match)
        for name, page, cdp in (("TV", tv, cdps[0]), ("phone", phone, cdps[1])):
            series[name].append(after_gc(page, cdp))
        if match < 4:
            request(tv, "rematch", {})
    for name, values in series.items():
        print(f"  {name:5} nodes {' -> '.join(str(v[0]) for v in values)};"
              f" detached {' -> '.join(str(v[1]) for v in values)};"
              f" listeners {' -> '.join(str(v[2]) for v in values)}", flush=True)
    tv_ctx.close()
    ph_ctx.close()


# "Fast 3G" as issue 24 defines it; bytes per second for CDP.
FAST_3G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
FIRST_LOAD_CPU = 4
# The frame after the join form enters the page: its time since navigation start.
JOIN_FORM_MARK = """(() => {
  const watch = new MutationObserver(() => {
    if (!document.getElementById("join-form")) return;
    watch.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__joinFormAt = performance.now(); }, 0));
  });
  watch.observe(document, { childList: true, subtree: true });
})();"""


def first_load_once(browser, url):
    """One cold load of the join page: (ms to the join form's frame, [(path, start ms, end ms,
    bytes)] of the requests started before it, the CPU slowdown measured in the page)."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    ctx.set_default_timeout(120_000)
    try:
        page = ctx.new_page()
        page.add_init_script(JOIN_FORM_MARK)
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.clearBrowserCache")
        cdp.send("Network.emulateNetworkConditions", FAST_3G)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": FIRST_LOAD_CPU})
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__joinFormAt !== undefined")
        assert page.locator("#join-form").is_visible()
        at = page.evaluate("() => window.__joinFormAt")
        entries = page.evaluate("""() => [
          ...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
          .map(e => [e.name, e.startTime, e.responseEnd, e.transferSize])""")
        loop = page.evaluate("""() => { const t = performance.now(); let x = 0;
          for (let i = 0; i < 3e6; i++) x = (x * 31 + i) % 1000003; return performance.now() - t + x * 0; }""")
        before = [(name.split("/", 3)[-1].split("?")[0], start, end, size)
                  for name, start, end, size in entries if start < at]
        return at, before, loop
    finally:
        ctx.close()


def first_load(browser, url, runs):
    tv_ctx, tv, _ = open_page(browser, url + "/", TV, False)
    tv.locator("#room-code").wait_for()
    code = tv.locator("#room-code").inner_text().strip()
    page_url = f"{url}/j/{code}"
    first_load_once(browser, page_url)       # warms the server (compression cache), not measured
    times, shown = [], None
    for _ in range(runs):
        at, before, loop = first_load_once(browser, page_url)
        times.append(at)
        shown = shown or (before, loop)
    tv_ctx.close()
    before, loop = shown
    fetched = [b for b in before if b[3] > 0]      # not the memory cache's (an image drawn again)
    print(f"  join form drawn: median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms, "
          f"best {min(times):.0f} ms ({runs} cold loads; the fixed loop took {loop:.0f} ms in the page)")
    print(f"  requests before it (first run): {len(fetched)}, "
          f"{sum(b[3] for b in fetched) / 1024:.1f} KB transferred (plus the socket):")
    for path, start, end, size in sorted(before, key=lambda b: b[1]):
        print(f"    {start:6.0f} -> {end:6.0f} ms {size / 1024:6.1f} KB  /{path[-60:]}"
              f"{'' if size else '  (cached)'}")
    return times


def print_load():
    """The machine's load average, printed beside the figures it colours (a shared 2-core box)."""
    try:
        print(f"load average: {os.getloadavg()[0]:.1f}")
    except OSError:
        pass


def main():
    global DETAIL, OWN_GAP_MS, TASKS, ORIGINS, WINDOW, WINDOW_FILE, INVALIDATIONS, UNCHANGED, EXTRA_CSS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-rematches", action="store_true", help="skip the rematch series")
    parser.add_argument("--games", default="", help="only the rows whose label contains this (e.g. Lifeboat 6p)")
    parser.add_argument("--first-load", action="store_true", help="only the phone's first load")
    parser.add_argument("--runs", type=int, default=9, help="cold loads of the join page (default 9)")
    parser.add_argument("--no-first-load", action="store_true", help="skip the phone's first load")
    parser.add_argument("--split", action="store_true",
                        help="also where each page's update time goes (a trace and a JS profile at 1x)")
    parser.add_argument("--detail", type=int, default=0, metavar="N",
                        help="with --split: the N largest trace events and JS functions behind it")
    parser.add_argument("--invalidations", type=int, default=0, metavar="N",
                        help="what each update invalidates (layout, style): the N most frequent nodes and reasons")
    parser.add_argument("--unchanged", action="store_true",
                        help="replay each row's last payload as new updates that change nothing: the floor of an update")
    parser.add_argument("--css", default="", metavar="RULES",
                        help="a style sheet added to both pages before timing (what a CSS change would save)")
    parser.add_argument("--method", choices=("socket", "evaluate", "both"), default="socket",
                        help="how an update reaches the page (see METHOD; default socket)")
    parser.add_argument("--correct-rate", action="store_true",
                        help="correct the CDP rate until the fixed loop is 4 times slower (default: rate 4)")
    parser.add_argument("--no-thread", action="store_true",
                        help="skip the 1x thread CPU (a traced replay per row)")
    parser.add_argument("--pages", default="", help="only this page: TV or phone")
    parser.add_argument("--no-own", action="store_true",
                        help="skip the own columns (the page feeding itself under a trace, no harness)")
    parser.add_argument("--own-gap", type=int, default=OWN_GAP_MS, metavar="MS",
                        help=f"the own driver's idle gap after each update's frame (default {OWN_GAP_MS})")
    parser.add_argument("--tasks", type=int, default=0, metavar="N",
                        help="print the first N updates' main-thread tasks, one by one, under the harness and the own driver, at 1x and 4x")
    parser.add_argument("--origins", action="store_true",
                        help="each page's tasks per update by the code that posted them (1x, fed and the driver alone)")
    parser.add_argument("--why4x", action="store_true",
                        help="with the own columns: their wall and thread time by kind at 1x and 4x")
    parser.add_argument("--window", default=None, metavar="N|turn|vote",
                        help="replay 40 later updates: skip the first N, or from the first turn after the set-up, or the first vote")
    parser.add_argument("--window-file", default=None, metavar="FILE",
                        help="with --window: keep the windows replayed in FILE, or replay those it holds (a before and an after on the same updates)")
    args = parser.parse_args()
    WINDOW_FILE = args.window_file
    if args.window is not None:
        WINDOW = int(args.window) if args.window.isdigit() else args.window
        if WINDOW not in WINDOW_STARTS and not isinstance(WINDOW, int):
            parser.error("--window: a number, turn or vote")
    DETAIL = args.detail
    INVALIDATIONS = args.invalidations
    UNCHANGED = args.unchanged
    EXTRA_CSS = args.css
    TASKS = args.tasks
    ORIGINS = args.origins
    OWN_GAP_MS = args.own_gap
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as data, \
            own_server(data, "--seed", "5", "--bot-delay", "0.1") as url:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                page = browser.new_page()
                cdp = page.context.new_cdp_session(page)
                cal = calibrate(page, cdp, correct=args.correct_rate)
                page.close()
                print(f"calibration: a fixed loop {cal['base']:.0f} ms at 1x, {cal['slow']:.0f} ms at CDP rate "
                      f"{cal['rate']:.2f} ({cal['slow'] / cal['base']:.2f}x slower): \"4x\" below is that rate")
                print_load()
                if not args.no_first_load:
                    print(f"The phone's first load: Fast 3G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), "
                          f"{FIRST_LOAD_CPU}x CPU, cold cache:")
                    first_load(browser, url, args.runs)
                if args.first_load:
                    return
                print("CPU per `game` update, call to frame, median / p95; layouts per update (1x):")
                methods = ("evaluate", "socket") if args.method == "both" else (args.method,)
                rows = []
                per_update(browser, url, rows, args.games, cal["rate"], args.split, methods,
                           tuple(x for x in args.pages.split(",") if x), not args.no_thread,
                           not args.no_own, args.why4x)
                if not args.no_own:
                    own_table(rows, cal)
                if not args.no_rematches:
                    print("Galèrapagos 3p, four games (three rematches), after a forced GC at each end:")
                    rematches(browser, url)
            finally:
                browser.close()


if __name__ == "__main__":
    main()
