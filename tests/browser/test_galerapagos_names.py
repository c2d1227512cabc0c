"""A list of castaways in a sentence ("Waiting for Ann, Ben and Cy"): a line may break after a
name's chip as after a word, and the comma that follows a name stays on the name's line; it
never starts the next line (the French vote screen read "…Cy / , Dee et Émilie"). The words are
the same: the sentence reads "Ann, Ben and Cy"."""
import pytest

from tests.browser.helpers import new_page

pytestmark = pytest.mark.browser

_LIST = """async ([width, n, sheet]) => {
  const { names } = await import('/static/games/galerapagos/common.js');
  // the page's own stylesheet (a chip is an inline box there)
  await new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: sheet, onload: resolve, onerror: reject });
    document.head.append(link);
  });
  const colours = ['#c0392b', '#2e86de', '#27ae60', '#f1c40f', '#8e44ad', '#e67e22', '#16a085', '#7f8c8d'];
  const ctx = { colourOf: (s) => ({ colour: colours[s], letter: 'ABCDEFGH'[s], name: ['Ana', 'Ben', 'Cy', 'Dee', 'Émilie-Françoise', 'Fu', 'Gus', 'Hana'][s] }) };
  const p = document.createElement('p');
  p.style.cssText = `width:${width}px;font:20px sans-serif;position:absolute;left:0;top:0;background:#fff`;
  p.append('Still voting: ', names(ctx, [...Array(n).keys()], (k) => ({ and: ' and ' })[k]));
  document.body.append(p);
  // every comma's box starts where its name ends: on the same line
  const starts = [];
  const walk = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const at = t.data.indexOf(',');
    if (at < 0) continue;
    const r = document.createRange();
    r.setStart(t, at); r.setEnd(t, at + 1);
    const comma = r.getBoundingClientRect();
    const name = (t.previousSibling || t.parentNode.previousSibling).getBoundingClientRect();
    starts.push(Math.abs(comma.left - name.right) < 2 && Math.abs(comma.bottom - name.bottom) < 12);
  }
  const words = p.cloneNode(true);
  for (const d of words.querySelectorAll('.gp-disc')) d.remove();   // a chip's disc: its letter
  const text = words.textContent;
  p.remove();
  return { starts, text };
}"""


@pytest.mark.parametrize("sheet", ["/phone/games/galerapagos.css", "/table/games/galerapagos.css"])
def test_a_comma_stays_with_its_name(browser, contexts, page_errors, live_server, sheet):
    """The phone's and the TV's chips, the sentence in boxes 150 to 400 px wide (every width
    where some line breaks at a name)."""
    page = new_page(browser, contexts, page_errors, {"width": 390, "height": 844}, "names")
    page.goto(live_server + "/")
    page.locator("#room-code").wait_for()
    for width in range(150, 401, 5):
        got = page.evaluate(_LIST, [width, 5, sheet])
        assert got["text"] == "Still voting: Ana, Ben, Cy, Dee and Émilie-Françoise"
        assert got["starts"] == [True, True, True], (width, got)
