"""A throwaway PostgreSQL server for the hosted-mode tests, from the machine's own binaries
(Debian's `postgresql` package: /usr/lib/postgresql/<version>/bin; .ci/run installs it).

It runs in a temporary folder, on a free loopback port, with `trust` authentication, no fsync,
for the test session. PostgreSQL refuses to run as root: as root (CI), the folder is handed
to the `postgres` system user the package creates and the server runs as that user
(`runuser`). Each test gets a database of its own (`fresh_database`).

    from tests.support.postgres import postgres, pg_dsn  # noqa: F401 fixtures
"""
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid

import pytest

from tests.support.live_server import free_port

START_TIMEOUT = 30.0


def binaries():
    """The folder of initdb/postgres, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[-3]) if p.split("/")[-3].isdigit() else 0)
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def missing_reason():
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    if binaries() is None:
        return "PostgreSQL is not installed (apt-get install postgresql; .ci/run does it)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser: PostgreSQL cannot be started"
    return None


class Postgres:
    def __init__(self):
        self.bin = binaries()
        self.dir = tempfile.mkdtemp(prefix="castaways-pg-")
        self.data = os.path.join(self.dir, "data")
        self.port = free_port()
        self.process = None
        self.as_user = []
        if os.geteuid() == 0:
            import pwd
            user = pwd.getpwnam("postgres")
            os.chown(self.dir, user.pw_uid, user.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command):
        subprocess.run([*self.as_user, *command], check=True, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, cwd="/")

    def start(self):
        self._run(os.path.join(self.bin, "initdb"), "-D", self.data, "-U", "castaways",
                  "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
        self.log = open(os.path.join(tempfile.gettempdir(), f"castaways-pg-{self.port}.log"), "wb")
        self.process = subprocess.Popen(
            [*self.as_user, os.path.join(self.bin, "postgres"), "-D", self.data,
             "-p", str(self.port), "-k", self.dir, "-c", "listen_addresses=127.0.0.1",
             "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
             "-c", "max_connections=200"],
            stdout=self.log, stderr=subprocess.STDOUT, cwd="/")
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    pass
                import psycopg
                with psycopg.connect(self.dsn("postgres"), connect_timeout=2):
                    return self
            except Exception:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("PostgreSQL did not start: see " + self.log.name)
                time.sleep(0.1)

    def dsn(self, database):
        return f"postgresql://castaways@127.0.0.1:{self.port}/{database}"

    def fresh_database(self):
        import psycopg
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.dsn("postgres"), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.dsn(name)

    def stop(self):
        if self.process and self.process.poll() is None:
            # Fast shutdown: a plain SIGTERM is PostgreSQL's smart one, which waits for every
            # client to leave; a connection a test left open held the session's end ~10 s.
            try:
                subprocess.run([*self.as_user, os.path.join(self.bin, "pg_ctl"), "stop", "-D",
                                self.data, "-m", "fast", "-w", "-t", "15"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd="/",
                               timeout=20)
            except subprocess.TimeoutExpired:
                pass
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres():
    reason = missing_reason()
    if reason:
        pytest.skip(reason)
    server = Postgres().start()
    yield server
    server.stop()


@pytest.fixture
def pg_dsn(postgres):
    return postgres.fresh_database()
