from tests.support.live_server import live_server, start_live_server  # noqa: F401 fixtures
