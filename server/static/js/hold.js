// A phone choosing during a window countdown holds the window open (docs/protocol.md, `hold`
// and `release`): while `open` is true it sends `hold` (again every 15 s, the server gives
// 20 s each time, capped), and when it turns false without an action sent, `release`. The
// seat's own action ends its hold on the server by itself. One holder per page module root.
//
//   const holder = windowHolder();
//   holder.update(open, msg)     // on every draw: open = a choice is being made now
//   holder.acted()               // the page sent an action (no release needed)

const RENEW_MS = 15000;

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
  return {
    update(open, msg) {
      last = msg;
      const on = Boolean(open && msg && msg.deadline && msg.countdown === "window");
      if (on && !holding) {
        holding = true;
        ask("hold");
        timer = setInterval(() => ask("hold"), RENEW_MS);
      } else if (!on && holding) {
        holding = false;
        clearInterval(timer);
        if (!acted) ask("release");
      }
      acted = false;
    },
    acted() { acted = true; },
  };
}
