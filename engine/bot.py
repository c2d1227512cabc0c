"""The one interface of a game's bot, and what every bot shares.

A bot is game knowledge, so each game keeps its own in `engine/<game>/bot.py`, exposing `BOT`,
an object with two pure functions of what that seat's phone receives, and nothing else:

    BOT.choose(view, legal, events, rng) -> action     one of `legal`
    BOT.pace(view, legal, action) -> seconds            how long a person would think

`view` is `game.view(seat)`, `legal` is `game.legal_actions(seat)` (never empty), `events` is the
public log the screens were sent (oldest first, possibly cut short), and `rng` a seeded
random source given by the caller (anything with `choice`, e.g. `random.Random` or
`engine.rng.Rng`): the same inputs and seed give the same choice. The rng may carry the
seat's mind (`rng.mind`, see "a mind per bot" below and docs/bots.md). A bot never
sees the game object, so it cannot peek at another hand, a deck or a secret vote.

`pace` is the think time at `--bot-delay 1` (the server varies it a little, seeded, and
multiplies it by its bot delay, so 0 makes every bot answer at once). Games without a bot (or the tests' fixture game) are played by
the server's random bot.
"""


class RandomBot:
    """The fallback: any legal action, after a short pause."""

    def choose(self, view, legal, events, rng):
        return rng.choice(legal)

    def pace(self, view, legal, action):
        return 1.0


RANDOM = RandomBot()


def pick(legal, **fields):
    """The first legal action with these fields, or None."""
    for action in legal:
        if all(action.get(k) == v for k, v in fields.items()):
            return action
    return None


def of_type(legal, *types):
    return [a for a in legal if a["type"] in types]


# -- a mind per bot --------------------------------------------------------------------------
# Each bot seat has a mind: a number drawn once from the room seed (server.bots: a one-way
# digest of the room seed and the bot player's id, so it tells nothing about the decks). It
# reaches the bot on the random source it is given (`rng.mind`), the documented channel: the
# bot picks its temperament from it (the game's data file lists them, with their English and
# French names) and its stable likes and dislikes of the other seats. A caller without minds
# (a plain random source) gets a mind from the seat number, so the choice stays a pure function
# of what the bot is given.
import hashlib      # noqa: E402


def mind_number(seed, who):
    """The mind of bot `who` (a player id or a seat) in a room or game seeded `seed`."""
    digest = hashlib.sha256(f"castaways-bot-mind:{seed}:{who}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def mind_of(rng, seat):
    mind = getattr(rng, "mind", None)
    return mind if isinstance(mind, int) else mind_number("seat", seat)


def temperament(tempers, mind):
    """The temperament (a dict from the game's data file) this mind has."""
    return tempers[mind % len(tempers)]


def fancy(mind, seat):
    """A bot's lasting like (+) or dislike (-) of `seat`, in [-1, 1): its own, from its mind."""
    x = (mind // 7 + 0x9E3779B1 * (seat + 1)) & 0xFFFFFFFF
    x = (x ^ (x >> 15)) * 0x2C1B3C6D & 0xFFFFFFFF
    x = (x ^ (x >> 12)) * 0x297A2D39 & 0xFFFFFFFF
    x ^= x >> 15
    return (x % 2000) / 1000.0 - 1.0


class Mind:
    """One bot's temperament (from the game's `bot_minds`) and its own likes and dislikes."""

    def __init__(self, rng, seat, tempers):
        self.number = mind_of(rng, seat)
        self.temper = temperament(tempers, self.number)
        self.seat = seat

    def __getitem__(self, key):
        return self.temper.get(key, 0)

    def fancy(self, seat):
        return 0.0 if seat == self.seat else fancy(self.number, seat)


def coin(rng):
    """A uniform number in [0, 1) from any random source with `choice`."""
    return rng.choice(range(1000)) / 1000.0
