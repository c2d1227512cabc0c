"""engine.GAMES and the two ways in: new_game and load_game."""
import importlib
import importlib.util
from dataclasses import dataclass, field

from engine.errors import IllegalAction


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    options: dict                      # option name -> default value
    option_specs: dict = field(default_factory=dict)  # name -> {"default", "values"|"min"/"max", ...}
    cls: type = None                   # the Game subclass

    def public(self):
        """JSON description for the lobby."""
        return {"id": self.id, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "options": dict(self.options),
                "option_specs": self.option_specs}


GAMES = {}
BOTS = {}      # game id -> its bot (engine/<id>/bot.py's BOT, see engine/bot.py)

# The games we ship, one package each under engine/. Each package exposes `GAME`, its Game
# subclass (with INFO set).
BUILTIN = ("lifeboats", "lifeboat", "galerapagos")


def register(cls):
    """Add a game (a Game subclass with INFO) to GAMES; tests use it for their fixture game."""
    GAMES[cls.INFO.id] = cls.INFO
    return cls


def _load_builtins():
    for name in BUILTIN:
        register(importlib.import_module(f"engine.{name}").GAME)
        if importlib.util.find_spec(f"engine.{name}.bot"):
            BOTS[name] = importlib.import_module(f"engine.{name}.bot").BOT


def bot_for(game_id):
    """The game's own bot, or the random one for a game that has none."""
    from engine.bot import RANDOM
    return BOTS.get(game_id, RANDOM)


def info_from_data(game_id, title, players, option_specs, cls):
    """GameInfo from a data file's option table (the shape used in shared/rules/*-data.json)."""
    return GameInfo(
        id=game_id, title=title, min_players=players["min"], max_players=players["max"],
        options={k: spec["default"] for k, spec in option_specs.items()},
        option_specs=option_specs, cls=cls)


def check_options(info, options):
    """Fill defaults and refuse unknown names or values outside the spec."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalAction("Options must be an object.", "bad_options")
    unknown = sorted(set(options) - set(info.options))
    if unknown:
        raise IllegalAction(f"Unknown option: {unknown[0]}.", "unknown_option", option=unknown[0])
    merged = dict(info.options)
    for name, value in options.items():
        spec = info.option_specs.get(name, {"default": info.options[name]})
        default = spec.get("default")
        ok = True
        if "values" in spec:
            ok = value in spec["values"] and type(value) is type(spec["values"][0])
        elif isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = (isinstance(value, int) and not isinstance(value, bool)
                  and spec.get("min", value) <= value <= spec.get("max", value))
        elif spec.get("nullable") and value is None:
            ok = True
        elif default is not None:
            ok = isinstance(value, type(default))
        if not ok:
            raise IllegalAction(f"Bad value for option {name}.", "bad_option", option=name)
        merged[name] = value
    return merged


def new_game(game_id, players, seed=0, options=None):
    info = GAMES.get(game_id) if isinstance(game_id, str) else None
    if info is None:
        raise IllegalAction("Unknown game.", "unknown_game")
    if (not isinstance(players, (list, tuple))
            or not all(isinstance(p, str) for p in players)):
        raise IllegalAction("Players must be a list of names.", "bad_players")
    if not info.min_players <= len(players) <= info.max_players:
        raise IllegalAction(
            f"{info.title} needs {info.min_players} to {info.max_players} players.",
            "player_count", min=info.min_players, max=info.max_players)
    return info.cls.create(list(players), seed, check_options(info, options))


def load_game(d):
    """Exact inverse of game.to_dict()."""
    info = GAMES.get(d.get("game")) if isinstance(d, dict) else None
    if info is None:
        raise ValueError("not a saved game of a known kind")
    return info.cls.from_state(d["state"])


_load_builtins()
