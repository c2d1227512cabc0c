// Galèrapagos on the TV: the island (water and food tracks with tonight's need, wood and the
// raft, the weather card and deck, wreck and discard), every castaway around it, what happens
// now in words (the action's outcome large, the ballot and its reveal, departure, hurricane),
// the log, and the end. Drawn from msg.view only; everything scales with the screen (--u).
import { strings } from "/static/games/galerapagos/strings.js";
import {
  h, fmt, trOf, cards, cardName, who, disc, names, icon, stateOf, causeOf, survivalLine,
  describeEvent, choiceNode,
} from "/static/games/galerapagos/common.js";
import { gameMemory, gameKey, ended } from "/static/js/gamekey.js";
import { endReveals } from "/static/js/reveal.js";
import { showPage, morphId, pageParts } from "/static/js/morph.js";
import { ensureCss } from "/static/js/dom.js";
import { fitWhenNeeded, stageSize } from "/static/js/fit.js";
import { galerapagosReveals, person } from "/static/games/galerapagos/moments.js";
import { secondsLeft, ticker, waitingBox, waitingClock, waitingFlagged } from "/static/js/waiting.js";
import { saysCache } from "/static/js/logsays.js";
import { stuckTo } from "/static/js/text.js";

export { strings };

// The board fits the stage's box itself (fitBoard: its height is the stage's, it shrinks --u and
// folds until every panel fits, and clips): the stage fitter lays it out at the box's size and
// reads nothing after an update (fit.js).
export const fit = { fills: true };

ensureCss(new URL("./galerapagos.css", import.meta.url));

// The log is folded to its last lines: the story of the turn is told large in the centre.
const LOG_LINES = 4;
// {log, slots, version, timer} of one game (server/static/js/gamekey.js): a rematch starts clean
// (its fit's check, fit.js, observes the old game's page: let go).
const memory = gameMemory(() => ({ log: [], logged: 0, says: saysCache(), slots: Array(LOG_LINES).fill(null), version: -1, timer: null }),
  (m, key) => { if (m.timer) m.timer(); if (m.fitWatch) m.fitWatch.disconnect(); endReveals(key); });
export function render(root, msg, ctx) {
  const m = memory(root, msg, ctx);
  m.msg = msg; m.ctx = ctx;
  const events = Array.isArray(msg.events) ? msg.events : [];
  if (msg.version !== m.version) {
    if (msg.version < m.version) m.log = [];
    for (const e of events) m.log.push(e);
    m.logged += events.length;
    m.log = m.log.slice(-80);
  }
  m.version = msg.version;
  cards(() => { if (!ended(m)) draw(root, m); });
  draw(root, m);
  galerapagosReveals(msg, ctx, trOf(ctx));
}

function draw(root, m) {
  const msg = m.msg;
  const ctx = m.ctx;
  const tr = trOf(ctx);
  const view = msg.view;
  // whether the last fit folded foldable `i` of kind `kind` (foldables(): 0 the log, 1 its lines
  // by age, 2 the discards, 3 the earlier outcomes)
  const folded = (kind, i) => Boolean(m.folds && m.folds[kind].includes(i));
  const env = { view, tr, ctx, msg, m, folded };
  // The parts an update rarely changes are built only when what they show changed (morph.js):
  // each with what it is drawn from; the page is drawn whole for another language, a new look
  // of a castaway (the room's names and colours) or the card data arriving.
  const looks = view.castaways.map((c) => { const x = ctx.colourOf(c.seat); return [x.name, x.colour, x.letter]; });
  const part = pageParts(root, gameKey(msg, ctx), JSON.stringify([ctx.lang, looks, Boolean(cards())]));
  const st = view.stage || {};
  const ballot = st.vote ? st.vote.ballot : st.ballot;
  const say = (e) => fixedLine(describeEvent(view, tr, ctx, e));
  const log = logSlots(m, logLines(m, say));
  const page = h("div", { class: `gt-table${view.castaways.length > 8 ? " gt-many" : ""}`, dataset: { phase: view.phase } },
    part("gt-part-top", [view.turn, view.phase, view.over, view.first_player], () => topBar(env)),
    h("div", { class: "gt-main" },
      island(env, part),
      h("div", { class: "gt-mid" }, now(env, part), logPanel(env, log, say, part)),
      castaways(env, part)),
    view.over && view.result ? final(env) : null);
  // fitted when the screen, the castaways or the end change, else the last fit is kept (issue 24);
  // on the TV the stage's size is the stage fitter's, which has the page draw again when it
  // changes (the final strip comes and goes, the host's drawer opens: not the window's size)
  const fitKey = [window.innerWidth, window.innerHeight, stageSize(root), view.castaways.length, Boolean(view.over), ctx.lang].join("|");
  // Morphed into the page shown (morph.js): only what changed is written. The folds of the last
  // fit (the oldest log lines, discards and earlier outcomes, hidden) are drawn with the parts
  // built (env.folded), so the morph finds them as they are, and a part kept has them already (a
  // refit folds the page shown): no query of either page for them (issue 24: eight selectors an
  // update). But the log's lines fold by age, and a line kept grows older as new ones come: its
  // slot is folded or unfolded on the page shown (logFolds).
  const show = () => logFolds(showPage(root, page, gameKey(msg, ctx)), m);
  const refit = (shown) => { m.folds = fitBoard(root, shown, m); m.excess = excess(shown, m, true); };
  fitWhenNeeded(m, fitKey, page, show, refit, (p) => excess(p, m).some((x, i) => x > (m.excess[i] || 0)));
  countdown(root, m, msg);
}

// The board fills the screen under the page's header; every size is a multiple of --u, and no
// text is smaller than --fl, the sofa's floor (issue 20.6): 14 px on a 720p screen, 18 px on
// 1080p, in proportion above (3% spare for rounding).
function sofaFloor(w = window.innerWidth, h = window.innerHeight) {
  return 1.03 * Math.max(14, Math.min(h / 60, w / (1920 / 18)));
}

function fitBoard(root, page, m) {
  // On the TV page, the stage (table.js) the stage fitter sizes to its box: the board is the
  // stage's whole height, never a height of its own (a board taller than the box, fitted
  // before the box was laid out, was scaled down by the stage fitter, its text under the floor,
  // and kept so; one fitted to an older, smaller box left a band under it). Before the fitter
  // has sized the stage, the box's size is what the stage gets (at scale 1: the board fits
  // it); before the box is laid out, a guess: the fitter sizing the stage has the page drawn again.
  const box = root.closest(".stage-box");
  let height;
  if (box) {
    page.style.height = "100%";
    // inline: the first page is drawn before galerapagos.css is in, and its content spilling
    // out of the stage made the stage fitter scale the board down (0.61) and keep that scale
    page.style.overflow = "hidden";
    height = (root.style.height ? root.clientHeight : box.clientHeight) || Math.max(560, window.innerHeight - 12);
  } else {
    const top = root.getBoundingClientRect().top + window.scrollY;
    height = Math.max(560, window.innerHeight - top - 12);
    page.style.height = `${height}px`;
  }
  const width = page.getBoundingClientRect().width || window.innerWidth;
  const floor = sofaFloor();
  page.style.setProperty("--fl", `${floor}px`);
  let u = Math.min(height / 40, width / 80);
  page.style.setProperty("--u", `${u}px`);
  // A crowded moment (12 castaways, a long reveal) shrinks the board a little until every
  // panel fits, down to the floor (text never goes under it); what still does not fit is the
  // oldest story: the log's oldest lines, the oldest discards, the turn's earlier outcomes.
  const panels = [...page.querySelectorAll(PANELS)];
  const over = () => panels.some((el) => el.scrollHeight > el.clientHeight + 1);
  for (const el of page.querySelectorAll(".gt-logp, .gt-logp li, .gt-earlier li, .gt-dcard")) el.hidden = false;
  for (let i = 0; i < 10 && u > 0.85 * floor && over(); i++) {
    u = Math.max(0.85 * floor, u * 0.94);
    page.style.setProperty("--u", `${u}px`);
  }
  // Each fold only for the panel it gives room to (the log's lines give the story theirs).
  const cut = (el) => el && el.scrollHeight > el.clientHeight + 1;
  const story = page.querySelector(".gt-now");
  const folds = foldables(page, m)[1].reverse().map((el) => [el, () => cut(story) || cut(el.closest("section"))])
    .concat([...page.querySelectorAll(".gt-dcard")].slice(2).reverse().map((el) => [el, () => cut(el.closest(".gt-box")) || cut(el.closest("section"))]),
      [...page.querySelectorAll(".gt-earlier li")].map((el) => [el, () => cut(story)]));
  for (const [el, needed] of folds) {
    if (needed()) el.hidden = true;
  }
  const log = page.querySelector(".gt-logp");
  if (log && foldables(page, m)[1].every((el) => el.hidden)) log.hidden = true;   // all folded: the story takes its room
  return foldables(page, m).map((all) => all.flatMap((el, i) => (el.hidden ? [i] : [])));
}

// The panels the fit keeps whole.
const PANELS = ".gt-main > section, .gt-mid > section, .gt-box, .gt-final-card";

// What the fit may fold, by kind, each in the order its folds are kept between updates: the
// log, its lines newest first (by age, not by the slots they sit in: m.logOrder), the discards,
// the earlier outcomes.
function foldables(page, m) {
  const lines = page.querySelectorAll(".gt-logp li");
  return [[...page.querySelectorAll(".gt-logp")], (m.logOrder || []).map((k) => lines[k]).filter(Boolean),
    [...page.querySelectorAll(".gt-dcard")], [...page.querySelectorAll(".gt-earlier li")]];
}

// The log's lines on the page shown folded as the last fit folded them, by age (m.logOrder: the
// slot of each line, newest first): a line kept in its slot is older with every new one. The
// last fit folded no line: none is hidden (it unfolded them all, and a line built since is drawn
// unfolded). Returns `shown`.
function logFolds(shown, m) {
  const ages = m.folds ? m.folds[1] : [];
  if (!shown || !ages.length) return shown;
  // (the list is drawn on every update and morphed, the same node while the page is shown)
  let list = m.logList;
  if (!list || !list.isConnected || !shown.contains(list)) list = m.logList = shown.querySelector(".gt-logp > ol");
  if (!list) return shown;
  let k = 0;
  for (let li = list.firstElementChild; li; li = li.nextElementSibling, k++) {
    const fold = ages.includes(m.logOrder.indexOf(k));
    if (li.hidden !== fold) li.hidden = fold;
  }
  return shown;
}

// How much each panel's content is taller than the panel. The fit runs again when a panel
// outgrows what the last fit left (a crowded moment); at the floor with nothing left to fold
// a panel may stay over by a little, and refitting every update would not change that.
// The panels are those the last fit found (`fresh`: find them again), each a node the morph
// keeps: a page's panels are the same for one fit key (the final card comes with the end,
// which is in it), so the check after each update queries nothing unless one was replaced.
// (A panel added beside them without a new fit key would never be checked: a new panel's
// arrival belongs in the fit key, as the final card's is.)
function excess(page, m, fresh = false) {
  if (fresh || !m.panels || m.panels.some((el) => !el.isConnected)) m.panels = [...page.querySelectorAll(PANELS)];
  return m.panels.map((el) => Math.max(0, el.scrollHeight - el.clientHeight - 1));
}

// The window's clock and the "waiting for" banner's own countdown (waiting.js) tick together,
// from one timer. Each is drawn with the seconds left as the ticker writes them, so a page
// drawn again within the same second is the one shown: the morph does not empty a clock for
// the ticker to fill it again on every update of a window (two writes, a layout each).
function secondsNow(el, deadline) {
  const left = String(secondsLeft(deadline));
  el.textContent = left;
  el.dataset.seconds = left;
  return el;
}

function countdown(root, m, msg) {
  if (m.timer) { m.timer(); m.timer = null; }
  // (no deadline, no clock: no query of the page for one)
  if (msg.deadline) m.timer = ticker(root, msg.deadline, ".gt-clock b, .wf-secs");
}

// A line of words with names in it, in a shape that does not change with its words (issue 24):
// text, chip, text..., starting and ending with a text (empty if need be), the texts next to
// each other as one, each castaway's chip in the box fmt() gives a chip with its punctuation (text.js stuckTo)
// (white-space: nowrap, the chip and a text, empty here). A line that follows another with
// as many chips ("Cy fishes" after "the turn passes to Dee", a caption naming another
// castaway) is then rewritten in place, words and attributes, and not handed to idiomorph
// as a whole (the log's slots, the caption: the commonest calls on this TV). null stays null.
function fixedLine(line) {
  if (line === null || line === undefined) return line;
  const out = [""];
  const put = (x) => {
    if (x === null || x === undefined || x === false) return;
    if (Array.isArray(x)) { for (const y of x) put(y); return; }
    if (typeof x === "string" || typeof x === "number") { out[out.length - 1] += String(x); return; }
    if (x.nodeType === 3) { out[out.length - 1] += x.nodeValue; return; }
    if (x.classList && x.classList.contains("gp-who")) {
      out.push(stuckTo(x, ""), "");
    } else {
      out.push(x, "");
    }
  };
  put(line);
  return out;
}

// ---------------------------------------------------------------- top bar

function topBar({ view, tr, ctx }) {
  return h("header", { class: "gt-top" },
    h("div", { class: "gt-brand" }, icon("raft", 28), tr("title")),
    h("div", { class: "gt-turn", "data-testid": "gt-turn" }, tr("turn.long", { turn: view.turn })),
    h("div", { class: "gt-phases" }, ["dawn", "actions", "survival", "evening"].map((p) =>
      h("span", { class: `gt-ph${view.phase === p ? " on" : ""}` }, tr(`phase.${p}`)))),
    view.over ? null : h("div", { class: "gt-first", "data-testid": "gt-first" }, icon("star", 24), tr("first_player"), " ", who(ctx, view.first_player)));
}

// ---------------------------------------------------------------- the island

function track(view, tr, resource) {
  const living = view.castaways.filter((c) => c.alive).length;
  const value = view[resource];
  const cells = [];
  for (let i = 0; i <= 36; i++) {
    cells.push(h("span", { class: `gt-cell${i === value ? " cur" : ""}${i < value ? " full" : ""}${i === living ? " need" : ""}${i % 5 === 0 ? " five" : ""}` },
      i === value || (i % 5 === 0 && Math.abs(i - value) > 1) ? String(i) : ""));
  }
  return h("div", { class: `gt-track gt-${resource}`, "data-testid": `gt-track-${resource}`, dataset: { value: String(value) } },
    h("div", { class: "gt-track-head" }, icon(resource, 26), h("b", {}, tr(resource)), h("span", { class: "gt-big-num" }, String(value)),
      view.over ? null : h("span", { class: `gt-surv${value < living ? " short" : ""}` }, survivalLine(view, tr, resource))),
    h("div", { class: "gt-cells" }, cells),
    h("div", { class: "gt-need-label", "data-testid": `gt-need-${resource}`,
               style: { "--at": String(living), "--shift": living < 4 ? "-15%" : "-50%" } }, tr("tonight", { n: living })));
}

function island(env, part) {
  const { view, tr, ctx } = env;
  const w = view.weather;
  const living = view.castaways.filter((c) => c.alive).length;
  // The raft's twelve places are a part of their own, drawn once: how many are built and needed
  // is the raft's data-places and data-living (galerapagos.css), so wood gained or a place built
  // rewrites the raft's words and attributes and builds none of the places (issue 24: the raft
  // was built again on a third of updates). Its six logs are drawn once too, each slot holding
  // its log: how many are got is the raft's data-wood (at most six: with all twelve places built
  // wood still gathers), so wood gained builds no part (the logs were built on a third of updates).
  const wood = () => {
    const logs = [];
    for (let i = 0; i < 6; i++) logs.push(h("span", { class: "gt-log" }, icon("wood", 22)));
    return h("span", { class: "gt-logs" }, logs);
  };
  const places = () => {
    const all = [];
    for (let i = 0; i < 12; i++) all.push(h("span", { class: "gt-place" }, String(i + 1)));
    return h("div", { class: "gt-places" }, all);
  };
  const hurricaneNear = view.weather_left <= 6 && !view.hurricane_out;
  const discard = view.discard || [];
  const trackPart = (res) => part(morphId("gt-part-track", res), [view[res], living, view.over], () => track(view, tr, res));
  // The island is a part that holds its boxes' parts (morph.js, `holds`): an update that changes
  // nothing on it (most: a turn passing on, a vote) makes one stand-in; one that changes a box
  // (food eaten, wood got, a weather card, a discard) builds that box alone, put in the island
  // kept as it is (issue 24: it built the island's frame and a stand-in for each other box).
  // Its own inputs are what decides its boxes: the same six always, the departure's line held
  // only while the raft may leave.
  const departs = Boolean(view.departure_needs && !view.over);
  return part("gt-part-island", [departs], (kids) => h("section", { class: "gt-island", "data-testid": "gt-island" },
    kids.water, kids.food, h("div", { class: "gt-row" }, kids.raft, kids.weather, kids.wreck), kids.depart),
  { holds: () => ({
    water: trackPart("water"),
    food: trackPart("food"),
    raft: part("gt-part-raft", [view.places, view.wood, living], () => h("div", { class: "gt-box gt-raft", "data-testid": "gt-raft",
        dataset: { places: String(view.places), living: String(living), wood: String(Math.min(view.wood, 6)) } },
        h("div", { class: "gt-box-head" }, icon("raft", 24), tr("raft.places", { n: view.places })),
        part("gt-part-places", [], places),
        h("div", { class: "gt-wood" }, h("span", {}, tr("raft.wood", { n: view.wood })), part("gt-part-logs", [], wood)))),
    weather: part("gt-part-weather", [w, view.turn, view.weather_left, view.hurricane_out], () => h("div", { class: `gt-box gt-weather${w && w.hurricane ? " hurricane" : ""}`, "data-testid": "gt-weather" },
        h("div", { class: "gt-box-head" }, tr("weather.title", { turn: view.turn })),
        w ? h("div", { class: "gt-wcard" }, icon(w.hurricane ? "storm" : "water", 40),
          h("b", {}, w.hurricane ? tr("weather.hurricane") : w.drops ? tr("weather.drops", { drops: w.drops }) : tr("weather.drops.0")))
          : h("div", { class: "gt-wcard dim" }, tr("weather.none")),
        h("div", { class: "gt-deck" }, h("span", { class: "gt-stack" }, String(view.weather_left)), tr("weather.deck", { n: view.weather_left })),
        view.hurricane_out ? null : h("div", { class: `gt-hwarn${hurricaneNear ? " near" : ""}` }, icon("storm", 18), tr("weather.deck.hurricane")))),
    wreck: part("gt-part-wreck", [view.deck_size, discard.slice(-6)], () => h("div", { class: "gt-box gt-wreck" },
        h("div", { class: "gt-box-head" }, tr("wreck.title")),
        h("div", { class: "gt-deck" }, h("span", { class: "gt-stack gt-wreck-stack" }, String(view.deck_size)), tr("wreck.left", { n: view.deck_size })),
        h("div", { class: "gt-box-head" }, tr("discard.title")),
        // six places, newest first, an empty one not shown (:empty): a card discarded rewrites
        // their words, not the pile's children (issue 24)
        h("div", { class: "gt-discard" }, [0, 1, 2, 3, 4, 5].map((i) => {
          const c = discard[discard.length - 1 - i];
          return h("span", { class: "gt-dcard", hidden: env.folded(2, i) }, c === undefined ? "" : cardName(c, ctx.lang, tr));
        }), h("span", { class: "dim", hidden: discard.length > 0 }, tr("discard.empty"))))),
    // drawn as nothing from the same inputs while the raft may not leave
    depart: part("gt-part-depart", departs ? [view.departure_needs, view.places, view.water, view.food] : [], () => departureLine(env)),
  }) });
}

function departureLine({ view, tr }) {
  const d = view.departure_needs;
  if (!d || view.over) return null;
  return h("div", { class: `gt-depart${d.met ? " met" : ""}` },
    tr("departure.needs", { n: d.living }), " · ",
    tr("departure.have", { places: view.places, water: view.water, food: view.food }));
}

// ---------------------------------------------------------------- castaways

function castaways({ view, tr, ctx }, part) {
  const waiting = view.waiting_for || [];
  const st = view.stage || {};
  const ballot = st.vote ? st.vote.ballot : st.ballot;
  const voting = ballot && !ballot.revealed ? ballot.voters : [];
  // A row's inputs (its own and its pieces') are what it draws of its castaway, nothing else:
  // not the fields it never shows (a forced action, a sickness caught this turn), not the turn. What changes on most
  // updates is the panel's: whom the table waits for, who has acted, who votes and who has
  // voted (the words wait, acted, voter, voted of its data-cw<seat> light the rows and show
  // their marks, galerapagos.css; the actions' mark shows in their phase, the page's
  // data-phase), so a turn passing on, an action, a vote or a new phase rebuilds no row
  // (issue 24); and so is the first player's star (the panel's data-first): a new turn rebuilds none
  // of the two rows it moves between.
  const drawn = view.castaways.map((c) => {
    const state = stateOf(c);
    const d = state === "dead" ? causeOf(view, c.seat) : null;
    const alarm = view.alarm_clock === c.seat && !view.over;
    return { c, state, d, alarm };
  });
  const row = ({ c, state, d, alarm }) => {
    const acts = c.alive && !c.resting;
    const col = ctx.colourOf(c.seat);
    // The row's pieces are parts of their own, held by the row (morph.js, `holds`): a card
    // drawn, a rest or a card played builds the piece that changed alone, put in the row kept
    // as it is (a row is about 40 elements with its icons, its backs 10: issue 24, a row was
    // built again on half the updates, then its frame and a stand-in for each other piece).
    // The row's own inputs are what its frame shows of its castaway: his state (its class).
    const piece = (name, inputs, build) => part(morphId("gt-cwp", name, c.seat), inputs, build);
    return part(morphId("gt-cw", c.seat), [state], (kids) =>
      h("div", { class: `gt-cw gt-s${c.seat} gt-st-${state}`, dataset: { seat: String(c.seat) }, style: { "--seat": col.colour },
                 "data-testid": `gt-castaway-${c.seat}` },
        disc(col),
        h("div", { class: "gt-cw-main" }, kids[0], h("div", { class: "gt-cw-meta" }, kids.slice(1)))),
    { holds: () => [
          piece("name", [c.conch, alarm], () => h("div", { class: "gt-cw-name" }, h("b", {}, col.name),
            // every row has the star, shown for the first player (the panel's data-first)
            h("span", { class: "gt-star", title: tr("first_player") }, icon("star", 18)),
            // the conch and the alarm are in every row, hidden when not had: the row keeps its
            // shape (a mark come or gone writes an attribute, with no idiomorph call)
            h("span", { class: "gt-conch", title: tr("conch.short"), hidden: !c.conch }, icon("conch", 18)),
            h("span", { class: "gt-alarm", hidden: !alarm }, tr("alarm.next")))),
          piece("state", [state, d], () => h("span", { class: "gt-state" }, icon(state === "dead" ? "skull" : state === "sick" ? "sick" : state === "resting" ? "zzz" : "sun", 16),
              d ? tr(`dead.${d.cause}`, { turn: d.turn }) : tr(`state.short.${state}`))),
          // A fixed shape (issue 24): the backs and the actions' mark are in every row, hidden
          // when not had, and the cards in front of a castaway and what covers him are each a
          // box of their own (display: contents), so a card drawn into an empty hand, a rest or
          // a card played changes an attribute or that box, never the line's children (which
          // the morph hands to idiomorph as a whole, the row's commonest call).
          // (eight backs at most, those beyond the hand hidden: a card more or less changes a
          // class, not the backs' children)
          piece("backs", [c.alive && c.hand_size], () => {
            const backs = [];
            for (let i = 0; i < 8; i++) backs.push(h("span", { class: i < c.hand_size ? "gt-back" : "gt-back off" }));
            return h("span", { class: "gt-backs", title: tr("hand.backs", { n: c.hand_size }), hidden: !(c.alive && c.hand_size) },
              backs, h("small", {}, String(c.hand_size)));
          }),
          // (three places at least, an empty one not shown: a card put in front of a castaway
          // or taken back rewrites a place's words)
          piece("perms", [c.faceup], () => h("span", { class: "gt-perms" }, Array.from({ length: Math.max(3, c.faceup.length) }, (_, i) =>
            h("span", { class: "gt-perm" }, i < c.faceup.length ? cardName(c.faceup[i], ctx.lang, tr) : "")))),
          piece("covers", [c.covered], () => h("span", { class: "gt-covers" }, c.covered.map((r) => h("span", { class: "gt-covered" }, icon(r, 14), tr(`covered.${r}`))))),
          // both words of a mark: the panel's list says which one shows
          piece("acted", [acts], () => h("span", { class: "gt-acted", hidden: !acts }, h("span", { class: "gt-no" }, tr("to_act")), h("span", { class: "gt-yes" }, tr("acted")))),
          piece("vstate", [], () => h("span", { class: "gt-vstate" }, h("span", { class: "gt-no" }, tr("vote.thinking")), h("span", { class: "gt-yes" }, `✓ ${tr("vote.voted")}`)))] });
  };
  // One attribute per seat, data-cw<seat>, always there, its value the seat's marks (galerapagos.css
  // says why): twelve attributes with twelve castaways, not one per seat and mark (60, "0" for
  // most, each compared by the morph on every update). (Not an attribute per mark written only
  // where set, as the Lifeboat TV's marksOf: a mark come back is added after the others, and a
  // panel morphed from another moment would not read as the same panel drawn afresh.)
  const marked = (seat, c) => [waiting.includes(seat) ? "wait" : "", c.acted ? "acted" : "",
    voting.includes(seat) ? "voter" : "", voting.includes(seat) && ballot.voted.includes(seat) ? "voted" : ""].filter(Boolean).join(" ");
  // (the star's first: a panel of five morphed into one of twelve adds data-cw5... after the
  // others, as a panel drawn afresh has them)
  const marks = { first: view.over ? "" : String(view.first_player) };
  for (const c of view.castaways) marks[`cw${c.seat}`] = marked(c.seat, c);
  // The rows are one part (gt-part-cws) that holds them (morph.js, `holds`), its own inputs the
  // seats in their order: an update that changes no row (most: a turn passing on, an action, a
  // vote, which are the panel's marks) makes one stand-in for the twelve rows; one that changes
  // a row's piece builds that piece alone, the list and its row kept as they are. The marks stay
  // on the panel, drawn on every update, the list between them and the rows laying out as
  // nothing (display: contents, galerapagos.css).
  return h("section", { class: "gt-castaways", "data-testid": "gt-castaways", dataset: marks },
    h("h3", {}, tr("castaways")), part("gt-part-cws", drawn.map((x) => x.c.seat), (kids) => h("div", { class: "gt-cws" }, kids),
      { holds: () => drawn.map(row) }));
}

// ---------------------------------------------------------------- now

function now(env, part) {
  const { view, tr, ctx, msg } = env;
  const st = view.stage || {};
  const parts = [];
  const waiting = view.waiting_for || [];
  // The caption (who acts, what the window or the vote is): a part, built again only when one of
  // the fields it reads changed (a castaway's name in it is a few elements on every update).
  const captionInputs = [view.interrupt, st.kind, st.seat, st.actions_left, st.window ? st.window.kind : null, st.resource,
    st.vote ? [st.vote.named, st.vote.tied] : null, view.first_player, st.first_player_decides];
  parts.push(part("gt-part-caption", captionInputs, () => {
    let caption = null;
    if (view.interrupt) {
      caption = view.interrupt.kind === "bite" ? fmt(tr, "now.bite", { who: who(ctx, view.interrupt.seat) })
        : fmt(tr, "now.shot", { who: who(ctx, view.interrupt.seat), shooter: who(ctx, view.interrupt.shooter) });
    } else if (st.kind === "step") {
      caption = fmt(tr, st.actions_left > 1 ? "now.step.two" : "now.step", { who: who(ctx, st.seat), n: st.actions_left });
    } else if (st.window) {
      caption = fmt(tr, `now.window.${st.window.kind}`, { resource: st.resource ? tr(`res.of.${st.resource}`) : "" });
    } else if (st.vote && st.vote.named !== null && st.vote.named !== undefined) {
      caption = fmt(tr, "now.named", { who: who(ctx, st.vote.named) });
    } else if (st.vote && st.vote.tied) {
      caption = fmt(tr, "now.tie", { who: who(ctx, view.first_player) });
    } else if (st.vote) {
      caption = tr(st.kind === "hurricane" ? "now.vote.hurricane" : "now.vote");
    } else if (st.kind === "departure") {
      caption = st.first_player_decides ? fmt(tr, "now.departure.tie", { who: who(ctx, view.first_player) }) : tr("now.departure");
    } else if (st.kind === "survival") {
      caption = tr("now.survival", { resource: tr(`res.${st.resource}`) });
    }
    return caption ? h("div", { class: "gt-caption", "data-testid": "gt-caption" }, fixedLine(caption)) : null;
  }));
  if (view.hurricane_out && !view.over && (st.kind === "hurricane" || view.phase === "evening")) {
    const living = view.castaways.filter((c) => c.alive).length;
    parts.push(h("div", { class: "gt-hurricane-banner" }, icon("storm", 30), tr("hurricane.banner", { places: view.places, living })));
  }
  if (st.kind === "survival") parts.push(h("div", { class: "gt-surv-big" }, survivalLine(view, tr, st.resource)));
  if (msg.deadline && st.window) parts.push(h("div", { class: "gt-clock", "data-testid": "gt-clock" }, tr("window.closes"), " ", secondsNow(h("b", {}), msg.deadline), tr("seconds")));
  const ballot = st.vote ? st.vote.ballot : st.ballot;
  if (ballot && !ballot.revealed) parts.push(voters(env, ballot, part));
  else if (st.window) parts.push(h("div", { class: "gt-ready" }, tr("window.ready", { done: st.window.done.length, n: st.window.seats.length })));
  // who the table waits for, the voters and the story of the turn change one at a time: each a
  // part, built again only when what it shows changed (names and colours are the parts' extra)
  if (!view.over && waiting.length) parts.unshift(waitingFor(env, part));
  // The turn's story: the last action outcome large, the revealed votes of this turn.
  const outcomes = view.turn_log || [];
  const votes = (view.ballots || []).filter((b) => b.ballot && b.ballot.revealed || b.named !== null && b.named !== undefined || b.tied);
  const showVotes = votes.length && (st.kind !== "step" || !outcomes.length);
  if (showVotes) parts.push(part("gt-part-reveal", [votes[votes.length - 1]], () => reveal(env, votes[votes.length - 1])));
  else if (outcomes.length) {
    const last = outcomes[outcomes.length - 1];
    parts.push(part("gt-part-outcome", [last, outcomes.slice(0, -1).slice(-3)], () => outcome(env, last, outcomes.slice(0, -1))));
  }
  return h("section", { class: "gt-now", "data-testid": "gt-now" }, h("h3", {}, tr("now")), parts);
}

// Whom the island waits for, in big type: one name shown among every castaway's by a flag
// (waiting.js waitingFlagged: the turn passing on builds no words; issue 24: the banner was
// built on 0.65-0.70 of updates), several as a list keyed by castaway.
function waitingFor({ view, ctx, msg }, part) {
  const seats = msg.waiting_for || view.waiting_for || [];
  if (!seats.length) return null;
  const st = view.stage || {};
  const ballot = st.vote ? st.vote.ballot : st.ballot;
  let kind = "turn";
  let total = 0;
  if (ballot && !ballot.revealed) { kind = "vote"; total = ballot.voters.length; }
  else if (st.window && !view.interrupt) { kind = "ready"; total = st.window.seats.length; }
  const opts = { lang: ctx.lang, total, kind, testid: "waiting-for" };
  const name = (x) => person(ctx, x);
  const { words, dataset } = waitingFlagged({ seats, all: view.castaways.map((c) => c.seat), person: name,
    key: (x) => morphId("gt-wf", x), opts, part, id: "gt-part-waiting" });
  // (the box is drawn on every update: a few of its attributes written when whom it waits for
  // changes, its flags only the one set: the rules, moments.css, read "1" alone, and a turn
  // passing on writes two attributes, not twelve; a window's countdown drawn with the seconds the ticker shows)
  const clock = kind === "ready" && msg.deadline ? waitingClock(opts) : null;
  if (clock) secondsNow(clock.querySelector(".wf-secs"), msg.deadline);
  return waitingBox(seats.map((x) => name(x).name), { ...opts, dataset }, words, clock);
}

function voters({ view, tr, ctx }, ballot, part) {
  return h("div", { class: "gt-voters", "data-testid": "gt-voters" }, ballot.voters.map((seat, i) => {
    const voted = ballot.voted.includes(seat);
    const weighs = ballot.weights[i] > 1;
    return part(morphId("gt-voter", seat), [voted, weighs], () => h("span", { class: `gt-voter${voted ? " voted" : ""}`, dataset: { seat: String(seat), voted: String(voted) } },
      who(ctx, seat), weighs ? h("small", { class: "gt-weight" }, tr("vote.weight")) : null,
      h("span", { class: "gt-vcard" }, voted ? "✓" : "…")));
  }), void view);
}

function outcome({ tr, ctx, folded }, o, earlier) {
  let big;
  if (o.kind === "fish") big = fmt(tr, "log.fish", { who: who(ctx, o.seat), fish: o.fish, food: o.food });
  else if (o.kind === "collect_water") big = fmt(tr, "log.collect_water", { who: who(ctx, o.seat), drops: o.drops, water: o.water });
  else if (o.kind === "wood") big = fmt(tr, o.bitten ? "log.wood.bitten" : "log.wood", { who: who(ctx, o.seat), extra: o.extra, gained: o.gained, places: o.places });
  else big = fmt(tr, "log.search", { who: who(ctx, o.seat), deck: o.deck });
  // How the bite ended, once the bitten castaway has answered (anti-venom, or sick).
  // A fixed shape, as a castaway's row: the bite's line, the balls and the earlier outcomes are
  // always there, hidden when empty, and every ball holds the snake, shown on the black one: an
  // outcome after another rewrites words and attributes, not the box's children (issue 24).
  const bitten = o.kind === "wood" && (o.bite === "antivenom" || o.bite === "sick");
  // (a bite not had, hidden, holds a bite's sentence for the same castaway: the line keeps its
  // chip and its words are rewritten in place when one comes)
  const bite = h("div", { class: "gt-out-bite", "data-testid": "gt-out-bite", dataset: bitten ? { bite: o.bite } : null, hidden: !bitten },
    fixedLine(fmt(tr, `log.wood.${bitten ? o.bite : "sick"}`, { who: who(ctx, o.seat) })));
  const balls = o.kind === "fish" ? [o.ball] : o.kind === "wood" ? (o.balls || []) : [];
  return h("div", { class: "gt-outcome", "data-testid": "gt-outcome", dataset: { kind: o.kind } },
    h("div", { class: "gt-out-big" }, icon(o.kind === "fish" ? "food" : o.kind === "collect_water" ? "water" : o.kind === "wood" ? "wood" : "card", 40), h("span", {}, fixedLine(big))),
    bite,
    h("div", { class: "gt-balls", hidden: !balls.length }, balls.map((b) => h("span", { class: `gt-ball${b === "black" ? " black" : ""}` }, icon("snake", 26)))),
    // (each earlier outcome by its place in the turn: a new one moves them up, not rewritten)
    // (the last three, oldest first, in three lines always there, an empty one not shown: a new
    // one rewrites the lines' words, no line is added, removed or moved)
    h("ul", { class: "gt-earlier", hidden: !earlier.length }, [3, 2, 1].map((k, i) => {
      const x = earlier[earlier.length - k];
      return h("li", { hidden: folded(3, i) }, x ? fixedLine(describeEvent(null, tr, ctx, { ...x, type: x.kind })) : "");
    })));
}

function reveal({ tr, ctx }, b) {
  const bal = b.ballot;
  const votes = bal && bal.votes ? bal.votes : [];
  const tally = bal && bal.tally ? bal.tally.filter(([, n]) => n > 0).sort((x, y) => y[1] - x[1]) : [];
  return h("div", { class: "gt-reveal", "data-testid": "gt-reveal", dataset: { kind: b.kind, outcome: b.outcome || "" } },
    h("div", { class: "gt-reveal-head" }, h("b", {}, tr("reveal.title")), " · ", tr(`ballot.${b.kind}`)),
    votes.length ? h("div", { class: "gt-rvotes" }, votes.map(([v, c], i) => h("span", { class: "gt-rvote", style: { animationDelay: `${i * 0.12}s` },
      dataset: { seat: String(v), choice: String(c) } }, who(ctx, v), " → ", choiceNode(ctx, tr, c)))) : null,
    tally.length ? h("div", { class: "gt-tally" }, tally.map(([o, n]) => h("span", { class: "gt-tcount" }, choiceNode(ctx, tr, o), h("b", {}, String(n))))) : null,
    b.tied ? h("div", { class: "gt-why" }, fmt(tr, "log.tie", { tied: names(ctx, b.tied, tr), who: who(ctx, b.chooser) })) : null,
    b.named !== null && b.named !== undefined ? h("div", { class: "gt-named" }, fmt(tr, "reveal.named", { who: who(ctx, b.named) })) : null,
    (b.shots || []).map((x) => h("div", { class: "gt-why" }, fmt(tr, x.result === "blocked" ? "log.shot_blocked" : "log.shot",
      { who: who(ctx, x.result === "blocked" ? x.target : x.seat), target: who(ctx, x.target), shooter: who(ctx, x.seat) }))),
    b.saved_by ? h("div", { class: "gt-why" }, fmt(tr, "log.play.save", { who: who(ctx, b.named), card: cardName(b.saved_by, ctx.lang, tr) })) : null,
    (b.deaths || []).map((d) => h("div", { class: "gt-death" }, icon("skull", 26), fmt(tr, "log.death.sacrifice", { who: who(ctx, d) }))),
    b.leave !== null && b.leave !== undefined ? h("div", { class: "gt-named" }, tr(b.leave ? "log.departure.leave" : "log.departure.stay")) : null);
}

// ---------------------------------------------------------------- log

// The log's last lines, newest first: [event, its place in the game's log, its sentence if this
// update built it] of the last events that say something. Whether an event does is asked once
// (m.says, logsays.js), by building its sentence: a new line's part takes that sentence instead
// of building it again; an older line's part is kept, its sentence never built again.
function logLines(m, say) {
  const out = [];
  const first = m.logged - m.log.length;
  for (let i = m.log.length - 1; i >= 0 && out.length < LOG_LINES; i--) {
    const e = m.log[i];
    if (e.type === "voted" || e.type === "pass") continue;
    const n = first + i;
    let said = null;
    if (m.says.says(n, () => (said = say(e)))) out.push([e, n, said]);
  }
  m.says.prune(first, m.log.length);
  return out;
}

// The log's lines as a ring of LOG_LINES slots (m.slots: the place in the game's log of the line
// each holds): a line keeps its slot while it stays, a new one takes the slot of the one that
// left, and the lines show newest first by their CSS order (-n). A new line rewrites its one
// slot and no other line moves in the DOM (issue 24: a line inserted at the top made the morph
// redo the whole list, every line's ids mapped, on nearly every update). Returns the slots, each
// its line or null; m.logOrder: the slots of the lines, newest first (the fit folds by age).
function logSlots(m, lines) {
  const want = new Set(lines.map(([, n]) => n));
  const slots = m.slots.map((n) => (want.has(n) ? n : null));
  for (let i = lines.length - 1; i >= 0; i--) {
    const n = lines[i][1];
    if (!slots.includes(n)) slots[slots.indexOf(null)] = n;
  }
  m.slots = slots;
  m.logOrder = lines.map(([, n]) => slots.indexOf(n));
  return slots.map((n) => lines.find((line) => line[1] === n) || null);
}

// Each slot a part (its line, or none). The newest line's slot is marked on the list, by an
// attribute named by the slot (data-n2="1", galerapagos.css; the other slots' not written): the
// others are dimmed.
function logPanel({ tr, m, folded }, slots, say, part) {
  // (a line's slot folded as the last fit folded its age; a line kept: logFolds)
  const fold = (k) => folded(1, m.logOrder.indexOf(k));
  return h("section", { class: "gt-logp", "data-testid": "gt-log", hidden: folded(0, 0) }, h("h3", {}, tr("log")),
    h("ol", { dataset: m.logOrder.length ? { [`n${m.logOrder[0]}`]: "1" } : null },
      slots.map((line, k) => part(morphId("gt-log", k), line && [line[0], line[1]], () => (line
        ? h("li", { class: `gt-log-${line[0].type} gt-slot-${k}`, style: { order: String(-line[1]) }, hidden: fold(k) }, line[2] || say(line[0]))
        // (the same attributes, in the same order, as a line's: a slot filled again reads as
        // one drawn afresh; its empty text: a line's shape when it has no name)
        : h("li", { class: `gt-slot-${k}`, style: { order: "0" } }, ""))))));
}

// ---------------------------------------------------------------- the end

function final({ view, tr, ctx }) {
  const r = view.result;
  const rows = r.breakdown.map((b) => {
    const c = view.castaways[b.seat];
    const d = causeOf(view, b.seat);
    return h("tr", { class: `gt-fate-${b.fate}`, dataset: { seat: String(b.seat), fate: b.fate }, "data-testid": `gt-final-${b.seat}` },
      h("td", {}, who(ctx, b.seat)),
      h("td", {}, b.fate === "dead" && d ? tr(`dead.${d.cause}`, { turn: d.turn }) : tr(`fate.${b.fate}`)),
      h("td", { class: "gt-fhand" }, (c.hand || []).length ? c.hand.map((x) => cardName(x, ctx.lang, tr)).join(", ") : tr("result.nohand")),
      h("td", { class: "gt-fscore", "data-testid": `gt-score-${b.seat}` }, String(b.score)));
  });
  return h("div", { class: "gt-final", "data-testid": "gt-final", dataset: { end: r.end } },
    h("div", { class: "gt-final-card" },
      h("h2", {}, tr(`end.${r.end}`)),
      h("p", { class: "gt-boarded", "data-testid": "gt-boarded" }, r.winners.length
        ? fmt(tr, "result.boarded", { who: names(ctx, r.winners, tr) }) : tr("result.none")),
      view.forced ? h("p", { class: "gt-forced", "data-testid": "gt-forced" }, tr(`forced.${view.forced.kind}.${view.forced.resource}`)) : null,
      h("p", {}, tr(`result.scoring.${(view.options && view.options.scoring) || "coop"}`)),
      h("table", {}, h("tbody", {}, rows))));
}
