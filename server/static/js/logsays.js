// Whether each event of a game's log says something (has a sentence on the TV's log), asked once
// per event: a TV shows its log's last lines, and an event that says nothing is skipped. Asking
// means building the sentence, so the answer is kept by the event's place in the game's log
// (a number that grows with the log), never per update. Each game picks its own lines with it.
//
//   const says = saysCache();            // in a game's memory (gamekey.js)
//   says.says(n, () => describe(e))      // -> boolean, asked only the first time for n
//   says.prune(first, kept)              // forget the places before `first` (the log keeps
//                                        // `kept` events) once the cache has grown well past it

/** A cache of "does the event at this place of the log say something". */
export function saysCache() {
  const known = new Map();   // place in the game's log -> whether its event says something
  return {
    says(n, ask) {
      let says = known.get(n);
      if (says === undefined) known.set(n, says = Boolean(ask()));
      return says;
    },
    prune(first, kept) {
      if (known.size > 4 * kept + 40) for (const n of known.keys()) if (n < first) known.delete(n);
    },
    get size() { return known.size; },
  };
}
