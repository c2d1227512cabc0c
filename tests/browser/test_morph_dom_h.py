"""dom.js h(): its children as documented; a `dataset` is written as the attributes el.dataset would write, in the same order.

h() writes a dataset key as its data-* attribute (the name worked out once per key) instead of
through el.dataset, whose setter cost several times a setAttribute on every call (a panel's
per-seat marks set dozens per update, issue 24). The page drawn must not change: the same
attributes, names, values and order as el.dataset gives, for the keys the games use (a seat's
marks, camelCase), odd ones (digits, an underscore, an empty key, a number and a boolean as
values), and the keys the fast path leaves to el.dataset (a "-": its SyntaxError too).
"""
import pytest

from tests.browser.helpers import new_page, open_blank

pytestmark = pytest.mark.browser


def test_h_dataset_writes_what_el_dataset_writes(browser, contexts, page_errors, live_server):
    page = new_page(browser, contexts, page_errors, {"width": 1280, "height": 720}, "dataset")
    open_blank(page, live_server)
    out = page.evaluate("""async () => {
      const { h, flags } = await import("/static/js/dom.js");
      const attrs = (el) => el.getAttributeNames().map((n) => [n, el.getAttribute(n)]);
      const cases = [
        { phase: "vote", w0: "1", a0: "0" },
        flags([0, 1, 2, 11], { w: [2], a: [0, 11] }),
        { seatNo: 3, lastVoteAt: true, aBC: "x", _x: "", "": "empty", n9: 0, under_score: null },
        { "a-1": "dash digit", x: undefined },
      ];
      const rows = cases.map((data) => {
        const fast = h("div", { class: "c", dataset: data, title: "t" });
        const slow = document.createElement("div");
        slow.className = "c";
        Object.assign(slow.dataset, data);
        slow.setAttribute("title", "t");
        return [attrs(fast), attrs(slow)];
      });
      let thrown = null;
      try { h("div", { dataset: { "a-b": "1" } }); } catch (err) { thrown = err.name; }
      // a key seen once is written the same the next time (the name is kept per key)
      const again = attrs(h("div", { dataset: { seatNo: 4 } }));
      return { rows, thrown, again };
    }""")
    for fast, slow in out["rows"]:
        assert fast == slow
    assert out["rows"][2][0][1:4] == [["data-seat-no", "3"], ["data-last-vote-at", "true"], ["data-a-b-c", "x"]]
    assert out["thrown"] == "SyntaxError"
    assert out["again"] == [["data-seat-no", "4"]]


def test_h_children_as_documented(browser, contexts, page_errors, live_server):
    """h()'s children: strings and numbers become one text node each, nodes are appended,
    arrays flattened, null, undefined and booleans skipped (a string is each update's commonest
    child: it is tried first, and must still be added once)."""
    page = new_page(browser, contexts, page_errors, {"width": 1280, "height": 720}, "children")
    open_blank(page, live_server)
    out = page.evaluate("""async () => {
      const { h } = await import("/static/js/dom.js");
      const el = h("p", null, "a", 0, null, [h("b", null, "b"), ["c", false, [undefined, 2]]], true, "");
      return [...el.childNodes].map((n) => [n.nodeType, n.nodeType === 1 ? n.outerHTML : n.nodeValue]);
    }""")
    assert out == [[3, "a"], [3, "0"], [1, "<b>b</b>"], [3, "c"], [3, "2"], [3, ""]]
