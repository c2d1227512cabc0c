// The socket connection, shared by both pages.
//  - `auth` is a function, called again on every (re)connect, so a token or room learnt
//    after the first connection is presented next time (docs/protocol.md, "connecting").
//  - Socket.IO's own retry handles network errors. Phones also lose sockets silently when
//    the screen sleeps (iOS), so coming back to the page (visibilitychange / pageshow) forces
//    a fresh connection when the page was hidden a while or the socket is down (a connection
//    under way is left to finish); the server answers every connection with the full picture,
//    so this costs nothing.
//  - The room code also goes in every request's URL (`/socket.io/?room=CODE&...`: the
//    handshake, the WebSocket, each long-polling request, every reconnection), read from
//    `auth()` before each (re)connection: a proxy in front of a hosted site routes by it
//    (docs/hosting.md); a single server ignores it.
//  - request(event, payload, timeoutMs, { late }) emits with an acknowledgement and a timeout
//    and always resolves to the server's `{ok, ...}` reply (a timeout becomes {ok: false,
//    error: {code: "timeout"}}). A reply that comes after its timeout on the same connection
//    still goes to `late(reply)`: a slow server has done what was asked (a join: the phone's
//    seat and token). A request whose connection closes resolves as a timeout at once; its
//    reply, if the server sent one, went with the connection (a join then stays unanswered:
//    the server would have to recognise the retried join).
//  - requestWhenConnected(event, payload, connectMs, { late }): request() once the socket is
//    connected (the timeout counting from then); not connected within connectMs: the timeout's
//    reply.
import { io } from "/static/vendor/socket.io/socket.io.esm.min.js";

const HIDDEN_RECONNECT_MS = 2000;
export const ACK_TIMEOUT_MS = 8000;
// Refusals that waiting can cure (their message says "try again"): the page asks again by
// itself, 3 s after the first, then doubling up to 20 s (with a little jitter, so a crowd
// refused together does not come back together). Any other refusal (unknown_room,
// bad_payload...) is final: no retry until the page asks (reconnect()).
export const TEMPORARY_REFUSALS = new Set([
  "too_many_visitors", "server_full", "too_many_rooms", "internal", "room_moved", "rate_limited",
]);
const RETRY_FIRST_MS = 3000;
const RETRY_MAX_MS = 20000;

/**
 * connect({auth, on: {event: handler}, onStatus(status, detail)})
 * status: "connecting" | "connected" | "reconnecting" | "refused" (server said no; detail =
 * the connect_error data, e.g. {code: "unknown_room"}, plus `retryIn` (ms) for a temporary
 * refusal, which is asked again by itself; the same temporary refusal again is reported once).
 */
export function connect({ auth, on = {}, onStatus = () => {} }) {
  const route = () => {
    const a = auth();
    return a && a.room ? { room: a.room } : {};
  };
  const socket = io({
    auth: (cb) => cb(auth()),
    query: route(),
    transports: ["websocket", "polling"],
    reconnection: true,
    reconnectionDelay: 500,
    // At most 1 s (+-50%) between tries: a hosted site's room is back on another process
    // about 2 s after its process died (the lease's end, docs/hosting.md); with 2 s the
    // backoff alone could add up to 3 s to that (a try just before the room is back, the
    // next one 2 s +-1 s later), and the pages missed their 5 s.
    reconnectionDelayMax: 1000,
    timeout: 8000,
  });
  const reroute = () => { socket.io.opts.query = route(); };
  socket.io.on("reconnect_attempt", reroute);
  // A connection under way (its transport opening, or open with our CONNECT not answered yet)
  // is left to finish. socket.connect() then sends a second CONNECT on the same transport; the
  // server refuses it ("Unable to connect"), and Socket.IO drops the socket while it still
  // reports it connected: nothing came in or went out any more. A phone's first `pageshow`
  // (at its load) fell in that window now and then, and its "Join" was never heard.
  const underWay = () => {
    const engine = socket.io.engine;
    return Boolean(engine) && !socket.connected && (engine.readyState === "opening" || engine.readyState === "open");
  };
  // Once the transport is open nothing times our CONNECT out (Socket.IO's `timeout` is the
  // transport's): one never answered (a packet lost by a proxy, a server stuck) would leave the
  // page "connecting" for as long as the transport lives. Past this, the next try (the page
  // shown again, back online) starts a fresh transport, never a second CONNECT on this one.
  const STALE_CONNECT_MS = 10000;
  let transportOpenAt = 0;
  socket.io.on("open", () => { transportOpenAt = Date.now(); });
  const stale = () => {
    const engine = socket.io.engine;
    return Boolean(engine) && !socket.connected && engine.readyState === "open" && Date.now() - transportOpenAt > STALE_CONNECT_MS;
  };
  const open = () => {
    if (stale()) socket.disconnect();
    else if (underWay()) return;
    reroute();
    socket.connect();
  };
  let everConnected = false;
  let refused = false;          // a final refusal: no more tries until reconnect()
  let retryTimer = null;        // a temporary refusal: the next try
  let retryDelay = RETRY_FIRST_MS;
  let lastRefusal = null;       // its code, so that a refusal repeated is reported once
  const stopRetry = () => { clearTimeout(retryTimer); retryTimer = null; };
  const resetRetry = () => { stopRetry(); retryDelay = RETRY_FIRST_MS; lastRefusal = null; };

  onStatus("connecting");
  socket.on("connect", () => {
    everConnected = true;
    refused = false;
    resetRetry();
    onStatus("connected");
  });
  socket.on("disconnect", (reason) => {
    onStatus(refused ? "refused" : "reconnecting", { reason });
    // The server closed us (a room closed while idle...): Socket.IO will not retry by itself.
    // Ask again: a table gets a new room, a phone is told "unknown_room". (A kicked phone has
    // closed the connection itself before this.)
    if (reason === "io server disconnect" && !refused) {
      setTimeout(() => { if (!refused && !socket.connected) open(); }, 1000);
    }
  });
  socket.on("connect_error", (err) => {
    if (socket.connected) {
      // A CONNECT refused on a connection that was up: Socket.IO has dropped the socket but
      // still says connected, and would neither hear nor send anything again. Start afresh.
      console.warn("castaways: the connection was refused while up; connecting again", err && err.message);
      socket.disconnect();
      open();
      return;
    }
    const code = err && err.data && err.data.code;
    if (code && TEMPORARY_REFUSALS.has(code)) {
      const wait = retryDelay * (0.9 + 0.2 * Math.random());
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
      stopRetry();
      retryTimer = setTimeout(() => { retryTimer = null; if (!refused && !socket.connected) open(); }, wait);
      if (code !== lastRefusal) onStatus("refused", { ...err.data, retryIn: Math.round(wait) });
      lastRefusal = code;
    } else if (code) {
      refused = true;
      resetRetry();
      onStatus("refused", err.data);
    } else {
      onStatus(everConnected ? "reconnecting" : "connecting", { reason: String(err && err.message) });
    }
  });
  for (const [event, handler] of Object.entries(on)) socket.on(event, handler);

  let hiddenAt = null;
  const revive = (force) => {
    if (refused) return;
    if (!socket.connected) {
      stopRetry();          // coming back to the page: try now rather than at the next retry
      open();
    } else if (force) {
      socket.disconnect();
      open();
    }
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      hiddenAt = Date.now();
    } else {
      const away = hiddenAt === null ? 0 : Date.now() - hiddenAt;
      hiddenAt = null;
      revive(away > HIDDEN_RECONNECT_MS);
    }
  });
  window.addEventListener("pageshow", (event) => revive(Boolean(event.persisted)));
  window.addEventListener("online", () => revive(false));

  const timedOut = () => ({ ok: false, error: { code: "timeout", params: {}, message: "The server did not answer." } });

  // Not Socket.IO's own ack timeout (socket.timeout()): it drops a reply that comes after it,
  // and a join answered late by a loaded server was lost that way (the server had seated the
  // phone, the phone stayed on its join form, its name taken by itself). The timer is ours,
  // and the ack stays registered for `late`.
  function request(event, payload = {}, timeoutMs = ACK_TIMEOUT_MS, { late = null } = {}) {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (reply) => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        socket.off("disconnect", lost);
        resolve(reply);
        return true;
      };
      // Sent on a connection that then closed: its answer went with it, none will come (a
      // request buffered while disconnected is sent on the next connection, and waits).
      const sent = socket.connected;
      const lost = () => { if (sent) settle(timedOut()); };
      const timer = setTimeout(() => settle(timedOut()), timeoutMs);
      socket.on("disconnect", lost);
      socket.emit(event, payload, (reply) => {
        const answer = reply && typeof reply === "object" ? reply
          : { ok: false, error: { code: "internal", params: {}, message: "Unexpected reply." } };
        if (!settle(answer) && late) late(answer);
      });
    });
  }

  // request(), sent once the socket is connected (at once if it is): the answer's timeout
  // counts from the connection; no connection within `connectMs` is a timeout too (nothing
  // was sent: no late reply).
  async function requestWhenConnected(event, payload, connectMs, options = {}) {
    const connected = socket.connected || await new Promise((resolve) => {
      const done = (ok) => { clearTimeout(timer); socket.off("connect", onConnect); resolve(ok); };
      const onConnect = () => done(true);
      const timer = setTimeout(() => done(false), connectMs);
      socket.on("connect", onConnect);
    });
    return connected ? request(event, payload, ACK_TIMEOUT_MS, options) : timedOut();
  }

  return {
    socket,
    request,
    requestWhenConnected,
    /** Reconnect now (after a token change, e.g. once kicked or after leaving). */
    reconnect() { refused = false; resetRetry(); socket.disconnect(); open(); },
    close() { refused = true; resetRetry(); socket.disconnect(); },
  };
}
