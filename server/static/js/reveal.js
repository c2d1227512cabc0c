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
const FADE_MS = 250;

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
  const outAt = 150 + votes.length * timing.step;
  const endAt = outAt + timing.hold + 400;
  const total = endAt + FADE_MS;
  const voteEls = votes.map((v, i) => h("li", {
    class: "rv-vote", "data-testid": "reveal-vote", dataset: { index: String(i) },
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
  },
  h("div", { class: "rv-sheet" },
    h("div", { class: "rv-head" }, h("span", { class: "rv-kicker" }, L.reveal), h("h2", { class: "rv-title" }, spec.title || "")),
    voteEls.length ? h("ol", { class: "rv-votes" }, voteEls) : null,
    tally, outcome,
    h("button", { type: "button", class: "btn btn-secondary rv-skip", "data-testid": "reveal-skip", onclick: () => skipReveal() }, L.skip)));
  document.body.appendChild(el);
  // Drawn with all its motion, before its first frame (motion()): it fades in, and out at its end
  // (at once with reduced motion, as base.css has every CSS animation).
  const fadeMs = still() ? 1 : FADE_MS;
  const fade = el.animate([
    { offset: 0, opacity: 0, easing: "ease-out" }, { offset: fadeMs / total, opacity: 1 },
    { offset: endAt / total, opacity: 1, easing: "ease" }, { offset: (endAt + fadeMs) / total, opacity: 0 },
    { offset: 1, opacity: 0 },
  ], { duration: total, fill: "both" });
  voteEls.forEach((v, i) => motion(v, total, 150 + i * timing.step, [
    ["opacity", 0.12, 1, 300, "ease"], ["transform", "rotateX(80deg)", "none", 450, "cubic-bezier(.3,.8,.3,1.2)"]]));
  if (tally) motion(tally, total, outAt, [["opacity", 0, 1, 400, "ease"]]);
  motion(outcome, total, outAt, [["opacity", 0, 1, 350, "ease"], ["transform", "scale(0.6)", "none", 500, "cubic-bezier(.2,1.4,.4,1)"]]);
  const timers = [];
  current = { key, el, timers, fade, endAt };
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

/**
 * A part's motion over the whole reveal (`total` ms, from its first frame): each [property, from,
 * to, ms, easing] holds `from` until `at` ms, goes to `to` in `ms`, and holds it to the end. One
 * animation per property spans the reveal, so the compositor plays it all: Chromium wakes the
 * main thread for frames (style, commit, a repaint if a layer goes) when an animation starts
 * or ends, which CSS transitions set by a class per vote did 3 times a vote (and the class
 * itself was a frame). Opacity and transform only, which the compositor runs. With reduced
 * motion a part appears at its time, unmoved.
 */
function motion(el, total, at, changes) {
  const moveless = still();
  for (const [prop, from, to, ms, easing] of changes) {
    if (moveless && prop === "transform") continue;
    const a = Math.min(1, at / total);
    const b = Math.min(1, (at + (moveless ? 1 : ms)) / total);
    el.animate([
      { offset: 0, [prop]: from },
      { offset: a, [prop]: from, easing },
      { offset: b, [prop]: to },
      { offset: 1, [prop]: to },
    ], { duration: total, fill: "both" });
  }
}

const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

function finish() {
  if (!current) return;
  for (const t of current.timers) clearTimeout(t);
  const ending = current;
  const el = current.el;
  current = null;
  el.classList.add("rv-gone");
  // Ended early (skipped, a new game): its fade out now. The same animation, moved on: a second
  // one on the overlay's opacity is not composited (Chromium: "incompatible animations"; the
  // fade out, once a transition, ran on the main thread, restyling the overlay every frame).
  const { fade, endAt } = ending;
  if (fade.currentTime !== null && fade.currentTime < endAt - 50) fade.currentTime = endAt;
  setTimeout(() => {
    // Its parts' motion ends with it: an animation on a removed element runs on, on the main
    // thread, every frame until its end (seconds, after a skip).
    for (const a of el.getAnimations({ subtree: true })) a.cancel();
    el.remove();
  }, FADE_MS);
  next();
}

/** Ends the reveals of the game `key` names (gameKeyOf), if they are the ones playing or queued:
 * that game is gone from the page (back in the lobby, another game: the TV module's game memory
 * ends, gamekey.js). Not said to a screen reader: the page says what comes instead. */
export function endReveals(key) {
  if (key !== queuedGame) return;
  queue.length = 0;
  finish();
  if (live) live.textContent = "";    // the gone game's last outcome is not read out later
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
