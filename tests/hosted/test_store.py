"""The store interface (server.store.Store), the same tests against SQLite (the living room)
and PostgreSQL (a hosted site, server.store_pg), plus what only the shared store does: fencing
writes by the shard's lease."""
import threading

import pytest

from server.shards import shard_of
from server.store import RawJson, SqliteStore
from server.stories import summary
from tests.support.waiting import wait_until

SHARDS = 3


def record(code, version=1, touched=100.0, **more):
    return {"code": code, "version": version, "touched": touched, "players": [],
            "note": "café ☕", **more}


def pg_store(dsn, owner="p1"):
    from server.store_pg import PostgresStore
    return PostgresStore(dsn, lambda code: shard_of(code, SHARDS), owner)


def own_all(store):
    for shard in range(SHARDS):
        epoch = store.acquire(shard, 30)
        assert epoch is not None
        store.epochs[shard] = epoch


@pytest.fixture(params=["sqlite", "postgresql"])
def kind(request):
    return request.param


@pytest.fixture
def open_store(kind, tmp_path, request):
    """open_store() -> a store on the same data each time (a restart)."""
    made = []
    dsn = request.getfixturevalue("pg_dsn") if kind == "postgresql" else None

    def open_():
        if kind == "sqlite":
            store = SqliteStore(str(tmp_path / "data"))
        else:
            store = pg_store(dsn, owner=f"p{len(made)}")
            own_all(store) if not made else None
            if made:       # a restart: the same process identity and leases
                store.owner, store.epochs = made[0].owner, dict(made[0].epochs)
        made.append(store)
        return store
    yield open_
    for store in made:
        store.shutdown()


def test_a_saved_room_comes_back_with_its_latest_record(open_store):
    store = open_store()
    store.save(record("ABCD", version=1))
    store.save(record("ABCD", version=2, game={"turn": 3}))
    store.save(record("BCDE"))
    again = open_store()
    got = {r["code"]: r for r in again.open_records()}
    assert set(got) == {"ABCD", "BCDE"}
    assert got["ABCD"]["version"] == 2 and got["ABCD"]["game"] == {"turn": 3}
    assert got["ABCD"]["note"] == "café ☕"


def test_a_closed_room_is_not_reloaded_and_saving_it_opens_it_again(open_store):
    store = open_store()
    store.save(record("ABCD"))
    store.save(record("CDEF"))
    store.close("ABCD")
    assert [r["code"] for r in open_store().open_records()] == ["CDEF"]
    store.save(record("ABCD", version=5))
    assert {r["code"] for r in store.open_records()} == {"ABCD", "CDEF"}


def test_records_are_read_lazily_and_a_bad_row_is_passed_over(open_store, kind):
    store = open_store()
    store.save(record("ABCD"))
    store.save(record("BCDE"))
    if kind == "sqlite":
        store.db.execute("UPDATE rooms SET record='{nope' WHERE code='ABCD'")
    else:
        store._rooms("UPDATE rooms SET record='{nope' WHERE code='ABCD'", {})
    records = store.open_records()
    assert len(records) == 2
    assert [r["code"] for r in records] == ["BCDE"]


# -- the archive of finished games (server.stories, issue 23) ----------------------------------
def story(number, status="over", name="Zoé"):
    """A story as server.stories.archive gives it; its actions as RawJson, as a room keeps them."""
    return {"number": number, "game": "fixture", "options": {}, "seed": 7 + number,
            "players": [{"name": name, "bot": False, "colour": "red", "letter": "Z"}],
            "started": 10.0 * number, "finished": 10.0 * number + 5, "status": status,
            "result": {"winners": [0]} if status == "over" else None,
            "actions": RawJson(b'[[0,12,{"type":"vote","choice":"red"}]]')}


def numbers(store, code):
    return [s["number"] for s in store.stories(code)]


def execute(store, kind, sql):
    if kind == "sqlite":
        store.db.execute(sql)
    else:
        store._rooms(sql, {})


def test_an_archived_game_is_listed_by_its_summary_and_read_whole(open_store):
    store = open_store()
    store.save(record("ABCD"))
    store.save_story("ABCD", story(2))
    store.save_story("ABCD", story(1, status="ended"))
    store.save_story("BCDE", story(1, name="Other"))
    again = open_store()                                # a restart keeps them
    assert again.stories("ABCD") == [summary(story(1, status="ended")), summary(story(2))]
    assert [s["actions"] for s in again.stories("ABCD")] == [1, 1]
    got = again.story("ABCD", 2)
    assert got == {**story(2), "actions": [[0, 12, {"type": "vote", "choice": "red"}]]}
    assert got["players"][0]["name"] == "Zoé"
    assert again.story("BCDE", 1)["players"][0]["name"] == "Other"
    assert again.story("ABCD", 9) is None and again.stories("QQQQ") == []
    store.save_story("ABCD", story(2, status="ended"))  # the same number: replaced
    assert [s["status"] for s in store.stories("ABCD")] == ["ended", "ended"]


def test_a_listing_reads_the_summaries_only(open_store, kind):
    """The summary is stored apart: a listing does not read (nor parse) any game's actions."""
    store = open_store()
    store.save_story("ABCD", story(1))
    execute(store, kind, "UPDATE stories SET story = 'not read' WHERE code = 'ABCD'")
    assert store.stories("ABCD") == [summary(story(1))]


def test_the_archive_keeps_the_newest_games_only(open_store):
    store = open_store()
    for number in range(1, 6):
        store.save_story("ABCD", story(number), keep=3)
    store.save_story("BCDE", story(1))
    assert numbers(store, "ABCD") == [3, 4, 5]
    store.save_story("ABCD", story(4, status="ended"), keep=3)    # replacing one drops none
    assert numbers(store, "ABCD") == [3, 4, 5]
    store.save_story("ABCD", story(6), keep=1)
    assert numbers(store, "ABCD") == [6] and numbers(store, "BCDE") == [1]


def test_games_are_deleted_one_or_all(open_store):
    store = open_store()
    for number in (1, 2, 3):
        store.save_story("ABCD", story(number))
    store.save_story("BCDE", story(1))
    store.delete_story("ABCD", 2)
    store.delete_story("ABCD", 9)                       # none such: nothing happens
    assert numbers(store, "ABCD") == [1, 3] and store.story("ABCD", 2) is None
    store.delete_stories("ABCD")
    assert numbers(open_store(), "ABCD") == [] and numbers(store, "BCDE") == [1]


def test_closing_a_room_deletes_its_games_only(open_store):
    store = open_store()
    for code in ("ABCD", "BCDE"):
        store.save(record(code))
        store.save_story(code, story(1))
    store.close("ABCD")
    again = open_store()
    assert again.stories("ABCD") == [] and again.story("ABCD", 1) is None
    assert numbers(again, "BCDE") == [1]


# -- only PostgreSQL: the lease fences every write ---------------------------------------------
def test_a_process_without_the_lease_cannot_write_a_room_of_that_shard(pg_dsn):
    from server.store_pg import NotOwner
    first, second = pg_store(pg_dsn, "one"), pg_store(pg_dsn, "two")
    shard = shard_of("ABCD", SHARDS)
    first.epochs[shard] = first.acquire(shard, 30)
    assert second.acquire(shard, 30) is None          # held: nobody else takes it
    first.save(record("ABCD", version=1))
    second.epochs[shard] = first.epochs[shard]         # even claiming the same epoch
    with pytest.raises(NotOwner):
        second.save(record("ABCD", version=99))
    with pytest.raises(NotOwner):
        second.close("ABCD")
    assert [r["version"] for r in first.open_records([shard])] == [1]


def test_an_expired_lease_is_taken_over_and_its_old_holder_is_fenced_out(pg_dsn):
    from server.store_pg import NotOwner
    first, second = pg_store(pg_dsn, "one"), pg_store(pg_dsn, "two")
    shard = shard_of("ABCD", SHARDS)
    first.epochs[shard] = first.acquire(shard, 0.2)
    first.save(record("ABCD", version=1))
    import time
    time.sleep(0.3)                                    # the lease runs out in the database
    assert not first.renew(shard, first.epochs[shard], 30)
    second.epochs[shard] = second.acquire(shard, 30)
    assert second.epochs[shard] == first.epochs[shard] + 1
    assert [r["version"] for r in second.open_records()] == [1]
    with pytest.raises(NotOwner):
        first.save(record("ABCD", version=2))          # the old holder, back from a pause
    second.save(record("ABCD", version=2))
    assert second.renew(shard, second.epochs[shard], 30)
    assert not first.renew(shard, second.epochs[shard], 30)   # another's lease is not renewed


def test_open_records_reads_only_the_shards_asked_for(pg_dsn):
    store = pg_store(pg_dsn)
    own_all(store)
    codes = ("AAAA", "ABCD", "ACDE", "BAAA", "BBBB")
    for code in codes:
        store.save(record(code))
    shard = shard_of("ABCD", SHARDS)
    mine = {code for code in codes if shard_of(code, SHARDS) == shard}
    assert 0 < len(mine) < len(codes)
    assert {r["code"] for r in store.open_records([shard])} == mine


def test_a_room_is_saved_only_under_the_lease_it_was_loaded_under(pg_dsn):
    """Loaded under one lease, lost, the shard taken again by the same process: the room object
    of the first lease cannot write over the rooms of the second (server.shards)."""
    from server.store_pg import NotOwner
    store = pg_store(pg_dsn, "one")
    shard = shard_of("ABCD", SHARDS)
    store.epochs[shard] = store.acquire(shard, 0.2)
    store.save(record("ABCD", version=1))             # first saved: under this epoch
    import time
    time.sleep(0.3)
    store.epochs[shard] = store.acquire(shard, 30)     # the next lease, a new epoch
    with pytest.raises(NotOwner):
        store.save(record("ABCD", version=2))
    store.forget(shard)                                # let go, loaded again under the new one
    store.save(record("ABCD", version=3))
    assert [r["version"] for r in store.open_records([shard])] == [3]


def test_a_process_without_the_lease_cannot_write_a_rooms_games(pg_dsn):
    """The archive is the room's data: only the owner of its shard writes it (save, delete,
    keep-bounded trimming, close); anyone reads it."""
    from server.store_pg import NotOwner
    first, second = pg_store(pg_dsn, "one"), pg_store(pg_dsn, "two")
    shard = shard_of("ABCD", SHARDS)
    first.epochs[shard] = first.acquire(shard, 30)
    first.save(record("ABCD"))
    first.save_story("ABCD", story(1))
    first.save_story("ABCD", story(2))
    with pytest.raises(NotOwner):                        # no lease at all
        second.save_story("ABCD", story(3), keep=1)
    second.epochs[shard] = first.epochs[shard]           # even claiming the owner's epoch
    for write in (lambda: second.save_story("ABCD", story(3), keep=1),
                  lambda: second.save_story("ABCD", story(1, status="ended")),
                  lambda: second.delete_story("ABCD", 1),
                  lambda: second.delete_stories("ABCD"),
                  lambda: second.close("ABCD")):
        with pytest.raises(NotOwner):
            write()
    assert second.stories("ABCD") == [summary(story(1)), summary(story(2))]
    assert second.story("ABCD", 1)["status"] == "over"


def test_a_taken_over_shards_games_are_the_new_owners(pg_dsn):
    """At a takeover the archive stays in the database: the new owner lists and writes it, the
    old one is fenced out."""
    from server.store_pg import NotOwner
    first, second = pg_store(pg_dsn, "one"), pg_store(pg_dsn, "two")
    shard = shard_of("ABCD", SHARDS)
    first.epochs[shard] = first.acquire(shard, 30)
    first.save(record("ABCD"))
    first.save_story("ABCD", story(1))
    first.release(shard, first.epochs[shard])            # let go (first still thinks it holds it)
    second.epochs[shard] = second.acquire(shard, 30)
    assert numbers(second, "ABCD") == [1]
    with pytest.raises(NotOwner):
        first.save_story("ABCD", story(2))
    second.save_story("ABCD", story(2))
    assert numbers(second, "ABCD") == [1, 2]


def test_a_slow_save_does_not_hold_up_another_room_s(pg_dsn):
    """Saves run on a few connections: a save stuck on a lock (here another transaction holds
    its row) does not stop another room's save. On one connection the second would wait."""
    import psycopg
    store = pg_store(pg_dsn)
    own_all(store)
    store.pool.wait(10)
    store.save(record("ABCD"))
    with psycopg.connect(pg_dsn, autocommit=True) as watcher, psycopg.connect(pg_dsn) as holder:
        holder.execute("SELECT 1 FROM rooms WHERE code = 'ABCD' FOR UPDATE")
        slow = threading.Thread(target=store.save, args=(record("ABCD", version=2),))
        slow.start()
        def waiting():
            return watcher.execute(
                "SELECT pid, query_start FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND query LIKE '%INSERT INTO rooms%'").fetchall()
        stuck = wait_until(waiting, 10, "the first save to wait for its row", every=0.01)
        store.save(record("BCDE"))               # meanwhile, on another connection
        # The first still waits, the same statement: not cancelled (statement_timeout) to
        # free the one connection for the second, and tried again.
        assert waiting() == stuck and slow.is_alive()
        holder.rollback()
    slow.join(10)
    assert {r["code"]: r["version"] for r in store.open_records()} == {"ABCD": 2, "BCDE": 1}
    store.shutdown()


def test_processes_started_together_on_a_fresh_database_all_start(pg_dsn):
    # They create the schema at the same moment; PostgreSQL's CREATE ... IF NOT EXISTS fails
    # for all but one of them without the schema lock ("type rooms already exists").
    started, failed = [], []
    gate = threading.Barrier(6)

    def start(i):
        gate.wait()
        try:
            started.append(pg_store(pg_dsn, owner=f"p{i}"))
        except Exception as error:       # what a process would die of at start
            failed.append(repr(error))
    threads = [threading.Thread(target=start, args=(i,)) for i in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for store in started:
        store.shutdown()
    assert not failed and len(started) == 6
