"""The Lifeboat TV at an action done (issue 24, the TV at 4x): the marks of the day on a card
(rowed, fought, acted) and the day's order (who acts now, who is done) are attributes of their
boxes (lifeboat.css), so an actor rowing builds neither his card, nor the boat, nor the order's
lines, and the order kept while he places his cards comes back as it was. What the TV shows
after those updates is what it shows drawn afresh from the same payload."""

from tests.browser import preview as preview_page
from tests.browser.helpers import RERENDER, preview_tv

preview = preview_page.served("lifeboat", "lbt_scenarios")

# What the TV shows of the boat and the day: each card's visible marks, each order line's
# visible word and opacity, and whether the order panel is shown.
SHOWN = """() => {
  const seen = (el) => el.checkVisibility();
  const order = document.querySelector("[data-testid=lbv-order]");
  return {
    marks: Object.fromEntries([...document.querySelectorAll(".lbv-seat[data-seat]")].map((el) => [el.dataset.seat,
      [...el.querySelectorAll(".lbv-mark")].filter(seen).map((m) => m.textContent)])),
    order: order ? [...order.querySelectorAll("li")].filter(seen).map((li) => [
      [...li.querySelectorAll("small")].filter(seen).map((s) => s.textContent).join("|"), getComputedStyle(li).opacity]) : null,
  };
}"""


# The boat and the panel of the moment as nodes, each element's attributes in any order (a
# morphed element may hold them in another order than a new one) and its style as computed.
NODES = """() => {
  const text = (n) => (n.nodeType !== 1 ? n.nodeValue : `<${n.localName} ${[...n.attributes].map((a) => `${a.name}="${a.value}"`)
    .sort().join(" ")} ${getComputedStyle(n).cssText || [...getComputedStyle(n)].map((k) => getComputedStyle(n)[k]).join(";")}>`
    + `${[...n.childNodes].map(text).join("")}</${n.localName}>`);
  return [".lbv-boatwrap", "#lbv-moment"].map((sel) => text(document.querySelector(sel)));
}"""


def _fresh(page, msg):
    """What the TV shows of `msg` drawn whole (another match: no part kept), and its boat and
    panel of the moment (NODES)."""
    page.evaluate("m => window.__rerender(m)", {**msg, "match": "fresh"})
    return page.evaluate(SHOWN), page.evaluate(NODES)


def test_an_actor_rowing_builds_no_card_nor_the_order(browser, preview):
    page, errors, data = preview_tv(browser, preview, "choose", twice=True)
    view = data["view"]
    a = view["actions"]
    order, actor = a["order"], a["actor"]
    assert a["step"] == "choose" and order.index(actor) + 1 < len(order), a
    nxt_actor = order[order.index(actor) + 1]

    def update(version, **changes):
        v = {**view, **changes}
        return {**data, "version": version, "events": [], "view": v, "waiting_for": v["waiting_for"]}

    chars = [dict(c) for c in view["characters"]]
    # he rows: he draws, then places (his order kept, hidden, his row a part of its own)
    placing = update(data["version"] + 1, actions={**a, "step": "place", "drawn_count": 2}, waiting_for=[actor])
    built_place = page.evaluate(RERENDER, placing)
    assert page.locator("[data-testid=lbv-order]").count() == 0
    # placed: he has rowed and acted, the next in the order acts
    chars[actor] = {**chars[actor], "rowed": True, "acted": True}
    done = update(data["version"] + 2, characters=chars, actions={**a, "step": "choose", "actor": nxt_actor},
                  waiting_for=[nxt_actor])
    built_done = page.evaluate(RERENDER, done)
    shown = page.evaluate(SHOWN)
    nodes = page.evaluate(NODES)

    assert not [x for x in built_place if x.startswith(("lbv-seat", "lbv-part-boat", "lbv-part-moment"))], built_place
    assert "lbv-part-row" in built_place, built_place
    assert not [x for x in built_done if x.startswith(("lbv-seat", "lbv-part-boat", "lbv-part-moment", "lbv-part-row"))], built_done
    assert shown["marks"][str(actor)] == ["rowed"], shown
    assert all(not m for seat, m in shown["marks"].items() if seat != str(actor)), shown
    words = dict(zip(order, shown["order"]))
    assert words[actor] == ["done", "0.6"] and words[nxt_actor] == ["acts now", "1"], shown
    assert len(shown["order"]) == len(order) and all("|" not in w for w, _ in shown["order"]), shown
    assert (shown, nodes) == _fresh(page, done)
    assert not errors, errors
    page.close()
