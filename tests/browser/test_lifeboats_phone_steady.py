"""The Lifeboats phone while others play holds still (issue 24): the card's line naming who plays
("Captain Driftwood seats a pawn" takes two lines at 390 px, "Ana seats a pawn" one) and its last
event change on nearly every update; the card keeps its height, so the blocks under it (my
pawns, the board) stay where they were and are not repainted, and the page's height stays put.
English and French."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_board_does_not_move_when_a_name_of_another_length_plays(browser, preview, lang):
    ctx, page, errors = preview_phone(browser, preview, "setup_pawns", lang=lang)
    out = page.evaluate("""async ([names, lang]) => {""" + phone_morph_opening(
        "lifeboats", LIFEBOATS_PHONE_CTX.replace('lang: "en"', "lang")) + """
      const base = states[names.indexOf("setup_pawns")].phone;
      const view = JSON.parse(JSON.stringify(base.view));
      // one short name, one long: the players' names are drawn once, the updates change who plays
      view.players = view.players.map((n, i) => (i === 1 ? "Captain Driftwood" : i === 0 ? "Ana" : n));
      const ana = 0, captain = 1;
      view.decision = { ...view.decision, seat: ana };
      const me = view.me.seat;
      const boat = view.boats.find((b) => b.status === "water");
      const seated = (seat) => ({ type: "pawn_seated", seat, colour: view.colours[seat], boat: boat.colour, rank: "sailor", forced: false });
      const geometry = () => {
        const phone = morphed.querySelector(".lb-phone");
        const top = phone.getBoundingClientRect().top;
        const at = (sel) => Math.round(morphed.querySelector(sel).getBoundingClientRect().top - top);
        return { height: Math.round(phone.getBoundingClientRect().height), pawns: at("[data-testid=lb-mypawns]"),
                 board: at("[data-testid=lb-miniboard]"), talk: morphed.querySelector(".lb-talk").textContent };
      };
      const seen = [];
      // who plays: Ana, then the Captain, then Ana; the last event: the Captain's pawn, then Ana's
      for (const [turn, last] of [[ana, captain], [captain, ana], [ana, ana], [captain, captain], [ana, captain]]) {
        view.decision = { ...view.decision, seat: turn };
        mod.render(morphed, { ...base, view: JSON.parse(JSON.stringify(view)), legal_actions: [], match: 1,
                              version: ++version, events: [seated(last)] }, { ...ctxOf(base), lang });
        seen.push(geometry());
      }
      return { seen, me };
    }""", [["setup_pawns"], lang])
    seen = out["seen"]
    # the updates did draw the names of both lengths
    assert any("Captain Driftwood" in s["talk"] for s in seen) and any("Ana" in s["talk"] and "Captain" not in s["talk"] for s in seen), seen
    assert len({(s["pawns"], s["board"], s["height"]) for s in seen}) == 1, seen
    assert not errors, errors
    ctx.close()
