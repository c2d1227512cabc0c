// Lobby and host controls shared by the table (TV) and a host phone:
//  - the players list (host: remove a player or bot)
//  - the game picker: one card per game (title, player range) and the options of the chosen
//    one, rendered from its option_specs; the host's changes go to the server (select_game)
//    and every screen renders the server's `room.selected`, so all screens agree
//  - add a bot, start (disabled with the reason when the player count is out of range)
//  - the in-game host panel: end game, rematch, a bot for an absent player, give a bot's
//    seat to a seatless phone, kick.
import { h, humanize } from "./dom.js";
import { t, has, getLang } from "./i18n.js";
import { playerChip } from "./players.js";

// The confirmations waiting for their second tap, by the button's name (its id, else its
// data-*): kept apart from the button, so a page drawn again meanwhile (a `room` or `game`
// update, the lobby morphed in place) draws it armed, and the button shown, kept by the morph
// or mounted anew, confirms on the next tap. Its handler goes through h() and reads the button
// it runs on (`this`): a kept button runs the last render's handler (dom.js), never a closure
// over a button drawn for another player.
const armed = new Map();   // name -> {label, els: the buttons drawn armed, timer}

function disarm(name) {
  const a = armed.get(name);
  if (!a) return;
  armed.delete(name);
  clearTimeout(a.timer);
  for (const el of a.els) {
    el.textContent = a.label;
    el.classList.remove("armed");
  }
}

/** A button that asks for a second tap before doing something destructive. */
export function confirmButton(label, onConfirm, attrs = {}, confirmKey = "common.confirm") {
  // unnamed: armed for as long as the button drawn stays (a page drawn again draws it unarmed)
  const name = attrs.id || attrs.dataset ? JSON.stringify([attrs.id || "", attrs.dataset || {}]) : {};
  const on = armed.get(name);
  const cls = [].concat(attrs.class || [], on ? ["armed"] : []);
  const btn = h("button", {
    type: "button", ...attrs, class: cls.length ? cls : undefined,
    onclick() {
      if (armed.has(name)) {
        disarm(name);
        onConfirm();
        return;
      }
      armed.set(name, { label, els: new Set([this]), timer: setTimeout(() => disarm(name), 3500) });
      this.textContent = t(confirmKey);
      this.classList.add("armed");
    },
  }, on ? t(confirmKey) : label);
  if (on) {
    on.els.add(btn);
    on.label = label;   // (the language may have changed)
  }
  return btn;
}

export function gameInfo(room, id) {
  return (room.games || []).find((g) => g.id === id) || null;
}

export function gameTitle(room, id) {
  if (!id) return "";
  if (has(`game.${id}.title`)) return t(`game.${id}.title`);
  const g = gameInfo(room, id);
  return g ? g.title : id;
}

function rangeText(g) {
  return g.min_players === g.max_players
    ? t("lobby.players_exact", { n: g.min_players })
    : t("lobby.players_range", { min: g.min_players, max: g.max_players });
}

// ---- players -------------------------------------------------------------------------------

/** The lobby's players list. opts: {meId, isHost, call} */
export function playersList(room, { meId = null, isHost = false, call = null } = {}) {
  const items = room.players.map((p) => {
    const actions = [];
    if (isHost && call && room.status === "lobby" && p.id !== meId) {
      actions.push(confirmButton("✕",
        () => call("remove_player", { player: p.id }),
        { class: "btn btn-small btn-quiet btn-remove", "aria-label": t("lobby.remove_name", { name: p.name }),
          title: t("lobby.remove_name", { name: p.name }), dataset: { remove: p.id } },
        "common.confirm_short"));
    }
    const chip = playerChip(p, { me: p.id === meId, actions });
    // A chip stands for its player (morph.js morphId's form): a lobby morphed in place keeps
    // each player's chip, and its "remove", when a player above leaves, rather than drawing the
    // next player into it.
    chip.id = `lobby-player-${String(p.id).replace(/[^A-Za-z0-9_-]/g, "_")}`;
    return chip;
  });
  return h("ul", { class: "players", "aria-label": t("lobby.players") }, items);
}

// ---- options ---------------------------------------------------------------------------------

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

function optionLabel(gameId, name) {
  const key = `options.${gameId}.${name}`;
  return has(key) ? t(key) : humanize(name);
}

function optionHint(gameId, name, spec) {
  const key = `options.${gameId}.${name}.hint`;
  if (has(key)) return t(key);
  return spec.meaning || spec.note || "";
}

export function valueLabel(gameId, name, value) {
  const key = `options.${gameId}.${name}.${JSON.stringify(value)}`;
  if (has(key)) return t(key);
  const plain = `options.${gameId}.${name}.${value}`;
  if (typeof value === "string" && has(plain)) return t(plain);
  if (value === null || value === undefined) return t("options.none");
  if (value === true) return t("common.yes");
  if (value === false) return t("common.no");
  // A list shows each item by its own label when the game names it (a subset option).
  if (Array.isArray(value)) return value.map((v) => (typeof v === "object" ? JSON.stringify(v)
    : has(`options.${gameId}.${name}.${v}`) ? t(`options.${gameId}.${name}.${v}`) : String(v))).join(" · ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** What kind of control a spec needs: "choice" | "subset" | "bool" | "number" | "fixed". */
function controlKind(spec, value) {
  if (Array.isArray(spec.values) && spec.values.length) return "choice";
  if (Array.isArray(spec.subset_of) && spec.subset_of.length) return "subset";
  const d = spec.default !== undefined ? spec.default : value;
  if (typeof d === "boolean") return "bool";
  if (typeof d === "number" || (d === null && spec.nullable && ("min" in spec || "max" in spec))) return "number";
  return "fixed";
}

function segmented(choices, current, onPick, { disabled, label }) {
  return h("div", { class: "segmented", role: "radiogroup", "aria-label": label },
    choices.map(({ value, text }) => h("button", {
      type: "button",
      class: ["seg", same(value, current) && "seg-on"],
      role: "radio",
      "aria-checked": String(same(value, current)),
      disabled: disabled || undefined,
      onclick: () => { if (!same(value, current)) onPick(value); },
    }, text)));
}

// A subset option (spec.subset_of): null (the default, e.g. "random") or a list of its items.
// It takes spec.size items, or, without a size, as many as the items no player takes (Lifeboat's
// characters left out: 6 items, 4 players -> 2); the oldest pick makes way for a new one.
function subsetPicker(gameId, name, spec, value, onSet, { disabled, label, players }) {
  const items = spec.subset_of;
  const need = typeof spec.size === "number" ? spec.size : Math.max(0, items.length - players);
  const list = Array.isArray(value) ? value : [];
  const toggle = (item) => {
    let next = list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
    while (next.length > need) next = next.slice(1);
    onSet(next.length ? next : null);
  };
  return h("div", { class: "subset" },
    h("div", { class: "segmented", role: "group", "aria-label": label },
      spec.nullable ? h("button", {
        type: "button", class: ["seg", value === null && "seg-on"], "aria-pressed": String(value === null),
        disabled: disabled || undefined, dataset: { item: "null" },
        onclick: () => { if (value !== null) onSet(null); },
      }, valueLabel(gameId, name, null)) : null,
      items.map((item) => h("button", {
        type: "button", class: ["seg", list.includes(item) && "seg-on"], "aria-pressed": String(list.includes(item)),
        disabled: disabled || need === 0 || undefined, dataset: { item },
        onclick: () => toggle(item),
      }, valueLabel(gameId, name, item)))),
    value !== null && list.length !== need
      ? h("div", { class: "option-hint start-reason" }, t("options.pick_n", { n: need, count: list.length })) : null);
}

function stepper(spec, value, onSet, { disabled, label, none }) {
  const min = typeof spec.min === "number" ? spec.min : -Infinity;
  const max = typeof spec.max === "number" ? spec.max : Infinity;
  const step = typeof spec.step === "number" ? spec.step : 1;
  const clamp = (v) => Math.min(max, Math.max(min, v));
  const base = typeof value === "number" ? value : (Number.isFinite(min) ? min : 0);
  const input = h("input", {
    type: "number", class: "stepper-value", inputmode: "numeric",
    value: value === null || value === undefined ? "" : String(value),
    min: Number.isFinite(min) ? min : undefined, max: Number.isFinite(max) ? max : undefined,
    step, disabled: disabled || undefined, "aria-label": label,
    placeholder: spec.nullable ? none : undefined,
    // Wide enough for the "none" word of the game ("Aucune" was cut to "Aucu").
    style: spec.nullable ? { width: `${Math.max(4, String(none).length * 0.75 + 1.6)}em` } : undefined,
    // through h(): the field a morph keeps runs the last render's handler, with its value
    onchange() {
      const raw = this.value.trim();
      if (raw === "" && spec.nullable) { onSet(null); return; }
      const n = Math.round(Number(raw));
      if (!Number.isFinite(n)) { this.value = String(value ?? ""); return; }
      onSet(clamp(n));
    },
  });
  return h("div", { class: "stepper" },
    h("button", {
      type: "button", class: "step-btn", "aria-label": `${label} −`,
      disabled: disabled || base - step < min || undefined,
      onclick: () => onSet(clamp(base - step)),
    }, "−"),
    input,
    h("button", {
      type: "button", class: "step-btn", "aria-label": `${label} +`,
      disabled: disabled || base + step > max || undefined,
      onclick: () => onSet(clamp(value === null || value === undefined ? base : base + step)),
    }, "+"),
    spec.nullable && value !== null ? h("button", {
      type: "button", class: "btn btn-small btn-quiet", disabled: disabled || undefined,
      onclick: () => onSet(null),
    }, none) : null);
}

/** The options of the selected game: controls for the host, read-only text otherwise. */
export function optionsForm(room, game, options, { isHost, onChange }) {
  const specs = game.option_specs || {};
  const names = Object.keys(game.options || {});
  if (!names.length) return h("p", { class: "muted" }, t("lobby.no_options"));
  const rows = names.map((name) => {
    const spec = specs[name] || { default: game.options[name] };
    const value = options && name in options ? options[name] : game.options[name];
    const label = optionLabel(game.id, name);
    const kind = controlKind(spec, value);
    const set = (v) => onChange({ ...options, [name]: v });
    let control;
    if (!isHost || kind === "fixed") {
      control = h("span", { class: "option-value" }, valueLabel(game.id, name, value));
    } else if (kind === "choice") {
      control = segmented(spec.values.map((v) => ({ value: v, text: valueLabel(game.id, name, v) })),
        value, set, { label });
    } else if (kind === "subset") {
      control = subsetPicker(game.id, name, spec, value, set, { label, players: (room.players || []).length });
    } else if (kind === "bool") {
      control = segmented([{ value: false, text: t("common.no") }, { value: true, text: t("common.yes") }],
        value, set, { label });
    } else {
      control = stepper(spec, value, set, { label, none: valueLabel(game.id, name, null) });
    }
    const hint = isHost ? optionHint(game.id, name, spec) : "";
    return h("div", { class: ["option", (!isHost || kind === "fixed") && "option-ro"], dataset: { option: name } },
      h("div", { class: "option-label" }, label),
      control,
      hint ? h("div", { class: "option-hint" }, hint) : null);
  });
  return h("div", { class: "options" }, rows);
}

// ---- game picker -------------------------------------------------------------------------

/**
 * The game choice, its options, bots and the start button.
 * opts: {isHost, call(event, payload) -> Promise<reply>, rulesLink(gameId) -> Node|null}
 */
export function gamePicker(room, { isHost, call, rulesLink = null }) {
  const selected = room.selected;
  const count = room.players.length;
  const parts = [];

  if (isHost) {
    parts.push(h("h2", { class: "section-title" }, t("lobby.pick_game")));
    parts.push(h("div", { class: "game-cards", role: "radiogroup", "aria-label": t("lobby.pick_game") },
      (room.games || []).map((g) => {
        const on = selected && selected.game === g.id;
        const fits = count >= g.min_players && count <= g.max_players;
        return h("button", {
          type: "button", class: ["game-card", on && "game-card-on"], role: "radio",
          "aria-checked": String(Boolean(on)), dataset: { game: g.id },
          onclick: () => { if (!on) call("select_game", { game: g.id, options: { ...g.options } }); },
        },
        h("span", { class: "game-card-title" }, gameTitle(room, g.id)),
        h("span", { class: ["game-card-range", !fits && "warn"] }, rangeText(g)));
      })));
  }

  const g = selected ? gameInfo(room, selected.game) : null;
  if (g) {
    if (!isHost) {
      parts.push(h("h2", { class: "section-title" }, t("lobby.chosen_game")));
      parts.push(h("div", { class: "chosen" },
        h("span", { class: "chosen-title" }, gameTitle(room, g.id)),
        h("span", { class: "game-card-range" }, rangeText(g))));
    }
    const link = rulesLink ? rulesLink(g.id) : null;
    if (link) parts.push(link);
    parts.push(h("h3", { class: "subsection-title" }, t("lobby.options")));
    parts.push(optionsForm(room, g, selected.options || {}, {
      isHost,
      onChange: (options) => call("select_game", { game: g.id, options }),
    }));
  } else if (!isHost) {
    parts.push(h("p", { class: "muted big-note" }, t("lobby.host_choosing")));
  }

  if (isHost) {
    let reason = "";
    if (!g) reason = t("lobby.reason_pick");
    else if (count < g.min_players || count > g.max_players) {
      reason = t("lobby.reason_count", { min: g.min_players, max: g.max_players, count });
    }
    const addBotDisabled = g ? count >= g.max_players : false;
    if (reason) parts.push(h("p", { class: "start-reason", id: "start-reason" }, reason));
    parts.push(h("div", { class: "start-row" },
      h("button", {
        type: "button", class: "btn btn-secondary", id: "add-bot",
        disabled: addBotDisabled || undefined,
        onclick: () => call("add_bot", { lang: getLang() }),   // the bot's name in our language
      }, t("lobby.add_bot")),
      h("button", {
        type: "button", class: "btn btn-primary btn-start", id: "start",
        disabled: reason ? true : undefined, "aria-describedby": reason ? "start-reason" : undefined,
        onclick: () => call("start", { game: g.id, options: selected.options || {} }),
      }, t("lobby.start")),
    ));
  } else if (g) {
    parts.push(h("p", { class: "muted" }, t("lobby.waiting_host")));
  }
  return h("section", { class: "picker" }, parts);
}

// ---- in-game host panel -----------------------------------------------------------------

/** Host controls during a game. opts: {call, meId} */
export function hostPanel(room, { call, meId = null }) {
  const seatless = room.players.filter((p) => p.seat === null && !p.bot);
  const rows = room.players.map((p) => {
    const actions = [];
    const away = !p.bot && !p.connected;
    if (p.seat !== null && !p.bot && !p.bot_playing && p.id !== meId) {
      actions.push(h("button", {
        type: "button", class: ["btn", "btn-small", away ? "btn-secondary" : "btn-quiet"],
        onclick: () => call("bot_replace", { player: p.id }),
      }, t("host.bot_replace")));
    }
    if (p.bot_playing) {
      actions.push(h("button", {
        type: "button", class: "btn btn-small btn-secondary",
        onclick: () => call("take_back", { player: p.id }),
      }, t("host.take_back", { name: p.name })));
    }
    if (p.seat !== null && (p.bot || p.bot_playing)) {
      for (const q of seatless) {
        actions.push(h("button", {
          type: "button", class: "btn btn-small btn-secondary",
          onclick: () => call("give_seat", { seat_of: p.id, to: q.id }),
        }, t("host.give_seat", { name: q.name })));
      }
    }
    if (!p.bot && p.id !== meId) {
      actions.push(confirmButton(t("host.kick"), () => call("kick", { player: p.id }),
        { class: "btn btn-small btn-danger", dataset: { kick: p.id } }));
    }
    return playerChip(p, { me: p.id === meId, seatless: p.seat === null && !p.bot, actions });
  });
  const over = room.status === "over";
  return h("section", { class: "host-panel", "aria-label": t("host.title") },
    h("h2", { class: "section-title" }, t("host.title")),
    h("div", { class: "host-buttons" },
      over
        ? h("button", { type: "button", class: "btn btn-primary", id: "rematch", onclick: () => call("rematch", {}) }, t("host.rematch"))
        : confirmButton(t("host.rematch"), () => call("rematch", {}), { class: "btn btn-secondary", id: "rematch" }),
      confirmButton(t("host.end_game"), () => call("end_game", {}), { class: "btn btn-danger", id: "end-game" })),
    seatless.length ? h("p", { class: "muted" }, t("host.seatless_hint")) : null,
    h("ul", { class: "players players-manage" }, rows));
}
