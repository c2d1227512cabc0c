"""The phone's backdrop (issue 24, a phone's frame): the sand gradient fixed to the screen is the
root's background, painted in the viewport's own layer, not <body>'s, whose fixed background
Chromium composited as a layer of its own and under which it split the page into a second
content layer, two more layers for every frame to layerize and commit. The same pixels as the
old rule, at the top of a tall page and scrolled down it, in English and in French."""

import pytest

from tests.browser.helpers import shots_with_and_without, tall_phone

OLD_BACKDROP = """html { background: var(--sand) !important; }
.page-phone { background: linear-gradient(180deg, var(--sand) 0%, #efe2c6 100%) !important;
              background-attachment: fixed !important; }"""


def layers(page):
    """The composited layers: [(the element's local name or '', draws content)]."""
    cdp = page.context.new_cdp_session(page)
    got = []
    cdp.on("LayerTree.layerTreeDidChange", lambda p: got.append(p.get("layers") or []))
    cdp.send("LayerTree.enable")
    cdp.send("DOM.getDocument", {"depth": 0})
    # the tree is reported on a commit: paint something (a colour nobody sees) until one comes
    for i in range(50):
        page.evaluate("""i => { document.documentElement.style.setProperty('--tall-bg', `rgba(0, 0, 0, 0.00${i % 2})`);
          return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))); }""", i)
        if got:
            break
    page.evaluate("document.documentElement.style.removeProperty('--tall-bg')")
    assert got, "no layer tree reported"
    out = []
    for layer in got[-1]:
        name = ""
        if layer.get("backendNodeId"):
            try:
                name = cdp.send("DOM.describeNode", {"backendNodeId": layer["backendNodeId"]})["node"].get("localName", "")
            except Exception:   # noqa: BLE001 (a node gone since)
                name = "?"
        out.append((name, bool(layer.get("drawsContent"))))
    cdp.send("LayerTree.disable")
    cdp.detach()
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_phone_backdrop_is_the_roots_and_looks_the_same(open_table, open_phone, lang):
    phone = tall_phone(open_table, open_phone, lang)

    drawn = layers(phone)
    assert not [d for d in drawn if d[0] == "body"], drawn

    now, before = shots_with_and_without(phone, OLD_BACKDROP)
    style = phone.add_style_tag(content=OLD_BACKDROP)
    assert [d for d in layers(phone) if d[0] == "body"], "the old rule no longer makes a layer: this test proves nothing"
    style.evaluate("s => s.remove()")
    assert now[0] == before[0], "the top of the page differs from the old backdrop's"
    assert now[1] == before[1], "the page scrolled differs from the old backdrop's"
