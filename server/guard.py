"""What one socket may cost the server, checked on every Socket.IO packet before it is decoded
or handled (server.events installs it on the Socket.IO server).

- Rate: a token bucket per socket (Config.flood_rate a second, Config.flood_burst at once).
  A packet beyond it is not handled: an event gets the `rate_limited` refusal (cheap, never a
  game resend). Refusals are a debt that drains at the same rate; a socket whose debt passes
  Config.flood_debt is flooding and is disconnected. A token bucket rather than a library
  (e.g. `limits`): it is a few lines, keeps its state with the socket, reads the hub's clock
  (tests drive it), and needs no background expiry thread (a real thread under unpatched
  gevent).
- Garbage: a packet the Socket.IO library cannot make sense of (bad JSON, unknown packet type,
  a stray binary frame) is logged as one warning line, once per socket and at most
  LOG_BURST lines a minute for all sockets. Anything that failed inside our own code is a bug
  and keeps its full traceback. Over long polling, Engine.IO decodes a POST's packets itself
  and logs a traceback when it cannot (bad UTF-8, base64 or packet type, too many packets):
  PollingGarbage turns those records into the same one-line warning.
"""
import logging
import os
import traceback
from urllib.parse import parse_qs
from dataclasses import dataclass

from server.errors import ServerError
from server.hub import log

OUR_CODE = os.path.dirname(os.path.abspath(__file__)) + os.sep
LOG_BURST = 10          # garbage/flood warning lines per LOG_WINDOW, for all sockets together
LOG_WINDOW = 60.0
MAX_ATTACHMENTS = 16


@dataclass
class Budget:
    tokens: float
    at: float
    debt: float = 0.0
    warned: bool = False
    skip: int = 0             # binary attachments still to come of a refused binary event


class Guard:
    def __init__(self, hub):
        self.hub = hub
        self.config = hub.config
        self.sockets = {}       # eio sid -> Budget
        self.log_lines = 0
        self.log_since = None
        self.log_dropped = 0

    # -- rate -------------------------------------------------------------------------------
    def spend(self, eio_sid):
        """'ok' when the packet may be handled, 'limited' when it must be refused, 'flood'
        when the socket must go."""
        now = self.hub.now()
        budget = self.sockets.get(eio_sid)
        if budget is None:
            budget = self.sockets[eio_sid] = Budget(tokens=self.config.flood_burst, at=now)
        refill = max(0.0, now - budget.at) * self.config.flood_rate
        budget.at = now
        budget.tokens = min(self.config.flood_burst, budget.tokens + refill)
        budget.debt = max(0.0, budget.debt - refill)
        if budget.tokens >= 1.0:
            budget.tokens -= 1.0
            return "ok"
        budget.debt += 1.0
        return "flood" if budget.debt > self.config.flood_debt else "limited"

    def refused_binary(self, eio_sid, attachments):
        """A refused binary event: its attachments, sent as the next binary messages, are
        dropped with it (at most MAX_ATTACHMENTS: the pages never send any)."""
        budget = self.sockets.get(eio_sid)
        if budget is not None:
            budget.skip = min(MAX_ATTACHMENTS, budget.skip + max(0, attachments))

    def skips(self, eio_sid, data):
        """Is `data` an attachment of a refused binary event (dropped without a cost)?"""
        budget = self.sockets.get(eio_sid)
        if budget is None or not budget.skip or not isinstance(data, bytes):
            return False
        budget.skip -= 1
        return True

    def retry_ms(self, eio_sid):
        budget = self.sockets.get(eio_sid)
        missing = 1.0 - budget.tokens if budget else 1.0
        return max(1, int(1000 * missing / self.config.flood_rate))

    def forget(self, eio_sid):
        self.sockets.pop(eio_sid, None)

    # -- logs ---------------------------------------------------------------------------------
    def warn_once(self, eio_sid, message, *args):
        """One warning line per socket, within the global log budget."""
        budget = self.sockets.get(eio_sid)
        if budget is not None:
            if budget.warned:
                return
            budget.warned = True
        now = self.hub.now()
        if self.log_since is None or now - self.log_since >= LOG_WINDOW:
            if self.log_dropped:
                log.warning("%d more warnings about misbehaving sockets were not logged",
                            self.log_dropped)
            self.log_since, self.log_lines, self.log_dropped = now, 0, 0
        if self.log_lines >= LOG_BURST:
            self.log_dropped += 1
            return
        self.log_lines += 1
        log.warning(message, *args)


class PollingGarbage(logging.Filter):
    """On engineio's logger: its "post request handler error" record (a traceback, for a POST
    body it could not decode) becomes one warning line through Guard.warn_once."""
    MESSAGE = "post request handler error"

    def __init__(self, guard):
        super().__init__()
        self.guard = guard

    def filter(self, record):
        if record.msg != self.MESSAGE or not record.exc_info:
            return True
        exc = record.exc_info[1]
        if is_ours(exc):
            return True             # a bug of ours: keep the traceback
        environ = _environ_of(exc)
        sid = parse_qs(environ.get("QUERY_STRING", "")).get("sid", ["?"])[0]
        self.guard.warn_once(sid, "ignored malformed long-polling packets from %s (%s) "
                             "(%s: %.100s)", environ.get("REMOTE_ADDR", "?"), sid,
                             type(exc).__name__, exc)
        return False

    @classmethod
    def install(cls, logger, guard):
        """One such filter per logger (each app built in a process replaces the last)."""
        for old in [f for f in logger.filters if isinstance(f, cls)]:
            logger.removeFilter(old)
        logger.addFilter(cls(guard))


def _environ_of(exc):
    """The WSGI environ of the request that failed, from the frames it failed in."""
    tb = exc.__traceback__
    while tb is not None:
        environ = tb.tb_frame.f_locals.get("environ")
        if isinstance(environ, dict):
            return environ
        tb = tb.tb_next
    return {}


def is_ours(exc, wrappers=()):
    """Did the failure happen in our code (a bug), rather than in the library refusing the
    bytes it was given (garbage)? `wrappers`: the names of our functions that only pass the
    packet on to the library."""
    return any(frame.filename.startswith(OUR_CODE) and frame.name not in wrappers
               for frame in traceback.extract_tb(exc.__traceback__))


def rate_limited(retry_ms):
    return ServerError("rate_limited", retry_ms=retry_ms)
