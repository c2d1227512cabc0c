"""The real pages on a hosted site (issue 22): the TV page and a phone page in Chromium, through
HAProxy, on three processes. Every Socket.IO request of a page carries its room code in the
URL (the proxy routes by it); when the process serving the room is killed, both pages come
back by themselves on the new owner within 5 s, at the same version, and the TV keeps its
room (no new room on another process)."""
import time
from urllib.parse import urlsplit

import pytest

from server.shards import shard_of
from tests.browser.conftest import (browser, contexts, open_phone, open_table,  # noqa: F401
                                    page_errors)
from tests.browser.helpers import join
from tests.support.site import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.realserver]
SHARDS = 6


@pytest.fixture
def live_server(site):
    return site.url


def socket_urls(page):
    """The URLs of the page's Socket.IO requests from now on: long-polling requests and
    WebSocket handshakes."""
    urls = []
    # (the endpoint, not the Socket.IO module under /static/vendor/socket.io/, which the phone
    # now imports after its first draw and so may ask for after this)
    page.on("request", lambda r: urls.append(r.url) if urlsplit(r.url).path.startswith("/socket.io/") else None)
    page.on("websocket", lambda ws: urls.append(ws.url))
    return urls


def connection(page):
    return page.evaluate("() => ({id: window.castaways.net.socket.id,"
                         " connected: window.castaways.net.socket.connected,"
                         " version: window.castaways.state.game && window.castaways.state.game.version})")


def test_the_pages_follow_their_room_to_another_process(site, open_table, open_phone):
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    assert f"room={code}" in table.url
    phone = open_phone(code, label="Ana")
    phone_urls = socket_urls(phone)
    table_urls = socket_urls(table)
    join(phone, "Ana")
    for event in ("add_bot", "add_bot"):
        reply = table.evaluate(f"() => window.castaways.net.request('{event}', {{}})")
        assert reply["ok"], reply
    reply = table.evaluate("() => window.castaways.net.request('start', {game: 'lifeboats'})")
    assert reply["ok"], reply
    for page in (table, phone):
        wait_until(lambda p=page: connection(p)["version"], 10, "the game on the pages")
    before = {name: connection(page) for name, page in (("table", table), ("phone", phone))}

    shard = shard_of(code, SHARDS)
    owner = site.owner_of(shard)
    killed = time.monotonic()
    site.processes[owner].kill()
    for name, page in (("table", table), ("phone", phone)):
        wait_until(lambda p=page, old=before[name]["id"]: (lambda c: c["connected"] and
                   c["id"] != old)(connection(p)), 10, f"the {name} page back")
    took = time.monotonic() - killed
    assert took < 5.0, f"pages back after {took:.1f}s"
    assert site.owner_of(shard) not in (None, owner)
    for name, page in (("table", table), ("phone", phone)):
        now = wait_until(lambda p=page, v=before[name]["version"]:
                         (lambda c: c if c["version"] and c["version"] >= v else None)(
                             connection(p)), 5, f"the {name} page's game")
        assert now["version"] >= before[name]["version"]
    assert table.locator("#room-code").inner_text().strip() == code     # the same room
    assert f"room={code}" in table.url
    # Every Socket.IO request of both pages since they had a room, the reconnections to the
    # new process included, named the room in its URL.
    assert phone_urls and all(f"room={code}" in url for url in phone_urls)
    assert table_urls and all(f"room={code}" in url for url in table_urls)
    site.processes[owner].start()        # the next test's `site` waits for it
