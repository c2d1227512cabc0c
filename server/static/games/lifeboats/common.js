// Lifeboats: helpers shared by the table (TV) and the controller (phone) modules.
// One copy, served at /static/games/lifeboats/, imported by both page modules.
//
// Nothing here knows a rule of the game: it only draws what the view says.

// Elements from data (strings are text nodes, never HTML: player names are always safe), with
// the shared h()/s() of dom.js: their handlers follow a page morphed by an update (morph.js).
import { h, s } from "/static/js/dom.js";

export { h, s };

// ---------------------------------------------------------------- colours & symbols

// Fill colours (and readable ink on top of them). Blue is shown orange in edition 1993,
// following the view's colour_names.
const FILL = {
  red: "#d7263d", yellow: "#f2c230", green: "#2f9e5b", blue: "#2f6fd6", orange: "#ee7a1b",
  purple: "#8447b5", white: "#f6f2e8", black: "#24262b",
};
const INK = {
  red: "#fff", yellow: "#2a1d00", green: "#06230f", blue: "#fff", orange: "#2a1400",   // green: dark ink, 5:1
  purple: "#fff", white: "#1d2330", black: "#f2e6c9",
};

const LETTER = { red: "R", yellow: "Y", green: "G", blue: "B", orange: "O", purple: "P", white: "W", black: "K" };

/** The colour and letter the page header gives a seat when this edition shows its colour
 * differently (1993: blue is orange); null when the room's colour already is the board's. */
export function seatColour(view, seat) {
  const colour = view && Array.isArray(view.colours) ? view.colours[seat] : null;
  if (!colour) return null;
  const seen = shown(view, colour);
  return seen === colour ? null : { colour: FILL[seen] || FILL[colour], letter: LETTER[seen] || seen[0].toUpperCase() };
}

export function shown(view, colour) {
  return (view && view.colour_names && view.colour_names[colour]) || colour;
}
export function fill(view, colour) { return FILL[shown(view, colour)] || FILL[colour] || "#888"; }
export function ink(view, colour) { return INK[shown(view, colour)] || INK[colour] || "#000"; }

// The most pawns of each rank a player has (the data's pawns_per_player, checked by
// tests/server/test_lifeboats_marks_css.py): the TV and the phone draw the pawns left to place up
// to it, a placed one hidden by a class, so a pawn seated flips a class (a count over it is still
// drawn, only slower).
export const PAWNS_MOST = { officer: 2, sailor: 5 };

// Every colour also has its own shape, so no one needs to tell colours apart (colour-blind
// safety): the shape is drawn on pawns, boats, wheel sectors and legends.
const SHAPES = {
  red: "M0,-9 L8.5,6.5 L-8.5,6.5 Z",                                   // triangle
  yellow: "M0,-8.5 A8.5,8.5 0 1,1 -0.01,-8.5 Z M0,-3.8 A3.8,3.8 0 1,0 0.01,-3.8 Z", // ring
  green: "M-7,-7 H7 V7 H-7 Z",                                           // square
  blue: "M0,-9.5 L9,0 L0,9.5 L-9,0 Z",                                   // diamond
  purple: "M-3,-9 H3 V-3 H9 V3 H3 V9 H-3 V3 H-9 V-3 H-3 Z",              // cross
  white: "M0,-9.5 L2.6,-3.2 L9.2,-2.9 L4.1,1.4 L5.8,8.1 L0,4.4 L-5.8,8.1 L-4.1,1.4 L-9.2,-2.9 L-2.6,-3.2 Z", // star
  black: "M-4.5,-8 H4.5 L9,0 L4.5,8 H-4.5 L-9,0 Z",                     // hexagon
};

// Each icon is built once per kind and size and cloned after: a board shows a hundred, and
// building each SVG element by element was the largest part of building a TV page (issue 24).
const icons = new Map();
function icon(key, make) {
  let made = icons.get(key);
  if (!made) { made = make(); icons.set(key, made); }
  return made.cloneNode(true);
}

// A small SVG showing the colour's shape, in the given ink (defaults to the colour's ink).
export function shape(colour, size = 20, colourInk = null) {
  return icon(`shape|${colour}|${size}|${colourInk}`, () => s("svg", { class: "lb-shape", viewBox: "-10 -10 20 20", width: size, height: size,
                    "aria-hidden": "true" },
    s("path", { d: SHAPES[colour] || SHAPES.black, fill: colourInk || "currentColor",
                "fill-rule": "evenodd" })));
}


export function colourName(view, tr, colour) {
  return tr(`colour.${shown(view, colour)}`);
}

// a hat's brim and crown (its icon and its TV glyph)
const HAT = { brim: "M3,17 C8,20 24,20 29,17 L27,14 C22,16 10,16 5,14 Z", crown: "M7,14 C7,5 11,3 16,3 C21,3 25,5 25,14 C20,15.5 12,15.5 7,14 Z" };
export function hatIcon(size = 26, spent = false) {
  return icon(`hat|${size}|${spent}`, () => s("svg", { class: `lb-hat${spent ? " spent" : ""}`, viewBox: "0 0 32 24", width: size,
                    height: size * 0.75, "aria-hidden": "true" },
    s("path", { d: HAT.brim, fill: "currentColor" }),
    s("path", { d: HAT.crown, fill: "currentColor", opacity: "0.85" }),
    s("circle", { cx: 16, cy: 9, r: 2.2, fill: "#f5d77a" })));
}

export function leakIcon(size = 22) {
  return icon(`leak|${size}`, () => s("svg", { class: "lb-leak-icon", viewBox: "0 0 20 24", width: size, height: size * 1.2,
                    "aria-hidden": "true" },
    s("path", { d: "M10,1 C10,1 2,11 2,16 A8,8 0 0,0 18,16 C18,11 10,1 10,1 Z", fill: "currentColor" }),
    s("path", { d: "M6,16 A4,4 0 0,0 10,20", stroke: "#fff", "stroke-width": 1.6, fill: "none",
                opacity: "0.8" })));
}

export function starIcon(size = 20) {
  return icon(`star|${size}`, () => s("svg", { class: "lb-star", viewBox: "-10 -10 20 20", width: size, height: size,
                    "aria-hidden": "true" },
    s("path", { d: SHAPES.white, fill: "currentColor" })));
}

// ---------------------------------------------------------------- strings

// makeTr and fmt are shared by every game module (/static/js/text.js).
import { makeTr, fmt } from "/static/js/text.js";

export { makeTr, fmt };

// The drawings made of shapes (chips, pawns, names with their colour, log lines), with the
// shapes and hats drawn by `mark(view, colour, size)` and `hat(size)`: inline SVG (the phone's
// vote wheel takes the shapes' paths), or glyphs (`glyphs`, below: the TV and the phone's chips,
// pawns, names and log lines).
function drawing({ mark, hat }) {
  // A colour chip: swatch with shape, plus the translated colour name.
  function chip(view, tr, colour, extra = {}) {
    const { label = true, cls = "" } = extra;
    return h("span", { class: `lb-chip ${cls}`, dataset: { colour } },
      h("span", { class: "lb-swatch", style: { background: fill(view, colour), color: ink(view, colour) } },
        mark(view, colour, 16)),
      label ? h("span", { class: "lb-chip-name" }, colourName(view, tr, colour)) : null);
  }

  // A pawn: officers are tall with a gold cap band, sailors small and round.
  function pawn(view, colour, rank, extra = {}) {
    const el = h("span", {
      class: `lb-pawn lb-${rank} ${extra.cls || ""}`,
      style: { background: fill(view, colour), color: ink(view, colour) },
      dataset: { colour, rank },
      title: extra.title || null,
    }, mark(view, colour, rank === "officer" ? 20 : 15));
    return el;
  }

  // The player's name, as text, with their colour chip.
  function who(view, tr, seat) {
    if (seat === null || seat === undefined) return h("span", { class: "lb-who" }, "?");
    const colour = view.colours[seat];
    return h("span", { class: "lb-who", dataset: { seat: String(seat) } },
      h("span", { class: "lb-swatch", style: { background: fill(view, colour), color: ink(view, colour) } },
        mark(view, colour, 15)),
      h("b", {}, view.players[seat]));
  }

  // One line of text for a log event (public events only).
  function describeEvent(view, tr, e) {
    const W = (seat) => who(view, tr, seat);
    const C = (c) => chip(view, tr, c);
    const R = (r) => tr(`rank.${r}`);
    switch (e.type) {
      case "boat_placed":
        return fmt(tr, "log.boat_placed", { who: W(e.seat), boat: C(e.boat), lane: e.lane,
                                           island: tr(`island.${e.island}`) });
      case "pawn_seated":
        return fmt(tr, "log.pawn_seated", { who: W(e.seat), rank: tr(`rank.a.${e.rank}`), boat: C(e.boat) });
      case "turn_started":
        return fmt(tr, "log.turn_started", { turn: e.turn, who: W(e.start_player) });
      case "phase_skipped":
        return fmt(tr, `log.phase_skipped.${e.reason}`, { phase: tr(`phase.${e.phase}`) });
      case "ballot_opened":
        return e.kind === "eject"
          ? fmt(tr, "log.ballot_opened.eject", { boat: C(e.boat) })
          : fmt(tr, `log.ballot_opened.${e.kind}`, {});
      case "vote_called":
        return fmt(tr, "log.vote_called", { who: W(e.seat) });
      case "voted":
        return fmt(tr, "log.voted", { who: W(e.seat) });
      case "ballot_revealed":
        return fmt(tr, "log.ballot_revealed", { votes: h("span", {}, (e.votes || []).map((v) =>
          h("span", { class: "lb-logvote" }, W(v.seat), " ",
            v.choice === "hat" ? hat(18) : C(v.choice)))) });
      case "ballot_restarted":
        return fmt(tr, "log.ballot_restarted", {});
      case "outcome":
        return fmt(tr, `log.outcome.${e.kind}`, { choice: C(e.choice), boat: e.boat ? C(e.boat) : "",
          how: tr(`resolution.${e.resolution}`, { who: e.decided_by === null || e.decided_by === undefined ? "" : view.players[e.decided_by] }) });
      case "boat_full":
        return fmt(tr, "log.boat_full", { boat: C(e.boat) });
      case "leak_placed":
        return fmt(tr, "log.leak_placed", { boat: C(e.boat), leaks: e.leaks, pawns: e.pawns });
      case "pawn_ejected":
        return fmt(tr, "log.pawn_ejected", { who: W(e.seat), rank: R(e.rank), boat: C(e.boat) });
      case "boat_moved":
        return fmt(tr, "log.boat_moved", { boat: C(e.boat), row: e.row, rows: e.rows });
      case "boat_landed":
        return fmt(tr, "log.boat_landed", { boat: C(e.boat), island: tr(`island.${e.island}`),
                                           place: e.landing_place, n: (e.pawns || []).length });
      case "pawn_left":
        return fmt(tr, "log.pawn_left", { who: W(e.seat), rank: R(e.rank), boat: C(e.boat) });
      case "swim_skipped":
        return fmt(tr, "log.swim_skipped", { who: W(e.seat) });
      case "pawn_boarded":
        return fmt(tr, "log.pawn_boarded", { who: W(e.seat), rank: R(e.rank), boat: C(e.boat) });
      case "pawn_drowned":
        return fmt(tr, `log.pawn_drowned.${e.reason}`, { who: W(e.seat), rank: R(e.rank) });
      case "boat_sank":
        return fmt(tr, "log.boat_sank", { boat: C(e.boat), n: (e.pawns || []).length });
      case "start_player_passed":
        return fmt(tr, "log.start_player_passed", { who: W(e.seat) });
      case "game_over":
        return fmt(tr, "log.game_over", { who: h("span", {}, (e.winners || []).map((w, i) =>
          [i ? " & " : "", W(w)])) });
      default:
        return [e.type];
    }
  }
  return { chip, pawn, who, describeEvent, mark, hat };
}

export const { chip, pawn, who, describeEvent } = drawing({ mark: (view, colour, size) => shape(colour, size), hat: (size) => hatIcon(size) });

// The TV's glyphs: a shape or a hat as the background image of a span (the same paths, in the
// colour's ink), not an inline SVG. The TV shows a hundred of them, and each inline SVG root is
// paint chunks of its own (its viewBox's transform and clip) that every frame's pre-paint, paint
// and layerize walk: the board's 60-90 roots were most of its layerize (issue 24). The image is
// a bitmap drawn once per colour and ink (a canvas, 128 px: at least twice the size of the
// largest glyph on a 4K screen), not an SVG image: an SVG image is drawn again (its document
// painted) each time its box is repainted, as the log's lines are on every update (0.4 ms per
// update), a bitmap is only placed. `glyphs`: the drawings above with glyphs; `glyphs.mark(view,
// colour, size)` a colour's shape, `hatGlyph(width, height, spent)` a hat (spent: the faint one
// of a player's row).
const bitmaps = new Map();
let sheet = null;
// (a class per image, its rule in one stylesheet: a glyph's element carries a short class, not
// the image's kilobytes, and glyphs of one image share their style)
function bitmap(key, width, height, draw) {
  let cls = bitmaps.get(key);
  if (!cls) {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    draw(canvas.getContext("2d"));
    cls = `lb-gi-${bitmaps.size}`;
    if (!sheet || !sheet.isConnected) {
      sheet = document.createElement("style");
      document.head.append(sheet);
    }
    sheet.append(`.${cls} { background: url(${canvas.toDataURL("image/png")}) center / contain no-repeat; }\n`);
    bitmaps.set(key, cls);
  }
  return cls;
}
const GLYPH_PX = 128;

export function glyph(colour, size, colourInk) {
  return icon(`glyph|${colour}|${size}|${colourInk}`, () => h("span", { "aria-hidden": "true", style: {
    display: "inline-block", flex: "none", width: `${size}px`, height: `${size}px` },
    class: ["lb-shape lb-glyph", bitmap(`${colour}|${colourInk}`, GLYPH_PX, GLYPH_PX, (g) => {
      g.scale(GLYPH_PX / 20, GLYPH_PX / 20);
      g.translate(10, 10);
      g.fillStyle = colourInk;
      g.fill(new Path2D(SHAPES[colour] || SHAPES.black), "evenodd");
    })] }));
}

export function hatGlyph(width, height = width * 0.75, spent = false) {
  // (the colours of lifeboats.css's .lb-hat: navy with its gold badge; spent, a faint shadow)
  return icon(`hatglyph|${width}|${height}|${spent}`, () => h("span", { "aria-hidden": "true", style: {
    display: "inline-block", flex: "none", width: `${width}px`, height: `${height}px` },
    class: [`lb-hat lb-glyph${spent ? " spent" : ""}`, bitmap(`hat|${spent}`, GLYPH_PX, GLYPH_PX * 0.75, (g) => {
      g.scale(GLYPH_PX / 32, GLYPH_PX / 32);
      g.fillStyle = spent ? "rgba(0,0,0,0.15)" : "#1b2338";
      g.fill(new Path2D(HAT.brim));
      g.globalAlpha = 0.85;
      g.fill(new Path2D(HAT.crown));
      g.globalAlpha = 1;
      if (!spent) {
        g.fillStyle = "#f5d77a";
        g.beginPath();
        g.arc(16, 9, 2.2, 0, 2 * Math.PI);
        g.fill();
      }
    })] }));
}

export const glyphs = drawing({ mark: (view, colour, size) => glyph(colour, size, ink(view, colour)), hat: (size) => hatGlyph(size) });

export { ensureCss } from "/static/js/dom.js";

// A ballot's or decision's boat: the docs describe the full boat, the engine gives its
// colour; accept both.
export function boatColour(x) {
  if (x === null || x === undefined) return null;
  return typeof x === "string" ? x : x.colour;
}

export function islandOfLane(view, lane) {
  const l = view.lanes.find((x) => x.lane === lane);
  return l ? l.island : null;
}

export function islandValues(view, island) {
  const i = view.islands.find((x) => x.island === island);
  return i ? i.values : { officer: 0, sailor: 0 };
}
