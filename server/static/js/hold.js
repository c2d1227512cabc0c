// A phone choosing during a window countdown holds the window open (docs/protocol.md, `hold`
// and `release`): while `open` is true it sends `hold` (again every 15 s, the server gives
// 20 s each time, capped), and when it turns false without an action sent, `release`. The
// seat's own action ends its hold on the server by itself. One holder per page module root.
//
//   const holder = windowHolder();
//   holder.update(open, msg)     // on every draw: open = a choice is being made now
//   holder.acted()               // the page sent an action (no release needed)
//   holder.stop()                // its game is gone (the module's gameMemory dispose)
import { gameKey } from "./gamekey.js";

const RENEW_MS = 15000;

// Whether the page has moved on from the game of `msg`: back in the lobby, or another game.
// The module that holds is not drawn again then (the lobby or another game's module is), so
// nothing would call update() to end the hold: the renewal asks the page itself.
// controller_web/phone.js keeps the last `game` payload in window.castaways.state (ui.js
// roomFlow: null back in the lobby, the new game's at a start or rematch). A page that keeps
// no such state (a preview) cannot tell: it is left to update() and stop().
function gameGone(msg) {
  const state = window.castaways && window.castaways.state;
  if (!state || !("game" in state)) return false;
  const ctx = { room: state.room };
  return !state.game || gameKey(state.game, ctx) !== gameKey(msg, ctx);
}

export function windowHolder() {
  let holding = false;
  let timer = null;
  let acted = false;
  let last = null;
  const ask = (event) => {
    const net = window.castaways && window.castaways.net;
    if (!net || typeof net.request !== "function" || !last) return;
    Promise.resolve(net.request(event, { version: last.version })).catch(() => null);
  };
  // No release when the game is gone: the server dropped the hold with the game's countdown
  // (room.deadline, holds and all: server/timers.py update keeps none outside a game, which
  // end_game's commit runs, and server/play.py _new_game starts with none), and a late `hold`
  // is refused (server/events.py _holding_seat: not_playing in the lobby, stale_version in
  // another game, with the whole view resent each time).
  const stop = () => {
    holding = false;
    clearInterval(timer);
    timer = null;
  };
  const renew = () => {
    if (gameGone(last)) stop();
    else ask("hold");
  };
  return {
    update(open, msg) {
      last = msg;
      const on = Boolean(open && msg && msg.deadline && msg.countdown === "window");
      if (on && !holding) {
        holding = true;
        ask("hold");
        timer = setInterval(renew, RENEW_MS);
      } else if (!on && holding) {
        stop();
        if (!acted) ask("release");
      }
      acted = false;
    },
    acted() { acted = true; },
    stop,
  };
}
