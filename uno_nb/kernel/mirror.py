"""What each compiled function of the kernel plays: the engine's function
(or CPython's, numpy's) it mirrors, by its dotted name.

    @mirrors("uno_nb.engine.effects.Effects._action")
    @njit(cache=True)
    def action(...): ...

:func:`mirrors` takes one or more dotted names; :func:`kernel_only` marks a
function with no counterpart and says why in a few words.  Both return the
function unchanged (a numba dispatcher stays the dispatcher: its disk cache
and the kernel's fingerprint see only the source text) and note the tag in
:data:`MIRRORS` or :data:`KERNEL_ONLY`, under the function's module and name.
tests/test_kernel_mirror.py finds every function of the kernel's modules,
fails on one without a tag, and resolves every name.  Plain Python: numba
compiles none of this module.
"""

from __future__ import annotations

from typing import Callable, TypeVar

__all__ = ["mirrors", "kernel_only", "MIRRORS", "KERNEL_ONLY", "key_of"]

F = TypeVar("F", bound=Callable[..., object])

#: ``"uno_nb.kernel.effects.action"`` -> the dotted names it mirrors.
MIRRORS: dict[str, tuple[str, ...]] = {}
#: ``"uno_nb.kernel.state.i64"`` -> why it has no counterpart.
KERNEL_ONLY: dict[str, str] = {}


def key_of(func: object) -> str:
    """A function's (or numba dispatcher's) module and qualified name."""
    py = getattr(func, "py_func", func)
    return f"{getattr(py, '__module__', '?')}.{getattr(py, '__qualname__', '?')}"


def mirrors(*names: str) -> Callable[[F], F]:
    """Tag a kernel function with the dotted names of what it plays."""
    if not names or not all(isinstance(n, str) and "." in n for n in names):
        raise ValueError(f"mirrors() takes dotted names, got {names!r}")

    def tag(func: F) -> F:
        MIRRORS[key_of(func)] = names
        return func
    return tag


def kernel_only(why: str) -> Callable[[F], F]:
    """Tag a kernel function that mirrors nothing, with the reason."""
    if not why.strip():
        raise ValueError("kernel_only() needs a reason")

    def tag(func: F) -> F:
        KERNEL_ONLY[key_of(func)] = why
        return func
    return tag
