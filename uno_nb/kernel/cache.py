"""The compiled simulator's machine code on disk: what it is made of
(:func:`fingerprint`), dropping a cache compiled from other sources
(:func:`forget_stale_machine_code`), and the marker that says it is compiled
and ready (:func:`mark_ready`, :func:`not_ready`), which the lab and the web
app's launcher read.  Plain Python: numba compiles none of this module."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Sequence

__all__ = ["fingerprint", "drop_stale_cache", "forget_stale_machine_code", "READY_NAME",
           "cache_folder", "ready_marker", "mark_ready", "failed_marker", "mark_failed",
           "not_ready", "SERVED_ENV", "NOT_COMPILED", "COMPILED_ELSEWHERE", "COMPILE_FAILED",
           "is_compiling_reason", "numba_missing"]

#: The modules of this package that numba does not compile (mirror.py's tags
#: and generate.py, which writes constants.py, change no machine code).
_NOT_COMPILED = ("__init__.py", "__main__.py", "cache.py", "mirror.py", "generate.py")


def numba_missing() -> str | None:
    """Why the kernel cannot compile here (numba not installed), or ``None``."""
    try:
        import numba  # noqa: F401
    except ImportError:
        return "numba is not installed (pip install \"uno_nb[fast]\")"
    return None


def _compiled_sources(folder: Path) -> list[tuple[str, Path]]:
    """The modules numba compiles, by their path in ``folder`` (this package):
    every module of the kernel and of ``mtrand/`` but the Python-side ones
    (:data:`_NOT_COMPILED`)."""
    own = {folder / name for name in _NOT_COMPILED}
    return sorted((path.relative_to(folder).as_posix(), path) for path in folder.rglob("*.py")
                  if path not in own)


def fingerprint(folder: Path | None = None) -> str:
    """What the compiled code is made of: the source of every compiled module
    of the kernel, of its mtrand and house folders, and its generated
    ``constants.py`` (:func:`_compiled_sources` of ``folder``, by
    default this package's), and the tables it bakes in from the cards, the
    rule options, the values taken from the engine's declarations
    (``layout.FROM_THE_ENGINE``) and the table model's generator streams.
    numba's disk cache notices a change of a compiled function's own file
    only, not of the files of the functions it calls or inlines (``jit.play_batch`` is compiled with all the others in), so
    :func:`forget_stale_machine_code` compares this with the one the cache
    was made with."""
    from . import jit as kj
    folder = Path(__file__).parent if folder is None else folder
    digest = hashlib.sha256()
    for name, path in _compiled_sources(folder):
        text = path.read_bytes()
        digest.update(f"{name}:{len(text)}:".encode())
        digest.update(text)
    for table in (kj.C_COL, kj.C_RANK, kj.C_PTS, kj.C_DRAW, kj.C_NUM, kj.MATCH, kj.COLMASK,
                  kj.DECKS, kj.DECK_LEN, kj.COLOUR_CARDS):
        digest.update(table.tobytes())
    from .layout import FROM_THE_ENGINE
    digest.update(repr((FROM_THE_ENGINE, kj.OPTION_NAMES, kj.STREAMS)).encode())
    return digest.hexdigest()


def drop_stale_cache(folder: Path, stamp: str, others: Sequence[Path] = ()) -> bool:
    """Delete the kernel's cached machine code in ``folder`` and ``others``
    (numba's cache folders of this package and of ``mtrand/``: every ``.nbi``
    and ``.nbc`` file in them is the kernel's) unless it was made for
    ``stamp`` (:func:`fingerprint`); then note ``stamp``.  True if the cache
    was dropped."""
    note = folder / "kernel.fingerprint"
    try:
        if note.read_text() == stamp:
            return False
    except OSError:
        pass
    try:
        for where in (folder, *others):
            for pattern in ("*.nbi", "*.nbc"):
                for path in where.glob(pattern):
                    path.unlink(missing_ok=True)
        folder.mkdir(parents=True, exist_ok=True)
        note.write_text(stamp)
    except OSError:  # a cache numba cannot write either: nothing stale to fear
        return False
    return True


_checked_cache = False


def forget_stale_machine_code() -> bool:
    """Once per process, before the first compiled call: drop the disk cache
    if it was compiled from other kernel or mtrand sources or against other
    card and rule tables (say, after ``git pull`` in a checkout, or an edit of
    one of the modules the compiled functions call).  True if it was dropped.
    (numba caches the modules of this package in one folder and those of
    ``mtrand/`` and ``house/`` in others: :func:`_cache_folders`.)"""
    global _checked_cache
    if _checked_cache:
        return False
    _checked_cache = True
    folders = _cache_folders()
    if not folders:  # no disk cache (NUMBA_DISABLE_JIT, or another numba)
        return False
    return drop_stale_cache(folders[0], fingerprint(), folders[1:])


def _cache_folders() -> list[Path]:
    """numba's cache folder of every compiled module of the kernel (one per
    package folder: the kernel's, ``mtrand/``'s, ``house/``'s), the kernel's
    first; none without a disk cache."""
    from . import jit as kj  # imports every compiled module
    folders: list[Path] = []
    for name, module in sorted(sys.modules.items()):
        if not (name == __package__ or name.startswith(f"{__package__}.")):
            continue
        for value in list(vars(module).values()):
            # numba's cache folder for the module (private to numba, and not in its types)
            path = getattr(getattr(value, "_cache", None), "_cache_path", None)
            if path is not None and getattr(getattr(value, "py_func", None), "__module__",
                                            None) == name:
                if Path(path) not in folders:
                    folders.append(Path(path))
                break
    own = getattr(getattr(kj.play_batch, "_cache", None), "_cache_path", None)
    if own is None:
        return []
    return [Path(own)] + [f for f in folders if f != Path(own)]


READY_NAME = "kernel.ready"


def cache_folder() -> Path | None:
    """numba's disk cache folder for the kernel's modules, or ``None`` when
    there is no disk cache (numba missing, or ``NUMBA_DISABLE_JIT=1``, which
    runs the kernel's Python as it is: nothing to compile)."""
    if numba_missing() is not None:
        return None
    from . import jit as kj
    try:
        # the same private attribute forget_stale_machine_code reads
        return Path(getattr(getattr(kj.play_batch, "_cache"), "_cache_path"))
    except AttributeError:
        return None


def ready_marker() -> Path | None:
    """Where :func:`mark_ready` leaves its marker (``None``: no disk cache)."""
    folder = cache_folder()
    return None if folder is None else folder / READY_NAME


@functools.lru_cache(maxsize=1)
def _own_fingerprint() -> str:
    """:func:`fingerprint` of this process's kernel, computed once: the
    sources' times and sizes (:func:`_source_stamps`) catch a later edit."""
    return fingerprint()


def _source_stamps(folder: Path | None = None) -> dict[str, list[int]]:
    """Each kernel and mtrand source's modification time (ns) and size.
    numba keeps a function's machine code only while its file has the time
    and size it was compiled from: a file touched (a checkout, an editor
    saving the same text) makes numba compile again although the fingerprint
    is the same, so the marker holds these too."""
    folder = Path(__file__).parent if folder is None else folder
    stamps = {}
    for name, path in _compiled_sources(folder):
        stat = path.stat()
        stamps[name] = [stat.st_mtime_ns, stat.st_size]
    return stamps


@functools.lru_cache(maxsize=1)
def _machine() -> dict[str, str]:
    """What numba's machine code also depends on: numba's and Python's
    versions and the processor it was compiled for (a Binder image built on
    one machine may run on another)."""
    import numba
    try:  # what numba's own cache index is keyed by: (target, processor, its features)
        from numba.core.registry import cpu_target
        cpu = " ".join(map(str, cpu_target.target_context.codegen().magic_tuple()))
    except Exception:  # a numba without it: the versions still count
        cpu = ""
    return {"numba": numba.__version__, "python": sys.version, "cpu": cpu}


def _stamp() -> dict[str, object]:
    """What the marker says: the kernel it was made for, and the machine."""
    return {"fingerprint": _own_fingerprint(), "sources": _source_stamps(), "machine": _machine()}


def mark_ready(marker: Path | None = None) -> bool:
    """Note beside numba's cache that everything is compiled and cached for
    this kernel (:func:`warm` does, once it has compiled).  Written whole or
    not at all (a reader never sees half a marker).  True if it was written."""
    marker = ready_marker() if marker is None else marker
    if marker is None:
        return False
    part = marker.with_name(f"{marker.name}.{os.getpid()}.part")
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        part.write_text(json.dumps(_stamp()), encoding="utf-8")
        os.replace(part, marker)
        failed_marker(marker).unlink(missing_ok=True)
    except OSError:  # a cache folder numba cannot write either: every process compiles
        part.unlink(missing_ok=True)
        return False
    return True


def failed_marker(marker: Path) -> Path:
    """Where :func:`mark_failed` notes a compile that failed, beside ``marker``."""
    return marker.with_name(marker.name + ".failed")


def mark_failed(error: str, marker: Path | None = None) -> bool:
    """Note that compiling this very kernel failed here (``error`` says how),
    so that the lab says so instead of "being prepared" (:func:`not_ready`);
    the next successful compile (:func:`mark_ready`) takes the note away.
    True if it was written."""
    marker = ready_marker() if marker is None else marker
    if marker is None:
        return False
    failed = failed_marker(marker)
    part = failed.with_name(f"{failed.name}.{os.getpid()}.part")
    try:
        failed.parent.mkdir(parents=True, exist_ok=True)
        part.write_text(json.dumps({"stamp": _stamp(), "error": error[-2000:]}), encoding="utf-8")
        os.replace(part, failed)
    except OSError:
        part.unlink(missing_ok=True)
        return False
    return True


def not_ready(marker: Path | None = None) -> str | None:
    """Why the compiled kernel is not ready to play at once, or ``None`` if it
    is: the marker :func:`mark_ready` leaves must be there and name this very
    kernel (its :func:`fingerprint` and its sources' times and sizes), else
    the first compiled call would compile for half a minute.  Cheap enough to
    ask before every lab run: a file of a few hundred bytes and a dozen
    ``stat`` calls (the fingerprint is computed once per process)."""
    missing = numba_missing()
    if missing is not None:
        return missing
    marker = ready_marker() if marker is None else marker
    if marker is None:  # no disk cache: nothing is compiled ahead, nothing to wait for
        return None
    try:
        said = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        said = None
    if isinstance(said, dict) and said == _stamp():
        return None
    try:  # a compile of this very kernel that failed: no use waiting for it
        failed = json.loads(failed_marker(marker).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        failed = None
    if isinstance(failed, dict) and failed.get("stamp") == _stamp():
        return COMPILE_FAILED
    return NOT_COMPILED if said is None else COMPILED_ELSEWHERE


#: Set by the web app's launcher for its notebooks' kernels: a lab run there
#: asks :func:`not_ready` first and plays on the engine rather than compile
#: for half a minute while a visitor waits (the launcher compiles in the
#: background).  Elsewhere (a script, JupyterLab) the first run compiles.
SERVED_ENV = "UNO_NB_SERVED"

#: What :func:`not_ready` says when the kernel is not compiled (yet), or was
#: compiled from other sources: :func:`is_compiling_reason` tells these apart
#: from the reasons the kernel can never play something.
NOT_COMPILED = ("the compiled simulator is not compiled yet "
                "(python -m uno_nb.kernel compiles it; the web app does it in the background)")
COMPILED_ELSEWHERE = ("the compiled simulator was compiled from other sources "
                      "(python -m uno_nb.kernel compiles it again)")
#: What it says when compiling this very kernel failed here (:func:`mark_failed`).
COMPILE_FAILED = ("the compiled simulator could not be compiled on this computer "
                  "(python -m uno_nb.kernel says why)")


def is_compiling_reason(reason: str | None) -> bool:
    """Whether ``reason`` (a lab result's ``fallback``) only means the
    kernel is not compiled yet: a later run, once it is, plays on it."""
    return reason in (NOT_COMPILED, COMPILED_ELSEWHERE)
