// Loads the page module of a game: /table/games/<id>.js on the TV, /phone/games/<id>.js on
// the phone. A game without a module (or whose module fails to load) gets the generic
// renderer. Modules are cached; a module missing `render` is treated as absent. `available`
// comes from the room payload's game info (`pages`): a game the server says has no module
// gets the generic renderer without a request (no 404 in the console).
// The generic renderer is imported only when a game needs it: a page's first load (the phone's
// join form) neither fetches nor preloads it (issue 24).

const cache = new Map();

const generic = (page) => import("./generic.js").then((m) => m.genericModule(page));

export function loadGameModule(page, id, available = true) {
  const key = `${page}/${id}`;
  if (!cache.has(key)) cache.set(key, available ? load(page, id) : generic(page));
  return cache.get(key);
}

async function load(page, id) {
  if (!/^[a-z0-9_-]{1,40}$/.test(String(id))) return generic(page);
  try {
    const mod = await import(`/${page}/games/${id}.js`);
    if (typeof mod.render !== "function") throw new Error("module has no render()");
    return { strings: mod.strings || {}, render: mod.render, generic: false, fit: mod.fit || null,
      seatColour: typeof mod.seatColour === "function" ? mod.seatColour : null };
  } catch (err) {
    console.info(`castaways: no ${page} module for "${id}" (${err && err.message}); using the generic renderer`);
    return generic(page);
  }
}
