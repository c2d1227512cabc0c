// Galèrapagos on a phone (390x844): my castaway on top, then the decision at hand (built only
// from msg.legal_actions), then my hand as cards (tap one: a sheet with its uses), my records
// in sentences, and the island in one line. Irreversible moves ask for a confirmation.
import { strings } from "/static/games/galerapagos/strings.js";
import {
  h, fmt, trOf, cards, cardName, cardText, cardKind, who, disc, names, icon, stateOf, biteRisk,
  causeOf, survivalLine, describeEvent, choiceNode,
} from "/static/games/galerapagos/common.js";
import { gameMemory, gameKey, ended } from "/static/js/gamekey.js";
import { showPage, morphId, pageParts } from "/static/js/morph.js";
import { ensureCss } from "/static/js/dom.js";
import { voteWheel, startIndex } from "/static/js/wheel.js";
import { bringIntoView } from "/static/js/intoview.js";
import { ticker } from "/static/js/waiting.js";
import { windowHolder } from "/static/js/hold.js";

export { strings };

ensureCss(new URL("./galerapagos.css", import.meta.url));

// The picks, sheet and confirmation of one game (server/static/js/gamekey.js): a rematch
// opens on its own first decision, never on a screen of the last game.
// (its clock's ticker and its hold's renewal stop with its game: a rematch starts clean)
const mem = gameMemory(() => ({ sel: {}, pending: false, error: null, sheet: null, confirm: null, timer: null, holder: windowHolder() }),
  (m) => { if (m.timer) m.timer(); m.holder.stop(); });

export function render(root, msg, ctx) {
  const m = mem(root, msg, ctx);
  if (m.lastMsg && m.lastMsg.version !== msg.version) {
    m.pending = false; m.error = null; m.confirm = null;
  }
  m.lastMsg = msg; m.lastCtx = ctx; m.root = root;
  cards(() => { if (!ended(m)) draw(root, m); });
  draw(root, m);
}

// The key of the decision at hand: a pick (wheel index, wood choice) lives as long as it does.
function decisionKey(view) {
  const st = view.stage || {};
  const b = st.vote ? st.vote.ballot : st.ballot;
  return `${view.turn}:${view.phase}:${st.kind}:${st.resource || ""}:${b ? (b.voted || []).length >= 0 && b.kind : ""}`;
}

function draw(root, m) {
  const msg = m.lastMsg;
  const ctx = m.lastCtx;
  const tr = trOf(ctx);
  const view = msg.view;
  const me = view.me || null;
  const mine = me ? view.castaways[me.seat] : null;
  const legal = Array.isArray(msg.legal_actions) ? msg.legal_actions : [];
  const redraw = () => { if (!ended(m)) draw(root, m); };   // (a late reply: its game may be gone)
  const send = (action) => {
    if (m.pending) return;
    m.pending = true; m.error = null; m.sheet = null; m.confirm = null; m.holder.acted(); redraw();
    Promise.resolve(ctx.act(action)).then((reply) => {
      if (reply && reply.ok === false) {
        m.pending = false;
        const err = reply.error || {};
        m.error = tr("do.error", { message: (err.params && err.params.message) || err.message || err.code || "?" });
        redraw();
      }
    }, (e) => { m.pending = false; m.error = tr("do.error", { message: String((e && e.message) || e) }); redraw(); });
  };
  // An irreversible move: ask first, in a sentence. The sentence is worded at each draw
  // (sentence(env)), never kept as text: a language switch or the card data arriving while the
  // box is open reword it.
  const confirm = (action, sentence) => { m.confirm = { action, sentence }; redraw(); };
  const env = { view, me, mine, legal, tr, m, send, confirm, redraw, msg, ctx, part: null };

  // The sheet is for a card still in my hand; a new state may have taken it away.
  if (m.sheet && !(me && me.hand.includes(m.sheet) || (mine && mine.faceup.includes(m.sheet)))) m.sheet = null;
  holdWindow(env);

  // The parts an update rarely changes (my bar, my hand, the island, my records) are built only
  // when what they show changed (morph.js); their handlers read the game's memory, not the
  // payload they were drawn from. The page is drawn whole for another language or look.
  const looks = view.castaways.map((c) => { const x = ctx.colourOf(c.seat); return [x.name, x.colour, x.letter]; });
  const part = pageParts(root, gameKey(msg, ctx), JSON.stringify([ctx.lang, looks, Boolean(cards())]));
  env.part = part;
  const living = view.castaways.filter((c) => c.alive).length;
  const card = decision(env);
  const page = h("div", { class: `gp-phone${m.pending ? " gp-pending" : ""}`, dataset: { phase: view.phase } },
    // (what the bar shows of my castaway, not all the view says of it: my hand's size or
    // whether I acted this turn change it on most of my turns, and would rebuild it)
    me ? part("gp-part-me", [stateOf(mine), mine.conch, causeOf(view, me.seat), view.first_player === me.seat, view.over, view.turn, view.phase], () => meBar(env))
      : h("div", { class: "gp-mebar gp-spectator" }, tr("me.spectator")),
    // What is happening is said once: while I wait, the card's first line says it ("Ben is
    // choosing an action"), and the status line above it said it again in other words, two
    // sentences rewritten (and often redrawn) on every update. It says "Your move" over my
    // own decisions (hidden, not left out, while I wait: my turn coming or going writes one
    // attribute, not a new page).
    view.over ? null : h("div", { class: "gp-status", "data-testid": "gp-status", hidden: Boolean(env.waitCard) }, tr("status.you")),
    h("section", { class: "gp-action", "data-testid": "gp-action" }, card),
    m.error ? h("div", { class: "gp-error", role: "alert" }, m.error) : null,
    me ? part("gp-part-hand", [me.hand, mine.faceup, cardUses(legal)], () => hand(env)) : null,
    islandLine(env, living),
    me ? part("gp-part-records", [me.records || []], () => records(env)) : null,
    // (the rules link is the page's, in its footer: one link, issue 19.8)
    m.sheet ? sheet(env) : null,
    m.confirm ? confirmBox(env) : null);
  // Morphed into the page shown (morph.js): focus, an open sheet, scrolling survive an update.
  showPage(root, page, gameKey(msg, ctx));
  tick(root, m, msg);
  // A new decision for me: bring it into view (below the page's own sticky header).
  const decisions = legal.filter((a) => !["play", "give", "shoot"].includes(a.type));
  const sig = `${decisionKey(view)}:${decisions.map((a) => a.type).join(",")}`;
  if (decisions.length && sig !== m.sig && m.sig !== undefined && !m.sheet) bringIntoView(root, ".gp-action", { lowest: 0.4 });
  m.sig = decisions.length ? sig : null;
}

// While a card sheet is open during a window countdown, the phone holds the window open
// (`hold`, resent every 15 s, docs/protocol.md); closing the sheet without a card releases it.
// Playing a card ends the hold on the server by itself. The shared holder (hold.js), as the
// Lifeboat phone's: its renewal also stops once the page has left this game (the lobby, another
// game), which this module's own copy of it never saw.
function holdWindow({ view, m, msg, ctx }) {
  m.holder.update(Boolean(m.sheet && (view.stage || {}).window), msg, ctx.request);
}

// A window's countdown ticks from waiting.js's ticker, as the TVs' and the other phones' do: its
// seconds are written only when they change (issue 24: this hand-made twin wrote them four
// times a second, each a text laid out and painted again, on a phone's battery).
// (no deadline, no clock drawn: most updates; the page is not searched for one)
function tick(root, m, msg) {
  if (m.timer) m.timer();
  m.timer = msg.deadline ? ticker(root, msg.deadline, ".gp-clock-digits") : null;
}

function clock({ msg, tr }) {
  if (!msg.deadline) return null;
  return h("div", { class: "gp-clock", "data-testid": "gp-clock" }, tr("window.closes"), " ",
    h("b", { class: "gp-clock-digits" }), " ", tr("seconds"));
}

// ---------------------------------------------------------------- always visible

function meBar({ view, me, mine, tr, ctx }) {
  const c = ctx.colourOf(me.seat);
  const state = stateOf(mine);
  const death = state === "dead" ? causeOf(view, me.seat) : null;
  return h("header", { class: `gp-mebar gp-st-${state}`, style: { "--me": c.colour }, "data-testid": "gp-me" },
    disc(c),
    h("div", { class: "gp-me-main" },
      h("div", { class: `gp-me-name${[...String(c.name)].length > 11 ? " gp-long" : ""}` }, h("b", {}, c.name),
        view.first_player === me.seat && !view.over ? h("span", { class: "gp-first-badge" }, icon("star", 16), tr("first_player.short")) : null),
      h("div", { class: "gp-me-state", dataset: { state } }, icon(state === "dead" ? "skull" : state === "sick" ? "sick" : state === "resting" ? "zzz" : "sun", 18),
        death ? tr(`dead.${death.cause}`, { turn: death.turn }) : tr(`state.${state}`),
        mine.conch ? h("span", { class: "gp-tag" }, icon("conch", 16), tr("conch.short")) : null)),
    h("div", { class: "gp-me-turn" }, h("b", {}, tr("turn.short", { turn: view.turn })),
      view.over ? null : h("small", {}, tr(`phase.${view.phase}`))));
}

// Each counter of the island is a part of its own, held by the island's (morph.js, `holds`): a
// castaway's action changes one or two of them (the wood and the raft, the water and its
// survival line), and only those are built, compared and written again, put in the island kept
// as it is (issue 24: the line was built whole on half the updates of a phone with 6 castaways,
// then its frame and a stand-in for each counter). The island's own inputs are whether it
// holds the weather card (the other counters are always there).
function islandLine({ view, tr, part }, living) {
  const w = view.weather;
  const count = (id, inputs, title, ic, text) => part(`gp-part-isl-${id}`, [inputs], () =>
    h("span", { title: tr(title) }, icon(ic, 18), h("b", {}, text())));
  return part("gp-part-island", [Boolean(w)], (kids) => h("section", { class: "gp-island-line", "data-testid": "gp-island" }, kids), { holds: () => [
    count("water", view.water, "water", "water", () => String(view.water)),
    count("food", view.food, "food", "food", () => String(view.food)),
    count("wood", view.wood, "wood", "wood", () => `${view.wood}/6`),
    count("raft", view.places, "raft", "raft", () => tr("places.n", { n: view.places })),
    part("gp-part-isl-weather", [w], () => (w ? h("span", { class: w.hurricane ? "gp-hurricane" : "" }, icon(w.hurricane ? "storm" : "water", 18),
      tr(w.hurricane ? "weather.hurricane.short" : "weather.drops.short", { drops: w.drops })) : null)),
    part("gp-part-isl-deck", [view.deck_size], () => h("span", {}, icon("card", 16), tr("deck.short", { n: view.deck_size }))),
    part("gp-part-isl-surv", [view.water, view.food, living], () =>
      h("div", { class: "gp-surv" }, survivalLine(view, tr, "water"), h("br"), survivalLine(view, tr, "food"))),
  ] });
}

// ---------------------------------------------------------------- the decision at hand

function decision(env) {
  const { view, legal, tr, me } = env;
  const types = new Set(legal.map((a) => a.type));
  const st = view.stage || {};
  if (view.over) return finalCard(env);
  if (!me) return waiting(env);
  if (view.interrupt && view.interrupt.seat === me.seat && types.has("pass")) return interrupt(env);
  if (st.kind === "step" && st.seat === me.seat && ["fish", "collect_water", "wood", "search"].some((t) => types.has(t))) return myTurn(env);
  if (st.vote && st.vote.named === me.seat && types.has("pass")) return lastChance(env);
  if (types.has("choose")) return chooser(env);
  if (types.has("vote")) return legal.some((a) => a.type === "vote" && "leave" in a) ? departureVote(env) : sacrificeVote(env);
  if (st.window && types.has("pass")) return windowCard(env);
  return waiting(env);
}

function card(title, hint, ...body) {
  return h("div", { class: "gp-card" }, h("h2", {}, title), hint ? h("p", { class: "gp-hint" }, hint) : null, body);
}

function interrupt(env) {
  const { view, legal, tr, send, confirm, m, ctx } = env;
  const k = view.interrupt.kind;
  const save = legal.find((a) => a.type === "play");
  const fatal = fatalPass(env);
  return card(tr(`bite.title.${k}`), k === "shot" ? fmt(tr, "shot.hint", { who: who(ctx, view.interrupt.shooter) }) : tr("bite.hint"),
    fatalNote(fatal),
    save ? h("button", { class: "gp-big gp-primary", "data-testid": "gp-answer-card", disabled: m.pending, onclick: () => send(save) },
      tr(`bite.play.${save.card}`)) : null,
    h("button", { class: `gp-big ${save ? "gp-plain" : "gp-primary"}`, "data-testid": "gp-pass", disabled: m.pending,
                  onclick: () => (fatal ? confirm({ type: "pass" }, fatalPass) : send({ type: "pass" })) }, tr(`pass.${k}`)));
}

// A pass that costs my life although a card in my hand could save it (issue 19.9): the
// sentence that says so ("You will die of thirst: play your Water bottle to live"), else null.
// The phone shows it above the buttons, and the pass then asks for a confirmation.
function fatalPass(env) {
  const { view, legal, tr, me, mine, ctx } = env;
  if (!me || !mine || !mine.alive) return null;
  const st = view.stage || {};
  const name = (a) => cardName(a.card, ctx.lang, tr);
  if (view.interrupt && view.interrupt.seat === me.seat) {
    const save = legal.find((a) => a.type === "play");
    return view.interrupt.kind === "shot" && save ? tr("fatal.shot", { card: name(save) }) : null;
  }
  if (st.vote && st.vote.named === me.seat) {
    const save = legal.find((a) => a.type === "play" && a.use === "save");
    return save ? tr("fatal.named", { card: name(save) }) : null;
  }
  if (st.kind === "survival" && st.mode === "zero" && st.window && (st.mouths || []).includes(me.seat)) {
    const cover = legal.find((a) => a.type === "play" && (a.use === "save" || (a.use === "cover" && (a.for || []).includes(me.seat))));
    return cover ? tr(`fatal.zero.${st.resource}`, { card: name(cover) }) : null;
  }
  return null;
}

function fatalNote(sentence) {
  return sentence ? h("p", { class: "gp-fatal", role: "alert", "data-testid": "gp-fatal" }, sentence) : null;
}

function myTurn(env) {
  const { view, legal, tr, send, m, mine } = env;
  const st = view.stage;
  const key = `wood:${view.turn}:${st.actions_left}`;
  const has = (t) => legal.find((a) => a.type === t);
  const woods = legal.filter((a) => a.type === "wood");
  const axe = mine.faceup.includes("axe");
  const flask = mine.faceup.includes("flask");
  const rod = mine.faceup.includes("fishing_rod");
  const drops = (view.weather ? view.weather.drops : 0) * (flask ? 2 : 1);
  if (m.sel[key] === "wood" && woods.length) {
    return card(tr("wood.title"), tr(axe ? "wood.hint.axe" : "wood.hint"),
      h("div", { class: "gp-gamble" }, woods.map((a) => {
        const risk = biteRisk(a.extra);
        const base = axe ? 2 : 1;
        return h("button", { class: `gp-gamble-btn gp-risk-${Math.min(5, a.extra)}`, disabled: m.pending,
                             "data-testid": `gp-wood-${a.extra}`, onclick: () => send(a) },
          h("b", {}, a.extra ? tr("wood.extra", { n: a.extra }) : tr("wood.none")),
          h("span", {}, tr("wood.gain", { min: base, max: base + a.extra })),
          h("small", {}, a.extra ? tr("wood.risk", { pct: risk }) : tr("wood.safe")));
      })),
      h("button", { class: "gp-big gp-plain", "data-testid": "gp-wood-back", onclick: () => { m.sel[key] = null; env.redraw(); } }, tr("back")));
  }
  const forced = mine.forced_action;
  const btn = (type, title, sub, ic) => {
    const a = has(type);
    return h("button", { class: "gp-act-btn", disabled: !a || m.pending, "data-testid": `gp-act-${type}`,
                         onclick: () => { if (type === "wood") { m.sel[key] = "wood"; env.redraw(); } else send(a); } },
      icon(ic, 34), h("b", {}, title), h("small", {}, sub));
  };
  return card(st.actions_left > 1 ? tr("turn.title.two", { n: st.actions_left }) : tr("turn.title"),
    forced ? tr("turn.forced", { action: tr(`act.${forced}`) }) : tr("turn.hint"),
    h("div", { class: "gp-acts" },
      btn("fish", tr("act.fish"), tr(rod ? "act.fish.sub.rod" : "act.fish.sub"), "food"),
      btn("collect_water", tr("act.collect_water"), tr("act.collect_water.sub", { drops }), "water"),
      btn("wood", tr("act.wood"), tr(axe ? "act.wood.sub.axe" : "act.wood.sub"), "wood"),
      btn("search", tr("act.search"), tr("act.search.sub", { n: view.deck_size }), "card")),
    legal.some((a) => a.type === "play" && a.card === "coffee") ? h("p", { class: "gp-hint" }, tr("turn.coffee")) : null);
}

function lastChance(env) {
  const { view, legal, tr, send, confirm, m, me, ctx } = env;
  const st = view.stage;
  const saves = legal.filter((a) => a.type === "play" && a.use === "save");
  const shots = legal.filter((a) => a.type === "shoot");
  const fatal = fatalPass(env);
  return card(tr("named.title"), tr(`named.hint.${st.kind === "hurricane" ? "hurricane" : st.resource}`),
    fatalNote(fatal),
    saves.map((a) => h("button", { class: "gp-big gp-primary", disabled: m.pending, "data-testid": `gp-save-${a.card}${a.matches ? "-m" : ""}`,
                                   onclick: () => send(a) },
      tr(a.matches ? "named.save.matches" : "named.save", { card: cardName(a.card, ctx.lang, tr) }))),
    shots.length ? h("div", { class: "gp-sub" }, tr("named.shoot")) : null,
    shots.length ? h("div", { class: "gp-targets" }, shots.map((a) => h("button", {
      class: "gp-target", disabled: m.pending, "data-testid": `gp-shoot-${a.target}`,
      onclick: () => confirm(a, (e) => fmt(e.tr, "confirm.shoot", { who: who(e.ctx, a.target) })),
    }, who(ctx, a.target)))) : null,
    h("button", { class: "gp-big gp-danger", "data-testid": "gp-pass", disabled: m.pending,
                  onclick: () => confirm({ type: "pass" }, (e) => fatalPass(e) || e.tr("confirm.accept")) }, tr("pass.named")),
    void me);
}

function chooser(env) {
  const { legal, tr, send, m, ctx, view } = env;
  const opts = legal.filter((a) => a.type === "choose");
  if (opts.some((a) => "leave" in a)) {
    return card(tr("choose.departure.title"), tr("choose.departure.hint"),
      h("div", { class: "gp-two" }, opts.map((a) => h("button", {
        class: `gp-big ${a.leave ? "gp-primary" : "gp-plain"}`, disabled: m.pending, "data-testid": `gp-choose-${a.leave}`,
        onclick: () => send(a) }, tr(a.leave ? "leave.yes" : "leave.no")))));
  }
  return card(tr("choose.tie.title"), tr("choose.tie.hint"),
    lastReveal(env),
    h("div", { class: "gp-targets" }, opts.map((a) => h("button", {
      class: "gp-target", disabled: m.pending, "data-testid": `gp-choose-${a.target}`,
      onclick: () => env.confirm(a, (e) => fmt(e.tr, "confirm.choose", { who: who(e.ctx, a.target) })) }, who(ctx, a.target)))),
    void view);
}

function departureVote(env) {
  const { legal, tr, send, m, view } = env;
  const need = view.departure_needs;
  return card(tr("departure.title"), tr("departure.hint", { n: need.living }),
    h("div", { class: "gp-two" }, legal.filter((a) => a.type === "vote").map((a) => h("button", {
      class: `gp-big ${a.leave ? "gp-primary" : "gp-plain"}`, disabled: m.pending, "data-testid": `gp-vote-${a.leave}`,
      onclick: () => send(a) }, tr(a.leave ? "leave.yes" : "leave.no")))));
}

function sacrificeVote(env) {
  const { view, legal, tr, send, m, me, ctx, redraw } = env;
  const st = view.stage;
  const ballot = st.vote.ballot;
  const choices = legal.filter((a) => a.type === "vote").map((a) => a.target);
  const key = `vote:${decisionKey(view)}:${choices.join(",")}`;
  let idx = m.sel[key];
  if (typeof idx !== "number" || idx >= choices.length) idx = startIndex(choices, me.seat);
  m.sel[key] = idx;
  const sel = choices[idx];
  const myWeight = ballot.weights[ballot.voters.indexOf(me.seat)] || 1;
  const colour = (seat) => ctx.colourOf(seat);
  const wheel = voteWheel({
    prefix: "gp", index: idx, onSelect: (i) => { m.sel[key] = i; redraw(); }, labelSize: 17,
    choices: choices.map((seat) => {
      const c = colour(seat);
      return {
        id: seat, fill: c.colour, ink: inkFor(c.colour),
        icon: () => null,
        label: seat === me.seat ? tr("wheel.me") : shortName(c.name),
        chip: who(ctx, seat),
      };
    }),
    center: disc(colour(sel), "26px"),
  });
  const others = ballot.others;
  // With notes to read (club, crystal ball), the long hint gives way so the wheel and its
  // confirm button stay on the first screen.
  return card(tr(st.kind === "hurricane" ? "vote.title.hurricane" : "vote.title"),
    others || myWeight > 1 ? null
      : tr(st.kind === "hurricane" ? "vote.hint.hurricane" : "vote.hint", { resource: st.resource ? tr(`res.of.${st.resource}`) : "" }),
    myWeight > 1 ? h("div", { class: "gp-note", "data-testid": "gp-club" }, icon("star", 16), tr("vote.club")) : null,
    others ? h("div", { class: "gp-note", "data-testid": "gp-crystal" }, h("b", {}, tr("vote.crystal")), " ",
      others.map(([v, c], i) => [i ? "; " : "", who(ctx, v), " → ", choiceNode(ctx, tr, c)])) : null,
    conchNote(env),
    // Notes above the wheel: a smaller wheel keeps the confirm button on the first screen.
    h("div", { class: (others || myWeight > 1 || conchNote(env)) ? "gp-wheel-small" : "" }, wheel),
    h("button", { class: "gp-big gp-primary", "data-testid": "gp-vote-confirm", disabled: m.pending, dataset: { choice: String(sel) },
                  onclick: () => (sel === me.seat ? env.confirm({ type: "vote", target: sel }, (e) => e.tr("confirm.vote_me"))
                    : send({ type: "vote", target: sel })) },
      fmt(tr, sel === me.seat ? "vote.confirm.me" : "vote.confirm", { who: colour(sel).name })));
}

function conchNote({ view, tr, ctx }) {
  const safe = view.castaways.filter((c) => c.alive && c.conch).map((c) => c.seat);
  if (!safe.length) return null;
  return h("div", { class: "gp-note" }, icon("conch", 16), fmt(tr, "vote.conch", { who: names(ctx, safe, tr) }));
}

function shortName(name) {
  const n = String(name);
  return n.length > 9 ? `${n.slice(0, 8)}…` : n;
}

function inkFor(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(String(hex || ""));
  if (!m) return "#fff";
  const n = parseInt(m[1], 16);
  const l = (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
  return l > 0.6 ? "#10202e" : "#ffffff";
}

function windowCard(env) {
  const { view, tr, send, confirm, m } = env;
  const fatal = fatalPass(env);
  const st = view.stage;
  const w = st.window;
  const playable = env.legal.some((a) => a.type === "play");
  const hint = w.kind === "shortage" || w.kind === "zero"
    ? tr(`window.hint.${w.kind}`, { resource: tr(`res.of.${st.resource}`), short: st.short || 0 })
    : tr(`window.hint.${w.kind}`);
  return card(tr(`window.title.${w.kind}`), hint,
    st.kind === "survival" ? h("p", { class: "gp-big-line" }, survivalLine(view, tr, st.resource)) : null,
    clock(env),
    fatal ? fatalNote(fatal) : playable ? h("p", { class: "gp-hint" }, tr("window.cards")) : null,
    h("button", { class: `gp-big ${fatal ? "gp-danger" : "gp-primary"}`, "data-testid": "gp-pass", disabled: m.pending,
                  onclick: () => (fatal ? confirm({ type: "pass" }, fatalPass) : send({ type: "pass" })) },
      tr("pass.window")),
    h("small", { class: "gp-ready-count" }, tr("window.ready", { done: w.done.length, n: w.seats.length })));
}

// While others act the phone says what is happening and for whom (issue 19.5, 20.3): never an
// empty box; my castaway, hand and records stay in view around it.
// (a part, morph.js, with what each sentence reads: "Cy is choosing an action" stays over
// the several updates of Cy's turn, and is not built again, its chip and all, for each)
function nowLine(env) {
  const { view, tr, ctx, me } = env;
  const st = view.stage || {};
  const ballot = st.vote ? st.vote.ballot : st.ballot;
  const line = (inputs, say) => env.part("gp-part-now", inputs, () =>
    h("p", { id: "gp-part-now", class: "gp-now-line", "data-testid": "gp-now" }, said(say())));
  if (view.over) return null;
  if (view.interrupt) {
    const { kind, seat } = view.interrupt;
    return line(["interrupt", kind, seat], () => fmt(tr, `status.interrupt.${kind}`, { who: who(ctx, seat) }));
  }
  if (ballot && !ballot.revealed) {
    const [done, n] = [ballot.voted.length, ballot.voters.length];
    return line(["vote", done, n], () => tr("wait.vote", { done, n }));
  }
  if (st.kind === "step" && (!me || st.seat !== me.seat)) return line(["step", st.seat], () => fmt(tr, "wait.step", { who: who(ctx, st.seat) }));
  const others = (view.waiting_for || []).filter((x) => !me || x !== me.seat);
  if (others.length) {
    const many = others.length > 4;
    return line(["waiting", many ? others.length : others], () => fmt(tr, "status.waiting",
      { who: many ? tr("n_castaways", { n: others.length }) : keyedNames("gp-now", ctx, others, tr) }));
  }
  return line(["phase", view.phase], () => tr(`phase.${view.phase}`));
}

function waiting(env) {
  const { view, tr, me, ctx, msg, legal } = env;
  const st = view.stage || {};
  // (the status line gives way to the first line here, unless it says a decision is mine)
  env.waitCard = !legal.some((a) => !["play", "give", "shoot"].includes(a.type));
  const parts = [nowLine(env)];
  const ballot = st.vote ? st.vote.ballot : st.ballot;
  if (ballot && !ballot.revealed) {
    parts.push(h("div", { class: "gp-q" }, tr(`ballot.${ballot.kind}`)));
    if (me && ballot.my_vote !== undefined && ballot.my_vote !== null) {
      parts.push(h("div", { class: "gp-myvote", "data-testid": "gp-my-vote" }, fmt(tr, "vote.done", { who: choiceNode(ctx, tr, ballot.my_vote) })));
    } else if (me && !ballot.voters.includes(me.seat)) {
      parts.push(h("p", { class: "gp-hint" }, tr("vote.not_voter")));
    }
    const missing = ballot.voters.filter((v) => !ballot.voted.includes(v));
    if (missing.length) parts.push(h("p", {}, fmt(tr, "vote.waiting", { who: keyedNames("gp-wv", ctx, missing, tr) })));
  } else if (st.window) {
    parts.push(h("p", { class: "gp-q" }, tr(`window.title.${st.window.kind}`)));
    parts.push(clock(env));
    // (hidden, not left out, until I am ready: the card keeps its children as the others
    // say they are ready, and an update writes one attribute, not a new card)
    if (me) parts.push(h("p", { class: "gp-hint", hidden: !st.window.done.includes(me.seat) }, tr("window.you_ready")));
  }
  // (parts: the last vote and the recent events are built when they change, morph.js)
  parts.push(env.part("gp-part-lastvote", [view.last_vote], () => lastReveal(env)));
  // The turn passing to the castaway the first line names ("Cy's action.") is not said again
  // below it ("Cy is choosing an action"): said once, and the list keeps its length from one
  // castaway's action to the next (one line about what the last one did), not a list redrawn.
  const acting = st.kind === "step" && !view.interrupt ? st.seat : null;
  parts.push(env.part("gp-part-recent", [msg.events || [], acting], () => {
    // (the last four said, from the end: the lines of a turn's first update, seven or eight
    // events, are not all built to keep four)
    const events = msg.events || [];
    const recent = [];
    for (let i = events.length - 1; i >= 0 && recent.length < 4; i--) {
      const e = events[i];
      const line = e.type === "step" && e.seat === acting ? null : describeEvent(view, tr, ctx, e);
      if (line) recent.unshift(line);
    }
    // (an empty list is hidden, not left out: the card keeps its children when a moment
    // has nothing to tell, and the next one fills the list in place)
    // (its id first, as the morph leaves it when it writes or takes away `hidden`)
    return h("ul", { id: "gp-part-recent", class: "gp-recent", hidden: !recent.length }, recent.map((x) => h("li", {}, said(x))));
  }));
  return h("div", { class: "gp-card gp-wait", "data-testid": "gp-waiting" }, parts);
}

// A sentence as its words between its chips (a castaway, a card, a list of names): always a
// text first, last and between two chips ("" where it has none), the words of one sentence
// in one text, a card's name (an <i>) in a plain span and before a text, as fmt puts one that
// punctuation follows ("Coffee."). Two sentences with as many chips then have the same nodes ("Ben takes an action",
// "A snake bit Ben"; "Ben puts the Axe in play", "Cy plays Coffee."): the morph writes their
// words and the chip's colour and name in place, where it had idiomorph redraw the line, its
// chips made anew, styled and laid out (issue 24).
function said(...parts) {
  const out = [];
  let text = null;
  const add = (x) => {
    if (x === null || x === undefined || x === false || x === true) return;
    if (Array.isArray(x)) { for (const y of x) add(y); return; }
    if (x instanceof Node && x.nodeType !== Node.TEXT_NODE) {
      if (!text) out.push(document.createTextNode(""));
      out.push(x.localName === "i" ? h("span", {}, x, document.createTextNode("")) : x);
      text = null;
      return;
    }
    const words = x instanceof Node ? x.nodeValue : String(x);
    if (text) text.nodeValue += words;
    else out.push(text = document.createTextNode(words));
  };
  add(parts);
  if (!text) out.push(document.createTextNode(""));
  return out;
}

// The castaways we wait for, in a sentence that changes as they act: each name has an id of
// its own (`scope`: the sentence), so the morph keeps each name's node as it is when one leaves
// the list, instead of redrawing every name after it into its neighbour's (issue 24).
function keyedNames(scope, ctx, seats, tr) {
  const el = names(ctx, seats, tr);
  for (const w of el.children) {
    const seat = w.dataset.seat ?? w.firstElementChild?.dataset.seat;   // a chip, or a chip and its comma
    if (seat !== undefined) w.id = morphId(scope, seat);
  }
  return el;
}

function lastReveal({ view, tr, ctx }) {
  const r = view.last_vote;
  if (!r || !r.revealed || !r.votes) return null;
  return h("div", { class: "gp-reveal-mini", "data-testid": "gp-reveal-mini" },
    h("div", { class: "gp-sub" }, tr(`ballot.${r.kind}`)),
    h("div", { class: "gp-rv" }, r.votes.map(([v, c]) => h("span", { class: "gp-rv1" }, who(ctx, v), " → ", choiceNode(ctx, tr, c)))));
}

function finalCard({ view, me, tr, ctx }) {
  const r = view.result;
  if (!r) return card(tr("phase.over"), null);
  const mineB = me ? r.breakdown.find((b) => b.seat === me.seat) : null;
  return h("div", { class: `gp-card gp-final-phone${mineB && mineB.fate === "boarded" ? " won" : ""}`, "data-testid": "gp-final-phone" },
    h("h2", {}, tr(`end.${r.end}`)),
    mineB ? h("p", { class: "gp-big-line" }, tr(`fate.you.${mineB.fate}`, { n: mineB.score })) : null,
    // every castaway's fate, unnumbered (numbers read as a ranking; issue 19.15)
    h("ul", { class: "gp-fates" }, r.breakdown.map((b) => h("li", {}, who(ctx, b.seat), " ", tr(`fate.${b.fate}`), " ", h("b", {}, String(b.score))))));
}

// ---------------------------------------------------------------- my hand and the card sheet

// What my hand's cards show of the legal actions: which can be played (or shot) and which
// given, not the actions themselves (their targets are the sheet's, drawn from the memory).
function cardUses(legal) {
  const uses = new Set();
  for (const a of legal) {
    if (a.type === "give") uses.add(`give:${a.card}`);
    else if (a.type === "play") uses.add(`use:${a.card}`);
    else if (a.type === "shoot") uses.add("use:revolver");
  }
  return [...uses].sort();
}

function cardActions(legal, id) {
  return legal.filter((a) => (a.type === "play" || a.type === "give") && a.card === id
    || (a.type === "shoot" && id === "revolver"));
}

function hand(env) {
  const { me, mine, legal, tr, ctx, m, redraw } = env;
  const ids = [...new Set(me.hand)];
  const count = (id) => me.hand.filter((x) => x === id).length;
  const tile = (id, faceup) => {
    const usable = cardActions(legal, id).some((a) => a.type !== "give");
    const giftable = cardActions(legal, id).some((a) => a.type === "give");
    return h("button", { class: `gp-hcard gp-k-${cardKind(id)}${usable ? " gp-usable" : ""}${faceup ? " gp-faceup" : ""}`,
                         "data-testid": `gp-card-${id}`, id: morphId(faceup ? "gp-faceup" : "gp-card", id), dataset: { card: id },
                         disabled: !usable && !giftable && !faceup,
                         onclick: () => { m.sheet = id; redraw(); } },
      h("b", {}, cardName(id, ctx.lang, tr), !faceup && count(id) > 1 ? h("span", { class: "gp-x" }, ` ×${count(id)}`) : null),
      h("small", {}, cardText(id, ctx.lang, tr)),
      usable ? h("span", { class: "gp-play-tag" }, tr("card.playable")) : null);
  };
  return h("section", { class: "gp-hand", "data-testid": "gp-hand" },
    h("h3", {}, tr("hand.title", { n: me.hand.length })),
    ids.length ? h("div", { class: "gp-hcards" }, ids.map((id) => tile(id, false))) : h("p", { class: "gp-dim" }, tr("hand.empty")),
    mine.faceup.length ? h("h3", {}, tr("faceup.title")) : null,
    mine.faceup.length ? h("div", { class: "gp-hcards" }, mine.faceup.map((id) => tile(id, true))) : null);
}

// Params of an action that a player picks, in the order they are asked.
const PARAMS = ["use", "matches", "action", "target", "to", "targets", "for"];

function sheet(env) {
  const { legal, tr, ctx, m, redraw, send, confirm } = env;
  const id = m.sheet;
  const acts = cardActions(legal, id);
  const groups = [["play", acts.filter((a) => a.type === "play")], ["shoot", acts.filter((a) => a.type === "shoot")],
                  ["give", acts.filter((a) => a.type === "give")]].filter(([, l]) => l.length);
  const pickKey = `sheet:${id}`;
  const sel = m.sel[pickKey] || (m.sel[pickKey] = {});
  const body = groups.map(([kind, list]) => h("div", { class: "gp-use", dataset: { use: kind } },
    h("div", { class: "gp-sub" }, tr(`use.${kind}${kind === "play" && list[0].use && list.every((a) => a.use === list[0].use) ? `.${list[0].use}` : ""}`)),
    picker(env, kind, list, sel[kind] || (sel[kind] = {}))));
  return h("div", { class: "gp-sheet-back", onclick: (ev) => { if (ev.target === ev.currentTarget) { m.sheet = null; redraw(); } } },
    h("div", { class: "gp-sheet", role: "dialog", "data-testid": "gp-sheet", dataset: { card: id } },
      h("h2", {}, cardName(id, ctx.lang, tr)),
      h("p", { class: "gp-card-text" }, cardText(id, ctx.lang, tr)),
      body.length ? body : h("p", { class: "gp-hint" }, tr("card.not_now")),
      h("button", { class: "gp-big gp-plain", "data-testid": "gp-sheet-close", onclick: () => { m.sheet = null; redraw(); } }, tr("close"))));
  void send; void confirm;
}

// Narrow the legal actions of one kind (play/shoot/give) by the player's picks, one parameter
// at a time; an array parameter (sleeping pills' targets, a zero step's cover) is a set of
// toggles that must equal one legal set.
function picker(env, kind, list, chosen) {
  const { tr, ctx, m, redraw, send, confirm } = env;
  let rest = list;
  const rows = [];
  for (const p of PARAMS) {
    // A flag some actions leave out (matches) reads as false when absent: both are choices.
    const flag = p === "matches";
    const withP = rest.filter((a) => flag || p in a);
    const valueOf = (a) => (flag ? Boolean(a[p]) : a[p]);
    const values = [...new Map(withP.map((a) => [JSON.stringify(valueOf(a)), valueOf(a)])).values()];
    if (!values.length || (flag && values.length === 1 && !values[0])) continue;
    if (Array.isArray(values[0])) {
      const all = [...new Set(values.flat())].sort((a, b) => a - b);
      const cur = (chosen[p] || []).filter((x) => all.includes(x));
      chosen[p] = cur;
      rows.push(h("div", { class: "gp-targets" }, all.map((seat) => h("button", {
        class: `gp-target${cur.includes(seat) ? " on" : ""}`, "data-testid": `gp-pick-${p}-${seat}`, "aria-pressed": String(cur.includes(seat)),
        onclick: () => { chosen[p] = cur.includes(seat) ? cur.filter((x) => x !== seat) : [...cur, seat]; redraw(); } }, who(ctx, seat)))));
      const sorted = JSON.stringify([...cur].sort((a, b) => a - b));
      rest = rest.filter((a) => JSON.stringify([...a[p]].sort((x, y) => x - y)) === sorted);
      if (!rest.length) break;
      continue;
    }
    if (values.length === 1 && p !== "target" && p !== "to") { chosen[p] = values[0]; continue; }
    if (flag && chosen[p] === undefined) chosen[p] = false;
    const cur = values.some((v) => JSON.stringify(v) === JSON.stringify(chosen[p])) ? chosen[p] : undefined;
    if (values.length === 1) chosen[p] = values[0];
    rows.push(h("div", { class: "gp-targets" }, values.map((v) => h("button", {
      class: `gp-target${JSON.stringify(v) === JSON.stringify(chosen[p]) ? " on" : ""}`, "data-testid": `gp-pick-${p}-${v}`,
      onclick: () => { chosen[p] = v; redraw(); } }, paramLabel(env, p, v)))));
    if (chosen[p] === undefined && cur === undefined) { rest = []; break; }
    rest = rest.filter((a) => JSON.stringify(valueOf(a)) === JSON.stringify(chosen[p]));
  }
  const action = rest.length === 1 ? rest[0] : null;
  const irreversible = kind === "give" || kind === "shoot" || (action && action.card === "voodoo_doll");
  const go = () => {
    if (!action) return;
    if (irreversible) confirm(action, (e) => sentence(e, action));
    else send(action);
  };
  return [rows, h("button", { class: `gp-big ${kind === "play" ? "gp-primary" : "gp-danger"}`, disabled: !action || m.pending,
                              "data-testid": `gp-do-${kind}`, onclick: go },
    action ? sentence(env, action) : tr("pick.first"))];
}

function paramLabel({ tr, ctx }, p, v) {
  if (p === "target" || p === "to") return who(ctx, v);
  if (p === "action") return tr(`act.${v}`);
  if (p === "use") return tr(`use.${v}`);
  if (p === "matches") return tr(v ? "matches.yes" : "matches.no");
  return String(v);
}

function sentence({ tr, ctx }, a) {
  const C = cardName(a.card || "revolver", ctx.lang, tr);
  if (a.type === "give") return fmt(tr, "do.give", { card: C, who: who(ctx, a.to) });
  if (a.type === "shoot") return fmt(tr, "do.shoot", { who: who(ctx, a.target) });
  if (a.use === "counter") return tr(a.matches ? "do.counter.matches" : "do.counter", { card: C });
  if (a.use === "save") return tr("do.save", { card: C });
  if (a.use === "cover") return fmt(tr, "do.cover", { card: C, who: names(ctx, a.for, tr) });
  if (a.action) return fmt(tr, "do.pendulum", { who: who(ctx, a.target), action: tr(`act.${a.action}`) });
  if (a.targets) return fmt(tr, "do.play.targets", { card: C, who: names(ctx, a.targets, tr) });
  if (a.target !== undefined) return fmt(tr, "do.play.target", { card: C, who: who(ctx, a.target) });
  return tr("do.play", { card: C });
}

function confirmBox(env) {
  const { tr, m, send, redraw } = env;
  const c = m.confirm;
  return h("div", { class: "gp-sheet-back gp-confirm-back" },
    h("div", { class: "gp-sheet gp-confirm", role: "alertdialog", "data-testid": "gp-confirm" },
      h("h2", {}, tr("confirm.title")),
      h("p", { class: "gp-big-line" }, c.sentence(env)),
      h("p", { class: "gp-hint" }, tr("confirm.hint")),
      h("div", { class: "gp-two" },
        h("button", { class: "gp-big gp-plain", "data-testid": "gp-confirm-no", onclick: () => { m.confirm = null; redraw(); } }, tr("confirm.no")),
        h("button", { class: "gp-big gp-danger", "data-testid": "gp-confirm-yes", disabled: m.pending, onclick: () => send(c.action) }, tr("confirm.yes")))));
}

// ---------------------------------------------------------------- my records

function records({ me, tr, ctx }) {
  const list = (me.records || []).slice().reverse();
  const C = (ids) => (ids || []).map((c) => cardName(c, ctx.lang, tr)).join(", ");
  const line = (r) => {
    const p = { turn: r.turn, cards: C(r.cards) };
    switch (r.kind) {
      case "spyglass": return fmt(tr, "rec.spyglass", { ...p, who: who(ctx, r.target) });
      case "gave": return fmt(tr, "rec.gave", { ...p, who: who(ctx, r.to) });
      case "received": case "inherited": case "stole": return fmt(tr, `rec.${r.kind}`, { ...p, who: who(ctx, r.source) });
      case "stolen": return fmt(tr, "rec.stolen", { ...p, who: who(ctx, r.by) });
      case "barometer": return tr("rec.barometer", { ...p, weather: (r.weather || []).map((w) =>
        (w.hurricane ? tr("weather.hurricane.short", { drops: w.drops }) : tr("weather.drops.short", { drops: w.drops }))).join(", ") });
      default: return tr(`rec.${r.kind}`, p);
    }
  };
  // (none yet: hidden, not left out, so my first record fills it in place, not a new page)
  // (its id first, as the morph leaves it when it writes or takes away `hidden`)
  return h("details", { id: "gp-part-records", class: "gp-records", "data-testid": "gp-records", open: list.length <= 4, hidden: !list.length },
    h("summary", {}, tr("records.title", { n: list.length })),
    h("ul", {}, list.map((r) => h("li", { dataset: { kind: r.kind } }, line(r)))));
}
