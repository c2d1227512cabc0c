"""Issue 24: the Galèrapagos phone's island line is a part that holds its counters (morph.js
`holds`): wood got builds the wood counter alone, put in the island kept as it is (it built the
island's frame and a stand-in for each other counter), every other node of the island the same
node; a weather card come or gone has the island built (its own input). What the phone shows
after each update is what a phone drawing that state afresh shows. English and French."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import preview_phone
from tests.browser.test_galerapagos_phone_steady import PRELUDE

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_wood_got_builds_the_wood_counter_alone(browser, preview, lang):
    ctx, page, errors = preview_phone(browser, preview, "step", lang=lang, touch=True)
    out = page.evaluate("""async (lang) => {""" + PRELUDE + """
      const weather = data.phone.view.weather || { drops: 2, hurricane: false };
      const moment = (version, island) => {
        const msg = JSON.parse(JSON.stringify(data.phone));
        Object.assign(msg, { match: 1, version, events: [] });
        Object.assign(msg.view, { weather, ...island });
        return msg;
      };
      const moments = [
        moment(1, { wood: 1 }),
        moment(2, { wood: 4 }),
        moment(3, { wood: 4, weather: null }),
        moment(4, { wood: 4, weather: { drops: 1, hurricane: false } }),
      ];
      const root = document.createElement("div");
      root.style.width = "390px";
      document.body.append(root);
      const island = (r) => r.querySelector("[data-testid=gp-island]");
      const rows = [];
      for (const msg of moments) {
        const before = root.querySelector("[data-testid=gp-island]");
        if (before) for (const el of [before, ...before.querySelectorAll("*")]) el.__kept = true;
        partStats.log = [];
        mod.render(root, msg, ctxOf(msg));
        const built = partStats.log.filter((id) => id.startsWith("gp-part-isl"));
        partStats.log = null;
        const isl = island(root);
        const fresh = [isl, ...isl.querySelectorAll("*")].filter((el) => !el.__kept)
          .map((el) => (el.closest("[id^=gp-part-isl-]") || {}).id || el.id);
        const same = isl.outerHTML === afresh(root, msg, (r) => island(r).outerHTML);
        rows.push({ built, fresh: [...new Set(fresh)], same, wood: isl.querySelector("#gp-part-isl-wood").textContent });
      }
      return rows;
    }""", lang)
    assert all(r["same"] for r in out), out
    assert [r["wood"] for r in out] == ["1/6", "4/6", "4/6", "4/6"], out
    # wood got: the wood counter alone built, and no node of the island is new but its own
    assert out[1]["built"] == ["gp-part-isl-wood"], out
    assert set(out[1]["fresh"]) <= {"gp-part-isl-wood"}, out
    # the weather card gone, and another come: the island built, its other counters kept
    assert out[2]["built"] == out[3]["built"] == ["gp-part-island", "gp-part-isl-weather"], out
    assert "gp-part-isl-water" not in out[2]["fresh"] + out[3]["fresh"], out
    assert not errors, errors
    ctx.close()
