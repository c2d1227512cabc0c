"""Every numeric game option has a declared range, checked by the server (issue 26:
`negotiation_seconds` = 2**53-1 was accepted, and in threading mode the countdown's thread died
with OverflowError)."""
import engine
import pytest

from server import validate

HUGE = 2 ** 53 - 1


def numeric_options():
    for game_id, info in sorted(engine.GAMES.items()):
        for name, spec in sorted(info.option_specs.items()):
            default = spec.get("default")
            if "values" not in spec and ("min" in spec or "max" in spec or (
                    isinstance(default, int) and not isinstance(default, bool))):
                yield game_id, name, spec


BUILTIN = [o for o in numeric_options() if o[0] in engine.registry.BUILTIN]


def test_there_are_numeric_options_to_check():
    assert {(g, n) for g, n, _ in BUILTIN} >= {("lifeboats", "negotiation_seconds"),
                                               ("lifeboat", "turn_limit"),
                                               ("galerapagos", "window_seconds")}


@pytest.mark.parametrize("game_id, name, spec", BUILTIN, ids=[f"{g}.{n}" for g, n, _ in BUILTIN])
def test_every_numeric_option_declares_its_range(game_id, name, spec):
    assert isinstance(spec.get("min"), int) and isinstance(spec.get("max"), int), spec
    assert spec["min"] <= spec["max"] < validate.OPTION_CEILING


@pytest.mark.parametrize("game_id, name, spec", BUILTIN, ids=[f"{g}.{n}" for g, n, _ in BUILTIN])
def test_out_of_range_values_are_refused_with_a_clear_error(server, game_id, name, spec):
    table, code, _ = server.lobby(["Ana", "Ben", "Cy", "Dan"])
    before = server.room(code).selected
    for value in (HUGE, -HUGE, spec["max"] + 1, spec["min"] - 1, 1.5, "10", True, [3]):
        for event, payload in (("select_game", {"game": game_id, "options": {name: value}}),
                               ("start", {"game": game_id, "options": {name: value}})):
            reply = table.send(event, payload)
            assert reply["ok"] is False, (event, value)
            error = reply["error"]
            assert (error["code"], error["params"]) == (
                "option_range", {"option": name, "min": spec["min"], "max": spec["max"]})
            assert name in error["message"] and str(spec["max"]) in error["message"]
    assert server.room(code).selected == before and server.room(code).status == "lobby"
    # The bounds themselves are fine.
    for value in (spec["min"], spec["max"]):
        reply = table.send("select_game", {"game": game_id, "options": {name: value}})
        assert reply["ok"], reply


def test_a_nullable_option_may_still_be_none(server):
    table, code, _ = server.lobby(["Ana", "Ben", "Cy", "Dan"])
    reply = table.send("select_game", {"game": "lifeboat", "options": {"turn_limit": None}})
    assert reply["ok"], reply


def test_an_option_without_a_declared_maximum_is_held_to_the_ceiling():
    info = engine.registry.GameInfo(id="x", title="X", min_players=1, max_players=2,
                                    options={"n": 0}, option_specs={"n": {"default": 0}})
    validate.option_ranges(info, {"n": validate.OPTION_CEILING})
    with pytest.raises(validate.ServerError) as refused:
        validate.option_ranges(info, {"n": HUGE})
    assert refused.value.params == {"option": "n", "min": -validate.OPTION_CEILING,
                                    "max": validate.OPTION_CEILING}
