"""Random legal play through the contract: used by the random bots, the conformance tests and
the benchmarks. The caller passes its own `random.Random`-like object (anything with
`choice`), so the engine itself never touches global randomness."""


def random_step(game, rng):
    """One random legal action by one of the seats the game is waiting for.

    Returns (seat, action, events), or None when the game is over or nobody is asked."""
    seats = game.waiting_for()
    if game.over or not seats:
        return None
    seat = rng.choice(seats)
    action = rng.choice(game.legal_actions(seat))
    return seat, action, game.act(seat, action)


def play_out(game, rng, max_actions=20000):
    """Random legal play until the game ends or max_actions; returns the number of actions."""
    for count in range(max_actions):
        if random_step(game, rng) is None:
            return count
    return max_actions
