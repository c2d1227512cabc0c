"""The Lifeboat page modules on their own: English and French complete, and every engine-made
scenario (each phase, action step, fight state, window kind, private log kind, 4 and 6 players)
renders on the TV and on a phone, in both languages, without a page error or an untranslated
key; the TV fits 1280x720 and 1920x1080 with no scrolling; on the phone the first button of
the decision at hand is on the 390x844 screen. Screenshots: test-artifacts/lifeboat/."""
import re
import sys

import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOAT_PHONE_CTX, assert_catalog_parity, phone_morph_opening, preview_tv
from tests.browser.conftest import ARTIFACTS, ROOT, SHOTS

HERE = ROOT / "tests" / "browser" / "lifeboat_preview"
sys.path.insert(0, str(HERE))

RAW = re.compile(r"\b(?:lifeboat\.|kind\.|char\.|state\.|nav\.|do\.|bd\.|log\.|plog\.|undefined|null|NaN|nav\d\d)\S*|\{\w+\}")


def test_english_and_french_have_the_same_keys_and_placeholders():
    assert_catalog_parity("lifeboat")


preview = preview_page.served("lifeboat", "lbt_scenarios")


SIZES = {"table": [{"width": 1280, "height": 720}, {"width": 1920, "height": 1080}],
         "phone": [{"width": 390, "height": 844}]}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", ["table", "phone"])
def test_every_scenario_renders(browser, preview, kind, lang):
    import lbt_scenarios as scenarios
    out = ARTIFACTS / "lifeboat"
    out.mkdir(parents=True, exist_ok=True)
    errors = []
    for size in SIZES[kind]:
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{kind}: {e}"))
        # (the page loaded once, each scenario drawn on it as a new game: preview.scenarios_on)
        for name in preview_page.scenarios_on(page, preview, kind, scenarios.SCENARIOS, lang):
            root = page.locator("#root")
            assert root.locator(".lbv, .lbp").count() == 1, (kind, name)
            text = root.inner_text()
            assert not RAW.findall(text), (kind, name, lang, RAW.findall(text))
            # "<b>Cy</b>" is a player's name: text, never markup.
            assert root.locator(".lbt-who b b").count() == 0
            if kind == "table":
                assert "<b>Cy</b>" in text
                over = page.evaluate("() => [document.documentElement.scrollWidth - innerWidth,"
                                     " document.documentElement.scrollHeight - innerHeight]")
                assert over[0] <= 0 and over[1] <= 0, (name, size, over)
                # ...and fills it: the board is scaled up to the box below the header, not a
                # thumbnail in a corner of the screen.
                board = root.locator(".lbv").bounding_box()
                fill = max(board["width"] / size["width"], board["height"] / (size["height"] - 64))
                assert fill >= 0.95, (name, size, board)
            else:
                msg = page.evaluate("window.__msg")
                main = [a for a in msg["legal_actions"]
                        if a["type"] != "show" and not a["type"].startswith("trade_")]
                if main and not msg["over"]:
                    first = root.locator(".lbp-action button").first
                    box = first.bounding_box()
                    assert box and box["y"] + box["height"] <= size["height"], (name, lang, box)
            if SHOTS:
                page.screenshot(path=str(out / f"{kind}-{size['width']}-{name}-{lang}.png"))
        ctx.close()
    assert not errors, errors


# The sentence under the phones' boat picture, written out by hand for each language.
FORHIM = {
    "en": {"n": {"water": ("water card", "water cards"), "medical_kit": ("medical kit", "medical kits"),
                 "life_preserver": ("life preserver", "life preservers")},
           "no": {"water": "no water", "medical_kit": "no medical kit", "life_preserver": "no life preserver"},
           "cards": ("card", "cards"), "and": " and ", "one": lambda n: n == 1},
    "fr": {"n": {"water": ("carte Eau", "cartes Eau"), "medical_kit": ("trousse de secours", "trousses de secours"),
                 "life_preserver": ("bouée", "bouées")},
           "no": {"water": "pas d'eau", "medical_kit": "pas de trousse", "life_preserver": "pas de bouée"},
           "cards": ("carte", "cartes"), "and": " et ", "one": lambda n: n in (0, 1)},
}


def forhim_sentence(lang, name, she, counts, total):
    L = FORHIM[lang]
    word = lambda forms, n: f"{n} {forms[0] if L['one'](n) else forms[1]}"
    kinds = ("water", "medical_kit", "life_preserver")
    some = [word(L["n"][k], counts[k]) for k in kinds if counts[k]]
    some = ", ".join(some[:-1]) + L["and"] + some[-1] if len(some) > 1 else "".join(some)
    none = ", ".join(L["no"][k] for k in kinds if not counts[k])
    cards = word(L["cards"], total)
    if lang == "en":
        his, head = ("her" if she else "his"), f"{name} is unconscious."
        if total == 0:
            return f"{name} is unconscious and has no card in {his} hand."
        if total == 1:
            return (f"{head} The others may play the one card in {his} hand: {some}." if some else
                    f"{head} The others may not play the one card in {his} hand: {none}.")
        if not some:
            return f"{head} The others may play none of {his} {cards}: {none}."
        return f"{head} Of {his} {cards}, the others may play {some}" + (f"; {none}." if none else ".")
    head = f"{name} est inconsciente." if she else f"{name} est inconscient."
    if total == 0:
        return f"{head[:-1]} et n'a aucune carte en main."
    if total == 1:
        return (f"{head} Les autres peuvent jouer la seule carte de sa main\u00a0: {some}." if some else
                f"{head} Les autres ne peuvent pas jouer la seule carte de sa main\u00a0: {none}.")
    if not some:
        return f"{head} Les autres ne peuvent jouer aucune de ses {cards}\u00a0: {none}."
    return f"{head} Sur ses {cards}, les autres peuvent jouer {some}" + (f"\u00a0; {none}." if none else ".")


def test_the_sentence_builder_matches_the_reviewers_examples():
    counts = {"water": 2, "medical_kit": 1, "life_preserver": 0}
    assert forhim_sentence("en", "The Kid", False, counts, 5) == (
        "The Kid is unconscious. Of his 5 cards, the others may play 2 water cards and 1 medical kit;"
        " no life preserver.")
    assert forhim_sentence("fr", "Le Gamin", False, counts, 5) == (
        "Le Gamin est inconscient. Sur ses 5 cartes, les autres peuvent jouer 2 cartes Eau et"
        " 1 trousse de secours\u00a0; pas de bouée.")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("scenario,character", [("medical_kit_his_6p", None),
                                                ("lady_unconscious_6p", "lady_lauren")])
def test_what_may_be_played_for_an_unconscious_character_is_on_both_pages(browser, preview, lang,
                                                                           scenario, character):
    """Issue 21: the counts of water, medical kits and life preservers in an unconscious
    character's hand are public: on his card on the TV, on the phones' boat picture, with a
    real sentence naming him (plurals by the language's rules, zeros said as "no ..."), and
    Lady Lauren is "she" ("her", "inconsciente")."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    for kind in ("table", "phone"):
        page.goto(f"{preview}?page={kind}&s={scenario}&lang={lang}")
        page.wait_for_function("window.__ready === true", timeout=30_000)
        view = page.evaluate("window.__msg.view")
        out = [c for c in view["characters"] if c.get("hand_public")]
        assert out and all(c["state"] == "unconscious" for c in out)
        if character:
            assert any(c["character"] == character for c in out)
        for c in out:
            block = page.locator(f"[data-testid=forhim-{c['seat']}]")
            shown = {k: int(block.locator(f"[data-kind={k}]").get_attribute("data-n"))
                     for k in ("water", "medical_kit", "life_preserver")}
            assert shown == c["hand_public"]
            she = c["character"] == "lady_lauren"
            if kind == "table":
                label = block.locator(".lbt-forhim-t").inner_text()
                assert label.endswith(("her:", "elle :", "elle\u00a0:") if she else ("him:", "lui :", "lui\u00a0:")), label
                state = page.locator(f"[data-testid=lbv-seat-{c['seat']}] .lbv-state").inner_text()
                if lang == "fr":
                    assert state == ("inconsciente" if she else "inconscient")
            if kind == "phone":
                # The sentence as read: the name (a disc and the character's name), then text.
                name, rest = page.evaluate("""(id) => { const p = document.querySelector(`[data-testid=${id}]`);
                    const w = p.querySelector('.lbt-who'); const name = w.querySelector('b').textContent;
                    const q = p.cloneNode(true); q.querySelector('.lbt-who').remove();
                    return [name, q.textContent]; }""", f"lbp-forhim-{c['seat']}")
                line = name + rest
                assert line == forhim_sentence(lang, name, she, c["hand_public"], c["hand_count"]), line
                assert "×" not in line
        conscious = [c for c in view["characters"] if c["state"] == "conscious"]
        assert page.locator(f"[data-testid=forhim-{conscious[0]['seat']}]").count() == 0
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_done_that_kills_by_thirst_says_so_and_asks_first(browser, preview, lang):
    """Issue 19.9: a thirsty phone whose "Done" would kill its character although it could
    drink says so in words, and "Done" asks before it is sent; "No" sends nothing."""
    fatal = {"en": "You will die of thirst", "fr": "Vous allez mourir de soif"}[lang]
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.goto(f"{preview}?page=phone&s=thirst_fatal&lang={lang}")
    page.wait_for_function("window.__ready === true", timeout=30_000)
    alert = page.locator("[data-testid=lbp-fatal]")
    assert alert.count() == 1 and alert.inner_text().startswith(fatal)
    page.locator("[data-testid=lbp-act-done]").click()
    page.locator("[data-testid=lbp-act-done-confirm]").wait_for(timeout=10_000)
    assert page.locator("[data-testid=lbp-act-done-confirm] [data-testid=lbp-fatal]").inner_text().startswith(fatal)
    assert page.evaluate("window.__acts") == []
    page.locator("[data-testid=lbp-no]").click()
    page.locator("[data-testid=lbp-act-done]").wait_for(timeout=10_000)
    assert page.evaluate("window.__acts") == []
    page.locator("[data-testid=lbp-act-done]").click()
    page.locator("[data-testid=lbp-yes]").click()
    page.wait_for_function("window.__acts.length === 1", timeout=10_000)
    assert page.evaluate("window.__acts") == [{"type": "done"}]
    ctx.close()


def test_a_morphed_phone_page_builds_only_what_changed(browser, preview):
    """The phone page of one moment morphed into the page of another reads exactly as that
    moment's page drawn on an empty page, while the parts an update did not change are not built
    again (morph.js pageParts, issue 24): the same payload again builds none and keeps every
    node; a new line in my log builds the log alone; a wound builds what shows it (my strip, my
    case, the boat: three of the five parts, and in the boat the wounded one's tile alone); a
    kept hand's Show still asks, then shows."""
    import lbt_scenarios as scenarios
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=phone&s=navigate&lang=en")
    page.wait_for_function("window.__ready === true")
    out = page.evaluate("""async (names) => {""" + phone_morph_opening("lifeboat", *LIFEBOAT_PHONE_CTX) + """
      const base = states[names.indexOf("navigate")].phone;
      const msg = { ...base, match: 1, version: ++version, events: [] };
      same(msg);
      const parts = morphed.querySelectorAll("[id^=lbp-part-]").length;
      const step = (view) => ({ ok: same({ ...msg, view, version: ++version }), built });
      const again = step(msg.view);
      const logged = JSON.parse(JSON.stringify(msg.view));
      logged.me.private_log.push({ type: "draft_received", turn: 9, cards: ["water"] });
      const log = step(logged);
      const hurt = JSON.parse(JSON.stringify(logged));
      const other = hurt.characters.find((c) => c.seat !== hurt.me.seat);
      other.wounds += 1;
      const wound = step(hurt);
      // Show, on the kept hand: it asks first, then shows that card
      const show = msg.legal_actions.find((a) => a.type === "show");
      morphed.querySelector(`[data-testid=lbp-show-${show.card}]`).click();
      morphed.querySelector("[data-testid=lbp-hand] [data-testid=lbp-yes]").click();
      return { diffs, parts, again, log, wound, acts, show };
    }""", scenarios.SCENARIOS)
    assert out["diffs"] == [], out["diffs"]
    # my strip, my hand, the boat, my case, my log
    assert out["parts"] == 5, out
    assert out["again"] == {"ok": True, "built": 0}, out["again"]
    assert out["log"] == {"ok": True, "built": 1}, out["log"]
    assert out["wound"] == {"ok": True, "built": 4}, out["wound"]
    assert out["acts"] == [out["show"]], out
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_decision_scrolls_into_view_smoothly_unless_motion_is_reduced(browser, preview, motion):
    """intoview.js, shared by the three phones: the new decision is brought under the sticky
    header, by a smooth scroll, or at once on a phone that asks for reduced motion."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion=motion)
    page = ctx.new_page()
    page.goto(f"{preview}?page=phone&s=answer_mug&lang=en")
    page.wait_for_function("window.__ready === true", timeout=30_000)
    page.evaluate("() => window.scrollTo({ top: 0, behavior: 'auto' })")
    target = page.evaluate("""async () => {
      const el = document.createElement('div');
      el.className = 'scroll-probe'; el.style.height = '10px';
      const spacer = document.createElement('div'); spacer.style.height = '2000px';
      const below = document.createElement('div'); below.style.height = '2000px';
      document.getElementById('root').append(spacer, el, below);
      const { bringIntoView } = await import('/static/js/intoview.js');
      const header = document.querySelector('.topbar');
      const goal = el.getBoundingClientRect().top - (header ? header.getBoundingClientRect().height + 8 : 8);
      bringIntoView(document.getElementById('root'), '.scroll-probe');
      return { goal: Math.round(goal), now: Math.round(window.scrollY) };
    }""")
    assert target["goal"] > 1000
    if motion == "reduce":
        assert abs(target["now"] - target["goal"]) <= 1
    else:
        assert target["now"] < target["goal"]
        page.wait_for_function(f"Math.abs(window.scrollY - {target['goal']}) <= 1", timeout=10_000)
    ctx.close()


def test_one_more_event_builds_one_log_line_on_the_tv(browser, preview):
    """The TV's log lines, top bar and panels are parts (morph.js): an update that only adds an
    event to the log builds that line, and nothing else (the side column, the log's box and its
    group of slots are frames kept as they are: morph.js `holds`) (the whole log, twelve sentences with their discs, was built on
    every update); the line before it is the same node, now second.
    And idiomorph morphs only the slot the new line takes (the page's frame, the page with its
    parts as stand-ins, is unchanged: morph.js byParts; the list's slots are fixed, shown newest
    first by their CSS order), not the board nor the list: the elements it maps the ids of are
    fewer than the list's (a line inserted at the top of the list made it map the whole list,
    every line's ids)."""
    page, errors, data = preview_tv(browser, preview, "choose", twice=True)
    out = page.evaluate("""async (m) => {
      const { partStats } = await import("/static/js/morph.js");
      // the lines as shown, top to bottom (they sit in fixed slots, ordered by CSS)
      const shownLines = () => [...document.querySelectorAll("[data-testid=lbv-log] li")]
        .filter((li) => li.firstChild).sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      const first = shownLines()[0];
      first.__kept = true;
      const saved = partStats.log;
      partStats.log = [];
      // idiomorph maps the ids under each element it morphs (querySelectorAll("[id]"))
      const query = Element.prototype.querySelectorAll;
      let mapped = 0;
      Element.prototype.querySelectorAll = function (sel) {
        if (sel === "[id]") mapped += this.getElementsByTagName("*").length + 1;
        return query.call(this, sel);
      };
      let built;
      try { window.__rerender(m); } finally { Element.prototype.querySelectorAll = query; built = partStats.log; partStats.log = saved; }
      const lines = shownLines();
      const list = document.querySelector("[data-testid=lbv-log] [role=list]").getElementsByTagName("*").length;
      // the log (the part holding the slots) and the slot of the new line
      return { built: built.map((id) => id.replace(/[0-9]+$/, "k")), second: Boolean(lines[1] && lines[1].__kept),
               newest: lines[0].dataset.type, mapped: mapped < list ? "a few" : `${mapped}, the list ${list}` };
    }""", {**data, "version": data["version"] + 1, "events": [{"type": "provisions_skipped", "turn": 1}]})
    # (the side column, the log and its group are frames over the slot: test_lifeboat_tv_holders.py)
    assert out == {"built": ["lbv-log-k"], "second": True,
                   "newest": "provisions_skipped", "mapped": "a few"}, out
    assert not errors, errors
    page.close()


def test_one_more_fighter_done_rebuilds_no_card_nor_side_on_the_tv(browser, preview):
    """Whom the table waits for and who acts are the left column's data-waiting and data-acting,
    who is done in a fight's window the fight panel's data-done (lifeboat.css): one more fighter
    done builds the banner alone, neither the boat nor a seat's card nor the fight's sides
    (morph.js parts), and still the seats waited for glow and his alone does not, his ✓ shows
    and the panel counts him."""
    page, errors, data = preview_tv(browser, preview, "fight_joined", twice=True)
    win = data["view"]["fight"]["window"]
    assert not win["done"] and len(win["seats"]) >= 2, win
    done = win["seats"][0]
    nxt = {**data, "version": data["version"] + 1, "events": [],
           "view": {**data["view"], "fight": {**data["view"]["fight"], "window": {**win, "done": [done]}},
                    "waiting_for": [x for x in win["seats"] if x != done]},
           "waiting_for": [x for x in win["seats"] if x != done]}
    out = page.evaluate("""async ([m, done]) => {
      const { partStats } = await import("/static/js/morph.js");
      const saved = partStats.log;
      partStats.log = [];
      let built;
      try { window.__rerender(m); } finally { built = partStats.log; partStats.log = saved; }
      // the gold ring of a seat waited for (5 px; who acts has a white one of 7 px)
      const ringed = [...document.querySelectorAll(".lbv-seat")]
        .filter((el) => getComputedStyle(el).boxShadow.includes(" 0px 0px 0px 5px")).map((el) => Number(el.dataset.seat));
      const acting = m.view.actions ? m.view.actions.actor : null;
      return {
        built,
        glows: JSON.stringify(ringed.sort()) === JSON.stringify(m.waiting_for.filter((x) => x !== acting).sort()),
        ticks: [...document.querySelectorAll("[data-testid=lbv-fight] .lbv-ok")].filter((e) => e.checkVisibility()).map((e) => Number(e.dataset.seat)),
        count: document.querySelector("[data-testid=lbv-fight] > .lbv-note").textContent,
      };
    }""", [nxt, done])
    assert out["built"] == ["lbv-part-waiting"], out
    assert out["glows"] and out["ticks"] == [done], out
    assert f"1/{len(win['seats'])}" in out["count"], out
    assert not errors, errors
    page.close()


def test_a_bird_coming_builds_the_birds_alone_on_the_tv(browser, preview):
    """The top bar holds parts side by side (morph.js): a seagull coming while the line (day,
    phase, whom the table waits for) stays the same builds the birds alone (the bar holding them
    is a frame kept as it is), no other part, and the bar shows it."""
    page, errors, data = preview_tv(browser, preview, "choose", twice=True)
    view = data["view"]
    assert view["birds"] < view["birds_to_win"], view["birds"]
    nxt = {**data, "version": data["version"] + 1, "events": [], "view": {**view, "birds": view["birds"] + 1}}
    out = page.evaluate("""async (m) => {
      const { partStats } = await import("/static/js/morph.js");
      const saved = partStats.log;
      partStats.log = [];
      let built;
      try { window.__rerender(m); } finally { built = partStats.log; partStats.log = saved; }
      const birds = document.querySelector("[data-testid=lbv-birds]");
      return { built, birds: Number(birds.dataset.birds), on: birds.querySelectorAll(".lbv-bslot.on").length };
    }""", nxt)
    # (the bar, a frame over the three: test_lifeboat_tv_holders.py)
    assert out == {"built": ["lbv-part-birds"], "birds": view["birds"] + 1, "on": view["birds"] + 1}, out
    assert not errors, errors
    page.close()
