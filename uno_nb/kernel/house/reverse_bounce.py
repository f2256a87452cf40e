"""V-REVERSE-BOUNCE in the kernel: a Reverse in the colour sends a pending
draw card, or a Skip, back."""

from __future__ import annotations

from numba import njit

from ..constants import F_V_REVERSE_BOUNCE, O_REVERSE_BOUNCE, P_TURN, PLAY, RK_R, RK_S
from ..layout import (BOUNCE, C_COL, C_RANK, COLOURV, CUR, FIRED, HC, I64, M_CARD, M_TARGET, MVB,
                      NCARDS, PHASE, W4SET)
from ..mirror import mirrors
from ..state import add_move, after


@mirrors("uno_nb.engine.house.reverse_bounce.ReverseBounce.skipped")
@njit(cache=True, inline="always")
def bounce_chance(st: I64, p: int, skipped: int, ru: I64) -> None:
    """``p``'s Skip skipped ``skipped``, who may send it back with a Reverse."""
    if ru[O_REVERSE_BOUNCE] and skipped != p:
        st[BOUNCE] = skipped


@mirrors("uno_nb.engine.house.reverse_bounce.ReverseBounce.answers")
@njit(cache=True, inline="always")
def bounces(st: I64, c: int, ru: I64) -> bool:
    """Does card ``c`` (no draw card) answer the pending one: a Reverse in the colour in force?"""
    yes: bool = ru[O_REVERSE_BOUNCE] != 0 and C_RANK[c] == RK_R and C_COL[c] == st[COLOURV]
    return yes


@mirrors("uno_nb.engine.house.reverse_bounce.ReverseBounce.reversed")
@njit(cache=True, inline="always")
def bounce_draw(st: I64, p: int) -> None:
    """A Reverse on a pending draw: it goes back where it came from."""
    st[W4SET] = 0
    st[CUR] = after(st, p)
    st[FIRED + F_V_REVERSE_BOUNCE] += 1


@mirrors("uno_nb.engine.house.reverse_bounce.ReverseBounce.reversed")
@njit(cache=True, inline="always")
def bounce_skip(st: I64, p: int) -> None:
    """A Reverse by the player a Skip skipped: its player is skipped instead."""
    skipper = after(st, p)
    st[CUR] = after(st, skipper)
    st[PHASE] = P_TURN
    st[FIRED + F_V_REVERSE_BOUNCE] += 1
    if skipper != p:
        st[BOUNCE] = skipper


@mirrors("uno_nb.engine.house.reverse_bounce.ReverseBounce.jump_ins")
@njit(cache=True, inline="always")
def bounce_moves(st: I64, mv: I64, b: int, k: int, t: int) -> int:
    """The skipped player's Reverses in the colour, after the ``k`` jump-ins
    of buffer ``b`` on top card ``t`` (none twice); returns the count."""
    bo = st[BOUNCE]
    if bo >= 0 and (C_RANK[t] == RK_S or C_RANK[t] == RK_R):
        for c in range(NCARDS):
            if st[HC + bo * 64 + c] > 0 and C_RANK[c] == RK_R and C_COL[c] == st[COLOURV]:
                dup = False
                for i in range(k):
                    at = b * MVB + 4 * i
                    if mv[at + M_TARGET] == bo and mv[at + M_CARD] == c:
                        dup = True
                if not dup:
                    k = add_move(mv, b, k, PLAY, c, -1, bo)
    return k
