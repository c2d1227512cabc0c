"""Bots with minds of their own (issue 25): a temperament per bot from its mind number, a memory
read from the public log, no bloc votes, and their mind reaching them only on the rng."""
import random

import pytest

from engine.bot import Mind, mind_number, mind_of
from server.bots import MindRandom
from engine.botplay import play_game
from engine.galerapagos import bot as gbot
from engine.lifeboat import bot as lbot
from engine.lifeboats import bot as lsbot
from engine.registry import bot_for, new_game

GAMES = ("lifeboats", "lifeboat", "galerapagos")


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_lists_a_few_temperaments_with_english_and_french_names(game_id):
    import importlib
    data = importlib.import_module(f"engine.{game_id}.data").DATA
    minds = data["bot_minds"]
    assert 3 <= len(minds) <= 8
    assert len({m["id"] for m in minds}) == len(minds)
    for m in minds:
        assert m["en"] and m["fr"]
    names = data["bot_names"]
    assert len(names["en"]) >= 12 and len(names["fr"]) >= 12
    assert "Vendredi" in names["fr"] and "Vendredi" not in names["en"]


def test_a_mind_comes_from_the_seed_on_the_rng_and_only_from_there():
    minds = lsbot._MINDS
    seats = [Mind(MindRandom(1, mind_number(7, s)), s, minds).temper["id"] for s in range(12)]
    assert len(set(seats)) >= 3                       # a table of bots is not one temperament
    again = [Mind(MindRandom(99, mind_number(7, s)), s, minds).temper["id"] for s in range(12)]
    assert seats == again                             # the mind, not the per-move seed, decides
    assert mind_number(7, "p3") != mind_number(8, "p3")
    # A caller without minds gets one from the seat: still a pure function of the inputs.
    assert mind_of(random.Random(1), 4) == mind_of(random.Random(2), 4)


def test_the_galerapagos_bot_remembers_votes_shots_and_gifts():
    game = new_game("galerapagos", [f"P{i}" for i in range(6)], seed=2)
    view = game.view(0)
    view["me"]["records"] = [{"turn": 1, "kind": "received", "source": 4, "cards": ["car_key"]}]
    events = [{"type": "reveal", "kind": "water", "votes": [[0, 2], [1, 0], [2, 0], [3, 2]],
               "weights": [1, 1, 1, 1], "tally": []},
              {"type": "shot", "seat": 5, "target": 0}]
    hurt, helped = gbot._memory(view, events, 0)
    assert hurt == {1: 1, 2: 1, 5: 3}
    assert helped == {3: 0.3, 4: 1}


def test_a_galerapagos_bot_votes_against_who_voted_against_it():
    game = new_game("galerapagos", [f"P{i}" for i in range(6)], seed=2)
    view = game.view(0)
    legal = [{"type": "vote", "target": s} for s in range(6)]
    events = [{"type": "reveal", "kind": "water", "votes": [[s, 0] for s in (1, 2, 3)],
               "weights": [1, 1, 1], "tally": []}] * 3
    against = 0
    for m in range(40):
        action = gbot.BOT.choose(view, legal, events, MindRandom(m, mind_number(m, 0)))
        against += action["target"] in (1, 2, 3)
    assert against >= 30


def test_the_lifeboats_bot_remembers_who_voted_to_leak_its_boat():
    game = new_game("lifeboats", [f"P{i}" for i in range(4)], seed=1)
    view = game.view(0)
    colour = view["me"]["colour"]
    events = [{"type": "ballot_revealed", "kind": "leak", "turn": 1, "boat": None, "round": 1,
               "votes": [{"seat": 1, "choice": colour, "weight": 1},
                         {"seat": 2, "choice": "black", "weight": 1}]}]
    assert lsbot._memory(view, events) == {1: 1}


def test_the_lifeboat_bot_remembers_muggers_pours_and_fights():
    game = new_game("lifeboat", [f"P{i}" for i in range(6)], seed=1)
    view = game.view(0)
    events = [{"type": "mugged", "seat": 3, "target": 0, "card": "hand", "got": True},
              {"type": "pour", "seat": 2, "target": 0, "thirst": 0},
              {"type": "fight_resolved", "winner": "attacker", "turn": 1, "attacker": 4,
               "defender": 0, "kind": "mug", "sides": {"attacker": [4], "defender": [0, 5]}}]
    hurt, helped = lbot._memory(view, events, 0)
    assert hurt == {3: 1, 4: 0.5} and helped == {2: 1, 5: 0.5}


def test_nine_bots_and_three_people_do_not_vote_as_a_bloc():
    """A few seeded 12-castaway games (the benchmark plays 200): bots seldom all name the same
    castaway."""
    ballots = bloc = 0
    for seed in range(6):
        people = {seed % 12, (seed + 4) % 12, (seed + 8) % 12}
        events = []
        play_game("galerapagos", 12, seed, ["random" if s in people else "bot"
                                             for s in range(12)], events=events)
        for e in events:
            if e["type"] == "reveal" and e["kind"] != "departure":
                votes = {v: c for v, c in e["votes"] if v not in people}
                if votes:
                    ballots += 1
                    named = max(set(votes.values()), key=list(votes.values()).count)
                    bloc += all(c == named for v, c in votes.items() if v != named)
    assert ballots >= 10
    assert bloc / ballots < 0.3


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_mind_and_log_give_the_same_choice(game_id):
    """The mind reaches the bot on the rng only: two seats' worth of calls with the same inputs
    agree, and a different mind may choose differently (never illegally)."""
    n = {"lifeboats": 4, "lifeboat": 6, "galerapagos": 6}[game_id]
    bot = bot_for(game_id)
    log = []
    game = play_game(game_id, n, 5, ["bot"] * n, max_actions=120, events=log)
    for seat in game.waiting_for():
        legal = game.legal_actions(seat)
        view = game.view(seat)
        one = bot.choose(view, legal, log[-50:], MindRandom(3, mind_number(5, seat)))
        two = bot.choose(view, legal, log[-50:], MindRandom(3, mind_number(5, seat)))
        assert one == two and one in legal


def test_a_galerapagos_bot_gives_up_a_tool_holder_last_whatever_its_fancies():
    """A face-up tool dies with its owner: over 40 minds, a bot names a castaway without tools
    rather than the one with a fishing rod face up, nearly always (fancies and grudges still
    spread the votes among the others)."""
    game = new_game("galerapagos", [f"P{i}" for i in range(6)], seed=2)
    view = game.view(0)
    view["castaways"][3]["faceup"] = ["fishing_rod"]
    legal = [{"type": "vote", "target": s} for s in range(6)]
    named = [gbot.BOT.choose(view, legal, [], MindRandom(m, mind_number(m, 0)))["target"]
             for m in range(40)]
    assert named.count(3) <= 1
    assert len(set(named)) >= 3
