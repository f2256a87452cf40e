"""Card values and round scores (R-VALUES, R-SCORE-WINNER).

>>> from uno_nb.cards import parse_cards
>>> hand_points(parse_cards("R7 GS W+4"))
77
>>> hand_points(parse_cards("B0"), drop_zero=True)
50
>>> round_points([parse_cards("R7"), [], parse_cards("B+2 Y0")], winner=1)
27
"""

from __future__ import annotations

from operator import attrgetter
from typing import Iterable, Sequence

from .cards import Card

__all__ = ["card_points", "hand_points", "round_points"]


def card_points(card: Card) -> int:
    """R-VALUES: a number card its face value; Skip, Reverse, Draw Two 20;
    black cards 50."""
    return card.points


def hand_points(hand: Iterable[Card], drop_zero: bool = False) -> int:
    """The value of the cards in one hand; with V-DROP-ZERO a hand of a single
    0 counts 50."""
    if drop_zero:
        cards = list(hand)
        if len(cards) == 1 and cards[0].rank == "0":
            return 50
        hand = cards
    return sum(map(_POINTS, hand))


def round_points(hands: Sequence[Iterable[Card]], winner: int) -> int:
    """R-SCORE-WINNER: what the round's winner scores — every other hand."""
    return sum(sum(map(_POINTS, hand)) for seat, hand in enumerate(hands) if seat != winner)


_POINTS = attrgetter("points")
