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
import { Idiomorph } from "../vendor/idiomorph/idiomorph.esm.js";
import { carryHandlers } from "./dom.js";

const shownKey = new WeakMap();   // root -> the game key of the page it shows
const added = [];                 // the drawn nodes idiomorph is inserting (nested: a stack)

function carryTree(from, to) {
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
      if (oldNode.nodeType === 1) carryHandlers(newNode, oldNode);
      return true;
    },
    beforeNodeAdded(node) {
      added.push(node);
      return true;
    },
    afterNodeAdded(node) {
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
  const old = root.firstElementChild;
  if (!old || shownKey.get(root) !== key || root.childNodes.length !== 1 || old.localName !== page.localName) {
    shownKey.set(root, key);
    root.replaceChildren(page);
    return page;
  }
  added.length = 0;
  try {
    Idiomorph.morph(root, page, CONFIG);
  } catch (err) {
    // a morph that fails must not leave the page half drawn
    console.error("morph failed", err);
    root.replaceChildren(page);
  }
  return root.firstElementChild;
}

/** A DOM id for an element that stands for `parts` in a game page ("gt-cw-3"): ids keep what
 * they stand for matched across updates (idiomorph); only letters, digits, - and _. */
export function morphId(...parts) {
  return parts.map((p) => String(p).replace(/[^A-Za-z0-9_-]/g, "_")).join("-");
}
