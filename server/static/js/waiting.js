// "Waiting for Bruno and Emma": who the game waits for, in words, shared by every TV game
// module (and any page that needs the sentence). Names are joined by Intl.ListFormat in the
// page's language; when most of a vote or window is in, the sentence turns round ("Everyone
// has voted but Chloé"). A countdown, when one runs, is shown beside it and ticks by itself.
//
//   waitingSentence(names, { lang, total, kind }) -> string
//   waitingBanner({ who: [{name, colour, key}] or [string], lang, total, kind, deadline, testid })
//     -> Element (big type; null when nobody is waited for); `key`, an id (morph.js morphId)
//     each of several names carries, so one name leaving keeps the others' nodes; made of
//   waitingNames(who) -> [Element], waitingWords(nodes, { lang, total, kind }) -> the sentence
//     with nodes in the names' place, and waitingBox(names, { lang, total, kind, testid,
//     dataset }, ...children) -> the banner's box: a game may build its words its own way,
//     and waitingClock({ lang, testid }) -> its countdown (its `.wf-secs` a ticker's)
//   waitingFlagged({ seats, all, person, key, opts, part, id }) -> { words, dataset }: a TV's
//     banner words as a page part, one name shown among every name by a data-wf<seat> flag
//   listNodes(items, lang) -> [Node|string]: items (nodes or strings) joined as a sentence list
//   ticker(root, deadline, selector, format, { urgent }) -> stop(): paints the seconds left
//     (as format(seconds) says) into every element under root matching selector, until the
//     deadline; with `urgent`, the class "urgent" marks the last `urgent` seconds
//   minutesSeconds(seconds) -> "1:05", a ticker's format
//   secondsLeft(deadline) -> the whole seconds a ticker paints
import { h, ensureCss } from "./dom.js";

ensureCss(new URL("../css/moments.css", import.meta.url));

// kind: "turn" (someone must act), "vote" (a secret ballot), "ready" (a window: "done").
const STRINGS = {
  en: {
    turn: "Waiting for {names}",
    vote: "Waiting for {names} to vote",
    ready: "Waiting for {names}",
    "but.vote": "Everyone has voted but {names}",
    "but.ready": "Everyone is done but {names}",
    "but.turn": "Everyone has played but {names}",
    closes: "closes in {n} s",
    nobody: "Nobody to wait for",
  },
  fr: {
    turn: "On attend {names}",
    vote: "On attend le vote de {names}",
    ready: "On attend {names}",
    "but.vote": "Tout le monde a voté sauf {names}",
    "but.ready": "Tout le monde a fini sauf {names}",
    "but.turn": "Tout le monde a joué sauf {names}",
    closes: "fermeture dans {n} s",
    nobody: "On n'attend personne",
  },
};

function text(lang, key) {
  return (STRINGS[lang] || STRINGS.en)[key] || STRINGS.en[key];
}

const listFormats = {};   // one Intl.ListFormat per language (making one costs more than using it)
function listFormat(lang) {
  const code = lang === "fr" ? "fr" : "en";
  if (!(code in listFormats)) {
    try { listFormats[code] = new Intl.ListFormat(code, { style: "long", type: "conjunction" }); } catch (_) { listFormats[code] = null; }
  }
  return listFormats[code];
}

// A list's shape in a language, by its length: its parts in order, each an item's index or a
// literal (", ", " and "). Intl's formatToParts costs about 60 us for a dozen names, and a banner
// asked it twice per build (its words and its ARIA label) on most updates of every TV (issue 24);
// the words between the items depend only on the language and how many there are.
const listShapes = new Map();
function listShape(fmt, code, count) {
  const key = `${code}|${count}`;
  let shape = listShapes.get(key);
  if (!shape) {
    const keys = [];
    for (let i = 0; i < count; i++) keys.push(`\u0001${i}\u0002`);
    shape = fmt.formatToParts(keys).map((p) => (p.type === "element" ? Number(p.value.slice(1, -1)) : p.value));
    listShapes.set(key, shape);
  }
  return shape;
}

/** items (nodes or strings) joined as "A, B and C" in the language, as a list of parts. */
export function listNodes(items, lang) {
  const fmt = listFormat(lang);
  if (!fmt || !fmt.formatToParts) {
    const out = [];
    items.forEach((x, i) => { if (i) out.push(i === items.length - 1 ? (lang === "fr" ? " et " : " and ") : ", "); out.push(x); });
    return out;
  }
  return listShape(fmt, lang === "fr" ? "fr" : "en", items.length).map((p) => (typeof p === "number" ? items[p] : p));
}

function sentenceKey(count, { total, kind }) {
  // "Everyone has voted but Chloé": once most of a group of three or more is in.
  if (total && total >= 3 && count > 0 && count <= total / 2 && count < total) return `but.${kind || "turn"}`;
  return kind || "turn";
}

/** The sentence as plain text (an ARIA label, a phone line, a test). */
export function waitingSentence(names, { lang = "en", total = 0, kind = "turn" } = {}) {
  if (!names.length) return text(lang, "nobody");
  const list = listNodes(names.map(String), lang).join("");
  return text(lang, sentenceKey(names.length, { total, kind })).replace("{names}", list);
}

/** The banner: the sentence in big type, the names in their colours, and the countdown. */
export function waitingBanner({ who = [], lang = "en", total = 0, kind = "turn", deadline = null, testid = "waiting-for" } = {}) {
  if (!who.length) return null;
  const people = who.map((p) => (typeof p === "string" ? { name: p } : p));
  const opts = { lang, total, kind, testid };
  return waitingBox(people.map((p) => p.name), opts, waitingWords(waitingNames(people), opts),
    deadline ? waitingClock({ lang, testid }) : null);
}

/**
 * A TV's banner words as a page part, with the flags that show them (issue 24): one player
 * waited for (a turn: most updates), the words hold every player's name and the banner's
 * `data-wf<seat>` "1" shows that one's (css/moments.css; only that flag is written), so the
 * turn passing on writes two attributes and builds no words; the one node standing for the name makes them the one-name
 * sentence, in either language. Several waited for (a vote, a window): the names with their
 * commas and "and", built when the list changes (which names remain decides them), each
 * keyed by `key(seat)` (one leaving keeps the others' nodes). `part` is the page's
 * (morph.js pageParts), `id` the part's; `all` every seat in the game; `person(seat)` ->
 * {name, colour}. Returns {words, dataset}: the words and the flags for waitingBox.
 */
export function waitingFlagged({ seats, all, person, key, opts, part, id }) {
  const one = seats.length === 1;
  const words = part(id, one ? [opts.kind, opts.total, 1] : [opts.kind, opts.total, seats], () => {
    if (!one) return waitingWords(waitingNames(seats.map((x) => ({ ...person(x), key: key(x) }))), opts);
    return waitingWords([h("span", { class: "wf-who" }, all.map((x) => {
      const p = person(x);
      // (its class, wf-n<seat>, is what a flag's rule shows: that name; a style invalidation
      // goes by a rule's last class, so a flag restyles one name, not all of them)
      return h("b", { class: ["wf-name", `wf-n${x}`], style: { "--wf-c": p.colour } }, p.name);
    }))], opts);
  });
  // (only the one flag set: the rules read "1" alone, and a turn passing on then writes two
  // attributes, not one per player)
  return { words, dataset: one ? { [`wf${seats[0]}`]: "1" } : {} };
}

/** A banner's countdown ("closes in 12 s"): its seconds, `.wf-secs`, are a ticker's to paint. */
export function waitingClock({ lang = "en", testid = "waiting-for" } = {}) {
  const [before, after] = text(lang, "closes").split("{n}");
  return h("span", { class: "wf-clock", "data-testid": `${testid}-clock` }, before, h("b", { class: "wf-secs" }), after || "");
}

/** The names of a banner ([{name, colour, key}] or [string]), each in its colour. */
export function waitingNames(who) {
  const people = who.map((p) => (typeof p === "string" ? { name: p } : p));
  // Of several names, each by its key (its player's morphId): when one votes or is ready, a morph
  // removes that name and keeps the others as they are. One name alone has none: the turn
  // passing on rewrites its text and colour in place (morph.js), with no idiomorph call.
  const keyed = people.length > 1;
  return people.map((p) => {
    const el = h("b", { class: "wf-name", style: p.colour ? { "--wf-c": p.colour } : null }, p.name);
    if (keyed && p.key) {
      // the id after the style, which Chromium writes into the attributes when it is read: a
      // name that gets its id in a morph has them in that order, and reads as drawn afresh
      void el.getAttribute("style");
      el.id = p.key;
    }
    return el;
  });
}

/** A banner's words: the sentence for as many names as `nodes` (its grammar in `lang`), with
 * `nodes` in the names' place. A game may hand its own nodes for the names (one node standing
 * for one name: its sentence is the one-name sentence). */
export function waitingWords(nodes, { lang = "en", total = 0, kind = "turn" } = {}) {
  const [before, after] = text(lang, sentenceKey(nodes.length, { total, kind })).split("{names}");
  return h("span", { class: "wf-text" }, before, listNodes(nodes, lang), after);
}

/** A banner's box for `names` (its size by how many, its ARIA label the whole sentence), holding
 * `children` (its words, a countdown); `dataset`: more data-* attributes. */
export function waitingBox(names, { lang = "en", total = 0, kind = "turn", testid = "waiting-for", dataset = {} } = {}, ...children) {
  const size = names.length > 8 ? "wf-many" : names.length > 4 ? "wf-some" : "";
  return h("div", {
    class: ["wf-banner", size], "data-testid": testid, role: "status",
    "aria-label": waitingSentence(names, { lang, total, kind }),
    dataset: { count: String(names.length), ...dataset },
  }, children);
}

/** Seconds as a clock's minutes and seconds ("1:05"): a ticker's format for longer countdowns. */
export const minutesSeconds = (left) => `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;

/** Whole seconds left until `deadline` (epoch ms), never below 0: what a ticker paints. */
export const secondsLeft = (deadline) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/** Paints the seconds left until `deadline` into root's `selector` elements; returns stop(). */
export function ticker(root, deadline, selector = ".wf-secs", format = (left) => String(left), { urgent = null } = {}) {
  const els = [...root.querySelectorAll(selector)];
  if (!els.length || !deadline) return () => {};
  let timer = null;
  let stopped = false;
  const stop = () => { stopped = true; clearTimeout(timer); timer = null; };
  const paint = () => {
    const left = secondsLeft(deadline);
    const text = format(left);
    // written only when the second changes
    for (const el of els) {
      if (el.textContent !== text) el.textContent = text;
      if (el.dataset.seconds !== String(left)) el.dataset.seconds = String(left);
      if (urgent !== null) el.classList.toggle("urgent", left <= urgent);
    }
    // Woken when the whole seconds change, a few ms after (a timer never fires early, often
    // late): one task a second. A 250 ms interval woke the page four times a second for one
    // write, and on a throttled TV stick or phone each task costs more than its own work
    // (issue 24). A deadline passed is painted once: no timer left waking the page for nothing.
    const rest = deadline - Date.now();
    if (left <= 0 || rest <= 0) stop();
    else if (!stopped) timer = setTimeout(paint, rest - (Math.ceil(rest / 1000) - 1) * 1000 + TICK_MARGIN_MS);
  };
  paint();
  return stop;
}

// after the second changes: the timer's lateness only ever shows the new second later
const TICK_MARGIN_MS = 15;
