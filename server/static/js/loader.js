// Loads the page module of a game: /table/games/<id>.js on the TV, /phone/games/<id>.js on
// the phone. A game without a module (or whose module fails to load) gets the generic
// renderer. Modules are cached; a module missing `render` is treated as absent.
import { genericModule } from "./generic.js";

const cache = new Map();

export function loadGameModule(page, id) {
  const key = `${page}/${id}`;
  if (!cache.has(key)) cache.set(key, load(page, id));
  return cache.get(key);
}

async function load(page, id) {
  if (!/^[a-z0-9_-]{1,40}$/.test(String(id))) return genericModule(page);
  try {
    const mod = await import(`/${page}/games/${id}.js`);
    if (typeof mod.render !== "function") throw new Error("module has no render()");
    return { strings: mod.strings || {}, render: mod.render, generic: false };
  } catch (err) {
    console.info(`castaways: no ${page} module for "${id}" (${err && err.message}); using the generic renderer`);
    return genericModule(page);
  }
}
