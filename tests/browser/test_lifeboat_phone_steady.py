"""The Lifeboat phone while others play holds still (issue 24): the line saying whom the boat
waits for takes two lines or three with names and characters of another length, and changes on
nearly every update; it keeps its room, so my hand, the boat and my notes under it stay where
they were (not moved, not repainted) and the page keeps its height. English and French."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import LIFEBOAT_PHONE_CTX, phone_morph_opening, preview_phone


preview = preview_page.served("lifeboat", "lbt_scenarios")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_boat_does_not_move_when_another_character_acts(browser, preview, lang):
    ctx, page, errors = preview_phone(browser, preview, "choose", lang=lang)
    fields, prelude = LIFEBOAT_PHONE_CTX
    out = page.evaluate("""async ([names, lang]) => {""" + phone_morph_opening(
        "lifeboat", fields.replace('lang: "en"', "lang"), prelude) + """
      const base = states[names.indexOf("choose")].phone;
      const view = JSON.parse(JSON.stringify(base.view));
      view.players = view.players.map((n, i) => (i === 1 ? "Captain Driftwood of the Seven Seas" : n));
      const geometry = () => {
        const phone = morphed.querySelector(".lbp");
        const top = phone.getBoundingClientRect().top;
        const line = morphed.querySelector("[data-testid=lbp-waitline]");
        const words = document.createRange();
        words.selectNodeContents(line);
        return { height: Math.round(phone.getBoundingClientRect().height),
                 below: [...phone.children].slice(2).map((el) => Math.round(el.getBoundingClientRect().top - top)),
                 text: Math.round(words.getBoundingClientRect().height) };
      };
      const seen = [];
      for (const actor of [0, 1, 2, 3, 1, 0]) {
        view.actions = { ...view.actions, actor };
        mod.render(morphed, { ...base, view: JSON.parse(JSON.stringify(view)), legal_actions: [], match: 1,
                              version: ++version, events: [] }, ctxOf({ ...base, view }));
        seen.push(geometry());
      }
      return seen;
    }""", [["choose"], lang])
    # the line did take two lines and three
    assert max(s["text"] for s in out) - min(s["text"] for s in out) > 15, out
    assert len({(s["height"], tuple(s["below"])) for s in out}) == 1, out
    assert not errors, errors
    ctx.close()
