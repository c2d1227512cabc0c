"""Where rooms survive a restart: one SQLite row per room holding its record (players and their
tokens, selection, status, the game's to_dict(), version, recent log, countdown).

`Store` is the interface the rest of the server uses; `SqliteStore` is the one we ship. Writes
are synchronous and committed before the caller broadcasts anything, so an action a screen has
seen is always on disk (WAL journal: a killed process loses nothing committed).
"""
import json
import os
import sqlite3
import threading


class Store:
    def save(self, record):
        """Write a room's record (server.rooms.Room.to_record) as the latest state. The record
        may hold the live game state (server.play.commit): serialise it now, keep no reference."""
        raise NotImplementedError

    def open_records(self):
        """The records of every room still open, for reloading at start."""
        raise NotImplementedError

    def close(self, code):
        """Mark a room closed: it is not reloaded any more."""
        raise NotImplementedError


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

    def save(self, record):
        text = json.dumps(record, separators=(",", ":"))
        with self.lock:
            self.db.execute(
                "INSERT INTO rooms (code, open, touched, version, record) VALUES (?, 1, ?, ?, ?)"
                " ON CONFLICT(code) DO UPDATE SET open=1, touched=excluded.touched,"
                " version=excluded.version, record=excluded.record",
                (record["code"], record["touched"], record["version"], text))

    def open_records(self):
        with self.lock:
            rows = self.db.execute("SELECT record FROM rooms WHERE open=1").fetchall()
        return [json.loads(text) for (text,) in rows]

    def close(self, code):
        with self.lock:
            self.db.execute("UPDATE rooms SET open=0 WHERE code=?", (code,))

    def shutdown(self):
        with self.lock:
            self.db.close()
