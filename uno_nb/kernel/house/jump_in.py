"""V-JUMP-IN and V-DOUBLES in the kernel: the cards played out of turn."""

from __future__ import annotations

from numba import njit

from ..constants import O_COLOUR_WHEEL, O_DOUBLES, O_JUMP_IN, P_PENALTY
from ..layout import C_COL, C_DRAW, CUR, HC, I64, M_TARGET, MVB, N, PHASE, TOPBY
from ..mirror import mirrors
from ..state import add_plays, top
from .reverse_bounce import bounce_moves


@mirrors("uno_nb.engine.house.jump_in.JumpIn.jump_ins")
@njit(cache=True)
def jump_in_moves(st: I64, mv: I64, b: int, ru: I64) -> int:
    """``Game.jump_in_moves()`` (every seat) into buffer ``b``; returns the count."""
    k = 0
    if st[PHASE] > P_PENALTY or st[TOPBY] < 0:
        return 0
    t = top(st)
    n = st[N]
    if (ru[O_JUMP_IN] or ru[O_DOUBLES]) and not (C_COL[t] < 0 and C_DRAW[t] > 0):
        for s in range(n):
            if s == st[CUR]:
                continue
            if s == st[TOPBY]:
                if not ru[O_DOUBLES]:
                    continue
            elif not ru[O_JUMP_IN]:
                continue
            if st[HC + s * 64 + t] > 0:
                k = add_plays(mv, b, k, t, ru)
                for i in range(k - (4 if (C_COL[t] < 0 and ru[O_COLOUR_WHEEL] == 0) else 1), k):
                    mv[b * MVB + 4 * i + M_TARGET] = s  # the player, kept as the target of jump-ins
    return bounce_moves(st, mv, b, k, t)
