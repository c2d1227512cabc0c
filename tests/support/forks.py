"""Forks of a game that change only what one seat cannot see (engine contract, "Secrecy").

`fork(game, seat, rng)` copies `game` and changes, at random, everything the rules hide from
`seat` while keeping every public fact: the other hands are dealt again from the other hands and
the hidden decks (each hand keeps its size, and every count the game makes public), the other
seats' secret votes are changed, the decks' order is shuffled. Two such states must give `seat`
the same `view(seat)` and the same `legal_actions(seat)`, and a bot the same choice.

What is hidden is game knowledge: each game has a hook in HIDDEN,
`hook(state, seat, rng, sizes_only)`, which changes the state in place. A new game adds its hook
here; the contract test (tests/contract/test_secrecy_forks.py) fails for a registered game
without one.

The forks need not be states the game could reach (the seat may remember, from its own private
log, a card now dealt elsewhere): what it sees now is all that `view(seat)` and
`legal_actions(seat)` may depend on.
"""
import engine
from engine.lifeboat.data import CHARACTERS

# Lifeboat §4.7 and §6: what an unconscious character holds of these is public (issue 21).
LIFEBOAT_PUBLIC_WHILE_UNCONSCIOUS = ("water", "medical_kit", "life_preserver")


def fork(game, seat, rng, sizes_only=False):
    """A copy of `game` differing from it only in what `seat` cannot see; None when the game
    hides nothing from `seat` just now (e.g. it is over), or the redeal happened to change
    nothing.

    sizes_only: the other hands keep their sizes only, not the other counts the rules make
    public (Lifeboat: an unconscious character's water, kits and preserver). Such a fork may
    change what the seat sees; where its view is the same, its legal actions must be too (a
    game that forgets to show a count its legal actions depend on fails that way)."""
    copy = engine.load_game(game.to_dict())
    hook = HIDDEN[copy.INFO.id]
    if copy.over:
        return None
    before = copy.to_dict()
    hook(copy.state, seat, rng, sizes_only)
    copy.changed()
    if copy.to_dict() == before:
        return None
    return copy


# -- shared pieces -----------------------------------------------------------------------------

def change_votes(ballot, seat, rng):
    """Every other voter's cast vote, before the reveal, changed to another option. Not when
    `seat` is the last voter looking at the others' votes (a crystal ball): it sees them."""
    if not ballot or ballot.get("revealed") or ballot.get("votes") is None:
        return
    missing = [v for v, c in zip(ballot["voters"], ballot["votes"]) if c is None]
    if ballot.get("last") == seat and seat in missing and len(missing) == 1:
        return
    for i, vote in enumerate(ballot["votes"]):
        if ballot["voters"][i] == seat or vote is None:
            continue
        others = [o for o in ballot["options"] if o != vote]
        if others:
            ballot["votes"][i] = rng.choice(others)


def redeal(piles, pool_extra, rng, fixed_kinds=None, kind_of=None):
    """Deal the cards of `piles` (lists changed in place) and of `pool_extra` (lists too, e.g.
    the decks) again at random, each list keeping its size. `fixed_kinds`: {id(pile): kinds}
    for piles whose count of each of those kinds is public: they keep those cards and get
    only cards of other kinds."""
    fixed_kinds = fixed_kinds or {}
    lists = list(piles) + list(pool_extra)
    pool = []
    kept = {}
    for pile in lists:
        keep = fixed_kinds.get(id(pile))
        if keep:
            kept[id(pile)] = [c for c in pile if kind_of(c) in keep]
            pool += [c for c in pile if kind_of(c) not in keep]
        else:
            pool += pile
    rng.shuffle(pool)
    # The piles with public counts first, from the cards of other kinds.
    for pile in sorted(lists, key=lambda p: id(p) not in kept):
        size = len(pile)
        if id(pile) in kept:
            keep = fixed_kinds[id(pile)]
            mine = list(kept[id(pile)])
            for c in list(pool):
                if len(mine) == size:
                    break
                if kind_of(c) not in keep:
                    mine.append(c)
                    pool.remove(c)
            rng.shuffle(mine)
        else:
            mine, pool = pool[:size], pool[size:]
        pile[:] = mine
    assert not pool


def permute(values, seats, rng):
    """The values of `seats` in `values` shuffled among them."""
    got = [values[s] for s in seats]
    rng.shuffle(got)
    for s, v in zip(seats, got):
        values[s] = v


# -- per game ---------------------------------------------------------------------------------

def _lifeboat(s, seat, rng, sizes_only):
    """Hidden from `seat` (§6): the other hands (sizes public; while a character is unconscious,
    his water, medical kit and life preserver counts too), the provisions deck, the cards a
    drafter holds (unless `seat` is that drafter), the navigation deck and the row stack (unless
    `seat` is the navigator choosing from it), cards drawn by another rower, the others' Love
    and Hate. Hands of characters in a trade stay as they are (the trade table holds their
    cards)."""
    n = len(s["hand"])
    in_trade = {x for tr in s["trades"] for x in tr["seats"]}
    others = [x for x in range(n) if x != seat and x not in in_trade]
    piles = [s["hand"][x] for x in others]
    kinds = s["kinds"]
    fixed = {} if sizes_only else {
        id(s["hand"][x]): LIFEBOAT_PUBLIC_WHILE_UNCONSCIOUS for x in others
        if not s["gone"][x] and s["wounds"][x] == CHARACTERS[s["chars"][x]]["size"]}
    decks = [s["prov_deck"]]
    d = s["draft"]
    if d is not None and d["cards"] and d["drafters"][d["index"]] != seat:
        decks.append(d["cards"])
    redeal(piles, decks, rng, fixed, kinds.__getitem__)
    navs = [s["nav_deck"]]
    if not (s["phase"] == "navigate" and s["nav"]["navigator"] == seat):
        navs.append(s["row_stack"])
    a = s["act"]
    if a is not None and a.get("drawn") and a["actor"] != seat:
        navs.append(a["drawn"])
    redeal(navs, [], rng)
    hidden = [x for x in range(n) if x != seat]
    permute(s["love"], hidden, rng)
    permute(s["hate"], hidden, rng)


def _lifeboats(s, seat, rng, sizes_only):
    """The only secret of Lifeboats: the others' cast votes before the reveal."""
    change_votes(s.get("ballot"), seat, rng)


def _galerapagos(s, seat, rng, sizes_only):
    """Hidden (§10): the other hands (sizes public) and the wreck deck, dealt again together;
    the weather deck's order; the others' cast ballots before the reveal."""
    others = [c for i, c in enumerate(s["castaways"]) if i != seat]
    redeal([c["hand"] for c in others], [s["deck"]], rng)
    rng.shuffle(s["weather"])
    stage = s.get("stage") or {}
    if stage.get("vote"):
        change_votes(stage["vote"].get("ballot"), seat, rng)
    change_votes(stage.get("ballot"), seat, rng)


def _fixture(s, seat, rng, sizes_only):
    """The test game: the others' secret numbers and their cast votes."""
    for x in range(len(s["secrets"])):
        if x != seat:
            s["secrets"][x] = rng.randint(1, 9)
    change_votes(s.get("ballot"), seat, rng)


HIDDEN = {"lifeboat": _lifeboat, "lifeboats": _lifeboats, "galerapagos": _galerapagos,
          "fixture": _fixture}
