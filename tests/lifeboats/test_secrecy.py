"""§7 secrecy: a cast vote is the only secret, and it stays secret from every other screen
(view(None), every other seat's view and legal actions, and every event) until the reveal,
however many other votes are cast after it. Both editions."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine

from tests.lifeboats.helpers import (ANA, BEN, BLACK, CY, DEE, FIVE_BOATS, GREEN, NAMES,
                                     YELLOW, ballot, position)


def dump(x):
    return json.dumps(x, sort_keys=True)


def screens(g, hidden_from):
    """Everything the seats in `hidden_from` (and the TV) can see."""
    return dump({"tv": g.view(None), "waiting": g.waiting_for(),
                 "phones": {s: g.view(s) for s in hidden_from},
                 "actions": {s: g.legal_actions(s) for s in hidden_from}})


def assert_vote_stays_secret(g, rng):
    """Fork the game on two of the first waiting voter's choices (a random option and the
    last choice, a hat whenever one is left); every other screen must be identical in both
    forks, after that vote and after each later vote short of the last."""
    voter = g.waiting_for()[0]
    others = [s for s in range(g.n) if s != voter]
    forks = []
    choices = g.legal_actions(voter)
    for action in {dump(a): a for a in (rng.choice(choices[:-1]), choices[-1])}.values():
        f = engine.load_game(g.to_dict())
        forks.append((f, f.act(voter, action), action["choice"]))
    later = [s for s in g.waiting_for() if s != voter][:-1]  # the last one reveals
    plan = [(s, rng.choice(g.legal_actions(s))) for s in later]
    for step in range(len(plan) + 1):
        seen = {(screens(f, others), dump(ev)) for f, ev, _ in forks}
        assert len(seen) == 1, "another screen or an event told two votes apart"
        for f, _, choice in forks:
            assert f.view(voter)["me"]["my_vote"] == choice  # the voter still sees their own
            assert "votes" not in f.view(None)["ballot"]
        if step < len(plan):
            seat, action = plan[step]
            forks = [(f, f.act(seat, action), c) for f, _, c in forks]
    return len(later)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(3, 6),
       edition=st.sampled_from(["2009", "1993"]))
def test_no_screen_but_the_voters_own_and_no_event_shows_a_vote_before_the_reveal(seed, n,
                                                                                  edition):
    g = engine.new_game("lifeboats", NAMES[:n], seed=seed, options={"edition": edition})
    rng = random.Random(seed)
    checked = 0
    while not g.over:
        # Half the ballots are checked at their first vote, and one later vote in eight (the
        # forks are costly, and each check already follows the vote up to the reveal).
        if (g.state["step"] == "vote" and len(g.waiting_for()) >= 2
                and rng.random() < (1 / 2 if not any(g.state["ballot"]["votes"]) else 1 / 8)):
            assert_vote_stays_secret(g, random.Random(rng.random()))
            checked += 1
        seat = rng.choice(g.waiting_for())
        g.act(seat, rng.choice(g.legal_actions(seat)))
    assert checked


@pytest.mark.parametrize("edition", ["2009", "1993"])
def test_a_hat_is_not_spent_visibly_before_the_reveal(edition):
    g, _ = position(FIVE_BOATS, edition=edition)
    g.act(ANA, {"type": "call_vote"})
    ev = g.act(BEN, {"type": "vote", "choice": "hat"})
    assert ev == [{"type": "voted", "seat": BEN, "kind": "leak"}]
    for seat in (None, ANA, CY, DEE):
        view = g.view(seat)
        assert view["hats_left"] == [3, 3, 3, 3] and view["hats_spent"] == [0, 0, 0, 0]
        assert view["ballot"]["hat_allowed"] == [True] * 4
        assert '"hat"' not in dump(view["ballot"]) and view["last_reveal"] is None
    assert g.view(BEN)["me"]["my_vote"] == "hat" and g.view(BEN)["me"]["hats_left"] == 3
    assert g.view(ANA)["me"]["my_vote"] is None


@pytest.mark.parametrize("edition", ["2009", "1993"])
def test_ejection_votes_are_secret_from_non_voters_and_the_start_player(edition):
    g, _ = position(dict(FIVE_BOATS, black=(7, 0, "yO yS gO gS bS bS", 0)), edition=edition)
    ballot(g, {s: BLACK for s in range(4)})
    assert g.state["ballot"]["kind"] == "eject"
    g.act(ANA, {"type": "call_vote"})
    g.act(BEN, {"type": "vote", "choice": GREEN})
    g.act(CY, {"type": "vote", "choice": YELLOW})
    for seat in (None, ANA, DEE):  # Ana, start player and tie-breaker, sees nothing either
        shown = g.view(seat)["ballot"]
        assert shown["voted"] == [BEN, CY] and "votes" not in shown and not shown["revealed"]
        assert shown.get("my_vote") is None
    assert g.view(BEN)["ballot"]["my_vote"] == GREEN and g.view(CY)["ballot"]["my_vote"] == YELLOW
    # At the reveal every vote becomes public, in the event and in every view.
    ev = g.act(DEE, {"type": "vote", "choice": YELLOW})
    revealed = next(e for e in ev if e["type"] == "ballot_revealed")
    assert [(v["seat"], v["choice"]) for v in revealed["votes"]] == [
        (BEN, GREEN), (CY, YELLOW), (DEE, YELLOW)]
    assert [v["choice"] for v in g.view(ANA)["last_reveal"]["votes"]] == [GREEN, YELLOW, YELLOW]
