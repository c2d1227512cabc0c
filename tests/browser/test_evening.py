"""The evening around the games (issue 14), in a real browser: the TV fits every screen, the
French header at game over, the join page with its code box, the latecomer's big QR code,
"your turn" on the phones, sound cues and the mute switch, the wake lock fallback, the final
strip, a kicked phone's header, the join error toast, and no 404 in any page's console.

The fixture-game tests use conftest's live_server; the Lifeboats ones a server whose bots wait
ten minutes, so the game stays where the test puts it: the test hands the TV page game payloads
made by the real engine (tests/browser/lifeboats_preview/lb_scenarios.py) through the page's
own `game` handler. No sleeps: every wait is on a condition."""
import sys

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ROOT, SHOTS, TIMEOUT_MS, own_server
from tests.browser.helpers import add_bots, host_request, join, pick_game
from tests.browser.paintcheck import COMPOSITOR_ONLY, repainting, running_animations

pytestmark = pytest.mark.browser

sys.path.insert(0, str(ROOT / "tests" / "browser" / "lifeboats_preview"))

SIZES = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}
PHONE = {"width": 390, "height": 844}
VOTE = 'button.btn-action[data-action=\'{{"type":"vote","choice":"{}"}}\']'


# ---- helpers --------------------------------------------------------------------------------

def new_page(browser, contexts, page_errors, viewport, lang="en", label="page", mobile=False, init=None):
    ctx = browser.new_context(viewport=viewport, locale="fr-FR" if lang == "fr" else "en-US",
                              is_mobile=mobile, has_touch=mobile)
    ctx.set_default_timeout(TIMEOUT_MS)
    contexts.append(ctx)
    if init:
        ctx.add_init_script(init)
    page = page_errors.watch(ctx.new_page(), label)
    page.bad = []   # 4xx/5xx answers and console errors, for the "no 404" checks
    page.on("response", lambda r: r.status >= 400 and page.bad.append(f"{r.status} {r.url}"))
    page.on("console", lambda m: m.type == "error" and page.bad.append(f"console: {m.text}"))
    return page


def code_of(table):
    return table.locator("#room-code").inner_text().strip()


def no_scroll(page):
    return page.evaluate("""() => {
        const s = document.scrollingElement;
        return {h: s.scrollHeight, w: s.scrollWidth, vh: innerHeight, vw: innerWidth};
    }""")


def assert_fits(page, what):
    d = no_scroll(page)
    assert d["h"] <= d["vh"] and d["w"] <= d["vw"], (what, d)


def boxes(page, selectors):
    out = {}
    for sel in selectors:
        loc = page.locator(sel)
        if loc.count() and loc.first.is_visible():
            out[sel] = loc.first.bounding_box()
    return out


def overlaps(a, b):
    return not (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
                or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5)


def assert_no_overlap(page, selectors, what):
    found = boxes(page, selectors)
    width = page.viewport_size["width"]
    for sel, box in found.items():
        assert box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5, (what, sel, box)
    names = list(found)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlaps(found[a], found[b]), (what, a, found[a], b, found[b])
    return found


# ---- Lifeboats on a server whose bots wait ----------------------------------------------------

@pytest.fixture(scope="module")
def lb_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("evening")
    with own_server(data, "--seed", "11", "--bot-delay", "600") as url:
        yield url


@pytest.fixture(scope="module")
def scenarios():
    """Every preview scenario's TV payload, made once by the real engine."""
    import lb_scenarios
    return {name: lb_scenarios.build(name)["table"] for name in lb_scenarios.SCENARIOS}


def lifeboats_tv(browser, contexts, page_errors, url, viewport, lang="en"):
    """The host TV with four bots in a Lifeboats game (the bots never move)."""
    tv = new_page(browser, contexts, page_errors, viewport, lang, "tv")
    tv.goto(url + "/")
    tv.locator("#room-code").wait_for()
    pick_game(tv, "lifeboats")
    add_bots(tv, 4)
    tv.locator("#start").click()
    tv.locator(".lb-table").wait_for()
    return tv


def inject(tv, msg, version):
    """Hand the page a game payload through its own `game` handler; wait until drawn."""
    msg = {**msg, "version": version}
    tv.evaluate("m => window.castaways.net.socket.listeners('game')[0](m)", msg)
    tv.wait_for_function("v => document.querySelector('#stage')?.dataset.version === String(v)", arg=version)
    tv.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def settle(page):
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)")


def assert_panels_not_cut(tv, what):
    """No line of the bottom panels is cut off by its frame (the ejection ballot's last line)."""
    cut = tv.evaluate("""() => {
        const bad = [];
        for (const panel of document.querySelectorAll('.lb-stage > *')) {
            const r = panel.getBoundingClientRect();
            for (const child of panel.children) {
                const c = child.getBoundingClientRect();
                if (c.height && c.bottom > r.bottom + 1) bad.push(child.className + ' ' + child.textContent.slice(0, 40));
            }
        }
        return bad;
    }""")
    assert not cut, (what, cut)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lifeboats_tv_fits_its_screen_in_every_phase(browser, contexts, page_errors, lb_server,
                                                         scenarios, shot, size, lang):
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, SIZES[size], lang)
    assert_fits(tv, "start")
    for i, (name, msg) in enumerate(scenarios.items()):
        inject(tv, msg, 1000 + i)
        assert_fits(tv, name)
        board = tv.locator(".lb-table").bounding_box()
        assert board["y"] + board["height"] <= SIZES[size]["height"] + 0.5, (name, board)
        assert board["x"] + board["width"] <= SIZES[size]["width"] + 0.5, (name, board)
        assert_panels_not_cut(tv, name)
        if name in ("eject_vote", "negotiate", "over", "eject_pick_1993", "vote_5p") and SHOTS:
            # Still pictures for people (CASTAWAYS_SHOTS=1); the reveal's animations take
            # seconds to end and nothing above waits on them (30 of this test's 45 s).
            settle(tv)
            shot(tv, f"evening-lb-{name}-{size}-{lang}")
    # The host's drawer takes width from the board, which still fits.
    tv.locator("#host-toggle").click()
    tv.locator(".drawer").wait_for()
    tv.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert_fits(tv, "drawer")
    board = tv.locator(".lb-table").bounding_box()
    drawer = tv.locator(".drawer").bounding_box()
    assert board["x"] + board["width"] <= drawer["x"] + 0.5
    shot(tv, f"evening-lb-drawer-{size}-{lang}")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_tv_lobby_fits_with_six_players_and_the_options(browser, contexts, page_errors, lb_server, shot, size):
    tv = new_page(browser, contexts, page_errors, SIZES[size], "fr", "tv")
    tv.goto(lb_server + "/")
    tv.locator("#room-code").wait_for()
    pick_game(tv, "lifeboats")
    add_bots(tv, 6)
    expect(tv.locator("[data-option=edition]")).to_be_visible()
    tv.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert_fits(tv, "lobby")
    assert tv.locator(".topbar").bounding_box()["y"] >= 0
    start = tv.locator("#start").bounding_box()
    assert start["y"] + start["height"] <= SIZES[size]["height"], start
    shot(tv, f"evening-lobby-{size}-fr")


def test_the_lifeboats_tv_scales_up_on_a_4k_screen(browser, contexts, page_errors, lb_server, scenarios, shot):
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, {"width": 3840, "height": 2160})
    inject(tv, scenarios["vote"], 2000)
    assert_fits(tv, "4k")
    assert float(tv.locator("#stage").get_attribute("data-fit")) > 1.8
    board = tv.locator(".lb-table").bounding_box()
    assert board["height"] > 1700       # the board fills the screen, not a 1080p corner of it
    shot(tv, "evening-lb-vote-4k")


HEADER = [".topbar > .brand", ".mini-join", ".game-name", "#join-toggle", "#host-toggle",
          ".conn.conn-visible", "#sound", "#fullscreen", ".topbar .lang-switch"]


@pytest.mark.parametrize("size", list(SIZES))
def test_the_french_tv_header_at_game_over_has_no_overlap(browser, contexts, page_errors, lb_server,
                                                          scenarios, shot, size):
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, SIZES[size], "fr")
    inject(tv, scenarios["over"], 3000)
    # the room says "over" too (as after a real last move): the header's badge shows
    tv.evaluate("() => { const r = window.castaways.state.room;"
                " window.castaways.net.socket.listeners('room')[0]({...r, status: 'over'}); }")
    expect(tv.locator(".badge-over")).to_have_text("Terminée")
    expect(tv.locator("#final")).to_be_visible()
    found = assert_no_overlap(tv, HEADER, f"header {size}")
    assert {".mini-join", ".game-name", "#join-toggle", "#host-toggle", "#sound", ".topbar .lang-switch"} <= set(found)
    expect(tv.locator(".game-name")).to_contain_text("Lifeboats")
    # the final strip: its buttons inside the screen, side by side
    assert_no_overlap(tv, ["#final .final-text", "#final-rematch", "#final-lobby"], f"final {size}")
    assert_fits(tv, "over")
    settle(tv)
    shot(tv, f"evening-fr-over-{size}")
    tv.locator("#host-toggle").click()
    tv.locator(".drawer").wait_for()
    assert_no_overlap(tv, HEADER, f"header with drawer {size}")
    assert_fits(tv, "over with drawer")


def test_the_1993_edition_is_titled_and_coloured_as_its_box(browser, contexts, page_errors, lb_server, scenarios):
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, SIZES["1080p"], "fr")
    inject(tv, scenarios["negotiate"], 4000)              # 2009
    expect(tv.locator(".lb-brand")).to_have_text("Lifeboats")
    inject(tv, scenarios["eject_pick_1993"], 4001)        # 1993: blue is shown orange
    expect(tv.locator(".lb-brand")).to_have_text("Chacun pour soi")
    fourth = tv.locator(".players-strip .player").nth(3).locator(".disc")
    expect(fourth).to_have_text("O")
    assert tv.evaluate("e => getComputedStyle(e).backgroundColor", fourth.element_handle()) == "rgb(238, 122, 27)"
    tv.locator(".lang-switch [data-lang=en]").click()
    expect(tv.locator(".lb-brand")).to_have_text("Lifeboats (1993)")
    inject(tv, scenarios["negotiate"], 4002)              # back to 2009: blue again
    expect(fourth).to_have_text("B")


def test_the_turns_outcomes_come_back_after_a_tv_reload(browser, contexts, page_errors, lb_server, scenarios):
    """A one-option ballot, a forced move: no reveal shows them; the view's turn_outcomes do,
    also on a TV that has just (re)loaded and has no events."""
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, SIZES["1080p"])
    msg = scenarios["sank"]
    outs = msg["view"]["turn_outcomes"]
    assert outs, "the scenario's turn did something"
    reloaded = {**msg, "events": [], "view": {**msg["view"], "last_reveal": None}}
    inject(tv, reloaded, 5000)
    panel = tv.locator("[data-testid=lb-turn-outcomes]")
    expect(panel).to_be_visible()
    expect(panel.locator("li")).to_have_count(min(5, len(outs)))


def test_sound_cues_and_a_remembered_mute_switch(browser, contexts, page_errors, lb_server, scenarios):
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, SIZES["1080p"])
    inject(tv, scenarios["vote"], 6000)
    inject(tv, scenarios["sank"], 6001)
    inject(tv, scenarios["landed"], 6002)
    inject(tv, scenarios["captain"], 6003)
    inject(tv, scenarios["over"], 6004)
    sounds = tv.evaluate("() => [...window.castaways.sounds]")
    # boat_sank, boat_landed, ballot_revealed, game over: in that order
    assert sounds[-4:] == ["sink", "land", "reveal", "end"], sounds
    # the countdown's last seconds tick
    deadline = tv.evaluate("() => Date.now() + 4500")   # ticks at 4, 3, 2, 1 s left
    inject(tv, {**scenarios["negotiate"], "deadline": deadline}, 6005)
    tv.wait_for_function("() => window.castaways.sounds.filter(s => s === 'tick').length >= 2")
    # the mute switch is remembered across a reload
    expect(tv.locator("#sound")).to_have_attribute("aria-pressed", "true")
    tv.locator("#sound").click()
    expect(tv.locator("#sound")).to_have_attribute("aria-pressed", "false")
    assert tv.evaluate("() => localStorage.getItem('castaways.sound')") == "off"
    tv.reload()
    expect(tv.locator("#sound")).to_have_attribute("aria-pressed", "false")
    assert not [b for b in tv.bad if "404" in b], tv.bad


def test_the_countdown_ticks_stop_when_the_host_ends_the_game(browser, contexts, page_errors, lb_server, scenarios):
    """Back in the lobby the TV does not tick through the gone game's last seconds: end_game
    sends the room, no `game` payload that would clear the countdown."""
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, SIZES["720p"])
    deadline = tv.evaluate("() => Date.now() + 5600")     # ticks at 5, 4, 3, 2, 1 s left
    inject(tv, {**scenarios["negotiate"], "deadline": deadline}, 7000)
    host_request(tv, "end_game", {})
    tv.locator("#start").wait_for()
    heard = tv.evaluate("() => window.castaways.sounds.length")
    tv.wait_for_function("d => Date.now() > d + 300", arg=deadline, timeout=10_000)
    assert tv.evaluate("n => window.castaways.sounds.slice(n)", heard) == []


def test_a_reveal_ends_when_the_host_ends_the_game(browser, contexts, page_errors, lb_server, scenarios):
    """The host ends the game during a reveal: the lobby shows at once, not under the rest of the
    reveal (the TV module's game memory ends with its game: reveal.js endReveals)."""
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, SIZES["720p"])
    tv.evaluate("() => import('/static/js/reveal.js').then((m) => { window.__rv = m; })")
    inject(tv, scenarios["negotiate"], 8000)      # the scenario's game: its first payload, nothing revealed
    inject(tv, scenarios["over"], 8001)           # its final scores: a reveal of several seconds
    tv.wait_for_function("() => window.__rv.revealState().playing")
    host_request(tv, "end_game", {})
    tv.locator("#start").wait_for()
    assert tv.evaluate("() => window.__rv.revealState()") == {"playing": False, "key": None, "queued": 0}
    expect(tv.locator(".rv-overlay")).to_have_count(0, timeout=2000)     # after its 250 ms fade


def test_the_gone_games_outcome_is_not_left_for_a_screen_reader(browser, contexts, page_errors, lb_server, scenarios):
    """The reveal's outcome, said to a screen reader in a live region the page keeps, is taken
    back when its game ends (here the host ends it on the outcome): it is not read out in the
    lobby or in the next game."""
    tv = lifeboats_tv(browser, contexts, page_errors, lb_server, SIZES["720p"])
    inject(tv, scenarios["negotiate"], 8100)
    inject(tv, scenarios["over"], 8101)
    live = tv.locator("[data-testid=reveal-live]")
    expect(live).not_to_be_empty(timeout=15_000)      # the final scores' outcome, said
    host_request(tv, "end_game", {})
    tv.locator("#start").wait_for()
    expect(live).to_be_empty()


# Counts the page's audio contexts, and which cue was being played when one was made.
AUDIO_COUNT = """(() => {
  const Real = window.AudioContext;
  window.__audioMade = [];
  window.AudioContext = class extends Real {
    constructor(...a) { super(...a); window.__audioMade.push((window.castaways?.sounds || []).length); }
  };
})();"""
IDLE = "() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(() => r(true), { timeout: 4000 }), { timeout: 4000 }))"


@pytest.mark.parametrize("muted", [False, True])
def test_the_audio_is_made_before_the_first_cue_not_in_it(browser, contexts, page_errors, lb_server, scenarios, muted):
    """Making an audio context takes Chromium's main thread 80-350 ms: the TV makes it in an
    idle moment once a game is on, not in the middle of the evening's first reveal. The game
    is started without a touch on the TV (a host's phone starts it), so no tap makes it first;
    a muted TV makes none."""
    tv = new_page(browser, contexts, page_errors, SIZES["720p"], "en", "tv", init=AUDIO_COUNT + (
        "try { localStorage.setItem('castaways.sound', 'off'); } catch (_) {}" if muted else ""))
    tv.goto(lb_server + "/")
    tv.locator("#room-code").wait_for()
    for _ in range(4):
        host_request(tv, "add_bot", {})
    host_request(tv, "start", {"game": "lifeboats", "options": {}})
    tv.locator(".lb-table").wait_for()
    if muted:
        tv.evaluate(IDLE)
        assert tv.evaluate("() => window.__audioMade") == []
        return
    tv.wait_for_function("() => window.__audioMade.length === 1")
    assert tv.evaluate("() => window.__audioMade") == [0], "made while a cue was played"
    inject(tv, scenarios["vote"], 7000)
    inject(tv, scenarios["sank"], 7001)
    assert tv.evaluate("() => window.castaways.sounds.length") > 0, "no cue played: the test proves nothing"
    assert tv.evaluate("() => window.__audioMade") == [0]


# ---- the platform, with the fixture game ------------------------------------------------------

def fixture_room(browser, contexts, page_errors, live_server, names, viewport=None, lang="en", inits=None):
    tv = new_page(browser, contexts, page_errors, viewport or SIZES["1080p"], lang, "tv")
    tv.goto(live_server + "/")
    tv.locator("#room-code").wait_for()
    code = code_of(tv)
    phones = []
    for i, name in enumerate(names):
        phone = new_page(browser, contexts, page_errors, PHONE, lang, name, mobile=True,
                         init=(inits or {}).get(name))
        phone.goto(f"{live_server}/j/{code}")
        join(phone, name)
        phones.append(phone)
    expect(tv.locator(".lobby-panel .player")).to_have_count(len(names))
    pick_game(tv, "fixture")
    return tv, code, phones


def test_join_by_code_from_the_short_address(browser, contexts, page_errors, live_server, shot):
    tv = new_page(browser, contexts, page_errors, SIZES["1080p"], "en", "tv")
    tv.goto(live_server + "/")
    code = code_of(tv)
    for lang in ("en", "fr"):
        phone = new_page(browser, contexts, page_errors, PHONE, lang, f"phone-{lang}", mobile=True)
        phone.goto(live_server + "/j")
        box = phone.locator("#code")
        expect(box).to_be_visible()
        assert box.bounding_box()["height"] >= 60          # big letters, for a thumb
        box.fill("ab")
        phone.locator("#code-go").click()
        expect(phone.locator("#code-error")).to_have_text(
            "Type the four letters shown on the TV." if lang == "en" else "Tapez les quatre lettres affichées à la télé.")
        box.fill("qq-qq")                                   # cleaned to QQQQ as typed
        expect(box).to_have_value("QQQQ")
        phone.locator("#code-go").click()
        expect(phone.locator("#code-error")).to_contain_text("QQQQ")
        expect(box).to_have_attribute("aria-invalid", "true")
        assert_fits(phone, "code page")
        shot(phone, f"evening-join-code-{lang}")
        box.fill(code.lower())
        phone.locator("#code-go").click()
        phone.wait_for_url(f"**/j/{code}")
        join(phone, f"Typist {lang}")
        assert not phone.bad, phone.bad
    # An unknown room's page sends the phone to the code box, never to the TV page.
    phone.goto(live_server + "/j/QQQQ")
    link = phone.locator("a")
    expect(link).to_have_attribute("href", "/j")
    link.click()
    expect(phone.locator("#code")).to_be_visible()
    assert tv.evaluate("() => window.castaways.state.room.players.length") == 2


def test_a_latecomer_gets_the_big_qr_code_during_a_game(browser, contexts, page_errors, live_server, shot):
    tv, code, phones = fixture_room(browser, contexts, page_errors, live_server, ["Ana", "Bob"])
    tv.locator("#start").click()
    expect(phones[0].locator(VOTE.format("red"))).to_be_visible()
    expect(tv.locator("#join-overlay")).to_have_count(0)
    # a phone opens the join page: the TV shows its big QR code and the code by itself
    late = new_page(browser, contexts, page_errors, PHONE, "en", "late", mobile=True)
    late.goto(f"{live_server}/j/{code}")
    overlay = tv.locator("#join-overlay")
    expect(overlay).to_be_visible()
    expect(overlay.locator("#overlay-code")).to_have_text(code)
    qr = overlay.locator("img.qr-big")
    tv.wait_for_function("() => { const i = document.querySelector('#join-overlay img.qr-big');"
                         " return i && i.complete && i.naturalWidth > 0; }")
    assert qr.bounding_box()["width"] >= 400                # scannable from a sofa
    assert_fits(tv, "overlay")
    shot(tv, "evening-latecomer-qr")
    # once joined (a spectator, offered a seat by the host as before), the QR code goes away
    late.fill("#name", "Late")
    late.click("#join")
    expect(late.locator("#spectator")).to_be_visible()
    expect(overlay).to_have_count(0)
    # and the "Join" button shows it at any time
    tv.locator("#join-toggle").click()
    expect(overlay).to_be_visible()
    tv.locator("#join-close").click()
    expect(overlay).to_have_count(0)
    tv.locator("#mini-join").click()
    expect(overlay).to_be_visible()


# Records navigator.vibrate calls, and lets the test hide and show the page.
TURN_INIT = """
window.__vibrations = [];
Object.defineProperty(Navigator.prototype, 'vibrate', {configurable: true, value: function (p) { window.__vibrations.push(p); return true; }});
window.__hidden = false;
Object.defineProperty(Document.prototype, 'visibilityState', {configurable: true, get() { return window.__hidden ? 'hidden' : 'visible'; }});
Object.defineProperty(Document.prototype, 'hidden', {configurable: true, get() { return window.__hidden; }});
"""


def set_hidden(page, hidden):
    page.evaluate("h => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }", hidden)


def test_your_turn_vibrates_and_says_so_also_after_the_background(browser, contexts, page_errors, live_server, shot):
    tv, code, phones = fixture_room(browser, contexts, page_errors, live_server, ["Ana", "Bob"],
                                    inits={"Ana": TURN_INIT, "Bob": TURN_INIT})
    ana, bob = phones
    set_hidden(ana, True)               # Ana's phone is in her pocket when the game starts
    tv.locator("#start").click()
    expect(bob.locator(VOTE.format("red"))).to_be_visible()
    expect(bob.locator("#turn-banner")).to_have_text("Your turn!")
    bob.wait_for_function("() => window.__vibrations.length === 1")
    assert bob.title().startswith("● Your turn!")
    ana.wait_for_function("() => window.castaways.turn.mine === true")
    assert ana.evaluate("() => window.__vibrations.length") == 0     # hidden: nothing yet
    assert ana.title().startswith("● Your turn!")
    set_hidden(ana, False)               # she looks at it: the cue now
    ana.wait_for_function("() => window.__vibrations.length === 1")
    expect(ana.locator("#turn-banner")).to_be_visible()
    # the pill's flash plays on the compositor (issue 24: an animated background and text
    # colour painted the header on every frame): its keyframes, and whatever of it still runs,
    # animate nothing but transform and opacity
    flash = ana.evaluate("""() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
      .filter((r) => r instanceof CSSKeyframesRule && r.name.startsWith('turn-flash'))
      .map((r) => [r.name, [...r.cssRules].flatMap((k) => [...k.style])])""")
    assert flash and all(props and set(props) <= COMPOSITOR_ONLY for _, props in flash), flash
    assert not repainting(running_animations(ana)), running_animations(ana)
    shot(ana, "evening-your-turn")
    # once Bob has voted, it is no longer his turn; the pill goes, the game's page stays where
    # it is (issue 24: taken out and put back, the stage was styled and laid out anew)
    bob.evaluate("""() => { const stage = document.getElementById('stage'); window.__stageLeft = 0;
      window.__header = document.querySelector('header.topbar');
      new MutationObserver((recs) => { for (const r of recs) for (const n of r.removedNodes) if (n === stage || n.contains(stage)) window.__stageLeft++; })
        .observe(document.getElementById('app'), { childList: true, subtree: true }); }""")
    bob.locator(VOTE.format("red")).click()
    expect(bob.locator("#turn-banner")).to_have_count(0)
    bob.wait_for_function("() => !document.title.startsWith('●')")
    assert bob.evaluate("() => window.__vibrations.length") == 1
    assert bob.evaluate("() => window.__stageLeft") == 0
    # only the pill went: the header is the one shown (a turn redrew the header and host row)
    assert bob.evaluate("() => document.querySelector('header.topbar') === window.__header")
    expect(bob.locator("header.topbar .room-tag")).to_be_visible()


NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"   # as on http://192.168.x.y


def test_phones_stay_awake_with_the_video_fallback_on_plain_http(browser, contexts, page_errors, live_server):
    tv, code, phones = fixture_room(browser, contexts, page_errors, live_server, ["Ana"],
                                    inits={"Ana": NO_WAKE_LOCK})
    ana = phones[0]
    assert ana.evaluate("() => 'wakeLock' in navigator") is False
    tv.locator("#add-bot").click()
    tv.locator("#start").click()
    expect(ana.locator(VOTE.format("red"))).to_be_visible()
    ana.locator("#me").click()            # any tap may start the video
    ana.wait_for_function("() => { const w = window.castaways.wake(); return w.mode === 'video' && w.active; }")
    # the video is made locally (a data: URI in the vendored NoSleep.js), nothing fetched outside
    urls = ana.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
    assert all(u.startswith(live_server) for u in urls), urls
    assert any(u.endswith("/static/vendor/nosleep/NoSleep.min.js") for u in urls)


def test_the_final_strip_offers_rematch_and_the_lobby_to_the_host(browser, contexts, page_errors, live_server, shot):
    tv, code, phones = fixture_room(browser, contexts, page_errors, live_server, ["Ana", "Bob"])
    ana, bob = phones                     # Ana, the first phone, hosts beside the TV
    tv.locator("#start").click()
    for _round in range(2):
        for phone in (ana, bob):
            button = phone.locator(VOTE.format("red"))
            expect(button).to_be_enabled()
            before = int(phone.locator("#stage").get_attribute("data-version"))
            button.click()
            phone.wait_for_function(
                "v => Number(document.querySelector('#stage')?.dataset.version) > v", arg=before)
    for page in (tv, ana, bob):
        expect(page.locator("#final")).to_be_visible()
        expect(page.locator("#final .final-title")).to_have_text("Game over")
    expect(tv.locator("#final-rematch")).to_be_visible()
    expect(ana.locator("#final-rematch")).to_be_visible()
    expect(bob.locator("#final-rematch")).to_have_count(0)
    expect(bob.locator("#final .final-wait")).to_be_visible()
    # the game's own screen still reveals everything (the generic result, the secrets)
    expect(tv.locator("#stage .result")).to_be_visible()
    assert_fits(tv, "final")
    shot(tv, "evening-final-tv")
    tv.set_viewport_size(SIZES["720p"])       # the generic screen fits a laptop too
    tv.wait_for_function("() => document.querySelector('#stage').offsetWidth * Number(document.querySelector('#stage').dataset.fit) <= 1280")
    assert_fits(tv, "final 720p")
    shot(tv, "evening-final-tv-720p")
    shot(ana, "evening-final-host-phone")
    # back to the lobby from the host's phone (two taps: it ends the game)
    ana.locator("#final-lobby").click()
    ana.locator("#final-lobby").click()
    expect(tv.locator(".lobby-panel")).to_be_visible()
    expect(ana.locator("#you")).to_be_visible()
    expect(tv.locator("#final")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_kicked_phone_keeps_its_language_switch_on_screen(browser, contexts, page_errors, live_server, shot, lang):
    tv, code, phones = fixture_room(browser, contexts, page_errors, live_server, ["Ana"], lang=lang)
    ana = phones[0]
    pid = tv.evaluate("() => window.castaways.state.room.players[0].id")
    reply = tv.evaluate("p => window.castaways.net.request('kick', {player: p})", pid)
    assert reply["ok"], reply
    expect(ana.locator("#rejoin")).to_be_visible()
    assert_no_overlap(ana, [".topbar > .brand", ".room-tag", ".conn.conn-visible", ".topbar .lang-switch"], "kicked")
    assert boxes(ana, [".topbar .lang-switch"])
    assert_fits(ana, "kicked")
    shot(ana, f"evening-kicked-{lang}")


def test_the_join_error_toast_goes_once_the_join_succeeds(browser, contexts, page_errors, live_server):
    tv = new_page(browser, contexts, page_errors, SIZES["1080p"], "fr", "tv")
    tv.goto(live_server + "/")
    phone = new_page(browser, contexts, page_errors, PHONE, "fr", "phone", mobile=True)
    phone.goto(f"{live_server}/j/{code_of(tv)}")
    phone.locator("#join").click()
    expect(phone.locator(".toast-error")).to_contain_text("Tapez un nom")
    join(phone, "Zoé")
    expect(phone.locator(".toast-error")).to_have_count(0)


def test_no_page_asks_for_a_file_that_does_not_exist(browser, contexts, page_errors, live_server):
    """The fixture game has no page modules: the room payload says so and no page probes."""
    tv, code, phones = fixture_room(browser, contexts, page_errors, live_server, ["Ana"])
    tv.locator("#add-bot").click()
    tv.locator("#start").click()
    expect(phones[0].locator(VOTE.format("red"))).to_be_visible()
    expect(tv.locator("#stage .waiting")).to_be_visible()
    pages = tv.evaluate("() => window.castaways.state.room.games.find(g => g.id === 'fixture').pages")
    assert pages == {"table": False, "phone": False}
    for page in (tv, phones[0]):
        assert not page.bad, page.bad


def test_a_1993_phone_wears_its_seat_as_the_board_shows_it(browser, contexts, page_errors, lb_server):
    """Seat 3 is blue in the room, orange in the 1993 box: the phone's header says orange."""
    tv = new_page(browser, contexts, page_errors, SIZES["1080p"], "en", "tv")
    tv.goto(lb_server + "/")
    code = code_of(tv)
    pick_game(tv, "lifeboats")
    add_bots(tv, 3)
    phone = new_page(browser, contexts, page_errors, PHONE, "en", "dee", mobile=True)
    phone.goto(f"{lb_server}/j/{code}")
    join(phone, "Dee")
    expect(phone.locator("#me .disc")).to_have_text("B")            # the room gives seat 3 blue
    tv.locator("[data-option=edition] .seg", has_text="1993").click()
    tv.wait_for_function("() => window.castaways.state.room.selected.options.edition === '1993'")
    tv.locator("#start").click()
    phone.locator(".lb-phone").wait_for()
    expect(phone.locator("#me .disc")).to_have_text("O")            # seat 3: blue, shown orange
    assert phone.evaluate("e => getComputedStyle(e).backgroundColor",
                          phone.locator("#me .disc").element_handle()) == "rgb(238, 122, 27)"
    expect(tv.locator(".players-strip .player").nth(3).locator(".disc")).to_have_text("O")
