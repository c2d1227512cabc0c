// Words are never cut: a label too wide for its box (a name on a narrow tile) is drawn smaller
// until it fits, down to a floor, instead of being clipped with an ellipsis (issue 19.6).
//   fitText(elements, {min})          : fit these elements now (they are in the page)
//   fitWithin(root, selector, {min, watch}) : fit root's matching elements now, on the next
//        frame, and (watch, the default: for a root that lives on) whenever root changes size
//        (a module's stylesheet arriving, a rotation); watch: false for a root drawn anew

export function fitText(elements, { min = 8 } = {}) {
  for (const el of elements) {
    if (!el.isConnected || el.clientWidth === 0) continue;
    el.style.fontSize = "";
    let size = parseFloat(getComputedStyle(el).fontSize);
    while (el.scrollWidth > el.clientWidth + 0.5 && size > min) {
      size = Math.max(min, size - 0.5);
      el.style.fontSize = `${size}px`;
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
