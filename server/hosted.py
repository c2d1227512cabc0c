"""The hosted mode's wiring (issue 22, docs/hosting.md): a PostgreSQL store shared by every
process of the site, room codes that name their shard, and the shard leases (server.shards).
The living-room mode never imports psycopg: server.app calls this only with `--db`."""
from server.hub import Hub, log
from server.shards import Shards, new_owner_id, shard_of


def install(app, config, socketio):
    from server.store_pg import PostgresStore      # psycopg only where it is used
    count = config.shards
    owner = new_owner_id()
    store = PostgresStore(config.db, lambda code: shard_of(code, count), owner)
    try:
        store.check_site(count)   # every process of the site cuts the codes the same way
    except BaseException:
        store.shutdown()          # its pool's threads, now rather than whenever collected
        raise
    hub = Hub(config=config, socketio=socketio, store=store)
    hub.shards = Shards(hub, store, count, lease_seconds=config.lease_seconds,
                        renew_seconds=config.lease_seconds / 4,
                        startup_seconds=config.startup_seconds)
    hub.rooms.code_prefixes = hub.shards.code_prefixes
    app.wsgi_app = ServedHere(app.wsgi_app, hub)    # outermost: around Socket.IO too
    log.info("hosted mode: %d shards, this process is %s", count, owner)
    return hub


def start(hub):
    """The lease loop, for the process's life (server.__main__)."""
    hub.socketio.start_background_task(hub.shards.run)


class ServedHere:
    """WSGI: a request naming a room (`?room=CODE`, `/j/CODE`, `/qr/CODE.svg`, `/rooms/CODE`)
    whose shard this process does not serve right now is answered 503 (try again), never
    served: a proxy whose health checks have not yet seen a takeover sends it elsewhere on
    retry, and a page retries by itself. Without this, a TV reconnecting to the wrong process
    would get a new room instead of its own, and a phone would be told its room does not
    exist."""

    PREFIXES = ("/j/", "/qr/", "/rooms/")

    def __init__(self, wsgi_app, hub):
        self.wsgi_app = wsgi_app
        self.hub = hub

    def code(self, environ):
        from urllib.parse import parse_qs
        query = environ.get("QUERY_STRING", "")
        if "room=" in query:
            room = parse_qs(query).get("room", [""])[0]
            if room:
                return room
        path = environ.get("PATH_INFO", "")
        for prefix in self.PREFIXES:
            if path.startswith(prefix) and len(path) > len(prefix):
                return path[len(prefix):].split("/")[0].split(".")[0]
        return None

    def __call__(self, environ, start_response):
        shards = self.hub.shards
        code = self.code(environ)
        shard = shard_of(code, shards.count) if code else None
        if shard is not None and not shards.owns(shard):
            start_response("503 Service Unavailable",
                           [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1"),
                            ("Cache-Control", "no-store")])
            return [b"This room is moving to another server: try again in a moment.\n"]
        return self.wsgi_app(environ, start_response)
