"""The Lifeboats phone's boards hold their parts (morph.js `holds`, issue 24): the board under the
card, the board of my swim choices held hidden beside it, and each boat in them are frames drawn
from their own inputs (the boats' colours in lane order, a boat's colour, seat count and its own
button), so a pawn seated or a leak sprung builds that seat alone: not the board's section, the
boat's frame and a stand-in for each other seat and head (the board was built on 0.93 of the
updates of a game, its boat on 0.17). Every other node of the boards is kept, and each morphed
page reads as the same payload drawn afresh."""
from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")

# `draw(view)`: the scenario's payload, no action of mine, drawn from `view` into the morphed
# root; returns whether it reads as drawn afresh, the ids of the parts built, and how many nodes
# of `sel` (marked before) are new and outside the element of id `keep`.
DRAW = phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      const base = states[0].phone;
      const msg = { ...base, legal_actions: [], match: 1, version: ++version, events: [] };
      const view = JSON.parse(JSON.stringify(msg.view));
      same({ ...msg, view: JSON.parse(JSON.stringify(view)), version: ++version });
      const draw = (view, sel, keep) => {
        for (const el of morphed.querySelectorAll(sel)) el.__kept = true;
        partStats.log = [];
        const next = { ...msg, view: JSON.parse(JSON.stringify(view)), version: ++version };
        let parts;
        try { mod.render(morphed, next, ctxOf(next)); } finally { parts = partStats.log; partStats.log = null; }
        const fresh = [...morphed.querySelectorAll(sel)].filter((el) => !el.__kept);
        const stray = fresh.filter((el) => !keep.some((id) => el.closest("#" + id))).length;
        return { parts, stray, fresh: fresh.length, ok: same(next) };
      };
"""


def test_a_pawn_seated_on_the_board_builds_its_seat_only(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "setup_pawns")
    out = page.evaluate("""async (names) => {""" + DRAW + """
      const mine = view.me.colour;
      const boat = view.boats.find((b) => b.status === "water" && b.free_seats > 0 && b.leaks === 0 && b.colour !== mine);
      const seat = `lb-part-seat-all-${boat.colour}-${boat.pawns.length}`;
      boat.pawns.push({ colour: view.colours.find((c) => c !== mine), rank: "officer" });
      boat.free_seats -= 1;
      const board = "[data-testid=lb-miniboard], [data-testid=lb-miniboard] *";
      return { seat, diffs, ...draw(view, board, [seat]), shows: morphed.querySelector(`#${seat} .lb-pawn`).checkVisibility() };
    }""", ["setup_pawns"])
    assert out["diffs"] == [] and out["ok"], out
    # main: the board's section, the boat and the seat
    assert [p for p in out["parts"] if p.startswith("lb-part-boat") or p.startswith("lb-part-seat")] == [out["seat"]], out
    assert out["stray"] == 0 and out["shows"], out
    assert not errors, errors
    ctx.close()


def test_a_leak_builds_its_seat_on_the_board_and_the_held_board_only(browser, preview):
    """After the set-up the board of my swim choices is held hidden, kept up to date: a leak in a
    boat builds its seat there and on the board, no boat, board nor holder."""
    ctx, page, errors = preview_phone(browser, preview, "leave")
    out = page.evaluate("""async (names) => {""" + DRAW + """
      const held = Boolean(morphed.querySelector("lb-pickboats")) && !morphed.querySelector("lb-pickboats").checkVisibility();
      const boat = view.boats.find((b) => b.status === "water" && b.free_seats > 0);
      const i = boat.pawns.length + boat.leaks;
      const seats = [`lb-part-seat-all-${boat.colour}-${i}`, `lb-part-seat-pick-${boat.colour}-${i}`];
      boat.leaks += 1;
      boat.free_seats -= 1;
      const boards = "[data-testid=lb-miniboard], [data-testid=lb-miniboard] *, lb-pickboats, lb-pickboats *";
      const out = draw(view, boards, seats);
      return { seats, held, diffs, ...out, leaks: seats.map((id) => Boolean(morphed.querySelector(`#${id}.lb-mleak`))) };
    }""", ["leave"])
    assert out["diffs"] == [] and out["ok"] and out["held"], out
    built = [p for p in out["parts"] if p.startswith(("lb-part-boat", "lb-part-seat", "lb-part-pick"))]
    assert sorted(built) == sorted(out["seats"]), out
    assert out["stray"] == 0 and out["leaks"] == [True, True], out
    assert not errors, errors
    ctx.close()


def test_my_pawn_placed_builds_the_line_and_the_row_not_my_block(browser, preview):
    """My pawns' block holds the line left to place and a row per boat: my pawn placed builds
    those two and the seat it takes on the board, not the block."""
    ctx, page, errors = preview_phone(browser, preview, "setup_pawns")
    out = page.evaluate("""async (names) => {""" + DRAW + """
      const rank = view.me.unplaced.sailor > 0 ? "sailor" : "officer";
      const into = view.boats.find((b) => b.status === "water" && b.free_seats > 0 && b.leaks === 0);
      const seat = `lb-part-seat-all-${into.colour}-${into.pawns.length}`;
      view.me.unplaced[rank] -= 1;
      view.me.pawns.push({ boat: into.colour, rank });
      into.pawns.push({ colour: view.me.colour, rank });
      into.free_seats -= 1;
      const water = view.boats.filter((b) => b.status === "water").map((b) => b.colour);
      view.me.pawns.sort((a, b) => water.indexOf(a.boat) - water.indexOf(b.boat));
      const keep = ["lb-mine-unplaced", `lb-mine-${into.colour}`, seat];
      const blocks = "[data-testid=lb-mypawns], [data-testid=lb-mypawns] *, [data-testid=lb-miniboard], [data-testid=lb-miniboard] *";
      return { keep, diffs, ...draw(view, blocks, keep) };
    }""", ["setup_pawns"])
    assert out["diffs"] == [] and out["ok"], out
    built = [p for p in out["parts"] if p.startswith(("lb-part-pawns", "lb-mine", "lb-part-boat", "lb-part-seat"))]
    assert sorted(built) == sorted(out["keep"]), out
    assert out["stray"] == 0, out
    assert not errors, errors
    ctx.close()
