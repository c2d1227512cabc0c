"""The Socket.IO packet class the server uses: JSON only, no search for binary data, encoded by
orjson, with room for a value encoded beforehand.

- python-socketio checks every outgoing payload for bytes, item by item in Python, to send them
  as binary attachments; it cost about a third of an action's server CPU (issue 13). Castaways
  never sends bytes (every payload is JSON), so the check is switched off with the flag the
  library has for it, `uses_binary_events`.
- Packets are encoded with orjson (C/Rust, several times faster than the json module).
- `encoded(value)` encodes a value once, now (an `Encoded`): a packet holding it splices its
  text in as is (an `orjson.Fragment`). server.views encodes each seat's `game` payload so, under the
  room's lock (the game's own data, never copied, may change as soon as the lock is let go).

Decoding what clients send is unchanged (the json module: its errors are the ones
server.events' guard expects, and a client's packets are small).
"""
import json

import orjson
from socketio import packet


class Encoded:
    """A JSON value encoded beforehand (bytes), spliced as is into the packets that hold it."""
    __slots__ = ("json", "fragment")

    def __init__(self, text):
        self.json = text
        self.fragment = orjson.Fragment(text)

    def value(self):
        """The value again (for tests and tools looking at what was sent)."""
        return json.loads(self.json)


def _splice(value):
    if type(value) is Encoded:
        return value.fragment
    raise TypeError(f"{type(value).__name__} is not JSON data")


def _json_splice(value):
    if type(value) is Encoded:
        return json.loads(value.json)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _encode(value):
    """UTF-8 JSON bytes of `value`. What orjson refuses and json accepts (an integer beyond 64
    bits) goes through json, so nothing that was sent before fails now."""
    try:
        return orjson.dumps(value, default=_splice)
    except TypeError:       # orjson.JSONEncodeError is a TypeError
        return json.dumps(value, separators=(",", ":"), default=_json_splice).encode()


def dumps(value):
    """JSON text of `value`, as python-socketio writes it into a packet."""
    return _encode(value).decode()


def encoded(value):
    """`value` encoded now, to be sent later as if it were `value` itself."""
    return Encoded(_encode(value))


class _Json:
    """The json module as python-socketio's Packet uses it (dumps with separators, loads)."""

    @staticmethod
    def dumps(value, separators=None):
        return dumps(value)

    loads = staticmethod(json.loads)


class JsonPacket(packet.Packet):
    uses_binary_events = False
    json = _Json
