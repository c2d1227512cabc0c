"""Castaways' games: pure Python, no I/O, driven only through the engine contract
(shared/design/engine-contract.md)."""
from engine.errors import IllegalAction
from engine.registry import GAMES, GameInfo, load_game, new_game, register

__all__ = ["GAMES", "GameInfo", "IllegalAction", "load_game", "new_game", "register"]
