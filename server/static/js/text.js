// Game modules' own catalogs: makeTr(strings, ctx) -> tr(key, params) (the page's language,
// English fallback, the key itself when missing so a test can see it), and fmt(tr, key, params)
// to fill {placeholders} with DOM nodes (names with their colour) instead of text.
// Counts take their plural forms and French its spacing in the shared layer (i18n.js).
import { plurals, typography } from "./i18n.js";

// A module draws its whole page on every update, so it asks for the same words with the same
// params again and again (a log's lines, a caption, a seat's name): each answer is kept per
// language table, under the key and the params it was asked with, when every param is a string
// or a number (fmt's placeholders, a count, a name), not worked out again by the regular
// expressions (plural forms, placeholders, French spacing) on every update (issue 24).
const said = new WeakMap();   // a language's table -> Map(key and params -> text)
const SAID_MOST = 2000;       // (a long evening's names and counts: emptied past this)

export function makeTr(strings, ctx) {
  const lang = (ctx && ctx.lang && strings[ctx.lang]) ? ctx.lang : "en";
  const table = strings[lang];
  let memo = table && typeof table === "object" ? said.get(table) : new Map();
  if (!memo) { memo = new Map(); said.set(table, memo); }
  return (key, params = {}) => {
    let ask = key;
    for (const p in params) {
      const v = params[p];
      if (typeof v !== "string" && typeof v !== "number") { ask = null; break; }
      ask += `\u0001${p}\u0002${v}`;
    }
    if (ask !== null) {
      const known = memo.get(ask);
      if (known !== undefined) return known;
    }
    let text = table[key];
    let code = lang;
    if (text === undefined) { text = strings.en[key]; code = "en"; }
    if (text === undefined) return key;
    text = plurals(text, params, code);
    text = typography(text.replace(/\{(\w+)\}/g, (m, p) => (p in params ? String(params[p]) : m)), code);
    if (ask !== null) {
      if (memo.size >= SAID_MOST) memo.clear();
      memo.set(ask, text);
    }
    return text;
  };
}

export function fmt(tr, key, params = {}) {
  // A number goes in as itself: it picks the plural form of its words.
  const text = tr(key, Object.fromEntries(Object.keys(params).map((k) => [k,
    typeof params[k] === "number" ? params[k] : `\u0000${k}\u0000`])));
  const parts = text.split("\u0000");
  const out = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) { if (part) out.push(part); return; }
    const v = params[part];
    if (!(v instanceof Node)) { out.push(document.createTextNode(String(v))); return; }
    // A line may break after a chip (an inline block) like after a word: the punctuation that
    // follows it goes with it, never alone at the start of the next line ("You voted [Purple]
    // / .").
    const stuck = STUCK.exec(parts[i + 1] || "");
    if (!stuck) { out.push(v); return; }
    parts[i + 1] = parts[i + 1].slice(stuck[0].length);
    out.push(stuckTo(v, stuck[0]));
  });
  return out;
}

/** A chip and the punctuation that follows it ("," "." or none), in one box a line never
 * breaks inside: a line may break after a chip (an inline block) as after a word. */
export function stuckTo(chip, punctuation) {
  const span = document.createElement("span");
  span.style.whiteSpace = "nowrap";
  span.append(chip, punctuation);
  return span;
}

// punctuation that closes on what comes before it (French puts a narrow no-break space first)
const STUCK = /^[\u00a0\u202f]?[.,;:!?\u2026\u00bb)]+/;
