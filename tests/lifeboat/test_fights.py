"""§4.4 fights (R10) and the edge cases E6-E11, E13, E34."""
from tests.lifeboat.helpers import C, F, K, L, M, S, acts, fresh, give, hand, start_actions, up


def fight(g, attacker, target, kind="swap", card=None):
    action = {"type": kind, "target": target}
    if kind == "mug":
        action["card"] = card
    g.act(attacker, action)
    return g.act(target, {"type": "fight"})


def all_done(g):
    ev = []
    while g.state["fight"] is not None:
        seat = g.waiting_for()[0]
        ev += g.act(seat, {"type": "done"})
    return ev


def resolved(ev):
    return next(e for e in ev if e["type"] == "fight_resolved")


def test_fight_asks_every_conscious_character():
    g = fresh()
    g.state["wounds"][M] = 8
    start_actions(g)
    fight(g, L, S)
    assert g.waiting_for() == [L, S, C, F, K]
    view = g.view(None)["fight"]
    assert view["sides"] == {"attacker": [L], "defender": [S]}
    assert view["strength"] == {"attacker": 4, "defender": 5}


def test_defender_wins_ties_and_losers_are_wounded_everyone_marked():
    g = fresh()
    give(g, L, "oar", up=True)          # Lauren 4 + 1 = 5 against Stephen 5
    start_actions(g)
    fight(g, L, S)
    r = resolved(all_done(g))
    assert r["winner"] == "defender" and r["strength"] == {"attacker": 5, "defender": 5}
    assert g.state["wounds"][L] == 1 and g.state["wounds"][S] == 0
    assert g.state["fought"][L] and g.state["fought"][S] and not g.state["fought"][C]
    assert g.state["line"][:2] == [L, S]      # the swap failed
    assert g.waiting_for() == [S]             # the attacker has spent his action


def test_joiners_and_stacked_weapons_decide_and_the_swap_succeeds():
    g = fresh()
    give(g, C, "knife")
    give(g, C, "blackjack", up=True)
    start_actions(g)
    fight(g, L, M)                      # 4 vs 8
    g.act(C, {"type": "join", "side": "attacker"})
    g.act(C, {"type": "weapon", "card": "knife"})   # 4 + 7 + 2 + 3 = 16
    g.act(K, {"type": "join", "side": "defender"})  # 8 + 3 = 11
    assert not acts(g, C, "join")
    r = resolved(all_done(g))
    assert r["winner"] == "attacker" and r["strength"] == {"attacker": 16, "defender": 11}
    assert g.state["wounds"][M] == 1 and g.state["wounds"][K] == 1
    assert g.state["line"] == [M, S, C, L, F, K]
    assert g.waiting_for() == [M]            # he had not acted: he acts right away
    assert up(g, C) == ["blackjack", "knife"]


def test_weapons_in_hand_count_for_nothing():
    g = fresh()
    give(g, L, "gaffing_hook")
    start_actions(g)
    fight(g, L, S)
    assert g.view(None)["fight"]["strength"]["attacker"] == 4


def test_only_participants_play_weapons_and_fire_and_outsiders_join():
    g = fresh()
    give(g, C, "knife")
    give(g, C, "flare_gun")
    start_actions(g)
    fight(g, L, S)
    assert {a["type"] for a in g.legal_actions(C)} == {"join", "done", "show"}
    g.act(C, {"type": "join", "side": "defender"})
    assert {"type": "weapon", "card": "knife"} in g.legal_actions(C)
    assert {"type": "fire_flare"} in g.legal_actions(C)


def test_flare_gun_fired_adds_eight_once_and_is_discarded_win_or_lose():
    g = fresh()
    give(g, L, "flare_gun", up=True)
    start_actions(g)
    fight(g, L, M)
    assert g.view(None)["fight"]["strength"]["attacker"] == 4   # unfired: nothing
    g.act(L, {"type": "fire_flare"})
    assert g.view(None)["fight"]["strength"]["attacker"] == 12
    assert up(g, L) == [] and not acts(g, L, "fire_flare")
    r = resolved(all_done(g))
    assert r["winner"] == "attacker"
    assert g.state["kinds"][g.state["discard"][-1]] == "flare_gun"


def test_mug_for_the_flare_gun_fired_in_that_fight_gets_nothing():
    g = fresh()
    give(g, S, "flare_gun", up=True)
    start_actions(g)
    fight(g, L, S, kind="mug", card="flare_gun")
    g.act(S, {"type": "fire_flare"})
    for x in (C, M, F):
        g.act(x, {"type": "join", "side": "attacker"})    # 4+7+8+6 = 25 vs 5+8
    ev = all_done(g)
    assert resolved(ev)["winner"] == "attacker"
    assert {"type": "mugged", "seat": L, "target": S, "card": "flare_gun", "got": False} in ev


def test_any_action_other_than_done_clears_every_done():
    g = fresh()
    give(g, K, "cash")
    start_actions(g)
    fight(g, L, S)
    for x in (L, S, C, M):
        g.act(x, {"type": "done"})
    assert g.waiting_for() == [F, K]
    g.act(K, {"type": "show", "card": "cash"})
    assert g.waiting_for() == [L, S, C, M, F, K]
    assert g.state["fight"] is not None


def test_defender_knocked_out_keeps_his_slot_and_keeps_his_cards():
    g = fresh()
    g.state["wounds"][M] = 7
    give(g, M, "cash")
    start_actions(g)
    fight(g, L, M)
    for x in (S, C, F, K):
        g.act(x, {"type": "join", "side": "attacker"})
    all_done(g)
    assert g.state["wounds"][M] == 8 and hand(g, M) == ["cash"]
    assert g.state["line"][3] == L and g.state["line"][0] == M
    assert g.waiting_for() == [S]     # M is unconscious: nothing now; his slot stays


def test_only_a_conscious_target_calls_a_fight_and_joining_is_open_to_those_who_acted():
    g = fresh()
    start_actions(g)
    g.act(L, {"type": "nothing"})
    fight(g, S, C)
    assert {"type": "join", "side": "attacker"} in g.legal_actions(L)


def test_several_fights_mark_each_participant_once_for_the_fight_icon():
    g = fresh()
    start_actions(g)
    fight(g, L, S)
    all_done(g)
    fight(g, S, L)
    all_done(g)
    assert g.state["fought"][L] and g.state["fought"][S]


def test_trades_are_cancelled_when_a_fight_starts_and_none_during_it():
    g = fresh()
    give(g, F, "cash")
    start_actions(g)
    g.act(F, {"type": "trade_open", "target": K})
    assert len(g.state["trades"]) == 1
    fight(g, L, S)
    assert g.state["trades"] == []
    assert not any(a["type"].startswith("trade") for x in range(6) for a in g.legal_actions(x))


def test_every_weapon_bonus_when_face_up():
    g = fresh()
    give(g, L, "oar", up=True)
    give(g, L, "blackjack", up=True)
    give(g, L, "knife", up=True)
    give(g, L, "gaffing_hook", up=True)
    start_actions(g)
    fight(g, L, M)
    assert g.view(None)["fight"]["strength"] == {"attacker": 4 + 1 + 2 + 3 + 4, "defender": 8}


def test_two_fights_make_one_fight_thirst():
    from tests.lifeboat.helpers import navigate_with
    g = fresh()
    start_actions(g)
    fight(g, L, S)
    all_done(g)
    fight(g, S, L)
    all_done(g)
    g.state["act"] = None
    ev = navigate_with(g, "nav21")            # fight icon, First Mate overboard, Kid thirsty
    while g.state["phase"] == "rescue":
        ev += g.act(g.waiting_for()[0], {"type": "done"})
    thirst = next(e for e in ev if e["type"] == "thirst")["thirst"]
    assert thirst[L] == 1 and thirst[S] == 1
