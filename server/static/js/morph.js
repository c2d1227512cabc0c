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
// clone's elements take the tables of the drawn ones, walked side by side.
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
//
// Parts replaced whole (pageParts(..., {replace: true}), the TV's boards): a part built again
// is not diffed against the one shown, node by node (idiomorph's cost, most of an update's
// JavaScript): the built element, its handlers already on it, takes the shown one's place, and
// the kept parts inside it move into it as they are. The morph then walks the page's frame
// only, each part in it a stand-in. A part is diffed as before when it holds the focus or a
// <details> (their state would be lost), when a CSS animation or transition runs in it (it
// goes on, not anew), and when its module says so (part(id, inputs, build, {morph: true}): a
// CSS transition its new drawing starts, which a new element would not run).
import { Idiomorph } from "../vendor/idiomorph/idiomorph.esm.js";
import { carryHandlers } from "./dom.js";

const shownKey = new WeakMap();   // root -> the game key of the page it shows
const added = [];                 // the drawn nodes idiomorph is inserting (nested: a stack)
const KEPT = "data-kept-part";    // the mark of a stand-in
const standing = new WeakMap();   // a stand-in -> the part shown it stands for
const heldParts = new WeakMap();  // root -> {key, extra, replace, shown: Map(id -> inputs), drawn: Map, standIns: [], built: []}
const diffOnly = new WeakSet();   // built parts their module wants diffed, never replaced whole
/** What the parts did since the page loaded (tests and benchmarks read it): built, kept as
 * they were, and (of the built) put in whole in place of the part shown. `log`: an array to
 * push the id of every part built into (benchmarks/pages.py), else null. */
export const partStats = { built: 0, kept: 0, replaced: 0, log: null };

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
        // an unchanged part (or one put in whole): kept as it is; matched to any other node
        // (idiomorph matches an element without id by its tag), the page is put in whole
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
  if (!old || shownKey.get(root) !== key || root.childNodes.length !== 1 || old.localName !== page.localName) {
    shownKey.set(root, key);
    putBack(standIns);
    root.replaceChildren(page);
  } else {
    added.length = 0;
    if (held && held.key === key && held.replace) replaceBuilt(root, page, held);
    try {
      Idiomorph.morph(root, page, CONFIG);
    } catch (err) {
      // a morph that fails must not leave the page half drawn
      console.error("morph failed", err);
      const pantry = document.documentElement.lastElementChild;   // idiomorph's, left behind
      if (pantry && pantry.localName === "div" && pantry.hidden) pantry.remove();
      putBack(standIns);
      root.replaceChildren(page);
    }
  }
  if (held && held.key === key) {
    // what the parts in the page now were drawn from
    for (const [id, inputs] of held.drawn) held.shown.set(id, inputs);
    held.drawn.clear();
    held.standIns = [];
    held.built = [];
  }
  return root.firstElementChild;
}

// The parts built for this page that a shown part of the same id can give its place to, put
// in (outermost first: a part inside one put in whole goes in with it); each leaves a stand-in
// in the new page, so the morph keeps it as it is. The kept parts inside a part put in move
// into it from where they are shown.
function replaceBuilt(root, page, held) {
  const active = document.activeElement;
  const focused = active && active !== document.body ? active : null;
  for (let i = held.built.length - 1; i >= 0; i--) {
    const el = held.built[i];
    // (connected: inside a part put in already)
    if (diffOnly.has(el) || el.isConnected || !page.contains(el)) continue;
    const old = document.getElementById(el.id);
    if (!old || old.localName !== el.localName || !root.contains(old)) continue;
    if (focused && old.contains(focused)) continue;
    if (old.localName === "details" || old.querySelector("details")) continue;
    // a CSS animation or transition running (or holding its end) in it goes on, not anew
    if (old.getAnimations && old.getAnimations({ subtree: true }).length) continue;
    for (const stand of el.querySelectorAll(`[${KEPT}]`)) {
      const live = standing.get(stand);
      if (!live) continue;
      const hadFocus = focused && live.contains(focused);
      stand.replaceWith(live);
      if (hadFocus && document.activeElement !== focused) focused.focus({ preventScroll: true });
    }
    const stand = document.createElementNS(el.namespaceURI, el.localName);
    stand.id = el.id;
    stand.setAttribute(KEPT, "");
    standing.set(stand, el);
    held.standIns.push(stand);
    el.replaceWith(stand);
    old.replaceWith(el);
    partStats.replaced++;
  }
}

// A page put in whole (not morphed): each stand-in gives its place to the part it stands for.
function putBack(standIns) {
  for (const el of standIns) {
    const live = standing.get(el);
    if (live && el.parentNode) el.replaceWith(live);
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
 * `replace`: a part built again takes the place of the one shown whole, instead of being diffed
 * against it (see the top of this file), unless it holds the focus, a <details> or a running
 * animation, or part()'s last argument says {morph: true} (a CSS transition its new drawing
 * starts, which a new element would not run).
 */
export function pageParts(root, key, extra = "", { replace = false } = {}) {
  let held = heldParts.get(root);
  const fresh = !held || held.key !== key || held.extra !== extra
    || shownKey.get(root) !== key || root.childNodes.length !== 1;
  if (fresh) {
    held = { key, extra, shown: new Map(), drawn: new Map(), standIns: [], built: [] };
    heldParts.set(root, held);
  }
  held.replace = replace;
  held.drawn.clear();
  held.standIns = [];
  held.built = [];
  return function part(id, inputs, build, { morph = false } = {}) {
    const sig = JSON.stringify(inputs);
    if (!fresh && held.shown.get(id) === sig) {
      const live = document.getElementById(id);
      if (live && root.contains(live)) {
        const stand = document.createElementNS(live.namespaceURI, live.localName);
        stand.id = id;
        stand.setAttribute(KEPT, "");
        standing.set(stand, live);
        held.standIns.push(stand);
        held.drawn.set(id, sig);
        partStats.kept++;
        return stand;
      }
    }
    partStats.built++;
    if (partStats.log) partStats.log.push(id);
    const el = build();
    if (el) {
      el.id = id;
      if (!fresh) held.built.push(el);
      if (morph) diffOnly.add(el);
    }
    held.drawn.set(id, sig);
    return el;
  };
}

/** A DOM id for an element that stands for `parts` in a game page ("gt-cw-3"): ids keep what
 * they stand for matched across updates (idiomorph); only letters, digits, - and _. */
export function morphId(...parts) {
  return parts.map((p) => String(p).replace(/[^A-Za-z0-9_-]/g, "_")).join("-");
}
