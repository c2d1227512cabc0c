"""play_options skips the cards never played alone (cards.NEVER_ALONE) without asking
_options_for: the skip must agree with what _options_for would answer, in every position."""
import random

import engine
from engine.galerapagos import cards


def test_a_card_never_played_alone_has_no_option_in_any_position():
    asked = 0
    for seed in range(8):
        game = engine.new_game("galerapagos", [f"P{i}" for i in range(6)], seed=seed)
        rng = random.Random(seed)
        while not game.over and game.waiting_for():
            for seat, castaway in enumerate(game.state["castaways"]):
                hand = castaway["hand"]
                for card in set(hand) & cards.NEVER_ALONE:
                    assert cards._options_for(game, seat, card, hand) == []
                    asked += 1
            seat = rng.choice(game.waiting_for())
            game.act(seat, rng.choice(game.legal_actions(seat)))
    assert asked > 1000
