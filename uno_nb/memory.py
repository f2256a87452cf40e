"""How much memory the web app uses: the proportional set size (PSS) of a
process and of all its descendants, read in Linux's /proc.

PSS counts a page shared by n processes as 1/n in each, so the PSS of every
process of the app adds up to what the app costs the computer: the kernels
forked from one process that imported the kit (:mod:`uno_nb.serving.forking`)
share much of their memory, and their RSS, which counts each shared page in
full in every process, would say several times too much.  Where there is no
/proc (not Linux), or a process is another user's, nothing is said.

The launcher's ready line and the class board's page say it
(:func:`app_memory`); the benchmarks read it the same way.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

__all__ = ["descendants", "pss_bytes", "tree_pss", "app_memory", "APP_PID_ENV", "gigabytes"]

#: The web app's process id, for its kernels (the class board says the app's memory).
APP_PID_ENV = "UNO_NB_APP_PID"

_PSS = re.compile(r"^Pss:\s+(\d+)\s+kB", re.M)


def descendants(pid: int) -> list[int]:
    """``pid`` and every process under it (children, their children …)."""
    found, todo = [], [pid]
    while todo:
        here = todo.pop()
        found.append(here)
        try:
            threads = os.listdir(f"/proc/{here}/task")
        except OSError:
            continue
        for thread in threads:
            try:
                todo += [int(child) for child in
                         Path(f"/proc/{here}/task/{thread}/children").read_text().split()]
            except (OSError, ValueError):
                continue
    return found


def pss_bytes(pid: int) -> int | None:
    """A process's PSS (``/proc/<pid>/smaps_rollup``), ``None`` if it cannot be read."""
    try:
        found = _PSS.search(Path(f"/proc/{pid}/smaps_rollup").read_text())
    except OSError:
        return None
    return int(found.group(1)) * 1024 if found else None


def tree_pss(pid: int) -> int | None:
    """The PSS of ``pid`` and all its descendants together; ``None`` when the
    process itself cannot be read (processes gone meanwhile count nothing)."""
    own = pss_bytes(pid)
    if own is None:
        return None
    return own + sum(pss_bytes(child) or 0 for child in descendants(pid)[1:])


def app_memory() -> int | None:
    """The web app's memory (its whole process tree), from a kernel of it
    (``$UNO_NB_APP_PID``) or from the app itself; ``None`` outside the app."""
    pid = os.environ.get(APP_PID_ENV, "")
    return tree_pss(int(pid)) if pid.isdigit() else None


def gigabytes(size: int) -> str:
    """``2.4 GB`` (one decimal; ``0.4 GB`` below a gigabyte)."""
    return f"{size / 1e9:.1f} GB"
