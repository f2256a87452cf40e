"""V-DEFLECT-2 and V-W4-SAVE-2 in the kernel: a +2 passes a pending +2 on,
or answers a +4."""

from __future__ import annotations

from numba import njit

from ..constants import O_DEFLECT_2, O_W4_SAVE_2, RK_P2, RK_W4
from ..layout import C_RANK, I64
from ..mirror import mirrors


@mirrors("uno_nb.engine.house.deflect.Deflect.answers",
         "uno_nb.engine.house.deflect.Deflect.answer")
@njit(cache=True, inline="always")
def deflects(pending: int, c: int, ru: I64) -> bool:
    """Does card ``c`` deflect the pending draw card (both a +2, V-DEFLECT-2 on)?"""
    yes: bool = ru[O_DEFLECT_2] != 0 and C_RANK[c] == RK_P2 and C_RANK[pending] == RK_P2
    return yes


@mirrors("uno_nb.engine.house.deflect.Deflect.answers",
         "uno_nb.engine.house.deflect.Deflect.answer")
@njit(cache=True, inline="always")
def saves(pending: int, c: int, ru: I64) -> bool:
    """Is card ``c`` a +2 that answers a pending +4 (V-W4-SAVE-2 on; the
    colour in force is checked where the move is offered)?"""
    yes: bool = ru[O_W4_SAVE_2] != 0 and C_RANK[c] == RK_P2 and C_RANK[pending] == RK_W4
    return yes
