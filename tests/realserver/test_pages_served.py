"""The real server, in every async mode, sends its pages compressed and their files versioned
and cached for good (issue 13)."""
import re
import urllib.request

import brotli
import pytest

pytestmark = pytest.mark.realserver


def fetch(url):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.headers, answer.read()


@pytest.mark.parametrize("mode", ["eventlet", "gevent", "threading"])
def test_pages_are_compressed_and_their_files_cached(start_live_server, mode):
    server = start_live_server(async_mode=mode)
    headers, body = fetch(server.url + "/")
    assert headers["Content-Encoding"] == "br" and headers["Cache-Control"] == "no-store"
    html = brotli.decompress(body).decode()
    script = re.search(r'<script type="module" src="(/v/[0-9a-f]+/table/table\.js)"', html)
    headers, body = fetch(server.url + script.group(1))
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert headers["Content-Encoding"] == "br" and b"import" in brotli.decompress(body)
