"""The Lifeboat phone builds only what an update changed (issue 24, the phones at 4x): a
character rowing or acting (flags no part draws) builds nothing; a card drawn builds my strip
nowhere and the boat with the one tile it changed; one fighter more done builds no fighter's row
nor side (his ✓ shows by the fight box's data-d<seat>). Each morphed page reads as the same payload drawn on an empty page."""

import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOAT_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboat", "lbt_scenarios")


def test_an_update_builds_the_tile_or_the_fighter_it_changed(browser, preview):
    import lbt_scenarios as scenarios
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=phone&s=fight_joined&lang=en")
    page.wait_for_function("window.__ready === true")
    out = page.evaluate("""async (names) => {""" + phone_morph_opening("lifeboat", *LIFEBOAT_PHONE_CTX) + """
      const base = states[names.indexOf("fight_joined")].phone;
      const msg = { ...base, match: 1, version: ++version, events: [] };
      same(msg);
      // the ids of the parts the morphed drawing built (same() then draws the page afresh)
      const step = (view) => {
        partStats.log = [];
        const ok = same({ ...msg, view, version: ++version });
        return { ok, built: partStats.log.slice(0, built) };
      };
      const copy = (v) => JSON.parse(JSON.stringify(v));
      const f = msg.view.fight;
      const other = msg.view.characters.find((c) => c.seat !== msg.view.me.seat);
      // a character rows and acts: flags no part draws
      const acted = copy(msg.view);
      acted.characters[other.seat].rowed = !other.rowed;
      acted.characters[other.seat].acted = !other.acted;
      const row = step(acted);
      // a card drawn by another: its tile alone, in the boat
      const drew = copy(acted);
      drew.characters[other.seat].hand_count += 1;
      const card = step(drew);
      // one fighter more done: that fighter's row alone
      const fighters = [...f.sides.attacker, ...f.sides.defender];
      const next = fighters.find((x) => !(f.window.done || []).includes(x));
      const done = copy(drew);
      done.fight.window.done = [...(f.window.done || []), next];
      const fight = step(done);
      const ticks = [...morphed.querySelectorAll(".lbp-ok")].filter((el) => getComputedStyle(el).display !== "none")
        .map((el) => Number(el.className.match(/lbp-ok-([0-9]+)/)[1])).sort();
      partStats.log = null;
      return { diffs, row, card, fight, other: other.seat, next, ticks, done: [...done.fight.window.done].filter((x) => fighters.includes(x)).sort() };
    }""", scenarios.SCENARIOS)
    assert out["diffs"] == [], out["diffs"]
    assert out["row"] == {"ok": True, "built": []}, out
    assert out["card"] == {"ok": True, "built": ["lbp-part-boat", f"lbp-tile-{out['other']}"]}, out
    assert out["fight"] == {"ok": True, "built": []}, out
    assert out["ticks"] == out["done"] and out["next"] in out["ticks"], out
    assert not errors, errors
    page.close()


def test_the_waiting_panel_is_built_only_when_its_line_changes(browser, preview):
    """While others play (the phone's most frequent page), a card drawn by another builds the
    boat's tile and not the waiting panel; a new actor builds the panel, naming him."""
    import lbt_scenarios as scenarios
    ctx, page, errors = preview_phone(browser, preview, "choose")
    out = page.evaluate("""async (names) => {""" + phone_morph_opening("lifeboat", *LIFEBOAT_PHONE_CTX) + """
      const base = states[names.indexOf("choose")].phone;
      // nothing for this phone to decide: it waits for the actor
      const msg = { ...base, match: 1, version: ++version, events: [], legal_actions: [] };
      same(msg);
      const step = (view) => {
        partStats.log = [];
        const ok = same({ ...msg, view, version: ++version });
        return { ok, built: partStats.log.slice(0, built) };
      };
      const copy = (v) => JSON.parse(JSON.stringify(v));
      const actor = msg.view.actions.actor;
      const other = msg.view.characters.find((c) => c.seat !== actor && c.seat !== msg.view.me.seat);
      const drew = copy(msg.view);
      drew.characters[other.seat].hand_count += 1;
      const card = step(drew);
      const next = copy(drew);
      next.actions.actor = other.seat;
      const actorNow = step(next);
      const line = morphed.querySelector("[data-testid=lbp-waitline] .lbt-who").dataset.seat;
      partStats.log = null;
      return { diffs, card, actorNow, other: other.seat, line: Number(line) };
    }""", scenarios.SCENARIOS)
    assert out["diffs"] == [], out["diffs"]
    assert out["card"] == {"ok": True, "built": ["lbp-part-boat", f"lbp-tile-{out['other']}"]}, out
    assert out["actorNow"] == {"ok": True, "built": ["lbp-part-wait"]}, out
    assert out["line"] == out["other"], out
    assert not errors, errors
    ctx.close()
