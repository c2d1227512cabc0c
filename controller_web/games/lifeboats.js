// Lifeboats on a phone: my colour, pawns, hats and score always on top; below, the one
// thing I can do now, built only from msg.legal_actions (the vote wheel, call the vote,
// tie-break, captain, setup placement, swim choices); then a compact board.
import { strings, table as S } from "/static/games/lifeboats/strings.js";
import {
  h, s, boatColour, colourName, ensureCss, fill, fmt, glyph, hatIcon, ink, islandValues,
  leakIcon, makeTr, PAWNS_MOST, shape, starIcon, glyphs,
} from "/static/games/lifeboats/common.js";
import { gameMemory, gameKey, ended } from "/static/js/gamekey.js";
import { showPage, pageParts, morphId } from "/static/js/morph.js";
import { voteWheel as sharedWheel, startIndex } from "/static/js/wheel.js";
import { bringIntoView } from "/static/js/intoview.js";
import { afterLayout } from "/static/js/fit.js";
import { minutesSeconds, ticker } from "/static/js/waiting.js";
import { labelFitter } from "/static/js/fittext.js";

export { strings };
// The page header wears the seat's colour as this edition shows it (1993: blue is orange).
export { seatColour } from "/static/games/lifeboats/common.js";

ensureCss(new URL("./lifeboats.css", import.meta.url));

// Chips, pawns, names and log lines draw their shapes as glyphs, as the TV does (common.js: a
// bitmap per colour placed as a background, not an inline SVG root each): the board's pawns
// were most of the page's 56 SVG roots, and each root is paint chunks that every update's
// pre-paint, paint and layerize walk (issue 24). The same shapes in the same inks.
const { chip, pawn, who, describeEvent } = glyphs;

// The picks, sheet and confirmation of one game (server/static/js/gamekey.js): a rematch
// opens on its own first decision, never on a screen of the last game.
// (the clock's ticker stops with its game: a rematch starts clean)
// My name in the top bar is drawn smaller when it is too wide for its column (a long name, or
// French's wider hats label beside it), never cut: measured once per name, width and language.
const labels = labelFitter(".lb-me-name", { min: 9 });

const mem = gameMemory(() => ({ sel: {}, pending: false, error: null, timer: null, into: afterLayout() }),
  (m) => { if (m.timer) m.timer(); m.into.disconnect(); });

export function render(root, msg, ctx) {
  const m = mem(root, msg, ctx);
  if (m.lastMsg && m.lastMsg.version !== msg.version) { m.pending = false; m.error = null; }
  m.lastMsg = msg; m.lastCtx = ctx; m.root = root;
  draw(root, m);
}

function draw(root, m) {
  const msg = m.lastMsg;
  const ctx = m.lastCtx;
  const tr = makeTr(S, ctx);
  const view = msg.view;
  const me = view.me || null;
  const legal = Array.isArray(msg.legal_actions) ? msg.legal_actions : [];
  const redraw = () => { if (!ended(m)) draw(root, m); };   // (a late reply: its game may be gone)
  const send = (action) => {
    if (m.pending) return;
    m.pending = true; m.error = null; redraw();
    Promise.resolve(ctx.act(action)).then((reply) => {
      if (reply && reply.ok === false) {
        m.pending = false;
        const err = reply.error || {};
        m.error = tr("do.error", { message: (err.params && err.params.message) || err.message || err.code || "?" });
        redraw();
      }
    }, (e) => { m.pending = false; m.error = tr("do.error", { message: String(e && e.message || e) }); redraw(); });
  };
  // The parts an update rarely changes (my bar, my pawns, each boat, the wheel, the last
  // reveal, the recent events) are built only when what they show changed (morph.js): their
  // inputs name all they are drawn from, and their handlers read the game's memory or an
  // action in their inputs. The page is drawn whole for another language or edition.
  const part = pageParts(root, gameKey(msg, ctx),
    JSON.stringify([ctx.lang, view.players, view.colours, view.colour_names, view.edition]));
  const env = { view, me, legal, tr, m, send, redraw, msg, ctx, part };
  // My name's fit (fittext.js) is read and written only when the bar is built: a bar kept as it
  // was keeps the size its name was given (a new width refits by itself: labelFitter's observer).
  let barBuilt = false;
  const myTurn = myBoard(legal);
  const page = h("div", { class: `lb-phone${m.pending ? " lb-pending" : ""}`, dataset: { step: view.step } },
    me ? part("lb-part-me", [me.colour, me.name, me.is_start_player, me.hats_left, me.score, view.over], () => { barBuilt = true; return meBar(env); })
      : h("div", { class: "lb-mebar lb-spectator" }, tr("me.spectator")),
    part("lb-part-status", [view.turn, view.phase], () => statusLine(env)),
    h("section", { class: "lb-action", "data-testid": "lb-action" }, action(env), wheelKept(env), pickKept(env)),
    m.error ? h("div", { class: "lb-error", role: "alert" }, m.error) : null,
    // (a row stands for each boat on the water, mine in it or not: myPawns)
    me ? myPawns(env) : null,
    // The board stays in the page while my turn shows its own (hidden then): when my turn ends
    // it is shown again as it was, the boats my move changed built, not drawn anew (its 44
    // parts, 126 elements, on each phone after each turn of its player). Hidden, it is kept up
    // to date like any part: a boat that changes during my turn builds the seat that changed.
    miniBoard(env, { hidden: myTurn, framed: "lb-part-boats" }));
  if (barBuilt) labels.dress(page);
  // Morphed into the page shown (morph.js): focus, a pick, scrolling survive an update.
  showPage(root, page, gameKey(msg, ctx));
  if (barBuilt) labels.fit(root);
  tick(root, m, msg);
  // A new decision for me: bring it into view (below the page's own sticky header), measured
  // after the frame's own layout and scrolled before that frame paints (fit.js afterLayout):
  // measured right after the update, the read forced a layout of its own (issue 24: 1-2 ms at
  // 1x on each new decision, most of them votes). Only a new decision is looked at; one in
  // view is not scrolled (intoview.js).
  const sig = `${view.step}:${view.turn}:${legal.map((a) => a.type).join(",")}`;
  if (legal.length && sig !== m.sig && m.sig !== undefined) {
    m.into.watch(root.querySelector(".lb-action"), () => bringIntoView(root, ".lb-action"));
  }
  m.sig = legal.length ? sig : null;
}

// My turn on the board (a pawn to place, to move, a boat to board): the action card shows the
// boats as buttons, the ordinary board is hidden.
const myBoard = (legal) => ["place_pawn", "leave", "board"].some((k) => legal.some((a) => a.type === k));

// The negotiation countdown, small, on every phone while the table talks (waiting.js's ticker,
// as on the TV: it writes a second only when it changes).
function tick(root, m, msg) {
  if (m.timer) m.timer();
  m.timer = ticker(root, msg.deadline, ".lb-pclock", minutesSeconds);
}

function clock(msg, tr) {
  return msg.deadline ? h("div", { class: "lb-pclock-row" }, tr("countdown"), " ", h("b", { class: "lb-pclock" })) : null;
}

// ---------------------------------------------------------------- always visible

function meBar({ view, me, tr }) {
  return h("header", { class: "lb-mebar", style: { "--me": fill(view, me.colour), "--me-ink": ink(view, me.colour) } },
    h("div", { class: "lb-me-badge", title: tr("me.colour") }, shape(me.colour, 34)),
    h("div", { class: "lb-me-main" },
      h("div", { class: "lb-me-name" }, h("b", {}, me.name)),
      h("div", { class: "lb-me-colour" }, colourName(view, tr, me.colour),
        me.is_start_player && !view.over
          ? h("span", { class: "lb-me-start" }, starIcon(16), tr("start_player")) : null)),
    h("div", { class: "lb-me-hats", title: tr("me.hats_left", { n: me.hats_left }), "data-testid": "lb-hats",
               dataset: { hats: String(me.hats_left) } },
      [0, 1, 2].map((i) => hatIcon(24, i >= me.hats_left)), h("small", {}, tr("hats"))),
    h("div", { class: "lb-me-score", "data-testid": "lb-my-score" }, h("b", {}, String(me.score)), h("small", {}, tr("points.short"))));
}

function statusLine({ view, tr }) {
  return h("div", { class: "lb-status" },
    h("span", {}, view.turn > 0 ? tr("turn", { turn: view.turn }) : tr("turn.setup")), " · ",
    h("span", {}, tr(`phase.${view.phase}`)));
}

// My pawns left to place, each rank drawn to the most a player has (the data's
// pawns_per_player), a placed one hidden by a class, as on the TV: placing a pawn flips one
// pawn's class, not the line's children (idiomorph morphed the line); each boat's row is a part,
// so one pawn more builds that row alone (the whole block, 25-30 elements, was built and two or
// three subtrees morphed on each of my pawns seated). PAWNS_MOST: common.js.
// A row stands for each boat on the water, hidden while none of my pawns is in it, its pawns
// drawn to the most a boat holds of mine, those not there hidden by a class: my pawn seated in a
// boat, or moved to another, writes attributes of rows that keep their children (a row that came
// or grew morphed the list or the row). The rows keep the order of me.pawns (boats on the water
// in the board's order, engine/lifeboats/views.py); a row of a boat no longer on the water
// whose pawns the view still names is drawn after them.
const SEATS = 6;
// The block is a frame that holds its rows and the line left to place (morph.js `holds`), drawn
// from its own inputs (my colour, the rows' boats in order, the lines it shows itself): my pawn
// placed builds the line and the row that changed, not the block and a stand-in for the others.
function myPawns({ view, me, tr, part }) {
  const byBoat = {};
  for (const b of view.boats) if (b.status === "water") byBoat[b.colour] = [];
  for (const p of me.pawns) (byBoat[p.boat] ||= []).push(p.rank);
  const boats = Object.fromEntries(view.boats.map((b) => [b.colour, b]));
  const rows = () => Object.entries(byBoat).map(([c, ranks]) => {
    const b = boats[c];
    const n = { officer: 0, sailor: 0 };
    for (const r of ranks) n[r] += 1;
    return part(morphId("lb-mine", c), [me.colour, n, b ? [b.lane, b.island, b.row] : null, view.rows], () => h("li", { dataset: { boat: c }, hidden: !ranks.length },
      ["officer", "sailor"].map((rank) => Array.from({ length: Math.max(n[rank], Math.min(PAWNS_MOST[rank], SEATS)) },
        (_, i) => pawn(view, me.colour, rank, { cls: i < n[rank] ? "" : "lb-placed" }))),
      " ", fmt(tr, "me.in_boat", { boat: chip(view, tr, c) }),
      b ? h("small", {}, ` ${tr("boat.where", { lane: b.lane, island: tr(`island.short.${b.island}`), row: b.row, rows: view.rows })}`) : null));
  });
  const u = me.unplaced;
  const none = me.pawns.length === 0 && u.officer + u.sailor === 0;
  const landed = me.landed || [];
  const drowned = me.drowned || { officer: 0, sailor: 0 };
  const unplaced = () => part("lb-mine-unplaced", [me.colour, u], () => h("div", { class: "lb-line", hidden: u.officer + u.sailor === 0 },
    h("span", { class: "lb-label" }, tr("me.unplaced")),
    ["officer", "sailor"].map((rank) => Array.from({ length: Math.max(u[rank], PAWNS_MOST[rank]) },
      (_, i) => pawn(view, me.colour, rank, { cls: i < u[rank] ? "" : "lb-placed" })))));
  return part("lb-part-pawns", [me.colour, Object.keys(byBoat), none, landed, drowned], (kids) => h("section", { class: "lb-mypawns", "data-testid": "lb-mypawns" },
    h("h3", {}, tr("me.pawns")),
    kids.unplaced,
    kids.rows.length ? h("ul", {}, kids.rows) : null,
    none ? h("div", { class: "lb-line lb-dim" }, tr("me.none_on_water")) : null,
    landed.length ? h("div", { class: "lb-line" }, h("span", { class: "lb-label" }, tr("me.landed")),
      landed.map((p) => h("span", { class: "lb-landed" }, pawn(view, me.colour, p.rank), h("small", {}, `+${p.points}`)))) : null,
    drowned.officer + drowned.sailor > 0 ? h("div", { class: "lb-line" }, h("span", { class: "lb-label" }, tr("me.drowned")),
      Array.from({ length: drowned.officer }, () => pawn(view, me.colour, "officer", { cls: "lb-gone" })),
      Array.from({ length: drowned.sailor }, () => pawn(view, me.colour, "sailor", { cls: "lb-gone" }))) : null),
  { holds: () => ({ unplaced: unplaced(), rows: rows() }) });
}

// ---------------------------------------------------------------- what I can do now

function action(env) {
  const { view, legal, tr } = env;
  const types = new Set(legal.map((a) => a.type));
  if (view.over) return finalCard(env);
  if (types.has("place_boat") || types.has("place_black")) return lanePicker(env);
  if (types.has("place_pawn")) return pawnPlacer(env);
  if (types.has("call_vote")) return callVote(env);
  if (types.has("vote")) return voteWheel(env);
  if (types.has("captain")) return pickOption(env, "captain");
  if (types.has("break_tie")) return pickOption(env, "break_tie");
  if (types.has("eject")) return ejectPick(env);
  if (types.has("leave")) return leavePicker(env);
  if (types.has("board")) return boardPicker(env);
  return waiting(env);
}

function card(title, hint, ...body) {
  return h("div", { class: "lb-card" },
    h("h2", {}, title), hint ? h("p", { class: "lb-hint" }, hint) : null, body);
}

function ballotTitle(view, tr, ballot) {
  if (!ballot) return null;
  return h("div", { class: "lb-q" },
    ballot.kind === "eject" ? fmt(tr, "question.eject", { boat: chip(view, tr, boatColour(ballot.boat)) })
      : tr(`question.${ballot.kind}`),
    ballot.round > 1 ? h("small", {}, " ", tr("question.round", { round: ballot.round })) : null);
}

function lanePicker({ view, legal, tr, send, m }) {
  const black = legal.some((a) => a.type === "place_black");
  const lanes = new Map(legal.map((a) => [a.lane, a]));
  // Each island named once over its lanes, as on the board: seven lanes keep the card's width
  // (a name on each narrow lane pushed lane 7 out of sight, and in French cut words in two).
  const runs = [];
  for (const l of view.lanes) {
    const last = runs[runs.length - 1];
    if (last && last.island === l.island) last.n += 1;
    else runs.push({ island: l.island, n: 1 });
  }
  const heads = runs.map(({ island, n }) => {
    const v = islandValues(view, island);
    return h("div", { class: `lb-lane-head lb-isl-${island}`, style: { gridColumn: `span ${n}` } },
      h("span", { class: "lb-lane-isl" }, tr(`island.${island}`)),
      h("span", { class: "lb-lane-val" }, `${v.officer}/${v.sailor}`));
  });
  const buttons = view.lanes.map((l) => {
    const a = lanes.get(l.lane);
    return h("button", {
      class: `lb-lane-btn lb-isl-${l.island}`, disabled: !a || m.pending, dataset: { lane: String(l.lane) },
      "data-testid": `lb-lane-${l.lane}`, "aria-label": `${l.lane} · ${tr(`island.${l.island}`)}`,
      onclick: () => a && send(a),
    },
      h("span", { class: "lb-lane-num" }, String(l.lane)),
      l.boat ? h("span", { class: "lb-lane-boat", style: { background: fill(view, l.boat), color: ink(view, l.boat) } },
        shape(l.boat, 18)) : null);
  });
  return card(tr(black ? "do.place_black" : "do.place_boat"), tr("do.place_boat.hint"),
    h("div", { class: "lb-lanes" }, heads, buttons));
}

function pawnPlacer(env) {
  const { view, legal, tr, m, me, redraw } = env;
  const ranks = [...new Set(legal.map((a) => a.rank))];
  const key = "rank";
  if (!ranks.includes(m.sel[key])) m.sel[key] = ranks.includes("officer") ? "officer" : ranks[0];
  const rank = m.sel[key];
  const toggle = h("div", { class: "lb-toggle" }, ["officer", "sailor"].map((r) => h("button", {
    class: `lb-rank-btn${rank === r ? " on" : ""}`, disabled: !ranks.includes(r),
    "data-testid": `lb-rank-${r}`, onclick: () => { m.sel[key] = r; redraw(); },
  }, pawn(view, me.colour, r), " ", tr(`rank.${r}.cap`), h("small", {}, ` ×${me.unplaced[r]}`))));
  const seatActions = {};
  for (const a of legal) if (a.rank === rank) seatActions[a.boat] = a;
  return card(tr("do.place_pawn"), tr("do.place_pawn.hint"),
    h("div", { class: "lb-sub" }, tr("pick.rank")), toggle,
    miniBoard(env, { freeSeat: seatActions, inline: true }));
}

function callVote({ view, tr, send, m, msg }) {
  const ballot = view.ballot;
  return card(tr("do.call_vote"), tr("do.call_vote.hint"),
    ballotTitle(view, tr, ballot), clock(msg, tr),
    ballot ? h("div", { class: "lb-opts" }, ballot.options.map((o) => chip(view, tr, o))) : null,
    h("button", { class: "lb-big lb-primary", "data-testid": "lb-call-vote", disabled: m.pending,
                  onclick: () => send({ type: "call_vote" }) }, tr("do.call_vote")));
}

// The vote wheel (shared with other games: /static/js/wheel.js): one sector per legal vote
// (the options still possible, plus the hat if I have one), confirmed with the button under it.
function voteWheel(env) {
  const { view, legal, tr, send, m, me, redraw } = env;
  const ballot = view.ballot;
  const choices = legal.filter((a) => a.type === "vote").map((a) => a.choice);
  const key = `vote:${view.turn}:${ballot && ballot.kind}:${ballot && ballot.round}:${ballot ? boatColour(ballot.boat) : ""}`;
  let idx = m.sel[key];
  const mine = me ? me.colour : null;
  if (typeof idx !== "number" || idx >= choices.length) idx = startIndex(choices, mine);
  m.sel[key] = idx;
  const sel = choices[idx];
  // A vote for my own colour asks first: the button says so, a second tap votes.
  const sure = `${key}:${sel}`;
  const askFirst = sel === mine && m.sure !== sure;
  // The wheel's handlers read the ballot's key here, not from their drawing: a wheel kept from
  // the last ballot (wheelKept) turns this one's pick.
  m.wheelKey = key;
  env.wheelShown = true;
  const wheel = wheelPart(env, choices, idx);

  const weight = me ? me.vote_weight : 1;
  return card(tr("do.vote"), tr("do.vote.hint"),
    ballotTitle(view, tr, ballot),
    ballot && ballot.kind === "eject" ? h("div", { class: "lb-weightline" }, tr("do.vote.weight", { n: weight })) : null,
    wheel,
    sel === "hat" ? h("p", { class: "lb-hint" }, tr("do.vote.hat_hint")) : null,
    h("button", { class: `lb-big lb-primary${sel === "hat" ? " lb-hat-btn" : ""}`, "data-testid": "lb-vote-confirm",
                  disabled: m.pending, dataset: { choice: sel },
                  onclick: () => { if (askFirst) { m.sure = sure; redraw(); } else { m.sure = null; send({ type: "vote", choice: sel }); } } },
      sel === "hat" ? tr("do.vote.confirm_hat")
        : sel === mine ? tr(m.sure === sure ? "do.vote.confirm_me_sure" : "do.vote.confirm_me")
          : fmt(tr, "do.vote.confirm", { choice: colourName(view, tr, sel) })));
}

// The wheel is a part of its choices and my pick, not of the ballot, and between my votes it
// stays in the page, hidden (wheelKept): the next vote of those choices shows it as it was
// instead of building it (its 70 elements, and as many copied in, on each of my votes). Its
// element is of a tag of its own: a kept part's stand-in of the wheel's own tag (a div) was
// matched by idiomorph to the card's first div left, not moved from where the wheel was held.
// (A flex item of the card, as the wheel was: laid out as a block.)
function wheelPart({ view, tr, m, redraw, part }, choices, idx) {
  const sel = choices[idx];
  return part("lb-part-wheel", [choices, idx], () => h("lb-wheel", {}, sharedWheel({
    prefix: "lb", index: idx, onSelect: (i) => { m.sel[m.wheelKey] = i; redraw(); },
    choices: choices.map((c) => {
      const hat = c === "hat";
      const txt = hat ? "#1b2338" : ink(view, c);
      return {
        id: c, fill: hat ? "#f5e3a8" : fill(view, c), ink: txt,
        icon: () => (hat ? s("g", { transform: "translate(-10.5,-8) scale(0.66)" }, hatPath())
          : s("path", { d: shapePath(c), fill: "currentColor", "fill-rule": "evenodd" })),
        label: hat ? tr("wheel.hat") : colourName(view, tr, c),
        chip: hat ? tr("reveal.hat") : chip(view, tr, c),
      };
    }),
    center: sel === "hat" ? hatIcon(36) : shape(sel, 34, fill(view, sel)),
  })));
}

// The wheel hidden while the card shows something else, held beside the card in the action's
// section (the morph moves it into the vote card and back, as the last reveal). It is drawn
// from the state, as the page is: the wheel of the votes every turn holds, which boat leaks and
// which one moves (the boats on the water, in the view's order, which is the ballot's, and my
// hat while I have one), turned to where a new ballot starts. A vote of other choices (whose
// pawn is thrown out of a boat) builds its own, as before.
function wheelKept(env) {
  const { view, me } = env;
  if (env.wheelShown || !me || view.over || view.phase === "setup") return null;
  const choices = view.boats.filter((b) => b.status === "water").map((b) => b.colour);
  if (me.hats_left > 0) choices.push("hat");
  if (choices.length < 2) return null;
  // (the holder a part of the same inputs: kept, it is one stand-in an update, not a new span
  // and the wheel's stand-in)
  const idx = startIndex(choices, me.colour);
  return env.part("lb-part-wheelheld", [choices, idx], () => h("span", { hidden: true }, wheelPart(env, choices, idx)));
}

// The board of my swim choices, held hidden beside the card from the end of the set-up while I
// have a pawn on the water, as the wheel is (wheelKept): my choice (a pawn to move, then a boat
// to board) shows its boats as they were, building only those that hold a button (each choice
// built its whole board: 338-463 elements on the update that opened it, the evening's largest,
// issue 24). Kept up to date while hidden: a seat another's move changed is built here too. The
// holder a frame of no inputs of its own, holding the pick's boats (a frame of their colours):
// kept, it stands in for itself, and a seat changed inside is put in where it is.
function pickKept(env) {
  const { view, me } = env;
  if (env.pickShown || !me || view.over || view.phase === "setup" || !me.pawns.length) return null;
  const boats = miniBoard(env, { pick: true, held: true });
  return boats ? env.part("lb-part-pickheld", [], (kid) => h("span", { hidden: true }, kid), { holds: boats }) : null;
}

const SHAPE_PATHS = {};
function shapePath(colour) {
  if (!SHAPE_PATHS[colour]) SHAPE_PATHS[colour] = shape(colour).querySelector("path").getAttribute("d");
  return SHAPE_PATHS[colour];
}
function hatPath() {
  const svg = hatIcon(32);
  const g = s("g", {});
  for (const c of [...svg.childNodes]) g.append(c);
  return g;
}

function pickOption({ view, legal, tr, send, m, part }, type) {
  const ballot = view.ballot;
  const reveal = view.last_reveal;
  return card(tr(`do.${type}`), tr(`do.${type}.hint`),
    ballotTitle(view, tr, ballot),
    reveal ? lastReveal({ view, tr, part }) : null,
    h("div", { class: "lb-choices" }, legal.filter((a) => a.type === type).map((a) => h("button", {
      class: "lb-choice", disabled: m.pending, dataset: { choice: a.choice }, "data-testid": `lb-${type}-${a.choice}`,
      style: { background: fill(view, a.choice), color: ink(view, a.choice) },
      onclick: () => send(a),
    }, shape(a.choice, 30), h("span", {}, colourName(view, tr, a.choice))))));
}

function ejectPick(env) {
  const { view, legal, tr, send, m, me } = env;
  const boat = view.decision && view.decision.boat;
  return card(tr("do.eject"), boat ? fmt(tr, "me.in_boat", { boat: chip(view, tr, boatColour(boat)) }) : null,
    h("div", { class: "lb-choices" }, legal.filter((a) => a.type === "eject").map((a) => h("button", {
      class: "lb-choice lb-plain", disabled: m.pending, "data-testid": `lb-eject-${a.rank}`, dataset: { rank: a.rank },
      onclick: () => send(a),
    }, pawn(view, me.colour, a.rank), h("span", {}, tr(`rank.${a.rank}.cap`))))),
    revealKept(env));
}

function leavePicker(env) {
  const { view, legal, tr, send, m } = env;
  env.pickShown = true;
  const key = `leave:${view.turn}`;
  const chosen = legal.find((a) => m.sel[key] && a.boat === m.sel[key].boat && a.rank === m.sel[key].rank);
  const pick = {};
  for (const a of legal) (pick[a.boat] ||= {})[a.rank] = a;
  return card(tr("do.leave"), tr("do.leave.hint"),
    miniBoard(env, { myPawn: pick, inline: true, pick: true, selected: chosen,
                     onPick: (a) => { m.sel[key] = a; env.redraw(); } }),
    h("button", { class: "lb-big lb-primary", disabled: !chosen || m.pending, "data-testid": "lb-leave-confirm",
                  onclick: () => chosen && send(chosen) },
      chosen ? fmt(tr, "do.leave.confirm", { rank: tr(`rank.${chosen.rank}.cap`), boat: chip(view, tr, chosen.boat) })
        : tr("do.leave.pick")),
    revealKept(env));
}

function boardPicker(env) {
  const { view, legal, tr, send, m } = env;
  env.pickShown = true;
  const key = `board:${view.turn}`;
  const chosen = legal.find((a) => a.boat === m.sel[key]);
  const left = view.decision && view.decision.left_boat;
  const pick = Object.fromEntries(legal.map((a) => [a.boat, a]));
  return card(tr("do.board"), left ? fmt(tr, "do.board.hint", { boat: chip(view, tr, left) }) : null,
    miniBoard(env, { wholeBoat: pick, inline: true, pick: true, selected: chosen,
                     onPick: (a) => { m.sel[key] = a.boat; env.redraw(); } }),
    h("button", { class: "lb-big lb-primary", disabled: !chosen || m.pending, "data-testid": "lb-board-confirm",
                  onclick: () => chosen && send(chosen) },
      chosen ? fmt(tr, "do.board.confirm", { boat: chip(view, tr, chosen.boat) })
        : tr("do.board.pick")),
    revealKept(env));
}

function waiting({ view, me, tr, msg, part }) {
  const ballot = view.ballot;
  const d = view.decision;
  const parts = [];
  if (ballot && ballot.negotiating) {
    parts.push(ballotTitle(view, tr, ballot));
    parts.push(h("div", { class: "lb-opts" }, ballot.options.map((o) => chip(view, tr, o))));
    parts.push(h("p", { class: "lb-talk" }, fmt(tr, "do.talk", { who: who(view, tr, view.start_player) })));
    parts.push(clock(msg, tr));
  } else if (ballot && !ballot.revealed) {
    // While the others vote, each vote is an update: my vote and each name still awaited are
    // parts, kept as they were, so a vote builds the line of names, not every chip in the card
    // (a name's chip is 4 elements). The question is no part: a part first in the card, new at
    // the ballot's opening, had the morph hand the whole card to idiomorph (78 elements mapped
    // instead of 25), for the one element a question with no boat in it is.
    parts.push(ballotTitle(view, tr, ballot));
    if (me && !me.voter) parts.push(h("p", { class: "lb-hint" }, tr("do.vote.not_voter")));
    if (me && me.my_vote) {
      parts.push(part("lb-part-myvote", [me.my_vote], () => h("div", { class: "lb-myvote", "data-testid": "lb-my-vote", dataset: { choice: me.my_vote } },
        me.my_vote === "hat" ? [hatIcon(30), " ", tr("do.vote.done_hat")]
          : fmt(tr, "do.vote.done", { choice: chip(view, tr, me.my_vote) }))));
    }
    const missing = ballot.voters.filter((v) => !ballot.voted.includes(v));
    // Each name awaited is a part with an id of its own: a vote takes one name out, the others
    // keep their nodes (not redrawn each into its neighbour's) and are not built again (issue 24).
    parts.push(h("p", {}, fmt(tr, "do.wait.voters", { who: h("span", {}, missing.map((v) => [" ", part(morphId("lb-waitvote", v), [v], () => who(view, tr, v))])) })));
  } else if (d) {
    if (ballot) parts.push(ballotTitle(view, tr, ballot));
    parts.push(h("p", { class: "lb-talk" }, fmt(tr, `step.${d.step}`, { who: who(view, tr, d.seat) })));
  }
  if (revealShown(view)) parts.push(lastReveal({ view, tr, part }));
  const recent = (msg.events || []).filter((e) => e.type !== "voted").slice(-3);
  if (recent.length) parts.push(part("lb-part-recent", recent, () => h("ul", { class: "lb-recent" }, recent.map((e) => h("li", {}, describeEvent(view, tr, e))))));
  return h("div", { class: "lb-card lb-wait", "data-testid": "lb-waiting" }, parts);
}

// The last reveal is one part wherever the card shows it (waiting, a captain's or a tie's pick),
// and a card of my turn that does not show it (a pawn to move, a boat to board, a pawn to eject)
// holds it hidden: when my decision is made the waiting card shows it again as it was, not
// built anew (5 names and their votes, about 40 elements, on the update that ends each of my turns).
// Its holder is a span: of the reveal's own tag (a div), idiomorph matched the holder to the
// reveal's stand-in by the id inside it, and the page was morphed whole.
const revealShown = (view) => Boolean(view.last_reveal && (!view.ballot || view.ballot.revealed));
const lastReveal = ({ view, tr, part }) =>
  part("lb-part-reveal", [view.last_reveal, view.start_player], () => revealMini(view, tr, view.last_reveal));
const revealKept = (env) => (revealShown(env.view) ? h("span", { hidden: true }, lastReveal(env)) : null);

function revealMini(view, tr, r) {
  const decider = r.decided_by !== null && r.decided_by !== undefined ? view.players[r.decided_by]
    : (r.resolution === "captain" && r.hats.length ? view.players[r.hats[0]] : view.players[view.start_player]);
  return h("div", { class: "lb-reveal-mini", "data-testid": "lb-reveal-mini" },
    h("div", { class: "lb-sub" }, tr("reveal.title")),
    h("div", { class: "lb-rv" }, r.votes.map((v) => h("span", { class: "lb-rv1" }, who(view, tr, v.seat),
      r.kind === "eject" ? h("small", {}, tr("weight", { n: v.weight })) : null,
      v.choice === "hat" ? hatIcon(30) : chip(view, tr, v.choice, { label: false })))),
    r.outcome ? h("div", { class: "lb-rv-out" }, fmt(tr, "reveal.result", { choice: chip(view, tr, r.outcome) }),
      r.resolution ? h("small", {}, ` (${tr(`resolution.${r.resolution}`, { who: decider })})`) : null) : null);
}

function finalCard({ view, me, tr }) {
  const r = view.result;
  if (!r) return card(tr("phase.over"), null);
  const won = me && r.winners.includes(me.seat);
  const order = r.scores.map((_, i) => i).sort((a, b) => r.scores[b] - r.scores[a] || a - b);
  return h("div", { class: `lb-card lb-final-phone${won ? " won" : ""}`, "data-testid": "lb-final-phone" },
    h("h2", {}, won ? tr("result.you_won") : tr("phase.over")),
    me ? h("p", {}, tr("result.you_scored", { n: r.scores[me.seat] })) : null,
    h("ol", {}, order.map((seat) => h("li", { class: r.winners.includes(seat) ? "win" : "" },
      who(view, tr, seat), h("b", { "data-testid": `lb-final-score-${seat}` }, String(r.scores[seat]))))));
}

// ---------------------------------------------------------------- compact board

// The boats on the water in lane order. Options make parts of it tappable:
// freeSeat {boat: action} (setup), myPawn {boat: {rank: action}} (leave), wholeBoat {boat: action} (board).
// opts.pick: the board of my swim choices, its boats the pick's own parts (pickKept holds it
// hidden between my choices): a boat that offers nothing (no pawn of mine to move, not one to
// board: greyed then by the card's lb-boarding) is drawn from the boat alone, as on the board,
// so it is kept from one choice to the next; only what holds a button is built for my choice.
function miniBoard(env, opts) {
  const { view, tr, me, m, send } = env;
  const boats = view.boats.filter((b) => b.status === "water").sort((a, b) => a.lane - b.lane);
  const sel = opts.selected;
  // Each boat is a part (morph.js): placing a pawn builds the one boat it went into. Its inputs
  // hold the actions its buttons send and the pick they make (the turn names the pick's key).
  const mode = opts.pick ? "pick" : opts.freeSeat ? "place" : opts.myPawn ? "leave" : opts.wholeBoat ? "board" : "all";
  // The turn and `pending` are every button's (its handler's pick key, its disabled state): the
  // board of no buttons ("all", shown while others play) is not built again for them (a new
  // turn built every boat and seat of it: 44 parts, 100 elements).
  const buttons = [view.turn, m.pending];
  // The board, the pick's boats and each boat are frames that hold their parts (morph.js,
  // `holds`), drawn from their own inputs: the boats' colours in lane order (the ids they hold),
  // a boat's colour, seat count (its seats' ids) and its own button if it is one (a boat to
  // board: its action, my pick, the turn and `pending`), not its pawns, leaks nor
  // free seats, which its seats show. So a pawn seated (most updates of the set-up) builds its
  // seat alone, not the board's section, the boat's frame and a stand-in for each other part
  // in them (the board was built on nearly every update: 0.93 an update, issue 24).
  const colours = boats.map((b) => b.colour);
  const whole = (b) => (opts.wholeBoat && opts.wholeBoat[b.colour]) || null;
  const isSel = (b) => Boolean(whole(b) && sel && sel.boat === b.colour);
  const ownOf = (b) => [b.colour, seatCount(b), whole(b) ? [...buttons, whole(b), isSel(b)] : null];
  const boatsOf = () => boats.map((b) => env.part(morphId("lb-part-boat", mode, b.colour), ownOf(b),
    (kids) => boatFrame(b, kids), { holds: () => boatParts(b) }));
  // The pick's boats move between the card and where pickKept holds them: one part of a tag
  // of its own (docs/frontend.md), kept whole when no boat in it changed.
  const pickBoats = () => env.part("lb-part-pickboats", colours,
    (kids) => h("lb-pickboats", { class: "lb-mboats" }, kids), { holds: boatsOf });
  if (!boats.length && !opts.framed) return null;
  if (opts.held) return pickBoats;
  const section = (cards) => (boats.length ? h("section", {
    class: `lb-miniboard${opts.inline ? " inline" : ""}${opts.pick && opts.wholeBoat ? " lb-boarding" : ""}`,
    "data-testid": opts.inline ? "lb-pick-board" : "lb-miniboard", hidden: Boolean(opts.hidden),
  }, opts.inline ? null : h("h3", {}, tr("boats")), cards) : null);
  if (opts.framed) {
    return env.part(opts.framed, [colours, view.rows, Boolean(opts.hidden)],
      (kids) => section(h("div", { class: "lb-mboats" }, kids)), { holds: boatsOf });
  }
  return section(opts.pick ? pickBoats() : h("div", { class: "lb-mboats" }, boatsOf()));

  // Inside a boat, each seat and the boat's head are parts too: one more pawn builds its seat
  // and the free seat after it, not the boat's six seats and their pawns (a boat is the
  // board's largest block). A seat's inputs hold what it shows and the action its button
  // sends (a seat of no button: what it shows).
  function boatParts(b) {
    const seat = (i, inputs, build, button = false) => env.part(morphId("lb-part-seat", mode, b.colour, i),
      button || (!opts.pick && mode !== "all") ? [...buttons, inputs] : [inputs], build);
    // A seat that is no button always holds a pawn, hidden while the seat is free (lb-empty): a
    // pawn seated (on nearly every update of the set-up) or moved up a seat changes the pawn's
    // attributes, not the seat's children, which idiomorph morphed (0.3-0.4 ms an update).
    const empty = () => pawn(view, b.colour, "sailor", { cls: "lb-empty" });
    const seats = [];
    const mine = opts.myPawn && opts.myPawn[b.colour];
    const used = new Set();
    for (const p of b.pawns) {
      const a = mine && me && p.colour === me.colour && !used.has(p.rank) ? mine[p.rank] : null;
      if (a) used.add(p.rank);
      const on = Boolean(a && sel && sel.boat === a.boat && sel.rank === a.rank);
      seats.push(seat(seats.length, ["pawn", p.colour, p.rank, a, on], () => (a
        ? h("button", { class: `lb-mseat lb-tap${on ? " sel" : ""}`, disabled: m.pending,
                        "data-testid": `lb-leavepawn-${b.colour}-${p.rank}`, dataset: { boat: b.colour, rank: p.rank },
                        "aria-label": tr(`rank.${p.rank}`),
                        onclick: () => opts.onPick(a) }, pawn(view, p.colour, p.rank))
        : h("span", { class: "lb-mseat" }, pawn(view, p.colour, p.rank))), Boolean(a)));
    }
    for (let i = 0; i < b.leaks; i++) seats.push(seat(seats.length, ["leak"], () => h("span", { class: "lb-mseat lb-mleak" }, leakIcon(18))));
    const free = opts.freeSeat && opts.freeSeat[b.colour];
    let firstFree = true;
    while (seats.length < SEATS) {
      if (free && firstFree) {
        seats.push(seat(seats.length, ["plus", free], () => h("button", { class: "lb-mseat lb-mfree lb-tap", disabled: m.pending,
                                 "data-testid": `lb-seat-${b.colour}`, dataset: { boat: b.colour },
                                 onclick: () => send(free) }, "+"), true));
        firstFree = false;
      } else seats.push(seat(seats.length, ["free", Boolean(free)], () => h("span", { class: `lb-mseat lb-mfree${free ? " lb-also" : ""}` }, empty())));
    }
    const head = env.part(morphId("lb-part-bhead", mode, b.colour), [b.colour, b.lane, b.island, b.row, view.rows], () => h("div", { class: "lb-mhead" },
      glyph(b.colour, 16, ink(view, b.colour)), h("b", {}, colourName(view, tr, b.colour)),
      h("small", {}, tr("boat.where", { lane: b.lane, island: tr(`island.short.${b.island}`), row: b.row, rows: view.rows }))));
    return { head, seats };
  }

  function boatFrame(b, { head, seats }) {
    const w = whole(b);
    const attrs = {
      class: `lb-mboat${w ? " lb-tap" : ""}${isSel(b) ? " sel" : ""}`,
      dataset: { boat: b.colour }, style: { "--hull": fill(view, b.colour), "--hull-ink": ink(view, b.colour) },
    };
    if (w) { attrs.onclick = () => opts.onPick(w); attrs["data-testid"] = `lb-boardboat-${b.colour}`; attrs.disabled = m.pending; }
    return h(w ? "button" : "div", attrs, head, h("div", { class: "lb-mseats" }, seats));
  }
}

// How many seats a boat shows (its seats' ids): its pawns and leaks, the free ones up to SEATS.
const seatCount = (b) => Math.max(SEATS, b.pawns.length + b.leaks);

