"""Lifeboats through the real server (Flask-SocketIO test client): no phone, and not the TV,
ever receives another player's vote before the reveal. Four phones play whole games; every
`game` payload each socket received is inspected against the ballot it shows."""
import json
import random

import pytest

NAMES = ("Ana", "Ben", "Cy", "Dee")


def walk(value, path=()):
    """Every (path, dict) in a JSON value."""
    if isinstance(value, dict):
        yield path, value
        for k, v in value.items():
            yield from walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, path + (i,))


def check_payload(msg, seat):
    """Assert that a `game` payload sent to `seat` (None for the TV) shows no vote but the
    seat's own while its ballot is open and unrevealed."""
    view = msg["view"]
    ballot = view.get("ballot")
    if not ballot or ballot.get("revealed"):
        return
    assert "votes" not in ballot and "tally" not in ballot, ballot
    own = ballot.get("my_vote")
    if seat is None:
        assert own is None and "me" not in view
    else:
        assert view["me"]["my_vote"] == own
        if own is not None:
            assert seat in ballot["voted"]
    # The previous reveal is kept for the TV: it must be a settled, earlier ballot.
    last = view.get("last_reveal")
    if last is not None:
        assert last["outcome"] is not None or last["round"] < ballot["round"], last
    # Events: a reveal may only be of an earlier ballot, settled (or restarted) since.
    events = msg["events"]
    for i, e in enumerate(events):
        if e["type"] == "voted":
            assert set(e) == {"type", "seat", "kind"}, e
        if e["type"] == "ballot_revealed":
            later = events[i + 1:]
            assert any(x["type"] == "outcome" and x["kind"] == e["kind"] for x in later) or any(
                x["type"] == "ballot_restarted" for x in later), (e, later)
        elif e["type"] not in ("outcome",):
            for path, d in walk(e):
                assert "choice" not in d and "votes" not in d, (e, d)
    # The turn's outcomes (kept for a TV that reloads) are settled results, never a cast vote:
    # an `outcome` names the winning choice only, every other entry no choice at all.
    for e in view.get("turn_outcomes", []):
        if e["type"] == "outcome":
            assert "votes" not in e and "tally" not in e, e
        else:
            for path, d in walk(e):
                assert "choice" not in d and "votes" not in d, (e, d)
    # Anywhere else in the payload, nothing carries a cast vote.
    rest = {k: v for k, v in msg.items() if k not in ("legal_actions", "view", "events")}
    rest["view"] = {k: v for k, v in view.items() if k not in ("last_reveal", "turn_outcomes")}
    for path, d in walk(rest):
        assert "choice" not in d and "votes" not in d, (path, d)
    for a in msg["legal_actions"]:
        assert a["type"] != "vote" or own is None, (a, own)


@pytest.fixture
def server(make_server):
    """Whole games through one socket per phone on a frozen clock: no rate limit here."""
    return make_server(flood_burst=1e9)


def play(server, seed, options=None):
    table, code, phones = server.playing(NAMES, game="lifeboats", options=options or {})
    rng = random.Random(seed)
    seats = {}
    for phone in phones:
        seats[phone.game["seat"]] = phone
    ballots_seen = 0
    for _ in range(3000):
        room = server.room(code)
        game = room.game
        if game.over:
            break
        waiting = game.waiting_for()
        seat = rng.choice(waiting)
        legal = game.legal_actions(seat)
        plain = [a for a in legal if a.get("choice") != "hat"]
        action = rng.choice(plain if plain and rng.random() < 0.85 else legal)
        if action["type"] == "vote":
            ballots_seen += 1
        reply = seats[seat].send("act", {"version": room.version, "action": action})
        assert reply["ok"], reply
    assert server.room(code).game.over
    return table, seats, ballots_seen


@pytest.mark.parametrize("seed", [1, 2])
def test_no_socket_sees_another_players_vote_before_the_reveal(server, seed):
    table, seats, votes = play(server, seed)
    assert votes > 20
    checked = 0
    for seat, phone in seats.items():
        games = phone.messages("game")
        for msg in games:
            assert msg["seat"] == seat
            check_payload(msg, seat)
            checked += 1
        # Nothing else a phone received mentions a ballot's votes.
        for m in phone.client.queue:
            if m["name"] != "game":
                assert "my_vote" not in json.dumps(m["args"]), m
    for msg in table.messages("game"):
        assert msg["seat"] is None and msg["legal_actions"] == []
        check_payload(msg, None)
        checked += 1
    assert checked > 100


def test_each_phone_sees_its_own_vote_and_only_who_else_voted(server):
    table, code, phones = server.playing(NAMES, game="lifeboats")
    by_seat = {p.game["seat"]: p for p in phones}
    # Play until the first ballot is called.
    for _ in range(200):
        room = server.room(code)
        game = room.game
        seat = game.waiting_for()[0]
        legal = game.legal_actions(seat)
        if legal and legal[0]["type"] == "vote":
            break
        assert by_seat[seat].send("act", {"version": room.version, "action": legal[0]})["ok"]
    voters = server.room(code).game.waiting_for()
    first, second = voters[0], voters[1]
    room = server.room(code)
    choice = room.game.legal_actions(first)[-2]["choice"]   # a colour, not the hat
    assert by_seat[first].send("act", {"version": room.version,
                                       "action": {"type": "vote", "choice": choice}})["ok"]
    mine = by_seat[first].game
    assert mine["view"]["ballot"]["my_vote"] == choice and mine["view"]["me"]["my_vote"] == choice
    other = by_seat[second].game
    assert other["version"] == mine["version"]
    assert other["view"]["ballot"]["voted"] == [first]
    assert other["view"]["ballot"]["my_vote"] is None
    assert table.game["view"]["ballot"]["voted"] == [first]
    assert "my_vote" not in table.game["view"]["ballot"]
    for msg in (other, table.game):
        check_payload(msg, msg["seat"])
