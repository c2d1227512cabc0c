"""The `castaways` command (also `python -m server`).

Eventlet stays here: when it is the async mode, it is imported and monkey patches the standard
library before anything else is imported (even logging, which creates locks at import); every
other module is mode-agnostic.
"""
import argparse
import gc
import importlib
import signal
import sys
import warnings

from server import proxies
from server.config import ASYNC_MODES, MAX_SHARDS, Config, SiteMismatch, default_data_dir


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        prog="castaways",
        description="Party game server: open the table URL on the TV, players scan the QR code.")
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
    parser.add_argument("--port", type=int, default=5000, help="port (default: 5000)")
    parser.add_argument("--data", default=default_data_dir(),
                        help="folder for the saved rooms (default: %(default)s)")
    parser.add_argument("--async-mode", choices=ASYNC_MODES, default=None,
                        help="Socket.IO server mode (default: eventlet; gevent with --db)")
    parser.add_argument("--public-url",
                        help="address phones should use, e.g. http://192.168.1.20:5000 "
                             "(default: this machine's LAN address)")
    parser.add_argument("--max-rooms", type=int, default=1000,
                        help="rooms open at once (default: %(default)s)")
    parser.add_argument("--max-rooms-per-address", type=int, default=20,
                        help="rooms one device may open (default: %(default)s)")
    parser.add_argument("--max-connections", type=int, default=10000,
                        help="connections served at once (default: %(default)s)")
    parser.add_argument("--max-connections-per-address", type=int, default=500,
                        help="connections one device may hold at once (default: %(default)s)")
    parser.add_argument("--header-timeout", type=float, default=5.0,
                        help="seconds a client has to send its request, headers and body "
                             "(default: %(default)s)")
    parser.add_argument("--db", default=None,
                        help="hosted mode: a postgresql://... store shared by every process "
                             "of the site (docs/hosting.md; default: SQLite in --data)")
    parser.add_argument("--shards", type=int, default=1,
                        help="hosted mode: room-code shards of the site (default: %(default)s)")
    parser.add_argument("--trusted-proxies", default="",
                        help="addresses or networks of reverse proxies whose X-Forwarded-For "
                             "is believed, e.g. 127.0.0.1,10.0.0.0/8 (default: none)")
    hidden = argparse.SUPPRESS
    parser.add_argument("--load-module", action="append", default=[], help=hidden)
    parser.add_argument("--bot-delay", type=float, default=1.0, help=hidden)
    parser.add_argument("--idle-hours", type=float, default=12.0, help=hidden)
    parser.add_argument("--seed", type=int, default=None, help=hidden)
    parser.add_argument("--flood-rate", type=float, default=10.0, help=hidden)
    parser.add_argument("--flood-burst", type=float, default=30.0, help=hidden)
    parser.add_argument("--message-timeout", type=float, default=10.0, help=hidden)
    parser.add_argument("--lease-seconds", type=float, default=2.0, help=hidden)
    parser.add_argument("--startup-seconds", type=float, default=1.5, help=hidden)
    parser.add_argument("--max-visitors-per-room", type=int, default=50,
                        help="phones waiting to join one room (default: %(default)s)")
    parser.add_argument("--max-visitors-per-address", type=int, default=20,
                        help="of them from one device (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.async_mode is None:
        args.async_mode = "gevent" if args.db else "eventlet"
    if args.db:
        # A plain check: server.shards would import the rooms and the engine (and threading)
        # before gevent patches the standard library.
        if args.async_mode == "eventlet":
            parser.error("--db needs --async-mode gevent or threading "
                         "(psycopg 3 does not support eventlet)")
        if not 1 <= args.shards <= MAX_SHARDS:
            parser.error(f"--shards must be between 1 and {MAX_SHARDS}")
    elif args.shards != 1:
        parser.error("--shards needs --db postgresql://...")
    if args.trusted_proxies:
        from server.proxies import parse
        try:
            parse(args.trusted_proxies)
        except ValueError as exc:
            parser.error(f"--trusted-proxies: {exc}")
    return args


def _listen_without_nagle(eventlet):
    """Each action ends in a few small writes per socket (the `game` payload, then the ack);
    with Nagle's algorithm on, the second waits for the peer's delayed ACK (~40 ms). Accepted
    sockets inherit TCP_NODELAY from the listener on Linux and the BSDs."""
    import socket
    listen = eventlet.listen

    def listen_nodelay(*args, **kwargs):
        sock = listen(*args, **kwargs)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    eventlet.listen = listen_nodelay


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["proxy-config"]:
        from server import proxy_config
        return proxy_config.main(argv[1:])
    args = parse_args(argv)
    if args.db and args.async_mode == "gevent":
        # The hosted mode waits on PostgreSQL: psycopg 3 yields to gevent's loop once the
        # standard library is patched (it supports gevent, not eventlet).
        from gevent import monkey
        monkey.patch_all()
    if args.async_mode == "eventlet":
        # Eventlet announces its own deprecation on import; players cannot act on it.
        warnings.filterwarnings("ignore", message=r"(?s).*Eventlet is deprecated")
        import eventlet
        eventlet.monkey_patch()
        _listen_without_nagle(eventlet)
    import logging
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    for name in ("werkzeug", "engineio.server", "socketio.server"):
        logging.getLogger(name).setLevel(logging.WARNING)

    from server import app as application, netinfo, serving   # after monkey patching

    for module in args.load_module:
        importlib.import_module(module)
    config = Config(data_dir=args.data, host=args.host, port=args.port,
                    async_mode=args.async_mode, public_url=args.public_url,
                    lan_ip=netinfo.lan_ip(), bot_delay=args.bot_delay,
                    idle_hours=args.idle_hours, seed=args.seed, max_rooms=args.max_rooms,
                    max_rooms_per_address=args.max_rooms_per_address,
                    flood_rate=args.flood_rate, flood_burst=args.flood_burst,
                    max_visitors_per_room=args.max_visitors_per_room,
                    max_visitors_per_address=args.max_visitors_per_address,
                    db=args.db, shards=args.shards, trusted_proxies=args.trusted_proxies,
                    lease_seconds=args.lease_seconds, startup_seconds=args.startup_seconds)
    try:
        app = application.create_app(config)
    except SiteMismatch as exc:
        sys.exit(f"castaways: {exc}")
    hub = application.hub_of(app)
    hub.socketio.start_background_task(application.run_sweeper, hub)
    if hub.shards is not None:
        from server import hosted
        hosted.start(hub)
        # A rolling restart stops processes with SIGTERM: stop as on Ctrl+C, handing the
        # shards over at once (below) rather than when their leases end.
        signal.signal(signal.SIGTERM, _interrupt)
    # What exists now (imports, the rooms reloaded) lives as long as the process: keep it out of
    # the garbage collector's scans. A full collection stops every screen of every room while it
    # runs; at 200 playing rooms it took 90-115 ms, 35-65 ms with this (benchmarks/server_load.py).
    gc.freeze()
    local = "localhost" if config.host in ("0.0.0.0", "::", "") else config.host
    print(f"Castaways is running.\n"
          f"  On the TV, open:     http://{local}:{config.port}/\n"
          f"  Phones join at:      {config.base_url()}/j  (type the room code, or scan the QR code on the TV)\n"
          f"  Saved rooms:         {_where_saved(config)}\n"
          f"Stop with Ctrl+C.", flush=True)
    limits = serving.Limits(request_seconds=args.header_timeout,
                            per_address=args.max_connections_per_address,
                            message_bytes=application.SOCKETIO_OPTIONS["max_http_buffer_size"],
                            message_seconds=args.message_timeout,
                            trusted_proxies=proxies.parse(args.trusted_proxies))
    serving.bound_websockets(hub.socketio.server.eio, args.async_mode, limits)
    options, _ = serving.run_options(args.async_mode, args.max_connections, limits)
    try:
        hub.socketio.run(app, host=config.host, port=config.port,
                         allow_unsafe_werkzeug=True, log_output=False, **options)
    except (KeyboardInterrupt, SystemExit):
        if hub.shards is not None:
            hub.shards.release_all()      # hosted: the other processes take over at once
    return 0


def _interrupt(signum, frame):
    # SystemExit rather than KeyboardInterrupt: gevent's loop, where the handler may run,
    # hands both to the main greenlet but prints a traceback for the second.
    raise SystemExit(0)


def _where_saved(config):
    if not config.db:
        return config.data_dir
    from psycopg.conninfo import conninfo_to_dict
    info = conninfo_to_dict(config.db)      # never print the password
    return (f"PostgreSQL {info.get('host', '')}:{info.get('port', '')}/{info.get('dbname', '')}"
            f", {config.shards} shards")


if __name__ == "__main__":
    sys.exit(main())
