// The generic renderer, used for a game without its own page module.
//  phone: one big button per legal action (labelled readably from the action dict), then my
//         view as a readable tree;
//  table: who we wait for, the public view as a readable tree, the recent log, the result.
// It follows the same interface as a game module: render(root, msg, ctx).
import { h, mount, humanize } from "./dom.js";
import { seatTag } from "./players.js";
import { ticker, minutesSeconds } from "./waiting.js";
import { gameMemory } from "./gamekey.js";

const SEAT_KEY = /^(seat|start|to|from|by|actor|target|voter|winner|decider|captain|leader|chief|holder|owner)$|(^|_)(seat|player)$/;
const SEATS_KEY = /^(voters|voted|seats|order|waiting|waiting_for|winners|losers|alive|dead|survivors|tied_seats|players_left|passed|done)$/;
const MAX_LIST = 40;

function isSeat(key, value, n) {
  return SEAT_KEY.test(key) && Number.isInteger(value) && value >= 0 && value < n;
}

function seatCount(msg) {
  const players = msg && msg.view && msg.view.players;
  return Array.isArray(players) ? players.length : 0;
}

function plain(value, ctx) {
  if (value === null || value === undefined) return "—";
  if (value === true) return ctx.t("common.yes");
  if (value === false) return ctx.t("common.no");
  // engine identifiers ("water_bottle") read as words; anything else is shown as it is
  if (typeof value === "string" && /^[a-z0-9]+(_[a-z0-9]+)+$/.test(value)) return value.replace(/_/g, " ");
  return String(value);
}

// A value that needs its own block (a nested object or a list of objects), not a table cell.
function isBlock(v) {
  if (!v || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some((x) => x && typeof x === "object");
  return Object.keys(v).length > 0;
}

function isPrimitive(v) { return v === null || ["string", "number", "boolean"].includes(typeof v); }

/** A JSON value as nested, readable HTML (no innerHTML: every string is a text node). */
export function tree(value, ctx, msg, key = "", depth = 0) {
  const n = seatCount(msg);
  if (isSeat(key, value, n)) return seatTag(ctx.colourOf, value);
  if (isPrimitive(value)) return h("span", { class: "tv-value" }, plain(value, ctx));
  if (depth > 6) return h("span", { class: "tv-value" }, "…");
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "tv-value muted" }, "—");
    // A list of seats (voters, winners...): their discs and names.
    if (SEATS_KEY.test(key) && value.every((v) => Number.isInteger(v) && v >= 0 && v < n)) {
      return h("span", { class: "tv-seat-list" }, value.map((seat) => seatTag(ctx.colourOf, seat)));
    }
    // A per-seat list of numbers (scores, hats...): one line per player.
    if (n > 1 && value.length === n && key !== "players" && value.every((v) => typeof v === "number")) {
      return h("ul", { class: "tv-seats" }, value.map((v, seat) => h("li", null,
        seatTag(ctx.colourOf, seat), h("span", { class: "tv-value" }, plain(v, ctx)))));
    }
    if (value.every(isPrimitive)) {
      const shown = value.slice(0, MAX_LIST).map((v) => plain(v, ctx)).join(", ");
      return h("span", { class: "tv-value" }, value.length > MAX_LIST ? `${shown}, … (+${value.length - MAX_LIST})` : shown);
    }
    const table = rowsTable(value, ctx, msg);
    if (table) return table;
    return h("ol", { class: "tv-list" }, value.slice(0, MAX_LIST).map((v) => h("li", null, tree(v, ctx, msg, key, depth + 1))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "tv-value muted" }, "—");
  return h("dl", { class: "tv-obj" }, entries.map(([k, v]) => {
    const wide = isBlock(v) && !(Array.isArray(v) && rowsTable(v, ctx, msg) && !isNarrow());
    return [
      h("dt", { class: wide && "wide" }, humanize(k)),
      h("dd", { class: wide && "wide" }, tree(v, ctx, msg, k, depth + 1)),
    ];
  }));
}

function isNarrow() { return window.innerWidth < 700; }

// A list of flat objects sharing their keys (a score breakdown...) reads best as a table.
function rowsTable(rows, ctx, msg) {
  if (rows.length > MAX_LIST || !rows.every((r) => r && typeof r === "object" && !Array.isArray(r))) return null;
  const keys = Object.keys(rows[0]);
  if (!keys.length || keys.length > 7) return null;
  const sameKeys = rows.every((r) => Object.keys(r).length === keys.length && keys.every((k) => k in r));
  if (!sameKeys || !rows.every((r) => keys.every((k) => isPrimitive(r[k])))) return null;
  return h("table", { class: "tv-table" },
    h("thead", null, h("tr", null, keys.map((k) => h("th", { scope: "col" }, humanize(k))))),
    h("tbody", null, rows.map((r) => h("tr", null, keys.map((k) => h("td", null, tree(r[k], ctx, msg, k, 7)))))));
}

/** The top level of a view as tiles (one per key), to fill a TV screen. */
function tiles(view, ctx, msg) {
  const entries = Object.entries(view);
  const simple = entries.filter(([k, v]) => isPrimitive(v) || isSeat(k, v, seatCount(msg)));
  const rich = entries.filter((e) => !simple.includes(e));
  return h("div", { class: "tiles" },
    simple.length ? h("div", { class: "tile card" }, tree(Object.fromEntries(simple), ctx, msg)) : null,
    rich.map(([k, v]) => h("div", { class: "tile card", dataset: { key: k } },
      h("h3", { class: "tile-title" }, humanize(k)),
      tree(v, ctx, msg, k, 1))));
}

/** A short one-line text for any JSON value (log lines). */
function compact(value, key, ctx, msg) {
  const n = seatCount(msg);
  if (isSeat(key, value, n)) return ctx.colourOf(value).name;
  if (isPrimitive(value)) return plain(value, ctx);
  if (Array.isArray(value)) {
    if (SEATS_KEY.test(key) && value.every((v) => Number.isInteger(v) && v >= 0 && v < n)) {
      return value.map((v) => ctx.colourOf(v).name).join(", ");
    }
    // [[seat, x], ...] pairs (e.g. revealed votes): "Ana: red"
    if (value.every((v) => Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && v[0] >= 0 && v[0] < n && isPrimitive(v[1]))) {
      return value.map(([seat, x]) => `${ctx.colourOf(seat).name}: ${plain(x, ctx)}`).join(", ");
    }
    return value.map((v) => compact(v, "", ctx, msg)).join(", ");
  }
  return Object.entries(value).map(([k, v]) => `${humanize(k)}: ${compact(v, k, ctx, msg)}`).join(", ");
}

/** {name: "Vote", detail: "Red" | "Boat: Red, lane: 3" | ""} for a legal action. */
export function actionParts(action, ctx, msg) {
  const n = seatCount(msg);
  const type = action && typeof action.type === "string" ? action.type : "?";
  const key = `action.${type}`;
  const name = ctx.has && ctx.has(key) ? ctx.t(key, action) : humanize(type);
  const rest = Object.entries(action || {}).filter(([k]) => k !== "type");
  const show = (k, v) => {
    if (isSeat(k, v, n)) return ctx.colourOf(v).name;
    if (typeof v === "string") return humanize(v);
    if (isPrimitive(v)) return plain(v, ctx);
    return compact(v, k, ctx, msg);
  };
  let detail = "";
  if (rest.length === 1) detail = show(rest[0][0], rest[0][1]);
  else if (rest.length > 1) detail = rest.map(([k, v]) => `${humanize(k)}: ${show(k, v)}`).join(", ");
  return { name, detail };
}

/** "Vote · Red", "Pick · Blue", "Move · Boat: Red, Lane: 3", "Cheer". */
export function actionLabel(action, ctx, msg) {
  const { name, detail } = actionParts(action, ctx, msg);
  return detail ? `${name} · ${detail}` : name;
}

function eventText(ev, ctx, msg) {
  const n = seatCount(msg);
  const type = ev && typeof ev.type === "string" ? ev.type : "event";
  const key = `event.${type}`;
  if (ctx.has && ctx.has(key)) {
    const params = { ...ev };
    for (const [k, v] of Object.entries(ev)) if (isSeat(k, v, n)) params[k] = ctx.colourOf(v).name;
    return ctx.t(key, params);
  }
  const rest = Object.entries(ev || {}).filter(([k]) => k !== "type")
    .map(([k, v]) => `${humanize(k)}: ${compact(v, k, ctx, msg)}`);
  return rest.length ? `${humanize(type)} — ${rest.join(", ")}` : humanize(type);
}

function waitingLine(msg, ctx) {
  const waiting = Array.isArray(msg.waiting_for) ? msg.waiting_for : [];
  if (msg.over || !waiting.length) return null;
  return h("div", { class: "waiting" },
    h("span", { class: "waiting-label" }, ctx.t("game.waiting_for")),
    h("span", { class: "waiting-seats" }, waiting.map((s) => seatTag(ctx.colourOf, s))));
}

// A ticking countdown to msg.deadline (epoch ms, the server's clock), minutes and seconds, red
// for its last ten: waiting.js's ticker paints it once the page is shown (one timer per game,
// stopped with it: gamekey.js ends a gone game's memory even when nothing draws it again).
function countdown(msg) {
  if (!msg.deadline || msg.over) return null;
  return h("div", { class: "countdown", role: "timer", "aria-live": "off" });
}
function startCountdown(m, root, msg, ctx) {
  if (m.stopTick) m.stopTick();
  m.stopTick = ticker(root, msg.deadline, ".countdown",
    (left) => ctx.t("game.time_left", { time: minutesSeconds(left) }), { urgent: 10 });
}

function resultBlock(msg, ctx) {
  if (!msg.over) return null;
  const result = msg.result || {};
  const winners = Array.isArray(result.winners) ? result.winners : [];
  const rest = { ...result };
  delete rest.winners;
  return h("section", { class: "result card" },
    h("h2", { class: "section-title" }, ctx.t("game.over")),
    winners.length
      ? h("div", { class: "winners" }, h("span", null, ctx.t("game.winners")),
        winners.map((s) => seatTag(ctx.colourOf, s)))
      : h("p", null, ctx.t("game.no_winner")),
    Object.keys(rest).length ? tree(rest, ctx, msg) : null);
}

// A game's log kept across its renders: consecutive versions append, anything else (a payload
// sent again on reconnect after missed ones) replaces. A new game (a rematch, another game after
// the lobby: its versions go on from the last game's) has a memory and a log of its own.
function makeLog() {
  let version = null;
  let items = [];
  return (msg) => {
    const evs = Array.isArray(msg.events) ? msg.events : [];
    if (version !== null && msg.version === version + 1) items = items.concat(evs);
    else if (msg.version !== version) items = evs.slice();
    version = msg.version;
    items = items.slice(-50);
    return items;
  };
}
const mem = gameMemory(() => ({ log: makeLog(), stopTick: null }), (m) => { if (m.stopTick) m.stopTick(); });

export function genericModule(page) {
  function render(root, msg, ctx) {
    const m = mem(root, msg, ctx);
    const events = m.log(msg);
    const view = { ...(msg.view || {}) };
    delete view.players;
    const logBox = events.length
      ? h("section", { class: "log card" },
        h("h2", { class: "section-title" }, ctx.t("game.log")),
        h("ol", { class: "log-list" }, events.slice(-8).reverse().map((ev) => h("li", null, eventText(ev, ctx, msg)))))
      : null;
    if (page === "phone") {
      const actions = Array.isArray(msg.legal_actions) ? msg.legal_actions : [];
      const myTurn = actions.length > 0 && Array.isArray(msg.waiting_for) && msg.waiting_for.includes(ctx.seat);
      const button = (action, label) => h("button", {
        type: "button", class: "btn btn-action", dataset: { action: JSON.stringify(action) },
        onclick: (event) => {
          for (const b of root.querySelectorAll(".btn-action")) b.disabled = true;
          event.currentTarget.classList.add("pending");
          ctx.act(action).then((reply) => {
            if (!reply.ok) for (const b of root.querySelectorAll(".btn-action")) { b.disabled = false; b.classList.remove("pending"); }
          });
        },
      }, label);
      let buttons;
      if (actions.length <= 6) {
        buttons = actions.map((action) => button(action, actionLabel(action, ctx, msg)));
      } else {
        // Many choices: one group per kind of action, the details on the buttons.
        const groups = new Map();
        for (const action of actions) {
          const { name, detail } = actionParts(action, ctx, msg);
          if (!groups.has(name)) groups.set(name, []);
          groups.get(name).push(button(action, detail || name));
        }
        buttons = [...groups].map(([name, list]) => h("section", { class: "action-group" },
          h("h3", { class: "action-group-title" }, name),
          h("div", { class: "actions-grid" }, list)));
      }
      const mine = {};
      for (const k of Object.keys(view)) {
        if (k === "me" || k.startsWith("my_")) { mine[k] = view[k]; delete view[k]; }
      }
      mount(root, h("div", { class: "generic generic-phone" },
        resultBlock(msg, ctx),
        countdown(msg),
        msg.over ? null : h("div", { class: ["turn-banner", myTurn && "turn-mine"] },
          myTurn ? ctx.t("game.your_turn") : ctx.t("game.not_your_turn")),
        Object.keys(mine).length ? h("section", { class: "mine card" },
          tree(Object.keys(mine).length === 1 && mine.me && typeof mine.me === "object" ? mine.me : mine, ctx, msg)) : null,
        buttons.length ? h("div", { class: "actions" }, buttons) : null,
        waitingLine(msg, ctx),
        h("section", { class: "my-view card" },
          h("h2", { class: "section-title" }, ctx.t("game.my_view")),
          tree(view, ctx, msg)),
        logBox));
    } else {
      mount(root, h("div", { class: "generic generic-table" },
        h("div", { class: "generic-main" },
          resultBlock(msg, ctx),
          countdown(msg),
          waitingLine(msg, ctx),
          h("section", { class: "public-view" }, tiles(view, ctx, msg))),
        logBox));
    }
    startCountdown(m, root, msg, ctx);
  }
  return { strings: {}, render, generic: true };
}
