"""TCP_NODELAY on every accepted connection, whatever the async mode.

Each action ends in a few small writes per socket (the `game` payload, then the ack); with
Nagle's algorithm on, the second waits for the peer's delayed ACK (~40 ms). Issue 13 measured
an ack p95 of ~55 ms and a connect of ~49 ms in gevent and threading mode without it, ~5 ms with
it. Eventlet's listener is set in server.__main__ (accepted sockets inherit it); the web
servers of the other two modes take a per-connection handler class: server.serving builds
its own (slow-header timeouts) on these.
"""
import socket


def _nodelay(sock):
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except (OSError, AttributeError):    # not a TCP socket (a unix socket in a test)
        pass


def werkzeug_handler():
    """Threading mode: Werkzeug's request handler, with the standard library's own switch."""
    from werkzeug.serving import WSGIRequestHandler

    class NoDelayRequestHandler(WSGIRequestHandler):
        disable_nagle_algorithm = True     # socketserver.StreamRequestHandler.setup sets it
    return NoDelayRequestHandler


def gevent_handler():
    """Gevent mode: gevent's WSGI handler, setting it on the socket it is given."""
    from gevent import pywsgi

    class NoDelayWSGIHandler(pywsgi.WSGIHandler):
        def __init__(self, sock, *args, **kwargs):
            _nodelay(sock)
            super().__init__(sock, *args, **kwargs)
    return NoDelayWSGIHandler
