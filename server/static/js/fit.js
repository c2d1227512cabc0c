// The TV's stage fits its screen: every viewport from 1280x720 to 3840x2160 shows the whole
// game with no scrollbar. The page gives the stage a definite box (what is left below the
// header); the game's root is laid out at a "virtual" size and scaled into that box with a
// CSS transform, so a board drawn in fixed pixels keeps its proportions on any screen.
//
//  - A module that exports `fit = {width, height}` is drawn for that design size: the scale is
//    the largest that fits `width` x `height` in the box (up on a 4K TV, down on a laptop), and
//    the root gets the box's aspect ratio at that scale (so it is never narrower than `width`
//    nor lower than `height` virtual pixels).
//  - Any other module (the generic renderer) is laid out at the box's own size and only shrunk,
//    as little as it takes, when its content is taller than the box.
// The root's virtual size is in --fit-w/--fit-h and the scale in --fit (data-fit too).

export function stageFitter(box, root) {
  let design = null;
  let frame = 0;

  function set(w, h, s) {
    root.style.width = `${w}px`;
    root.style.height = `${h}px`;
    root.style.transform = Math.abs(s - 1) < 1e-3 ? "" : `scale(${s})`;
    root.style.transformOrigin = "0 0";
    root.style.setProperty("--fit", String(s));
    root.dataset.fit = s.toFixed(3);
  }

  function apply() {
    const W = box.clientWidth;
    const H = box.clientHeight;
    if (!W || !H) return;
    if (design) {
      const s = Math.min(W / design.width, H / design.height);
      set(W / s, H / s, s);
      return;
    }
    set(W, H, 1);
    if (root.scrollHeight <= H + 1) return;
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
    set(W / lo, H / lo, lo);
  }

  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(apply);
  });
  observer.observe(box);

  return {
    /** After every render: the module's design size (or null) and a new fit. */
    fit(fit) {
      design = fit && fit.width > 0 && fit.height > 0 ? { width: fit.width, height: fit.height } : null;
      apply();
    },
    reset() {
      design = null;
      for (const p of ["width", "height", "transform", "transformOrigin"]) root.style[p] = "";
      root.style.removeProperty("--fit");
      delete root.dataset.fit;
    },
    apply,
  };
}
