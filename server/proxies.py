"""Client addresses behind a reverse proxy (`--trusted-proxies`, issue 22).

Rooms are counted per client address (`--max-rooms-per-address`). Behind HAProxy every request
comes from the proxy: without this, every device of the site would share one budget. A request
whose peer is a trusted proxy gets, as its REMOTE_ADDR, the last address of X-Forwarded-For
that is not itself a trusted proxy (addresses before it could be written by the client
itself). A request from anyone else keeps its own address, whatever it claims.

Werkzeug's ProxyFix trusts a number of hops from anyone; this trusts named addresses only.
"""
import ipaddress


def parse(spec):
    """'127.0.0.1,10.0.0.0/8' -> networks (a ValueError names a bad one)."""
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in items if item.strip())


def trusted(address, networks):
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_address(remote, forwarded, networks):
    if not forwarded or not trusted(remote, networks):
        return remote
    hops = [h.strip() for h in forwarded.split(",") if h.strip()]
    for hop in reversed(hops):
        if not trusted(hop, networks):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return remote       # garbage where an address should be
    return hops[0] if hops else remote


class Middleware:
    def __init__(self, wsgi_app, networks):
        self.wsgi_app = wsgi_app
        self.networks = networks

    def __call__(self, environ, start_response):
        remote = environ.get("REMOTE_ADDR")
        address = client_address(remote, environ.get("HTTP_X_FORWARDED_FOR"), self.networks)
        if address != remote:
            environ["castaways.proxy_addr"] = remote
            environ["REMOTE_ADDR"] = address
        return self.wsgi_app(environ, start_response)


def install(app, spec):
    """Outermost (after Flask-SocketIO wrapped the app), so the Socket.IO server and Flask both
    see the client's address."""
    app.wsgi_app = Middleware(app.wsgi_app, parse(spec))
