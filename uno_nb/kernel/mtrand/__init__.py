"""CPython's :mod:`random` (Mersenne Twister MT19937), bit for bit, in numba.

Every function that a compiled kernel calls is a plain ``@numba.njit(cache=True)``
function over a numpy state array, or the raw pointer the kernel's game loop
passes instead (:func:`uno_nb.kernel.mtrand.jit.raw`; no jitclass: it cannot
be cached).

State layout
------------
A ``np.uint32`` array of :data:`STATE_SIZE` = 625 elements: the 624 MT words
``state[0:624]`` followed by the position ``state[624]`` (0..624; 624 means
"regenerate before the next draw").  This is exactly the integer tuple of
CPython's ``random.Random().getstate()[1]``, so :func:`from_random` and
:func:`to_random` convert both ways.  Allocate one with :func:`new_state`, or
``np.empty(STATE_SIZE, np.uint32)`` inside njit code, then seed it.

Seeding
-------
* :func:`seed_int` (njit): ``random.Random(x)`` for an int ``0 <= x < 2**64``
  given as two 32-bit words (``lo = x & 0xFFFFFFFF``, ``hi = x >> 32``); a
  negative Python int seeds like its absolute value (CPython does that too).
* :func:`seed_words` (njit): ``init_by_array`` over any key, e.g. the key of
  an int of any size, made in plain Python by :func:`int_key`.
* :func:`seed_twisted` (njit): :data:`BLOCK` generators at a time, side by
  side (the kernel's batches seed two generators a game).

Only int seeds: the kit seeds every generator with a whole number (the
engine's and the table model's, through :func:`uno_nb.engine.deal.mix`).

Draws (njit): :func:`genrand_uint32`, :func:`random`, :func:`getrandbits32`,
:func:`randbelow` (``Random._randbelow``), :func:`uniform`, and the engine's
shuffle ``cards.sort(key=lambda _c: rng.random())`` as
:func:`sort_shuffle_inplace` (:func:`sort_shuffle_at` for a part of a raw
array).

Modules: the seed keys (plain Python) are made in :mod:`uno_nb.kernel.mtrand.keys`
(re-exported here); :mod:`uno_nb.kernel.mtrand.jit` compiles with numba when it
is installed, and its ``raw`` is inlined into :func:`seed_twisted`.  numba's
cache check watches only this file: an edit of ``jit.py`` alone leaves the
cached :func:`seed_twisted` as it was until this file changes too (or the
cache is cleared); :func:`uno_nb.kernel.fingerprint` covers all three files
for the kernel, whose machine code has theirs in it.

>>> import random as pyrandom
>>> st = new_state()
>>> seed_int(st, 12345, 0)
>>> random(st) == pyrandom.Random(12345).random()
True
>>> st = new_state()
>>> k = int_key(2**100 + 7)
>>> seed_words(st, k, 0, len(k))
>>> uniform(st, 0.05, 0.35) == pyrandom.Random(2**100 + 7).uniform(0.05, 0.35)
True
"""

from __future__ import annotations

import random as pyrandom
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..mirror import kernel_only, mirrors
from .jit import F64, I64, U32, IntLike, Words, njit, njit_inline, raw
from .keys import int_key, split_seed

__all__ = [
    "N", "STATE_SIZE", "POS", "new_state", "from_random", "to_random",
    "int_key", "split_seed", "seed",
    "init_genrand", "seed_words", "seed_int",
    "seed_twisted", "BLOCK", "block_work",
    "genrand_uint32", "random", "getrandbits32", "randbelow", "uniform",
    "random53", "shuffle_keys", "stable_sort_by_keys", "sort_shuffle_inplace", "sort_shuffle_at",
    "shuffle_scratch",
]

#: Number of Mersenne Twister words.
N = 624
_M = 397
#: Length of a state array: 624 words plus the position.
STATE_SIZE = 625
#: Index of the position in a state array.
POS = 624

_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MASK32 = 0xFFFFFFFF


@mirrors("random.Random.seed")
def _init_genrand_words(s: int) -> U32:
    mt = [s]
    for i in range(1, N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & _MASK32)
    return np.array(mt, dtype=np.uint32)


# init_by_array starts from init_genrand(19650218): a constant, copied (numba
# freezes global arrays into the compiled code) instead of recomputed.
_GENRAND_19650218 = _init_genrand_words(19650218)


# ---------------------------------------------------------------- plain Python

@kernel_only("a Mersenne Twister state as an array")
def new_state() -> U32:
    """A zeroed, unseeded state array (``np.uint32[STATE_SIZE]``)."""
    return np.zeros(STATE_SIZE, np.uint32)


@mirrors("random.Random.getstate")
def from_random(rng: pyrandom.Random) -> U32:
    """The state array of a ``random.Random`` (its next draws are ours)."""
    return np.array(rng.getstate()[1], dtype=np.uint32)


@mirrors("random.Random.setstate")
def to_random(state: U32) -> pyrandom.Random:
    """A ``random.Random`` whose next draws are those of ``state``."""
    rng = pyrandom.Random()
    rng.setstate((3, tuple(int(w) for w in state[:STATE_SIZE]), None))
    return rng


@mirrors("random.Random.seed")
def seed(state: U32, a: int) -> None:
    """Seed ``state`` like ``random.Random(a)`` for an int (of any size)."""
    if not isinstance(a, int):
        raise TypeError(f"seed takes an int, not {type(a).__name__}")
    key = int_key(a)
    seed_words(state, key, 0, len(key))


# ---------------------------------------------------------------- seeding (njit)

@mirrors("random.Random.seed")
@njit
def init_genrand(state: U32, s: IntLike) -> None:
    """MT's ``init_genrand(s)`` (``0 <= s < 2**32``); the position is set so that
    the next draw regenerates."""
    prev = np.int64(s) & _MASK32
    state[0] = prev
    for i in range(1, N):
        # 1812433253 * (a ^ a >> 30) + i < 2**63 for a < 2**32: exact in int64.
        prev = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32
        state[i] = prev
    state[POS] = N


@mirrors("random.Random.seed")
@njit
def seed_words(state: U32, words: Words, start: int, count: int) -> None:
    """``init_by_array`` with the key ``words[start:start + count]`` (any integer
    array holding 32-bit words), as CPython's ``random.seed`` does; ``count == 0``
    seeds like the key ``[0]`` (``random.Random(0)``)."""
    for i in range(N):  # = init_genrand(state, 19650218); a loop compiles far quicker than a slice
        state[i] = _GENRAND_19650218[i]
    nkey = count if count > 0 else 1
    i = 1
    j = 0
    k = N if N > nkey else nkey
    prev = np.int64(state[0])
    while k > 0:
        cur = np.int64(state[i])
        key = (np.int64(words[start + j]) & _MASK32) if count > 0 else np.int64(0)
        prev = ((cur ^ (((prev ^ (prev >> 30)) * 1664525) & _MASK32)) + key + j) & _MASK32
        state[i] = prev
        i += 1
        j += 1
        if i >= N:
            state[0] = state[N - 1]
            i = 1
        if j >= nkey:
            j = 0
        k -= 1
    prev = np.int64(state[i - 1])
    k = N - 1
    while k > 0:
        cur = np.int64(state[i])
        prev = ((cur ^ (((prev ^ (prev >> 30)) * 1566083941) & _MASK32)) - i) & _MASK32
        state[i] = prev
        i += 1
        if i >= N:
            state[0] = state[N - 1]
            i = 1
        k -= 1
    state[0] = _UPPER  # MSB is 1, assuring a non-zero initial array
    state[POS] = N


#: Generators :func:`seed_twisted` seeds side by side (the width of its lane loops).
BLOCK = 32
_U30 = np.uint32(30)
_U1 = np.uint32(1)
_A1 = np.uint32(1664525)
_A2 = np.uint32(1566083941)
_UP32 = np.uint32(_UPPER)
_LOW32 = np.uint32(_LOWER)
_MA32 = np.uint32(_MATRIX_A)


@kernel_only("scratch for seeding generators side by side")
@njit
def block_work() -> U32:
    """Scratch space for :func:`seed_twisted` (allocate once, reuse); njit."""
    return np.empty((2 * N + 1, BLOCK), np.uint32)


# The lane loops below are written so that LLVM vectorizes them (8 uint32 lanes
# per AVX2 instruction): one row of BLOCK lanes per call, uint32 arithmetic made
# explicit (numba widens integer arithmetic to 64 bits otherwise, and 64-bit
# multiplies do not vectorize).  The rows are offsets into the scratch ``w``, a
# raw pointer (jit.raw): a row passed as an array view would cost a reference
# count increment and decrement per call, thousands per block.  Separate small
# functions keep that shape visible after inlining.

@kernel_only("seed_twisted's lanes, side by side")
@njit
def _lanes_init_step(w: U32, row: int, pv: int, krow: int, j: int) -> None:
    jj = np.uint32(j)
    for lane in range(BLOCK):
        p = w[pv + lane]
        v = np.uint32(np.uint32(w[row + lane] ^ np.uint32(np.uint32(p ^ (p >> _U30)) * _A1))
                      + np.uint32(w[krow + lane] + jj))
        w[row + lane] = v
        w[pv + lane] = v


@kernel_only("seed_twisted's lanes, side by side")
@njit
def _lanes_mix_step(w: U32, row: int, pv: int, i: int) -> None:
    ii = np.uint32(i)
    for lane in range(BLOCK):
        p = w[pv + lane]
        v = np.uint32(np.uint32(w[row + lane] ^ np.uint32(np.uint32(p ^ (p >> _U30)) * _A2)) - ii)
        w[row + lane] = v
        w[pv + lane] = v


@kernel_only("seed_twisted's lanes, side by side")
@njit
def _lanes_twist(w: U32, row: int, nxt: int, far: int) -> None:
    for lane in range(BLOCK):
        y = (w[row + lane] & _UP32) | (w[nxt + lane] & _LOW32)
        w[row + lane] = w[far + lane] ^ (y >> _U1) ^ ((y & _U1) * _MA32)


@kernel_only("seed_twisted's lanes, side by side")
@njit
def _lanes_copy(w: U32, row: int, src: int) -> None:
    for lane in range(BLOCK):
        w[row + lane] = w[src + lane]


@mirrors("random.Random.seed")
@njit
def seed_twisted(states: U32, words: Words, starts: I64, counts: I64, work: U32) -> None:
    """For every row ``g`` of ``states`` (``uint32[G, STATE_SIZE]``):
    ``seed_words(states[g], words, starts[g], counts[g])`` followed by the
    regeneration of the first draw, leaving the position at 0.  The draws are
    those of :func:`seed_words` (only the array differs from CPython's
    ``getstate()`` of a freshly seeded generator, which has not regenerated yet).

    :data:`BLOCK` generators at a time, side by side: ``init_by_array`` is one
    chain of ~1,250 dependent steps (latency-bound, ~3 µs one at a time); with
    the generators as vector lanes it is ~0.5 µs a generator, twist and copy
    out included.  Lanes share the key index, so a block whose keys differ in
    length (or are longer than 624 words) is seeded one generator at a time.
    ``work`` is :func:`block_work`'s scratch."""
    games = states.shape[0]
    # work rows (BLOCK words each, row r at w[r * BLOCK]): [0, N) the lanes'
    # states (row i = word i of every lane), then [N, 2N) the key words, then
    # the lanes' previous word.
    w = raw(work)  # (the caller's argument: alive until the call returns)
    pv = 2 * N * BLOCK
    for g0 in range(0, games, BLOCK):
        lanes = min(BLOCK, games - g0)
        nk = counts[g0] if counts[g0] > 0 else 1
        same = nk <= N
        for lane in range(1, lanes):
            c = counts[g0 + lane]
            if (c if c > 0 else 1) != nk:
                same = False
        if not same:
            for g in range(g0, g0 + lanes):
                seed_words(states[g], words, starts[g], counts[g])
                _regenerate(states[g])
            continue
        for j in range(nk):  # row N + j: the j-th key word of each lane (spare lanes: lane 0's)
            for lane in range(BLOCK):
                g = g0 + lane if lane < lanes else g0
                w[(N + j) * BLOCK + lane] = (np.uint32(np.int64(words[starts[g] + j]) & _MASK32)
                                             if counts[g] > 0 else np.uint32(0))
        for i in range(N):  # = init_genrand(19650218) in every lane
            g = _GENRAND_19650218[i]
            for lane in range(BLOCK):
                w[i * BLOCK + lane] = g
        for lane in range(BLOCK):
            w[pv + lane] = _GENRAND_19650218[0]
        # init_by_array, as seed_words; prev of every lane lives in row pv
        i = 1
        j = 0
        for _ in range(N):  # k = max(N, nkey) = N
            _lanes_init_step(w, i * BLOCK, pv, (N + j) * BLOCK, j)
            i += 1
            j += 1
            if i >= N:
                _lanes_copy(w, 0, (N - 1) * BLOCK)
                i = 1
            if j >= nk:
                j = 0
        for _ in range(N - 1):
            _lanes_mix_step(w, i * BLOCK, pv, i)
            i += 1
            if i >= N:
                _lanes_copy(w, 0, (N - 1) * BLOCK)
                i = 1
        for lane in range(BLOCK):
            w[lane] = _UP32
        # _regenerate, in place and in the same order
        for kk in range(N - _M):
            _lanes_twist(w, kk * BLOCK, (kk + 1) * BLOCK, (kk + _M) * BLOCK)
        for kk in range(N - _M, N - 1):
            _lanes_twist(w, kk * BLOCK, (kk + 1) * BLOCK, (kk + _M - N) * BLOCK)
        _lanes_twist(w, (N - 1) * BLOCK, 0, (_M - 1) * BLOCK)
        # transpose out, 104 words of a generator at a time (a word at a time
        # wrote each generator's cache lines over and over: most of the time)
        for i0 in range(0, N, 104):
            for lane in range(lanes):
                out = states[g0 + lane]
                for i in range(i0, i0 + 104):  # (104 divides N)
                    out[i] = w[i * BLOCK + lane]
        for lane in range(lanes):
            states[g0 + lane, POS] = 0


@mirrors("random.Random.seed")
@njit
def seed_int(state: U32, key_lo: IntLike, key_hi: IntLike) -> None:
    """``random.Random(x)`` for ``x = key_hi * 2**32 + key_lo < 2**64`` (the key
    is ``[lo]`` when ``hi == 0``, else ``[lo, hi]``, as CPython's minimal words)."""
    key = np.empty(2, np.uint32)
    key[0] = np.int64(key_lo) & _MASK32
    key[1] = np.int64(key_hi) & _MASK32
    seed_words(state, key, 0, 1 if key[1] == 0 else 2)


# ---------------------------------------------------------------- draws (njit)

@mirrors("random.Random.getrandbits")
@njit
def _regenerate(state: U32) -> None:
    for kk in range(N - _M):
        y = (np.int64(state[kk]) & _UPPER) | (np.int64(state[kk + 1]) & _LOWER)
        state[kk] = np.int64(state[kk + _M]) ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    for kk in range(N - _M, N - 1):
        y = (np.int64(state[kk]) & _UPPER) | (np.int64(state[kk + 1]) & _LOWER)
        state[kk] = np.int64(state[kk + (_M - N)]) ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    y = (np.int64(state[N - 1]) & _UPPER) | (np.int64(state[0]) & _LOWER)
    state[N - 1] = np.int64(state[_M - 1]) ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    state[POS] = 0


@mirrors("random.Random.getrandbits")
@njit_inline
def _next32(state: U32) -> np.int64:
    """The next tempered word, as an int64 in [0, 2**32)."""
    if state[POS] >= N:
        _regenerate(state)
    pos = np.int64(state[POS])
    y = np.int64(state[pos])
    state[POS] = pos + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@mirrors("random.Random.getrandbits")
@njit
def genrand_uint32(state: U32) -> np.uint32:
    """The next 32-bit output (``random.getrandbits(32)``), as ``np.uint32``."""
    return np.uint32(_next32(state))


@mirrors("random.Random.random")
@njit_inline
def random(state: U32) -> float:
    """``random.random()``: a float in [0, 1) from two 32-bit outputs."""
    a = _next32(state) >> 5
    b = _next32(state) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@mirrors("random.Random.getrandbits")
@njit
def getrandbits32(state: U32, k: int) -> np.int64:
    """``random.getrandbits(k)`` for ``0 <= k <= 32`` (int64); ``k == 0`` gives 0
    and draws nothing, as CPython."""
    if k <= 0:
        return np.int64(0)
    return _next32(state) >> (32 - k)


@mirrors("random.Random._randbelow")
@njit
def randbelow(state: U32, n: int) -> np.int64:
    """``Random._randbelow(n)`` for ``1 <= n < 2**32`` (rejection sampling of
    ``n.bit_length()`` bits; int64).  ``n <= 0`` gives 0 and draws nothing
    (CPython would loop for ever on 0)."""
    if n <= 0:
        return np.int64(0)
    k = 0
    m = np.int64(n)
    while m > 0:
        k += 1
        m >>= 1
    r = _next32(state) >> (32 - k)
    while r >= n:
        r = _next32(state) >> (32 - k)
    return r


@mirrors("random.Random.uniform")
@njit
def uniform(state: U32, a: float, b: float) -> float:
    """``random.uniform(a, b)``: ``a + (b - a) * random()``."""
    return a + (b - a) * random(state)


# ---------------------------------------------------------------- shuffling (njit)

@mirrors("random.Random.random")
@njit
def shuffle_keys(state: U32, n: int) -> F64:
    """``n`` successive ``random()`` values (float64 array): the sort keys of a shuffle."""
    keys = np.empty(n, np.float64)
    for i in range(n):
        keys[i] = random(state)
    return keys


@mirrors("builtins.list.sort")
@njit
def stable_sort_by_keys(keys: F64, arr: NDArray[Any], n: int) -> None:
    """Sort ``keys[:n]`` ascending in place, moving ``arr[:n]`` along; stable
    (equal keys keep their order), like Python's ``list.sort``.  Insertion
    sort: quadratic, for short arrays (a few thousand at most)."""
    for i in range(1, n):
        k = keys[i]
        v = arr[i]
        j = i
        while j > 0 and k < keys[j - 1]:
            keys[j] = keys[j - 1]
            arr[j] = arr[j - 1]
            j -= 1
        keys[j] = k
        arr[j] = v


@mirrors("random.Random.random")
@njit_inline
def random53(state: U32) -> np.int64:
    """The 53-bit integer behind ``random()`` (which is exactly ``random53() / 2**53``),
    as an int64: same draws, same order."""
    a = _next32(state) >> 5
    b = _next32(state) >> 6
    return (a << 26) | b


@mirrors("builtins.list.sort", "random.Random.random")
@njit
def _shuffle_order(state: U32, n: int, b: int, w: I64, at: int) -> None:
    """Put the positions ``0 … n-1`` in the order of ``n`` successive
    ``random()`` keys, stably (``1 <= n <= 2**b <= 1024``), into ``w[at + n:
    at + 2n]`` (packed: the position is the low ``b`` bits), using ``w[at:
    at + 2n + 2**b + 1]``.

    Each key is packed with its position as ``random53() << b | i``:
    distinct int64s whose order is the stable order; a bucket pass by the top
    bits, then insertion sort (few moves: the keys are uniform)."""
    nb = 1 << b  # buckets: the top b bits of the keys
    o = at + n  # the packed keys at [at, at + n), sorted at [o, o + n), bucket starts after
    st = at + 2 * n
    for c in range(nb + 1):
        w[st + c] = 0
    for i in range(n):
        v = (random53(state) << b) | i
        w[at + i] = v
        w[st + (v >> 53)] += 1
    start = 0  # the buckets' counts become their starts; the sum in a register, not
    for c in range(nb):  # reloaded from the word just stored (a wait on every bucket)
        count = w[st + c]
        w[st + c] = start
        start += count
    for i in range(n):
        v = w[at + i]
        c = st + (v >> 53)
        w[o + w[c]] = v
        w[c] += 1
    for i in range(o + 1, o + n):  # finish within buckets
        v = w[i]
        j = i
        while j > o and v < w[j - 1]:
            w[j] = w[j - 1]
            j -= 1
        w[j] = v


@kernel_only("bits to number a shuffle's positions")
@njit
def _bits(n: int) -> int:
    """The fewest bits that number ``0 … n-1``."""
    b = 0
    while (1 << b) < n:
        b += 1
    return b


@mirrors("uno_nb.engine.state.GameState._shuffle")
@njit
def sort_shuffle_inplace(state: U32, arr: NDArray[Any], n: int) -> None:
    """Permute ``arr[:n]`` exactly like ``lst.sort(key=lambda _c: rng.random())``:
    one ``random()`` per element in list order, then a stable sort by them
    (:func:`_shuffle_order` for ``n <= 1024``; larger ``n``, slower, use
    :func:`shuffle_keys` and :func:`stable_sort_by_keys`)."""
    if n <= 0:
        return
    b = _bits(n)
    if b > 10:
        keys = shuffle_keys(state, n)
        stable_sort_by_keys(keys, arr, n)
        return
    work = np.empty(2 * n + (1 << b) + 1, np.int64)
    _shuffle_order(state, n, b, work, 0)
    tmp = np.empty(n, arr.dtype)
    for i in range(n):
        tmp[i] = arr[i]
    mask = (1 << b) - 1
    for i in range(n):
        arr[i] = tmp[work[n + i] & mask]


@kernel_only("scratch for sort_shuffle_at")
def shuffle_scratch(n: int) -> int:
    """The words of scratch :func:`sort_shuffle_at` needs to shuffle ``n`` words."""
    return 3 * n + (1 << max(n - 1, 0).bit_length()) + 1


@mirrors("uno_nb.engine.state.GameState._shuffle")
@njit
def sort_shuffle_at(state: U32, arr: I64, off: int, n: int, scratch: int) -> None:
    """:func:`sort_shuffle_inplace` of the int64 words ``arr[off:off + n]``
    (``n <= 1024``), for an ``arr`` that is only indexed (the kernel's raw
    pointers: no slices, no allocation), with :func:`shuffle_scratch` words
    of ``arr`` from ``scratch`` on to work in."""
    if n <= 0:
        return
    b = _bits(n)
    if b > 10:  # the packed keys would overflow
        raise ValueError("sort_shuffle_at shuffles at most 1024 words")
    _shuffle_order(state, n, b, arr, scratch)
    tmp = scratch + 2 * n + (1 << b) + 1
    for i in range(n):
        arr[tmp + i] = arr[off + i]
    mask = (1 << b) - 1
    for i in range(n):
        arr[off + i] = arr[tmp + (arr[scratch + n + i] & mask)]
