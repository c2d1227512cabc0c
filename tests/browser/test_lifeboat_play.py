"""Lifeboat end to end in a real browser: one TV page and four phones on a real server
(seeded), a whole game played by taps on the phones only, with a trade, a mug refused (so a
fight), rescue and thirst windows. At every step each phone's controls are exactly its legal
actions; the TV shows the fight, the windows and, at the end, the server's result() with every
friend and enemy; no page ever receives another seat's hand, friend, enemy, draft cards, drawn
cards or row stack before the end (websocket frames). The lobby part sets the characters left
out with the picker. Screenshots go to test-artifacts/lifeboat-play-*.png.

No sleeps: every wait is on a condition."""
import json
import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ROOT, SHOTS, own_server
from tests.browser.helpers import game_state, seat_players, socket_events
from tests.browser.rounds import wait_read, wait_read_all

pytestmark = pytest.mark.browser

SEED = 5
NAMES = ["Ana", "Ben", "<i>Cy</i>", "Dee"]
LEFT_OUT = ["captain", "frenchy"]
RAW = re.compile(r"\b(?:lifeboat\.|kind\.|char\.|state\.|nav\.|do\.|bd\.|log\.|undefined|NaN|nav\d\d)\S*|\{\w+\}")


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("lifeboat")
    with own_server(data, "--seed", str(SEED)) as url:
        yield url


def key(a):
    return json.dumps(a, separators=(",", ":"), ensure_ascii=False)


def version_of(page):
    v = page.locator("#stage").get_attribute("data-version")
    return int(v) if v is not None else -1


def wait_version(page, version):
    page.wait_for_function(
        "v => Number(document.querySelector('#stage')?.dataset.version) >= v", arg=version)


# What a phone offers: every control names the action(s) it leads to. Read with the state the
# page holds, once it has drawn it and at least version `v`, and where the first button of its
# decision is, in one call (tests/browser/rounds.py: a round trip costs tens of milliseconds on
# a loaded machine, and the game takes hundreds of steps).
CONTROLS = """(v) => {
  const msg = window.castaways.state.game;
  const root = document.querySelector('#stage');
  if (!msg || !(Number(root?.dataset.version) >= Math.max(msg.version, v))) return null;
  const want = msg.legal_actions.map((a) => JSON.stringify(a));
  const got = new Set();
  for (const el of root.querySelectorAll('[data-action]')) got.add(el.dataset.action);
  for (const el of root.querySelectorAll('[data-confirm]')) got.add(el.dataset.confirm);
  for (const el of root.querySelectorAll('[data-actions]')) for (const a of JSON.parse(el.dataset.actions)) got.add(JSON.stringify(a));
  const first = document.querySelector('[data-testid=lbp-action] button');
  return { missing: want.filter((x) => !got.has(x)), extra: [...got].filter((x) => !want.includes(x)),
           msg, first: first && first.getClientRects().length ? first.getBoundingClientRect().toJSON() : null };
}"""
# The TV's state once it has drawn a version of at least `v` (and the one it holds).
TABLE_FROM = """(v) => {
  const msg = window.castaways.state.game;
  return msg && msg.version >= v && Number(document.querySelector('#stage')?.dataset.version) >= msg.version ? msg : null;
}"""


def controls_checked(name, diff):
    """The state a CONTROLS reading holds, once its controls are exactly its legal actions."""
    assert not diff["missing"] and not diff["extra"], (name, diff["missing"], diff["extra"])
    return diff["msg"]


def check_all_controls(phones, version):
    """Every phone's (seat -> phone) controls are exactly its legal actions, once it has drawn
    the state it holds and at least `version`, read on all phones at once: seat -> (its state,
    the box of the first button of its decision or None)."""
    seats = sorted(phones)
    diffs = wait_read_all([(phones[s], CONTROLS, version, f"seat {s} drawing version {version}") for s in seats])
    return {s: (controls_checked(f"seat {s}", d), d["first"]) for s, d in zip(seats, diffs)}


TAPS = {"taps": 0, "actions": 0}


def click(locator):
    TAPS["taps"] += 1
    locator.click()


def tap(phone, a):
    """Do action `a` through the phone's controls (see _tap); a failure names the action and
    what the phone showed."""
    try:
        _tap(phone, a)
    except Exception as e:
        html = phone.locator("[data-testid=lbp-action]").inner_html(timeout=2000)
        raise AssertionError(f"could not tap {a}: {e}\n{html[:3000]}") from e


def _tap(phone, a):
    """Open the action's group if it has one, tap its control, confirm when the phone asks."""
    TAPS["actions"] += 1
    k = key(a)
    t = a["type"]
    if t in ("swap", "mug", "medical_kit", "medical_kit_his"):
        click(phone.locator(f"[data-testid=lbp-mode-{t}]"))
        click(phone.locator(f"[data-testid=lbp-action] [data-testid=lbp-target-{a['target']}]"))
    if t == "trade_open":
        click(phone.locator("[data-testid=lbp-trade-open]"))
        click(phone.locator(f"[data-testid=lbp-trades] [data-testid=lbp-target-{a['target']}]"))
        return
    if t == "pick":
        click(phone.locator(f"[data-testid=lbp-pick-{a['card']}]"))
        click(phone.locator("[data-testid=lbp-pick-confirm]"))
        return
    click(phone.locator(f"[data-action='{k}']").first)
    confirm = phone.locator(f"[data-confirm='{k}'] [data-testid=lbp-yes]")
    if confirm.count():
        click(confirm)


class Policy:
    """Seeded choices that make sure the game has a trade, a refused mug and a fight."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.moves = {}       # (window id, seat) -> non-done actions made in it
        self.seen = {"trade": 0, "mug_refused": 0, "fight": 0, "rescue": 0, "thirst": 0, "badge": 0}

    def choose(self, msg, seat, legal):
        view = msg["view"]
        main = [a for a in legal if a["type"] not in ("show", "show_his") and not a["type"].startswith("trade_")]
        by = {}
        for a in main:
            by.setdefault(a["type"], []).append(a)
        r = self.rng.random()
        if "pick" in by:
            return self.rng.choice(by["pick"])
        if "place_row_card" in by:
            return self.rng.choice(by["place_row_card"])
        if "agree" in by:
            if view["actions"].get("kind") == "mug" and not self.seen["mug_refused"]:
                self.seen["mug_refused"] += 1
                return by["fight"][0]
            return by["agree"][0] if r < 0.5 else by["fight"][0]
        if "navigate" in by:
            if "compass" in by:
                return by["compass"][0]
            return self.rng.choice(by["navigate"])
        if "done" in by:
            wid = (view["turn"], view["phase"], json.dumps(view["fight"]["sides"]["attacker"][:1] if view["fight"] else None))
            n = self.moves.get((wid, seat), 0)
            others = [a for a in main if a["type"] != "done"]
            if others and n == 0 and r < 0.7:
                self.moves[(wid, seat)] = 1
                prefer = [a for a in others if a["type"] in ("throw_preserver", "drink", "weapon", "pour_his")]
                return self.rng.choice(prefer or others)
            return by["done"][0]
        if "row" in by:
            if "mug" in by and not self.seen["mug_refused"] and r < 0.8:
                hand = [a for a in by["mug"] if a["card"] == "hand"] or by["mug"]
                return self.rng.choice(hand)
            for kind in ("medical_kit", "medical_kit_his"):
                if kind in by and r < 0.5:
                    return self.rng.choice(by[kind])
            if "swap" in by and r < 0.1:
                return self.rng.choice(by["swap"])
            if r < 0.92:
                return max(by["row"], key=lambda a: a["show_oars"])
            return (by.get("nothing") or by["row"])[0]
        return self.rng.choice(main or legal)


def start_lifeboat(open_table, open_phone):
    table, table_frames, phones, frames = seat_players(open_table, open_phone, NAMES)
    table.locator("[data-game=lifeboat]").click()
    # Real labels, no developer notes; the picker leaves "random" on until two are picked.
    option = table.locator("[data-option=removed_characters]")
    expect(option.locator(".option-label")).to_have_text("Characters left out")
    expect(option.locator("[data-item=null]")).to_have_attribute("aria-pressed", "true")
    expect(table.locator("[data-option=painting_values] .option-label")).to_have_text("Paintings")
    expect(table.locator("[data-option=turn_limit] .option-label")).to_have_text("Turn limit")
    assert "assumed" not in table.locator(".options").inner_text()
    for i, cid in enumerate(LEFT_OUT):
        table.locator(f"[data-option=removed_characters] [data-item={cid}]").click()
        table.wait_for_function(
            "n => { const s = window.castaways.state.room.selected;"
            " return s && Array.isArray(s.options.removed_characters) && s.options.removed_characters.length === n; }",
            arg=i + 1)
    expect(phones[1].locator("[data-option=removed_characters] .option-value")).to_have_text("The Captain · Frenchy")
    if SHOTS:
        table.screenshot(path=str(ROOT / "test-artifacts" / "lifeboat-play-lobby.png"))
    # Every window waits for the phones' taps here (a loaded machine is slower than a
    # countdown); windows that close by themselves: tests/server/test_lifeboat_windows.py.
    # Six days (the rules' option for tests, scored as a rescue) hold every kind of step this
    # test looks for in half the taps of the seeded game's twelve; the boat's own end is the
    # engine tests' (tests/lifeboat/test_navigation.py).
    reply = table.evaluate("""() => { const s = window.castaways.state.room.selected;
      return window.castaways.net.request("select_game", { game: "lifeboat",
        options: { ...s.options, window_seconds: 0, turn_limit: 6 } }); }""")
    assert reply["ok"], reply
    table.wait_for_function("() => window.castaways.state.room.selected.options.window_seconds === 0")
    table.locator("#start").click()
    expect(table.locator(".lbv")).to_be_visible()
    for phone in phones:
        expect(phone.locator(".lbp")).to_be_visible()
    by_seat = {}
    for phone in phones:
        phone.wait_for_function("() => window.castaways.state.game && window.castaways.state.game.seat !== null")
        by_seat[game_state(phone)["seat"]] = phone
    assert sorted(by_seat) == [0, 1, 2, 3]
    assert game_state(table)["view"]["removed"] == sorted(LEFT_OUT, key=["lady_lauren", "sir_stephen", "captain", "first_mate", "frenchy", "kid"].index)
    return table, by_seat, table_frames, frames


def do_trade(table, phones, policy, msg):
    """Two conscious characters trade a card each, by taps: open, offer, the other sees the
    badge, offers back, both accept."""
    view = msg["view"]
    a = view["actions"]["actor"]
    b = next(x for x in view["line"] if x != a and view["characters"][x]["state"] == "conscious")

    def step(seat, pred):
        m = game_state(phones[seat])
        act = next(x for x in m["legal_actions"] if pred(x))
        v = m["version"]
        tap(phones[seat], act)
        wait_version(table, v + 1)
        check_all_controls(phones, v + 1)
        return act

    step(a, lambda x: x["type"] == "trade_open" and x["target"] == b)
    step(a, lambda x: x["type"] == "trade_put" and x["target"] == b)
    # The other phone: a badge and the trade on top of the screen, never "nothing to decide".
    expect(phones[b].locator("[data-testid=lbp-trade-badge]")).to_be_visible()
    expect(phones[b].locator("[data-testid=lbp-action] [data-testid=lbp-trades]")).to_be_visible()
    policy.seen["badge"] += 1
    if SHOTS:
        phones[b].screenshot(path=str(ROOT / "test-artifacts" / "lifeboat-play-phone-trade.png"))
    step(b, lambda x: x["type"] == "trade_put" and x["target"] == a)
    step(a, lambda x: x["type"] == "trade_accept" and x["target"] == b)
    step(b, lambda x: x["type"] == "trade_accept" and x["target"] == a)
    mine = game_state(phones[a])["view"]["me"]["private_log"]
    assert any(e["type"] == "trade_done" for e in mine)
    policy.seen["trade"] += 1


def check_payloads(payloads, seat):
    """What a page may receive: its own secrets only, and everything once the game is over."""
    for p in payloads:
        if p is None or p.get("game") != "lifeboat":
            continue
        view = p["view"]
        assert p["seat"] == seat
        if seat is None:
            assert "me" not in view
        else:
            me = view["me"]
            assert me["seat"] == seat
            if "drawn" in me:
                assert view["actions"]["actor"] == seat
            if "row_stack" in me:
                assert view["navigation"]["navigator"] == seat
            if "draft_cards" in me:
                assert view["draft"]["drafter"] == seat
        if not p["over"]:
            for c in view["characters"]:
                assert not {"hand", "love", "hate"} & set(c), c
            assert p["result"] is None and view["result"] is None


def test_four_phones_play_lifeboat_to_the_end(open_table, open_phone, shot):
    table, phones, table_frames, frames = start_lifeboat(open_table, open_phone)
    policy = Policy(SEED)
    shots = set()
    least = 0           # the version the next step waits for: one more after each tap
    for _ in range(3000):
        msg = wait_read(table, TABLE_FROM, least, f"the TV drawing version {least}")
        if msg["over"]:
            break
        v = msg["version"]
        held = check_all_controls(phones, v)
        view = msg["view"]
        if view["fight"]:
            policy.seen["fight"] += 1
            f = view["fight"]
            for side in ("attacker", "defender"):
                expect(table.locator(f"[data-testid=lbv-strength-{side}]")).to_have_text(str(f["strength"][side]))
            if "fight" not in shots:
                shots.add("fight")
                sizes = table.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
                                       " innerWidth, innerHeight, document.querySelector('#stage').getBoundingClientRect().toJSON(),"
                                       " document.querySelector('.lbv-frame').getBoundingClientRect().toJSON()]")
                assert sizes[0] <= sizes[2] and sizes[1] <= sizes[3], sizes
                shot(table, "lifeboat-play-table-fight")
                inside = f["sides"]["defender"][0]
                shot(phones[inside], "lifeboat-play-phone-fight")
        if view["phase"] in ("rescue", "thirst"):
            policy.seen[view["phase"]] += 1
            expect(table.locator(f"[data-testid=lbv-{view['phase']}]")).to_be_visible()
            if view["phase"] not in shots:
                shots.add(view["phase"])
                shot(table, f"lifeboat-play-table-{view['phase']}")
                shot(phones[msg["waiting_for"][0]], f"lifeboat-play-phone-{view['phase']}")
        a = view["actions"]
        if (not policy.seen["trade"] and view["phase"] == "actions" and a and a["step"] == "choose"
                and view["turn"] >= 1):
            do_trade(table, phones, policy, msg)
            least = v
            continue
        waiting = sorted(msg["waiting_for"])
        seat = policy.rng.choice(waiting)
        phone = phones[seat]
        mine, box = held[seat]
        action = policy.choose(mine, seat, mine["legal_actions"])
        if not action["type"].startswith("trade_") and action["type"] not in ("show", "show_his"):
            # The decision at hand is on the screen: its first button, without scrolling.
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, (action, box)
        if action["type"] == "row" and "row" not in shots:
            shots.add("row")
            shot(phone, "lifeboat-play-phone-choose")
        tap(phone, action)
        least = v + 1
    else:
        raise AssertionError("the game did not end")

    # The end: the TV shows the server's result(), friends and enemies included.
    msg = game_state(table)
    result = msg["result"]
    assert result and msg["over"]
    final = table.locator("[data-testid=lbv-final]")
    expect(final).to_be_visible()
    for row in result["breakdown"]:
        seat = row["seat"]
        expect(table.locator(f"[data-testid=lbv-total-{seat}]")).to_have_text(str(result["scores"][seat]))
        expect(table.locator(f"[data-testid=lbv-love-{seat}]")).to_have_attribute("data-character", row["love_card"])
        expect(table.locator(f"[data-testid=lbv-hate-{seat}]")).to_have_attribute("data-character", row["hate_card"])
    winners = sorted(int(s) for s in final.locator("tr.win").evaluate_all("rows => rows.map(r => r.dataset.seat)"))
    assert winners == sorted(result["winners"])
    assert final.locator("i").count() == 0
    expect(final).to_contain_text("<i>Cy</i>")
    assert not RAW.findall(table.locator("#stage").inner_text())
    shot(table, "lifeboat-play-table-final")
    for seat, phone in phones.items():
        expect(phone.locator("[data-testid=lbp-final]")).to_be_visible()
        expect(phone.locator("[data-testid=lbp-score]")).to_contain_text(str(result["scores"][seat]))
    shot(phones[result["winners"][0]], "lifeboat-play-phone-final")

    seen = policy.seen
    turns = msg["view"]["turn"]
    print(f"\nLifeboat by taps: {turns} days, {TAPS['actions']} actions, {TAPS['taps']} taps, "
          f"{TAPS['taps'] / turns / 4:.1f} taps per player per day, {TAPS['taps'] / TAPS['actions']:.2f} taps per action; seen {seen}")
    assert seen["trade"] and seen["badge"] and seen["mug_refused"] and seen["fight"], seen
    assert seen["rescue"] and seen["thirst"], seen

    # Secrecy on the wire: every `game` payload each page received.
    for seat, rec in zip([game_state(p)["seat"] for p in phones_in_join_order(phones, frames)], frames):
        payloads = socket_events(rec, "game")
        assert payloads
        check_payloads(payloads, seat)
    check_payloads(socket_events(table_frames, "game"), None)


def phones_in_join_order(phones, frames):
    """The phone pages in the order they joined (the order of `frames`)."""
    order = []
    for rec in frames:
        seats = {p.get("seat") for p in socket_events(rec, "game") if p}
        seat = next(iter(seats))
        order.append(phones[seat])
    return order


def test_lobby_options_read_in_french(open_table):
    """The host's options in French: real labels and hints, the picker with "Au hasard" on, and
    the turn limit's "Aucune" shown whole (it was cut to "Aucu")."""
    table = open_table(lang="fr")
    table.locator("[data-game=lifeboat]").click()
    option = table.locator("[data-option=removed_characters]")
    expect(option.locator(".option-label")).to_have_text("Personnages hors jeu")
    expect(option.locator("[data-item=null]")).to_have_text("Au hasard")
    expect(option.locator("[data-item=null]")).to_have_attribute("aria-pressed", "true")
    expect(option.locator("[data-item=kid]")).to_have_text("Le Gamin")
    expect(table.locator("[data-option=painting_values] .option-label")).to_have_text("Tableaux")
    limit = table.locator("[data-option=turn_limit] .stepper-value")
    expect(limit).to_have_attribute("placeholder", "Aucune")
    fits = limit.evaluate("""el => { const c = document.createElement('canvas').getContext('2d');
        const s = getComputedStyle(el); c.font = s.font;
        return c.measureText(el.placeholder).width <= el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight); }""")
    assert fits
    text = table.locator(".options").inner_text()
    assert "assumed" not in text and "note" not in text.lower()
    if SHOTS:
        table.locator(".options").screenshot(path=str(ROOT / "test-artifacts" / "lifeboat-lobby-fr.png"))
