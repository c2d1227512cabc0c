// Page state that belongs to one game. A module keeps memory between renders (the log it has
// seen, the last fight, a pick on a wheel, an open sheet), but that memory belongs to one game,
// not to the page element that shows it: a rematch (or Back to the lobby, then Start) renders
// into the same root, so memory kept per root outlives its game. gameMemory() keys it by the
// game: the room code, the game's kind and the `match` the server gives every start
// (docs/protocol.md), so a new game always begins with fresh memory.

/** The key of the game a `game` payload belongs to ("CODE/lifeboat/3"). */
export function gameKey(msg, ctx) {
  const code = (ctx && ctx.room && ctx.room.code) || "";
  const match = msg && msg.match !== undefined && msg.match !== null ? msg.match : "";
  return `${code}/${msg ? msg.game : ""}/${match}`;
}

/**
 * gameMemory(init, dispose?) -> mem(root, msg, ctx): the state of the game `msg` belongs to,
 * made by init() the first time that game is rendered into `root`. When another game comes
 * to the same root, the old state is dropped (dispose(old) first: stop its timers).
 */
export function gameMemory(init, dispose = null) {
  const held = new WeakMap();   // root -> {key, state}: only the current game of each root
  return (root, msg, ctx) => {
    const key = gameKey(msg, ctx);
    let entry = held.get(root);
    if (!entry || entry.key !== key) {
      if (entry && dispose) {
        try { dispose(entry.state); } catch (_) { /* an old timer already gone */ }
      }
      entry = { key, state: init() };
      held.set(root, entry);
    }
    return entry.state;
  };
}
