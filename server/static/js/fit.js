// The TV's stage fits its screen: every viewport from 1280x720 to 3840x2160 shows the whole
// game with no scrollbar. The page gives the stage a definite box (what is left below the
// header); the game's root is laid out at a "virtual" size and scaled into that box with a
// CSS transform, so a board drawn in fixed pixels keeps its proportions on any screen.
//
//  - A module that exports `fit = {width, height}` is drawn for that design size: the scale is
//    the largest that fits `width` x `height` in the box (up on a 4K TV, down on a laptop), and
//    the root gets the box's aspect ratio at that scale (so it is never narrower than `width`
//    nor lower than `height` virtual pixels).
//  - A module that exports `fit = {fills: true}` is laid out at the box's own size, at scale 1,
//    and fits its page to it itself (the Galèrapagos board: its page is the root's height and
//    clips, its own fit shrinks and folds until every panel fits): never shrunk, and nothing is
//    read after an update (issue 24: the content's height, read after every update's layout, was
//    always the box's).
//  - Any other module (the generic renderer) is laid out at the box's own size and only shrunk,
//    as little as it takes, when its content is taller than the box.
// The root's virtual size is in --fit-w/--fit-h and the scale in --fit (data-fit too).
//
// When (issue 24): a fit reads sizes, which forces the browser to lay the page out, so it runs
// when the fit's key changes (the page passes one: game, match, player count, end, language) or
// the box is resized, never per message. Between those, an update costs no layout read for a
// module with a design size or one that fills the box itself ({fills: true}), and one (the
// content's height, which the frame lays out anyway) for any other; the box's size comes from the ResizeObserver, and unchanged sizes are not
// written again (a write would undo the layout just made).
//
// The fitter is the one place that knows the box changed: when a fit gives the root another
// virtual size (a resized window, the final strip or the host's drawer, the first fit of a
// game), it calls `onResize()` once, after the root has its new size, and the page draws its
// module again (same payload): a module's own fit keys on the root's size (`stageSize(root)`),
// so it refits then, at once, and no module watches the stage itself.

import { pendingSheets } from "./dom.js";

// Inside a check's callback: a watch asked for then waits for the next frame (see afterLayout).
let delivering = 0;

/**
 * One check at a time, run once after the frame's own layout, where reading sizes costs no
 * layout of its own (issue 24). `watch(el, check)`: `check()` runs in the ResizeObserver callbacks
 * that follow the next layout of `el` (an element observed afresh gets one observation after
 * that layout, whether its size changed or not), before that frame paints: a check that finds
 * the content spilling fits it again in the frame that shows it (its writes are laid out once
 * more before the paint). A new watch replaces the last one not yet run; `el` is unobserved
 * before `check()` runs, so a check that resizes it leaves no notification undelivered.
 * Watched from inside a check (a refit that draws the page again), the element is observed in
 * the next animation frame: an element no deeper than the ones just delivered would wait until
 * then anyway, and the browser reports it as an error ("ResizeObserver loop completed with
 * undelivered notifications"). `cancel()` drops the pending check; `disconnect()` for good (a
 * game's memory disposed: the observer held its page).
 * Each update: `watch(page, () => { if (needsRefit(page)) refit(page); })`.
 */
export function afterLayout() {
  let target = null;
  let check = null;
  let later = 0;
  const observer = new ResizeObserver(() => {
    const run = check;
    cancel();
    if (!run) return;
    delivering++;
    try { run(); } finally { delivering--; }
  });
  function cancel() {
    cancelAnimationFrame(later);
    if (target) observer.unobserve(target);
    target = null;
    check = null;
  }
  return {
    watch(el, next) {
      cancel();
      if (!el) return;
      target = el;
      check = next;
      if (delivering) later = requestAnimationFrame(() => { if (target === el) observer.observe(el); });
      else observer.observe(el);
    },
    cancel,
    disconnect() { cancel(); observer.disconnect(); },
  };
}

/** The root's virtual size as the stage fitter last wrote it ("" before a fit): no layout read. */
export function stageSize(root) {
  return root.style.width ? `${root.style.width}x${root.style.height}` : "";
}

export function stageFitter(box, root, { onResize = null } = {}) {
  let design = null;
  let fills = false;      // the module fits its page to the box itself (fit = {fills: true})
  let frame = 0;
  let size = null;        // the box's {W, H}: read once, then kept by the ResizeObserver
  let key;                // the key of the last full fit (undefined: fit on every call)
  let scale = 1;          // the last scale found for content without a design size
  let tall = 0;           // the content's height at scale 1 when that scale was found (below 1)
  let shown = "";         // what set() last wrote

  function set(w, h, s) {
    const next = `${w}|${h}|${s}`;
    if (next === shown && root.style.width) return;
    shown = next;
    root.style.width = `${w}px`;
    root.style.height = `${h}px`;
    root.style.transform = Math.abs(s - 1) < 1e-3 ? "" : `scale(${s})`;
    root.style.transformOrigin = "0 0";
    root.style.setProperty("--fit", String(s));
    root.dataset.fit = s.toFixed(3);
  }

  function measure() {
    size = { W: box.clientWidth, H: box.clientHeight };
  }

  // full: search the scale again (a new key, a new box size); else keep the last scale while
  // the content still fits at it. Then the module hears of a new virtual size (onResize).
  function apply(full = true) {
    const was = stageSize(root);
    fitTo(full);
    if (onResize && stageSize(root) && stageSize(root) !== was) onResize();
  }

  function fitTo(full) {
    if (!size || !size.W || !size.H) measure();
    const { W, H } = size;
    if (!W || !H) return;
    if (design) {
      const s = Math.min(W / design.width, H / design.height);
      set(W / s, H / s, s);
      return;
    }
    if (fills) {
      scale = 1;
      set(W, H, 1);
      return;
    }
    // One read at scale 1, also for a kept scale below 1 (tried again on every update): content
    // that spilled before its stylesheet arrived, or a crowded moment that has passed, fits
    // again. Else a kept scale stands while the content is no taller at scale 1 than when the
    // scale was found (the wider box of a scale below 1 only makes it shorter); taller, or a
    // full fit, searches it again.
    set(W, H, 1);
    const now = root.scrollHeight;
    if (now <= H + 1) { scale = 1; return; }
    if (!full && scale < 1 && now <= tall + 1) { set(W / scale, H / scale, scale); return; }
    tall = now;
    // Content taller than the box: the largest scale at which it fits. A wider virtual box
    // reflows the content shorter, so search (a few layouts) rather than divide once.
    let lo = 0.3;
    let hi = 1;
    for (let i = 0; i < 7; i++) {
      const mid = (lo + hi) / 2;
      set(W / mid, H / mid, mid);
      if (root.scrollHeight <= H / mid + 1) lo = mid;
      else hi = mid;
    }
    scale = lo;
    set(W / lo, H / lo, lo);
    // Shrunk while a stylesheet is still coming (a game's CSS loads with its first page): the
    // content is tried at scale 1 again once it is in, without waiting for an update.
    for (const link of pendingSheets()) link.addEventListener("load", later, { once: true });
  }

  function later() {
    cancelAnimationFrame(frame);
    check.cancel();
    frame = requestAnimationFrame(() => apply(key === undefined));
  }

  // The same fit's one read (does the content still fit?) after the frame's own layout.
  const check = afterLayout();

  // After layout, where reading the box is free: a new size refits in the next frame.
  const observer = new ResizeObserver(() => {
    const W = box.clientWidth;
    const H = box.clientHeight;
    if (!W || !H || (size && size.W === W && size.H === H)) return;
    size = { W, H };
    cancelAnimationFrame(frame);
    check.cancel();
    frame = requestAnimationFrame(() => apply(true));
  });
  observer.observe(box);

  return {
    /**
     * After every render: the module's `fit` export (a design size, {fills: true}, or null) and
     * a fit key (e.g. game, match, player count, end, language); the scale is searched again
     * only when either changes.
     * Without a key every call is a full fit.
     */
    fit(fit, fitKey) {
      const next = fit && fit.width > 0 && fit.height > 0 ? { width: fit.width, height: fit.height } : null;
      const fill = Boolean(!next && fit && fit.fills);
      const same = fitKey !== undefined && fitKey === key && fill === fills
        && (next ? design && design.width === next.width && design.height === next.height : !design);
      design = next;
      fills = fill;
      key = fitKey;
      cancelAnimationFrame(frame);
      // The same fit: its one read (does the content still fit?) waits for the frame's own
      // layout, after every write of this update, so the update is laid out once and never
      // for the read (in the next animation frame, the read came before that layout and forced
      // it: issue 24).
      // (watched on the content, what the read measures: the box and the root are the page's
      // and the fitter's, each observed for its size alone)
      if (same && !design && !fills) {
        if (root.firstElementChild) check.watch(root.firstElementChild, () => apply(false));
        else frame = requestAnimationFrame(() => apply(false));
      }
      else { check.cancel(); apply(!same); }
    },
    reset() {
      cancelAnimationFrame(frame);
      check.cancel();
      design = null;
      fills = false;
      key = undefined;
      shown = "";
      scale = 1;
      tall = 0;
      for (const p of ["width", "height", "transform", "transformOrigin"]) root.style[p] = "";
      root.style.removeProperty("--fit");
      delete root.dataset.fit;
    },
    /** The box may have moved (the page's shell was redrawn): fit at the kept scale. */
    apply: () => apply(key === undefined),
  };
}

/**
 * A game module's own fit (sizes it measures on its page), run only when `key` changes: the
 * inline style and the classes the last fit gave the page are put back on each new page before
 * it is shown, so an update reads no layout (and a morph, morph.js, finds them unchanged and
 * writes nothing). `show()` puts the page in and returns the element now shown (the kept one
 * when the page was morphed into it); `fit(shown)` measures that one. `overflows(shown)`,
 * optional: one read after the frame's own layout (afterLayout: the layout the frame makes
 * anyway, so the read forces none); true refits, in that frame, before it paints. `memory` is
 * the module's per-game memory (gamekey.js): a rematch fits afresh; its watcher
 * (`memory.fitWatch`) observes the page shown: the module's dispose disconnects it.
 */
export function fitWhenNeeded(memory, key, page, show, fit, overflows = null) {
  const kept = memory.fitKept;
  const same = Boolean(kept) && kept.key === key;
  const own = new Set(page.classList);
  if (same) {
    page.style.cssText = kept.style;
    if (kept.classes.length) page.classList.add(...kept.classes);
  }
  page = show() || page;
  // A kept page lives on: only this update's refit may run when a stylesheet arrives.
  const turn = memory.fitTurn = (memory.fitTurn || 0) + 1;
  const refit = () => {
    fit(page);
    // A fit measured before a stylesheet arrived (a game's CSS loads with its first page) is
    // wrong: it is not kept, and the page fits again once the sheets are in.
    const pending = pendingSheets();
    if (pending.length) {
      memory.fitKept = null;
      for (const link of pending) link.addEventListener("load", () => { if (page.isConnected && memory.fitTurn === turn) refit(); }, { once: true });
      return;
    }
    memory.fitKept = { key, style: page.style.cssText, classes: [...page.classList].filter((c) => !own.has(c)) };
  };
  // A check an earlier update left is this update's no more: a new key has just fitted.
  if (memory.fitWatch) memory.fitWatch.cancel();
  if (!same) { refit(); return true; }
  // The check reads layout: after the frame's own, after every write of this update.
  if (overflows) {
    if (!memory.fitWatch) memory.fitWatch = afterLayout();
    memory.fitWatch.watch(page, () => { if (page.isConnected && memory.fitTurn === turn && overflows(page)) refit(); });
  }
  return false;
}
