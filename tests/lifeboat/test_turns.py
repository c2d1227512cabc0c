"""A whole day at sea played only through the contract (new_game, act), by seeded play."""
import engine


def test_one_quiet_day_then_the_next_draft():
    g = engine.new_game("lifeboat", ["A", "B", "C", "D"], seed=7,
                        options={"removed_characters": ["frenchy", "kid"]})
    s = g.state
    assert [s["chars"][x] for x in s["line"]] == ["lady_lauren", "sir_stephen", "captain",
                                                 "first_mate"]
    while s["phase"] == "draft":
        seat = g.waiting_for()[0]
        g.act(seat, next(a for a in g.legal_actions(seat) if a["type"] == "pick"))
    assert [len(h) for h in s["hand"]] == [2, 2, 2, 2]
    assert s["phase"] == "actions"
    top = s["nav_deck"][0]
    events = []
    while s["phase"] == "actions":
        events += g.act(g.waiting_for()[0], {"type": "nothing"})
    while s["phase"] in ("rescue", "thirst"):
        events += g.act(g.waiting_for()[0], {"type": "done"})
    shown = next(e for e in events if e["type"] == "navigation_card")
    assert shown["card"] == top and s["nav_deck"][-1] == top
    assert s["turn"] == 2 and s["phase"] == "draft"
    assert len(s["draft"]["drafters"]) == sum(
        1 for x in s["line"] if s["wounds"][x] < g.view(None)["characters"][x]["size"])
