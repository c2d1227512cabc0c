"""Shape checks of every inbound payload, before any handler looks at it.

Each event has a schema: field name -> (type, required). Anything else (not an object, a
missing or unknown field, a wrong type, a string over MAX_STRING or with a lone surrogate, JSON
nested too deep or too big) is refused with `bad_payload` naming the field, so handlers only
ever see clean data.
Meaning (is the name free, is the action legal) is checked later by rooms and play, except
the range of a game's numeric options (option_ranges), which the server checks itself.
"""
import re

from server.errors import ServerError

MAX_STRING = 200
MAX_DEPTH = 6          # actions and options are shallow; deeper is an attack or a bug
MAX_ITEMS = 64         # per list or object
INT = "int"            # a JSON integer, not a bool
_SURROGATE = re.compile("[\ud800-\udfff]")
JSON = "json"          # any bounded JSON value (checked by _check_json)
JSON_OBJECT = "object"

SCHEMAS = {
    "auth_table": {"role": (str, True), "room": ((str, type(None)), False),
                   "host_token": ((str, type(None)), False)},
    "auth_phone": {"role": (str, True), "room": (str, True),
                   "token": ((str, type(None)), False)},
    "join": {"name": (str, True)},
    "rename": {"name": (str, True)},
    "leave": {},
    "select_game": {"game": (str, True), "options": (JSON_OBJECT, False)},
    "add_bot": {"lang": (str, False)},      # the adding screen's language: the bot's name
    "remove_player": {"player": (str, True)},
    "start": {"game": (str, False), "options": (JSON_OBJECT, False)},
    "act": {"version": (INT, True), "action": (JSON_OBJECT, True)},
    "end_game": {},
    "rematch": {},
    "kick": {"player": (str, True)},
    "bot_replace": {"player": (str, True)},
    "take_back": {"player": (str, False)},
    "give_seat": {"seat_of": (str, True), "to": (str, True)},
    "hold": {"version": (INT, True)},
    "release": {"version": (INT, True)},
}


# A numeric game option must declare its range (engine INFO option_specs "min" and "max"); one
# that does not is held to this, so no option can ask a countdown for 2**53 seconds.
OPTION_CEILING = 10_000


def option_ranges(info, options):
    """Refuse a numeric option (one with an int default, or a declared min or max) whose
    value is not a whole number within its declared range: ServerError("option_range")
    naming the option and its bounds. None stays allowed where the option is nullable."""
    if not isinstance(options, dict):
        return
    for name, value in options.items():
        spec = info.option_specs.get(name) if isinstance(name, str) else None
        if not isinstance(spec, dict) or "values" in spec:
            continue
        default = spec.get("default")
        numeric = ("min" in spec or "max" in spec
                   or (isinstance(default, int) and not isinstance(default, bool)))
        if not numeric or (value is None and spec.get("nullable")):
            continue
        low = spec.get("min", -OPTION_CEILING)
        high = spec.get("max", OPTION_CEILING)
        if (isinstance(value, bool) or not isinstance(value, int)
                or not low <= value <= high):
            raise ServerError("option_range", option=name, min=low, max=high)


def bad(field=None, reason="type"):
    params = {"reason": reason}
    if field is not None:
        params["field"] = field
    return ServerError("bad_payload", **params)


def check(schema_name, payload):
    """The payload if it fits the schema; ServerError("bad_payload") otherwise."""
    schema = SCHEMAS[schema_name]
    if not isinstance(payload, dict):
        raise bad(reason="not_object")
    for field in payload:
        if field not in schema:
            raise bad(field if isinstance(field, str) and len(field) <= MAX_STRING else None,
                      "unknown_field")
    for field, (kind, required) in schema.items():
        if field not in payload:
            if required:
                raise bad(field, "missing")
            continue
        if not _fits(payload[field], kind):
            raise bad(field, "type")
    return payload


def _fits(value, kind):
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2 ** 53
    if kind == JSON_OBJECT:
        return isinstance(value, dict) and _check_json(value, 0)
    if kind == JSON:
        return _check_json(value, 0)
    if not isinstance(value, kind):
        return False
    return not isinstance(value, str) or _text(value)


def _text(value):
    """A string short enough and made of real characters: a lone surrogate (a JSON escape
    like \\ud800 decodes to one) is no text, and it cannot be stored as UTF-8."""
    return len(value) <= MAX_STRING and (value.isascii() or not _SURROGATE.search(value))


def _check_json(value, depth):
    """Bounded plain JSON: what an action or an options object may be made of."""
    if depth > MAX_DEPTH:
        return False
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return abs(value) < 2 ** 53
    if isinstance(value, float):
        return value == value and abs(value) != float("inf")
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, list):
        return len(value) <= MAX_ITEMS and all(_check_json(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return (len(value) <= MAX_ITEMS
                and all(isinstance(k, str) and _text(k) for k in value)
                and all(_check_json(v, depth + 1) for v in value.values()))
    return False
