// Tiny render helper. Everything goes through createElement/textContent: player names and
// every other string from the server are untrusted, so nothing here ever sets innerHTML.
//
// Handlers (`on<event>`) are not bound to the element directly: each element gets one stable
// listener per event type, which calls the handler its table holds now. A page updated by
// morphing (morph.js) keeps the old elements and gives them the new ones' tables
// (carryHandlers), so a click always runs the handler of the last render, with its fresh state,
// never a stale closure of an old one (issue 24).

const handlers = new WeakMap();   // element -> {type: handler} of the render that drew it

function dispatch(event) {
  const table = handlers.get(this);
  const fn = table && table[event.type];
  if (fn) return fn.call(this, event);
  return undefined;
}

/**
 * A dataset marking each of `all` (seats, slots) on or off for each mark: flags(all, {w: [3]})
 * -> {w0: "0", ..., w3: "1", ...}, seat by seat (w0, a0, w1, a1...). One attribute per seat and
 * mark, every one always there, for a panel whose CSS has a rule per seat (`[data-w3="1"]
 * .seat-3`): a style invalidation goes by the attribute's name, so a change for one seat
 * restyles that seat alone (one list attribute restyled them all); and seat by seat, so a page
 * morphed from one with fewer seats (their attributes added last) reads as one drawn afresh.
 */
export function flags(all, marks) {
  const out = {};
  for (const x of all) {
    for (const prefix in marks) out[`${prefix}${x}`] = marks[prefix].includes(x) ? "1" : "0";
  }
  return out;
}

/** el.on<type> = fn, through its table: setHandler(el, "click", fn) (fn null: none). */
export function setHandler(el, type, fn) {
  let table = handlers.get(el);
  if (!table) { table = {}; handlers.set(el, table); }
  if (fn) {
    table[type] = fn;
    el.addEventListener(type, dispatch);   // the same function: added once per type
  } else {
    delete table[type];
  }
}

/** The handlers of `from` (a freshly drawn element) become those of `to` (the one kept). */
export function carryHandlers(from, to) {
  const table = handlers.get(from);
  if (table) {
    // `to` listens already for each type of the table it had (a listener is never removed):
    // only a new type is added, not every type of every kept element on every update
    const had = handlers.get(to);
    for (const type in table) if (!had || !(type in had)) to.addEventListener(type, dispatch);
    handlers.set(to, table);
  } else if (handlers.has(to)) {
    handlers.delete(to);
  }
}

/**
 * h("button", {class: "big", onclick: fn, disabled: true, dataset: {id: "p1"}}, "Text", child)
 * - attrs: `class` (string or array; falsy entries dropped), `style` (object), `dataset`,
 *   `on<event>` (function), `text` (textContent), boolean attributes (true/false),
 *   anything else becomes an attribute (null/undefined/false skipped).
 * - children: strings/numbers (text nodes), Nodes, arrays (flattened), null/false (skipped).
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    // (for...in, not Object.entries: no array of pairs made per element drawn, issue 24)
    for (const key in attrs) {
      const value = attrs[key];
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") {
        el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
      } else if (key === "style" && typeof value === "object") {
        for (const prop in value) {
          const v = value[prop];
          if (prop.startsWith("--")) el.style.setProperty(prop, v);
          else el.style[prop] = v;
        }
      } else if (key === "dataset") {
        for (const k in value) {
          const name = dataName(k);
          if (name) el.setAttribute(name, value[k]);
          else el.dataset[k] = value[k];
        }
      } else if (key === "text") {
        el.textContent = String(value);
      } else if (key.startsWith("on") && typeof value === "function") {
        setHandler(el, key.slice(2), value);
      } else if (key === "value" && "value" in el) {
        // the attribute too: a morph gives a kept input the new element's value attribute
        if (el instanceof HTMLInputElement) el.setAttribute("value", String(value));
        el.value = value;
      } else if (key === "checked" || key === "selected") {
        el[key] = Boolean(value);
      } else if (value === true) {
        el.setAttribute(key, "");
      } else {
        el.setAttribute(key, String(value));
      }
    }
  }
  append(el, children);
  return el;
}

// A dataset key's attribute name ("seatNo" -> "data-seat-no"), worked out once per key: a page
// sets dozens per update (dom.js flags: a seat's marks), and el.dataset's setter, an interceptor
// that checks and converts the name on every call, cost several times a setAttribute. null: a
// key with a "-" or another character the fast path does not convert, left to el.dataset (its
// SyntaxError included).
const dataNames = new Map();

function dataName(key) {
  let name = dataNames.get(key);
  if (name === undefined) {
    name = /^[A-Za-z0-9_]*$/.test(key) ? `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : null;
    dataNames.set(key, name);
  }
  return name;
}

function append(el, children) {
  for (const child of children) {
    if (typeof child === "string") el.appendChild(document.createTextNode(child));
    else if (child === null || child === undefined || child === false || child === true) continue;
    else if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace every child of `el` with `children` (same rules as h). A node that had the focus
 * and is among the new children again (the phone's stage inside a new page shell, a form built
 * once and kept) keeps it: taking a node out of the page drops its focus. */
export function mount(el, ...children) {
  return keepFocus(el, () => {
    el.replaceChildren();
    append(el, children);
  });
}

/** Runs `change` (which rebuilds or rearranges `el`'s content); the element that had the focus
 * inside `el` has it again if it is still in the page. Returns `el`. */
export function keepFocus(el, change) {
  const active = document.activeElement;
  const had = active && active !== document.body && el.contains(active);
  change();
  if (had && active.isConnected && document.activeElement !== active) active.focus({ preventScroll: true });
  return el;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

/** Black or white text, whichever reads better on `hex` (e.g. "#e6194b"). */
export function inkOn(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(String(hex || ""));
  if (!m) return "#fff";
  const n = parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.33 ? "#10202e" : "#ffffff";
}

/** "negotiation_seconds" -> "Negotiation seconds"; "placeBoats" -> "Place boats". */
export function humanize(key) {
  const s = String(key).replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim();
  return s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s;
}

const SVGNS = "http://www.w3.org/2000/svg";

/** An SVG element: s("path", {d: "M0,0 L1,1"}, ...children); attributes as they are,
 * `on<event>` functions as in h(). */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVGNS, tag);
  for (const k in attrs) {
    const v = attrs[k];
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") setHandler(el, k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

/** The page's stylesheets still loading (a game's CSS comes with its first page): a size measured
 * before they are in is measured again when each fires `load` (fit.js, fittext.js). */
export function pendingSheets() {
  return [...document.querySelectorAll("link[rel=stylesheet]")].filter((l) => !l.sheet);
}

/** Load a stylesheet (e.g. one next to a module: new URL("./x.css", import.meta.url)) once. */
export function ensureCss(url) {
  const href = String(url);
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href === href)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.append(link);
}
