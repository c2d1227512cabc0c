"""How the `castaways` command serves connections in each async mode: how many at once (in all
and per client address), how long a client may take to send a request, and how big and how
slow a WebSocket message may be. Used only by server.__main__ (the entry point): like it, this
is the one place that knows the async libraries and web servers, each imported only in its own
mode.

- Ceiling: eventlet's WSGI server serves 1,024 connections by default (its GreenPool); the
  process also needs a file descriptor per connection (RLIMIT_NOFILE, often 1,024 soft). Both
  are raised to `max_connections` (bounded by the hard descriptor limit).
- Per address: one client address holds at most `per_address` connections at once; the next
  one is answered 503 and closed, so one device cannot take the whole pool.
- Slow clients: a connection that has not sent its whole request (request line, headers and
  body) within `request_seconds` is dropped (eventlet.Timeout / gevent.Timeout around the
  reads; in threading mode a watchdog shuts the socket). The body is read before the
  application runs, so the application never waits on a client; a body bigger than its
  route's limit (BODY_LIMITS) is refused with 413 without being read, a chunked one with 411
  (no page sends one). Once the request is in, nothing changes: a WebSocket or a long poll
  lives as long as it likes.
- WebSocket messages (issue 26): the Engine.IO libraries bound a frame, not a message, so a
  client sending endless continuation frames was buffered for ever. Here a message (all its
  frames) is refused past `message_bytes` or MAX_FRAGMENTS frames, and a message not complete
  `message_seconds` after its first byte closes the socket (the same watchdog). In eventlet
  mode the frame reader also yields after each frame and unmasks at C speed (eventlet's own
  unmasking is a Python loop per byte that kept every other connection waiting).
"""
import io
import logging
import socket
import threading
import time

from server import nodelay, proxies

log = logging.getLogger("castaways")
FD_SPARE = 64          # descriptors kept for the database, logs, the listener, epoll...
MAX_FRAGMENTS = 256    # frames in one WebSocket message (browsers send one)
# Request bodies: the largest each route may receive (path prefix -> bytes). Engine.IO's
# long-polling POSTs carry Socket.IO packets (limited by SOCKETIO_OPTIONS'
# max_http_buffer_size, given at start); no other route reads a body.
BODY_LIMITS = {"/socket.io/": 64_000}
OTHER_BODY_LIMIT = 1_024
TOO_BIG = (b"HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n"
           b"Content-Length: 0\r\n\r\n")
CHUNKED = (b"HTTP/1.1 411 Length Required\r\nConnection: close\r\n"
           b"Content-Length: 0\r\n\r\n")
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\n"
        b"Content-Length: 0\r\n\r\n")


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


class Limits:
    """What one client may cost, in every mode."""

    def __init__(self, request_seconds=5.0, per_address=500, message_bytes=64_000,
                 message_seconds=10.0, trusted_proxies=()):
        self.request_seconds = request_seconds
        self.per_address = per_address
        # A trusted reverse proxy (--trusted-proxies, hosted mode) carries every device of the
        # site: its connections are not held to one device's share.
        self.trusted_proxies = trusted_proxies
        self.message_bytes = message_bytes
        self.message_seconds = message_seconds

    def body_limit(self, path):
        for prefix, limit in BODY_LIMITS.items():
            if path.startswith(prefix):
                return max(limit, self.message_bytes) if prefix == "/socket.io/" else limit
        return OTHER_BODY_LIMIT


def run_options(async_mode, max_connections, limits):
    """Keyword arguments for SocketIO.run in `async_mode`, and the ceiling in force.
    `limits`: a Limits (a number: the request timeout, other limits by default)."""
    if not isinstance(limits, Limits):
        limits = Limits(request_seconds=limits)
    limit = raise_fd_limit(max_connections + FD_SPARE)
    ceiling = max(1, min(max_connections, limit - FD_SPARE))
    if ceiling < max_connections:
        log.warning("at most %d connections at once (file descriptor limit %d)", ceiling, limit)
    counter = PerAddress(limits.per_address, limits.trusted_proxies)
    if async_mode == "eventlet":
        return {"max_size": ceiling, "protocol": _eventlet_protocol(limits, counter)}, ceiling
    if async_mode == "gevent":
        return _gevent_options(ceiling, limits, counter), ceiling
    return {"request_handler": _werkzeug_handler(limits, counter)}, ceiling


def bound_websockets(eio, async_mode, limits):
    """Have the Engine.IO server `eio` use WebSocket classes that bound a whole message (its
    size, frames and time). engineio picks its WebSocket class from its driver table
    (`_async["websocket"]`): this server gets its own copy of the table."""
    if async_mode == "eventlet":
        websocket = _eventlet_websocket(limits, _watchdog("eventlet"))
    else:
        websocket = _simple_websocket(async_mode, limits, _watchdog(async_mode))
    if websocket is not None:
        eio._async = dict(eio._async, websocket=websocket)


class PerAddress:
    """Connections open per client address (a trusted proxy's are not counted)."""

    def __init__(self, limit, trusted_proxies=()):
        self.limit = limit
        self.trusted = frozenset(trusted_proxies)
        self.open = {}
        self.lock = threading.Lock()

    def _exempt(self, address):
        return bool(self.trusted) and proxies.trusted(address, self.trusted)

    def enter(self, address):
        if self._exempt(address):
            return True
        with self.lock:
            count = self.open.get(address, 0)
            if count >= self.limit:
                return False
            self.open[address] = count + 1
            return True

    def leave(self, address):
        if self._exempt(address):
            return
        with self.lock:
            count = self.open.get(address, 0) - 1
            if count > 0:
                self.open[address] = count
            else:
                self.open.pop(address, None)


def _address(client_address):
    return client_address[0] if isinstance(client_address, tuple) else str(client_address)


def _busy(send, address):
    _warn_throttled("refused connections from %s: more than the connections one address "
                    "may hold at once", address)
    try:
        send(BUSY)
    except OSError:
        pass


_warned = {"at": 0.0, "dropped": 0}


def _warn_throttled(message, *args):
    """At most one such line every 10 seconds (an attacker must not fill the log)."""
    now = time.monotonic()
    if now - _warned["at"] < 10.0:
        _warned["dropped"] += 1
        return
    if _warned["dropped"]:
        message += " (and %d similar events)"
        args += (_warned["dropped"],)
    _warned["at"], _warned["dropped"] = now, 0
    log.warning(message, *args)


def _body_verdict(limits, path, headers_get):
    """None when the body may be read (its length), or the refusal to send."""
    if headers_get("transfer-encoding"):
        return CHUNKED, 0
    try:
        length = int(headers_get("content-length") or 0)
    except ValueError:
        return TOO_BIG, 0
    if length < 0 or length > limits.body_limit(path or "/"):
        return TOO_BIG, 0
    return None, length


def _take_body(limits, path, headers_get, send, read):
    """A request's whole body: b"" when it has none; None when it was refused (`send` got the
    refusal) or the client stopped short."""
    refusal, length = _body_verdict(limits, path, headers_get)
    if refusal is not None:
        send(refusal)
        return None
    return _read_exactly(read, length) if length else b""


def _read_exactly(read, length):
    """`length` bytes from read(n), or None if the client stopped short."""
    chunks, missing = [], length
    while missing > 0:
        chunk = read(missing)
        if not chunk:
            return None
        chunks.append(chunk)
        missing -= len(chunk)
    return b"".join(chunks)


def unmask(data, mask, length=None, offset=0):
    """eventlet.websocket's _apply_mask (the client's XOR mask, starting at `offset`), on
    whole integers instead of one byte at a time."""
    if length is None:
        length = len(data)
    if length <= 0:
        return b""
    key = bytes(mask[(offset + i) % 4] for i in range(4))
    stream = (key * (length // 4 + 1))[:length]
    return (int.from_bytes(bytes(data[:length]), "little")
            ^ int.from_bytes(stream, "little")).to_bytes(length, "little")


# -- eventlet -------------------------------------------------------------------------------------
class _BodyFirst:
    """eventlet's and gevent's request handlers alike: the body is read (`_read_body`, per
    server) within the request's deadline before the application runs."""

    def handle_one_response(self):
        try:
            if not self._read_body():
                self.close_connection = True
                return None
        finally:
            self.deadline.cancel()
        try:
            return super().handle_one_response()
        finally:
            if self.environ.get("HTTP_UPGRADE", "").lower() == "websocket":
                # The WebSocket (simple-websocket) has ended: the connection is over. Read
                # on as HTTP, it took the client's last frames (a close racing the
                # server's) for a request and logged a 400 and a reset as a Traceback.
                self.close_connection = True


def _eventlet_protocol(limits, counter):
    import eventlet
    from eventlet import wsgi

    seconds = limits.request_seconds

    class Protocol(_BodyFirst, wsgi.HttpProtocol):
        """The whole request (line, headers, body) within `seconds`, or the connection is
        dropped (eventlet's server closes a connection whose handler raises socket.timeout)."""
        deadline = None

        def handle(self):
            address = _address(self.client_address)
            if not counter.enter(address):
                _busy(self.connection.sendall, address)
                self.close_connection = 1
                return
            try:
                return super().handle()
            finally:
                counter.leave(address)

        def _read_request_line(self):
            self.deadline = eventlet.Timeout(seconds, socket.timeout("request too slow"))
            return super()._read_request_line()

        def _read_body(self):
            body = _take_body(limits, self.environ.get("PATH_INFO"), self.headers.get,
                              self.wfile.write, self.environ["eventlet.input"].read)
            if body:
                self.environ["wsgi.input"] = self.environ["eventlet.input"] = wsgi.Input(
                    io.BufferedReader(io.BytesIO(body)), len(body), self.connection)
            return body is not None

        def handle_one_request(self):
            try:
                return super().handle_one_request()
            finally:
                if self.deadline is not None:
                    self.deadline.cancel()
    return Protocol


def _eventlet_websocket(limits, watchdog):
    import eventlet
    from engineio.async_drivers.eventlet import WebSocketWSGI
    from eventlet import websocket

    class BoundedWebSocket(websocket.RFC6455WebSocket):
        _apply_mask = staticmethod(unmask)
        armed = False
        size = frames = seen = 0

        def _get_bytes(self, numbytes):
            data = super()._get_bytes(numbytes)
            if not self.armed:            # a frame has begun: it and its message are timed
                self.armed = True
                watchdog.arm(self, limits.message_seconds)
            return data

        def _recv_frame(self, message=None):
            frame = super()._recv_frame(message)
            eventlet.sleep(0)            # a client streaming frames keeps nobody waiting
            if frame.opcode & 8:         # a control frame (ping, pong, close)
                if message is None:
                    self.settle()
                return frame
            if message is None:
                self.size = self.frames = self.seen = 0
            self.frames += 1
            self.size += sum(len(piece) for piece in frame.data[self.seen:])
            self.seen = len(frame.data)
            if self.size > limits.message_bytes or self.frames > MAX_FRAGMENTS:
                self.settle()
                raise websocket.FailedConnectionError(1009, "Message too big")
            if frame.finished:
                self.settle()
            return frame

        def settle(self):
            if self.armed:
                self.armed = False
                watchdog.disarm(self)

        def expire(self):
            _shut(self.socket)

    class BoundedWSGI(WebSocketWSGI):
        def __init__(self, handler, server):
            super().__init__(handler, server)
            self.support_legacy_versions = False    # hixie-76 buffers without any limit

        def _handle_hybi_request(self, environ):
            ws = super()._handle_hybi_request(environ)
            ws.__class__ = BoundedWebSocket       # its frame reader has not started yet
            return ws
    return BoundedWSGI


# -- gevent ----------------------------------------------------------------------------------------
def _gevent_options(ceiling, limits, counter):
    import importlib.util

    import gevent
    from gevent import pywsgi
    from gevent.pool import Pool

    options = {"spawn": Pool(ceiling)}     # a full pool pauses accepting instead of failing
    if importlib.util.find_spec("geventwebsocket") is not None:
        # Flask-SocketIO then passes its own handler class; ours cannot be given too.
        log.warning("gevent-websocket is installed: slow clients are not timed out")
        return options
    seconds = limits.request_seconds

    class Handler(_BodyFirst, nodelay.gevent_handler()):
        deadline = None

        def handle(self):
            address = _address(self.client_address)
            if not counter.enter(address):
                _busy(self.socket.sendall, address)
                return None
            try:
                return super().handle()
            finally:
                counter.leave(address)

        def read_requestline(self):
            self.deadline = gevent.Timeout.start_new(seconds, socket.timeout("request too slow"))
            return super().read_requestline()

        def _read_body(self):
            body = _take_body(limits, self.environ.get("PATH_INFO"), self.headers.get,
                              self.socket.sendall, self.wsgi_input.read)
            if body:
                self.wsgi_input = pywsgi.Input(io.BufferedReader(io.BytesIO(body)), len(body))
                self.environ["wsgi.input"] = self.wsgi_input
            return body is not None

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
def _werkzeug_handler(limits, counter):
    watchdog = _watchdog("threading")
    seconds = limits.request_seconds

    class Handler(nodelay.werkzeug_handler()):
        timed_out = False
        body = None

        def handle(self):
            address = _address(self.client_address)
            if not counter.enter(address):
                _busy(self.connection.sendall, address)
                self.close_connection = True
                return None
            try:
                return super().handle()
            finally:
                counter.leave(address)

        def handle_one_request(self):
            self.body = None
            watchdog.arm(self, seconds)
            try:
                return super().handle_one_request()
            finally:
                watchdog.disarm(self)

        def parse_request(self):
            try:
                ok = super().parse_request()
            except BaseException:
                watchdog.disarm(self)
                raise
            if self.timed_out:        # the headers were cut short by the watchdog
                self.close_connection = True
                return False
            return ok

        def run_wsgi(self):
            try:
                ok = self._read_body()
            finally:
                watchdog.disarm(self)
            if not ok or self.timed_out:
                self.close_connection = True
                return None
            try:
                return super().run_wsgi()
            finally:
                if self.headers.get("Upgrade", "").lower() == "websocket":
                    # What the client sent after its WebSocket ended is not a new request
                    self.close_connection = True

        def _read_body(self):
            self.body = _take_body(limits, self.path.split("?", 1)[0], self.headers.get,
                                   self.wfile.write, self.rfile.read)
            return self.body is not None

        def make_environ(self):
            environ = super().make_environ()
            if self.body:
                environ["wsgi.input"] = io.BytesIO(self.body)
                environ["CONTENT_LENGTH"] = str(len(self.body))
            return environ

        def expire(self):
            self.timed_out = True
            _shut(self.connection)
    return Handler


# -- WebSockets in threading and gevent mode (simple-websocket, on wsproto) ------------------------
def _simple_websocket(async_mode, limits, watchdog):
    import importlib

    import simple_websocket
    from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI

    driver = importlib.import_module(f"engineio.async_drivers.{async_mode}")
    base = driver._async["websocket"]
    if not (isinstance(base, type) and issubclass(base, SimpleWebSocketWSGI)):
        return None              # gevent-websocket: its own reader, not ours to bound

    class BoundedServer(simple_websocket.Server):
        armed = False

        def _handle_events(self):
            going = super()._handle_events()
            if not going:
                # simple-websocket 1.1.0, refusing a message too big, wakes the receiver
                # (engineio's handler, in receive()) before `connected` goes down: woken in
                # between, the receiver sees the connection up and waits again, for ever, and
                # the connection is never closed (werkzeug still holds the socket). Down first,
                # then wake it again.
                self.connected = False
                self.event.set()
            if going and self.incoming_message is not None:    # a message has begun
                if not self.armed:
                    self.armed = True
                    watchdog.arm(self, limits.message_seconds)
            elif self.armed:
                self.armed = False
                watchdog.disarm(self)
            return going

        def expire(self):
            _shut(self.sock)

        def close(self, reason=None, message=None):
            # engineio's writer thread closes the socket when it ends, after checking
            # `connected`; the reader thread can see the peer go in between, or the close frame
            # can meet a reset connection. Both mean the peer is already gone: nothing to say
            # to it, and not a server error (python-engineio#311 printed a traceback per socket).
            try:
                super().close(reason=reason, message=message)
            except (simple_websocket.ConnectionClosed, OSError):
                self.connected = False     # the socket itself is the HTTP server's to close

    class BoundedWSGI(base):
        def __call__(self, environ, start_response):
            # SimpleWebSocketWSGI.__call__, with the bounded server
            self.ws = BoundedServer(environ, max_message_size=limits.message_bytes,
                                    **getattr(self, "server_args", {}))
            ret = self.app(self)
            if self.ws.mode == "gunicorn":
                raise StopIteration()
            if self.ws.mode == "werkzeug":
                raise ConnectionError()
            return ret
    BoundedWSGI.server_class = BoundedServer
    return BoundedWSGI


def _shut(sock):
    """Shut a connection both ways: whoever waits on it (a reader thread or greenlet) wakes up
    to an end of stream."""
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


# -- the watchdog -------------------------------------------------------------------------------------
_watchdogs = {}


def _watchdog(async_mode):
    """One per process and mode: a thread (threading, eventlet once patched) or a greenlet
    (gevent, which is not monkey patched)."""
    if async_mode not in _watchdogs:
        if async_mode == "gevent":
            import gevent
            _watchdogs[async_mode] = _Watchdog(gevent.spawn, gevent.sleep)
        else:
            _watchdogs[async_mode] = _Watchdog(
                lambda run: threading.Thread(target=run, name="watchdog", daemon=True).start(),
                time.sleep)
    return _watchdogs[async_mode]


class _Watchdog:
    """Calls `expire()` on what is overdue: a request (its socket is shut) or a WebSocket
    message. One loop for all (a thread or timer per connection would double them)."""

    def __init__(self, spawn, sleep):
        self.deadlines = {}
        self.lock = threading.Lock()
        self.sleep = sleep
        spawn(self._run)

    def arm(self, item, seconds):
        with self.lock:
            self.deadlines[item] = time.monotonic() + seconds

    def disarm(self, item):
        with self.lock:
            self.deadlines.pop(item, None)

    def _run(self):
        while True:
            self.sleep(0.25)
            now = time.monotonic()
            with self.lock:
                overdue = [item for item, at in self.deadlines.items() if at <= now]
                for item in overdue:
                    del self.deadlines[item]
            for item in overdue:
                try:
                    item.expire()
                except Exception:
                    log.exception("watchdog")
