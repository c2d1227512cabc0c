"""Pages compressed and cached (issue 13): versioned file URLs that change with the files'
content and are cached for good, an import map and preloads that keep every module inside the
version, compressed responses, and the QR drawn once per room."""
import json
import re

import brotli
import gzip
import pytest
from flask_compress import Compress

from server import assets as assets_module
from server import routes

BR = {"Accept-Encoding": "br, gzip"}


@pytest.fixture
def http(server):
    return server.app.test_client()


def versioned_urls(html):
    return re.findall(r'(?:href|src)="(/v/[^"]+)"', html)


def page_html(http, path="/"):
    response = http.get(path)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    return response.get_data(as_text=True)


def test_a_page_links_every_file_under_one_versioned_prefix(server, http):
    html = page_html(http)
    version = server.app.extensions["castaways_assets"].version
    urls = versioned_urls(html)
    assert f"/v/{version}/table/table.js" in urls and f"/v/{version}/static/css/base.css" in urls
    assert all(url.startswith(f"/v/{version}/") for url in urls)
    assert not re.search(r'(?:href|src)="/(static|table|phone)/', html), "an unversioned link"


def test_the_import_map_sends_absolute_imports_into_the_version(server, http):
    html = page_html(http)
    prefix = server.app.extensions["castaways_assets"].prefix
    found = re.search(r'<script type="importmap">(.*?)</script>', html)
    imports = json.loads(found.group(1))["imports"]
    assert imports == {f"/{f}/": f"{prefix}/{f}/" for f in ("phone", "static", "table")}
    # Before any module script: a map after a module load starts is ignored.
    assert html.index("importmap") < html.index('type="module"')
    assert html.index("<meta charset") < html.index("importmap")


def test_every_module_of_the_import_graph_is_preloaded(server, http):
    html = page_html(http)
    prefix = server.app.extensions["castaways_assets"].prefix
    preloaded = set(re.findall(r'rel="modulepreload" href="([^"]+)"', html))
    # Walk the graph here too: every static import of the entry and of what it imports.
    todo, seen = ["/table/table.js"], set()
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        seen.add(url)
        folder, _, name = url.lstrip("/").partition("/")
        root = {"static": routes.STATIC_DIR, "table": routes.TABLE_DIR}[folder]
        text = (root / name).read_text()
        for spec in re.findall(r'from\s*"([^"]+)"', text):
            todo.append(spec if spec.startswith("/") else
                        assets_module._resolve(url.rsplit("/", 1)[0] + "/", spec))
    assert {prefix + url for url in seen - {"/table/table.js"}} <= preloaded
    assert f"{prefix}/static/vendor/socket.io/socket.io.esm.min.js" in preloaded
    # Not the generic renderer (a game without a module imports it) nor both catalogs: the
    # head's inline script preloads the one of the language shown (issue 24; the browser test
    # tests/browser/test_platform.py::test_the_join_page_loads_only_what_the_join_form_needs).
    assert f"{prefix}/static/js/generic.js" not in preloaded
    assert f'"{prefix}/static/i18n/" + lang + ".json"' in html


@pytest.mark.parametrize("accept, lang, other", [("fr-FR,fr;q=0.9,en;q=0.8", "fr", "en"),
                                                 ("en-US,en;q=0.9", "en", "fr"), ("de-DE", "en", "fr")])
def test_the_catalog_the_browser_asks_for_is_preloaded_by_the_html(server, http, accept, lang, other):
    """Issue 24: the catalog of the language the request's Accept-Language names is preloaded
    in the HTML itself (found by the browser's preload scanner with the modules, not when the
    head's script runs), the other not at all; the script preloads another only for a page
    whose stored choice differs."""
    html = http.get("/", headers={"Accept-Language": accept}).get_data(as_text=True)
    prefix = server.app.extensions["castaways_assets"].prefix
    assert f'rel="preload" as="fetch" crossorigin="anonymous" href="{prefix}/static/i18n/{lang}.json"' in html
    assert f"i18n/{other}.json" not in html
    assert f'if (lang === "{lang}") return;' in html


def test_the_phone_page_is_versioned_too(server, http):
    code = server.table().welcome["room"]
    html = page_html(http, f"/j/{code}")
    prefix = server.app.extensions["castaways_assets"].prefix
    assert f'src="{prefix}/phone/phone.js"' in html and "modulepreload" in html


@pytest.mark.parametrize("accept, lang", [("fr-FR,fr;q=0.9", "fr"), ("en-GB", "en")])
def test_the_phone_page_carries_its_catalog_and_preloads_only_its_join_form(server, http, accept, lang):
    """Issue 24: the phone page carries the catalog of the language the browser asks for (no
    request for it before the join form) and preloads the modules the form needs, not the
    socket's (imported once the page runs, while the form draws from the room it carries)."""
    code = server.table().welcome["room"]
    html = http.get(f"/j/{code}", headers={"Accept-Language": accept}).get_data(as_text=True)
    found = re.search(r'<script type="application/json" id="castaways-catalog">(.*?)</script>', html)
    assert json.loads(found.group(1)) == {"lang": lang, "strings": json.loads(
        (routes.STATIC_DIR / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))}
    assert "i18n/en.json" not in html and "i18n/fr.json" not in html
    preloaded = re.findall(r'rel="modulepreload" href="[^"]+?/(static|phone)/([^"]+)"', html)
    assert ("phone", "phone.js") in preloaded and ("static", "js/lobby.js") in preloaded
    assert not [p for p in preloaded if "socket.io" in p[1] or p[1] == "js/net.js"], preloaded


def test_the_phone_page_carries_the_room_as_the_tv_sees_it(server, http):
    """Issue 24: the join form draws from the room in the page, without waiting for the
    socket. What it carries is the `room` payload every screen of the room gets (the TV's
    public view): no token, nothing of a seat; what a player typed cannot end the element."""
    table, code, phones = server.lobby(names=("Ana", "Bo</script><i>&"))
    html = page_html(http, f"/j/{code}")
    found = re.search(r'<script type="application/json" id="castaways-room">(.*?)</script>', html)
    assert found and "</script><i>" not in found.group(1) and "<" not in found.group(1)
    room = json.loads(found.group(1))
    assert [p["name"] for p in room["players"]] == ["Ana", "Bo</script><i>&"]
    table.wait_for("room", lambda r: len(r["players"]) == 2)
    assert room == table.last("room")
    for secret in [server.room(code).host_token] + [phone.token for phone in phones]:
        assert secret not in html
    # before the module script, which reads it
    assert html.index('id="castaways-room"') < html.index('type="module"')


def test_versioned_files_are_cached_for_good_and_older_versions_are_not(server, http):
    prefix = server.app.extensions["castaways_assets"].prefix
    response = http.get(f"{prefix}/static/js/dom.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.data == (routes.STATIC_DIR / "js" / "dom.js").read_bytes()
    # Another version (a page loaded before a restart): sent to today's URL, nothing served.
    old = http.get("/v/000000000000/static/js/dom.js")
    assert old.status_code == 302 and old.headers["Cache-Control"] in ("no-cache", "no-store")
    assert old.headers["Location"].endswith(f"{prefix}/static/js/dom.js")
    for path in (f"{prefix}/static/../app.py", f"{prefix}/table/..%2f..%2fserver/app.py",
                 f"{prefix}/nothing/x.js", f"{prefix}/static/js/nothing.js",
                 "/v/000000000000/static/js/nothing.js", "/v/x/nothing/x.js"):
        assert http.get(path).status_code == 404, path


def test_random_versions_add_nothing_to_the_compression_cache(server, http):
    """Issue 26: 2,000 random version parts added 30 MB to the cache."""
    prefix = server.app.extensions["castaways_assets"].prefix
    assert http.get(f"{prefix}/static/js/lobby.js", headers=BR).status_code == 200
    # flask-compress keeps its cache on the Compress object, whose after_request is registered
    cache = next(f.__self__.cache for f in server.app.after_request_funcs[None]
                 if isinstance(getattr(f, "__self__", None), Compress))
    kept = dict(cache.kept)
    for i in range(200):
        for path in (f"/v/{i:012x}/static/js/lobby.js", f"{prefix}/static/js/none{i}.js"):
            assert http.get(path, headers=BR).status_code in (302, 404)
    assert dict(cache.kept) == kept


def test_the_compression_cache_is_bounded():
    cache = assets_module.CompressedAssets(limit=100)
    for i in range(10):
        cache.set(f"br;/v/a/{i}", b"x" * 30)
    assert cache.size <= 100 and len(cache.kept) == 3
    assert cache.get("br;/v/a/9") == b"x" * 30 and cache.get("br;/v/a/0") is None
    cache.get("br;/v/a/7")                              # used: kept before the others
    cache.set("br;/v/a/10", b"y" * 30)
    assert cache.get("br;/v/a/7") is not None and cache.get("br;/v/a/8") is None


def test_the_version_changes_when_a_file_changes(tmp_path):
    folders = {}
    for name in ("static", "table", "phone"):
        folders[name] = tmp_path / name
        folders[name].mkdir()
        (folders[name] / "a.js").write_text("export const a = 1;")
    first = assets_module.Assets(folders).version
    assert assets_module.Assets(folders).version == first          # content, not time
    (folders["phone"] / "a.js").write_text("export const a = 2;")
    second = assets_module.Assets(folders).version
    assert second != first
    (folders["static"] / "b.js").write_text("")
    assert assets_module.Assets(folders).version not in (first, second)


def test_responses_are_compressed_as_the_browser_accepts(server, http):
    prefix = server.app.extensions["castaways_assets"].prefix
    raw = (routes.STATIC_DIR / "js" / "lobby.js").read_bytes()
    br = http.get(f"{prefix}/static/js/lobby.js", headers=BR)
    assert br.headers["Content-Encoding"] == "br" and "Accept-Encoding" in br.headers["Vary"]
    assert brotli.decompress(br.data) == raw and len(br.data) < len(raw) / 2
    gz = http.get(f"{prefix}/static/js/lobby.js", headers={"Accept-Encoding": "gzip"})
    assert gz.headers["Content-Encoding"] == "gzip" and gzip.decompress(gz.data) == raw
    plain = http.get(f"{prefix}/static/js/lobby.js")
    assert "Content-Encoding" not in plain.headers and plain.data == raw
    page = http.get("/", headers=BR)
    assert page.headers["Content-Encoding"] == "br"
    assert b"importmap" in brotli.decompress(page.data)


def test_dynamic_responses_are_never_served_from_the_compression_cache(server, http):
    server.table()
    first = http.get("/healthz?pad=" + "x" * 600, headers=BR).get_json()
    server.table()
    assert http.get("/healthz?pad=" + "x" * 600, headers=BR).get_json()["rooms"] == \
        first["rooms"] + 1
    cache = assets_module.CompressedAssets()
    cache.set("br;None", b"x")
    assert cache.get("br;None") is None


def test_the_qr_code_is_drawn_once_per_room(server, http, monkeypatch):
    code = server.table().welcome["room"]
    routes.qr_svg.cache_clear()
    drawn = []
    make = routes.qrcode.make
    monkeypatch.setattr(routes.qrcode, "make", lambda *a, **k: drawn.append(a) or make(*a, **k))
    first = http.get(f"/qr/{code}.svg").data
    assert http.get(f"/qr/{code}.svg").data == first and len(drawn) == 1
    other = server.table().welcome["room"]
    assert http.get(f"/qr/{other}.svg").data != first and len(drawn) == 2
