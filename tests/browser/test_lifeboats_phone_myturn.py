"""The Lifeboats phone through a turn of mine (issue 24, the phones at 4x): while the others play the
board is under the card; on my turn the card shows the boats as buttons and the board is hidden,
kept in the page; when my turn ends the board is shown again as it was, only the boat my pawn
went into built (main drew the whole board again: 44 parts, about 100 elements, on every phone
after each of its player's turns). Each morphed page reads as the same payload drawn afresh.
Run with -s to read the counters of each update (elements made, parts built, idiomorph units)."""
import json

import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")


def test_my_turn_ends_with_the_board_shown_not_built(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "setup_pawns")
    out = page.evaluate("""async (names) => {""" + phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      // setup_pawns: the others place pawns, then my turn, my pawn placed, the others again
      const base = states[names.indexOf("setup_pawns")].phone;
      const view = JSON.parse(JSON.stringify(base.view));
      const mine = view.me.colour;
      const others = view.colours.filter((c) => c !== mine);
      const board = () => morphed.querySelector("[data-testid=lb-miniboard]");
      const make = [document.createElement, document.createElementNS];
      const steps = [];
      const step = (name, legal) => {
        const msg = { ...base, view: JSON.parse(JSON.stringify(view)), legal_actions: legal, match: 1, version: ++version, events: [] };
        const shown = board();
        const boats = shown ? [...shown.querySelectorAll(".lb-mboat")] : [];
        let made = 0;
        document.createElement = function (...a) { made++; return make[0].apply(this, a); };
        document.createElementNS = function (...a) { made++; return make[1].apply(this, a); };
        const b0 = partStats.built, u0 = partStats.units;
        partStats.log = [];
        try { mod.render(morphed, msg, ctxOf(msg)); } finally { [document.createElement, document.createElementNS] = make; }
        const ids = partStats.log;
        partStats.log = null;
        const rec = { name, made, built: partStats.built - b0, units: partStats.units - u0, ok: same(msg),
          board: Boolean(board() && !board().hidden && board().offsetHeight > 0),
          boatsKept: boats.filter((b) => morphed.contains(b)).length, ids };
        steps.push(rec);
        return rec;
      };
      const seat = (colour, rank, boatColour) => {
        const b = view.boats.find((x) => x.colour === boatColour);
        b.pawns.push({ colour, rank });
        b.free_seats -= 1;
      };
      const open = (colour) => view.boats.find((b) => b.status === "water" && b.free_seats > 1 && b.colour !== colour).colour;
      const legalNow = () => view.boats.filter((b) => b.status === "water" && b.free_seats > 0)
        .flatMap((b) => ["officer", "sailor"].filter((r) => view.me.unplaced[r] > 0)
          .map((rank) => ({ type: "place_pawn", boat: b.colour, rank })));
      step("others", []);
      seat(others[0], "sailor", open(others[0]));
      step("others' pawn", []);
      step("my turn", legalNow());
      // my officer placed: my turn ends
      const into = open(mine);
      seat(mine, "officer", into);
      view.me.pawns.push({ boat: into, rank: "officer" });
      view.me.unplaced.officer -= 1;
      step("my pawn, turn over", []);
      seat(others[1], "sailor", open(others[1]));
      step("others' pawn again", []);
      return { diffs, steps };
    }""", ["setup_pawns"])
    for s in out["steps"]:
        print(json.dumps(s))
    assert out["diffs"] == [], out["diffs"]
    steps = {s["name"]: s for s in out["steps"]}
    assert all(s["ok"] for s in out["steps"]), out["steps"]
    assert not steps["my turn"]["board"] and steps["others"]["board"], out["steps"]
    back = steps["my pawn, turn over"]
    # the board shown again, its boats the same nodes: built, the board's shell, the boat my pawn
    # went into and its seat, my pawns' block, the line of my pawns left and the row of that boat
    # (main: 44 parts, 126 elements; the rest of the 55 elements is the card saying whose turn)
    assert back["board"] and back["boatsKept"] == steps["others' pawn"]["boatsKept"] == 5, back
    assert back["built"] <= 8 and back["made"] <= 60, back
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("scenario", ["leave", "board"])
def test_the_board_comes_back_as_it_was_after_a_swim_choice(browser, preview, scenario):
    """The same through the swim choices (a pawn to move out of a boat, a boat to board): the
    board hidden while I choose is the one shown after, every boat of it the same node."""
    ctx, page, errors = preview_phone(browser, preview, scenario)
    out = page.evaluate("""async ([names, scenario]) => {""" + phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      const base = states[names.indexOf(scenario)].phone;
      const boats = () => [...morphed.querySelectorAll("[data-testid=lb-miniboard] .lb-mboat")];
      const draw = (legal) => {
        const b0 = partStats.built;
        const before = boats();
        const msg = { ...base, legal_actions: legal, match: 1, version: ++version, events: [] };
        partStats.log = [];
        mod.render(morphed, msg, ctxOf(msg));
        const ids = partStats.log;
        partStats.log = null;
        const board = morphed.querySelector("[data-testid=lb-miniboard]");
        return { built: partStats.built - b0, ok: same(msg), shown: Boolean(board && board.offsetHeight > 0),
                 boats: before.length, kept: before.filter((b) => morphed.contains(b)).length, ids };
      };
      return { diffs, steps: [draw([]), draw(base.legal_actions), draw([])] };
    }""", [["leave", "board"], scenario])
    assert out["diffs"] == [], out["diffs"]
    for s in out["steps"]:
        print(json.dumps(s))
    others, mine, back = out["steps"]
    assert all(s["ok"] for s in out["steps"]) and others["shown"] and not mine["shown"] and back["shown"], out
    # of the board, its shell and nothing else: its boats kept, shown again (and the card's last
    # reveal, kept hidden by my turn's card: test_lifeboats_phone_reveal.py)
    # (and, hidden beside the card, the boats of my choice that held a button: test_lifeboats_phone_pick.py)
    shown = [i for i in back["ids"] if "-pick" not in i]
    assert shown == ["lb-part-boats"], back
    assert not [i for i in shown if i.startswith(("lb-part-boat-", "lb-part-seat-", "lb-part-bhead-"))], back
    assert back["boats"] >= 2 and back["kept"] == back["boats"], back
    assert not errors, errors
    ctx.close()
