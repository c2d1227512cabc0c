// i18n: platform catalogs (server/static/i18n/<lang>.json) plus the strings of the game
// module on (its `strings` export), looked up first. Keys are flat ("lobby.start").
// t(key, params) interpolates "{name}"; a missing key falls back to English (when its catalog is
// here: only the language shown is fetched), then to the key.
// A count takes its plural form from the browser's Intl.PluralRules (never "(s)"):
//   "{n, plural, one {# castaway sailed} other {# castaways sailed}} away"
// ("=0 {...}" matches one number exactly; "#" is the count). French text gets a no-break space
// before ":" ";" "!" "?" (and inside « »), so a colon never starts a line (issue 19.12, 19.13).

export const LANGS = ["en", "fr"];
const STORE_KEY = "castaways.lang";

const catalogs = { en: {}, fr: {} };
let gameStrings = { en: {}, fr: {} };
let lang = pickLang();
const listeners = new Set();

export function pickLang() {
  try {
    const kept = localStorage.getItem(STORE_KEY);
    if (LANGS.includes(kept)) return kept;
  } catch (_) { /* private mode */ }
  const wanted = (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"]);
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

// Only the language shown is fetched: the other catalog comes on a switch to it (issue 24: the
// English join page fetched fr.json too). The page's head preloads the same one
// (server/assets.py picks it as pickLang does).
// The phone page carries its catalog in its HTML (server/assets.py, issue 24): no request then.
function carried(code) {
  try {
    const given = JSON.parse(document.getElementById("castaways-catalog")?.textContent || "null");
    return given && given.lang === code && given.strings && typeof given.strings === "object" ? given.strings : null;
  } catch (_) {
    return null;
  }
}

const loading = {};
function loadCatalog(code) {
  const given = loading[code] ? null : carried(code);
  if (given) {
    catalogs[code] = given;
    loading[code] = Promise.resolve();
  }
  if (!loading[code]) {
    // Beside this module: under the page's versioned prefix, so cached for good (server/assets.py).
    loading[code] = fetch(new URL(`../i18n/${code}.json`, import.meta.url))
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((catalog) => { catalogs[code] = catalog; })
      .catch((err) => {
        console.error("i18n: could not load", code, err);
        delete loading[code];      // asked again at the next switch
      });
  }
  return loading[code];
}

export async function loadCatalogs() {
  await loadCatalog(lang);
  document.documentElement.lang = lang;
}

export function getLang() { return lang; }

let switchingTo = null;
/** Switch language (kept in localStorage) once its catalog is here, and tell every listener
 * to re-render. Resolves when the switch is done (or overtaken by a later one). */
export async function setLang(code) {
  if (!LANGS.includes(code)) return;
  switchingTo = code;
  if (code === lang) return;
  await loadCatalog(code);
  if (switchingTo !== code || code === lang) return;    // another switch came meanwhile
  lang = code;
  try { localStorage.setItem(STORE_KEY, code); } catch (_) { /* ignore */ }
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The `strings` export of the game module on ({en: {...}, fr: {...}}), or null. */
export function setGameStrings(strings) {
  gameStrings = { en: {}, fr: {} };
  if (strings && typeof strings === "object") {
    for (const code of Object.keys(strings)) {
      if (strings[code] && typeof strings[code] === "object") gameStrings[code] = { ...strings[code] };
    }
  }
}

function lookup(key, code) {
  const g = gameStrings[code];
  if (g && Object.prototype.hasOwnProperty.call(g, key)) return g[key];
  const c = catalogs[code];
  if (c && Object.prototype.hasOwnProperty.call(c, key)) return c[key];
  return undefined;
}

export function has(key) {
  return lookup(key, lang) !== undefined || lookup(key, "en") !== undefined;
}

export function t(key, params) {
  let text = lookup(key, lang);
  let code = lang;
  if (text === undefined) { text = lookup(key, "en"); code = "en"; }
  if (text === undefined) return key;
  text = String(text);
  // (most words take no params: no expression run over them for nothing)
  if (text.includes("{")) text = interpolate(plurals(text, params, code), params);
  return typography(text, code);
}

const pluralRules = {};
/** The plural category ("one", "other", ...) of `count` in language `code` (Intl.PluralRules). */
export function pluralCategory(code, count) {
  if (!pluralRules[code]) pluralRules[code] = new Intl.PluralRules(code);
  return pluralRules[code].select(Number(count));
}

const PLURAL = /\{(\w+), plural,((?:\s*=?\w+\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const FORM = /\s*(=?\w+)\s*\{((?:[^{}]|\{\w+\})*)\}/g;

/** Every "{name, plural, one {...} other {...}}" of `text` replaced by the form the count
 * params[name] takes in language `code` ("#" becomes the count); left as is without the count. */
export function plurals(text, params, code) {
  if (!text.includes(", plural,")) return text;
  return text.replace(PLURAL, (whole, name, body) => {
    const v = params ? params[name] : undefined;
    if (v === undefined || v === null || v === "" || Number.isNaN(Number(v))) return whole;
    const n = Number(v);
    const forms = {};
    for (const [, sel, form] of body.matchAll(FORM)) forms[sel] = form;
    const form = forms[`=${n}`] ?? forms[pluralCategory(code, n)] ?? forms.other ?? "";
    return form.replace(/#/g, String(v));
  });
}

/** French spacing: a no-break space before : ; ! ? and inside « » (a plain space becomes one). */
export function typography(text, code) {
  if (code !== "fr" || typeof text !== "string") return text;
  return text.replace(/ ([:;!?»])/g, "\u00a0$1").replace(/« /g, "«\u00a0");
}

function interpolate(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (
    Object.prototype.hasOwnProperty.call(params, name) && params[name] !== null && params[name] !== undefined
      ? String(params[name]) : whole));
}

/**
 * Readable text for a server `error` object {code, params, message}: the catalog's
 * "error.<code>" with params; for an engine refusal (illegal_action) the engine's own code
 * is tried first ("error.<engine code>" in the game module's or platform strings); the
 * English `message` is the fallback.
 */
export function errorText(error) {
  if (!error || typeof error !== "object") return t("error.unknown");
  const params = { ...(error.params || {}) };
  if (error.code === "illegal_action") {
    const engineCode = params.engine_code || params.code;
    if (engineCode && has(`error.${engineCode}`)) return t(`error.${engineCode}`, params);
    if (params.message === undefined) params.message = error.message || "";
  }
  if (error.code && has(`error.${error.code}`)) return t(`error.${error.code}`, params);
  return error.message || t("error.unknown");
}
