"""What a first load of each page transfers, compressed as a browser asks (Accept-Encoding: br,
gzip), and how many requests it makes: the HTML, then every versioned file it links or
preloads. A reload fetches only the HTML: the rest is cached for good. Prints figures.

    python benchmarks/page_weight.py
"""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import brotli  # noqa: E402

from server.app import create_app, hub_of  # noqa: E402
from server.config import Config  # noqa: E402

ACCEPT = {"Accept-Encoding": "br, gzip"}


def weigh(http, path):
    page = http.get(path, headers=ACCEPT)
    html = brotli.decompress(page.data).decode() if page.headers.get("Content-Encoding") == "br" \
        else page.get_data(as_text=True)
    sent, raw, count = len(page.data), len(html), 1
    for url in re.findall(r'(?:href|src)="(/v/[^"]+)"', html):
        response = http.get(url, headers=ACCEPT)
        sent += len(response.data)
        raw += int(response.headers.get("X-Raw", 0)) or len(
            brotli.decompress(response.data) if response.headers.get("Content-Encoding") == "br"
            else response.data)
        count += 1
    return count, sent, raw


def main():
    with tempfile.TemporaryDirectory() as data:
        app = create_app(Config(data_dir=data, async_mode="threading", lan_ip="10.0.0.5"))
        client = hub_of(app).socketio.test_client(app, auth={"role": "table"})
        code = next(m["args"][0]["room"] for m in client.queue if m["name"] == "welcome")
        http = app.test_client()
        print(f"{'page':<6} {'requests':>8} {'sent KB':>8} {'uncompressed KB':>16}")
        for name, path in (("TV", "/"), ("phone", f"/j/{code}")):
            count, sent, raw = weigh(http, path)
            print(f"{name:<6} {count:>8} {sent / 1024:>8.1f} {raw / 1024:>16.1f}")
        client.disconnect()
        hub_of(app).store.shutdown()


if __name__ == "__main__":
    main()
