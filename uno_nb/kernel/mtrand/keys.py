"""The keys :mod:`uno_nb.kernel.mtrand` seeds with, in plain Python: CPython's
``init_by_array`` keys of int seeds and of str / bytes seeds (version 2, through
SHA-512), for :func:`uno_nb.kernel.mtrand.seed_words` and its many-at-a-time kin.

>>> int_key(2**32 + 5).tolist()
[5, 1]
>>> split_seed(2**32 + 5)
(5, 1)
>>> words, offsets = string_keys(["uno_nb:7:table", "a"])
>>> offsets.tolist()
[0, 20, 37]
>>> words[offsets[0]:offsets[1]].tolist() == string_key("uno_nb:7:table").tolist()
True
"""

from __future__ import annotations

import hashlib
import importlib
from typing import Callable, Iterable, Protocol

import numpy as np

from .jit import I64, U32

__all__ = ["int_key", "split_seed", "string_key", "string_keys", "sha512", "Seed"]

#: A str or bytes seed.
Seed = str | bytes | bytearray


class Digest(Protocol):
    def digest(self) -> bytes: ...


def _builtin_sha512() -> Callable[[bytes], Digest]:
    """As CPython's random.py: its builtin SHA-512 (module ``_sha512``) is
    quicker than OpenSSL's (hashlib's) for short input, ~1.4 µs against ~2.4 µs
    a string key; the digest is the same.  hashlib's where there is no builtin."""
    try:
        builtin: Callable[[bytes], Digest] = importlib.import_module("_sha512").sha512
    except ImportError:  # pragma: no cover
        return hashlib.sha512
    return builtin


#: SHA-512 of bytes, as CPython's :mod:`random` computes it for a str seed.
sha512 = _builtin_sha512()


def int_key(x: int) -> U32:
    """The ``init_by_array`` key CPython uses for ``random.Random(x)``: the
    32-bit words of ``abs(x)``, least significant first, as few as possible
    (``[0]`` for 0)."""
    x = abs(int(x))
    nwords = max(1, (x.bit_length() + 31) // 32)
    return np.frombuffer(x.to_bytes(4 * nwords, "little"), dtype="<u4").astype(np.uint32)


def split_seed(x: int) -> tuple[int, int]:
    """``(lo, hi)`` words of ``abs(x)`` for :func:`seed_int` (``abs(x) < 2**64``)."""
    x = abs(int(x))
    if x >> 64:
        raise ValueError("seed_int takes seeds below 2**64; use seed_words(int_key(x))")
    return x & 0xFFFFFFFF, x >> 32


def _key_bytes(s: Seed) -> bytes:
    """Little-endian bytes of the version-2 key of a str/bytes seed, a multiple of 4 long."""
    b = s.encode() if isinstance(s, str) else bytes(s)
    d = (b + sha512(b).digest()).lstrip(b"\0")  # the int's big-endian bytes, no leading zeros
    return (b"\0" * (-len(d) % 4) + d)[::-1]  # never empty: the digest is not all zeros


def string_key(s: Seed) -> U32:
    """The key words CPython uses for ``random.Random(s)`` with a str (or bytes)
    seed, version 2: ``int.from_bytes(b + sha512(b).digest(), "big")`` with
    ``b = s.encode()``, then that int's 32-bit words, least significant first."""
    return np.frombuffer(_key_bytes(s), dtype="<u4").astype(np.uint32)


def string_keys(strings: Iterable[Seed]) -> tuple[U32, I64]:
    """The keys of many string seeds, concatenated: ``(words, offsets)`` with the
    key of ``strings[i]`` in ``words[offsets[i]:offsets[i + 1]]`` (``words``
    uint32; ``offsets`` int64, one longer than ``strings``).  About 1 µs a string."""
    sha = sha512
    encoded = [s.encode() if isinstance(s, str) else bytes(s) for s in strings]
    big = [(b + sha(b).digest()).lstrip(b"\0") for b in encoded]
    parts = [(b"\0" * (-len(d) % 4) + d)[::-1] for d in big]
    offsets = np.zeros(len(parts) + 1, np.int64)
    np.cumsum(np.fromiter(map(len, parts), np.int64, len(parts)) >> 2, out=offsets[1:])
    words = np.frombuffer(b"".join(parts), dtype="<u4").astype(np.uint32)
    return words, offsets
