"""§5: scoring at the rescue, the worked example and every 'more check' of the spec."""
from engine.lifeboat import board, scoring
from tests.lifeboat.helpers import C, F, K, L, M, S, fresh, give

LOVE = ["lady_lauren", "kid", "frenchy", "sir_stephen", "captain", "first_mate"]
HATE = ["first_mate", "frenchy", "captain", "sir_stephen", "kid", "lady_lauren"]


def worked_example(**changes):
    g = fresh(love=changes.get("love", LOVE), hate=changes.get("hate", HATE))
    s = g.state
    give(g, L, "jewels", count=2)
    give(g, L, "cash")
    give(g, S, "painting_3")
    give(g, S, "painting_2")
    give(g, C, "cash", count=3)
    give(g, C, "knife", up=True)
    give(g, F, "jewels", up=True)
    s["wounds"][S] = 6          # corpse aboard
    s["wounds"][C] = 7          # unconscious
    board.leave_boat(s, M)      # gone
    s["wounds"][K] = 4          # corpse aboard
    return g


def rescue(g):
    ev = []
    scoring.rescue(g.state, ev)
    return g.result()


def test_worked_example_totals_and_winner():
    result = rescue(worked_example())
    assert result["scores"] == [33, 10, 28, 5, 15, 0]
    assert result["winners"] == [L]
    assert result["reason"] == "birds"


def test_worked_example_breakdown_lines():
    rows = rescue(worked_example())["breakdown"]
    assert {k: rows[L][k] for k in ("survival", "love", "hate", "jewels", "cash")} == {
        "survival": 8, "love": 8, "hate": 8, "jewels": 8, "cash": 1}
    assert rows[S]["paintings"] == 10 and rows[S]["total"] == 10
    assert (rows[C]["survival"], rows[C]["love"], rows[C]["psychopath"], rows[C]["cash"]) == (
        0, 6, 16, 6)
    assert (rows[M]["love"], rows[M]["hate"], rows[M]["cash"]) == (0, 5, 0)
    assert (rows[F]["survival"], rows[F]["love"], rows[F]["hate"], rows[F]["jewels"]) == (
        6, 5, 3, 1)
    assert rows[K]["total"] == 0
    assert rows[C]["love_card"] == "frenchy" and rows[C]["hate_card"] == "captain"
    assert rows[M]["state"] == "gone"


def test_ambivalent_first_mate_had_stephen_lived():
    g = worked_example()
    g.state["wounds"][S] = 0
    assert rescue(g)["breakdown"][M]["total"] == 7


def test_jewel_sets_and_lauren_double():
    assert [scoring.loot(["jewels"] * n, None)["jewels"] for n in (1, 2, 3)] == [1, 4, 8]
    assert [scoring.loot(["jewels"] * n, "jewels")["jewels"] for n in (1, 2, 3)] == [2, 8, 16]


def test_jewels_split_between_holders_score_per_holder():
    g = fresh()
    give(g, S, "jewels", count=2)
    give(g, C, "jewels", up=True)
    rows = rescue(g)["breakdown"]
    assert (rows[S]["jewels"], rows[C]["jewels"]) == (4, 1)


def test_doubled_categories_captain_cash_and_stephen_paintings():
    g = fresh()
    give(g, C, "cash", count=4)
    give(g, S, "painting_3", count=2)
    give(g, S, "painting_2", up=True)
    rows = rescue(g)["breakdown"]
    assert rows[C]["cash"] == 8
    assert rows[S]["paintings"] == 16


def test_painting_values_option_3_3_3():
    g = fresh(painting_values=[3, 3, 3])
    give(g, S, "painting_3", count=3)
    assert rescue(g)["breakdown"][S]["paintings"] == 18


def test_narcissist_dead_aboard():
    g = worked_example()
    g.state["wounds"][L] = 5
    assert rescue(g)["breakdown"][L]["total"] == 17


def _kid_narcissist_psychopath(kid_dead):
    love = list(LOVE)
    hate = list(HATE)
    love[K], hate[K] = "kid", "kid"
    g = fresh(love=love, hate=hate)
    g.state["wounds"][C] = 8
    g.state["wounds"][S] = 6
    if kid_dead:
        g.state["wounds"][K] = 4
    return rescue(g)["breakdown"][K]


def test_psychopath_and_narcissist_alive_gets_survival_once():
    row = _kid_narcissist_psychopath(kid_dead=False)
    assert (row["survival"], row["love"], row["psychopath"], row["total"]) == (0, 9, 12, 21)


def test_psychopath_and_narcissist_dead():
    assert _kid_narcissist_psychopath(kid_dead=True)["total"] == 12


def test_psychopath_gets_nothing_for_his_beloved():
    love = list(LOVE)
    love[C], love[M] = "sir_stephen", "frenchy"
    row = rescue(worked_example(love=love))["breakdown"][C]
    assert (row["love"], row["psychopath"], row["cash"], row["total"]) == (0, 11, 6, 17)


def test_gone_character_scores_no_loot_but_a_corpse_aboard_does():
    g = fresh()
    give(g, K, "cash", count=2)
    give(g, M, "cash", count=2)
    g.state["wounds"][K] = 4
    board.leave_boat(g.state, M)
    rows = rescue(g)["breakdown"]
    assert rows[K]["cash"] == 2 and rows[M]["cash"] == 0


def test_ties_share_the_win():
    g = fresh(love=["kid"] * 6, hate=["kid"] * 6)
    give(g, S, "cash")
    result = rescue(g)
    assert result["scores"][L] == result["scores"][S] == 17
    assert result["winners"] == [L, S]


def test_removed_characters_never_count_for_a_psychopath():
    g = fresh(n=4, love=["lady_lauren", "sir_stephen", "captain", "first_mate"],
              hate=["lady_lauren", "sir_stephen", "captain", "first_mate"])
    g.state["wounds"][S] = 6
    row = rescue(g)["breakdown"][L]
    assert row["psychopath"] == 5   # Stephen only: Frenchy and the Kid are not in play
