"""The Lifeboats phone brings a new decision of mine into view without a layout of its own (issue
24, the evening's votes): the update that shows it reads no size (main read the card's place right
after the update, a forced layout of 1-2 ms at 1x on each new decision, most of them votes); the
card is measured after the frame's own layout and scrolled to, below the page's header, before
that frame paints. A decision already in view is not scrolled to, and an update that is not a new
decision (another's vote) watches nothing."""

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")


def test_a_new_decision_is_brought_into_view_after_the_frames_layout(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "vote")
    page.emulate_media(reduced_motion="reduce")
    out = page.evaluate("""async (names) => {""" + phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      const base = states[names.indexOf("vote")].phone;
      const votes = (base.legal_actions || []).filter((a) => a.type === "vote");
      const msg = (legal) => ({ ...base, view: JSON.parse(JSON.stringify(base.view)), legal_actions: legal,
                                match: 1, version: ++version, events: [] });
      // what precedes the page pushes my card below the window's middle
      const spacer = document.createElement("div");
      spacer.style.height = "1500px";
      morphed.before(spacer);
      const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const rect = Element.prototype.getBoundingClientRect;
      const render = (m) => {
        let reads = 0;
        Element.prototype.getBoundingClientRect = function () { reads++; return rect.call(this); };
        try { mod.render(morphed, m, ctxOf(m)); } finally { Element.prototype.getBoundingClientRect = rect; }
        return reads;
      };
      const action = () => morphed.querySelector("[data-testid=lb-action]");
      const topOf = () => Math.round(rect.call(action()).top);
      // the others vote: nothing of mine
      render(msg([]));
      await frames();
      const waiting = { y: window.scrollY };
      // my vote comes: no read in the update; after its frame the card is under the header
      const reads = render(msg(votes));
      const y0 = window.scrollY;
      await frames();
      const header = document.querySelector(".topbar");
      const offset = header ? Math.round(header.getBoundingClientRect().height) + 8 : 8;
      const mine = { reads, y0, y: window.scrollY, top: topOf(), offset, half: innerHeight / 2 };
      // the same decision again (another's vote while I choose): nothing read, nothing scrolled
      window.scrollTo(0, window.scrollY - 40);
      const y1 = window.scrollY;
      const again = { reads: render(msg(votes)) };
      await frames();
      again.moved = window.scrollY !== y1;
      // a new decision already in view: not scrolled
      render(msg([]));
      await frames();
      const y2 = window.scrollY;
      const inView = { reads: render(msg(votes)) };
      await frames();
      inView.moved = window.scrollY !== y2;
      return { waiting, mine, again, inView, votes: votes.length };
    }""", ["vote"])
    ctx.close()
    assert errors == [], errors
    assert out["votes"] >= 2, out
    assert out["waiting"]["y"] == 0, out
    mine = out["mine"]
    # main: the update itself read the card's place (a layout forced in the update)
    assert mine["reads"] == 0, out
    assert mine["y0"] == 0 and mine["y"] > 1000, out
    assert mine["offset"] - 2 <= mine["top"] <= mine["offset"] + 2, out
    assert out["again"] == {"reads": 0, "moved": False}, out
    assert out["inView"] == {"reads": 0, "moved": False}, out
