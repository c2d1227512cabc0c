"""The platform in a real browser: the TV table, three phones, the fixture game.

No sleeps: every wait is on a condition (Playwright's auto-waiting `expect`, or
wait_for_function), with the timeouts set in conftest.
"""
import json
import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import game_state, join, socket_events

pytestmark = pytest.mark.browser

VOTE = 'button.btn-action[data-action=\'{{"type":"vote","choice":"{}"}}\']'


def secret_values(value, found=None):
    """Every value stored under a key containing "secret", anywhere in a JSON value."""
    found = [] if found is None else found
    if isinstance(value, dict):
        for k, v in value.items():
            if "secret" in k:
                found.append(v)
            secret_values(v, found)
    elif isinstance(value, list):
        for v in value:
            secret_values(v, found)
    return found


def version_of(page):
    return int(page.locator("#stage").get_attribute("data-version"))


def vote(phone, colour, others):
    """Tap a vote on `phone`, then wait until every page has the resulting state."""
    button = phone.locator(VOTE.format(colour))
    expect(button).to_be_enabled()
    before = version_of(phone)
    button.click()
    phone.wait_for_function(
        "v => Number(document.querySelector('#stage')?.dataset.version) > v", arg=before)
    version = version_of(phone)
    for other in others:
        other.wait_for_function(
            "v => Number(document.querySelector('#stage')?.dataset.version) >= v", arg=version)


def test_table_three_phones_play_the_fixture_game(open_table, open_phone, live_server, shot):
    table_frames = []
    table = open_table(record=table_frames)
    code = table.locator("#room-code").inner_text().strip()
    assert len(code) == 4

    # The QR code is an SVG served by us, and it loads.
    qr = table.locator("img#qr")
    expect(qr).to_have_attribute("src", f"/qr/{code}.svg")
    table.wait_for_function("() => { const i = document.querySelector('img#qr');"
                            " return i && i.complete && i.naturalWidth > 0; }")
    response = table.request.get(f"{live_server}/qr/{code}.svg")
    assert response.ok
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in response.text()

    # The join URL is on screen; phones open it (its path, on the test server).
    join_url = table.locator("#join-url").inner_text().strip()
    assert join_url.endswith(f"/j/{code}")
    path_code = urlparse(join_url).path.split("/")[-1]

    names = ["Ana", "Bob", "Chloé"]
    frames = [[], [], []]
    phones = []
    for i, name in enumerate(names):
        phone = open_phone(path_code, lang="fr" if i == 2 else "en", label=name, record=frames[i])
        join(phone, name)
        phones.append(phone)
    # The third phone speaks French (navigator.language).
    expect(phones[2].locator("#you")).to_contain_text("Vous êtes")
    expect(table.locator(".lobby-panel .player")).to_have_count(3)
    for name in names:
        expect(table.locator(".lobby-panel")).to_contain_text(name)

    # The host table picks the fixture game and sets an option; the phones see it.
    table.locator("[data-game=fixture]").click()
    rounds = table.locator("[data-option=rounds] .stepper-value")
    expect(rounds).to_have_value("2")
    table.locator("[data-option=rounds] button[aria-label$='+']").click()
    expect(rounds).to_have_value("3")
    expect(table.locator("[data-option=rounds] button[aria-label$='−']")).to_be_enabled()
    table.locator("[data-option=rounds] button[aria-label$='−']").click()
    expect(rounds).to_have_value("2")
    # Ana, the first phone, hosts beside the TV (marked): her stepper follows the TV's; Bob
    # only reads the option.
    expect(phones[0].locator("[data-option=rounds] .stepper-value")).to_have_value("2")
    expect(phones[0].locator("#start")).to_be_visible()
    expect(table.locator(".lobby-panel .player").first.locator(".badge-host")).to_be_visible()
    expect(phones[1].locator("[data-option=rounds]")).to_contain_text("2")
    expect(phones[1].locator("#start")).to_have_count(0)
    expect(phones[0].locator("#rules-link")).to_have_attribute("href", "/rules/fixture?lang=en")
    expect(phones[2].locator("#rules-link")).to_have_attribute("href", "/rules/fixture?lang=fr")
    expect(table.locator("#start")).to_be_enabled()
    shot(table, "table-lobby")
    shot(phones[0], "phone-lobby")
    shot(phones[2], "phone-lobby-fr")

    table.locator("#start").click()
    for phone in phones:
        expect(phone.locator(VOTE.format("red"))).to_be_visible()
    expect(table.locator("#stage .waiting")).to_be_visible()

    # Each phone sees its own secret, and only its own, in its DOM and in its frames.
    states = [game_state(p) for p in phones]
    seats = [s["seat"] for s in states]
    assert sorted(seats) == [0, 1, 2]
    secrets = [s["view"]["my_secret"] for s in states]
    for i, phone in enumerate(phones):
        expect(phone.locator("#stage .mine")).to_contain_text(str(secrets[i]))
        dom = phone.locator("#stage").inner_text()
        assert "Secrets" not in dom and "secrets" not in dom
    shot(table, "table-game")
    shot(phones[0], "phone-game")

    # A reload brings back the same seat and view.
    phones[1].reload()
    expect(phones[1].locator(VOTE.format("red"))).to_be_visible()
    again = game_state(phones[1])
    assert again["seat"] == seats[1]
    assert again["view"]["my_secret"] == secrets[1]
    expect(phones[1].locator("#me")).to_contain_text("Bob")

    # The language switch: English -> French -> English on phone 0.
    phones[0].locator(".lang-switch [data-lang=fr]").click()
    expect(phones[0].locator("#stage .turn-banner")).to_have_text("À vous de jouer !")
    phones[0].locator(".lang-switch [data-lang=en]").click()
    expect(phones[0].locator("#stage .turn-banner")).to_have_text("Your move!")

    # Play the two rounds through taps: two reds and a blue, so red wins each round.
    for _round in range(2):
        for i, colour in enumerate(["red", "red", "blue"]):
            vote(phones[i], colour, [table] + [p for j, p in enumerate(phones) if j != i])
    for phone in phones:
        expect(phone.locator("#stage .result")).to_be_visible()
    expect(table.locator("#stage .result")).to_be_visible()
    final = game_state(phones[0])
    assert final["over"] is True
    all_secrets = final["view"]["secrets"]
    assert [all_secrets[s] for s in seats] == secrets
    shot(table, "table-over")
    shot(phones[2], "phone-over-fr")

    # Secrecy in the frames: until the end, a phone's game payloads hold no secret but its
    # own, and the table's none at all.
    for i in range(3):
        games = socket_events(frames[i], "game")
        assert games, "the phone's frames were not recorded"
        for g in games:
            if g["over"]:
                continue
            assert g["seat"] == seats[i]
            assert secret_values(g) == [secrets[i]], json.dumps(g)
    table_games = socket_events(table_frames, "game")
    assert table_games
    for g in table_games:
        if not g["over"]:
            assert secret_values(g) == [], json.dumps(g)

    # Rematch from the TV's final strip (it asks first, as Back to the lobby does): the same
    # seats play a new game.
    table.locator("#final-rematch").click()
    expect(table.locator("#final-rematch")).to_have_class(re.compile(r"\barmed\b"))
    expect(phones[0].locator("#stage .result")).to_be_visible()     # nothing started yet
    table.locator("#final-rematch").click()
    for phone in phones:
        expect(phone.locator(VOTE.format("red"))).to_be_visible()
        expect(phone.locator("#stage .result")).to_have_count(0)
    expect(table.locator("#stage .result")).to_have_count(0)
    assert [game_state(p)["seat"] for p in phones] == seats


def test_duplicate_and_bad_names_show_translated_errors(open_table, open_phone):
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    first = open_phone(code, label="first")
    join(first, "Ana")

    english = open_phone(code, label="english")
    english.fill("#name", "ana")
    english.click("#join")
    expect(english.locator(".toast-error")).to_contain_text("already taken")
    expect(english.locator("#name")).to_have_attribute("aria-invalid", "true")

    french = open_phone(code, lang="fr", label="french")
    french.fill("#name", "  ANA ")
    french.click("#join")
    expect(french.locator(".toast-error")).to_contain_text("est déjà pris")

    french.fill("#name", "   ")
    french.click("#join")
    expect(french.locator(".toast-error").last).to_contain_text("Tapez un nom")
    french.fill("#name", "x" * 21)
    french.click("#join")
    expect(french.locator(".toast-error").last).to_contain_text("trop long")
    # The table still shows one player.
    expect(table.locator(".lobby-panel .player")).to_have_count(1)


def test_a_player_renames_in_the_lobby(open_table, open_phone):
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    ana = open_phone(code, label="Ana")
    join(ana, "Ana")
    bea = open_phone(code, label="Bea")
    join(bea, "Bea")

    ana.locator("#rename").click()
    ana.fill("#rename-input", "BEA")
    ana.locator("#rename-input").press("Enter")
    expect(ana.locator(".toast-error")).to_contain_text("already taken")
    ana.fill("#rename-input", "Anna")
    ana.locator("#rename-input").press("Enter")
    expect(ana.locator("#you .you-name")).to_have_text("Anna")
    expect(table.locator(".lobby-panel")).to_contain_text("Anna")
    expect(bea.locator(".players")).to_contain_text("Anna")


def test_names_are_text_never_markup(open_table, open_phone):
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    name = '<img src=x onerror="window.pwned=1">'[:20]
    phone = open_phone(code, label="markup")
    join(phone, name)
    expect(phone.locator("#you .you-name")).to_have_text(name)
    expect(table.locator(".lobby-panel .player-name")).to_have_text(name)
    for page in (phone, table):
        assert page.locator("#app img[src='x']").count() == 0
        assert page.evaluate("() => window.pwned === undefined")


def test_an_event_sent_without_acknowledgement_gets_a_visible_error(open_table, open_phone):
    # The pages always ask for a reply, but a refusal sent as an `error` event (to a request
    # without one) must still show: the server sends the error object itself.
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    phone = open_phone(code, label="visitor")
    phone.locator("#name").wait_for()
    phone.wait_for_function("() => Boolean(window.castaways && window.castaways.net.socket.connected)")
    phone.evaluate("() => window.castaways.net.socket.emit('start', {})")
    expect(phone.locator(".toast-error")).to_be_visible()
    table.evaluate("() => window.castaways.net.socket.emit('join', 'not an object')")
    expect(table.locator(".toast-error")).to_be_visible()


def test_the_join_page_loads_only_what_the_join_form_needs(browser, contexts, page_errors, open_table, live_server):
    """Issue 24 (a phone's first load on a slow network): until the join form shows, the phone
    fetches neither the generic renderer (a game without a module imports it) nor any catalog
    (the page carries the one of the language it shows), in English and in French; the other
    comes on a switch. (That the form waits for no socket: the next test.)"""
    code = open_table().locator("#room-code").inner_text().strip()
    for lang, other, title in (("en", "fr", "Montez à bord"), ("fr", "en", "Come aboard")):
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale="fr-FR" if lang == "fr" else "en-US")
        contexts.append(ctx)
        page = page_errors.watch(ctx.new_page(), f"visitor-{lang}")
        urls = []
        page.on("request", lambda request: urls.append(request.url.split("?")[0]))
        page.goto(f"{live_server}/j/{code}")
        page.locator("#join-form").wait_for()
        before = list(urls)
        assert not [u for u in before if u.endswith("/generic.js")], before
        assert not [u for u in before if "/i18n/" in u], before
        page.locator(f".lang-switch [data-lang={other}]").click()
        expect(page.locator("#join-form h1")).to_contain_text(title)
        assert len([u for u in urls if u.endswith(f"/i18n/{other}.json")]) == 1, urls


def test_the_join_form_does_not_wait_for_the_socket(browser, contexts, page_errors, open_table, open_phone, live_server):
    """Issue 24: the join form draws from the room the page's HTML carries, while the socket
    connects (on a slow network its welcome came a second later). Here no socket ever connects
    (Playwright holds every WebSocket: no Socket.IO open packet comes), and the form shows with
    the room's players, a name typed with markup shown as text. A phone holding a seat token may
    be seated: it waits for the welcome instead of showing a join form."""
    code = open_table().locator("#room-code").inner_text().strip()
    bo = open_phone(code, label="bo")
    join(bo, "Bo</script><i>")
    for label, token in (("visitor", None), ("seated", "a-seat-token")):
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-US")
        contexts.append(ctx)
        if token:
            ctx.add_init_script(f"localStorage.setItem('castaways.token.{code}', '{token}')")
        page = page_errors.watch(ctx.new_page(), label)
        page.route_web_socket(re.compile(r"/socket\.io/"), lambda ws: None)   # held: never connected
        page.goto(f"{live_server}/j/{code}")
        if token:
            page.wait_for_function("() => Boolean(window.castaways && window.castaways.net)")   # past its first drawing
            expect(page.locator("#app .boot")).to_be_visible()
            assert page.locator("#join-form").count() == 0
        else:
            expect(page.locator("#join-form")).to_be_visible()
            expect(page.locator("#app .player-name", has_text="Bo</script><i>")).to_have_count(1)
            # (the form can be on screen before the page's module has named window.castaways)
            page.wait_for_function("() => Boolean(window.castaways && window.castaways.state)")
        assert page.evaluate("() => window.castaways.state.welcome") is None


def test_a_visitor_during_a_game_loads_and_draws_none_of_it_until_it_joins(open_table, open_phone):
    """A phone opened on the join form while a game is on (a latecomer) receives the game's public
    payloads, but its page neither loads the game's module nor draws them under the form (on a
    slow phone, work for nothing: issue 24); once joined, it draws the game it holds."""
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()
    ana = open_phone(code, label="ana")
    join(ana, "Ana")
    table.locator("[data-game=lifeboats]").click()
    for _ in range(2):
        table.evaluate("() => window.castaways.net.request('add_bot', {})")
    table.wait_for_function("() => window.castaways.state.room.players.length === 3")
    table.locator("#start").click()
    ana.locator("#stage > *").first.wait_for()
    bo = open_phone(code, label="bo")
    urls = []
    bo.on("request", lambda r: urls.append(r.url))
    expect(bo.locator("#join-form")).to_be_visible()
    bo.wait_for_function("() => window.castaways.state.game && window.castaways.state.room.status !== 'lobby'")
    assert bo.evaluate("() => window.castaways.stage.msg") is None
    assert not [u for u in urls if "/games/lifeboats" in u], urls
    bo.fill("#name", "Bo")
    with bo.expect_request(lambda r: "/phone/games/lifeboats.js" in r.url):
        bo.click("#join")       # in: watching until the host gives a seat, the game drawn for it
    bo.wait_for_function("() => window.castaways.state.meId && window.castaways.stage.msg"
                         " && window.castaways.stage.msg === window.castaways.state.game")
