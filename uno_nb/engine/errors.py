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
    """An unknown rule option, a bad value, or options that exclude each other.

    Besides its message (for a developer: it names the options' fields and
    rule ids), a refused combination carries what an app needs to say it in a
    learner's words: ``options``, the two option names in the order of the
    message; ``conflict``, ``"excludes"`` (they cannot be on together) or
    ``"requires"`` (the first needs the second); and ``value``, the value the
    second option must have when being on is not enough (``None`` otherwise).
    Other rule errors have ``options == ()`` and ``conflict is None``.

    >>> error = RuleError("V-STACK (stack) and V-DEFLECT-2 (deflect_2) exclude each other",
    ...                   options=("stack", "deflect_2"), conflict="excludes")
    >>> str(error), error.options, error.conflict
    ('V-STACK (stack) and V-DEFLECT-2 (deflect_2) exclude each other', ('stack', 'deflect_2'), 'excludes')
    """

    def __init__(self, message: str = "", *, options: tuple[str, ...] = (),
                 conflict: str | None = None, value: object = None) -> None:
        super().__init__(message)
        self.options = tuple(options)
        self.conflict = conflict
        self.value = value


class IllegalMoveError(UnoError):
    """A move that the rules do not allow in the current position."""


class PositionError(UnoError):
    """An explicitly set-up position that cannot exist (too many copies of a card …)."""


class SaveFileError(UnoError):
    """A saved game that is malformed, tampered with, or does not replay."""
