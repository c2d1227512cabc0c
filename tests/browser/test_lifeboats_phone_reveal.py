"""The Lifeboats phone's last reveal through a decision of mine (issue 24, the phones at 4x): the
waiting card shows the last vote's reveal (5 names and their votes, about 40 elements); a card of
my turn that does not show it (a pawn to move, a boat to board) holds it hidden, and a captain's
or a tie's pick shows the same part, so when my decision is made the waiting card shows it again
as the same node, not built anew (main built it on the update that ended each of my turns).
Each morphed page reads as the same payload drawn afresh. Run with -s to read each update."""
import json

import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")


@pytest.mark.parametrize("scenario", ["leave", "board", "captain"])
def test_the_last_reveal_is_kept_through_my_decision(browser, preview, scenario):
    ctx, page, errors = preview_phone(browser, preview, scenario)
    out = page.evaluate("""async ([names, scenario]) => {""" + phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      const base = states[names.indexOf(scenario)].phone;
      const reveal = () => morphed.querySelector("[data-testid=lb-reveal-mini]");
      const nodes = [];
      const draw = (name, legal) => {
        const b0 = partStats.built, w0 = partStats.whole;
        const msg = { ...base, legal_actions: legal, match: 1, version: ++version, events: [] };
        partStats.log = [];
        mod.render(morphed, msg, ctxOf(msg));
        const ids = partStats.log;
        partStats.log = null;
        const r = reveal();
        nodes.push(r);
        return { name, built: partStats.built - b0, whole: partStats.whole - w0, ok: same(msg), ids,
                 reveal: Boolean(r), shown: Boolean(r && r.offsetHeight > 0),
                 sameNode: nodes.length > 1 && Boolean(r) && r === nodes[nodes.length - 2] };
      };
      return { diffs, steps: [draw("others", []), draw("mine", base.legal_actions), draw("back", [])] };
    }""", [["leave", "board", "captain"], scenario])
    assert out["diffs"] == [], out["diffs"]
    for s in out["steps"]:
        print(json.dumps(s))
    others, mine, back = out["steps"]
    assert all(s["ok"] for s in out["steps"]), out["steps"]
    assert others["shown"] and back["shown"], out["steps"]
    # shown on a captain's pick, hidden on a swim choice: in the page either way, the same node
    assert mine["reveal"] and mine["shown"] == (scenario == "captain"), mine
    assert mine["sameNode"] and back["sameNode"], out["steps"]
    assert "lb-part-reveal" not in mine["ids"] + back["ids"], out["steps"]
    # morphed where it differs, never the whole page by idiomorph (a part it could not place)
    assert mine["whole"] == back["whole"] == 0, out["steps"]
    assert not errors, errors
    ctx.close()
