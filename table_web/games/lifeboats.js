// Lifeboats on the TV: the board (lanes, boats, islands), the players, the ballot and its
// reveal, the swim, the log and the final scores. Rendered from msg.view only.
import { strings, table as S } from "/static/games/lifeboats/strings.js";
import {
  h, s, boatColour, colourName, ensureCss, fill, fmt, hatGlyph, ink, islandValues,
  leakIcon, makeTr, PAWNS_MOST, seatColour, starIcon, glyphs,
} from "/static/games/lifeboats/common.js";
import { lifeboatsReveals, lifeboatsWaiting } from "/static/games/lifeboats/moments.js";
import { gameMemory, gameKey } from "/static/js/gamekey.js";
import { endReveals } from "/static/js/reveal.js";
import { showPage, morphId, pageParts } from "/static/js/morph.js";
import { flags } from "/static/js/dom.js";
import { afterLayout, fitWhenNeeded, stageSize } from "/static/js/fit.js";
import { minutesSeconds, ticker } from "/static/js/waiting.js";

export { strings, seatColour };

// Shapes and hats as glyphs (common.js: an image each, not an inline SVG root each)
const { chip, describeEvent, mark, pawn, who } = glyphs;

// The board is drawn in fixed pixels for this design size (at least 1600 wide, for seven lanes
// and the side panel, and 900 high); the TV page scales it into its stage on any screen, also
// beside the host's drawer (server/static/js/fit.js).
export const fit = { width: 1600, height: 900 };

ensureCss(new URL("./lifeboats.css", import.meta.url));

const SEATS = 6;
const LOG_LINES = 9;
const SLOTS = Array.from({ length: LOG_LINES }, (_, k) => k);
// {log, version, boats, timer} of one game (server/static/js/gamekey.js): a rematch starts clean.
const memory = gameMemory(() => ({ log: [], logged: 0, version: -1, boats: {}, timer: null, sideCheck: null }),
  (m, key) => { if (m.timer) m.timer(); if (m.sideCheck) m.sideCheck.disconnect(); endReveals(key); });
export function render(root, msg, ctx) {
  const tr = makeTr(S, ctx);
  const view = msg.view;
  const m = memory(root, msg, ctx);
  const events = Array.isArray(msg.events) ? msg.events : [];
  const fresh = msg.version !== m.version;
  if (fresh) {
    if (msg.version < m.version) m.log = [];
    for (const e of events) m.log.push(e);
    m.logged += events.length;
    m.log = m.log.slice(-60);
  }
  const newEvents = fresh ? events : [];
  if (m.timer) { m.timer(); m.timer = null; }
  // (the side column's last step is a vote's: checkSide)
  m.voting = Boolean(view.ballot && !view.ballot.negotiating && !view.ballot.revealed);

  // The parts an update rarely changes are built only when what they show changed (morph.js),
  // each with what it is drawn from; the page is drawn whole for another language or edition.
  const part = pageParts(root, gameKey(msg, ctx),
    JSON.stringify([ctx.lang, view.players, view.colours, view.colour_names, view.edition]));
  const page = h("div", { class: "lb-table", dataset: { step: view.step, phase: view.phase } },
    part("lb-part-top", [view.turn, view.phase, view.start_player, view.supply, Boolean(msg.deadline)],
      () => topBar(view, tr, msg, m)),
    h("div", { class: "lb-main" },
      board(part, view, tr, newEvents, m),
      side(view, tr, msg, m, ctx, part)),
    stage(view, tr, msg, newEvents, part),
    view.over && view.result ? finalScores(view, tr, view.result) : null);
  // fitted when the stage's size, the boats or the end change, else the last fit is kept (issue 24)
  // (and the set-up's end: its stage is lower, lifeboats.css); the stage fitter has the page
  // drawn again when it gives the stage another size (a resized window, the host's drawer)
  const fitKey = [stageSize(root), view.boats.length, Boolean(view.over), ctx.lang,
    view.phase === "setup"].join("|");
  // morphed into the page shown (morph.js): only what changed is written
  let shown = page;
  // (a new key keeps the last fit's seat sizes until the check measures the cells: most often
  // the same, and then nothing is written)
  if (m.fitKept && m.fitKept.key !== fitKey) page.style.cssText = m.fitKept.style;
  const kept = !fitWhenNeeded(m, fitKey, page, () => (shown = showPage(root, page, gameKey(msg, ctx)) || page),
    (p) => { fitPage(root, p); checkSide(p, m, fitKey); });
  if (kept) checkSide(shown, m, fitKey);

  // Keep where every boat was, to animate a boat sinking in the next update (the view's own
  // boats, not copies: a payload is parsed afresh for each message and never written to).
  m.boats = Object.fromEntries(view.boats.map((b) => [b.colour, b]));
  m.version = msg.version;
  startCountdown(root, msg, m);
  lifeboatsReveals(msg, ctx, tr);
}

// ---------------------------------------------------------------- top bar

function topBar(view, tr, msg) {
  const sp = view.start_player;
  return h("header", { class: "lb-top" },
    h("div", { class: "lb-brand" }, boatGlyph(), tr(view.edition === "1993" ? "title.1993" : "title")),
    h("div", { class: "lb-turn", "data-testid": "lb-turn" },
      view.turn > 0 ? tr("turn", { turn: view.turn }) : tr("turn.setup")),
    h("div", { class: "lb-phase", "data-testid": "lb-phase" }, tr(`phase.${view.phase}`)),
    view.phase !== "over" && sp !== null && sp !== undefined
      ? h("div", { class: "lb-startp" }, h("span", { class: "lb-marker" }, starIcon(22)),
        h("span", { class: "lb-startp-label" }, tr("start_player")), who(view, tr, sp))
      : null,
    h("div", { class: "lb-supply", title: tr("supply", { n: view.supply }) },
      leakIcon(22), h("span", {}, String(view.supply))),
    h("div", { class: "lb-countdown", "data-testid": "lb-countdown", hidden: !msg.deadline }));
}

// The board's fit reads no layout as it draws (issue 24: it read a cell's size, a forced layout
// of the whole page, then the side column's, a second one after the seats it wrote: 7-8 ms at
// 1x on the update that starts the play). The narrow layout follows the stage's width as the
// stage fitter wrote it (fit.js, unscaled px: the page is its root's width); the seats and the
// side column are fitted by the check after the frame's own layout (checkSide), in the frame
// that shows them. (Seats sized in the CSS by their cell, each boat's slot a size container,
// cost every update 0.1 ms of style and 0.15 ms of layout: a rebuilt slot's style waits on its
// container's layout.)
function fitPage(root, page) {
  const width = parseFloat(root.style.width);
  page.classList.toggle("lb-narrow", width > 0 && width < 1500);
  page.classList.remove(...TIGHT);
  page.sideFree = 0;
}
// A boat's seat size for its cell's (the board's cells are all one size; one boat per lane, so a
// boat may spill over the cells above and below its own): unscaled px, offset sizes.
function seatSizes(page) {
  const cell = page.querySelector(".lb-cell");
  if (!cell) return null;
  const byHeight = Math.floor((cell.offsetHeight + 20 - 50) / 2);
  const byWidth = Math.floor((cell.offsetWidth - 34) / 3);
  return { "--seat": `${Math.max(28, Math.min(50, byHeight, byWidth))}px`, "--cell-h": `${Math.round(cell.offsetHeight)}px` };
}
// The side column (the banner, every player, the landing places, the log) never spills out of
// its frame: a crowded moment (six players, a long "waiting for") tightens it a step at a time
// (the log gives its room and the banner is smaller, then each player's row is tighter; last, in
// a vote, the banner gives its room: five players with long names voting, a drowning or two,
// spilled 15-50 px over the landing places at 720p, and each voter's row then says "thinking..."
// as the footer does). From the steps it has (more): a column that spills over as it is laid out
// is tightened from there, one layout fewer than from none.
function fitSide(page, more = false, voting = false) {
  const side = page.querySelector(".lb-side");
  let at = more ? tightSteps(page) : 0;
  if (!more) page.classList.remove(...TIGHT);
  for (; at < steps(voting); at++) {
    if (!side || side.scrollHeight <= side.clientHeight + 1) break;
    page.classList.add(TIGHT[at]);
  }
  // (kept on the page shown, which lives as long as its game: the check below reads it)
  page.sideFree = side && page.classList.contains(TIGHT[0]) ? sideFree(side) : 0;
}
const TIGHT = ["lb-tight-1", "lb-tight-2", "lb-tight-3"];
const steps = (voting) => TIGHT.length - (voting ? 0 : 1);
// how many of its steps the column has now
const tightSteps = (page) => TIGHT.filter((c) => page.classList.contains(c)).length;
// Checked after each update kept the last fit (checkSide: after the frame's own layout):
// the column spills over (tighten it), or it was tightened for a crowded moment that has passed
// and has room again for the log (fit it afresh): the log's room, and more than at the last fit
// (so a column that is tight again at once is not refitted on every update); or a vote's last
// step outlived its vote (the banner back: only a voter's row says that it is waited for).
const sideNeedsRefit = (page, voting) => {
  const side = page.querySelector(".lb-side");
  if (!side) return false;
  const at = tightSteps(page);
  if (at > steps(voting)) return true;
  if (side.scrollHeight > side.clientHeight + 1) return at < steps(voting);
  return page.classList.contains(TIGHT[0]) && sideFree(side) > Math.max(LOG_ROOM, (page.sideFree || 0) + 40);
};
// The check runs after the frame's own layout (a ResizeObserver's callback, where reading sizes
// costs nothing): read in the next animation frame, before that layout, it forced it, and the
// update's script waited on it (issue 24: 0.9 ms of 1x script per update, a forced style and
// layout). fit.js afterLayout() observes the column afresh on each update, so its callback
// comes after each update's layout, whether its size changed or not (it seldom does).
// A refit writes, and the frame lays out again before it paints (a few updates a game).
// The first check of a key measures the cells for the seats too (the key's: kept as they are
// until the next key, also when the stage grows for a long ballot; the first check that runs,
// as a watch replaced before its frame never does).
function checkSide(page, m, key) {
  if (!m.sideCheck) m.sideCheck = afterLayout();
  m.sideCheck.watch(page.querySelector(".lb-side"), () => {
    if (!page.isConnected || !m.fitKept || m.fitKept.key !== key) return;
    const seats = m.seatsFor !== key ? seatSizes(page) : null;
    m.seatsFor = key;
    const resize = seats && Object.entries(seats).some(([k, v]) => page.style.getPropertyValue(k) !== v);
    const refit = sideNeedsRefit(page, m.voting);
    if (!resize && !refit) return;
    // As a fit of its own (fit.js), with the classes the last fit gave the page off first (and
    // put back before anything is read), so that the ones it gives are kept for the next
    // updates' pages. (The seats alone: the column's classes as they are, nothing read.)
    const side = page.querySelector(".lb-side");
    const more = refit && side.scrollHeight > side.clientHeight + 1
      && tightSteps(page) < steps(m.voting);
    const had = FIT_CLASSES.filter((c) => page.classList.contains(c) && (more || !refit || !TIGHT.includes(c)));
    page.classList.remove(...FIT_CLASSES);
    m.fitKept = null;
    fitWhenNeeded(m, key, page, () => page, (q) => {
      if (resize) for (const [k, v] of Object.entries(seats)) q.style.setProperty(k, v);
      q.classList.add(...had);
      if (refit) fitSide(q, more, m.voting);
    });
  });
}
const FIT_CLASSES = ["lb-narrow", ...TIGHT];
// The column's free height under its last panel shown, in unscaled px: the panels are stacked
// in a column, so the last one shown ends lowest (one box read, not one per panel).
function sideFree(side) {
  const box = side.getBoundingClientRect();
  let last = side.lastElementChild;
  while (last && !last.getClientRects().length) last = last.previousElementSibling;
  const used = last ? Math.max(box.top, last.getBoundingClientRect().bottom) : box.top;
  return (box.bottom - used) * (side.clientHeight / (box.height || 1));
}
const LOG_ROOM = 100;   // unscaled px: the log's title and two lines

// The negotiation's clock, minutes and seconds, red for its last ten.
function startCountdown(root, msg, m) {
  // (no clock without a deadline: the page is not searched for one on every update)
  if (msg.deadline) m.timer = ticker(root, msg.deadline, ".lb-countdown, .lb-clock-digits", minutesSeconds, { urgent: 10 });
}

function boatGlyph() {
  return s("svg", { class: "lb-brand-boat", viewBox: "0 0 40 32", width: 40, height: 32, "aria-hidden": "true" },
    s("path", { d: "M19,2 L19,20 L6,20 Z", fill: "#fff7e6" }),
    s("path", { d: "M21,6 L21,20 L32,20 Z", fill: "#f3e6c4", opacity: "0.85" }),
    s("path", { d: "M2,22 H38 L32,30 H8 Z", fill: "#d7263d" }));
}

// ---------------------------------------------------------------- board

function islandGroups(view) {
  const groups = [];
  for (const l of view.lanes) {
    const last = groups[groups.length - 1];
    if (last && last.island === l.island) last.lanes.push(l.lane);
    else groups.push({ island: l.island, lanes: [l.lane] });
  }
  return groups;
}

// The board, its islands, water cells and boats each a part with what it is drawn from (the
// moves of this update among them: they animate). The board and each boat on the water are
// parts that hold parts (morph.js, `holds`): drawn from their own inputs only, they stay as
// they are when one thing in them changes, and a pawn seated builds its seat only (issue 24:
// it built the boat's slot, its frame and a stand-in for each other seat, and the board's).
function board(part, view, tr, newEvents, m) {
  const rows = view.rows;
  const lanes = view.lanes.length;
  const groups = islandGroups(view);
  return part("lb-part-board", [rows, lanes, groups, view.boats.map((b) => b.colour)],
    (kids) => h("section", { class: "lb-board" },
      h("div", { class: "lb-grid", style: {
        gridTemplateColumns: `repeat(${lanes}, minmax(0, 1fr))`,
        gridTemplateRows: `auto repeat(${rows}, minmax(0, 1fr))`,
      } }, kids.grid),
      kids.legend),
    { holds: () => boardParts(part, view, tr, newEvents, m, groups) });
}

// The parts the board holds: {grid: islands, cells and a slot per boat, in the grid's order; legend}.
function boardParts(part, view, tr, newEvents, m, groups) {
  const rows = view.rows;
  const sankNow = new Set(newEvents.filter((e) => e.type === "boat_sank").map((e) => e.boat));
  const movedNow = new Set(newEvents.filter((e) => e.type === "boat_moved").map((e) => e.boat));
  const landedNow = new Set(newEvents.filter((e) => e.type === "boat_landed").map((e) => e.boat));
  const byColour = Object.fromEntries(view.boats.map((b) => [b.colour, b]));
  const grid = [];

  // Islands across the top, one per group of lanes.
  let col = 1;
  for (const g of groups) {
    const isl = view.islands.find((i) => i.island === g.island);
    const docked = view.landing_order.map((c) => byColour[c])
      .filter((b) => b && g.lanes.includes(b.lane));
    const landed = [...landedNow].filter((c) => isl.pawns.some((p) => p.boat === c) || docked.some((b) => b.colour === c));
    grid.push(part(morphId("lb-part-island", g.island), [col, g.lanes, isl, docked.map((b) => [b.colour, b.landing_place]), landed],
      () => h("div", {
        class: `lb-island lb-island-${g.island}`, dataset: { island: g.island },
        style: { gridColumn: `${col} / span ${g.lanes.length}`, gridRow: "1" },
      },
      h("div", { class: "lb-island-head" },
        h("span", { class: "lb-island-name" }, tr(`island.${g.island}`)),
        h("span", { class: "lb-values", title: tr("points.legend") },
          h("span", { class: "lb-val" }, h("span", { class: "lb-mini-off" }), String(isl.values.officer)),
          h("span", { class: "lb-val" }, h("span", { class: "lb-mini-sail" }), String(isl.values.sailor)))),
      h("div", { class: "lb-island-pawns" },
        isl.pawns.map((p) => pawn(view, p.colour, p.rank,
          { cls: landedNow.has(p.boat) ? "lb-just-landed" : "", title: `${view.players[p.seat]} +${p.points}` }))),
      h("div", { class: "lb-docks" }, docked.map((b) => h("span", {
        class: `lb-dock${landedNow.has(b.colour) ? " lb-just-landed" : ""}`,
        style: { background: fill(view, b.colour), color: ink(view, b.colour) },
      }, mark(view, b.colour, 16), h("b", {}, `#${b.landing_place}`)))))));
    col += g.lanes.length;
  }

  // Water cells: row rows-1 at the top, row 0 (start fields) at the bottom (grid items of the
  // board through their boxes, which have none: display: contents), a part per lane held by
  // one for them all: a boat placed on a lane builds that lane's cells, not every lane's.
  grid.push(part("lb-part-cells", [rows, view.lanes.map((l) => l.lane)], (lanes) => h("div", { class: "lb-cells" }, lanes),
    { holds: () => view.lanes.map((l) => part(morphId("lb-lane", l.lane), [rows, Boolean(l.boat)], () => {
      const cells = h("div", { class: "lb-cells" });
      for (let r = rows - 1; r >= 0; r--) {
        cells.append(h("div", {
          class: `lb-cell${r === 0 ? " lb-start" : ""}${l.boat ? "" : " lb-unused"}`,
          dataset: { lane: String(l.lane), row: String(r) },
          style: { gridColumn: String(l.lane), gridRow: String(rows - r + 1) },
        }, r === 0 ? h("span", { class: "lb-cell-label" }, tr("start_field")) : null,
          r === rows - 1 ? h("span", { class: "lb-lane-no" }, String(l.lane)) : null));
      }
      return cells;
    })) }));

  // Swimmers still in the water, drawn behind the boat they left.
  const swimming = {};
  if (view.swim) {
    const n = view.swim.swimmers.length;
    view.swim.swimmers.forEach((sw, i) => {
      if (i < n - view.swim.boarded) (swimming[sw.boat] ||= []).push(sw);
    });
  }

  // Every boat has its slot, in the view's order, an empty one (hidden) while the boat is not on
  // the water (not placed yet, landed or sunk): a boat placed, landing or sinking changes its slot,
  // not the grid's children (idiomorph morphed the whole grid, 50-130 elements, for each).
  const away = (b) => part(morphId("lb-slot", b.colour), [], () => h("div", { class: "lb-boat-slot lb-away" }));
  for (const b of view.boats) {
    if (b.lane === null || b.lane === undefined) { grid.push(away(b)); continue; }
    let ghost = false;
    let bb = b;
    if (b.status === "sunk") {
      if (!sankNow.has(b.colour) || !m.boats[b.colour]) { grid.push(away(b)); continue; }
      bb = { ...m.boats[b.colour], status: "sunk" };
      ghost = true;
    } else if (b.status !== "water") { grid.push(away(b)); continue; }
    const row = Math.min(bb.row, rows - 1);
    const cls = `${ghost ? "lb-sinking" : ""}${movedNow.has(b.colour) ? " lb-moved" : ""}`;
    const focus = isBoatInFocus(view, b.colour);
    // the slot's own inputs: the boat without what its head and seats show (boatParts) and
    // its free seats (what they leave), but with how many seats it has (their ids)
    const { pawns, leaks, owner, free_seats: free, ...own } = bb;
    grid.push(part(morphId("lb-slot", b.colour), [rows, own, seatCount(bb), cls, focus, swimming[b.colour] || null], (kids) => h("div", {
      class: `lb-boat-slot${row === 0 ? " lb-row-first" : ""}${row === rows - 1 ? " lb-row-last" : ""}`, style: { gridColumn: String(bb.lane), gridRow: String(rows - row + 1) },
    }, boatCard(view, tr, bb, { cls, waiting: focus, kids }), swimming[b.colour] ? h("div", { class: "lb-swimmers" }, swimming[b.colour].map((sw) =>
      h("span", { class: "lb-swimmer" }, pawn(view, view.colours[sw.seat], sw.rank), h("span", { class: "lb-wave" }))))
      : null), { holds: () => boatParts(view, tr, bb, part) }));
  }

  const legend = part("lb-part-legend", [], () => h("div", { class: "lb-ship" },
    h("span", { class: "lb-legend" },
      h("span", { class: "lb-mini-off" }), tr("rank.officer.cap"), " ",
      h("span", { class: "lb-mini-sail" }), tr("rank.sailor.cap"), " ",
      h("span", { class: "lb-legend-leak" }, leakIcon(14)), tr("legend.leak"), " ",
      h("span", { class: "lb-legend-free" }), tr("legend.free")),
    h("span", {}, h("span", { class: "lb-ship-icon" }), tr("ship"))));
  return { grid, legend };
}

function isBoatInFocus(view, colour) {
  const b = view.ballot;
  if (b && b.kind === "eject" && boatColour(b.boat) === colour) return true;
  return false;
}

// How many seats a boat shows: its pawns and leaks, the free ones up to SEATS.
const seatCount = (b) => Math.max(SEATS, b.pawns.length + b.leaks);

// The parts of a boat: {head, seats}, each a part of `part` (morph.js) with what it shows, so a
// boat with one more pawn or leak builds that seat only.
function boatParts(view, tr, b, part) {
  const seats = [];
  const seat = (what, build) => part(morphId("lb-seat", b.colour, seats.length), what, build);
  for (const p of b.pawns) seats.push(seat([p.colour, p.rank], () => h("span", { class: "lb-seat" }, pawn(view, p.colour, p.rank))));
  for (let i = 0; i < b.leaks; i++) seats.push(seat("leak", () => h("span", { class: "lb-seat lb-leak" }, leakIcon(26))));
  while (seats.length < SEATS) seats.push(seat("free", () => h("span", { class: "lb-seat lb-free" })));
  const owner = b.owner === null || b.owner === undefined ? null : view.players[b.owner];
  const head = part(morphId("lb-boat-head", b.colour), [owner], () => h("div", { class: "lb-boat-head" },
    mark(view, b.colour, 20),
    h("span", { class: "lb-boat-name" }, colourName(view, tr, b.colour)),
    owner !== null ? h("span", { class: "lb-boat-owner" }, owner) : null));
  return { head, seats };
}

// A boat around its head and seats (opts.kids: drawn by boatParts as the parts its slot holds)
function boatCard(view, tr, b, opts) {
  const { kids } = opts;
  return h("div", {
    class: `lb-boat ${opts.cls || ""}${opts.waiting ? " lb-focus" : ""}`,
    dataset: { boat: b.colour },
    style: { "--hull": fill(view, b.colour), "--hull-ink": ink(view, b.colour) },
  }, kids.head, h("div", { class: "lb-seats" }, kids.seats));
}

// ---------------------------------------------------------------- side panel

function side(view, tr, msg, m, ctx, part) {
  const ballot = view.ballot;
  const voting = ballot && !ballot.negotiating ? [ballot.voters, ballot.voted] : null;
  const afloat = view.colours.map((colour) => view.boats.filter((b) => b.status === "water")
    .reduce((n, b) => n + b.pawns.filter((p) => p.colour === colour).length, 0));
  // Whom the table waits for is marked by the panel (its data-w<seat>, lifeboats.css), not by
  // the rows: the turn passing on rebuilds no row (issue 24: two rows built per update). An
  // attribute per seat (dom.js flags): a style invalidation goes by the attribute's name, so
  // the turn passing on restyles the two rows it concerns (one list attribute restyled all).
  // Whether each voter has voted is the panel's too (data-vt<seat>, to vote, data-vd<seat>,
  // voted): a vote, or the talks turning to a vote, rebuilds no row (issue 24: one row built per
  // vote, and all of them when the vote opened). The two states are in each row while a ballot
  // is up (a row is built when one opens or closes, none in the set-up).
  const players = () => view.players.map((name, seat) =>
    part(morphId("lb-player", seat), [afloat[seat], view.start_player === seat && view.phase !== "over",
      view.hats_left[seat], view.drowned[seat], view.scores[seat], Boolean(ballot)],
    () => playerRow(view, tr, seat, afloat[seat], Boolean(ballot), part)));
  const voted = voting ? ballot.voted : [];

  const byColour = Object.fromEntries(view.boats.map((b) => [b.colour, b]));
  const landed = view.landing_order.map((c) => (c && byColour[c] ? byColour[c].island : null));
  const places = () => {
    const out = [];
    for (let i = 0; i < view.landing_places; i++) {
      const c = view.landing_order[i];
      out.push(h("div", { class: `lb-place${c ? " taken" : ""}` },
        h("span", { class: "lb-place-no" }, String(i + 1)),
        c ? h("span", { class: "lb-swatch", style: { background: fill(view, c), color: ink(view, c) } }, mark(view, c, 14)) : null,
        landed[i] ? h("span", { class: "lb-place-island" }, tr(`island.${landed[i]}`).split(" ")[0]) : null));
    }
    return out;
  };

  // The log's lines, newest first on screen: line n of the game's log takes slot n % LOG_LINES of
  // the list (a ring, in the slots' order) and its place on screen from CSS (order: -n), so a new
  // line rewrites the one slot it takes over (the oldest line's) and no other line moves in the
  // DOM (issue 24: each new line morphed the whole list, 80-100 elements, on nearly every update).
  // Every slot is drawn, an empty one (hidden) until the log has a line for it, so the first lines
  // of a game fill slots instead of adding children to the list (which morphed the whole list).
  const first = m.logged - m.log.length;
  const bySlot = new Map(m.log.map((e, i) => [e, first + i]).slice(-LOG_LINES).map((line) => [line[1] % LOG_LINES, line]));
  return h("aside", { class: "lb-side" },
    // "Waiting for ...": its words built again only when what for or, of several, whom changes
    // (moments.js; its names and colours are the parts' `extra`)
    lifeboatsWaiting(msg, ctx, part),
    h("div", { class: "lb-panel lb-players", dataset: flags(view.players.map((_, x) => x), { w: view.waiting_for || [],
      vt: voting ? ballot.voters.filter((x) => !voted.includes(x)) : [], vd: voted }) },
      h("h3", {}, tr("players")), players()),
    part("lb-part-landing", [view.landing_places, view.landing_order, landed],
      () => h("div", { class: "lb-panel lb-landing" }, h("h3", {}, tr("landing")), h("div", { class: "lb-places" }, places()))),
    h("div", { class: "lb-panel lb-log", "data-testid": "lb-log" }, h("h3", {}, tr("log")),
      // the newest line's slot: data-n<slot> "1" (lifeboats.css: bold), an attribute per slot,
      // so that a new line restyles two lines, not nine
      h("ol", { dataset: flags(SLOTS, { n: m.logged ? [(m.logged - 1) % LOG_LINES] : [] }) }, SLOTS.map((k) => {
        const [e, n] = bySlot.get(k) || [];
        // (an empty slot has a line's attributes but its style, in their order: filled, it reads
        // as a line drawn afresh)
        return part(morphId("lb-log", k), e ? [n, e] : null, () => (e
          ? h("li", { class: `lb-log-${e.type} lb-ls${k}`, dataset: { slot: String(k) }, style: { order: String(-n) } },
            describeEvent(view, tr, e))
          : h("li", { class: `lb-ls${k}`, dataset: { slot: String(k) } })));
      }))));
}

// (a row built again for a boat more afloat keeps its swatch, name and hats as they are; its vote
// states are both drawn, the panel's flags show the one that holds, by a class per seat: a flag's
// change restyles that one element, lifeboats.css)
function playerRow(view, tr, seat, afloat, ballot, part) {
  const colour = view.colours[seat];
  const voteState = !ballot ? null : [
    h("span", { class: `lb-vstate done lb-vd${seat}`, dataset: { voted: "true" } }, "✓ " + tr("voted")),
    h("span", { class: `lb-vstate todo lb-vt${seat}`, dataset: { voted: "false" } }, tr("not_voted"))];
  return h("div", { class: `lb-player lb-s${seat}`, dataset: { seat: String(seat) } },
    part(morphId("lb-pswatch", seat), [], () => h("span", { class: "lb-pswatch", style: { background: fill(view, colour), color: ink(view, colour) } },
      seatClass(mark(view, colour, 26), "lb-pglyph", ""))),
    h("div", { class: "lb-pmain" },
      part(morphId("lb-pname", seat), [view.start_player === seat && view.phase !== "over"], () => h("div", { class: "lb-pname" }, h("b", {}, view.players[seat]),
        view.start_player === seat && view.phase !== "over"
          ? h("span", { class: "lb-marker", title: tr("start_player") }, starIcon(18)) : null)),
      h("div", { class: "lb-pmeta" },
        part(morphId("lb-hats", seat), [view.hats_left[seat]], () => h("span", { class: "lb-hats", title: tr("hats") },
          [0, 1, 2].map((i) => hatGlyph(16, 16, i >= view.hats_left[seat])))),
        h("span", { class: "lb-onwater" }, tr("afloat", { n: afloat })),
        view.drowned[seat] ? h("span", { class: "lb-drowned" }, tr("drowned.n", { n: view.drowned[seat] })) : null,
        voteState)),
    h("div", { class: "lb-pscore", "data-testid": `lb-score-${seat}` }, String(view.scores[seat])));
}

// ---------------------------------------------------------------- stage (bottom)

// The footer changes on most updates, but by one voter, one player's pawns or whose turn it
// is: it is drawn anew (a few elements), and what it shows is in parts, each with all it reads
// (the caption, the question and options, each voter, each player's pawns left to place, the
// swim, the last reveal or the turn's outcomes, the clock), so an update builds only the part
// that changed (issue 24: the footer was one part whose inputs, the whole ballot and decision,
// changed on nearly every update).
function stage(view, tr, msg, newEvents, part) {
  const parts = [];
  const d = view.decision;
  const ballot = view.ballot;
  const seat = d ? d.seat : view.start_player;
  // The caption names whose turn it is, a step at a time (the set-up: one player after another):
  // its part holds every player's name, and the footer's data-c<seat> (lifeboats.css) shows that
  // seat's, so the turn passing on writes one attribute and builds no caption (issue 24: built on
  // nearly every update). Nobody's turn (no seat) is a caption of its own.
  const someone = seat !== null && seat !== undefined;
  const caption = !ballot && view.over ? null : part("lb-part-caption", [view.step, someone], () => h("div", {
    class: "lb-caption", "data-testid": "lb-caption" }, fmt(tr, `step.${view.step}`, {
    who: someone ? h("span", { class: "lb-cwho" }, view.players.map((_, x) => seatClass(who(view, tr, x), "lb-cw", x)))
      : who(view, tr, null) })));

  if (ballot) {
    parts.push(ballotPanel(view, tr, ballot, caption, newEvents, part));
  } else if (view.phase === "swim" && view.swim) {
    parts.push(h("div", { class: "lb-act" }, caption,
      part("lb-part-swim", [view.swim, view.step], () => swimPanel(view, tr))));
  } else if (view.phase === "setup") {
    parts.push(h("div", { class: "lb-act" }, caption, setupPanel(view, tr, part)));
  } else if (!view.over) {
    parts.push(h("div", { class: "lb-act" }, caption));
  }
  if (msg.deadline && ballot && ballot.negotiating) {
    // (its digits are the ticker's: a part kept as it is keeps them)
    parts.push(part("lb-part-clock", [], () => h("div", { class: "lb-clock", "data-testid": "lb-clock" },
      h("div", { class: "lb-clock-label" }, tr("countdown")),
      h("div", { class: "lb-clock-digits" }))));
  }
  const lr = view.last_reveal;
  if (lr && !(ballot && ballot.revealed) && !outcomesAfter(view, lr)) {
    const fresh = newEvents.some((e) => e.type === "ballot_revealed");
    parts.push(part("lb-part-reveal", [lr, fresh], () => revealPanel(view, tr, lr, { last: true, fresh })));
  } else if (!(ballot && ballot.revealed) && (view.turn_outcomes || []).length) {
    parts.push(part("lb-part-turnlog", [view.turn_outcomes, view.turn], () => turnPanel(view, tr)));
  }
  return h("footer", { class: "lb-stage", dataset: flags(view.players.map((_, x) => x), { c: [seat] }) }, parts);
}

// A class per seat on each name the caption shows by the footer's data-c<seat> (lifeboats.css):
// a rule's last selector is what a flag's change restyles, and by a class it is that one name
// (by [data-seat], every element with one under the footer was restyled: the voters' and the
// last reveal's names too, 8.8 elements per update).
function seatClass(el, prefix, seat) {
  el.classList.add(`${prefix}${seat}`);
  return el;
}

// Did this turn settle something after the last reveal, without a vote (a ballot with one
// option, a forced ejection, a drowning)? Then the turn's outcomes say more than that reveal.
function outcomesAfter(view, lr) {
  const outs = view.turn_outcomes || [];
  if (!outs.length) return false;
  if (lr.turn !== view.turn) return true;
  const last = [...outs].reverse().find((e) => e.type === "outcome");
  return Boolean(last && last.resolution === "single_option");
}

// What the turn has done so far (view.turn_outcomes, kept by the engine: it survives a reload).
function turnPanel(view, tr) {
  const lines = (view.turn_outcomes || []).slice().reverse().slice(0, 5);
  return h("div", { class: "lb-reveal lb-last lb-turnlog", "data-testid": "lb-turn-outcomes" },
    h("div", { class: "lb-reveal-head" }, h("b", {}, tr("turn_outcomes")), " · ", tr("turn", { turn: view.turn })),
    h("ol", { class: "lb-turnlog-list" }, lines.map((e) => h("li", { class: `lb-log-${e.type}` }, describeEvent(view, tr, e)))));
}

function question(view, tr, kind, boat, round) {
  return h("div", { class: "lb-question" },
    kind === "eject" ? fmt(tr, "question.eject", { boat: chip(view, tr, boatColour(boat)) }) : tr(`question.${kind}`),
    round > 1 ? h("span", { class: "lb-round" }, " ", tr("question.round", { round })) : null);
}

// Five voters or more with long names wrapped into a third row of chips, below the footer's
// panel (its 300 px) on the real TV page at 720p and 1080p, and the last vote's beside it did
// too: from five the chips are columns, each name cut to its column
// (lifeboats.css .lb-many), two rows whatever the names. By the count, so nothing is measured.
const MANY = 5;
function ballotPanel(view, tr, ballot, caption, newEvents, part) {
  if (ballot.revealed) {
    // Votes are in: show them all, and who decides now.
    const reveal = view.last_reveal && view.last_reveal.outcome === null ? view.last_reveal : null;
    const fresh = newEvents.some((e) => e.type === "ballot_revealed");
    return h("div", { class: "lb-act lb-wide" },
      part("lb-part-question", [ballot.kind, ballot.boat, ballot.round], () => question(view, tr, ballot.kind, ballot.boat, ballot.round)),
      reveal ? part("lb-part-votes", [reveal, fresh], () => revealPanel(view, tr, reveal, { fresh, inline: true })) : null,
      caption);
  }
  // the question and the options stay while the votes come in: parts of their own
  const ask = part("lb-part-ask", [ballot.kind, ballot.boat, ballot.round, ballot.options], () => h("div", { class: "lb-ask" },
    question(view, tr, ballot.kind, ballot.boat, ballot.round),
    h("div", { class: "lb-options" },
      ballot.kind === "eject" ? h("span", { class: "lb-note" }, tr("question.eject.note")) : null,
      ballot.options.map((o) => chip(view, tr, o)))));
  const voters = ballot.voters.map((seat, i) => {
    const voted = ballot.voted.includes(seat);
    const weight = ballot.kind === "eject" ? ballot.weights[i] : null;
    return part(morphId("lb-voter", seat), [voted, weight], () => h("div", { class: `lb-voter ${voted ? "voted" : ""}`, dataset: { seat: String(seat), voted: String(voted) } },
      who(view, tr, seat),
      weight !== null ? h("span", { class: "lb-weight" }, tr("weight", { n: weight })) : null,
      h("span", { class: "lb-card-back" }, voted ? "✓" : "…")));
  });
  // The ejection's note shares the options' line, so the last line ("vote on your phones")
  // stays inside the panel.
  return h("div", { class: "lb-act lb-wide" }, ask,
    ballot.negotiating ? caption : h("div", { class: voters.length >= MANY ? "lb-voters lb-many" : "lb-voters", "data-testid": "lb-voters" }, voters),
    ballot.negotiating ? null : caption);
}

function revealPanel(view, tr, r, opts = {}) {
  // (the last vote, beside a ballot, in a game of five or six: the votes in two columns, or three
  // from five votes, each boat then its glyph as in the tally below)
  const many = Boolean(opts.last) && view.players.length >= MANY;
  const three = many && r.votes.length >= MANY;
  const votes = r.votes.map((v, i) => h("div", {
    class: `lb-rvote${opts.fresh ? " flip" : ""}`, style: { animationDelay: `${i * 0.15}s` },
    dataset: { seat: String(v.seat), choice: v.choice },
  },
    who(view, tr, v.seat),
    r.kind === "eject" ? h("span", { class: "lb-weight" }, tr("weight", { n: v.weight })) : null,
    v.choice === "hat"
      ? h("span", { class: "lb-rchoice lb-rhat", title: tr("reveal.hat") }, hatGlyph(34), h("b", {}, tr("wheel.hat")))
      // (a boat shown by its glyph alone is named for a screen reader and on hover: the glyph
      // itself is hidden from them)
      : three ? h("span", { class: "lb-rchoice", role: "img", "aria-label": colourName(view, tr, v.choice),
        title: colourName(view, tr, v.choice) }, chip(view, tr, v.choice, { label: false }))
        : h("span", { class: "lb-rchoice" }, chip(view, tr, v.choice))));
  const counted = r.tally.some(([, n]) => n > 0);
  const tally = !counted ? null : h("div", { class: "lb-tally", title: tr("reveal.tally") },
    r.tally.filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([o, n]) =>
      h("span", { class: `lb-tcount${r.outcome === o ? " win" : ""}`, dataset: { option: o } },
        chip(view, tr, o, { label: false }), h("b", {}, String(n)))));
  const decider = r.decided_by !== null && r.decided_by !== undefined ? view.players[r.decided_by] : "";
  let why = null;
  if (r.resolution) {
    why = h("div", { class: "lb-why" },
      r.hats_cancelled && !["all_hats", "revote"].includes(r.resolution) ? h("span", { class: "lb-cancel" }, tr("reveal.cancelled", { n: r.hats.length }), " · ") : null,
      r.resolution === "tie_break" && r.tied && r.tied.length
        ? h("span", {}, h("span", { class: "lb-tied" }, r.tied.map((c) => chip(view, tr, c, { label: false }))), " ")
        : null,
      tr(`${r.outcome ? "resolution" : "pending"}.${r.resolution}`, { who: decider || (r.resolution === "captain" && r.hats.length ? view.players[r.hats[0]] : view.players[view.start_player]) }));
  }
  const outcome = r.outcome
    ? h("div", { class: "lb-outcome", "data-testid": "lb-outcome" },
      fmt(tr, "reveal.result", { choice: chip(view, tr, r.outcome) }))
    : null;
  return h("div", { class: `lb-reveal${opts.last ? " lb-last" : ""}`, "data-testid": "lb-reveal",
                    dataset: { kind: r.kind, turn: String(r.turn) } },
    opts.inline ? null : h("div", { class: "lb-reveal-head" }, h("b", {}, tr(opts.fresh ? "reveal.title" : "reveal.last")), " · ",
      r.kind === "eject" ? fmt(tr, "question.eject", { boat: chip(view, tr, boatColour(r.boat)) }) : tr(`question.${r.kind}`)),
    h("div", { class: `lb-rvotes${many ? " lb-many" : ""}${three ? " lb-many-3" : ""}` }, votes),
    h("div", { class: "lb-reveal-foot" }, tally, outcome, why));
}

function swimPanel(view, tr) {
  const sw = view.swim;
  const n = sw.swimmers.length;
  const next = n - 1 - sw.boarded;
  const boarding = view.step === "board";
  return h("div", { class: "lb-swim", "data-testid": "lb-swim" },
    h("div", { class: "lb-note" }, tr("swim.title")),
    h("ol", { class: "lb-swim-list" }, sw.swimmers.map((x, i) => h("li", {
      class: `${i > next ? "done" : ""}${boarding && i === next ? " next" : ""}`,
    },
      h("b", { class: "lb-swim-no" }, `${i + 1}.`), " ",
      who(view, tr, x.seat), " ", pawn(view, view.colours[x.seat], x.rank), " ",
      fmt(tr, "swim.left", { boat: chip(view, tr, x.boat, { label: false }) }), " ",
      h("span", { class: "lb-swim-state" },
        i > next ? tr("swim.boarded") : boarding && i === next ? tr("swim.next") : tr("swim.in_water"))))));
}

// Each player's pawns left to place, every rank drawn to the most a player has (PAWNS_MOST, the
// data's pawns_per_player), once per game: a part of its own (the name and the pawns), kept as it
// is, and a pawn placed hidden by the row's attribute for that rank and place (data-o1, data-s4:
// lifeboats.css), so a pawn seated writes one attribute of one row and restyles that pawn; the
// row was built again with its name and 7 pawns (19 elements built and compared) on every update
// of the setup. A count over the most is drawn whole, only slower.
// (also while the boats are placed: the pawns to come, in the stage the set-up keeps)
const RANKS = ["officer", "sailor"];
const PLACES = Object.fromEntries(RANKS.map((rank) => [rank, Array.from({ length: PAWNS_MOST[rank] }, (_, i) => i)]));
function setupPanel(view, tr, part) {
  if (!view.unplaced) return null;
  return h("div", { class: "lb-unplaced" }, view.players.map((name, seat) => {
    const u = view.unplaced[seat];
    const most = RANKS.every((rank) => u[rank] <= PAWNS_MOST[rank]);
    const placed = (rank) => PLACES[rank].filter((i) => i >= u[rank]);
    return h("span", { class: "lb-unp", dataset: most ? { ...flags(PLACES.officer, { o: placed("officer") }),
      ...flags(PLACES.sailor, { s: placed("sailor") }) } : {} },
    part(morphId("lb-unp", seat), most ? [] : [u], () => h("span", { class: "lb-unp-pawns" }, who(view, tr, seat), " ",
      RANKS.map((rank) => Array.from({ length: most ? PAWNS_MOST[rank] : u[rank] },
        (_, i) => pawn(view, view.colours[seat], rank, { cls: `lb-u${rank[0]}${i}` }))))));
  }));
}

// ---------------------------------------------------------------- final scores

function finalScores(view, tr, result) {
  const order = result.scores.map((sc, seat) => seat)
    .sort((a, b) => (result.winners.includes(b) - result.winners.includes(a)) || result.scores[b] - result.scores[a] || a - b);
  const islands = view.islands.map((i) => i.island);
  const rows = order.map((seat, idx) => {
    const bd = result.breakdown.find((x) => x.seat === seat) || { islands: {}, drowned: 0 };
    const win = result.winners.includes(seat);
    return h("tr", { class: win ? "win" : "", dataset: { seat: String(seat) } },
      h("td", {}, win ? h("span", { class: "lb-crown" }, "♛") : String(idx + 1)),
      h("td", { class: "lb-fname" }, who(view, tr, seat)),
      islands.map((isl) => {
        const x = (bd.islands || {})[isl] || { officer: 0, sailor: 0, points: 0 };
        return h("td", { class: "lb-fisl" },
          Array.from({ length: x.officer }, () => pawn(view, view.colours[seat], "officer")),
          Array.from({ length: x.sailor }, () => pawn(view, view.colours[seat], "sailor")),
          h("span", { class: "lb-fpts" }, x.points ? `${x.points}` : "·"));
      }),
      h("td", {}, String(bd.drowned || 0)),
      h("td", {}, bd.own_boat === "sunk" ? tr("final.own_boat.sunk")
        : bd.own_boat ? tr("final.own_boat.place", { n: bd.own_boat }) : "—"),
      h("td", { class: "lb-ftotal", "data-testid": `lb-final-${seat}` }, String(result.scores[seat])));
  });
  const names = h("span", {}, result.winners.map((w, i) => [i ? " & " : "", who(view, tr, w)]));
  return h("div", { class: "lb-final", "data-testid": "lb-final" },
    h("div", { class: "lb-final-card" },
      h("h2", {}, tr("final.title")),
      h("div", { class: "lb-final-winner" },
        fmt(tr, result.winners.length > 1 ? "final.winners" : "final.winner", { who: names })),
      h("div", { class: "lb-note" }, tr(`final.tie.${result.tie_break}`)),
      h("table", {},
        h("thead", {}, h("tr", {},
          h("th", {}, tr("final.rank")), h("th", {}, tr("final.player")),
          islands.map((isl) => {
            const v = islandValues(view, isl);
            return h("th", {}, tr(`island.${isl}`), h("small", {}, ` ${v.officer}/${v.sailor}`));
          }),
          h("th", {}, tr("final.drowned")), h("th", {}, tr("final.own_boat")), h("th", {}, tr("final.total")))),
        h("tbody", {}, rows)),
      h("div", { class: "lb-final-landing" }, h("b", {}, tr("final.landing_order"), ": "),
        (result.landing_order || []).map((l) => h("span", { class: "lb-flanded" }, `${l.landing_place}.`,
          chip(view, tr, l.boat))))));
}
