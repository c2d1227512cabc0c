// Words are never cut: a label too wide for its box (a name on a narrow tile) is drawn smaller
// until it fits, down to a floor, instead of being clipped with an ellipsis (issue 19.6).
//   fitText(elements, {min})          : fit these elements now (they are in the page)
//   fitWithin(root, selector, {min, watch}) : fit root's matching elements now, on the next
//        frame, and (watch, the default: for a root that lives on) whenever root changes size
//        (a module's stylesheet arriving, a rotation); watch: false for a root drawn anew

// Writes first, then reads (issue 24): every label's size is reset, then one layout tells which
// overflow, and only those are shrunk. Reset-and-measure per label laid the page out once per
// label (a Lifeboat phone: 94 layouts per update); a label shrunk half a pixel at a time, alone,
// laid it out once per step. Now every round measures all the labels still too wide (one
// layout), then shrinks them all.

import { pendingSheets } from "./dom.js";

const tooWide = (el) => el.scrollWidth > el.clientWidth + 0.5;

export function fitText(elements, { min = 8 } = {}) {
  const els = [...elements].filter((el) => el.isConnected);
  for (const el of els) if (el.style.fontSize) el.style.fontSize = "";
  let over = els.filter((el) => el.clientWidth > 0 && tooWide(el))
    .map((el) => ({ el, size: parseFloat(getComputedStyle(el).fontSize), ratio: el.clientWidth / el.scrollWidth }));
  // A first guess for all (text width is about proportional to its size), then half pixels off
  // the few still too wide, all of them each round.
  for (const o of over) o.size = Math.max(min, Math.floor(o.size * o.ratio * 2) / 2);
  while (over.length) {
    for (const o of over) o.el.style.fontSize = `${o.size}px`;
    over = over.filter((o) => o.size > min && tooWide(o.el));
    for (const o of over) o.size = Math.max(min, o.size - 0.5);
  }
}

const watched = new WeakMap();   // root -> {selector, opts}

export function fitWithin(root, selector, opts = {}) {
  const fit = () => fitText(root.querySelectorAll(selector), opts);
  if (opts.watch !== false && !watched.has(root) && typeof ResizeObserver !== "undefined") {
    new ResizeObserver(() => { const w = watched.get(root); fitText(root.querySelectorAll(w.selector), w.opts); }).observe(root);
  }
  watched.set(root, { selector, opts });
  fit();
  requestAnimationFrame(fit);
}

/**
 * A label fitter that remembers its fits, for a page drawn anew on every update (issue 24: a
 * Lifeboat phone refitted every label of every update, 5 layouts per update). A label's fit is
 * known by its text and its place: its classes, its parent's and grandparent's (a tile's state,
 * its row) and how many share that row, the root's width and the language.
 *   const fitter = labelFitter(selector, {min})
 *   fitter.dress(tree)   before the drawn tree is shown: every label whose fit is known gets
 *                        its size, with no read (a morph then finds nothing to change)
 *   fitter.fit(root)     after: only labels never seen are measured (one batch: fitText) and
 *                        remembered; when every label is known, it reads nothing. Watches root:
 *                        a new width (a rotation) fits again; so does a stylesheet arriving
 *                        (what was measured without it is not remembered).
 */
export function labelFitter(selector, { min = 8, limit = 2000 } = {}) {
  const fits = new Map();       // key -> font size ("" for a label that fits as drawn)
  const watched = new WeakSet();
  let width = null;             // root's clientWidth when last measured
  let unsure = false;           // measured before the stylesheets applied
  let retries = 0;
  const keyOf = (el) => {
    const parent = el.parentElement;
    const grand = parent && parent.parentElement;
    return [width, document.documentElement.lang, el.localName, el.className, parent && parent.className,
      grand && grand.className, grand && grand.childElementCount, el.textContent].join("\u0001");
  };

  function dress(tree) {
    if (width === null) return;
    for (const el of tree.querySelectorAll(selector)) {
      const size = fits.get(keyOf(el));
      if (size) el.style.fontSize = size;
    }
  }

  function fit(root) {
    watch(root);
    const els = [...root.querySelectorAll(selector)];
    let keys = els.map(keyOf);
    if (!unsure && keys.every((k) => fits.has(k))) {
      els.forEach((el, i) => { const size = fits.get(keys[i]); if (el.style.fontSize !== size) el.style.fontSize = size; });
      return;
    }
    const w = root.clientWidth;       // a measure is due anyway: this is its layout
    if (w !== width) { width = w; keys = els.map(keyOf); }
    const todo = [];
    els.forEach((el, i) => {
      if (!unsure && fits.has(keys[i])) el.style.fontSize = fits.get(keys[i]);
      else todo.push(i);
    });
    fitText(todo.map((i) => els[i]), { min });
    // Not remembered: what was measured off the page (no width: the observer fits again once
    // it has one) or before its stylesheets applied (a label not yet a box, or a stylesheet
    // still loading: fitted again on the next frame, and when it comes).
    const loading = pendingSheets();
    // (a label with no box but some line boxes: its stylesheet has not made it a block yet;
    // a hidden one has neither, and is only not remembered)
    const boxless = todo.filter((i) => els[i].clientWidth === 0);
    unsure = !w || loading.length > 0 || boxless.some((i) => els[i].getClientRects().length > 0);
    for (const link of loading) link.addEventListener("load", () => fit(root), { once: true });
    if (unsure) {
      if (retries++ < 30) requestAnimationFrame(() => { if (unsure && root.isConnected) fit(root); });
      return;
    }
    retries = 0;
    if (fits.size + todo.length > limit) fits.clear();
    for (const i of todo) if (!boxless.includes(i)) fits.set(keys[i], els[i].style.fontSize);
  }

  function watch(root) {
    if (watched.has(root) || typeof ResizeObserver === "undefined") return;
    watched.add(root);
    // Called after the frame's layout: reading the width costs nothing then, and only a new
    // width (not the page growing taller) fits again.
    new ResizeObserver(() => { if (root.isConnected && root.clientWidth !== width) fit(root); }).observe(root);
  }

  return { dress, fit };
}
