from tests.support.postgres import pg_dsn, postgres  # noqa: F401 fixtures
