"""What the TV must redraw after a reload (issue 11): the last navigation card with its outcome,
the last fight's result and the flare gun's cards stay in the views until replaced."""
import engine
from engine.lifeboat import board
from tests.lifeboat.helpers import (C, F, K, L, M, S, done_all, fresh, give, nav_top,
                                    navigate_with, start_actions)


def reloaded(g):
    return engine.load_game(g.to_dict())


def test_a_new_game_has_nothing_to_remember():
    g = fresh()
    view = g.view(None)
    assert view["last_navigation"] is None and view["last_fight"] is None
    assert view["last_flare"] is None


def test_last_navigation_keeps_the_card_overboard_sharks_thirst_and_water_until_the_next():
    g = fresh()
    give(g, L, "water", count=2)
    give(g, K, "chum")
    give(g, F, "parasol", up=True)
    g.state["parasol_open"] = True
    g.state["birds"] = 1
    board.kill(g.state, S)
    navigate_with(g, "nav19", rowed=[C], fought=[F])   # Frenchy overboard; C, M, F, S thirsty
    g.act(K, {"type": "chum"})
    done_all(g, "rescue")
    g.act(L, {"type": "pour", "target": C})
    done_all(g, "thirst")
    last = reloaded(g).view(None)["last_navigation"]
    assert last["card"]["id"] == "nav19" and last["turn"] == 1
    assert last["birds"] == 1 and last["bird_change"] == 0 and not last["rescued"]
    assert last["overboard"] == [F] and last["gone"] == [] and last["sharks"]
    assert last["chum"] == [K] and last["preserver"] is None
    # Frenchy: no fall wound, one shark bite; his face-up parasol is lost
    assert last["in_the_water"] == [{"seat": F, "wounds_taken": 1, "lost": ["parasol"],
                                     "drowned": False, "wounds": 1, "state": "conscious"}]
    # C rowed + named = 2, M named 1, F fought + named = 2 (the parasol went overboard)
    assert last["thirst"] == [0, 0, 2, 1, 2, 0] and last["parasol_shade"] is None
    assert last["water"] == [{"type": "pour", "seat": L, "target": C}]
    assert [(h["seat"], h["wounds_taken"]) for h in last["thirst_wounds"]] == [(C, 1), (M, 1),
                                                                               (F, 2)]
    assert last["finished"]
    # The next day: still on the table through the draft and the actions
    assert g.state["phase"] in ("draft", "actions")
    assert g.view(None)["last_navigation"] == last
    assert g.view(M)["last_navigation"] == last


def test_last_navigation_is_replaced_by_the_next_card_and_names_corpses_gone():
    g = fresh()
    navigate_with(g, "nav07")
    assert g.view(None)["last_navigation"]["card"]["id"] == "nav07"
    assert g.view(None)["last_navigation"]["bird_change"] == 1
    board.kill(g.state, K)
    navigate_with(g, "nav02")        # the Kid's corpse goes overboard: gone at once
    last = g.view(None)["last_navigation"]
    assert last["card"]["id"] == "nav02" and last["overboard"] == [K] and last["gone"] == [K]


def test_last_navigation_records_the_rescue_card_and_a_crossed_out_bird_at_zero():
    g = fresh()
    navigate_with(g, "nav10")
    last = g.view(None)["last_navigation"]
    assert last["birds"] == 0 and last["bird_change"] == 0
    g = fresh()
    g.state["birds"] = 3
    navigate_with(g, "nav03")
    assert g.over
    last = g.view(None)["last_navigation"]
    assert last["rescued"] and last["birds"] == 4 and last["bird_change"] == 1


def test_last_navigation_records_the_parasol_shade_the_preserver_and_drowned_gone():
    g = fresh()
    give(g, L, "life_preserver")
    give(g, C, "parasol", up=True)
    g.state["parasol_open"] = True
    g.state["wounds"][S] = 4
    navigate_with(g, "nav06")        # Stephen overboard (falls, knocked out, drowns); C, S thirsty
    g.act(L, {"type": "throw_preserver", "target": S})
    done_all(g, "rescue")
    last = g.view(None)["last_navigation"]
    assert last["preserver"] == {"seat": L, "target": S}
    assert last["in_the_water"][0]["seat"] == S and last["in_the_water"][0]["wounds_taken"] == 0
    assert last["parasol_shade"] == C and last["thirst"][C] == 0
    g = fresh()
    g.state["wounds"][S] = 4
    navigate_with(g, "nav06")
    done_all(g, "rescue")
    last = g.view(None)["last_navigation"]
    assert last["in_the_water"][0]["drowned"] and last["gone"] == [S]


def fight_swap(g, attacker, target):
    g.act(attacker, {"type": "swap", "target": target})
    g.act(target, {"type": "fight"})


def test_last_fight_keeps_sides_strengths_weapons_flare_winner_and_wounds():
    g = fresh()
    give(g, C, "knife")
    give(g, C, "blackjack", up=True)
    give(g, K, "flare_gun")
    start_actions(g)
    fight_swap(g, L, M)                               # 4 vs 8
    live = g.view(None)["fight"]
    assert live["kind"] == "swap" and live["card"] is None
    g.act(C, {"type": "join", "side": "attacker"})
    g.act(C, {"type": "weapon", "card": "knife"})
    g.act(K, {"type": "join", "side": "defender"})
    g.act(K, {"type": "fire_flare"})
    live = g.view(None)["fight"]
    assert live["weapons"] == [{"seat": L, "cards": []}, {"seat": C, "cards": ["blackjack",
                                                                            "knife"]},
                               {"seat": M, "cards": []}, {"seat": K, "cards": []}]
    assert live["played"] == [{"seat": C, "card": "knife"}] and live["fired"] == [K]
    while g.state["fight"] is not None:
        g.act(g.waiting_for()[0], {"type": "done"})
    last = reloaded(g).view(None)["last_fight"]
    assert last == {
        "turn": 1, "kind": "swap", "card": None, "attacker": L, "defender": M,
        "sides": {"attacker": [L, C], "defender": [M, K]},
        "strength": {"attacker": 4 + 7 + 2 + 3, "defender": 8 + 3 + 8},
        "weapons": [{"seat": L, "cards": []}, {"seat": C, "cards": ["blackjack", "knife"]},
                    {"seat": M, "cards": []}, {"seat": K, "cards": []}],
        "played": [{"seat": C, "card": "knife"}], "fired": [K], "winner": "defender",
        "wounded": [{"seat": L, "wounds": 1, "state": "conscious"},
                    {"seat": C, "wounds": 1, "state": "conscious"}]}
    assert g.view(F)["last_fight"] == last
    # Still there on the next day, replaced by the next fight only
    while g.state["phase"] == "actions":
        g.act(g.waiting_for()[0], {"type": "nothing"})
    assert g.view(None)["last_fight"] == last


def test_last_fight_of_a_mug_names_the_card_at_stake_and_is_replaced():
    g = fresh()
    give(g, S, "cash", up=True)
    start_actions(g)
    g.act(L, {"type": "mug", "target": S, "card": "cash"})
    g.act(S, {"type": "fight"})
    while g.state["fight"] is not None:
        g.act(g.waiting_for()[0], {"type": "done"})
    first = g.view(None)["last_fight"]
    assert (first["kind"], first["card"], first["winner"]) == ("mug", "cash", "defender")
    fight_swap(g, S, K)                                # 5 vs 3: the attacker wins
    while g.state["fight"] is not None:
        g.act(g.waiting_for()[0], {"type": "done"})
    last = g.view(None)["last_fight"]
    assert (last["attacker"], last["defender"], last["winner"]) == (S, K, "attacker")
    assert last["wounded"] == [{"seat": K, "wounds": 1, "state": "conscious"}]


def test_last_flare_keeps_the_revealed_cards_and_birds():
    g = fresh()
    give(g, L, "flare_gun")
    nav_top(g, "nav07", "nav01", "nav10")
    start_actions(g)
    g.act(L, {"type": "flare"})
    flare = reloaded(g).view(None)["last_flare"]
    assert [c["id"] for c in flare["cards"]] == ["nav07", "nav01", "nav10"]
    assert flare["cards"][0]["bird"] == 1 and flare["bird_counts"] == [1, 1, 0]
    assert (flare["seat"], flare["turn"], flare["birds"]) == (L, 1, 0)
    for seat in (None, S, K):
        assert g.view(seat)["last_flare"] == flare
    while g.state["phase"] == "actions":
        g.act(g.waiting_for()[0], {"type": "nothing"})
    assert g.view(None)["last_flare"] == flare


def test_states_saved_before_the_records_existed_still_load_and_play():
    g = fresh()
    del g.state["last"]
    old = reloaded(g)
    assert old.view(None)["last_navigation"] is None
    navigate_with(old, "nav07")
    assert old.view(None)["last_navigation"]["card"]["id"] == "nav07"
