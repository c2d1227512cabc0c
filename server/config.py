"""Everything the server can be told, with the defaults of the `castaways` command."""
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

ASYNC_MODES = ("eventlet", "gevent", "threading")


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
    sweep_seconds: float = 600.0        # how often idle rooms are looked for
    seed: Optional[int] = None          # fixes room codes, game seeds and bots (tests)
    clock: Callable[[], float] = time.time   # seconds since the epoch; tests pass a fake

    def base_url(self):
        if self.public_url:
            return self.public_url.rstrip("/")
        return f"http://{self.lan_ip or '127.0.0.1'}:{self.port}"

    def join_url(self, code):
        return f"{self.base_url()}/j/{code}"
