"""The Lifeboats phone's swim choices on the boats held between them (issue 24, the evening: each
choice built a board of its own, 338-463 elements on the update that opened it): after the set-up,
while I have a pawn on the water, the board of my choices is in the page, hidden beside the card,
kept up to date; my choice (a pawn to move, a boat to board) shows those boats in the card, the
boats that offer nothing the same nodes, only those that hold a button built. The buttons are
buttons as before (labelled, taken with the keyboard), a boat not to board greyed as before, and
each morphed page reads as the same payload drawn afresh. Run with -s to read the counters."""
import json

import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")


@pytest.mark.parametrize("scenario", ["leave", "board"])
def test_my_choice_shows_the_boats_held_for_it(browser, preview, scenario):
    ctx, page, errors = preview_phone(browser, preview, scenario)
    out = page.evaluate("""async ([names, scenario]) => {""" + phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      const base = states[names.indexOf(scenario)].phone;
      const make = [document.createElement, document.createElementNS];
      const draw = (legal) => {
        const msg = { ...base, legal_actions: legal, match: 1, version: ++version, events: [] };
        let made = 0;
        document.createElement = function (...a) { made++; return make[0].apply(this, a); };
        document.createElementNS = function (...a) { made++; return make[1].apply(this, a); };
        const b0 = partStats.built, w0 = partStats.whole;
        try { mod.render(morphed, msg, ctxOf(msg)); } finally { [document.createElement, document.createElementNS] = make; }
        return { made, built: partStats.built - b0, whole: partStats.whole - w0, ok: same(msg) };
      };
      const pickBoats = () => [...morphed.querySelectorAll("[data-testid=lb-pick-board] .lb-mboat")];
      const others = draw([]);
      const held = morphed.querySelector("lb-pickboats");
      others.held = Boolean(held) && !held.checkVisibility();
      const heldBoats = held ? [...held.querySelectorAll(".lb-mboat")] : [];
      const heldSeats = heldBoats.flatMap((b) => [...b.querySelectorAll(".lb-mseat, .lb-mhead")]);
      const mine = draw(base.legal_actions);
      const shown = pickBoats();
      const offer = new Set(base.legal_actions.map((a) => a.boat));
      mine.boats = shown.length;
      mine.offering = shown.filter((b) => offer.has(b.dataset.boat)).length;
      // the boats that offer nothing: the very nodes held
      mine.keptNodes = shown.filter((b) => !offer.has(b.dataset.boat) && heldBoats.includes(b)).length;
      mine.visible = shown.every((b) => b.checkVisibility());
      // in a boat that offers something, its seats of no button and its head: the nodes held
      const plain = shown.flatMap((b) => [...b.querySelectorAll("span.lb-mseat, .lb-mhead")]);
      mine.plainKept = [plain.filter((n) => heldSeats.includes(n)).length, plain.length];
      // a boat not to board, greyed as main's lb-no: the same look
      mine.greyed = shown.filter((b) => !offer.has(b.dataset.boat)).map((b) => {
        const cs = getComputedStyle(b);
        return [cs.opacity, cs.filter];
      });
      // what I take: buttons, labelled when they hold no words
      const taps = [...morphed.querySelectorAll("[data-testid^=lb-leavepawn-], [data-testid^=lb-boardboat-]")];
      mine.taps = taps.map((b) => [b.localName, b.disabled, Boolean(b.getAttribute("aria-label") || b.textContent.trim())]);
      taps[0].focus();
      return { diffs, others, mine, heldCount: heldBoats.length, first: taps[0].dataset.testid };
    }""", [["leave", "board"], scenario])
    print(json.dumps(out))
    assert out["diffs"] == [], out
    others, mine = out["others"], out["mine"]
    assert others["ok"] and mine["ok"], out
    # main: no board held between my choices, each choice built its whole board
    assert others["held"] and out["heldCount"] == mine["boats"] >= 2, out
    assert mine["visible"] and mine["offering"] >= 1, out
    assert mine["keptNodes"] == mine["boats"] - mine["offering"], out
    assert mine["plainKept"][0] == mine["plainKept"][1] > 0, out
    assert mine["whole"] == 0, out
    assert mine["made"] < 140, out
    assert mine["taps"] and all(t == ["button", False, True] for t in mine["taps"]), out
    if scenario == "board":
        assert mine["greyed"] and all(g == ["0.75", "grayscale(0.6)"] for g in mine["greyed"]), out
    # taken with the keyboard: the focused button picks, and the confirmation says what
    page.keyboard.press("Enter")
    picked = page.evaluate("""(id) => {
      const b = document.querySelector(`[data-testid="${id}"]`);
      const confirm = document.querySelector("[data-testid=lb-leave-confirm], [data-testid=lb-board-confirm]");
      return { sel: b.classList.contains("sel"), confirm: !confirm.disabled };
    }""", out["first"])
    assert picked == {"sel": True, "confirm": True}, picked
    assert not errors, errors
    ctx.close()
