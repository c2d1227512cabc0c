"""§6 secrets, seen from outside (issue 11): the table view and every other phone never carry a
seat's hand, Love, Hate, draft cards, drawn cards or row stack before the end. Every seat's
view is the table view plus its own `me`, and `me` holds only that seat's own secrets."""
import random

import pytest

import engine
from engine.playout import random_step

PRIVATE_CHARACTER_KEYS = ("hand", "love", "hate")


def check(g):
    s = g.state
    table = g.view(None)
    assert "me" not in table
    if not g.over:
        for c in table["characters"]:
            assert not set(PRIVATE_CHARACTER_KEYS) & set(c)
        assert table["result"] is None
    for seat in range(g.n):
        view = g.view(seat)
        me = view.pop("me")
        assert view == table                    # nothing but `me` differs between screens
        assert me["seat"] == seat
        assert (me["love"], me["hate"]) == (s["love"][seat], s["hate"][seat])
        assert [c["id"] for c in me["hand"]] == s["hand"][seat]
        d = s["draft"]
        drafter = d["drafters"][d["index"]] if d and d["cards"] else None
        assert ("draft_cards" in me) == (drafter == seat)
        a = s["act"]
        rower = a["actor"] if a and a.get("drawn") else None
        assert ("drawn" in me) == (rower == seat)
        navigator = s["nav"]["navigator"] if s["phase"] == "navigate" else None
        assert ("row_stack" in me) == (navigator == seat)
        for t in me["trades"]:
            assert seat in t["seats"]
        assert me["provisional"]["seat"] == seat


@pytest.mark.parametrize("n,seed", [(4, 11), (5, 12), (6, 13), (6, 14)])
def test_no_screen_sees_another_seats_secrets_during_a_whole_game(n, seed):
    g = engine.new_game("lifeboat", [f"P{i}" for i in range(n)], seed=seed)
    rng = random.Random(seed)
    seen = set()
    while not g.over:
        check(g)
        seen.add(g.state["phase"])
        random_step(g, rng)
    check(g)
    assert {"draft", "actions"} <= seen


def test_the_end_reveals_every_hand_love_and_hate_on_every_screen():
    g = engine.new_game("lifeboat", [f"P{i}" for i in range(4)], seed=3)
    rng = random.Random(3)
    while not g.over:
        random_step(g, rng)
    table = g.view(None)
    for seat, c in enumerate(table["characters"]):
        assert c["love"] == g.state["love"][seat] and c["hate"] == g.state["hate"][seat]
        assert [x["id"] for x in c["hand"]] == g.state["hand"][seat]
