"""A bare Flask-SocketIO server to compare Castaways' latency against (benchmarks/server_latency.py).

On `act` it emits one `game` payload to every connected socket (one emit per socket, as
Castaways' fan-out does) and acknowledges: `{"version": n, "sample": <the --payload file>}`,
the file encoded once at start. No rooms, no engine, no store, no encoding per action: what the
transport alone costs. Same async mode, Socket.IO settings (server.app.SOCKETIO_OPTIONS: its
packet class, handlers run where events are read) and web server settings (server.serving:
TCP_NODELAY in every mode) as Castaways.

    python benchmarks/echo_server.py --mode eventlet --port 5099 --payload game.json
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="eventlet")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--payload", required=True, help="a JSON file: what each socket gets")
    args = parser.parse_args()
    if args.mode == "eventlet":
        import eventlet
        eventlet.monkey_patch()
        from server.__main__ import _listen_without_nagle
        _listen_without_nagle(eventlet)
    from flask import Flask, jsonify, request
    from flask_socketio import SocketIO

    from server import packets, serving
    from server.app import SOCKETIO_OPTIONS

    app = Flask(__name__)
    socketio = SocketIO(app, async_mode=args.mode, **SOCKETIO_OPTIONS)
    sids = set()
    with open(args.payload) as source:
        sample = packets.encoded(json.load(source))

    @app.get("/healthz")
    def healthz():
        return jsonify(ok=True)

    @socketio.on("connect")
    def connect(auth=None):
        sids.add(request.sid)

    @socketio.on("disconnect")
    def disconnect(*_):
        sids.discard(request.sid)

    @socketio.on("act")
    def act(payload):
        version = payload["version"] + 1
        for sid in list(sids):
            socketio.emit("game", {"version": version, "sample": sample}, to=sid)
        return {"ok": True, "version": version}

    # The same web server settings as Castaways (server.__main__): its connection ceiling and
    # slow-header timeout, TCP_NODELAY in every mode.
    options, _ = serving.run_options(args.mode, 10000, 5.0)
    socketio.run(app, host="127.0.0.1", port=args.port, allow_unsafe_werkzeug=True,
                 log_output=False, **options)


if __name__ == "__main__":
    main()
