"""Helpers for browser tests (import them: `from tests.browser.helpers import join`)."""
import json
import re

from tests.support.waiting import wait_until


def new_page(browser, contexts, page_errors, size, label, mobile=False, ctx=None):
    """A page whose errors fail the test (`page_errors`), in a new English context of `size`
    (closed by the `contexts` fixture) or in `ctx`."""
    from tests.browser.conftest import TIMEOUT_MS
    if ctx is None:
        ctx = browser.new_context(viewport=size, is_mobile=mobile, has_touch=mobile, locale="en-US")
        ctx.set_default_timeout(TIMEOUT_MS)
        contexts.append(ctx)
    return page_errors.watch(ctx.new_page(), label)


# An empty page of the server's origin (served by the test, not the server): where a test
# imports a shared module to try it alone, with none of a product page's scripts, timers or
# socket beside it to count or wait for, and in a fraction of the table page's load.
BLANK = "<!doctype html><html lang=en><meta charset=utf-8><title>blank</title><body></body></html>"


def open_blank(page, live_server):
    """Load the empty page of `live_server`'s origin in `page` (see BLANK)."""
    url = live_server + "/__blank__"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=BLANK))
    page.goto(url)


def tv_and_ana(browser, contexts, page_errors, live_server, tv_size):
    """A TV showing a new room and Ana's phone joined to it: (tv, ana, room code)."""
    from tests.browser.conftest import PHONE
    tv = new_page(browser, contexts, page_errors, tv_size, "tv")
    tv.goto(live_server + "/")
    code = tv.locator("#room-code").inner_text().strip()
    ana = new_page(browser, contexts, page_errors, PHONE, "ana", mobile=True)
    ana.goto(f"{live_server}/j/{code}")
    join(ana, "Ana")
    return tv, ana, code


def join(page, name):
    """Type a name on a visitor phone and join; waits for the phone's lobby card."""
    from tests.browser.conftest import mark
    mark(page, f"join: fill #name with {name!r}")
    page.fill("#name", name)
    mark(page, "join: click #join")
    page.click("#join")
    mark(page, "join: clicked, waiting for #you")
    page.locator("#you").wait_for()


def held_socket(page, sent=None, received=None, on=True):
    """Route the page's Socket.IO WebSocket through the test (call before the page opens):
    every frame passes, except the text frames `sent(frame)` (page to server) or
    `received(frame)` (server to page) picks while `hold["on"]`, kept until release() sends
    them on, in order, and stops holding. Returns (hold, release)."""
    hold = {"on": on, "frames": []}

    def route(ws):
        server = ws.connect_to_server()

        def passing(pick, send):
            def on_frame(message):
                if hold["on"] and pick is not None and isinstance(message, str) and pick(message):
                    hold["frames"].append((send, message))
                else:
                    send(message)
            return on_frame
        ws.on_message(passing(sent, server.send))
        server.on_message(passing(received, ws.send))

    def release():
        hold["on"] = False
        for send, frame in hold["frames"]:
            send(frame)
        hold["frames"].clear()

    page.route_web_socket("**/socket.io/**", route)
    return hold, release


def pump_until(page, condition, timeout_ms=10_000, what="the condition"):
    """Wait until `condition()` (Python side: what a route or an event handler of the test
    records) holds, letting Playwright deliver its events meanwhile (a time.sleep would not:
    the sync API runs the handlers only inside its own calls). Returns its value."""
    def pumped():
        value = condition()
        if not value:
            page.wait_for_timeout(20)
        return value
    return wait_until(pumped, timeout_ms / 1000, what, every=0)


def recorded_tv_game(browser, contexts, page_errors, url, size, game, bots, options, upto):
    """A TV on `url` with `bots` bots playing `game` (start `options`) until version `upto`
    (or its end), every socket frame it received kept: returns (tv, the `game` payloads the TV
    was sent, without the final one), for tests that feed a page a recorded game."""
    frames = []
    tv = new_page(browser, contexts, page_errors, size, f"tv-{game}")
    tv.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    tv.goto(url + "/")
    tv.locator("#room-code").wait_for()
    for _ in range(bots):
        host_request(tv, "add_bot", {})
    tv.wait_for_function("n => window.castaways.state.room.players.length === n", arg=bots)
    host_request(tv, "start", {"game": game, "options": options})
    tv.wait_for_function("""n => { const g = window.castaways.state.game;
      return g && (g.over || g.version >= n); }""", arg=upto, timeout=90_000)
    return tv, [g for g in socket_events(frames, "game") if not g["over"]]


def pick_game(tv, game):
    """The host TV picks a game in the lobby, and waits until the server's room says so. The
    lobby is drawn anew when the selection comes back (the game's options appear, the buttons
    below move): a click on "Add a bot" or "Start" made before then could land where the
    button was (a lost click: two CI runs under load waited 30 s for a bot that never came)."""
    tv.locator(f"[data-game={game}]").click()
    tv.wait_for_function("g => (window.castaways.state.room?.selected || {}).game === g", arg=game)


def add_bots(tv, bots):
    """The host TV taps "Add a bot" `bots` times, each time waiting until the room has the bot
    (a second tap before the room message could land on the button as it moves)."""
    have = tv.evaluate("() => window.castaways.state.room.players.length")
    for n in range(have + 1, have + bots + 1):
        tv.locator("#add-bot").click()
        tv.wait_for_function("n => window.castaways.state.room.players.length >= n", arg=n)


def host_request(page, event, payload):
    """A request from a page (window.castaways.net), asserted accepted: a host adding bots,
    starting, asking a rematch."""
    reply = page.evaluate("([e, p]) => window.castaways.net.request(e, p)", [event, payload])
    assert reply["ok"], (event, reply)
    return reply


def seat_players(open_table, open_phone, names):
    """A TV and one phone per name, each joined, the lobby showing them all: how every play
    test begins. Returns (table, table_frames, phones, frames): the frames are each page's
    websocket messages as received (see record_frames)."""
    from playwright.sync_api import expect

    table_frames = []
    table = open_table(record=table_frames)
    code = table.locator("#room-code").inner_text().strip()
    phones, frames = [], []
    for name in names:
        rec = []
        phone = open_phone(code, label=name, record=rec)
        join(phone, name)
        phones.append(phone)
        frames.append(rec)
    expect(table.locator(".lobby-panel .player")).to_have_count(len(names))
    return table, table_frames, phones, frames


def record_frames(page):
    """Every Socket.IO frame the page receives over its websocket, as text. Call it before
    the page connects (before goto)."""
    frames = []

    def on_ws(ws):
        ws.on("framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))
    page.on("websocket", on_ws)
    return frames


def socket_events(frames, name):
    """The payloads of Socket.IO event `name` among recorded frames ('42["name",{...}]')."""
    out = []
    for f in frames:
        if not f.startswith("42"):
            continue
        try:
            data = json.loads(f[2:])
        except ValueError:
            continue
        if isinstance(data, list) and data and data[0] == name:
            out.append(data[1] if len(data) > 1 else None)
    return out


def game_state(page):
    """The last `game` payload the page received (the pages expose window.castaways)."""
    return page.evaluate("() => window.castaways.state.game")


PLURAL = re.compile(r"\{(\w+), plural,")
FORM = re.compile(r"\s*(=?\w+)\s*\{")


def placeholders(text):
    """The {params} of a catalog text, counting those of "{n, plural, one {...} other {...}}"
    (the count and the {params} inside its forms, never the forms' words)."""
    found, i = set(), 0
    while i < len(text):
        m = PLURAL.match(text, i)
        if m:
            found.add(m.group(1))
            i = m.end()
            while True:                       # the forms, up to the closing brace
                f = FORM.match(text, i)
                if not f:
                    break
                depth, j = 1, f.end()
                while depth and j < len(text):
                    depth += {"{": 1, "}": -1}.get(text[j], 0)
                    j += 1
                found |= placeholders(text[f.end():j - 1])
                i = j
            i = text.index("}", i) + 1 if "}" in text[i:] else len(text)
            continue
        m = re.match(r"\{(\w+)\}", text[i:])
        if m:
            found.add(m.group(1))
            i += m.end()
        else:
            i += 1
    return found


def assert_catalog_parity(game):
    """A game's EN/FR page catalog (server/static/games/<game>/strings.js, read with node): the
    same keys and the same {placeholders} in both languages, every key under the game's name or
    one of the lobby's keys for this game. Skips where node is missing."""
    import re
    import subprocess

    import pytest

    from tests.browser.conftest import ROOT
    node = subprocess.run(
        ["node", "--input-type=module", "-e",
         f"import {{strings}} from './server/static/games/{game}/strings.js';"
         "console.log(JSON.stringify(strings));"],
        cwd=ROOT, capture_output=True, text=True)
    if node.returncode != 0:
        pytest.skip("node is not available")
    strings = json.loads(node.stdout)
    assert set(strings["en"]) == set(strings["fr"])
    for key, text in strings["en"].items():
        # {name} and the counts of "{name, plural, ...}" forms, the same in both languages
        assert placeholders(text) == placeholders(strings["fr"][key]), key
        assert "(s)" not in text and "(s)" not in strings["fr"][key], key
    assert all(k.startswith((f"{game}.", f"game.{game}.", f"options.{game}.")) for k in strings["en"])


# The Lifeboat phone's morph tests' context (phone_morph_opening's ctx and prelude): English
# keys as words, every seat a colour of the preview's.
LIFEBOAT_PHONE_CTX = (
    'lang: "en", page: "phone", t: (k) => k, has: () => false, players: [], room: null,'
    ' colourOf: (seat) => ({ colour: COLOURS[seat % 6], letter: "P", name: msg.view.players[seat], id: `p${seat}` })',
    'const COLOURS = ["#d7263d", "#2f6fd6", "#2f9e5b", "#f2c230", "#8447b5", "#ee7a1b"];')


# The Lifeboats phone's morph-test context: English keys as words, every seat a grey colour.
LIFEBOATS_PHONE_CTX = ('lang: "en", t: (k) => k, players: [], room: null,'
                       ' colourOf: (seat) => ({ colour: "#888", letter: "?", name: msg.view.players[seat] })')


def preview_phone(browser, preview, scenario, lang="en", touch=False):
    """A 390x844 phone page of a game's preview (tests/browser/preview.py) at `scenario`, in
    `lang` (`touch`: a touch screen, as a phone's), ready: (context, page, the page's errors)."""
    return preview_at(browser, preview, "phone", scenario, {"width": 390, "height": 844}, lang,
                      **({"has_touch": True, "is_mobile": True} if touch else {}))


def preview_at(browser, preview, page_name, scenario, size, lang="en", clock=False, **options):
    """A preview page (`page_name`: table or phone) at `scenario`, `size`, in `lang`, ready:
    (context, page, the page's errors). `clock`: Playwright's clock installed before it loads
    and paused once the page is ready (its timers then run only as the test says: an installed
    clock alone keeps running at the real pace); `options`: the context's."""
    ctx = browser.new_context(viewport=size, **options)
    if clock:
        ctx.clock.install()
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page={page_name}&s={scenario}&lang={lang}")
    page.wait_for_function("window.__ready === true")
    # what its first draw asked for in (the module's style sheet is a link that draw adds): a test
    # that measures at once measured the page unstyled on a loaded machine (one line where two are)
    page.wait_for_function(PREVIEW_IN)
    if clock:
        page.clock.pause_at(page.evaluate("Date.now()"))
    return ctx, page, errors


def phone_morph_opening(module, ctx, prelude=""):
    """Page-side JS opening the phone morph tests (pasted at the start of an async page function
    whose argument is `names`, the preview's scenarios): `mod`, the phone module
    /phone/games/<module>.js; `states`, the scenarios' payloads; `acts`, the actions the page
    sent; `ctxOf(msg)`, the test's own context `ctx` (an object literal's fields, `msg` in scope;
    `prelude` declares what they use) with the seat and an `act` that records; then
    MORPHED_AND_FRESH, and `diffs`: the scenarios whose phone page morphed from the one before
    does not read as drawn afresh."""
    return f"""
      const mod = await import("/phone/games/{module}.js");
      const states = await Promise.all(names.map((n) => fetch(`/states/${{n}}.json`).then((r) => r.json())));
      {prelude}
      const acts = [];
      const ctxOf = (msg) => ({{ {ctx}, seat: msg.seat,
        act: (a) => {{ acts.push(a); return Promise.resolve({{ ok: true }}); }} }});
""" + MORPHED_AND_FRESH + """      const diffs = states.filter((s) => !same({ ...s.phone, match: 1, version: ++version })).map((s) => s.name);
"""


# Page-side JS for the morph tests (pasted into an async page function that has already set
# `mod`, the game's page module, and `ctxOf(msg)`, its context): `morphed`, one root every payload
# is morphed into; `same(msg)` draws msg there and on an empty root and says whether the two read
# the same, leaving in `built` the parts (morph.js pageParts) the morphed drawing built; `text(node)`
# reads a node with its attributes in any order (a kept button may hold them in another order
# than a new one). The preview's own page is removed first: its ids are the parts'.
MORPHED_AND_FRESH = """
      const { partStats } = await import("/static/js/morph.js");
      const text = (n) => (n.nodeType !== 1 ? n.nodeValue : `<${n.localName} ${[...n.attributes].map((a) => `${a.name}="${a.value}"`)
        .sort().join(" ")}>${[...n.childNodes].map(text).join("")}</${n.localName}>`);
      document.getElementById("root").remove();
      const morphed = document.createElement("div");
      document.body.append(morphed);
      let version = 0;
      let built = 0;
      // Both drawings read one clock (a countdown's seconds): drawn a few ms apart, they once
      // fell on either side of a second and differed by a second on a loaded machine.
      const same = (msg) => {
        const realNow = Date.now;
        const now = realNow();
        Date.now = () => now;
        try {
          const before = partStats.built;
          mod.render(morphed, msg, ctxOf(msg));
          built = partStats.built - before;
          const fresh = document.createElement("div");
          document.body.append(fresh);
          mod.render(fresh, msg, ctxOf(msg));
          const ok = text(morphed) === text(fresh);
          fresh.remove();
          return ok;
        } finally {
          Date.now = realNow;
        }
      };
"""


def trace(page, run, categories, cdp=None):
    """The events of a DevTools trace (of `categories`) taken while `run()` runs on `page`, over
    `cdp` (a CDP session of the page; a new one, detached after, when None). The trace holds
    every page of the browser: stamps() finds the one a page marked."""
    own = cdp is None
    if own:
        cdp = page.context.new_cdp_session(page)
    events, done = [], []

    def collect(p):
        events.extend(p["value"])

    def complete(_):
        done.append(True)

    cdp.on("Tracing.dataCollected", collect)
    cdp.on("Tracing.tracingComplete", complete)
    cdp.send("Tracing.start", {"transferMode": "ReportEvents",
                               "traceConfig": {"includedCategories": list(categories)}})
    try:
        run()
    finally:
        cdp.send("Tracing.end")
        while not done:
            page.evaluate("0")          # lets Playwright deliver the trace's events
        cdp.remove_listener("Tracing.dataCollected", collect)
        cdp.remove_listener("Tracing.tracingComplete", complete)
        if own:
            cdp.detach()
    return events


def stamps(events, prefix=""):
    """[(ts, message, pid, tid)] of the console.timeStamp() marks in a trace whose message starts
    with `prefix`, in time order: their pid and tid are the marking page's main thread."""
    return sorted((e["ts"], e["args"]["data"]["message"], e["pid"], e["tid"]) for e in events
                  if e.get("name") == "TimeStamp"
                  and str(e.get("args", {}).get("data", {}).get("message", "")).startswith(prefix))


def task_windows(events, thread, bounds):
    """Per window between consecutive `bounds` (trace timestamps, µs; the last bound closes the
    last window): [(wall ms, thread ms, tasks)] of the `thread`'s (pid, tid) tasks. A task is an
    outermost complete ("X") event of the thread; the events nested in it (its script, its
    layout...) are its own and counted once, in it. A task belongs to the window its END falls
    in: a task that holds a mark (a page marks inside the task that then handles its update)
    started before the mark but is that update's, and a task ending on a bound is the window's
    before it. Tasks that end before the first bound or after the last are in no window. Wall
    is the events' `dur` (under CDP throttling it holds the thread's suspension, as CDP's
    TaskDuration does); thread is their `tdur` (the thread's own CPU time), `dur` where the
    trace has none."""
    import bisect
    out = [[0.0, 0.0, 0] for _ in range(max(0, len(bounds) - 1))]
    tasks = sorted((e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == tuple(thread)
                    and e.get("dur") is not None), key=lambda e: (e["ts"], -e["dur"]))
    end = None
    for e in tasks:
        if end is not None and e["ts"] < end:
            continue                # nested in the task counted last
        end = e["ts"] + e["dur"]
        k = bisect.bisect_left(bounds, end) - 1
        if 0 <= k < len(out):
            out[k][0] += e["dur"] / 1000.0
            out[k][1] += e.get("tdur", e["dur"]) / 1000.0
            out[k][2] += 1
    return [tuple(w) for w in out]


def settled(js_value, frames=5, ready="true"):
    """A wait_for_function body (polled each frame): true once every stylesheet of the page is
    loaded, `ready` (a JS expression) holds, and `js_value` (a JS expression) has kept the same
    JSON for `frames` frames: a page's fit read after the last refit its stylesheets or its
    stage's size cause, not before."""
    return f"""() => {{
      const now = JSON.stringify({js_value});
      const sheets = [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet);
      if (!sheets || !({ready}) || window.__settledSeen !== now) {{ window.__settledSeen = now; window.__settledFor = 0; return false; }}
      if (++window.__settledFor < {frames}) return false;
      // the next wait on this page counts its own frames, not this one's
      delete window.__settledSeen;
      return true;
    }}"""


# A preview page (tests/browser/preview.py) with what its first draw asked for in: stylesheets,
# fonts and images loaded, and #root's markup and the document's size the same for five frames
# (the fit a stylesheet's arrival causes has run). What wait_for_load_state("networkidle") was
# waited on for, without its half second of quiet after the last request on every page load.
PREVIEW_IN = settled(
    "[document.getElementById('root').innerHTML.length, document.documentElement.scrollHeight,"
    " document.documentElement.scrollWidth]",
    ready="document.fonts.status === 'loaded' && [...document.images].every((i) => i.complete)")


def tall_phone(open_table, open_phone, lang):
    """A phone at the join form of a new room, in `lang`, with a page taller than the screen (as
    a game's) and nothing focused: for what the phone's frame paints over a long page (its
    backdrop, its sticky header). The extra height is a CSS box after the page's main (its
    height the root's --tall, its background --tall-bg), not an element put in the page: a room
    message drawn after the form (the phone's own arrival) would morph an element away."""
    table = open_table(lang=lang)
    code = table.locator("#room-code").inner_text().strip()
    phone = open_phone(code, lang=lang)
    phone.locator("#name").wait_for()
    phone.add_style_tag(content='.phone-main::after { content: ""; display: block; '
                                'height: var(--tall, 2400px); background: var(--tall-bg, none); }')
    phone.evaluate("document.activeElement && document.activeElement.blur()")
    return phone


def scrolled_shots(page, ys=(0, 1200)):
    """Screenshots of `page` scrolled to each y in turn (animations stopped), then back at the top."""
    out = []
    for y in ys:
        page.evaluate("y => window.scrollTo(0, y)", y)
        page.wait_for_function("y => Math.abs(window.scrollY - y) < 1", arg=y)
        out.append(page.screenshot(animations="disabled"))
    page.evaluate("window.scrollTo(0, 0)")
    return out


# A live page still: its body's markup and size, its fonts and stylesheets the same for five frames.
PAGE_STILL = settled("[document.body.innerHTML, document.documentElement.scrollHeight]",
                     ready="document.fonts.status === 'loaded'")


def shots_with_and_without(page, css, tries=3):
    """scrolled_shots of a live `page` as it is and with the style `css` added: (without, with).
    A live page can change between two sets of shots on its own (a room message drawn, a font
    come in): the shots without are taken again after the style is taken out, and the whole is
    taken again when those two differ, so what differs between the two returned is the style's."""
    for _ in range(tries):
        page.wait_for_function(PAGE_STILL, timeout=10000)
        without = scrolled_shots(page)
        style = page.add_style_tag(content=css)
        page.wait_for_function(PAGE_STILL, timeout=10000)
        with_css = scrolled_shots(page)
        style.evaluate("s => s.remove()")
        page.wait_for_function(PAGE_STILL, timeout=10000)
        if scrolled_shots(page) == without:
            return without, with_css
    raise AssertionError(f"the page kept changing between its shots ({tries} tries)")


def preview_tv(browser, preview, scenario, lang="en", twice=False):
    """A 1280x720 TV page of a game's preview (tests/browser/preview.py) at `scenario`, in `lang`,
    ready: (page, the page's errors, the payload it drew). `twice`: the payload drawn again, so
    its parts are shown once (morph.js) and the next update builds only what it changes."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=table&s={scenario}&lang={lang}")
    page.wait_for_function("window.__ready === true")
    data = page.evaluate("s => fetch(`/states/${s}.json`).then((r) => r.json())", scenario)["table"]
    if twice:
        page.evaluate("m => window.__rerender(m)", data)
    return page, errors, data


def forced_layouts(events, n, prefix="update-"):
    """Per update (marked by console.timeStamp(`<prefix><i>`), i < n): the layouts a script
    forced on the page's main thread between its mark and the next. A forced layout is a style
    recalc then one or more Layout events with a JavaScript stack (Blink may lay out a second,
    short pass for the same read): one per recalc is counted. The trace holds every page of the
    browser: only the main thread the marks are on counts (another page of a test lays itself
    out meanwhile). Needs the "disabled-by-default-devtools.timeline.stack" category."""
    updates = stamps(events, prefix)
    marks = [(ts, int(message[len(prefix):])) for ts, message, _, _ in updates]
    main = {(pid, tid) for _, _, pid, tid in updates}
    forced = [0] * n
    recalc = True
    for e in sorted((e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in main), key=lambda e: e["ts"]):
        if e.get("name") == "UpdateLayoutTree":
            recalc = True
        elif e.get("name") == "Layout" and (e.get("args", {}).get("beginData") or {}).get("stackTrace"):
            at = [i for ts, i in marks if ts <= e["ts"]]
            if at and recalc:
                forced[at[-1]] += 1
            recalc = False
    return forced


# For a preview page drawn with helpers.preview_tv: the payload of the next update, drawn on the
# page shown (`page.evaluate(RERENDER, msg)`); returns the ids of the parts it built.
RERENDER = """async (m) => {
  const { partStats } = await import("/static/js/morph.js");
  const saved = partStats.log;
  partStats.log = [];
  try { window.__rerender(m); return partStats.log; } finally { partStats.log = saved; }
}"""
