"""Screenshot preview scenarios into test-artifacts/galerapagos/ (dev helper; the test
test_galerapagos_modules.py does the same for every scenario).
    python shoot.py [table|phone] [en|fr] [WxH] [scenario ...]"""
import os
import sys

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gp_preview_server as server  # noqa: E402
import gp_scenarios as scenarios  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


def main(names, pages=("table", "phone"), lang="en", size=None, open_card=False):
    out = os.path.join(server.REPO, "test-artifacts", "galerapagos")
    os.makedirs(out, exist_ok=True)
    srv = server.start()
    base = f"http://127.0.0.1:{srv.server_port}/gpreview/preview.html"
    errors = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for kind in pages:
            vp = size if kind == "table" and size else ({"width": 1920, "height": 1080} if kind == "table" else {"width": 390, "height": 844})
            ctx = b.new_context(viewport=vp)
            pg = ctx.new_page()
            pg.on("pageerror", lambda e: errors.append(str(e)))
            for name in names:
                pg.goto(f"{base}?page={kind}&s={name}&lang={lang}")
                pg.wait_for_function("window.__ready === true", timeout=20000)
                pg.wait_for_timeout(400)
                tag = f"{vp['width']}x{vp['height']}"
                pg.screenshot(path=os.path.join(out, f"{kind}-{name}-{lang}-{tag}.png"), full_page=kind == "phone")
                if kind == "phone" and open_card and pg.locator(".gp-hcard:not([disabled])").count():
                    pg.locator(".gp-hcard:not([disabled])").first.click()
                    pg.screenshot(path=os.path.join(out, f"{kind}-{name}-{lang}-sheet.png"))
            ctx.close()
        b.close()
    srv.shutdown()
    return errors


if __name__ == "__main__":
    args = sys.argv[1:]
    pages = ("table", "phone")
    lang, size, sheet = "en", None, False
    if args and args[0] in ("table", "phone"):
        pages = (args.pop(0),)
    if args and args[0] in ("en", "fr"):
        lang = args.pop(0)
    if args and "x" in args[0] and args[0][0].isdigit():
        w, hh = args.pop(0).split("x")
        size = {"width": int(w), "height": int(hh)}
    if args and args[0] == "sheet":
        sheet = bool(args.pop(0))
    errs = main(args or scenarios.SCENARIOS, pages, lang, size, sheet)
    print("\n".join(errs) or "no errors")
