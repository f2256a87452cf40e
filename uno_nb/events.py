"""The event log: every change of state, as a typed value with one line of text.

Events are what a notebook shows when a learner steps through a game.  Each
carries the facts as fields (seats are 0-based ints, cards are
:class:`~uno_nb.cards.Card` values) and ``text``, one readable line built with
the players' names.  ``rule`` is the id of the rule that made it happen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, Colour

__all__ = [
    "Event", "DealerChosen", "Dealt", "StartCard", "StartCardReturned",
    "Played", "ColourChosen", "Drew", "Passed", "Skipped", "Reversed",
    "Challenged", "UnoCalled", "UnoCaught", "Reshuffled", "RoundWon",
    "Scored", "GameWon",
]


@dataclass(frozen=True)
class Event:
    text: str = field(kw_only=True)
    rule: str = field(default="", kw_only=True)

    @property
    def kind(self) -> str:
        return type(self).__name__

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class DealerChosen(Event):
    draws: tuple[tuple[int, Card], ...]
    dealer: int


@dataclass(frozen=True)
class Dealt(Event):
    round: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class StartCard(Event):
    card: Card
    first: int


@dataclass(frozen=True)
class StartCardReturned(Event):
    card: Card


@dataclass(frozen=True)
class Played(Event):
    player: int
    card: Card
    colour: Colour | None
    jump_in: bool = False
    bluff: bool = False


@dataclass(frozen=True)
class ColourChosen(Event):
    player: int
    colour: Colour


@dataclass(frozen=True)
class Drew(Event):
    player: int
    cards: tuple[Card, ...]
    reason: str  # "turn", "penalty", "start", "uno", "challenge", "out"


@dataclass(frozen=True)
class Passed(Event):
    player: int


@dataclass(frozen=True)
class Skipped(Event):
    player: int


@dataclass(frozen=True)
class Reversed(Event):
    player: int
    direction: int


@dataclass(frozen=True)
class Challenged(Event):
    challenger: int
    accused: int
    guilty: bool


@dataclass(frozen=True)
class UnoCalled(Event):
    player: int


@dataclass(frozen=True)
class UnoCaught(Event):
    catcher: int
    player: int
    penalty: int


@dataclass(frozen=True)
class Reshuffled(Event):
    count: int


@dataclass(frozen=True)
class RoundWon(Event):
    player: int
    round: int


@dataclass(frozen=True)
class Scored(Event):
    player: int
    points: int
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameWon(Event):
    player: int
    scores: tuple[int, ...]
    reason: str
