"""Issue 24: on the Galèrapagos phone, a line that says something else about someone else with as
many chips ("Ben is choosing an action" -> "A snake bit Cy"; "Ben puts the Axe in play." -> "Cy plays
Coffee.") keeps its nodes: the update rewrites its words and its chip's colour and name in place
(no node added, moved or removed under it: no idiomorph redraw, no chip made anew), and the page
reads as the same moment drawn afresh."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_phone

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")


def test_a_line_about_someone_else_rewrites_its_words_in_place(browser, preview):
    ctx, page, errors = preview_phone(browser, preview, "step", touch=True)
    out = page.evaluate("""async () => {
      const mod = await import("/phone/games/galerapagos.js");
      const data = await (await fetch("/states/step.json")).json();
      const colours = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4"];
      const ctxOf = (msg) => ({
        lang: "en", t: (k) => k, players: [], room: null, seat: msg.seat, act: () => Promise.resolve({ ok: true }),
        colourOf: (seat) => ({ colour: colours[seat % 6], letter: "ABCDEF"[seat % 6], name: msg.view.players[seat] }),
      });
      // my phone while two others act in turn: no decision of mine
      const me = data.phone.seat;
      const [ben, cy] = data.phone.view.castaways.map((c) => c.seat).filter((s) => s !== me);
      const moment = (version, seat, interrupt, events) => {
        const msg = JSON.parse(JSON.stringify(data.phone));
        Object.assign(msg, { match: 1, version, legal_actions: [], waiting_for: [seat], events });
        msg.view.stage = { ...msg.view.stage, kind: "step", seat };
        msg.view.interrupt = interrupt;
        msg.view.waiting_for = [seat];
        return msg;
      };
      const first = moment(1, ben, null, [{ type: "place", seat: ben, card: "axe" }]);
      const second = moment(2, cy, { kind: "bite", seat: cy }, [{ type: "play", seat: cy, card: "coffee" }]);
      const root = document.createElement("div");
      document.body.append(root);
      mod.render(root, first, ctxOf(first));
      const status = root.querySelector("[data-testid=gp-now]");
      const line = root.querySelector(".gp-recent li");
      const read = () => ({ status: status.textContent, line: line.textContent,
                            chips: [status, line].map((el) => el.querySelector(".gp-who").dataset.seat) });
      const before = read();
      const changes = [];
      const watch = new MutationObserver((records) => { for (const r of records) if (r.type === "childList") changes.push(r.target.outerHTML); });
      for (const el of [status, line]) watch.observe(el, { childList: true, subtree: true });
      mod.render(root, second, ctxOf(second));
      watch.takeRecords().forEach((r) => r.type === "childList" && changes.push(r.target.outerHTML));
      watch.disconnect();
      const after = read();
      const fresh = document.createElement("div");
      mod.render(fresh, second, ctxOf(second));
      return { before, after, changes, kept: status.isConnected && line.isConnected,
               same: root.innerHTML === fresh.innerHTML, names: [ben, cy].map((s) => data.phone.view.players[s]) };
    }""")
    ben, cy = out["names"]
    assert out["before"]["status"].endswith(f"{ben} is choosing an action"), out
    assert out["after"]["status"].startswith("A snake bit") and out["after"]["status"].endswith(cy), out
    assert out["before"]["line"].endswith(f"{ben} puts Axe in play."), out
    assert out["after"]["line"].endswith(f"{cy} plays Coffee."), out
    assert out["after"]["chips"] != out["before"]["chips"], out
    # the same nodes: the words and the chip rewritten, nothing added, moved or removed
    assert out["kept"] and out["changes"] == [], out["changes"]
    assert out["same"], "the morphed page is not the moment drawn afresh"
    assert not errors, errors
    ctx.close()
