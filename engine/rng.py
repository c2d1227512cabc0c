"""A small seeded RNG whose whole state is one integer kept inside the game state.

Python's `random.Random` would drag a 625-word state into every saved game; splitmix64 is
plenty for shuffling cards and keeps `to_dict()` small and exactly round-trippable.
"""
import hashlib

_MASK = (1 << 64) - 1


def seed_to_state(seed):
    """Any int or str seed -> a 64-bit starting state (strings hashed, so "7" != 7)."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError("seed must be an int or a str")
    if isinstance(seed, str):
        return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")
    return seed & _MASK


class Rng:
    """Draws from `holder[key]` and writes the advanced state back after every draw.

    Keeping the state in the game's own dict means a snapshot/restore of that dict also
    rewinds the RNG: no second place to forget.
    """

    def __init__(self, holder, key="rng"):
        self._holder = holder
        self._key = key

    def _next64(self):
        s = (self._holder[self._key] + 0x9E3779B97F4A7C15) & _MASK
        self._holder[self._key] = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n):
        """Uniform int in [0, n), by rejection so there is no modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self._next64()
            if r < limit:
                return r % n

    def randint(self, a, b):
        """Uniform int in [a, b], both ends included."""
        return a + self.randbelow(b - a + 1)

    def choice(self, seq):
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items):
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq, k):
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]
