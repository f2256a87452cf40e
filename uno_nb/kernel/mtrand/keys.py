"""The keys :mod:`uno_nb.kernel.mtrand` seeds with, in plain Python: CPython's
``init_by_array`` keys of int seeds, for :func:`uno_nb.kernel.mtrand.seed_words`
and :func:`uno_nb.kernel.mtrand.seed_int`.

>>> int_key(2**32 + 5).tolist()
[5, 1]
>>> split_seed(2**32 + 5)
(5, 1)
"""

from __future__ import annotations

import numpy as np

from ..mirror import kernel_only, mirrors
from .jit import U32

__all__ = ["int_key", "split_seed"]


@mirrors("random.Random.seed")
def int_key(x: int) -> U32:
    """The ``init_by_array`` key CPython uses for ``random.Random(x)``: the
    32-bit words of ``abs(x)``, least significant first, as few as possible
    (``[0]`` for 0)."""
    x = abs(int(x))
    nwords = max(1, (x.bit_length() + 31) // 32)
    return np.frombuffer(x.to_bytes(4 * nwords, "little"), dtype="<u4").astype(np.uint32)


@kernel_only("an int seed as two key words")
def split_seed(x: int) -> tuple[int, int]:
    """``(lo, hi)`` words of ``abs(x)`` for :func:`seed_int` (``abs(x) < 2**64``)."""
    x = abs(int(x))
    if x >> 64:
        raise ValueError("seed_int takes seeds below 2**64; use seed_words(int_key(x))")
    return x & 0xFFFFFFFF, x >> 32
