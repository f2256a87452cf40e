"""How :mod:`uno_nb.kernel.mtrand` compiles: numba's ``njit(cache=True)`` when numba is
installed, the plain Python function otherwise (the same code, slow); and the
array types of its functions.

The decorators are typed for mypy as numba calls its dispatchers: like the
Python function they compile.
"""

from __future__ import annotations

import operator

from typing import Any, Callable, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from ..mirror import kernel_only

try:
    import numba
    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - numba missing: the same code runs as plain Python (slow)
    HAVE_NUMBA = False

__all__ = ["njit", "njit_inline", "raw", "HAVE_NUMBA", "U32", "I64", "F64", "Words", "IntLike"]

F = TypeVar("F", bound=Callable[..., Any])

#: A generator's state (``uint32[STATE_SIZE]``), or many (``uint32[G, STATE_SIZE]``).
U32 = NDArray[np.uint32]
I64 = NDArray[np.int64]
F64 = NDArray[np.float64]
#: Key words: any integer array holding 32-bit words.
Words = NDArray[np.integer[Any]]
#: A whole number given to a compiled function: a Python int or a numpy integer.
IntLike = int | np.integer[Any]


@kernel_only("how mtrand compiles")
def njit(func: F) -> F:
    """``numba.njit(cache=True)(func)``, or ``func`` itself without numba."""
    if not HAVE_NUMBA:  # pragma: no cover
        return func
    return cast(F, numba.njit(cache=True)(func))


@kernel_only("how mtrand compiles")
def njit_inline(func: F) -> F:
    """``numba.njit(cache=True, inline="always")(func)``, or ``func`` itself
    without numba.  The draws are inlined into their callers by numba:
    otherwise each draw is a call that LLVM does not inline, with an atomic
    reference-count increment and decrement of the state array around it (most
    of a draw's cost)."""
    if not HAVE_NUMBA:  # pragma: no cover
        return func
    return cast(F, numba.njit(cache=True, inline="always")(func))


@kernel_only("an array's data pointer, for raw")
def _data_pointer_typing(typingctx: Any, arr: Any) -> Any:
    """The data pointer of a C-contiguous array (for :func:`raw`); numba's
    typing of the intrinsic (``typingctx``, ``arr``: numba's own objects)."""
    from numba import types
    if not isinstance(arr, types.Array) or arr.layout != "C":
        return None  # no such signature: a typing error, never a wrong pointer
    sig = types.CPointer(arr.dtype)(arr)  # type: ignore[no-untyped-call]

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.make_array(arr)(context, builder, args[0]).data
    return sig, codegen


class _Checked:
    """Plain Python's raw pointer: a flat view of a C-contiguous array whose
    every index is checked, so that the plain-Python run of the kernel
    (``NUMBA_DISABLE_JIT=1``, or no numba) catches the index a raw pointer
    would silently take outside its array (numpy would wrap a negative one)."""

    __slots__ = ("flat", "size")

    def __init__(self, a: NDArray[Any]) -> None:
        if not a.flags.c_contiguous:
            raise ValueError("raw takes a C-contiguous array")
        self.flat = a.reshape(-1)  # a view (contiguous: no copy)
        self.size = self.flat.shape[0]

    def _at(self, i: Any) -> int:
        at = operator.index(i)  # a whole number (a float would be truncated)
        if not 0 <= at < self.size:
            raise IndexError(f"raw pointer: index {at} is outside 0 … {self.size - 1}")
        return at

    def __getitem__(self, i: Any) -> Any:
        return self.flat[self._at(i)]

    def __setitem__(self, i: Any, value: Any) -> None:
        self.flat[self._at(i)] = value


if not HAVE_NUMBA or getattr(numba.config, "DISABLE_JIT"):  # (set at run time, untyped)
    @kernel_only("an array as a raw pointer")
    def raw(a: NDArray[Any]) -> NDArray[Any]:
        """``a`` as plain Python indexes a raw pointer: flat, every index
        checked (:class:`_Checked`)."""
        return cast(NDArray[Any], _Checked(a))
else:
    from numba.extending import intrinsic

    #: The intrinsic, as compiled code calls it: with the array only.
    _data_pointer = cast(Callable[[NDArray[Any]], Any], intrinsic(_data_pointer_typing))

    @kernel_only("an array as a raw pointer")
    @numba.njit(cache=True, inline="always")
    def raw(a: NDArray[Any]) -> NDArray[Any]:
        """The C-contiguous array ``a`` as a raw pointer to its first element,
        which compiled code indexes as a flat array (``p[i]``, ``p[i] = v``).

        numba passes an array to a function it does not inline as seven
        values (its reference-counted owner, size, shape, strides, data ...)
        and increments the owner's reference count when the function starts
        and decrements it when it returns: on the kernel's per-move path,
        where a move makes a handful of such calls with four or five arrays
        each, those calls took close to half a move's time (and seeding a
        block of generators makes thousands).  A pointer is one value with
        nothing to count.  It must not outlive ``a``: numba frees a local
        array right after its last use, so the owner is used after the
        pointers (:func:`uno_nb.kernel.state.keep_alive`).  (Typed
        ``NDArray`` for the readers: the functions that take it only index
        it.)"""
        pointer: NDArray[Any] = _data_pointer(a)
        return pointer
