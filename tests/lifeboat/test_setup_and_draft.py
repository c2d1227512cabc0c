"""§3 setup (R17 included) and §4.1 the provisions draft (R6, E37)."""
import pytest

import engine
from engine.lifeboat import board
from engine.lifeboat.data import START_ORDER
from tests.lifeboat.helpers import C, F, K, L, M, S, acts, fresh, give, hand, start, types


def new(n, seed=1, **options):
    return engine.new_game("lifeboat", [f"P{i}" for i in range(n)], seed=seed, options=options)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_setup_deals_characters_secrets_positions_and_one_provision(n):
    g = new(n)
    s = g.state
    assert len(s["removed"]) == 6 - n
    in_play = [c for c in START_ORDER if c not in s["removed"]]
    assert sorted(s["chars"]) == sorted(in_play)
    assert sorted(s["love"]) == sorted(in_play) and sorted(s["hate"]) == sorted(in_play)
    # Positions follow the start order, bow to stern, skipping removed characters (R1).
    assert [s["chars"][x] for x in s["line"]] == in_play
    # One provision each, then the draft of turn 1 took one card per conscious character.
    assert sum(len(h) for h in s["hand"]) == n
    assert len(s["prov_deck"]) == 42 - 2 * n
    assert g.state["phase"] == "draft" and len(s["draft"]["cards"]) == n
    assert sorted(s["nav_deck"]) == sorted(f"nav{i:02d}" for i in range(1, 25))
    assert s["birds"] == 0 and s["row_stack"] == [] and s["wounds"] == [0] * n


def test_removed_characters_random_is_seeded_and_host_can_name_them():
    assert new(4, seed=3).state["removed"] == new(4, seed=3).state["removed"]
    assert len({tuple(new(4, seed=x).state["removed"]) for x in range(12)}) > 1
    g = new(5, removed_characters=["captain"])
    assert g.state["removed"] == ["captain"] and "captain" not in g.state["love"]
    g = new(4, removed_characters=["kid", "lady_lauren"])
    assert g.state["removed"] == ["lady_lauren", "kid"]


@pytest.mark.parametrize("n,bad", [(5, ["captain", "kid"]), (4, ["kid"]), (4, ["kid", "kid"]),
                                    (5, ["pirate"]), (5, "kid"), (6, ["kid"])])
def test_bad_removed_characters_refused(n, bad):
    with pytest.raises(engine.IllegalAction):
        new(n, removed_characters=bad)


@pytest.mark.parametrize("limit", [0, -1, "3", True, 1.5])
def test_bad_turn_limit_refused(limit):
    with pytest.raises(engine.IllegalAction):
        new(6, turn_limit=limit)


def test_players_outside_4_to_6_refused():
    for n in (3, 7):
        with pytest.raises(engine.IllegalAction):
            new(n)


def test_narcissist_psychopath_and_ambivalent_all_happen():
    seen = set()
    for seed in range(200):
        s = new(6, seed=seed).state
        for seat, c in enumerate(s["chars"]):
            if s["love"][seat] == c:
                seen.add("narcissist")
            if s["hate"][seat] == c:
                seen.add("psychopath")
            if s["love"][seat] == s["hate"][seat] != c:
                seen.add("ambivalent")
    assert seen == {"narcissist", "psychopath", "ambivalent"}


def test_draft_is_passed_bow_to_stern_and_each_keeps_one():
    g = fresh()
    ev = start(g, "provisions")
    assert g.waiting_for() == [L]
    assert len(g.view(L)["me"]["draft_cards"]) == 6
    assert "draft_cards" not in g.view(S)["me"]
    assert g.view(None)["draft"]["cards"] == 6
    order = []
    while g.state["phase"] == "draft":
        seat = g.waiting_for()[0]
        order.append(seat)
        g.act(seat, g.legal_actions(seat)[0])
    assert order == [L, S, C, M, F]          # the Kid gets the last card without being asked
    assert all(len(g.state["hand"][x]) == 1 for x in range(6))
    assert "draft_started" in types(ev)


def test_draft_pick_is_by_kind_and_public_event_hides_the_card():
    g = fresh()
    kinds = g.state["kinds"]
    g.state["prov_deck"] = sorted(g.state["prov_deck"], key=lambda c: kinds[c] != "water")
    start(g, "provisions")   # six waters on top
    assert acts(g, L, "pick") == [{"type": "pick", "card": "water"}]
    ev = g.act(L, {"type": "pick", "card": "water"})
    assert ev[0] == {"type": "draft_pick", "seat": L, "chosen": True, "left": 5}
    assert hand(g, L) == ["water"]


def test_unconscious_and_dead_are_skipped_counted_at_start():
    g = fresh()
    g.state["wounds"][S] = 5      # unconscious
    g.state["wounds"][K] = 4      # dead
    start(g, "provisions")
    assert g.state["draft"]["drafters"] == [L, C, M, F]
    assert len(g.state["draft"]["cards"]) == 4


def test_short_deck_leaves_the_stern_drafters_without_a_card():
    g = fresh()
    g.state["prov_deck"] = g.state["prov_deck"][:2]
    start(g, "provisions")
    assert g.state["draft"]["drafters"] == [L, S]
    g.act(L, g.legal_actions(L)[0])
    assert g.state["phase"] == "actions"
    assert [len(h) for h in g.state["hand"]] == [1, 1, 0, 0, 0, 0]


def test_empty_provisions_deck_skips_the_phase():
    g = fresh()
    g.state["prov_deck"] = []
    ev = start(g, "provisions")
    assert "provisions_skipped" in types(ev) and g.state["phase"] == "actions"


def test_nobody_conscious_draws_nothing():
    g = fresh(turn_limit=1)
    for x in range(6):
        board.kill(g.state, x)
    deck = len(g.state["prov_deck"])
    start(g, "provisions")
    assert g.over and len(g.state["prov_deck"]) == deck


def test_no_trading_during_the_draft_but_showing_is_allowed():
    g = fresh()
    give(g, M, "cash")
    start(g, "provisions")
    kinds = {a["type"] for x in range(6) for a in g.legal_actions(x)}
    assert not any(k.startswith("trade") for k in kinds)
    assert {"type": "show", "card": "cash"} in g.legal_actions(M)
