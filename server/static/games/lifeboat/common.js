// Lifeboat (Siadek): helpers shared by the table (TV) and the controller (phone) modules,
// served at /static/games/lifeboat/. Nothing here decides a rule: it draws what the view says.
// Card and character names and short texts come from the game's data file (EN and FR); the
// catalog in strings.js is only the fallback.
import { h, s, fmt, makeTr, ensureCss } from "/static/games/lifeboats/common.js";
import { disc } from "/static/js/players.js";
import { pluralCategory } from "/static/js/i18n.js";
import { table as S } from "./strings.js";

export { h, s, fmt, ensureCss };

// The public card data (names, texts, numbers), loaded once for both pages.
export const DATA = await fetch("/games/lifeboat/data.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);
const PROV = Object.fromEntries(((DATA && DATA.provisions) || []).map((p) => [p.id, p]));
const CHARS = Object.fromEntries(((DATA && DATA.characters) || []).map((c) => [c.id, c]));
const NAV = Object.fromEntries(((DATA && DATA.navigation) || []).map((c) => [c.id, c]));

export function tr(ctx) { return makeTr(S, ctx); }

function fromData(obj, field, lang) {
  if (!obj) return null;
  const v = lang === "fr" ? (obj[`${field}_fr`] || null) : obj[field];
  return typeof v === "string" && v ? v : null;
}

export function charName(env, cid) {
  return (env.lang === "fr" ? fromData(CHARS[cid], "name", "fr") : null) || env.tr(`char.${cid}`);
}
export function kindName(env, kind) {
  if (kind === "hand") return env.tr("kind.hand");
  return fromData(PROV[kind], "name", env.lang) || env.tr(`kind.${kind}`);
}
// The short rule text of a card: the data file's short text when it has one, else ours.
export function kindText(env, kind) {
  const p = PROV[kind];
  return fromData(p, "short", env.lang) || fromData(p, "text", env.lang) || env.tr(`text.${kind}`);
}
export function weaponBonus(kind) {
  const p = PROV[kind];
  if (p && typeof p.weapon_bonus === "number") return p.weapon_bonus;
  return { oar: 1, blackjack: 2, knife: 3, gaffing_hook: 4, flare_gun: 8 }[kind] || 0;
}

const CATEGORY = {
  water: "drink", medical_kit: "care", life_preserver: "care", parasol: "care",
  cash: "loot", jewels: "loot", painting_3: "loot", painting_2: "loot",
  oar: "weapon", blackjack: "weapon", knife: "weapon", gaffing_hook: "weapon", flare_gun: "weapon",
  compass: "tool", chum: "tool",
};
// One glyph per card kind (DejaVu has them all; no emoji font is assumed).
const GLYPH = {
  water: "≈", cash: "$", jewels: "♦", painting_3: "▣", painting_2: "▣", medical_kit: "✚",
  oar: "⚲", blackjack: "⚒", knife: "⚔", gaffing_hook: "⚓", flare_gun: "✹", parasol: "☂",
  life_preserver: "◎", compass: "✧", chum: "☠", hand: "?",
};

// A provision card: glyph, name, and (opts.text) its short rule text.
export function card(env, kind, opts = {}) {
  const cls = `lbt-card lbt-${CATEGORY[kind] || "tool"}${opts.small ? " lbt-small" : ""}${opts.cls ? ` ${opts.cls}` : ""}`;
  const bonus = weaponBonus(kind);
  return h(opts.button ? "button" : "div", {
    class: cls, dataset: { kind }, type: opts.button ? "button" : null,
    disabled: opts.disabled || null, onclick: opts.onclick || null,
    "data-testid": opts.testid || null, "aria-pressed": opts.pressed === undefined ? null : String(opts.pressed),
    "data-action": opts.action || null,
  },
    h("span", { class: "lbt-glyph", "aria-hidden": "true" }, GLYPH[kind] || "•"),
    h("span", { class: "lbt-cname" }, kindName(env, kind),
      kind === "parasol" && opts.open ? h("small", {}, ` (${env.tr("open")})`) : null),
    bonus && kind !== "flare_gun" && !opts.small ? h("span", { class: "lbt-bonus" }, `+${bonus}`) : null,
    opts.text ? h("span", { class: "lbt-ctext" }, kindText(env, kind)) : null,
    opts.extra || null);
}

// Lady Lauren is "she" (the rulebook: "Scores her jewels twice"); every other character is "he".
const SHE = new Set(["lady_lauren"]);
// The key of a sentence about one character: its feminine form ("<key>.f") when the character is
// a woman and the catalog has one, else the key itself.
export function gk(cid, key) {
  return SHE.has(cid) && Object.prototype.hasOwnProperty.call(S.en, `${key}.f`) ? `${key}.f` : key;
}
// The same, from a seat of the view.
export function gks(env, seat, key) {
  const c = env.view && env.view.characters && env.view.characters[seat];
  return gk(c ? c.character : null, key);
}

// "{n} card(s)" by the language's plural rules: "<key>.one", "<key>.other"... (the catalog has
// "one" and "other"; a category it lacks, e.g. French "many", falls back to "other").
export function plural(env, key, n) {
  const cat = pluralCategory(env.lang === "fr" ? "fr" : "en", n);
  const k = Object.prototype.hasOwnProperty.call(S.en, `${key}.${cat}`) ? `${key}.${cat}` : `${key}.other`;
  return env.tr(k, { n });
}
function listText(env, items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")}${env.tr("and")}${items[items.length - 1]}`;
}

// What the others may play for an unconscious character is public (issue 21): how many water
// cards, medical kits and life preservers are in his hand (`hand_public`, in every view).
export const FOR_HIM = ["water", "medical_kit", "life_preserver"];
// One sentence naming him: "Of his 5 cards, the others may play 2 water cards and 1 medical kit;
// no life preserver." `whoNode` (a DOM node or text) names him; returns fmt's parts.
export function forHimLine(env, c, whoNode) {
  const counts = c.hand_public;
  const some = listText(env, FOR_HIM.filter((k) => counts[k] > 0).map((k) => plural(env, `forhim.n.${k}`, counts[k])));
  const none = FOR_HIM.filter((k) => !(counts[k] > 0)).map((k) => env.tr(`forhim.no.${k}`)).join(", ");
  const total = c.hand_count || 0;
  const key = !total ? "forhim.empty"
    : total === 1 ? (some ? "forhim.one" : "forhim.one_nothing")
    : !some ? "forhim.nothing" : none ? "forhim.some_none" : "forhim.some";
  return fmt(env.tr, gk(c.character, key), { who: whoNode, cards: plural(env, "forhim.cards", total), some, none });
}
export function forHimText(env, c) {
  return forHimLine(env, c, charName(env, c.character)).map((n) => n.textContent === undefined ? String(n) : n.textContent).join("");
}
export function forHim(env, c, opts = {}) {
  if (!c || !c.hand_public) return null;
  return h("div", { class: `lbt-forhim${opts.short ? " short" : ""}${opts.cls ? ` ${opts.cls}` : ""}`, "data-testid": `forhim-${c.seat}`,
                    title: forHimText(env, c), dataset: { seat: String(c.seat) } },
    opts.label === false ? null : h("span", { class: "lbt-forhim-t" }, env.tr(gk(c.character, "forhim.title"))),
    FOR_HIM.map((k) => h("span", { class: `lbt-forhim-k lbt-${CATEGORY[k]}${c.hand_public[k] ? "" : " none"}`, dataset: { kind: k, n: String(c.hand_public[k]) },
                                   title: c.hand_public[k] ? plural(env, `forhim.n.${k}`, c.hand_public[k]) : env.tr(`forhim.no.${k}`) },
      h("span", { class: "lbt-glyph", "aria-hidden": "true" }, GLYPH[k]),
      opts.short ? h("b", {}, String(c.hand_public[k])) : plural(env, `forhim.n.${k}`, c.hand_public[k]))));
}

// A row of card backs ("+n" past eight): the same few elements for a count, so each is built
// once per count and look and cloned after (issue 24: a seat's hand, a deck, the draft's cards
// left are drawn again on many updates; a clone is one call, not one per back).
const BACKS = new Map();
export function cardBack(n, opts = {}) {
  const key = `${n}|${opts.cls || ""}`;
  let backs = BACKS.get(key);
  if (!backs) {
    backs = h("span", { class: `lbt-backs${opts.cls ? ` ${opts.cls}` : ""}`, title: String(n) },
      Array.from({ length: Math.min(n, 8) }, () => h("span", { class: "lbt-back" })),
      n > 8 ? h("small", {}, `+${n - 8}`) : null);
    BACKS.set(key, backs);
  }
  return backs.cloneNode(true);
}

// The player's disc (colour + letter) and the character's name: "who" in every sentence.
export function who(env, seat, opts = {}) {
  if (seat === null || seat === undefined) return h("span", { class: "lbt-who" }, "?");
  const c = env.view.characters[seat];
  const p = env.colourOf(seat);
  return h("span", { class: "lbt-who", dataset: { seat: String(seat) } },
    disc(p.colour, p.letter),
    h("b", {}, charName(env, c.character)),
    opts.player === false ? null : h("span", { class: "lbt-pname" }, ` (${p.name})`));
}
export function whoList(env, seats, opts = {}) {
  if (!seats || !seats.length) return env.tr("nobody");
  const out = [];
  seats.forEach((x, i) => { if (i) out.push(i === seats.length - 1 ? env.tr("and") : ", "); out.push(who(env, x, opts)); });
  return h("span", {}, out);
}
function charList(env, ids) {
  if (ids === "all") return env.tr("nav.all");
  // Names of characters not in play are printed on the card but mean nothing this game.
  const inPlay = new Set(((env.view && env.view.characters) || []).map((c) => c.character));
  const named = (ids || []).filter((c) => !inPlay.size || inPlay.has(c));
  if (!named.length) return env.tr("nav.nobody");
  return named.map((c) => charName(env, c)).join(", ");
}

// A navigation card: who goes overboard, who gets thirsty, the seagull.
export function navCard(env, nc, opts = {}) {
  if (!nc) return null;
  const full = typeof nc === "string" ? (NAV[nc] ? { ...NAV[nc] } : { id: nc }) : nc;
  const bird = full.bird === undefined ? 0 : full.bird;
  return h("div", { class: `lbt-nav${opts.cls ? ` ${opts.cls}` : ""}`, dataset: { nav: full.id } },
    h("div", { class: `lbt-nav-bird b${bird}` }, bird !== 0 ? birdIcon(bird < 0) : null, env.tr(`nav.bird.${bird}`)),
    h("div", { class: "lbt-nav-row" }, h("b", {}, env.tr("nav.overboard")), " ", charList(env, full.overboard)),
    h("div", { class: "lbt-nav-row" }, h("b", {}, env.tr("nav.thirsty")), " ", charList(env, full.thirsty),
      full.fight_thirst ? h("span", { class: "lbt-nav-extra" }, " ", env.tr("nav.fight_thirst")) : null,
      full.row_thirst ? h("span", { class: "lbt-nav-extra" }, " ", env.tr("nav.row_thirst")) : null),
    opts.extra || null);
}

export function navText(env, id) {
  const nc = NAV[id];
  if (!nc) return "";
  return `${env.tr("nav.overboard")} ${charList(env, nc.overboard)}. ${env.tr("nav.thirsty")} ${charList(env, nc.thirsty)}${nc.fight_thirst ? ` ${env.tr("nav.fight_thirst")}` : ""}${nc.row_thirst ? ` ${env.tr("nav.row_thirst")}` : ""}. ${env.tr(`nav.bird.${nc.bird}`)}.`;
}

// A seagull (or, crossed out, a crow), drawn: no emoji font is assumed.
export function birdIcon(crossed = false, size = 26) {
  return s("svg", { class: `lbt-bird${crossed ? " crossed" : ""}`, viewBox: "0 0 24 14", width: size, height: size * 14 / 24, "aria-hidden": "true" },
    s("path", { d: "M1,9 Q6,1 12,8 Q18,1 23,9", fill: "none", stroke: "currentColor", "stroke-width": 2.6, "stroke-linecap": "round" }),
    crossed ? s("path", { d: "M3,1 L21,13", stroke: "#d7263d", "stroke-width": 2.4 }) : null);
}

// A navigation card in a few words, for sentences: "(overboard: X; +1 seagull)".
export function navShort(env, id) {
  const nc = NAV[id];
  if (!nc) return env.tr("nav.card");
  return `«${env.tr("nav.overboard")} ${charList(env, nc.overboard)} · ${env.tr(`nav.bird.${nc.bird}`)}»`;
}

// Wounds against size: one pip per point of size, filled by wounds; the last pip is "dead".
export function woundPips(c) {
  const pips = [];
  for (let i = 1; i <= c.size; i++) pips.push(h("span", { class: `lbt-pip${i <= c.wounds ? " hit" : ""}` }));
  pips.push(h("span", { class: `lbt-pip lbt-skull${c.wounds > c.size ? " hit" : ""}` }, "☠"));
  return h("span", { class: "lbt-pips", title: `${c.wounds}/${c.size}` }, pips);
}

// What my friend and my enemy are worth to me now, and my score if rescued now. The view's
// own figures (me.worth / me.score_now, from the engine) win when present; otherwise the same
// sums are made here from public facts and my own cards.
export function alive(c) { return c && (c.state === "conscious" || c.state === "unconscious"); }

// The text of a secret card or case from the data file (e.g. "psychopath"), else null.
export function caseText(env, name) {
  const c = DATA && DATA.secret_cases ? DATA.secret_cases[name] : null;
  return fromData(c, "text", env.lang);
}

export function myCase(me) {
  if (me.worth && Array.isArray(me.worth.cases)) return me.worth.cases.length ? me.worth.cases.join("+") : null;
  if (me.love === me.character && me.hate === me.character) return "narcissist+psychopath";
  if (me.hate === me.character) return "psychopath";
  if (me.love === me.character) return "narcissist";
  if (me.love === me.hate) return "ambivalent";
  return null;
}

function lootPoints(kinds, double) {
  const pts = { cash: 0, jewels: 0, paintings: 0 };
  let jewels = 0;
  for (const k of kinds) {
    const p = PROV[k];
    if (k === "jewels") jewels += 1;
    else if (p && p.score_category === "paintings") pts.paintings += p.points;
    else if (p && p.score_category === "cash") pts.cash += p.points;
    else if (!p && k === "cash") pts.cash += 1;
    else if (!p && k.startsWith("painting_")) pts.paintings += Number(k.split("_")[1]);
  }
  const sets = (DATA && DATA.jewel_set_points) || [0, 1, 4, 8];
  pts.jewels = sets[Math.min(jewels, sets.length - 1)];
  if (double && double in pts) pts[double] *= (DATA && DATA.double_factor) || 2;
  return pts;
}

export function worth(view) {
  const me = view.me;
  const byChar = Object.fromEntries(view.characters.map((c) => [c.character, c]));
  const mine = byChar[me.character];
  const love = byChar[me.love];
  const hate = byChar[me.hate];
  const psycho = me.hate === me.character;
  const out = {
    survival: alive(mine) && !psycho ? mine.survival : 0,
    love: alive(love) ? love.survival : 0,
    hate: !psycho && hate && !alive(hate) ? hate.size : 0,
    psychopath: psycho ? view.characters.filter((c) => c.character !== me.character && c.character !== me.love && !alive(c))
      .reduce((n, c) => n + c.size, 0) : 0,
  };
  const aboard = mine && mine.position !== null && mine.position !== undefined;
  const kinds = aboard ? [...me.hand.map((c) => c.kind), ...mine.face_up.map((c) => c.kind)] : [];
  const double = CHARS[me.character] ? CHARS[me.character].double : null;
  Object.assign(out, lootPoints(kinds, double));
  out.total = Object.values(out).reduce((a, b) => a + b, 0);
  // The engine's figures (me.provisional, me.worth), when the view carries them, are the reference.
  const eng = me.provisional || null;
  if (eng && typeof eng === "object") {
    for (const k of ["survival", "love", "hate", "psychopath", "cash", "jewels", "paintings", "total"]) {
      if (typeof eng[k] === "number") out[k] = eng[k];
    }
  }
  const wv = me.worth || null;
  if (wv && wv.love && typeof wv.love.now === "number") out.loveNow = wv.love.now;
  if (wv && wv.hate && typeof wv.hate.now === "number") out.hateNow = wv.hate.now;
  return out;
}

// ---------------------------------------------------------------- the log in sentences

const SIDE = (env, side) => env.tr(`side.${side}`);

export function describeEvent(env, e) {
  const W = (x) => who(env, x);
  const K = (k) => h("b", {}, kindName(env, k));
  const t = env.tr;
  const F = (key, p) => fmt(t, key, p);
  switch (e.type) {
    case "draft_started": return F("log.draft_started", { turn: e.turn, n: e.drafters.length, who: whoList(env, e.drafters, { player: false }) });
    case "draft_pick": return F(e.chosen === false ? "log.draft_pick.last" : "log.draft_pick", { who: W(e.seat) });
    case "provisions_skipped": return F("log.provisions_skipped", { turn: e.turn });
    case "actions_started": return F("log.actions_started", { who: whoList(env, e.order, { player: false }) });
    case "turn_of": return F("log.turn_of", { who: W(e.seat) });
    case "turn_lost": return F("log.turn_lost", { who: W(e.seat), state: t(gks(env, e.seat, `state.${e.state}`)) });
    case "action":
      switch (e.action) {
        case "row": return F(e.shown_oars ? "log.action.row.oars" : "log.action.row",
          { who: W(e.seat), n: e.drawn, oars: e.shown_oars });
        case "swap": return F("log.action.swap", { who: W(e.seat), target: W(e.target) });
        case "mug": return F("log.action.mug", { who: W(e.seat), target: W(e.target), card: K(e.card) });
        case "medical_kit":
        case "medical_kit_his": return F(gks(env, e.target, e.action === "medical_kit_his" ? "log.action.medical_kit_his" : "log.action.medical_kit"),
          { who: W(e.seat), target: W(e.target), state: t(gks(env, e.target, `state.${e.state}`)) });
        case "flare": return F("log.action.flare", { who: W(e.seat), birds: e.birds === undefined ? "?" : e.birds });
        default: return F(`log.action.${e.action === "parasol" ? "parasol" : "nothing"}`, { who: W(e.seat) });
      }
    case "row_done": return F("log.row_done", { who: W(e.seat), stack: e.stack, bottom: e.bottom });
    case "answer": return F(`log.answer.${e.answer}`, { who: W(e.seat) });
    case "fight_join": return F("log.fight_join", { who: W(e.seat), side: SIDE(env, e.side) });
    case "fight_weapon": return F("log.fight_weapon", { who: W(e.seat), card: K(e.card) });
    case "fight_flare": return F("log.fight_flare", { who: W(e.seat) });
    case "fight_resolved": {
      const hurt = (e.wounded || []).map((x) => x.seat);
      return F(hurt.length ? "log.fight_resolved.wounds" : "log.fight_resolved", {
        side: SIDE(env, e.winner), a: e.strength.attacker, d: e.strength.defender, wounded: whoList(env, hurt) });
    }
    case "swapped": return F("log.swapped", { a: W(e.seats[0]), b: W(e.seats[1]) });
    case "acts_now": return F("log.acts_now", { who: W(e.seat) });
    case "mugged": return F(e.got ? "log.mugged.got" : "log.mugged.none", { who: W(e.seat), target: W(e.target), card: K(e.card) });
    case "show": return F("log.show", { who: W(e.seat), card: K(e.card) });
    case "show_his": return F(gks(env, e.target, "log.show_his"), { who: W(e.seat), target: W(e.target), card: K(e.card || "life_preserver") });
    case "traded": return F("log.traded", { a: W(e.seats[0]), b: W(e.seats[1]) });
    case "navigator": return F("log.navigator", { who: W(e.seat), n: e.row_stack });
    case "compass": return F("log.compass", { who: W(e.seat) });
    case "navigate": return F("log.navigate", { who: W(e.seat) });
    case "navigation_card": return F("log.navigation_card", { effects: navText(env, e.card), birds: e.birds });
    case "overboard":
      if (!e.seats || !e.seats.length) return F("log.overboard.none", {});
      return F(e.sharks ? "log.overboard.sharks" : "log.overboard", { who: whoList(env, e.seats) });
    case "preserver_thrown": return F("log.preserver_thrown", { who: W(e.seat), target: W(e.target) });
    case "chum": return F("log.chum", { who: W(e.seat) });
    case "in_the_water": {
      const parts = (e.characters || []).map((x) => {
        const what = [];
        if (x.wounds_taken) what.push(t("log.water.wounds", { n: x.wounds_taken }));
        if (x.lost && x.lost.length) what.push(t("log.water.lost", { cards: x.lost.map((k) => kindName(env, k)).join(", ") }));
        if (x.drowned) what.push(t("log.water.drowned"));
        what.push(`(${t(gks(env, x.seat, `state.${x.state}`))})`);
        return h("span", { class: "lbt-waterline" }, W(x.seat), " ", what.join(", "));
      });
      return F("log.in_the_water", { who: h("span", {}, parts.map((p, i) => [i ? "; " : "", p])) });
    }
    case "parasol_shade": return F("log.parasol_shade", { who: W(e.seat) });
    case "thirst": {
      const seats = (e.thirst || []).map((n, i) => (n > 0 ? i : null)).filter((x) => x !== null);
      if (!seats.length) return F("log.thirst.none", {});
      return F("log.thirst", { who: h("span", {}, seats.map((x, i) => [i ? ", " : "", W(x), e.thirst[x] > 1 ? ` ×${e.thirst[x]}` : ""])) });
    }
    case "drink": return F("log.drink", { who: W(e.seat) });
    case "pour": return F("log.pour", { who: W(e.seat), target: W(e.target) });
    case "pour_his": return F(gks(env, e.target, "log.pour_his"), { who: W(e.seat), target: W(e.target) });
    case "thirst_wounds": return F("log.thirst_wounds", { who: h("span", {}, (e.characters || []).map((x, i) =>
      [i ? ", " : "", W(x.seat), ` +${x.wounds_taken} (${t(gks(env, x.seat, `state.${x.state}`))})`])) });
    case "done": return F(`log.done.${e.window === "fight" ? "fight" : e.window === "rescue" ? "rescue" : "thirst"}`, { who: W(e.seat) });
    case "turn_end": return F("log.turn_end", { turn: e.turn });
    case "rescue": return F(e.reason === "turn_limit" ? "log.rescue.turn_limit" : "log.rescue", { birds: e.birds });
    default: return null;
  }
}

// Events too small for the TV's log (every "done", every pick) are kept out of it.
export const QUIET = new Set(["fight_state", "done", "draft_pick", "turn_of"]);
