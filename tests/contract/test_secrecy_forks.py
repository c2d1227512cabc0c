"""The contract's secrecy rule, checked on every game and player count: `legal_actions(seat)`
reveals nothing that `view(seat)` does not. Over seeded random playouts, for every seat, forks
that change only what that seat cannot see (tests/support/forks.py: the other hands dealt again
with every public count kept, the other seats' secret votes, the decks' order) give that seat the
same view and the same legal actions. A game whose legal actions depend on another seat's hidden
cards (Lifeboat's `show_his` before issue 21) fails here.
"""
import json
import random

import pytest

import engine
from engine.playout import random_step
from tests.contract.test_conformance import CASES, names
from tests.support.forks import HIDDEN, fork

SEEDS = (1, 2, 3)
MAX_ACTIONS = 3000


def _difference(a, b):
    """The first keys where two views differ, for the failure message."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return f"{k}: " + _difference(a.get(k), b.get(k))
        return ""
    return f"{json.dumps(a)[:300]} != {json.dumps(b)[:300]}"


def test_every_game_says_what_it_hides():
    assert set(engine.GAMES) <= set(HIDDEN), (
        "tell tests/support/forks.py (HIDDEN) what the new game hides from each seat")


def _check(game, seat, forks, where):
    """One fork keeping every public count: same view, same legal actions. One keeping only
    the hand sizes: where the view is still the same, so are the legal actions (what they
    depend on must be in the view). Returns how many forks were compared."""
    mine, legal = game.view(seat), game.legal_actions(seat)
    compared = 0
    for sizes_only in (False, True):
        other = fork(game, seat, forks, sizes_only=sizes_only)
        if other is None:
            continue
        theirs = other.view(seat)
        if sizes_only and theirs != mine:
            continue
        assert mine == theirs, f"{where}: view differs at {_difference(mine, theirs)}"
        forked = other.legal_actions(seat)
        assert legal == forked, (
            f"{where}{' (hand sizes kept only)' if sizes_only else ''}: legal actions differ "
            f"with the same view: only here {[a for a in legal if a not in forked]}, only in "
            f"the fork {[a for a in forked if a not in legal]}")
        compared += 1
    return compared


@pytest.mark.parametrize("game_id,n", CASES)
def test_what_a_seat_cannot_see_changes_neither_its_view_nor_its_legal_actions(game_id, n):
    checked = 0
    for seed in SEEDS:
        game = engine.new_game(game_id, names(n), seed=seed)
        rng, forks = random.Random(seed), random.Random(-seed)
        for step in range(MAX_ACTIONS):
            if game.over:
                break
            # One seat in turn is forked (every seat over a game), every action with up to 6
            # players, every n // 4 actions above: the whole game, at a test's cost.
            stride = max(1, n // 4)
            seat = step // stride % n
            if step % stride == 0:
                where = f"{game_id}, {n} players, seed {seed}, step {step}, seat {seat}"
                checked += _check(game, seat, forks, where)
            random_step(game, rng)
    assert checked >= 10


# -- a fixed Lifeboat case: the catch of the old leak does not rest on one random playout --------

def _unconscious_captain(phase):
    """6 players, the Captain unconscious (7 wounds) holding a medical kit, the life preserver,
    a water card and cash (built like tests/lifeboat/test_others_play_for_him.py): in the
    Actions phase (his kit for the actor, his preserver for anyone) or in the thirst window (his
    water poured on him)."""
    from tests.lifeboat.helpers import C, done_all, fresh, give, navigate_with, start_actions
    g = fresh()
    g.state["wounds"][C] = 7
    for kind in ("medical_kit", "life_preserver", "water", "cash"):
        give(g, C, kind)
    if phase == "actions":
        start_actions(g)
    else:
        navigate_with(g, "nav06")             # the Captain thirsty (Stephen overboard)
        done_all(g, "rescue")
        assert g.state["phase"] == "thirst"
    return g, C


@pytest.mark.parametrize("phase,his", [("actions", {"medical_kit_his", "show_his"}),
                                       ("thirst", {"pour_his"})])
def test_an_unconscious_characters_hand_reaches_no_one_through_legal_actions(phase, his):
    """Every conscious seat, forked with several seeds: with his public counts kept, the same
    view and legal actions (_check). And the check has teeth: some fork keeping only his hand
    size takes one of those cards from him, which changes both what the others may play for
    him and the view; were the view to stop showing the counts, _check would fail here."""
    game, captain = _unconscious_captain(phase)
    played_for_him = set()
    teeth = 0
    for seat in range(game.n):
        legal = game.legal_actions(seat)
        played_for_him |= {a["type"] for a in legal if a.get("target") == captain}
        for fork_seed in range(8):
            where = f"lifeboat, the Captain unconscious ({phase}), seat {seat}, fork {fork_seed}"
            assert _check(game, seat, random.Random(fork_seed), where) >= 1, where
            other = fork(game, seat, random.Random(fork_seed), sizes_only=True)
            if other is not None and other.legal_actions(seat) != legal:
                assert other.view(seat) != game.view(seat), where
                teeth += 1
    assert his <= played_for_him
    assert teeth >= 3
