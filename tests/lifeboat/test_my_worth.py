"""The phone's own reckoning (issue 11): what my secret Love and Hate cards are worth to me,
with the Narcissist / Psychopath / Ambivalent case named, and an "if the game ended now" score,
both computed by the engine from that seat's own knowledge only."""
import json
import random

import engine
from engine.lifeboat import board, scoring
from engine.playout import random_step
from tests.lifeboat.helpers import C, F, K, L, M, fresh, give
from tests.lifeboat.test_scoring import HATE, LOVE, worked_example


def worth(g, seat):
    return g.view(seat)["me"]["worth"]


def test_plain_love_and_hate_pay_when_alive_and_dead():
    g = fresh(love=["kid"] * 6, hate=["captain"] * 6)
    w = worth(g, L)
    assert w["cases"] == []
    assert w["survival"] == {"character": "lady_lauren", "value": 8, "alive": True,
                             "counts": True, "now": 8}
    assert w["love"] == {"character": "kid", "seat": K, "when": "alive", "alive": True,
                         "value": 9, "now": 9}
    assert w["hate"] == {"character": "captain", "seat": C, "when": "dead", "alive": True,
                         "value": 7, "now": 0}
    board.kill(g.state, C)
    board.leave_boat(g.state, K)
    w = worth(g, L)
    assert (w["love"]["now"], w["hate"]["now"]) == (0, 7)
    assert (w["love"]["alive"], w["hate"]["alive"]) == (False, False)


def test_narcissist_is_named_and_counts_his_survival_twice():
    g = worked_example()
    w = worth(g, L)                     # Lauren loves herself
    assert w["cases"] == ["narcissist"]
    assert w["love"]["character"] == "lady_lauren" and w["love"]["now"] == 8
    assert w["survival"]["now"] == 8


def test_psychopath_is_named_and_counts_the_other_dead_except_his_beloved():
    g = worked_example()
    w = worth(g, C)                     # the Captain hates himself, loves Frenchy
    assert w["cases"] == ["psychopath"]
    assert w["survival"] == {"character": "captain", "value": 5, "alive": True,
                             "counts": False, "now": 0}
    assert w["hate"]["when"] == "others_dead" and w["hate"]["now"] == 5 + 8 + 3
    assert w["hate"]["value"] == 4 + 5 + 8 + 3
    assert {o["character"]: o["dead"] for o in w["hate"]["others"]} == {
        "lady_lauren": False, "sir_stephen": True, "first_mate": True, "kid": True}


def test_narcissist_psychopath_gets_his_survival_once():
    love, hate = list(LOVE), list(HATE)
    love[K], hate[K] = "kid", "kid"
    g = worked_example(love=love, hate=hate)
    w = worth(g, K)
    assert w["cases"] == ["narcissist", "psychopath"]
    assert w["survival"]["now"] == 0 and w["love"]["value"] == 9
    assert w["hate"]["value"] == 4 + 5 + 7 + 8 + 6


def test_ambivalent_is_named_and_pays_one_way_or_the_other():
    g = worked_example()
    w = worth(g, M)                     # the First Mate loves and hates Stephen (dead)
    assert w["cases"] == ["ambivalent"]
    assert (w["love"]["now"], w["hate"]["now"]) == (0, 5)
    assert (w["love"]["value"], w["hate"]["value"]) == (7, 5)


def test_provisional_score_is_the_breakdown_if_rescued_now():
    g = worked_example()
    expected = [33, 10, 28, 5, 15, 0]
    for seat in range(6):
        p = g.view(seat)["me"]["provisional"]
        assert p["total"] == expected[seat]
        assert p == scoring.breakdown(g.state, seat)
    p = g.view(C)["me"]["provisional"]
    assert (p["survival"], p["love"], p["psychopath"], p["cash"]) == (0, 6, 16, 6)


def test_provisional_score_matches_the_result_at_the_end():
    g = engine.new_game("lifeboat", [f"P{i}" for i in range(5)], seed=4)
    rng = random.Random(4)
    while not g.over:
        random_step(g, rng)
    for seat in range(5):
        assert g.view(seat)["me"]["provisional"] == g.result()["breakdown"][seat]


def test_my_reckoning_never_depends_on_other_seats_secrets():
    g = worked_example()
    give(g, F, "cash", count=2)
    base = [g.view(seat)["me"] for seat in range(6)]
    for seat in range(6):
        other = engine.load_game(json.loads(json.dumps(g.to_dict())))
        s = other.state
        s["love"][seat], s["hate"][seat] = "kid", "kid"
        s["hand"][seat] = []
        for y in range(6):
            if y != seat:
                assert other.view(y)["me"]["worth"] == base[y]["worth"]
                assert other.view(y)["me"]["provisional"] == base[y]["provisional"]
