"""The big moments on the TV (issue 20), in a real browser on a real seeded server: a TV and
four phones play each game (the phones send the moves a simple seeded policy picks, through
their own connection). (a) The first reveals take the TV's whole screen (the reveal's box
covers more than 60% of the viewport), turn over every vote, end on the outcome and say it
to a screen reader, while the phones go on acting, and a TV reloaded after one shows the
board, never the reveal again; (b) at every step the TV names, in its
"waiting for" banner, every player the game waits for. No sleeps: every wait is on a
condition."""
import random

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import own_server, TV
from tests.browser.helpers import pick_game, seat_players

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cy", "Dee"]
NOT_MOVES = {"show", "give", "trade_open", "trade_put", "trade_take", "trade_accept",
             "trade_cancel", "agree"}
# (game, server seed, the kinds of reveal to see before the test ends)
GAMES = [("lifeboats", 3, 2), ("galerapagos", 2, 1), ("lifeboat", 4, 2)]


@pytest.fixture(params=GAMES, ids=[g[0] for g in GAMES])
def game(request):
    return request.param


@pytest.fixture
def live_server(tmp_path, game):
    with own_server(tmp_path, "--seed", str(game[1]), "--bot-delay", "0") as url:
        yield url


ACT = """async (a) => {
  const g = window.castaways.state.game;
  return window.castaways.net.request("act", { version: g.version, action: a });
}"""

STATE = """() => { const g = window.castaways.state.game;
  return g && { version: g.version, seat: g.seat, waiting: g.waiting_for, legal: g.legal_actions,
                over: g.over }; }"""


def pick(rng, legal):
    """A move: "done"/"ready" in a window (nobody holds it), else a random real decision."""
    for quick in ({"type": "done"}, {"type": "pass"}):
        if quick in legal and any(a["type"] in ("join", "weapon", "chum", "throw_preserver", "drink",
                                                "pour", "pour_his", "play") for a in legal):
            return quick
    moves = [a for a in legal if a["type"] not in NOT_MOVES] or legal
    return rng.choice(moves)


def step(phones, rng, version=None):
    """One phone whose seat the game waits for makes a move; returns the reply (or None).
    Given the version the TV shows, it first waits until every phone has it: on a loaded
    machine a phone can lag behind the TV, and at its older version nobody is waited for."""
    if version is not None:
        for phone in phones:
            phone.wait_for_function("v => { const g = window.castaways.state.game;"
                                    " return g && g.version >= v; }", arg=version)
    for phone in phones:
        st = phone.evaluate(STATE)
        if st and not st["over"] and st["seat"] in (st["waiting"] or []) and st["legal"]:
            return phone.evaluate(ACT, pick(rng, st["legal"]))
    return None


def tv_waits_for(table):
    """The TV's banner text and the game's waited-for seats' names, read at the same version."""
    return table.evaluate("""() => {
      const g = window.castaways.state.game;
      const room = window.castaways.state.room;
      const el = document.querySelector('#stage [data-testid=waiting-for]');
      const name = (seat) => (room.players.find((p) => p.seat === seat) || {}).name;
      return { version: g.version, over: g.over, names: (g.waiting_for || []).map(name),
               text: el ? el.textContent : null,
               shown: Number(document.querySelector('#stage')?.dataset.version) };
    }""")


def check_reveal(table, phones, rng, shot, name):
    """The reveal on the TV now: its box, every vote turned, the outcome, and a phone acting."""
    overlay = table.locator("[data-testid=reveal]").first
    kind, key = overlay.get_attribute("data-kind"), overlay.get_attribute("data-key")
    overlay = table.locator(f"[data-testid=reveal][data-key='{key}']")
    box = overlay.locator(".rv-sheet").bounding_box()
    assert box["width"] * box["height"] > 0.6 * TV["width"] * TV["height"], box
    votes = overlay.locator("[data-testid=reveal-vote]").count()
    before = table.evaluate("() => window.castaways.state.game.version")
    reply = step(phones, rng)           # the game does not wait for the reveal
    if reply is not None:
        assert reply["ok"], reply
        table.wait_for_function("v => window.castaways.state.game.version > v", arg=before)
    shot(table, f"moments-{name}-votes")
    expect(overlay.locator(".rv-outcome.shown")).to_be_visible()
    assert overlay.locator(".rv-vote.shown").count() == votes
    live = table.locator("[data-testid=reveal-live]")
    expect(live).not_to_be_empty()
    shot(table, f"moments-{name}-outcome")
    overlay.wait_for(state="detached", timeout=12_000)   # it ends by itself
    return kind


def test_reveals_take_the_tv_and_the_tv_names_who_it_waits_for(open_table, open_phone, game, shot):
    game_id, seed, reveals_wanted = game
    rng = random.Random(seed)
    table, _, phones, _ = seat_players(open_table, open_phone, NAMES)
    pick_game(table, game_id)
    table.locator("#start").click()
    table.locator("#stage").wait_for()
    table.wait_for_function("() => window.castaways.state.game && document.querySelector('#stage [data-testid=waiting-for]')")
    kinds, checked = [], 0
    for _ in range(1500):
        w = tv_waits_for(table)
        if w["over"]:
            break
        if w["names"] and w["shown"] == w["version"]:
            assert w["text"], f"no banner at version {w['version']}"
            for n in w["names"]:
                assert n in w["text"], (n, w["text"])
            checked += 1
        if table.locator("[data-testid=reveal]").count():
            kinds.append(check_reveal(table, phones, rng, shot, f"{game_id}-{len(kinds)}"))
            if len(kinds) == 1:
                # A TV that reloads shows the board: the reveals it holds never play again.
                table.reload()
                table.wait_for_function("() => window.castaways && window.castaways.state.game"
                                        " && document.querySelector('#stage[data-version]')")
                state = table.evaluate("() => import('/static/js/reveal.js').then((m) => m.revealState())")
                assert state == {"playing": False, "key": None, "queued": 0}
                assert table.locator("[data-testid=reveal]").count() == 0
            if len(kinds) >= reveals_wanted:
                break
            continue
        before = w["version"]
        reply = step(phones, rng, before)
        assert reply is not None, "nobody could act"
        if reply["ok"]:
            table.wait_for_function("v => window.castaways.state.game.version > v", arg=before)
    assert len(kinds) >= reveals_wanted, kinds
    assert checked > 5
