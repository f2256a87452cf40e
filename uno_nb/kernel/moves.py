"""The legal moves of a game state (:mod:`uno_nb.kernel.jit`): the engine's
``turn_moves``, written into the rows of a move buffer (``jump_in_moves`` is
in :mod:`uno_nb.kernel.house.jump_in`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .mirror import kernel_only, mirrors
from .constants import (CHALLENGE, COLOUR, DEAL, DRAW, D_ANSWERS, D_BLUFF_OK, D_MUST_PLAY, GIVE,
                        O_DRAW_ANYTIME, O_JUMP_IN, PASS, P_COLOUR, P_DRAWN,
                        P_EXCHANGE, P_GIVE, P_PENALTY, P_READY, P_ROUND_OVER, P_SWAP, P_TURN,
                        READY, RK_W4, SWAP)
from .layout import (COLMASK, COLOURV, CUR, C_COL, C_DRAW, C_RANK, DRAWNC, HC, HMASK, HSIZE, I64,
                     MATCHV, N, NCARDS, OUT, PCARD, PHASE, TOPBY, W4SET, W4_BIT)
from .house.deflect import deflects, saves
from .house.reverse_bounce import bounces
from .house.stack import stacks_on
from .state import add_move, add_plays, lowest_card, only_a_bluff, playable, top, w4_blocked


# ================================================================ moves

@mirrors("uno_nb.engine.legality.Legality._answers_with")
@njit(cache=True)
def answers_with(st: I64, pending: int, c: int, seat: int, ru: I64) -> bool:
    """``Game._answers_with``: may card ``c`` answer the pending draw card?"""
    if C_RANK[c] == RK_W4 and w4_blocked(st, seat, ru):
        return False
    if C_DRAW[c] == 0:
        return bounces(st, c, ru)
    if stacks_on(st, pending, c, ru) or deflects(pending, c, ru):
        return True
    save2: bool = saves(pending, c, ru) and C_COL[c] == st[COLOURV]
    return save2


@mirrors("uno_nb.engine.legality.Legality._penalty_moves")
@njit(cache=True)
def penalty_answers(st: I64, seat: int, ru: I64) -> np.int64:
    """The cards (bit mask) whose plays answer the pending draw card."""
    bits = np.int64(0)
    pc = st[PCARD]
    hmask = st[HMASK + seat]
    if pc >= 0 and ru[D_ANSWERS]:
        m = hmask
        while m:
            c = lowest_card(m)
            if answers_with(st, pc, c, seat, ru):
                bits |= np.int64(1) << c
            m &= m - 1
    if ru[O_JUMP_IN] and st[TOPBY] >= 0 and st[TOPBY] != seat:
        t = top(st)
        if (hmask >> t) & 1 and not (C_COL[t] < 0 and C_DRAW[t] > 0):
            bits |= np.int64(1) << t
    return bits


@mirrors("uno_nb.engine.legality.Legality.turn_moves")
@njit(cache=True, inline="always")  # one caller, once a move: no call
def turn_moves(st: I64, mv: I64, ru: I64) -> tuple[int, int]:
    """``Game.turn_moves`` into buffer 0; returns (count, plays)."""
    seat = st[CUR]
    phase = st[PHASE]
    k = 0
    if phase == P_TURN:
        hmask = st[HMASK + seat]
        bits = hmask & st[MATCHV]
        if ru[D_BLUFF_OK] == 0 and (hmask & COLMASK[st[COLOURV]]):
            bits &= ~W4_BIT
        while bits:
            k = add_plays(mv, 0, k, lowest_card(bits), ru)
            bits &= bits - 1
        plays = k
        if ru[O_DRAW_ANYTIME] or k == 0:
            k = add_move(mv, 0, k, DRAW, -1, -1, -1)
        return k, plays
    if phase == P_PENALTY:
        bits = penalty_answers(st, seat, ru)
        while bits:
            k = add_plays(mv, 0, k, lowest_card(bits), ru)
            bits &= bits - 1
        plays = k
        k = add_move(mv, 0, k, DRAW, -1, -1, -1)
        pc = st[PCARD]
        if pc >= 0 and C_RANK[pc] == RK_W4 and st[W4SET]:
            k = add_move(mv, 0, k, CHALLENGE, -1, -1, -1)
        return k, plays
    if phase == P_DRAWN:
        c = st[DRAWNC]
        if c >= 0 and playable(st, c, seat, ru):
            k = add_plays(mv, 0, k, c, ru)
            plays = k
            if ru[D_MUST_PLAY] == 0 or only_a_bluff(st, c, seat, ru):
                k = add_move(mv, 0, k, PASS, -1, -1, -1)
            return k, plays
        k = add_move(mv, 0, k, PASS, -1, -1, -1)
        return k, 0
    if phase == P_COLOUR:
        for col in range(4):
            k = add_move(mv, 0, k, COLOUR, -1, col, -1)
        return k, 0
    if phase == P_ROUND_OVER:
        return add_move(mv, 0, k, DEAL, -1, -1, -1), 0
    if phase == P_SWAP or phase == P_EXCHANGE:
        for t in range(st[N]):
            if t != seat and not st[OUT + t] and st[HSIZE + t] > 0:
                k = add_move(mv, 0, k, SWAP, -1, -1, t)
        if phase == P_EXCHANGE:
            k = add_move(mv, 0, k, PASS, -1, -1, -1)
        return k, 0
    if phase == P_GIVE:
        for c in range(NCARDS):
            if st[HC + seat * 64 + c] > 0:
                k = add_move(mv, 0, k, GIVE, c, -1, -1)
        return k, 0
    if phase == P_READY:
        return add_move(mv, 0, k, READY, -1, -1, -1), 0
    return 0, 0
