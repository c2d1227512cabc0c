"""Hosted mode (issue 22): a room is a shard's, a shard is one process's, the proxy follows.

- **Codes name their shard.** The first two letters of a room code say its shard: with
  letters at positions a and b of server.rooms.CODE_LETTERS, shard (23a + b) mod N
  (`shard_of`, `prefixes`), so a site may have up to 529 shards (one letter would stop at 23,
  fewer than the processes 10,000 rooms need, docs/hosting.md). The proxy configuration
  (server.proxy_config) is written from the same table, so HAProxy routes a request by its
  room code alone.
- **A shard is owned through a lease** in PostgreSQL (server.store_pg), renewed every
  `renew_seconds`, valid `lease_seconds`. Only the owner serves a shard's rooms: they are in its
  registry and nowhere else, its saves are fenced by the lease in the database, and its
  timers and bots run from its rooms. This process counts a lease as its own only until
  `lease_seconds` after it *sent* its last successful renewal (minus a margin), so it stops
  before the database lets anyone else take over.
- **Takeover.** Every tick the process also takes shards nobody holds (never held, expired,
  released), up to a fair share (the shards divided by the live processes, from a heartbeat
  table), and loads their open rooms from PostgreSQL, with their bots and countdowns
  (server.app.reload_rooms). A process never takes a shard another holds: a process that
  comes back after a crash waits for a free one (no split brain).
- **Losing a lease** (the database unreachable, a pause longer than the lease): the shard's
  rooms leave the registry and their sockets are closed; their pages reconnect through the
  proxy to the new owner.

Nothing here is used in the living-room mode (one process, SQLite, no proxy): `hub.shards` is
None there.
"""
import logging
import math
import secrets
import time
import zlib

from server import config
from server.rooms import CODE_LETTERS

log = logging.getLogger("castaways")

PREFIX_LENGTH = 2
MAX_SHARDS = len(CODE_LETTERS) ** PREFIX_LENGTH
assert MAX_SHARDS == config.MAX_SHARDS, "server.config.MAX_SHARDS follows CODE_LETTERS"


def shard_of(code, shards):
    """The shard of a room code (its first two letters, from CODE_LETTERS' order), or None
    for something that is not a code."""
    if not isinstance(code, str):
        return None
    head = code.strip()[:PREFIX_LENGTH].upper()
    if len(head) < PREFIX_LENGTH:
        return None
    first, second = CODE_LETTERS.find(head[0]), CODE_LETTERS.find(head[1])
    if first < 0 or second < 0:
        return None
    return (first * len(CODE_LETTERS) + second) % shards


def prefixes(shard, shards):
    """The two-letter prefixes of the codes of `shard`."""
    return [a + b for a in CODE_LETTERS for b in CODE_LETTERS if shard_of(a + b, shards) == shard]


class LeaseLost(Exception):
    """A shard's lease was lost while its rooms were loading."""


def check_count(shards):
    if not 1 <= shards <= MAX_SHARDS:
        raise ValueError(f"--shards must be between 1 and {MAX_SHARDS}")
    return shards


class Shards:
    def __init__(self, hub, store, count, lease_seconds=2.0, renew_seconds=0.5,
                 startup_seconds=1.5, margin_seconds=0.25, clock=time.monotonic):
        self.hub = hub
        self.store = store
        self.count = check_count(count)
        self.lease_seconds = lease_seconds
        self.renew_seconds = renew_seconds
        self.startup_seconds = startup_seconds
        self.margin_seconds = margin_seconds
        self.clock = clock
        self.valid_until = {}      # shard -> monotonic time this process's lease ends for it
        self.ready = set()         # shards whose rooms are loaded and served
        self.running = True        # the loops' (tests stop them)
        self.passes = 0            # times this process has looked for free shards
        # Each process tries the free shards from its own starting point, so processes
        # starting together rarely race for the same ones.
        self.offset = zlib.crc32(store.owner.encode()) % self.count

    # -- what the rest of the server asks -----------------------------------------------------
    def owns(self, shard):
        return shard in self.ready and self.clock() < self.valid_until.get(shard, 0.0)

    def owned(self):
        return sorted(s for s in self.ready if self.owns(s))

    def code_prefixes(self):
        """The prefixes a new room's code may start with here (server.rooms.Registry)."""
        return [p for s in self.owned() for p in prefixes(s, self.count)]

    def health(self, shard):
        """/healthz?shard=K: (ok, body). Without a shard: ok when this process can create
        rooms (it owns at least one shard), for the proxy's backend of room-less requests."""
        owned = self.owned()
        body = {"owner": self.store.owner, "shards": owned,
                "rooms": len(self.hub.rooms.all()), "passes": self.passes}
        if shard is None:
            return bool(owned), dict(body, ok=bool(owned))
        try:
            shard = int(shard)
        except ValueError:
            return False, dict(body, ok=False, error="bad_shard")
        return shard in owned, dict(body, ok=shard in owned, shard=shard)

    # -- the lease loop ------------------------------------------------------------------------------
    def run(self):
        """Background tasks for the whole process life: renewing the leases held, and taking
        free shards. Apart, so that loading a big shard never delays a renewal."""
        self.hub.socketio.start_background_task(self.watch)
        self.hub.socketio.start_background_task(self._loop, self.renew, "renewal")
        self.hub.socketio.sleep(self.startup_seconds)    # let the processes starting with
        self._loop(self.take, "taking")                  # this one say they are alive first

    def watch(self):
        """Every tick, without the database: a lease past its local end is let go. Apart from
        the renewal, which may be stuck on a database cut off (not refused) for seconds."""
        while self.running:
            try:
                self._expire_overdue()
            except Exception:
                log.exception("shard leases: the watch failed")
            self.hub.socketio.sleep(self.renew_seconds / 2)

    def _loop(self, step, name):
        while self.running:
            pause = self.renew_seconds
            try:
                # A step may ask to run again sooner: taking wakes up when the next lease
                # held elsewhere ends, not up to a tick later (a dead process's rooms are
                # back that much sooner).
                pause = min(pause, step() or pause)
            except Exception:
                log.exception("shard leases: %s failed", name)
                self._expire_overdue()
            self.hub.socketio.sleep(pause)

    def tick(self, take=True):
        """Renew, then take (tests drive this by hand)."""
        self.renew()
        if take:
            self.take()

    def renew(self):
        # Alive (even while a shard loads), said before the leases are renewed: a process
        # that dies stops counting as live no later than its leases end, so the others'
        # fair share has grown by the time its shards are free.
        self.store.heartbeat(self.lease_seconds)
        for shard in list(self.valid_until):
            self._renew(shard)

    def take(self):
        """Take free shards up to the fair share; returns the seconds until the next lease
        held by another process ends (when to look again), or None."""
        live, next_end = self.store.heartbeat(self.lease_seconds, until_next_end=True)
        self.passes += 1
        self._take(math.ceil(self.count / live))
        return None if next_end is None else max(0.01, next_end + 0.01)

    def _renew(self, shard):
        sent = self.clock()
        epoch = self.store.epochs.get(shard)
        ok = epoch is not None and self.store.renew(shard, epoch, self.lease_seconds)
        if ok and self.store.epochs.get(shard) != epoch:
            return            # let go (the watch) while the renewal was on its way
        if ok:
            self.valid_until[shard] = sent + self.lease_seconds - self.margin_seconds
        else:
            log.warning("shard %d: lease lost", shard)
            self.let_go(shard)

    def _expire_overdue(self):
        """The database did not answer: a lease past its local end is lost."""
        for shard, until in list(self.valid_until.items()):
            if self.clock() >= until:
                log.warning("shard %d: lease not renewed in time", shard)
                self.let_go(shard)

    def _take(self, share):
        for step in range(self.count):
            if len(self.valid_until) >= share or not self.running:
                return
            shard = (self.offset + step) % self.count
            if shard in self.valid_until:
                continue
            sent = self.clock()
            epoch = self.store.acquire(shard, self.lease_seconds)
            if epoch is None:
                continue
            self.store.epochs[shard] = epoch
            self.valid_until[shard] = sent + self.lease_seconds - self.margin_seconds
            self._load(shard, epoch)

    def _load(self, shard, epoch):
        from server.app import reload_rooms      # app imports this module
        started = time.monotonic()
        try:
            count = reload_rooms(self.hub, self._yielding(shard, epoch,
                                                          self.store.open_records([shard])))
        except LeaseLost:
            count = None
        except Exception:
            log.exception("shard %d: its rooms could not be loaded; letting it go", shard)
            self.let_go(shard, release=True)
            return
        if count is None or self.store.epochs.get(shard) != epoch:
            # Lost while loading (let_go ran between two records): the rooms loaded since
            # would stay here with their bots and countdowns, every save refused.
            log.warning("shard %d: lease lost while its rooms were loading", shard)
            self._drop_rooms(shard)
            return
        self.ready.add(shard)
        log.info("shard %d taken (epoch %d): %d open rooms loaded in %.0f ms", shard, epoch,
                 count, 1000 * (time.monotonic() - started))

    def _yielding(self, shard, epoch, records):
        """The records, letting the loop serve other rooms between two (a shard of a thousand
        rooms takes a second or two to load); each room is saved only under the lease it was
        loaded under (store.room_epochs), and LeaseLost ends the load once that lease is gone."""
        for record in records:
            if self.store.epochs.get(shard) != epoch:
                raise LeaseLost(shard)
            if isinstance(record, dict) and isinstance(record.get("code"), str):
                self.store.room_epochs[record["code"]] = epoch
            yield record
            self.hub.socketio.sleep(0)

    def let_go(self, shard, release=False):
        """Stop serving `shard`: its rooms leave the registry, their sockets are closed."""
        epoch = self.store.epochs.pop(shard, None)
        self.valid_until.pop(shard, None)
        self.ready.discard(shard)
        self._drop_rooms(shard)
        if release and epoch is not None:
            try:
                self.store.release(shard, epoch)
            except Exception:
                log.exception("shard %d: lease could not be released", shard)

    def _drop_rooms(self, shard):
        """The shard's rooms leave the registry, their sockets are closed."""
        self.store.forget(shard)
        hub = self.hub
        for room in hub.rooms.all():
            if shard_of(room.code, self.count) != shard:
                continue
            hub.rooms.remove(room.code)
            for key in [k for k in hub.bot_turns if k[0] == room.code]:
                hub.bot_turns.discard(key)
            for sid in list(room.connections):
                hub.sids.pop(sid, None)
                try:
                    hub.socketio.server.disconnect(sid, namespace="/")
                except Exception:
                    pass

    def release_all(self):
        """On a clean stop: hand every shard over at once instead of after the lease's end."""
        self.running = False         # and take none back meanwhile
        for shard in list(self.valid_until):
            self.let_go(shard, release=True)


def new_owner_id():
    return secrets.token_hex(6)
