"""The data file the pages label cards from (GET /games/lifeboat/data.json, issue 11): EN and FR
names and a short rule text for every card and character, and lobby option specs that carry no
developer note into anything a player sees."""
import engine
from engine.lifeboat.data import CHARACTERS, DATA, NAVIGATION, PROVISIONS

TEXT_KEYS = ("name", "name_fr", "text", "text_fr")
SHORT = 200     # a phone card shows it whole


def check_texts(entry):
    for key in TEXT_KEYS:
        assert isinstance(entry.get(key), str) and entry[key].strip(), (entry.get("id"), key)
    assert len(entry["text"]) <= SHORT and len(entry["text_fr"]) <= SHORT
    assert entry["text"] != entry["text_fr"]


def test_every_character_and_provision_has_names_and_texts_in_both_languages():
    assert len(CHARACTERS) == 6 and len(PROVISIONS) == 15
    for entry in list(CHARACTERS.values()) + list(PROVISIONS.values()):
        check_texts(entry)


def test_love_hate_cards_and_the_secret_cases_have_texts():
    for key in ("love", "hate"):
        check_texts(DATA["secret_cards"][key])
    for case in ("narcissist", "psychopath", "ambivalent"):
        check_texts(DATA["secret_cases"][case])
    assert DATA["navigation_card_name"]["name_fr"]


def test_texts_say_what_the_rules_data_says():
    """Spot checks against the numbers the engine plays by."""
    for kind in ("oar", "blackjack", "knife", "gaffing_hook"):
        bonus = f"+{PROVISIONS[kind]['weapon_bonus']}"
        assert bonus in PROVISIONS[kind]["text"] and bonus in PROVISIONS[kind]["text_fr"]
    assert "+8" in PROVISIONS["flare_gun"]["text"] and "3" in PROVISIONS["flare_gun"]["text_fr"]
    assert "1, 4 or 8" in PROVISIONS["jewels"]["text"]
    assert "2, 8 ou 16" in CHARACTERS["lady_lauren"]["text_fr"]
    assert len(NAVIGATION) == 24


def test_lobby_option_specs_carry_no_developer_notes():
    specs = engine.GAMES["lifeboat"].public()["option_specs"]
    assert set(specs) == {"removed_characters", "painting_values", "turn_limit", "reveal_seconds",
                          "window_seconds"}
    text = repr(specs).lower()
    for word in ("note", "meaning", "assumed", "a1", "spec"):
        assert word not in text, word
    assert specs["removed_characters"]["subset_of"] == DATA["seat_order_start"]
