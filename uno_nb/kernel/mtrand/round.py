"""Python's ``round(x, d)``, exactly, in numba (:mod:`uno_nb.kernel.mtrand`'s
rounding: the table model rounds its uniform draws to three decimals).

>>> round3(2.675) == round(2.675, 3) and round2(0.125) == round(0.125, 2)
True
"""

from __future__ import annotations

import numpy as np

from .jit import njit

__all__ = ["round_scaled", "round3", "round2"]

_SPLIT = 134217729.0  # 2**27 + 1: Dekker's splitting factor


@njit
def round_scaled(x: float, scale: float) -> float:
    """Python's ``round(x, d)`` with ``scale = 10.0 ** d`` for ``0 <= d <= 11``
    (pass the exact constant, e.g. ``1000.0``), for ``|x| < 2**52 / scale``;
    NaN and infinities come back unchanged.  (Tested against Python for d = 0..6.)

    Python rounds the exact binary value of ``x`` to ``d`` decimals, half to
    even, and returns the nearest double.  Here ``p = fl(x * scale)``; the exact
    product is ``p + err`` with ``err`` from Dekker's TwoProduct (exact: ``scale``
    has at most 26 significant bits, so no FMA is needed).  As rounding is
    monotonic and ``base + 0.5`` is a double, ``p - base > 0.5`` (resp. ``< 0.5``)
    implies the exact product is above (below) the half; at exactly ``0.5`` the
    sign of ``err`` decides, and ``err == 0`` is a true tie (to even).  Dividing
    the integer result by ``scale`` is correctly rounded, like Python's strtod."""
    if not np.isfinite(x):
        return x
    neg = x < 0.0
    if neg:
        x = -x
    p = x * scale
    base: float = np.floor(p)
    t = p - base  # exact
    if t > 0.5:
        r = base + 1.0
    elif t < 0.5:
        r = base
    else:
        c = _SPLIT * x
        xh = c - (c - x)
        xl = x - xh
        err = (xh * scale - p) + xl * scale
        if err > 0.0:
            r = base + 1.0
        elif err < 0.0:
            r = base
        elif np.floor(base * 0.5) * 2.0 == base:
            r = base
        else:
            r = base + 1.0
    r = r / scale
    return -r if neg else r


@njit
def round3(x: float) -> float:
    """Python's ``round(x, 3)``, exactly (for ``|x| < 4.5e12``)."""
    return round_scaled(x, 1000.0)


@njit
def round2(x: float) -> float:
    """Python's ``round(x, 2)``, exactly (for ``|x| < 4.5e13``)."""
    return round_scaled(x, 100.0)
