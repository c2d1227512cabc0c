"""The phone's header (issue 24): a sticky bar whose paint area Chromium sized from the page's
whole height (its cull rect: the page's height and 4000 px around), so a page that grew or shrank
by a line painted the header again though nothing in it changed, on about half the updates of
every game's phone. Its clip (phone.css) bounds that area to its own box. Here: the page below it
changes height frame after frame and the header is not painted again (and is, without the clip:
the test measures something); the same pixels at the top and scrolled, in English and French."""

import pytest

from tests.browser.helpers import shots_with_and_without, stamps, tall_phone, trace

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]
UNCLIPPED = ".page-phone .topbar { clip-path: none !important; }"


def header_paints(phone):
    """The times the header's layer is re-recorded while the page under it changes height, a
    frame at a time."""
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("DOM.getDocument", {"depth": 0})
    found = cdp.send("Runtime.evaluate", {"expression": "document.querySelector('header.topbar')"})["result"]
    header = cdp.send("DOM.describeNode", {"objectId": found["objectId"]})["node"]["backendNodeId"]

    def run():
        phone.evaluate("() => console.timeStamp('header-paint')")
        phone.evaluate("""async () => {
          for (let i = 1; i <= 12; i++) {
            document.documentElement.style.setProperty('--tall', `${2400 + (i % 2 ? 40 * i : -30 * i)}px`);
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          }
        }""")
    events = trace(phone, run, CATEGORIES, cdp)
    cdp.detach()
    marks = stamps(events, "header-paint")
    assert marks, "the page's mark is not in the trace"
    thread = (marks[0][2], marks[0][3])
    return sum(1 for e in events if e.get("name") == "Paint" and (e.get("pid"), e.get("tid")) == thread
               and e.get("args", {}).get("data", {}).get("nodeId") == header)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_phone_header_is_not_painted_again_when_the_page_changes_height(open_table, open_phone, lang):
    phone = tall_phone(open_table, open_phone, lang)
    assert phone.locator("header.topbar").evaluate("h => getComputedStyle(h).position") == "sticky"

    assert header_paints(phone) == 0, "the header was painted again though nothing in it changed"

    now, before = shots_with_and_without(phone, UNCLIPPED)
    style = phone.add_style_tag(content=UNCLIPPED)
    assert header_paints(phone) > 0, "without its clip the header is not painted again: this test proves nothing"
    style.evaluate("s => s.remove()")
    assert now[0] == before[0], "the top of the page differs from the header without its clip"
    assert now[1] == before[1], "the page scrolled, under the header, differs from the header without its clip"
