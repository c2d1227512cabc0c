"""§4.2-4.3: the walk of the Actions phase, rowing, swaps, mugs and the special actions."""
from engine.lifeboat import board
from tests.lifeboat.helpers import (C, F, K, L, M, S, acts, fresh, give, hand, nav_top,
                                    start_actions, types, up)


def walk_to(g, seat):
    """Everybody before `seat` does nothing."""
    while g.waiting_for() != [seat]:
        g.act(g.waiting_for()[0], {"type": "nothing"})


def test_order_is_fixed_at_the_start_and_each_acts_once():
    g = fresh()
    ev = start_actions(g)
    assert g.state["act"]["order"] == [L, S, C, M, F, K]
    seen = []
    while g.state["phase"] == "actions":
        seat = g.waiting_for()[0]
        seen.append(seat)
        g.act(seat, {"type": "nothing"})
    assert seen == [L, S, C, M, F, K]
    assert "actions_started" in types(ev)


def test_action_menu_targets_others_aboard_never_oneself():
    g = fresh()
    board.leave_boat(g.state, M)
    start_actions(g)
    targets = {a["target"] for a in g.legal_actions(L) if a["type"] in ("swap", "mug")}
    assert targets == {S, C, F, K}


def test_unconscious_lose_their_turn():
    g = fresh()
    g.state["wounds"][S] = 5
    ev = start_actions(g)
    g.act(L, {"type": "nothing"})
    assert g.waiting_for() == [C]
    assert g.state["acted"][S]


# -- rowing --------------------------------------------------------------------------

def test_row_draws_two_cards_each_to_stack_or_bottom():
    g = fresh()
    nav_top(g, "nav07", "nav10")
    start_actions(g)
    ev = g.act(L, {"type": "row", "show_oars": False})
    assert ev[0]["drawn"] == 2 and g.state["rowed"][L]
    assert [c["id"] for c in g.view(L)["me"]["drawn"]] == ["nav07", "nav10"]
    assert "drawn" not in g.view(S)["me"] and g.view(None)["actions"]["drawn_count"] == 2
    g.act(L, {"type": "place_row_card", "card": "nav07", "to": "stack"})
    ev = g.act(L, {"type": "place_row_card", "card": "nav10", "to": "bottom"})
    assert g.state["row_stack"] == ["nav07"] and g.state["nav_deck"][-1] == "nav10"
    assert {"type": "row_done", "seat": L, "stack": 1, "bottom": 1} in ev
    assert g.waiting_for() == [S]


def test_face_up_oars_add_cards_and_hand_oars_can_be_shown_when_rowing():
    g = fresh()
    give(g, L, "oar", up=True)
    give(g, L, "oar")
    start_actions(g)
    assert {"type": "row", "show_oars": True} in g.legal_actions(L)
    ev = g.act(L, {"type": "row", "show_oars": True})
    assert ev[0]["drawn"] == 4 and ev[0]["shown_oars"] == 1 and up(g, L) == ["oar", "oar"]


def test_oar_shown_after_rowing_adds_nothing():
    g = fresh()
    give(g, L, "oar")
    start_actions(g)
    g.act(L, {"type": "row", "show_oars": False})
    assert len(g.state["act"]["drawn"]) == 2
    g.act(L, {"type": "show", "card": "oar"})
    assert len(g.state["act"]["drawn"]) == 2


def test_row_with_short_or_empty_deck():
    g = fresh()
    g.state["row_stack"] = g.state["nav_deck"][1:]
    g.state["nav_deck"] = g.state["nav_deck"][:1]
    start_actions(g)
    assert g.act(L, {"type": "row", "show_oars": False})[0]["drawn"] == 1
    g.act(L, g.legal_actions(L)[0])
    g.state["row_stack"] += g.state["nav_deck"]
    g.state["nav_deck"] = []
    ev = g.act(S, {"type": "row", "show_oars": False})
    assert g.state["rowed"][S] and ev[-2]["type"] == "row_done"
    assert g.waiting_for() == [C]


def test_rowing_everything_to_the_bottom_still_marks_rowed():
    g = fresh()
    start_actions(g)
    g.act(L, {"type": "row", "show_oars": False})
    for card in list(g.state["act"]["drawn"]):
        g.act(L, {"type": "place_row_card", "card": card, "to": "bottom"})
    assert g.state["rowed"][L] and g.state["row_stack"] == []
    assert not acts(g, L, "row")


# -- swaps ---------------------------------------------------------------------------

def test_agreed_swap_exchanges_positions_and_the_swapped_acts_at_once():
    g = fresh()
    start_actions(g)
    g.act(L, {"type": "swap", "target": M})
    assert g.waiting_for() == [M]
    ev = g.act(M, {"type": "agree"})
    assert g.state["line"] == [M, S, C, L, F, K]
    assert {"type": "acts_now", "seat": M} in ev
    assert g.waiting_for() == [M]
    g.act(M, {"type": "nothing"})
    assert g.waiting_for() == [S]
    for x in (S, C, F):
        g.act(x, {"type": "nothing"})
    assert g.waiting_for() == [K]        # the First Mate's later slot is spent


def test_swap_chain():
    g = fresh()
    start_actions(g)
    g.act(L, {"type": "swap", "target": C})
    g.act(C, {"type": "agree"})
    g.act(C, {"type": "swap", "target": F})
    g.act(F, {"type": "agree"})
    assert g.waiting_for() == [F]
    assert g.state["line"] == [F, S, L, M, C, K]


def test_swapped_character_who_already_acted_does_not_act_again():
    g = fresh()
    start_actions(g)
    g.act(L, {"type": "nothing"})
    g.act(S, {"type": "swap", "target": L})
    g.act(L, {"type": "agree"})
    assert g.waiting_for() == [C]


def test_swap_with_unconscious_or_corpse_always_succeeds_without_marks():
    g = fresh()
    g.state["wounds"][M] = 8   # unconscious
    g.state["wounds"][K] = 4   # corpse
    start_actions(g)
    ev = g.act(L, {"type": "swap", "target": M})
    assert g.state["line"][0] == M and "answer" not in types(ev)
    assert g.waiting_for() == [S]   # unconscious M does not act now (E11)
    g.act(S, {"type": "swap", "target": K})
    assert g.state["line"][-1] == S
    assert not any(g.state["fought"])


def test_woken_character_acts_at_his_slot_if_woken_before_it():
    g = fresh()
    g.state["wounds"][M] = 8
    give(g, L, "medical_kit")
    start_actions(g)
    ev = g.act(L, {"type": "medical_kit", "target": M})
    assert g.state["wounds"][M] == 7 and ev[0]["state"] == "conscious"
    walk_to(g, M)
    assert g.waiting_for() == [M]


def test_woken_after_his_slot_does_not_act():
    g = fresh()
    g.state["wounds"][L] = 4
    give(g, S, "medical_kit")
    start_actions(g)
    assert g.waiting_for() == [S]
    g.act(S, {"type": "medical_kit", "target": L})
    for x in (C, M, F, K):
        g.act(x, {"type": "nothing"})
    assert g.state["phase"] != "actions"


# -- mugs ----------------------------------------------------------------------------

def test_mug_face_up_card_agreed_moves_it_face_up():
    g = fresh()
    give(g, C, "knife", up=True)
    start_actions(g)
    g.act(L, {"type": "mug", "target": C, "card": "knife"})
    g.act(C, {"type": "agree"})
    assert up(g, L) == ["knife"] and up(g, C) == []


def test_mug_hand_card_is_random_and_private():
    g = fresh()
    give(g, C, "cash")
    give(g, C, "jewels")
    start_actions(g)
    g.act(L, {"type": "mug", "target": C, "card": "hand"})
    ev = g.act(C, {"type": "agree"})
    assert len(hand(g, L)) == 1 and len(hand(g, C)) == 1
    got = hand(g, L)[0]
    assert {"type": "mugged", "seat": L, "target": C, "card": "hand", "got": True} in ev
    assert g.view(L)["me"]["private_log"][-1]["card"] == got
    assert g.view(C)["me"]["private_log"][-1]["card"] == got
    assert got not in str(ev)
    assert all(e.get("type") != "mugged" for e in g.view(S)["me"]["private_log"])


def test_hand_mug_needs_a_hand_card():
    g = fresh()
    give(g, C, "cash", up=True)
    start_actions(g)
    assert {"type": "mug", "target": C, "card": "hand"} not in g.legal_actions(L)
    assert {"type": "mug", "target": C, "card": "cash"} in g.legal_actions(L)


def test_kid_hand_mug_cannot_be_refused_even_by_the_first_mate():
    g = fresh()
    give(g, M, "cash")
    for x in range(5):
        g.state["acted"][x] = True
    start_actions(g)
    assert g.waiting_for() == [K]
    ev = g.act(K, {"type": "mug", "target": M, "card": "hand"})
    assert hand(g, K) == ["cash"] and "answer" not in types(ev)
    assert not g.state["fought"][K]


def test_kid_face_up_mug_can_be_refused():
    g = fresh()
    give(g, M, "cash", up=True)
    for x in range(5):
        g.state["acted"][x] = True
    start_actions(g)
    g.act(K, {"type": "mug", "target": M, "card": "cash"})
    assert g.waiting_for() == [M]
    assert {"type": "fight"} in g.legal_actions(M)


def test_shown_card_is_safe_from_the_kid_pickpocket():
    g = fresh()
    give(g, M, "jewels")
    for x in range(5):
        g.state["acted"][x] = True
    start_actions(g)
    g.act(M, {"type": "show", "card": "jewels"})
    assert {"type": "mug", "target": M, "card": "hand"} not in g.legal_actions(K)


def test_mug_of_unconscious_or_corpse_always_succeeds():
    g = fresh()
    give(g, M, "cash")
    give(g, K, "knife", up=True)
    g.state["wounds"][M] = 8
    g.state["wounds"][K] = 4
    start_actions(g)
    g.act(L, {"type": "mug", "target": M, "card": "hand"})
    g.act(S, {"type": "mug", "target": K, "card": "knife"})
    assert hand(g, L) == ["cash"] and up(g, S) == ["knife"]


def test_mug_gets_nothing_if_the_hand_was_emptied_before_success():
    g = fresh()
    give(g, C, "cash")
    start_actions(g)
    g.act(L, {"type": "mug", "target": C, "card": "hand"})
    g.act(C, {"type": "show", "card": "cash"})
    ev = g.act(C, {"type": "agree"})
    assert {"type": "mugged", "seat": L, "target": C, "card": "hand", "got": False} in ev
    assert hand(g, L) == [] and up(g, C) == ["cash"]


# -- special actions -------------------------------------------------------------------

def test_medical_kit_targets_wounded_living_aboard_and_is_consumed():
    g = fresh()
    give(g, L, "medical_kit", up=True)
    g.state["wounds"][S] = 2
    g.state["wounds"][C] = 8      # corpse
    g.state["wounds"][L] = 1
    start_actions(g)
    assert {a["target"] for a in acts(g, L, "medical_kit")} == {L, S}
    g.act(L, {"type": "medical_kit", "target": L})
    assert g.state["wounds"][L] == 0 and up(g, L) == [] and len(g.state["discard"]) == 1


def test_parasol_opens_once_and_protects_its_new_holder():
    g = fresh()
    give(g, L, "parasol")
    start_actions(g)
    g.act(L, {"type": "parasol"})
    assert up(g, L) == ["parasol"] and g.view(None)["characters"][L]["face_up"][0]["open"]
    assert not acts(g, L, "parasol")
    g.act(S, {"type": "mug", "target": L, "card": "parasol"})
    g.act(L, {"type": "agree"})
    assert up(g, S) == ["parasol"] and board.open_parasol_holder(g.state) == S


def test_shown_parasol_is_closed_until_opened():
    g = fresh()
    give(g, L, "parasol", up=True)
    start_actions(g)
    assert board.open_parasol_holder(g.state) is None
    assert acts(g, L, "parasol")


def test_flare_gun_action_applies_birds_and_goes_to_the_bottom():
    g = fresh()
    give(g, L, "flare_gun")
    nav_top(g, "nav07", "nav10", "nav03")
    g.state["birds"] = 1
    start_actions(g)
    ev = g.act(L, {"type": "flare"})
    assert ev[0]["cards"] == ["nav07", "nav10", "nav03"] and ev[0]["bird_counts"] == [2, 1, 2]
    assert g.state["birds"] == 2 and g.state["nav_deck"][-3:] == ["nav07", "nav10", "nav03"]
    assert hand(g, L) == [] and g.waiting_for() == [S]


def test_crossed_out_seagull_at_zero_birds_does_nothing():
    g = fresh()
    give(g, L, "flare_gun")
    nav_top(g, "nav10", "nav07")
    start_actions(g)
    ev = g.act(L, {"type": "flare"})
    assert ev[0]["bird_counts"][:2] == [0, 1]


def test_flare_gun_reaching_four_birds_rescues_at_once():
    g = fresh()
    give(g, S, "flare_gun", up=True)
    nav_top(g, "nav06", "nav07")
    g.state["birds"] = 3
    start_actions(g)
    g.act(L, {"type": "nothing"})
    ev = g.act(S, {"type": "flare"})
    assert g.over and ev[-1]["type"] == "rescue"
    assert g.waiting_for() == [] and all(g.legal_actions(x) == [] for x in range(6))
