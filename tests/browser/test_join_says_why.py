"""A tap on "Join" that does not seat the phone says why, and keeps saying it until the next
tap: the error toast goes after 6 s, and a player who looked away (or a test's failure report)
found a join form that said nothing. The reason stays under the name field, in the page's
language (a switch says it again in the other), and goes with the next tap.

No sleeps: every wait is on a condition.
"""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TIMEOUT_MS
from tests.browser.helpers import held_socket, join, pump_until

pytestmark = pytest.mark.browser


def test_a_refused_join_says_why_until_the_next_tap(open_table, open_phone):
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    join(open_phone(code, label="Ana"), "Ana")
    bob = open_phone(code, label="Bob")
    expect(bob.locator("#join-error")).to_have_text("")
    bob.fill("#name", "ANA")
    bob.click("#join")
    reason = bob.locator("#join-error")
    expect(reason).to_have_text("“ANA” is already taken: pick another name.")
    expect(bob.locator("#name")).to_have_attribute("aria-invalid", "true")
    expect(bob.locator("#name")).to_have_attribute("aria-describedby", "join-error")
    expect(bob.locator(".toast")).to_have_count(0, timeout=TIMEOUT_MS)     # the toast has gone (6 s)...
    expect(reason).to_have_text("“ANA” is already taken: pick another name.")   # ...the reason stays
    bob.locator(".lang-switch [data-lang=fr]").click()
    expect(bob.locator("#join-error")).to_have_text("«\u00a0ANA\u00a0» est déjà pris\u00a0: choisissez un autre nom.")
    bob.locator(".lang-switch [data-lang=en]").click()
    join(bob, "Bob")
    expect(table.locator(".lobby-panel .player")).to_have_count(2)


def test_the_next_tap_clears_the_reason(open_table, open_phone):
    code = open_table().locator("#room-code").inner_text().strip()
    ana = open_phone(code, label="Ana")
    ana.fill("#name", "   ")
    ana.click("#join")
    expect(ana.locator("#join-error")).to_have_text("Please type a name.")
    ana.fill("#name", "x" * 21)
    ana.click("#join")
    expect(ana.locator("#join-error")).to_contain_text("too long")
    # a tap that goes through: nothing said while it waits, then the lobby
    ana.evaluate("() => { const el = document.getElementById('join-error'); window.__reasons = [];"
                 " new MutationObserver(() => window.__reasons.push(el.textContent))"
                 ".observe(el, { childList: true, characterData: true, subtree: true }); }")
    join(ana, "Ana")
    assert ana.evaluate("() => window.__reasons") == [""]


def test_a_refusal_that_comes_after_a_language_switch_is_said_and_the_button_works(open_table, open_phone):
    """The player taps "Join", then switches the language while the answer is on its way: the
    form is built again in the other language (its button "Joining…", disabled). The refusal
    then says why under the new form's field, and its button works again (it wrote to the old,
    detached form: the new one stayed disabled for good)."""
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    join(open_phone(code, label="Ana"), "Ana")
    bob = open_phone(code, label="Bob")
    bob.wait_for_function("() => window.castaways && window.castaways.net.socket.connected")
    hold, release = held_socket(bob, received=lambda frame: frame.startswith("43"), on=False)
    bob.reload()
    bob.wait_for_function("() => window.castaways && window.castaways.net.socket.connected")
    hold["on"] = True
    bob.fill("#name", "ANA")
    bob.click("#join")
    bob.wait_for_function("() => document.getElementById('join').disabled")
    bob.locator(".lang-switch [data-lang=fr]").click()
    # the form built again in French, still waiting for the answer (held: net.js's 8 s is far)
    bob.wait_for_function("() => document.documentElement.lang === 'fr' && document.getElementById('join').disabled")
    # the answer held on its way (a loaded server may send it after the switch)
    pump_until(bob, lambda: hold["frames"], what="the join's answer")
    assert len(hold["frames"]) == 1, hold["frames"]
    release()
    expect(bob.locator("#join-error")).to_have_text("«\u00a0ANA\u00a0» est déjà pris\u00a0: choisissez un autre nom.")
    expect(bob.locator("#join")).to_be_enabled()
    bob.fill("#name", "Bob")
    bob.click("#join")
    expect(bob.locator("#you")).to_be_visible()
    expect(table.locator(".lobby-panel .player")).to_have_count(2)
