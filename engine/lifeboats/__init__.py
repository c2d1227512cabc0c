"""Lifeboats (Ronald Wettering), per shared/rules/lifeboats.md."""
from engine.lifeboats.game import LifeboatsGame

GAME = LifeboatsGame
