// Galèrapagos: helpers shared by the TV and phone modules (one copy, /static/games/galerapagos/).
// Nothing here knows a rule: it draws what the view says and words the public events.
import { h, s, inkOn, humanize } from "/static/js/dom.js";
import { letterFor } from "/static/js/players.js";
import { makeTr, fmt, stuckTo } from "/static/js/text.js";
import { table as S } from "./strings.js";

export { h, s, fmt };

export function trOf(ctx) { return makeTr(S, ctx); }

// ---------------------------------------------------------------- the card data file

let cardData = null;
let loading = null;
const waiters = new Set();

function load() {
  if (!loading) {
    loading = fetch("/games/galerapagos/data.json")
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((d) => {
        cardData = {};
        for (const c of (d && d.wreck_cards) || []) cardData[c.id] = c;
        for (const fn of waiters) fn();
        waiters.clear();
      }, (err) => {
        console.error("galerapagos: no card data yet", err);
        loading = null;           // the next draw asks again
      });
  }
  return loading;
}

/** The game's data file (card names and texts in EN/FR), fetched once. The page modules that
 * import this one are ready only once it is here (the await below), so a page never draws a
 * card before its name. Should the fetch fail, a page draws at once, and `onReady` (one per
 * draw) draws again when a later try brings the data. */
export function cards(onReady) {
  if (cardData) return cardData;
  if (onReady) waiters.add(onReady);
  load();
  return null;
}

// Issue 24: a phone's first draw came before the data, and its notes read "card.sandwich".
await load();

function pick(value, lang) {
  if (!value) return null;
  if (typeof value === "string") return value;
  return value[lang] || value.en || null;
}

/** A card's name in the page's language ("Water bottle" / "Bouteille d'eau"). */
export function cardName(id, lang, tr) {
  const c = cardData && cardData[id];
  if (c && (c[lang] || c.en)) return c[lang] || c.en;
  const key = `card.${id}`;
  const own = tr(key);
  return own !== key ? own : humanize(id);      // no data file (it did not load): never the key
}

/** A card's short rule text in the page's language, from the data file when it has one. */
export function cardText(id, lang, tr) {
  const c = cardData && cardData[id];
  const fromData = c && (pick(c.text, lang) || pick(c.short, lang) || c[`text_${lang}`] || c[`effect_${lang}`]);
  if (fromData) return fromData;
  const key = `cardtext.${id}`;
  const own = tr(key);
  return own !== key ? own : (c && c.effect) || "";
}

export function cardKind(id) {
  const c = cardData && cardData[id];
  return c ? c.category : "special";
}

// ---------------------------------------------------------------- people

/** A castaway: colour disc with letter (colour-blind safe) and name, as text (never HTML). */
export function who(ctx, seat, { dead = false } = {}) {
  if (seat === null || seat === undefined) return h("span", { class: "gp-who" }, "?");
  const c = ctx.colourOf(seat);
  return h("span", { class: `gp-who${dead ? " gp-dead" : ""}`, dataset: { seat: String(seat) } },
    disc(c), h("b", {}, c.name));
}

export function disc(c, size = null) {
  return h("span", { class: "gp-disc", style: { background: c.colour || "#777", color: inkOn(c.colour), ...(size ? { fontSize: size } : {}) },
                     "aria-hidden": "true" }, letterFor(c.colour, c.letter) || "?");
}

export function names(ctx, seats, tr) {
  const out = [];
  seats.forEach((x, i) => {
    if (i) out.push(i === seats.length - 1 ? tr("and") : " ");
    // A line may break after a name's chip (an inline box) as after a word: its comma goes
    // with it, never alone at the start of the next line (", Dee et Émilie").
    out.push(i < seats.length - 2 ? stuckTo(who(ctx, x), ",") : who(ctx, x));
  });
  return h("span", { class: "gp-names" }, out);
}

// ---------------------------------------------------------------- icons (local SVG, no font needed)

// Each icon is built once per kind and size and cloned after: the TV shows dozens (a state in
// every castaway's row, the logs of the raft, the outcome) and building each SVG element by
// element (createElementNS, setAttribute) cost more than the rest of a row (issue 24).
const icons = new Map();

export function icon(kind, size = 22) {
  const key = `${kind}|${size}`;
  let made = icons.get(key);
  if (!made) icons.set(key, made = drawIcon(kind, size));
  return made.cloneNode(true);
}

function drawIcon(kind, size) {
  const P = {
    water: "M10,1 C10,1 2,11 2,16 A8,8 0 0,0 18,16 C18,11 10,1 10,1 Z",
    food: "M1,12 C5,5 12,5 16,10 L20,6 L20,18 L16,14 C12,19 5,19 1,12 Z",
    wood: "M2,7 H18 A2,3 0 0,1 18,13 H2 A2,3 0 0,1 2,7 Z M2,14 H18 A2,3 0 0,1 18,20 H2 A2,3 0 0,1 2,14 Z",
    raft: "M1,8 H19 V12 H1 Z M1,13 H19 V17 H1 Z M4,4 V20 M16,4 V20",
    snake: "M3,17 C3,11 10,13 10,8 C10,4 6,4 6,6 M10,8 C10,14 17,12 17,17 C17,20 13,21 12,18",
    card: "M4,1 H16 A2,2 0 0,1 18,3 V19 A2,2 0 0,1 16,21 H4 A2,2 0 0,1 2,19 V3 A2,2 0 0,1 4,1 Z",
    sun: "M10,5 A5,5 0 1,1 9.99,5 Z",
    storm: "M3,10 A5,5 0 0,1 10,5 A6,6 0 0,1 18,9 A4,4 0 0,1 16,16 H5 A4,4 0 0,1 3,10 Z M9,16 L7,21 L11,19 L10,23",
    skull: "M10,2 A8,8 0 0,1 18,10 C18,13 16,14 15,15 V18 H5 V15 C4,14 2,13 2,10 A8,8 0 0,1 10,2 Z",
    conch: "M3,15 C3,6 12,2 17,5 C20,8 17,14 12,14 C9,14 9,10 12,10 M3,15 L17,17 L12,20 Z",
    star: "M10,1 L12.6,7 L19,7.3 L14,11.4 L15.8,18 L10,14.3 L4.2,18 L6,11.4 L1,7.3 L7.4,7 Z",
    moon: "M13,2 A9,9 0 1,0 19,14 A7,7 0 1,1 13,2 Z",
    cross: "M8,2 H12 V7 H17 V11 H12 V21 H8 V11 H3 V7 H8 Z",
    sick: "M10,1 A9,9 0 1,1 9.99,1 Z M6,8 L8,9 M14,8 L12,9 M6,15 C8,12 12,12 14,15",
    zzz: "M3,4 H9 L3,10 H9 M11,10 H17 L11,17 H17",
  };
  const stroke = ["raft", "snake", "sick", "zzz"].includes(kind);
  return s("svg", { class: `gp-icon gp-i-${kind}`, viewBox: "0 0 20 22", width: size, height: size, "aria-hidden": "true" },
    s("path", { d: P[kind] || P.card, fill: stroke ? "none" : "currentColor", stroke: stroke ? "currentColor" : "none",
                "stroke-width": stroke ? 2.2 : 0, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

// ---------------------------------------------------------------- words

export const CAUSES = ["shot", "sacrifice", "zero_water", "zero_food"];

export function stateOf(c) {
  if (!c.alive) return "dead";
  if (c.resting) return "resting";
  if (c.sick) return "sick";
  return "alive";
}

/** The odds of a snake bite when drawing `extra` of the six balls (one black): extra/6. */
export function biteRisk(extra) { return Math.round((100 * extra) / 6); }

export function causeOf(view, seat) {
  const d = (view.deaths || []).filter((x) => x.seat === seat).pop();
  return d || null;
}

/** "Water: 5 rations for 6 castaways — 1 short" (or "— enough"). */
export function survivalLine(view, tr, resource) {
  const living = view.castaways.filter((c) => c.alive).length;
  const have = view[resource];
  const short = Math.max(0, living - have);
  const one = have === 1 ? ".1" : "";
  return tr(short ? `survival.short.${resource}${one}` : `survival.ok.${resource}${one}`, { have, need: living, short });
}

export function cardList(ids, lang, tr) {
  return ids.map((c) => cardName(c, lang, tr)).join(", ");
}

/** One sentence for a log event (public events only), naming castaways. */
export function describeEvent(view, tr, ctx, e) {
  const W = (seat) => who(ctx, seat);
  const lang = ctx.lang;
  const C = (c) => h("i", { class: "gp-cardname" }, cardName(c, lang, tr));
  const res = (r) => tr(`res.${r}`);
  const of = (r) => tr(`res.of.${r}`);   // "water" / "d'eau": French elides "de"
  switch (e.type) {
    case "turn": return fmt(tr, "log.turn", { turn: e.turn });
    case "first_player": return fmt(tr, `log.first_player.${e.why}`, { who: W(e.seat) });
    case "weather": return fmt(tr, e.hurricane ? "log.weather.hurricane" : "log.weather", { drops: e.drops, left: e.left });
    case "window": return fmt(tr, `log.window.${e.kind}`, { resource: e.resource ? of(e.resource) : "", short: e.short || 0 });
    case "step": return fmt(tr, "log.step", { who: W(e.seat) });
    case "action": return null;
    case "fish": return fmt(tr, "log.fish", { who: W(e.seat), fish: e.fish, added: e.added, food: e.food });
    case "collect_water": return fmt(tr, "log.collect_water", { who: W(e.seat), drops: e.drops, added: e.added, water: e.water });
    case "wood": return fmt(tr, e.bitten ? "log.wood.bitten" : "log.wood", { who: W(e.seat), extra: e.extra,
      gained: e.gained, places: e.places, wood: e.wood });
    case "search": return fmt(tr, "log.search", { who: W(e.seat), deck: e.deck });
    case "place": return fmt(tr, "log.place", { who: W(e.seat), card: C(e.card) });
    case "play": {
      const extra = e.target !== undefined ? W(e.target) : e.targets ? names(ctx, e.targets, tr) : e.for ? names(ctx, e.for, tr) : "";
      const key = e.use === "save" ? "log.play.save" : e.use === "cover" ? "log.play.cover"
        : e.use === "counter" ? "log.play.counter" : e.action ? "log.play.pendulum"
          : (e.target !== undefined || e.targets) ? "log.play.target" : "log.play";
      return fmt(tr, key, { who: W(e.seat), card: C(e.card), target: extra, action: e.action ? tr(`act.${e.action}`) : "" });
    }
    case "counter": return fmt(tr, "log.counter", { resource: res(e.resource), added: e.added, counter: e.counter });
    case "covered": return fmt(tr, "log.covered", { who: names(ctx, e.seats || [], tr), resource: res(e.resource) });
    case "saved": return fmt(tr, "log.saved", { who: W(e.seat), resource: res(e.resource) });
    case "mill": return fmt(tr, "log.mill", { moved: e.moved, water: e.water, food: e.food });
    case "raft": return fmt(tr, "log.raft", { places: e.places });
    case "theft": return fmt(tr, "log.theft", { who: W(e.seat), from: W(e.from) });
    case "gift": return fmt(tr, "log.gift", { who: W(e.seat), to: W(e.to) });
    case "revived": return fmt(tr, "log.revived", { who: W(e.seat) });
    case "shot": return fmt(tr, "log.shot", { who: W(e.seat), target: W(e.target) });
    case "shot_blocked": return fmt(tr, "log.shot_blocked", { who: W(e.seat), shooter: W(e.shooter) });
    case "sick": return fmt(tr, `log.sick.${e.why}`, { who: W(e.seat) });
    case "recover": return fmt(tr, "log.recover", { who: W(e.seat) });
    case "death": return fmt(tr, `log.death.${e.cause}`, { who: W(e.seat) });
    case "deal": return fmt(tr, "log.deal", { who: W(e.seat), to: names(ctx, (e.to || []).map((x) => x[0]), tr) });
    case "discard": return fmt(tr, "log.discard", { who: W(e.seat), cards: (e.cards || []).map((c) => cardName(c, lang, tr)).join(", ") });
    case "survival_step": return fmt(tr, `log.survival_step.${e.mode}`, { resource: e.mode === "zero" ? of(e.resource) : res(e.resource), counter: e.counter });
    case "consume": return fmt(tr, "log.consume", { resource: of(e.resource), rations: e.rations, counter: e.counter });
    case "step_ended": return fmt(tr, "log.step_ended", { resource: of(e.resource) });
    case "no_candidate": return fmt(tr, "log.no_candidate", {});
    case "vote_open": return fmt(tr, `log.vote_open.${e.kind}`, {});
    case "voted": return fmt(tr, "log.voted", { who: W(e.seat) });
    case "reveal": return fmt(tr, "log.reveal", { votes: h("span", {}, (e.votes || []).map(([v, c], i) => [i ? "; " : "",
      W(v), " → ", typeof c === "boolean" ? tr(c ? "leave.yes" : "leave.no") : W(c)])) });
    case "tie": return fmt(tr, "log.tie", { tied: names(ctx, e.tied || [], tr), who: W(e.chooser) });
    case "named": return fmt(tr, `log.named.${e.why}`, { who: W(e.seat) });
    case "accept": return fmt(tr, "log.accept", { who: W(e.seat) });
    case "vote_again": return fmt(tr, "log.vote_again", {});
    case "vote_cancelled": return fmt(tr, "log.vote_cancelled", {});
    case "vote_dropped": return fmt(tr, "log.vote_dropped", {});
    case "hurricane": return fmt(tr, "log.hurricane", {});
    case "departure_possible": return fmt(tr, "log.departure_possible", { n: e.living });
    case "departure_tie": return fmt(tr, "log.departure_tie", { who: W(e.chooser) });
    case "departure_decided": return fmt(tr, e.leave ? "log.departure.leave" : "log.departure.stay", {});
    case "pass": return null;
    case "game_over": return fmt(tr, `log.game_over.${e.end}`, { n: (e.boarded || []).length });
    default: return null;
  }
}

/** A ballot's choice as words: a castaway, or leave/stay. */
export function choiceNode(ctx, tr, c) {
  if (typeof c === "boolean") return h("b", { class: "gp-leave" }, tr(c ? "leave.yes" : "leave.no"));
  return who(ctx, c);
}
