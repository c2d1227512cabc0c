"""The Lifeboat page modules on their own: English and French complete, and every engine-made
scenario (each phase, action step, fight state, window kind, private log kind, 4 and 6 players)
renders on the TV and on a phone, in both languages, without a page error or an untranslated
key; the TV fits 1280x720 and 1920x1080 with no scrolling; on the phone the first button of
the decision at hand is on the 390x844 screen. Screenshots: test-artifacts/lifeboat/."""
import re
import sys

import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import assert_catalog_parity
from tests.browser.conftest import ARTIFACTS, ROOT

HERE = ROOT / "tests" / "browser" / "lifeboat_preview"
sys.path.insert(0, str(HERE))

RAW = re.compile(r"\b(?:lifeboat\.|kind\.|char\.|state\.|nav\.|do\.|bd\.|log\.|plog\.|undefined|null|NaN|nav\d\d)\S*|\{\w+\}")


def test_english_and_french_have_the_same_keys_and_placeholders():
    assert_catalog_parity("lifeboat")


@pytest.fixture(scope="module")
def preview():
    import lbt_scenarios as scenarios
    srv = preview_page.start("lifeboat", scenarios, str(HERE))
    yield f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    srv.shutdown()


SIZES = {"table": [{"width": 1280, "height": 720}, {"width": 1920, "height": 1080}],
         "phone": [{"width": 390, "height": 844}]}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", ["table", "phone"])
def test_every_scenario_renders(browser, preview, kind, lang):
    import lbt_scenarios as scenarios
    out = ARTIFACTS / "lifeboat"
    out.mkdir(parents=True, exist_ok=True)
    errors = []
    for size in SIZES[kind]:
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{kind}: {e}"))
        for name in scenarios.SCENARIOS:
            page.goto(f"{preview}?page={kind}&s={name}&lang={lang}")
            page.wait_for_function("window.__ready === true", timeout=30_000)
            root = page.locator("#root")
            assert root.locator(".lbv, .lbp").count() == 1, (kind, name)
            text = root.inner_text()
            assert not RAW.findall(text), (kind, name, lang, RAW.findall(text))
            # "<b>Cy</b>" is a player's name: text, never markup.
            assert root.locator(".lbt-who b b").count() == 0
            if kind == "table":
                assert "<b>Cy</b>" in text
                over = page.evaluate("() => [document.documentElement.scrollWidth - innerWidth,"
                                     " document.documentElement.scrollHeight - innerHeight]")
                assert over[0] <= 0 and over[1] <= 0, (name, size, over)
                # ...and fills it: the board is scaled up to the box below the header, not a
                # thumbnail in a corner of the screen.
                board = root.locator(".lbv").bounding_box()
                fill = max(board["width"] / size["width"], board["height"] / (size["height"] - 64))
                assert fill >= 0.95, (name, size, board)
            else:
                msg = page.evaluate("window.__msg")
                main = [a for a in msg["legal_actions"]
                        if a["type"] != "show" and not a["type"].startswith("trade_")]
                if main and not msg["over"]:
                    first = root.locator(".lbp-action button").first
                    box = first.bounding_box()
                    assert box and box["y"] + box["height"] <= size["height"], (name, lang, box)
            page.screenshot(path=str(out / f"{kind}-{size['width']}-{name}-{lang}.png"))
        ctx.close()
    assert not errors, errors


@pytest.mark.parametrize("lang,words", [("en", "is unconscious; in his hand"),
                                        ("fr", "est inconscient ; dans sa main")])
def test_what_may_be_played_for_an_unconscious_character_is_on_both_pages(browser, preview, lang,
                                                                           words):
    """Issue 21: the counts of water, medical kits and life preservers in an unconscious
    character's hand are public: on his card on the TV, on the phones' boat picture, with a
    sentence naming him."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    for kind in ("table", "phone"):
        page.goto(f"{preview}?page={kind}&s=medical_kit_his_6p&lang={lang}")
        page.wait_for_function("window.__ready === true", timeout=30_000)
        view = page.evaluate("window.__msg.view")
        out = [c for c in view["characters"] if c.get("hand_public")]
        assert out and all(c["state"] == "unconscious" for c in out)
        for c in out:
            block = page.locator(f"[data-testid=forhim-{c['seat']}]")
            shown = {k: int(block.locator(f"[data-kind={k}]").get_attribute("data-n"))
                     for k in ("water", "medical_kit", "life_preserver")}
            assert shown == c["hand_public"]
            if kind == "phone":
                line = page.locator(f"[data-testid=lbp-forhim-{c['seat']}]").inner_text()
                assert words in line and "×" in line
        conscious = [c for c in view["characters"] if c["state"] == "conscious"]
        assert page.locator(f"[data-testid=forhim-{conscious[0]['seat']}]").count() == 0
    ctx.close()
