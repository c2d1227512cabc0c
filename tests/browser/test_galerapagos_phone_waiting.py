"""Issue 24: while a player waits, the Galèrapagos phone says what is happening once, in the
card's first line ("Ben is choosing an action"; in a vote, the names awaited once), not again
above it in other words, nor under it in the recent events ("Ben's action."); the line above
the card says "Your move" over the player's own decisions only. An update that empties the recent events keeps the card's children (the list is
hidden, not taken out), so the card is not morphed whole for it. English and French."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_phone

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

# what the waiting phone says, in each language: the card's line, and the status line's old
# words, which must no longer show
WORDS = {
    "en": {"choosing": "is choosing an action", "old": "takes an action", "you": "Your move", "waiting": "Waiting for",
           "step": "'s action."},
    "fr": {"choosing": "choisit son action", "old": " agit", "you": "À vous", "waiting": "On attend",
           "step": "Au tour de"},
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_waiting_phone_says_what_happens_once(browser, preview, lang):
    ctx, page, errors = preview_phone(browser, preview, "step", lang=lang, touch=True)
    out = page.evaluate("""async (lang) => {
      const mod = await import("/phone/games/galerapagos.js");
      const [step, vote] = await Promise.all(["step", "vote"].map((n) => fetch(`/states/${n}.json`).then((r) => r.json())));
      const colours = ["#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4"];
      const ctxOf = (msg) => ({
        lang, t: (k) => k, players: [], room: null, seat: msg.seat, act: () => Promise.resolve({ ok: true }),
        colourOf: (seat) => ({ colour: colours[seat % 6], letter: "ABCDEF"[seat % 6], name: msg.view.players[seat] }),
      });
      const root = document.createElement("div");
      document.body.append(root);
      const shown = (el) => el && el.offsetParent !== null;
      const read = () => {
        const status = root.querySelector("[data-testid=gp-status]");
        // (what is said around the decision: my hand's cards have words of their own)
        return { status: shown(status) ? status.textContent : null, text: root.querySelector("[data-testid=gp-action]").innerText };
      };
      let version = 0;
      const draw = (msg) => { msg.match = 1; msg.version = ++version; mod.render(root, msg, ctxOf(msg)); return read(); };
      // my decision (the scenario as it is), then another castaway acting while I wait
      const mine = draw(JSON.parse(JSON.stringify(step.phone)));
      const wait = JSON.parse(JSON.stringify(step.phone));
      const me = wait.seat;
      const other = wait.view.castaways.find((c) => c.seat !== me && c.alive).seat;
      Object.assign(wait, { legal_actions: [], waiting_for: [other] });
      Object.assign(wait.view, { waiting_for: [other], interrupt: null });
      wait.view.stage = { ...wait.view.stage, kind: "step", seat: other };
      // what the last castaway did, and the turn passing to the one the first line names
      wait.events = [{ type: "place", seat: me, card: "axe" }, { type: "step", seat: other }];
      const waiting = draw(wait);
      const lines = [...root.querySelectorAll(".gp-recent li")].filter(shown).map((li) => li.textContent);
      const card = root.querySelector("[data-testid=gp-waiting]");
      // the next moment has nothing to tell: the recent list is emptied, the card kept as it is
      const quiet = JSON.parse(JSON.stringify(wait));
      quiet.events = [];
      const changes = [];
      const watch = new MutationObserver((records) => { for (const r of records) if (r.type === "childList") changes.push(r.target.className); });
      watch.observe(card, { childList: true });
      draw(quiet);
      watch.takeRecords().forEach((r) => r.type === "childList" && changes.push(r.target.className));
      watch.disconnect();
      const recentShown = shown(root.querySelector(".gp-recent"));
      // a vote I cast, the others still voting: the names awaited, said once
      const voted = JSON.parse(JSON.stringify(vote.phone));
      const st = voted.view.stage;
      const ballot = st.vote ? st.vote.ballot : st.ballot;
      if (!ballot.voted.includes(voted.seat)) ballot.voted.push(voted.seat);
      ballot.my_vote = ballot.voters.find((v) => v !== voted.seat);
      voted.legal_actions = [];
      voted.waiting_for = ballot.voters.filter((v) => !ballot.voted.includes(v));
      voted.view.waiting_for = voted.waiting_for;
      const inVote = draw(voted);
      const awaited = voted.waiting_for.map((s) => voted.view.players[s]);
      const chips = [...root.querySelectorAll("[data-testid=gp-action] .gp-names .gp-who")].filter(shown).map((el) => el.querySelector("b").textContent);
      return { mine, waiting, lines, cardKept: card.isConnected, changes, recentShown, inVote, awaited, chips,
               name: step.phone.view.players[other] };
    }""", lang)
    w = WORDS[lang]
    # my own decision: the line above the card says so
    assert out["mine"]["status"] == w["you"], out["mine"]
    # waiting: no line above the card; the card says who acts, once, and the old words are gone
    assert out["waiting"]["status"] is None, out["waiting"]
    assert out["waiting"]["text"].count(w["choosing"]) == 1, out["waiting"]["text"]
    assert out["name"] in out["waiting"]["text"], out["waiting"]
    assert w["old"] not in out["waiting"]["text"], out["waiting"]["text"]
    # the recent events: what the last castaway did, not the turn passing ("Cy's action.")
    assert len(out["lines"]) == 1 and w["step"] not in out["lines"][0], out["lines"]
    # the recent events emptied: hidden, the card's own children as they were
    assert out["cardKept"] and out["changes"] == [] and not out["recentShown"], out
    # in a vote I cast: no line above the card ("Waiting for" the voters), the names awaited
    # once, in the card's list of who still votes
    assert out["inVote"]["status"] is None, out["inVote"]
    assert w["waiting"] not in out["inVote"]["text"], out["inVote"]["text"]
    assert len(out["awaited"]) >= 1 and sorted(out["chips"]) == sorted(out["awaited"]), out
    assert not errors, errors
    ctx.close()
