"""The Lifeboats page modules on their own: shared helper files identical on both pages,
English and French complete, and every preview scenario (payloads made by the real engine)
renders on the TV and on a phone, in both languages, without a page error and without
turning a player's name into markup."""
import filecmp
import json
import re
import subprocess
import sys

import pytest

from tests.browser.conftest import ROOT

HERE = ROOT / "tests" / "browser" / "lifeboats_preview"
sys.path.insert(0, str(HERE))


def test_the_helper_files_are_the_same_on_both_pages():
    for name in ("common.js", "strings.js"):
        assert filecmp.cmp(ROOT / "table_web/games/lifeboats" / name,
                           ROOT / "controller_web/games/lifeboats" / name, shallow=False), name


def test_english_and_french_have_the_same_keys_and_placeholders():
    node = subprocess.run(
        ["node", "--input-type=module", "-e",
         "import {strings} from './table_web/games/lifeboats/strings.js';"
         "console.log(JSON.stringify(strings));"],
        cwd=ROOT, capture_output=True, text=True)
    if node.returncode != 0:
        pytest.skip("node is not available")
    strings = json.loads(node.stdout)
    assert set(strings["en"]) == set(strings["fr"])
    for key, text in strings["en"].items():
        assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", strings["fr"][key])), key
    # Every key sits under the game's name, or is one of the lobby's keys for this game.
    assert all(k.startswith(("lifeboats.", "game.lifeboats.", "options.lifeboats.")) for k in strings["en"])


@pytest.fixture(scope="module")
def preview():
    import lb_preview_server as preview_server
    srv = preview_server.start()
    yield f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    srv.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_scenario_renders_on_both_pages(browser, preview, lang):
    import lb_scenarios as scenarios
    errors = []
    for kind, size in (("table", {"width": 1920, "height": 1080}), ("phone", {"width": 390, "height": 844})):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{kind}: {e}"))
        for name in scenarios.SCENARIOS:
            page.goto(f"{preview}?page={kind}&s={name}&lang={lang}")
            page.wait_for_function("window.__ready === true")
            root = page.locator("#root")
            assert root.locator(".lb-table, .lb-phone").count() == 1, (kind, name)
            # "<b>Cy</b>" is a player's name: shown as text, never as markup.
            assert root.locator("b b, .lb-who b > b").count() == 0
            if kind == "table":
                assert "<b>Cy</b>" in root.inner_text()
            text = root.inner_text()
            assert "undefined" not in text and "lifeboats." not in text, (kind, name, lang)
            assert not re.search(r"\{\w+\}", text), (kind, name, lang)
        ctx.close()
    assert not errors, errors
