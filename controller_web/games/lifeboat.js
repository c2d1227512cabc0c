// Lifeboat (Siadek) on a phone (390x844). On top, always: my character, my secret friend and
// enemy with what each is worth to me, and my score if we were rescued now; right under it, the
// one decision at hand, built only from msg.legal_actions; then my hand, my trades, the boat,
// and what only I know. Rendered from msg alone.
import { strings } from "/static/games/lifeboat/strings.js";
import {
  h, fmt, ensureCss, tr as makeTr, charName, kindName, card, cardBack, who, whoList, navCard, woundPips, forHim, forHimLine, gk, gks,
  worth, myCase, navShort, caseText, alive, weaponBonus, describeEvent, QUIET, birdIcon, DATA,
} from "/static/games/lifeboat/common.js";
import { gameMemory, gameKey, ended } from "/static/js/gamekey.js";
import { showPage, pageParts, morphId } from "/static/js/morph.js";
import { flags } from "/static/js/dom.js";
import { labelFitter } from "/static/js/fittext.js";
import { disc } from "/static/js/players.js";
import { windowHolder } from "/static/js/hold.js";
import { ticker } from "/static/js/waiting.js";
import { bringIntoView } from "/static/js/intoview.js";

export { strings };

ensureCss(new URL("./lifeboat.css", import.meta.url));

// The picks, sheet and confirmation of one game (server/static/js/gamekey.js): a rematch
// opens on its own first decision, never on a screen of the last game.
// (its clock's ticker and its hold's renewal stop with its game: a rematch starts clean)
const mem = gameMemory(() => ({ sel: {}, pending: false, error: null, confirm: null, holder: windowHolder(), stopTick: null }),
  (m) => { if (m.stopTick) m.stopTick(); m.holder.stop(); });

export function render(root, msg, ctx) {
  const m = mem(root, msg, ctx);
  if (m.lastMsg && m.lastMsg.version !== msg.version) { m.pending = false; m.error = null; m.confirm = null; }
  m.lastMsg = msg; m.lastCtx = ctx;
  draw(root, m);
}

// Nothing else to decide and a trade is open: the trade is the decision at hand.
function tradesOnTop(env) {
  return !env.main.length && env.me && (env.me.trades || []).length > 0 && env.view.phase === "actions" && !env.view.over;
}

const MAIN_EXCLUDE = (a) => a.type === "show" || a.type.startsWith("trade_");

// Names and states on the narrow boat tiles and the friend/enemy strip: smaller, never cut.
// Each label is fitted once for its text, place, width and language, then its size is put on
// every drawing before it is shown: an update lays the page out once (issue 24).
const LABELS = ".lbp-seat b, .lbp-seat small, .lbp-mini b, .lbp-mini small, .lbp-me b";
const labels = labelFitter(LABELS, { min: 8 });
// A label's fit is known by its place up to its grandparent (fittext.js): an update that built
// no label nor a row of them (a tile kept in a boat drawn again sits in a new row) has none to
// fit, and the page is not walked for them (the fitter's own observer refits on a new width).
const LABELLED = `${LABELS}, .lbp-hull, .lbp-inwater, .lbp-strip`;

function draw(root, m) {
  const msg = m.lastMsg;
  const ctx = m.lastCtx;
  const view = msg.view;
  const me = view.me || null;
  const legal = Array.isArray(msg.legal_actions) ? msg.legal_actions : [];
  const t = makeTr(ctx);
  const redraw = () => { if (!ended(m)) draw(root, m); };   // (a late reply: its game may be gone)
  const send = (action) => {
    if (m.pending) return;
    m.pending = true; m.error = null; m.confirm = null; m.holder.acted(); redraw();
    Promise.resolve(ctx.act(action)).then((reply) => {
      if (reply && reply.ok === false) {
        m.pending = false;
        const err = reply.error || {};
        m.error = t("do.error", { message: (err.params && err.params.message) || err.message || err.code || "?" });
        redraw();
      }
    }, (e) => { m.pending = false; m.error = t("do.error", { message: String((e && e.message) || e) }); redraw(); });
  };
  const env = {
    view, me, legal, tr: t, lang: ctx.lang, colourOf: ctx.colourOf, m, send, redraw, msg, ctx,
    main: legal.filter((a) => !MAIN_EXCLUDE(a)),
  };
  // A new decision resets the half-made choices of the last one.
  // (A trade opening or closing counts too: back from a trade, the decision comes into view.)
  const sig = `${view.phase}:${view.turn}:${view.actions ? view.actions.step : ""}:${env.main.map((a) => a.type).join(",")}:${me ? (me.trades || []).length : 0}`;
  if (sig !== m.sig) m.sel = {};

  const mine = me ? view.characters[me.seat] : null;
  // The parts an update rarely changes (my strip, my hand, the trades, the boat, my notes) are
  // built only when what they show changed (morph.js pageParts): their inputs name all they
  // are drawn from, and their handlers read the game's memory or an action in their inputs.
  // The page is drawn whole for another language or another look of the players.
  const looks = view.characters.map((c) => { const x = ctx.colourOf(c.seat); return [x.name, x.colour, x.letter]; });
  const part = pageParts(root, gameKey(msg, ctx), JSON.stringify([ctx.lang, looks]));
  // (the characters as my strip and my notes read them: not who has rowed, acted or fought this
  // turn nor how many cards each holds, which change on most updates and neither draws)
  const secret = me ? [me.seat, me.character, me.love, me.hate, me.hand, me.worth, me.provisional,
    view.characters.map((c) => [c.character, c.state, c.size, c.survival, c.wounds, c.position, c.face_up])] : null;
  const of = (pred) => legal.filter(pred);
  env.part = part;
  const page = h("div", { class: `lbp${m.pending ? " lbp-pending" : ""}`, dataset: { phase: view.phase } },
    me ? part("lbp-part-me", secret, () => meStrip(env, mine)) : h("div", { class: "lbp-strip lbp-spectator" }, t("me.spectator")),
    tradeBadge(env),
    h("section", { class: "lbp-action", "data-testid": "lbp-action" }, action(env)),
    m.error ? h("div", { class: "lbp-error", role: "alert" }, m.error) : null,
    me && !view.over ? part("lbp-part-hand", [me.hand, mine.face_up, view.phase, Boolean(view.fight), m.pending, m.confirm,
      of((a) => a.type === "show" || a.type === "show_his"), view.characters.map((c) => c.character)], () => handPanel(env, mine)) : null,
    me && !view.over && view.phase === "actions" && !tradesOnTop(env)
      ? part("lbp-part-trades", [me.seat, me.trades, of((a) => a.type.startsWith("trade_")), m.pending, m.confirm, m.sel.tradeOpen,
        m.sel.tradeOpen ? boatInputs(view) : null], () => tradesPanel(env)) : null,
    part("lbp-part-boat", [boatInputs(view), view.birds, view.birds_to_win, view.phase, view.turn], () => boatPanel(env)),
    me ? part("lbp-part-case", secret, () => caseNote(env)) : null,
    me ? part("lbp-part-log", [me.seat, (me.private_log || []).slice(-8), view.characters.map((c) => c.character)], () => privateLog(env)) : null);
  // (the rules link is the page's footer, issue 19.8)
  labels.dress(page);
  const fitting = page.querySelector(LABELLED) !== null;
  // Morphed into the page shown (morph.js): focus, a pick, scrolling survive an update.
  const shown = showPage(root, page, gameKey(msg, ctx));
  if (fitting) labels.fit(root);
  if (env.main.length && sig !== m.sig && m.sig !== undefined) bringIntoView(root, ".lbp-action", { above: 110, smooth: false });
  m.sig = sig;
  // A window closing by itself (its countdown): the seconds left, and a choice being
  // confirmed holds it open.
  if (m.stopTick) m.stopTick();
  // (only a window's countdown has seconds to paint: no query of the page for the others)
  m.stopTick = msg.deadline ? ticker(shown, msg.deadline, ".lbp-secs") : null;
  m.holder.update(Boolean(m.confirm) && windowOpen(view), msg, ctx.request);
}

function windowOpen(view) {
  return Boolean(view.fight || (["rescue", "thirst"].includes(view.phase) && view.window));
}

// "Closes by itself in 7 s": shown in a window while its countdown runs.
function windowClock(env) {
  const { msg, tr } = env;
  if (!msg.deadline || msg.countdown !== "window") return null;
  return h("p", { class: "lbp-clock", "data-testid": "lbp-clock" }, tr("window.closes"), " ",
    h("b", { class: "lbp-secs" }), " ", tr("window.seconds"));
}

// ---------------------------------------------------------------- always on top

function meStrip(env, mine) {
  const { view, me, tr } = env;
  const w = worth(view);
  const byChar = Object.fromEntries(view.characters.map((c) => [c.character, c]));
  const friend = byChar[me.love];
  const enemy = byChar[me.hate];
  const psycho = me.hate === me.character;
  const mini = (label, c, value, cls, testid) => h("div", { class: `lbp-mini ${cls}`, "data-testid": testid,
    dataset: { character: c ? c.character : "" } },
    h("small", {}, label),
    h("b", {}, c ? charName(env, c.character) : "?"),
    h("span", { class: "lbp-worth" }, tr("me.worth", { n: value })),
    c ? h("span", { class: `lbp-mstate s-${c.state}` }, tr(gk(c.character, `state.${c.state}`))) : null);
  const cs = myCase(me);
  return h("header", { class: "lbp-strip", "data-testid": "lbp-strip" },
    h("div", { class: `lbp-me s-${mine.state}`, "data-testid": "lbp-me", dataset: { character: me.character } },
      h("small", {}, tr("me.you_are")),
      h("b", { class: "lbp-me-name" }, charName(env, me.character)),
      h("span", { class: "lbp-me-stats" }, h("span", { title: tr("size") }, tr("size.short", { n: mine.size })), " ",
        h("span", { title: tr("survival") }, tr("survival.short", { n: mine.survival }))),
      woundPips(mine),
      h("span", { class: `lbp-mstate s-${mine.state}` }, tr(gk(mine.character, `state.${mine.state}`)))),
    mini(`☺ ${tr("me.friend")}`, friend, w.loveNow !== undefined ? w.loveNow : w.love, "lbp-friend", "lbp-friend"),
    mini(`✗ ${tr("me.enemy")}`, enemy, w.hateNow !== undefined ? w.hateNow : (psycho ? w.psychopath : w.hate), "lbp-enemy", "lbp-enemy"),
    h("div", { class: "lbp-score", "data-testid": "lbp-score", title: tr("me.score") },
      h("small", {}, tr("me.score")), h("b", {}, String(w.total)),
      cs ? h("span", { class: "lbp-case" }, cs.split("+").map((x) => tr(`case.${x}`)).join(" · ")) : null));
}

function caseNote(env) {
  const { view, me, tr } = env;
  const byChar = Object.fromEntries(view.characters.map((c) => [c.character, c]));
  const cs = myCase(me);
  const lines = [];
  for (const name of (cs ? cs.split("+") : [])) lines.push(`${tr(`case.${name}`)} : ${caseText(env, name) || tr(`me.${name}`)}`.replace(" : ", env.lang === "fr" ? " : " : ": "));
  if (!cs || cs === "narcissist") {
    if (me.love !== me.character) lines.push(`☺ ${charName(env, me.love)}: ${tr("me.friend.rule", { n: byChar[me.love].survival })}`);
    lines.push(`✗ ${charName(env, me.hate)}: ${tr("me.enemy.rule", { n: byChar[me.hate].size })}`);
  }
  const w = worth(view);
  const parts = ["survival", "love", "hate", "psychopath", "cash", "jewels", "paintings"].filter((k) => w[k])
    .map((k) => `${tr(`bd.${k}`)} ${w[k]}`);
  return h("section", { class: "lbp-panel lbp-casenote", "data-testid": "lbp-casenote" },
    lines.map((l) => h("p", {}, l)),
    h("p", { class: "lbp-dim" }, `${tr("me.score")}: ${parts.join(" + ") || "0"} = ${w.total}`));
}

function tradeBadge(env) {
  const offer = waitingOffer(env);
  if (!offer) return null;
  return h("button", { class: "lbp-badge", "data-testid": "lbp-trade-badge", type: "button",
    onclick: () => { const el = document.querySelector("[data-testid=lbp-trades]"); if (el) el.scrollIntoView({ behavior: "smooth" }); } },
  fmt(env.tr, "trade.badge", { who: who(env, offer.other, { player: false }) }));
}

// A trade where the other side has offered something (or accepted) and I have not accepted.
function waitingOffer(env) {
  const { me, view } = env;
  if (!me || view.phase !== "actions") return null;
  for (const tr of me.trades || []) {
    const i = tr.seats.indexOf(me.seat);
    const o = 1 - i;
    if (!tr.accepted[i] && (tr.table[o].length || tr.accepted[o])) return { ...tr, other: tr.seats[o], i, o };
  }
  return null;
}

// ---------------------------------------------------------------- the decision at hand

function action(env) {
  const { view, main, me } = env;
  const types = new Set(main.map((a) => a.type));
  if (view.over) return finalCard(env);
  if (types.has("pick")) return draftPanel(env);
  if (types.has("place_row_card")) return placePanel(env);
  if (types.has("agree") || types.has("fight")) return answerPanel(env);
  if (view.fight && (types.has("join") || types.has("done") || types.has("weapon") || types.has("fire_flare"))) return fightPanel(env);
  if (types.has("navigate")) return navigatePanel(env);
  if (view.phase === "rescue" && types.size) return rescuePanel(env);
  if (view.phase === "thirst" && types.size) return thirstPanel(env);
  if (types.has("row") || types.has("nothing")) return choosePanel(env);
  if (view.fight) return fightPanel(env);
  if (tradesOnTop(env)) return h("div", { class: "lbp-card" }, waitLine(env), tradesPanel(env));
  return waitingPanel(env);
}

function panel(title, hint, ...body) {
  return h("div", { class: "lbp-card" }, h("h2", {}, title), hint ? h("p", { class: "lbp-hint" }, hint) : null, body);
}

const key = (a) => JSON.stringify(a);

// A button for one legal action; `confirm` turns the first tap into "Sure? Yes / No".
function act(env, label, a, opts = {}) {
  const { m, send, redraw, tr } = env;
  const k = key(a);
  const testid = opts.testid || `lbp-act-${a.type}${a.target !== undefined ? `-${a.target}` : ""}${a.card !== undefined ? `-${a.card}` : ""}${a.to ? `-${a.to}` : ""}${a.side ? `-${a.side}` : ""}`;
  if (opts.confirm && m.confirm === k) {
    return h("div", { class: "lbp-confirm", "data-testid": `${testid}-confirm`, "data-confirm": k },
      opts.warn ? h("p", { class: "lbp-alert", role: "alert", "data-testid": "lbp-fatal" }, opts.warn) : null,
      h("span", { class: "lbp-confirm-q" }, label, " — ", tr("confirm")),
      h("button", { class: "lbp-btn lbp-yes", type: "button", "data-testid": "lbp-yes", disabled: m.pending,
                    onclick: () => send(a) }, tr("confirm.yes")),
      h("button", { class: "lbp-btn lbp-no", type: "button", "data-testid": "lbp-no",
                    onclick: () => { m.confirm = null; redraw(); } }, tr("confirm.no")));
  }
  return h("button", {
    class: `lbp-btn ${opts.cls || ""}`, type: "button", disabled: m.pending, "data-testid": testid,
    "data-action": k,
    onclick: () => { if (opts.confirm) { m.confirm = k; redraw(); } else send(a); },
  }, label);
}

// The draft: one card per kind (identical cards are one choice, "×n"); the keep button sits
// above the cards so it is on screen whatever the number of cards.
function draftPanel(env) {
  const { me, main, tr, m, redraw } = env;
  const picks = main.filter((a) => a.type === "pick");
  const kinds = me.draft_cards || picks.map((a) => a.card);
  const counts = new Map();
  for (const k of kinds) counts.set(k, (counts.get(k) || 0) + 1);
  const sel = m.sel.pick;
  const cards = [...counts].map(([k, n]) => {
    const a = picks.find((x) => x.card === k);
    return card(env, k, { text: true, button: true, disabled: !a, pressed: sel === k,
      cls: sel === k ? "sel" : "", testid: `lbp-pick-${k}`, action: a ? key(a) : null,
      extra: n > 1 ? h("span", { class: "lbp-times" }, `×${n}`) : null,
      onclick: () => { m.sel.pick = k; redraw(); } });
  });
  const chosen = picks.find((a) => a.card === sel);
  return panel(tr("do.draft"), tr("do.draft.hint"),
    chosen ? act(env, `✓ ${tr("do.keep", { card: kindName(env, sel) })}`, chosen, { cls: "lbp-primary", testid: "lbp-pick-confirm" })
      : h("button", { class: "lbp-btn", type: "button", disabled: true }, tr("do.draft.tap")),
    h("div", { class: "lbp-cards lbp-choose" }, cards));
}

function placePanel(env) {
  const { me, main, tr } = env;
  const drawn = me.drawn || [];
  const places = main.filter((a) => a.type === "place_row_card");
  return panel(tr("do.place"), tr("do.place.hint"),
    drawn.map((nc) => navCard(env, nc, { cls: "lbp-navc", extra: h("div", { class: "lbp-row2" },
      ["stack", "bottom"].map((to) => {
        const a = places.find((x) => x.card === nc.id && x.to === to);
        return a ? act(env, tr(`do.place.${to}`), a, { cls: to === "stack" ? "lbp-primary" : "" }) : null;
      })) })));
}

function answerPanel(env) {
  const { view, main, tr } = env;
  const a = view.actions || {};
  const params = { who: who(env, a.actor), card: h("b", {}, kindName(env, a.card || "hand")) };
  const stake = a.kind === "mug" ? tr("do.answer.stake.mug", { card: kindName(env, a.card || "hand") }) : tr("do.answer.stake.swap");
  const agree = main.find((x) => x.type === "agree");
  const fight = main.find((x) => x.type === "fight");
  const me = view.characters[env.me.seat];
  const them = view.characters[a.actor];
  return h("div", { class: "lbp-card lbp-answer" },
    h("h2", {}, fmt(tr, a.kind === "mug" ? "do.answer.mug" : "do.answer.swap", params)),
    h("p", { class: "lbp-hint" }, stake),
    h("p", { class: "lbp-dim" }, `${charName(env, them.character)} ${tr("size.short", { n: them.size })} · ${charName(env, me.character)} ${tr("size.short", { n: me.size })}`),
    h("div", { class: "lbp-row2" },
      agree ? act(env, tr("do.answer.agree"), agree, { confirm: true }) : null,
      fight ? act(env, tr("do.answer.fight"), fight, { confirm: true, cls: "lbp-danger" }) : null));
}

function fightSides(env, f) {
  const { tr, view } = env;
  const a = { kind: f.kind || (view.actions || {}).kind, card: f.card !== undefined ? f.card : (view.actions || {}).card };
  const side = (name) => h("div", { class: `lbp-side lbp-${name}`, "data-testid": `lbp-side-${name}` },
    h("div", { class: "lbp-side-head" }, h("span", {}, tr(`fight.${name}`)),
      h("b", { "data-testid": `lbp-strength-${name}` }, String(f.strength[name]))),
    f.sides[name].map((x) => fighter(x)));
  // Each fighter's row is a part (morph.js): one more joining or arming builds that fighter's
  // row, not every name, disc and weapon of both sides. A fighter's ✓ (done in the window) shows
  // when the box has his data-d<seat> (lifeboat.css): one more done builds neither side.
  const fighter = (x) => {
    const fired = f.fired.includes(x);
    const weapons = view.characters[x].face_up.filter((c) => weaponBonus(c.kind) && c.kind !== "flare_gun").map((c) => c.kind);
    return env.part(morphId("lbp-fighter", x), [x, view.characters[x].character, fired, weapons], () => h("div", { class: "lbp-fighter" },
      who(env, x, { player: false }),
      h("span", { class: `lbp-ok lbp-ok-${x}` }, " ✓"),
      fired ? h("small", {}, " ✹+8") : null,
      weapons.map((k) => h("small", { class: "lbp-wpn" }, ` ${kindName(env, k)} +${weaponBonus(k)}`))));
  };
  const fighters = [...f.sides.attacker, ...f.sides.defender];
  return h("div", { class: "lbp-fightbox", dataset: flags(f.window.seats, { d: f.window.done }) },
    a.kind ? env.part("lbp-part-why", [a, [f.attacker, f.defender].map((x) => (view.characters[x] || {}).character)],
      () => h("p", { class: "lbp-why" }, fmt(tr, a.kind === "mug" ? "fight.why.mug" : "fight.why.swap",
        { a: who(env, f.attacker, { player: false }), b: who(env, f.defender, { player: false }), card: kindName(env, a.card || "hand") }))) : null,
    env.part("lbp-part-sides", [f.sides, f.strength, f.fired, fighters.map((x) => [view.characters[x].character, view.characters[x].face_up])],
      () => h("div", { class: "lbp-sides" }, side("attacker"), side("defender"))),
    h("p", { class: "lbp-dim" }, tr("fight.tie"), " · ", tr("fight.done", { n: f.window.done.length, m: f.window.seats.length })));
}

function fightPanel(env) {
  const { view, main, tr } = env;
  const f = view.fight;
  const buttons = [];
  buttons.push(...showHis(env));
  for (const a of main) {
    if (a.type === "join") buttons.push(act(env, tr("do.fight.join", { side: tr(`side.${a.side}`) }), a, { cls: a.side === "attacker" ? "lbp-danger" : "" }));
    if (a.type === "weapon") buttons.push(act(env, tr("do.fight.weapon", { card: kindName(env, a.card), n: weaponBonus(a.card) }), a, { confirm: true }));
    if (a.type === "fire_flare") buttons.push(act(env, tr("do.fight.flare"), a, { confirm: true }));
  }
  const done = main.find((a) => a.type === "done");
  return panel(tr("do.fight"), tr("do.fight.hint"), windowClock(env), fightSides(env, f),
    h("div", { class: "lbp-stack" }, buttons,
      done ? act(env, tr("do.done.fight"), done, { cls: "lbp-primary" }) : null));
}

function navigatePanel(env) {
  const { me, main, tr } = env;
  const stack = me.row_stack || [];
  const compass = main.find((a) => a.type === "compass");
  return panel(tr("do.navigate"), tr("do.navigate.hint"),
    compass ? act(env, tr("do.compass"), compass, { confirm: true }) : null,
    stack.map((nc) => {
      const a = main.find((x) => x.type === "navigate" && x.card === nc.id);
      return navCard(env, nc, { cls: "lbp-navc", extra: a ? act(env, `✓ ${tr("do.navigate.pick")}`, a, { cls: "lbp-primary", confirm: true }) : null });
    }));
}

function rescuePanel(env) {
  const { view, main, tr, legal } = env;
  const nav = view.navigation || {};
  const water = nav.water || [];
  const buttons = [];
  for (const a of main) {
    if (a.type === "throw_preserver") buttons.push(act(env, [h("span", {}, fmt(tr, "do.throw", { who: who(env, a.target, { player: false }) })), h("small", {}, tr("do.throw.why"))], a, { confirm: true }));
    if (a.type === "chum") buttons.push(act(env, tr("do.chum"), a, { confirm: true, cls: "lbp-danger" }));
  }
  for (const a of legal) {
    if (a.type === "show" && (a.card === "life_preserver" || a.card === "chum")) {
      buttons.push(act(env, tr("do.show.card", { card: kindName(env, a.card) }), a, { confirm: true }));
    }
  }
  buttons.push(...showHis(env));
  const done = main.find((a) => a.type === "done");
  const meIn = water.includes(env.me.seat);
  return panel(tr("do.rescue"), tr("do.rescue.hint"), windowClock(env),
    meIn ? h("p", { class: "lbp-alert" }, tr("do.rescue.me")) : null,
    h("div", { class: "lbp-water", "data-testid": "lbp-water" },
      h("b", {}, tr("water.title"), ": "), whoList(env, water, { player: false }),
      h("div", { class: nav.sharks ? "lbp-sharks" : "lbp-dim" }, tr(nav.sharks ? "water.sharks" : "water.no_sharks"))),
    h("div", { class: "lbp-stack" }, buttons, done ? act(env, tr("do.done"), done, { cls: "lbp-primary" }) : null));
}

function thirstPanel(env) {
  const { view, main, tr, me } = env;
  const thirst = (view.navigation && view.navigation.thirst) || [];
  const mineN = thirst[me.seat] || 0;
  const buttons = [];
  for (const a of main) {
    if (a.type === "drink") buttons.push(act(env, tr("do.drink"), a, { confirm: true, cls: "lbp-primary" }));
    if (a.type === "pour") buttons.push(act(env, fmt(tr, "do.pour", { who: who(env, a.target, { player: false }) }), a, { confirm: true }));
    if (a.type === "pour_his") buttons.push(act(env, fmt(tr, gks(env, a.target, "do.pour_his"), { who: who(env, a.target, { player: false }) }), a, { confirm: true }));
  }
  const done = main.find((a) => a.type === "done");
  const thirsty = thirst.map((n, i) => (n > 0 ? i : null)).filter((x) => x !== null);
  // "Done" that kills me although I could drink (issue 19.9): said in words, and confirmed.
  const c = view.characters[me.seat];
  const fatal = mineN && c && c.wounds + mineN > c.size && main.some((a) => a.type === "drink")
    ? tr("do.thirst.fatal") : null;
  return panel(tr("do.thirst"), tr("do.thirst.hint"), windowClock(env),
    mineN ? h("p", { class: "lbp-alert" }, tr("do.thirst.mine", { n: mineN })) : null,
    fatal && env.m.confirm !== key(done) ? h("p", { class: "lbp-alert", role: "alert", "data-testid": "lbp-fatal" }, fatal) : null,
    h("div", { class: "lbp-thirsty" }, thirsty.length ? thirsty.map((x) => h("div", {}, who(env, x, { player: false }), ` ${tr("thirst.n", { n: thirst[x] })}`)) : tr("thirst.none")),
    h("div", { class: "lbp-stack" }, buttons, done ? act(env, tr("do.done"), done, { cls: buttons.length ? "" : "lbp-primary", confirm: Boolean(fatal), warn: fatal }) : null));
}

// My action for the day: grouped; swap, mug and the medical kit then ask for a target on the boat.
function choosePanel(env) {
  const { main, tr, m, redraw } = env;
  const mode = m.sel.mode;
  if (mode) return targetPanel(env, mode);
  const of = (type) => main.filter((a) => a.type === type);
  const rowPlain = main.find((a) => a.type === "row" && !a.show_oars);
  const rowOars = main.find((a) => a.type === "row" && a.show_oars);
  const rowN = (DATA && DATA.row_cards) || 2;
  const group = (type, label) => (of(type).length ? h("button", {
    class: "lbp-btn", type: "button", "data-testid": `lbp-mode-${type}`, disabled: m.pending,
    "data-actions": JSON.stringify(of(type)),
    onclick: () => { m.sel.mode = type; m.sel.target = null; redraw(); },
  }, label) : null);
  const single = (type, label) => { const a = of(type)[0]; return a ? act(env, label, a, { confirm: true }) : null; };
  return panel(tr("do.choose"), tr("do.choose.hint"),
    h("div", { class: "lbp-stack" },
      rowPlain ? act(env, [h("b", {}, tr("do.row")), h("small", {}, tr("do.row.hint", { n: rowN }))], rowPlain, { cls: "lbp-primary", confirm: true }) : null,
      rowOars ? act(env, tr("do.row.oars"), rowOars, { confirm: true }) : null,
      h("div", { class: "lbp-row2" }, group("swap", tr("do.swap")), group("mug", tr("do.mug"))),
      group("medical_kit", tr("do.medical_kit")),
      group("medical_kit_his", tr("do.medical_kit_his")),
      single("parasol", tr("do.parasol")),
      single("flare", tr("do.flare")),
      single("nothing", tr("do.nothing"))));
}

function targetPanel(env, mode) {
  const { main, tr, m, redraw, view } = env;
  const acts = main.filter((a) => a.type === mode);
  const targets = new Map();
  for (const a of acts) targets.set(a.target, () => { m.sel.target = a.target; redraw(); });
  const target = m.sel.target;
  let choice = null;
  if (target !== null && target !== undefined) {
    const forT = acts.filter((a) => a.target === target);
    if (mode === "mug") {
      choice = h("div", { class: "lbp-stack" }, h("div", { class: "lbp-sub" }, tr("do.pick_card")),
        forT.map((a) => act(env, a.card === "hand" ? tr("kind.hand") : kindName(env, a.card), a, { confirm: true })));
    } else {
      choice = act(env, h("span", {}, tr(`do.${mode}`).replace("…", ""), " ", who(env, target, { player: false })), forT[0], { confirm: true, cls: "lbp-primary" });
    }
  }
  return panel(tr(`do.${mode}`), tr(`do.${mode}.hint`),
    h("div", { class: "lbp-sub" }, tr("do.pick_target")),
    boatPicture(env, { targets, selected: target }),
    choice,
    h("button", { class: "lbp-btn lbp-quiet", type: "button", "data-testid": "lbp-back",
      onclick: () => { m.sel.mode = null; m.sel.target = null; redraw(); } }, `← ${tr("do.back")}`));
  void view;
}

// Whom the boat waits for: [the sentence's key, the seat it names, the cards left to draft].
function waitArgs(view) {
  const waiting = view.waiting_for || [];
  const a = view.actions;
  let key = `wait.${view.phase}`;
  let whoSeat = waiting[0];
  if (view.phase === "actions" && a) {
    key = `wait.actions.${a.step || "choose"}`;
    whoSeat = a.step === "answer" ? a.target : a.actor;
  }
  if (view.phase === "draft" && view.draft) whoSeat = view.draft.drafter;
  if (view.phase === "navigate" && view.navigation) whoSeat = view.navigation.navigator;
  return [key, whoSeat === undefined ? null : whoSeat, view.draft ? view.draft.cards : 0];
}

function waitLine(env) {
  const [key, whoSeat, n] = waitArgs(env.view);
  return h("p", { class: "lbp-waitline", "data-testid": "lbp-waitline" },
    fmt(env.tr, key, { who: who(env, whoSeat), n }));
}

// The panel while others play, the phone's most frequent page (issue 24: a part, so an update
// that changes neither whom the boat waits for nor my state builds nothing here). Its inputs
// are all it reads: the line's words and seat, my state, the navigation card, the characters
// (the names; the players' looks are the parts' extra).
function waitingPanel(env) {
  const { view, me } = env;
  const mine = me ? view.characters[me.seat] : null;
  return env.part("lbp-part-wait", [waitArgs(view), mine ? [mine.character, mine.state] : null, view.fight || null,
    (view.navigation && view.navigation.card) || null, view.characters.map((c) => c.character)], () => waitingCard(env, mine));
}

function waitingCard(env, mine) {
  const { view, tr } = env;
  let note = null;
  if (mine && mine.state !== "conscious") note = h("p", { class: "lbp-alert" }, tr(gk(mine.character, `me.${mine.state}`)));
  return h("div", { class: "lbp-card lbp-wait" }, waitLine(env), note,
    view.fight ? fightSides(env, view.fight) : null,
    view.navigation && view.navigation.card ? navCard(env, view.navigation.card) : null);
}

function finalCard(env) {
  const { view, tr, me } = env;
  const r = view.result;
  if (!r) return panel(tr("final.title"), null);
  const order = r.scores.map((_, i) => i).sort((a, b) => r.scores[b] - r.scores[a] || a - b);
  const mineRow = me ? r.breakdown.find((x) => x.seat === me.seat) : null;
  const names = whoList(env, r.winners, { player: true });
  return h("div", { class: `lbp-card lbp-final${me && r.winners.includes(me.seat) ? " won" : ""}`, "data-testid": "lbp-final" },
    h("h2", {}, tr("final.title")),
    h("p", { class: "lbp-win" }, fmt(tr, r.winners.length > 1 ? "final.winners" : "final.winner", { who: names })),
    mineRow ? h("p", { class: "lbp-dim" }, ["survival", "love", "hate", "psychopath", "cash", "jewels", "paintings"]
      .filter((k) => mineRow[k]).map((k) => `${tr(`bd.${k}`)} ${mineRow[k]}`).join(" + ") + ` = ${mineRow.total}`) : null,
    h("ol", { class: "lbp-scores" }, order.map((x) => h("li", { class: r.winners.includes(x) ? "win" : "" },
      who(env, x), h("b", {}, String(r.scores[x]))))));
}

// Showing an unconscious character's life preserver for him (any time).
function showHis(env) {
  return env.legal.filter((a) => a.type === "show_his").map((a) =>
    act(env, fmt(env.tr, "do.show_his", { who: who(env, a.target, { player: false }) }), a, { confirm: true }));
}

// ---------------------------------------------------------------- below the decision

function handPanel(env, mine) {
  const { me, legal, tr } = env;
  const shows = new Map(legal.filter((a) => a.type === "show").map((a) => [a.card, a]));
  const seen = new Set();
  const hand = me.hand.map((c) => {
    const a = shows.get(c.kind);
    const first = !seen.has(c.kind); seen.add(c.kind);
    return card(env, c.kind, { text: true, extra: a && first ? act(env, tr("do.show.card", { card: "" }).trim() || tr("do.show"), a, { confirm: true, cls: "lbp-small", testid: `lbp-show-${c.kind}` }) : null });
  });
  return h("section", { class: "lbp-panel", "data-testid": "lbp-hand" },
    h("h3", {}, tr("me.hand"), h("small", {}, ` · ${me.hand.length}`)),
    hand.length ? h("div", { class: "lbp-cards" }, hand) : h("p", { class: "lbp-dim" }, tr("me.hand.empty")),
    ["rescue"].includes(env.view.phase) || env.view.fight ? null : showHis(env),
    mine.face_up.length ? [h("h3", {}, tr("me.up")), h("div", { class: "lbp-cards" },
      mine.face_up.map((c) => card(env, c.kind, { text: true, open: c.open, cls: "up" })))] : null);
}

function tradesPanel(env) {
  const opts = {};
  const { me, legal, tr, m, redraw, view } = env;
  const trades = me.trades || [];
  const items = trades.map((trd) => {
    const i = trd.seats.indexOf(me.seat);
    const o = 1 - i;
    const other = trd.seats[o];
    const puts = legal.filter((a) => a.type === "trade_put" && a.target === other);
    const takes = legal.filter((a) => a.type === "trade_take" && a.target === other);
    const accept = legal.find((a) => a.type === "trade_accept" && a.target === other);
    const cancel = legal.find((a) => a.type === "trade_cancel" && a.target === other);
    const tableCards = (list, mineSide) => (list.length ? list.map((c) => {
      const take = mineSide ? takes.find((a) => a.card === c.kind && a.up === Boolean(c.up)) : null;
      return card(env, c.kind, { small: true, button: Boolean(take), onclick: take ? () => env.send(take) : null,
        action: take ? key(take) : null,
        extra: c.up ? h("small", {}, ` ${tr("trade.up")}`) : null, testid: take ? `lbp-take-${c.kind}` : null });
    }) : h("span", { class: "lbp-dim" }, tr("trade.empty")));
    return h("div", { class: "lbp-trade", dataset: { other: String(other) } },
      h("h3", {}, fmt(tr, "trade.with", { who: who(env, other, { player: false }) })),
      h("div", { class: "lbp-ttable" },
        h("div", {}, h("div", { class: "lbp-sub" }, tr("trade.mine"), " · ", trd.accepted[i] ? `✓ ${tr("trade.accepted")}` : tr("trade.waiting")),
          h("div", { class: "lbp-cards" }, tableCards(trd.table[i], true))),
        h("div", {}, h("div", { class: "lbp-sub" }, tr("trade.theirs"), " · ", trd.accepted[o] ? `✓ ${tr("trade.accepted")}` : tr("trade.waiting")),
          h("div", { class: "lbp-cards" }, tableCards(trd.table[o], false)))),
      puts.length ? h("div", { class: "lbp-puts" }, h("span", { class: "lbp-sub" }, tr("trade.put"), ": "),
        puts.map((a) => h("button", { class: "lbp-chipbtn", type: "button", disabled: m.pending,
          "data-testid": `lbp-put-${other}-${a.card}-${a.up ? "up" : "hand"}`, "data-action": key(a), onclick: () => env.send(a) },
        `+ ${kindName(env, a.card)}${a.up ? ` (${tr("trade.up")})` : ""}`))) : null,
      h("div", { class: "lbp-row2" },
        accept ? act(env, tr("trade.accept"), accept, { confirm: true, cls: "lbp-primary" }) : null,
        cancel ? act(env, tr("trade.cancel"), cancel, { cls: "lbp-quiet" }) : null));
  });
  const opens = legal.filter((a) => a.type === "trade_open");
  const openSel = m.sel.tradeOpen;
  const opener = opens.length ? (openSel
    ? h("div", { class: "lbp-stack" }, h("div", { class: "lbp-sub" }, tr("trade.open.hint")),
      boatPicture(env, { targets: new Map(opens.map((a) => [a.target, () => { m.sel.tradeOpen = false; env.send(a); }])), actions: new Map(opens.map((a) => [a.target, key(a)])) }),
      h("button", { class: "lbp-btn lbp-quiet", type: "button", onclick: () => { m.sel.tradeOpen = false; redraw(); } }, `← ${tr("do.back")}`))
    : h("button", { class: "lbp-btn lbp-quiet", type: "button", "data-testid": "lbp-trade-open", "data-actions": JSON.stringify(opens),
      onclick: () => { m.sel.tradeOpen = true; redraw(); } }, tr("trade.open"))) : null;
  if (!items.length && !opener) return null;
  void view;
  return h("section", { class: `lbp-panel lbp-trades${opts.inline ? " inline" : ""}`, "data-testid": opts.inline ? "lbp-trades-inline" : "lbp-trades" },
    opts.inline ? null : h("h3", {}, tr("trade")), items, opts.inline ? null : opener);
}

// The boat, bow (left) to stern (right): one tile per seat; `targets` makes some tappable.
function boatPicture(env, { targets = null, selected = null, actions = null } = {}) {
  const { view, tr } = env;
  // The boat panel's tiles (no targets) are parts (morph.js): a card drawn or a wound builds
  // the one tile it changed, not the six with their discs, pips and backs.
  const tile = (x) => (targets ? drawTile(x)
    : env.part(morphId("lbp-tile", x), tileInputs(view.characters[x]), () => drawTile(x)));
  const drawTile = (x) => {
    const c = view.characters[x];
    const p = env.colourOf(x);
    const on = targets && targets.has(x);
    return h(on ? "button" : "div", {
      class: `lbp-seat s-${c.state}${on ? " tap" : ""}${selected === x ? " sel" : ""}${targets && !on ? " off" : ""}`,
      type: on ? "button" : null, onclick: on ? targets.get(x) : null, "data-testid": on ? `lbp-target-${x}` : `lbp-seat-${x}`,
      "data-action": on && actions ? actions.get(x) : null,
      dataset: { seat: String(x) },
    },
      disc(p.colour, p.letter),
      // the name that tells characters apart on a narrow tile ("Captain", not "Th…"), whole
      h("b", { title: charName(env, c.character) }, tr(`char.short.${c.character}`)),
      h("small", {}, `${tr("size.short", { n: c.size })} ${tr("survival.short", { n: c.survival })}`),
      h("small", { class: "lbp-w" }, `${c.wounds}/${c.size}`, c.state !== "conscious" ? ` ${tr(gk(c.character, `state.${c.state}`))}` : ""),
      c.hand_count ? cardBack(c.hand_count, { cls: "tiny" }) : null,
      forHim(env, c, { short: true, label: false }));
  };
  const water = (view.navigation && view.navigation.water) || [];
  const line = (view.line || []).filter((x) => !water.includes(x));
  const others = [...new Set([...water, ...(targets ? [...targets.keys()] : [])])].filter((x) => !line.includes(x));
  return h("div", { class: "lbp-boat", "data-testid": "lbp-boat" },
    h("div", { class: "lbp-hull" }, h("span", { class: "lbp-bow" }, tr("bow")), line.map(tile), h("span", { class: "lbp-stern" }, tr("stern"))),
    others.length ? h("div", { class: "lbp-inwater" }, h("span", {}, tr("water.title")), others.map(tile)) : null,
    // What the others may play for an unconscious character, in a sentence (issue 21).
    view.characters.filter((c) => c.hand_public).map((c) => h("p", { class: "lbp-forhim", "data-testid": `lbp-forhim-${c.seat}` },
      forHimLine(env, c, who(env, c.seat, { player: false })))));
}

// What boatPicture draws (without targets): the characters, the line, who is in the water.
function boatInputs(view) {
  return [view.characters.map(tileInputs), view.line, view.navigation];
}

// What a character's tile shows (its player's look is the parts' `extra`): not whether the
// character has rowed, acted or fought this turn, which changes on most actions and no tile draws.
function tileInputs(c) {
  return [c.seat, c.character, c.state, c.size, c.survival, c.wounds, c.hand_count, c.hand_public || null];
}

function boatPanel(env) {
  const { view, tr } = env;
  const nav = view.navigation;
  return h("section", { class: "lbp-panel", "data-testid": "lbp-boatpanel" },
    h("h3", {}, tr("me.boat"), h("span", { class: "lbp-birds" }, " · ", birdIcon(false, 20), ` ${tr("birds")} ${view.birds}/${view.birds_to_win}`),
      " · ", tr(`phase.${view.phase}`), view.turn ? ` · ${tr("turn", { turn: view.turn })}` : ""),
    boatPicture(env),
    nav && nav.card ? navCard(env, nav.card) : null);
}

function privateLog(env) {
  const { me, tr } = env;
  const entries = (me.private_log || []).slice(-8).reverse();
  if (!entries.length) return null;
  const cards = (list) => (list || []).map((k) => kindName(env, k)).join(", ");
  const navs = (list) => (list || []).map((id) => navShort(env, id)).join(", ");
  const line = (e) => {
    switch (e.type) {
      case "draft_received": return tr("plog.draft_received", { turn: e.turn, cards: cards(e.cards) });
      case "rowed": return tr("plog.rowed", { turn: e.turn, cards: navs(e.cards) });
      case "placed": return tr(`plog.placed.${e.to === "bottom" ? "bottom" : "stack"}`, { card: navShort(env, e.card) });
      case "row_stack": return tr("plog.row_stack", { turn: e.turn, cards: navs(e.cards) });
      case "compass": return tr("plog.compass", { turn: e.turn, cards: navs(e.cards) });
      case "mugged": {
        const toMe = e.to === me.seat;
        const other = toMe ? e.from : e.to;
        return fmt(tr, toMe ? "plog.mugged.to" : "plog.mugged.from", { turn: e.turn, card: kindName(env, e.card), who: who(env, other, { player: false }) });
      }
      case "trade_opened": return fmt(tr, "plog.trade_opened", { who: who(env, e.by, { player: false }) });
      case "trade_cancelled": return e.by === null || e.by === undefined
        ? fmt(tr, "plog.trade_cancelled.auto", { who: who(env, (e.seats || []).find((x) => x !== me.seat), { player: false }) })
        : fmt(tr, "plog.trade_cancelled", { who: who(env, e.by, { player: false }) });
      case "trade_done": {
        const i = (e.seats || []).indexOf(me.seat);
        const gave = e.gave ? e.gave[i < 0 ? 0 : i] : [];
        const got = e.gave ? e.gave[i < 0 ? 1 : 1 - i] : [];
        return tr("plog.trade_done", { turn: e.turn, gave: cards(gave) || tr("trade.empty"), got: cards(got) || tr("trade.empty") });
      }
      default: return null;
    }
  };
  return h("section", { class: "lbp-panel", "data-testid": "lbp-private" },
    h("h3", {}, tr("me.log")),
    h("ul", { class: "lbp-plog" }, entries.map((e) => { const l = line(e); return l ? h("li", { dataset: { kind: e.type } }, l) : null; })));
}

void alive; void describeEvent; void QUIET;
