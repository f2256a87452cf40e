"""V-COLOUR-WHEEL: a black card names no colour; the colour turns to the
next one on the wheel (clockwise red, blue, green, yellow), in the direction
of play.  (The plays of a black card without a colour are the move tables'
own: ``Game`` picks them with the rule.)"""

from __future__ import annotations

from .. import events as ev
from ..cards import Card, Colour
from ..moves import Move
from ..state import WHEEL, GameState
from .base import HouseRule

__all__ = ["ColourWheel", "refused_black"]


class ColourWheel(HouseRule):
    __slots__ = ()
    options = ("colour_wheel",)
    ids = ("V-COLOUR-WHEEL",)

    def black(self, g: GameState, p: int, card: Card, colour: Colour | None) -> Colour | None:
        assert g.colour is not None
        colour = WHEEL[(WHEEL.index(g.colour) + g.direction) % 4]
        g._fired["V-COLOUR-WHEEL"] += 1
        if g.record:
            g._log(ev.note("colour_wheel", "V-COLOUR-WHEEL", colour=colour))
        return colour


def refused_black(g: GameState, move: Move, card: Card) -> str:
    """Why a black card played with (or without) a colour is refused ('' if
    it names one exactly when it must)."""
    wheel = g.rules.colour_wheel
    if not card.is_black or (move.colour is None) == wheel:
        return ""
    if wheel:
        return f"{move}: under V-COLOUR-WHEEL a black card names no colour ({card.text})"
    return f"{move}: a black card names its colour, e.g. {card.text}>R"
