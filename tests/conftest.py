import tests.fixture_game  # noqa: F401  registers the test-only "fixture" game
