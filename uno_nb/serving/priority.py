"""A preheating kernel's CPU priority: lowered while a kernel refills a pool
(and for the background compile), set back before a visitor works on it."""

from __future__ import annotations

import os
import re
from pathlib import Path

__all__ = ["LOWER_BY", "Priority", "may_raise_priority"]

#: How much lower a preheating kernel's CPU priority is (a nice value: 10
#: leaves it about a tenth of a core that a visitor's kernel wants).
LOWER_BY = 10


# -- a preheating kernel's CPU priority ----------------------------------------------------
#
# Worked out on Linux (2 cores, measured with three CPU-bound processes for 4 s):
#
# * Jupyter starts each kernel in a session of its own (start_new_session), and
#   where autogroups are in effect (kernel.sched_autogroup_enabled=1 and no cpu
#   cgroup of its own: this machine, many a desktop) the CPU is shared between
#   sessions first: a kernel given nice 10 still had 0.96 CPU-seconds against
#   0.95 for each of the others; only its autogroup's nice
#   (/proc/<pid>/autogroup) lowered it, to 0.11 against 0.99.  Within one
#   session (or without autogroups), nice 10 left it 0.08 against 0.58.
# * A process nice cannot be lowered back without privilege (root,
#   CAP_SYS_NICE, or an RLIMIT_NICE that allows it; Linux says EACCES
#   otherwise), so a kernel niced while it preheats, then handed to a
#   visitor, would keep a tenth of a core whenever the machine is busy, that
#   is exactly while a class works.  An autogroup's nice can be set back to 0
#   (or any value >= 0) by the process's owner: it is undone for anyone,
#   within the kernel's rate limit (one change in 0.1 s without CAP_SYS_ADMIN).
#
# So a kernel refilling a pool gets its autogroup's nice raised (only when the
# kernel has an autogroup of its own, never the server's), and its process
# nice only when this server may set it back; both are set back once its
# notebook has run, or the moment it is handed to a visitor, so no visitor
# ever works on a lowered kernel.  An unprivileged server where autogroups
# are not in effect leaves refilling kernels at the visitors' priority:
# starting only in the calm, one at a time, is then what keeps them out of
# the visitors' way.

def _autogroup(pid: int | str) -> tuple[str, int] | None:
    """A process's autogroup and its nice (``/autogroup-16 nice 0``), or None."""
    try:
        name, _, nice = Path(f"/proc/{pid}/autogroup").read_text().split()
        return name, int(nice)
    except (OSError, ValueError):
        return None


def _threads(pid: int) -> list[int]:
    """A process's threads (Linux nices each thread by itself), or the process."""
    try:
        return [int(tid) for tid in os.listdir(f"/proc/{pid}/task")]
    except OSError:
        return [pid]


def may_raise_priority() -> bool:
    """Whether this process may give a process's CPU priority back after
    lowering it (lower a nice value): root or CAP_SYS_NICE, or an
    RLIMIT_NICE that allows going back to this process's own nice."""
    if not hasattr(os, "setpriority"):
        return False
    try:
        status = Path("/proc/self/status").read_text()
        caps = re.search(r"^CapEff:\s+([0-9a-f]+)", status, re.M)
        if caps:
            return bool(int(caps.group(1), 16) >> 23 & 1)  # CAP_SYS_NICE
    except OSError:  # no /proc: not Linux
        return os.geteuid() == 0
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_NICE)
        own = os.getpriority(os.PRIO_PROCESS, 0)
        return soft == resource.RLIM_INFINITY or soft >= 20 - own
    except (ImportError, AttributeError, OSError):
        return False


class Priority:
    """A process's CPU priority, lowered by :data:`LOWER_BY` and raised back
    (see the notes above): its autogroup's nice when it has an autogroup of
    its own, its process nice when ``undoable`` is False (the compile, never
    raised back) or this server may raise it back."""

    def __init__(self, pid: int, by: int = LOWER_BY, *, undoable: bool = True) -> None:
        self.pid, self.by = pid, by
        self.low = False
        own, theirs = _autogroup("self"), _autogroup(pid)
        self.autogroup = own is not None and theirs is not None and own[0] != theirs[0]
        self.nice = hasattr(os, "setpriority") and (not undoable or may_raise_priority())
        self._autogroup_base = 0
        self._nice_base = 0

    def set(self, low: bool) -> bool:
        """Lower (``low``) or raise back; False when the system asks to try
        again in a moment (the autogroup's rate limit)."""
        if low == self.low:
            return True
        if self.autogroup:
            try:
                if low:
                    found = _autogroup(self.pid)
                    if found is None:
                        raise ProcessLookupError(self.pid)
                    self._autogroup_base = found[1]
                Path(f"/proc/{self.pid}/autogroup").write_text(
                    str(min(19, self._autogroup_base + self.by) if low else self._autogroup_base))
            except BlockingIOError:
                return False
            except OSError:  # gone, or not ours to change: leave it
                self.autogroup = False
        if self.nice:
            try:
                if low:
                    self._nice_base = os.getpriority(os.PRIO_PROCESS, self.pid)
                target = min(19, self._nice_base + self.by) if low else self._nice_base
                for tid in _threads(self.pid):
                    os.setpriority(os.PRIO_PROCESS, tid, target)
            except OSError:
                self.nice = False
        self.low = low
        return True
