"""Lifeboats end to end in a real browser: one TV table page and four phone pages on a real
server (seeded), a whole game played by clicking the phones' controls only: lanes, seats,
call the vote, the vote wheel, captain's and tie-break choices, leave and board. The TV must
show each reveal and the final scores of the server's result(); no phone ever receives another
player's vote before the reveal (websocket frames). Screenshots go to test-artifacts/.

No sleeps: every wait is on a condition."""
import random

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.conftest import SHOTS, own_server
from tests.browser.helpers import game_state, seat_players, socket_events
from tests.browser.rounds import wait_read, wait_read_all
from tests.server.test_lifeboats_secrecy import check_payload

pytestmark = pytest.mark.browser

SEED = 11
NAMES = ["Ana", "Ben", "<i>Cy</i>", "Dee"]   # one name that would be HTML if injected


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """A real server with a fixed seed: same room code, same start player, same game."""
    data = tmp_path_factory.mktemp("lifeboats")
    with own_server(data, "--seed", str(SEED)) as url:
        yield url


def settle(page):
    """Wait until every finite animation (reveal flips, fades) has finished."""
    page.wait_for_function(
        "() => document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)")


def snap(shot, page, name, **kw):
    if SHOTS:
        settle(page)
    return shot(page, name, **kw)


# Each step waits on and reads the TV and every phone in one call per page, all at once
# (tests/browser/rounds.py): the game takes hundreds of steps, and every call to a page costs
# tens of milliseconds on a loaded machine.
# The TV's state once it has drawn a version later than `after` (and the one it holds), and
# whether the last settled ballot's outcome is visible on it (as Playwright's to_be_visible
# has it: most steps check it, and a passing check need not cost a call of its own).
TABLE_AFTER = """(after) => {
  const msg = window.castaways.state.game;
  const drawn = Number(document.querySelector('#stage')?.dataset.version);
  if (!(msg && msg.version > after && drawn >= msg.version)) return null;
  const outcome = document.querySelector('[data-testid=lb-reveal] [data-testid=lb-outcome]');
  const box = outcome && outcome.getBoundingClientRect();
  return { msg, outcome: Boolean(outcome && outcome.checkVisibility() && box.width > 0 && box.height > 0
                                 && getComputedStyle(outcome).visibility === 'visible') };
}"""
# A phone's state once it has drawn it (and at least version `v`), with the test ids of its
# enabled controls and the vote wheel's sectors, in document order.
PHONE_AT = """(v) => {
  const msg = window.castaways.state.game;
  const drawn = Number(document.querySelector('#stage')?.dataset.version);
  if (!msg || !(drawn >= Math.max(msg.version, v))) return null;
  const all = (sel, read) => [...document.querySelectorAll(sel)].map(read);
  return { msg, enabled: all("[data-testid]:not([disabled])", (e) => e.dataset.testid),
           sectors: all("[data-testid^='lb-sector-']", (e) => e.dataset.choice) };
}"""


def drawn_state(phone, version=0):
    """A phone's PHONE_AT reading once it has drawn the state it holds, and at least `version`:
    what act_on takes."""
    return wait_read(phone, PHONE_AT, version, f"a phone drawing version {version}")


def ids_of(page, prefix, enabled_only=True):
    sel = f"[data-testid^='{prefix}']" + (":not([disabled])" if enabled_only else "")
    return page.eval_on_selector_all(sel, "els => els.map(e => e.dataset.testid)")


def start_lifeboats(open_table, open_phone, options=None):
    table, table_frames, phones, frames = seat_players(open_table, open_phone, NAMES)
    table.locator("[data-game=lifeboats]").click()
    for name, value in (options or {}).items():
        # The host types the value; the server's selection (seen by every screen) has it.
        # (A lobby update may redraw the form under the typing: then type again.) One element
        # handle for both steps: a locator would find the redrawn box, still showing the old
        # value, and send that instead.
        for _ in range(5):
            box = table.locator(f"[data-option={name}] .stepper-value").element_handle()
            try:
                box.fill(str(value))
                box.dispatch_event("change")
            except PlaywrightError:     # redrawn before the typing: type again
                continue
            try:
                table.wait_for_function(
                    "([n, v]) => { const s = window.castaways.state.room.selected;"
                    " return s && s.options && s.options[n] === v; }", arg=[name, value],
                    timeout=2000)
                break
            except PlaywrightTimeout:
                pass
        else:
            pytest.fail(f"option {name} was not set")
        # phones[0] hosts too; phones[1] only reads the option.
        expect(phones[1].locator(f"[data-option={name}] .option-value")).to_have_text(str(value))
    table.locator("#start").click()
    expect(table.locator(".lb-table")).to_be_visible()
    for phone in phones:
        expect(phone.locator(".lb-phone")).to_be_visible()
    by_seat = {}
    for phone in phones:
        phone.wait_for_function("() => window.castaways.state.game && window.castaways.state.game.seat !== null")
        by_seat[game_state(phone)["seat"]] = phone
    assert sorted(by_seat) == [0, 1, 2, 3]
    return table, by_seat, table_frames, frames


class Player:
    """Decides by clicking what a phone shows, deterministically (seeded)."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def vote_choice(self, msg, choices):
        view = msg["view"]
        ballot = view["ballot"]
        seat = msg["seat"]
        colours = [c for c in choices if c != "hat"]
        if "hat" in choices:
            # One lone hat now and then (a captain), and once two hats (they cancel).
            if ballot["kind"] == "move" and view["turn"] in (2, 5) and seat == view["turn"] % 4:
                return "hat"
            if ballot["kind"] == "leak" and view["turn"] == 3 and seat in (0, 1):
                return "hat"
        return self.rng.choice(colours)


def act_on(phone, shown, player, shots, shot, name):
    """Make the one decision this phone is asked for (`shown`: a PHONE_AT reading, the state it
    shows and its controls), through its controls."""
    msg = shown["msg"]

    def shown_ids(prefix):        # ids_of(phone, prefix) as the reading found them
        return [t for t in shown["enabled"] if t.startswith(prefix)]
    legal = msg["legal_actions"]
    kinds = {a["type"] for a in legal}
    assert kinds, f"{name} has nothing to do"
    kind = next(iter(kinds))
    if kind in ("place_boat", "place_black"):
        lanes = shown_ids("lb-lane-")
        assert sorted(int(t.rsplit("-", 1)[1]) for t in lanes) == sorted(a["lane"] for a in legal)
        phone.locator(f"[data-testid='{player.rng.choice(sorted(lanes))}']").click()
    elif kind == "place_pawn":
        ranks = sorted({a["rank"] for a in legal})
        assert sorted(t.rsplit("-", 1)[1] for t in shown_ids("lb-rank-")) == ranks
        rank = player.rng.choice(ranks)
        phone.locator(f"[data-testid='lb-rank-{rank}']").click()
        expect(phone.locator(f"[data-testid='lb-rank-{rank}']")).to_have_class("lb-rank-btn on")
        seats = ids_of(phone, "lb-seat-")
        assert sorted(t.split("-", 2)[2] for t in seats) == sorted(a["boat"] for a in legal if a["rank"] == rank)
        if "setup" not in shots and sum(msg["view"]["unplaced"][msg["seat"]].values()) <= 4:
            shots.add("setup")
            snap(shot, phone, "lifeboats-phone-setup", full_page=True)
        phone.locator(f"[data-testid='{player.rng.choice(sorted(seats))}']").click()
    elif kind == "call_vote":
        phone.locator("[data-testid=lb-call-vote]").click()
    elif kind == "vote":
        choices = shown["sectors"]
        # The wheel holds exactly the legal votes, in the fixed order, hat last.
        assert choices == [a["choice"] for a in legal], (choices, legal)
        choice = player.vote_choice(msg, choices)
        phone.locator(f"[data-testid='lb-sector-{choice}'] text").click()
        expect(phone.locator("[data-testid=lb-wheel-selected]")).to_have_attribute("data-choice", choice)
        if "vote" not in shots:
            shots.add("vote")
            snap(shot, phone, "lifeboats-phone-vote")
        phone.locator("[data-testid=lb-vote-confirm]").click()
        if choice == msg["view"]["me"]["colour"]:       # against myself: a second tap
            expect(phone.locator("[data-testid=lb-vote-confirm]")).to_contain_text("Tap again")
            phone.locator("[data-testid=lb-vote-confirm]").click()
    elif kind in ("captain", "break_tie"):
        ids = shown_ids(f"lb-{kind}-")
        assert sorted(t.split("-", 2)[2] for t in ids) == sorted(a["choice"] for a in legal)
        if kind not in shots:
            shots.add(kind)
            snap(shot, phone, f"lifeboats-phone-{kind}")
        phone.locator(f"[data-testid='{player.rng.choice(sorted(ids))}']").click()
    elif kind == "eject":
        ids = shown_ids("lb-eject-")
        phone.locator(f"[data-testid='{player.rng.choice(sorted(ids))}']").click()
    elif kind == "leave":
        ids = shown_ids("lb-leavepawn-")
        assert sorted(tuple(t.split("-")[2:]) for t in ids) == sorted((a["boat"], a["rank"]) for a in legal)
        phone.locator(f"[data-testid='{player.rng.choice(sorted(ids))}']").click()
        if "leave" not in shots:
            shots.add("leave")
            snap(shot, phone, "lifeboats-phone-leave", full_page=True)
        phone.locator("[data-testid=lb-leave-confirm]").click()
    elif kind == "board":
        ids = shown_ids("lb-boardboat-")
        assert sorted(t.split("-", 2)[2] for t in ids) == sorted(a["boat"] for a in legal)
        phone.locator(f"[data-testid='{player.rng.choice(sorted(ids))}']").click()
        if "board" not in shots:
            shots.add("board")
            snap(shot, phone, "lifeboats-phone-board", full_page=True)
        phone.locator("[data-testid=lb-board-confirm]").click()
    else:
        raise AssertionError(f"unexpected action {kind}")


def check_table_reveal(table, msg):
    """While the start player or a captain decides, the TV shows every vote of the ballot."""
    ballot = msg["view"]["ballot"]
    reveal = table.locator(".lb-act [data-testid=lb-reveal]")
    expect(reveal).to_be_visible()
    votes = reveal.locator(".lb-rvote")
    expect(votes).to_have_count(len(ballot["voters"]))
    shown = {(int(seat), choice) for seat, choice in
             votes.evaluate_all("els => els.map(e => [e.dataset.seat, e.dataset.choice])")}
    assert shown == {tuple(v) for v in ballot["votes"]}


def test_four_phones_play_lifeboats_to_the_end(open_table, open_phone, shot):
    # Two rows to land (the host's option, typed on the TV): the seeded game still has a
    # captain and swimmers (asserted below), in about two thirds of the default game's steps.
    table, phones, table_frames, frames = start_lifeboats(open_table, open_phone, {"rows": 2})
    player = Player(SEED)
    shots = set()
    seen = {"reveal": 0, "captain": 0, "break_tie": 0, "swim": 0, "eject": 0, "cancelled": 0}
    v = -1
    for _ in range(1500):
        # The TV and every phone, each once it has drawn the next version, read at once.
        seats = sorted(phones)
        tv, *shown = wait_read_all([(table, TABLE_AFTER, v, "the TV drawing the next version")] + [
            (phones[s], PHONE_AT, v + 1, f"seat {s}'s phone drawing the next version") for s in seats])
        held = dict(zip(seats, shown))
        msg = tv["msg"]
        if msg["over"]:
            break
        v = msg["version"]
        view = msg["view"]
        step = view["step"]
        ballot = view["ballot"]
        if step in ("captain", "break_tie"):
            seen[step] += 1
            check_table_reveal(table, msg)
            if "reveal" not in shots:
                shots.add("reveal")
                snap(shot, table, "lifeboats-table-reveal")
        if step == "vote" and len(ballot["voted"]) == 2:
            expect(table.locator("[data-testid=lb-voters] [data-voted=true]")).to_have_count(2)
            if "table-vote" not in shots:
                shots.add("table-vote")
                snap(shot, table, "lifeboats-table-vote")
        if ballot and ballot["kind"] == "eject":
            seen["eject"] += 1
        if view["last_reveal"] and view["last_reveal"]["hats_cancelled"]:
            seen["cancelled"] += 1
        if step == "place_pawns" and "table-setup" not in shots and sum(
                sum(u.values()) for u in view["unplaced"]) <= 14:
            shots.add("table-setup")
            snap(shot, table, "lifeboats-table-setup")
        if step == "board":
            seen["swim"] += 1
            expect(table.locator("[data-testid=lb-swim]")).to_be_visible()
            if "table-swim" not in shots:
                shots.add("table-swim")
                snap(shot, table, "lifeboats-table-swim")
        if step in ("leave", "board") or ballot is None or not ballot.get("revealed"):
            # The last settled ballot stays on the TV with its result and the reason.
            if view["last_reveal"] and view["last_reveal"]["outcome"] and not tv["outcome"]:
                expect(table.locator("[data-testid=lb-reveal] [data-testid=lb-outcome]").first).to_be_visible()
        waiting = msg["waiting_for"]
        seat = player.rng.choice(sorted(waiting))
        if held[seat]["msg"]["version"] < v:          # the TV was a version ahead: catch up
            held[seat] = drawn_state(phones[seat], v)
        act_on(phones[seat], held[seat], player, shots, shot, f"seat {seat}")
    else:
        raise AssertionError("the game did not end")

    # The end: the TV's score table is the server's result().
    msg = game_state(table)
    result = msg["result"]
    assert result and msg["over"]
    final = table.locator("[data-testid=lb-final]")
    expect(final).to_be_visible()
    for seat, score in enumerate(result["scores"]):
        expect(table.locator(f"[data-testid=lb-final-{seat}]")).to_have_text(str(score))
    winners = sorted(int(s) for s in final.locator("tr.win").evaluate_all("rows => rows.map(r => r.dataset.seat)"))
    assert winners == sorted(result["winners"])
    # The name that looks like HTML is shown as text, never as markup.
    assert final.locator("i").count() == 0
    expect(final).to_contain_text("<i>Cy</i>")
    snap(shot, table, "lifeboats-table-final")
    for seat, phone in phones.items():
        expect(phone.locator("[data-testid=lb-final-phone]")).to_be_visible()
        expect(phone.locator("[data-testid=lb-my-score]")).to_contain_text(str(result["scores"][seat]))
    snap(shot, phones[result["winners"][0]], "lifeboats-phone-final")

    # The game went through the interesting decisions.
    assert seen["break_tie"] + seen["captain"] > 0, seen
    assert seen["captain"] > 0, seen
    assert seen["swim"] > 0, seen

    # Secrecy on the wire: every `game` payload each page received.
    for i, rec in enumerate(frames):
        payloads = socket_events(rec, "game")
        assert payloads
        for p in payloads:
            check_payload(p, p["seat"])
    for p in socket_events(table_frames, "game"):
        check_payload(p, None)
