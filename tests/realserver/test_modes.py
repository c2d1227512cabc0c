"""Each async mode starts the real server and answers /healthz."""
import pytest

pytestmark = pytest.mark.realserver


@pytest.mark.parametrize("mode", ["eventlet", "gevent", "threading"])
def test_the_server_starts_in_every_async_mode(start_live_server, mode):
    server = start_live_server(async_mode=mode)
    assert server.health() == {"ok": True, "rooms": 0}
    output = server.output()
    assert "Phones join at" in output
    assert "Eventlet is deprecated" not in output and "Traceback" not in output
    assert "not greened" not in output
