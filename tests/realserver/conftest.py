import pytest

from tests.support.live_server import live_server, start_live_server  # noqa: F401 fixtures


def pytest_collection_modifyitems(items):
    # These tests time real servers (2,000 sockets, memory, slow clients): `make test` runs
    # them alone, after the parallel part, so a page test beside them cannot skew a figure.
    for item in items:
        if "tests/realserver/" in item.nodeid:
            item.add_marker(pytest.mark.serial)
