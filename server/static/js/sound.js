// Sound cues on the TV, made in the page with Web Audio (nothing is fetched): a reveal, a
// sinking or a death, a landing or a rescue, the countdown's last seconds, the end of a game.
// The mute switch is remembered (localStorage "castaways.sound"). Browsers keep audio
// suspended until the page has been touched once: the first tap or key resumes it.

const STORE_KEY = "castaways.sound";
let audio = null;
let muted = (() => { try { return localStorage.getItem(STORE_KEY) === "off"; } catch (_) { return false; } })();
const listeners = new Set();
/** Every cue asked for, muted or not (tests and debugging read it). */
export const played = [];

function context() {
  if (!audio) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try { audio = new AC(); } catch (_) { return null; }
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}
let warming = false;
/**
 * Makes the audio context in an idle moment, once a game is on the screen: the first cue (a
 * reveal's outcome, a sinking) would otherwise make it in the middle of that moment, and making
 * one takes the main thread 80-350 ms in Chromium (its audio output opened), a visible hitch
 * at the evening's first reveal. A context made before any touch is suspended, as one made by
 * that cue was: the first tap or key resumes it.
 */
export function warm() {
  if (warming || audio || muted || !(window.AudioContext || window.webkitAudioContext)) return;
  warming = true;
  const later = window.requestIdleCallback || ((fn) => setTimeout(fn, 200));
  // (muted meanwhile, or no context made: the next payload tries again)
  later(() => { if (!muted) context(); warming = false; }, { timeout: 4000 });
}
for (const type of ["pointerdown", "keydown"]) {
  document.addEventListener(type, () => { if (!muted) context(); }, { capture: true, passive: true });
}

export function isMuted() { return muted; }
export function setMuted(value) {
  muted = Boolean(value);
  try { localStorage.setItem(STORE_KEY, muted ? "off" : "on"); } catch (_) { /* private mode */ }
  for (const fn of listeners) fn(muted);
}
export function onMuteChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }

// One note: frequency (glides to `to`), start and length in seconds, wave, loudness.
function note(ac, out, { f, to = null, at = 0, len = 0.2, wave = "triangle", vol = 0.2 }) {
  const t0 = ac.currentTime + at;
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = wave;
  osc.frequency.setValueAtTime(f, t0);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, t0 + len);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(vol, t0 + 0.015);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
  osc.connect(amp).connect(out);
  osc.start(t0);
  osc.stop(t0 + len + 0.05);
}

const CUES = {
  // two bright notes: cards turned over
  reveal: [{ f: 660, len: 0.14 }, { f: 990, at: 0.12, len: 0.28 }],
  // a low falling groan: a boat goes down, someone drowns or dies
  sink: [{ f: 330, to: 70, len: 1.1, wave: "sawtooth", vol: 0.12 }, { f: 165, to: 55, at: 0.1, len: 1.0, wave: "sine", vol: 0.2 }],
  // a rising major arpeggio: a landing, a rescue
  land: [{ f: 523, len: 0.16 }, { f: 659, at: 0.12, len: 0.16 }, { f: 784, at: 0.24, len: 0.16 }, { f: 1047, at: 0.36, len: 0.4 }],
  // a short wood-block tick: the countdown's last seconds
  tick: [{ f: 1200, len: 0.06, wave: "square", vol: 0.08 }],
  // a small fanfare: the game is over
  end: [{ f: 523, len: 0.2 }, { f: 659, at: 0.18, len: 0.2 }, { f: 784, at: 0.36, len: 0.2 },
    { f: 1047, at: 0.56, len: 0.7, vol: 0.22 }, { f: 523, at: 0.56, len: 0.7, wave: "sine", vol: 0.15 }],
};

export function cue(name, { record = true } = {}) {
  if (!CUES[name]) return;
  if (record) {   // the reveal's outcome repeats the cue its payload already played: not listed
    played.push(name);
    if (played.length > 50) played.shift();
  }
  if (muted) return;
  const ac = context();
  if (!ac || ac.state !== "running") return;
  const out = ac.createGain();
  out.gain.value = 0.9;
  out.connect(ac.destination);
  for (const n of CUES[name]) note(ac, out, n);
}

// Which cue a new game payload deserves, from its public events (any game: the event names
// say what happened) and from the game ending. One cue per payload, the strongest.
const SINK = /(sank|sunk|sink|drown|died|death|dead|killed|eliminat|starv)/;
const LAND = /(landed|landing|rescue|saved|escaped|survived|arrived)/;
const REVEAL = /(reveal)/;

export function cueFor(msg, previous) {
  if (msg.over && !(previous && previous.over)) return "end";
  const types = (Array.isArray(msg.events) ? msg.events : []).map((e) => String((e && e.type) || ""));
  if (types.some((t) => SINK.test(t))) return "sink";
  if (types.some((t) => LAND.test(t))) return "land";
  if (types.some((t) => REVEAL.test(t))) return "reveal";
  return null;
}

/** The countdown's last seconds: tick once a second from `from` seconds left down to 1. */
export function countdownTicks(from = 5) {
  let timer = null;
  let deadline = null;
  let last = null;
  function stop() { clearTimeout(timer); timer = null; }
  // Woken only for the ticks (issue 24): asleep until `from` seconds are left, then once each
  // time the whole seconds change (a few ms after: a timer never fires early). Polling every
  // 200 ms woke the TV five times a second through every window and vote, for nothing.
  function wake() {
    const rest = deadline - Date.now();
    const left = Math.ceil(rest / 1000);
    if (left <= 0) { stop(); return; }
    if (left <= from && left !== last) { last = left; cue("tick"); }
    const until = left > from ? rest - from * 1000 : rest - (left - 1) * 1000;
    timer = setTimeout(wake, until + 15);
  }
  return {
    // A new deadline is looked at in the task that brings it (the `game` message), not in a
    // timer of its own: one task less for every update that sets a countdown, which a
    // throttled TV stick charges more than its few microseconds of work (issue 24).
    set(next) {
      if (next === deadline) return;
      deadline = next;
      last = null;
      stop();
      if (deadline) wake();
    },
  };
}
