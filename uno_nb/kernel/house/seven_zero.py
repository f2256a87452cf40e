"""V-SEVEN-ZERO in the kernel: a 0 passes every hand on, a 7 swaps two hands."""

from __future__ import annotations

import numpy as np
from numba import njit

from ..constants import F_V_SEVEN_ZERO, P_TURN
from ..layout import CUR, FIRED, HC, HMASK, HSIZE, I64, N, OUT, PHASE, UNOOPEN
from ..mirror import mirrors
from ..state import after


@mirrors("uno_nb.engine.house.seven_zero.pass_hands_on")
@njit(cache=True)
def pass_hands_on(st: I64, ru: I64) -> None:
    n = st[N]
    old = np.empty(n * 66, np.int64)  # every seat's 64 counts, then the sizes, then the masks
    for i in range(n * 64):
        old[i] = st[HC + i]
    for s in range(n):
        old[n * 64 + s] = st[HSIZE + s]
        old[n * 65 + s] = st[HMASK + s]
    for s in range(n):
        if st[OUT + s]:
            continue
        t = after(st, s)
        for c in range(64):
            st[HC + t * 64 + c] = old[s * 64 + c]
        st[HSIZE + t] = old[n * 64 + s]
        st[HMASK + t] = old[n * 65 + s]
    st[UNOOPEN] = -1
    st[FIRED + F_V_SEVEN_ZERO] += 1


@mirrors("uno_nb.engine.house.seven_zero.SevenZero.apply")
@njit(cache=True)
def swap_hands(st: I64, p: int, target: int) -> None:
    """A 7: ``p`` and ``target`` swap whole hands (the SWAP phase's move)."""
    a0 = p * 64
    b0 = target * 64
    for c in range(64):
        x = st[HC + a0 + c]
        st[HC + a0 + c] = st[HC + b0 + c]
        st[HC + b0 + c] = x
    x = st[HSIZE + p]
    st[HSIZE + p] = st[HSIZE + target]
    st[HSIZE + target] = x
    x = st[HMASK + p]
    st[HMASK + p] = st[HMASK + target]
    st[HMASK + target] = x
    st[UNOOPEN] = -1
    st[PHASE] = P_TURN
    st[CUR] = after(st, p)
    st[FIRED + F_V_SEVEN_ZERO] += 1
