"""The Lifeboats TV's set-up stage: each player's pawns left to place. The row's name and pawns
are drawn once (a part kept as it is), and a pawn placed is hidden by the row's attribute for its
rank and place (lifeboats.css): every count from the most a player has (PAWNS_MOST) down to none
shows that many pawns of each rank, a seated pawn builds nothing and writes no pawn, and a count
over the most (not in the data, drawn whole) shows them all."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_tv

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboats", "lb_scenarios")

# (the counts shown by the row of `seat`: the pawns in view of each rank, and whether the row's
# part and every pawn are the nodes marked before)
SHOWN = """seat => {
  const row = document.getElementById(`lb-unp-${seat}`);
  const pawns = [...row.querySelectorAll('.lb-pawn')];
  const seen = (rank) => pawns.filter((p) => p.dataset.rank === rank && p.getClientRects().length).length;
  return { officer: seen('officer'), sailor: seen('sailor'),
           kept: row.__kept === true && pawns.every((p) => p.__kept === true) };
}"""


def test_every_count_of_pawns_left_shows_that_many(browser, preview):
    page, errors, data = preview_tv(browser, preview, "setup_pawns")
    page.evaluate("m => window.__rerender(m)", data)
    most = page.evaluate("() => import('/static/games/lifeboats/common.js').then((c) => c.PAWNS_MOST)")
    seat = 0
    data["view"]["unplaced"][seat] = dict(most)
    data["version"] += 1
    page.evaluate("m => window.__rerender(m)", data)
    assert page.evaluate(SHOWN, seat) == {**most, "kept": False}
    page.evaluate("""seat => {
      const row = document.getElementById(`lb-unp-${seat}`);
      row.__kept = true;
      row.querySelectorAll('.lb-pawn').forEach((p) => { p.__kept = true; });
    }""", seat)
    # every count down to none, one pawn at a time, as the set-up seats them
    for rank in ("officer", "sailor"):
        for left in range(most[rank] - 1, -1, -1):
            data["view"]["unplaced"][seat][rank] = left
            data["version"] += 1
            built = page.evaluate("""async m => {
              const { partStats } = await import('/static/js/morph.js');
              const log = partStats.log = [];
              window.__rerender(m);
              partStats.log = null;
              return log.filter((id) => id.startsWith('lb-unp'));
            }""", data)
            assert built == [], built
            shown = page.evaluate(SHOWN, seat)
            assert shown == {**data["view"]["unplaced"][seat], "kept": True}, (rank, left, shown)
    # more than the most (drawn whole): every one shown
    data["view"]["unplaced"][seat] = {"officer": most["officer"] + 1, "sailor": most["sailor"] + 2}
    data["version"] += 1
    page.evaluate("m => window.__rerender(m)", data)
    assert page.evaluate(SHOWN, seat) == {**data["view"]["unplaced"][seat], "kept": False}
    assert not errors, errors
    page.close()
