"""How :mod:`uno_nb.kernel.mtrand` compiles: numba's ``njit(cache=True)`` when numba is
installed, the plain Python function otherwise (the same code, slow); and the
array types of its functions.

The decorators are typed for mypy as numba calls its dispatchers: like the
Python function they compile.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

try:
    import numba
    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - numba missing: the same code runs as plain Python (slow)
    HAVE_NUMBA = False

__all__ = ["njit", "njit_inline", "HAVE_NUMBA", "U32", "I64", "F64", "Words", "IntLike"]

F = TypeVar("F", bound=Callable[..., Any])

#: A generator's state (``uint32[STATE_SIZE]``), or many (``uint32[G, STATE_SIZE]``).
U32 = NDArray[np.uint32]
I64 = NDArray[np.int64]
F64 = NDArray[np.float64]
#: Key words: any integer array holding 32-bit words.
Words = NDArray[np.integer[Any]]
#: A whole number given to a compiled function: a Python int or a numpy integer.
IntLike = int | np.integer[Any]


def njit(func: F) -> F:
    """``numba.njit(cache=True)(func)``, or ``func`` itself without numba."""
    if not HAVE_NUMBA:  # pragma: no cover
        return func
    return cast(F, numba.njit(cache=True)(func))


def njit_inline(func: F) -> F:
    """``numba.njit(cache=True, inline="always")(func)``, or ``func`` itself
    without numba.  The draws are inlined into their callers by numba:
    otherwise each draw is a call that LLVM does not inline, with an atomic
    reference-count increment and decrement of the state array around it (most
    of a draw's cost)."""
    if not HAVE_NUMBA:  # pragma: no cover
        return func
    return cast(F, numba.njit(cache=True, inline="always")(func))
