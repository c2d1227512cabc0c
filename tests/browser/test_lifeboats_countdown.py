"""Lifeboats' negotiation countdown in the real pages: the TV shows it large while the table
talks, and when it runs out the server calls the vote (nobody presses "Call the vote"): every
phone then shows its vote wheel. No sleeps: the waits are on conditions."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.helpers import game_state
from tests.browser.test_lifeboats_play import (  # noqa: F401  (live_server is a fixture)
    SEED, Player, act_on, drawn_state, live_server, snap, start_lifeboats)

pytestmark = pytest.mark.browser
SECONDS = 10


def test_the_countdown_shows_and_calls_the_vote(open_table, open_phone, shot):
    table, phones, _, _ = start_lifeboats(open_table, open_phone,
                                          options={"negotiation_seconds": SECONDS})
    try:
        run(table, phones, shot)
    except Exception:
        # Leave evidence of a failure: the TV as it was, and what it last received.
        shot(table, "lifeboats-countdown-failure")
        msg = game_state(table)
        print("step", msg and msg["view"]["step"], "deadline", msg and msg["deadline"],
              "events", msg and msg["events"])
        raise


def run(table, phones, shot):
    player = Player(SEED)
    shots = {"setup", "vote", "leave", "board", "captain", "break_tie"}   # no screenshots here
    countdown = table.locator("[data-testid=lb-countdown]")
    # Setup, by clicking; no countdown yet.
    for _ in range(100):
        msg = game_state(table)
        if msg["view"]["step"] == "negotiate":
            break
        expect(countdown).to_be_hidden()
        seat = msg["waiting_for"][0]
        act_on(phones[seat], drawn_state(phones[seat], msg["version"]), player, shots, shot,
               f"seat {seat}")
        table.wait_for_function(
            "v => Number(document.querySelector('#stage')?.dataset.version) > v", arg=msg["version"])
    msg = game_state(table)
    assert msg["view"]["negotiation_seconds"] == SECONDS, msg["view"]["negotiation_seconds"]
    assert msg["view"]["step"] == "negotiate" and msg["deadline"]
    start = msg["view"]["start_player"]
    version = msg["version"]

    # The TV counts down, large; the start player could still call the vote.
    expect(countdown).to_be_visible()
    table.wait_for_function(
        "s => { const n = Number(document.querySelector('[data-testid=lb-countdown]')?.dataset.seconds);"
        " return n >= 1 && n <= s; }", arg=SECONDS)
    expect(phones[start].locator("[data-testid=lb-call-vote]")).to_be_visible()
    assert countdown.bounding_box()["height"] >= 50
    # minutes and seconds, red in the last ten (all ten of these)
    assert re.fullmatch(r"0:(0\d|10)", countdown.inner_text()), countdown.inner_text()
    expect(countdown).to_have_class(re.compile(r"\burgent\b"))
    # every phone counts down too, small, in minutes and seconds
    for phone in phones.values():
        expect(phone.locator(".lb-pclock")).to_have_text(re.compile(r"^0:(0\d|10)$"))
    snap(shot, table, "lifeboats-table-countdown")

    # Nobody calls it: the server does at 0, and every phone gets the wheel.
    table.wait_for_function(
        "v => Number(document.querySelector('#stage')?.dataset.version) > v", arg=version,
        timeout=(SECONDS + 8) * 1000)
    msg = game_state(table)
    assert msg["view"]["step"] == "vote"
    assert msg["deadline"] is None
    assert any(e["type"] == "vote_called" and e["seat"] == start for e in msg["events"])
    expect(countdown).to_be_hidden()
    for phone in phones.values():
        expect(phone.locator("[data-testid=lb-wheel]")).to_be_visible()
    expect(table.locator("[data-testid=lb-log]")).to_contain_text("called the vote")
