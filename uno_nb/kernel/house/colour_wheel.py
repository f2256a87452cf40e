"""V-COLOUR-WHEEL in the kernel: a black card's colour is the wheel's next one."""

from __future__ import annotations

from numba import njit

from ..layout import COLOURV, DIR, I64, WHEEL, WHEEL_AT
from ..mirror import mirrors


@mirrors("uno_nb.engine.house.colour_wheel.ColourWheel.black")
@njit(cache=True, inline="always")
def wheel_colour(st: I64) -> int:
    """The colour after the one in force, in the direction of play."""
    colour: int = WHEEL[(WHEEL_AT[st[COLOURV]] + st[DIR]) % 4]
    return colour
