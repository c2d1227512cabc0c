"""Issue 23 in a real browser: a seeded all-bot game of each game is replayed on the TV page
(/h/<CODE>?game=1) by the game's own TV module; the move of a step is shown as cast (a secret
vote with its choice), a player's hand at that step through their eyes, and the replay's end is
the game's result. The host's "Watch it again" sends every TV of the room to the replay.
No sleeps: every wait is on a condition."""
import json
import urllib.request

import pytest

from tests.browser.conftest import CHROMIUM_ARGS, TIMEOUT_MS, own_server  # noqa: F401
from tests.browser.helpers import settled
from tests.support.clients import Screen
from tests.support.waiting import wait_until

pytestmark = pytest.mark.browser

TV_720 = {"width": 1280, "height": 720}
GAMES = {"lifeboats": 4, "lifeboat": 4, "galerapagos": 5}


def finished(url, game, bots):
    table = Screen(url, {"role": "table", "room": None})
    code = table.wait("welcome")["room"]
    for _ in range(bots):
        assert table.call("add_bot", {})["ok"]
    assert table.call("start", {"game": game, "options": {}})["ok"]
    wait_until(lambda: (table.game() or {}).get("over"), 120, f"the bots to finish {game}")
    return table, code


def fetch(url):
    with urllib.request.urlopen(url) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def evening(tmp_path_factory):
    """One server, one finished seeded game of each kind: {game: (url, code, result, file)}."""
    data = tmp_path_factory.mktemp("replay")
    with own_server(data, "--seed", "5", "--bot-delay", "0") as url:
        games = {}
        for game, bots in GAMES.items():
            table, code = finished(url, game, bots)
            games[game] = (url, code, table.game()["result"],
                           fetch(f"{url}/rooms/{code}/games/1.json"))
            table.close()
        yield games


def open_replay(browser, page_errors, url, code, step, lang="en"):
    ctx = browser.new_context(viewport=TV_720, locale="fr-FR" if lang == "fr" else "en-US")
    ctx.set_default_timeout(TIMEOUT_MS)
    page = page_errors.watch(ctx.new_page(), "replay")
    page.goto(f"{url}/h/{code}?game=1&step={step}")
    page.wait_for_selector(f"#step-count")
    page.wait_for_function(f"window.castaways && window.castaways.state.step === {step}")
    return ctx, page


def first(actions, kind):
    return next(i for i, a in enumerate(actions, 1) if a["action"]["type"] == kind)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_replay_shows_the_secret_moves_and_ends_with_the_games_result(browser, page_errors, evening, game):
    url, code, result, story = evening[game]
    actions = story["actions"]
    kinds = {"lifeboats": ["vote"], "lifeboat": ["pick"], "galerapagos": ["vote", "give", "play"]}[game]
    kind = next(k for k in kinds if any(a["action"]["type"] == k for a in actions))
    step = first(actions, kind)
    seat = actions[step - 1]["seat"]
    names = [p["name"] for p in story["players"]]
    ctx, page = open_replay(browser, page_errors, url, code, step)
    try:
        caption = page.locator("#caption")
        assert caption.get_attribute("data-seat") == str(seat)
        assert caption.get_attribute("data-type") == kind
        text = page.locator("#move-text").inner_text()
        assert names[seat] in text
        frame = page.evaluate("window.castaways.state.frame")
        if game == "lifeboats":     # the vote as cast: its boat, named
            choice = actions[step - 1]["action"]["choice"]
            assert f"secretly votes {choice.capitalize()}" in text
            assert frame["views"][seat]["me"]["my_vote"] == choice
        # The TV module drew the table's view of that step, the side panel the mover's screen.
        assert page.locator("#stage").get_attribute("data-game") == game
        assert page.locator("#eyes").get_attribute("data-seat") == str(seat)
        if game == "galerapagos":   # the mover's hand at that step, card by card
            hand = sorted(frame["views"][seat]["me"]["hand"])
            shown = sorted(el.get_attribute("data-card")
                           for el in page.locator("#eyes-stage [data-testid^=gp-card-]").all())
            assert shown == hand
        # Another player's eyes, then back one step and on to the end.
        other = (seat + 1) % len(names)
        page.click(f"[data-eyes='{other}']")
        assert page.locator("#eyes").get_attribute("data-seat") == str(other)
        page.click("#prev")
        page.wait_for_function(f"window.castaways.state.step === {step - 1}")
        page.click("#last")
        page.wait_for_function(f"window.castaways.state.step === {len(actions)}")
        page.wait_for_selector("#caption .badge-over")
        assert page.evaluate("window.castaways.state.frame.result") == result
    finally:
        ctx.close()


def test_the_replay_plays_at_the_chosen_pace_and_pauses(browser, page_errors, evening):
    url, code, _, story = evening["lifeboats"]
    ctx, page = open_replay(browser, page_errors, url, code, 0, lang="fr")
    try:
        assert "Coup" not in page.locator("#step-count").inner_text()   # the start of the game
        page.select_option("#pace", "250")
        page.click("#play")
        page.wait_for_function("window.castaways.state.step >= 3")
        page.click("#play")          # pause
        stopped = page.evaluate("window.castaways.state.step")
        assert not page.evaluate("window.castaways.state.playing")
        assert page.evaluate("window.castaways.state.step") == stopped
        assert "Coup" in page.locator("#step-count").inner_text()
        page.locator("#jump").fill("40")
        page.locator("#jump").dispatch_event("change")
        page.wait_for_function("window.castaways.state.step === 40")
        turns = page.evaluate("window.castaways.state.frame.turns")
        turn, step = turns[3]
        page.select_option("#turn", str(step))           # "Tour 3" and so on
        page.wait_for_function(f"window.castaways.state.step === {step}")
        assert page.locator("#turn option:checked").inner_text() == f"Tour {turn}"
    finally:
        ctx.close()


def test_the_hosts_watch_sends_the_tv_to_the_replay(browser, page_errors, tmp_path):
    with own_server(tmp_path, "--seed", "9", "--bot-delay", "0") as url:
        ctx = browser.new_context(viewport=TV_720)
        ctx.set_default_timeout(TIMEOUT_MS)
        tv = page_errors.watch(ctx.new_page(), "tv")
        tv.goto(url + "/")
        code = tv.locator("#room-code").inner_text().strip()
        token = tv.evaluate(f"localStorage.getItem('castaways.host.{code}')")
        host = Screen(url, {"role": "table", "room": code, "host_token": token})
        host.client.on("watch", host._keeper("watch"))
        try:
            for _ in range(4):
                assert host.call("add_bot", {})["ok"]
            assert host.call("start", {"game": "lifeboats", "options": {}})["ok"]
            tv.click("#final-watch", timeout=60_000)       # the bots finish first
            tv.wait_for_url(f"**/h/{code}?game=1&play=1**")
            tv.wait_for_selector("#step-count")
            assert host.wait("watch")["number"] == 1
            tv.goto(f"{url}/h/{code}")
            # The list is fetched after the page loads: wait for it, then count.
            tv.wait_for_selector("#stories [data-status=over]")
            assert tv.locator("#stories [data-status=over]").count() == 1
        finally:
            host.close()
            ctx.close()


# The module's own fit on the stage (fit.js, lifeboats.js, galerapagos.js): the stage's virtual
# size and scale, and the board's inline sizes and fit classes.
_FIT = """() => { const s = document.querySelector('#stage'); const p = s.firstElementChild;
  return { stage: s.style.cssText, page: p.style.cssText, classes: [...p.classList].sort().join(' ') }; }"""


@pytest.mark.parametrize("game", ["lifeboats", "galerapagos"])
def test_a_paused_replay_resized_is_fitted_at_once(browser, page_errors, evening, game):
    """The replay's stage, like the live TV's, refits its board when the window changes size,
    with no step taken: the board reads as on a replay opened at that size."""
    url, code, _, story = evening[game]
    step = len(story["actions"]) // 2
    ctx, page = open_replay(browser, page_errors, url, code, step)
    try:
        for w, h in [(1920, 1080), (1280, 720)]:
            fresh_ctx, fresh = open_replay(browser, page_errors, url, code, step)
            try:
                fresh.set_viewport_size({"width": w, "height": h})
                fresh.reload()
                fresh.wait_for_function(f"window.castaways && window.castaways.state.step === {step}")
                # its fit once its stylesheets are in and it has stopped changing
                fresh.wait_for_function(settled(f"({_FIT})()"))
                want = fresh.evaluate(_FIT)
            finally:
                fresh_ctx.close()
            page.set_viewport_size({"width": w, "height": h})
            try:
                page.wait_for_function(f"want => JSON.stringify(({_FIT})()) === JSON.stringify(want)",
                                       arg=want, timeout=10_000)
            except Exception:
                pytest.fail(f"{game} {w}x{h}: {page.evaluate(_FIT)} (a replay opened at that size: {want})")
            assert page.evaluate("window.castaways.state.step") == step
    finally:
        ctx.close()
