"""A small asyncio Socket.IO client (Engine.IO 4 / Socket.IO 5 over a WebSocket, text packets
only), for the tests and benchmarks that need thousands of sockets in one process.
python-socketio's client costs several threads per socket; this costs one task.

    sock = await LiteSocket.open("127.0.0.1", port, {"role": "table"})
    welcome = await sock.wait("welcome")
    reply = await sock.call("add_bot", {})
    await sock.close()

It speaks only what the pages use: connect with `auth`, events, acknowledgements, pings. It
can also send raw frames (`send_raw`), for the tests that play a broken client.
"""
import asyncio
import json
import socket

from wsproto import ConnectionType, WSConnection
from wsproto.events import (AcceptConnection, BytesMessage, CloseConnection, Message, Ping,
                            RejectConnection, Request, TextMessage)

PATH = "/socket.io/?EIO=4&transport=websocket"


class Refused(Exception):
    """The server refused the Socket.IO connection; args[0] is its error object."""


class LiteSocket:
    def __init__(self, on_event=None):
        self.on_event = on_event          # on_event(name, data), called in the loop
        self.received = []                # (name, data)
        self.closed = asyncio.Event()
        self._changed = asyncio.Event()
        self._acks = {}
        self._next_id = 0
        self._connected = None
        self._writer = None
        self._ws = WSConnection(ConnectionType.CLIENT)
        self._text = []
        self.sid = None

    @classmethod
    async def open(cls, host, port, auth, on_event=None, timeout=15.0, source=None):
        """source: the local address to connect from (e.g. 127.0.0.7, one loopback address
        per household, so limits per client address see many devices' homes)."""
        sock = cls(on_event)
        await asyncio.wait_for(sock._open(host, port, auth, source), timeout)
        return sock

    async def _open(self, host, port, auth, source=None):
        reader, self._writer = await asyncio.open_connection(
            host, port, local_addr=(source, 0) if source else None)
        raw = self._writer.get_extra_info("socket")
        raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._auth = auth
        loop = asyncio.get_running_loop()
        self._connected = loop.create_future()
        # The room code in the URL too, as the pages send it (a hosted site's proxy routes by it).
        room = auth.get("room") if isinstance(auth, dict) else None
        target = PATH + (f"&room={room}" if isinstance(room, str) and room.isalpha() else "")
        self._writer.write(self._ws.send(Request(host=f"{host}:{port}", target=target)))
        self._reader_task = asyncio.create_task(self._read(reader))
        try:
            self.sid = await self._connected
        except BaseException:
            self._reader_task.cancel()
            self._writer.close()
            raise

    # -- receiving ------------------------------------------------------------------------------
    async def _read(self, reader):
        try:
            while True:
                data = await reader.read(65536)
                self._ws.receive_data(data or None)
                for event in self._ws.events():
                    self._on_ws(event)
                if not data:
                    break
        except (ConnectionError, OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._finish(ConnectionError("closed"))

    def _finish(self, exc):
        if self._connected and not self._connected.done():
            self._connected.set_exception(exc)
        for future in self._acks.values():
            if not future.done():
                future.set_exception(exc)
        self._acks.clear()
        self.closed.set()
        self._changed.set()

    def _on_ws(self, event):
        if isinstance(event, AcceptConnection):
            return
        if isinstance(event, RejectConnection):
            raise ConnectionError("websocket refused")
        if isinstance(event, Ping):
            self._write(self._ws.send(event.response()))
        elif isinstance(event, CloseConnection):
            if self._ws.state.name == "REMOTE_CLOSING":
                self._write(self._ws.send(event.response()))
        elif isinstance(event, TextMessage):
            self._text.append(event.data)
            if event.message_finished:
                text, self._text = "".join(self._text), []
                self._on_eio(text)
        elif isinstance(event, (BytesMessage, Message)):
            pass

    def _on_eio(self, text):
        kind, body = text[:1], text[1:]
        if kind == "0":                                  # open
            self._send_eio("4" + "0" + json.dumps(self._auth))
        elif kind == "2":                                # ping
            self._send_eio("3")
        elif kind == "4":
            self._on_sio(body)

    def _on_sio(self, body):
        kind, rest = body[:1], body[1:]
        if kind == "0":                                  # connected
            if not self._connected.done():
                self._connected.set_result(json.loads(rest).get("sid"))
        elif kind == "4":                                # connect_error
            if not self._connected.done():
                self._connected.set_exception(Refused(json.loads(rest)))
        elif kind == "1":                                # disconnected by the server
            self._finish(ConnectionError("disconnected by the server"))
        elif kind in "23":
            digits = 0
            while digits < len(rest) and rest[digits].isdigit():
                digits += 1
            ack_id = int(rest[:digits]) if digits else None
            data = json.loads(rest[digits:])
            if kind == "3":
                future = self._acks.pop(ack_id, None)
                if future and not future.done():
                    future.set_result(data[0] if data else None)
            else:
                name, payload = data[0], (data[1] if len(data) > 1 else None)
                self.received.append((name, payload))
                if self.on_event:
                    self.on_event(name, payload)
                self._changed.set()

    # -- sending -------------------------------------------------------------------------------
    def _write(self, data):
        if self._writer and not self._writer.is_closing():
            self._writer.write(data)

    def _send_eio(self, text):
        self._write(self._ws.send(Message(data=text)))

    def send_raw(self, data):
        """One WebSocket frame as it is: str for a text frame, bytes for a binary one."""
        self._write(self._ws.send(Message(data=data)))

    async def send_fragment(self, data, finished=False):
        """One frame of a text message that may go on in later frames (a broken client's
        endless message), waiting until the kernel took it."""
        if self.closed.is_set() or self._ws.state.name != "OPEN":
            raise ConnectionError("closed")
        self._write(self._ws.send(Message(data=data, message_finished=finished)))
        await self._writer.drain()

    def emit(self, event, *args):
        self._send_eio("42" + json.dumps([event, *args]))

    async def call(self, event, *args, timeout=15.0):
        self._next_id += 1
        ack_id = self._next_id
        future = asyncio.get_running_loop().create_future()
        self._acks[ack_id] = future
        self._send_eio("42" + str(ack_id) + json.dumps([event, *args]))
        return await asyncio.wait_for(future, timeout)

    async def wait(self, event, check=lambda d: True, timeout=15.0):
        async def found():
            while True:
                for name, data in reversed(self.received):
                    if name == event and check(data):
                        return data
                if self.closed.is_set():
                    raise ConnectionError(f"closed while waiting for {event}")
                self._changed.clear()
                await self._changed.wait()
        return await asyncio.wait_for(found(), timeout)

    @property
    def connected(self):
        return self._connected is not None and self._connected.done() and \
            not self.closed.is_set()

    async def close(self):
        if not self.closed.is_set():
            try:
                self._send_eio("41")
                self._write(self._ws.send(CloseConnection(code=1000)))
            except Exception:
                pass
        if self._writer:
            self._writer.close()
        self._reader_task.cancel()
        self.closed.set()
