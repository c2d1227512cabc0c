"""Connection state on the phone: the indicator while the network is gone, the table's
presence marks, and a reconnection when the page becomes visible again (iOS drops sockets
of sleeping pages without a word)."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TIMEOUT_MS, TV, _free_port, own_server
from tests.browser.helpers import add_bots, join, pick_game, tv_and_ana

pytestmark = pytest.mark.browser

SET_VISIBILITY = """state => {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  Object.defineProperty(document, "hidden", { value: state === "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_phone_reconnects_and_the_table_shows_presence(open_table, open_phone):
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    phone = open_phone(code, label="Ana")
    join(phone, "Ana")
    me = phone.evaluate("() => window.castaways.state.meId")
    on_table = table.locator(f".lobby-panel .player[data-player='{me}']")
    expect(on_table).to_have_attribute("data-connected", "true")
    expect(phone.locator(".conn")).to_be_hidden()

    # The network goes away: the phone says it is reconnecting, the table marks Ana away.
    phone.context.set_offline(True)
    phone.evaluate("() => window.castaways.net.socket.io.engine.close()")
    expect(phone.locator(".conn")).to_be_visible()
    expect(phone.locator(".conn")).to_contain_text("Reconnecting")
    expect(on_table).to_have_attribute("data-connected", "false")
    expect(on_table.locator(".badge-off")).to_be_visible()

    # It comes back by itself, with the same player.
    phone.context.set_offline(False)
    expect(phone.locator(".conn")).to_be_hidden(timeout=15_000)
    expect(on_table).to_have_attribute("data-connected", "true")
    assert phone.evaluate("() => window.castaways.state.meId") == me

    # A socket closed while the page slept is reopened when the page is shown again.
    phone.evaluate("() => window.castaways.net.socket.disconnect()")
    expect(on_table).to_have_attribute("data-connected", "false")
    phone.evaluate(SET_VISIBILITY, "hidden")
    phone.evaluate(SET_VISIBILITY, "visible")
    expect(on_table).to_have_attribute("data-connected", "true")
    expect(phone.locator("#you")).to_contain_text("Ana")


def test_a_join_tapped_while_the_phone_connects_waits_for_the_connection(open_table, open_phone):
    """The join form is drawn before the socket connects (a slow Wi-Fi): a name sent while the
    phone is still (re)connecting waits for the connection and joins then, instead of failing
    with "the server did not answer" when the answer's 8 s timeout (net.js ACK_TIMEOUT_MS) ran
    out before the connection came."""
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    phone = open_phone(code, label="Ana")
    phone.wait_for_function("() => window.castaways && window.castaways.net && window.castaways.net.socket.connected")
    phone.context.set_offline(True)
    phone.evaluate("() => window.castaways.net.socket.io.engine.close()")
    phone.wait_for_function("() => !window.castaways.net.socket.connected")
    phone.fill("#name", "Ana")
    phone.click("#join")
    expect(phone.locator("#join")).to_be_disabled()
    # longer than the answer's timeout, on purpose: the join must still be waiting after it
    phone.wait_for_timeout(9000)
    expect(phone.locator("#join")).to_be_disabled()
    phone.context.set_offline(False)
    expect(phone.locator("#you")).to_be_visible(timeout=15_000)
    expect(table.locator(".lobby-panel .player")).to_have_count(1)


def _ana_in_a_game(browser, contexts, page_errors, url):
    """A TV on `url` and Ana's phone in a Lifeboats game beside three bots, her screen kept awake:
    (tv, ana, room code). window.__stage is her stage (off the page once a message replaces
    the game), window.__page the page it drew."""
    tv, ana, code = tv_and_ana(browser, contexts, page_errors, url, TV)
    pick_game(tv, "lifeboats")
    add_bots(tv, 3)
    tv.locator("#start").click()
    ana.wait_for_function("() => window.castaways.state.game && window.castaways.wake().wanted"
                          " && document.querySelector('#stage').childElementCount > 0")
    ana.evaluate("() => { window.__stage = document.querySelector('#stage');"
                 " window.__page = window.__stage.firstElementChild; }")
    return tv, ana, code


def test_a_phone_whose_room_is_gone_ends_its_game(browser, contexts, page_errors, tmp_path, shot):
    """A phone that comes back to a room closed meanwhile (swept while the phone slept; here the
    server is started afresh, without its rooms, at the same address) says so, and the game
    it showed ends with it: the stage emptied, the screen let sleep, no "your turn" in the
    title. Before, the old game stayed drawn under the message and kept the screen awake.
    The message says the room has closed (a code never open gets the server's 404 page)."""
    port = _free_port()
    (tmp_path / "before").mkdir()
    (tmp_path / "after").mkdir()
    with own_server(tmp_path / "before", "--bot-delay", "0", port=port) as url:
        tv, ana, code = _ana_in_a_game(browser, contexts, page_errors, url)
        tv.close()      # a TV coming back would open a room of its own
    with own_server(tmp_path / "after", port=port):
        # in words for a phone that was in the room: it has closed (not "check the code")
        expect(ana.locator("#message")).to_contain_text(f"Room {code} is no longer open", timeout=TIMEOUT_MS)
        expect(ana.locator("#message h1")).to_have_text("This room has closed")
        got = ana.evaluate("""() => ({ screen: window.castaways.state.screen, game: window.castaways.state.game,
          wanted: window.castaways.wake().wanted, staged: window.__stage.childElementCount,
          title: document.title })""")
        assert got == {"screen": "room_closed", "game": None, "wanted": False, "staged": 0,
                       "title": f"Castaways \u00b7 {code}"}, got
        shot(ana, "phone-room-gone")
        ana.locator(".lang-switch [data-lang=fr]").click()
        expect(ana.locator("#message h1")).to_have_text("Cette salle est fermée")
        expect(ana.locator("#message")).to_contain_text(f"La salle {code} n'est plus ouverte")
        shot(ana, "phone-room-gone-fr")


def test_a_phone_kicked_while_it_slept_ends_its_game(browser, contexts, page_errors, tmp_path):
    """The host removes Ana from the game while her phone is offline (the kick is sent only to a
    connected phone): back online, the room no longer knows her token, and her phone ends the
    game it showed as hers (its memory: her picks, a window she held: the page it drew is gone)
    and offers to join again."""
    (tmp_path / "room").mkdir()
    with own_server(tmp_path / "room", "--bot-delay", "0") as url:
        tv, ana, _ = _ana_in_a_game(browser, contexts, page_errors, url)
        ana_id = ana.evaluate("() => window.castaways.state.meId")
        ana.context.set_offline(True)
        ana.evaluate("() => window.castaways.net.socket.io.engine.close()")   # (offline keeps an open socket)
        tv.wait_for_function("id => !window.castaways.state.room.players.find((p) => p.id === id).connected",
                             arg=ana_id)
        reply = tv.evaluate("id => window.castaways.net.request('kick', { player: id })", ana_id)
        assert reply["ok"], reply
        ana.context.set_offline(False)
        expect(ana.locator("#name")).to_be_visible(timeout=TIMEOUT_MS)
        got = ana.evaluate("""() => ({ seat: window.castaways.state.game && window.castaways.state.game.seat,
          me: window.castaways.state.meId, wanted: window.castaways.wake().wanted,
          kept: window.__stage.firstElementChild === window.__page })""")
        assert got == {"seat": None, "me": None, "wanted": False, "kept": False}, got
