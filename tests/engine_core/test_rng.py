from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from engine.rng import Rng, seed_to_state


def rng_for(seed):
    holder = {"rng": seed_to_state(seed)}
    return holder, Rng(holder)


def test_same_seed_same_draws_and_state_lives_in_the_holder():
    h1, a = rng_for(7)
    h2, b = rng_for(7)
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]
    assert h1 == h2
    # Restoring the holder rewinds the generator: that is what makes act() atomic.
    saved = dict(h1)
    first = a.randbelow(10**9)
    h1.update(saved)
    assert a.randbelow(10**9) == first


def test_string_and_int_seeds_differ_and_bad_seeds_are_refused():
    assert seed_to_state("7") != seed_to_state(7)
    for bad in (None, 1.5, True, [1]):
        with pytest.raises(TypeError):
            seed_to_state(bad)


@given(st.integers(min_value=1, max_value=10**6), st.integers())
@settings(max_examples=200, deadline=None)
def test_randbelow_stays_in_range(n, seed):
    _, r = rng_for(seed)
    assert all(0 <= r.randbelow(n) < n for _ in range(20))


def test_randbelow_is_roughly_uniform():
    _, r = rng_for(1)
    counts = Counter(r.randbelow(6) for _ in range(60000))
    assert set(counts) == set(range(6))
    assert all(9000 < c < 11000 for c in counts.values())


@given(st.lists(st.integers(), max_size=30), st.integers())
@settings(max_examples=200, deadline=None)
def test_shuffle_and_sample_are_permutations(items, seed):
    _, r = rng_for(seed)
    shuffled = list(items)
    r.shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    k = len(items) // 2
    sample = r.sample(items, k)
    assert len(sample) == k and not (Counter(sample) - Counter(items))


def test_randint_includes_both_ends_and_choice_picks_members():
    _, r = rng_for(3)
    seen = {r.randint(1, 3) for _ in range(300)}
    assert seen == {1, 2, 3}
    assert r.choice(["a", "b"]) in ("a", "b")
    with pytest.raises(ValueError):
        r.randbelow(0)
