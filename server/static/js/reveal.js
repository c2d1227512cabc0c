// The reveal: a secret that becomes public at once (a ballot, a fight, a navigation card, the
// end of a game) takes the TV's whole screen for a few seconds. The votes turn over one at a
// time (voter → choice, large, in the players' colours), the tally builds, then the outcome in
// the largest type on the page, with the sound cue. Shared by every TV game module.
//
// The game never waits for it: it is drawn over the page (on <body>, outside the game's
// stage), the board keeps updating under it, phones act on. It plays once per reveal: a game
// module offers, with every game payload, the reveal records its view(None) holds, each with
// a key; the first payload a page sees of a game only marks them as seen (a TV that reloads
// mid-reveal shows the board), and a key already seen never plays again (a language change,
// a reload, a rematch); a new game ends the last one's reveals. The host (anyone at the TV)
// can skip it: its button, or Escape.
// Clicks elsewhere pass through to the page under it.
// A screen reader hears the outcome as one sentence (a live region).
//
//   offerReveals(gameKey, [{ key, build: () => spec }], { seconds, lang })
//   spec = { title, votes: [{ who: {name, colour} | Node | string, choice: Node | string,
//            note?: string }], tally: [{ label: Node | string, n, win? }], outcome: Node | string,
//            details: [Node | string], sentence: "one sentence for a screen reader",
//            cue: "reveal" | "sink" | "land" | "end", kind: "vote" | "fight" | ... }
//   revealTiming(votes, seconds) -> { step, hold, total } (ms)
//   skipReveal(), revealState() (tests: {playing, key, queued})
import { gameKey } from "./gamekey.js";
import { h, ensureCss } from "./dom.js";
import { cue } from "./sound.js";

ensureCss(new URL("../css/moments.css", import.meta.url));

const STRINGS = {
  en: { skip: "Skip", reveal: "Reveal", tally: "Count" },
  fr: { skip: "Passer", reveal: "Révélation", tally: "Décompte" },
};

const DEFAULT_SECONDS = 8;
const PER_VOTE_MS = 1000;
const OUTCOME_MS = 2500;
const MAX_QUEUE = 2;

const seen = new Map();      // gameKey -> Set of reveal keys already shown (or skipped)
const queue = [];
let queuedGame = null;       // the gameKey of the reveals playing and queued
let current = null;          // { key, el, timers: [], done }
let live = null;             // the ARIA live region, kept on the page

/** The text of a string, a Node or a list of them (fmt's output), for a label or a sentence. */
export function plainText(x) {
  if (x === null || x === undefined || x === false) return "";
  if (Array.isArray(x)) return x.map(plainText).join("");
  return x instanceof Node ? x.textContent : String(x);
}

/** How long each vote takes to turn, and how long the outcome stays, for `votes` votes and a
 * reveal of at most `seconds` (the game's `reveal_seconds` option). */
export function revealTiming(votes, seconds = DEFAULT_SECONDS) {
  const cap = Math.max(0, Number(seconds) || 0) * 1000;
  if (!cap) return { step: 0, hold: 0, total: 0 };
  const hold = Math.min(OUTCOME_MS, cap * 0.4);
  const step = votes ? Math.min(PER_VOTE_MS, (cap - hold) / votes) : 0;
  return { step, hold, total: Math.round(step * votes + hold) + 400 };
}

/** A game module's hook, called with every payload: plays the reveals it has not shown yet. */
export function offerReveals(gameKey, offers, { seconds = DEFAULT_SECONDS, lang = "en" } = {}) {
  if (gameKey !== queuedGame) {
    // Another game on this page (a rematch, another room): the last one's reveals end with it,
    // so its first screens show nothing of the game before.
    queuedGame = gameKey;
    queue.length = 0;
    finish();
  }
  let known = seen.get(gameKey);
  if (!known) {
    // The first payload of this game on this page: what is already there is the board's.
    seen.set(gameKey, new Set(offers.map((o) => o.key)));
    return;
  }
  for (const o of offers) {
    if (known.has(o.key)) continue;
    known.add(o.key);
    if (!(Number(seconds) > 0)) continue;
    let spec = null;
    try { spec = o.build(); } catch (err) { console.error(err); }
    if (!spec) continue;
    queue.push({ key: o.key, spec, seconds, lang });
    while (queue.length > MAX_QUEUE) queue.shift();   // bots at full speed: the latest matter
  }
  if (!current) next();
}

function liveRegion() {
  if (!live || !live.isConnected) {
    live = h("div", { class: "rv-live", role: "status", "aria-live": "assertive", "data-testid": "reveal-live" });
    document.body.appendChild(live);
  }
  return live;
}

function next() {
  const item = queue.shift();
  if (!item) { current = null; return; }
  play(item);
}

function personNode(p) {
  if (p instanceof Node) return p;
  if (typeof p === "string") return h("b", { class: "rv-name" }, p);
  return h("b", { class: "rv-name", style: p.colour ? { "--rv-c": p.colour } : null }, p.name);
}

function play({ key, spec, seconds, lang }) {
  const L = STRINGS[lang] || STRINGS.en;
  const votes = spec.votes || [];
  const timing = revealTiming(votes.length, seconds);
  // Each part's time is in the CSS it is drawn with (moments.css): the compositor turns the
  // votes and shows the outcome, and the main thread draws nothing between the reveal's first
  // frame and its outcome (a TV stick's stutter at the big moment).
  const outAt = 150 + votes.length * timing.step;
  const voteEls = votes.map((v, i) => h("li", {
    class: "rv-vote", "data-testid": "reveal-vote", dataset: { index: String(i) },
    style: { "--rv-at": `${Math.round(150 + i * timing.step)}ms` },
  }, personNode(v.who), h("span", { class: "rv-arrow", "aria-hidden": "true" }, "→"),
  h("span", { class: "rv-choice" }, v.choice), v.note ? h("small", { class: "rv-note" }, v.note) : null));
  const tally = (spec.tally || []).length ? h("div", { class: "rv-tally", "data-testid": "reveal-tally", "aria-label": L.tally },
    spec.tally.map((t) => h("span", { class: ["rv-count", t.win && "win"] }, t.label, h("b", {}, String(t.n))))) : null;
  const outcome = h("div", { class: "rv-outcome", "data-testid": "reveal-outcome" }, spec.outcome,
    (spec.details || []).length ? h("div", { class: "rv-details" }, spec.details.map((d) => h("div", {}, d))) : null);
  const many = votes.length > 8 ? " rv-many" : votes.length > 5 ? " rv-some" : "";
  const el = h("div", {
    class: `rv-overlay${many}`, "data-testid": "reveal", role: "dialog", "aria-modal": "false",
    "aria-label": plainText(spec.title) || L.reveal,
    dataset: { key, kind: spec.kind || "vote", phase: "votes" },
    style: { "--rv-out-at": `${Math.round(outAt)}ms` },
  },
  h("div", { class: "rv-sheet" },
    h("div", { class: "rv-head" }, h("span", { class: "rv-kicker" }, L.reveal), h("h2", { class: "rv-title" }, spec.title || "")),
    voteEls.length ? h("ol", { class: "rv-votes" }, voteEls) : null,
    tally, outcome,
    h("button", { type: "button", class: "btn btn-secondary rv-skip", "data-testid": "reveal-skip", onclick: () => skipReveal() }, L.skip)));
  document.body.appendChild(el);
  const timers = [];
  current = { key, el, timers };
  const at = (ms, fn) => timers.push(setTimeout(fn, ms));
  at(outAt, () => {
    // What the screen shows now, for a screen reader and for tests ("shown" draws nothing).
    el.dataset.phase = "outcome";
    for (const v of voteEls) v.classList.add("shown");
    if (tally) tally.classList.add("shown");
    outcome.classList.add("shown");
    liveRegion().textContent = spec.sentence || outcome.textContent;
    cue(spec.cue || "reveal", { record: false });
  });
  at(outAt + timing.hold + 400, () => finish());
}

function finish() {
  if (!current) return;
  for (const t of current.timers) clearTimeout(t);
  const el = current.el;
  current = null;
  el.classList.add("rv-gone");
  setTimeout(() => el.remove(), 250);
  next();
}

/** Ends the reveal on the screen now (the host's skip); the queued ones are dropped too. */
export function skipReveal() {
  queue.length = 0;
  if (current && current.el.dataset.phase !== "outcome") {
    // The outcome is still said to a screen reader.
    const out = current.el.querySelector(".rv-outcome");
    if (out) liveRegion().textContent = out.textContent;
  }
  finish();
}

document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && current) skipReveal(); });

/** For tests and debugging. */
export function revealState() {
  return { playing: Boolean(current), key: current ? current.key : null, queued: queue.length };
}

/** The key that names one game on one page (gamekey.js). */
export function gameKeyOf(msg, ctx) {
  return gameKey(msg, ctx);     // room code, game and `match`: a rematch never replays a reveal
}

/** The `reveal_seconds` option of the game being played (the room's selected options). */
export function revealSeconds(ctx) {
  const sel = ctx && ctx.room && ctx.room.selected;
  const v = sel && sel.options ? sel.options.reveal_seconds : undefined;
  return v === undefined || v === null ? DEFAULT_SECONDS : Number(v);
}
