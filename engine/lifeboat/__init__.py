"""Lifeboat (Jeff Siadek), played through the engine contract: see docs/games/lifeboat.md."""
from engine.lifeboat.data import DATA
from engine.lifeboat.game import Lifeboat
from engine.registry import info_from_data

Lifeboat.INFO = info_from_data("lifeboat", DATA["title"], DATA["players"], DATA["options"],
                               Lifeboat)
GAME = Lifeboat
