"""The store of a hosted site (`--db postgresql://...`): rooms and shard leases in PostgreSQL,
through psycopg 3, behind the same interface as server.store.SqliteStore.

Rooms: one row per room, as in SQLite, plus the room's shard (server.shards.shard_of), so a
process taking over a shard loads only that shard's open rooms. A room's finished games
(server.stories) in a `stories` table, as in SQLite, written under the same lease.

Fencing (issue 22: a process that is not the owner never writes a room of that shard): every
write of a room is one statement that also locks this process's lease row of the room's shard
(`FOR SHARE`) and writes nothing when the lease is not this process's, at this epoch, unexpired
by the database's own clock. A takeover updates that row, so it waits for any such write to
commit, and the rooms it then loads include it: an action is acknowledged only once its save
went through this check, so two processes never both accept an action of one room, whatever
their clocks or pauses. `NotOwner` is raised instead (server.play rolls the room back).

Leases: one row per shard, `(owner, epoch, expires)`, times from `clock_timestamp()` (the
database's clock, the only one all processes share). Members: one row per live process, its
last heartbeat (server.shards counts live processes to share the shards).

Connections: a small pool for the rooms (psycopg_pool, from the psycopg project), so one slow
save (a big record, a lock wait, a slow disk) does not hold up every other room's; and one
connection of its own for the leases, so a renewal never waits behind saves. Saves of one
room stay in order: each is made under the room's lock (server.play), and each is one
statement fenced by the lease, whichever connection it runs on. Under gevent, psycopg 3 and
the pool wait cooperatively once the standard library is monkey patched (server.__main__
does it for the hosted mode).
"""
import threading

import psycopg
from psycopg_pool import ConnectionPool

from server.config import SiteMismatch
from server.errors import ServerError
from server.store import Records, Store, decode, encode

SCHEMA = [
    "CREATE TABLE IF NOT EXISTS rooms ("
    " code TEXT PRIMARY KEY, shard INTEGER NOT NULL, open BOOLEAN NOT NULL,"
    " touched DOUBLE PRECISION NOT NULL, version INTEGER NOT NULL, record BYTEA NOT NULL)",
    "CREATE INDEX IF NOT EXISTS rooms_open_shard ON rooms (shard) WHERE open",
    "CREATE TABLE IF NOT EXISTS leases ("
    " shard INTEGER PRIMARY KEY, owner TEXT NOT NULL, epoch BIGINT NOT NULL,"
    " expires TIMESTAMPTZ NOT NULL)",
    # Finished games (server.stories), as in SQLite: the summary apart, so a listing reads no
    # actions. Written by the owner of the room's shard only, like the room.
    "CREATE TABLE IF NOT EXISTS stories ("
    " code TEXT NOT NULL, number INTEGER NOT NULL, summary BYTEA NOT NULL,"
    " story BYTEA NOT NULL, PRIMARY KEY (code, number))",
    "CREATE TABLE IF NOT EXISTS members (owner TEXT PRIMARY KEY, seen TIMESTAMPTZ NOT NULL)",
    # One row: the site's settings every process must share (the shard count: two processes
    # cutting the codes differently would both serve some rooms).
    "CREATE TABLE IF NOT EXISTS site ("
    " id INTEGER PRIMARY KEY CHECK (id = 1), shards INTEGER NOT NULL)",
]

# pg_advisory_xact_lock's key while the schema is created ("castaway" in ASCII).
SCHEMA_LOCK = 0x63617374617761

# Every write of a room or its games starts here: this process's lease of its shard.
LEASE = """
WITH lease AS (
  SELECT 1 FROM leases WHERE shard = %(shard)s AND owner = %(owner)s AND epoch = %(epoch)s
    AND expires > clock_timestamp() FOR SHARE)"""

SAVE = LEASE + """
INSERT INTO rooms (code, shard, open, touched, version, record)
SELECT %(code)s, %(shard)s, true, %(touched)s, %(version)s, %(record)s FROM lease
ON CONFLICT (code) DO UPDATE SET shard = excluded.shard, open = true,
  touched = excluded.touched, version = excluded.version, record = excluded.record
"""

# A closed room's games go with it (its code may be given to another room), in the same
# statement: both or neither.
CLOSE = LEASE + """, closed AS (
  UPDATE rooms SET open = false WHERE code = %(code)s AND EXISTS (SELECT 1 FROM lease)
  RETURNING 1
), gone AS (
  DELETE FROM stories WHERE code = %(code)s AND EXISTS (SELECT 1 FROM lease))
SELECT (SELECT count(*) FROM lease), (SELECT count(*) FROM closed)
"""

# Add or replace one game and, with `keep`, delete the room's games older than the newest
# `keep` (%(oldest)s is NULL without: nothing is deleted). The statement's parts all see the
# table as it was before it, so the game written is never among those deleted.
SAVE_STORY = LEASE + """, saved AS (
  INSERT INTO stories (code, number, summary, story)
  SELECT %(code)s, %(number)s, %(summary)s, %(story)s FROM lease
  ON CONFLICT (code, number) DO UPDATE SET summary = excluded.summary, story = excluded.story
  RETURNING 1
), trimmed AS (
  DELETE FROM stories WHERE code = %(code)s AND number <= %(oldest)s::integer
    AND EXISTS (SELECT 1 FROM lease))
SELECT count(*) FROM lease
"""

# One game (%(number)s) or all the room's games (NULL).
DELETE_STORIES = LEASE + """, gone AS (
  DELETE FROM stories WHERE code = %(code)s
    AND (%(number)s::integer IS NULL OR number = %(number)s::integer)
    AND EXISTS (SELECT 1 FROM lease))
SELECT count(*) FROM lease
"""

ACQUIRE = """
INSERT INTO leases AS l (shard, owner, epoch, expires)
VALUES (%(shard)s, %(owner)s, 1, clock_timestamp() + make_interval(secs => %(ttl)s))
ON CONFLICT (shard) DO UPDATE SET owner = excluded.owner, epoch = l.epoch + 1,
  expires = excluded.expires
WHERE l.expires <= clock_timestamp()
RETURNING epoch
"""

RENEW = """
UPDATE leases SET expires = clock_timestamp() + make_interval(secs => %(ttl)s)
WHERE shard = %(shard)s AND owner = %(owner)s AND epoch = %(epoch)s
  AND expires > clock_timestamp()
RETURNING epoch
"""

RELEASE = """
UPDATE leases SET expires = '-infinity'
WHERE shard = %(shard)s AND owner = %(owner)s AND epoch = %(epoch)s
"""

HEARTBEAT = """
WITH gone AS (DELETE FROM members WHERE seen < clock_timestamp() - interval '1 day')
INSERT INTO members (owner, seen) VALUES (%(owner)s, clock_timestamp())
ON CONFLICT (owner) DO UPDATE SET seen = excluded.seen
"""

# The live processes, and the seconds until the next lease held by another process ends.
LIVE = """
SELECT (SELECT count(*) FROM members
        WHERE seen > clock_timestamp() - make_interval(secs => %(ttl)s)),
       (SELECT extract(epoch FROM min(expires) - clock_timestamp())::float FROM leases
        WHERE owner <> %(owner)s AND expires > clock_timestamp())
"""


class NotOwner(ServerError):
    """This process does not hold the lease of the room's shard: it must not write the room.
    A refusal like any other (`room_moved`): the request changes nothing and is answered."""

    def __init__(self, detail):
        super().__init__("room_moved")
        self.detail = detail


# A database cut off (not refused) must fail fast rather than hang a renewal past its lease: a
# bounded connect, keepalives and unacknowledged data noticed within seconds (tcp_user_timeout,
# ms), no statement running longer than the lease.
CONNECT = dict(autocommit=True, connect_timeout=2, keepalives=1, keepalives_idle=2,
               keepalives_interval=1, keepalives_count=2, tcp_user_timeout=3000,
               options="-c statement_timeout=2000")

# The rooms' connections: a few, not one per room. The writes of a process are short (one
# statement each, under a millisecond of the database's time when it is well); a handful lets
# a slow one run beside the others, more would only queue in PostgreSQL instead of here.
ROOM_CONNECTIONS = 4


class PostgresStore(Store):
    def __init__(self, dsn, shard_of, owner, connections=ROOM_CONNECTIONS):
        """shard_of(code) -> shard; owner: this process's id in the lease table. The leases
        this process holds are set by server.shards through `hold` / `drop`."""
        self.dsn = dsn
        self.shard_of = shard_of
        self.owner = owner
        self.epochs = {}               # shard -> epoch of the lease this process holds
        # room code -> epoch of the lease its room was loaded (or first saved) under: a room
        # loaded under a lease since lost is not saved under the next one (server.shards).
        self.room_epochs = {}
        self.lease_lock = threading.Lock()    # the leases connection
        self.leases_db = None
        self.pool = ConnectionPool(dsn, min_size=min(2, connections), max_size=connections, kwargs=CONNECT,
                                   timeout=5, name="castaways-rooms", open=True)
        self._create_schema()

    def _create_schema(self):
        # Processes started together on a fresh database create the tables at the same time,
        # and CREATE ... IF NOT EXISTS is not safe against that in PostgreSQL (the second one
        # fails on the table's row type, "type rooms already exists"): one transaction under
        # a site-wide advisory lock, so the others wait and then find everything there.
        with self.pool.connection() as db:
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                for statement in SCHEMA:
                    db.execute(statement)

    def check_site(self, shards):
        """The first process of a site writes its shard count; every later one must have the
        same, or it refuses to start (server.config.SiteMismatch)."""
        self._rooms("INSERT INTO site (id, shards) VALUES (1, %(shards)s)"
                    " ON CONFLICT (id) DO NOTHING", {"shards": shards})
        _, rows = self._rooms("SELECT shards FROM site WHERE id = 1", {})
        if rows[0][0] != shards:
            raise SiteMismatch(
                f"this site's database was set up with --shards {rows[0][0]}, this process "
                f"was started with --shards {shards}. Every process of a site must be given "
                f"the same --shards: with another count two processes would serve the same "
                f"rooms (docs/hosting.md).")

    # -- connections --------------------------------------------------------------------------
    def _connect(self):
        return psycopg.connect(self.dsn, **CONNECT)

    def _rooms(self, statement, params):
        """One statement on one of the rooms' connections; once more on another if the
        connection was broken (the pool drops a broken one)."""
        for attempt in (1, 2):
            try:
                with self.pool.connection() as db:
                    cursor = db.execute(statement, params)
                    return cursor.rowcount, (cursor.fetchall() if cursor.description else [])
            except psycopg.OperationalError:       # the pool's timeout (PoolTimeout) too
                if attempt == 2:
                    raise

    def _fetch(self, lock, attr, statement, params):
        with lock:
            for attempt in (1, 2):
                db = getattr(self, attr)
                if db is None or db.closed:
                    db = self._connect()
                    setattr(self, attr, db)
                try:
                    cursor = db.execute(statement, params)
                    return cursor.rowcount, (cursor.fetchall() if cursor.description else [])
                except psycopg.OperationalError:
                    db.close()
                    if attempt == 2:
                        raise

    def _fenced(self, statement, code, **params):
        shard = self.shard_of(code)
        epoch = self.epochs.get(shard)
        if epoch is None:
            raise NotOwner(f"shard {shard} of room {code} is not this process's")
        if self.room_epochs.setdefault(code, epoch) != epoch:
            raise NotOwner(f"room {code} was loaded under an earlier lease of shard {shard}")
        return self._rooms(statement,
                           dict(params, code=code, shard=shard, owner=self.owner, epoch=epoch))

    # -- the Store interface ----------------------------------------------------------------------
    def save(self, record):
        data = encode(record)
        count, _ = self._fenced(SAVE, record["code"], touched=record["touched"],
                                version=record["version"], record=data)
        if not count:
            raise NotOwner(f"room {record['code']}: the lease of its shard is not this process's")

    def open_records(self, shards=None):
        """The open rooms of `shards` (default: the shards this process holds now)."""
        shards = sorted(self.epochs) if shards is None else sorted(shards)
        if not shards:
            return Records([])
        _, rows = self._rooms("SELECT record FROM rooms WHERE open AND shard = ANY(%(shards)s)",
                              {"shards": shards})
        return Records([(bytes(data),) for (data,) in rows])

    def close(self, code):
        self._owned(CLOSE, code)

    def _owned(self, statement, code, **params):
        """A fenced write answering the lease's count: refused (NotOwner) when it is 0."""
        _, rows = self._fenced(statement, code, **params)
        if not rows[0][0]:
            raise NotOwner(f"room {code}: the lease of its shard is not this process's")

    # -- the archive of finished games (server.stories) -------------------------------------------
    # Written under the room's shard lease like the room itself; read by anyone (the owner
    # serves the room's pages, and reading changes nothing).
    def save_story(self, code, story, keep=None):
        from server.stories import summary
        self._owned(SAVE_STORY, code, number=story["number"], summary=encode(summary(story)),
                    story=encode(story), oldest=story["number"] - keep if keep else None)

    def stories(self, code):
        _, rows = self._rooms("SELECT summary FROM stories WHERE code = %(code)s ORDER BY number",
                              {"code": code})
        return list(Records([(bytes(data),) for (data,) in rows]))

    def story(self, code, number):
        _, rows = self._rooms("SELECT story FROM stories WHERE code = %(code)s"
                              " AND number = %(number)s", {"code": code, "number": number})
        return decode(bytes(rows[0][0])) if rows else None

    def delete_story(self, code, number):
        self._owned(DELETE_STORIES, code, number=number)

    def delete_stories(self, code):
        self._owned(DELETE_STORIES, code, number=None)

    def shutdown(self):
        self.pool.close()
        with self.lease_lock:
            if self.leases_db is not None:
                self.leases_db.close()

    # -- leases (server.shards) ---------------------------------------------------------------------
    def forget(self, shard):
        """The shard is let go: its rooms' epochs with it."""
        for code in [c for c in self.room_epochs if self.shard_of(c) == shard]:
            del self.room_epochs[code]

    def acquire(self, shard, ttl):
        """Take the lease of `shard` if nobody holds it (or it expired): its new epoch, or None."""
        _, rows = self._fetch(self.lease_lock, "leases_db", ACQUIRE,
                              {"shard": shard, "owner": self.owner, "ttl": ttl})
        return rows[0][0] if rows else None

    def renew(self, shard, epoch, ttl):
        """Extend a lease held at `epoch`: False when it is not ours any more."""
        count, _ = self._fetch(self.lease_lock, "leases_db", RENEW,
                               {"shard": shard, "owner": self.owner, "epoch": epoch, "ttl": ttl})
        return count == 1

    def release(self, shard, epoch):
        self._fetch(self.lease_lock, "leases_db", RELEASE,
                    {"shard": shard, "owner": self.owner, "epoch": epoch})

    def heartbeat(self, ttl, until_next_end=False):
        """Say this process is alive; returns how many processes are (this one included),
        and with `until_next_end` also the seconds until the next lease held by another
        process ends (None: there is none)."""
        self._fetch(self.lease_lock, "leases_db", HEARTBEAT, {"owner": self.owner})
        _, rows = self._fetch(self.lease_lock, "leases_db", LIVE,
                              {"ttl": ttl, "owner": self.owner})
        live, next_end = max(1, rows[0][0]), rows[0][1]
        return (live, next_end) if until_next_end else live

    def holders(self):
        """{shard: (owner, epoch, expired)} as the database sees it (tests, the proxy's view)."""
        _, rows = self._fetch(self.lease_lock, "leases_db",
                              "SELECT shard, owner, epoch, expires <= clock_timestamp()"
                              " FROM leases", {})
        return {shard: (owner, epoch, expired) for shard, owner, epoch, expired in rows}
