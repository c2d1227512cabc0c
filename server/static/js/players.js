// Players as the pages show them: a colour disc WITH a letter (colour-blind safe), the name,
// and badges (host, bot, offline, a bot playing for them).
import { h, inkOn } from "./dom.js";
import { t, getLang } from "./i18n.js";

// A colour's letter says its name in the reader's language (issue 19.13): the room gives the
// English initials (server/rooms.py PALETTE); in French yellow is J(aune), green V(ert), and
// navy, whose V would then be green's, Z. Keyed by the colour, so it is never applied twice;
// every colour keeps a letter of its own.
const FRENCH_LETTERS = { "#f2c230": "J", "#2f9e5b": "V", "#000075": "Z" };

/** The letter a disc of this colour shows in the page's language. */
export function letterFor(colour, letter) {
  if (getLang() === "fr" && typeof colour === "string") return FRENCH_LETTERS[colour.toLowerCase()] || letter;
  return letter;
}

export function disc(colour, letter, { big = false } = {}) {
  return h("span", {
    class: ["disc", big && "disc-big"],
    style: { background: colour || "#777", color: inkOn(colour) },
    "aria-hidden": "true",
  }, letterFor(colour, letter) || "?");
}

/** One player line/chip. opts: {me, compact, actions: [Node]} */
export function playerChip(p, opts = {}) {
  const badges = [];
  if (p.host) badges.push(h("span", { class: "badge badge-host", title: t("player.host") }, t("player.host")));
  if (p.bot) badges.push(h("span", { class: "badge badge-bot" }, t("player.bot")));
  if (p.bot_playing) badges.push(h("span", { class: "badge badge-bot" }, t("player.bot_playing")));
  if (!p.bot && !p.connected) badges.push(h("span", { class: "badge badge-off" }, t("player.offline")));
  if (opts.me) badges.push(h("span", { class: "badge badge-me" }, t("player.you")));
  if (opts.seatless) badges.push(h("span", { class: "badge badge-off" }, t("player.spectator")));
  return h("li", {
    class: ["player", opts.compact && "player-compact", (!p.bot && !p.connected) && "player-away", opts.me && "player-me"],
    dataset: { player: p.id, connected: String(Boolean(p.connected || p.bot)) },
  },
  disc(p.colour, p.letter),
  h("span", { class: "player-name" }, p.name),
  badges.length ? h("span", { class: "badges" }, badges) : null,
  opts.actions && opts.actions.length ? h("span", { class: "player-actions" }, opts.actions) : null);
}

/** ctx.colourOf(seat) for game modules: {colour, letter, name} of the player in that seat. */
export function makeColourOf(room, msg, look = null) {
  // look(seat) -> {colour, letter} or null: a game's own look for a seat (Lifeboats 1993 shows
  // blue as orange), so the header, the final strip and the board agree.
  const dressed = (seat) => { try { return look ? look(seat) : null; } catch (_) { return null; } };
  return (seat) => {
    const p = room && room.players ? room.players.find((x) => x.seat === seat) : null;
    if (p) return { colour: p.colour, letter: p.letter, name: p.name, id: p.id, ...(dressed(seat) || {}) };
    const names = msg && msg.view && Array.isArray(msg.view.players) ? msg.view.players : [];
    const name = typeof names[seat] === "string" ? names[seat] : `#${Number(seat) + 1}`;
    return { colour: "#8a8f98", letter: name ? name[0].toUpperCase() : "?", name, id: null };
  };
}

/** A seat as an inline "disc + name" element. */
export function seatTag(colourOf, seat) {
  const c = colourOf(seat);
  return h("span", { class: "seat-tag" }, disc(c.colour, c.letter), h("span", { class: "seat-name" }, c.name));
}
