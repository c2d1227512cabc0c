"""The shared update path (morph.js, dom.js) A/B'd on its own, in one browser (issue 24).

Every game page's update runs through morph.js (showPage, pageParts) and dom.js (h()), so a cut
there counts for every page; but a whole-page benchmark on this shared machine moves more with
the load than such a cut. Here the same recorded payloads are fed, in alternated rounds, to two
tabs of the same page that differ only in those modules: "base", whose /static/js/morph.js and
dom.js (--files) are served from a git ref (--base, default main), and "tree", the page as this
tree serves it. Both tabs are screens of the same room (a second TV, Ana's phone in a second
tab: the server sends each the game at once), their sockets closed before the replay.

Per update (the page feeds itself, as pages.py's "own" driver: mark, JSON.parse, the socket's
`game` handler, the frame, an idle gap), under a DevTools trace at 1x, the main thread's
THREAD time (not wall time: another process holding the core does not count):
  - script: the task that handled the update (the parse, the handler, the module, the morph and
    the layouts it forces), what morph.js and dom.js can change;
  - update: every task of the update (the script, its frame's style, layout and paint, GC).
Printed per page: each variant's median over every round's updates (the first update of each
round, a jump back from the last payload to the first, left out), each round's median (the
spread), and the median of the paired differences (the same update, same round, tree minus
base). After each pair of replays both tabs' stages must hold the same page (outerHTML):
a variant that draws another page is reported.

    python benchmarks/morph_ab.py                         # every game, TV and phone, 5 rounds
    python benchmarks/morph_ab.py --games "Lifeboats 5p" --pages phone --rounds 7
    python benchmarks/morph_ab.py --base HEAD~1           # this commit against the one before
    python benchmarks/morph_ab.py --swap vendor/idiomorph/idiomorph.esm.js=/tmp/patched.js
                                                          # the tree tab gets a patched file

Compare figures from one run only; each run prints its load average. AB_TIMES=1 prints when each
step ends (to stderr).

What it showed (2026-11-27, load 12-28, main 1c06e76 against itself): the paired medians of
identical code were within +-0.1 ms (script) and +-0.4 ms (update) over 5 rounds; each round's
script median moved by 0.1-0.3 ms. The tabs must be fresh (the recording tab, after a lobby and
a game, drew the same updates 0.8 ms slower in one run) and in front when replayed (a hidden tab gets
no frame and slowed timers: 40 s a replay).

morphrun (2026-11-27, morph.js puts a run of children inserted or removed in without idiomorph,
against main): idiomorph subtrees per update 2.15 -> 0.05 (Lifeboats 5p TV), 0.35 -> 0.07 (its
phone); --loop 5 --rounds 3 at load 7-9: script -10.6% (Lifeboats TV), -13.7% (its phone), -20%
(Galerapagos 12p TV), -25% (its phone). At load 17-19 the same --loop gave +107% and +12% for the
Lifeboats tabs: read --loop on a quiet machine only.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

T0 = time.time()


def stamp(what):
    if os.environ.get("AB_TIMES"):
        print(f"      [{time.time() - T0:6.1f} s] {what}", file=sys.stderr, flush=True)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pages  # noqa: E402  (benchmarks/pages.py: the server, the games, the driver)
from pages import (CHROMIUM, ARGS, GAMES, UPDATES, OWN_DRIVER, ROOT, game_payloads,  # noqa: E402
                   load_frames, own_server, request, table_and_phone, trace, stamps, p95)

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]
GAP_MS = 30
PROFILE = 0         # --profile N


def base_files(ref, files):
    """{url path under /static/: the file's text at `ref`}"""
    return {f: subprocess.run(["git", "-C", ROOT, "show", f"{ref}:server/static/{f}"], check=True,
                              capture_output=True, text=True).stdout for f in files}


def serve(page, files):
    """`page` gets `files` ({path under /static/: text}) instead of the server's (versioned URLs too)."""
    def handler(text):
        return lambda route: route.fulfill(status=200, body=text, headers={
            "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store"})
    for path, text in files.items():
        page.route(f"**/static/{path}", handler(text))


def second_tab(ctx, url, files):
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    if files:
        serve(page, files)
    page.goto(url)
    return page


def replay(page, cdp, n):
    """One traced replay of the page's n payloads: ([script ms], [update ms]) thread time per update."""
    # two tabs of a context: the one behind is hidden (no frames, timers slowed)
    page.bring_to_front()
    if page.evaluate("() => document.visibilityState") != "visible":
        raise RuntimeError("the tab to replay is hidden")

    def run():
        page.evaluate(OWN_DRIVER, [n, True, GAP_MS])
    events = trace(page, run, CATEGORIES, cdp)
    marks = [m for m in stamps(events, "own-") if m[1] in ("own-update", "own-end")]
    if len(marks) != n + 1:
        raise RuntimeError(f"replay: {len(marks)} marks for {n} updates")
    thread, bounds = tuple(marks[0][2:4]), [m[0] for m in marks]
    tasks = sorted((e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == thread
                    and e.get("dur") is not None), key=lambda e: (e["ts"], -e["dur"]))
    outer, end = [], None
    for e in tasks:
        if end is not None and e["ts"] < end:
            continue
        end = e["ts"] + e["dur"]
        outer.append(e)
    script, update = [], []
    for k in range(n):
        lo, hi = bounds[k], bounds[k + 1]
        own = [e for e in outer if e["ts"] <= lo < e["ts"] + e["dur"]]
        script.append(sum(e.get("tdur", e["dur"]) for e in own) / 1000.0)
        update.append(sum(e.get("tdur", e["dur"]) for e in outer
                          if lo < e["ts"] + e["dur"] <= hi or e in own) / 1000.0)
    return script, update


def profile(page, n, replays, top):
    """The V8 sampling profile of `replays` replays of `page` (untimed): self ms per update by
    function (the `top` largest) and by file."""
    page.bring_to_front()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 50})
    cdp.send("Profiler.start")
    for _ in range(replays):
        page.evaluate(OWN_DRIVER, [n, True, GAP_MS])
    prof = cdp.send("Profiler.stop")["profile"]
    cdp.detach()
    nodes = {nd["id"]: nd for nd in prof["nodes"]}
    parent = {c: nd["id"] for nd in prof["nodes"] for c in nd.get("children", [])}
    owner = {}

    def owned(nid):
        # the innermost JS function on the sample's stack: a native call (setAttribute,
        # querySelectorAll) counts for the function that made it
        if nid not in owner:
            f = nodes[nid]["callFrame"]
            if f["functionName"] in ("(idle)", "(program)", "(root)"):
                owner[nid] = None
            elif f["functionName"] == "(garbage collector)":
                owner[nid] = ("(garbage collector)", "", 0)
            elif f["url"] or nid not in parent:
                owner[nid] = (f["functionName"] or "(anonymous)", f["url"].rsplit("/", 1)[-1],
                              f.get("lineNumber", -1) + 1)
            else:
                up = owned(parent[nid])
                owner[nid] = up or (f["functionName"], "", 0)
        return owner[nid]

    fns, files = {}, {}
    for nid, dt in zip(prof["samples"], prof["timeDeltas"][1:] + [0]):
        key = owned(nid)
        if not key:
            continue
        ms = dt / 1000.0 / n / replays
        fns[key] = fns.get(key, 0) + ms
        files[key[1] or key[0]] = files.get(key[1] or key[0], 0) + ms
    print("      by file (with the native calls it makes), ms/update: " + "  ".join(
        f"{u} {ms:.3f}" for u, ms in sorted(files.items(), key=lambda x: -x[1])[:10]))
    for (fn, url, line), ms in sorted(fns.items(), key=lambda x: -x[1])[:top]:
        print(f"        {ms:6.3f} ms  {fn} {url}:{line}")


# --loop K: the script alone: the payloads 1..n-1 handed to the page back to back (no frame between
# updates; payload 0 first, with its frame), timed whole with performance.now() (its 0.1 ms grain
# is why not each update), the least of K replays a round: the least of many is what the code
# costs when nothing else takes the core, so two variants compare within a few per cent on a
# loaded machine. Not the measure (no frame, warm caches, GC mostly outside): a quick
# check while changing the code.
LOOP_DRIVER = """async ([n, k]) => {
  const b = window.__bench;
  let least = Infinity;
  for (let r = 0; r < k; r++) {
    b.handler(JSON.parse(b.frames[0]));
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const t = performance.now();
    for (let i = 1; i < n; i++) b.handler(JSON.parse(b.frames[i]));
    least = Math.min(least, performance.now() - t);
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  }
  return least / (n - 1);
}"""


def loop_page(label, name, tabs, payloads, rounds, k):
    n = len(payloads)
    least = {v: float("inf") for v in tabs}
    order = list(tabs)
    for variant, page in tabs.items():
        load_frames(page, payloads)
    for r in range(rounds):
        for variant in (order if r % 2 == 0 else order[::-1]):
            tabs[variant].bring_to_front()
            got = tabs[variant].evaluate(LOOP_DRIVER, [n, k])
            least[variant] = min(least[variant], got)
    a, b = order
    sa, sb = least[a], least[b]
    print(f"  {label:16} {name:5} n={n - 1:3} least of {rounds * k} replays, script ms per update:"
          f" {a} {sa:.3f}  {b} {sb:.3f} ({(sb - sa) / sa * 100:+.1f}%)", flush=True)


def stats(page):
    """morph.js's partStats counters (a variant without one has no key)."""
    return page.evaluate("""async () => { const { partStats } = await import("/static/js/morph.js");
      const out = {}; for (const [k, v] of Object.entries(partStats)) if (typeof v === "number") out[k] = v;
      return out; }""")


def stage_html(page):
    """The stage as compared between variants: its own attributes sorted (whether the fitter
    wrote its style before or after the first paint wrote data-game is timing's, not the
    page's), then what it holds."""
    return page.evaluate("""() => { const s = document.getElementById('stage');
      return [...s.attributes].map((a) => `${a.name}=${a.value}`).sort().join(' ') + '\\n' + s.innerHTML; }""")


def ab_page(label, name, tabs, payloads, rounds):
    cdps = {}
    for variant, page in tabs.items():
        load_frames(page, payloads)
        cdps[variant] = page.context.new_cdp_session(page)
        page.bring_to_front()
        page.evaluate(OWN_DRIVER, [len(payloads), True, 0])     # warm: compiled, caches filled
    got = {v: {"script": [], "update": [], "rounds": []} for v in tabs}
    pairs = {"script": [], "update": []}
    counted = {v: stats(p) for v, p in tabs.items()}
    differ = 0
    order = list(tabs)
    for r in range(rounds):
        this = {}
        for variant in (order if r % 2 == 0 else order[::-1]):
            script, update = replay(tabs[variant], cdps[variant], len(payloads))
            stamp(f"{variant} replayed")
            this[variant] = (script[1:], update[1:])
            got[variant]["script"] += script[1:]
            got[variant]["update"] += update[1:]
            got[variant]["rounds"].append(statistics.median(script[1:]))
        for i, kind in enumerate(("script", "update")):
            pairs[kind] += [b - a for a, b in zip(this[order[0]][i], this[order[1]][i])]
        html = [stage_html(p) for p in tabs.values()]
        if html[0] != html[1]:
            differ += 1
            if differ == 1:         # where, the first time: a variant's bug, or a tab's own state (a fit)
                k = next(i for i, (x, y) in enumerate(zip(*html)) if x != y) if any(
                    x != y for x, y in zip(*html)) else min(map(len, html))
                print(f"      the stages differ at character {k}:", [x[max(0, k - 120):k + 60] for x in html], flush=True)
    for cdp in cdps.values():
        cdp.detach()
    per = rounds * len(payloads)
    print("      per update, morph.js's partStats (units: subtrees idiomorph morphed, runs: runs of children"
          " put in without it, texts: texts written in place, whole: pages morphed whole): " + "  ".join(
              f"{v} " + " ".join(f"{k} {(now[k] - counted[v][k]) / per:.2f}" if k in now else f"{k} -"
                                  for k in ("units", "runs", "texts", "whole"))
              for v, now in ((v, stats(p)) for v, p in tabs.items())), flush=True)
    if PROFILE:
        for variant in order:
            print(f"      profile, {variant}:")
            profile(tabs[variant], len(payloads), 3, PROFILE)
    a, b = order
    line = (f"  {label:16} {name:5} n={len(payloads) - 1:3} x{rounds}"
            f"  script {a} {statistics.median(got[a]['script']):5.2f} / {p95(got[a]['script']):5.2f}"
            f"  {b} {statistics.median(got[b]['script']):5.2f} / {p95(got[b]['script']):5.2f}"
            f"  paired {statistics.median(pairs['script']):+.2f} ms"
            f"   update {a} {statistics.median(got[a]['update']):5.2f}  {b} {statistics.median(got[b]['update']):5.2f}"
            f"  paired {statistics.median(pairs['update']):+.2f} ms")
    print(line, flush=True)
    print(f"      script medians by round: {a} " + " ".join(f"{x:.2f}" for x in got[a]["rounds"])
          + f"  {b} " + " ".join(f"{x:.2f}" for x in got[b]["rounds"])
          + ("" if not differ else f"   PAGES DIFFER after {differ} of {rounds} rounds"), flush=True)
    return got, pairs, differ


def run_game(browser, url, label, game, players, options, args, base, swap):
    (tv_ctx, tv, tv_frames), (ph_ctx, phone, ph_frames) = table_and_phone(browser, url, players - 1)
    try:
        tv.wait_for_function("n => window.castaways.state.room.players.length === n", arg=players)
        code = tv.locator("#room-code").inner_text().strip()
        ana = phone.evaluate("() => window.castaways.state.meId")
        stamp("room ready")
        request(tv, "start", {"game": game, "options": options})
        phone.locator("#stage > *").first.wait_for()
        request(tv, "bot_replace", {"player": ana})
        tv.wait_for_function("""n => { const g = window.castaways.state.game;
          return g && (g.over || g.version >= n); }""", arg=UPDATES + 5)
        stamp("game recorded")
        request(phone, "take_back", {})
        phone.wait_for_function("() => !document.getElementById('stage').classList.contains('locked')")
        # two more tabs per page, screens of the same room in the same contexts (the host's and
        # Ana's tokens), each sent the game when it connects: the base one draws it with the
        # base modules, the tree one as served (both fresh: the recording tab's history, a
        # lobby and a game, cost its updates more than a fresh tab's)
        tv_base = second_tab(tv_ctx, f"{url}/?room={code}", base)
        ph_base = second_tab(ph_ctx, f"{url}/j/{code}", base)
        tv_tree = second_tab(tv_ctx, f"{url}/?room={code}", swap)
        ph_tree = second_tab(ph_ctx, f"{url}/j/{code}", swap)
        tv.close()
        phone.close()
        tv, phone = tv_tree, ph_tree
        for p in (tv_base, ph_base, tv, phone):
            p.wait_for_function("() => window.castaways && window.castaways.net && window.castaways.net.socket"
                                " && window.castaways.net.socket.listeners('game').length"
                                " && document.querySelector('#stage > *')"
                                " && !document.getElementById('stage').classList.contains('locked')")
        stamp("tabs ready")
        for p in (tv_base, ph_base, tv, phone):
            p.evaluate("() => window.castaways.net.close()")
            p.add_style_tag(content=".conn { display: none !important; }")
        for name, tabs, frames in (("TV", {"base": tv_base, "tree": tv}, tv_frames),
                                   ("phone", {"base": ph_base, "tree": phone}, ph_frames)):
            if args.pages and name not in args.pages:
                continue
            payloads = [{**m, "deadline": None} for m in game_payloads(frames)][:UPDATES]
            if args.loop:
                loop_page(label, name, tabs, payloads, args.rounds, args.loop)
                continue
            ab_page(label, name, tabs, payloads, args.rounds)
    finally:
        tv_ctx.close()
        ph_ctx.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="", help="only the games whose label contains this")
    parser.add_argument("--pages", default="", help="only this page: TV or phone")
    parser.add_argument("--rounds", type=int, default=5, help="replays of each variant, alternated (default 5)")
    parser.add_argument("--base", default="main", help="the git ref the base tab's files come from (default main)")
    parser.add_argument("--files", default="js/morph.js,js/dom.js",
                        help="the files under server/static/ the base tab takes from --base")
    parser.add_argument("--swap", action="append", default=[], metavar="PATH=FILE",
                        help="the tree tab gets FILE for server/static/PATH (repeatable)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="after the rounds, each variant's JS profile (untimed): its N largest functions"
                             " (samples timed by the wall clock: on a loaded machine a preempted sample"
                             " takes the time the core was away; read it on a quiet one)")
    parser.add_argument("--loop", type=int, default=0, metavar="K",
                        help="instead: the least script time of each payload over K back-to-back replays a round (see LOOP_DRIVER)")
    args = parser.parse_args()
    global PROFILE
    PROFILE = args.profile
    base = base_files(args.base, [f for f in args.files.split(",") if f])
    swap = {}
    for item in args.swap:
        path, _, local = item.partition("=")
        with open(local) as f:
            swap[path] = f.read()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as data, \
            own_server(data, "--seed", "5", "--bot-delay", "0.1") as url:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                pages.print_load()
                print(f"thread ms per update at 1x, median / p95 (base: {', '.join(base)} at {args.base};"
                      f" tree: as served{'; swapped ' + ', '.join(swap) if swap else ''}):", flush=True)
                for label, game, players, options in GAMES:
                    if args.games and args.games not in label:
                        continue
                    run_game(browser, url, label, game, players, options, args, base, swap)
            finally:
                browser.close()


if __name__ == "__main__":
    pages.OWN_GAP_MS = GAP_MS
    main()
