"""The `game` payloads are encoded from the games' own data, uncopied (Game.peek_view /
peek_legal, server.views.encoded_game): what each screen receives must be exactly what the
copying contract (view, legal_actions) gives, at every step of whole seeded games, and
reading it that way must change nothing and share nothing with what callers keep."""
import json
import marshal
import random

import pytest

import engine
from engine.playout import random_step
from server import packets, views
from server.rooms import Player, Room

# The fewest and the most players (at most 8: a 12-castaway game is 10 s of views here).
CASES = [(gid, n) for gid, info in sorted(engine.GAMES.items())
         for n in sorted({info.min_players, min(info.max_players, 8)})]


def as_json(value):
    return json.loads(json.dumps(value))


def vandalise(value):
    if isinstance(value, dict):
        for key in list(value):
            vandalise(value[key])
            value[key] = "vandalised"
    elif isinstance(value, list):
        for item in value:
            vandalise(item)
        value[:] = ["vandalised"]


def frozen(game):
    return marshal.loads(marshal.dumps(game.state))      # a deep copy, compared with ==


@pytest.mark.parametrize("game_id,n", CASES)
def test_peeked_views_and_actions_encode_as_their_copies_all_game_long(game_id, n):
    game = engine.new_game(game_id, [f"P{i}" for i in range(n)], seed=7)
    rng = random.Random(7)
    seats = [None] + list(range(n))
    steps = 0
    while True:
        before = frozen(game)
        for seat in seats:
            view = game.view(seat)
            assert packets.encoded(game.peek_view(seat)).value() == as_json(view)
            legal = game.legal_actions(seat) if seat is not None else []
            if seat is not None:
                assert packets.encoded(game.peek_legal(seat)).value() == as_json(legal)
            if steps % 5 == 0:
                # A caller's copies share nothing with what is peeked, nor with the state.
                vandalise(view)
                vandalise(legal)
                assert packets.encoded(game.peek_view(seat)).value() == as_json(game.view(seat))
                if seat is not None:
                    assert as_json(game.peek_legal(seat)) == as_json(game.legal_actions(seat))
        assert game.state == before, "peeking, or a caller's copy, changed the game"
        steps += 1
        if random_step(game, rng) is None:
            break
    assert game.over and steps > 5


def _room(game_id, n, bot_seat):
    room = Room(code="ABCD", host_token="t", status="playing", game_id=game_id, version=5,
                deadline={"at": 123})
    room.game = engine.new_game(game_id, [f"P{i}" for i in range(n)], seed=3)
    room.players = [Player(id=f"p{i}", name=f"P{i}", token=None, colour="#000", letter="R",
                           seat=i, bot_playing=i == bot_seat) for i in range(n)]
    return room


@pytest.mark.parametrize("game_id,n", CASES)
def test_a_screen_is_sent_exactly_its_seats_payload(game_id, n):
    room = _room(game_id, n, bot_seat=n - 1)
    rng = random.Random(3)
    for _ in range(40):
        step = random_step(room.game, rng)
        if step is None:
            break
        events = step[2]
        room.version += 1
        for seat in [None] + list(range(n)):
            sent = views.encoded_game(room, seat, events).value()
            assert sent == as_json(views.game_payload(room, seat, events))
            assert sent["seat"] == seat and sent["view"] == as_json(room.game.view(seat))
            # A seat a bot plays has nothing to do on its phone; the TV never has.
            mine = seat is not None and seat != n - 1
            assert sent["legal_actions"] == (as_json(room.game.legal_actions(seat)) if mine
                                             else [])


def test_packets_splice_an_encoded_value_as_the_value_itself():
    value = {"a": [1, 2.5, None, True], "é": "naïve", "n": {"3": "x"}}
    packet = packets.JsonPacket(data=["game", packets.encoded(value)])
    assert json.loads(packet.encode()[1:]) == ["game", value]
    # What orjson cannot encode and json can (an integer beyond 64 bits) still goes out.
    big = packets.JsonPacket(data=["x", {"n": 2 ** 70, "e": packets.encoded([1])}])
    assert json.loads(big.encode()[1:]) == ["x", {"n": 2 ** 70, "e": [1]}]
