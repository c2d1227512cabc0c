"""Castaways' server: rooms, players and games over Flask-SocketIO (docs/protocol.md).

Importing this package imports nothing else, so `python -m server` can monkey patch for
eventlet before Flask or Socket.IO are loaded (server.__main__)."""
