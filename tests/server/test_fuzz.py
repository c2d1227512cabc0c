"""Random payloads to every event, from the host table and from a seated phone: each gets a
reply, no reply is `internal` (a bug), and the room stays consistent."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.validate import SCHEMAS
from tests.server.test_malformed import EVENTS

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 60, 2 ** 60),
                    st.floats(allow_nan=True), st.text(max_size=250))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


@st.composite
def payloads(draw):
    event = draw(st.sampled_from(EVENTS))
    fields = list(SCHEMAS[event]) + ["type", "extra"]
    payload = draw(st.one_of(
        json_values,
        st.dictionaries(st.sampled_from(fields), json_values, max_size=4),
        st.fixed_dictionaries({"version": st.integers(-1, 40),
                               "action": st.fixed_dictionaries(
                                   {"type": st.sampled_from(["vote", "cheer", "pick"]),
                                    "choice": st.sampled_from(["red", "blue", 1, None])})})))
    return event, payload, draw(st.booleans())


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(payloads(), min_size=1, max_size=6))
def test_random_payloads_never_hit_a_bug(make_server, sends):
    if not hasattr(make_server, "fuzz_server"):
        # Hundreds of events from one socket on a frozen clock: no rate limit here (that is
        # tests/server/test_hardening.py's business).
        make_server.fuzz_server = make_server(flood_burst=1e9)
        make_server.fuzz_server.fuzz_room = make_server.fuzz_server.playing()
    server = make_server.fuzz_server
    table, code, phones = server.fuzz_room
    for event, payload, from_table in sends:
        screen = table if from_table else phones[0]
        if not screen.connected:
            continue
        reply = screen.send(event, payload)
        assert isinstance(reply, dict) and reply["ok"] in (True, False), reply
        if not reply["ok"]:
            assert reply["error"]["code"] != "internal", (event, payload, reply)
    room = server.room(code)
    seats = sorted(p.seat for p in room.players if p.seat is not None)
    if room.status == "lobby":
        assert seats == [] and room.game is None
    else:
        assert seats == list(range(len(room.game.state["players"])))
