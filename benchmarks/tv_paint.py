"""What the TV or a phone draws for a `game` update (issue 24, the drawing side): prints figures.

benchmarks/pages.py times a whole update; this script says what the browser drew for it and why,
on the TV page (default) or a phone's (`--page phone`). The same set-up as pages.py (a real
server, a TV at 1280x720 and Ana's phone at 390x844 whose seat a bot plays; for the phone she
takes it back, so her decisions are drawn), the page's own `game` payloads replayed one at a
time at 1x, its socket closed, the other page closed); the replay is traced with DevTools' invalidation tracking, and per game it prints, per update
(means):
  - style: UpdateLayoutTree ms and the elements it restyled;
  - layout: Layout ms and the objects laid out (of the page's total);
  - prepaint, paint, layerize, commit: ms each (thread CPU time, not wall time; paint: the
    frame's Paint event, which holds its layers'); the paint layers re-recorded (see describe());
  - frames: the frames committed per update, those that painted, and the pre-paint passes. A
    frame whose layout a ResizeObserver watches (fit.js afterLayout: the Lifeboats and
    Galèrapagos TVs) runs pre-paint twice, its observers' callbacks between (Blink re-runs the
    lifecycle after delivering them): one frame, one paint, the second pass 0.01 ms. Counted as
    frames, the passes read "2.0 frames" per update (the Lifeboats TV, issue 24), which was
    never a second frame;
  - the idle page: frames that painted (and their paint ms) in `--idle` seconds after a few of
    the updates with nothing fed (a running animation that is not compositor-only paints on
    every frame; one that is paints nothing);
  - --top N: the nodes most often invalidated (style, layout, paint) and why;
  - --layers: the composited layers after each update (CDP LayerTree, an untimed replay);
  - --paints N: the elements whose layers are re-recorded most often, each with its cull rect;
  - --props: what the frame's pre-paint and layerize walk, counted in the page after each update
    (an untimed replay): the elements that make a paint property node or split the paint into
    chunks (a clip from overflow or paint containment, a transform, an opacity under 1, a filter,
    will-change, a clip-path) and the running animations. Pre-paint and layerize grow with these,
    not with what an update changed;
  - --frames N: the first N updates' frames event by event (style, layout, the hover hit test
    and its pointer events, rAF callbacks, pre-paint passes, paint, layerize, commit, timers);
  - --css CSS: added to the page before anything is measured (the layers or props of a change);
  - --same CSS: a change that should keep the pixels, checked on the replayed payloads (each
    update's viewport and full-page screenshots as is and with it).

    .venv/bin/python benchmarks/tv_paint.py [--games LABEL] [--page TV|phone] [--updates N] [--idle S]
                                            [--top N] [--size WxH] [--layers] [--paints N] [--props]
                                            [--variant CSS ...] [--rounds N] [--frames N] [--css CSS]
                                            [--same CSS]

Figures depend on the machine and its load: compare a before and an after from one sitting.
"""
import argparse
import os
import statistics
import sys
import tempfile
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
import pages  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, own_server  # noqa: E402
from tests.browser.helpers import stamps, trace  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.invalidationTracking", "blink.user_timing"]
LEAN = [c for c in CATEGORIES if "invalidationTracking" not in c]
PHASES = {"UpdateLayoutTree": "style", "Layout": "layout", "PrePaint": "prepaint", "Paint": "paint",
          "Layerize": "layerize", "Commit": "commit"}
TRACKING = {"StyleRecalcInvalidationTracking": "style", "StyleInvalidatorInvalidationTracking": "style",
            "ScheduleStyleInvalidationTracking": "style", "LayoutInvalidationTracking": "layout",
            "PaintInvalidationTracking": "paint"}


def traced(page, cdp, run, extra=(), base=None):
    """The trace of run() on the page (CATEGORIES, or `base`, and `extra`), ended by a
    'bench-end' mark."""
    def then_end():
        run()
        page.evaluate("() => console.timeStamp('bench-end')")
    return trace(page, then_end, (base or CATEGORIES) + list(extra), cdp)


def mark(page, name):
    page.evaluate("n => console.timeStamp(n)", name)


def windows(events, prefix):
    """[(start, end)] between consecutive marks named prefix* (a window also ends at a mark named
    "end", and the last at bench-end), and the main thread's (pid, tid)."""
    ours = [m for m in stamps(events) if m[1].startswith(prefix) or m[1] in ("bench-end", "end")]
    thread = (ours[0][2], ours[0][3])
    spans = [(a[0], b[0]) for a, b in zip(ours, ours[1:]) if a[1].startswith(prefix)]
    return spans, thread


def cull(clip):
    """(w, h) of a Paint event's clip, in px of its layer's own space (None: unbounded)."""
    if not clip or len(clip) < 8:
        return None
    xs, ys = clip[0::2], clip[1::2]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    return None if w > 1e6 or h > 1e6 else (round(w), round(h))


# Paint events (Chromium, CompositeAfterPaint): one per frame that paints, for the document,
# with the layers re-recorded NESTED in it, each its own Paint event. Their `clip` is the
# layer's cull rect in its own space (unbounded for a layer that clips nothing), not the area
# invalidated: summing clips as screen area counted the frame's event as 100% of the screen on
# every update and each layer at its unscaled size; summing their ms counted each layer's
# painting twice (in its event and in the frame's). So: paint ms = the outermost Paint events
# only; "layers re-recorded" = the nested ones.
def describe(events, spans, thread, viewport):
    """Per window: ms by phase, restyled elements, laid-out objects, frames and layers painted."""
    rows = [dict(style=0.0, layout=0.0, prepaint=0.0, paint=0.0, layerize=0.0, commit=0.0,
                 elements=0, dirty=0, total=0, paints=0, frames=0, painted=0, passes=0, layers=Counter(), nodes=Counter())
            for _ in spans]
    why = Counter()
    starts = [s for s, _ in spans]
    import bisect
    painting = -1       # the end of the outermost Paint event open
    for e in sorted((e for e in events if (e.get("pid"), e.get("tid")) == thread), key=lambda e: (e.get("ts", 0), -e.get("dur", 0))):
        k = bisect.bisect_right(starts, e.get("ts", 0)) - 1
        if k < 0 or e["ts"] > spans[k][1]:
            continue
        name = e.get("name")
        args = e.get("args", {})
        row = rows[k]
        if e.get("ph") == "X" and name in PHASES:
            # the thread's own CPU time (tdur), not wall time: the machine is shared
            took = e.get("tdur", e.get("dur", 0)) / 1000.0
            if name == "UpdateLayoutTree":
                row["elements"] += int(args.get("elementCount", 0) or 0)
            elif name == "Layout":
                begin = args.get("beginData", {})
                row["dirty"] += int(begin.get("dirtyObjects", 0) or 0)
                row["total"] = max(row["total"], int(begin.get("totalObjects", 0) or 0))
            elif name == "Paint":
                data = args.get("data", {})
                if e["ts"] < painting:
                    # a layer re-recorded inside the frame's paint: its time is the frame's
                    took = 0.0
                    row["paints"] += 1
                    row["layers"][data.get("layerId")] += 1
                    row["nodes"][(data.get("nodeId"), cull(data.get("clip")))] += 1
                else:
                    painting = e["ts"] + e.get("dur", 0)
                    row["painted"] += 1
            elif name == "PrePaint":
                row["passes"] += 1
            elif name == "Commit":
                row["frames"] += 1
            row[PHASES[name]] += took
        elif name in TRACKING:
            data = args.get("data", {})
            node = (data.get("nodeName") or "?")[:60]
            reason = data.get("reason") or data.get("invalidatedSelectorId") or ""
            why[(TRACKING[name], node, str(reason)[:50])] += 1
    return rows, why


# What each frame of an update window was for (--frames N): the main thread's events that start
# a frame or a task that may ask for one, in order, from the window's mark.
FRAME_EVENTS = {"BeginMainFrame", "FireAnimationFrame", "TimerFire", "FunctionCall", "EventDispatch", "UpdateLayoutTree",
                "Layout", "PrePaint", "Paint", "Layerize", "Commit", "IntersectionObserverController::computeIntersections",
                "ComputeIntersections", "ScrollLayer", "HitTest", "ResizeObserverController::gatherObservations"}


def frame_lines(events, spans, thread, title="update"):
    for k, (a, b) in enumerate(spans):
        out, painting = [], -1
        for e in sorted((e for e in events if (e.get("pid"), e.get("tid")) == thread and a <= e.get("ts", 0) <= b
                         and e.get("ph") == "X" and e.get("name") in FRAME_EVENTS),
                        key=lambda e: (e["ts"], -e.get("dur", 0))):
            if e["name"] == "Paint":
                if e["ts"] < painting:
                    continue
                painting = e["ts"] + e.get("dur", 0)
            data = e.get("args", {}).get("data", {}) or {}
            what = data.get("type") or data.get("functionName") or (data.get("url") or "").rsplit("/", 1)[-1]
            out.append(f"{(e['ts'] - a) / 1000:.1f} {e['name']}{'(' + str(what)[:30] + ')' if what else ''}"
                       f" {e.get('tdur', e.get('dur', 0)) / 1000:.2f}")
        print(f"      {title} {k}: " + ", ".join(out))


def mean(rows, key):
    return statistics.mean(r[key] for r in rows) if rows else 0.0


def run_game(browser, url, label, game, players, options, args, viewport):
    (tv_ctx, tv, tv_frames), (ph_ctx, phone, ph_frames) = pages.table_and_phone(browser, url, players - 1)
    try:
        tv.set_viewport_size({"width": viewport[0], "height": viewport[1]} if args.page == "TV" else pages.TV)
        tv.wait_for_function("n => window.castaways.state.room.players.length === n", arg=players)
        ana = phone.evaluate("() => window.castaways.state.meId")
        pages.request(tv, "start", {"game": game, "options": options})
        phone.locator("#stage > *").first.wait_for()
        pages.request(tv, "bot_replace", {"player": ana})
        tv.wait_for_function("""n => { const g = window.castaways.state.game;
          return g && (g.over || g.version >= n); }""", arg=args.updates + 5)
        if args.page == "phone":
            # as pages.py: Ana takes her seat back, so the phone drawn is a player's (her
            # decisions shown), not the greyed, inert page of a seat a bot plays
            pages.request(phone, "take_back", {})
            phone.wait_for_function("() => !document.getElementById('stage').classList.contains('locked')")
            phone.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        for page in (tv, phone):
            page.evaluate("() => window.castaways.net.close()")
            page.add_style_tag(content=".conn { display: none !important; }")
        pages.end_reveals(tv)      # as pages.py: no reveal left over the replays
        if args.page == "phone":
            page, frames, other = phone, ph_frames, tv_ctx
        else:
            page, frames, other = tv, tv_frames, ph_ctx
        other.close()
        payloads = [{**m, "deadline": None} for m in pages.game_payloads(frames)][:args.updates]
        for css in args.css:
            page.add_style_tag(content=css)
        cdp = page.context.new_cdp_session(page)
        items = pages.load(page, payloads)
        tv = page       # the page measured, below

        def replay():
            for i, item in enumerate(items):
                mark(tv, f"u{i}")
                pages.show(tv, item)
        if args.same:
            return same_pixels(tv, items, args.same, label)
        if args.variant:
            return compare(tv, cdp, items, replay, args.variant, args.rounds, label, viewport)
        if args.layers:
            layer_counts(tv, cdp, items, label, verbose=args.top > 0)
        if args.props:
            prop_counts(tv, items, label, verbose=args.top)
        events = traced(tv, cdp, replay, [c for c in args.categories.split(",") if c])
        if args.names:
            names = Counter()
            for e in events:
                if e.get("ph") == "X" and e.get("dur"):
                    names[e["name"]] += e["dur"] / 1000.0
            print("      events by total ms: " + ", ".join(f"{k} {v:.1f}" for k, v in names.most_common(args.names)))
        spans, thread = windows(events, "u")
        rows, why = describe(events, spans, thread, viewport)
        n = len(rows)
        if args.frames:
            frame_lines(events, spans[:args.frames], thread)
        layers = Counter()
        for r in rows:
            layers.update(r["layers"])
        print(f"  {label:16} {args.page} {viewport[0]}x{viewport[1]} n={n}: ms/update style {mean(rows, 'style'):.2f}"
              f" ({mean(rows, 'elements'):.0f} elements)  layout {mean(rows, 'layout'):.2f}"
              f" ({mean(rows, 'dirty'):.0f} of {mean(rows, 'total'):.0f} objects)  prepaint {mean(rows, 'prepaint'):.2f}"
              f"  paint {mean(rows, 'paint'):.2f}  layerize {mean(rows, 'layerize'):.2f}  commit {mean(rows, 'commit'):.2f}"
              f"  | {mean(rows, 'paints'):.1f} layers re-recorded, {mean(rows, 'frames'):.1f} frames"
              f" ({mean(rows, 'painted'):.1f} painting, {mean(rows, 'passes'):.1f} pre-paint passes)", flush=True)
        if args.top:
            print(f"      layers re-recorded, by composited layer (per update): "
                  + ", ".join(f"{lid}: {c / n:.1f}" for lid, c in layers.most_common(6)))
            for (kind, node, reason), c in why.most_common(args.top):
                print(f"      {c / n:6.1f}/update  {kind:6} {node}  {reason}")
        if args.paints:
            # which element each layer re-recorded is (the trace's nodeId is the DOM's backend
            # node id), and its cull rect (layer px; "unbounded" for a layer that clips nothing)
            nodes = Counter()
            for r in rows:
                nodes.update(r["nodes"])
            cdp.send("DOM.getDocument", {"depth": 0})
            print("      layers re-recorded per update, by element (cull rect):")
            for (nid, rect), c in nodes.most_common(args.paints):
                size = f"{rect[0]}x{rect[1]}" if rect else "unbounded"
                print(f"      {c / n:5.2f}/update  {size:>10}  {node_name(cdp, nid)}")
        if args.idle > 0:
            def idle():
                for i in sorted({n // 4, n // 2, 3 * n // 4, n - 1}):
                    pages.show(tv, items[i])
                    mark(tv, f"i{i}")
                    tv.wait_for_timeout(args.idle * 1000)
                    # (the window ends here: it held the next update's frame, counted as the
                    # idle page's, one painting frame and 8-16 layers after each update)
                    mark(tv, "end")
            events = traced(tv, cdp, idle)
            spans, thread = windows(events, "i")
            rows, why = describe(events, spans, thread, viewport)
            if args.frames:
                frame_lines(events, spans[:args.frames], thread, "idle after update")
            print(f"      idle, {args.idle:.1f} s after {len(rows)} updates: frames that painted "
                  + ", ".join(f"{r['painted']} ({r['prepaint'] + r['paint'] + r['layerize'] + r['commit']:.1f} ms,"
                              f" {r['paints']} layers re-recorded)" for r in rows), flush=True)
            if args.top:
                for (kind, node, reason), c in why.most_common(min(args.top, 6)):
                    print(f"      idle {c:5d}  {kind:6} {node}  {reason}")
            if args.paints:
                nodes = Counter()
                for r in rows:
                    nodes.update(r["nodes"])
                for (nid, rect), c in nodes.most_common(args.paints):
                    print(f"      idle {c:5d}  {f'{rect[0]}x{rect[1]}' if rect else 'unbounded':>10}  {node_name(cdp, nid)}")
    finally:
        tv_ctx.close()
        ph_ctx.close()


def layer_counts(tv, cdp, items, label, verbose=False):
    """The composited layers after each update (CDP LayerTree: every layer, and those that draw
    content); not timed (the LayerTree domain reports the tree on every commit)."""
    trees = []
    cdp.on("LayerTree.layerTreeDidChange", lambda p: trees.append(p.get("layers") or []))
    cdp.send("LayerTree.enable")
    counts = []
    try:
        for item in items:
            pages.show(tv, item)
            tv.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            if trees:
                counts.append(trees[-1])
    finally:
        cdp.send("LayerTree.disable")
    if not counts:
        return
    total = [len(t) for t in counts]
    drawing = [sum(1 for x in t if x.get("drawsContent")) for t in counts]
    print(f"      layers per update: {statistics.median(total):.0f} (median; {min(total)}-{max(total)}),"
          f" drawing content {statistics.median(drawing):.0f} ({min(drawing)}-{max(drawing)})", flush=True)
    if verbose:
        cdp.send("DOM.getDocument", {"depth": 0})
        # a typical layer tree (of the median count) and the largest one seen, each layer by
        # the element it is for (when it has one)
        typical = next(t for t in counts if len(t) == round(statistics.median(total)))
        for tree, title in ((typical, "typical"), (max(counts, key=len), "largest")):
            print(f"        {title}:")
            layer_names(cdp, tree)


# What each element of the page adds to the paint property trees or the paint layers (and so to
# every frame's pre-paint, paint and layerize, whatever changed): counted from its computed style.
PROPS = """() => {
  const out = {elements: 0, positioned: 0, clip: 0, contain_paint: 0, opacity: 0, transform: 0, filter: 0, will_change: 0,
               clip_path: 0, ellipsis: 0, animations: 0, by: {}};
  const stage = document.body;     // the whole page: the frame walks the header too
  const add = (key, el) => {
    out[key] += 1;
    const name = key + " " + el.localName + "." + String(el.className.baseVal ?? el.className).split(" ")[0];
    out.by[name] = (out.by[name] || 0) + 1;
  };
  for (const el of stage.querySelectorAll("*")) {
    if (!el.getClientRects().length) continue;      // not drawn (display: none, or inside one)
    out.elements += 1;
    const cs = getComputedStyle(el);
    const contain = cs.contain;
    const paints = /paint|strict|content/.test(contain);
    // a positioned box is a paint layer of its own (painted apart, cached apart, its own chunks)
    if (cs.position !== "static") add("positioned", el);
    if (paints) add("contain_paint", el);
    else if ((cs.overflowX !== "visible" || cs.overflowY !== "visible") && cs.display !== "inline" && cs.display !== "contents") add("clip", el);
    if (Number(cs.opacity) < 1) add("opacity", el);
    if (cs.transform !== "none") add("transform", el);
    if (cs.filter !== "none" || cs.backdropFilter !== "none") add("filter", el);
    if (cs.willChange !== "auto") add("will_change", el);
    if (cs.clipPath !== "none") add("clip_path", el);
    if (cs.textOverflow === "ellipsis") add("ellipsis", el);
  }
  out.animations = document.getAnimations().filter((a) => a.playState === "running").length;
  return out;
}"""
PROP_KEYS = ("elements", "positioned", "clip", "contain_paint", "opacity", "transform", "filter", "will_change", "clip_path",
             "ellipsis", "animations")


def prop_counts(tv, items, label, verbose=0):
    """Per update (medians over the replay): the drawn elements and those that make a paint
    property node (see PROPS); verbose: the N most frequent kinds of element behind them."""
    rows, by = [], Counter()
    for item in items:
        pages.show(tv, item)
        r = tv.evaluate(PROPS)
        by.update(r.pop("by"))
        rows.append(r)
    print("      per update (median): " + ", ".join(
        f"{k.replace('_', ' ')} {statistics.median(r[k] for r in rows):.0f}" for k in PROP_KEYS), flush=True)
    for name, c in by.most_common(verbose or 12):
        print(f"        {c / len(rows):5.1f}/update  {name}")


def node_name(cdp, backend):
    """tag.class#id of the element with that backend node id ('?' when gone)."""
    if not backend:
        return "(no node)"
    try:
        d = cdp.send("DOM.describeNode", {"backendNodeId": backend})["node"]
    except Exception:   # noqa: BLE001 (a node gone since)
        return "?"
    at = dict(zip(d.get("attributes", [])[0::2], d.get("attributes", [])[1::2]))
    tag = d.get("localName") or d.get("nodeName")
    return f"{tag}.{at.get('class', '')}{'#' + at['id'] if at.get('id') else ''}"[:80]


def layer_names(cdp, tree):
    names = Counter()
    for x in tree:
        node = ""
        if x.get("backendNodeId"):
            try:
                d = cdp.send("DOM.describeNode", {"backendNodeId": x["backendNodeId"]})["node"]
                at = dict(zip(d.get("attributes", [])[0::2], d.get("attributes", [])[1::2]))
                node = f"{d.get('localName') or d.get('nodeName')}.{at.get('class', '')}"[:60]
            except Exception:   # noqa: BLE001 (a node gone since)
                node = "?"
        names[(node, bool(x.get("drawsContent")), round(x.get("width", 0)), round(x.get("height", 0)))] += 1
    for (node, draws, w, hgt), c in names.most_common(20):
        print(f"          {c} x {node or '(no element)'} {w}x{hgt}{' draws' if draws else ''}")


def same_pixels(page, items, css, label, tries=4):
    """After each update, the page's screenshots (the viewport, scrolled to the top, and the full
    page) as it is and with `css` added, in turns: a CSS change that should keep the pixels,
    checked on the game's own payloads. The page as it is does not always give the same bytes
    twice (the glyph images' edges come out a shade apart from one shot to the next), so an
    update counts as the same when a shot with the CSS equals one of the page as it is."""
    page.evaluate("() => document.head.appendChild(Object.assign(document.createElement('style'), {id: 'bench-same'}))")
    differ, unsteady = [], 0

    def shoot(rule):
        page.evaluate("css => { document.getElementById('bench-same').textContent = css; }", rule)
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return (page.screenshot(animations="disabled"), page.screenshot(animations="disabled", full_page=True))
    for i, item in enumerate(items):
        pages.show(page, item)
        seen, same = set(), False
        for _ in range(tries):
            seen.add(shoot(""))
            if shoot(css) in seen:
                same = True
                break
        page.evaluate("() => { document.getElementById('bench-same').textContent = ''; }")
        unsteady += len(seen) > 1
        if not same:
            differ.append(i)
            if os.environ.get("BENCH_SAME_DUMP"):
                for k, (v, f) in enumerate([next(iter(seen)), shoot(css)]):
                    open(os.path.join(os.environ["BENCH_SAME_DUMP"], f"{i}-{k}-v.png"), "wb").write(v)
                    open(os.path.join(os.environ["BENCH_SAME_DUMP"], f"{i}-{k}-f.png"), "wb").write(f)
    print(f"  {label:16} {len(items)} updates: {len(items) - len(differ)} the same pixels (viewport and full page) with"
          f" [{css[:80]}]" + (f"; differ after updates {differ}" if differ else "")
          + f" (the page as it is gave different bytes from one shot to the next after {unsteady})", flush=True)


KEYS = ("style", "layout", "prepaint", "paint", "layerize", "commit")


def compare(tv, cdp, items, replay, variants, rounds, label, viewport):
    """The same replay with each variant's CSS added (none first: the page as it is), in turns,
    `rounds` times: the median of each round's means, per variant (same payloads, same sitting)."""
    tv.evaluate("() => document.head.appendChild(Object.assign(document.createElement('style'), {id: 'bench-variant'}))")
    runs = {v: [] for v in ["as is"] + variants}
    # timed without invalidation tracking (it costs more than what it watches); the restyled
    # elements and laid-out objects come from the plain timeline events
    # each round starts one variant further on: the first replay of a round came out 10-20%
    # slower whatever its CSS (a page as is, always first, looked slower than the same page
    # under a variant that changes nothing in the board)
    order = list(runs)
    for r in range(rounds):
        for v in order[r % len(order):] + order[:r % len(order)]:
            tv.evaluate("css => { document.getElementById('bench-variant').textContent = css; }", "" if v == "as is" else v)
            pages.show(tv, items[-1])
            events = traced(tv, cdp, replay, base=LEAN)
            spans, thread = windows(events, "u")
            rows, _ = describe(events, spans, thread, viewport)
            runs[v].append({k: mean(rows, k) for k in KEYS + ("elements", "dirty")})
    for v, rs in runs.items():
        med = {k: statistics.median(r[k] for r in rs) for k in rs[0]}
        total = sum(med[k] for k in KEYS)
        print(f"  {label:16} {total:5.2f} ms  " + "  ".join(f"{k} {med[k]:.2f}" for k in KEYS)
              + f"  ({med['elements']:.0f} el, {med['dirty']:.0f} obj)  [{v[:90]}]", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="", help="only the rows whose label contains this (e.g. Lifeboat 6p)")
    parser.add_argument("--updates", type=int, default=pages.UPDATES, help="updates replayed per game")
    parser.add_argument("--idle", type=float, default=1.0, help="seconds of idle page traced after 4 updates (0: none)")
    parser.add_argument("--top", type=int, default=0, help="the N nodes most often invalidated, and why")
    parser.add_argument("--categories", default="", help="more trace categories (comma-separated), e.g. blink")
    parser.add_argument("--names", type=int, default=0, help="the N trace events with the most total ms (all threads)")
    parser.add_argument("--variant", action="append", default=[],
                        help="CSS added to the page for a variant replayed in turn with the page as it is (repeatable)")
    parser.add_argument("--css", action="append", default=[],
                        help="CSS added to the page before anything is measured (repeatable): --layers, --props, --paints of a change")
    parser.add_argument("--same", default="", help="CSS that should keep the pixels: each update's screenshots as is and with it added, compared")
    parser.add_argument("--rounds", type=int, default=3, help="turns of the variants (--variant)")
    parser.add_argument("--page", default="TV", choices=("TV", "phone"), help="the page measured: the TV, or Ana's phone (her seat taken back from the bot)")
    parser.add_argument("--size", default="", help="the page's viewport (default: the TV 1280x720, the phone 390x844, as pages.py)")
    parser.add_argument("--paints", type=int, default=0, help="the N elements whose paint layers are re-recorded most often, with their cull rects")
    parser.add_argument("--frames", type=int, default=0, help="the first N updates' frames, event by event (what each frame was for)")
    parser.add_argument("--layers", action="store_true", help="the composited layers per update (an untimed replay)")
    parser.add_argument("--props", action="store_true", help="the elements that make paint property nodes, per update (an untimed replay)")
    args = parser.parse_args()
    size = args.size or ("390x844" if args.page == "phone" else "1280x720")
    viewport = tuple(int(x) for x in size.lower().split("x"))
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as data, own_server(data, "--seed", "5", "--bot-delay", "0.1") as url:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                pages.print_load()
                for label, game, players, options in pages.GAMES:
                    if args.games and args.games not in label:
                        continue
                    run_game(browser, url, label, game, players, options, args, viewport)
            finally:
                browser.close()


if __name__ == "__main__":
    main()
