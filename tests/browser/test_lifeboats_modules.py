"""The Lifeboats page modules on their own: English and French complete, and every preview
scenario (payloads made by the real engine) renders on the TV and on a phone, in both
languages, without a page error and without turning a player's name into markup."""
import re
import sys

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, assert_catalog_parity, phone_morph_opening, preview_phone, preview_tv
from tests.browser.paintcheck import idle_paints, repainting, running_animations
from tests.browser.conftest import ROOT

HERE = ROOT / "tests" / "browser" / "lifeboats_preview"
sys.path.insert(0, str(HERE))


def test_english_and_french_have_the_same_keys_and_placeholders():
    assert_catalog_parity("lifeboats")


preview = preview_page.served("lifeboats", "lb_scenarios")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_scenario_renders_on_both_pages(browser, preview, lang):
    import lb_scenarios as scenarios
    errors = []
    for kind, size in (("table", {"width": 1920, "height": 1080}), ("phone", {"width": 390, "height": 844})):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{kind}: {e}"))
        # (the page loaded once, each scenario drawn on it as a new game: preview.scenarios_on)
        for name in preview_page.scenarios_on(page, preview, kind, scenarios.SCENARIOS, lang):
            root = page.locator("#root")
            assert root.locator(".lb-table, .lb-phone").count() == 1, (kind, name)
            # "<b>Cy</b>" is a player's name: shown as text, never as markup.
            assert root.locator("b b, .lb-who b > b").count() == 0
            if kind == "table":
                assert "<b>Cy</b>" in root.inner_text()
                # the side column (banner, players, landing places, log) is never cut off,
                # six players and a three-name banner included
                # (tightened by the check after the frame's own layout, fit.js afterLayout: in
                # the frame that shows it, after the preview's __ready)
                fits = ("() => { const s = document.querySelector('.lb-side');"
                        " return s.scrollHeight <= s.clientHeight + 1; }")
                try:
                    page.wait_for_function(fits, timeout=5000)
                except PlaywrightTimeout:
                    side = page.evaluate("() => { const s = document.querySelector('.lb-side');"
                                         " return [s.scrollHeight, s.clientHeight, s.closest('.lb-table').className]; }")
                    raise AssertionError((name, lang, side)) from None
            elif root.locator(".lb-mebar [data-testid=lb-my-score]").count():
                # the score stays inside the phone's top bar, whatever the name's length (a
                # long name once pushed it out: "Chapeaux" is wider than "Hats")
                bar, score = page.evaluate("() => [document.querySelector('.lb-mebar'),"
                                           " document.querySelector('.lb-me-score')]"
                                           ".map((e) => e.getBoundingClientRect().right)")
                assert score <= bar, (name, lang, bar, score)
            text = root.inner_text()
            assert "undefined" not in text and "lifeboats." not in text, (kind, name, lang)
            assert not re.search(r"\{\w+\}", text), (kind, name, lang)
        ctx.close()
    assert not errors, errors


def test_the_vote_wheel_turns_by_drag_tap_and_buttons(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "vote", touch=True)
    sectors = page.eval_on_selector_all("[data-testid^='lb-sector-']", "els => els.map(e => e.dataset.choice)")
    legal = page.evaluate("() => fetch('/states/vote.json').then(r => r.json())")["phone"]["legal_actions"]
    assert sectors == [a["choice"] for a in legal if a["type"] == "vote"]
    selected = page.locator("[data-testid=lb-wheel-selected]")
    mine = page.evaluate("() => fetch('/states/vote.json').then(r => r.json())")["phone"]["view"]["me"]["colour"]
    # The wheel never starts on the voter's own colour.
    start = next(i for i, c in enumerate(sectors) if c != mine)
    assert selected.get_attribute("data-choice") == sectors[start]

    # Buttons step around the wheel.
    page.click("[data-testid=lb-wheel-next]")
    assert selected.get_attribute("data-choice") == sectors[start + 1]
    page.click("[data-testid=lb-wheel-prev]")
    assert selected.get_attribute("data-choice") == sectors[start]

    # A tap on a sector turns it under the pointer.
    page.locator(f"[data-testid='lb-sector-{sectors[2]}'] text").click()
    assert selected.get_attribute("data-choice") == sectors[2]

    # A drag turns the wheel: half a turn clockwise around its centre.
    box = page.locator("[data-testid=lb-wheel]").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] * 172 / 332
    r = box["width"] * 0.35
    page.mouse.move(cx, cy - r)
    page.mouse.down()
    page.mouse.move(cx + r, cy, steps=5)
    page.mouse.move(cx, cy + r, steps=5)
    page.mouse.up()
    n = len(sectors)
    turned = round(180 / (360 / n))
    assert selected.get_attribute("data-choice") == sectors[(2 - turned) % n]

    # Confirm sends exactly the selected vote.
    choice = selected.get_attribute("data-choice")
    page.click("[data-testid=lb-vote-confirm]")
    if choice == mine:                       # against myself: the button asks, a second tap votes
        assert page.evaluate("window.__acts") == []
        page.click("[data-testid=lb-vote-confirm]")
    assert page.evaluate("window.__acts") == [{"type": "vote", "choice": choice}]

    # A vote for my own colour asks first.
    if mine in sectors:
        page.goto(f"{preview}?page=phone&s=vote&lang=en")
        page.wait_for_function("window.__ready === true")
        page.locator(f"[data-testid='lb-sector-{mine}'] text").click()
        page.click("[data-testid=lb-vote-confirm]")
        assert page.evaluate("window.__acts") == []
        assert "Tap again" in page.locator("[data-testid=lb-vote-confirm]").inner_text()
        page.click("[data-testid=lb-vote-confirm]")
        assert page.evaluate("window.__acts") == [{"type": "vote", "choice": mine}]
    assert not errors, errors
    ctx.close()


def test_one_more_vote_builds_one_voter_not_the_footer(browser, preview):
    """A vote comes in on the TV: the footer, the other voters, the pawns and the other players'
    rows are parts (morph.js) kept as they were, so the update builds the voter, the voter's
    row and the "waiting for" banner, not the footer again (its question, options, voters and last
    reveal: 154 elements before they were parts; its caption and shell: 88 before the footer was
    no part of its own); the voter reads voted."""
    page, errors, data = preview_tv(browser, preview, "vote_6p")
    ballot = data["view"]["ballot"]
    seat = next(s for s in ballot["voters"] if s not in ballot["voted"])
    others = [s for s in ballot["voters"] if s != seat]
    page.evaluate("m => window.__rerender(m)", data)      # its parts shown once
    for s in others:
        page.evaluate("s => { document.querySelector(`.lb-voter[data-seat='${s}']`).__kept = true; }", s)
    ballot["voted"].append(seat)
    data["view"]["waiting_for"] = [x for x in data["view"]["waiting_for"] if x != seat]
    data["waiting_for"] = data["view"]["waiting_for"]
    data["version"] += 1
    built, parts = page.evaluate("""async m => {
      const { partStats } = await import("/static/js/morph.js");
      const make = [document.createElement, document.createElementNS];
      let n = 0;
      partStats.log = [];
      document.createElement = function (...a) { n++; return make[0].apply(this, a); };
      document.createElementNS = function (...a) { n++; return make[1].apply(this, a); };
      try { window.__rerender(m); } finally { [document.createElement, document.createElementNS] = make; }
      const parts = partStats.log;
      partStats.log = null;
      return [n, parts];
    }""", data)
    assert page.locator(f".lb-voter[data-seat='{seat}']").get_attribute("data-voted") == "true"
    for s in others:
        assert page.evaluate("s => Boolean(document.querySelector(`.lb-voter[data-seat='${s}']`).__kept)", s), s
    # the voter and the banner; not the voter's row (its "voted" is the players panel's
    # data-vd<seat> flag), nor the footer's caption or question (the footer was one part, built
    # again with every vote)
    # (and the log's new line: the payload's events, taken as new with its version)
    assert sorted(p for p in parts if not p.startswith("lb-log-")) == sorted(
        [f"lb-voter-{seat}", "lb-part-waiting"]), parts
    assert built < 100, built
    assert not errors, errors
    page.close()


def test_the_turn_passing_on_rebuilds_no_player_row(browser, preview):
    """Whom the table waits for is marked by the players panel (its data-w<seat> and
    lifeboats.css), not by each row: an update that only passes the turn to another player builds
    no player row (it built two, the one left and the one reached), and the row highlighted is
    the new one's."""
    page, errors, data = preview_tv(browser, preview, "setup_pawns")
    page.evaluate("m => window.__rerender(m)", data)
    seats = len(data["view"]["players"])
    waited = data["view"]["waiting_for"][0]
    other = (waited + 1) % seats
    data["view"]["waiting_for"] = data["waiting_for"] = [other]
    data["version"] += 1
    parts = page.evaluate("""async m => {
      const { partStats } = await import("/static/js/morph.js");
      partStats.log = [];
      window.__rerender(m);
      const parts = partStats.log;
      partStats.log = null;
      return parts;
    }""", data)
    assert not [p for p in parts if p.startswith("lb-player")], parts
    gold = page.evaluate("() => getComputedStyle(document.querySelector('.lb-top')).getPropertyValue('--gold')")
    colours = page.evaluate("""() => [...document.querySelectorAll('.lb-player')].map((r) =>
      [Number(r.dataset.seat), getComputedStyle(r).borderLeftColor])""")
    lit = [s for s, c in colours if c != "rgba(0, 0, 0, 0)"]
    assert lit == [other], (colours, gold)
    assert not errors, errors
    page.close()


def test_an_icon_is_built_once_and_cloned(browser, preview):
    """common.js builds each icon (a colour's shape, a hat, a leak, a star) once per kind and size
    and clones it after (building SVG element by element was the largest part of a TV page's
    build): a hundred shapes create no SVG element after the first, and each is a node of its own
    (one taken apart leaves the next whole)."""
    page = browser.new_page()
    page.goto(f"{preview}?page=table&s=vote&lang=en")
    page.wait_for_function("window.__ready === true")
    made, whole, distinct = page.evaluate("""async () => {
      const c = await import("/static/games/lifeboats/common.js");
      c.shape("red", 17); c.hatIcon(19, true);
      const make = document.createElementNS;
      let n = 0;
      document.createElementNS = function (...a) { n++; return make.apply(this, a); };
      const shapes = [];
      try { for (let i = 0; i < 100; i++) { shapes.push(c.shape("red", 17)); c.hatIcon(19, true); } }
      finally { document.createElementNS = make; }
      shapes[0].firstElementChild.remove();
      return [n, c.shape("red", 17).outerHTML === shapes[1].outerHTML && shapes[1].childElementCount === 1,
              new Set(shapes).size];
    }""")
    assert made == 0 and whole and distinct == 100, (made, whole, distinct)
    page.close()


def test_a_new_log_line_takes_the_oldest_lines_place_and_shows_first(browser, preview):
    """The TV's log lines are a ring (lifeboats.js): a new line rewrites the slot of the line it
    pushes out, so no line node is added, removed or moved in the list (each new line morphed
    the whole list), and CSS shows them newest first, the newest bold; after more lines than
    the log shows, it reads the last nine, newest first (in the order CSS gives them: at 720p
    in this vote the log has no room for a whole line, and is hidden, lifeboats.css)."""
    page, errors, data = preview_tv(browser, preview, "vote")
    page.evaluate("m => window.__rerender(m)", data)
    read = """() => [...document.querySelectorAll('[data-testid=lb-log] li')].map((li) => li)
      .sort((a, b) => Number(getComputedStyle(a).order) - Number(getComputedStyle(b).order))
      .map((li) => [li.textContent, getComputedStyle(li).fontWeight])"""
    for turn in range(101, 113):
        data["version"] += 1
        data["events"] = [{"type": "turn_started", "turn": turn, "start_player": 0}]
        if turn == 112:
            page.evaluate("() => { window.__lines = [...document.querySelectorAll('[data-testid=lb-log] li')]; }")
        page.evaluate("m => window.__rerender(m)", data)
    assert page.evaluate("""() => { const now = [...document.querySelectorAll('[data-testid=lb-log] li')];
      return now.length === window.__lines.length && now.every((li, i) => li === window.__lines[i]); }""")
    lines = page.evaluate(read)
    assert [f"Turn {t} " in text for t, (text, _) in zip(range(112, 103, -1), lines)] == [True] * 9, lines
    assert [weight for _, weight in lines] == ["700"] + ["400"] * 8, lines
    assert not errors, errors
    page.close()


def test_the_tv_draws_its_shapes_as_glyphs_not_svg(browser, preview):
    """The TV's shapes and hats (pawns, chips, names, boats, players' rows) are glyphs, an image
    each, not inline SVG roots (each root was paint chunks of its own that every frame walked):
    a crowded board keeps a handful of SVGs (the brand, the star, the leaks)."""
    page, errors, data = preview_tv(browser, preview, "vote_6p")
    svgs, glyphs, drawn = page.evaluate("""() => [document.querySelectorAll('.lb-table svg').length,
      document.querySelectorAll('.lb-table .lb-glyph').length,
      [...document.querySelectorAll('.lb-table .lb-glyph')].every((g) => getComputedStyle(g).backgroundImage.startsWith('url("data:image/png'))]""")
    assert svgs <= 10 and glyphs >= 40 and drawn, (svgs, glyphs, drawn)
    assert not errors, errors
    page.close()


def test_a_crowded_side_column_is_tightened_then_given_its_log_back(browser, preview):
    """Four players in an ejection vote, three of them waited for: the TV's side column has no
    room for the log, so the fit hides it (and never cuts a player off). Once nobody is waited
    for, the same page (the fit kept between updates) gets its log back."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=table&s=eject_vote&lang=fr")
    page.wait_for_function("window.__ready === true")
    fits = "() => { const s = document.querySelector('.lb-side'); return s.scrollHeight <= s.clientHeight + 1; }"
    # (the column is tightened in the check after the frame's own layout, which __ready can
    # precede: CI read it untightened; a column that never fits fails the wait)
    page.wait_for_function(fits, timeout=5000)
    assert page.locator("[data-testid=lb-log]").is_hidden()
    data = page.evaluate("() => fetch('/states/eject_vote.json').then(r => r.json())")["table"]
    page.evaluate("m => window.__rerender(m)", data)
    ballot = data["view"]["ballot"]
    ballot["voted"] = list(ballot["voters"])
    data["view"]["waiting_for"] = data["waiting_for"] = []
    data["version"] += 1
    page.evaluate("m => window.__rerender(m)", data)
    page.locator("[data-testid=lb-log]").wait_for(state="visible")
    page.wait_for_function(fits, timeout=5000)
    assert not errors, errors
    page.close()


def test_a_morphed_phone_page_builds_only_what_changed(browser, preview):
    """The phone page of one moment morphed into the page of another reads exactly as that
    moment's page drawn on an empty page, while the parts an update did not change are not built
    again (morph.js pageParts, issue 24): the same payload again builds none and keeps every
    node; one more pawn in a boat builds the two seats that changed (the boat, its other seats,
    their pawns and its head are kept as they are: parts inside a part that holds them), and the
    seat the pawn takes in the board hidden during my turn; a kept
    boat's "+" still places the pawn the state shown offers; one more vote takes one name out of
    the voters awaited and keeps the others' nodes."""
    ctx, page, errors = preview_phone(browser, preview, "setup_pawns")
    import lb_scenarios as scenarios
    out = page.evaluate("""async (names) => {""" + phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      // setup_pawns: the same payload twice, then one more pawn in another player's boat
      const base = states[names.indexOf("setup_pawns")].phone;
      const msg = { ...base, match: 1, version: ++version, events: [] };
      same(msg);
      const nodes = [...morphed.querySelectorAll("*")];
      same({ ...msg, version: ++version });
      const again = { built, kept: nodes.every((el) => morphed.contains(el)) };
      const mine = msg.view.me.colour;
      const view = JSON.parse(JSON.stringify(msg.view));
      const boat = view.boats.find((b) => b.status === "water" && b.free_seats > 1
        && !b.pawns.some((p) => p.colour === mine) && b.colour !== mine);
      const other = view.colours.find((c) => c !== mine);
      boat.pawns.push({ colour: other, rank: "sailor" });
      boat.free_seats -= 1;
      const pawnOk = same({ ...msg, view, version: ++version });
      const pawn = { built, ok: pawnOk, boat: boat.colour };
      // a "+" of a boat kept as it was places the pawn this state offers
      const kept = view.boats.find((b) => b.status === "water" && b.colour !== boat.colour
        && morphed.querySelector(`[data-testid=lb-seat-${b.colour}]`));
      morphed.querySelector(`[data-testid=lb-seat-${kept.colour}]`).click();
      // the voters still awaited: one more vote takes one name out, the others keep their nodes
      const wait = JSON.parse(JSON.stringify(states[names.indexOf("vote")].phone));
      wait.legal_actions = [];
      const ballot = wait.view.ballot;
      same({ ...wait, match: 1, version: ++version });
      const awaited = () => [...morphed.querySelectorAll("[id^=lb-waitvote-]")];
      const before = awaited();
      ballot.voted.push(ballot.voters.find((v) => !ballot.voted.includes(v)));
      const voteOk = same({ ...wait, match: 1, version: ++version });
      const after = awaited();
      const voted = { ok: voteOk, names: before.length, left: after.length,
        kept: after.every((el) => before.includes(el) && el.id === `lb-waitvote-${el.dataset.seat}`) };
      return { diffs, again, pawn, acts, keptBoat: kept.colour, voted,
               offered: msg.legal_actions.filter((a) => a.boat === kept.colour && a.rank === "officer") };
    }""", scenarios.SCENARIOS)
    assert out["diffs"] == [], out["diffs"]
    assert out["again"] == {"built": 0, "kept": True}, out["again"]
    # the seat the pawn takes and the one the "+" moves to; and in the board kept hidden during
    # my turn (shown again, not built, when it ends), the seat the pawn takes: nothing else is
    # built (the boards and the boat hold their seats: morph.js holds)
    assert out["pawn"]["ok"] and out["pawn"]["built"] == 3, out["pawn"]
    assert out["acts"] == out["offered"][:1] and len(out["acts"]) == 1, out
    # one name fewer, the others the same nodes (each has an id: the morph does not redraw
    # every name after the one gone into its neighbour's)
    voted = out["voted"]
    assert voted["ok"] and voted["names"] >= 2 and voted["left"] == voted["names"] - 1 and voted["kept"], voted
    assert not errors, errors
    ctx.close()


def test_the_boat_of_an_ejection_vote_glows_without_repainting_the_board(browser, preview):
    """The boat of an ejection vote glows for as long as the vote lasts (an animation that never
    ends): only a pale ring's opacity is animated, which the compositor plays by itself, so the TV
    paints nothing while it waits (issue 24: the animated outline colour made the page paint the
    board on every frame)."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=table&s=eject_vote&lang=en")
    page.wait_for_function("window.__ready === true && [...document.styleSheets].length > 0"
                           " && [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)")
    assert page.locator(".lb-boat.lb-focus").count() == 1
    animations = running_animations(page)
    assert any("lb-focus::after" in a[0] and a[2] == "infinite" for a in animations), animations
    assert not repainting(animations), animations
    assert idle_paints(page, 30) == 0
    assert not errors, errors
    page.close()


def test_the_full_stop_after_a_colour_chip_never_starts_a_line(browser, preview):
    """"You voted [Purple]. Secret until everyone has voted." in a box of any width: a line may
    break after the chip (an inline block) as after a word, but the full stop goes with the chip
    (text.js fmt), in English and in French. It once sat alone at the start of the next line."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{preview}?page=phone&s=vote&lang=en")
    page.wait_for_function("window.__ready === true")
    alone = page.evaluate("""async () => {
      const { fmt, makeTr } = await import("/static/js/text.js");
      const { chip } = await import("/static/games/lifeboats/common.js");
      const { strings } = await import("/static/games/lifeboats/strings.js");
      const out = [];
      for (const lang of ["en", "fr"]) {
        const tr = makeTr(Object.fromEntries(Object.entries(strings).map(([l, t]) =>
          [l, Object.fromEntries(Object.entries(t).map(([k, v]) => [k.replace(/^lifeboats\\./, ""), v]))])), { lang });
        for (let width = 120; width <= 360; width += 2) {
          const box = document.createElement("p");
          box.style.cssText = `width:${width}px;font:16px sans-serif;margin:0`;
          box.append(...fmt(tr, "do.vote.done", { choice: chip({}, tr, "purple") }));
          document.body.append(box);
          const c = box.querySelector(".lb-chip").getBoundingClientRect();
          const range = document.createRange();
          const text = [...box.querySelectorAll("*")].flatMap((e) => [...e.childNodes])
            .concat([...box.childNodes]).find((n) => n.nodeType === 3 && /^[\\u202f\\u00a0]?\\./.test(n.nodeValue));
          const at = text.nodeValue.indexOf(".");
          range.setStart(text, at);
          range.setEnd(text, at + 1);
          const dot = range.getBoundingClientRect();
          if (dot.top >= c.bottom - 1) out.push([lang, width]);
          box.remove();
        }
      }
      return out;
    }""")
    assert alone == [], alone
    page.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_long_name_in_the_phone_top_bar_is_drawn_smaller_not_cut(browser, preview, lang):
    """My name in the phone's top bar fits its column (fittext.js's labelFitter), in French too,
    where "Chapeaux" beside it is wider than "Hats": a long name ("<b>Cy</b>" in French once showed as
    "<b>C…") is drawn smaller, never cut; a short one keeps its full size."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    sizes = {}
    for name in ("Ana", "<b>Cy</b>", "Émilie-Françoise"):
        def named(route, _request, name=name):
            state = route.fetch().json()
            me = state["phone"]["view"]["me"]
            me["name"] = state["phone"]["view"]["players"][me["seat"]] = name
            route.fulfill(json=state)
        page.route("**/states/vote.json?*", named)
        page.goto(f"{preview}?page=phone&s=vote&lang={lang}")
        page.wait_for_function("window.__ready === true")
        label = page.locator(".lb-me-name")
        assert label.inner_text() == name
        page.wait_for_function("() => { const e = document.querySelector('.lb-me-name');"
                               " return e.scrollWidth <= e.clientWidth + 0.5; }", timeout=5000)
        sizes[name] = label.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
        page.unroute("**/states/vote.json?*")
    assert sizes["Ana"] == 20, sizes
    assert sizes["<b>Cy</b>"] < 20 and sizes["Émilie-Françoise"] < 20, sizes
    ctx.close()


def test_a_pawn_placed_hides_one_pawn_and_morphs_no_row(browser, preview):
    """During the setup, each player's pawns left to place are drawn to the most a player has, a
    placed one hidden by a class: a pawn placed flips one pawn's class (idiomorph morphs no row of
    pawns: it did, 10-17 elements, on every setup update), keeps the row and every pawn element
    as they were and shows one pawn fewer."""
    page, errors, data = preview_tv(browser, preview, "setup_pawns")
    page.evaluate("m => window.__rerender(m)", data)
    unplaced = data["view"]["unplaced"]
    seat = next(s for s, u in enumerate(unplaced) if u["sailor"] > 0)
    before = page.evaluate("""seat => {
      const row = document.getElementById(`lb-unp-${seat}`);
      row.__kept = true;
      [...row.querySelectorAll('.lb-pawn')].forEach((p) => { p.__kept = true; });
      return [...row.querySelectorAll('.lb-pawn')].filter((p) => p.offsetWidth > 0).length;
    }""", seat)
    assert before == unplaced[seat]["officer"] + unplaced[seat]["sailor"], (before, unplaced[seat])
    unplaced[seat]["sailor"] -= 1
    data["version"] += 1
    morphed = page.evaluate("""m => {
      // the roots idiomorph morphs (it maps the ids under each: morph.js, benchmarks/pages.py)
      const query = Element.prototype.querySelectorAll;
      const roots = [];
      Element.prototype.querySelectorAll = function (sel) {
        if (sel === "[id]") roots.push(this.id || this.className);
        return query.call(this, sel);
      };
      try { window.__rerender(m); } finally { Element.prototype.querySelectorAll = query; }
      return roots;
    }""", data)
    assert not [r for r in morphed if "lb-unp" in r], morphed
    kept, shown = page.evaluate("""seat => {
      const row = document.getElementById(`lb-unp-${seat}`);
      const pawns = [...row.querySelectorAll('.lb-pawn')];
      return [row.__kept === true && pawns.every((p) => p.__kept === true),
              pawns.filter((p) => p.offsetWidth > 0).length];
    }""", seat)
    assert kept, "the row or a pawn was drawn anew"
    assert shown == before - 1, (shown, before)
    assert not errors, errors
    page.close()
