"""Issue 24: while a player waits, the Galèrapagos phone's lines that change on most updates (who
acts, on one line or two; what the last castaway did, on one line or three) change the waiting
card alone: my hand, the island and my records below it stay where they are, and the page keeps
its height, so an update repaints the card and not every block it would have moved (the page
grew or shrank on 32 of the benchmark's 39 updates at 6 castaways). English and French."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_phone

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

# (the page's JS before each test's moments: the module, the "step" state, a ctx in `lang`, the
# preview's page emptied, its ids being the parts', and my seat)
PRELUDE = """
      const mod = await import("/phone/games/galerapagos.js");
      const { partStats } = await import("/static/js/morph.js");
      const data = await (await fetch("/states/step.json")).json();
      const colours = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4"];
      const ctxOf = (msg) => ({
        lang, t: (k) => k, players: [], room: null, seat: msg.seat, act: () => Promise.resolve({ ok: true }),
        colourOf: (seat) => ({ colour: colours[seat % 6], letter: "ABCDEF"[seat % 6], name: msg.view.players[seat] }),
      });
      document.getElementById("root").replaceChildren();
      const me = data.phone.seat;
      // what seen(page) reads of `msg` drawn afresh on a phone of its own, `root` taken out
      // meanwhile (the ids are the page's: one at a time)
      const afresh = (root, msg, seen) => {
        root.remove();
        const fresh = document.createElement("div");
        fresh.style.width = "390px";
        document.body.append(fresh);
        mod.render(fresh, msg, ctxOf(msg));
        const out = seen(fresh);
        fresh.remove();
        document.body.append(root);
        return out;
      };"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_line_changing_length_moves_nothing_below_the_card(browser, preview, lang):
    ctx, page, errors = preview_phone(browser, preview, "step", lang=lang, touch=True)
    out = page.evaluate("""async (lang) => {""" + PRELUDE + """
      const [ben, cy] = data.phone.view.castaways.filter((c) => c.alive && c.seat !== me).map((c) => c.seat);
      // a long name and a short one: "Captain Driftwood is choosing an action" takes two lines
      const players = data.phone.view.players.slice();
      players[ben] = "Captain Driftwood";
      players[cy] = "Cy";
      const moment = (version, seat, interrupt, events) => {
        const msg = JSON.parse(JSON.stringify(data.phone));
        Object.assign(msg, { match: 1, version, legal_actions: [], waiting_for: [seat], events });
        Object.assign(msg.view, { players, waiting_for: [seat], interrupt });
        msg.view.stage = { ...msg.view.stage, kind: "step", seat };
        return msg;
      };
      const wood = (seat, bitten) => ({ type: "wood", seat, bitten, extra: 2, gained: bitten ? 1 : 3, places: 1, wood: 4 });
      const moments = [
        moment(1, ben, null, [{ type: "place", seat: me, card: "axe" }]),
        moment(2, ben, null, [wood(ben, false)]),
        moment(3, cy, { kind: "bite", seat: cy }, [wood(cy, true)]),
        moment(4, cy, null, [{ type: "play", seat: cy, card: "coffee" }]),
        moment(5, ben, null, [{ type: "sick", seat: cy, why: "bite" }]),
      ];
      const root = document.createElement("div");
      root.style.width = "390px";
      document.body.append(root);
      const top = (sel) => { const el = root.querySelector(sel); return el ? Math.round(el.getBoundingClientRect().top) : null; };
      const tall = (sel) => Math.round(root.querySelector(sel).getBoundingClientRect().height);
      const rows = moments.map((msg) => {
        mod.render(root, msg, ctxOf(msg));
        return { now: tall(".gp-now-line"), recent: tall(".gp-recent"), text: root.querySelector("[data-testid=gp-waiting]").innerText,
                 hand: top("[data-testid=gp-hand]"), island: top("[data-testid=gp-island]"), height: tall(".gp-phone") };
      });
      return { rows, waiting: Boolean(root.querySelector("[data-testid=gp-waiting]")) };
    }""", lang)
    rows = out["rows"]
    assert out["waiting"], out
    # the moments do change the lines' lengths: who acts on one line and on two, what the last
    # castaway did on one line and on more
    assert len({r["now"] for r in rows}) > 1 and len({r["recent"] for r in rows}) > 1, rows
    # ... and nothing below the card moves, the page keeps its height
    for key in ("hand", "island", "height"):
        assert len({r[key] for r in rows}) == 1, (key, rows)
    assert not errors, errors
    ctx.close()


# Issue 24, the parts: each counter of the island and the line that says who acts are parts of
# their own (morph.js): an update that changes the wood builds the wood again, not the water,
# the food nor the survival lines, and "Ben is choosing an action" is built once for Ben's turn,
# not on each of its updates. What the phone shows after each update is what a phone drawing
# that state afresh shows.
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_update_builds_the_counters_it_changes_and_shows_a_fresh_page(browser, preview, lang):
    ctx, page, errors = preview_phone(browser, preview, "step", lang=lang, touch=True)
    out = page.evaluate("""async (lang) => {""" + PRELUDE + """
      const [ben, cy] = data.phone.view.castaways.filter((c) => c.alive && c.seat !== me).map((c) => c.seat);
      const moment = (version, seat, island, events) => {
        const msg = JSON.parse(JSON.stringify(data.phone));
        Object.assign(msg, { match: 1, version, legal_actions: [], waiting_for: [seat], events });
        Object.assign(msg.view, { waiting_for: [seat], interrupt: null, ...island });
        msg.view.stage = { ...msg.view.stage, kind: "step", seat };
        return msg;
      };
      const moments = [
        moment(1, ben, { water: 3, food: 2, wood: 1, places: 1 }, [{ type: "place", seat: me, card: "axe" }]),
        moment(2, ben, { water: 3, food: 2, wood: 4, places: 1 }, [{ type: "wood", seat: ben, bitten: false, extra: 2, gained: 3, places: 1, wood: 4 }]),
        moment(3, cy, { water: 5, food: 2, wood: 4, places: 1 }, [{ type: "collect_water", seat: ben, drops: 2, added: 2, water: 5 }]),
        moment(4, cy, { water: 5, food: 2, wood: 0, places: 2 }, [{ type: "play", seat: cy, card: "coffee" }]),
      ];
      const root = document.createElement("div");
      root.style.width = "390px";
      document.body.append(root);
      const q = (r, sel) => r.querySelector(sel);
      const counters = (r) => [...q(r, "[data-testid=gp-island]").children];
      const seen = (r) => ({ island: q(r, "[data-testid=gp-island]").outerHTML, now: q(r, "[data-testid=gp-now]").outerHTML,
                             texts: counters(r).map((el) => el.textContent) });
      const rows = [];
      for (const msg of moments) {
        partStats.log = [];
        mod.render(root, msg, ctxOf(msg));
        const built = partStats.log;
        partStats.log = null;
        rows.push({ shown: seen(root), afresh: afresh(root, msg, seen), built });
      }
      return { rows };
    }""", lang)
    rows = out["rows"]
    for r in rows:
        assert r["shown"] == r["afresh"], r
    texts = [r["shown"]["texts"] for r in rows]
    assert [t[2] for t in texts] == ["1/6", "4/6", "4/6", "0/6"], texts
    assert [t[0] for t in texts] == ["3", "3", "5", "5"], texts
    isl = [sorted(i for i in r["built"] if i.startswith("gp-part-isl-")) for r in rows]
    # the first page builds every counter; then the wood alone, the water and its survival
    # lines, the wood and the raft
    assert len(isl[0]) >= 6, isl
    assert isl[1:] == [["gp-part-isl-wood"], ["gp-part-isl-surv", "gp-part-isl-water"],
                       ["gp-part-isl-raft", "gp-part-isl-wood"]], isl
    # who acts: built for Ben's turn and for Cy's, once each
    assert ["gp-part-now" in r["built"] for r in rows] == [True, False, True, False], [r["built"] for r in rows]
    assert not errors, errors
    ctx.close()
