"""The pages' i18n catalogs: English and French say the same things with the same {params},
every key the platform's scripts ask for exists, and every protocol error code has a message.
(No browser needed; it lives here with the pages' other tests.)"""
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "server" / "static" / "i18n"
SCRIPTS = [*sorted((ROOT / "server" / "static" / "js").glob("*.js")),
           ROOT / "table_web" / "table.js", ROOT / "controller_web" / "phone.js"]
PROTOCOL_ERRORS = [
    "bad_payload", "unknown_room", "not_joined", "already_joined", "name_empty", "name_too_long",
    "name_taken", "not_host", "not_in_lobby", "not_playing", "unknown_game", "bad_options",
    "unknown_option", "bad_option", "player_count", "unknown_player", "no_seat", "has_seat",
    "bot_playing", "stale_version", "illegal_action", "seat_not_bot", "room_full", "internal",
    "option_range", "too_many_visitors",
]


def catalog(lang):
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


def params(text):
    from tests.browser.helpers import placeholders
    return sorted(placeholders(text))


def test_english_and_french_have_the_same_keys_and_params():
    en, fr = catalog("en"), catalog("fr")
    assert sorted(en) == sorted(fr)
    for key in en:
        assert params(en[key]) == params(fr[key]), key
        assert fr[key].strip(), key


def test_every_key_the_scripts_use_exists():
    en = catalog("en")
    used = set()
    for script in SCRIPTS:
        used |= set(re.findall(r"""\bt\(\s*["']([a-z_]+\.[a-z_.]+)["']""", script.read_text()))
    assert used, "no t(...) call found: the pattern is out of date"
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing
    for state in ("connecting", "connected", "reconnecting", "refused"):   # t(`conn.${state}`)
        assert f"conn.{state}" in en


def test_every_protocol_error_has_a_message():
    en = catalog("en")
    missing = [code for code in PROTOCOL_ERRORS if f"error.{code}" not in en]
    assert not missing, missing
    from server.errors import MESSAGES          # every code the server can send, too
    missing = [code for code in MESSAGES if f"error.{code}" not in en]
    assert not missing, missing
