import tests.fixture_game  # noqa: F401  registers the test-only "fixture" game

# The test files that take minutes (whole games played in a browser, every scenario of a game
# drawn): `make test` runs files on two workers, each file on one worker, in the order they are
# collected. Started first, they run beside the many short files instead of alone at the end.
SLOW_FIRST = [
    "tests/browser/test_galerapagos_play.py", "tests/browser/test_lifeboats_play.py",
    "tests/browser/test_lifeboat_play.py", "tests/browser/test_galerapagos_modules.py",
    "tests/browser/test_words_and_access.py", "tests/browser/test_lifeboat_modules.py",
    "tests/browser/test_page_upkeep.py", "tests/browser/test_rematch.py",
    "tests/browser/test_moments.py", "tests/browser/test_evening.py",
    "tests/browser/test_replay.py", "tests/browser/test_moments_fonts.py",
]


def pytest_collection_modifyitems(items):
    rank = {path: i for i, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(SLOW_FIRST)))
