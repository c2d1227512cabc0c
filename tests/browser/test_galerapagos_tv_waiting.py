"""The Galèrapagos TV's "waiting for" banner with one castaway waited for (a castaway's turn, its
commonest update) holds every castaway's name, and the banner's data-wf<seat> shows the one
waited for (issue 24: the banner was built on 0.65-0.70 of updates). A turn passing on keeps the
banner's words (the same nodes, no part built) and reads as the one-name sentence for the new
castaway, in English and in French, its ARIA label too; several waited for are listed with
"and" / "et"."""
import json
import pathlib
import re

import pytest

from tests.browser import preview as preview_page
from tests.browser.test_galerapagos_modules import _open_tv

preview = preview_page.served("galerapagos", "gp_scenarios")

ROOT = pathlib.Path(__file__).resolve().parents[2]

# The banner as shown: its visible words, its ARIA label, its data-wf flags set, and whether its
# words are the node marked before the update.
_BANNER = """() => {
  const b = document.querySelector('.gt-now [data-testid=waiting-for]');
  if (!b) return null;
  const words = b.querySelector('.wf-text');
  return { text: b.innerText.trim(), label: b.getAttribute('aria-label'),
           on: Object.keys(b.dataset).filter((k) => /^wf\\d+$/.test(k) && b.dataset[k] === '1').map((k) => Number(k.slice(2))),
           kept: Boolean(words && words.__mark) };
}"""


def test_every_seat_has_its_name_rule():
    most = json.loads((ROOT / "engine" / "galerapagos" / "data.json").read_text())["players"]["max"]
    css = (ROOT / "server" / "static" / "css" / "moments.css").read_text()
    pairs = re.findall(r'\.wf-banner\[data-wf(\d+)="1"\]\s*\.wf-who\s*>\s*\.wf-n(\d+)\b', css)
    assert all(a == b for a, b in pairs), pairs
    assert sorted(int(a) for a, _ in pairs) == list(range(most)), (pairs, most)


@pytest.mark.browser
@pytest.mark.parametrize("lang, one, two", [("en", "Waiting for {}", "Waiting for {} and {}"),
                                            ("fr", "On attend {}", "On attend {} et {}")])
def test_a_turn_passing_on_keeps_the_banners_words(browser, preview, lang, one, two):
    page, errors, data = _open_tv(browser, preview, "step")
    if lang != "en":
        page.evaluate("l => window.__lang(l)", lang)
    view = data["view"]
    name = {c["seat"]: c["name"] for c in view["castaways"]} if "name" in view["castaways"][0] else {
        c["seat"]: view["players"][c["seat"]] for c in view["castaways"]}
    seat = data["waiting_for"][0]
    assert data["waiting_for"] == [seat] and view["stage"]["kind"] == "step"
    page.evaluate("""() => { const w = document.querySelector('.gt-now [data-testid=waiting-for] .wf-text'); w.__mark = true; }""")
    got = page.evaluate(_BANNER)
    assert got == {"text": one.format(name[seat]), "label": one.format(name[seat]), "on": [seat], "kept": True}, got

    # the turn passes on, to each other castaway in turn: the same words, another name shown
    for other in [c["seat"] for c in view["castaways"] if c["alive"] and c["seat"] != seat]:
        data["version"] += 1
        data["events"] = []
        data["waiting_for"] = view["waiting_for"] = [other]
        view["stage"]["seat"] = other
        page.evaluate("m => window.__rerender(m)", data)
        got = page.evaluate(_BANNER)
        assert got == {"text": one.format(name[other]), "label": one.format(name[other]), "on": [other], "kept": True}, got

    # two castaways waited for: both listed, no flag set
    a, b = [c["seat"] for c in view["castaways"] if c["alive"]][:2]
    data["version"] += 1
    data["waiting_for"] = view["waiting_for"] = [a, b]
    page.evaluate("m => window.__rerender(m)", data)
    got = page.evaluate(_BANNER)
    assert got["text"] == two.format(name[a], name[b]) and got["label"] == got["text"] and got["on"] == [], got
    assert not errors, errors
    page.close()
