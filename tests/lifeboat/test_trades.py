"""§4.5 trading and showing (R11, E34-E36)."""
from tests.lifeboat.helpers import (C, F, K, L, M, S, acts, fresh, give, hand, start,
                                    start_actions, up)


def table(g, a, b):
    tr = next(t for t in g.state["trades"] if sorted(t["seats"]) == sorted([a, b]))
    return tr


def test_trade_table_put_take_accept_completes_keeping_sides():
    g = fresh()
    give(g, F, "cash")
    give(g, F, "knife", up=True)
    give(g, K, "water", count=2)
    start_actions(g)
    assert {"type": "trade_open", "target": K} in g.legal_actions(F)
    assert not [a for a in acts(g, F, "trade_open") if a["target"] == F]
    g.act(F, {"type": "trade_open", "target": K})
    assert not [a for a in acts(g, K, "trade_open") if a["target"] == F]   # one per pair
    g.act(F, {"type": "trade_put", "target": K, "card": "cash", "up": False})
    g.act(F, {"type": "trade_put", "target": K, "card": "knife", "up": True})
    g.act(K, {"type": "trade_put", "target": F, "card": "water", "up": False})
    g.act(K, {"type": "trade_put", "target": F, "card": "water", "up": False})
    g.act(K, {"type": "trade_take", "target": F, "card": "water", "up": False})
    assert len(g.view(F)["me"]["trades"][0]["table"][1]) == 1
    assert g.view(None).get("me") is None and "trades" not in str(g.view(None))
    g.act(F, {"type": "trade_accept", "target": K})
    ev = g.act(K, {"type": "trade_accept", "target": F})
    assert hand(g, K) == ["cash", "water"] and up(g, K) == ["knife"]
    assert hand(g, F) == ["water"] and up(g, F) == []
    assert ev[0] == {"type": "traded", "seats": [F, K], "hand_cards": [1, 1],
                     "face_up": [{"from": F, "to": K, "card": "knife"}]}
    assert g.state["trades"] == []


def test_any_change_clears_both_acceptances():
    g = fresh()
    give(g, F, "cash", count=2)
    give(g, K, "water")
    start_actions(g)
    g.act(F, {"type": "trade_open", "target": K})
    g.act(F, {"type": "trade_put", "target": K, "card": "cash", "up": False})
    g.act(F, {"type": "trade_accept", "target": K})
    g.act(K, {"type": "trade_put", "target": F, "card": "water", "up": False})
    assert table(g, F, K)["accepted"] == [False, False]
    g.act(F, {"type": "trade_accept", "target": K})
    g.act(F, {"type": "show", "card": "cash"})     # a change of holdings
    assert table(g, F, K)["accepted"] == [False, False]
    assert hand(g, K) == ["water"]


def test_showing_a_card_on_the_table_keeps_it_there_but_clears_acceptance():
    g = fresh()
    give(g, F, "cash")
    start_actions(g)
    g.act(F, {"type": "trade_open", "target": K})
    g.act(F, {"type": "trade_put", "target": K, "card": "cash", "up": False})
    g.act(K, {"type": "trade_accept", "target": F})
    g.act(F, {"type": "show", "card": "cash"})
    assert table(g, F, K)["accepted"] == [False, False]
    g.act(F, {"type": "trade_accept", "target": K})
    g.act(K, {"type": "trade_accept", "target": F})
    assert up(g, K) == ["cash"]          # a shown card never goes back into a hand


def test_cards_no_longer_held_drop_off_the_table():
    g = fresh()
    give(g, C, "knife", up=True)
    start_actions(g)
    g.act(C, {"type": "trade_open", "target": K})
    g.act(C, {"type": "trade_put", "target": K, "card": "knife", "up": True})
    g.act(L, {"type": "mug", "target": C, "card": "knife"})
    g.act(C, {"type": "agree"})
    assert table(g, C, K)["table"] == [[], []]


def test_gift_is_a_one_sided_table_and_cancel_anytime():
    g = fresh()
    give(g, F, "cash")
    start_actions(g)
    g.act(K, {"type": "trade_open", "target": F})
    assert not acts(g, K, "trade_accept")          # an empty table offers nothing
    g.act(F, {"type": "trade_put", "target": K, "card": "cash", "up": False})
    g.act(K, {"type": "trade_accept", "target": F})
    g.act(F, {"type": "trade_cancel", "target": K})
    assert g.state["trades"] == [] and hand(g, F) == ["cash"]


def test_trades_end_with_the_actions_phase_and_never_with_the_unconscious():
    g = fresh()
    g.state["wounds"][M] = 8
    start_actions(g)
    assert M not in {a["target"] for a in acts(g, L, "trade_open")}
    assert g.legal_actions(M) == []
    g.act(F, {"type": "trade_open", "target": K})
    for x in (L, S, C, F, K):
        g.act(x, {"type": "nothing"})
    assert g.state["trades"] == []


def test_no_trading_outside_the_actions_phase():
    g = fresh()
    give(g, K, "cash")
    start(g, "navigation")
    assert not any(a["type"].startswith("trade") for x in range(6) for a in g.legal_actions(x))


def test_showing_is_open_to_any_conscious_character_any_time_never_back():
    g = fresh()
    give(g, K, "cash")
    give(g, M, "cash")
    g.state["wounds"][M] = 8
    start_actions(g)
    assert {"type": "show", "card": "cash"} in g.legal_actions(K)
    assert g.legal_actions(M) == []
    ev = g.act(K, {"type": "show", "card": "cash"})
    assert ev[0] == {"type": "show", "seat": K, "card": "cash"}
    assert up(g, K) == ["cash"] and not acts(g, K, "show")


def test_refusals_explain_themselves():
    import engine
    import pytest
    g = fresh()
    g.state["wounds"][M] = 8
    start_actions(g)
    before = g.to_dict()
    for seat, action, words in ((M, {"type": "show", "card": "cash"}, "not conscious"),
                                (K, {"type": "show", "card": "cash"}, "no such card"),
                                (K, {"type": "nothing"}, "not your turn"),
                                (K, {"type": "trade_open", "target": K}, "Trading")):
        with pytest.raises(engine.IllegalAction) as err:
            g.act(seat, action)
        assert words in err.value.message
    assert g.to_dict() == before
