// What every game's strings.js exports to the shared catalog: its page texts under "<game>."
// (so they never shadow a platform key), plus the lobby's keys for that game, plus the option
// texts every game shares (the TV's reveal length). The games import this file by a relative
// path so that node can read a catalog on its own (the catalog parity tests do).

const SHARED_OPTIONS = {
  en: {
    "reveal_seconds": "Reveals on the TV (seconds, at most)",
    "reveal_seconds.hint": "A reveal takes the whole TV: about a second per vote, then the outcome, never longer than this. The game does not wait for it. 0: no full-screen reveal.",
  },
  fr: {
    "reveal_seconds": "Révélations sur la télé (secondes, au plus)",
    "reveal_seconds.hint": "Une révélation prend toute la télé : environ une seconde par vote, puis le résultat, jamais plus longtemps. Le jeu ne l'attend pas. 0 : pas de révélation en plein écran.",
  },
};

const prefixed = (prefix, texts) =>
  Object.fromEntries(Object.entries(texts).map(([k, v]) => [`${prefix}${k}`, v]));

/** The catalog a game's page modules export: `table` (its texts by language) under "<game>.",
 * the shared option texts under "options.<game>.", then `lobby` (its own lobby keys). */
export function gameCatalog(game, table, lobby) {
  return Object.fromEntries(Object.entries(table).map(([lang, texts]) => [lang, {
    ...prefixed(`${game}.`, texts),
    ...prefixed(`options.${game}.`, SHARED_OPTIONS[lang] || {}),
    ...(lobby[lang] || {}),
  }]));
}
