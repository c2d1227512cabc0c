"""Where rooms survive a restart: one SQLite row per room holding its record (players and their
tokens, selection, status, the game's to_dict(), version, recent log, countdown).

`Store` is the interface the rest of the server uses; `SqliteStore` is the one we ship. Writes
are synchronous and committed before the caller broadcasts anything, so an action a screen has
seen is always on disk (WAL journal: a killed process loses nothing committed).

Cost per save (issue 13): every accepted action writes its room's whole record, on the latency
path. The standard `json` encoder took 150 us for a 10 KB Lifeboats record and 550 us for a 33 KB
late Galèrapagos one; orjson (a well-kept C/Rust encoder, same JSON out) takes 15-40 us. A save
is now about 75 us (Lifeboats) and 110 us (Galèrapagos at 12) as medians on the server path
(benchmarks/server_cpu.py, `store us/save`; 230 and 450 us before), the rest being SQLite's
WAL write (no fsync per commit with synchronous=NORMAL). Measured and not done: compressing
the record (zlib or zstd level 1 made a save 60-100 us slower: fewer pages written does not pay
for the compression), and writing Galèrapagos' per-seat records (26 of its 34 KB) apart so each
action writes only their new items (at most about 60 us saved, for a second table, two writes
kept in one transaction and a merge on load). The bytes are stored as a BLOB in the `record`
column; rows written as TEXT by an older server load the same (orjson reads both).
"""
import json
import logging
import os
import sqlite3
import threading

import orjson

log = logging.getLogger("castaways")


class RawJson(bytes):
    """Bytes that are JSON already (a game's actions, server.stories): `encode` writes them
    into the record as they are, where orjson refuses any other bytes. Equal to the data they
    hold, so a record compares equal to its stored form read back."""

    def __eq__(self, other):
        if isinstance(other, (list, dict)):
            return orjson.loads(bytes(self)) == other
        return bytes.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = bytes.__hash__


def raw_json(value):
    """orjson's `default` for records holding RawJson."""
    if isinstance(value, RawJson):
        return orjson.Fragment(bytes(value))
    raise TypeError(f"{type(value).__name__} is not JSON")


def encode(record):
    """The stored form of a record: compact UTF-8 JSON bytes, as json.dumps would write it.
    What orjson refuses and json takes (a lone surrogate in a string, kept by a record written
    before inbound strings were checked for them) goes through json, escaped. RawJson is
    written as it is."""
    try:
        return orjson.dumps(record, default=raw_json)
    except TypeError:       # orjson.JSONEncodeError
        return json.dumps(record, separators=(",", ":"), default=_decoded).encode()


def _decoded(value):
    """json's view of RawJson (server.stories): the data it holds."""
    if isinstance(value, bytes):
        return orjson.loads(bytes(value))      # orjson reads plain bytes only
    raise TypeError(f"{type(value).__name__} is not JSON")


def decode(data):
    """A record from its stored form (bytes, or str from an older store). json reads what
    orjson refuses: an escaped lone surrogate, which json.dumps wrote before orjson."""
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return json.loads(data)


class Records:
    """Stored rows, each parsed when iteration reaches it. A row that cannot be parsed is
    logged and passed over: it stays on disk, and the other rooms come back."""

    def __init__(self, rows):
        self.rows = rows

    def __len__(self):
        return len(self.rows)

    def __iter__(self):
        for (data,) in self.rows:
            try:
                record = decode(data)
            except ValueError:
                log.exception("a stored room could not be read; it stays on disk")
                continue
            yield record


class Store:
    def save(self, record):
        """Write a room's record (server.rooms.Room.to_record) as the latest state. The record
        may hold the live game state (server.play.commit): serialise it now, keep no reference."""
        raise NotImplementedError

    def open_records(self):
        """The records of every room still open, for reloading at start: an iterable that
        parses each one only when it is reached, so a reload holds one room's objects at a
        time besides the rooms already loaded."""
        raise NotImplementedError

    def close(self, code):
        """Mark a room closed: it is not reloaded any more. Its archived games go with it
        (delete_stories): the code may be given to another room."""
        raise NotImplementedError

    # -- the archive of finished games (server.stories, issue 23) ----------------------------
    # A room's earlier games, one story each (server.stories: seed, options, players, every
    # action), keyed by (room code, game number). This default keeps them in memory; a store
    # that persists rooms overrides the four methods to persist them too.
    def save_story(self, code, story, keep=None):
        """Add or replace game story["number"] of room `code`; with `keep`, only the newest
        `keep` games of the room stay."""
        games = self.__dict__.setdefault("_stories", {}).setdefault(code, {})
        games[story["number"]] = encode(story)
        for number in sorted(games)[:-keep] if keep else ():
            del games[number]

    def stories(self, code):
        """The summaries (server.stories.summary) of the room's archived games."""
        from server.stories import summary
        games = self.__dict__.get("_stories", {}).get(code, {})
        return [summary(decode(data)) for _, data in sorted(games.items())]

    def story(self, code, number):
        """One archived story, or None."""
        data = self.__dict__.get("_stories", {}).get(code, {}).get(number)
        return decode(data) if data is not None else None

    def delete_story(self, code, number):
        self.__dict__.get("_stories", {}).get(code, {}).pop(number, None)

    def delete_stories(self, code):
        self.__dict__.get("_stories", {}).pop(code, None)


class SqliteStore(Store):
    FILENAME = "castaways.sqlite3"

    def __init__(self, data_dir):
        os.makedirs(data_dir, exist_ok=True)
        self.path = os.path.join(data_dir, self.FILENAME)
        # One connection shared by all threads/greenlets, serialised by our own lock.
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.lock = threading.Lock()
        with self.lock:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS rooms ("
                " code TEXT PRIMARY KEY, open INTEGER NOT NULL, touched REAL NOT NULL,"
                " version INTEGER NOT NULL, record TEXT NOT NULL)")
            # Finished games (server.stories): the summary apart, so a listing reads no actions.
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS stories ("
                " code TEXT NOT NULL, number INTEGER NOT NULL, summary BLOB NOT NULL,"
                " story BLOB NOT NULL, PRIMARY KEY (code, number))")

    def save(self, record):
        data = encode(record)
        with self.lock:
            self.db.execute(
                "INSERT INTO rooms (code, open, touched, version, record) VALUES (?, 1, ?, ?, ?)"
                " ON CONFLICT(code) DO UPDATE SET open=1, touched=excluded.touched,"
                " version=excluded.version, record=excluded.record",
                (record["code"], record["touched"], record["version"], data))

    def open_records(self):
        with self.lock:
            rows = self.db.execute("SELECT record FROM rooms WHERE open=1").fetchall()
        return Records(rows)

    def close(self, code):
        with self.lock:
            self.db.execute("UPDATE rooms SET open=0 WHERE code=?", (code,))
        self.delete_stories(code)

    def save_story(self, code, story, keep=None):
        from server.stories import summary
        with self.lock:
            self.db.execute("INSERT OR REPLACE INTO stories (code, number, summary, story)"
                            " VALUES (?, ?, ?, ?)",
                            (code, story["number"], encode(summary(story)), encode(story)))
            if keep:
                self.db.execute("DELETE FROM stories WHERE code=? AND number <= ?",
                                (code, story["number"] - keep))

    def stories(self, code):
        with self.lock:
            rows = self.db.execute("SELECT summary FROM stories WHERE code=? ORDER BY number",
                                   (code,)).fetchall()
        return list(Records(rows))

    def story(self, code, number):
        with self.lock:
            row = self.db.execute("SELECT story FROM stories WHERE code=? AND number=?",
                                  (code, number)).fetchone()
        return decode(row[0]) if row else None

    def delete_story(self, code, number):
        with self.lock:
            self.db.execute("DELETE FROM stories WHERE code=? AND number=?", (code, number))

    def delete_stories(self, code):
        with self.lock:
            self.db.execute("DELETE FROM stories WHERE code=?", (code,))

    def shutdown(self):
        with self.lock:
            self.db.close()
