"""A server in-process (Flask-SocketIO's test client, threading mode) and screens to drive it."""
import pytest

from server.app import create_app, hub_of
from server.config import Config
from tests.support.waiting import wait_until

LAN_IP = "10.0.0.5"


class FakeClock:
    def __init__(self, now=1_800_000_000.0):
        self.now = now

    def __call__(self):
        return self.now


class Screen:
    """One Socket.IO connection (a TV or a phone) and everything it has received.

    Reads the test client's queue in place, never through get_received(), which can drop a
    message a bot thread appends while it runs."""

    def __init__(self, server, auth):
        self.server = server
        self.client = server.socketio.test_client(server.app, auth=auth)
        self.seen = 0

    @property
    def connected(self):
        return self.client.is_connected()

    def messages(self, name=None):
        return [m["args"][0] if m["args"] else None for m in list(self.client.queue)
                if name is None or m["name"] == name]

    def last(self, name):
        got = self.messages(name)
        return got[-1] if got else None

    def new(self, name=None):
        """Messages received since the last call of new()."""
        queue = list(self.client.queue)
        fresh, self.seen = queue[self.seen:], len(queue)
        return [m["args"][0] if m["args"] else None for m in fresh
                if name is None or m["name"] == name]

    def send(self, event, *payload):
        return self.client.emit(event, *payload, callback=True)

    def wait_for(self, name, check=lambda m: True, timeout=10.0):
        return wait_until(lambda: next((m for m in reversed(self.messages(name)) if check(m)),
                                       None), timeout, f"{name!r} matching on {self}")

    def close(self):
        if self.connected:
            self.client.disconnect()

    @property
    def welcome(self):
        return self.messages("welcome")[0]

    @property
    def game(self):
        return self.last("game")


class Server:
    def __init__(self, data_dir, clock, **options):
        settings = dict(data_dir=str(data_dir), async_mode="threading", lan_ip=LAN_IP,
                        bot_delay=0.0, seed=7, clock=clock)
        self.config = Config(**{**settings, **options})
        self.app = create_app(self.config)
        self.hub = hub_of(self.app)
        self.socketio = self.hub.socketio
        self.screens = []

    def table(self, room=None, host_token=None):
        return self._screen({"role": "table", "room": room, "host_token": host_token})

    def phone(self, room, token=None):
        return self._screen({"role": "phone", "room": room, "token": token})

    def _screen(self, auth):
        screen = Screen(self, auth)
        self.screens.append(screen)
        return screen

    def room(self, code):
        return self.hub.rooms.get(code)

    def lobby(self, names=("Ana", "Ben", "Cy")):
        """A host table and one joined phone per name."""
        table = self.table()
        code = table.welcome["room"]
        phones = []
        for name in names:
            phone = self.phone(code)
            reply = phone.send("join", {"name": name})
            assert reply["ok"], reply
            phone.token, phone.player = reply["token"], reply["player"]
            phones.append(phone)
        return table, code, phones

    def playing(self, names=("Ana", "Ben", "Cy"), game="fixture", options=None):
        table, code, phones = self.lobby(names)
        reply = table.send("start", {"game": game, "options": options or {}})
        assert reply["ok"], reply
        return table, code, phones

    def close(self):
        for screen in self.screens:
            screen.close()
        # A countdown still sleeping in its thread (real sleeps, fake clock) then finds its
        # deadline gone instead of saving into the closed database and logging a traceback
        # (the rooms stay, for a test to read after closing).
        for room in list(self.hub.rooms.rooms.values()):
            room.deadline = None
        self.hub.store.shutdown()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def make_server(tmp_path, clock):
    made = []

    def make(data_dir=tmp_path / "data", **options):
        server = Server(data_dir, clock, **options)
        made.append(server)
        return server
    yield make
    for server in made:
        server.close()


@pytest.fixture
def server(make_server):
    return make_server()
