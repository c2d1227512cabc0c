"""Galèrapagos (rules: shared/rules/galerapagos.md), registered as "galerapagos"."""
from engine.galerapagos.data import DATA
from engine.galerapagos.game import Galerapagos
from engine.registry import info_from_data

Galerapagos.INFO = info_from_data(DATA["game"], DATA["title"], DATA["players"],
                                  DATA["options"], Galerapagos)
GAME = Galerapagos
