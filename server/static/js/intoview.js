// A phone's new decision comes into view below the page's sticky header (the three games' phone
// modules). The page's geometry is read after the frame that shows the update, when its layout
// is done anyway, never right after the morph (issue 24: a read there forced a layout of the
// page inside the update's script, on the updates that bring a new decision).
//
//   bringIntoView(root, selector, { above = 0, lowest = 0.5, smooth = true })
//     after the next frame: if root's element `selector` starts above the header, or lower than
//     `lowest` of the window's height, the window scrolls it to just under the header, `above`
//     pixels of what precedes it still shown.

export function bringIntoView(root, selector, { above = 0, lowest = 0.5, smooth = true } = {}) {
  requestAnimationFrame(() => setTimeout(() => {
    const el = root.querySelector(selector);
    if (!el || !el.isConnected) return;
    const top = el.getBoundingClientRect().top;
    const header = document.querySelector(".topbar");
    const offset = header ? header.getBoundingClientRect().height + 8 : 8;
    if (top < offset || top > window.innerHeight * lowest) {
      window.scrollTo({ top: Math.max(0, top + window.scrollY - offset - above), behavior: smooth ? "smooth" : "auto" });
    }
  }, 0));
}
