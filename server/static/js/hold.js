// A phone choosing during a window countdown holds the window open (docs/protocol.md, `hold`
// and `release`): while `open` is true it sends `hold` (again every 15 s, the server gives
// 20 s each time, capped), and when it turns false without an action sent, `release`. The
// seat's own action ends its hold on the server by itself. One holder per page module root.
//
//   const holder = windowHolder();
//   holder.update(open, msg, ctx.request)   // on every draw: open = a choice is being made now
//   holder.acted()               // the page sent an action (no release needed)
//   holder.stop()                // its game is gone (the module's gameMemory dispose)
//
// The module that holds is not drawn again once its game is gone (back in the lobby, another
// game), so nothing would call update() to end the hold: the page's game stage ends the game's
// memory then (gamekey.js endGames), whose dispose calls stop().

const RENEW_MS = 15000;

export function windowHolder() {
  let holding = false;
  let timer = null;
  let acted = false;
  let last = null;
  let request = null;     // the page's, from the module's ctx (a preview has none: nothing sent)
  const ask = (event) => {
    if (typeof request !== "function" || !last) return;
    Promise.resolve(request(event, { version: last.version })).catch(() => null);
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
  return {
    update(open, msg, send) {
      last = msg;
      request = send;
      const on = Boolean(open && msg && msg.deadline && msg.countdown === "window");
      if (on && !holding) {
        holding = true;
        ask("hold");
        timer = setInterval(() => ask("hold"), RENEW_MS);
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
