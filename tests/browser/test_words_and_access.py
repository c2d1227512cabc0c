"""Every preview scenario of the three games (payloads made by the real engine), TV and phone,
English and French, read as a person would (issue 19: 6, 12, 13) and audited with axe-core:

- no visible text says "(s)", no number is followed by the wrong plural form ("1 points",
  "2 carte"), no raw key or placeholder shows;
- no word is cut by overflow: an element holding text whose scrollWidth exceeds its
  clientWidth while its overflow is hidden (an ellipsis too is a cut);
- axe-core (axe-playwright-python) finds no violation of impact "serious" or "critical" in
  what the module draws (the preview's own shell is not a page of the product).

One browser and one page per game and screen: the scenarios are walked in a loop (each built
once), and every problem is listed before the test fails. The TV is walked at 1280x720 (its
tightest screen; the module tests also draw every scenario at 1920x1080). The page is loaded
once, each scenario drawn on it as a new game (window.__show) and read in English, then drawn
again in French (window.__lang). axe audits a
drawing when it holds a part (element, class, colours) no earlier drawing had: an audit costs
about two seconds, and contrast and roles depend on the parts, not on the words. The
platform's own pages (lobby, join page, rules) are audited in test_platform_pages_pass_axe.
"""
import importlib
import re
import sys

import pytest

from tests.browser import preview as preview_page
from tests.browser.conftest import ROOT, TIMEOUT_MS

pytestmark = pytest.mark.browser

GAMES = {
    "lifeboats": ("lifeboats_preview", "lb_scenarios"),
    "lifeboat": ("lifeboat_preview", "lbt_scenarios"),
    "galerapagos": ("galerapagos_preview", "gp_scenarios"),
}
SIZES = {"table": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}
SERIOUS = ("serious", "critical")

# Countable words of the three games: a count in front of them must agree.
NOUNS = {
    "en": ["point", "castaway", "ball", "card", "wound", "ration", "seagull", "vote", "hat", "leak",
           "action", "oar", "player", "navigation card", "wreck card", "weather card", "place"],
    "fr": ["point", "naufragé", "boule", "carte", "blessure", "ration", "mouette", "chapeau",
           "voie d'eau", "action", "rame", "joueur", "place", "noyé", "sauvé"],
}


def plural_of(word, lang):
    if lang == "fr" and word.endswith("eau"):
        return word + "x"
    if lang == "fr" and word == "voie d'eau":
        return "voies d'eau"
    return word + "s"


def wrong_plurals(text, lang):
    """Numbers followed by the wrong form: English takes the singular for 1 only, French for
    0 and 1 (Intl.PluralRules)."""
    found = []
    single = "1" if lang == "en" else "[01]"
    for word in NOUNS[lang]:
        many = plural_of(word, lang)
        one_re = rf"(?<![\d.,/×#°])\b{single}\s+{re.escape(many)}\b"
        many_re = rf"(?<![\d.,/×#°])\b(?:{'0|' if lang == 'en' else ''}[2-9]|[1-9]\d+)\s+{re.escape(word)}(?![\w'])"
        found += re.findall(one_re, text) + re.findall(many_re, text)
    return found


# Visible text of the module, and the elements whose text is cut by their own overflow.
READ = """() => {
  const root = document.getElementById('root');
  const clipped = [];
  for (const el of root.querySelectorAll('*')) {
    if (!el.getClientRects().length) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const cs = getComputedStyle(el);
    const hidden = ['hidden', 'clip'].includes(cs.overflowX) || cs.textOverflow === 'ellipsis';
    if (hidden && el.scrollWidth > el.clientWidth + 1) {
      clipped.push(`${el.className || el.tagName}: "${el.textContent.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  return { text: root.innerText, clipped };
}"""


NAMED = "() => !/\\b(card|cardtext|char|kind|nav|state)\\.[a-z]/.test(document.getElementById('root').innerText)"


def _scenarios(game):
    folder, module = GAMES[game]
    path = str(ROOT / "tests" / "browser" / folder)
    if path not in sys.path:
        sys.path.insert(0, path)
    # preview.start makes each payload once per process (preview.built)
    return importlib.import_module(module), path


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe
    return Axe()


# True once the window has not scrolled for five frames (a smooth scroll lasts a few hundred ms).
STILL = """() => {
  const s = window.__still || (window.__still = { y: -1, frames: 0 });
  if (s.y === window.scrollY) s.frames += 1; else { s.y = window.scrollY; s.frames = 0; }
  return s.frames >= 5;
}"""


def serious(page, context=None):
    """The serious and critical axe violations of the page (axe injected by add_init_script).
    Entrance animations and transitions are finished first: axe reads colours as drawn, and a
    label fading in reads as low contrast on a loaded machine (seen under two test workers).
    A smooth scroll to the new decision is let end too: midway, the strip under the phone's sticky
    header read as low contrast against the header (lifeboat phone, answer_mug, one CI run)."""
    page.evaluate("""() => document.getAnimations().forEach((a) => {
        if (a.effect && a.effect.getComputedTiming().iterations !== Infinity) a.finish(); })""")
    page.evaluate("() => { window.__still = null; }")
    page.wait_for_function(STILL, polling="raf")
    violations = page.evaluate(
        "c => axe.run(c || document, {resultTypes: ['violations']}).then(r => r.violations)", context)
    out = []
    for v in violations:
        if v["impact"] in SERIOUS:
            targets = [n["target"] for n in v["nodes"]][:3]
            out.append(f"{v['id']} ({v['impact']}): {targets}")
    return out


# What axe has audited already: (parent class, tag, class, style) of every element drawn. A
# scenario whose every element was audited in an earlier one (the same parts, the same colours)
# is not audited again: colour contrast and roles depend on these, not on the words.
LOOKS = """() => [...document.getElementById('root').querySelectorAll('*')].map((el) =>
  `${el.parentElement.className}|${el.tagName}|${el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className}|${el.getAttribute('style') || ''}`)"""


def _read(page, where, lang, problems):
    try:       # card and character names come from the data file: drawn again then
        page.wait_for_function(NAMED, timeout=5_000)
    except Exception:
        problems.append(f"{where}: a raw key shows")
    seen = page.evaluate(READ)
    text = seen["text"]
    if "(s)" in text or "(x)" in text:
        problems.append(f"{where}: '(s)' in {text[text.find('('):][:40]!r}")
    if ", plural," in text or re.search(r"\{\w+\}", text):
        problems.append(f"{where}: a placeholder shows")
    for bad in wrong_plurals(text, lang):
        problems.append(f"{where}: wrong plural {bad!r}")
    for cut in seen["clipped"]:
        problems.append(f"{where}: cut {cut}")


@pytest.mark.parametrize("kind", ["table", "phone"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_scenario_reads_right_and_passes_axe(browser, axe, game, kind):
    scenarios, folder = _scenarios(game)
    srv = preview_page.start(game, scenarios, folder)
    base = f"http://127.0.0.1:{srv.server_port}/preview/preview.html"
    problems, errors, audited = [], [], set()
    ctx = browser.new_context(viewport=SIZES[kind], is_mobile=kind == "phone", has_touch=kind == "phone")
    ctx.add_init_script(axe.axe_script)
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for name in preview_page.scenarios_on(page, base, kind, scenarios.SCENARIOS):
            for lang in ("en", "fr"):
                where = f"{kind} {lang} {name}"
                if lang != "en":
                    page.evaluate("l => window.__lang(l)", lang)
                _read(page, where, lang, problems)
                looks = set(page.evaluate(LOOKS))
                if not looks <= audited:
                    audited |= looks
                    for v in serious(page, "#root"):
                        problems.append(f"{where}: axe {v}")
    finally:
        ctx.close()
        srv.shutdown()
    assert not errors, errors
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def test_wrong_plurals_are_seen():
    """The checker itself: it sees the defects of issue 19.12 and passes the right forms."""
    assert wrong_plurals("You are on the raft: 1 points.", "en")
    assert wrong_plurals("Game over: 1 castaways sailed away", "en")
    assert wrong_plurals("+1 balls", "en") and wrong_plurals("+1 boules", "fr")
    assert wrong_plurals("2 carte", "fr")
    assert not wrong_plurals("1 point, 0 points, 2 cards, +1 ball, row 1/3 points", "en")
    assert not wrong_plurals("0 point, 1 boule, 2 cartes, 3 chapeaux", "fr")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_platform_pages_pass_axe(browser, axe, live_server, lang):
    """The TV lobby, the join page (/j), a phone's name form and lobby, and the rules pages of
    the three games: no serious or critical axe violation."""
    problems = []
    locale = "fr-FR" if lang == "fr" else "en-US"
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale)
    phone_ctx = browser.new_context(viewport=SIZES["phone"], is_mobile=True, has_touch=True, locale=locale)
    try:
        for c in (tv_ctx, phone_ctx):
            c.add_init_script(axe.axe_script)
            c.set_default_timeout(TIMEOUT_MS)
        tv = tv_ctx.new_page()
        tv.goto(live_server + "/")
        tv.locator("#room-code").wait_for()
        code = tv.locator("#room-code").inner_text().strip()
        problems += [f"tv lobby: {v}" for v in serious(tv)]
        phone = phone_ctx.new_page()
        phone.goto(live_server + "/j")
        phone.locator("#code").wait_for()
        problems += [f"join page /j: {v}" for v in serious(phone)]
        phone.goto(f"{live_server}/j/{code}")
        phone.locator("#name").wait_for()
        problems += [f"phone name form: {v}" for v in serious(phone)]
        phone.fill("#name", "Zoé")
        phone.click("#join")
        phone.locator("#you").wait_for()
        problems += [f"phone lobby: {v}" for v in serious(phone)]
        tv.locator(".lobby-panel .player").first.wait_for()
        problems += [f"tv lobby with a player: {v}" for v in serious(tv)]
        for game in GAMES:
            phone.goto(f"{live_server}/rules/{game}?lang={lang}")
            problems += [f"rules {game}: {v}" for v in serious(phone)]
    finally:
        tv_ctx.close()
        phone_ctx.close()
    assert not problems, "\n".join(problems)
