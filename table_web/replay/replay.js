// The story of the evening (issue 23): /h/<CODE>, for the TV and the phones.
//  - the room's games, newest first (GET /rooms/<CODE>/games), each finished one with "Watch it
//    again", "My game", its JSON file, and for the host "Delete" and an import box;
//  - a replay (?game=N): the game's own TV module (table_web/games/<id>.js) draws each replayed
//    state as it draws a live one, fed from GET /rooms/<CODE>/games/<N>/steps/<k>; the reveal
//    marks are added around it: who made the move and what it was (the vote as cast), and the
//    secrets of that moment seen through a player's eyes, drawn by the game's phone module
//    (controller_web/games/<id>.js) from that seat's view, with nothing to press;
//  - "my game" (?game=N&seat=S): one player's moves and the moves aimed at them, and their own
//    screen move by move.
// Nothing of a game in progress is served (the server refuses): the page only says so.
import { h, s, mount, humanize } from "/static/js/dom.js";
import { t, loadCatalogs, onLangChange, getLang, setGameStrings, has } from "/static/js/i18n.js";
import { langSwitch } from "/static/js/ui.js";
import { loadGameModule } from "/static/js/loader.js";
import { makeColourOf, disc } from "/static/js/players.js";
import { stageFitter } from "/static/js/fit.js";
import { confirmButton } from "/static/js/lobby.js";
import { toast } from "/static/js/toast.js";
import { strings } from "./strings.js";

const PACES = [["slow", 3000], ["normal", 1500], ["fast", 700], ["faster", 250]];
const PACE_KEY = "castaways.replay.pace";

const code = (location.pathname.split("/")[2] || "").toUpperCase();
const params = new URLSearchParams(location.search);

function recall(key) { try { return localStorage.getItem(key); } catch (_) { return null; } }
function keep(key, value) { try { localStorage.setItem(key, value); } catch (_) { /* private mode */ } }

function tr(key, p) {
  const table = strings[getLang()] || strings.en;
  let text = table[key] !== undefined ? table[key] : strings.en[key];
  if (text === undefined) return t(key, p);
  return text.replace(/\{(\w+)\}/g, (m, k) => (p && p[k] !== undefined && p[k] !== null ? String(p[k]) : m));
}
function plural(key, n) {
  const form = new Intl.PluralRules(getLang()).select(n);
  const full = `${key}.${form}`;
  return tr((strings.en[full] !== undefined) ? full : `${key}.other`, { n });
}

const app = document.getElementById("app");
const state = {
  games: null, error: null, host: false,
  // ?game=last: the newest game that is over (the final strips link there).
  number: params.has("game") ? (params.get("game") === "last" ? "last" : Number(params.get("game"))) : null,
  seat: params.has("seat") ? Number(params.get("seat")) : null,   // "my game"
  step: params.has("step") ? Number(params.get("step")) : 0,
  playing: false, pace: Number(recall(PACE_KEY)) || 1500,
  eyes: null,          // the seat whose secrets the side panel shows (null: the mover's)
  frame: null, mine: null, story: null,
};
const frames = new Map();   // step -> frame of the game on screen (bounded)
let timer = null;
let titles = {};            // game id -> its module's strings (titles, values)

// ---- data ---------------------------------------------------------------------------------
async function getJson(url, init) {
  try {
    const res = await fetch(url, init);
    const body = await res.json().catch(() => null);
    return body || { ok: false, error: { code: "internal", message: res.statusText } };
  } catch (err) {
    return { ok: false, error: { code: "timeout", message: String(err) } };
  }
}

function credential() {
  return recall(`castaways.host.${code}`) || recall(`castaways.token.${code}`) || "";
}

async function loadGames() {
  const reply = await getJson(`/rooms/${code}/games`, { headers: { "X-Castaways-Token": credential() } });
  if (!reply.ok) { state.error = reply.error; state.games = []; return; }
  state.games = reply.games;
  state.host = Boolean(reply.host);     // the server says whether our token is the host's
  await Promise.all([...new Set(reply.games.map((g) => g.game))].map(loadStrings));
}

async function loadStrings(id) {
  if (titles[id]) return titles[id];
  const mod = await loadGameModule("table", id);
  let values = null;
  try { values = (await import(`/static/games/${id}/strings.js`)).table || null; } catch (_) { values = null; }
  let data = null;
  try { data = await (await fetch(`/games/${id}/data.json`)).json(); } catch (_) { data = null; }
  titles[id] = { strings: mod.strings || {}, values, data, mod };
  return titles[id];
}

function gameName(id) {
  const catalog = titles[id] && titles[id].strings;
  const key = `game.${id}.title`;
  const lang = getLang();
  return (catalog && ((catalog[lang] && catalog[lang][key]) || (catalog.en && catalog.en[key]))) || humanize(id);
}

async function frameAt(step) {
  if (frames.has(step)) return frames.get(step);
  const reply = await getJson(`/rooms/${code}/games/${state.number}/steps/${step}`);
  if (!reply.ok) throw reply.error;
  if (frames.size > 200) frames.delete(frames.keys().next().value);
  frames.set(step, reply);
  return reply;
}

// ---- names of values (a boat's colour, a card) in the page's language -----------------------
function valueName(id, v) {
  if (typeof v !== "string") return String(v);
  const info = titles[id];
  const lang = getLang();
  if (info && info.values) {
    const table = info.values[lang] || info.values.en || {};
    for (const prefix of ["colour.", "card.", "kind.", "char.", "rank.", "side.", "island.", ""]) {
      if (table[prefix + v] !== undefined && !/\{/.test(table[prefix + v])) return table[prefix + v];
    }
  }
  const found = info && info.data ? findById(info.data, v, 0) : null;
  if (found) {
    const name = found[lang] || (lang === "fr" && found.name_fr) || found.name || found.en;
    if (typeof name === "string") return name;
  }
  return humanize(v);
}

function findById(node, id, depth) {
  if (!node || typeof node !== "object" || depth > 5) return null;
  if (Array.isArray(node)) {
    for (const x of node) { const f = findById(x, id, depth + 1); if (f) return f; }
    return null;
  }
  if (node.id === id) return node;
  if (Object.prototype.hasOwnProperty.call(node, id) && node[id] && typeof node[id] === "object") return node[id];
  for (const v of Object.values(node)) { const f = findById(v, id, depth + 1); if (f) return f; }
  return null;
}

const SEAT_KEYS = new Set(["target", "to", "seat", "player", "victim"]);

/** "Ana secretly votes Blue", "Ben gives Water bottle to Cy": the move as a sentence (this
 * page's templates, values named in the game's words), else its name and values. */
function moveText(id, seat, action, colourOf) {
  if (!action) return "";
  const table = strings[getLang()] || strings.en;
  const pick = (k) => (table[k] !== undefined ? table[k] : strings.en[k]);
  // A sentence for the move's kind, or for its kind and destination ("…place_row_card.stack").
  const key = `do.${id}.${action.type}`;
  const template = (typeof action.to === "string" && pick(`${key}.${action.to}`)) || pick(key);
  if (template !== undefined) {
    const named = { who: colourOf(seat).name };
    for (const [k, v] of Object.entries(action)) {
      if (k === "type") continue;
      named[k] = SEAT_KEYS.has(k) && Number.isInteger(v) ? colourOf(v).name : valueName(id, v);
    }
    const text = template.replace(/\{(\w+)\}/g, (m, k) => (named[k] !== undefined ? named[k] : m));
    if (!/\{\w+\}/.test(text)) return text;
  }
  return tr("acted", { who: colourOf(seat).name }) + " " + actionText(id, action, colourOf);
}

/** "Vote · Blue", "Give · Card: Water bottle, To: Ben": the action's name and its values. */
function actionText(id, action, colourOf) {
  if (!action) return "";
  const type = action.type || "?";
  const name = has(`action.${type}`) ? t(`action.${type}`, action) : humanize(type);
  const parts = Object.entries(action).filter(([k]) => k !== "type").map(([k, v]) => {
    if (SEAT_KEYS.has(k) && Number.isInteger(v)) return `${humanize(k)}: ${colourOf(v).name}`;
    if (typeof v === "boolean") return `${humanize(k)}: ${t(v ? "common.yes" : "common.no")}`;
    return Object.keys(action).length === 2 ? valueName(id, v) : `${humanize(k)}: ${valueName(id, v)}`;
  });
  return parts.length ? `${name} · ${parts.join(", ")}` : name;
}

// ---- the players of the story as a room, for the modules' ctx.colourOf -----------------------
function storyRoom(frame) {
  const players = (frame.players || []).map((p, seat) => ({
    id: `seat${seat}`, name: p.name, colour: p.colour, letter: p.letter, seat, bot: p.bot,
    connected: true, host: false, bot_playing: false,
  }));
  return { code, players, games: [], status: "over" };
}

// The frame as the `game` payload a screen would have received at that step: the step's own
// events when the replay moves on by one, else the recent log (as on a reconnect), after a
// first paint with version 0 so the module forgets the log it kept (modules reset it when
// the version goes down).
let paintedStep = null;
function msgOf(frame, seat, events = frame.events) {
  return {
    version: frame.step + 1, game: frame.game, seat,
    view: seat === null ? frame.table : frame.views[seat], legal_actions: [],
    waiting_for: frame.waiting_for, over: frame.over, result: frame.result, deadline: null,
    events,
  };
}

// ---- list ---------------------------------------------------------------------------------
function topbar(...extra) {
  return h("header", { class: "topbar replay-top" },
    h("div", { class: "brand" }, h("img", { class: "brand-icon", src: "/static/img/icon.svg", alt: "" }),
      h("span", { class: "brand-name" }, "Castaways")),
    ...extra,
    h("div", { class: "topbar-end" }, langSwitch()));
}

function when(ts) {
  try {
    return new Date(ts * 1000).toLocaleTimeString(getLang(), { hour: "2-digit", minute: "2-digit" });
  } catch (_) { return ""; }
}

function resultLine(g) {
  if (g.status === "playing") return tr("status.playing");
  if (g.status === "ended") return tr("status.ended");
  const winners = (g.result && g.result.winners) || [];
  if (!winners.length) return tr("no_winner");
  return tr("won_by", { names: winners.map((s) => (g.players[s] || {}).name).filter(Boolean).join(", ") });
}

function gameCard(g) {
  const done = g.status !== "playing";
  const host = state.host;
  const link = (extra) => `/h/${code}?game=${g.number}${extra || ""}`;
  let picking = false;
  const whose = h("div", { class: "whose", hidden: true },
    h("span", { class: "muted" }, tr("whose")),
    g.players.map((p, seat) => h("a", { class: "btn btn-small btn-secondary", href: link(`&seat=${seat}`) },
      disc(p.colour, p.letter), " ", p.name)));
  return h("li", { class: ["story-card", `story-${g.status}`], dataset: { number: String(g.number), status: g.status } },
    h("div", { class: "story-head" },
      h("h2", null, `${tr("game_n", { n: g.number })} · ${gameName(g.game)}`),
      h("span", { class: "muted" }, tr("started", { time: when(g.started) }),
        done ? ` · ${plural("moves", g.actions)}` : "")),
    h("ul", { class: "story-players" }, g.players.map((p) => h("li", null, disc(p.colour, p.letter), h("span", null, p.name)))),
    h("p", { class: "story-result" }, resultLine(g)),
    done ? h("div", { class: "story-buttons" },
      h("a", { class: "btn btn-primary", href: link(), dataset: { watch: String(g.number) } }, tr("watch")),
      h("button", {
        type: "button", class: "btn btn-secondary", dataset: { mine: String(g.number) },
        onclick: () => { picking = !picking; whose.hidden = !picking; },
      }, tr("my_game")),
      h("a", { class: "btn btn-quiet", href: `/rooms/${code}/games/${g.number}.json`, download: "" }, tr("download")),
      host ? confirmButton(tr("delete"), () => remove(g.number), { class: "btn btn-quiet btn-danger", dataset: { delete: String(g.number) } }) : null) : null,
    done ? whose : null);
}

async function remove(number) {
  const reply = await getJson(`/rooms/${code}/games/${number}`, { method: "DELETE", headers: { "X-Castaways-Token": credential() } });
  if (reply.ok) toast(tr("deleted", { n: number }), { kind: "ok" });
  else toast(reply.error.message, { kind: "error" });
  await loadGames();
  render();
}

function importBox() {
  if (!state.host) return null;
  // The browser's own file button speaks its own language: a label in ours opens it.
  const input = h("input", { type: "file", accept: "application/json,.json", id: "import-file", class: "visually-hidden" });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const reply = await getJson(`/rooms/${code}/games`, {
      method: "POST", body: await file.text(),
      headers: { "Content-Type": "application/json", "X-Castaways-Token": credential() },
    });
    if (reply.ok) toast(tr("imported", { n: reply.game.number }), { kind: "ok" });
    else toast(reply.error.message, { kind: "error" });
    await loadGames();
    render();
  });
  return h("section", { class: "import-box card" },
    h("label", { for: "import-file", class: "btn btn-secondary import-label", tabindex: "0",
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); input.click(); } } }, tr("import")), input,
    h("p", { class: "muted" }, tr("import.hint")));
}

function renderList() {
  const back = h("a", { class: "btn btn-small btn-secondary", href: `/?room=${code}`, id: "back-table" }, tr("back_table"));
  const games = state.games || [];
  mount(app, topbar(h("div", { class: "replay-title" }, tr("title", { code }))),
    h("main", { class: "history" },
      h("div", { class: "history-intro" }, h("p", { class: "muted" }, tr("subtitle")), back),
      state.error ? h("p", { class: "error-note", role: "alert" }, state.error.code === "unknown_room" ? tr("unknown_room") : state.error.message) : null,
      games.length ? h("ol", { class: "stories", id: "stories" }, games.map(gameCard))
        : h("p", { class: "big-note muted", id: "no-games" }, tr("empty")),
      importBox()));
}

// ---- replay -------------------------------------------------------------------------------
const stageRoot = h("div", { class: "stage", id: "stage" });
const stageBox = h("div", { class: "stage-box", id: "stage-box" }, stageRoot);
// A new size of the stage (the window, the first fit of a board) draws the frame again, as on
// the live TV: the module's own fit keys on the stage's size (fit.js), so it refits then. After
// the drawing that caused it, not inside it.
const fitter = stageFitter(stageBox, stageRoot, {
  onResize: () => queueMicrotask(() => { if (state.number !== null && state.frame) render(); }),
});
const eyesRoot = h("div", { class: "eyes-stage", id: "eyes-stage" });
let tvMod = null;
let phoneMod = null;

function stop() { state.playing = false; clearTimeout(timer); timer = null; }

function schedule() {
  clearTimeout(timer);
  if (!state.playing) return;
  timer = setTimeout(async () => {
    if (!state.frame || state.step >= state.frame.steps) { stop(); render(); return; }
    await go(state.step + 1);
    schedule();
  }, state.pace);
}

async function go(step) {
  const steps = state.frame ? state.frame.steps : Infinity;
  const target = Math.max(0, Math.min(step, steps));
  try {
    const frame = await frameAt(target);
    state.step = target;
    state.frame = frame;
    frameAt(target + 1 <= frame.steps ? target + 1 : target).catch(() => {});   // ready for the next one
  } catch (error) {
    stop();
    state.error = error;
  }
  const url = new URL(location.href);
  url.searchParams.set("step", String(state.step));
  history.replaceState(null, "", url);
  render();
}

// Transport icons drawn in SVG (a TV's fonts may lack ⏮ ⏸ ⏭).
const ICONS = {
  first: ["M5 5h2.5v14H5z", "M19 5v14L8.5 12z"],
  prev: ["M17 5v14L6 12z"],
  play: ["M7 5v14l12-7z"],
  pause: ["M6 5h4v14H6z", "M14 5h4v14h-4z"],
  next: ["M7 5v14l11-7z"],
  last: ["M5 5v14l10.5-7z", "M16.5 5H19v14h-2.5z"],
};
function icon(name) {
  return s("svg", { viewBox: "0 0 24 24", class: "ctl-icon", "aria-hidden": "true" },
    ICONS[name].map((d) => s("path", { d, fill: "currentColor" })));
}

function controls() {
  const f = state.frame;
  const steps = f ? f.steps : 0;
  const button = (id, label, glyph, onclick, disabled) => h("button", {
    type: "button", class: "btn btn-secondary ctl", id, title: label, "aria-label": label, disabled: Boolean(disabled), onclick,
  }, icon(glyph));
  const slider = h("input", {
    type: "range", min: "0", max: String(steps), value: String(state.step), id: "jump", "aria-label": tr("jump"),
  });
  slider.addEventListener("change", () => { stop(); go(Number(slider.value)); });
  const pace = h("select", { id: "pace", "aria-label": tr("pace") },
    PACES.map(([name, ms]) => h("option", { value: String(ms), selected: ms === state.pace }, tr(`pace.${name}`))));
  pace.addEventListener("change", () => { state.pace = Number(pace.value); keep(PACE_KEY, pace.value); schedule(); });
  const turns = (f && f.turns) || [];
  const current = turns.filter(([, at]) => at <= state.step).pop();
  const turn = turns.length > 1 ? h("select", { id: "turn", "aria-label": tr("turn.jump") },
    turns.map(([n, at]) => h("option", { value: String(at), selected: current && current[1] === at }, tr("turn", { n })))) : null;
  if (turn) turn.addEventListener("change", () => { stop(); go(Number(turn.value)); });
  return h("div", { class: "replay-controls", role: "group" },
    button("first", tr("first"), "first", () => { stop(); go(0); }, state.step === 0),
    button("prev", tr("prev"), "prev", () => { stop(); go(state.step - 1); }, state.step === 0),
    button("play", tr(state.playing ? "pause" : "play"), state.playing ? "pause" : "play", () => {
      if (state.playing) stop();
      else { if (state.step >= steps) go(0); state.playing = true; schedule(); }
      render();
    }),
    button("next", tr("next"), "next", () => { stop(); go(state.step + 1); }, state.step >= steps),
    button("last", tr("last"), "last", () => { stop(); go(steps); }, state.step >= steps),
    slider, turn,
    h("label", { class: "pace" }, h("span", null, tr("pace")), pace));
}

function caption(f, colourOf) {
  if (!f) return null;
  const sec = Math.floor((f.at || 0) / 1000);
  const clock = tr("at", { min: Math.floor(sec / 60), sec: String(sec % 60).padStart(2, "0") });
  const counter = h("span", { class: "step-count", id: "step-count" },
    f.step ? tr("step", { step: f.step, steps: f.steps }) : tr("setup"), f.step ? ` · ${clock}` : "");
  if (!f.step) return h("div", { class: "replay-caption", id: "caption" }, counter);
  return h("div", { class: "replay-caption", id: "caption", dataset: { seat: String(f.seat), type: f.action.type } },
    counter,
    h("span", { class: "move" }, disc(colourOf(f.seat).colour, colourOf(f.seat).letter),
      h("span", { class: "move-text", id: "move-text" }, moveText(f.game, f.seat, f.action, colourOf))),
    f.over && f.step === f.steps ? h("span", { class: "badge badge-over" }, tr("over")) : null);
}

function paintModule(mod, root, msg, room, page) {
  if (!mod) return;
  setGameStrings(mod.strings);
  const ctx = {
    t, has, lang: getLang(), page, room, players: room.players,
    colourOf: makeColourOf(room, msg, mod.seatColour ? (s) => mod.seatColour(msg.view, s) : null),
    act: () => Promise.resolve({ ok: false, error: { code: "not_playing" } }),
    seat: msg.seat, me: msg.seat !== null ? room.players[msg.seat] : null,
  };
  root.dataset.game = msg.game;
  root.dataset.version = String(msg.version);
  try { mod.render(root, msg, ctx); } catch (err) { console.error("replay render failed", err); }
}

function eyesPanel(f, room, colourOf) {
  const seat = state.seat !== null ? state.seat : (state.eyes !== null ? state.eyes : (f.step ? f.seat : 0));
  const tabs = state.seat !== null ? null : h("div", { class: "eyes-tabs", role: "group", "aria-label": tr("secrets") },
    room.players.map((p) => h("button", {
      type: "button", class: ["btn", "btn-small", p.seat === seat ? "btn-primary" : "btn-quiet"], dataset: { eyes: String(p.seat) },
      "aria-pressed": String(p.seat === seat),
      onclick: () => { state.eyes = p.seat; render(); },
    }, disc(p.colour, p.letter), " ", p.name)));
  return { seat, el: h("aside", { class: "eyes", id: "eyes", dataset: { seat: String(seat) } },
    h("h2", { class: "eyes-title" }, tr("eyes", { name: colourOf(seat).name })),
    tabs, h("div", { class: "eyes-box phone-look" }, eyesRoot)) };
}

// Moves that only say "I am ready" or "done": left out of "my game" (they are in the replay).
const QUIET = new Set(["pass", "done", "nothing"]);

function minePanel(colourOf) {
  const m = state.mine;
  if (!m) return null;
  const name = colourOf(m.seat).name;
  const line = (item, who) => h("li", null,
    h("button", { type: "button", class: "btn btn-small btn-quiet", onclick: () => { stop(); go(item.step); } },
      tr("move_n", { step: item.step })),
    who ? disc(colourOf(item.seat).colour, colourOf(item.seat).letter) : null,
    h("span", null, moveText(m.game, item.seat, item.action, colourOf)));
  const moves = m.mine.filter((item) => !QUIET.has(item.action.type));
  return h("section", { class: "mine", id: "mine" },
    h("h2", null, tr("mine.against", { name })),
    m.against.length ? h("ol", { class: "mine-list", id: "mine-against" }, m.against.map((i) => line(i, true)))
      : h("p", { class: "muted" }, tr("mine.none")),
    h("h2", null, tr("mine.moves", { name })),
    moves.length ? h("ol", { class: "mine-list", id: "mine-moves" }, moves.map((i) => line(i, false)))
      : h("p", { class: "muted" }, tr("mine.none")));
}

function renderReplay() {
  const f = state.frame;
  const back = h("a", { class: "btn btn-small btn-secondary", href: `/h/${code}`, id: "back-list" }, tr("back_list"));
  if (!f) {
    mount(app, topbar(back), h("main", { class: "history" },
      state.error ? h("p", { class: "error-note", role: "alert", id: "replay-error" }, state.error.message) : h("p", { class: "boot" }, "…")));
    return;
  }
  const room = storyRoom(f);
  const colourOf = makeColourOf(room, msgOf(f, null));
  const title = state.seat !== null
    ? tr("mine.title", { name: colourOf(state.seat).name })
    : `${tr("game_n", { n: f.number })} · ${gameName(f.game)}`;
  const eyes = eyesPanel(f, room, colourOf);
  const mine = state.seat !== null;
  mount(app, topbar(h("div", { class: "replay-title", id: "replay-title" }, title), back),
    h("div", { class: "replay-bar" }, controls(), caption(f, colourOf)),
    h("main", { class: ["replay-layout", mine && "replay-mine"] },
      mine ? null : h("div", { class: "replay-stage" }, stageBox),
      eyes.el,
      mine ? minePanel(colourOf) : null));
  const onward = paintedStep !== null && f.step === paintedStep + 1;
  const same = paintedStep === f.step;
  const paint = (mod, root, seat, page) => {
    if (!onward && !same) paintModule(mod, root, { ...msgOf(f, seat, []), version: 0 }, room, page);
    paintModule(mod, root, msgOf(f, seat, onward || same ? f.events : f.recent), room, page);
  };
  if (!mine) {
    paint(tvMod, stageRoot, null, "table");
    fitter.fit(tvMod && tvMod.fit);
    fitter.apply();
  }
  paint(phoneMod, eyesRoot, eyes.seat, "phone");
  paintedStep = f.step;
  document.title = `Castaways · ${title}`;
}

function render() {
  if (state.number === null) renderList();
  else renderReplay();
}

async function openReplay() {
  if (state.number === "last") {
    await loadGames();
    const done = (state.games || []).find((g) => g.status !== "playing");
    if (!done) { state.number = null; return; }
    state.number = done.number;
    const url = new URL(location.href);
    url.searchParams.set("game", String(done.number));
    history.replaceState(null, "", url);
  }
  const first = await frameAt(0).catch((error) => { state.error = error; return null; });
  if (!first) { render(); return; }
  await loadStrings(first.game);
  [tvMod, phoneMod] = await Promise.all([loadGameModule("table", first.game), loadGameModule("phone", first.game)]);
  if (state.seat !== null) {
    const mine = await getJson(`/rooms/${code}/games/${state.number}/seats/${state.seat}`);
    state.mine = mine.ok ? mine : null;
  }
  state.frame = first;
  await go(state.step);
  if (params.get("play") === "1") { state.playing = true; schedule(); render(); }
}

async function main() {
  await loadCatalogs();
  if (state.number === null) await loadGames();
  else await openReplay();
  render();
  onLangChange(render);
  window.castaways = { state, go };
}

main();
