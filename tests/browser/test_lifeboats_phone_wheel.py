"""The Lifeboats phone's vote wheel between my votes (issue 24, the phones at 4x): the wheel of
the votes every turn holds (which boat leaks, which one moves: the boats on the water and my hat)
stays in the page, hidden, while the card shows something else, and my vote on those choices
shows it as it was: no part built, the same SVG, moved into the vote card. Turning it turns this
ballot's pick (its handlers read the ballot of the vote shown, not the one they were drawn for),
and a vote of other choices builds its own wheel. Each morphed page reads as the same payload
drawn afresh, and the vote card looks as it did when the wheel was built for it."""

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOATS_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboats", "lb_scenarios")


def test_my_vote_shows_the_wheel_kept_between_votes(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "vote")
    out = page.evaluate("""async (names) => {""" + phone_morph_opening("lifeboats", LIFEBOATS_PHONE_CTX) + """
      const base = states[names.indexOf("vote")].phone;
      const view = JSON.parse(JSON.stringify(base.view));
      const me = view.me;
      const boats = view.boats.filter((b) => b.status === "water").map((b) => b.colour);
      const choices = [...boats, ...(me.hats_left > 0 ? ["hat"] : [])];
      // a ballot of `kind` on the boats, round `round`: I vote, or (legal empty) I wait
      let version0 = 100;
      const payload = (kind, round, legal) => {
        const v = JSON.parse(JSON.stringify(view));
        v.ballot = { ...v.ballot, kind, round, boat: null, options: boats, revealed: false, negotiating: false,
                     voted: [], voters: v.players.map((_, i) => i) };
        v.me.my_vote = null;
        return { ...base, view: v, legal_actions: legal, match: 1, version: ++version0, events: [] };
      };
      const votes = (cs) => cs.map((c) => ({ type: "vote", choice: c }));
      const wheel = () => morphed.querySelector("[data-testid=lb-wheel]");
      const shown = () => Boolean(wheel() && wheel().checkVisibility());
      const cardWheel = () => Boolean(morphed.querySelector(".lb-card [data-testid=lb-wheel]"));

      // the others negotiate: the wheel is in the page, hidden
      const waiting = { ok: same(payload("leak", 1, [])), built, held: Boolean(wheel()), shown: shown() };
      const held = wheel();
      // my vote on those choices: nothing built, the same wheel, in the card and shown
      const vote = { ok: same(payload("leak", 1, votes(choices))), built, same: wheel() === held, shown: shown(), inCard: cardWheel() };
      // I turn it: this ballot's pick turns (the confirm button votes for it)
      morphed.querySelector("[data-testid=lb-wheel-next]").click();
      const picked = morphed.querySelector("[data-testid=lb-wheel-selected]").dataset.choice;
      const turned = { picked, confirm: morphed.querySelector("[data-testid=lb-vote-confirm]").dataset.choice };
      // my vote cast, waiting again: hidden again, then the next ballot on the same boats (not
      // turned) shows a wheel at its start, as drawn afresh
      const after = { ok: same({ ...payload("leak", 1, []), view: { ...payload("leak", 1, []).view,
        me: { ...view.me, my_vote: picked } } }), shown: shown() };
      const next = { ok: same(payload("move", 1, votes(choices))), shown: shown(),
        selected: morphed.querySelector("[data-testid=lb-wheel-selected]").dataset.choice };
      // a vote of other choices builds its own wheel
      const other = choices.slice(0, 2);
      const narrow = { ok: same(payload("move", 2, votes(other))), built, shown: shown(),
        sectors: [...morphed.querySelectorAll("[data-testid^=lb-sector-]")].map((e) => e.dataset.choice) };
      return { diffs, choices, start: choices.findIndex((c) => c !== me.colour), waiting, vote, turned, after, next, narrow };
    }""", ["vote"])
    assert out["diffs"] == [], out
    assert len(out["choices"]) >= 3, out
    assert out["waiting"]["ok"] and out["waiting"]["held"] and not out["waiting"]["shown"], out
    assert out["vote"] == {"ok": True, "built": 0, "same": True, "shown": True, "inCard": True}, out
    start = out["start"]
    assert out["turned"]["picked"] == out["choices"][start + 1] == out["turned"]["confirm"], out
    assert out["after"] == {"ok": True, "shown": False}, out
    assert out["next"] == {"ok": True, "shown": True, "selected": out["choices"][start]}, out
    assert out["narrow"]["ok"] and out["narrow"]["built"] >= 1 and out["narrow"]["shown"], out
    assert out["narrow"]["sectors"] == out["choices"][:2], out
    assert not errors, errors
    ctx.close()


def test_the_kept_wheel_looks_as_one_built_for_the_vote(browser, preview):
    """The vote card showing the wheel kept from before my vote is the vote card drawn afresh,
    pixel for pixel (en, fr)."""
    for lang in ("en", "fr"):
        ctx, page, errors = preview_phone(browser, preview, "vote", lang=lang)
        card = page.locator("[data-testid=lb-action]")
        fresh = card.screenshot(animations="disabled")
        kept = page.evaluate("""async () => {
          const vote = await (await fetch(`/states/vote.json`)).json();
          const msg = vote.phone;
          const choices = msg.legal_actions.filter((a) => a.type === "vote").map((a) => a.choice);
          // the others still talking: my card waits, the wheel is held hidden
          const talk = JSON.parse(JSON.stringify(msg));
          talk.legal_actions = [];
          talk.version = msg.version + 1;
          talk.view.ballot.negotiating = true;
          window.__rerender(talk);
          const held = document.querySelector("[data-testid=lb-wheel]");
          const hidden = Boolean(held) && !held.checkVisibility();
          window.__rerender({ ...msg, version: msg.version + 2 });
          const shown = document.querySelector("[data-testid=lb-wheel]");
          return { choices, hidden, same: shown === held, visible: shown.checkVisibility() };
        }""")
        assert kept["hidden"] and kept["same"] and kept["visible"], (lang, kept)
        assert card.screenshot(animations="disabled") == fresh, lang
        assert not errors, errors
        ctx.close()
