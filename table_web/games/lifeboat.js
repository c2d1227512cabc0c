// Lifeboat (Siadek) on the TV: the boat bow to stern with every character's card, the birds,
// the decks, the navigation card just resolved, the fight, the overboard and thirst windows,
// a log in sentences, and the final scores with every friend and enemy revealed.
// Drawn on a 1920x1080 canvas that the TV page scales to fit the screen (1280x720 to 3840x2160).
import { strings } from "/static/games/lifeboat/strings.js";
import {
  h, fmt, ensureCss, tr as makeTr, charName, kindName, card, cardBack, who, whoList, navCard, woundPips, forHim, gk, gks,
  describeEvent, QUIET, birdIcon, weaponBonus,
} from "/static/games/lifeboat/common.js";
import { gameMemory, gameKey } from "/static/js/gamekey.js";
import { endReveals } from "/static/js/reveal.js";
import { showPage, morphId, pageParts } from "/static/js/morph.js";
import { disc } from "/static/js/players.js";
import { ticker } from "/static/js/waiting.js";
import { saysCache } from "/static/js/logsays.js";
import { lifeboatReveals, lifeboatWaiting } from "/static/games/lifeboat/moments.js";

export { strings };

ensureCss(new URL("./lifeboat.css", import.meta.url));

const W = 1920;
const H = 1080;
// Drawn for 1920x1080: the TV page's stage fitter (server/static/js/fit.js) scales it to the
// screen, as for every game with a design size.
export const fit = { width: W, height: H };
const LOG_LINES = 12;
const LOG_GROUP = 3;      // the log's slots a part of the list holds (side())
// {log, version, lastNav, lastFight, rects, stopTick} of one game (server/static/js/gamekey.js):
// a rematch starts with no old log, fight or navigation card (its clock's ticker stops with its
// game: render() stops only the ticker of the memory it draws from, the new game's).
const mem = gameMemory(() => ({ log: [], logged: 0, says: saysCache(), version: -1, lastNav: null, lastFight: null, rects: {}, stopTick: null }),
  (m, key) => { if (m.stopTick) m.stopTick(); endReveals(key); });

export function render(root, msg, ctx) {
  const m = mem(root, msg, ctx);
  const view = msg.view;
  const t = makeTr(ctx);
  const env = { view, tr: t, lang: ctx.lang, colourOf: ctx.colourOf, msg, ctx };
  const events = Array.isArray(msg.events) ? msg.events : [];
  const fresh = msg.version !== m.version;
  if (fresh) {
    if (msg.version < m.version) m.log = [];
    for (const e of events) {
      if (!QUIET.has(e.type)) { m.log.push(e); m.logged++; }
      if (e.type === "navigation_card") m.lastNav = { card: e.card, turn: e.turn, birds: e.birds, overboard: null };
      if (e.type === "overboard" && m.lastNav) m.lastNav.overboard = e.seats;
      if (e.type === "fight_resolved") m.lastFight = e;
    }
    m.log = m.log.slice(-80);
  }
  env.m = m;
  logLines(env);

  // Where each seat's card was, to slide it to its new place when characters swap (read only
  // then: a read of a size lays the page out).
  const swappedNow = fresh && events.some((e) => e.type === "swapped");
  const before = {};
  if (swappedNow) for (const el of root.querySelectorAll(".lbv-seat[data-seat]")) before[el.dataset.seat] = el.getBoundingClientRect();

  // The parts an update rarely changes (each seat's card, the decks, the last navigation card,
  // the log) are built only when what they show changed (morph.js); the page is drawn whole
  // for another language or a new look of a player (the room's names and colours).
  const looks = view.characters.map((c) => { const p = ctx.colourOf(c.seat); return [p.name, p.colour, p.letter, c.character]; });
  env.part = pageParts(root, gameKey(msg, ctx), JSON.stringify([ctx.lang, looks]));
  const page = h("div", { class: "lbv", dataset: { phase: view.phase }, style: { width: `${W}px`, height: `${H}px` } },
    topBar(env),
    // the log's newest line (data-l<slot>, lifeboat.css) is marked here, outside the log's
    // frame: a new line builds its slot alone
    h("div", { class: "lbv-main", dataset: marksOf({ l: env.log.length ? [env.log[0][1] % LOG_LINES] : [] }) },
      // whom the table waits for and who acts: on the column, outside the boat's part (a turn
      // passing on rebuilds neither the boat nor a card)
      h("div", { class: "lbv-left", dataset: seatMarks(view) }, boat(env), stage(env)),
      side(env)),
    view.over && view.result ? finalScores(env, view.result) : null);
  // Morphed into the page shown (morph.js): only what changed is written, a seat's card is
  // the same element wherever it sits.
  const shown = showPage(root, h("div", { class: "lbv-frame" }, page), gameKey(msg, ctx)).firstElementChild;

  if (swappedNow) {
    const scale = shown.getBoundingClientRect().width / W || 1;
    for (const el of shown.querySelectorAll(".lbv-seat[data-seat]")) {
      const old = before[el.dataset.seat];
      if (!old) continue;
      const now = el.getBoundingClientRect();
      const dx = (old.left - now.left) / scale;
      const dy = (old.top - now.top) / scale;
      if (!dx && !dy) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }],
        { duration: 900, easing: "cubic-bezier(.3,.8,.3,1)" });
    }
  }
  m.version = msg.version;
  if (m.stopTick) m.stopTick();
  m.stopTick = ticker(root, msg.deadline);
  lifeboatReveals(msg, ctx);
}

// ---------------------------------------------------------------- top bar

// What the top bar's line says: [key, seat, n], or [the phase's key] alone (also the top bar
// part's inputs).
function nowArgs(view) {
  const a = view.actions;
  const waiting = view.waiting_for || [];
  let key = `wait.${view.phase}`;
  let seat = waiting[0];
  if (view.phase === "actions" && a) {
    key = `wait.actions.${a.step || "choose"}`;
    seat = a.step === "answer" ? a.target : a.actor;
  }
  if (view.phase === "draft" && view.draft) seat = view.draft.drafter;
  if (view.phase === "navigate" && view.navigation) seat = view.navigation.navigator;
  if (!["draft", "actions", "navigate", "rescue", "thirst", "over"].includes(view.phase)) return [`phase.${view.phase}`];
  return [key, seat === undefined ? null : seat, view.draft ? view.draft.cards : 0];
}

function nowLine(env) {
  const { tr } = env;
  const [key, seat, n] = nowArgs(env.view);
  if (n === undefined) return tr(key) || "";
  return fmt(tr, key, { who: seat === null ? tr("nobody") : who(env, seat), n });
}

// The top bar: a frame holding three parts (morph.js `holds`: the bar shows nothing of its own),
// the day and its phase (in a box of `display: contents`), whom it waits for (a turn passing on
// builds that line alone, not the bar nor a stand-in for the others), and the birds (their icons
// drawn), which change far less often.
function topBar(env) {
  return env.part("lbv-part-head", [], (held) => h("header", { class: "lbv-top" }, held), { holds: () => topParts(env) });
}

function topParts(env) {
  const { view, tr } = env;
  const birds = () => {
    const slots = [];
    for (let i = 1; i <= view.birds_to_win; i++) slots.push(h("span", { class: `lbv-bslot${i <= view.birds ? " on" : ""}` }, birdIcon(false, 38)));
    return slots;
  };
  return [
    env.part("lbv-part-top", [view.turn, view.phase], () => h("div", { class: "lbv-topline" },
      h("div", { class: "lbv-brand" }, tr("title")),
      view.turn ? h("div", { class: "lbv-turn", "data-testid": "lbv-turn" }, tr("turn", { turn: view.turn })) : null,
      h("div", { class: "lbv-phase", "data-testid": "lbv-phase" }, tr(`phase.${view.phase}`)))),
    env.part("lbv-part-now", nowArgs(view), () => h("div", { class: "lbv-now", "data-testid": "lbv-now" }, nowLine(env))),
    env.part("lbv-part-birds", [view.birds, view.birds_to_win], () => h("div", { class: "lbv-birds", "data-testid": "lbv-birds",
      dataset: { birds: String(view.birds) }, title: tr("birds") }, h("span", { class: "lbv-blabel" }, tr("birds")), birds(),
    h("b", {}, tr("birds.of", { n: view.birds, max: view.birds_to_win }))))];
}

// ---------------------------------------------------------------- the boat

// A seat's card with what it is drawn from. Whom the table waits for, who acts, and the marks of
// the day (rowed, fought, acted) are the left column's attributes (seatMarks, lifeboat.css): a
// turn passing on or an action done rebuilds no card, nor the boat.
// The card is a frame (morph.js `holds`) over its look, hand and marks, drawn from its own
// inputs (what the card's box and its cards face up show): a provision drafted builds his
// hand alone, not the card nor a stand-in for his look and marks.
function seatPart(env, x) {
  const c = env.view.characters[x];
  return env.part(morphId("lbv-seat", x), [c.state, c.character, c.face_up], (held) => seatCard(env, x, held),
    { holds: () => seatParts(env, x) });
}

// A character as his card draws it: not whether he has rowed, fought or acted today (marks the
// card shows by its column's attributes).
function drawn(c) {
  const { rowed, fought, acted, ...card } = c;
  void rowed; void fought; void acted;
  return card;
}

function actedMark(view, c) {
  return Boolean(c.acted && !c.rowed && !c.fought && view.phase === "actions");
}

// A box's marks: an attribute per seat (or slot) and mark, "1", for those that have it alone
// ({w: [3]} -> {w3: "1"}); one without has none (lifeboat.css reads a mark's absence as
// :not([data-r3]), never as "0"). A style
// invalidation goes by the attribute's name, so a change for one seat restyles that seat alone,
// and most seats have no mark on most updates: an update builds, and the morph compares, a few
// attributes, not one per seat and mark (30 on the left column, as dom.js flags() writes them;
// named apart from it: that one writes "0" too).
function marksOf(marks) {
  const out = {};
  for (const prefix in marks) for (const x of marks[prefix]) if (x !== null && x !== undefined) out[`${prefix}${x}`] = "1";
  return out;
}

// The seats the table waits for (data-w<seat>), the one acting (data-a<seat>: the actor, or
// the target who answers), and the marks on the cards: rowed (data-r<seat>), fought (data-f),
// acted (data-k) (marksOf()).
function seatMarks(view) {
  const a = view.actions;
  const acting = a ? [a.actor, a.step === "answer" ? a.target : null].filter((x) => typeof x === "number") : [];
  const marked = (pred) => view.characters.filter(pred).map((c) => c.seat);
  return marksOf({ w: view.waiting_for || [], a: acting, r: marked((c) => c.rowed), f: marked((c) => c.fought),
    k: marked((c) => actedMark(view, c)) });
}

// `held`: the card's look, hand and marks (seatParts), then his cards face up go between the
// hand and the marks.
function seatCard(env, x, [look, hand, marks]) {
  const c = env.view.characters[x];
  const p = env.colourOf(x);
  return h("div", {
    class: `lbv-seat lbv-s${x} s-${c.state}`,
    id: morphId("lbv-seat", x), dataset: { seat: String(x), character: c.character, state: c.state }, "data-testid": `lbv-seat-${x}`,
    style: { "--pc": p.colour },
  }, look, hand, h("div", { class: "lbv-up" }, c.face_up.map((u) => card(env, u.kind, { small: true, open: u.open }))), marks);
}

// Inside the card, three parts of their own (morph.js): his look (whose he is, the character,
// his size, wounds and state), what he holds (his hand, what may be played for him) and the
// marks' words.
function seatParts(env, x) {
  const { view, tr } = env;
  const c = view.characters[x];
  const p = env.colourOf(x);
  const { hand_count: n, hand_public: pub, face_up: up, ...look } = drawn(c);
  void up;
  return [
    // (boxes of `display: contents`, lifeboat.css: their children lay out as the card's own)
    env.part(morphId("lbv-seat-look", x), [look], () => h("div", { class: "lbv-seat-part" },
      h("div", { class: "lbv-phead" }, disc(p.colour, p.letter), h("span", { class: "lbv-pn" }, p.name)),
      h("div", { class: "lbv-cname" }, charName(env, c.character)),
      h("div", { class: "lbv-stats" },
        h("span", { title: tr("size") }, tr("size.short", { n: c.size })),
        h("span", { title: tr("survival") }, tr("survival.short", { n: c.survival }))),
      woundPips(c),
      h("div", { class: `lbv-state s-${c.state}` }, tr(gk(c.character, `state.${c.state}`))))),
    env.part(morphId("lbv-seat-hand", x), [c.character, n, pub], () => h("div", { class: "lbv-seat-part" },
      h("div", { class: "lbv-hand", title: tr("players_cards") }, n ? cardBack(n) : null, h("small", {}, String(n))),
      forHim(env, c, { short: true }))),
    // all three always there, each shown by the column's data-r/f/k<seat> (lifeboat.css)
    env.part(morphId("lbv-seat-marks", x), [], () => h("div", { class: "lbv-marks" }, h("span", { class: "lbv-mark rowed" }, tr("mark.rowed")),
      h("span", { class: "lbv-mark fought" }, tr("mark.fought")), h("span", { class: "lbv-mark acted" }, tr("mark.acted"))))];
}

// The boat: a frame (morph.js `holds`) over the seats' cards, drawn from its own inputs (the
// line bow to stern, who is in the water, apart or removed, and their states): a card that
// changes builds that card (or the part of it that changed) alone, not the hull nor a stand-in
// per seat.
function boat(env) {
  const { view } = env;
  const water = (view.navigation && view.navigation.water) || [];
  const line = (view.line || []).filter((x) => !water.includes(x));
  const apart = view.characters.filter((c) => !line.includes(c.seat)).map((c) => c.seat);
  return env.part("lbv-part-boat", [view.line, water, view.removed, apart.map((x) => view.characters[x].state)],
    (seats) => boatWrap(env, line, apart, seats), { holds: () => line.map((x) => seatPart(env, x)) });
}

function boatWrap(env, line, apart, seats) {
  const { view, tr } = env;
  const water = (view.navigation && view.navigation.water) || [];
  return h("section", { class: "lbv-boatwrap" },
    h("div", { class: "lbv-hull", "data-testid": "lbv-boat", style: { "--n": String(Math.max(line.length, 1)) } },
      h("span", { class: "lbv-bow" }, tr("bow")),
      h("div", { class: "lbv-seats" }, seats),
      h("span", { class: "lbv-stern" }, tr("stern"))),
    apart.length || (view.removed || []).length ? h("div", { class: "lbv-apart", "data-testid": "lbv-apart" },
      apart.length ? h("span", { class: "lbv-apart-title" }, water.length ? tr("water.title") : tr("gone_apart")) : null,
      apart.map((x) => h("span", { class: `lbv-gone s-${view.characters[x].state}`, dataset: { seat: String(x) } },
        who(env, x), " · ", tr(water.includes(x) ? "state.water" : gks(env, x, `state.${view.characters[x].state}`)))),
      (view.removed || []).length ? h("span", { class: "lbv-removed" },
        tr("removed", { names: view.removed.map((c) => charName(env, c)).join(", ") })) : null) : null);
}

// ---------------------------------------------------------------- what is going on

function stage(env) {
  const { view } = env;
  const parts = [];
  // "Waiting for ...": built again only when whom or what for changes (names: the parts' extra).
  // Of the deadline, whether there is one (the clock shown): its seconds are the ticker's to
  // paint (render()), so a phone's card sheet holding a window open, which moves the deadline
  // and resends the same view, builds no banner.
  const win = (view.fight && view.fight.window) || (["rescue", "thirst"].includes(view.phase) ? view.window : null);
  const waiting = env.part("lbv-part-waiting", [view.over, env.msg.waiting_for || [], win, Boolean(win && env.msg.deadline)],
    () => lifeboatWaiting(env.msg, env.ctx));
  // The panel of the moment: its box (class, test id, a window's progress: who is done) is
  // drawn on every update, what it shows is a part with all it reads (the characters' names:
  // the parts' extra), in a box of `display: contents`. One id whatever it shows, so a panel
  // giving its place to another is morphed where it is (a new id there made idiomorph morph
  // the whole stage, the banner with it), and one more player done in a window rebuilds nothing.
  const a = view.actions;
  const chars = (seats) => (seats || []).map((x) => view.characters[x]);
  const panel = (kind, inputs, build, box = {}, tail = null, more = null) => parts.push(h("div", {
    class: `lbv-panel${box.cls ? ` ${box.cls}` : ""}`, id: "lbv-moment", "data-testid": box.testid || null, dataset: box.data || null },
  env.part("lbv-part-moment", [kind, inputs], () => h("div", { class: box.inner || "lbv-moment" }, build())), more, tail));
  // The day's order stays in the panel (hidden, lifeboat.css) while an actor places his cards,
  // his row a part after it: the order coming back after each row is the same part, shown again
  // by the box's class, not built again. Who acts now and who is done are the box's
  // data-n<seat> and data-d<seat>: an action done rebuilds no line of the order.
  const daily = view.phase === "actions" && a && a.order && !view.fight;
  const order = (box, more = null) => panel("order", [a.order], () => orderPanel(env), {
    ...box, inner: "lbv-moment lbv-daily",
    data: marksOf({ n: [a.actor], d: a.order.filter((x) => x !== a.actor && view.characters[x].acted) }) }, null, more);
  // "n of m done": the window's progress, outside the part
  const progress = (win, ...before) => h("div", { class: "lbv-note" }, ...before, env.tr("fight.done", { n: win.done.length, m: win.seats.length }));
  if (view.fight) {
    const f = view.fight;
    panel("fight", [{ ...f, window: { ...f.window, done: null } }, a && a.kind, a && a.card,
      chars([...f.sides.attacker, ...f.sides.defender]).map((c) => c.face_up)], () => fightPanel(env, f),
    { cls: "lbv-fight", testid: "lbv-fight", data: marksOf({ d: f.window.done }) },
    progress(f.window, env.tr("fight.tie"), " · "));
  } else if (view.phase === "rescue") {
    const nav = view.navigation || {};
    const win = view.window || { seats: [], done: [] };
    panel("rescue", [nav.water, nav.sharks, chars(nav.water)], () => rescuePanel(env),
      { cls: "lbv-rescue", testid: "lbv-rescue" }, progress(win));
  } else if (view.phase === "thirst") {
    const thirst = (view.navigation && view.navigation.thirst) || [];
    const win = view.window || { seats: [], done: [] };
    panel("thirst", [thirst, chars(thirst.map((n, i) => (n > 0 ? i : null)).filter((x) => x !== null))], () => thirstPanel(env),
      { cls: "lbv-thirst", testid: "lbv-thirst" }, progress(win));
  } else if (view.phase === "draft" && view.draft) {
    // who draws now (the box's data-r<seat>, lifeboat.css) and the cards left: outside the part
    const d = view.draft;
    panel("draft", [d.drafters], () => draftPanel(env), { cls: "lbv-draft", data: marksOf({ r: [d.drafter] }) },
      h("div", { class: "lbv-note" }, cardBack(d.cards), " ", String(d.cards)));
  }
  else if (daily && a.step === "place") order({}, env.part("lbv-part-row", [a.actor, a.drawn_count], () => h("div", { class: "lbv-moment" }, rowPanel(env))));
  else if (view.phase === "actions" && a && a.step === "place") panel("row", [a.actor, a.drawn_count], () => rowPanel(env));
  else if (view.phase === "navigate") panel("navigator", [view.navigation.navigator, view.decks.row_stack], () => navigatorPanel(env));
  else if (view.phase === "actions" && a && a.step === "answer") {
    panel("answer", [a.kind, a.actor, a.target, a.card], () => answerPanel(env), { cls: "lbv-answer", testid: "lbv-answer" });
  } else if (daily) order({ cls: "lbv-order", testid: "lbv-order" });
  // the last fight and flare stay for many updates: parts, with all they read
  const last = lastFight(env);
  if (!view.fight && last && parts.length < 2) {
    parts.push(env.part("lbv-part-lastfight", [last, (last.wounded || []).map((x) => view.characters[x.seat].size)],
      () => lastFightPanel(env, last)));
  }
  const fl = view.last_flare;
  if (fl && fl.turn === view.turn && parts.length < 3) parts.push(env.part("lbv-part-flare", [fl], () => flarePanel(env, fl)));
  return h("section", { class: "lbv-stage", "data-testid": "lbv-stage" }, waiting, parts);
}

function lastFight(env) {
  const { view, m } = env;
  return view.last_fight || m.lastFight || null;
}

// The fight's title and sides (its box and progress: stage()); a fighter's ✓ shows when the
// box has his data-d<seat> (lifeboat.css).
function fightPanel(env, f) {
  const { tr, view } = env;
  const a = { kind: f.kind || (view.actions || {}).kind, card: f.card !== undefined ? f.card : (view.actions || {}).card };
  // Each side a part (morph.js), with all it reads: one more fighter on a side, or a weapon
  // played, builds that side, not the other with its fighters and their cards.
  const side = (name) => {
    const seats = f.sides[name];
    const arms = seats.map((x) => view.characters[x].face_up.filter((c) => weaponBonus(c.kind) && c.kind !== "flare_gun").map((c) => c.kind));
    return env.part(morphId("lbv-fight", name), [f.strength[name], seats, seats.map((x) => f.fired.includes(x)), arms],
      () => h("div", { class: `lbv-side ${name}`, "data-testid": `lbv-side-${name}` },
        h("div", { class: "lbv-side-head" }, h("span", {}, tr(`fight.${name}`)),
          h("b", { "data-testid": `lbv-strength-${name}` }, String(f.strength[name]))),
        seats.map((x, i) => h("div", { class: "lbv-fighter" }, who(env, x),
          h("span", { class: `lbv-ok lbv-ok-${x}`, dataset: { seat: String(x) } }, " ✓"),
          f.fired.includes(x) ? h("span", { class: "lbv-flare" }, ` ✹ ${tr("fight.fired")}`) : null,
          arms[i].map((kind) => card(env, kind, { small: true }))))));
  };
  return [
    h("h2", {}, tr("fight.title"), " · ", a.kind ? fmt(tr, a.kind === "mug" ? "fight.why.mug" : "fight.why.swap",
      { a: who(env, f.attacker, { player: false }), b: who(env, f.defender, { player: false }), card: kindName(env, a.card || "hand") }) : null),
    h("div", { class: "lbv-sides" }, side("attacker"), h("div", { class: "lbv-vs" }, "VS"), side("defender"))];
}

function lastFightPanel(env, e) {
  const { tr } = env;
  const hurt = (e.wounded || []);
  return h("div", { class: "lbv-panel lbv-lastfight", "data-testid": "lbv-lastfight" },
    h("h3", {}, tr("fight.last")),
    h("div", { class: "lbv-result" }, tr(`fight.won.${e.winner}`), ` (${e.strength.attacker} – ${e.strength.defender})`),
    h("div", { class: "lbv-lf-sides" },
      h("span", {}, tr("fight.attacker"), ": ", whoList(env, e.sides.attacker, { player: false })),
      h("span", {}, tr("fight.defender"), ": ", whoList(env, e.sides.defender, { player: false }))),
    hurt.length ? h("div", {}, tr("fight.wounded"), " ", hurt.map((x, i) => [i ? ", " : "", who(env, x.seat, { player: false }),
      ` ${x.wounds}/${env.view.characters[x.seat].size} (${tr(gks(env, x.seat, `state.${x.state}`))})`])) : null);
}

function flarePanel(env, fl) {
  const { tr } = env;
  return h("div", { class: "lbv-panel lbv-flarep", "data-testid": "lbv-flare" },
    h("h3", {}, tr("flare.last")),
    h("div", {}, fmt(tr, "flare.by", { who: who(env, fl.seat, { player: false }) })),
    h("div", { class: "lbv-flarecards" }, (fl.cards || []).map((nc, i) => h("div", { class: "lbv-flarecard" },
      h("span", { class: `lbt-nav-bird b${nc.bird}` }, nc.bird ? birdIcon(nc.bird < 0, 30) : null, tr(`nav.bird.${nc.bird}`)),
      h("b", {}, ` → ${(fl.bird_counts || [])[i] !== undefined ? fl.bird_counts[i] : "–"}`)))));
}

function rescuePanel(env) {
  const { view, tr } = env;
  const nav = view.navigation || {};
  const water = nav.water || [];
  return [
    h("h2", {}, tr("water.title")),
    h("div", { class: "lbv-waterlist" }, water.map((x) => {
      const c = view.characters[x];
      const pres = c.face_up.some((u) => u.kind === "life_preserver");
      return h("div", { class: "lbv-swimmer" }, who(env, x), " ", woundPips(c), pres ? h("span", { class: "lbv-pres" }, ` ◎ ${tr("water.preserver")}`) : null);
    })),
    h("div", { class: nav.sharks ? "lbv-sharks" : "lbv-note" }, tr(nav.sharks ? "water.sharks" : "water.no_sharks"))];
}

function thirstPanel(env) {
  const { view, tr } = env;
  const thirst = (view.navigation && view.navigation.thirst) || [];
  const thirsty = thirst.map((n, i) => (n > 0 ? i : null)).filter((x) => x !== null);
  return [
    h("h2", {}, tr("thirst.title")),
    thirsty.length ? h("div", { class: "lbv-waterlist" }, thirsty.map((x) => h("div", { class: "lbv-swimmer" }, who(env, x), " ",
      h("b", {}, tr("thirst.n", { n: thirst[x] })), " ", woundPips(view.characters[x])))) : h("div", {}, tr("thirst.none"))];
}

// The Actions phase: the order of the day, bow to stern, who has acted, who acts now. Each line
// holds its three words ("acts now", "done", "to come"), the one shown picked by the box's
// data-n<seat> and data-d<seat> (lifeboat.css): a turn passing on writes two attributes.
function orderPanel(env) {
  const { view, tr } = env;
  const a = view.actions;
  return [
    h("h3", {}, tr("order.title")),
    h("ol", {}, a.order.map((x) => h("li", { class: `lbv-o-${x}` }, who(env, x), " ",
      ["now", "done", "next"].map((state) => h("small", { class: `lbv-os-${state}` }, tr(`order.${state}`))))))];
}

function answerPanel(env) {
  const { view, tr } = env;
  const a = view.actions;
  return [
    h("h2", {}, fmt(tr, a.kind === "mug" ? "fight.why.mug" : "fight.why.swap",
      { a: who(env, a.actor), b: who(env, a.target), card: kindName(env, a.card || "hand") })),
    h("div", { class: "lbv-note" }, fmt(tr, "wait.actions.answer", { who: who(env, a.target, { player: false }) })),
    h("div", { class: "lbv-note" }, tr("fight.tie"))];
}

function draftPanel(env) {
  const { view, tr } = env;
  const d = view.draft;
  return [
    h("h2", {}, tr("phase.draft")),
    h("div", { class: "lbv-drafters" }, d.drafters.map((x) => h("span", { class: `lbv-drafter lbv-drafter-${x}` }, who(env, x))))];
}

function rowPanel(env) {
  const { view, tr } = env;
  const a = view.actions;
  return [h("h2", {}, fmt(tr, "wait.actions.place", { who: who(env, a.actor) })),
    h("div", { class: "lbv-note" }, cardBack(a.drawn_count || 0), " ", String(a.drawn_count || 0))];
}

function navigatorPanel(env) {
  const { view, tr } = env;
  return [h("h2", {}, fmt(tr, "wait.navigate", { who: who(env, view.navigation.navigator) })),
    h("div", { class: "lbv-note" }, cardBack(view.decks.row_stack), " ", tr("deck.row_stack"), " ", String(view.decks.row_stack))];
}

// ---------------------------------------------------------------- right column

function lastNavCard(env) {
  const { view, m } = env;
  const v = view.last_navigation || null;
  if (v) return { card: v.card, outcome: v };
  if (view.navigation && view.navigation.card) return { card: view.navigation.card, outcome: null };
  if (m.lastNav) return { card: m.lastNav.card, outcome: m.lastNav };
  return null;
}

// The log's last lines, newest first ([event, its place n in the game's log]; whether an event
// says something is asked once), in env.log, and the LOG_LINES slots they sit in, in env.slots:
// the line of the event at place n in slot n % LOG_LINES (each a part: that event, or none),
// shown newest first by their CSS order (-n): a new line takes the slot of the one leaving, and
// idiomorph morphs that slot alone (a line inserted at the top made it morph the whole list,
// every line's ids mapped).
function logLines(env) {
  const { m } = env;
  const first = m.logged - m.log.length;
  env.log = m.log.map((e, i) => [e, first + i]).slice(-LOG_LINES).reverse()
    .filter(([e, n]) => m.says.says(n, () => describeEvent(env, e)));
  m.says.prune(first, m.log.length);
  env.slots = Array.from({ length: LOG_LINES }, () => null);
  for (const line of env.log) env.slots[line[1] % LOG_LINES] = line;
}

// The right column: frames (morph.js `holds`) showing nothing of their own but their boxes and
// titles, over the decks, the last navigation card and the log's groups of slots: a card drawn
// builds that deck, a new line its slot, and no frame nor a stand-in for the others.
function side(env) {
  const { view, tr, slots } = env;
  const d = view.decks;
  const last = lastNavCard(env);
  // each deck a part: a card drawn from one rebuilds that one; its backs a part of their own,
  // which changes at five cards left and fewer (a card drawn writes the count, not the backs)
  const deck = (label, n, key) => env.part(`lbv-part-deck-${key}`, [n], () => h("div", { class: "lbv-deck", "data-testid": `lbv-deck-${key}` },
    env.part(`lbv-part-backs-${key}`, [Math.min(n, 5)], () => cardBack(Math.min(n, 5))), h("b", {}, String(n)), h("small", {}, label)));
  const outcome = last && last.outcome;
  const decks = () => [deck(tr("deck.navigation"), d.navigation, "nav"), deck(tr("deck.row_stack"), d.row_stack, "row"),
    deck(tr("deck.provisions"), d.provisions, "prov")];
  // the slots in groups of LOG_GROUP, each a frame over its slots' parts (boxes of `display:
  // contents`, lifeboat.css: the lines lay out as the list's own)
  const groups = () => Array.from({ length: LOG_LINES / LOG_GROUP }, (_, g) => slots.slice(g * LOG_GROUP, (g + 1) * LOG_GROUP)).map((group, g) =>
    env.part(morphId("lbv-logg", g), [], (lines) => h("div", { class: "lbv-logg", role: "none" }, lines), { holds: () => group.map((line, i) => {
      const k = g * LOG_GROUP + i;
      return env.part(morphId("lbv-log", k), line, () => (line
        ? h("li", { class: `lbv-slot-${k}`, dataset: { type: line[0].type }, style: { order: String(-line[1]) } }, describeEvent(env, line[0]))
        // (the same attributes, in the same order, as a line's: a slot filled again reads
        // as one drawn afresh)
        : h("li", { class: `lbv-slot-${k}`, dataset: { type: "" } })));
    }) }));
  return env.part("lbv-part-side", [], (held) => h("aside", { class: "lbv-side-col" }, held), { holds: () => [
    env.part("lbv-part-decks", [], (held) => h("div", { class: "lbv-decks" }, held), { holds: decks }),
    env.part("lbv-part-lastnav", [last], () => h("div", { class: "lbv-panel lbv-lastnav", "data-testid": "lbv-lastnav" },
      h("h3", {}, tr("nav.last")),
      last ? navCard(env, last.card, { extra: navOutcome(env, outcome) })
        : h("div", { class: "lbv-note" }, tr("nav.none")))),
    env.part("lbv-part-log", [], (held) => h("div", { class: "lbv-panel lbv-log", "data-testid": "lbv-log" },
      // (a list by its role, not an <ol>: the groups' boxes are its children, and an <ol> may
      // hold only <li>s, which axe and screen readers hold it to)
      h("h3", {}, tr("log")), h("div", { class: "lbv-lines", role: "list" }, held)), { holds: groups })] });
}

// What the last navigation card did: who went overboard, sharks, preserver, thirsts, water.
function navOutcome(env, o) {
  if (!o) return null;
  const { tr, view } = env;
  const lines = [];
  const line = (cls, ...c) => lines.push(h("div", { class: `lbv-nav-out ${cls}` }, c));
  if (o.rescued) line("good", h("b", {}, tr("nav.rescued")));
  if (Array.isArray(o.overboard) && o.overboard.length) line("bad", h("b", {}, tr("nav.went_overboard")), " ", whoList(env, o.overboard, { player: false }));
  if (o.sharks) line("bad", h("b", {}, tr("nav.sharks")));
  if (o.preserver) line("good", fmt(tr, "nav.preserver", { who: who(env, o.preserver.seat, { player: false }), target: who(env, o.preserver.target, { player: false }) }));
  if (o.chum && o.chum.length) line("bad", fmt(tr, "nav.chum", { who: whoList(env, o.chum, { player: false }) }));
  if (Array.isArray(o.thirst)) {
    const th = o.thirst.map((n, i) => (n > 0 ? i : null)).filter((x) => x !== null);
    line("", h("b", {}, tr("nav.thirsts")), " ", th.length ? th.map((x, i) => [i ? ", " : "", who(env, x, { player: false }), o.thirst[x] > 1 ? ` ×${o.thirst[x]}` : ""]) : tr("nav.nobody"));
  }
  if (o.water && o.water.length) line("good", h("b", {}, tr("nav.drank")), " ", o.water.map((w, i) => [i ? "; " : "",
    fmt(tr, `nav.w.${w.type === "drink" ? "drink" : w.type === "pour_his" ? "pour_his" : "pour"}`,
      { who: who(env, w.seat, { player: false }), target: w.target === undefined || w.target === null ? "" : who(env, w.target, { player: false }) })]));
  if (o.thirst_wounds && o.thirst_wounds.length) line("bad", h("b", {}, tr("nav.thirst_wounds")), " ", o.thirst_wounds.map((x, i) => [i ? ", " : "",
    who(env, x.seat, { player: false }), ` +${x.wounds_taken} (${tr(gks(env, x.seat, `state.${x.state}`))})`]));
  if (o.finished === false) line("", h("i", {}, tr("nav.resolving")));
  void view;
  return lines;
}

// ---------------------------------------------------------------- the end

function finalScores(env, r) {
  const { view, tr } = env;
  const order = r.scores.map((_, i) => i).sort((a, b) => (r.winners.includes(b) - r.winners.includes(a)) || r.scores[b] - r.scores[a] || a - b);
  const cols = ["survival", "love", "hate", "psychopath", "cash", "jewels", "paintings"];
  const rows = order.map((x) => {
    const bd = r.breakdown.find((b) => b.seat === x) || {};
    const c = view.characters[x];
    const win = r.winners.includes(x);
    const cs = [];
    if (bd.love_card === bd.character) cs.push(tr("case.narcissist"));
    if (bd.hate_card === bd.character) cs.push(tr("case.psychopath"));
    if (bd.love_card === bd.hate_card && bd.love_card !== bd.character) cs.push(tr("case.ambivalent"));
    return h("tr", { class: win ? "win" : "", dataset: { seat: String(x) }, "data-testid": `lbv-final-row-${x}` },
      h("td", {}, win ? h("span", { class: "lbv-crown" }, "♛") : ""),
      h("td", { class: "lbv-fwho" }, who(env, x), h("div", { class: `lbv-fstate s-${c.state}` }, tr(gk(c.character, `state.${c.state}`)))),
      h("td", { class: "lbv-flove", "data-testid": `lbv-love-${x}`, dataset: { character: bd.love_card } }, `☺ ${charName(env, bd.love_card)}`),
      h("td", { class: "lbv-fhate", "data-testid": `lbv-hate-${x}`, dataset: { character: bd.hate_card } }, `✗ ${charName(env, bd.hate_card)}`,
        cs.length ? h("div", { class: "lbv-case" }, cs.join(" · ")) : null),
      cols.map((k) => h("td", { class: `lbv-fnum${bd[k] ? "" : " zero"}` }, bd[k] ? String(bd[k]) : "·")),
      h("td", { class: "lbv-ftotal", "data-testid": `lbv-total-${x}` }, String(r.scores[x])));
  });
  return h("div", { class: "lbv-final", "data-testid": "lbv-final" },
    h("div", { class: "lbv-final-card" },
      h("h2", {}, tr("final.title")),
      h("div", { class: "lbv-final-winner" }, fmt(tr, r.winners.length > 1 ? "final.winners" : "final.winner",
        { who: whoList(env, r.winners) })),
      h("div", { class: "lbv-note" }, tr(`final.reason.${r.reason === "turn_limit" ? "turn_limit" : "birds"}`)),
      h("table", {},
        h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, tr("final.player")), h("th", {}, tr("final.love")),
          h("th", {}, tr("final.hate")), cols.map((k) => h("th", {}, tr(`bd.${k}`))), h("th", {}, tr("bd.total")))),
        h("tbody", {}, rows))));
}

void kindName;
