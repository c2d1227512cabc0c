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
def own_server(data, *args):
    """`python -m server` in threading mode on a free port with `data` as its folder and extra
    command-line `args` (a seed, a bot delay): for tests that need a game of their own. Yields
    its base URL; the server is stopped on the way out."""
    port = _free_port()
    with open(Path(data) / "server.log", "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port),
             "--data", str(data), "--async-mode", "threading", *map(str, args)],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_healthy(url, proc)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()


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
    try:
        yield server.url
    finally:
        server.stop()


# ---- pages ----------------------------------------------------------------------------------

# What a page was doing, for a test that failed (read before the pages close): a CI run under
# load that waited 30 s for a phone's next screen said nothing more than "timeout".
PAGE_STATE = """() => { const c = window.castaways; const s = c && c.state;
  const stage = document.getElementById('stage');
  return { url: location.pathname, socket: c ? (c.net.socket.connected ? 'connected' : 'down') : 'no castaways',
    screen: s && s.screen, meId: s && s.meId, joining: s && s.joining,
    room: s && s.room && { status: s.room.status, players: s.room.players.map((p) => `${p.id}:${p.name}:${p.seat}:${p.connected}`) },
    game: s && s.game && { version: s.game.version, seat: s.game.seat, over: s.game.over },
    stage: stage && { children: stage.childElementCount, inPage: document.body.contains(stage) },
    toasts: [...document.querySelectorAll('.toast')].map((t) => t.textContent) }; }"""
CONSOLE_KEEP = 40


class PageErrors:
    def __init__(self):
        self.errors = []
        self.pages = []         # (label, page, its console and failed requests, the last ones)

    def watch(self, page, label):
        page.on("pageerror", lambda err: self.errors.append(f"{label}: {err}"))
        said = []

        def note(line):
            said.append(f"{time.monotonic():.2f} {line}")
            del said[:-CONSOLE_KEEP]
        page.on("console", lambda m: note(f"{m.type}: {m.text}"))
        page.on("requestfailed", lambda r: note(f"request failed: {r.url} {r.failure}"))
        self.pages.append((label, page, said))
        return page

    def report(self):
        """Each page's state and its last console lines, as text."""
        out = []
        for label, page, said in self.pages:
            try:
                state = page.evaluate(PAGE_STATE) if not page.is_closed() else "closed"
            except Exception as exc:            # a page gone or stuck: say so, go on
                state = f"unreadable ({type(exc).__name__})"
            out.append(f"--- {label}: {state}")
            out.extend(f"    {line}" for line in said)
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
    yield watcher
    if getattr(request.node, "castaways_failed", False):
        print("the pages when the test failed (state, then console and failed requests):")
        print(watcher.report())
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
