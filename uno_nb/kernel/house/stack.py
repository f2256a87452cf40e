"""V-STACK and V-STACK-MIXED in the kernel: a draw card answered with another."""

from __future__ import annotations

from numba import njit

from ..constants import F_V_STACK, F_V_STACK_MIXED, O_STACK, O_STACK_MIXED
from ..layout import C_COL, C_RANK, COLOURV, I64, PCARD
from ..mirror import mirrors


@mirrors("uno_nb.engine.house.stack.Stack.answers")
@njit(cache=True, inline="always")
def stacks_on(st: I64, pending: int, c: int, ru: I64) -> bool:
    """May draw card ``c`` be stacked on the pending draw card (V-STACK on
    the same rank; V-STACK-MIXED on any, a coloured one on a black one in
    the colour in force)?"""
    if not ru[O_STACK]:
        return False
    if C_RANK[c] == C_RANK[pending]:
        return True
    mixed: bool = ru[O_STACK_MIXED] != 0 and (C_COL[c] < 0 or C_COL[pending] >= 0
                                              or C_COL[c] == st[COLOURV])
    return mixed


@mirrors("uno_nb.engine.house.stack.Stack.answer")
@njit(cache=True, inline="always")
def stack_rule(st: I64, c: int, ru: I64) -> int:
    """The counted rule of draw card ``c`` played on the pending one when
    the draws add up (F_V_STACK, F_V_STACK_MIXED), or -1 when they do not."""
    if not ru[O_STACK]:
        return -1
    if C_RANK[c] == C_RANK[st[PCARD]]:
        return F_V_STACK
    return F_V_STACK_MIXED if ru[O_STACK_MIXED] else -1


@mirrors("uno_nb.engine.house.stack.Stack.guilty_penalty")
@njit(cache=True, inline="always")
def guilty_penalty(total: int, ru: I64) -> int:
    """What a bluffer caught by a challenge draws: the whole stack under
    V-STACK (``total``), else the usual 4."""
    return total if ru[O_STACK] else 4
