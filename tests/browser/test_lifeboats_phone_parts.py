"""The Lifeboats phone while others play (issue 24, the phones at 4x): the board shown under the
card has no buttons, so a new turn builds none of its boats (only the line saying the turn); another player's pawn seated shows
a hidden pawn of the seat (attributes written, no subtree morphed, the seat's nodes kept); my
own pawn placed hides one pawn of my pawns left to place (the line and its pawns kept) and builds
the row of the boat it went into, not my whole block; that row was there, hidden, and is shown
with no subtree morphed. Each morphed page reads as the same payload drawn afresh."""

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")
OPENING = phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX)
# The set-up seen from a phone whose player waits (the board under the card, no buttons):
# `msg`, its payload; `draw(view)` morphs it drawn from `view` and reads whether it equals a fresh
# drawing, the parts built and the subtrees morphed; `view`, a copy to change, drawn once.
WAITING = OPENING + """
      const base = states[names.indexOf("setup_pawns")].phone;
      const msg = { ...base, legal_actions: [], match: 1, version: ++version, events: [] };
      const draw = (view) => {
        const units = partStats.units;
        const ok = same({ ...msg, view, version: ++version });
        return { ok, built, units: partStats.units - units };
      };
      const view = JSON.parse(JSON.stringify(msg.view));
      const first = draw(view);
"""


def test_the_board_of_others_turns_is_written_in_place(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "setup_pawns")
    out = page.evaluate("""async (names) => {""" + WAITING + """
      const boats = () => [...morphed.querySelectorAll("[data-testid=lb-miniboard] .lb-mboat")];
      const before = boats();

      // a new turn, nothing else: no boat built again
      view.turn += 1;
      const turn = { ...draw(view), kept: boats().every((b, i) => b === before[i]) };

      // another player's pawn in a free seat: the seat shows its hidden pawn
      const mine = view.me.colour;
      const boat = view.boats.find((b) => b.status === "water" && b.free_seats > 0 && b.colour !== mine);
      const other = view.colours.find((c) => c !== mine);
      const board = morphed.querySelector("[data-testid=lb-miniboard]");
      const seat = board.querySelectorAll(`.lb-mboat[data-boat=${boat.colour}] .lb-mseat`)[boat.pawns.length];
      const shown = () => [...board.querySelectorAll(`.lb-mboat[data-boat=${boat.colour}] .lb-pawn`)]
        .filter((p) => p.offsetWidth > 0).length;
      const pawnsBefore = shown();
      const hidden = seat.querySelector(".lb-pawn");
      const wasHidden = hidden.offsetWidth === 0;
      boat.pawns.push({ colour: other, rank: "officer" });
      boat.free_seats -= 1;
      const seated = { ...draw(view), seatKept: seat.isConnected && seat.querySelector(".lb-pawn") === hidden,
        wasHidden, shows: hidden.offsetWidth > 0 && hidden.dataset.colour === other, pawns: shown() - pawnsBefore };

      // my own pawn placed: one pawn fewer left to place, the line and its pawns kept
      const line = morphed.querySelector("#lb-mine-unplaced");
      const left = () => [...line.querySelectorAll(".lb-pawn")].filter((p) => p.offsetWidth > 0).length;
      const nodes = [...line.querySelectorAll(".lb-pawn")];
      const leftBefore = left();
      const rank = view.me.unplaced.sailor > 0 ? "sailor" : "officer";
      const into = view.boats.find((b) => b.status === "water" && b.free_seats > 0);
      view.me.unplaced[rank] -= 1;
      view.me.pawns.push({ boat: into.colour, rank });
      into.pawns.push({ colour: mine, rank });
      into.free_seats -= 1;
      const placed = { ...draw(view), lineKept: line.isConnected && [...line.querySelectorAll(".lb-pawn")].every((p, i) => p === nodes[i]),
        left: leftBefore - left() };
      return { diffs, first, turn, seated, placed };
    }""", ["setup_pawns"])
    assert out["diffs"] == [] and out["first"]["ok"], out
    # a new turn: the line that says the turn built, no boat, nothing morphed, every boat the
    # same node
    assert out["turn"] == {"ok": True, "built": 1, "units": 0, "kept": True}, out["turn"]
    # the seat alone (the board and the boat hold it: kept, with its other seats and its head),
    # no subtree morphed
    seated = out["seated"]
    assert seated["ok"] and seated["built"] == 1 and seated["units"] == 0, seated
    assert seated["wasHidden"] and seated["seatKept"] and seated["shows"] and seated["pawns"] == 1, seated
    # my block's shell, the line left to place, the row of the boat it went into, and the seat
    placed = out["placed"]
    assert placed["ok"] and placed["lineKept"] and placed["left"] == 1, placed
    assert placed["built"] <= 7, placed
    assert not errors, errors
    ctx.close()


def test_the_vote_wheel_is_not_drawn_again_by_the_others_votes(browser, preview):
    """While I choose on the vote wheel, the others' votes arriving build nothing (the wheel is a
    part of the ballot, its choices and my pick): its SVG stays the node it was, turned where I
    left it."""
    ctx, page, errors = preview_phone(browser, preview, "vote")
    out = page.evaluate("""async (names) => {""" + OPENING + """
      // the scenario's vote, one of those who voted not yet voted: two votes to come
      const base = states[names.indexOf("vote")].phone;
      const view = JSON.parse(JSON.stringify(base.view));
      const ballot = view.ballot;
      const early = ballot.voted.find((v) => v !== view.me.seat);
      ballot.voted = ballot.voted.filter((v) => v !== early);
      const others = [early, ...ballot.voters.filter((v) => v !== view.me.seat && v !== early && !ballot.voted.includes(v))];
      const msg = { ...base, view: JSON.parse(JSON.stringify(view)), match: 1, version: ++version, events: [] };
      same(msg);
      const vote = (seat) => {
        ballot.voted.push(seat);
        return { ...msg, view: JSON.parse(JSON.stringify(view)), version: ++version, events: [{ type: "voted", seat }] };
      };
      const svg = morphed.querySelector("[data-testid=lb-wheel]");
      // a vote arrives: the page reads as drawn afresh, nothing built
      const first = { ok: same(vote(others[0])), built, kept: morphed.querySelector("[data-testid=lb-wheel]") === svg };
      // I turn the wheel, another vote arrives: my pick stays, nothing built
      morphed.querySelector("[data-testid=lb-wheel-next]").click();
      const turned = morphed.querySelector("[data-testid=lb-wheel]");
      const picked = morphed.querySelector("[data-testid=lb-wheel-selected]").dataset.choice;
      const before = partStats.built;
      mod.render(morphed, vote(others[1]), ctxOf(msg));
      const second = { built: partStats.built - before, kept: morphed.querySelector("[data-testid=lb-wheel]") === turned,
        still: morphed.querySelector("[data-testid=lb-wheel-selected]").dataset.choice === picked };
      return { others: others.filter((v) => typeof v === "number").length, first, second };
    }""", ["vote"])
    assert out["others"] >= 2, out
    assert out["first"] == {"ok": True, "built": 0, "kept": True}, out
    assert out["second"] == {"built": 0, "kept": True, "still": True}, out
    assert not errors, errors
    ctx.close()


# My pawns' block: a row stands for each boat on the water, hidden while none of my pawns is in
# it, its pawns drawn to the most and those not there hidden by a class. My pawn seated in a boat
# I had none in, then a second one in it, writes attributes of rows that keep their nodes: no
# subtree morphed (the list was morphed when a row came, the row when it grew); the rows shown
# are those of the boats my pawns are in, in the board's order.
def test_my_pawn_seated_writes_attributes_of_kept_rows(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "setup_pawns")
    out = page.evaluate("""async (names) => {""" + WAITING + """
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
