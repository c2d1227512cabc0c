// Page state that belongs to one game. A module keeps memory between renders (the log it has
// seen, the last fight, a pick on a wheel, an open sheet), but that memory belongs to one game,
// not to the page element that shows it: a rematch (or Back to the lobby, then Start) renders
// into the same root, so memory kept per root outlives its game. gameMemory() keys it by the
// game: the room code, the game's kind and the `match` the server gives every start
// (docs/protocol.md), so a new game always begins with fresh memory.
//
// A game's memory may hold timers (a countdown's ticker, a held window's renewal, observers).
// A module learns its game is over only when it draws another one; back in the lobby, or with
// another game's module in the root, it is never drawn again. So the page that owns the root
// (ui.js's game stage) ends its games when they go: endGames(root) disposes every module's
// memory of that root at once.

/** The key of the game a `game` payload belongs to ("CODE/lifeboat/3"). */
export function gameKey(msg, ctx) {
  const code = (ctx && ctx.room && ctx.room.code) || "";
  const match = msg && msg.match !== undefined && msg.match !== null ? msg.match : "";
  return `${code}/${msg ? msg.game : ""}/${match}`;
}

/** Whether the page's payload `held` is of another game than `msg` (none held: another game):
 * a new game on the page (start, rematch), or a reply of a game gone from it. */
export function otherGame(held, msg, ctx) {
  return !held || gameKey(held, ctx) !== gameKey(msg, ctx);
}

/**
 * gameMemory(init, dispose?) -> mem(root, msg, ctx): the state of the game `msg` belongs to,
 * made by init() the first time that game is rendered into `root`. When another game comes
 * to the same root, the old state is dropped (dispose(old, its gameKey) first: stop its timers).
 */
export function gameMemory(init, dispose = null) {
  const held = new WeakMap();   // root -> {key, state}: only the current game of each root
  const close = (root) => {
    const entry = held.get(root);
    held.delete(root);
    if (entry) over.add(entry.state);
    if (entry && dispose) {
      try { dispose(entry.state, entry.key); } catch (_) { /* an old timer already gone */ }
    }
  };
  return (root, msg, ctx) => {
    const key = gameKey(msg, ctx);
    let entry = held.get(root);
    if (!entry || entry.key !== key) {
      if (entry) close(root);
      entry = { key, state: init() };
      held.set(root, entry);
      let open = closers.get(root);
      if (!open) closers.set(root, (open = new Set()));
      open.add(close);
    }
    return entry.state;
  };
}

// root -> the closers of the gameMemory stores that hold a game's state for it
const closers = new WeakMap();
// the states of games gone (disposed)
const over = new WeakSet();

/**
 * ended(state): whether this game's memory was ended (its game gone). What a module draws later
 * from a memory (a reply to an action sent, a font or card data loaded) checks it first: a late
 * reply to a move of a game the host has just ended would draw that game again, its ticker and
 * all, into a root the page no longer shows (or over the new game).
 */
export function ended(state) { return over.has(state); }

/**
 * endGames(root): the game drawn in `root` is gone (the page is back in the lobby, or another
 * game takes the root): every module's memory of it is disposed now, its timers stopped, rather
 * than at a next draw that may never come.
 */
export function endGames(root) {
  const open = closers.get(root);
  if (!open) return;
  closers.delete(root);
  for (const close of open) close(root);
}
