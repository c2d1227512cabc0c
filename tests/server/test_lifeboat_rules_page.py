"""The Lifeboat rules page (issue 11): served in English and French at /rules/lifeboat, with the
corrected ruling on unconscious characters, and the card texts at /games/lifeboat/data.json."""
import pytest


@pytest.fixture
def http(server):
    return server.app.test_client()


def test_rules_page_in_english_and_french(http):
    en = http.get("/rules/lifeboat?lang=en")
    fr = http.get("/rules/lifeboat?lang=fr")
    assert en.status_code == 200 and fr.status_code == 200
    en, fr = en.get_data(as_text=True), fr.get_data(as_text=True)
    assert '<html lang="en">' in en and '<html lang="fr">' in fr
    assert "Lifeboat" in en and "Les Naufragés du Titanic" in fr
    assert 'href="?lang=fr"' in en and 'href="?lang=en"' in fr
    # The corrected ruling (issue 11) and the scoring cases are stated in both
    assert "use his medical kit on him" in en and "utiliser sa trousse de secours sur" in fr
    for word in ("Narcissist", "Psychopath", "Ambivalent"):
        assert word in en
    for word in ("Narcissique", "Psychopathe", "Ambivalent"):
        assert word in fr
    assert http.get("/rules/lifeboat").get_data(as_text=True) == en


def test_card_texts_are_served_for_the_pages(http):
    data = http.get("/games/lifeboat/data.json").get_json()
    kid = next(c for c in data["characters"] if c["id"] == "kid")
    assert kid["name_fr"] == "Le Gamin" and kid["text_fr"]
    assert all(p["text"] and p["text_fr"] for p in data["provisions"])
