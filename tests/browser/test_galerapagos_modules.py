"""The Galèrapagos page modules on their own: English and French complete, and every preview
scenario (payloads made by the real engine: each stage kind, interrupts, windows, votes, tie,
last chance, departure, hurricane, ends, records, 3..12 players) renders on the TV (1920x1080
and 1280x720, no scrolling) and on a phone (390x844, the decision's buttons on screen) in both
languages, without a page error, an untranslated key, or a name turned into markup.
Screenshots: test-artifacts/galerapagos/."""
import re
import sys

import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import PREVIEW_IN, assert_catalog_parity
from tests.browser.conftest import ARTIFACTS, ROOT, SHOTS

HERE = ROOT / "tests" / "browser" / "galerapagos_preview"
sys.path.insert(0, str(HERE))
OUT = ARTIFACTS / "galerapagos"

pytestmark = pytest.mark.browser


def test_english_and_french_have_the_same_keys_and_placeholders():
    assert_catalog_parity("galerapagos")


preview = preview_page.served("galerapagos", "gp_scenarios")


def check_text(text, where):
    assert "undefined" not in text and "NaN" not in text, where
    assert not re.search(r"\b(galerapagos|card|cardtext|log|now|state|rec)\.[a-z_]+", text), where
    assert not re.search(r"\{\w+\}", text), where


SIZES = {"table": [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}],
         "phone": [{"width": 390, "height": 844}]}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", ["table", "phone"])
def test_every_scenario_renders(browser, preview, lang, kind):
    import gp_scenarios as scenarios
    OUT.mkdir(parents=True, exist_ok=True)
    errors = []
    for size in SIZES[kind]:
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{kind}: {e}"))
        # (the page loaded once, each scenario drawn on it as a new game: preview.scenarios_on)
        for name in preview_page.scenarios_on(page, preview, kind, scenarios.SCENARIOS, lang):
            where = (kind, name, lang, size["width"])
            # The card data is in before the module is ready (common.js awaits it, issue 24);
            # then the module's stylesheets, and the TV's fit once they are in (on the page's
            # load, for its first scenario; for the others, the drawing settled).
            page.wait_for_function(PREVIEW_IN)
            root = page.locator("#root")
            assert root.locator(".gt-table, .gp-phone").count() == 1, where
            assert root.locator("b b, .gp-who b > b").count() == 0, where
            text = root.inner_text()
            check_text(text, where)
            if kind == "table":
                assert "<b>Cy</b>" in text, where
                # The whole board is on screen, and nothing inside it is cut off or scrolls.
                assert page.evaluate("""() => [...document.querySelectorAll('.gt-table section')]
                    .every(s => s.scrollHeight <= s.clientHeight + 2)"""), where
                box = root.locator(".gt-table").bounding_box()
                assert box["y"] + box["height"] <= size["height"] + 1, where
                # every countdown on the board says its seconds (the window's clock and the
                # "waiting for" banner's, which once read "closes in  s")
                assert page.evaluate("""() => [...document.querySelectorAll('.gt-clock b, .wf-secs')]
                    .every(b => /^[0-9]+$/.test(b.textContent))"""), where
            else:
                # The decision's buttons are on the first screen, with no scrolling.
                buttons = root.locator(".gp-action button")
                if buttons.count():
                    last = buttons.nth(buttons.count() - 1).bounding_box()
                    assert last["y"] + last["height"] <= size["height"], where
                assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), where
            if SHOTS:
                page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
                page.screenshot(path=str(OUT / f"{kind}-{name}-{lang}-{size['width']}x{size['height']}.png"),
                                full_page=kind == "phone")
        ctx.close()
    assert not errors, errors


def open_phone(browser, preview, name, lang="en"):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=phone&s={name}&lang={lang}")
    page.wait_for_function("window.__ready === true")
    page.wait_for_function(PREVIEW_IN)   # the stylesheets: see test_every_scenario_renders
    return ctx, page, errors


def legal_of(page, name):
    return page.evaluate(f"() => fetch('/states/{name}.json').then(r => r.json())")["phone"]["legal_actions"]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("answer", ["antivenom", "sick"])
def test_the_tv_says_how_a_snake_bite_ended(browser, preview, answer, lang):
    """After a bitten wood gamble, the TV says whether the anti-venom saved the castaway or he
    falls sick, naming him."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{preview}?page=table&s={answer}&lang={lang}")
    page.wait_for_function("window.__ready === true")
    state = page.evaluate(f"() => fetch('/states/{answer}.json').then(r => r.json())")
    record = state["table"]["view"]["turn_log"][-1]
    name = state["table"]["view"]["players"][record["seat"]]
    bite = page.locator(f"[data-testid=gt-out-bite][data-bite={answer}]")
    words = {("antivenom", "en"): "anti-venom", ("antivenom", "fr"): "anti-venin",
             ("sick", "en"): "falls sick", ("sick", "fr"): "tombe malade"}[answer, lang]
    assert words in bite.inner_text() and name in bite.inner_text()
    page.close()


def test_the_four_actions_and_the_wood_gamble(browser, preview):
    ctx, page, errors = open_phone(browser, preview, "step")
    legal = legal_of(page, "step")
    for t in ("fish", "collect_water", "wood", "search"):
        enabled = page.locator(f"[data-testid=gp-act-{t}]").is_enabled()
        assert enabled == any(a["type"] == t for a in legal), t
    page.click("[data-testid=gp-act-wood]")
    extras = sorted(a["extra"] for a in legal if a["type"] == "wood")
    shown = page.eval_on_selector_all("[data-testid^=gp-wood-]:not([data-testid=gp-wood-back])",
                                      "els => els.map(e => Number(e.dataset.testid.slice(8)))")
    assert shown == extras
    # Each choice says its snake risk: k extra balls of six, one black.
    assert "50%" in page.locator("[data-testid=gp-wood-3]").inner_text()
    assert "no risk" in page.locator("[data-testid=gp-wood-0]").inner_text()
    page.click("[data-testid=gp-wood-2]")
    assert page.evaluate("window.__acts") == [{"type": "wood", "extra": 2}]
    assert not errors, errors
    ctx.close()


def test_a_gift_from_the_card_sheet_asks_first(browser, preview):
    ctx, page, errors = open_phone(browser, preview, "evening")
    legal = legal_of(page, "evening")
    gift = next(a for a in legal if a["type"] == "give")
    page.click(f"[data-testid=gp-card-{gift['card']}]")
    sheet = page.locator("[data-testid=gp-sheet]")
    sheet.wait_for()
    sheet.locator(f".gp-use[data-use=give] [data-testid=gp-pick-to-{gift['to']}]").click()
    sheet.locator("[data-testid=gp-do-give]").click()
    assert page.evaluate("window.__acts") == []          # not yet: a confirmation first
    page.click("[data-testid=gp-confirm-yes]")
    assert page.evaluate("window.__acts") == [{"type": "give", "card": gift["card"], "to": gift["to"]}]
    assert not errors, errors
    ctx.close()


def test_the_vote_wheel_holds_exactly_the_candidates(browser, preview):
    ctx, page, errors = open_phone(browser, preview, "vote_12")
    legal = legal_of(page, "vote_12")
    sectors = page.eval_on_selector_all("[data-testid^='gp-sector-']", "els => els.map(e => Number(e.dataset.choice))")
    assert sectors == [a["target"] for a in legal if a["type"] == "vote"]
    me = page.evaluate("() => fetch('/states/vote_12.json').then(r => r.json())")["phone"]["seat"]
    # The wheel never starts on the voter; a vote for oneself asks first.
    start = next(i for i, s in enumerate(sectors) if s != me)
    selected = page.locator("[data-testid=gp-wheel-selected]")
    assert selected.get_attribute("data-choice") == str(sectors[start])
    if me in sectors:
        while selected.get_attribute("data-choice") != str(me):
            page.locator("[data-testid=gp-wheel-next]").dispatch_event("click")
        expect_text = page.locator("[data-testid=gp-vote-confirm]").inner_text()
        assert "myself" in expect_text
        page.click("[data-testid=gp-vote-confirm]")
        assert page.evaluate("window.__acts") == []
        assert "sacrificed" in page.locator("[data-testid=gp-confirm]").inner_text()
        page.click("[data-testid=gp-confirm-no]")
        assert page.locator("[data-testid=gp-confirm]").count() == 0
        page.goto(f"{preview}?page=phone&s=vote_12&lang=en")
        page.wait_for_function("window.__ready === true")
    page.click("[data-testid=gp-wheel-next]")
    nxt = sectors[(start + 1) % len(sectors)]
    page.click("[data-testid=gp-vote-confirm]")
    if nxt == me:
        page.click("[data-testid=gp-confirm-yes]")
    assert page.evaluate("window.__acts") == [{"type": "vote", "target": nxt}]
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_ready_that_kills_says_so_and_asks_first(browser, preview, lang):
    """Issue 19.9: in a zero window, "Ready" kills an uncovered castaway; one who holds a card
    that would cover him reads it in words and confirms before passing."""
    ctx, page, errors = open_phone(browser, preview, "zero_save", lang)
    note = page.locator("[data-testid=gp-fatal]")
    text = note.inner_text()
    words = {"en": ("You will die of", "to live"), "fr": ("Vous allez mourir de", "pour vivre")}[lang]
    assert all(w in text for w in words), text
    assert "card." not in text
    page.click("[data-testid=gp-pass]")
    assert page.evaluate("window.__acts") == []               # not yet
    assert text in page.locator("[data-testid=gp-confirm]").inner_text()
    # The open question is worded again at each draw, never kept as text: in the other language
    # after a switch (so too with the card names once their data comes).
    other = "fr" if lang == "en" else "en"
    page.evaluate("l => window.__lang(l)", other)
    again = {"en": "You will die of", "fr": "Vous allez mourir de"}[other]
    assert again in page.locator("[data-testid=gp-confirm]").inner_text()
    page.click("[data-testid=gp-confirm-yes]")
    assert page.evaluate("window.__acts") == [{"type": "pass"}]
    assert not errors, errors
    ctx.close()


# Every text the page shows from its first draw on, for a raw key (a MutationObserver).
RAW_KEY_WATCH = """window.__rawKeys = [];
new MutationObserver(() => {
  const root = document.getElementById("root");
  const found = root ? root.textContent.match(/\\b(card|cardtext)\\.[a-z_]+/g) : null;
  if (found) window.__rawKeys.push(...found);
}).observe(document, { subtree: true, childList: true, characterData: true });"""


def test_no_card_key_shows_before_the_card_data(browser, preview):
    """Issue 24: a phone drawn before the card data file arrived read "card.sandwich" in the
    fatal note of a zero window (its names come from the file). The data is held back here: the
    page draws nothing until it comes, then the note names the card, and no key ever shows."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    held = []
    page.route("**/games/galerapagos/data.json", lambda route: held.append(route))
    page.add_init_script(RAW_KEY_WATCH)
    page.goto(f"{preview}?page=phone&s=zero_save&lang=en", wait_until="commit")
    for _ in range(10_000):                   # until the page asks for the data (no sleep)
        if held:
            break
        page.evaluate("0")
    assert held, "the page never asked for the card data"
    assert not page.evaluate("window.__rawKeys"), page.locator("#root").inner_text()
    held[0].continue_()
    note = page.locator("[data-testid=gp-fatal]")
    note.wait_for()
    page.wait_for_function("window.__ready === true")
    assert "to live" in note.inner_text()
    assert not page.evaluate("window.__rawKeys"), page.evaluate("window.__rawKeys")
    assert not errors, errors
    ctx.close()


def test_ready_that_kills_nobody_needs_no_confirmation(browser, preview):
    ctx, page, errors = open_phone(browser, preview, "dawn")
    assert page.locator("[data-testid=gp-fatal]").count() == 0
    page.click("[data-testid=gp-pass]")
    assert page.evaluate("window.__acts") == [{"type": "pass"}]
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("name", ["step", "step_12"])
def test_tonights_need_sits_whole_under_its_track(browser, preview, name):
    """Issue 19.3: the "tonight: N" marker of each track is whole and inside its panel, at
    1280x720 and 1920x1080, with 5 and 12 castaways."""
    for size in SIZES["table"]:
        page = browser.new_page(viewport=size)
        page.goto(f"{preview}?page=table&s={name}&lang=fr")
        page.wait_for_function("window.__ready === true")
        for res in ("water", "food"):
            label = page.locator(f"[data-testid=gt-need-{res}]")
            assert re.fullmatch(r"ce soir\s:\s\d+", label.inner_text().strip()), label.inner_text()
            inner = label.bounding_box()
            outer = page.locator(f"[data-testid=gt-track-{res}]").bounding_box()
            assert outer["x"] - 0.5 <= inner["x"] and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5, (size, res, inner, outer)
        page.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_phone_waiting_for_others_says_who_and_what(browser, preview, lang):
    """Issue 19.5 / 20.3: while another castaway acts, the phone's decision box is never empty:
    it names who acts and what the game waits for."""
    ctx, page, errors = open_phone(browser, preview, "step", lang)
    data = page.evaluate("() => fetch('/states/step.json').then(r => r.json())")
    actor = data["table"]["view"]["stage"]["seat"]
    name = data["table"]["view"]["players"][actor]
    other = dict(data["table"], seat=None, legal_actions=[])      # a phone that is not acting
    page.evaluate("m => window.__rerender(m)", other)
    line = page.locator("[data-testid=gp-now]")
    words = {"en": "is choosing an action", "fr": "choisit son action"}[lang]
    assert words in line.inner_text() and name in line.inner_text(), line.inner_text()
    assert not errors, errors
    ctx.close()


def test_the_end_reads_once_and_nothing_looks_like_a_ranking(browser, preview):
    """Issue 19.15: the phone's last screen does not repeat "Game over" (the page's final
    strip says it) and lists the fates unnumbered; the TV log is unnumbered (newest first)."""
    ctx, page, errors = open_phone(browser, preview, "over")
    text = page.locator("#root").inner_text()
    assert "Game over" not in text, text
    assert page.locator("[data-testid=gp-final-phone] ol").count() == 0
    assert page.locator("[data-testid=gp-final-phone] ul.gp-fates li").count() >= 3
    ctx.close()
    tv = browser.new_page(viewport={"width": 1280, "height": 720})
    tv.goto(f"{preview}?page=table&s=vote&lang=en")
    tv.wait_for_function("window.__ready === true")
    style = tv.evaluate("() => getComputedStyle(document.querySelector('[data-testid=gt-log] ol')).listStyleType")
    assert style == "none", style
    tv.close()
    assert not errors, errors


# ---- an update morphs the page (issue 24): what changed is written, the rest is kept ----------

def _mark(page, selector):
    """Tag the element matched by selector with a JS property (a new node would not have it)."""
    page.evaluate("s => { document.querySelector(s).__kept = true; }", selector)


def _kept(page, selector):
    return page.evaluate("s => Boolean(document.querySelector(s)?.__kept)", selector)


def _open_tv(browser, preview, name):
    """The TV board of scenario `name` at 1280x720: (page, its errors, the scenario's payload)."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=table&s={name}&lang=en")
    page.wait_for_function("window.__ready === true")
    return page, errors, page.evaluate("n => fetch(`/states/${n}.json`).then(r => r.json())", name)["table"]


def test_one_more_vote_keeps_the_tv_board_and_changes_one_chip(browser, preview):
    """A vote comes in: the board, the castaways and the voters are the same nodes as before
    the update (marked with a JS property), and the voter's chip says voted."""
    page, errors, data = _open_tv(browser, preview, "vote")
    st = data["view"]["stage"]
    ballot = st["vote"]["ballot"] if st.get("vote") else st["ballot"]
    seat = next(s for s in ballot["voters"] if s not in ballot["voted"])
    other = next(s for s in ballot["voters"] if s != seat)
    for sel in (".gt-table", ".gt-island", f"[data-testid=gt-castaway-{other}]",
                f".gt-voter[data-seat='{seat}']", f".gt-voter[data-seat='{other}']"):
        _mark(page, sel)
    ballot["voted"].append(seat)
    data["version"] += 1
    data["events"] = [{"type": "voted", "seat": seat}]
    page.evaluate("m => window.__rerender(m)", data)
    voter = page.locator(f".gt-voter[data-seat='{seat}']")
    assert voter.get_attribute("data-voted") == "true"
    for sel in (".gt-table", ".gt-island", f"[data-testid=gt-castaway-{other}]",
                f".gt-voter[data-seat='{seat}']", f".gt-voter[data-seat='{other}']"):
        assert _kept(page, sel), sel
    # Another game (a rematch) on the same root: none of the old game's nodes is reused.
    page.evaluate("m => window.__show(m)", data)
    page.locator(".gt-table").wait_for()
    assert not _kept(page, ".gt-table") and not _kept(page, f".gt-voter[data-seat='{other}']")
    assert not errors, errors
    page.close()


def test_an_update_keeps_the_phones_open_sheet_focus_and_handlers(browser, preview):
    """On a phone, an update (a new version, another legal action) keeps the card sheet open
    with the focus where it was; a tap on a kept button runs the handler of the last render."""
    ctx, page, errors = open_phone(browser, preview, "step")
    data = page.evaluate("() => fetch('/states/step.json').then(r => r.json())")["phone"]
    _mark(page, "[data-testid=gp-act-fish]")
    # the update: one more version, and the fish action takes a parameter it did not have
    data["version"] += 1
    data["legal_actions"] = [dict(a, probe=1) if a["type"] == "fish" else a for a in data["legal_actions"]]
    page.evaluate("m => window.__rerender(m)", data)
    assert _kept(page, "[data-testid=gp-act-fish]")
    # A tapped button keeps the focus, and the decision drawn in its place shows its own content.
    page.click("[data-testid=gp-act-wood]")
    woods = [a for a in data["legal_actions"] if a["type"] == "wood"]
    assert page.locator(".gp-gamble-btn > span").count() == len(woods)
    assert page.locator(".gp-gamble-btn svg").count() == 0
    page.click("[data-testid=gp-wood-back]")
    page.click("[data-testid=gp-act-fish]")
    assert page.evaluate("window.__acts") == [{"type": "fish", "probe": 1}]     # not the old action
    ctx.close()
    # An open card sheet, its close button focused: an update keeps both.
    ctx, page, errors2 = open_phone(browser, preview, "evening")
    data = page.evaluate("() => fetch('/states/evening.json').then(r => r.json())")["phone"]
    gift = next(a for a in data["legal_actions"] if a["type"] == "give")
    page.click(f"[data-testid=gp-card-{gift['card']}]")
    page.locator("[data-testid=gp-sheet]").wait_for()
    page.focus("[data-testid=gp-sheet-close]")
    _mark(page, "[data-testid=gp-sheet]")
    data["version"] += 1
    page.evaluate("m => window.__rerender(m)", data)
    assert _kept(page, "[data-testid=gp-sheet]")
    assert page.evaluate("document.activeElement?.dataset.testid") == "gp-sheet-close"
    page.click("[data-testid=gp-sheet-close]")           # the kept button's handler: closes
    assert page.locator("[data-testid=gp-sheet]").count() == 0
    # The window's clock writes its seconds only when they change (waiting.js's ticker; issue
    # 24: its own timer wrote them four times a second, each a layout and a paint): over two
    # changes of its seconds, two writes.
    page.evaluate("""() => { const el = document.querySelector('.gp-clock-digits');
      const t = window.__ticks = { writes: 0, seen: [el.textContent] };
      new MutationObserver((recs) => { t.writes += recs.length; t.seen.push(el.textContent); })
        .observe(el, { childList: true, characterData: true, subtree: true }); }""")
    page.wait_for_function("() => new Set(window.__ticks.seen).size >= 3")
    ticks = page.evaluate("() => window.__ticks")
    assert ticks["writes"] == len(set(ticks["seen"])) - 1, ticks
    assert not errors and not errors2, errors + errors2
    ctx.close()


def test_a_morphed_phone_page_is_the_page_drawn_afresh(browser, preview):
    """The phone page of one moment morphed into the page of another reads exactly as that
    moment's page drawn on an empty page (the same HTML), whatever it was before; one more vote
    takes one name out of the castaways awaited and keeps the others' nodes."""
    ctx, page, errors = open_phone(browser, preview, "step")
    names = ["step", "evening", "vote_12", "over", "zero_save", "dawn", "step"]
    diffs = page.evaluate("""async (names) => {
      const mod = await import("/phone/games/galerapagos.js");
      const states = await Promise.all(names.map((n) => fetch(`/states/${n}.json`).then((r) => r.json())));
      const ctxOf = (msg) => ({
        lang: "en", t: (k) => k, players: [], room: null, seat: msg.seat, act: () => Promise.resolve({ ok: true }),
        colourOf: (seat) => ({ colour: "#e6194b", letter: "A", name: msg.view.players[seat] }),
      });
      const html = (el) => el.innerHTML.replace(/ open=""/g, "");
      const morphed = document.createElement("div");
      document.body.append(morphed);
      const out = [];
      states.forEach((data, i) => {
        const msg = { ...data.phone, match: 1, version: i + 1 };
        mod.render(morphed, msg, ctxOf(msg));
        const fresh = document.createElement("div");
        mod.render(fresh, msg, ctxOf(msg));
        if (html(morphed) !== html(fresh)) out.push(names[i]);
      });
      // the castaways still awaited in a vote: one more vote takes one name out, the others
      // keep their nodes (each has an id, on its chip or on its chip and comma: the morph does
      // not redraw every name after the one gone into its neighbour's)
      const wait = JSON.parse(JSON.stringify(states[names.indexOf("vote_12")].phone));
      wait.legal_actions = [];
      const st = wait.view.stage;
      const ballot = st.vote ? st.vote.ballot : st.ballot;
      const draw = () => { const msg = { ...wait, match: 1, version: 100 + ballot.voted.length }; mod.render(morphed, msg, ctxOf(msg)); };
      const awaited = () => [...morphed.querySelectorAll("[id^=gp-wv-]")];
      draw();
      const before = awaited();
      ballot.voted.push(ballot.voters.find((v) => !ballot.voted.includes(v)));
      draw();
      const after = awaited();
      if (!(before.length >= 2 && after.length === before.length - 1
            && after.every((el) => before.includes(el) && el.id === `gp-wv-${(el.closest('[data-seat]') || el.querySelector('[data-seat]')).dataset.seat}`))) out.push("vote: names redrawn");
      return out;
    }""", names)
    assert diffs == [], diffs
    assert not errors, errors
    ctx.close()


def test_a_morphed_tv_board_is_the_board_drawn_afresh(browser, preview):
    """The TV board of one moment morphed into the board of another reads exactly as that
    moment's board drawn on an empty page (the fit's sizes and folds aside: they are kept from
    the last fit), though the parts an update did not change are not built again: the same
    payload drawn twice builds none of them (morph.js pageParts) and keeps each one's node."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=table&s=step&lang=en")
    page.wait_for_function("window.__ready === true")
    page.wait_for_function(PREVIEW_IN)
    names = ["step", "vote", "reveal", "evening", "over", "vote_12", "step_12", "dawn", "step"]
    out = page.evaluate("""async (names) => {
      const mod = await import("/table/games/galerapagos.js");
      const { partStats } = await import("/static/js/morph.js");
      const states = await Promise.all(names.map((n) => fetch(`/states/${n}.json`).then((r) => r.json())));
      const ctx = { lang: "en", t: (k) => k, players: [], room: null,
                    colourOf: (seat) => ({ colour: "#e6194b", letter: "P", name: `P${seat}` }) };
      const html = (el) => {
        const copy = el.cloneNode(true);
        copy.firstElementChild.removeAttribute("style");
        for (const x of copy.querySelectorAll("[hidden]")) x.removeAttribute("hidden");
        // a countdown's seconds are painted when each page is drawn: a second may tick between
        for (const x of copy.querySelectorAll(".gt-clock b, .wf-secs")) { x.textContent = ""; x.removeAttribute("data-seconds"); }
        return copy.innerHTML;
      };
      document.getElementById("root").remove();
      const morphed = document.createElement("div");
      document.body.append(morphed);
      const diffs = [];
      // One field changed at a time, on the vote: who is awaited, one more vote, the first player.
      const vote = states[names.indexOf("vote")].table;
      const ballot = (v) => (v.stage.vote ? v.stage.vote.ballot : v.stage.ballot);
      const variant = (change) => { const v = JSON.parse(JSON.stringify(vote)); change(v.view); return v; };
      const moments = [...states.map((s) => s.table),
        vote, variant((v) => { v.waiting_for = v.waiting_for.slice(1); }),
        vote, variant((v) => { const b = ballot(v); b.voted.push(b.voters.find((x) => !b.voted.includes(x))); }),
        vote, variant((v) => { v.first_player = (v.first_player + 1) % v.castaways.length; }),
        vote];
      // (no events: a fresh page's log starts empty, the morphed one's would have them all)
      moments.forEach((data, i) => {
        const msg = { ...data, match: 1, version: i + 1, events: [] };
        mod.render(morphed, msg, ctx);
        const fresh = document.createElement("div");
        document.body.append(fresh);
        mod.render(fresh, msg, ctx);
        if (html(morphed) !== html(fresh)) diffs.push(names[i] || `vote and its variant ${i - names.length}`);
        fresh.remove();
      });
      // The last payload again: every part as it was, none built, the same nodes.
      const before = { ...partStats };
      const nodes = [...morphed.querySelectorAll("[id]")];
      const msg = { ...vote, match: 1, version: moments.length, events: [] };
      mod.render(morphed, msg, ctx);
      const same = nodes.every((el) => el.isConnected && morphed.contains(el));
      const castaways = msg.view.castaways.length;
      return { diffs, castaways, built: partStats.built - before.built, kept: partStats.kept - before.kept, same };
    }""", names)
    assert out["diffs"] == [], out
    # the top bar, the two tracks, the raft, the weather, the wreck, each castaway (and log lines)
    assert out["built"] == 0 and out["kept"] >= 6 + out["castaways"] and out["same"], out
    assert not errors, errors
    page.close()


def test_an_update_leaves_the_folds_of_the_last_fit_as_they_are(browser, preview):
    """Twelve castaways voting at 1280x720: the fit folds the oldest of the story (here the
    log, which the vote leaves no room for). An update of the same fit gives the new page
    those folds before the morph, so the morph finds them as they are and no fold is undone
    and done again (the log came back and was hidden again on every update)."""
    page, errors, data = _open_tv(browser, preview, "vote_12")
    folded = page.evaluate("() => document.querySelectorAll('.gt-table [hidden]').length")
    assert folded > 0, "the board at 1280x720 with 12 castaways folds nothing: the test sees nothing"
    page.evaluate("""() => { window.__folds = [];
      new MutationObserver((rs) => { for (const r of rs) window.__folds.push(r.target.className); })
        .observe(document.querySelector('.gt-table'), { subtree: true, attributes: true, attributeFilter: ['hidden'] }); }""")
    data["version"] += 1
    page.evaluate("m => window.__rerender(m)", data)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    assert page.evaluate("() => window.__folds") == []
    assert page.evaluate("() => document.querySelectorAll('.gt-table [hidden]').length") == folded
    assert not errors, errors
    page.close()


def _rows_after(page, data):
    """Renders `data` on the TV; the castaway rows built by it (morph.js partStats' log)."""
    return page.evaluate("""async (m) => {
      const { partStats } = await import("/static/js/morph.js");
      partStats.log = [];
      window.__rerender(m);
      const built = partStats.log.filter((id) => id.startsWith("gt-cw-"));
      partStats.log = null;
      return built;
    }""", data)


def _mark_of(page, seat, mark):
    """The words a castaway's row shows for `mark` (.gt-acted, .gt-vstate), "" when hidden."""
    loc = page.locator(f"[data-testid=gt-castaway-{seat}] {mark}")
    return loc.inner_text().strip() if loc.count() and loc.is_visible() else ""


def _lit(page, seat):
    return page.evaluate("s => getComputedStyle(document.querySelector(`[data-testid=gt-castaway-${s}]`)).borderTopColor", seat)


def test_a_turn_passing_on_rebuilds_no_castaway_row(browser, preview):
    """Whom the table waits for, who has acted, who votes and who has voted are the castaways
    panel's (data attributes, one CSS rule per seat): an action that passes the turn on, a vote
    and a new phase build no row and keep every row's node, and each row still shows its mark
    (the sun's border on the castaway awaited, "acted" / "to act", "voted" / "thinking")."""
    page, errors, data = _open_tv(browser, preview, "step")
    view = data["view"]
    seat = view["waiting_for"][0]
    nxt = next(c["seat"] for c in view["castaways"] if c["seat"] != seat and c["alive"] and not c["resting"] and not c["acted"])
    assert _mark_of(page, seat, ".gt-acted") == "to act" and _mark_of(page, nxt, ".gt-acted") == "to act"
    lit, unlit = _lit(page, seat), _lit(page, nxt)
    assert lit != unlit
    for c in view["castaways"]:
        _mark(page, f"[data-testid=gt-castaway-{c['seat']}]")
    # the castaway awaited acts, the turn passes on
    view["castaways"][seat]["acted"] = True
    view["waiting_for"] = data["waiting_for"] = [nxt]
    data["version"] += 1
    assert _rows_after(page, data) == []
    assert _mark_of(page, seat, ".gt-acted") == "acted" and _mark_of(page, nxt, ".gt-acted") == "to act"
    assert (_lit(page, seat), _lit(page, nxt)) == (unlit, lit)
    # another phase: the actions' marks go, no row is built
    view["phase"] = "evening"
    data["version"] += 1
    assert _rows_after(page, data) == []
    assert _mark_of(page, seat, ".gt-acted") == "" and _mark_of(page, nxt, ".gt-acted") == ""
    assert all(_kept(page, f"[data-testid=gt-castaway-{c['seat']}]") for c in view["castaways"])
    page.close()
    # a vote: the voter's row says so, no row is built
    page, errors2, data = _open_tv(browser, preview, "vote")
    st = data["view"]["stage"]
    ballot = st["vote"]["ballot"] if st.get("vote") else st["ballot"]
    voter = next(s for s in ballot["voters"] if s not in ballot["voted"])
    assert _mark_of(page, voter, ".gt-vstate") == "thinking…"
    outsiders = [c["seat"] for c in data["view"]["castaways"] if c["seat"] not in ballot["voters"]]
    assert all(_mark_of(page, s, ".gt-vstate") == "" for s in outsiders)
    ballot["voted"].append(voter)
    data["version"] += 1
    assert _rows_after(page, data) == []
    assert _mark_of(page, voter, ".gt-vstate") == "✓ voted"
    assert not errors and not errors2, errors + errors2
    page.close()


def _logs_shown(page):
    """The raft's six log slots, each shown as got or not by what the player sees: its log
    icon laid out with a size (got) or not drawn at all (an empty slot)."""
    return page.evaluate("""() => [...document.querySelectorAll('.gt-raft .gt-log')].map((slot) => {
      const r = slot.querySelector('.gp-icon').getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    })""")


def test_a_card_drawn_and_wood_gained_need_no_idiomorph_call(browser, preview):
    """A castaway's hand one card larger and one more log on the raft change classes and
    words only (each back and each log slot is drawn and hidden until had): the morph writes
    them itself, with no idiomorph call (its set-up, 30-100 us, for a subtree; issue 24)."""
    page, errors, data = _open_tv(browser, preview, "step")
    view = data["view"]
    c = next(c for c in view["castaways"] if c["alive"] and 0 < c["hand_size"] < 7)
    assert view["wood"] < 5
    c["hand_size"] += 1
    view["wood"] += 1
    data["version"] += 1
    data["events"] = []     # (the scenario's events again would be new log lines)
    out = page.evaluate("""async (m) => {
      const { partStats } = await import("/static/js/morph.js");
      const before = { ...partStats };
      window.__rerender(m);
      return { units: partStats.units - before.units, whole: partStats.whole - before.whole,
               backs: document.querySelectorAll(`[data-testid=gt-castaway-${m.view.castaways.find((x) => x.hand_size === %d && x.seat === %d).seat}] .gt-back:not(.off)`).length,
             };
    }""" % (c["hand_size"], c["seat"]), data)
    assert out == {"units": 0, "whole": 0, "backs": c["hand_size"]}, out
    assert _logs_shown(page) == [i < view["wood"] for i in range(6)]
    assert not errors, errors
    page.close()


def test_an_update_in_a_window_leaves_its_clocks_as_they_are(browser, preview):
    """The evening's window with its countdown (the window's clock and the banner's): one more
    castaway ready within the same second writes neither clock (each is drawn with the seconds
    the ticker shows: the morph emptied them and the ticker filled them again on every update)."""
    page, errors, data = _open_tv(browser, preview, "evening")
    assert page.locator(".gt-clock b").inner_text().strip() != ""
    assert len(data["waiting_for"]) >= 2 and page.locator(".wf-secs").count() == 1
    page.evaluate("""() => { window.__obs = new MutationObserver(() => {});
      for (const el of document.querySelectorAll('.gt-clock b, .wf-secs'))
        window.__obs.observe(el, { childList: true, characterData: true, subtree: true, attributes: true }); }""")
    data["waiting_for"] = data["view"]["waiting_for"] = data["waiting_for"][1:]
    data["version"] += 1
    data["events"] = []
    # (a clock behind the second, which its ticker writes once its second has passed, or a second
    # passing during the draw, writes the clocks, rightly: the test then says so)
    out = page.evaluate("""(m) => { const left = () => String(Math.max(0, Math.ceil((m.deadline - Date.now()) / 1000)));
      const before = left();
      const behind = [...document.querySelectorAll('.gt-clock b, .wf-secs')].some((el) => el.textContent !== before);
      window.__obs.takeRecords(); window.__rerender(m);
      return { writes: window.__obs.takeRecords().length, ticked: left() !== before || behind,
               names: document.querySelectorAll('.wf-name').length }; }""", data)
    assert out["names"] == len(data["waiting_for"]), out
    assert out["writes"] == 0 or out["ticked"], out
    assert page.locator(".gt-clock b").inner_text().strip() == page.locator(".gt-clock b").get_attribute("data-seconds")
    assert page.locator(".wf-secs").inner_text().strip() == page.locator(".wf-secs").get_attribute("data-seconds")
    assert not errors, errors
    page.close()


def test_a_new_log_line_rewrites_its_slot_alone(browser, preview):
    """The TV's log is a ring of four slots: a line keeps its slot, its node and its text while it
    stays, a new line takes the slot of the one that left, and the list's children never move
    (a line inserted at the top made the morph redo the whole list); on screen the lines read
    newest first (CSS order), the newest undimmed. Moments of several scenarios are drawn as
    one game, their events filling the log."""
    page, errors, _ = _open_tv(browser, preview, "dawn")
    names = ["dawn", "step", "coffee", "bite", "antivenom", "evening", "vote", "reveal", "step"]
    steps = page.evaluate("""async (names) => {
      const states = await Promise.all(names.map((n) => fetch(`/states/${n}.json`).then((r) => r.json())));
      const ol = () => document.querySelector("[data-testid=gt-log] ol");
      const shown = () => [...ol().children].filter((li) => li.textContent)
        .sort((a, b) => Number(a.style.order) - Number(b.style.order));
      const steps = [];
      for (let i = 0; i < states.length; i++) {
        const slots = ol() ? [...ol().children] : [];
        const texts = slots.map((li) => li.textContent);
        const touched = new Set();
        const watch = new MutationObserver((rs) => { for (const r of rs) {
          const k = slots.findIndex((li) => li.contains(r.target));
          touched.add(k >= 0 ? k : r.target === ol() ? "list" : "other");
        } });
        if (ol()) watch.observe(ol(), { subtree: true, childList: true, characterData: true });
        window.__rerender({ ...states[i].table, match: 1, version: i + 10, deadline: null });
        await new Promise((done) => setTimeout(done, 0));
        watch.disconnect();
        const now = [...ol().children];
        const lines = shown();
        steps.push({
          sameSlots: slots.length === 0 || (now.length === slots.length && now.every((li, k) => li === slots[k])),
          // the slots whose text stayed were not touched; those touched have another line
          keptUntouched: slots.every((li, k) => li.textContent !== texts[k] || !touched.has(k)),
          listTouched: touched.has("list"),
          newest: lines.length ? getComputedStyle(lines[0]).opacity : null,
          older: lines.slice(1).map((li) => getComputedStyle(li).opacity),
          // the screen's order: the newest line (the highest place in the log) first
          order: lines.map((li) => -Number(li.style.order)),
          changed: slots.filter((li, k) => li.textContent !== texts[k]).length,
        });
      }
      return steps;
    }""", names)
    # (the first moment is a new game: a page of its own)
    assert sum(s["changed"] for s in steps[1:]) >= 4, steps   # the log filled and went round
    for s in steps[1:]:
        assert s["sameSlots"] and s["keptUntouched"] and not s["listTouched"], steps
        assert s["order"] == sorted(s["order"], reverse=True), steps
        assert s["newest"] == "1" and all(o == "0.8" for o in s["older"]), steps
    assert not errors, errors
    page.close()
