"""The Lifeboats TV's players during a vote, on the module preview, 720p, both languages.

- Each voter's row says whether they have voted ("✓ voted" or "not voted"), a row that does not
  vote says nothing, nor any once the vote is over. A vote rebuilds no player row: while a ballot
  is up both states are in every row and the panel's data-vt<seat> / data-vd<seat> flags show
  the one that holds (lifeboats.js side; issue 24: a row was built on every vote). What a row
  reads is the same as that moment drawn afresh.
- The boats' seats are sized by their cell (28-50 px: the cell's height less 30 px, halved, or
  its width less 34 px, a third), measured after the frame's own layout (lifeboats.js
  checkSide), and a new fit key (here another language; the set-up ending, another screen size)
  forces no layout as the page is drawn."""
import pytest

from tests.browser import preview as preview_page
from tests.browser.helpers import forced_layouts, preview_tv, settled, trace

pytestmark = pytest.mark.browser

preview = preview_page.served("lifeboats", "lb_scenarios")

# Per player row: the vote state shown (its text), or None.
STATES = """() => [...document.querySelectorAll('.lb-player')].map((row) => {
  const shown = [...row.querySelectorAll('.lb-vstate')].filter((s) => s.getClientRects().length);
  return shown.length ? shown.map((s) => s.textContent).join('|') : null; })"""
LOGGED = """async m => {
  const { partStats } = await import("/static/js/morph.js");
  partStats.log = [];
  try { window.__rerender(m); } finally { var parts = partStats.log; partStats.log = null; }
  return parts; }"""


def _fresh(page, data):
    """The rows' states of this moment drawn afresh (another match: the page drawn whole)."""
    fresh = dict(data, match=(data.get("match") or 0) + 1)
    page.evaluate("m => window.__rerender(m)", fresh)
    return page.evaluate(STATES)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_vote_rebuilds_no_player_row_and_the_rows_say_who_voted(browser, preview, lang):
    page, errors, data = preview_tv(browser, preview, "vote", lang, twice=True)
    view = data["view"]
    ballot = view["ballot"]
    states = page.evaluate(STATES)
    for seat, state in enumerate(states):
        if seat not in ballot["voters"]:
            assert state is None, states
        else:
            assert state is not None and ("✓" in state) == (seat in ballot["voted"]), states
    assert states == _fresh(page, data)
    page.evaluate("m => window.__rerender(m)", data)

    # one more vote: no row built, the voter's row says voted
    seat = next(s for s in ballot["voters"] if s not in ballot["voted"])
    ballot["voted"].append(seat)
    data["version"] += 1
    parts = page.evaluate(LOGGED, data)
    assert not [p for p in parts if p.startswith("lb-player")], parts
    after = page.evaluate(STATES)
    assert "✓" in after[seat] and after[:seat] + after[seat + 1:] == states[:seat] + states[seat + 1:], (states, after)
    assert after == _fresh(page, data)
    page.evaluate("m => window.__rerender(m)", data)

    # the vote closes: no row says anything
    view["ballot"] = None
    data["version"] += 1
    page.evaluate("m => window.__rerender(m)", data)
    assert page.evaluate(STATES) == [None] * len(states)
    assert not errors, errors
    page.close()


# Per boat on the water: its seat's height and the size its cell gives (lifeboats.js's old fit).
SEATS = """() => [...document.querySelectorAll('.lb-boat-slot:not(.lb-away)')].map((slot) => {
  const seat = slot.querySelector('.lb-seat');
  const w = slot.offsetWidth, h = slot.offsetHeight;
  return [parseFloat(getComputedStyle(seat).height),
          Math.max(28, Math.min(50, Math.floor((h - 30) / 2), Math.floor((w - 34) / 3)))]; })"""


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1280, 1024)])
def test_the_seats_follow_their_cell_and_a_new_fit_forces_no_layout(browser, preview, size):
    page, errors, data = preview_tv(browser, preview, "board")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_function(settled(f"({SEATS})()"))
    seats = page.evaluate(SEATS)
    assert seats and all(got == want for got, want in seats), seats
    # a new fit key (another language, then back: the page drawn whole and fitted again each
    # time): neither update forces a layout
    def run():
        for i, lang in enumerate(["fr", "en"]):
            page.evaluate("i => console.timeStamp(`update-${i}`)", i)
            page.evaluate("l => window.__lang(l)", lang)
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    events = trace(page, run, ["devtools.timeline", "disabled-by-default-devtools.timeline.stack"])
    assert forced_layouts(events, 2) == [0, 0]
    assert page.evaluate(SEATS) == seats
    assert not errors, errors
    page.close()


def test_a_new_game_and_an_update_in_one_frame_still_size_the_seats(browser, preview):
    """The seats are measured by the first check of a fit key that runs: a new game's first page
    and the next update drawn before a frame (two messages in one task on a slow TV), the first
    check replaced by the second, still give the seats their cell's size."""
    page, errors, data = preview_tv(browser, preview, "board")
    want = page.evaluate(SEATS)
    assert want and all(got == w for got, w in want), want
    # (__show draws it as the game "walk1": the next update is that game's)
    page.evaluate("""m => { window.__show(m);
      window.__rerender({ ...m, match: "walk1", version: m.version + 1 }); }""", data)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    got = page.evaluate(SEATS)
    assert got and all(g == w for g, w in got), got
    assert not errors, errors
    page.close()
