"""Every wreck card carries a short rule text in English and French (issue 10), for the phones
to show on the card; the numbers in it follow the rules data."""
import pytest

from engine.galerapagos.data import CARDS, EFFECTS

NUMBERS = {"flashlight": EFFECTS["flashlight_look"], "barometer": EFFECTS["barometer_look"],
           "vegetable_mill": EFFECTS["mill_move"], "bbq_kit": EFFECTS["bbq_food_per_death"],
           "plank": EFFECTS["plank_places"], "sleeping_pills": EFFECTS["pills_max_targets"]}


@pytest.mark.parametrize("card", sorted(CARDS))
def test_each_card_has_a_short_text_in_both_languages(card):
    text = CARDS[card]["text"]
    assert set(text) == {"en", "fr"}
    for lang in ("en", "fr"):
        assert 10 <= len(text[lang]) <= 200, (card, lang)
        assert "_" not in text[lang]          # no raw ids
    assert text["en"] != text["fr"]


@pytest.mark.parametrize("card", sorted(c for c in CARDS if "rations" in CARDS[c]
                                        or c in NUMBERS))
def test_the_numbers_in_a_text_are_those_of_the_rules(card):
    number = str(CARDS[card].get("rations", NUMBERS.get(card)))
    for lang in ("en", "fr"):
        assert number in CARDS[card]["text"][lang], (card, lang)


def test_useless_cards_say_they_can_only_be_given():
    for card in (c for c in CARDS if CARDS[c]["kind"] == "useless"):
        assert "give" in CARDS[card]["text"]["en"] and "donner" in CARDS[card]["text"]["fr"]
