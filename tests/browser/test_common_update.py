"""The common path of every update (issue 24): what it now keeps between updates gives what a
fresh render gives.

- text.js makeTr keeps each answer per language, key and params (a page drawn whole asks for the
  same words every update): the answer kept is the one worked out (plural forms, placeholders,
  French spacing), another count or name is worked out again, a node among the params is never
  kept (fmt puts that node in the line).
- i18n.js t() runs its expressions only over words with a {placeholder}: the same answers.
- morph.js pageParts clones a kept part's stand-in from one made once: over updates that keep, rebuild and keep
  a part again, the page is the one a fresh render draws, the kept part is the same node, and no
  stand-in is ever in the page.
- dom.js carryHandlers adds a listener only for a type a kept element did not have: a kept
  button runs the last render's handler, and a handler type a later render adds is heard.
"""
import pytest

from tests.browser.helpers import new_page, open_blank

pytestmark = pytest.mark.browser


def test_tr_kept_answers_are_the_worked_out_ones(browser, contexts, page_errors, live_server):
    page = new_page(browser, contexts, page_errors, {"width": 1280, "height": 720}, "tr")
    open_blank(page, live_server)
    out = page.evaluate("""async () => {
      const { makeTr, fmt } = await import("/static/js/text.js");
      const strings = {
        en: { n: "{n, plural, one {# castaway} other {# castaways}} left", hi: "Hello {who}!", q: "Ready?",
              only: "English only" },
        fr: { n: "{n, plural, one {# naufragé} other {# naufragés}} restant", hi: "Bonjour {who} !", q: "Prêt ?" },
      };
      const en = makeTr(strings, { lang: "en" });
      const fr = makeTr(strings, { lang: "fr" });
      const asks = () => [en("n", { n: 1 }), en("n", { n: 3 }), en("hi", { who: "Ana" }), en("hi", { who: "Bo" }),
        en("q"), fr("n", { n: 1 }), fr("n", { n: 2 }), fr("hi", { who: "Ana" }), fr("q"), fr("only"), en("nope"),
        en("hi", {}), en("hi", { who: "Ana", extra: 1 })];
      const first = asks();
      const again = asks();
      // a new makeTr (the next update's) answers from what the first one kept: the same
      const next = makeTr(strings, { lang: "fr" })("hi", { who: "Ana" });
      // a node among the params: placed, never kept (each call gets its own node in the line)
      const chip = () => { const b = document.createElement("b"); b.textContent = "Ana"; return b; };
      const a = fmt(en, "hi", { who: chip() });
      const b = fmt(en, "hi", { who: chip() });
      const line = (parts) => parts.map((p) => (typeof p === "string" ? p : p.outerHTML)).join("");
      return { first, again, next, a: line(a), b: line(b), distinct: a.some((p) => b.includes(p) && typeof p !== "string") };
    }""")
    assert out["first"] == out["again"]
    assert out["first"] == [
        "1 castaway left", "3 castaways left", "Hello Ana!", "Hello Bo!", "Ready?",
        "1 naufragé restant", "2 naufragés restant", "Bonjour Ana\u00a0!", "Prêt\u00a0?", "English only", "nope",
        "Hello {who}!", "Hello Ana!",
    ]
    assert out["next"] == "Bonjour Ana\u00a0!"
    assert out["a"] == out["b"] == '<span style="white-space: nowrap;"><b>Ana</b>!</span>'.replace("<span", "Hello <span")
    assert not out["distinct"]


def test_t_words_with_and_without_placeholders(browser, contexts, page_errors, live_server):
    page = new_page(browser, contexts, page_errors, {"width": 1280, "height": 720}, "t")
    open_blank(page, live_server)
    out = page.evaluate("""async () => {
      const i18n = await import("/static/js/i18n.js");
      i18n.setGameStrings({ en: { "x.plain": "Plain words", "x.n": "{n, plural, one {# boat} other {# boats}}",
                                  "x.who": "{who} won", "x.braces": "a {b" },
                            fr: { "x.plain": "Des mots : simples", "x.who": "{who} gagne !" } });
      const en = [i18n.t("x.plain"), i18n.t("x.plain", { n: 1 }), i18n.t("x.n", { n: 1 }), i18n.t("x.n", { n: 4 }),
                  i18n.t("x.who", { who: "Ana" }), i18n.t("x.who"), i18n.t("x.braces", { b: 1 })];
      await i18n.setLang("fr");
      const fr = [i18n.t("x.plain"), i18n.t("x.who", { who: "Ana" }), i18n.t("x.n", { n: 2 })];
      await i18n.setLang("en");
      i18n.setGameStrings(null);
      return { en, fr };
    }""")
    assert out["en"] == ["Plain words", "Plain words", "1 boat", "4 boats", "Ana won", "{who} won", "a {b"]
    assert out["fr"] == ["Des mots\u00a0: simples", "Ana gagne\u00a0!", "2 boats"]


def test_parts_kept_rebuilt_and_kept_again_equal_a_fresh_render(browser, contexts, page_errors, live_server):
    page = new_page(browser, contexts, page_errors, {"width": 1280, "height": 720}, "parts")
    open_blank(page, live_server)
    out = page.evaluate("""async () => {
      const { h } = await import("/static/js/dom.js");
      const { pageParts, showPage, partStats } = await import("/static/js/morph.js");
      const root = document.createElement("div");
      const fresh = document.createElement("div");
      document.body.append(root, fresh);
      const clicks = [];
      // each state: the words of parts a, b, c (null: drawn as nothing) and a button's label
      const draw = (into, key, s, n) => {
        const part = pageParts(into, key);
        return h("main", { class: "pg" },
          h("section", { class: "row" },
            part("t-a", [s.a], () => h("p", { class: "a" }, s.a)),
            part("t-b", [s.b], () => (s.b === null ? null : h("p", { class: "b" }, s.b))),
            h("span", {}, String(n))),
          part("t-c", [s.c], () => h("ul", {}, s.c.map((x) => h("li", {}, x)))),
          part("t-btn", [s.btn, n], () => h("button", n % 2
            ? { onclick: () => clicks.push(["click", n]), onkeydown: () => clicks.push(["key", n]) }
            : { onclick: () => clicks.push(["click", n]) }, s.btn)));
      };
      const states = [
        { a: "one", b: "two", c: ["x", "y"], btn: "Go" },
        { a: "one", b: "two", c: ["x", "y", "z"], btn: "Go" },
        { a: "one", b: null, c: ["x", "y", "z"], btn: "Go" },
        { a: "uno", b: null, c: ["x", "y", "z"], btn: "Go" },
        { a: "uno", b: "dos", c: ["y", "z"], btn: "Stop" },
        { a: "uno", b: "dos", c: ["y", "z"], btn: "Stop" },
        { a: "one", b: "dos", c: ["y", "z"], btn: "Stop" },
      ];
      const rows = [];
      const log = [];
      states.forEach((s, n) => {
        partStats.log = log;
        showPage(root, draw(root, "g/1", s, n), "g/1");
        partStats.log = null;
        const built = log.splice(0);
        fresh.replaceChildren();
        showPage(fresh, draw(fresh, "fresh/" + n, s, n), "fresh/" + n);
        const btn = root.querySelector("button");
        btn.click();
        btn.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
        rows.push({ same: root.innerHTML === fresh.innerHTML, built,
                    standIns: root.querySelectorAll("[data-kept-part]").length, html: root.innerHTML });
      });
      root.remove();
      fresh.remove();
      return { rows, clicks };
    }""")
    rows = out["rows"]
    # (the fresh render draws the same ids in a root after this one: getElementById finds this
    # one's parts first)
    assert all(r["same"] for r in rows), [r["html"] for r in rows if not r["same"]]
    assert all(r["standIns"] == 0 for r in rows)
    # a part is built when its inputs change, else kept (a stand-in cloned from its model: part
    # a over updates 1-2 and 4-5, the model made again after it was built), or nothing again
    # (part b over 2-3)
    assert [r["built"] for r in rows] == [
        ["t-a", "t-b", "t-c", "t-btn"], ["t-c", "t-btn"], ["t-b", "t-btn"], ["t-a", "t-btn"],
        ["t-b", "t-c", "t-btn"], ["t-btn"], ["t-a", "t-btn"]]
    # the button runs the handler of the render shown, and hears a keydown while that render has one
    assert out["clicks"] == [["click", 0], ["click", 1], ["key", 1], ["click", 2], ["click", 3], ["key", 3],
                             ["click", 4], ["click", 5], ["key", 5], ["click", 6]]
