"""The store interface (server.store.Store), the same tests against SQLite (the living room)
and PostgreSQL (a hosted site, server.store_pg), plus what only the shared store does: fencing
writes by the shard's lease."""
import pytest

from server.shards import shard_of
from server.store import SqliteStore

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
        store._fetch(store.lock, "db", "UPDATE rooms SET record='{nope' WHERE code='ABCD'", {})
    records = store.open_records()
    assert len(records) == 2
    assert [r["code"] for r in records] == ["BCDE"]


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
