"""What a `game` update leaves for later (issue 24): no task of its own right after it.

On a throttled TV stick or phone every task costs a fixed share besides its work (benchmarks/
pages.py, OWN and --origins), so an update does its work in the message's own task and its
frame: a check that waits for layout goes in a requestAnimationFrame callback (run inside the
frame's task), never in a `setTimeout(fn, 0)` of its own. The TV and a seated phone are fed a
recorded game through their sockets' own `game` handler (the sound cues, the countdowns, the
stage, the module), each payload with a countdown of its own (a new deadline, the case that
posted the TV's countdown ticks a timer), and every timer the page sets while it handles the
payload is recorded: none is due sooner than a countdown's next second (waiting.js ticker: at
least its 15 ms margin after the second changes; the deadlines are set half a second off it).

No sleeps: every wait is on a condition.
"""
import pytest

from tests.browser.conftest import own_server
from tests.browser.helpers import host_request as _request, record_frames, socket_events, tv_and_ana

pytestmark = pytest.mark.browser

TV_720 = {"width": 1280, "height": 720}


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("tasks")
    with own_server(data, "--seed", "5", "--bot-delay", "0") as url:
        yield url


FEED = """async (payloads) => {
  const handler = window.castaways.net.socket.listeners("game")[0];
  const soon = [];
  let handling = false;
  for (const name of ["setTimeout", "setInterval"]) {
    const set = window[name];
    window[name] = function (fn, ms, ...rest) {
      if (handling && !(Number(ms) >= 15)) soon.push(`${name}(${ms}) ${new Error().stack.split("\\n")[2] || ""}`.trim());
      return set.call(window, fn, ms, ...rest);
    };
  }
  for (const [i, msg] of payloads.entries()) {
    // a countdown of its own, half a second off the change of its seconds
    msg.deadline = Date.now() + 60500 + i * 1000;
    handling = true;
    try { handler(msg); } finally { handling = false; }
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }
  return soon;
}"""


@pytest.mark.parametrize("game,bots,options", [
    ("lifeboats", 4, {"negotiation_seconds": 0}),
    ("galerapagos", 5, {"window_seconds": 0}),
])
def test_an_update_posts_no_task_of_its_own(browser, contexts, page_errors, live_server, game, bots, options):
    tv, ana, _ = tv_and_ana(browser, contexts, page_errors, live_server, TV_720)
    recorded = {"tv": record_frames(tv), "ana": record_frames(ana)}
    tv.reload()          # recorded from the start: the welcome, the room, every game payload
    ana.reload()
    ana.locator("#you").wait_for()
    for _ in range(bots):
        _request(tv, "add_bot", {})
    tv.wait_for_function("n => window.castaways.state.room.players.length === n", arg=bots + 1)
    _request(tv, "start", {"game": game, "options": options})
    ana.locator("#stage > *").first.wait_for()
    _request(tv, "bot_replace", {"player": ana.evaluate("() => window.castaways.state.meId")})
    tv.wait_for_function("""() => { const g = window.castaways.state.game;
      return g && (g.over || g.version >= 30); }""", timeout=90_000)
    for name, page in (("tv", tv), ("ana", ana)):
        page.evaluate("() => window.castaways.net.close()")
        games = [g for g in socket_events(recorded[name], "game") if not g["over"]][:25]
        assert len(games) > 10, (name, len(games))
        soon = page.evaluate(FEED, games)
        assert soon == [], (name, soon)
        # the countdown is drawn (the module's ticker ran in the update's own task)
        assert page.evaluate("() => window.castaways.state.game.deadline > Date.now()")
