"""Card values and round scores (R-VALUES, R-SCORE-WINNER).

>>> from uno_nb.engine.cards import parse_cards
>>> hand_points(parse_cards("R7 GS W+4"))
77
>>> hand_points(parse_cards("B0"), drop_zero=True)
50
>>> round_points([parse_cards("R7"), [], parse_cards("B+2 Y0")], winner=1)
27
>>> score_round("penalty", [7, 0, 20], winner=1, last_card=parse_cards("R+1")[0])
RoundScore(gains=(7, -20, 20), points=-20, loser=None)
>>> champion("winner", "rounds", winner=0, scores=[120, 80], won_round=[1, 2], wins=[1, 1])
0

These are pure functions: the engine scores its rounds with them
(:mod:`uno_nb.engine.rounds`), and the scoring page reads a finished game with them.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Iterable, NamedTuple, Sequence

from .cards import Card

__all__ = ["card_points", "hand_points", "round_points", "h2o_bonus", "RoundScore",
           "score_round", "round_gains", "champion", "SCORING_RULES"]

#: The rule id of each scoring mode.
SCORING_RULES = {"winner": "R-SCORE-WINNER", "penalty": "V-SCORE-PENALTY", "lazy": "V-LAZY"}
#: V-H2O: what going out on each H2O draw card takes off one's total.
_H2O_BONUS = {"+1": 20, "W+2": 40}


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


def h2o_bonus(card: Card | None) -> int:
    """V-H2O: what going out on ``card`` takes off a penalty total (20 for a
    Draw One, 40 for a Wild Draw Two, else 0)."""
    return 0 if card is None else _H2O_BONUS.get(card.rank, 0)


class RoundScore(NamedTuple):
    """A round scored: what each total ``gains``, the round's ``points``
    (R-SCORE-WINNER: the winner's; V-SCORE-PENALTY: minus the H2O bonus;
    V-LAZY: the loser's hand) and the lazy ``loser``."""

    gains: tuple[int, ...]
    points: int
    loser: int | None


def round_gains(scoring: str, winner: int, points: int, values: Sequence[int]) -> tuple[int, ...]:
    """What a round scored with ``points`` added to each total, from the hand
    ``values`` at its end: R-SCORE-WINNER, the points to the winner;
    V-SCORE-PENALTY, each player their own hand (the winner's ``points`` are
    the H2O bonus, negative); V-LAZY, nothing (rounds are counted instead)."""
    gains = [0] * len(values)
    if scoring == "winner":
        gains[winner] = points
    elif scoring == "penalty":
        gains = list(values)
        gains[winner] += points
    return tuple(gains)


def score_round(scoring: str, values: Sequence[int], winner: int, *,
                last_card: Card | None = None, loser: int | None = None,
                order: Sequence[int] = ()) -> RoundScore:
    """Score a round won by ``winner`` with the hand ``values`` left.

    ``last_card``: the card the winner went out on, under V-H2O (else
    ``None``); ``loser``: a lazy round's loser when the round decided it
    (V-TO-THE-LAST), else the highest hand among ``order`` (the seats after
    the winner in play order; the first of them on a tie)."""
    if scoring == "winner":
        points = sum(v for s, v in enumerate(values) if s != winner)
    elif scoring == "penalty":
        points = -h2o_bonus(last_card)
    else:
        if loser is None:
            loser = max(order, key=lambda s: (values[s], -order.index(s)))
        points = values[loser]
    return RoundScore(round_gains(scoring, winner, points, values), points, loser)


def champion(scoring: str, reason: str, winner: int, scores: Sequence[int],
             won_round: Sequence[int], wins: Sequence[int]) -> int:
    """Who wins the game that just ended (``reason``: "target", "rounds" or
    "seven-rounds"; ``winner``: the last round's winner; ``won_round``: the
    last round each player won; ``wins``: rounds won).  R-SCORE-WINNER: the
    first to the target, else the highest total; V-SCORE-PENALTY: the lowest
    total; V-LAZY: the most rounds won.  Ties go to the latest round winner,
    then the lowest seat."""
    seats = range(len(scores))
    if reason == "seven-rounds" or (reason == "target" and scoring == "winner"):
        return winner
    if scoring == "penalty":
        return min(seats, key=lambda s: (scores[s], -won_round[s], s))
    if scoring == "lazy":
        return max(seats, key=lambda s: (wins[s], won_round[s], -s))
    return max(seats, key=lambda s: (scores[s], won_round[s], -s))
