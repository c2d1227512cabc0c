"""waiting.js joins names as the language does ("A, B, and C", "A, B et C") from a shape kept per
language and length (Intl's formatToParts, asked once: issue 24): every list, of any length, in
either language, asked once or again with other names, is the one Intl gives, and the banner's
words and ARIA label say the names it was given."""
import pytest

from tests.browser import preview as preview_page

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")


def test_lists_are_intls_in_both_languages_asked_once_or_again(browser, preview):
    page = browser.new_page()
    page.goto(f"{preview}?page=table&s=vote&lang=en")
    page.wait_for_function("window.__ready === true")
    out = page.evaluate("""async () => {
      const { listNodes, waitingSentence, waitingBanner } = await import("/static/js/waiting.js");
      const bad = [];
      for (const lang of ["en", "fr"]) {
        const intl = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
        for (const round of [0, 1, 2]) {
          for (let n = 1; n <= 13; n++) {
            const names = Array.from({ length: n }, (_, i) => `P${round}-${i}`);
            const want = intl.format(names);
            const got = listNodes(names, lang).join("");
            if (got !== want) bad.push([lang, n, round, got, want]);
            // nodes stay the nodes given, in their order
            const nodes = names.map((x) => { const b = document.createElement("b"); b.textContent = x; return b; });
            const parts = listNodes(nodes, lang);
            if (parts.filter((p) => typeof p !== "string").some((p, i) => p !== nodes[i])) bad.push([lang, n, round, "nodes"]);
          }
        }
      }
      const who = ["Ana", "Ben", "Cy"].map((name) => ({ name, colour: "#c00" }));
      const banner = waitingBanner({ who, lang: "fr", total: 3, kind: "vote" });
      return { bad, text: banner.textContent, label: banner.getAttribute("aria-label"),
               sentence: waitingSentence(["Ana", "Ben"], { lang: "en", total: 5, kind: "vote" }) };
    }""")
    assert out["bad"] == []
    assert out["text"] == "On attend le vote de Ana, Ben et Cy"
    assert out["label"] == out["text"]
    assert out["sentence"] == "Everyone has voted but Ana and Ben"
    page.close()
