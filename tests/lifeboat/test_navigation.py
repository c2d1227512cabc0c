"""§4.6 navigation: choosing the card, birds, overboard, thirst (R12-R14, E22-E33, E38-E44)."""
from engine.lifeboat import board
from tests.lifeboat.helpers import (C, F, K, L, M, S, acts, fresh, give, hand, nav_top,
                                    navigate_with, start, types, up)


def done_all(g, phase):
    ev = []
    while g.state["phase"] == phase:
        ev += g.act(g.waiting_for()[0], {"type": "done"})
    return ev


def event(ev, kind):
    return next(e for e in ev if e["type"] == kind)


# -- choosing the card ----------------------------------------------------------------

def test_navigator_is_conscious_nearest_stern_and_chooses_from_the_row_stack():
    g = fresh()
    g.state["wounds"][K] = 3
    g.state["row_stack"] = ["nav07", "nav12", "nav24"]
    for c in g.state["row_stack"]:
        g.state["nav_deck"].remove(c)
    start(g, "navigation")
    assert g.waiting_for() == [F] and g.view(None)["navigation"]["navigator"] == F
    assert [c["id"] for c in g.view(F)["me"]["row_stack"]] == ["nav07", "nav12", "nav24"]
    assert "row_stack" not in g.view(M)["me"] and g.view(None)["decks"]["row_stack"] == 3
    ev = g.act(F, {"type": "navigate", "card": "nav12"})
    assert event(ev, "navigation_card")["card"] == "nav12"
    assert g.state["nav_deck"][-2:] == ["nav07", "nav24"]     # unchosen: oldest first
    done_all(g, "rescue")
    done_all(g, "thirst")
    assert g.state["nav_deck"][-3:] == ["nav07", "nav24", "nav12"]   # then the resolved one


def test_single_card_stack_still_asks_the_navigator():
    g = fresh()
    g.state["row_stack"] = ["nav07"]
    g.state["nav_deck"].remove("nav07")
    start(g, "navigation")
    assert g.waiting_for() == [K]
    assert acts(g, K, "navigate") == [{"type": "navigate", "card": "nav07"}]


def test_compass_adds_the_top_card_which_goes_last_if_unchosen():
    g = fresh()
    give(g, K, "compass")
    g.state["row_stack"] = ["nav07"]
    g.state["nav_deck"].remove("nav07")
    nav_top(g, "nav24")
    start(g, "navigation")
    ev = g.act(K, {"type": "compass"})
    assert ev[0] == {"type": "compass", "seat": K, "added": 1}
    assert up(g, K) == ["compass"] and not acts(g, K, "compass")
    assert [c["id"] for c in g.view(K)["me"]["row_stack"]] == ["nav07", "nav24"]
    g.act(K, {"type": "navigate", "card": "nav07"})
    assert g.state["nav_deck"][-2:] == ["nav24", "nav07"]


def test_compass_unusable_with_an_empty_row_stack():
    g = fresh()
    give(g, K, "compass")
    nav_top(g, "nav07")
    ev = start(g, "navigation")
    assert event(ev, "navigation_card")["card"] == "nav07"


def test_nobody_conscious_returns_the_stack_and_resolves_the_top_card():
    g = fresh(turn_limit=1)
    for x in range(6):
        g.state["wounds"][x] = board.size(g.state, x)
    g.state["row_stack"] = ["nav13"]
    g.state["nav_deck"].remove("nav13")
    nav_top(g, "nav07")
    ev = start(g, "navigation")
    assert event(ev, "navigation_card")["card"] == "nav07"
    assert g.state["nav_deck"][-2:] == ["nav13", "nav07"]


def test_nobody_conscious_runs_whole_turns_to_the_rescue_and_corpses_lose_loot():
    g = fresh()
    for x in range(6):
        board.kill(g.state, x)
    give(g, S, "cash", up=True)
    ev = start(g, "provisions")
    assert g.over and g.result()["reason"] == "birds"
    assert "overboard" in types(ev)


def test_fourth_bird_rescues_and_ignores_the_rest_of_the_card():
    g = fresh()
    g.state["birds"] = 3
    ev = navigate_with(g, "nav13", rowed=[L])
    assert g.over and "overboard" not in types(ev) and g.state["wounds"] == [0] * 6


def test_turn_limit_scores_as_a_rescue_after_navigation():
    g = fresh(turn_limit=1)
    ev = navigate_with(g, "nav07")
    assert g.over and g.result()["reason"] == "turn_limit" and g.state["birds"] == 1


# -- overboard --------------------------------------------------------------------------

def test_fall_wounds_everyone_but_frenchy_and_the_preserver_wearer():
    g = fresh()
    give(g, L, "life_preserver", up=True)
    ev = navigate_with(g, "nav04")
    ev += done_all(g, "rescue")
    assert g.state["wounds"][F] == 0 and g.state["wounds"][L] == 0
    assert g.state["wounds"][S] == 1


def test_rescue_window_asks_every_conscious_character():
    g = fresh()
    g.state["wounds"][C] = 7
    navigate_with(g, "nav12")       # First Mate overboard
    assert g.state["phase"] == "rescue" and g.waiting_for() == [L, S, M, F, K]


def test_preserver_thrown_to_a_conscious_character_in_the_water():
    g = fresh()
    give(g, L, "life_preserver")
    navigate_with(g, "nav12")
    assert acts(g, L, "throw_preserver") == [{"type": "throw_preserver", "target": M}]
    assert not acts(g, M, "throw_preserver")
    ev = g.act(L, {"type": "throw_preserver", "target": M})
    assert ev[0] == {"type": "preserver_thrown", "seat": L, "target": M}
    done_all(g, "rescue")
    assert up(g, M) == ["life_preserver"] and g.state["wounds"][M] == 0


def test_preserver_in_hand_must_be_shown_in_the_water():
    g = fresh()
    give(g, M, "life_preserver")
    navigate_with(g, "nav12")
    g.act(M, {"type": "show", "card": "life_preserver"})
    done_all(g, "rescue")
    assert g.state["wounds"][M] == 0 and up(g, M) == ["life_preserver"]


def test_preserver_thrown_once_per_navigation_only_to_conscious():
    g = fresh()
    give(g, C, "life_preserver", up=True)
    g.state["wounds"][K] = 3           # unconscious
    navigate_with(g, "nav04")           # all overboard: the Captain is in the water himself
    assert not acts(g, C, "throw_preserver")


def test_chum_brings_sharks_once_even_frenchy_and_the_wearer():
    g = fresh()
    give(g, L, "chum", count=2)
    give(g, M, "life_preserver", up=True)
    navigate_with(g, "nav04")
    ev = g.act(L, {"type": "chum"})
    assert not acts(g, L, "chum")              # sharks already due
    ev += done_all(g, "rescue")
    assert g.state["wounds"][F] == 1 and g.state["wounds"][M] == 1
    assert g.state["wounds"][S] == 2 and g.state["wounds"][K] == 2
    assert hand(g, L) == ["chum"]


def test_character_in_the_water_may_play_chum():
    g = fresh()
    give(g, M, "chum")
    navigate_with(g, "nav12")
    g.act(M, {"type": "chum"})
    done_all(g, "rescue")
    assert g.state["wounds"][M] == 2


def test_face_up_chum_of_someone_going_overboard_brings_sharks_even_a_corpse():
    g = fresh()
    give(g, K, "chum", up=True)
    board.kill(g.state, K)
    g.state["wounds"][M] = 0
    ev = navigate_with(g, "nav04")
    assert event(ev, "overboard")["sharks"] and K in event(ev, "overboard")["gone"]
    done_all(g, "rescue")
    assert g.state["wounds"][F] == 1


def test_face_up_cards_are_lost_but_the_preserver_and_hand_are_kept():
    g = fresh()
    for k in ("cash", "knife", "compass", "water", "parasol"):
        give(g, M, k, up=True)
    give(g, M, "life_preserver", up=True)
    give(g, M, "jewels")
    navigate_with(g, "nav12")
    ev = done_all(g, "rescue")
    assert up(g, M) == ["life_preserver"] and hand(g, M) == ["jewels"]
    assert sorted(event(ev, "in_the_water")["characters"][0]["lost"]) == [
        "cash", "compass", "knife", "parasol", "water"]


def test_closed_parasol_in_hand_is_not_lost():
    g = fresh()
    give(g, M, "parasol")
    navigate_with(g, "nav12")
    done_all(g, "rescue")
    assert hand(g, M) == ["parasol"]


def test_knocked_out_by_the_fall_drowns_and_is_gone():
    g = fresh()
    g.state["wounds"][M] = 7
    give(g, M, "cash")
    navigate_with(g, "nav12")
    ev = done_all(g, "rescue")
    assert g.state["gone"][M] and M not in g.state["line"] and hand(g, M) == []
    assert event(ev, "in_the_water")["characters"][0]["drowned"]


def test_frenchy_knocked_out_by_sharks_drowns_unless_wearing_the_preserver():
    g = fresh()
    g.state["wounds"][F] = 5
    give(g, L, "chum")
    navigate_with(g, "nav14")
    g.act(L, {"type": "chum"})
    done_all(g, "rescue")
    assert g.state["gone"][F]
    g = fresh()
    g.state["wounds"][F] = 5
    give(g, L, "chum")
    give(g, F, "life_preserver", up=True)
    navigate_with(g, "nav14")
    g.act(L, {"type": "chum"})
    done_all(g, "rescue")
    assert board.unconscious(g.state, F) and not g.state["gone"][F]


def test_unconscious_in_the_water_cannot_show_and_drowns_without_a_face_up_preserver():
    g = fresh()
    g.state["wounds"][F] = 6                  # unconscious Frenchy: no fall wound, still drowns
    give(g, F, "life_preserver")
    navigate_with(g, "nav14")
    assert g.state["phase"] == "rescue" and F not in g.waiting_for()
    assert not acts(g, L, "throw_preserver")     # only to a conscious character
    done_all(g, "rescue")
    assert g.state["gone"][F]


def test_unconscious_with_a_face_up_preserver_survives_the_water():
    g = fresh()
    g.state["wounds"][M] = 8
    give(g, M, "life_preserver", up=True)
    navigate_with(g, "nav12")
    assert not g.state["gone"][M] and board.unconscious(g.state, M)


def test_all_overboard_sends_corpses_away_and_the_line_closes_up():
    g = fresh()
    board.kill(g.state, S)
    give(g, S, "painting_3")
    ev = navigate_with(g, "nav04")
    assert S in event(ev, "overboard")["gone"] and g.state["line"] == [L, C, M, F, K]
    assert hand(g, S) == []


def test_navigator_may_send_himself_overboard():
    g = fresh()
    g.state["row_stack"] = ["nav02"]
    g.state["nav_deck"].remove("nav02")
    start(g, "navigation")
    ev = g.act(K, {"type": "navigate", "card": "nav02"})
    assert event(ev, "overboard")["seats"] == [K]


# -- thirst ------------------------------------------------------------------------------

def test_thirst_window_drink_pour_and_leftover_thirst_wounds():
    g = fresh()
    give(g, C, "water", count=2)
    give(g, F, "water", up=True)
    navigate_with(g, "nav01")        # First Mate overboard; Captain, First Mate thirsty
    done_all(g, "rescue")
    assert g.state["phase"] == "thirst" and g.waiting_for() == [L, S, C, M, F, K]
    assert {a["type"] for a in g.legal_actions(L)} == {"done"}
    g.act(C, {"type": "drink"})
    assert not acts(g, C, "drink")
    g.act(F, {"type": "pour", "target": M})
    assert g.state["nav"]["thirst"] == [0] * 6
    assert acts(g, C, "pour") == []
    done_all(g, "thirst")
    assert g.state["wounds"][C] == 0 and g.state["wounds"][M] == 1   # the fall only
    assert hand(g, C) == ["water"] and up(g, F) == []


def test_thirst_not_quenched_wounds_and_can_knock_out():
    g = fresh()
    g.state["wounds"][C] = 6
    ev = navigate_with(g, "nav24", rowed=[C])        # Captain overboard and thirsty
    ev += done_all(g, "rescue")
    assert g.state["gone"][C]                          # fall knocked him out: drowned
    g = fresh()
    g.state["wounds"][C] = 6
    ev = navigate_with(g, "nav06")                     # Captain thirsty
    ev += done_all(g, "rescue") + done_all(g, "thirst")
    assert board.unconscious(g.state, C) and event(ev, "thirst_wounds")


def test_unconscious_suffers_thirst_and_others_may_pour_his_water():
    g = fresh()
    g.state["wounds"][C] = 7
    give(g, C, "water", count=2)
    navigate_with(g, "nav06")          # Captain and Stephen thirsty
    done_all(g, "rescue")
    assert g.waiting_for() == [L, S, M, F, K]
    assert {"seat": C, "water": 2} in g.view(L)["me"]["unconscious_water"]
    assert "unconscious_water" not in str(g.view(None))
    assert {"type": "pour_his", "target": C} in g.legal_actions(L)
    assert {"type": "pour_his", "target": S} not in g.legal_actions(L)   # S is conscious
    g.act(L, {"type": "pour_his", "target": C})
    assert not acts(g, L, "pour_his")
    done_all(g, "thirst")
    assert g.state["wounds"][C] == 7 and hand(g, C) == ["water"]


def test_dead_are_never_thirsty():
    g = fresh()
    board.kill(g.state, C)
    ev = navigate_with(g, "nav06") + done_all(g, "rescue")
    assert event(ev, "thirst")["thirst"][C] == 0


def test_open_parasol_cancels_one_thirst_per_turn():
    g = fresh()
    give(g, C, "parasol", up=True)
    g.state["parasol_open"] = True
    ev = navigate_with(g, "nav24", rowed=[C], fought=[C])    # named; no icons on nav24
    ev += done_all(g, "rescue")
    assert {"type": "parasol_shade", "seat": C} not in ev      # parasol lost overboard first
    g = fresh()
    give(g, C, "parasol", up=True)
    g.state["parasol_open"] = True
    ev = navigate_with(g, "nav15", rowed=[C], fought=[C])    # row + fight + named = 3
    ev += done_all(g, "rescue")
    assert event(ev, "thirst")["thirst"][C] == 2
    assert {"type": "parasol_shade", "seat": C} in ev


def test_water_cannot_be_poured_when_no_thirst_stands_and_never_from_another_conscious():
    g = fresh()
    give(g, L, "water")
    give(g, S, "water")
    navigate_with(g, "nav12")        # First Mate overboard, Lauren thirsty
    done_all(g, "rescue")
    assert acts(g, S, "pour") == [{"type": "pour", "target": L}]
    assert acts(g, S, "pour_his") == []
    assert not acts(g, S, "drink")
