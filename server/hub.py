"""The server's shared parts in one object, handed to every module that needs them (instead of
module globals, so tests can run several independent servers in one process)."""
import logging
import random
from dataclasses import dataclass, field

from server.config import Config
from server.rooms import Registry
from server.store import Store

log = logging.getLogger("castaways")


@dataclass
class Hub:
    config: Config
    socketio: object          # flask_socketio.SocketIO
    store: Store
    rooms: Registry = None
    sids: dict = field(default_factory=dict)   # sid -> room code, for every connected socket
    bot_turns: set = field(default_factory=set)   # (code, version) with a bot turn scheduled
    guard: object = None      # server.guard.Guard: per-socket budgets (set by server.events)
    bot_asked: dict = field(default_factory=dict)  # (code, seat) -> when a bot seat was asked
    shards: object = None     # server.shards.Shards in the hosted mode, else None

    def __post_init__(self):
        if self.rooms is None:
            seed = self.config.seed
            self.rooms = Registry(random.Random(seed) if seed is not None else None)

    def now(self):
        return self.config.clock()

    def room_of(self, sid):
        code = self.sids.get(sid)
        return self.rooms.get(code) if code else None
