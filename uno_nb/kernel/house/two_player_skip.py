"""V-TWO-PLAYER-SKIP in the kernel: with two players left, a Reverse is a Skip."""

from __future__ import annotations

from numba import njit

from ..constants import F_V_TWO_PLAYER_SKIP, O_TWO_PLAYER_SKIP
from ..layout import CUR, FIRED, I64, N, OUTS
from ..mirror import mirrors


@mirrors("uno_nb.engine.house.two_player_skip.TwoPlayerSkip.reversed")
@njit(cache=True, inline="always")
def reverse_skips(st: I64, p: int, ru: I64) -> bool:
    """A Reverse with two players left: ``p`` plays again (True), else nothing changes."""
    if st[N] - st[OUTS] == 2 and ru[O_TWO_PLAYER_SKIP]:
        st[CUR] = p
        st[FIRED + F_V_TWO_PLAYER_SKIP] += 1
        return True
    return False
