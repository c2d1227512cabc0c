// The vote wheel, shared by every game that votes on a phone (Lifeboats, Galèrapagos).
// One sector per choice; turned by dragging it or tapping a sector, or stepped with the two
// buttons under it. The wheel keeps no state: the caller holds the selected index and redraws
// when `onSelect(i)` is called, so a new `game` payload never loses the player's pick.
//
//   voteWheel({
//     choices: [{ id, fill, ink, icon: () => SVGElement (drawn in a 20x20 box centred on 0),
//                 label: "text on the sector", chip: Node shown under the wheel }],
//     index, onSelect(i), prefix: "lb" (test ids: <prefix>-wheel, <prefix>-sector-<id>,
//     <prefix>-wheel-selected, <prefix>-wheel-prev/next), center: Node (over the hub) })
//   -> Element (the wheel and its step buttons; the confirm button is the game's)
//
// A wheel never starts on the voter (startIndex), and the game asks before a vote for oneself.
import { h, s, ensureCss as addCss } from "./dom.js";

function ensureCss() { addCss(new URL("../css/wheel.css", import.meta.url)); }

const R = 150;
const drags = new WeakMap();   // the wheel's svg -> the drag under way on it
const TOP = 172;      // the viewBox's top margin above the centre (room for the pointer)
const HEIGHT = 332;

/** Where a wheel of `ids` starts for the voter `self`: the first choice that is not the voter
 * (a vote for oneself is never one tap away), or 0 when every choice is. */
export function startIndex(ids, self) {
  const i = ids.findIndex((id) => String(id) !== String(self));
  return i >= 0 ? i : 0;
}

export function voteWheel({ choices, index = 0, onSelect, prefix = "vw", center = null, labelSize = 15 }) {
  ensureCss();
  const n = choices.length;
  const step = 360 / Math.max(1, n);
  const idx = index >= 0 && index < n ? index : 0;
  const sector = (i) => {
    const a0 = ((i - 0.5) * step - 90) * Math.PI / 180;
    const a1 = ((i + 0.5) * step - 90) * Math.PI / 180;
    const large = step > 180 ? 1 : 0;
    return `M0,0 L${R * Math.cos(a0)},${R * Math.sin(a0)} A${R},${R} 0 ${large},1 ${R * Math.cos(a1)},${R * Math.sin(a1)} Z`;
  };
  // The wheel turns to a new pick at once, as when it was drawn anew on every update (a page
  // morphed by an update, morph.js, keeps this node: its transition would turn it slowly).
  const g = s("g", { class: "vw-rot", style: `transform: rotate(${-idx * step}deg); transition: none` });
  // Many sectors: smaller icons and labels, further out, so names still fit.
  const crowd = n > 10 ? 0.62 : n > 8 ? 0.72 : 1;
  choices.forEach((c, i) => {
    const mid = (i * step - 90) * Math.PI / 180;
    const dist = n > 8 ? 108 : 98;
    const cx = dist * Math.cos(mid);
    const cy = dist * Math.sin(mid);
    const sec = s("g", { class: `vw-sector${i === idx ? " sel" : ""}`, "data-choice": String(c.id),
                         "data-testid": `${prefix}-sector-${c.id}` },
      s("path", { d: n === 1 ? `M0,-${R} A${R},${R} 0 1,1 -0.01,-${R} Z` : sector(i), fill: c.fill,
                  class: "vw-face" }),
      s("g", { transform: `translate(${cx},${cy}) rotate(${i * step})` },
        s("g", { transform: `scale(${1.9 * crowd})`, color: c.ink }, c.icon ? c.icon() : null),
        s("text", { y: 34 * crowd, "text-anchor": "middle", fill: c.ink, "font-size": labelSize * crowd,
                    "font-weight": 700 }, c.label)));
    g.append(sec);
  });
  // Drag to turn; a short touch on a sector turns that sector to the pointer. The handlers go
  // through s() (dom.js): a page morphed by an update keeps this svg and runs the handlers of
  // the last drawing; a drag under way lives on the svg itself, so an update does not end it.
  // They touch the svg in the page (ev.currentTarget), never this drawing's nodes.
  const rotor = (svg) => svg.querySelector(".vw-rot");
  const angleOf = (svg, ev) => {
    const r = svg.getBoundingClientRect();
    return Math.atan2(ev.clientY - (r.top + r.height * TOP / HEIGHT), ev.clientX - (r.left + r.width / 2)) * 180 / Math.PI;
  };
  const end = (ev) => {
    const svg = ev.currentTarget;
    const d = drags.get(svg);
    if (!d) return;
    drags.delete(svg);
    if (d.moved < 6) {
      const secEl = d.target && d.target.closest && d.target.closest(".vw-sector");
      const i = secEl ? choices.findIndex((c) => String(c.id) === secEl.getAttribute("data-choice")) : -1;
      onSelect(i >= 0 ? i : idx);
    } else {
      onSelect(((Math.round(-d.rot / step) % n) + n) % n);
    }
  };
  const svg = s("svg", {
    class: "vw-wheel", viewBox: `-160 -${TOP} 320 ${HEIGHT}`, "data-testid": `${prefix}-wheel`,
    onpointerdown: (ev) => {
      const el = ev.currentTarget;
      drags.set(el, { a0: angleOf(el, ev), base: -idx * step, moved: 0, target: ev.target });
      if (el.setPointerCapture) el.setPointerCapture(ev.pointerId);
      rotor(el).style.transition = "none";
    },
    onpointermove: (ev) => {
      const el = ev.currentTarget;
      const drag = drags.get(el);
      if (!drag) return;
      let d = angleOf(el, ev) - drag.a0;
      if (d > 180) d -= 360;
      if (d < -180) d += 360;
      drag.moved = Math.max(drag.moved, Math.abs(d));
      drag.rot = drag.base + d;
      rotor(el).style.transform = `rotate(${drag.rot}deg)`;
    },
    onpointerup: end,
    onpointercancel: end,
  },
  g,
  s("circle", { r: 42, class: "vw-hub" }),
  s("path", { d: "M-16,-170 L16,-170 L0,-140 Z", class: "vw-pointer" }));

  const sel = choices[idx];
  return h("div", { class: "vw" },
    h("div", { class: "vw-wrap" }, svg, center ? h("div", { class: "vw-center" }, center) : null),
    h("div", { class: "vw-steps" },
      h("button", { class: "vw-turn", type: "button", "aria-label": "◀", "data-testid": `${prefix}-wheel-prev`,
                    onclick: () => onSelect((idx + n - 1) % n) }, "◀"),
      h("div", { class: "vw-selected", "data-testid": `${prefix}-wheel-selected`, dataset: { choice: String(sel.id) } },
        sel.chip || sel.label),
      h("button", { class: "vw-turn", type: "button", "aria-label": "▶", "data-testid": `${prefix}-wheel-next`,
                    onclick: () => onSelect((idx + 1) % n) }, "▶")));
}
