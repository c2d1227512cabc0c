// Game modules' own catalogs: makeTr(strings, ctx) -> tr(key, params) (the page's language,
// English fallback, the key itself when missing so a test can see it), and fmt(tr, key, params)
// to fill {placeholders} with DOM nodes (names with their colour) instead of text.

export function makeTr(strings, ctx) {
  const lang = (ctx && ctx.lang && strings[ctx.lang]) ? ctx.lang : "en";
  const table = strings[lang];
  return (key, params = {}) => {
    let text = table[key];
    if (text === undefined) text = strings.en[key];
    if (text === undefined) return key;
    return text.replace(/\{(\w+)\}/g, (m, p) => (p in params ? String(params[p]) : m));
  };
}

export function fmt(tr, key, params = {}) {
  const text = tr(key, Object.fromEntries(Object.keys(params).map((k) => [k, `\u0000${k}\u0000`])));
  const parts = text.split("\u0000");
  const out = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) { if (part) out.push(part); return; }
    const v = params[part];
    out.push(v instanceof Node ? v : document.createTextNode(String(v)));
  });
  return out;
}
