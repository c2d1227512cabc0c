"""TCP_NODELAY in every async mode (issue 13): the handler each mode's web server is given by
server.serving (which also times out slow headers) sets it on the very socket it accepted. Eventlet's listener is covered in server.__main__."""
import socket

import pytest

from server import serving


@pytest.fixture
def accepted():
    """A real TCP connection on localhost: the server side's socket, Nagle on by default."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        client = socket.create_connection(listener.getsockname())
        conn, _ = listener.accept()
        assert conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 0
        yield conn
        conn.close()
        client.close()


def test_threading_mode_sets_nodelay_on_each_connection(accepted):
    handler_class = serving.run_options("threading", 100, 5)[0]["request_handler"]
    handler = handler_class.__new__(handler_class)
    handler.request = accepted
    handler.setup()                  # what socketserver does first with each connection
    assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0


def test_gevent_mode_sets_nodelay_on_each_connection(accepted):
    handler_class = serving.run_options("gevent", 100, 5)[0]["handler_class"]
    handler_class(accepted, ("127.0.0.1", 1), None)
    assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0


def test_eventlet_mode_needs_no_handler_its_listener_is_set():
    import server.__main__ as entry
    assert "handler_class" not in serving.run_options("eventlet", 100, 5)[0]
    assert hasattr(entry, "_listen_without_nagle")
