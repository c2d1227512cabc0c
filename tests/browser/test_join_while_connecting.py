"""A phone whose page loads, or that comes back to its page, while its socket connects still
joins (net.js: a connection under way is left to finish).

What lost a join about one fresh-clone CI run in two: net.js connects at once when the page is
shown again (`pageshow`, which every load fires just after its `load`; `visibilitychange`;
`online`) if the socket is not connected. While a connection was under way (Socket.IO's
transport open, its CONNECT sent, the server's answer not back yet), that asked Socket.IO to
connect again, and it sent a second CONNECT on the same transport. The server refuses a second
one ("Unable to connect"); Socket.IO then drops the socket, which it still reports as
connected: nothing came in any more, nothing went out, and the phone's "Join" waited 8 s for an
answer that could not come (a toast for 6 s, then a silent form: CI's failure report). A page
whose socket module came in before its `load` (the header's icon still loading, say, on a
loaded machine) fell in that window now and then. Here the page's CONNECT is held on its way
to the server (Playwright's WebSocket routing) while the page loads or gets the event, then let
through: the window, made wide.

No sleeps: every wait is on a condition.
"""
import pytest

from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.helpers import held_socket, join, new_page

pytestmark = pytest.mark.browser

# The page's socket: its transport open, its Socket.IO CONNECT sent, not connected yet.
CONNECTING = """() => { const s = window.castaways && window.castaways.net.socket;
  return Boolean(s && s.io.engine && s.io.engine.readyState === 'open' && !s.connected); }"""
COME_BACK = {
    "visibilitychange": "document.dispatchEvent(new Event('visibilitychange'))",
    "online": "window.dispatchEvent(new Event('online'))",
}


def connecting_phone(browser, contexts, page_errors, live_server, code, hold_load=False):
    """A phone on /j/<code> whose Socket.IO CONNECT is held (its transport open, not connected
    yet): (page, release, load); release() lets its CONNECTs through. `hold_load`: its header's
    icon is held too, so its `load` (and the `pageshow` after it) has not come yet; load() lets
    it come."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US")
    ctx.set_default_timeout(TIMEOUT_MS)
    contexts.append(ctx)
    phone = page_errors.watch(ctx.new_page(), "phone")
    _, release = held_socket(phone, sent=lambda frame: frame.startswith("40"))   # its CONNECTs
    icons = []
    if hold_load:
        phone.add_init_script("addEventListener('pageshow', () => { window.__shown = true; })")
        phone.route("**/icon.svg*", lambda route: icons.append(route))

    def load():
        for route in icons:
            route.continue_()
        phone.unroute("**/icon.svg*")
        phone.wait_for_function("() => window.__shown === true")
    phone.goto(f"{live_server}/j/{code}", wait_until="commit")
    phone.wait_for_function(CONNECTING)
    if hold_load:
        assert phone.evaluate("() => document.readyState") != "complete"
    return phone, release, load


def test_a_phone_whose_page_loads_while_it_connects_joins(browser, contexts, page_errors, open_table, live_server):
    """The page's own `pageshow` (each load fires one) comes while its socket connects: the
    header's icon held, the socket is connecting before the page's `load`, as it was now and
    then in CI; then the icon, the load, and the CONNECT."""
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    phone, release, load = connecting_phone(browser, contexts, page_errors, live_server, code, hold_load=True)
    load()
    release()
    join(phone, "Ana")
    table.locator(".lobby-panel .player", has_text="Ana").wait_for()


@pytest.mark.parametrize("event", COME_BACK)
def test_a_phone_back_on_its_page_while_it_connects_still_joins(browser, contexts, page_errors, open_table, live_server, event):
    """A player back on the page (from another app, the network back) while it connects."""
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    phone, release, _ = connecting_phone(browser, contexts, page_errors, live_server, code)
    phone.evaluate(f"() => {{ {COME_BACK[event]}; }}")
    release()
    join(phone, "Ana")
    table.locator(".lobby-panel .player", has_text="Ana").wait_for()


def test_a_socket_refused_a_second_connect_connects_again(browser, contexts, page_errors, open_table, live_server):
    """Whatever asks Socket.IO to connect again while it connects (here the page's own socket,
    asked directly): the server refuses the second CONNECT, Socket.IO drops a socket it reports
    connected, and net.js starts a new connection instead of leaving the page deaf."""
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    phone, release, _ = connecting_phone(browser, contexts, page_errors, live_server, code)
    phone.evaluate("() => { window.castaways.net.socket.connect(); }")
    release()
    join(phone, "Ana")
    table.locator(".lobby-panel .player", has_text="Ana").wait_for()


def test_a_connect_never_answered_is_tried_again_on_a_fresh_transport(browser, contexts, page_errors, open_table, live_server):
    """Once the transport is open nothing times a CONNECT out: one never answered (a packet lost
    on the way, held here for good) would leave the page "connecting" for as long as the
    transport lives, since a connection under way is left alone. Past 10 s the page shown again
    starts a fresh transport (whose CONNECT passes), never a second CONNECT on the old one."""
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    phone = new_page(browser, contexts, page_errors, PHONE, "phone", mobile=True)
    connects = []
    hold, _ = held_socket(phone, sent=lambda frame: frame.startswith("40") and (connects.append(frame) or len(connects) == 1))
    phone.goto(f"{live_server}/j/{code}", wait_until="commit")
    phone.wait_for_function(CONNECTING)
    # the player comes back to the page now and then (each a `visibilitychange`): under 10 s
    # the connection is left to finish, after it a fresh one connects
    phone.wait_for_function("""() => { document.dispatchEvent(new Event('visibilitychange'));
      return window.castaways.net.socket.connected; }""", polling=1000, timeout=TIMEOUT_MS)
    assert len(hold["frames"]) == 1 and len(connects) == 2, connects     # one held, one that passed
    join(phone, "Ana")
    table.locator(".lobby-panel .player", has_text="Ana").wait_for()
