"""How the `castaways` command serves connections in each async mode: how many at once, and how
long a client may take to send its request line and headers. Used only by server.__main__ (the
entry point): like it, this is the one place that knows the async libraries, each imported
only in its own mode.

- Ceiling: eventlet's WSGI server serves 1,024 connections by default (its GreenPool); the
  process also needs a file descriptor per connection (RLIMIT_NOFILE, often 1,024 soft). Both
  are raised to `max_connections` (bounded by the hard descriptor limit).
- Slow clients: a connection that has not sent its whole request line and headers within
  `header_seconds` is dropped (eventlet.Timeout / gevent.Timeout around them; in threading
  mode a watchdog thread shuts the socket). Once the headers are in, nothing changes: a
  WebSocket or a long poll lives as long as it likes.
"""
import logging
import socket
import threading
import time

from server import nodelay

log = logging.getLogger("castaways")
FD_SPARE = 64          # descriptors kept for the database, logs, the listener, epoll...


def raise_fd_limit(wanted):
    """Raise the soft RLIMIT_NOFILE towards `wanted` (never above the hard limit); returns the
    soft limit in force."""
    try:
        import resource
    except ImportError:            # Windows: no such limit
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):      # e.g. macOS caps it at OPEN_MAX
            pass
    return soft


def run_options(async_mode, max_connections, header_seconds):
    """Keyword arguments for SocketIO.run in `async_mode`, and the ceiling in force."""
    limit = raise_fd_limit(max_connections + FD_SPARE)
    ceiling = max(1, min(max_connections, limit - FD_SPARE))
    if ceiling < max_connections:
        log.warning("at most %d connections at once (file descriptor limit %d)", ceiling, limit)
    if async_mode == "eventlet":
        return {"max_size": ceiling, "protocol": _eventlet_protocol(header_seconds)}, ceiling
    if async_mode == "gevent":
        return _gevent_options(ceiling, header_seconds), ceiling
    return {"request_handler": _werkzeug_handler(header_seconds)}, ceiling


# -- eventlet -------------------------------------------------------------------------------------
def _eventlet_protocol(seconds):
    import eventlet
    from eventlet import wsgi

    class Protocol(wsgi.HttpProtocol):
        """Request line and headers within `seconds`, or the connection is dropped (eventlet's
        server closes a connection whose handler raises socket.timeout)."""
        deadline = None

        def _read_request_line(self):
            self.deadline = eventlet.Timeout(seconds, socket.timeout("request too slow"))
            return super()._read_request_line()

        def parse_request(self):
            try:
                return super().parse_request()
            finally:
                self.deadline.cancel()

        def handle_one_request(self):
            try:
                return super().handle_one_request()
            finally:
                if self.deadline is not None:
                    self.deadline.cancel()
    return Protocol


# -- gevent ----------------------------------------------------------------------------------------
def _gevent_options(ceiling, seconds):
    import importlib.util

    import gevent
    from gevent.pool import Pool

    options = {"spawn": Pool(ceiling)}     # a full pool pauses accepting instead of failing
    if importlib.util.find_spec("geventwebsocket") is not None:
        # Flask-SocketIO then passes its own handler class; ours cannot be given too.
        log.warning("gevent-websocket is installed: slow clients are not timed out")
        return options

    class Handler(nodelay.gevent_handler()):
        deadline = None

        def read_requestline(self):
            self.deadline = gevent.Timeout.start_new(seconds, socket.timeout("request too slow"))
            return super().read_requestline()

        def read_request(self, raw_requestline):
            try:
                return super().read_request(raw_requestline)
            finally:
                self.deadline.cancel()

        def handle_one_request(self):
            try:
                return super().handle_one_request()
            except socket.timeout:
                return None            # too slow: close quietly
            finally:
                if self.deadline is not None:
                    self.deadline.cancel()
    options["handler_class"] = Handler
    return options


# -- threading (werkzeug) ----------------------------------------------------------------------------
def _werkzeug_handler(seconds):
    watchdog = _Watchdog()

    class Handler(nodelay.werkzeug_handler()):
        timed_out = False

        def handle_one_request(self):
            watchdog.arm(self, seconds)
            try:
                return super().handle_one_request()
            finally:
                watchdog.disarm(self)

        def parse_request(self):
            try:
                ok = super().parse_request()
            finally:
                watchdog.disarm(self)
            if self.timed_out:        # the headers were cut short by the watchdog
                self.close_connection = True
                return False
            return ok
    return Handler


class _Watchdog:
    """One thread that shuts the sockets whose request is overdue (a thread per connection
    waiting on a timer would double the threads)."""

    def __init__(self):
        self.deadlines = {}
        self.lock = threading.Lock()
        threading.Thread(target=self._run, name="header-watchdog", daemon=True).start()

    def arm(self, handler, seconds):
        with self.lock:
            self.deadlines[handler] = time.monotonic() + seconds

    def disarm(self, handler):
        with self.lock:
            self.deadlines.pop(handler, None)

    def _run(self):
        while True:
            time.sleep(0.25)
            now = time.monotonic()
            with self.lock:
                overdue = [h for h, at in self.deadlines.items() if at <= now]
                for handler in overdue:
                    del self.deadlines[handler]
            for handler in overdue:
                handler.timed_out = True
                try:
                    handler.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
