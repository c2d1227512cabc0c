// Small page furniture shared by both pages: the connection indicator, the EN/FR switch,
// a request wrapper that toasts refusals, and the game stage (module loading + rendering).
import { h } from "./dom.js";
import { t, getLang, setLang, onLangChange, errorText, setGameStrings, has, LANGS, loadCatalogs } from "./i18n.js";
import { toast } from "./toast.js";
import { loadGameModule } from "./loader.js";
import { makeColourOf } from "./players.js";
import { gameKey, endGames } from "./gamekey.js";

/** The connection indicator. Shows "reconnecting…" only after a short grace period. */
export function connectionBadge() {
  const el = h("div", { class: "conn", role: "status", "aria-live": "polite", dataset: { state: "connecting" } },
    h("span", { class: "conn-dot", "aria-hidden": "true" }),
    h("span", { class: "conn-text" }, ""));
  let timer = null;
  let state = "connecting";
  const paint = () => {
    el.dataset.state = state;
    // (made at a page's start, before its words are in: no key shown, painted when they come)
    el.querySelector(".conn-text").textContent = has(`conn.${state}`) ? t(`conn.${state}`) : "";
    el.classList.toggle("conn-visible", state !== "connected");
  };
  const update = (next) => {
    state = next;
    clearTimeout(timer);
    if (next === "connected" || next === "refused") paint();
    else timer = setTimeout(paint, 900);
  };
  onLangChange(paint);
  paint();
  loadCatalogs().then(paint, () => {});
  return { el, update, get state() { return state; } };
}

/**
 * notice(status, detail), fed with net.js's statuses: a refused connection says why in an
 * error toast that stays while the page is refused (a temporary refusal, e.g.
 * too_many_visitors, is asked again by net.js meanwhile) and goes once connected.
 */
export function refusalNotice() {
  let shown = null;
  return (status, detail) => {
    if (status === "refused" && detail && detail.code) {
      if (shown) shown.remove();
      shown = toast(errorText(detail), { kind: "error", ms: 120000 });
    } else if (status === "connected" && shown) {
      shown.remove();
      shown = null;
    }
  };
}

// The EN/FR switch: one element per page, built once and moved into each new header (like the
// connection badge). A switch built per render subscribed to language changes every time and
// never unsubscribed, so every old header stayed alive (issue 24).
let switchEl = null;
export function langSwitch() {
  if (switchEl) return switchEl;
  const el = h("div", { class: "lang-switch", role: "group", "aria-label": "Language / Langue" },
    LANGS.map((code) => h("button", {
      type: "button", class: "lang", lang: code, dataset: { lang: code },
      onclick: () => setLang(code),
    }, code.toUpperCase())));
  const paint = () => {
    for (const b of el.children) {
      const on = b.dataset.lang === getLang();
      b.classList.toggle("lang-on", on);
      b.setAttribute("aria-pressed", String(on));
    }
  };
  onLangChange(paint);
  paint();
  switchEl = el;
  return el;
}

/** call(event, payload) -> reply; a refusal is shown as an error toast. */
export function caller(conn) {
  return async (event, payload = {}) => {
    const reply = await conn.request(event, payload);
    if (!reply.ok) toast(errorText(reply.error), { kind: "error" });
    return reply;
  };
}

/**
 * The game stage: owns `root` while a game is on. show(msg, room) loads the module of
 * msg.game (once), merges its strings and calls render(root, msg, ctx). It re-renders on a
 * language change. extraCtx() adds the page's own fields (phone: act, seat). When the game in
 * root goes (another game shown, or reset() back in the lobby) its modules' memory is ended
 * at once (gamekey.js endGames): their timers stop with it.
 */
export function gameStage(page, root, extraCtx = () => ({}), { onPaint = null } = {}) {
  let current = null;      // {msg, room}
  let moduleId = null;
  let mod = null;
  let token = 0;
  let shown = null;        // gameKey of the game in root: a rematch starts on an empty root

  async function show(msg, room) {
    current = { msg, room };
    const mine = ++token;
    const key = gameKey(msg, { room });
    if (shown !== null && key !== shown) {
      endGames(root);      // the last game's timers stop now, whatever module draws next
      root.replaceChildren();
    }
    shown = key;
    if (moduleId !== msg.game || !mod) {
      const loaded = await loadGameModule(page, msg.game, hasPageModule(room, page, msg.game));
      if (mine !== token) return;
      if (moduleId !== msg.game) root.replaceChildren();
      moduleId = msg.game;
      mod = loaded;
      setGameStrings(mod.strings);
    }
    paint();
  }

  function paint() {
    if (!current || !mod) return;
    const { msg, room } = current;
    const ctx = {
      t, has, lang: getLang(), page,
      room, players: room ? room.players : [],
      colourOf: colourOf(room, msg),
      ...extraCtx(),
    };
    // the game is the same on every update of a game: written when it changes, as morph.js does
    // (attributes, not el.dataset: its getter and setter convert the name on every call)
    if (root.getAttribute("data-game") !== msg.game) root.setAttribute("data-game", msg.game);
    const version = String(msg.version);
    if (root.getAttribute("data-version") !== version) root.setAttribute("data-version", version);
    try {
      mod.render(root, msg, ctx);
    } catch (err) {
      console.error("render failed", err);
      toast(t("error.render"), { kind: "error" });
    }
    if (onPaint) onPaint(mod, msg, room);
  }

  // A seat's look as the game shows it (module export seatColour(view, seat)), else the room's.
  function look(msg) {
    return mod && mod.seatColour && msg ? (seat) => mod.seatColour(msg.view, seat) : null;
  }
  function colourOf(room, msg) { return makeColourOf(room, msg, look(msg)); }
  /** A room player as the game on shows them (colour, letter of their seat). */
  function dress(player) {
    if (!player || player.seat === null || player.seat === undefined || !current) return player;
    const l = look(current.msg);
    let seen = null;
    try { seen = l ? l(player.seat) : null; } catch (_) { seen = null; }
    return seen ? { ...player, ...seen } : player;
  }

  /** Update room (players, presence) without a new game payload. */
  function setRoom(room) {
    if (current) { current.room = room; paint(); }
  }

  function reset() {
    current = null;
    moduleId = null;
    mod = null;
    shown = null;
    token++;
    endGames(root);
    root.replaceChildren();
  }

  onLangChange(paint);
  return {
    show, setRoom, reset, dress,
    colourOf: (room, msg) => colourOf(room, msg || (current && current.msg)),
    get msg() { return current && current.msg; },
  };
}

/** Whether the server says game `id` has a `page` module (room.games[].pages); unknown: try. */
export function hasPageModule(room, page, id) {
  const info = room && Array.isArray(room.games) ? room.games.find((g) => g.id === id) : null;
  return !(info && info.pages && info.pages[page] === false);
}

/** Load the strings of a game's module (for the lobby: option names) without rendering. */
export async function preloadStrings(page, gameId, room = null) {
  if (!gameId) { setGameStrings(null); return; }
  const mod = await loadGameModule(page, gameId, hasPageModule(room, page, gameId));
  setGameStrings(mod.strings);
}

/**
 * What both pages do with `room` and `game` payloads: back in the lobby the stage is reset and
 * the chosen game's strings are preloaded (for its option names); during a game every payload
 * goes to the stage. `state` is the page's own ({room, game}); `render` redraws the page.
 * `seated()`: whether the page shows the lobby or the game yet (a phone's visitor sees only the
 * join form: the game's module is loaded, and its payloads drawn, once it has joined, not on a
 * slow first load nor off-screen under the form, issue 24).
 */
export function roomFlow(page, stage, state, render, { seated = () => true } = {}) {
  let lastSelected = null;
  function onRoom(room) {
    const wasLobby = !state.room || state.room.status === "lobby";
    state.room = room;
    if (room.status === "lobby") {
      if (!wasLobby) stage.reset();
      state.game = null;
      const sel = room.selected ? room.selected.game : null;
      if (sel !== lastSelected && seated()) {
        lastSelected = sel;
        preloadStrings(page, sel, room).then(render);
      }
    }
    render();
    if (room.status !== "lobby" && state.game && stage.msg !== state.game && seated()) stage.show(state.game, room);
    else stage.setRoom(room);
  }
  // (returns once drawn: the stage's show, which may load the game's module first)
  function onGame(msg) {
    state.game = msg;
    if (state.room && state.room.status !== "lobby" && seated()) return stage.show(msg, state.room);
    return Promise.resolve();
  }
  return { onRoom, onGame };
}
