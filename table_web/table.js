// The table page (the TV). See docs/protocol.md.
// The room lives in the URL (?room=CODE) and in localStorage; the host token in localStorage.
import { h, mount } from "/static/js/dom.js";
import { t, loadCatalogs, onLangChange, errorText } from "/static/js/i18n.js";
import { connect } from "/static/js/net.js";
import { toast } from "/static/js/toast.js";
import { playerChip } from "/static/js/players.js";
import { playersList, gamePicker, hostPanel, gameTitle, confirmButton } from "/static/js/lobby.js";
import { connectionBadge, langSwitch, caller, gameStage, roomFlow } from "/static/js/ui.js";

const ROOM_KEY = "castaways.table.room";
const hostKey = (code) => `castaways.host.${code}`;

function store(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (_) { /* private mode: the URL still has the room */ }
}
function recall(key) {
  try { return localStorage.getItem(key); } catch (_) { return null; }
}

function initialRoom() {
  const fromUrl = new URLSearchParams(location.search).get("room");
  const code = (fromUrl || recall(ROOM_KEY) || "").trim().toUpperCase();
  return /^[A-Z]{4}$/.test(code) ? code : null;
}

const state = {
  code: initialRoom(),
  welcome: null,
  room: null,
  hostOpen: false,
  game: null,
};

const conn = connectionBadge();
const app = document.getElementById("app");
const stageRoot = h("div", { class: "stage", id: "stage" });
const stage = gameStage("table", stageRoot);
let call = null;
let qrFor = null;
let qrBig = null;
let qrSmall = null;

function isHost() {
  // The TV that owns the room keeps its host controls, also when a phone hosts beside it.
  return Boolean(state.welcome && state.welcome.host_token);
}

function qrImg(size) {
  if (qrFor !== state.code) {
    qrFor = state.code;
    const make = (cls) => h("img", {
      class: cls, src: `/qr/${encodeURIComponent(state.code)}.svg`,
      alt: t("table.qr_alt", { code: state.code }), id: cls === "qr-big" ? "qr" : undefined,
    });
    qrBig = make("qr-big");
    qrSmall = make("qr-small");
  }
  return size === "big" ? qrBig : qrSmall;
}

function joinUrl() {
  return (state.room && state.room.join_url) || (state.welcome && state.welcome.join_url) || "";
}

function brand() {
  return h("div", { class: "brand" },
    h("img", { class: "brand-icon", src: "/static/img/icon.svg", alt: "" }),
    h("span", { class: "brand-name" }, "Castaways"));
}

function fullscreenButton() {
  if (!document.fullscreenEnabled) return null;
  const on = Boolean(document.fullscreenElement);
  return h("button", {
    type: "button", class: "btn btn-small btn-quiet", id: "fullscreen", "aria-pressed": String(on),
    onclick: () => (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {}),
  }, t(on ? "table.fullscreen_exit" : "table.fullscreen"));
}

function topbar(extra) {
  return h("header", { class: ["topbar", extra && "in-game"] }, brand(), extra,
    h("div", { class: "topbar-end" }, conn.el, fullscreenButton(), langSwitch()));
}

// Keep the TV awake while the page is shown (works where the page is a secure context, e.g.
// http://127.0.0.1 on the laptop; silently nothing elsewhere).
let wakeLock = null;
async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || wakeLock) return;
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => { wakeLock = null; });
  } catch (_) { /* not allowed here */ }
}
document.addEventListener("visibilitychange", keepAwake);
document.addEventListener("fullscreenchange", () => render());

// ---- lobby --------------------------------------------------------------------------------

function renderLobby() {
  const room = state.room;
  const host = isHost();
  const codeBox = h("section", { class: "join-panel" },
    h("h1", { class: "join-title" }, t("table.join_title")),
    h("div", { class: "qr-frame" }, qrImg("big")),
    h("div", { class: "code-label" }, t("table.room_code")),
    h("div", { class: "room-code", id: "room-code", "aria-label": t("table.room_code") }, room.code),
    h("div", { class: "join-url", id: "join-url" }, joinUrl()));

  const count = room.players.length;
  const lobby = h("section", { class: "lobby-panel" },
    h("h2", { class: "section-title" }, t("lobby.players"), h("span", { class: "count" }, String(count))),
    count
      ? playersList(room, { isHost: host, call })
      : h("p", { class: "muted big-note empty-players" }, t("table.no_players")),
    h("div", { class: "card picker-card" },
      gamePicker(room, { isHost: host, call })),
    host ? null : h("p", { class: "muted read-only-note" },
      t("table.extra_screen")));

  mount(app, topbar(null), h("main", { class: "lobby-layout" }, codeBox, lobby));
}

// ---- game ---------------------------------------------------------------------------------

function renderGameShell() {
  const room = state.room;
  const host = isHost();
  const players = h("ul", { class: "players players-strip", "aria-label": t("lobby.players") },
    room.players.map((p) => playerChip(p, { compact: true, seatless: p.seat === null && !p.bot })));
  const header = topbar(h("div", { class: "game-header" },
    h("div", { class: "mini-join" },
      qrImg("small"),
      h("div", { class: "mini-join-text" },
        h("span", { class: "mini-code", id: "room-code" }, room.code),
        h("span", { class: "mini-url" }, joinUrl().replace(/^https?:\/\//, "")))),
    h("div", { class: "game-name" }, gameTitle(room, room.game),
      room.status === "over" ? h("span", { class: "badge badge-over" }, t("table.game_over")) : null),
    host && room.status === "over" ? h("div", { class: "over-buttons" },
      h("button", { type: "button", class: "btn btn-primary", id: "over-rematch", onclick: () => call("rematch", {}) },
        t("host.rematch")),
      confirmButton(t("host.end_game"), () => call("end_game", {}), { class: "btn btn-quiet", id: "over-end" }))
      : null,
    host ? h("button", {
      type: "button", class: ["btn", "btn-secondary", "host-toggle", state.hostOpen && "on"],
      "aria-expanded": String(state.hostOpen), id: "host-toggle",
      onclick: () => { state.hostOpen = !state.hostOpen; render(); },
    }, t("host.title")) : null));
  // The game keeps the whole width unless the host opens the drawer; once over, rematch and
  // end are in the header.
  const drawer = host && state.hostOpen
    ? h("aside", { class: "drawer" }, hostPanel(room, { call }))
    : null;
  mount(app, header, h("div", { class: "players-bar" }, players),
    h("main", { class: ["game-layout", drawer && "with-drawer"] }, stageRoot, drawer));
}

// ---- dispatch -----------------------------------------------------------------------------

function render() {
  if (!state.room) return;
  if (state.room.status === "lobby") renderLobby();
  else renderGameShell();
}

function onWelcome(w) {
  state.welcome = w;
  if (w.room !== state.code) {
    state.code = w.room;
    state.hostOpen = false;
  }
  store(ROOM_KEY, w.room);
  if (w.host_token) store(hostKey(w.room), w.host_token);
  const url = new URL(location.href);
  if (url.searchParams.get("room") !== w.room) {
    url.searchParams.set("room", w.room);
    history.replaceState(null, "", url);
  }
  document.title = `Castaways · ${w.room}`;
}

const flow = roomFlow("table", stage, state, render);

async function main() {
  await loadCatalogs();
  mount(app, topbar(null), h("p", { class: "boot" }, t("conn.connecting")));
  const net = connect({
    auth: () => ({
      role: "table",
      room: state.code,
      host_token: state.code ? recall(hostKey(state.code)) : null,
    }),
    on: {
      welcome: onWelcome,
      room: flow.onRoom,
      game: flow.onGame,
      game_ended: () => toast(t("table.game_ended")),
      error: (error) => error && error.code && toast(errorText(error), { kind: "error" }),  // the error object itself (protocol)
    },
    onStatus: (status, detail) => {
      conn.update(status);
      // too_many_rooms / server_full: say why there is no room (the badge only says "Not connected").
      if (status === "refused" && detail && detail.code) toast(errorText(detail), { kind: "error", ms: 60000 });
    },
  });
  call = caller(net);
  window.castaways = { net, state };
  keepAwake();
  onLangChange(render);
}

main();
