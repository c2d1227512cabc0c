"""morph.js: a run of children inserted or removed is put in without idiomorph (issue 24).

Most subtrees the morph handed to idiomorph were a parent whose children differ by one run
inserted or removed (a line in the recent events, a passenger in a boat, a pawn on an empty
seat), the children before and after it matching by tag and id; idiomorph walked the whole
parent for it. showPage now keeps the neighbours as they are (compared and updated like any
matched element), removes the old run and inserts the drawn nodes themselves, with their
handlers (partStats.runs; no copy: each new element is made once), and leaves the parent to
idiomorph, as before (partStats.units), when the run holds a node idiomorph would move (an id
the other side has), a kept part, a form field, a <details> or the focus. Each case checks the
page shown reads exactly as the page drawn, which nodes are kept, and which way it went.
"""
import pytest

from tests.browser.helpers import new_page, open_blank

pytestmark = pytest.mark.browser

# A page of lists: window.__show(spec) draws {lists: {name: [line, ...]}, after} and shows it;
# a line is "text" (an <li>), "#id text" (an <li> with that id), "!text" (an <li> with id l-text and a button
# whose click records the line's text and the render that drew it), "~text" (a <p>).
# Returns the counters' change, and whether the page shown reads as the page drawn.
SETUP = """async () => {
  const { showPage, partStats, pageParts } = await import("/static/js/morph.js");
  const { h } = await import("/static/js/dom.js");
  window.__clicks = [];
  let render = 0;
  const root = document.createElement("div");
  root.id = "fixture-root";
  document.body.append(root);
  const line = (text) => {
    if (text.startsWith("#")) {
      const [id, ...words] = text.slice(1).split(" ");
      return h("li", { id, class: "line" }, words.join(" "));
    }
    if (text.startsWith("!")) {
      const r = render;
      return h("li", { class: "line", id: "l-" + text.slice(1) }, h("button", { class: "b", onclick: () => window.__clicks.push([text.slice(1), r]) }, text.slice(1)));
    }
    if (text.startsWith("~")) return h("p", null, text.slice(1));
    return h("li", { class: "line" }, text);
  };
  window.__partStats = partStats;
  window.__show = (spec) => {
    render++;
    const part = pageParts(root, "fixture|1", "");
    const page = h("div", { class: "page" }, Object.entries(spec.lists).map(([name, lines]) =>
      h("ul", { class: ["list", name, spec.go && "go"], "data-n": lines.length }, lines.map(line))),
      spec.part ? part("fixture-part", spec.part, () => h("section", null, spec.part)) : null,
      spec.after ? h("aside", null, spec.after.map(line)) : null);
    const drawn = read(page);
    window.__drawn = new Set(page.querySelectorAll("*"));
    const before = { ...partStats };
    showPage(root, page, "fixture|1");
    return { units: partStats.units - before.units, runs: partStats.runs - before.runs,
             whole: partStats.whole - before.whole, built: partStats.built - before.built,
             same: read(root.firstElementChild) === drawn };
  };
  // a tree as text, its attributes in order of name (idiomorph adds an attribute it writes
  // after the others), a part kept as it is read from the part shown
  const read = (node) => {
    if (node.nodeType !== 1) return node.nodeType + ":" + node.nodeValue;
    const el = node.hasAttribute("data-kept-part") ? document.getElementById(node.id) : node;
    return "<" + el.localName + " " + el.getAttributeNames().sort().map((n) => n + "=" + el.getAttribute(n)).join(" ")
      + ">" + [...el.childNodes].map(read).join("") + "</>";
  };
  // every element shown, marked with its place in the page (a node kept keeps its mark)
  window.__mark = () => { let k = 0; for (const el of root.querySelectorAll("li, p, button, section")) el.__mark = ++k; };
  window.__marks = (sel) => [...root.querySelectorAll(sel)].map((el) => el.__mark || 0);
}"""


@pytest.fixture
def page(browser, contexts, page_errors, live_server):
    p = new_page(browser, contexts, page_errors, {"width": 800, "height": 600}, "morph")
    open_blank(p, live_server)
    p.evaluate(SETUP)
    return p


def show(page, lists, **more):
    return page.evaluate("s => window.__show(s)", {"lists": lists, **more})


@pytest.mark.parametrize("before, after, kept", [
    (["#a A", "#b B"], ["#n N", "#a A", "#b B"], [0, 1, 2]),          # a line at the start
    (["#a A", "#b B"], ["#a A", "#n N", "#b B"], [1, 0, 2]),          # in the middle
    (["#a A", "#b B"], ["#a A", "#b B", "#n N"], [1, 2, 0]),          # at the end
    (["#a A", "#b B", "#c C"], ["#b B", "#c C"], [2, 3]),             # one removed at the start
    (["#a A", "#b B", "#c C"], ["#a A", "#c C"], [1, 3]),             # in the middle
    (["#a A", "#b B", "#c C"], ["#a A", "#b B"], [1, 2]),             # at the end
    (["#a A", "#b B", "#c C", "#d D"], ["#a A", "#d D"], [1, 4]),     # two removed
    (["#a A", "#d D"], ["#a A", "#b B", "~C", "#d D"], [1, 0, 0, 2]), # two inserted, tags mixed
    ([], ["x", "y"], [0, 0]),                                         # an empty list gains lines
    (["x", "y"], [], []),                                             # and loses them all
    (["x", "y"], ["x", "y", "z"], [1, 2, 0]),                         # lines without ids, at the end
    (["x", "y", "z"], ["x", "z"], [1, 2]),                            # the later ones take the text
])
def test_a_run_inserted_or_removed_keeps_its_neighbours(page, before, after, kept):
    show(page, {"one": before, "two": ["#t T"]})
    page.evaluate("() => window.__mark()")
    out = show(page, {"one": after, "two": ["#t T"]})
    assert out == {"units": 0, "runs": 1, "whole": 0, "built": 0, "same": True}, out
    assert page.evaluate("() => window.__marks('.one > *')") == kept
    # the neighbour list was left as it is
    assert page.evaluate("() => window.__marks('.two li')") != [0]


def test_neighbours_that_change_are_updated_around_the_run(page):
    """The lines before and after the run are compared and updated like any matched element
    (a text, an attribute); the run is still put in without idiomorph."""
    show(page, {"one": ["#a A", "#b B"]})
    page.evaluate("() => window.__mark()")
    out = show(page, {"one": ["#a A2", "#n N", "#b B2"]})
    assert out == {"units": 0, "runs": 1, "whole": 0, "built": 0, "same": True}, out
    assert page.evaluate("() => window.__marks('.one li')") == [1, 0, 2]


def test_a_run_with_an_id_shown_elsewhere_is_left_to_idiomorph(page):
    """A line that moves from the aside into the list: the list's run holds an id the page
    shows, and the aside's removed run an id its new children hold... in another parent: each
    parent is then morphed by idiomorph, which moves the node when it is inside its subtree."""
    show(page, {"one": ["#a A"]}, after=["#m M", "~p"])
    page.evaluate("() => window.__mark()")
    mark = page.evaluate("() => document.getElementById('m').__mark")
    # the list gains #m, the aside loses it: the list's run holds an id shown elsewhere
    out = show(page, {"one": ["#a A", "#m M"]}, after=["~p"])
    assert out["runs"] == 1 and out["units"] == 1 and out["same"], out   # the aside's removal, the list by idiomorph
    # a move inside one parent: the whole page's children are [ul, aside] -> [ul] with #m in the
    # ul: the removed run (the aside) holds an id the new page's parent has: idiomorph moves it
    show(page, {"one": ["#a A"]}, after=["#m M"])
    page.evaluate("() => window.__mark()")
    mark = page.evaluate("() => document.getElementById('m').__mark")
    out = show(page, {"one": ["#a A", "#m M"]})
    assert out["runs"] == 0 and out["units"] == 1 and out["same"], out
    assert page.evaluate("() => document.getElementById('m').__mark") == mark


def test_handlers_on_an_inserted_run_and_its_neighbours_work(page):
    show(page, {"one": ["!a", "!c"]})
    page.evaluate("() => window.__mark()")
    out = show(page, {"one": ["!a", "!b", "!c"]})
    assert out == {"units": 0, "runs": 1, "whole": 0, "built": 0, "same": True}, out
    assert page.evaluate("() => window.__marks('.one button')") == [2, 0, 4]
    for text in ("a", "b", "c"):
        page.locator(".one button", has_text=text).click()
    # every button runs the handler of the last render (the second), the inserted one too
    assert page.evaluate("() => window.__clicks") == [["a", 2], ["b", 2], ["c", 2]]


def test_focus_inside_a_neighbour_survives_and_a_focused_run_is_left_to_idiomorph(page):
    show(page, {"one": ["!a", "!c"]})
    page.locator(".one button", has_text="c").focus()
    page.evaluate("() => { window.__focused = document.activeElement; }")
    out = show(page, {"one": ["!a", "!b", "!c"]})
    assert out["runs"] == 1 and out["units"] == 0 and out["same"], out
    out = show(page, {"one": ["!c"]})
    assert out["runs"] == 1 and out["units"] == 0 and out["same"], out
    assert page.evaluate("() => document.activeElement === window.__focused && document.activeElement.isConnected")
    # the focused button in the run removed: idiomorph's, as before
    show(page, {"one": ["!a", "!c"]})
    page.locator(".one button", has_text="a").focus()
    out = show(page, {"one": ["!c"]})
    assert out["runs"] == 0 and out["units"] == 1 and out["same"], out


def test_a_transition_on_a_kept_neighbour_keeps_running(page):
    page.add_style_tag(content=".list li { transition: margin-left 20s linear; } .list.go li { margin-left: 50px; }")
    show(page, {"one": ["#a A", "#b B"]})
    page.evaluate("() => getComputedStyle(document.getElementById('b')).marginLeft")
    # the list's class changes (written in place by the morph): #b's transition starts
    show(page, {"one": ["#a A", "#b B"]}, go=True)
    assert page.evaluate("""() => { getComputedStyle(document.getElementById('b')).marginLeft;
      window.__anim = document.getElementById('b').getAnimations()[0];
      return window.__anim && window.__anim.playState; }""") == "running"
    out = show(page, {"one": ["#a A", "#n N", "#b B"]}, go=True)
    assert out == {"units": 0, "runs": 1, "whole": 0, "built": 0, "same": True}, out
    assert page.evaluate("""() => { const b = document.getElementById('b');
      getComputedStyle(b).marginLeft;
      return [b.getAnimations()[0] === window.__anim, window.__anim.playState]; }""") == [True, "running"]


def test_a_kept_part_next_to_the_run_stays_as_it_is(page):
    """A part kept as it is (its stand-in in the drawn page) as the run's neighbour: kept,
    not built, and the run still put in without idiomorph."""
    show(page, {"one": ["#a A"]}, part="P")
    page.evaluate("() => window.__mark()")
    # the page's children [ul, section] -> [ul, section, aside]: a run after the part
    out = show(page, {"one": ["#a A"]}, part="P", after=["x"])
    assert out == {"units": 0, "runs": 1, "whole": 0, "built": 0, "same": True}, out
    assert page.evaluate("() => window.__marks('section')") == [2]
    # and removed again, the part before it
    out = show(page, {"one": ["#a A"]}, part="P")
    assert out == {"units": 0, "runs": 1, "whole": 0, "built": 0, "same": True}, out
    assert page.evaluate("() => window.__marks('section')") == [2]


def test_random_edits_read_as_drawn(page):
    """Many random lists, each change a run (inserted, removed, replaced, a window sliding) or not:
    the page shown always reads as drawn."""
    out = page.evaluate("""() => {
      let seed = 7;
      const rnd = (n) => { seed = (seed * 16807) % 2147483647; return Math.floor(seed / 2147483647 * n); };
      const pick = () => ["#a A", "#b B", "#c C", "x", "y", "~p", "~q", "!k", "#d D"][rnd(9)];
      let lines = [];
      const bad = [];
      let runs = 0, units = 0;
      for (let step = 0; step < 300; step++) {
        const next = lines.slice();
        const k = rnd(5);
        const at = rnd(next.length + 1);
        if (k === 0) next.splice(at, rnd(3));
        else if (k === 1) next.splice(at, 0, ...Array.from({ length: 1 + rnd(2) }, pick));
        else if (k === 2 && next.length) next[rnd(next.length)] = pick();
        else if (k === 3 && next.length) { next.shift(); next.push(pick()); }       // a window sliding
        else next.splice(at, rnd(2), pick());
        // ids unique in a page
        const seen = new Set();
        lines = next.filter((t) => !"#!".includes(t[0]) || (!seen.has(t) && seen.add(t)));
        const r = window.__show({ lists: { one: lines, two: lines.filter((t) => !"#!".includes(t[0])) } });
        runs += r.runs;
        units += r.units;
        if (!r.same) bad.push([step, lines]);
      }
      return { bad: bad.slice(0, 3), runs, units };
    }""")
    assert out["bad"] == [], out
    assert out["runs"] > 50 and out["units"] > 0, out


# Counts the elements made from now on (createElement/NS, and what cloneNode and importNode
# copy), as benchmarks/pages.py does, in window.__made.n.
COUNT_MADE = """() => {
  const c = window.__made = { n: 0 };
  const count = (n, deep) => (n.nodeType !== 1 ? 0 : deep ? 1 + n.getElementsByTagName("*").length : 1);
  const [ce, cen] = [document.createElement, document.createElementNS];
  const [clone, imp] = [Node.prototype.cloneNode, Document.prototype.importNode];
  document.createElement = function (...a) { c.n++; return ce.apply(this, a); };
  document.createElementNS = function (...a) { c.n++; return cen.apply(this, a); };
  Node.prototype.cloneNode = function (deep) { const n = clone.call(this, deep); c.n += count(n, deep); return n; };
  Document.prototype.importNode = function (node, deep) { const n = imp.call(this, node, deep); c.n += count(n, deep); return n; };
}"""


def test_an_inserted_run_is_the_drawn_nodes_not_copies(page):
    """The drawn page is thrown away after the update: a run inserted is the drawn nodes
    themselves (with their properties, and what a module holds of them), so each new element
    is made once, by the module."""
    show(page, {"one": ["#a A", "#c C"]})
    page.evaluate("() => window.__mark()")
    page.evaluate(COUNT_MADE)
    out = show(page, {"one": ["#a A", "!b", "~p", "#c C"], "two": ["x"]})
    assert out == {"units": 0, "runs": 2, "whole": 0, "built": 0, "same": True}, out
    # the page drew 9 elements (a div, two ul, four li, a p, a button) and showPage made none
    assert page.evaluate("() => window.__made.n") == 9
    assert page.evaluate("() => window.__marks('li, p, button')") == [1, 0, 0, 0, 2, 0]
    assert page.evaluate("""() => [...document.querySelectorAll('#fixture-root li, #fixture-root p, #fixture-root button')]
      .filter((el) => !el.__mark).every((el) => window.__drawn.has(el))""")


def test_a_button_inserted_runs_the_last_renders_handler(page):
    show(page, {"one": ["!a"]})
    show(page, {"one": ["!a", "!b"]})            # render 2 inserts b, drawn with its handler
    page.locator(".one button", has_text="b").click()
    show(page, {"one": ["!a", "!b"]}, go=True)   # render 3 keeps it: render 3's handler
    page.locator(".one button", has_text="b").click()
    assert page.evaluate("() => window.__clicks") == [["b", 2], ["b", 3]]


def test_a_unit_that_fails_after_a_run_morphs_the_drawn_page_whole(page):
    """The drawn nodes a run moved into the page go back into the drawn page when a subtree's
    idiomorph morph fails after it: the page is then morphed whole from the drawn page, whole."""
    show(page, {"one": ["#a A"], "two": ["#b B", "#c C"]})
    out = page.evaluate("""async () => {
      const { Idiomorph } = await import("/static/vendor/idiomorph/idiomorph.esm.js");
      const morph = Idiomorph.morph;
      let failed = 0;
      // the first subtree morph (outerHTML) fails once
      Idiomorph.morph = function (old, now, config) {
        if (config.morphStyle === "outerHTML" && !failed++) throw new Error("test: a unit fails");
        return morph.call(this, old, now, config);
      };
      try {
        // list one: a run inserted; list two: two lines swapped (idiomorph's)
        return window.__show({ lists: { one: ["#a A", "#n N", "~p"], two: ["#c C", "#b B"] } });
      } finally {
        Idiomorph.morph = morph;
      }
    }""")
    assert out["whole"] == 1 and out["same"], out
    assert page.evaluate("() => [...document.querySelectorAll('#fixture-root li')].map((el) => el.id)") == ["a", "n", "c", "b"]
