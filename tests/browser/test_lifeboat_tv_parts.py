"""The Lifeboat TV builds what an update changes, in smaller parts (issue 24, the TV at 4x): a
provision drafted builds that castaway's hand, not his card's look (whose he is, the
character, his wounds and state) nor its marks; a castaway joining a fight builds his side,
not the other; a card drawn from a deck writes its count and builds no card backs until five
are left; and a box's marks (whom the table waits for, who is done) are attributes of the
seats that have them alone. What the TV shows after each update is what it shows drawn afresh
from the same payload."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import RERENDER, preview_tv

preview = preview_page.served("lifeboat", "lbt_scenarios")

# The TV's top bar, boat, panels and decks as nodes (not the log: a page drawn afresh for another
# match has no log of its own), each element's attributes in any order (a morphed element may
# hold them in another order than a new one) and its style as computed.
NODES = """() => {
  const text = (n) => (n.nodeType !== 1 ? n.nodeValue : `<${n.localName} ${[...n.attributes].map((a) => `${a.name}="${a.value}"`)
    .sort().join(" ")} ${[...getComputedStyle(n)].map((k) => getComputedStyle(n)[k]).join(";")}>`
    + `${[...n.childNodes].map(text).join("")}</${n.localName}>`);
  return [".lbv-top", ".lbv-left", ".lbv-decks"].map((sel) => text(document.querySelector(sel)));
}"""


def _fresh(page, msg):
    """The page `msg` draws whole (another match: no part kept), as NODES."""
    page.evaluate("m => window.__rerender(m)", {**msg, "match": "fresh"})
    return page.evaluate(NODES)


def _drawn(page, msg, read, arg=None):
    """`msg` drawn on the page shown: the ids of the parts it built, what `read` (a function
    of `arg`, in the page) reads then, and whether the page reads as `msg` drawn afresh."""
    built = page.evaluate(RERENDER, msg)
    shown = page.evaluate(read, arg)
    morphed = page.evaluate(NODES)
    return built, shown, morphed == _fresh(page, msg)


def _update(data, version, view):
    return {**data, "version": version, "events": [], "view": view, "waiting_for": view["waiting_for"]}


def _drafted(data):
    """The next update of the draft's payload `data`: the drafter has taken a provision (one
    more card in his hand), the next one drafts. (his seat, the one next, the characters, it)"""
    view = data["view"]
    d = view["draft"]
    x = d["drafter"]
    nxt = next(s for s in d["drafters"] if s != x)
    chars = [dict(c) for c in view["characters"]]
    chars[x]["hand_count"] += 1
    picked = _update(data, data["version"] + 1, {**view, "characters": chars, "waiting_for": [nxt],
                                                 "draft": {**d, "drafter": nxt, "cards": d["cards"] - 1}})
    return x, nxt, chars, picked


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_provision_drafted_builds_that_hand_alone(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "draft_6p", lang=lang, twice=True)
    x, nxt, chars, picked = _drafted(data)
    built, shown, same = _drawn(page, picked, """x => ({
      n: document.querySelector(`[data-testid=lbv-seat-${x}] .lbv-hand > small`).textContent,
      backs: document.querySelectorAll(`[data-testid=lbv-seat-${x}] .lbv-hand .lbt-back`).length,
      // a mark per seat or slot (data-w3, data-l11): "1" where it is, no attribute elsewhere
      zeros: [...document.querySelectorAll(".lbv *")]
        .flatMap((el) => [...el.attributes].filter((a) => /^data-[a-z]+[0-9]+$/.test(a.name) && a.value !== "1").map((a) => a.name)),
      waited: [...document.querySelector(".lbv-left").attributes].filter((a) => a.name.startsWith("data-w")).map((a) => a.name),
    })""", x)

    # the boat and his card are frames kept as they are (morph.js `holds`): his hand alone built
    seats = [b for b in built if b.startswith("lbv-seat")]
    assert seats == [f"lbv-seat-hand-{x}"], built
    assert "lbv-part-boat" not in built, built
    assert shown["n"] == str(chars[x]["hand_count"]) and shown["backs"] == min(chars[x]["hand_count"], 8), shown
    # whom the table waits for: the one seat that has the mark, no attribute for the others
    assert shown["zeros"] == [] and shown["waited"] == [f"data-w{nxt}"], shown
    assert same
    assert not errors, errors
    page.close()


def test_a_castaway_joining_a_fight_builds_his_side_alone(browser, preview):
    page, errors, data = preview_tv(browser, preview, "fight_joined_6p", twice=True)
    view = data["view"]
    f = view["fight"]
    fighting = f["sides"]["attacker"] + f["sides"]["defender"]
    x = next(c["seat"] for c in view["characters"] if c["seat"] not in fighting and c["state"] == "conscious")
    fight = {**f, "sides": {**f["sides"], "attacker": f["sides"]["attacker"] + [x]},
             "strength": {**f["strength"], "attacker": f["strength"]["attacker"] + 1}}
    joined = _update(data, data["version"] + 1, {**view, "fight": fight})
    built, shown, same = _drawn(page, joined, """() => ({
      attackers: [...document.querySelectorAll("[data-testid=lbv-side-attacker] .lbv-fighter > .lbt-who")].map((e) => Number(e.dataset.seat)),
      strength: document.querySelector("[data-testid=lbv-strength-attacker]").textContent,
    })""")

    assert "lbv-fight-attacker" in built and "lbv-fight-defender" not in built, built
    assert not [b for b in built if b.startswith("lbv-seat")], built
    assert shown == {"attackers": fight["sides"]["attacker"], "strength": str(fight["strength"]["attacker"])}, shown
    assert same
    assert not errors, errors
    page.close()


def test_a_card_drawn_writes_the_deck_count_and_builds_no_backs_above_five(browser, preview):
    page, errors, data = preview_tv(browser, preview, "choose_6p", twice=True)
    view = data["view"]
    n = view["decks"]["navigation"]
    assert n > 6, n
    out = []
    for version, left in enumerate([n - 1, 5, 4], start=data["version"] + 1):
        msg = _update(data, version, {**view, "decks": {**view["decks"], "navigation": left}})
        built, shown, same = _drawn(page, msg, """() => { const d = document.querySelector("[data-testid=lbv-deck-nav]");
          return [d.querySelector("b").textContent, d.querySelectorAll(".lbt-back").length]; }""")
        out.append((left, "lbv-part-deck-nav" in built, "lbv-part-backs-nav" in built, shown))
        assert same, left
        page.evaluate("m => window.__rerender(m)", msg)    # (the page shown again: its parts kept)
    # n - 1 and 5: five backs still (built again when the count falls under five)
    assert out == [(n - 1, True, False, [str(n - 1), 5]), (5, True, False, ["5", 5]), (4, True, True, ["4", 4])], out
    assert not errors, errors
    page.close()
