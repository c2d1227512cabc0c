"""A bare Flask-SocketIO server to compare Castaways' latency against (benchmarks/server_latency.py).

On `act` it emits one `game` payload of --size bytes to every connected socket (one emit per
socket, as Castaways' fan-out does) and acknowledges. No rooms, no engine, no store: what the
transport alone costs. Same async mode and the same TCP_NODELAY treatment as Castaways.

    python benchmarks/echo_server.py --mode eventlet --port 5099 --size 5200
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="eventlet")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--size", type=int, default=5000)
    args = parser.parse_args()
    if args.mode == "eventlet":
        import eventlet
        eventlet.monkey_patch()
        from server.__main__ import _listen_without_nagle
        _listen_without_nagle(eventlet)
    from flask import Flask, jsonify, request
    from flask_socketio import SocketIO

    from server import serving

    app = Flask(__name__)
    socketio = SocketIO(app, async_mode=args.mode)
    sids = set()
    pad = "x" * args.size

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
            socketio.emit("game", {"version": version, "pad": pad}, to=sid)
        return {"ok": True, "version": version}

    # The same web server settings as Castaways (server.__main__): its connection ceiling and
    # slow-header timeout, TCP_NODELAY in every mode.
    options, _ = serving.run_options(args.mode, 10000, 5.0)
    socketio.run(app, host="127.0.0.1", port=args.port, allow_unsafe_werkzeug=True,
                 log_output=False, **options)


if __name__ == "__main__":
    main()
