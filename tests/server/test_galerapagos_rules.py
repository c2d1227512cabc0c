"""The Galèrapagos rules page (issue 10): served in English and French at /rules/galerapagos,
naming every phase, the two endings, the votes and the corrected zero check."""
import re

import pytest

from server import routes

KEY_WORDS = {
    "en": ["Dawn", "Weather", "Actions", "Survival", "Evening", "Departure", "hurricane",
           "Fish", "Collect water", "Wood", "Search the wreck", "sacrifice", "tie",
           "once, when the survival phase starts", "no vote", "Ready", "Cooperative"],
    "fr": ["aube", "météo", "actions", "survie", "soir", "départ", "ouragan",
           "Pêcher", "Récolter l'eau", "bois", "Fouiller l'épave", "vote", "égalité",
           "une seule fois, au début de la phase de survie", "pas de vote", "Prêt", "Coopératif"],
}


@pytest.fixture
def http(server):
    return server.app.test_client()


def text_of(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_page_is_served_in_both_languages_and_names_the_key_phases(http, lang):
    response = http.get(f"/rules/galerapagos?lang={lang}")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert html == (routes.RULES_DIR / f"galerapagos.{lang}.html").read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in html
    text = text_of(html)
    missing = [word for word in KEY_WORDS[lang] if word.lower() not in text.lower()]
    assert not missing, missing




def test_english_is_served_without_a_language(http):
    assert http.get("/rules/galerapagos").get_data(as_text=True) == (
        routes.RULES_DIR / "galerapagos.en.html").read_text(encoding="utf-8")


def test_the_rules_pages_share_one_stylesheet(http):
    for page in ("galerapagos.en", "galerapagos.fr", "lifeboats.en", "lifeboats.fr"):
        html = (routes.RULES_DIR / f"{page}.html").read_text(encoding="utf-8")
        assert '<link rel="stylesheet" href="/phone/rules/rules.css">' in html
        assert "<style>" not in html
    response = http.get("/phone/rules/rules.css")
    assert response.status_code == 200 and b"main {" in response.data
