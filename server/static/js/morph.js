// Update what changed, not the page (issue 24). A game module still draws its whole page from
// the state on every `game` payload; showPage() puts only the differences into the DOM with
// idiomorph (server/static/vendor/idiomorph/VENDORED.md), so a vote that changes one chip
// restyles and repaints one chip, and what the player was doing survives the update: focus (and
// a caret), scroll positions inside the page, an open sheet or confirmation (drawn from the
// module's memory, kept as the same nodes), a `<details>` the player opened or closed, running
// CSS transitions and animations, and what the fitters put on the page (fit.js).
//
// Handlers: h() keeps an element's handlers in a table behind one stable listener (dom.js); a
// kept element takes the table of the element drawn for it, so its clicks see the new state.
// idiomorph inserts a clone of a new subtree (importNode), which copies no handler: the
// clone's elements take the tables of the drawn ones, walked side by side. A run of new
// children put in without idiomorph (putRun) is the drawn nodes themselves, with their own.
//
// Page state belongs to one game: the page of another game (a rematch, another room) replaces
// the old one instead of being morphed into it, so no node of game A is reused for game B.
//
// Identity: idiomorph matches an element by the ids inside it, else by tag in place. Elements
// that stand for something (a castaway, a voter, a card) carry an id made of what they stand for
// (morphId), so an inserted or removed neighbour does not shift them onto each other.
//
// Parts (pageParts): a morph still builds and compares every node of the page. A module may
// name the parts of its page (the board, the players, the log) with what each is drawn from:
// a part whose inputs are those of the part shown is not built again, but stands in the new
// page as an empty element with its id, and the morph keeps the shown one as it is.
// A part may hold parts (a boat and its seats): drawn from its own inputs without theirs, it is
// kept as it is when those are unchanged though one it holds changed, and only that one is put
// in, in its place in the part shown (pageParts, `holds`).
import { Idiomorph } from "../vendor/idiomorph/idiomorph.esm.js";
import { carryHandlers } from "./dom.js";

const shownKey = new WeakMap();   // root -> the game key of the page it shows
const added = [];                 // the drawn nodes idiomorph is inserting (nested: a stack)
const KEPT = "data-kept-part";    // the mark of a stand-in
const NOTHING = "\u0000";         // before the inputs of a part that built nothing (null)
const standing = new WeakMap();   // a stand-in -> the part shown it stands for
const heldParts = new WeakMap();  // root -> {key, extra, shown: Map(id -> inputs), drawn: Map, standIns: [], stands: Map(id -> the model of its stand-ins), inRoot: WeakSet, inner: [shown, drawn, ...]}
/** What the parts did since the page loaded (tests and benchmarks read it); `log`: an array
 * to push the id of every part built into (benchmarks/pages.py), else null; `whole`: pages
 * morphed whole by idiomorph, `frames`: pages morphed where they differ (byParts), `units`:
 * the subtrees idiomorph morphed for those, `texts`: the texts written in place for those,
 * `runs`: the runs of children inserted or removed for those without idiomorph (planRun),
 * `inner`: the parts put in a part kept as it is (`holds`), `swapped`: those of them put in
 * in place of the one shown, their morph having failed. */
export const partStats = { built: 0, kept: 0, log: null, whole: 0, frames: 0, units: 0, texts: 0, runs: 0, inner: 0, swapped: 0 };

function carryTree(from, to) {
  if (standing.has(from)) return;     // a part kept as it is keeps its own handlers
  carryHandlers(from, to);
  let a = from.firstElementChild;
  let b = to.firstElementChild;
  while (a && b) {
    carryTree(a, b);
    a = a.nextElementSibling;
    b = b.nextElementSibling;
  }
}

const typing = (el) => el === document.activeElement && (el.localName === "input" || el.localName === "textarea");

const CONFIG = {
  morphStyle: "innerHTML",
  // (not idiomorph's ignoreActiveValue: it would also leave the content of a focused button
  // as it was, and a tapped button keeps the focus on a phone)
  callbacks: {
    beforeNodeMorphed(oldNode, newNode) {
      if (standing.has(newNode)) {
        // an unchanged part: kept as it is; matched to another node (idiomorph matches an
        // element without id by its tag, and would keep that one), the page is put in whole
        if (standing.get(newNode) !== oldNode) throw new Error("a kept part was matched to another node");
        return false;
      }
      if (oldNode.nodeType === 1) carryHandlers(newNode, oldNode);
      return true;
    },
    beforeNodeAdded(node) {
      added.push(node);
      return true;
    },
    afterNodeAdded(node) {
      // A stand-in is never inserted: its part was not matched (it cannot be, ids being unique
      // in the page); the page is then put in whole (showPage).
      if (node.nodeType === 1 && (node.hasAttribute(KEPT) || node.querySelector(`[${KEPT}]`))) throw new Error("a kept part was not matched");
      const drawn = added.pop();
      if (drawn && drawn !== node && drawn.nodeType === 1) carryTree(drawn, node);
    },
    // A <details> keeps the open state the player gave it (its first drawing sets the default);
    // a field being typed in keeps its text.
    beforeAttributeUpdated(name, el) {
      if (name === "open" && el.localName === "details") return false;
      return !(name === "value" && typing(el));
    },
  },
};

/**
 * Show `page` as the only child of `root`: morphed into the page shown when it belongs to the
 * same game (`key`, gamekey.js's gameKey), else put in place of it. Returns the element now in
 * the page (the kept one, updated, or `page`): measure and query that one, not `page`.
 */
export function showPage(root, page, key) {
  const held = heldParts.get(root);
  const standIns = held && held.key === key ? held.standIns : [];
  const old = root.firstElementChild;
  const inner = held && held.key === key ? held.inner : [];
  // (a stand-in drawn in a part put in a kept part is not in `page`: that part is put back)
  const inPage = inner.length ? page : null;
  if (!old || shownKey.get(root) !== key || root.childNodes.length !== 1 || old.localName !== page.localName) {
    shownKey.set(root, key);
    putBack(standIns, inPage);
    root.replaceChildren(page);
  } else if (!byParts(old, page)) {
    added.length = 0;
    partStats.whole++;
    try {
      Idiomorph.morph(root, page, CONFIG);
    } catch (err) {
      // a morph that fails must not leave the page half drawn
      console.error("morph failed", err);
      dropPantry();
      putBack(standIns, inPage);
      root.replaceChildren(page);
    }
  }
  // the parts held by a part kept as it is, whose inputs changed: put in that part
  if (inner.length) putInner(inner);
  if (held && held.key === key) {
    // what the parts in the page now were drawn from
    for (const [id, inputs] of held.drawn) held.shown.set(id, inputs);
    held.drawn.clear();
    held.standIns = [];
    held.inner = [];
  }
  return root.firstElementChild;
}

// Idiomorph's morph of the whole page maps the ids of both trees (every element with an id, and
// each of its ancestors), then walks every element outside the parts kept, through its matching,
// callbacks and attribute sync, on every update; most updates change a few elements of a few
// parts. So the new page is first compared with the page shown (tags, ids, attributes, text;
// a part kept as it is is not looked into): an equality check, and idiomorph morphs only what
// differs: each element whose children differ, with its subtree (and the parts kept inside it);
// an element whose children are the same but not its attributes gets the new attributes, and a
// text that differs among children that are otherwise the same gets the new text (the two
// things written here, syncAttributes and a text node's nodeValue: what idiomorph writes for
// them, without its set-up, 30-50 us a call, for a name or a count that changed). Anything it
// cannot place (a part kept that moved out of the element that changed) morphs the whole page,
// as before. Form fields and <details> are always left to idiomorph (their live value, checked
// and open state are not attributes), and so is everything inside what differs.
const UNIT = { ...CONFIG, morphStyle: "outerHTML" };
const OWN_STATE = new Set(["input", "textarea", "select", "option", "details"]);

function sameAttributes(a, b) {
  const names = b.getAttributeNames();
  if (a.attributes.length !== names.length) return false;
  for (const name of names) {
    if (a.getAttribute(name) !== b.getAttribute(name)) return false;
  }
  return true;
}

// Old element `o` and new element `n` in the same place (same tag and id, neither a stand-in):
// what differs goes to `units` ([old, new] for idiomorph), the elements left as they are to
// `same` (new, old: they take the new render's handlers), those that keep their children but
// not their attributes to `attrs`, the text nodes that keep their place but not their text to
// `texts` ([old, new]), a run of children inserted or removed to `runs` (below).
function plan(o, n, units, same, attrs, texts, runs) {
  if (OWN_STATE.has(n.localName)) { units.push(o, n); return; }
  const own = sameAttributes(o, n);
  const unitsBefore = units.length;
  const sameBefore = same.length;
  const attrsBefore = attrs.length;
  const textsBefore = texts.length;
  const runsBefore = runs.length;
  same.push(n, o);
  let a = o.firstChild;
  let b = n.firstChild;
  let i = 0;
  for (; a && b; a = a.nextSibling, b = b.nextSibling, i++) {
    if (!pair(a, b, units, same, attrs, texts, runs)) break;
  }
  let whole = !own && [...o.getAttributeNames(), ...n.getAttributeNames()].some((name) => name.includes(":"));
  if ((a || b) && !whole) whole = !planRun(o, n, a, b, i, units, same, attrs, texts, runs);
  if (whole) {
    // its children differ otherwise: idiomorph morphs this element (what was planned inside is its)
    units.length = unitsBefore;
    same.length = sameBefore;
    attrs.length = attrsBefore;
    texts.length = textsBefore;
    runs.length = runsBefore;
    units.push(o, n);
  } else if (!own) {
    attrs.push(o, n);
  }
}

// Children `a` (old) and `b` (new) in the same place: planned (or a part kept in its place),
// else false: they do not match.
function pair(a, b, units, same, attrs, texts, runs) {
  if (b.nodeType === 1) {
    const kept = standing.get(b);
    if (kept) return kept === a;     // a part kept as it is, in its place
    if (a.nodeType !== 1 || a.localName !== b.localName || a.getAttribute("id") !== b.getAttribute("id")) return false;
    plan(a, b, units, same, attrs, texts, runs);
  } else if (a.nodeType !== b.nodeType) {
    return false;
  } else if (a.nodeValue !== b.nodeValue) {
    // a text (or comment) in its place with other words: idiomorph would write its nodeValue
    texts.push(a, b);
  }
  return true;
}

// The commonest change to a list (a line in the recent events, a boat's passenger, a pawn on an
// empty seat, a name in a sentence): one run of children inserted or removed, the children
// before and after it matching by tag and id. Idiomorph would morph the whole parent (its
// set-up and the walk of every child, about 12 us a line); here the neighbours are planned as
// any matched pair, and the run is removed, or inserted: the drawn nodes themselves, where
// idiomorph's createNode inserts a copy of a subtree it has nothing to match in.
// So are the next commonest: a window sliding along a list (one run removed at one end, one
// inserted at the other, the children between matching), and a run replaced by one with
// nothing idiomorph would match in it (a name's mark that becomes a text). `a`, `b`: the first
// old and new children that did not match, after `i` that did. False (idiomorph morphs the
// parent, as before) when it is none of these, or when idiomorph could do something else with
// it: a run holds an id it would move (one the other side has), a part kept or its stand-in, a
// form field or a <details> (their live state), or the focus.
function planRun(o, n, a, b, i, units, same, attrs, texts, runs) {
  const restOld = o.childNodes.length - i;
  const restNew = n.childNodes.length - i;
  const most = Math.min(restOld, restNew);
  let x = o.lastChild;
  let y = n.lastChild;
  let tail = 0;
  for (; tail < most && pair(x, y, units, same, attrs, texts, runs); tail++) {
    x = x.previousSibling;
    y = y.previousSibling;
  }
  const end = x ? x.nextSibling : o.firstChild;   // the old child after the old run
  const gone = restOld - tail;                     // the old run: `gone` children from `a`
  const come = restNew - tail;                     // the new run: `come` children from `b`
  if (!gone) return inserting(o, end, b, come, runs);
  if (!come) return removing(o, n, a, gone, runs);
  // both: a window that slides (removed at its start, the rest matching, inserted at its end,
  // or the other way round), else one run replaced by another
  let k = 0;
  let c = a;
  for (; c && k < gone && !like(c, b); c = c.nextSibling) k++;
  if (k > 0 && k < gone && gone - k < come) {
    // `k` removed, then the old run's rest matching the new run's start
    let d = b;
    for (let j = k; j < gone; j++, c = c.nextSibling, d = d.nextSibling) {
      if (!pair(c, d, units, same, attrs, texts, runs)) return false;
    }
    return removing(o, n, a, k, runs) && inserting(o, end, d, come - (gone - k), runs);
  }
  k = 0;
  c = b;
  for (; c && k < come && !like(a, c); c = c.nextSibling) k++;
  if (k > 0 && k < come && come - k < gone) {
    // `k` inserted, then the new run's rest matching the old run's start
    let d = a;
    for (let j = k; j < come; j++, c = c.nextSibling, d = d.nextSibling) {
      if (!pair(d, c, units, same, attrs, texts, runs)) return false;
    }
    return inserting(o, a, b, k, runs) && removing(o, n, d, gone - (come - k), runs);
  }
  if (gone * come > 64) return false;
  for (let p = a, j = 0; j < gone; j++, p = p.nextSibling) {
    for (let q = b, m = 0; m < come; m++, q = q.nextSibling) {
      if (softMatch(p, q)) return false;      // idiomorph would morph the one into the other
    }
  }
  return removing(o, n, a, gone, runs) && inserting(o, end, b, come, runs);
}

// Whether old `a` and new `b` would pair (pair(), without planning them).
function like(a, b) {
  if (b.nodeType !== 1) return a.nodeType === b.nodeType;
  const kept = standing.get(b);
  if (kept) return kept === a;
  return a.nodeType === 1 && a.localName === b.localName && a.getAttribute("id") === b.getAttribute("id");
}

// Idiomorph's isSoftMatch: the nodes it would morph one into the other (an old element without
// an id matches a new one with an id).
function softMatch(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== 1) return true;
  if (a.localName !== b.localName) return false;
  const id = a.getAttribute("id");
  return !id || id === b.getAttribute("id");
}

// `count` drawn children from `from` to insert before the old child `at` (runs), or false.
function inserting(o, at, from, count, runs) {
  for (let c = from, k = count; k > 0; c = c.nextSibling, k--) {
    if (c.nodeType === 1 && !insertable(c)) return false;
  }
  runs.push(o, at, from, count);
  return true;
}

// `count` old children from `from` to remove (runs), or false; `n`: the new parent.
function removing(o, n, from, count, runs) {
  const ids = [];
  for (let c = from, k = count; k > 0; c = c.nextSibling, k--) {
    if (c.nodeType === 1 && !removable(c, ids)) return false;
  }
  if (ids.length) {
    for (const el of n.querySelectorAll("*[id]")) if (ids.includes(el.getAttribute("id"))) return false;
  }
  runs.push(o, from, null, count);
  return true;
}

const OWN_STATE_SELECTOR = [...OWN_STATE].join(",");

// A drawn element to insert as it is: no id that is in the page (idiomorph would move that
// node here), no stand-in, no form field nor <details>.
function insertable(el) {
  if (standing.has(el) || OWN_STATE.has(el.localName)) return false;
  if (el.querySelector(`${OWN_STATE_SELECTOR},[${KEPT}]`)) return false;
  const id = el.getAttribute("id");
  if (id && document.getElementById(id)) return false;
  for (const inner of el.querySelectorAll("*[id]")) {
    if (document.getElementById(inner.getAttribute("id"))) return false;
  }
  return true;
}

// An element shown to remove: no focus, no form field nor <details> in it; its ids go to `ids`
// (one the new parent has is a node idiomorph would move there).
function removable(el, ids) {
  if (OWN_STATE.has(el.localName) || el.contains(document.activeElement)) return false;
  if (el.querySelector(OWN_STATE_SELECTOR)) return false;
  const id = el.getAttribute("id");
  if (id) ids.push(id);
  for (const inner of el.querySelectorAll("*[id]")) ids.push(inner.getAttribute("id"));
  return true;
}

// A run planned above put in: [parent, the old child after the run or the first removed, the
// first drawn child to insert or null to remove, how many]. The drawn children themselves go
// into the page, not copies of them (idiomorph's createNode copies them with importNode, not to
// change the new content it was given): the drawn page is thrown away after the update, so
// each new element is made once (a copy made every element a second time and walked both
// trees to carry the handlers) and keeps its own handlers, properties and what a module holds
// of it. `moved` gets [node, its drawn parent, the drawn node after it] for each, to put them
// back (putBackRuns) if the update falls back to idiomorph's morph of the drawn page.
function putRun(o, at, from, count, moved) {
  if (from) {
    const drawnParent = from.parentNode;
    for (; count > 0; count--) {
      const next = from.nextSibling;   // (read before the move takes it out of the drawn page)
      moved.push(from, drawnParent, next);
      o.insertBefore(from, at);
      from = next;
    }
  } else {
    while (count-- > 0) {
      const next = at.nextSibling;
      at.remove();
      at = next;
    }
  }
}

// The drawn nodes putRun moved into the page, back where they were drawn (the last first: the
// node each goes before is then back already), so the drawn page is whole again.
function putBackRuns(moved) {
  for (let i = moved.length - 3; i >= 0; i -= 3) moved[i + 1].insertBefore(moved[i], moved[i + 2]);
}

// The attributes of an element whose children are as they were (a phase on the page, a class
// on a card): the new ones written, the others removed, as idiomorph's morphAttributes does for
// an element like it (no form field, no <details>, no namespaced attribute: those are units).
function syncAttributes(o, n) {
  for (const name of n.getAttributeNames()) {
    const value = n.getAttribute(name);
    if (o.getAttribute(name) !== value) o.setAttribute(name, value);
  }
  for (const name of o.getAttributeNames()) {
    if (!n.hasAttribute(name)) o.removeAttribute(name);
  }
}

// The page morphed where it differs (above); false: nothing was written, morph it whole.
function byParts(old, page) {
  if (old.localName !== page.localName || old.getAttribute("id") !== page.getAttribute("id")) return false;
  const units = [];
  const same = [];
  const attrs = [];
  const texts = [];
  const runs = [];
  plan(old, page, units, same, attrs, texts, runs);
  // each unit holds the parts kept inside it: idiomorph finds them there by their ids
  for (let i = 0; i < units.length; i += 2) {
    for (const stand of units[i + 1].querySelectorAll(`[${KEPT}]`)) {
      if (!units[i].contains(standing.get(stand))) return false;
    }
  }
  for (let i = 0; i < same.length; i += 2) carryHandlers(same[i], same[i + 1]);
  for (let i = 0; i < attrs.length; i += 2) syncAttributes(attrs[i], attrs[i + 1]);
  for (let i = 0; i < texts.length; i += 2) texts[i].nodeValue = texts[i + 1].nodeValue;
  const moved = [];
  for (let i = 0; i < runs.length; i += 4) putRun(runs[i], runs[i + 1], runs[i + 2], runs[i + 3], moved);
  partStats.frames++;
  partStats.texts += texts.length / 2;
  partStats.runs += runs.length / 4;
  partStats.units += units.length / 2;
  for (let i = 0; i < units.length; i += 2) {
    added.length = 0;
    try {
      Idiomorph.morph(units[i], units[i + 1], UNIT);
    } catch (err) {
      // not placed after all: the whole page, from what is now shown
      console.warn("morph by parts failed, morphing the page", err);
      dropPantry();
      putBackRuns(moved);
      return false;
    }
  }
  return true;
}

// The hidden div idiomorph parks nodes in during a morph, left behind by a morph that threw.
function dropPantry() {
  const pantry = document.documentElement.lastElementChild;
  if (pantry && pantry.localName === "div" && pantry.hidden) pantry.remove();
}

// A page put in whole (not morphed): each stand-in (in `page`, when given) gives its place to
// the part it stands for.
function putBack(standIns, page) {
  for (const el of standIns) {
    const live = standing.get(el);
    if (live && el.parentNode && (!page || page.contains(el))) el.replaceWith(live);
  }
}

// The parts drawn anew inside a part kept as it is ([shown, drawn, ...], pageParts' `holds`),
// each put in place of the one shown: morphed where it differs (byParts, as a page), else by
// idiomorph, else (a morph that failed) the drawn one itself in its place, with the parts kept
// inside it, so the page never stays half drawn.
function putInner(inner) {
  for (let i = 0; i < inner.length; i += 2) {
    const shown = inner[i];
    const drawn = inner[i + 1];
    partStats.inner++;
    if (byParts(shown, drawn)) continue;
    added.length = 0;
    const parent = shown.parentNode;
    const next = shown.nextSibling;
    try {
      Idiomorph.morph(shown, drawn, UNIT);
    } catch (err) {
      console.warn("morph of a part in a kept part failed, putting it in whole", err);
      dropPantry();
      partStats.swapped++;
      putBack(drawn.querySelectorAll(`[${KEPT}]`));
      // (a morph that threw after it parked the shown part in its pantry, now dropped: the
      // drawn one goes where the shown one was)
      if (shown.isConnected) shown.replaceWith(drawn);
      else if (parent) parent.insertBefore(drawn, next && next.parentNode === parent ? next : null);
    }
  }
}

/**
 * The parts of the page a module is about to draw into `root` for the game `key` (gameKey):
 * part(id, inputs, build) -> the element build() makes, with `id` (unique in the document; see
 * morphId). `inputs`: everything the part is drawn from (JSON-able: view fields, names, the
 * events that animate it). When they equal those of the part `root` shows (same game, same
 * `extra`: the language, anything else every part reads), build is not called: an empty
 * stand-in takes its place in the new page and showPage keeps the part shown as it is, with
 * the handlers it had. A page drawn whole (a first page, another game, another `extra`) builds
 * every part. Call it once per draw, before building, and show the page with showPage.
 *
 * part(id, inputs, build, {holds}): a part that holds parts (a frame: a boat and its seats).
 * `holds()` makes the part() calls of the parts it holds and returns what `build(children)`
 * puts in it; `inputs` are the frame's own, without theirs, and name all that decides which
 * parts it holds and in what order (their ids), as the rest of its drawing. Its inputs
 * unchanged, the frame is kept as it is even when a part it holds changed: holds() is called
 * (so every part is drawn from the whole state), a part it holds that is unchanged gives null
 * (no stand-in), one that changed is built and put in place of the one shown (showPage), and
 * the frame's build is not called. A part it holds that gives nothing where one was shown, or
 * the other way round, has the frame built. Frames nest.
 */
export function pageParts(root, key, extra = "") {
  let held = heldParts.get(root);
  const fresh = !held || held.key !== key || held.extra !== extra
    || shownKey.get(root) !== key || root.childNodes.length !== 1;
  if (fresh) {
    held = { key, extra, shown: new Map(), drawn: new Map(), standIns: [], stands: new Map(), inRoot: new WeakSet(), inner: [] };
    heldParts.set(root, held);
  }
  held.drawn.clear();
  held.standIns = [];
  held.inner = [];
  let within = false;   // drawing the parts a frame kept as it is holds
  let broken = false;   // one of those cannot be put in that frame: it is built

  // The element shown with `id` in `root`, or null.
  // (an element found in `root` before, still in the document, is in it still: the walk up
  // of contains(), a few microseconds a part and dozens of parts an update, is done once;
  // this holds while no code moves a part out of its page into another place of the document)
  const shownPart = (id) => {
    const live = document.getElementById(id);
    if (!live || !(held.inRoot.has(live) ? live.isConnected : root.contains(live))) return null;
    held.inRoot.add(live);
    return live;
  };

  // A part's stand-in is a shallow clone of one made once for it (never in a page): one
  // call that shares its attributes, not an element made, named and marked each update.
  const standIn = (id, live) => {
    let model = held.stands.get(id);
    if (!model || model.localName !== live.localName || model.namespaceURI !== live.namespaceURI) {
      model = document.createElementNS(live.namespaceURI, live.localName);
      model.id = id;
      model.setAttribute(KEPT, "");
      held.stands.set(id, model);
    }
    const stand = model.cloneNode(false);
    standing.set(stand, live);
    held.standIns.push(stand);
    return stand;
  };

  // The parts a frame kept as it is holds, drawn; false: one cannot be put in it (what they
  // put in is dropped).
  // (a frame that cannot be kept is built after all, its holds() called again: what this pass
  // built is dropped with the stand-ins made in it, and not counted twice)
  const keepFrame = (holds) => {
    const mark = held.inner.length;
    const standMark = held.standIns.length;
    const { built, kept: keptBefore } = partStats;
    const logMark = partStats.log ? partStats.log.length : 0;
    const outerWithin = within;
    const outerBroken = broken;
    within = true;
    broken = false;
    holds();
    const kept = !broken;
    within = outerWithin;
    broken = outerBroken;
    if (!kept) {
      held.inner.length = mark;
      held.standIns.length = standMark;
      partStats.built = built;
      partStats.kept = keptBefore;
      if (partStats.log) partStats.log.length = logMark;
    }
    return kept;
  };

  return function part(id, inputs, build, opts) {
    const holds = opts && opts.holds;
    const sig = JSON.stringify(inputs);
    const was = fresh ? undefined : held.shown.get(id);
    if (was !== undefined && was.length === sig.length + 1 && was.charCodeAt(0) === 0 && was.endsWith(sig)) {
      // drawn as nothing from the same inputs (a last vote not yet revealed, no recent events):
      // nothing again, not built each update for it (compared in place: NOTHING + sig would
      // copy the inputs' text once more per part and update)
      held.drawn.set(id, was);
      partStats.kept++;
      return null;
    }
    if (within && !holds && was === sig) {
      // in a frame kept as it is, as it was: in that frame still, nothing to find nor stand in
      held.drawn.set(id, sig);
      partStats.kept++;
      return null;
    }
    const live = was === sig || within ? shownPart(id) : null;
    if (was === sig && live && (!holds || keepFrame(holds))) {
      held.drawn.set(id, sig);
      partStats.kept++;
      // inside a frame kept as it is, nothing stands for it: the frame is not compared
      return within ? null : standIn(id, live);
    }
    // inside a frame kept as it is, a part that was not shown cannot be put in it
    if (within && !live) { broken = true; return null; }
    const outerWithin = within;
    within = false;
    partStats.built++;
    if (partStats.log) partStats.log.push(id);
    const el = holds ? build(holds()) : build();
    within = outerWithin;
    if (el) el.id = id;
    held.drawn.set(id, el ? sig : NOTHING + sig);
    if (within) {
      if (el) held.inner.push(live, el);
      else broken = true;
    }
    return el;
  };
}

/** A DOM id for an element that stands for `parts` in a game page ("gt-cw-3"): ids keep what
 * they stand for matched across updates (idiomorph); only letters, digits, - and _. */
export function morphId(...parts) {
  return parts.map((p) => String(p).replace(/[^A-Za-z0-9_-]/g, "_")).join("-");
}
