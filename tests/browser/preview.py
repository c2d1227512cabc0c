"""The page previews of every game: a tiny static server and a screenshot command.

A game's preview folder (tests/browser/<game>_preview/) holds its `preview.html`, which renders
one page module with a canned payload, and its scenarios module, whose `build(name)` makes that
payload with the real engine. This server maps /table/, /phone/ and /static/ to the page folders
as the real server does, /games/<game>/data.json to the engine's data file, /preview/ to the
game's folder, and makes /states/<scenario>.json on demand. The module tests
(tests/browser/test_<game>_modules.py) and each folder's `shoot.py` use it.
"""
import http.server
import json
import os
import sys
import threading
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TYPES = {"js": "text/javascript", "css": "text/css", "html": "text/html", "json": "application/json"}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
SIZES = {"table": [(1280, 720), (1920, 1080)], "phone": [(390, 844)]}


def served(game_id, scenarios_name):
    """A module-scoped pytest fixture: game_id's preview served while a test module runs, as the
    address of its preview.html (scenarios_name: the scenarios module in the game's folder).
    One definition for the module tests of every game and page."""
    import importlib

    import pytest
    folder = os.path.join(REPO, "tests", "browser", f"{game_id}_preview")
    if folder not in sys.path:
        sys.path.insert(0, folder)

    @pytest.fixture(scope="module")
    def preview():
        srv = start(game_id, importlib.import_module(scenarios_name), folder)
        yield f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
        srv.shutdown()
    return preview


_BUILT = {}


def built(scenarios, name):
    """scenarios.build(name), made once per process for a scenarios module (each is a search over
    seeded games, up to seconds: Galèrapagos' 28 take 15 s, and its module test loads each of
    them five times). A payload's deadline (a window's countdown) is as far ahead as when it
    was made, as if made now."""
    key = getattr(scenarios, "__name__", None)
    if key is None:                 # a wrapper of a module (fontwalk.Cached): its own business
        return scenarios.build(name)
    if (key, name) not in _BUILT:
        _BUILT[key, name] = (scenarios.build(name), int(time.time() * 1000))
    data, made = _BUILT[key, name]
    now = int(time.time() * 1000)
    out = dict(data)
    for kind in ("table", "phone"):
        if isinstance(out.get(kind), dict) and out[kind].get("deadline"):
            out[kind] = {**out[kind], "deadline": out[kind]["deadline"] + now - made}
    return out


# A preview's own files are the same for the whole run (a new browser context starts with an
# empty cache, and shoot.py with a new browser).
CACHED = "max-age=3600"

# One more scenario drawn on a preview page already open: window.__show draws it as a new game
# on the same page (as a rematch is drawn: a new game's page is built afresh), at the top of
# the page as a page loaded afresh is. A page load costs the browser about 0.4 s of CPU, six
# times the drawing, and the tests that walk every scenario did one per scenario, size and
# language (about a third of the suite's time). It is drawn twice, as the Lifeboat and
# Lifeboats TV previews loaded afresh are (their stage's first fit draws the page again; on the
# other pages a second draw of the same payload changes nothing): the last action's events (a
# boat that moved, the votes just turned) are then drawn as past, as on a loaded page, and the
# page is the one a load draws (the Lifeboats pages' glyph classes aside: numbered in the order
# the page first drew them). Two frames later, the fits a page runs after its frame's layout (a
# ResizeObserver's check) have run. (The previews fit with no key, so each draw is fitted in
# full and no scale is carried from one scenario to the next: a fit key there would need the
# stage fitter's reset() in __show, as table.js does for a new game.)
SHOW = """async ([name, kind, lang]) => {
  const data = await (await fetch(`/states/${name}.json`)).json();
  window.scrollTo(0, 0);
  window.__show(data[kind], lang);
  window.__rerender(window.__msg);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def scenarios_on(page, base, kind, names, lang="en"):
    """Each of `names` (scenarios) on `page` in turn, in `lang`, as it is yielded: the first by
    loading the preview (base: its preview.html's address), the others drawn on that page
    (SHOW). The first waits for the page's __ready, as a test of one scenario does."""
    for i, name in enumerate(names):
        if i == 0:
            page.goto(f"{base}?page={kind}&s={name}&lang={lang}")
            page.wait_for_function("window.__ready === true")
        else:
            page.evaluate(SHOW, [name, kind, lang])
        yield name


def start(game_id, scenarios, folder, port=0):
    """Serve game_id's preview (scenarios: a module with build(name); folder: its preview.html's
    folder) on 127.0.0.1; returns the server (server_port, shutdown())."""
    routes = {"/table/": os.path.join(REPO, "table_web"),
              "/phone/": os.path.join(REPO, "controller_web"),
              "/static/": os.path.join(REPO, "server", "static"),
              "/preview/": folder}
    data_file = os.path.join(REPO, "engine", game_id, "data.json")

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def _send(self, body, ctype, cache="no-store"):
            self.send_response(200)
            self.send_header("Content-Type", ctype + "; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", cache)
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            path = self.path.split("?")[0]
            if path == "/favicon.ico":          # the browser asks; a 404 would read as an error
                self.send_response(204)
                return self.end_headers()
            if path.startswith("/states/"):
                name = path[len("/states/"):].removesuffix(".json")
                return self._send(json.dumps(built(scenarios, name)).encode(), TYPES["json"])
            if path == f"/games/{game_id}/data.json":
                with open(data_file, "rb") as f:
                    return self._send(f.read(), TYPES["json"])
            for prefix, root in routes.items():
                if path.startswith(prefix):
                    file = os.path.normpath(os.path.join(root, path[len(prefix):]))
                    if file.startswith(root) and os.path.isfile(file):
                        with open(file, "rb") as f:
                            # (the page's files are kept by the browser while a test runs: a
                            # page loaded again in the same context does not fetch them again;
                            # a scenario's state above is never kept, its countdown being as
                            # of now)
                            return self._send(f.read(),
                                              TYPES.get(file.rsplit(".", 1)[-1], "text/plain"), CACHED)
                    break
            self.send_error(404)

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def shoot(game_id, scenarios, folder, argv=None, after=None):
    """Screenshot scenarios into test-artifacts/<game_id>/ (a developer's command; the module
    tests do the same for every scenario). argv: [table|phone] [en|fr] [WxH] [scenario ...];
    by default both pages, the TV at 1280x720 and 1920x1080, the phone at 390x844, English.
    after(page, kind, name, path): called after each shot, for a game's extra pictures."""
    from playwright.sync_api import sync_playwright

    args = list(sys.argv[1:] if argv is None else argv)
    pages, langs, size = ("table", "phone"), ("en",), None
    if args and args[0] in ("table", "phone"):
        pages = (args.pop(0),)
    if args and args[0] in ("en", "fr"):
        langs = (args.pop(0),)
    if args and "x" in args[0] and args[0][0].isdigit():
        w, h = args.pop(0).split("x")
        size = (int(w), int(h))
    names = args or scenarios.SCENARIOS
    out = os.path.join(REPO, "test-artifacts", game_id)
    os.makedirs(out, exist_ok=True)
    srv = start(game_id, scenarios, folder)
    base = f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    errors = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for kind in pages:
            for w, h in ([size] if size else SIZES[kind]):
                ctx = browser.new_context(viewport={"width": w, "height": h})
                page = ctx.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.on("console", lambda m: m.type == "error" and errors.append(m.text))
                for lang in langs:
                    for name in names:
                        page.goto(f"{base}?page={kind}&s={name}&lang={lang}")
                        page.wait_for_function("window.__ready === true", timeout=20000)
                        path = os.path.join(out, f"{kind}-{w}x{h}-{name}-{lang}.png")
                        # a moment that fades in (the final scores, a reveal) is shot as it ends, not
                        # halfway: finite animations and transitions fast-forwarded to their end
                        page.screenshot(path=path, full_page=kind == "phone", animations="disabled")
                        if after:
                            after(page, kind, name, path)
                ctx.close()
        browser.close()
    srv.shutdown()
    print("\n".join(errors) or "no errors")
    return errors
