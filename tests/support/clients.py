"""A real Socket.IO client (python-socketio) that keeps what it receives: a TV or a phone
talking to a live server (tests/support/live_server.py)."""
import threading

import socketio

from tests.support.waiting import wait_until

TIMEOUT = 15
EVENTS = ("welcome", "room", "game", "error", "kicked", "game_ended")


class Screen:
    """A real Socket.IO client that keeps what it receives.

    python-socketio's client handles each incoming message in its own thread, so messages may
    be recorded out of order: ask for the newest game with `game()`, not `last("game")`."""

    def __init__(self, url, auth, on_game=None, **client_options):
        self.received = []
        self.on_game = on_game
        self.lock = threading.Lock()
        self.client = socketio.Client(reconnection=False, **client_options)
        for event in EVENTS:
            self.client.on(event, self._keeper(event))
        self.client.connect(url, auth=auth, wait_timeout=TIMEOUT)

    def _keeper(self, event):
        def keep(data):
            with self.lock:
                self.received.append((event, data))
            if event == "game" and self.on_game:
                self.on_game(data)
        return keep

    def last(self, event):
        with self.lock:
            return next((d for e, d in reversed(self.received) if e == event), None)

    def game(self):
        """The `game` payload with the highest version received so far."""
        with self.lock:
            games = [d for e, d in self.received if e == "game"]
        return max(games, key=lambda g: g["version"], default=None)

    def wait(self, event, check=lambda d: True):
        def found():
            with self.lock:
                return next((d for e, d in reversed(self.received) if e == event and check(d)),
                            None)
        return wait_until(found, TIMEOUT, f"{event} on a screen")

    def call(self, event, payload):
        return self.client.call(event, payload, timeout=TIMEOUT)

    def close(self):
        self.client.disconnect()
