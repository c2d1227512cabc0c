"""§6 secrets: the table and the other phones never see a seat's secrets; views carry what a
phone needs; everything is revealed at the end."""
import json
import random

import engine
from engine.lifeboat import board
from engine.lifeboat.board import PLAYED_FOR_HIM
from engine.playout import random_step
from tests.lifeboat.helpers import C, K, L, M, S, fresh, give, start, start_actions

SECRET_KEYS = ("me", "hand", "love", "hate", "drawn", "draft_cards", "private_log",
               "unconscious_water", "trades")


def keys(value):
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys(v)


def with_other_secrets(g, seat):
    """A copy of the game where `seat`'s Love, Hate and hand cards are different (not the
    water, kits and preserver of an unconscious character: their counts are public, §4.7)."""
    copy = engine.load_game(json.loads(json.dumps(g.to_dict())))
    s = copy.state
    others = [c for c in s["chars"] if c not in (s["love"][seat], s["hate"][seat])]
    s["love"][seat], s["hate"][seat] = others[0], others[-1]
    public = PLAYED_FOR_HIM if board.unconscious(s, seat) else ()
    swaps = [c for c in s["prov_deck"] if s["kinds"][c] not in public
             and all(s["kinds"][c] != s["kinds"][h] for h in s["hand"][seat])]
    for i, card in enumerate(list(s["hand"][seat])):
        if i < len(swaps) and s["kinds"][card] not in public:
            s["prov_deck"][s["prov_deck"].index(swaps[i])] = card
            s["hand"][seat][i] = swaps[i]
    return copy


def test_table_and_other_phones_cannot_tell_a_seats_secrets_apart():
    for seed in range(6):
        n = 4 + seed % 3
        g = engine.new_game("lifeboat", [f"P{i}" for i in range(n)], seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.over:
            if steps % 9 == 0:
                view = g.view(None)
                assert not set(SECRET_KEYS) & set(keys(view))
                for seat in range(n):
                    busy = any(seat in t["seats"] for t in g.state["trades"])
                    if busy or g.state["phase"] == "thirst":
                        continue
                    other = with_other_secrets(g, seat)
                    assert other.view(None) == view
                    for y in range(n):
                        if y != seat:
                            assert other.view(y) == g.view(y)
            random_step(g, rng)
            steps += 1


def test_my_view_carries_my_secrets():
    g = fresh(love=["kid"] * 6, hate=["captain"] * 6)
    give(g, L, "cash")
    start_actions(g)
    me = g.view(L)["me"]
    assert (me["character"], me["love"], me["hate"]) == ("lady_lauren", "kid", "captain")
    assert [c["kind"] for c in me["hand"]] == ["cash"]
    table = g.view(None)
    assert table["characters"][L]["hand_count"] == 1 and "hand" not in table["characters"][L]
    for key in ("players", "phase", "waiting_for", "line", "birds", "decks", "characters"):
        assert key in table


def test_the_end_reveals_love_hate_hands_and_the_breakdown():
    g = fresh(turn_limit=1)
    give(g, K, "jewels")
    g.state["birds"] = 3
    g.state["nav_deck"].remove("nav07")
    g.state["nav_deck"].insert(0, "nav07")
    start(g, "navigation")
    assert g.over
    view = g.view(None)
    kid = view["characters"][K]
    assert kid["love"] == g.state["love"][K] and [c["kind"] for c in kid["hand"]] == ["jewels"]
    assert view["result"]["breakdown"][K]["jewels"] == 1
    assert view["waiting_for"] == []


def test_public_log_never_names_a_hand_card_taken_by_a_mug():
    g = fresh()
    give(g, C, "gaffing_hook")
    start_actions(g)
    g.act(L, {"type": "mug", "target": C, "card": "hand"})
    ev = g.act(C, {"type": "agree"})
    assert "gaffing_hook" not in json.dumps(ev)
    assert "gaffing_hook" not in json.dumps(g.view(None))
    assert "gaffing_hook" not in json.dumps(g.view(M))


def test_rowed_cards_and_row_stack_are_private():
    g = fresh()
    start_actions(g)
    ev = g.act(L, {"type": "row", "show_oars": False})
    drawn = [c["id"] for c in g.view(L)["me"]["drawn"]]
    ev += g.act(L, {"type": "place_row_card", "card": drawn[0], "to": "stack"})
    ev += g.act(L, {"type": "place_row_card", "card": drawn[1], "to": "bottom"})
    for text in (json.dumps(ev), json.dumps(g.view(None)), json.dumps(g.view(S))):
        assert drawn[0] not in text and drawn[1] not in text
    assert drawn[0] in json.dumps(g.view(L)["me"]["private_log"])
