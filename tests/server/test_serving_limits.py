"""server.serving's pieces that need no running server (issue 26): eventlet's unmasking done
on integers, the per-address counter, the body limits per route."""
import random

from server import proxies, serving


def slow_unmask(data, mask, length=None, offset=0):
    """eventlet.websocket.RFC6455WebSocket._apply_mask, as eventlet writes it."""
    if length is None:
        length = len(data)
    return b"".join(bytes((data[i] ^ mask[(offset + i) % 4],)) for i in range(length))


def test_unmasking_on_integers_matches_eventlets_own():
    rng = random.Random(26)
    for _ in range(300):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 70)))
        mask = tuple(rng.randrange(256) for _ in range(4))
        offset = rng.randrange(0, 9)
        length = rng.choice([None, len(data), max(0, len(data) - rng.randrange(0, 4))])
        assert serving.unmask(data, mask, length, offset) == \
            slow_unmask(data, mask, length, offset)


def test_one_address_holds_a_bounded_number_of_connections():
    counter = serving.PerAddress(2)
    assert counter.enter("10.0.0.1") and counter.enter("10.0.0.1")
    assert not counter.enter("10.0.0.1")
    assert counter.enter("10.0.0.2")
    counter.leave("10.0.0.1")
    assert counter.enter("10.0.0.1")
    for _ in range(2):
        counter.leave("10.0.0.1")
    counter.leave("10.0.0.2")
    assert counter.open == {}


def test_a_trusted_proxy_is_not_held_to_one_device_s_share():
    # Behind HAProxy (hosted mode) every device of the site connects through the proxy.
    counter = serving.PerAddress(1, proxies.parse("127.0.0.1,10.1.0.0/16"))
    for _ in range(5):
        assert counter.enter("127.0.0.1") and counter.enter("10.1.2.3")
    assert counter.enter("10.0.0.1") and not counter.enter("10.0.0.1")
    counter.leave("127.0.0.1")
    counter.leave("10.0.0.1")
    assert counter.open == {}


def test_bodies_are_limited_per_route():
    limits = serving.Limits(message_bytes=64_000)
    headers = {"content-length": "64000"}
    assert serving._body_verdict(limits, "/socket.io/", headers.get) == (None, 64_000)
    assert serving._body_verdict(limits, "/healthz", headers.get)[0] == serving.TOO_BIG
    assert serving._body_verdict(limits, "/", {"content-length": "10"}.get) == (None, 10)
    assert serving._body_verdict(limits, "/", {"content-length": "-1"}.get)[0] == \
        serving.TOO_BIG
    assert serving._body_verdict(limits, "/", {"content-length": "x"}.get)[0] == \
        serving.TOO_BIG
    assert serving._body_verdict(limits, "/socket.io/",
                                 {"transfer-encoding": "chunked"}.get)[0] == serving.CHUNKED


def test_closing_a_websocket_whose_peer_is_already_gone_is_not_an_error():
    """engineio's writer thread closes its WebSocket after checking `connected`; the reader can
    see the peer go in between (python-engineio#311: a traceback per socket in threading mode)."""
    import simple_websocket
    wsgi = serving._simple_websocket("threading", serving.Limits(), serving._watchdog("threading"))
    ws = object.__new__(wsgi.server_class)
    ws.connected, ws.close_reason, ws.close_message = False, 1005, None
    try:
        simple_websocket.Server.close(ws)
    except simple_websocket.ConnectionClosed:
        pass                                  # what the library does on its own
    else:
        raise AssertionError("the library no longer raises: this override can go")
    ws.close()                                # ours: quiet
    assert ws.connected is False
