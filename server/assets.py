"""Versioned, compressed, cacheable page files (issue 13), without touching any module's imports.

At start-up every file of the three page folders (/static, /table, /phone) is hashed into one
version. Under `/v/<version>/<folder>/...` each file is served with a year-long immutable cache:
its URL changes whenever any file changes. The two HTML pages (never cached) are served with
 - their own `/static/`, `/table/`, `/phone/` links pointed into the versioned prefix;
 - an import map sending those three prefixes there too, so the modules' absolute imports
   (`/static/js/dom.js`) and the loader's dynamic `import()` of a game module resolve inside it,
   and relative imports resolve inside it by themselves;
 - a `<link rel=modulepreload>` per module of the entry module's static import graph and a
   preload of the catalog of the language the page will show (a tiny inline script picks it),
   so the browser fetches them all at once instead of one import level per round trip: a
   reload costs the HTML, then nothing but cache hits. What a page needs only later (a game's
   module, the generic renderer, the other language) is imported when needed, not preloaded.
The unversioned URLs keep working, revalidated on every load, for anything that asks for them.
Only today's version is served: another version's URL of an existing file (a page loaded
before a restart) is redirected to today's, anything else is 404 (issue 26: any version part
used to be served and cached).

Compression is flask-compress (brotli, zstd, gzip, by the browser's Accept-Encoding): a well-kept
library instead of our own negotiation. Its cache keeps the compressed bytes of today's
versioned files only (their URL names their content), so each is compressed once per process;
it is bounded all the same (MAX_CACHED bytes, least recently used first out).
"""
import hashlib
from collections import OrderedDict
import json
import mimetypes
import re
from pathlib import Path

from flask import Response, abort, current_app, redirect
from werkzeug.security import safe_join

PREFIX = "/v/"
MAX_CACHED = 32 * 1024 * 1024     # compressed bytes kept (all three folders take about 1 MB)
IMMUTABLE = "public, max-age=31536000, immutable"
CATALOGS = ("en", "fr")
# The preload of the one catalog the page will show (issue 24: an English page fetched fr.json
# too): the language is the page's choice (localStorage), else the browser's, as
# server/static/js/i18n.js pickLang() decides. The server preloads the one the request's
# Accept-Language names in the HTML itself (the browser's preload scanner asks for it with the
# modules, before any script runs: a script's own preload went out 180 ms later on a slow
# phone); this inline script, before the stylesheets, preloads another only for a page whose
# choice differs (a language picked on the page).
CATALOG_LINK = '<link rel="preload" as="fetch" crossorigin="anonymous" href="%s">'
CATALOG_PRELOAD = """<script>(function () {
  var langs = %s, lang = "en", kept = null;
  try { kept = localStorage.getItem("castaways.lang"); } catch (e) {}
  if (langs.indexOf(kept) >= 0) lang = kept;
  else {
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
    for (var i = 0; i < wanted.length; i++) {
      var base = String(wanted[i]).toLowerCase().split("-")[0];
      if (langs.indexOf(base) >= 0) { lang = base; break; }
    }
  }
  if (lang === "EARLY") return;
  var link = document.createElement("link");
  link.rel = "preload"; link.as = "fetch"; link.crossOrigin = "anonymous";
  link.href = "PREFIX" + lang + ".json";
  document.head.appendChild(link);
})();</script>""" % json.dumps(list(CATALOGS))
COMPRESSED_TYPES = ["text/html", "text/css", "text/javascript", "application/javascript",
                    "application/json", "image/svg+xml", "text/plain"]
# Static imports and re-exports of an ES module: `import x from "s"`, `import "s"`,
# `export {x} from "s"` (comments are not parsed out: a commented import only costs a preload).
_IMPORT = re.compile(r"""(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']""")
_CHARSET = re.compile(r"<meta\s+charset=[^>]*>", re.I)
_HEAD = re.compile(r"<head[^>]*>", re.I)
_LINKS = re.compile(r"""((?:href|src)=["'])/(static|table|phone)/""")


class Assets:
    def __init__(self, folders):
        """folders: {"static": Path, "table": Path, "phone": Path}."""
        self.folders = {name: Path(path) for name, path in folders.items()}
        self.version = self._hash()
        self.prefix = f"{PREFIX}{self.version}"
        self._catalogs = {}
        self._graphs = {}

    def _hash(self):
        digest = hashlib.sha256()
        for name, folder in sorted(self.folders.items()):
            for path in sorted(p for p in folder.rglob("*") if p.is_file()):
                digest.update(f"{name}/{path.relative_to(folder).as_posix()}\0".encode())
                digest.update(path.read_bytes())
        return digest.hexdigest()[:12]

    # -- files ------------------------------------------------------------------------------
    def file(self, folder, name):
        """The path of /<folder>/<name>, or None."""
        root = self.folders.get(folder)
        if root is None:
            return None
        joined = safe_join(str(root), name)
        return Path(joined) if joined and Path(joined).is_file() else None

    def response(self, version, folder, name):
        path = self.file(folder, name)
        if path is None:
            abort(404)
        if version != self.version:
            # An older version's URL (a page loaded before a restart): today's file, where a
            # browser caches it for good under today's URL.
            response = redirect(f"{self.prefix}/{folder}/{name}", code=302)
            response.headers["Cache-Control"] = "no-cache"
            return response
        mimetype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix in (".js", ".mjs"):
            mimetype = "text/javascript"
        # A whole body, not a streamed file: flask-compress then compresses it once and caches it.
        response = Response(path.read_bytes(), mimetype=mimetype)
        response.headers["Cache-Control"] = IMMUTABLE
        return response

    # -- pages ------------------------------------------------------------------------------
    def module_graph(self, entry):
        """URL paths of every module statically imported from `entry` (a URL path), entry
        first, each once. Walked once per entry: the files do not change under a version."""
        if entry not in self._graphs:
            self._graphs[entry] = self._walk(entry)
        return self._graphs[entry]

    def _walk(self, entry):
        seen, todo = [], [entry]
        while todo:
            url = todo.pop(0)
            if url in seen:
                continue
            folder, _, name = url.lstrip("/").partition("/")
            path = self.file(folder, name)
            if path is None:
                continue
            seen.append(url)
            base = url.rsplit("/", 1)[0] + "/"
            for spec in _IMPORT.findall(path.read_text(encoding="utf-8")):
                if spec.startswith("/"):
                    todo.append(spec)
                elif spec.startswith("."):
                    todo.append(_resolve(base, spec))
        return seen

    def catalog(self, lang):
        """The platform catalog of `lang` (server/static/i18n/<lang>.json), parsed once."""
        if lang not in self._catalogs:
            path = self.file("static", f"i18n/{lang}.json")
            self._catalogs[lang] = json.loads(path.read_text(encoding="utf-8")) if path else None
        return self._catalogs[lang]

    def page(self, html, data=None, lang=None, catalog=False):
        """An HTML page with its links versioned, the import map and the preloads; `lang`: the
        catalog the request's Accept-Language names (CATALOGS; None: none preloaded early),
        preloaded, or with `catalog` in the page itself (the phone page, issue 24: on a slow
        network one request less before the join form, and no wait for it; server/static/js/
        i18n.js takes it); `data` ({element id: JSON-able value}) goes in as inline JSON the
        page reads at once (the phone page's room), never as script: see inline_json."""
        entry = re.search(r"""<script[^>]*type=["']module["'][^>]*src=["']([^"']+)["']""", html)
        imports = {f"/{name}/": f"{self.prefix}/{name}/" for name in sorted(self.folders)}
        catalogs = f"{self.prefix}/static/i18n/"
        lang = lang if lang in CATALOGS else None
        head = [f'<script type="importmap">{json.dumps({"imports": imports})}</script>']
        strings = self.catalog(lang) if lang and catalog else None
        if strings is not None:
            head.append(inline_json("castaways-catalog", {"lang": lang, "strings": strings}))
        elif lang:
            head.append(CATALOG_LINK % f"{catalogs}{lang}.json")
        head.append(CATALOG_PRELOAD.replace("PREFIX", catalogs).replace("EARLY", lang or ""))
        for name, value in (data or {}).items():
            head.append(inline_json(name, value))
        if entry:
            # the entry first (its script tag comes after the stylesheets), then what it imports
            for url in self.module_graph(entry.group(1)):
                head.append(f'<link rel="modulepreload" href="{self.prefix}{url}">')
        html = _LINKS.sub(lambda m: f"{m.group(1)}{self.prefix}/{m.group(2)}/", html)
        found = _CHARSET.search(html) or _HEAD.search(html)   # the charset stays first
        at = found.end() if found else 0
        return html[:at] + "\n" + "\n".join(head) + html[at:]


def inline_json(element_id, value):
    """`<script type="application/json" id=...>`: data, never run. What players typed (their
    names) cannot close the element or open another: every <, > and & inside is written as a
    JSON escape (\\u003c...), which JSON.parse reads back as the same text."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


def _resolve(base, spec):
    parts = base.strip("/").split("/")
    for piece in spec.split("/"):
        if piece == "..":
            parts = parts[:-1]
        elif piece not in (".", ""):
            parts.append(piece)
    return "/" + "/".join(parts)


class CompressedAssets:
    """flask-compress's cache backend: keeps what cache_key named (today's versioned files),
    nothing else, so a dynamic response is never served from it; at most `limit` bytes, the
    least recently used dropped first."""

    def __init__(self, limit=MAX_CACHED):
        self.kept = OrderedDict()
        self.size = 0
        self.limit = limit

    def get(self, key):
        value = self.kept.get(key)
        if value is not None:
            self.kept.move_to_end(key)
        return value

    def set(self, key, value):
        if key.endswith(";None") or len(value) > self.limit:
            return
        old = self.kept.pop(key, None)
        if old is not None:
            self.size -= len(old)
        self.kept[key] = value
        self.size += len(value)
        while self.size > self.limit:
            _, dropped = self.kept.popitem(last=False)
            self.size -= len(dropped)


def cache_key(request):
    """The compressed-bytes cache key of a file under today's version; None (not kept)
    otherwise."""
    prefix = current_app.extensions["castaways_assets"].prefix + "/"
    return request.path if request.path.startswith(prefix) else None
