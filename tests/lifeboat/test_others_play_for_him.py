"""Issue 11 corrections (both rulebooks: "Other characters can play cards for you" / "Les autres
joueurs peuvent jouer vos cartes à votre place"), which win over the earlier §4.7, §4.6.3 step 3
and R12: while a character is unconscious, any conscious character may use HIS medical kit on
him as his own action, show his life preserver, and pour his water on him; and a Bucket of Chum
face up stays playable in the rescue window like every other face-up card."""
import pytest

from engine.errors import IllegalAction
from engine.lifeboat import board
from tests.lifeboat.helpers import (C, F, K, L, M, S, acts, done_all, fresh, give, hand,
                                    navigate_with, start_actions, up)


# -- his medical kit, as my action ---------------------------------------------------------

def test_worked_example_lauren_wakes_the_first_mate_with_his_own_kit():
    g = fresh()
    g.state["wounds"][M] = 8                  # the First Mate is unconscious
    give(g, M, "medical_kit")                 # in his hand
    start_actions(g)
    assert acts(g, L, "medical_kit_his") == [{"type": "medical_kit_his", "target": M}]
    ev = g.act(L, {"type": "medical_kit_his", "target": M})
    assert ev[0] == {"type": "action", "seat": L, "action": "medical_kit_his", "target": M,
                     "wounds": 7, "state": "conscious"}
    assert hand(g, M) == [] and g.state["discard"]      # his kit is spent
    assert g.state["acted"][L]                          # it was Lauren's action
    assert g.waiting_for() == [S]
    # Woken before his slot, he acts there normally (E12)
    for seat in (S, C):
        g.act(seat, {"type": "nothing"})
    assert g.waiting_for() == [M]


def test_his_face_up_kit_too_and_only_while_he_is_unconscious():
    g = fresh()
    g.state["wounds"][C] = 7
    give(g, C, "medical_kit", up=True)
    g.state["wounds"][S] = 2                  # wounded but conscious: his kit is his own
    give(g, S, "medical_kit")
    g.state["wounds"][K] = 4                  # a corpse is never healed
    give(g, K, "medical_kit")
    start_actions(g)
    assert acts(g, L, "medical_kit_his") == [{"type": "medical_kit_his", "target": C}]
    g.act(L, {"type": "medical_kit_his", "target": C})
    assert up(g, C) == [] and g.state["wounds"][C] == 6


def test_his_kit_is_only_an_action_of_the_character_whose_turn_it_is():
    g = fresh()
    g.state["wounds"][M] = 8
    give(g, M, "medical_kit")
    start_actions(g)
    assert not acts(g, S, "medical_kit_his")
    with pytest.raises(IllegalAction):
        g.act(S, {"type": "medical_kit_his", "target": M})


# -- showing his life preserver -------------------------------------------------------------

def test_worked_example_the_kid_drowns_with_his_preserver_still_in_hand():
    """Issue 21 (both rulebooks: "unless you have a face up life preserver ALREADY in front of
    you"): 6 players, the Kid unconscious (3 wounds) with the life preserver in his hand, the
    navigation card names him. Nobody may show it now; he drowns and is gone."""
    g = fresh(6)
    g.state["wounds"][K] = 3
    give(g, K, "life_preserver")
    navigate_with(g, "nav02")                 # the Kid overboard
    assert g.state["phase"] == "rescue" and g.state["nav"]["water"] == [K]
    for seat in (L, S, C, M, F):
        assert not acts(g, seat, "show_his")
        with pytest.raises(IllegalAction, match="Too late: the life preserver had to be face up "
                                                "before the navigation card sent this character "
                                                "overboard"):
            g.act(seat, {"type": "show_his", "target": K})
    ev = done_all(g, "rescue")
    water = next(e for e in ev if e["type"] == "in_the_water")
    assert water["characters"][0]["seat"] == K and water["characters"][0]["state"] == "gone"
    assert g.state["gone"][K] and K not in g.state["line"]
    assert "life_preserver" in [g.state["kinds"][c] for c in g.state["discard"]]


def test_showing_the_preserver_of_one_aboard_with_none_is_refused_for_that_reason():
    """The "too late" refusal is for one in the water only; one aboard without a preserver
    still hears that only a preserver in an unconscious character's hand can be shown."""
    g = fresh()
    g.state["wounds"][S] = 5                  # Stephen unconscious, aboard, no preserver
    g.state["wounds"][K] = 3
    give(g, K, "life_preserver")
    navigate_with(g, "nav02")                 # the Kid overboard
    with pytest.raises(IllegalAction, match="Only the life preserver in an unconscious"):
        g.act(L, {"type": "show_his", "target": S})
    assert g.state["phase"] == "rescue" and g.state["hand"][K]


def test_his_preserver_shown_before_the_card_saves_the_unconscious_from_drowning():
    g = fresh()
    g.state["wounds"][S] = 5                  # Stephen unconscious, preserver in his hand
    give(g, S, "life_preserver")
    start_actions(g)
    ev = g.act(K, {"type": "show_his", "target": S})     # before any card names him
    assert ev[0] == {"type": "show_his", "seat": K, "target": S, "card": "life_preserver"}
    navigate_with(g, "nav06")                 # Stephen overboard
    done_all(g, "rescue")
    # No fall wound, no drowning: he is still aboard, unconscious, the preserver face up
    assert not g.state["gone"][S] and board.unconscious(g.state, S)
    assert up(g, S) == ["life_preserver"]


def test_in_the_rescue_window_only_those_still_aboard_may_have_theirs_shown():
    g = fresh()
    g.state["wounds"][S] = 5                  # Stephen unconscious, aboard
    give(g, S, "life_preserver")
    g.state["wounds"][K] = 3                  # the Kid unconscious, in the water
    navigate_with(g, "nav02")                 # the Kid overboard
    assert acts(g, L, "show_his") == [{"type": "show_his", "target": S}]
    g.act(L, {"type": "show_his", "target": S})
    done_all(g, "rescue")
    assert g.state["gone"][K] and not g.state["gone"][S]


def test_a_conscious_character_in_the_water_still_shows_his_own_preserver():
    g = fresh()
    give(g, K, "life_preserver")
    navigate_with(g, "nav02")
    assert {"type": "show", "card": "life_preserver"} in g.legal_actions(K)
    g.act(K, {"type": "show", "card": "life_preserver"})
    done_all(g, "rescue")
    assert g.state["wounds"][K] == 0 and up(g, K) == ["life_preserver"]


def test_without_it_the_same_stephen_drowns():
    g = fresh()
    g.state["wounds"][S] = 5
    give(g, S, "life_preserver")
    navigate_with(g, "nav06")
    done_all(g, "rescue")
    assert g.state["gone"][S]


# -- what the others may play for him is public (issue 21, §4.7 and §6) ----------------------

def test_worked_example_the_table_sees_what_may_be_played_for_the_unconscious_captain():
    g = fresh()
    give(g, C, "water", count=2)
    give(g, C, "medical_kit")
    give(g, C, "cash")
    give(g, C, "knife")
    give(g, C, "water", up=True)              # face up: public anyway, not counted again
    give(g, L, "water")
    start_actions(g)
    table = g.view(None)["characters"][C]
    assert "hand_public" not in table         # conscious: only his hand size
    g.state["wounds"][C] = 7                  # the Captain falls unconscious
    g.changed()
    table = g.view(None)["characters"][C]
    assert table["hand_count"] == 5 and "hand" not in table
    assert table["hand_public"] == {"water": 2, "medical_kit": 1, "life_preserver": 0}
    for seat in range(6):                     # every phone sees it the same
        assert g.view(seat)["characters"][C] == table
    assert "hand_public" not in g.view(None)["characters"][L]
    # The legal actions it allows tell nobody more: his kit, no preserver to show
    assert acts(g, L, "medical_kit_his") == [{"type": "medical_kit_his", "target": C}]
    assert not acts(g, L, "show_his")
    g.act(L, {"type": "medical_kit_his", "target": C})   # awake again: private again
    assert "hand_public" not in g.view(None)["characters"][C]


def test_the_counts_follow_his_water_poured_on_him():
    g = fresh()
    g.state["wounds"][C] = 7                  # the Captain unconscious
    give(g, C, "water", count=2)
    give(g, C, "medical_kit")
    navigate_with(g, "nav06")                 # the Captain thirsty
    done_all(g, "rescue")
    before = g.view(None)["characters"][C]
    assert before["hand_count"] == 3
    assert before["hand_public"] == {"water": 2, "medical_kit": 1, "life_preserver": 0}
    g.act(M, {"type": "pour_his", "target": C})
    after = g.view(None)["characters"][C]
    assert after["hand_count"] == 2
    assert after["hand_public"] == {"water": 1, "medical_kit": 1, "life_preserver": 0}
    assert all(g.view(seat)["characters"][C] == after for seat in range(6))


@pytest.mark.parametrize("seed", range(4))
def test_a_hand_card_mugged_from_him_shows_everyone_which_of_those_it_was(seed):
    """Follows from the ruling (docs/games/lifeboat.md): with his counts public, a random hand
    card taken from an unconscious character is known to all when it was his water, his kit or
    his preserver (the count that drops), and only its size drops when it was anything else."""
    g = fresh(seed=seed)
    g.state["wounds"][C] = 7
    for kind in ("water", "medical_kit", "life_preserver", "cash"):
        give(g, C, kind)
    start_actions(g)
    before = g.view(None)["characters"][C]["hand_public"]
    g.act(L, {"type": "mug", "target": C, "card": "hand"})
    taken = [k for k in hand(g, L)]
    assert len(taken) == 1
    after = g.view(None)["characters"][C]
    assert after["hand_count"] == 3
    dropped = {k: before[k] - after["hand_public"][k] for k in before}
    if taken[0] in before:
        assert dropped == {k: int(k == taken[0]) for k in before}
    else:
        assert dropped == {k: 0 for k in before}
    assert all(g.view(seat)["characters"][C] == after for seat in range(6))


def test_a_corpse_hand_stays_secret():
    g = fresh()
    give(g, C, "water")
    board.kill(g.state, C)
    start_actions(g)
    assert "hand_public" not in g.view(None)["characters"][C]


def test_his_preserver_may_be_shown_any_time_by_any_conscious_character():
    g = fresh()
    g.state["wounds"][C] = 7
    give(g, C, "life_preserver")
    give(g, C, "cash")
    start_actions(g)
    # Not only the actor: anyone conscious, and only the preserver (his other cards stay)
    for seat in (L, S, M, F, K):
        assert acts(g, seat, "show_his") == [{"type": "show_his", "target": C}]
    assert not acts(g, C, "show_his")
    g.act(F, {"type": "show_his", "target": C})
    assert up(g, C) == ["life_preserver"] and hand(g, C) == ["cash"]
    assert not acts(g, F, "show_his")
    assert g.waiting_for() == [L]             # showing is no action


def test_nobody_shows_a_conscious_or_dead_characters_preserver():
    g = fresh()
    give(g, C, "life_preserver")
    start_actions(g)
    assert not acts(g, L, "show_his")
    board.kill(g.state, C)
    assert not acts(g, L, "show_his")


# -- his water (already in the rules; kept here with the others) ---------------------------

def test_his_water_is_poured_on_him():
    g = fresh()
    g.state["wounds"][C] = 7
    give(g, C, "water")
    navigate_with(g, "nav06")                 # the Captain is thirsty (and Stephen)
    done_all(g, "rescue")
    assert {"type": "pour_his", "target": C} in g.legal_actions(M)


# -- face-up chum in the rescue window ------------------------------------------------------

def test_worked_example_face_up_chum_is_playable_in_the_rescue_window():
    g = fresh()
    give(g, L, "chum", up=True)               # Lauren's chum lies face up; she stays aboard
    navigate_with(g, "nav12")                 # the First Mate overboard
    assert {"type": "chum"} in g.legal_actions(L)
    ev = g.act(L, {"type": "chum"})
    assert ev[0] == {"type": "chum", "seat": L}
    assert up(g, L) == []
    done_all(g, "rescue")
    assert g.state["wounds"][M] == 2          # the fall and the sharks


def test_face_up_chum_is_spent_before_the_one_in_hand():
    g = fresh()
    give(g, L, "chum", up=True)
    give(g, L, "chum")
    navigate_with(g, "nav12")
    g.act(L, {"type": "chum"})
    assert up(g, L) == [] and hand(g, L) == ["chum"]
    assert not acts(g, L, "chum")             # the sharks are already due
