import pytest

from tests.support.postgres import pg_dsn, postgres  # noqa: F401 fixtures
from tests.support.site import Site, haproxy_missing


def pytest_collection_modifyitems(items):
    # A takeover is timed (pages back within 5 s): `make test` runs the hosted tests alone,
    # after the parallel part, and one session shares one site among them.
    for item in items:
        if "tests/hosted/" in item.nodeid:
            item.add_marker(pytest.mark.serial)


@pytest.fixture(scope="session")
def site(tmp_path_factory, postgres):
    """One hosted site for the tests that need the whole thing (starting one takes 10-15 s on
    two cores): PostgreSQL, HAProxy, 3 processes, 6 shards. A test may kill, pause or restart
    processes; it leaves every process running and every shard owned."""
    reason = haproxy_missing()
    if reason:
        pytest.skip(reason)
    site = Site(tmp_path_factory.mktemp("site"), postgres.fresh_database(), processes=3,
                shards=6, bot_delay=0.3)
    try:
        site.start()
    except BaseException:
        site.stop()
        raise
    yield site
    site.stop()
