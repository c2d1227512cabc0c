"""HTTP routes (docs/protocol.md, "HTTP"): the two pages, the QR code, rules, health, files.

The page folders ship as package data next to `server/`, so they are found relative to this
file both in a checkout and in an installed wheel. Files are served with
flask.send_from_directory, which refuses paths that leave their folder.
"""
import functools
import re
from functools import lru_cache
from html import escape
from pathlib import Path

import qrcode
import qrcode.image.svg
import engine
from flask import Blueprint, current_app, jsonify, request, send_from_directory

ROOT = Path(__file__).resolve().parent.parent
STATIC_DIR = Path(__file__).resolve().parent / "static"
TABLE_DIR = ROOT / "table_web"
PHONE_DIR = ROOT / "controller_web"
RULES_DIR = PHONE_DIR / "rules"
ENGINE_DIR = ROOT / "engine"
GAME_ID = re.compile(r"^[a-z0-9_]{1,40}$")
LANGS = ("en", "fr")

bp = Blueprint("castaways", __name__)


def hub():
    return current_app.extensions["castaways"]


@bp.after_app_request
def no_cache_for_html(response):
    # Pages change with every release and carry no version in their URL: never reuse a stale one.
    if response.mimetype == "text/html":
        response.headers["Cache-Control"] = "no-store"
    return response


def assets():
    return current_app.extensions["castaways_assets"]


def page(folder, data=None, catalog=False):
    """A page's HTML, its files linked under the versioned prefix (server.assets), with
    `data` and (`catalog`) the catalog of the request's language inline (Assets.page)."""
    html = (folder / "index.html").read_text(encoding="utf-8")
    lang = request.accept_languages.best_match(LANGS, default=LANGS[0])
    return current_app.response_class(assets().page(html, data, lang, catalog), mimetype="text/html")


@bp.get("/v/<version>/<folder>/<path:name>")
def versioned_file(version, folder, name):
    return assets().response(version, folder, name)


@bp.get("/")
def table_page():
    return page(TABLE_DIR)


@bp.get("/j")
@bp.get("/j/")
def join_page():
    # The short address a phone can type: the phone page asks for the room code.
    return send_from_directory(PHONE_DIR, "index.html")


@bp.get("/j/<code>")
def phone_page(code):
    room = hub().rooms.get(code)
    if room is None:
        return not_found(
            "This room does not exist (any more).", "Cette partie n'existe pas (ou plus).",
            f"Check the code on the TV: {code.upper()}?", "Vérifiez le code affiché à la télé.")
    # The room as every screen of it sees it, in the page, and the strings of the language
    # the browser asks for: a visitor's join form draws at once, without waiting for the
    # socket's welcome or a catalog (issue 24); the socket's own `room` then replaces it.
    # server/views.py decides what leaves (the public room payload).
    from server import views     # (views imports this module)
    return page(PHONE_DIR, {"castaways-room": views.join_page_room(hub(), room)}, catalog=True)


@bp.get("/rooms/<code>")
def room_exists(code):
    # For the join page's code box: is this code a room? (Nothing else about it.) A "no" is an
    # answer, not a failure: 200 either way, so a mistyped code logs nothing in the console.
    room = hub().rooms.get(code)
    if room is None:
        return jsonify(ok=False, error={"code": "unknown_room", "params": {"code": code.upper()[:8]},
                                        "message": "This room does not exist."})
    return jsonify(ok=True, code=room.code)


@bp.get("/favicon.ico")
def favicon():
    # Browsers ask for it whatever the page says; answer with our icon instead of a 404.
    return send_from_directory(STATIC_DIR / "img", "icon.svg", mimetype="image/svg+xml")


@bp.get("/qr/<code>.svg")
def qr_code(code):
    room = hub().rooms.get(code)
    if room is None:
        return not_found("This room does not exist.", "Cette partie n'existe pas.")
    return current_app.response_class(qr_svg(hub().config.join_url(room.code)),
                                      mimetype="image/svg+xml")


@functools.lru_cache(maxsize=512)
def qr_svg(url):
    """The QR code of a room's join URL, drawn once per room (about 10 ms each time)."""
    return qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2).to_string()


@bp.get("/rules/<game>")
def rules(game):
    lang = request.args.get("lang", "en")
    lang = lang if lang in LANGS else "en"
    if GAME_ID.match(game):
        for candidate in dict.fromkeys((lang, "en")):
            if (RULES_DIR / f"{game}.{candidate}.html").is_file():
                return send_from_directory(RULES_DIR, f"{game}.{candidate}.html")
    return not_found("There are no rules for this game.", "Pas de règles pour ce jeu.")


@bp.get("/games/<game>/data.json")
def game_data(game):
    # A game's card data (names, texts, EN/FR) is public: the pages label cards from it
    # instead of copying it into every page module.
    if game in engine.GAMES and (ENGINE_DIR / game / "data.json").is_file():
        return send_from_directory(ENGINE_DIR / game, "data.json")
    return not_found("There is no such game.", "Ce jeu n'existe pas.")


@lru_cache(maxsize=None)
def page_modules(game_id):
    """Which per-game page modules exist (room payload, game info `pages`), so a page never
    asks for a module the game does not have."""
    ok = bool(GAME_ID.match(game_id))
    return {"table": ok and (TABLE_DIR / "games" / f"{game_id}.js").is_file(),
            "phone": ok and (PHONE_DIR / "games" / f"{game_id}.js").is_file()}


@bp.get("/healthz")
def healthz():
    shards = hub().shards
    if shards is not None:      # hosted: the proxy sends a shard's rooms only to its owner
        ok, body = shards.health(request.args.get("shard"))
        return jsonify(body), 200 if ok else 503
    return jsonify(ok=True, rooms=len(hub().rooms.all()))


@bp.get("/table/<path:name>")
def table_files(name):
    return send_from_directory(TABLE_DIR, name)


@bp.get("/phone/<path:name>")
def phone_files(name):
    return send_from_directory(PHONE_DIR, name)


@bp.app_errorhandler(404)
def any_not_found(error):
    return not_found("This page does not exist.", "Cette page n'existe pas.")


def not_found(en, fr, en_more="", fr_more=""):
    """A friendly page in English and French, never a stack trace."""
    body = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Castaways: not found</title>
<link rel="icon" href="/static/img/icon.svg" type="image/svg+xml">
<style>body{{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;
line-height:1.5}}a{{font-size:1.2rem}}</style></head>
<body><h1>Castaways</h1>
<p>{escape(en, quote=False)} {escape(en_more, quote=False)}</p>
<p lang="fr">{escape(fr, quote=False)} {escape(fr_more, quote=False)}</p>
<p><a href="/j">Type a room code / Taper un code de partie</a></p>
</body></html>"""
    return current_app.response_class(body, status=404, mimetype="text/html")
