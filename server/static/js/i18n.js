// i18n: platform catalogs (server/static/i18n/<lang>.json) plus the strings of the game
// module on (its `strings` export), looked up first. Keys are flat ("lobby.start").
// t(key, params) interpolates "{name}"; a missing key falls back to English, then to the key.

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

export async function loadCatalogs() {
  await Promise.all(LANGS.map(async (code) => {
    try {
      // Beside this module: under the page's versioned prefix, so cached for good (server/assets.py).
      const res = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));
      if (res.ok) catalogs[code] = await res.json();
    } catch (err) {
      console.error("i18n: could not load", code, err);
    }
  }));
  document.documentElement.lang = lang;
}

export function getLang() { return lang; }

/** Switch language (kept in localStorage) and tell every listener to re-render. */
export function setLang(code) {
  if (!LANGS.includes(code) || code === lang) return;
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
  if (text === undefined) text = lookup(key, "en");
  if (text === undefined) return key;
  return interpolate(String(text), params);
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
