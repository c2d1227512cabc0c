"""Screenshot the galerapagos preview scenarios into test-artifacts/galerapagos/ (tests/browser/preview.py).
    python shoot.py [table|phone] [en|fr] [WxH] [scenario ...]
A phone shot with a playable card is taken again with that card's sheet open (*-sheet.png)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import gp_scenarios as scenarios  # noqa: E402
import preview  # noqa: E402


def open_sheet(page, kind, name, path):
    card = page.locator(".gp-hcard:not([disabled])")
    if kind == "phone" and card.count():
        card.first.click()
        page.screenshot(path=path.replace(".png", "-sheet.png"))


if __name__ == "__main__":
    preview.shoot("galerapagos", scenarios, HERE, after=open_sheet)
