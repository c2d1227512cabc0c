// The phone page (controller), served at /j/<CODE>. See docs/protocol.md.
// The seat token lives in localStorage "castaways.token.<CODE>" and is presented on every
// connection, so a reload or a reconnection brings back the same seat and view.
import { h, keepFocus, mount } from "/static/js/dom.js";
import { t, getLang, loadCatalogs, onLangChange, errorText } from "/static/js/i18n.js";
import { toast, clearToasts } from "/static/js/toast.js";
import { disc } from "/static/js/players.js";
import { playersList, gamePicker, hostPanel, gameTitle, confirmButton } from "/static/js/lobby.js";
import { connectionBadge, langSwitch, caller, gameStage, roomFlow, refusalNotice } from "/static/js/ui.js";
import { otherGame } from "/static/js/gamekey.js";

const NAME_MAX = 20;
// Beside this module, so under the page's versioned prefix (cached for good, and the same file
// as the page's icon link: one request).
const ICON = new URL("../static/img/icon.svg", import.meta.url).href;
const code = ((location.pathname.split("/").filter(Boolean)[1]) || "").toUpperCase();
const tokenKey = `castaways.token.${code}`;
const nameKey = "castaways.name";

function recall(key) {
  try { return localStorage.getItem(key); } catch (_) { return null; }
}
function store(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (_) { /* private mode: the seat lasts as long as the page */ }
}
let memoryToken = null;
const getToken = () => recall(tokenKey) || memoryToken;
function setToken(token) { memoryToken = token; store(tokenKey, token); }

const state = {
  welcome: null,
  room: null,
  meId: null,
  game: null,
  screen: "connecting", // connecting | room | unknown_room | room_closed | kicked | code (the /j page)
  hostOpen: false,
  joining: false,
  draftName: recall(nameKey) || "",
  joinError: null,      // why the last tap on "Join" did not seat the phone, until the next tap
};

const conn = connectionBadge();
const app = document.getElementById("app");
const stageRoot = h("div", { class: "stage", id: "stage" });
let net = null;
let call = null;
// The socket's modules (Socket.IO is the largest file of the page) are not the join form's:
// asked for as soon as this module runs, they load while the form draws from the room the
// HTML carries (issue 24), instead of holding this module back until they are in.
const netModule = import("/static/js/net.js");
let readyNet = null;
const netReady = new Promise((resolve) => { readyNet = resolve; });   // `net`, once main() made it

// What a visitor's join form does not need (the end of a game, the wake lock, the replay links)
// is imported once the phone has a seat: a first load on a slow network fetches only what the
// join form needs (issue 24; server/assets.py preloads the static imports above).
// morph.js (and idiomorph) updates the lobby in place (renderLobby).
const later = { final: null, wake: null, morph: null, loading: null };
function loadLater() {
  if (!later.loading) {
    later.loading = Promise.all([import("/static/js/final.js"), import("/static/js/wake.js"), import("/static/js/morph.js")]).then(([final, wake, morph]) => {
      later.final = final;
      later.wake = wake;
      later.morph = morph;
      render();
    }, (err) => { later.loading = null; console.error("castaways: a page module did not load", err); });
  }
  return later.loading;
}
function keepAwake(on) {
  if (later.wake) later.wake.keepAwake(on);
  else if (on) loadLater();         // render() asks again once it is here
}
const wakeState = () => (later.wake ? later.wake.wakeState() : { wanted: false, mode: "none", active: false });

const me = () => (state.room && state.meId ? state.room.players.find((p) => p.id === state.meId) || null : null);
const isHost = () => Boolean(state.room && state.meId && state.room.host === state.meId);

// ctx.act(action, {quiet}) -> Promise<reply>. Sends the version of the last `game` payload.
// A refusal is shown as a toast (stale_version as a note: the server resends the state)
// unless {quiet: true}, for a module that shows refusals itself.
async function act(action, { quiet = false } = {}) {
  const msg = state.game;
  const reply = await net.request("act", { version: msg ? msg.version : 0, action });
  // A refusal of a game gone meanwhile (the host ended it, a rematch) says nothing: the
  // screen it was tapped on is gone, and "no game is on" over the lobby reads as an error.
  if (!reply.ok && !quiet && !otherGame(state.game, msg, { room: state.room })) {
    const err = reply.error || {};
    if (err.code === "stale_version") toast(t("game.stale"), { kind: "info" });
    else toast(errorText(err), { kind: "error" });
  }
  return reply;
}

let looks = "";   // the colour the header shows for me (a game may dress seats differently)
const looksNow = () => { const p = stage.dress(me()); return p ? p.colour : ""; };
const stage = gameStage("phone", stageRoot, () => ({
  act,
  request: (event, payload) => net.request(event, payload),
  seat: state.game ? state.game.seat : null,
  me: me(),
}), {
  onPaint: () => { if (state.room && state.room.status !== "lobby" && looksNow() !== looks) render(); },
});

function rulesLink(gameId) {
  if (!gameId) return null;
  return h("a", {
    class: "rules-link", id: "rules-link", target: "_blank", rel: "noopener",
    href: `/rules/${encodeURIComponent(gameId)}?lang=${getLang()}`,
  }, t("phone.rules", { game: gameTitle(state.room, gameId) }));
}

function header() {
  const p = state.room && state.room.status !== "lobby" ? stage.dress(me()) : me();
  looks = p ? p.colour : "";
  // On a page about the connection itself (kicked, unknown room, the code box) the badge
  // would only repeat the message, and push the language switch off a narrow screen.
  const showConn = state.screen === "room" || state.screen === "connecting";
  return h("header", { class: "topbar" },
    p ? h("div", { class: "me", id: "me" }, disc(p.colour, p.letter), h("span", { class: "me-name" }, p.name))
      : h("div", { class: "brand" }, h("img", { class: "brand-icon", src: ICON, alt: "" }),
        h("span", { class: "brand-name" }, "Castaways")),
    turnSlot(),
    h("div", { class: "topbar-end" }, showConn ? conn.el : null, langSwitch()));
}

// The header's middle: "your turn" (its words also in data-text, for the flash's copy drawn
// over it, phone.css), else the room code.
function turnSlot() {
  const said = t("phone.your_turn");
  return turn.mine
    ? h("span", { class: ["turn-pill", turn.flash && "turn-flash"], id: "turn-banner", role: "status", dataset: { text: said } }, said)
    : code ? h("span", { class: "room-tag", title: t("table.room_code") }, code) : null;
}

// The turn came or went and nothing else around the game changed: only the header's pill is
// put in place of the room code (or back), not a new header and host row, styled and laid out
// anew (issue 24); any other page is drawn again.
function paintTurn() {
  const head = app.firstElementChild;
  const slot = state.screen === "room" && gameMain && gameMain.parentNode === app && head && head.localName === "header"
    ? head.querySelector(":scope > #turn-banner, :scope > .room-tag") : null;
  const next = turnSlot();
  if (!slot || !next) return render();
  slot.replaceWith(next);
}

// ---- "your turn" ----------------------------------------------------------------------------
// A decision to make (the game waits for this seat, no bot plays it, the game is on): the phone vibrates where
// the browser allows, the title and a banner in the header say so; a phone that was in the
// background gets the cue again when it comes back.
const turn = { mine: false, flash: false, missed: false };

function cueTurn() {
  try { if (navigator.vibrate) navigator.vibrate([180, 80, 180]); } catch (_) { /* not allowed */ }
  turn.flash = true;
  setTimeout(() => { turn.flash = false; const pill = document.getElementById("turn-banner"); if (pill) pill.classList.remove("turn-flash"); }, 2400);
}

// Written only when it changes: with every update otherwise (a new text node), and read
// neither (reading document.title walks its element's text).
let titleShown = null;
function paintTitle() {
  const base = code ? `Castaways · ${code}` : "Castaways";
  const key = `${turn.mine}${getLang()}${base}`;
  if (key === titleShown) return;
  titleShown = key;
  const title = turn.mine ? `● ${t("phone.your_turn")} · ${base}` : base;
  if (document.title !== title) document.title = title;
}

function updateTurn(msg) {
  const p = me();
  // Awaited by the game (waiting_for), not merely allowed to act (a game may allow an action
  // at any time, like a cheer).
  const mine = Boolean(msg && !msg.over && p && p.seat !== null && p.seat !== undefined && !p.bot_playing
    && Array.isArray(msg.waiting_for) && msg.waiting_for.includes(p.seat)
    && Array.isArray(msg.legal_actions) && msg.legal_actions.length > 0
    // A window that closes by itself (its countdown) waits for nobody: no cue.
    && msg.countdown !== "window");
  const became = mine && !turn.mine;
  turn.mine = mine;
  if (became) {
    if (document.visibilityState === "visible") cueTurn();
    else turn.missed = true;
  }
  if (!mine) turn.missed = false;
  paintTitle();
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && turn.mine && turn.missed) {
    turn.missed = false;
    cueTurn();
    render();
  }
});

// ---- screens ------------------------------------------------------------------------------

function renderMessage(title, text, action) {
  mount(app, header(), h("main", { class: "phone-main" },
    h("section", { class: "card message-card", id: "message" },
      h("h1", { class: "section-title" }, title),
      h("p", null, text),
      action)));
}

let joinFormEl = null;
const JOIN_CONNECT_MS = 20000;   // how long a join tapped while connecting waits for the socket
onLangChange(() => { joinFormEl = null; });

// The form is built once and kept, so a room update while typing keeps focus and keyboard.
function joinForm() {
  if (!joinFormEl) joinFormEl = buildJoinForm();
  return joinFormEl;
}

function buildJoinForm() {
  const input = h("input", {
    id: "name", name: "name", type: "text", class: "text-input", autocomplete: "nickname",
    autocapitalize: "words", enterkeyhint: "go", maxlength: String(NAME_MAX + 20),
    value: state.draftName, placeholder: t("phone.name_placeholder"), "aria-label": t("phone.name_label"),
    "aria-describedby": "join-error", "aria-invalid": state.joinError ? "true" : undefined,
  });
  input.addEventListener("input", () => {
    state.draftName = input.value;
    input.removeAttribute("aria-invalid");
  });
  const button = h("button", { type: "submit", class: "btn btn-primary btn-block", id: "join", disabled: state.joining || undefined },
    state.joining ? t("phone.joining") : t("phone.join"));
  // A tap that did not seat the phone says why under the field until the next tap (the toast
  // goes after 6 s: a player who looked away found a form that said nothing); kept in `state`,
  // so a language switch, which builds the form again, says it in the new language.
  const reason = h("p", { class: "code-error", id: "join-error" }, state.joinError ? errorText(state.joinError) : "");
  const fail = (error) => {
    state.joinError = error;
    reason.textContent = errorText(error);
    input.setAttribute("aria-invalid", "true");
    toast(errorText(error), { kind: "error" });
    input.focus();
  };
  const form = h("form", {
    class: "card join-card", id: "join-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      state.joinError = null;
      reason.textContent = "";
      const name = input.value.trim();
      if (!name) return fail({ code: "name_empty" });
      if ([...name].length > NAME_MAX) return fail({ code: "name_too_long", params: { max: NAME_MAX } });
      state.joining = true;
      button.disabled = true;
      button.textContent = t("phone.joining");
      // The form is drawn before the socket connects (issue 24): a name sent while it still
      // connects waits for it, so the answer's timeout counts from the connection, not from
      // the tap (on a slow Wi-Fi the connection can take longer than that timeout).
      // An answer after the timeout still seats the phone (`late`): the server has seated
      // it, and a phone left on its form would find its own name taken.
      const reply = await (await netReady).requestWhenConnected("join", { name }, JOIN_CONNECT_MS,
        { late: (r) => { if (r.ok) joined(r, name); } });
      state.joining = false;
      button.disabled = false;
      button.textContent = t("phone.join");
      if (state.meId) return;      // seated meanwhile by a late answer to an earlier tap
      if (reply.ok) return joined(reply, name);
      if (joinFormEl === form) return fail(reply.error);
      // A language switch built the form again while the join was on its way (drawn from
      // `state.joining`: its button disabled, "Joining…"): this one is no longer shown, the
      // new one is drawn again from `state`, with the reason under its field.
      state.joinError = reply.error;
      toast(errorText(reply.error), { kind: "error" });
      joinFormEl = null;
      render();
    },
  },
  h("h1", { class: "section-title" }, t("phone.join_title")),
  h("label", { class: "field-label", for: "name" }, t("phone.name_label")),
  input, reason, button);
  return form;
}

// The server's yes to a join: the seat's token kept for reloads, then the lobby.
function joined(reply, name) {
  if (state.meId || state.screen !== "room") return;
  clearToasts("error");   // an earlier "type a name" (or "the server did not answer") must not outlive the join
  state.joinError = null;
  joinFormEl = null;      // a form shown again later (after leaving, or kicked) starts clean, without that reason
  setToken(reply.token);
  store(nameKey, name);
  state.meId = reply.player && reply.player.id;
  flow.onRoom(state.room);     // now seated: the chosen game's strings load, then the lobby draws
}

// The visitor's page is updated around its form, which stays in the page: a room update (the
// socket's first comes just after the form drew from the room the page carries, issue 24)
// neither loses a tap on it nor takes the focus, and the keyboard, away from its field.
let visitorMain = null;
function renderVisitor() {
  const room = state.room;
  const form = joinForm();
  const below = [
    room.status !== "lobby" ? h("p", { class: "note" }, t("phone.game_on_join")) : null,
    h("section", { class: "card" },
      h("h2", { class: "section-title" }, t("lobby.players"), h("span", { class: "count" }, String(room.players.length))),
      room.players.length ? playersList(room, {}) : h("p", { class: "muted" }, t("phone.first"))),
  ].filter(Boolean);
  const shown = app.firstElementChild;
  // the header (brand, room code, badge, language switch) is drawn again for a new language only
  const head = getLang();
  if (visitorMain && visitorMain.parentNode === app && form.parentNode === visitorMain && shown && shown.localName === "header") {
    if (head !== visitorHeadShows) shown.replaceWith(header());
    visitorHeadShows = head;
    while (form.nextSibling) form.nextSibling.remove();
    form.after(...below);
    return;
  }
  visitorHeadShows = head;
  visitorMain = h("main", { class: "phone-main" }, form, below);
  mount(app, header(), visitorMain);
}
let visitorHeadShows = "";

// Renaming: a small form in place of the name, drawn from `renaming` (what was typed, kept
// as it is typed) while open, so a room update morphing the lobby keeps its text and focus.
let renaming = null;   // {current, draft, invalid}

function renameForm(r) {
  const close = () => { renaming = null; render(); };
  return h("form", {
    class: "rename-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      const name = r.draft.trim();
      if (name === r.current) return close();
      let error = null;
      if (!name) error = { code: "name_empty" };
      else if ([...name].length > NAME_MAX) error = { code: "name_too_long", params: { max: NAME_MAX } };
      if (!error) {
        const reply = await net.request("rename", { name });
        if (reply.ok) { store(nameKey, name); return close(); }
        error = reply.error;
      }
      r.invalid = true;
      event.target.querySelector("input").setAttribute("aria-invalid", "true");
      toast(errorText(error), { kind: "error" });
    },
  }, h("input", {
    type: "text", class: "text-input text-input-small", value: r.draft, id: "rename-input",
    maxlength: String(NAME_MAX + 20), autocomplete: "nickname", "aria-label": t("phone.name_label"),
    "aria-invalid": r.invalid ? "true" : undefined,
    oninput() { r.draft = this.value; },
  }),
  h("div", { class: "rename-buttons" },
    h("button", { type: "submit", class: "btn btn-small btn-primary" }, t("phone.save")),
    h("button", { type: "button", class: "btn btn-small btn-quiet", onclick: close }, t("common.cancel"))));
}

// The lobby is updated in place while the room changes under it (players join, bots, names,
// the host's options: a `room` message each): its cards are morphed into the page shown
// (morph.js, loaded with the seated page's modules), and the header stays the same node unless
// what it shows changed. Nothing the host may be pressing leaves the page (Chromium drops a
// click whose pressed node was removed before the release: a tap on "Add a bot" or "Start" was
// lost), and a half-typed name keeps its text and focus.
const lobbyMain = h("main", { class: "phone-main" });
let lobbyHeadShows = "";

function renderLobby() {
  const room = state.room;
  const p = me();
  const host = isHost();
  const shown = lobbyMain.parentNode === app && app.childElementCount === 2;
  // one element in the page (showPage's page), laid out as its children (display: contents)
  const page = h("div", { class: "lobby-page" },
    h("section", { class: "card you-card", id: "you" },
      disc(p.colour, p.letter, { big: true }),
      h("div", { class: "you-text" },
        h("div", { class: "you-label" }, t("phone.you_are")),
        renaming ? renameForm(renaming) : h("div", { class: "you-name" }, p.name),
        host ? h("div", { class: "you-host" }, t("phone.you_host")) : null),
      renaming ? null : h("button", {
        type: "button", class: "btn btn-small btn-quiet", id: "rename",
        onclick: () => {
          renaming = { current: p.name, draft: p.name, invalid: false };
          render();
          document.getElementById("rename-input")?.focus();
        },
      }, t("phone.rename"))),
    h("section", { class: "card" },
      h("h2", { class: "section-title" }, t("lobby.players"), h("span", { class: "count" }, String(room.players.length))),
      playersList(room, { meId: state.meId, isHost: host, call })),
    h("section", { class: "card" }, gamePicker(room, { isHost: host, call, rulesLink })),
    h("div", { class: "leave-row" },
      confirmButton(t("phone.leave"), async () => {
        const reply = await call("leave", {});
        if (reply.ok) forget();
      }, { class: "btn btn-quiet", id: "leave" })));
  // A lobby left for a game is drawn afresh (its ids, as #rules-link, are the game page's too).
  if (!shown) lobbyMain.replaceChildren();
  if (later.morph) later.morph.showPage(lobbyMain, page, `lobby|${code}`);
  else lobbyMain.replaceChildren(page);
  // the header: what header() reads in the lobby (it moves the badge and the language switch)
  const head = JSON.stringify([getLang(), p.colour, p.letter, p.name, turn.mine, turn.flash]);
  if (!shown) mount(app, header(), lobbyMain);
  else if (head !== lobbyHeadShows) keepFocus(app, () => app.firstElementChild.replaceWith(header()));
  lobbyHeadShows = head;
}

function renderGame() {
  const room = state.room;
  const p = me();
  const host = isHost();
  const seated = p && p.seat !== null && p.seat !== undefined;
  const parts = [];
  if (p && p.bot_playing) {
    parts.push(h("section", { class: "banner banner-bot", id: "bot-playing", role: "status" },
      h("span", null, t("phone.bot_playing")),
      h("button", { type: "button", class: "btn btn-primary", id: "take-back", onclick: () => call("take_back", {}) },
        t("phone.take_back"))));
  }
  if (!seated) {
    parts.push(h("section", { class: "card message-card", id: "spectator" },
      h("h1", { class: "section-title" }, t("phone.spectator_title")),
      h("p", null, t("phone.spectator", { game: gameTitle(room, room.game) }))));
    parts.push(h("section", { class: "card" },
      h("h2", { class: "section-title" }, t("lobby.players"), h("span", { class: "count" }, String(room.players.length))),
      playersList(room, { meId: state.meId })));
  } else {
    // While a bot plays this seat the phone shows the game but takes no taps.
    stageRoot.classList.toggle("locked", Boolean(p.bot_playing));
    if (p.bot_playing) stageRoot.setAttribute("inert", "");
    else stageRoot.removeAttribute("inert");
    parts.push(stageRoot);
  }
  // The end of the game: who won, and for the host rematch / back to the lobby, first.
  const final = state.game && state.game.over && later.final
    ? later.final.finalPanel(state.game, { isHost: host, call, colourOf: stage.colourOf(room, state.game), page: "phone", code: room.code })
    : null;
  if (final) parts.unshift(final);
  if (host) {
    parts.push(h("div", { class: "host-row" },
      h("button", {
        type: "button", class: ["btn", "btn-secondary", "host-toggle", state.hostOpen && "on"], id: "host-toggle",
        "aria-expanded": String(state.hostOpen),
        onclick: () => { state.hostOpen = !state.hostOpen; render(); },
      }, t("host.title"))));
    if (state.hostOpen) parts.push(h("div", { class: "card" }, hostPanel(room, { call, meId: state.meId })));
  }
  parts.push(h("footer", { class: "phone-footer" }, rulesLink(room.game)));
  const top = header();
  if (gameMain && gameMain.parentNode === app && app.childElementCount === 2 && app.firstElementChild.localName === "header") {
    // The game's page stays where it is (issue 24): the "your turn" pill coming or going, the
    // final strip or the host panel change the page around the stage, never move the stage
    // itself (taken out and put back, its whole page was styled and laid out anew).
    keepFocus(app, () => {
      app.firstElementChild.replaceWith(top);
      placeChildren(gameMain, parts);
    });
    return;
  }
  gameMain = h("main", { class: ["phone-main", "phone-game"] }, parts);
  mount(app, top, gameMain);
}
let gameMain = null;

// `parent`'s children become `nodes`, in order; a node already in its place is not moved
// (what is gone is removed first, so nothing before a kept node moves it).
function placeChildren(parent, nodes) {
  const wanted = new Set(nodes);
  for (const child of [...parent.childNodes]) if (!wanted.has(child)) child.remove();
  let at = parent.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}

// ---- the join page (/j): a big box for the room code, for a phone that cannot scan ------------

let codeForm = null;
onLangChange(() => { codeForm = null; });

function buildCodeForm() {
  const input = h("input", {
    id: "code", name: "code", type: "text", class: "text-input code-input", inputmode: "text",
    autocomplete: "off", autocorrect: "off", autocapitalize: "characters", spellcheck: "false",
    enterkeyhint: "go", maxlength: "8", placeholder: "ABCD", "aria-label": t("phone.code_label"),
    "aria-describedby": "code-error",
  });
  const error = h("p", { class: "code-error", id: "code-error", role: "alert" });
  const say = (text) => {
    error.textContent = text;
    input.setAttribute("aria-invalid", text ? "true" : "false");
  };
  input.addEventListener("input", () => {
    const clean = input.value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 4);
    if (clean !== input.value) input.value = clean;
    say("");
  });
  const button = h("button", { type: "submit", class: "btn btn-primary btn-block", id: "code-go" }, t("phone.code_go"));
  return h("form", {
    class: "card join-card code-card", id: "code-form", novalidate: true,
    onsubmit: async (event) => {
      event.preventDefault();
      const wanted = input.value.toUpperCase().replace(/[^A-Z]/g, "");
      if (wanted.length !== 4) { say(t("phone.code_short")); input.focus(); return; }
      button.disabled = true;
      let known = false;
      try {
        const res = await fetch(`/rooms/${encodeURIComponent(wanted)}`, { cache: "no-store" });
        known = res.ok && (await res.json()).ok === true;
      } catch (_) { known = false; }
      button.disabled = false;
      if (known) { location.assign(`/j/${wanted}`); return; }
      say(t("phone.code_unknown", { code: wanted }));
      input.select();
    },
  },
  h("h1", { class: "section-title" }, t("phone.code_title")),
  h("label", { class: "field-label", for: "code" }, t("phone.code_label")),
  input, error, button);
}

function renderCodePage() {
  if (!codeForm) codeForm = buildCodeForm();
  mount(app, header(), h("main", { class: "phone-main" }, codeForm));
}

function render() {
  if (state.screen === "code") return renderCodePage();
  if (state.screen === "unknown_room" || state.screen === "room_closed") {
    // room_closed: refused by the server, the room closed after the page loaded; unknown_room:
    // a code no room can have
    const [title, text] = state.screen === "room_closed" ? ["phone.room_closed_title", "phone.room_closed"]
      : ["phone.unknown_room_title", "phone.unknown_room"];
    return renderMessage(t(title), t(text, { code }),
      h("a", { class: "btn btn-secondary", id: "other-code", href: "/j" }, t("phone.code_other")));
  }
  if (state.screen === "kicked") {
    return renderMessage(t("phone.kicked_title"), t("phone.kicked"),
      h("button", { type: "button", class: "btn btn-primary", id: "rejoin", onclick: () => { state.screen = "room"; net.reconnect(); } },
        t("phone.rejoin")));
  }
  if (!state.room) {
    return mount(app, header(), h("main", { class: "phone-main" }, h("p", { class: "boot" }, t("conn.connecting"))));
  }
  keepAwake(state.room.status !== "lobby" && Boolean(me()));
  if (!me()) return renderVisitor();
  loadLater();
  if (state.room.status === "lobby") return renderLobby();
  return renderGame();
}

function forget() {
  setToken(null);
  state.meId = null;
  state.game = null;
  stage.reset();
  net.reconnect();
}

// ---- events -------------------------------------------------------------------------------

function onWelcome(w) {
  state.welcome = w;
  state.screen = "room";
  const presented = getToken();
  if (w.player && w.player.id) {
    state.meId = w.player.id;
  } else {
    state.meId = null;
    if (presented) {
      // A token the room no longer knows: the seat was taken away while this phone slept (a
      // kick is sent only to a connected phone). Its game ends here, as on a kick.
      setToken(null);
      leaveSeat("room");
    }
  }
}

const flow = roomFlow("phone", stage, state, render, { seated: () => Boolean(state.meId) });

function onRoom(room) {
  if (state.meId && !room.players.some((p) => p.id === state.meId)) {
    // removed by the host (from the lobby; or kicked from a game, its message lost)
    setToken(null);
    leaveSeat("room");
  }
  flow.onRoom(room);
  const was = turn.mine;
  updateTurn(state.game);   // a bot took or gave back the seat: the turn is (no longer) ours
  if (was !== turn.mine) render();
}

// The phone has no seat here any more (kicked, or its room gone): its game ends at once, so
// that nothing of it runs on under the message (a window's holder, a countdown), and the
// screen may sleep.
function leaveSeat(screen) {
  turn.mine = false;
  paintTitle();
  keepAwake(false);
  state.meId = null;
  state.game = null;
  state.screen = screen;
  stage.reset();
}

function onKicked() {
  setToken(null);
  leaveSeat("kicked");
  net.close();
  render();
}

function inlineRoom() {
  const el = document.getElementById("castaways-room");
  if (!el) return null;
  try {
    const room = JSON.parse(el.textContent);
    return room && room.code === code && Array.isArray(room.players) ? room : null;
  } catch (_) {
    return null;
  }
}

async function main() {
  await loadCatalogs();
  onLangChange(() => { paintTitle(); });
  if (!code) {
    state.screen = "code";
    render();
    onLangChange(render);
    document.getElementById("code")?.focus();
    return;
  }
  if (!/^[A-Z]{4}$/.test(code)) {
    state.screen = "unknown_room";
    render();
    return;
  }
  document.title = `Castaways · ${code}`;
  // The room as the page's HTML carries it (server/routes.py phone_page): a visitor's join
  // form draws now, while the socket connects (issue 24: on a slow network the welcome came a
  // second later). The socket's welcome and room then replace it. A phone holding a seat token
  // waits for the welcome instead: it is probably seated, and must not show a join form.
  const inline = !getToken() && inlineRoom();
  if (inline) {
    state.screen = "room";
    flow.onRoom(inline);
  } else {
    render();
  }
  onLangChange(render);
  const notice = refusalNotice();
  let connect;
  try {
    ({ connect } = await netModule);
  } catch (err) {
    console.error("castaways: the connection module did not load", err);   // the badge says "connecting"
    return;
  }
  net = connect({
    auth: () => ({ role: "phone", room: code, token: getToken() }),
    on: {
      welcome: onWelcome,
      room: onRoom,
      game: (msg) => {
        const wasOver = Boolean(state.game && state.game.over);
        const fresh = otherGame(state.game, msg, { room: state.room });
        // A new game (start, rematch) opens on the player's own decision: the host panel
        // closes and the page goes back to the top, wherever the last game left it.
        if (fresh) state.hostOpen = false;
        flow.onGame(msg);
        const was = turn.mine;
        updateTurn(msg);
        // the banner and the final strip are the page's: redraw when they come or go
        if (fresh || Boolean(msg.over) !== wasOver) render();
        else if (was !== turn.mine) paintTurn();
        if (fresh) window.scrollTo(0, 0);
      },
      kicked: onKicked,
      game_ended: () => toast(t("phone.game_ended")),
      watch: (m) => import("/static/js/story.js").then((story) => story.onWatch("phone", state.room && state.room.code, m)),   // issue 23
      error: (error) => error && error.code && toast(errorText(error), { kind: "error" }),  // the error object itself (protocol)
    },
    onStatus: (status, detail) => {
      conn.update(status);
      if (status === "refused" && detail && detail.code === "unknown_room") {
        // The page was served with its room, so the room has closed since (while this phone
        // slept): its game ends here too. The seat token stays (a room that does not know it
        // drops it at its welcome).
        leaveSeat("room_closed");
        render();
      } else {
        notice(status, detail);     // e.g. too_many_visitors: say why until let in
      }
    },
  });
  call = caller(net);
  readyNet(net);
  window.castaways = { net, state, wake: wakeState, turn, stage };   // stage: benchmarks/pages.py feeds it
}

main();
