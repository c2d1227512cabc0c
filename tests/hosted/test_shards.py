"""Shards in one process (issue 22): codes naming their shard, the lease loop's taking, keeping
and losing, takeover loading the rooms, the health check, the proxy's configuration and the
client address behind it. Two "processes" here are two apps on one PostgreSQL database; the
lease loop is ticked by hand."""
import shutil
import subprocess
import time

import pytest

from server import proxy_config, proxies
from server.__main__ import main, parse_args
from server.rooms import CODE_LETTERS, Registry
from server.errors import ServerError
from server.shards import MAX_SHARDS, prefixes, shard_of
from tests.server.conftest import FakeClock, Server

SHARDS = 2
LEASE = 3.0          # long enough for a tick on a loaded machine


# -- the shard table ----------------------------------------------------------------------------
@pytest.mark.parametrize("count", [1, 2, 3, 6, 23, 100, MAX_SHARDS])
def test_every_code_prefix_belongs_to_exactly_one_shard(count):
    owned = [prefixes(shard, count) for shard in range(count)]
    every = sorted(a + b for a in CODE_LETTERS for b in CODE_LETTERS)
    assert sorted(p for mine in owned for p in mine) == every
    assert all(owned)
    assert max(map(len, owned)) - min(map(len, owned)) <= 1       # shared out evenly
    for shard, mine in enumerate(owned):
        for prefix in mine:
            assert shard_of(prefix + "ZZ", count) == shard
            assert shard_of(prefix.lower() + "ab", count) == shard      # codes ignore case


def test_a_code_that_is_not_a_room_code_has_no_shard():
    assert shard_of("", 3) is None and shard_of(None, 3) is None and shard_of("1ABC", 3) is None
    assert shard_of("IXYZ", 3) is None and shard_of("A", 3) is None   # I is not a code letter


def test_new_codes_start_with_a_prefix_of_the_shards_owned():
    registry = Registry()
    registry.code_prefixes = lambda: prefixes(1, 3)
    codes = [registry.create(0.0).code for _ in range(40)]
    assert all(shard_of(code, 3) == 1 and len(code) == 4 for code in codes)
    registry.code_prefixes = lambda: []
    with pytest.raises(ServerError) as refused:
        registry.create(0.0)
    assert refused.value.code == "server_full"


# -- the command line ----------------------------------------------------------------------------
def test_the_hosted_options_are_checked():
    args = parse_args(["--db", "postgresql://x/y", "--shards", "4"])
    assert args.async_mode == "gevent" and args.shards == 4
    assert parse_args([]).async_mode == "eventlet"        # the living room is unchanged
    for wrong in (["--db", "postgresql://x/y", "--async-mode", "eventlet"],
                  ["--shards", "3"], ["--db", "postgresql://x/y", "--shards", "530"],
                  ["--trusted-proxies", "not-an-address"]):
        with pytest.raises(SystemExit):
            parse_args(wrong)


def test_proxy_config_routes_each_shard_s_letters_to_its_backend(capsys):
    assert main(["proxy-config", "--shards", "3", "--servers", "10.0.0.1:5000,10.0.0.2:5000",
                 "--bind", ":80"]) == 0
    text = capsys.readouterr().out
    for shard in range(3):
        routed = [line for line in text.splitlines()
                  if line.startswith(f"    use_backend shard_{shard} if")]
        listed = [p for line in routed for p in line.split("-m beg ")[1].rstrip(" }").split()]
        assert listed == prefixes(shard, 3)
        assert all(len(line) < 2000 for line in routed)
        assert f"option httpchk GET /healthz?shard={shard}" in text
    assert text.count("server c2 10.0.0.2:5000") == 4          # 3 shards + any
    assert "bind :80" in text


def test_proxy_config_cuts_websockets_of_a_failed_check_and_caps_each_address():
    text = proxy_config.render(3, ["10.0.0.1:5000", "10.0.0.2:5000"])
    default_server = [line for line in text.splitlines() if "default-server" in line]
    assert default_server and default_server[0].endswith("on-marked-down shutdown-sessions")
    frontend = text.split("frontend castaways")[1].split("backend ")[0]
    assert "timeout http-request 5s" in frontend
    assert "store conn_cur" in frontend and "track-sc0 src" in frontend
    assert "reject if { sc0_conn_cur gt 500 }" in frontend


@pytest.mark.skipif(shutil.which("haproxy") is None, reason="HAProxy is not installed")
def test_haproxy_accepts_the_configuration(tmp_path):
    path = tmp_path / "haproxy.cfg"
    for shards in (1, 6, MAX_SHARDS):
        path.write_text(proxy_config.render(shards, ["127.0.0.1:5001", "127.0.0.1:5002"]))
        checked = subprocess.run(["haproxy", "-c", "-f", str(path)], capture_output=True,
                                 text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr


# -- the client's address behind a proxy ---------------------------------------------------------
@pytest.mark.parametrize("remote, forwarded, seen", [
    ("127.0.0.1", "203.0.113.9", "203.0.113.9"),                 # through the proxy
    ("127.0.0.1", "6.6.6.6, 203.0.113.9", "203.0.113.9"),        # the client wrote the first
    ("127.0.0.1", "203.0.113.9, 10.1.2.3", "203.0.113.9"),       # two trusted hops
    ("198.51.100.7", "203.0.113.9", "198.51.100.7"),             # not a proxy: ignored
    ("127.0.0.1", None, "127.0.0.1"),
    ("127.0.0.1", "garbage", "127.0.0.1"),
])
def test_the_client_address_is_the_one_a_trusted_proxy_forwards(remote, forwarded, seen):
    networks = proxies.parse("127.0.0.1, 10.0.0.0/8")
    assert proxies.client_address(remote, forwarded, networks) == seen


# -- two processes on one database ----------------------------------------------------------------
@pytest.fixture
def site(tmp_path, pg_dsn):
    made = []

    def process(name):
        server = Server(tmp_path / name, FakeClock(), db=pg_dsn, shards=SHARDS)
        server.hub.shards.lease_seconds = LEASE
        server.hub.shards.margin_seconds = 0.1
        made.append(server)
        return server
    yield process
    for server in made:
        server.close()


def test_a_process_takes_its_share_and_another_takes_over_an_expired_lease(site):
    first, second = site("a"), site("b")
    first.hub.shards.tick()                 # alone: it takes every shard
    assert first.hub.shards.owned() == [0, 1]
    second.hub.shards.tick()                # both held: nothing for the second
    assert second.hub.shards.owned() == []
    client = first.app.test_client()
    assert client.get("/healthz?shard=0").status_code == 200
    assert second.app.test_client().get("/healthz?shard=0").status_code == 503
    assert second.app.test_client().get("/healthz").status_code == 503   # cannot open rooms

    table, code, phones = first.playing(game="lifeboats", options={"negotiation_seconds": 30})
    version = first.room(code).version
    deadline = first.room(code).deadline
    shard = shard_of(code, SHARDS)

    # The first stops renewing (it is "dead"). Looking for free shards, the second learns when
    # the first's leases end, and taking them then succeeds (it wakes up then, not a tick
    # later): the first's heartbeat, said before its leases were taken, has ended by then.
    wait = second.hub.shards.take()
    assert 0 < wait <= LEASE and second.hub.shards.owned() == []
    for _ in range(SHARDS):          # the first's leases end one after the other
        time.sleep(wait)
        wait = second.hub.shards.take()
        if wait is None:             # nothing held elsewhere any more
            break
    assert wait is None and second.hub.shards.owned() == [0, 1]
    room = second.room(code)
    assert room is not None and room.version == version and room.deadline == deadline
    assert second.app.test_client().get(f"/healthz?shard={shard}").status_code == 200
    back = second.phone(code, phones[0].token)
    assert back.game["version"] == version

    # The first comes back: its lease is gone, it lets the rooms go and cannot write them.
    stale = first.room(code)
    first.hub.shards.tick()
    assert first.hub.shards.owned() == [] and first.room(code) is None
    from server.store_pg import NotOwner
    with pytest.raises(NotOwner):
        first.hub.store.save(stale.to_record())
    assert first.app.test_client().get(f"/healthz?shard={shard}").status_code == 503


def test_a_request_for_a_room_of_a_shard_served_elsewhere_is_answered_503(site):
    first, second = site("a"), site("b")
    first.hub.shards.tick()
    code = first.table().welcome["room"]
    elsewhere = second.app.test_client()
    for url in (f"/j/{code}", f"/qr/{code}.svg", f"/rooms/{code.lower()}",
                f"/socket.io/?room={code}&EIO=4&transport=polling"):
        answer = elsewhere.get(url)
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "1", url
    here = first.app.test_client()
    assert here.get(f"/j/{code}").status_code == 200
    assert here.get(f"/rooms/{code}").get_json()["ok"]
    assert elsewhere.get("/j").status_code == 200       # no room named: served anywhere


def test_behind_a_trusted_proxy_the_app_sees_the_forwarded_address():
    seen = []

    def app(environ, start_response):
        seen.append(environ["REMOTE_ADDR"])
        start_response("200 OK", [])
        return [b""]
    wrapped = proxies.Middleware(app, proxies.parse("127.0.0.1"))
    for remote, forwarded in (("127.0.0.1", "203.0.113.9"), ("198.51.100.7", "203.0.113.9")):
        wrapped({"REMOTE_ADDR": remote, "HTTP_X_FORWARDED_FOR": forwarded}, lambda *a: None)
    assert seen == ["203.0.113.9", "198.51.100.7"]


def test_the_living_room_never_loads_the_hosted_mode_s_database_driver():
    import sys
    checked = subprocess.run(
        [sys.executable, "-c", "import sys, server.app, server.__main__;"
         " sys.exit('psycopg' in sys.modules or 'server.store_pg' in sys.modules)"],
        capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_a_renewal_stuck_on_a_cut_off_database_does_not_keep_the_rooms(site):
    """The database cut off rather than refusing: the renewal hangs instead of failing. The
    watch, which needs no database, lets the shards go at their lease's local end."""
    import threading

    from tests.support.waiting import wait_until
    first = site("a")
    shards = first.hub.shards
    shards.tick()
    code = first.table().welcome["room"]
    cut = threading.Event()
    first.hub.store.renew = lambda *args: cut.wait(30) and False       # hangs
    later = time.monotonic() + LEASE + 1
    try:
        first.hub.socketio.start_background_task(shards._loop, shards.renew, "renewal")
        first.hub.socketio.start_background_task(shards.watch)
        assert first.room(code) is not None
        shards.clock = lambda: later  # past the lease's end, the renewal still hanging
        wait_until(lambda: first.room(code) is None, 10, "the rooms let go")
        assert shards.owned() == [] and first.hub.store.epochs == {}
    finally:
        shards.running = False
        cut.set()


def test_a_lease_lost_while_its_rooms_load_leaves_none_of_them_here(site):
    first = site("a")
    first.hub.shards.tick()
    codes = [first.table().welcome["room"] for _ in range(4)]
    first.hub.shards.release_all()
    second = site("b")
    shards = second.hub.shards
    sleep = second.hub.socketio.sleep
    lost = []

    def pause(seconds=0):                 # between two records: the lease is lost
        if not lost and shards.valid_until and not shards.ready:
            lost.append(next(iter(shards.valid_until)))
            shards.let_go(lost[0])
        return sleep(seconds)
    second.hub.socketio.sleep = pause
    shards.tick()
    assert lost
    mine = [c for c in codes if shard_of(c, SHARDS) == lost[0]]
    assert mine and all(second.room(c) is None for c in mine)
    assert lost[0] not in shards.owned() and lost[0] not in second.hub.store.epochs
    assert not [c for c in second.hub.store.room_epochs if shard_of(c, SHARDS) == lost[0]]
    assert not [k for k in second.hub.bot_turns if k[0] in mine]


def test_sweeping_a_room_of_a_shard_lost_drops_it_and_sweeps_the_others(site):
    from server.app import sweep_idle
    first = site("a")
    first.hub.shards.tick()
    codes = [first.table().welcome["room"] for _ in range(6)]
    lost = shard_of(codes[0], SHARDS)
    first.hub.store.epochs[lost] += 1000          # the database no longer takes its writes
    first.config.clock.now += first.hub.config.idle_hours * 3600 + 10
    closed = sweep_idle(first.hub)
    assert all(first.room(c) is None for c in codes)
    assert sorted(closed) == sorted(c for c in codes if shard_of(c, SHARDS) != lost)


def test_a_process_with_another_shard_count_than_its_site_refuses_to_start(tmp_path, pg_dsn):
    from server.config import SiteMismatch
    first = Server(tmp_path / "a", FakeClock(), db=pg_dsn, shards=SHARDS)
    try:
        again = Server(tmp_path / "b", FakeClock(), db=pg_dsn, shards=SHARDS)   # the same: fine
        again.close()
        with pytest.raises(SiteMismatch, match=f"--shards {SHARDS}.*--shards {SHARDS + 1}"):
            Server(tmp_path / "c", FakeClock(), db=pg_dsn, shards=SHARDS + 1)
    finally:
        first.close()


def test_the_command_refuses_a_shard_count_its_site_contradicts(tmp_path, pg_dsn):
    import sys
    Server(tmp_path / "a", FakeClock(), db=pg_dsn, shards=SHARDS).close()
    checked = subprocess.run(
        [sys.executable, "-m", "server", "--db", pg_dsn, "--shards", str(SHARDS + 3),
         "--async-mode", "threading", "--port", "0", "--data", str(tmp_path / "b")],
        capture_output=True, text=True, timeout=60)
    assert checked.returncode == 1
    assert f"was set up with --shards {SHARDS}" in checked.stderr
    assert "Traceback" not in checked.stderr


def test_checking_the_hosted_options_imports_neither_the_rooms_nor_the_shards():
    """--db runs under gevent, which must patch the standard library before the rooms, the
    engine and threading are imported: the options are checked with a plain constant."""
    import sys
    checked = subprocess.run(
        [sys.executable, "-c", "import sys; from server.__main__ import parse_args;"
         " parse_args(['--db', 'postgresql://x/y', '--shards', '7']);"
         " sys.exit(', '.join(m for m in ('server.shards', 'server.rooms', 'engine', 'threading')"
         " if m in sys.modules) or 0)"],
        capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
