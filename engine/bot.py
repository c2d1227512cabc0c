"""The one interface of a game's bot, and what every bot shares.

A bot is game knowledge, so each game keeps its own in `engine/<game>/bot.py`, exposing `BOT`,
an object with two pure functions of what that seat's phone receives, and nothing else:

    BOT.choose(view, legal, events, rng) -> action     one of `legal`
    BOT.pace(view, legal, action) -> seconds            how long a person would think

`view` is `game.view(seat)`, `legal` is `game.legal_actions(seat)` (never empty), `events` is the
public log the screens were sent (oldest first, possibly cut short), and `rng` a seeded
random source given by the caller (anything with `choice`, e.g. `random.Random` or
`engine.rng.Rng`): the same inputs and seed give the same choice. A bot never
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
