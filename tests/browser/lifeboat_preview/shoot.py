"""Screenshot preview scenarios into test-artifacts/lifeboat/: the TV at 1280x720 and
1920x1080, the phone at 390x844, in English and French.
Usage: python shoot.py [table|phone] [en|fr] [scenario ...]"""
import os
import sys

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lbt_scenarios as scenarios  # noqa: E402
import lbt_preview_server as server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
SIZES = {"table": [(1280, 720), (1920, 1080)], "phone": [(390, 844)]}


def main(names, pages=("table", "phone"), langs=("en",), sizes=None):
    out = os.path.join(server.REPO, "test-artifacts", "lifeboat")
    os.makedirs(out, exist_ok=True)
    srv = server.start()
    base = f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    errors = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for kind in pages:
            for w, hgt in (sizes or SIZES[kind]):
                ctx = b.new_context(viewport={"width": w, "height": hgt})
                pg = ctx.new_page()
                pg.on("pageerror", lambda e: errors.append(str(e)))
                pg.on("console", lambda m: m.type == "error" and errors.append(m.text))
                for lang in langs:
                    for name in names:
                        pg.goto(f"{base}?page={kind}&s={name}&lang={lang}")
                        pg.wait_for_function("window.__ready === true", timeout=20000)
                        pg.screenshot(path=os.path.join(out, f"{kind}-{w}-{name}-{lang}.png"))
                ctx.close()
        b.close()
    srv.shutdown()
    return errors


if __name__ == "__main__":
    args = sys.argv[1:]
    pages = ("table", "phone")
    langs = ("en",)
    if args and args[0] in ("table", "phone"):
        pages = (args.pop(0),)
    if args and args[0] in ("en", "fr"):
        langs = (args.pop(0),)
    print("\n".join(main(args or scenarios.SCENARIOS, pages, langs)) or "no errors")
