"""The Lifeboats phone draws its pawns, chips, names and boats' heads as glyphs, as the TV does
(issue 24, the phones at 4x): an image each, not an inline SVG root each, whose paint chunks
every update's pre-paint, paint and layerize walked. The page of a crowded board keeps a
handful of SVGs (my badge, the hats, the star, the leaks), in English and in French."""

import pytest

from tests.browser import preview as preview_page


preview = preview_page.served("lifeboats", "lb_scenarios")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_phone_draws_its_shapes_as_glyphs_not_svg(browser, preview, lang):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{preview}?page=phone&s=leave&lang={lang}")
    page.wait_for_function("window.__ready === true", timeout=30_000)
    # (SVGs drawn: the board kept hidden during my turn paints none of its leaks)
    svgs, glyphs, drawn, pawns = page.evaluate("""() => [[...document.querySelectorAll('.lb-phone svg')].filter((e) => e.getClientRects().length).length,
      document.querySelectorAll('.lb-phone .lb-glyph').length,
      [...document.querySelectorAll('.lb-phone .lb-glyph')].every((g) => getComputedStyle(g).backgroundImage.startsWith('url("data:image/png')),
      [...document.querySelectorAll('.lb-phone .lb-pawn')].every((p) => p.querySelector('.lb-glyph') && !p.querySelector('svg'))]""")
    assert svgs <= 8 and glyphs >= 30 and drawn and pawns, (svgs, glyphs, drawn, pawns)
    assert not errors, errors
    page.close()
