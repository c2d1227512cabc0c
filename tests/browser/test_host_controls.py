"""The host's controls during a game, seen from the phones: a late joiner watches, gets a
bot's seat, a bot plays for an absent player who takes it back, a kick, end of game. Also:
the table keeps its room and host role over a reload, and a stale version shows a toast."""
import pytest
from playwright.sync_api import expect

from tests.browser.helpers import game_state, join, pick_game

pytestmark = pytest.mark.browser


def player_id(table, name):
    return table.evaluate(
        "name => window.castaways.state.room.players.find(p => p.name === name).id", name)


def row(table, name):
    return table.locator(f".host-panel li[data-player='{player_id(table, name)}']")


def test_host_controls_reach_the_phones(open_table, open_phone, shot):
    table = open_table()
    code = table.locator("#room-code").inner_text().strip()

    # The table keeps its room and stays the host over a reload.
    table.reload()
    expect(table.locator("#room-code")).to_have_text(code)
    assert f"room={code}" in table.url
    expect(table.locator("#add-bot")).to_be_visible()

    # Another screen on the same room is a read-only extra screen.
    extra = open_table(f"/?room={code}")
    expect(extra.locator("#room-code")).to_have_text(code)
    expect(extra.locator(".read-only-note")).to_contain_text("Extra screen")
    expect(extra.locator("#add-bot")).to_have_count(0)

    ana = open_phone(code, label="Ana")
    join(ana, "Ana")
    bob = open_phone(code, label="Bob")
    join(bob, "Bob")
    pick_game(table, "fixture")
    table.locator("#add-bot").click()
    expect(table.locator(".lobby-panel .player")).to_have_count(3)
    expect(table.locator(".lobby-panel .badge-bot")).to_have_count(1)
    expect(extra.locator(".lobby-panel .player")).to_have_count(3)
    expect(extra.locator(".chosen-title")).to_have_text("Fixture (tests only)")
    table.locator("#start").click()
    expect(ana.locator("#stage .btn-action").first).to_be_visible()

    # A phone joining now has no seat: it watches.
    dan = open_phone(code, label="Dan")
    expect(dan.locator("#join-form")).to_be_visible()
    join_during_game = dan.locator("#join-form + .note")
    expect(join_during_game).to_be_visible()
    dan.fill("#name", "Dan")
    dan.click("#join")
    expect(dan.locator("#spectator")).to_be_visible()
    shot(dan, "phone-spectator")

    # The host gives the bot's seat to Dan.
    table.locator("#host-toggle").click()
    bot_name = table.evaluate("() => window.castaways.state.room.players.find(p => p.bot).name")
    row(table, bot_name).get_by_role("button", name="Give seat to Dan").click()
    expect(dan.locator("#stage .btn-action").first).to_be_visible()
    assert game_state(dan)["seat"] is not None
    shot(table, "table-host-panel")

    # A bot plays for Bob; Bob takes his seat back.
    row(table, "Bob").get_by_role("button", name="Let a bot play").click()
    expect(bob.locator("#bot-playing")).to_be_visible()
    shot(bob, "phone-bot-playing")
    bob.locator("#take-back").click()
    expect(bob.locator("#bot-playing")).to_have_count(0)

    # A stale version: the phone is told, and gets the current state back.
    ana.evaluate("() => { window.castaways.state.game.version -= 1; }")
    ana.locator("#stage .btn-action[data-action*='cheer']").click()
    expect(ana.locator(".toast")).to_contain_text("The game moved on")
    expect(ana.locator("#stage .btn-action[data-action*='cheer']")).to_be_enabled()

    # The host kicks Ana (two taps): her phone forgets its token and says so.
    kick = row(table, "Ana").get_by_role("button", name="Kick")
    kick.click()
    row(table, "Ana").get_by_role("button", name="Sure? Tap again").click()
    expect(ana.locator("#message")).to_contain_text("removed you")
    assert ana.evaluate(f"() => localStorage.getItem('castaways.token.{code}')") is None

    # The host ends the game: everybody is back in the lobby.
    table.locator("#end-game").click()
    table.locator("#end-game").click()
    expect(table.locator("#start")).to_be_visible()
    expect(bob.locator("#you")).to_be_visible()
    expect(bob.locator(".toast")).to_contain_text("ended the game")
    expect(dan.locator("#you")).to_be_visible()
