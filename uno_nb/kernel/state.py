"""The kernel's state primitives (:mod:`uno_nb.kernel.jit`): the chance-event
generators, the small queries and updates of a game's state array (inlined
on the per-move path), and keep_alive for the owners of raw pointers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit
from numpy.typing import NDArray

from .mirror import kernel_only, mirrors
from . import mtrand as mt
from .constants import D_BLUFF_OK, O_COLOUR_WHEEL, O_W4_ANYTIME, PLAY, RK_W4
from .layout import (BITPOS, CHANCE, COLMASK, COLOURV, C_COL, C_RANK, DIR, DISC, HC, HMASK, HSIZE,
                     I64, MATCH, MATCHV, MVB, M_CARD, M_COLOUR, M_KIND, M_TARGET, N, NDISC, OUT,
                     OUTS, PCARD, PENDING, SEED, SHUFFLE, U32, W4SET)


# ================================================================ raw arrays
#
# The game loop indexes raw pointers, not arrays (mtrand.jit.raw, which seeds
# the generators with them too; see there why): keep_alive keeps their owners.


@kernel_only("an int64 value, not a literal, for numba")
@njit(cache=True, inline="always")
def i64(x: int) -> int:
    """``x`` as an ``int64`` value, not a literal: an int literal passed to a
    compiled function makes numba compile that function again for that value
    (its type is ``Literal[int](x)``), so the kernel's calls pass constants
    through this (or :data:`~uno_nb.kernel.layout.NO`) and each function is
    compiled once.  (Inlined: no call is left.)"""
    return int(np.int64(x))


@kernel_only("a bool value, not a literal, for numba")
@njit(cache=True, inline="always")
def flag(x: bool) -> bool:
    """``x`` as a ``bool`` value, not a literal (see :func:`i64`)."""
    return bool(np.bool_(x))


@kernel_only("keeps the raw pointers' owners alive")
@njit(cache=True)
def keep_alive(*arrays: NDArray[Any]) -> int:
    """Nothing; a use of ``arrays`` that keeps them (and their raw pointers) alive until here."""
    return len(arrays)


# ================================================================ randomness

@mirrors("uno_nb.engine.state.mix")
@njit(cache=True)
def mix(seed: int, k: int) -> np.uint64:
    """The engine's ``_mix``: SplitMix64 of the game's seed and chance event ``k``."""
    x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(k) * np.uint64(0xD1B54A32D192ED03)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@mirrors("uno_nb.engine.state.GameState._rng")
@njit(cache=True)
def next_rng(st: I64, crng: U32) -> None:
    """``Game._rng``: a fresh generator for the next chance event."""
    st[CHANCE] += 1
    x = mix(st[SEED], st[CHANCE])
    mt.seed_int(crng, np.uint32(x & np.uint64(0xFFFFFFFF)), np.uint32(x >> np.uint64(32)))


@mirrors("uno_nb.engine.state.GameState._shuffle")
@njit(cache=True)
def shuffle(st: I64, off: int, n: int, crng: U32) -> None:
    """``Game._shuffle`` of ``st[off:off+n]``: sort by uniform keys, stably."""
    mt.sort_shuffle_at(crng, st, off, n, i64(SHUFFLE))


# ================================================================ small queries
#
# The small helpers of the per-move path are inlined by numba (inline="always"):
# a call between compiled functions that LLVM does not inline costs the call
# plus a reference-count increment and decrement (atomic) of every array
# argument, which made up a good part of a move's time.

@mirrors("uno_nb.engine.state.GameState._after")
@njit(cache=True, inline="always")
def after(st: I64, seat: int) -> int:
    n = st[N]
    d = st[DIR]
    seat = (seat + d) % n
    if st[OUTS]:
        while st[OUT + seat]:
            seat = (seat + d) % n
    return seat


@kernel_only("walks a card bit mask")
@njit(cache=True, inline="always")
def lowest_card(bits: int | np.int64) -> int:
    """The card of the lowest set bit of a non-empty mask."""
    low = np.uint64(bits & -bits)
    card: int = BITPOS[(low * np.uint64(0x03F79D71B4CB0A89)) >> np.uint64(58)]
    return card


@kernel_only("a hand as card counts and a mask")
@njit(cache=True, inline="always")
def add_card(st: I64, p: int, c: int) -> None:
    st[HC + p * 64 + c] += 1
    st[HSIZE + p] += 1
    st[HMASK + p] |= np.int64(1) << c


@kernel_only("a hand as card counts and a mask")
@njit(cache=True, inline="always")
def remove_card(st: I64, p: int, c: int) -> None:
    k = HC + p * 64 + c
    st[k] -= 1
    st[HSIZE + p] -= 1
    if st[k] == 0:
        st[HMASK + p] &= ~(np.int64(1) << c)


@mirrors("uno_nb.engine.state.GameState._set_colour")
@njit(cache=True, inline="always")
def set_colour(st: I64, colour: int) -> None:
    st[COLOURV] = colour
    st[MATCHV] = MATCH[colour, C_RANK[st[DISC + st[NDISC] - 1]]]


@mirrors("uno_nb.engine.state.GameState._set_colour")
@njit(cache=True, inline="always")
def colour_of_card(st: I64, c: int) -> None:
    st[COLOURV] = C_COL[c]
    st[MATCHV] = MATCH[C_COL[c], C_RANK[c]]


@mirrors("uno_nb.engine.game.Game.top")
@njit(cache=True, inline="always")
def top(st: I64) -> int:
    card: int = st[DISC + st[NDISC] - 1]
    return card


@mirrors("uno_nb.engine.legality.Legality._playable")
@njit(cache=True, inline="always")
def w4_blocked(st: I64, seat: int, ru: I64) -> bool:
    """R-W4-LEGAL: a Wild Draw Four may not be played by ``seat`` now."""
    blocked: bool = ru[D_BLUFF_OK] == 0 and (st[HMASK + seat] & COLMASK[st[COLOURV]]) != 0
    return blocked


@mirrors("uno_nb.engine.legality.Legality._only_a_bluff")
@njit(cache=True, inline="always")
def only_a_bluff(st: I64, c: int, seat: int, ru: I64) -> bool:
    """``Game._only_a_bluff``: this Wild Draw Four would be a bluff (R-W4-BLUFF)."""
    bluff: bool = C_RANK[c] == RK_W4 and ru[O_W4_ANYTIME] == 0 and \
        (st[HMASK + seat] & COLMASK[st[COLOURV]]) != 0
    return bluff


@mirrors("uno_nb.engine.legality.Legality._playable")
@njit(cache=True, inline="always")
def playable(st: I64, c: int, seat: int, ru: I64) -> bool:
    ok: bool
    if C_COL[c] < 0:
        ok = ru[D_BLUFF_OK] != 0 or C_RANK[c] != RK_W4 or \
            (st[HMASK + seat] & COLMASK[st[COLOURV]]) == 0
        return ok
    ok = C_COL[c] == st[COLOURV] or C_RANK[c] == C_RANK[top(st)]
    return ok


@mirrors("uno_nb.engine.house.base.partners")
@njit(cache=True)
def partners_any(st: I64, seat: int) -> bool:
    n = st[N]
    for s in range(n):
        if s != seat and not st[OUT + s] and st[HSIZE + s] > 0:
            return True
    return False


@mirrors("uno_nb.engine.state.GameState._clear_pending")
@njit(cache=True, inline="always")
def clear_pending(st: I64) -> None:
    st[PENDING] = 0
    st[PCARD] = -1
    st[W4SET] = 0


# ================================================================ move buffers

@kernel_only("a move as a row of a move buffer")
@njit(cache=True, inline="always")
def add_move(mv: I64, b: int, k: int, kind: int, card: int, colour: int, target: int) -> int:
    """Write move ``k`` of buffer ``b`` (:data:`~uno_nb.kernel.layout.MVB`); the count after it."""
    at = b * MVB + 4 * k
    mv[at + M_KIND] = kind
    mv[at + M_CARD] = card
    mv[at + M_COLOUR] = colour
    mv[at + M_TARGET] = target
    return k + 1


@mirrors("uno_nb.engine.state._plays_of")
@njit(cache=True, inline="always")
def add_plays(mv: I64, b: int, k: int, c: int, ru: I64) -> int:
    """Every play of card ``c``: black cards once per colour (none under the wheel)."""
    if C_COL[c] < 0 and ru[O_COLOUR_WHEEL] == 0:
        for col in range(4):
            k = add_move(mv, b, k, PLAY, c, col, -1)
    else:
        k = add_move(mv, b, k, PLAY, c, -1, -1)
    return k
