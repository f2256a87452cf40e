"""uno_nb: an exact, seeded Uno engine for teaching and exploring the game.

>>> from uno_nb import Game, RuleSet
>>> game = Game(RuleSet.preset("cnuno"), players=3, seed=1)
>>> game.card_count()
108
"""

from .engine.cards import Card, Colour, build_deck, parse_card, parse_cards, parse_play
from .engine.errors import (IllegalMoveError, NotationError, PositionError, RuleError,
                            SaveFileError, UnoError)
from .engine.game import Game, Outcome, Phase, RoundResult
from .engine.moves import Move, MoveKind, parse_move
from .engine.rules import PRESETS, RuleSet
from .engine.view import PlayerView

__all__ = [
    "Card", "Colour", "build_deck", "parse_card", "parse_cards", "parse_play",
    "UnoError", "NotationError", "RuleError", "IllegalMoveError", "PositionError",
    "SaveFileError", "Game", "Outcome", "Phase", "RoundResult", "Move", "MoveKind",
    "parse_move", "RuleSet", "PRESETS", "PlayerView",
]
__version__ = "0.1.0"
