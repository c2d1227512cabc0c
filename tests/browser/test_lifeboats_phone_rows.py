"""The Lifeboats phone's block of my pawns (issue 24, the phones at 4x): a row stands for each boat
on the water, hidden while none of my pawns is in it, its pawns drawn to the most and those not
there hidden by a class. My pawn seated in a boat I had none in, then a second one in it, writes
attributes of rows that keep their nodes: no subtree morphed (the list was morphed when a row
came, the row when it grew). Each morphed page reads as the same payload drawn afresh, and the
rows shown are those of the boats my pawns are in, in the board's order."""

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")
OPENING = phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX)


def test_my_pawn_seated_writes_attributes_of_kept_rows(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "setup_pawns")
    out = page.evaluate("""async (names) => {""" + OPENING + """
      const base = states[names.indexOf("setup_pawns")].phone;
      const msg = { ...base, legal_actions: [], match: 1, version: ++version, events: [] };
      const draw = (view) => {
        const units = partStats.units;
        const ok = same({ ...msg, view, version: ++version });
        return { ok, built, units: partStats.units - units };
      };
      const view = JSON.parse(JSON.stringify(msg.view));
      const first = draw(view);
      const mine = view.me.colour;
      const list = () => morphed.querySelector("[data-testid=lb-mypawns] ul");
      const rows = () => [...list().children];
      const shownRows = () => rows().filter((li) => li.offsetHeight > 0).map((li) => li.dataset.boat);
      const pawnsIn = (c) => [...list().querySelector(`li[data-boat=${c}]`).querySelectorAll(".lb-pawn")]
        .filter((p) => p.offsetWidth > 0).length;
      const ul = list();
      const before = rows();
      const shownBefore = shownRows();
      const into = view.boats.find((b) => b.status === "water" && b.free_seats > 1 && !view.me.pawns.some((p) => p.boat === b.colour));
      const seat = (rank) => {
        view.me.unplaced[rank] -= 1;
        view.me.pawns.push({ boat: into.colour, rank });
        into.pawns.push({ colour: mine, rank });
        into.free_seats -= 1;
        const water = view.boats.filter((b) => b.status === "water").map((b) => b.colour);
        view.me.pawns.sort((a, b) => water.indexOf(a.boat) - water.indexOf(b.boat));
      };
      const rank = () => (view.me.unplaced.sailor > 0 ? "sailor" : "officer");
      seat(rank());
      const one = { ...draw(view), kept: list() === ul && rows().every((li, i) => li === before[i]),
        shown: shownRows(), pawns: pawnsIn(into.colour) };
      seat(rank());
      const two = { ...draw(view), kept: list() === ul && rows().every((li, i) => li === before[i]),
        pawns: pawnsIn(into.colour) };
      const order = view.boats.filter((b) => b.status === "water" && view.me.pawns.some((p) => p.boat === b.colour)).map((b) => b.colour);
      return { diffs, first, shownBefore, into: into.colour, order, one, two };
    }""", ["setup_pawns"])
    assert out["diffs"] == [] and out["first"]["ok"], out
    assert out["into"] not in out["shownBefore"], out
    one, two = out["one"], out["two"]
    # the row of the boat appears: its nodes were there, hidden; nothing morphed
    assert one["ok"] and one["units"] == 0 and one["kept"], one
    assert one["shown"] == out["order"] and one["pawns"] == 1, (one, out["order"])
    # a second pawn in it: one more pawn of the row shown, nothing morphed
    assert two["ok"] and two["units"] == 0 and two["kept"] and two["pawns"] == 2, two
    assert not errors, errors
