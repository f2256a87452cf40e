"""What one player may see (R-OPEN-HANDS: hand sizes are public).

Bots and the odds functions get a :class:`PlayerView`, never the game: their
own hand, the others' hand sizes, the discard pile, the colour and direction,
what is pending, and their own legal moves.  Every property returns a fresh
immutable value, so a view cannot change the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card, Colour, card_order
from .moves import Move
from .rules import RuleSet

if TYPE_CHECKING:
    from .game import Game, Phase

__all__ = ["PlayerView"]


class PlayerView:
    __slots__ = ("_game", "seat")

    def __init__(self, game: "Game", seat: int) -> None:
        if not 0 <= seat < game.n:
            raise ValueError(f"no seat {seat} in a {game.n}-player game")
        self._game = game
        self.seat = seat

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(self._game.hands[self.seat])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._game.hands)

    @property
    def players(self) -> int:
        return self._game.n

    @property
    def names(self) -> tuple[str, ...]:
        return self._game.names

    @property
    def top(self) -> Card:
        return self._game.discard[-1]

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom to top (every card in it was seen face up)."""
        return tuple(self._game.discard)

    @property
    def draw_pile_size(self) -> int:
        return len(self._game.draw_pile)

    @property
    def colour(self) -> Colour | None:
        """The colour in force (``None`` while a Wild start card's colour is chosen)."""
        return self._game.colour

    @property
    def direction(self) -> int:
        return self._game.direction

    @property
    def current(self) -> int:
        return self._game.current

    @property
    def phase(self) -> "Phase":
        return self._game.phase

    @property
    def pending(self) -> int:
        """Cards the player to act must draw unless they answer (0 if none)."""
        return self._game.pending

    @property
    def pending_card(self) -> Card | None:
        return self._game.pending_card

    @property
    def challengeable(self) -> tuple[int, Colour] | None:
        """``(accused seat, colour before the +4)`` while a Wild Draw Four may
        be challenged, else ``None``."""
        w4 = self._game._w4
        return None if w4 is None else (w4[0], w4[1])

    @property
    def drawn_card(self) -> Card | None:
        return self._game.drawn_card if self._game.current == self.seat else None

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._game.scores)

    @property
    def rules(self) -> RuleSet:
        return self._game.rules

    @property
    def uno_open(self) -> int:
        """The seat that holds one card and has not called UNO! yet (-1: none)."""
        return self._game.uno_open

    @property
    def top_by(self) -> int:
        return self._game.top_by

    def next_seat(self, seat: int | None = None, steps: int = 1) -> int:
        return self._game.next_seat(self.seat if seat is None else seat, steps)

    def is_bluff(self, card: Card) -> bool:
        """Would this seat playing ``card`` now be a bluff (R-W4-BLUFF; see
        :meth:`~uno_nb.engine.game.Game.is_bluff`)?  Its own hand tells."""
        return self._game.is_bluff(card, self.seat)

    def legal_moves(self) -> list[Move]:
        """This player's own legal moves (turn moves, jump-ins, UNO calls, catches)."""
        return self._game.legal_moves(self.seat)

    def unseen(self) -> list[Card]:
        """The cards this player cannot see: the deck minus own hand and discard
        pile (the draw pile and the others' hands, mixed)."""
        from collections import Counter
        rest = Counter(self._game._deck)
        rest.subtract(self._game.hands[self.seat])
        rest.subtract(self._game.discard)
        return sorted(rest.elements(), key=card_order)

    def __repr__(self) -> str:
        return (f"<PlayerView seat={self.seat} hand={' '.join(c.text for c in self.hand)} "
                f"top={self.top} colour={self.colour.letter if self.colour is not None else '-'}>")
