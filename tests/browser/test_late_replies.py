"""A server slow to answer loses nothing on the phone: an answer that comes after the page gave
up waiting for it still counts (server/static/js/net.js `late`).

A CI run under load (2 cores, `-n 2`, other jobs beside) waited 30 s for a phone's lobby card
after its "Join". One way to get there, reproduced here: the server seats the phone, but its
answer comes after the page's 8 s timeout, and Socket.IO's own ack timeout dropped it. The
phone stayed on its join form for good, the room listed it as present, and a second tap was
refused (the socket had joined). Here the answer is held on its way to the page (Playwright's
WebSocket routing) until the page has given up, then delivered.

No sleeps: every wait is on a condition.
"""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TIMEOUT_MS
from tests.browser.helpers import held_socket, new_page

pytestmark = pytest.mark.browser


def phone_joining(browser, contexts, page_errors, live_server, open_table):
    """A TV's room and a phone on its join form, connected, whose server acknowledgements
    (Socket.IO '43...') are held from now on: (table, phone, code, hold, release)."""
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    phone = new_page(browser, contexts, page_errors, PHONE, "phone", mobile=True)
    hold, release = held_socket(phone, received=lambda frame: frame.startswith("43"), on=False)
    phone.goto(f"{live_server}/j/{code}")
    phone.wait_for_function("() => window.castaways && window.castaways.net.socket.connected")
    hold["on"] = True
    return table, phone, code, hold, release


def test_a_join_answered_after_the_timeout_still_seats_the_phone(browser, contexts, page_errors, live_server, open_table):
    table, phone, code, hold, release = phone_joining(browser, contexts, page_errors, live_server, open_table)
    phone.fill("#name", "Ana")
    phone.click("#join")
    # the server seated her (the TV lists her) and its answer is on its way...
    expect(table.locator(".lobby-panel .player")).to_have_count(1)
    # ...but late: the page gives up waiting (net.js ACK_TIMEOUT_MS: its button back, the
    # timeout's toast)
    phone.wait_for_function("() => !document.getElementById('join').disabled && document.querySelector('.toast-error')")
    assert len(hold["frames"]) == 1, hold["frames"]
    assert phone.locator("#you").count() == 0
    release()
    # the late answer seats the phone: its lobby card, its token kept for a reload, no error
    expect(phone.locator("#you")).to_be_visible()
    expect(phone.locator(".you-name")).to_have_text("Ana")
    expect(phone.locator(".toast-error")).to_have_count(0)
    token = phone.evaluate(f"() => localStorage.getItem('castaways.token.{code}')")
    assert token
    phone.reload()
    expect(phone.locator(".you-name")).to_have_text("Ana")
    expect(table.locator(".lobby-panel .player")).to_have_count(1)


def test_a_join_seated_late_leaves_no_reason_on_the_next_form(browser, contexts, page_errors, live_server, open_table):
    """The timeout said "the server did not answer" under the field; the late answer seated the
    phone. Leaving shows the join form again: clean, not with that old reason (the form was
    kept, and only a language switch built it afresh)."""
    table, phone, code, hold, release = phone_joining(browser, contexts, page_errors, live_server, open_table)
    phone.fill("#name", "Ana")
    phone.click("#join")
    expect(phone.locator("#join-error")).not_to_have_text("", timeout=TIMEOUT_MS)   # the timeout's reason (8 s)
    release()
    expect(phone.locator("#you")).to_be_visible()
    leave = phone.locator("#leave")
    leave.click()
    leave.click()     # (it asks first)
    expect(phone.locator("#join-form")).to_be_visible()
    expect(table.locator(".lobby-panel .player")).to_have_count(0)
    expect(phone.locator("#join-error")).to_have_text("")
    assert phone.locator("#name").get_attribute("aria-invalid") is None
