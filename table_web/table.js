// The table page (the TV). See docs/protocol.md.
// The room lives in the URL (?room=CODE) and in localStorage; the host token in localStorage.
import { h, mount } from "/static/js/dom.js";
import { t, getLang, loadCatalogs, onLangChange, errorText } from "/static/js/i18n.js";
import { connect } from "/static/js/net.js";
import { toast } from "/static/js/toast.js";
import { playerChip } from "/static/js/players.js";
import { playersList, gamePicker, hostPanel, gameTitle } from "/static/js/lobby.js";
import { fitWithin } from "/static/js/fittext.js";
import { connectionBadge, langSwitch, caller, gameStage, roomFlow, refusalNotice } from "/static/js/ui.js";
import { stageFitter } from "/static/js/fit.js";
import { finalPanel } from "/static/js/final.js";
import { onWatch } from "/static/js/story.js";
import { cue, cueFor, countdownTicks, isMuted, setMuted, onMuteChange, played, warm } from "/static/js/sound.js";
import { keepAwake } from "/static/js/wake.js";
import { showPage } from "/static/js/morph.js";
import { otherGame } from "/static/js/gamekey.js";

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
  joinOpen: false,   // the big QR code shown over the game (the "Join" button)
  game: null,
};

const conn = connectionBadge();
const app = document.getElementById("app");
const stageRoot = h("div", { class: "stage", id: "stage" });
// The stage's box: what is left of the screen below the header; the fitter scales the game
// into it (server/static/js/fit.js), so no TV size ever scrolls.
const stageBox = h("div", { class: "stage-box", id: "stage-box" }, stageRoot);
// A new size of the stage (the window, the final strip, the host's drawer) draws the game again
// with the same payload: its module refits to it then, not at the next message.
const fitter = stageFitter(stageBox, stageRoot, { onResize: () => stage.setRoom(state.room) });
// The lobby's right column (players, game, options) fits its box the same way.
const lobbyRoot = h("section", { class: "lobby-panel" });
const lobbyBox = h("div", { class: "lobby-box" }, lobbyRoot);
const lobbyFitter = stageFitter(lobbyBox, lobbyRoot);
let lobbyColumnFitted = null;   // the lobby column's content its scale was last fitted for
const ticks = countdownTicks(5);
let heard = null;   // the last game payload the sound cues looked at
// The header's player chips wear the seats' colours as the game shows them (stage.dress):
// redraw it when the game's module first paints (it may dress them differently).
let looks = "";
const looksNow = () => (state.room ? state.room.players.map((p) => stage.dress(p).colour).join() : "");
const stage = gameStage("table", stageRoot, () => ({}), {
  onPaint: (mod, msg, room) => {
    // fitted again only for a new game, player count, end or language (issue 24), else kept
    fitter.fit(mod.fit, [msg.game, msg.match, room ? room.players.length : 0, Boolean(msg.over), getLang()].join("|"));
    if (state.room && state.room.status !== "lobby" && looksNow() !== looks) render();
  },
});
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
    type: "button", class: "btn btn-small btn-quiet icon-btn", id: "fullscreen", "aria-pressed": String(on),
    title: t(on ? "table.fullscreen_exit" : "table.fullscreen"),
    onclick: () => (on ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => {}),
  }, corners(on), hiddenLabel(t(on ? "table.fullscreen_exit" : "table.fullscreen")));
}

// Header icons drawn in SVG (an emoji may be missing from a TV's fonts); each button that shows
// only its icon carries its words as a visually hidden label and a title.
function icon(cls, paths) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `btn-icon ${cls}`);
  svg.setAttribute("aria-hidden", "true");
  paths.forEach(([d, filled]) => {
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", filled ? "currentColor" : "none");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "2");
    path.setAttribute("stroke-linecap", "round");
    path.setAttribute("stroke-linejoin", "round");
    svg.appendChild(path);
  });
  return svg;
}

// A speaker, crossed out when muted.
const speaker = (off) => icon("sound-icon", [["M3 9h4l5-4v14l-5-4H3z", true],
  [off ? "M16 9l6 6M22 9l-6 6" : "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"]]);
// Four corners, pointing out (full screen) or in (leave it).
const corners = (on) => icon("fullscreen-icon", [[on
  ? "M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6"
  : "M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6"]]);
// Three sliders: the host's controls.
const sliders = () => icon("host-icon", [["M4 6h16M4 12h16M4 18h16"], ["M9 4v4M15 10v4M7 16v4"]]);
const hiddenLabel = (text) => h("span", { class: "btn-label" }, text);

function soundButton() {
  const off = isMuted();
  return h("button", {
    type: "button", class: ["btn", "btn-small", "btn-quiet", "icon-btn", "sound-toggle", off && "sound-off"], id: "sound",
    "aria-pressed": String(!off), title: t(off ? "table.sound_off" : "table.sound_on"),
    onclick: () => { setMuted(!isMuted()); if (!isMuted()) cue("reveal"); },
  }, speaker(off),
  hiddenLabel(t(off ? "table.sound_off" : "table.sound_on")));
}

function topbar(extra) {
  return h("header", { class: ["topbar", extra && "in-game"] }, brand(), extra,
    h("div", { class: "topbar-end" }, conn.el, soundButton(), fullscreenButton(), langSwitch()));
}

document.addEventListener("fullscreenchange", () => render());
onMuteChange(() => render());

// ---- lobby --------------------------------------------------------------------------------

// The lobby is updated in place while the room changes under it (players join, bots, names,
// the host's options: a `room` message each): its players, game and options are morphed into the
// column shown (morph.js), and its header and join panel stay the same nodes unless what they
// show changed. Nothing the host may be pressing leaves the page (Chromium drops a click whose
// pressed node was removed before the release: a tap on "Add a bot" or "Start" was lost), a
// focused field keeps its text and focus, and the QR code is not drawn again.
const lobbyMain = h("main", { class: "lobby-layout" });
let joinPanel = null;
let joinPanelShows = "";
let lobbyHeadShows = "";

function renderLobby() {
  const room = state.room;
  const host = isHost();
  const qr = qrImg("big");
  const says = [getLang(), room.code, joinUrl()].join("|");
  if (!joinPanel || says !== joinPanelShows || !joinPanel.contains(qr)) {
    joinPanelShows = says;
    qr.alt = t("table.qr_alt", { code: state.code });
    const next = h("section", { class: "join-panel" },
      h("h1", { class: "join-title" }, t("table.join_title")),
      h("div", { class: "qr-frame" }, qr),
      h("div", { class: "code-label" }, t("table.room_code")),
      h("div", { class: "room-code", id: "room-code", "aria-label": t("table.room_code") }, room.code),
      h("div", { class: "join-url", id: "join-url" }, joinUrl()));
    if (joinPanel && joinPanel.parentNode) joinPanel.replaceWith(next);
    joinPanel = next;
  }

  const count = room.players.length;
  // one element in the column (showPage's page), laid out as its children (display: contents)
  showPage(lobbyRoot, h("div", { class: "lobby-page" },
    h("h2", { class: "section-title" }, t("lobby.players"), h("span", { class: "count" }, String(count))),
    count
      ? playersList(room, { isHost: host, call })
      : h("p", { class: "muted big-note empty-players" }, t("table.no_players")),
    h("div", { class: "card picker-card" },
      gamePicker(room, { isHost: host, call })),
    host ? null : h("p", { class: "muted read-only-note" },
      t("table.extra_screen"))), `lobby|${room.code}`);

  letGo([stageBox, qrSmall]);
  // the header: what topbar() reads (it moves the badge and the language switch into a new one)
  const head = [getLang(), isMuted(), Boolean(document.fullscreenElement)].join("|");
  if (lobbyMain.parentNode === app && app.childElementCount === 2 && lobbyBox.parentNode === lobbyMain
    && joinPanel.parentNode === lobbyMain) {
    if (head !== lobbyHeadShows) app.firstElementChild.replaceWith(topbar(null));
  } else {
    lobbyMain.replaceChildren(joinPanel, lobbyBox);
    mount(app, topbar(null), lobbyMain);
  }
  lobbyHeadShows = head;
  // Six players and a game's options: shrunk to fit, never scrolled. The scale is searched again
  // (a layout per step) only when the column's content changed; a room message that changes
  // nothing in it (a visitor on the join page, a phone reconnecting) reads nothing: its scale
  // was found for this very content (a new box size refits through the fitter's observer, a
  // stylesheet arriving through its listener). Checking it cost two layouts a message while
  // shrunk (scale 1 tried, then put back).
  const column = lobbyRoot.innerHTML;
  if (column !== lobbyColumnFitted) {
    lobbyColumnFitted = column;
    lobbyFitter.fit(null, column);
  }
}

// The page's kept elements (the stage, the lobby's column, the QR codes) that the new screen does
// not show leave the old one: a kept element left in a page taken off the screen keeps that whole
// page alive (its parent), the lobby for the whole game and the last game's screen in the lobby.
function letGo(kept) {
  for (const el of kept) if (el) el.remove();
}

// ---- game ---------------------------------------------------------------------------------

function renderGameShell() {
  const room = state.room;
  const host = isHost();
  looks = looksNow();
  const bots = room.players.filter((p) => p.bot).length;
  const players = h("ul", { class: "players players-strip", "aria-label": t("lobby.players") },
    room.players.map((p) => playerChip(stage.dress(p), { compact: true, seatless: p.seat === null && !p.bot })),
    // with too many players for the row, the bots' discs go last, under this one word
    bots ? h("li", { class: "players-bots", "aria-hidden": "true" },
      h("span", { class: "badge badge-bot" }, t("table.bots", { n: bots }))) : null);
  // One slim row (issue 20.6: the board gets the screen's height): the mini QR code and code,
  // the game, the players (each board names them too; the strip keeps the bot and away badges),
  // then the buttons, the host's as an icon with its words as a label.
  const header = topbar(h("div", { class: "game-header" },
    h("button", {
      type: "button", class: "mini-join", id: "mini-join", title: t("table.join_show"),
      onclick: () => { state.joinOpen = true; render(); },
    },
    qrImg("small"),
    h("span", { class: "mini-join-text" },
      h("span", { class: "mini-code", id: "room-code" }, room.code),
      h("span", { class: "mini-url" }, shortJoinUrl()))),
    h("div", { class: "game-name" }, h("span", { class: "game-title" }, gameTitle(room, room.game)),
      room.status === "over" ? h("span", { class: "badge badge-over" }, t("table.game_over")) : null),
    players,
    h("button", {
      type: "button", class: "btn btn-secondary join-toggle", id: "join-toggle",
      "aria-expanded": String(joinShown()), onclick: () => { state.joinOpen = !joinShown(); render(); },
    }, t("table.join_button")),
    host ? h("button", {
      type: "button", class: ["btn", "btn-secondary", "icon-btn", "host-toggle", state.hostOpen && "on"],
      "aria-expanded": String(state.hostOpen), id: "host-toggle", title: t("host.title"),
      onclick: () => { state.hostOpen = !state.hostOpen; render(); },
    }, sliders(), hiddenLabel(t("host.title"))) : null));
  // The game keeps the whole width unless the host opens the drawer. Once over, the final
  // strip (rematch, back to the lobby) sits under the game's own final screen.
  const drawer = host && state.hostOpen
    ? h("aside", { class: "drawer" }, hostPanel(room, { call }))
    : null;
  const final = state.game && state.game.over
    ? finalPanel(state.game, { isHost: host, call, colourOf: stage.colourOf(room, state.game), page: "table", code: room.code })
    : null;
  letGo([lobbyBox, joinShown() ? null : qrBig]);
  lobbyRoot.replaceChildren();   // (drawn again with the lobby)
  mount(app, header,
    h("main", { class: ["game-layout", drawer && "with-drawer"] },
      h("div", { class: "game-column" }, stageBox, final), drawer),
    joinShown() ? joinOverlay() : null);
  fitter.apply();
  tighten();
  // The floor of the sofa (issue 20.6): 14 px at 1280x720, 18 px at 1920x1080.
  const floor = Math.max(14, 0.75 * parseFloat(getComputedStyle(app).fontSize));
  fitWithin(header, ".game-title", { min: floor, watch: false });   // a long title is drawn smaller, never cut (issue 19.7)
}

// Too many players for the header's row: the strip keeps their discs and badges (the board
// names them). Measured again when the window changes size.
function tighten() {
  const strip = app.querySelector(".players-strip");
  if (!strip) return;
  strip.classList.remove("players-tight");
  strip.classList.toggle("players-tight", strip.scrollWidth > strip.clientWidth + 1);
}
window.addEventListener("resize", tighten);

// The big QR code and code over the game, for a latecomer: on demand ("Join"), and by itself
// while a visitor phone is on the join page (room.visitors).
function joinShown() {
  const room = state.room;
  return Boolean(room && room.status !== "lobby" && (state.joinOpen || room.visitors > 0));
}

function shortJoinUrl() {
  // The address to type: the join page, which asks for the code.
  return joinUrl().replace(/^https?:\/\//, "").replace(/\/j\/[A-Z]+$/, "/j");
}

function joinOverlay() {
  const room = state.room;
  const close = () => { state.joinOpen = false; render(); };
  return h("div", { class: "join-overlay", id: "join-overlay", role: "dialog", "aria-label": t("table.join_title") },
    h("div", { class: "join-sheet" },
      h("h2", { class: "join-title" }, t("table.join_late")),
      h("div", { class: "qr-frame" }, qrImg("big")),
      h("div", { class: "code-label" }, t("table.room_code")),
      h("div", { class: "room-code room-code-big", id: "overlay-code" }, room.code),
      h("div", { class: "join-url" }, shortJoinUrl()),
      room.visitors > 0 ? h("p", { class: "join-visitors" }, t("table.visitors", { n: room.visitors })) : null,
      h("button", { type: "button", class: "btn btn-secondary", id: "join-close", onclick: close }, t("common.close"))));
}

// ---- dispatch -----------------------------------------------------------------------------

function render() {
  if (!state.room) return;
  keepAwake(state.room.status !== "lobby");
  if (state.room.status === "lobby") {
    // the game's countdown is gone with it (no `game` payload says so: end_game sends the room)
    ticks.set(null);
    state.joinOpen = false;
    fitter.reset();
    renderLobby();
  } else renderGameShell();
}

// Sound: a cue for what a new payload brings (never for the state sent on (re)connect), and
// ticks in the countdown's last seconds.
function listen(msg) {
  const fresh = heard && msg.version > heard.version && msg.game === heard.game;
  if (fresh) {
    const name = cueFor(msg, heard);
    if (name) cue(name);
  }
  heard = msg;
  ticks.set(msg.over ? null : msg.deadline);
  warm();
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
  const notice = refusalNotice();
  const net = connect({
    auth: () => ({
      role: "table",
      room: state.code,
      host_token: state.code ? recall(hostKey(state.code)) : null,
    }),
    on: {
      welcome: onWelcome,
      room: flow.onRoom,
      game: (msg) => {
        const wasOver = Boolean(state.game && state.game.over);
        // A new game (start, rematch) opens on the whole board: the host's drawer and the big
        // QR code of the last one close (as the phone's host panel does).
        const fresh = otherGame(state.game, msg, { room: state.room });
        if (fresh) {
          state.hostOpen = false;
          state.joinOpen = false;
        }
        listen(msg);
        flow.onGame(msg);
        // the final strip comes and goes with the game's end
        if ((fresh || Boolean(msg.over) !== wasOver) && state.room && state.room.status !== "lobby") render();
      },
      game_ended: () => toast(t("table.game_ended")),
      watch: (m) => onWatch("table", state.code, m),     // the host replays a game (issue 23)
      error: (error) => error && error.code && toast(errorText(error), { kind: "error" }),  // the error object itself (protocol)
    },
    onStatus: (status, detail) => {
      conn.update(status);
      // too_many_rooms / server_full: say why there is no room (the badge only says "Not connected").
      notice(status, detail);
    },
  });
  call = caller(net);
  window.castaways = { net, state, stage, sounds: played };
  onLangChange(render);
}

main();
