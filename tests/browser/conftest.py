"""Browser test helpers, shared by every browser test (platform and per-game pages).

Fixtures:
    browser          one headless Debian Chromium per session (never downloaded); skips the
                     test with a clear reason when /usr/bin/chromium is missing
    live_server      the base URL of a real server (`python -m server ...` with the fixture
                     game loaded); the backend's fixture from tests/support when it exists
    open_table       open_table(path="/", lang="en", record=None) -> Page at 1920x1080,
                     waits for the room code
    open_phone       open_phone(code, lang="en", record=None) -> Page at 390x844 (touch) on
                     /j/<code>; `record` (a list) collects the websocket frames it receives
    shot             shot(page, "name") saves test-artifacts/name.png (gitignored) when
                     CASTAWAYS_SHOTS=1 (`make shots`): pictures are for people to look at, and
                     a few hundred of them cost CI minutes while asserting nothing

Every page opened through these fixtures fails its test on an uncaught page error.
"""
import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
# A wait's ceiling, not its length: every wait ends as soon as its condition holds. CI's
# 2-core machine stalls a page for seconds at times (two 10 s waits ran out there once).
TIMEOUT_MS = 30_000
# Screenshots for people to look at (`make shots`); `make test` asserts without taking them.
SHOTS = os.environ.get("CASTAWAYS_SHOTS") == "1"


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


# Per module, not per session: Playwright's sync API allows one instance at a time, and a module
# outside tests/browser (tests/hosted) that imports this fixture gets its own instance, which
# failed to start while the browser tests' session instance was still open.
@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium); browser tests skipped")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


# ---- the server ---------------------------------------------------------------------------

# _free_port and _wait_healthy are used by tests that start their own server (seeded games).
def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_healthy(url, proc, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)  # polling a starting process: there is no event to wait on
    raise RuntimeError("server did not become healthy")


@contextlib.contextmanager
def own_server(data, *args, port=None):
    """`python -m server` in threading mode on a free port (or `port`) with `data` as its folder
    and extra command-line `args` (a seed, a bot delay): for tests that need a game of their
    own. Yields its base URL; the server is stopped on the way out."""
    port = port or _free_port()
    with open(Path(data) / "server.log", "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
             "--data", str(data), "--async-mode", "threading", *map(str, args)],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        url = f"http://127.0.0.1:{port}"
        SERVER_LOGS[url] = Path(data) / "server.log"
        try:
            _wait_healthy(url, proc)
            yield url
        finally:
            SERVER_LOGS.pop(url, None)
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()     # its port is free once it is gone (a test may start another there)


def seeded_server(name):
    """A module-scoped `live_server` fixture of a test module's own: own_server with seed 3 and
    bots that answer at once (`name`: its data folder's), for tests that play a game through."""
    @pytest.fixture(scope="module")
    def live_server(tmp_path_factory):
        with own_server(tmp_path_factory.mktemp(name), "--seed", "3", "--bot-delay", "0") as url:
            yield url
    return live_server


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """Base URL of a real server: `python -m server` (eventlet, as in production) with the
    fixture game loaded, through the backend's tests.support.live_server.LiveServer.
    CASTAWAYS_LIVE_URL points the tests at an already running server instead."""
    if os.environ.get("CASTAWAYS_LIVE_URL"):
        yield os.environ["CASTAWAYS_LIVE_URL"].rstrip("/")
        return
    from tests.support.live_server import LiveServer
    data = tmp_path_factory.mktemp("browser")
    server = LiveServer(data / "data", async_mode=os.environ.get("CASTAWAYS_ASYNC_MODE", "eventlet"),
                        bot_delay=0.2, log_dir=data)
    server.start()
    SERVER_LOGS[server.url] = server.log_path
    try:
        yield server.url
    finally:
        SERVER_LOGS.pop(server.url, None)
        server.stop()


# ---- pages ----------------------------------------------------------------------------------

# What a page was doing, for a test that failed (read before the pages close): a CI run under
# load that waited 30 s for a phone's next screen said nothing more than "timeout". Then a join
# lost about one fresh-clone CI run in two said only "connected, on its join form, not joining":
# each page now also keeps its socket's last frames both ways, the toasts it showed and the taps
# it got since it loaded (TRACE_SCRIPT), and the join form's field and button are read with its
# state. None of it changes a page: an observer and three listeners on the document, test-only.
PAGE_STATE = """() => { const c = window.castaways; const s = c && c.state;
  const stage = document.getElementById('stage');
  const name = document.getElementById('name'), join = document.getElementById('join');
  const trace = window.__castawaysTrace;
  return { url: location.pathname, socket: c ? (c.net.socket.connected ? 'connected' : 'down') : 'no castaways',
    screen: s && s.screen, meId: s && s.meId, joining: s && s.joining,
    room: s && s.room && { status: s.room.status, players: s.room.players.map((p) => `${p.id}:${p.name}:${p.seat}:${p.connected}`) },
    game: s && s.game && { version: s.game.version, seat: s.game.seat, over: s.game.over },
    stage: stage && { children: stage.childElementCount, inPage: document.body.contains(stage) },
    toasts: [...document.querySelectorAll('.toast')].map((t) => t.textContent),
    form: name || join ? { name: name && name.value, draft: s && s.draftName, invalid: name && name.getAttribute('aria-invalid'),
      focused: document.activeElement === name, button: join && { disabled: join.disabled, text: join.textContent } } : null,
    now: Math.round(performance.now()),
    toastsShown: trace ? trace.toasts : 'no trace', taps: trace ? trace.taps : 'no trace' }; }"""
# Before the page's own scripts: every toast shown (its time in ms since the page's navigation,
# kind, text) and the last taps and submits the document saw (a click's target, a form's name
# field). The body and the toasts' box are watched for added children only (not the page's
# subtree: a morphed game page would call the observer on every update).
TRACE_SCRIPT = """(() => {
  const trace = { toasts: [], taps: [] };
  Object.defineProperty(window, '__castawaysTrace', { value: trace });
  const now = () => Math.round(performance.now());
  const describe = (el) => el && el.localName ? el.localName + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '') : String(el);
  const tap = (what) => { trace.taps.push(now() + ' ' + what); if (trace.taps.length > 30) trace.taps.shift(); };
  document.addEventListener('click', (e) => tap('click ' + describe(e.target)), true);
  document.addEventListener('submit', (e) => { const f = e.target.querySelector('input');
    tap('submit ' + describe(e.target) + (f ? ' ' + JSON.stringify(f.value) : '')); }, true);
  document.addEventListener('keydown', (e) => { if (e.key === 'Enter') tap('Enter on ' + describe(e.target)); }, true);
  const noted = new WeakSet();
  const note = (el) => {
    if (noted.has(el) || !el.classList || !el.classList.contains('toast')) return;
    noted.add(el);
    trace.toasts.push(now() + ' ' + (el.dataset.kind || '') + ': ' + el.textContent);
    if (trace.toasts.length > 30) trace.toasts.shift();
  };
  const boxes = new WeakSet();
  const box = (el) => {
    if (el.id !== 'toasts' || boxes.has(el)) return;
    boxes.add(el);
    [...el.children].forEach(note);
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(note))).observe(el, { childList: true });
  };
  const body = (el) => {
    if (!el || el.localName !== 'body') return;
    [...el.children].forEach(box);
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(box))).observe(el, { childList: true });
  };
  const root = () => {
    body(document.body);
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(body))).observe(document.documentElement, { childList: true });
  };
  if (document.documentElement) root();
  else new MutationObserver((records, o) => { if (document.documentElement) { o.disconnect(); root(); } }).observe(document, { childList: true });
})();"""
CONSOLE_KEEP = 40
FRAMES_KEEP = 30
FRAME_CUT = 200
# Each live server's log, by base URL (the failure report prints what it wrote during the test).
SERVER_LOGS = {}
# Each watched page's timeline, for marks from the tests' helpers (helpers.join: fill, click).
_TIMELINES = {}


def mark(page, what):
    """Put `what` in the page's timeline (printed when its test fails)."""
    note = _TIMELINES.get(id(page))
    if note is not None:
        note(what)


class PageErrors:
    def __init__(self):
        self.errors = []
        self.pages = []         # (label, page, its timeline, its socket frames)

    def watch(self, page, label):
        page.on("pageerror", lambda err: self.errors.append(f"{label}: {err}"))
        said, frames = [], []
        opened = time.monotonic()     # (the fixtures watch a page just before they open a URL)

        def stamp():
            return f"{time.monotonic() - opened:7.2f}"

        def note(line):
            said.append(f"{stamp()} {line}")
            del said[:-CONSOLE_KEEP]

        def navigated(frame):
            if frame == page.main_frame:
                note(f"navigated to {frame.url}")

        def frame(way, ws):
            def keep(payload):
                text = payload if isinstance(payload, str) else f"<{len(payload)} bytes>"
                frames.append(f"{stamp()} {way} {text[:FRAME_CUT]}{'...' if len(text) > FRAME_CUT else ''}")
                del frames[:-FRAMES_KEEP]
            return keep

        def websocket(ws):
            note(f"websocket opened {ws.url[:120]}")
            ws.on("framesent", frame("->", ws))
            ws.on("framereceived", frame("<-", ws))
            ws.on("socketerror", lambda error: note(f"websocket error {error}"))
            ws.on("close", lambda _ws: note("websocket closed"))
        page.on("console", lambda m: note(f"{m.type}: {m.text}"))
        page.on("requestfailed", lambda r: note(f"request failed: {r.url} {r.failure}"))
        page.on("framenavigated", navigated)
        page.on("load", lambda _p: note("load"))
        page.on("websocket", websocket)
        page.add_init_script(TRACE_SCRIPT)
        _TIMELINES[id(page)] = note
        self.pages.append((label, page, said, frames))
        return page

    def report(self):
        """Each page's state, then its timeline (navigation, load, console, failed requests,
        the socket's opening and closing, the tests' marks) and its last socket frames, as
        text. Times: seconds since the page was watched (the page's own, its toasts and taps:
        ms since its navigation began)."""
        out = []
        for label, page, said, frames in self.pages:
            try:
                state = page.evaluate(PAGE_STATE) if not page.is_closed() else "closed"
            except Exception as exc:            # a page gone or stuck: say so, go on
                state = f"unreadable ({type(exc).__name__})"
            out.append(f"--- {label}: {state}")
            out.extend(f"    {line}" for line in said)
            out.append(f"    last {len(frames)} socket frames:")
            out.extend(f"    {line}" for line in frames)
        return "\n".join(out)

    def forget(self):
        for _label, page, _said, _frames in self.pages:
            _TIMELINES.pop(id(page), None)


def _server_log_sizes():
    sizes = {}
    for url, path in SERVER_LOGS.items():
        try:
            sizes[url] = Path(path).stat().st_size
        except OSError:
            pass
    return sizes


def _server_log_lines(since, keep=40):
    """What each live server wrote to its log after `since` (url -> size then): its last lines."""
    out = []
    for url, path in SERVER_LOGS.items():
        try:
            with open(path, "rb") as log:
                log.seek(since.get(url, 0))
                lines = log.read().decode("utf-8", "replace").splitlines()
        except OSError:
            continue
        out.append(f"--- server {url} ({path}): {len(lines)} lines during the test")
        out.extend(f"    {line}" for line in lines[-keep:])
    return "\n".join(out)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.castaways_failed = report.failed
    return report


@pytest.fixture
def page_errors(request):
    watcher = PageErrors()
    logs = _server_log_sizes()
    yield watcher
    if getattr(request.node, "castaways_failed", False):
        print("the pages when the test failed (state, then timeline and socket frames):")
        print(watcher.report())
        print(_server_log_lines(logs))
    watcher.forget()
    assert not watcher.errors, "uncaught errors in the pages:\n" + "\n".join(watcher.errors)


@pytest.fixture
def contexts(browser):
    made = []
    yield made
    for ctx in made:
        ctx.close()


@pytest.fixture
def open_table(browser, live_server, contexts, page_errors):
    def open_(path="/", lang="en", record=None):
        ctx = browser.new_context(viewport=TV, locale="fr-FR" if lang == "fr" else "en-US")
        ctx.set_default_timeout(TIMEOUT_MS)
        contexts.append(ctx)
        page = page_errors.watch(ctx.new_page(), "table")
        if record is not None:
            page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: record.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
        page.goto(live_server + path)
        page.locator("#room-code").wait_for()
        return page
    return open_


@pytest.fixture
def open_phone(browser, live_server, contexts, page_errors):
    def open_(code, lang="en", label="phone", record=None):
        """record: a list that receives every websocket frame the page gets (see helpers)."""
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  device_scale_factor=2,
                                  locale="fr-FR" if lang == "fr" else "en-US")
        ctx.set_default_timeout(TIMEOUT_MS)
        contexts.append(ctx)
        page = page_errors.watch(ctx.new_page(), label)
        if record is not None:
            page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: record.append(
                payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
        page.goto(f"{live_server}/j/{code}")
        return page
    return open_


@pytest.fixture
def shot():
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name, full_page=False):
        path = ARTIFACTS / f"{name}.png"
        if SHOTS:
            page.screenshot(path=str(path), full_page=full_page)
        return path
    return take
