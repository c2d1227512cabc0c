"""Screenshot every preview scenario (table 1920x1080, phone 390x844) into test-artifacts/."""
import os
import sys

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lb_preview_server as server  # noqa: E402
import lb_scenarios as scenarios  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


def main(names, pages=("table", "phone"), lang="en"):
    out = os.path.join(server.REPO, "test-artifacts", "preview")
    os.makedirs(out, exist_ok=True)
    srv = server.start()
    base = f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    errors = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for page_kind in pages:
            size = {"width": 1920, "height": 1080} if page_kind == "table" else {"width": 390, "height": 844}
            ctx = b.new_context(viewport=size, device_scale_factor=1)
            pg = ctx.new_page()
            pg.on("pageerror", lambda e: errors.append(str(e)))
            pg.on("console", lambda m: m.type == "error" and errors.append(m.text))
            for name in names:
                pg.goto(f"{base}?page={page_kind}&s={name}&lang={lang}")
                pg.wait_for_function("window.__ready === true", timeout=10000)
                pg.wait_for_timeout(1500)
                pg.screenshot(path=os.path.join(out, f"{page_kind}-{name}-{lang}.png"),
                              full_page=page_kind == "phone")
            ctx.close()
        b.close()
    srv.shutdown()
    return errors


if __name__ == "__main__":
    args = sys.argv[1:]
    pages = ("table", "phone")
    lang = "en"
    if args and args[0] in ("table", "phone"):
        pages = (args.pop(0),)
    if args and args[0] in ("en", "fr"):
        lang = args.pop(0)
    errs = main(args or scenarios.SCENARIOS, pages, lang)
    print("\n".join(errs) or "no errors")
