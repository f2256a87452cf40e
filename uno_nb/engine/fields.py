"""How a field of the position is declared: its value at the start of a game
(a callable of ``n``, the number of players) and whether each deal resets it.

:data:`uno_nb.engine.state.POSITION` declares the table's fields with these,
and each rule option its own (``RuleSet``'s ``state=``), so the state's
machinery makes every fresh value by calling, never by running source text.

>>> per_seat(0).start(3), value(-1).start(3), empty().start(3)
([0, 0, 0], -1, [])
>>> per_seat(False, reset=True).reset
True
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

__all__ = ["Field", "value", "per_seat", "empty", "computed"]


class Field(NamedTuple):
    """One field of the position: ``start(n)`` is its value at the start of
    a game of ``n`` players (a new list each call); ``reset``: each deal sets
    it back to that value.  ``shape`` and ``initial`` say the same for the
    state's fast path: ``"value"`` (``initial`` itself), ``"per_seat"`` (a list
    of ``n`` times ``initial``), ``"empty"`` (a new empty list) or
    ``"computed"`` (only ``start`` knows)."""

    start: Callable[[int], Any]
    reset: bool = False
    shape: str = "computed"
    initial: Any = None


def value(start: Any, reset: bool = False) -> Field:
    """A field that starts as ``start``, an immutable value (a number, a seat,
    ``None``, a tuple, an enum member)."""
    assert not isinstance(start, (list, dict, set)), "a list field is per_seat() or empty()"
    return Field(lambda _n: start, reset, "value", start)


def per_seat(start: Any, reset: bool = False) -> Field:
    """A list with one ``start`` (immutable) per player."""
    return Field(lambda n: [start] * n, reset, "per_seat", start)


def empty(reset: bool = False) -> Field:
    """A list that starts empty (a pile, a log of rounds, an order of finish)."""
    return Field(lambda _n: [], reset, "empty")


def computed(start: Callable[[int], Any], reset: bool = False) -> Field:
    """A field whose start value is made by ``start(n)`` (e.g. a fresh dict)."""
    return Field(start, reset)
