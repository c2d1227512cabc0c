// A phone's new decision comes into view below the page's sticky header (the three games' phone
// modules share it). Called right after the update is shown, the read lays the page out then,
// the one layout of that update (the frame finds it done). The Lifeboats phone calls it from
// `fit.js` `afterLayout` instead: in the same frame, after that frame's own layout and before
// it paints, so the update itself reads no size (issue 24). Deferring it to a later frame was
// tried and left out: a scroll starting a frame late moved a button under a tap.
//
//   bringIntoView(root, selector, { above = 0, lowest = 0.5, smooth = true })
//     if root's element `selector` starts above the header, or lower than `lowest` of the
//     window's height, the window scrolls it to just under the header, `above` pixels of what
//     precedes it still shown. Smoothly, unless the phone asks for reduced motion.

export function bringIntoView(root, selector, { above = 0, lowest = 0.5, smooth = true } = {}) {
  const el = root.querySelector(selector);
  if (!el) return;
  const top = el.getBoundingClientRect().top;
  const header = document.querySelector(".topbar");
  const offset = header ? header.getBoundingClientRect().height + 8 : 8;
  if (top < offset || top > window.innerHeight * lowest) {
    window.scrollTo({ top: Math.max(0, top + window.scrollY - offset - above), behavior: smooth && !reducedMotion() ? "smooth" : "auto" });
  }
}

function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}
