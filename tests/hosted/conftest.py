import pytest

from tests.support.postgres import pg_dsn, postgres  # noqa: F401 fixtures
from tests.support.site import Site, haproxy_missing


def pytest_collection_modifyitems(items):
    # A takeover is timed (pages back within 5 s): `make test` runs the hosted tests alone,
    # after the parallel part, and one session shares one site among them.
    for item in items:
        if "tests/hosted/" in item.nodeid:
            item.add_marker(pytest.mark.serial)


@pytest.fixture
def site(whole_site):
    """The session's site, every process of it listening and every shard owned: a test may
    kill or pause processes and start them again without waiting for them."""
    return whole_site.ready()


@pytest.fixture(scope="session")
def whole_site(tmp_path_factory, postgres):
    """One hosted site for the tests that need the whole thing (starting one takes 10-30 s on
    two cores): PostgreSQL, HAProxy, 3 processes, 6 shards."""
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
