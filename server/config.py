"""Everything the server can be told, with the defaults of the `castaways` command."""
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

ASYNC_MODES = ("eventlet", "gevent", "threading")
# Hosted mode: a site's shards at most, one per two-letter code prefix (server.shards checks
# it equals len(CODE_LETTERS) ** 2). Here, so the command checks --shards before gevent
# patches the standard library, without importing the rooms, the engine or threading.
MAX_SHARDS = 529


class SiteMismatch(Exception):
    """A process started with options its site's database contradicts (server.store_pg)."""


def default_data_dir():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return os.path.join(base, "castaways")


@dataclass
class Config:
    data_dir: str = field(default_factory=default_data_dir)
    host: str = "0.0.0.0"
    port: int = 5000
    async_mode: str = "eventlet"
    public_url: Optional[str] = None    # overrides http://<lan-ip>:<port> in join URLs
    lan_ip: Optional[str] = None        # None: found at start (server.netinfo)
    bot_delay: float = 1.0              # seconds a bot "thinks" before acting
    idle_hours: float = 12.0
    empty_room_seconds: float = 120.0   # a room nobody joined, once its last screen left
    sweep_seconds: float = 30.0         # how often idle and empty rooms are looked for
    freeze_seconds: float = 60.0        # no screen and no change this long: frozen (rooms.py)
    max_rooms: int = 1000               # open rooms in all (about 18 kB each, 0.6 MB in play)
    max_rooms_per_address: int = 20     # open rooms created from one client address
    # Visitors: phones in a room that have not joined (the join page). Each costs the room a
    # broadcast share; 2,000 idle ones took a room's actions from 2 ms to 41 ms (issue 26).
    max_visitors_per_room: int = 50
    # In one room, from one client address: a whole party behind one proxy may scan at once.
    max_visitors_per_address: int = 20
    # Per socket: a token bucket of `flood_burst` events refilled at `flood_rate` a second.
    # Events beyond it are refused (`rate_limited`); a socket whose refusals outrun the refill
    # by `flood_debt` is disconnected. A player tapping fast stays far below.
    flood_rate: float = 10.0
    flood_burst: float = 30.0
    flood_debt: float = 60.0
    seed: Optional[int] = None          # fixes room codes, game seeds and bots (tests)
    # Hosted mode (server.hosted, docs/hosting.md): None keeps the living room's SQLite.
    db: Optional[str] = None            # postgresql://... : the site's shared store
    shards: int = 1                     # room-code shards of the site (with db)
    lease_seconds: float = 2.0          # a shard's lease (with db), renewed every quarter
    startup_seconds: float = 1.5        # (with db) before taking shards: peers say they are alive
    trusted_proxies: tuple = ()         # addresses/networks whose X-Forwarded-For is believed
    clock: Callable[[], float] = time.time   # seconds since the epoch; tests pass a fake

    def base_url(self):
        if self.public_url:
            return self.public_url.rstrip("/")
        return f"http://{self.lan_ip or '127.0.0.1'}:{self.port}"

    def join_url(self, code):
        return f"{self.base_url()}/j/{code}"
