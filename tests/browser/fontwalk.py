"""The sofa test (issue 20 item 6): every visible text of the TV, over every engine-made preview
scenario of a game, at 1280x720 and 1920x1080; its size on the screen is the computed font size
times the stage's scale (what a transform does to it). Used by tests/browser/test_moments_fonts.py
and as a command that prints the smallest texts:

    python tests/browser/fontwalk.py [--shots=DIR] [game ...] [scenario ...]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
MINIMUM = {(1280, 720): 14, (1920, 1080): 18}
# The test's share of each game's scenarios (tests/browser/test_moments_fonts.py): every kind of
# board, 6 and 12 players, the ends; left out are the phone's own scenarios (its log, records,
# crystal ball, hand cards) and the few whose seeded search is slow (Galèrapagos' hurricane
# vote, ~15 s; Lifeboat's trade and compass logs). The command walks them all.
SOFA = {
    "galerapagos": ["step", "bite", "shot", "sick", "dawn", "evening", "zero", "vote", "tie", "named",
                    "departure", "over", "step_12", "vote_12", "reveal_12", "over_12"],
    "lifeboat": ["draft", "place", "answer_mug", "fight_flare", "fight_resolved", "compass", "rescue_sharks",
                 "thirst_unconscious_water", "in_the_water", "unconscious", "over", "draft_6p",
                 "fight_joined_6p", "rescue_6p", "thirst_6p", "over_6p", "lady_unconscious_6p"],
    "lifeboats": None,      # all: they are quick to make
}
# The test reads each size in one language: the sizes of text do not depend on it (the French,
# longer, where room is tightest).
PAIRS = {(1280, 720): ("fr",), (1920, 1080): ("en",)}
GAMES = {"lifeboats": ("lifeboats_preview", "lb_scenarios"),
         "lifeboat": ("lifeboat_preview", "lbt_scenarios"),
         "galerapagos": ("galerapagos_preview", "gp_scenarios")}

# Each element with its own visible text: its computed size times its scale on the screen.
WALK = """([limit, scope]) => {
  const out = [];
  // Entrances (a vote card turning over, a boat rowing in) are read where they end.
  for (const a of document.getAnimations()) { try { a.finish(); } catch (_) { /* an endless one */ } }
  const roots = scope ? [...document.querySelectorAll(scope)] : [document.getElementById('root')];
  const seen = new Set();
  for (const root of roots) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (!el || seen.has(el)) continue;
    seen.add(el);
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.display === 'none') continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    if (r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth) continue;
    if (el.closest('[aria-hidden=true]') && !el.closest('svg')) continue;
    let size = parseFloat(cs.fontSize);
    if (el instanceof SVGElement) {
      // SVG text: its user units scale with the drawing; the glyph box says the size.
      const box = el.getBBox ? el.getBBox() : null;
      const scale = box && box.height ? r.height / box.height : 1;
      size = size * scale;
    } else {
      // The scale on the screen, from the nearest box that is not an inline run (a wrapped
      // inline's rectangle is not its width).
      let box = el;
      while (box.parentElement && getComputedStyle(box).display === 'inline') box = box.parentElement;
      // Its laid-out width to the fraction (offsetWidth is rounded: 1 px off a 30 px cell is 3%).
      const bs = getComputedStyle(box);
      let w = parseFloat(bs.width);
      if (bs.boxSizing !== 'border-box') {
        w += parseFloat(bs.paddingLeft) + parseFloat(bs.paddingRight) + parseFloat(bs.borderLeftWidth) + parseFloat(bs.borderRightWidth);
      }
      if (!(w > 0)) w = box.offsetWidth;
      if (w) size = size * (box.getBoundingClientRect().width / w);
    }
    if (size < limit) out.push({ text: n.textContent.trim().slice(0, 40), size: Math.round(size * 10) / 10,
                                 cls: (el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className) || el.tagName });
  }
  }
  return out;
}"""


def serve(game):
    """The game's preview server and its scenarios module."""
    sys.path[:0] = [os.path.join(HERE, GAMES[game][0]), HERE]
    import importlib
    import preview as preview_page
    scenarios = importlib.import_module(GAMES[game][1])
    srv = preview_page.start(game, Cached(scenarios), os.path.join(HERE, GAMES[game][0]))
    return srv, scenarios


class Cached:
    """A scenarios module whose payloads are made once (each is a search over seeded games)."""
    made = {}

    def __init__(self, module):
        self.module = module
        self.SCENARIOS = module.SCENARIOS

    def build(self, name):
        key = (self.module.__name__, name)
        if key not in self.made:
            self.made[key] = self.module.build(name)
        return self.made[key]


def small_texts(page, size, scope=None):
    """The texts under the minimum for `size` on the page now (within `scope`, a selector)."""
    return page.evaluate(WALK, [MINIMUM[size], scope])


def payloads(base, page, names):
    """{scenario: its TV payload}, fetched by the page from the preview server."""
    return page.evaluate("""async ([names]) => {
      const out = {};
      for (const n of names) out[n] = (await (await fetch(`/states/${n}.json`)).json()).table;
      return out; }""", [list(names)])


def sweep(browser, game, names=None, scope=None, langs=("en", "fr"), sizes=None, shots=None):
    """The cheap walk: one page per size, every scenario injected into it (window.__show: a
    new game on the same page, no reload), in each language. {(w, h): [(scenario, lang, text,
    size, class)]} of the texts under the minimum; shots: a folder to screenshot each view into."""
    srv, scenarios = serve(game)
    base = f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    names = list(names or scenarios.SCENARIOS)
    found = {}
    try:
        for (w, h) in sizes or MINIMUM:
            limit = MINIMUM[(w, h)]
            ctx = browser.new_context(viewport={"width": w, "height": h})
            page = ctx.new_page()
            page.goto(f"{base}?page=table&s={names[0]}&lang=en")
            page.wait_for_function("window.__ready === true", timeout=90000)
            states = payloads(base, page, names)
            small = found.setdefault((w, h), [])
            for lang in (langs[(w, h)] if isinstance(langs, dict) else langs):
                for name in names:
                    page.evaluate("([m, l]) => window.__show(m, l)", [states[name], lang])
                    # the full-screen reveal a new game replays is tested on its own
                    page.evaluate("() => document.querySelectorAll('.rv-overlay').forEach((x) => x.remove())")
                    for x in page.evaluate(WALK, [limit, scope]):
                        small.append((name, lang, x["text"], x["size"], x["cls"]))
                    if shots:
                        page.screenshot(path=os.path.join(shots, f"{game}-{w}x{h}-{name}-{lang}.png"))
            ctx.close()
    finally:
        srv.shutdown()
    return found


def walk(browser, game, names=None, scope=None):
    """{(w, h): [(scenario, lang, text, size, class)]} of texts under the minimum."""
    srv, scenarios = serve(game)
    base = f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    found = {}
    try:
        for (w, h), limit in MINIMUM.items():
            ctx = browser.new_context(viewport={"width": w, "height": h})
            page = ctx.new_page()
            small = found.setdefault((w, h), [])
            for lang in ("en", "fr"):
                for name in names or scenarios.SCENARIOS:
                    page.goto(f"{base}?page=table&s={name}&lang={lang}")
                    page.wait_for_function("window.__ready === true", timeout=90000)
                    for x in page.evaluate(WALK, [limit, scope]):
                        small.append((name, lang, x["text"], x["size"], x["cls"]))
            ctx.close()
    finally:
        srv.shutdown()
    return found


def main():
    from playwright.sync_api import sync_playwright
    args = sys.argv[1:]
    shots = None
    if args and args[0].startswith("--shots="):
        shots = args.pop(0).split("=", 1)[1]
        os.makedirs(shots, exist_ok=True)
    games = [a for a in args if a in GAMES] or list(GAMES)
    names = [a for a in args if a not in GAMES] or None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for game in games:
            found = sweep(browser, game, names=names, shots=shots)
            for size, small in found.items():
                classes = {}
                for name, lang, text, px, cls in small:
                    key = str(cls)
                    if key not in classes or px < classes[key][0]:
                        classes[key] = (px, text, name)
                print(f"{game} {size[0]}x{size[1]}: {len(small)} texts under {MINIMUM[size]} px "
                      f"in {len(classes)} classes")
                for cls, (px, text, name) in sorted(classes.items(), key=lambda kv: kv[1][0])[:40]:
                    print(f"   {px:5.1f} px  {cls[:40]:40s} {text!r} ({name})")
        browser.close()


if __name__ == "__main__":
    main()
