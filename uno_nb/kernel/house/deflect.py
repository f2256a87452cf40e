"""V-DEFLECT-2 in the kernel: a +2 passes a pending +2 on."""

from __future__ import annotations

from numba import njit

from ..constants import O_DEFLECT_2, RK_P2
from ..layout import C_RANK, I64
from ..mirror import mirrors


@mirrors("uno_nb.engine.house.deflect.Deflect.answers",
         "uno_nb.engine.house.deflect.Deflect.answer")
@njit(cache=True, inline="always")
def deflects(pending: int, c: int, ru: I64) -> bool:
    """Does card ``c`` deflect the pending draw card (both a +2, V-DEFLECT-2 on)?"""
    yes: bool = ru[O_DEFLECT_2] != 0 and C_RANK[c] == RK_P2 and C_RANK[pending] == RK_P2
    return yes
