"""The Galèrapagos TV's castaways panel (issue 24): the marks that light its rows (whom the
table waits for, who has acted, who votes and who has voted, the first player's star) are the
words of its data-cw<seat>, one attribute per seat (the star: its data-first, the seat) (with twelve castaways the panel wrote 60
attributes on every update, one per seat and mark, "0" for most, each compared by the morph),
and its rows are one part holding them: an update that changes no row (a turn passing on, a
vote) builds none of them and makes one stand-in for them all; one that changes a piece of a row
builds that piece alone, the list, its row and the others kept as the same nodes. So is the
"waiting for" banner's data-wf<seat>: the one castaway awaited alone (before, all twelve were
written, the others "0"). Each test also checks what is shown."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.test_galerapagos_modules import _lit, _mark_of, _open_tv
from tests.browser.test_galerapagos_tv_pieces import _mark, _marked, _render

pytestmark = pytest.mark.browser

preview = preview_page.served("galerapagos", "gp_scenarios")

def _marks(page):
    """The castaways panel's mark attributes, {name: value}."""
    return page.evaluate("""() => {
      const el = document.querySelector("[data-testid=gt-castaways]");
      return Object.fromEntries(el.getAttributeNames().filter((n) => /^data-(cw|wait|acted|voter|voted|first)\\d*$/.test(n))
        .map((n) => [n, el.getAttribute(n)]));
    }""")


def _want(view, voting=(), voted=()):
    def words(c):
        s = c["seat"]
        return " ".join(w for w, on in (("wait", s in view["waiting_for"]), ("acted", c["acted"]), ("voter", s in voting),
                                        ("voted", s in voted)) if on)
    # (the first player's star: data-first, the seat, an attribute of its own)
    return {**{f"data-cw{c['seat']}": words(c) for c in view["castaways"]},
            "data-first": "" if view["over"] else str(view.get("first_player"))}


def _flags(page):
    """The "waiting for" banner's data-wf<seat> attributes, {name: value}."""
    return page.evaluate("""() => {
      const el = document.querySelector(".gt-now .wf-banner");
      return el ? Object.fromEntries(el.getAttributeNames().filter((n) => /^data-wf\\d+$/.test(n)).map((n) => [n, el.getAttribute(n)])) : null;
    }""")


def _rows_built(built):
    return sorted(x for x in built if x.startswith(("gt-cw", "gt-part-cws")))


def _name(page, seat):
    return page.locator(f"[data-testid=gt-castaway-{seat}] .gt-cw-name b").inner_text()


def _star(page, seat):
    return page.locator(f"[data-testid=gt-castaway-{seat}] .gt-star").is_visible()


def test_the_panel_marks_only_the_seats_that_have_them_and_a_turn_passing_builds_no_row(browser, preview):
    page, errors, data = _open_tv(browser, preview, "step")
    view = data["view"]
    seat = view["waiting_for"][0]
    nxt = next(c["seat"] for c in view["castaways"] if c["seat"] != seat and c["alive"] and not c["resting"] and not c["acted"])
    assert _marks(page) == _want(view)
    # the banner's flag: the one castaway awaited alone (its rule reads "1", moments.css)
    assert _flags(page) == {f"data-wf{seat}": "1"}
    lit, unlit = _lit(page, seat), _lit(page, nxt)
    assert lit != unlit
    assert _star(page, view["first_player"])
    rows = [f"[data-testid=gt-castaway-{c['seat']}]" for c in view["castaways"]]
    for sel in rows:
        _mark(page, sel)
    # the castaway awaited acts, the turn passes on: no row built, each kept
    view["castaways"][seat]["acted"] = True
    view["waiting_for"] = data["waiting_for"] = [nxt]
    assert _rows_built(_render(page, data)) == []
    assert _marks(page) == _want(view)
    assert _flags(page) == {f"data-wf{nxt}": "1"}
    assert page.locator(".gt-now .wf-banner .wf-name:visible").all_inner_texts() == [_name(page, nxt)]
    assert (_lit(page, seat), _lit(page, nxt)) == (unlit, lit)
    assert _mark_of(page, seat, ".gt-acted") == "acted" and _mark_of(page, nxt, ".gt-acted") == "to act"
    assert all(_marked(page, sel) == [True] for sel in rows)
    # the first player's star moves on: no row built
    first = view["first_player"]
    view["first_player"] = nxt
    assert _rows_built(_render(page, data)) == []
    assert _marks(page) == _want(view)
    assert _star(page, nxt) and (first == nxt or not _star(page, first))
    # a card drawn: its backs built alone, in the list and the row kept as they are (holds)
    c = next(c for c in view["castaways"] if c["alive"] and 0 < c["hand_size"] < 7)
    c["hand_size"] += 1
    assert _rows_built(_render(page, data)) == [f"gt-cwp-backs-{c['seat']}"]
    assert page.locator(f"[data-testid=gt-castaway-{c['seat']}] .gt-backs small").inner_text() == str(c["hand_size"])
    assert all(_marked(page, sel) == [True] for sel in rows)
    assert (_lit(page, seat), _lit(page, nxt)) == (unlit, lit)
    assert not errors, errors
    page.close()


def test_a_vote_marks_its_voters_alone_and_builds_no_row(browser, preview):
    page, errors, data = _open_tv(browser, preview, "vote")
    view = data["view"]
    st = view["stage"]
    ballot = st["vote"]["ballot"] if st.get("vote") else st["ballot"]
    assert _marks(page) == _want(view, ballot["voters"], ballot["voted"])
    voter = next(s for s in ballot["voters"] if s not in ballot["voted"])
    outsiders = [c["seat"] for c in view["castaways"] if c["seat"] not in ballot["voters"]]
    assert _mark_of(page, voter, ".gt-vstate") == "thinking…"
    assert all(_mark_of(page, s, ".gt-vstate") == "" for s in outsiders)
    ballot["voted"].append(voter)
    assert _rows_built(_render(page, data)) == []
    assert _marks(page) == _want(view, ballot["voters"], ballot["voted"])
    assert _mark_of(page, voter, ".gt-vstate") == "✓ voted"
    # revealed: no voter is marked
    ballot["revealed"] = True
    _render(page, data)
    assert _marks(page) == _want(view)
    assert not any("voter" in v or "voted" in v for v in _marks(page).values())
    assert all(_mark_of(page, s, ".gt-vstate") == "" for s in ballot["voters"])
    assert not errors, errors
    page.close()
