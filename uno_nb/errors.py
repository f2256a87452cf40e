"""The errors uno_nb raises.

Every error is a ``ValueError`` subclass carrying a message meant for a person:
it quotes the bad input and says what would have been accepted.  Whatever
raised it, the game it was raised for is left exactly as it was.
"""

from __future__ import annotations

__all__ = [
    "UnoError",
    "NotationError",
    "RuleError",
    "IllegalMoveError",
    "PositionError",
    "SaveFileError",
]


class UnoError(ValueError):
    """Base class of every error raised by uno_nb."""


class NotationError(UnoError):
    """Card or move text that cannot be read (``parse_card("R10")``)."""


class RuleError(UnoError):
    """An unknown rule option, a bad value, or options that exclude each other."""


class IllegalMoveError(UnoError):
    """A move that the rules do not allow in the current position."""


class PositionError(UnoError):
    """An explicitly set-up position that cannot exist (too many copies of a card …)."""


class SaveFileError(UnoError):
    """A saved game that is malformed, tampered with, or does not replay."""
