"""The Lifeboats phone once I have voted (issue 24, the phones at 4x): each of the others' votes is
an update, and it takes one name out of the line of those still awaited. My vote and the other
names are parts kept as they were (nothing built), the question is kept by the morph (the same
nodes): a vote builds the line of names, not every chip in the card. Each morphed page reads as
the same payload drawn afresh."""

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")


def test_the_others_votes_build_the_line_of_names_only(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "vote")
    out = page.evaluate("""async (names) => {""" + phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      // the scenario's vote, mine cast: I wait for the others, none of them voted yet
      const base = states[names.indexOf("vote")].phone;
      const view = JSON.parse(JSON.stringify(base.view));
      const ballot = view.ballot;
      ballot.voted = [view.me.seat];
      view.me.my_vote = ballot.options[0];
      const msg = { ...base, legal_actions: [], match: 1, version: ++version, events: [] };
      const draw = () => ({ ...msg, view: JSON.parse(JSON.stringify(view)), version: ++version });
      const first = same(draw());
      const node = (sel) => morphed.querySelector(sel);
      const awaited = () => [...morphed.querySelectorAll("[id^=lb-waitvote-]")];
      const make = [document.createElement, document.createElementNS];
      const votes = [];
      for (const seat of ballot.voters.filter((v) => v !== view.me.seat).slice(0, -1)) {
        const q = node(".lb-wait .lb-q"), mine = node("[data-testid=lb-my-vote]"), before = awaited();
        ballot.voted.push(seat);
        const next = draw();
        let made = 0;
        document.createElement = function (...a) { made++; return make[0].apply(this, a); };
        document.createElementNS = function (...a) { made++; return make[1].apply(this, a); };
        const b0 = partStats.built;
        try { mod.render(morphed, next, ctxOf(next)); } finally { [document.createElement, document.createElementNS] = make; }
        const builtNow = partStats.built - b0;
        const after = awaited();
        votes.push({ ok: same(next), built: builtNow, made,
          kept: node(".lb-wait .lb-q") === q && node("[data-testid=lb-my-vote]") === mine
            && after.every((el) => before.includes(el)),
          left: before.length - after.length, gone: !after.some((el) => el.id === `lb-waitvote-${seat}`) });
      }
      return { diffs, first, votes };
    }""", ["vote"])
    assert out["diffs"] == [] and out["first"], out
    assert len(out["votes"]) >= 2, out
    for vote in out["votes"]:
        assert vote["ok"] and vote["kept"] and vote["left"] == 1 and vote["gone"], vote
        # nothing built: the page's shell, the card, the line of names and a stand-in for each
        # part kept (the bar, the status, my pawns, the board, my vote, each name)
        assert vote["built"] == 0, vote
        # (main drew the question, my vote and every name again: 18-21 elements a vote)
        assert vote["made"] <= 14, vote
    assert not errors, errors
    ctx.close()
