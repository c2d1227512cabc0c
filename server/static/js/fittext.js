// Words are never cut: a label too wide for its box (a name on a narrow tile) is drawn smaller
// until it fits, down to a floor, instead of being clipped with an ellipsis (issue 19.6).
//   fitText(elements, {min})          : fit these elements now (they are in the page)
//   fitWithin(root, selector, {min, watch}) : fit root's matching elements now, on the next
//        frame, and (watch, the default: for a root that lives on) whenever root changes size
//        (a module's stylesheet arriving, a rotation); watch: false for a root drawn anew

// Writes first, then reads (issue 24): every label's size is reset, then one layout tells which
// overflow, and only those are shrunk. Reset-and-measure per label laid the page out once per
// label (a Lifeboat phone: 94 layouts per update).
export function fitText(elements, { min = 8 } = {}) {
  const els = [...elements].filter((el) => el.isConnected);
  for (const el of els) if (el.style.fontSize) el.style.fontSize = "";
  const over = els.filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 0.5)
    .map((el) => ({ el, size: parseFloat(getComputedStyle(el).fontSize), ratio: el.clientWidth / el.scrollWidth }));
  // A first guess for all (text width is about proportional to its size), then half pixels off
  // the few still too wide.
  for (const o of over) {
    o.size = Math.max(min, Math.floor(o.size * o.ratio * 2) / 2);
    o.el.style.fontSize = `${o.size}px`;
  }
  for (const o of over) {
    while (o.el.scrollWidth > o.el.clientWidth + 0.5 && o.size > min) {
      o.size = Math.max(min, o.size - 0.5);
      o.el.style.fontSize = `${o.size}px`;
    }
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
