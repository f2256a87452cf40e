"""Serving a class: kernel pools sized for the class, kernels started in the
calm at a lower priority, and the lab's simulator compiled in the background.

The launcher (:mod:`uno_nb.webapp`) uses these; they are kept apart so that
each can be tested without starting Voilà:

* :func:`class_pools` turns ``--class-size K`` (``make app CLASS=K``) and the
  pages a lesson starts on (:data:`CLASS_PAGES`, or ``--pages``) into Voilà's
  ``kernel_pools_config``: K preheated kernels for each of those pages, the
  usual one for every other notebook;
* :class:`StartScheduler` lets preheated kernels start a few at a time and
  never while pages are being opened (voila.json's ``fill_delay`` is 0: the
  scheduler's calm replaces Voilà's fixed wait before each refill), and
  :func:`classroom_kernel_manager` puts it into Voilà's kernel manager;
* :class:`Priority` lowers a refill's CPU priority while it starts and runs
  its notebook, and sets it back when the kernel is handed to a visitor;
* once every pool is first full, start-up says so with the kernels' memory:
  ``ready for 30 visitors: 99 kernels, 12.9 GB`` (:func:`ready_line`);
* :func:`compile_in_background` compiles the lab's simulator when it is not
  ready yet: the pages open at once, and the lab plays on the engine until
  the simulator is ready (``uno_nb.kernel.not_ready``).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import os
import re
import subprocess
import sys
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

__all__ = ["CLASS_PAGES", "page_names", "class_pools", "split_arguments", "ready_line", "rss_bytes",
           "StartScheduler", "PoolClosed", "Priority", "may_raise_priority", "start_slots",
           "classroom_kernel_manager", "compile_in_background", "stop_compiling", "QUIET_SECONDS",
           "lab_notebooks",
           "LOWER_BY"]


#: The pages a lesson starts on, where a whole class arrives at once: with
#: ``--class-size K`` each keeps K preheated kernels (``--pages`` names others).
CLASS_PAGES = ("01_rules_step_by_step", "02_card_odds", "05_play_against_bots")
#: How long no page may have been asked for before a pooled kernel starts.
QUIET_SECONDS = 2.0
#: How much lower a preheating kernel's CPU priority is (a nice value: 10
#: leaves it about a tenth of a core that a visitor's kernel wants).
LOWER_BY = 10


# -- sized for the class ------------------------------------------------------------------

def page_names(pages: Iterable[str], notebooks: Path) -> list[str]:
    """The notebooks named by ``pages`` as Voilà names them (relative to
    ``notebooks``, with ``.ipynb``): ``02_card_odds``, ``02_card_odds.ipynb``,
    ``notebooks/02_card_odds`` and ``ru/02_card_odds`` are all accepted, so
    that the names a teacher sees anywhere work.  ValueError names what is
    not a notebook there, and the pages that are."""
    names: list[str] = []
    for page in pages:
        name = page.strip().replace("\\", "/").removeprefix("./")
        name = name.removeprefix(f"{notebooks.name}/") if not (notebooks / name).exists() else name
        if not name:
            continue
        if not name.endswith(".ipynb"):
            name += ".ipynb"
        if not (notebooks / name).is_file():
            known = sorted(str(p.relative_to(notebooks).with_suffix("")).replace(os.sep, "/")
                           for p in notebooks.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
            raise ValueError(f"no page {page.strip()!r} in {notebooks}; the pages are: "
                             + ", ".join(known))
        if name not in names:
            names.append(name)
    if not names:
        raise ValueError("--pages names no page")
    return names


def class_pools(class_size: int, pages: Sequence[str], notebooks: Path,
                default_size: int = 1) -> dict[str, dict[str, int]]:
    """Voilà's ``VoilaKernelManager.kernel_pools_config`` for a class of
    ``class_size``: that many preheated kernels for each of ``pages`` (see
    :func:`page_names`), ``default_size`` (voila.json's ``default_pool_size``)
    for every other notebook."""
    if type(class_size) is not int or class_size < 1:
        raise ValueError(f"the class size is a number of visitors, 1 or more, not {class_size!r}")
    pools = {"default": {"pool_size": max(default_size, 0)}}
    pools.update({name: {"pool_size": max(class_size, default_size)}
                  for name in page_names(pages, notebooks)})
    return pools


def _class_size(text: str) -> int:
    try:
        size = int(text)
    except ValueError:
        size = 0
    if size < 1:
        raise argparse.ArgumentTypeError(f"a number of visitors, 1 or more, not {text!r}")
    return size


def split_arguments(argv: Sequence[str]) -> tuple[int | None, list[str] | None, list[str]]:
    """The launcher's own options out of the command line: the class size,
    the pages (``--pages a,b``, ``None`` when not given) and what goes on to
    Voilà.  ``--pages`` without ``--class-size`` means nothing: refused."""
    parser = argparse.ArgumentParser(prog="python -m uno_nb.webapp", add_help=False,
                                     allow_abbrev=False)
    parser.add_argument("--class-size", type=_class_size, default=None)
    parser.add_argument("--pages", default=None)
    known, rest = parser.parse_known_args(list(argv))
    if known.pages is not None and known.class_size is None:
        parser.error("--pages chooses the pages sized for the class: give --class-size too")
    pages = None if known.pages is None else [p for p in known.pages.split(",") if p.strip()]
    return known.class_size, pages, rest


def start_slots(cpus: int | None = None) -> int:
    """How many pooled kernels may start at once: half the cores, at least
    one and at most four.  A start keeps about one core busy for a few
    seconds (Python importing the kit, then the notebook's cells), so on two
    cores one start leaves the other core to the visitors."""
    if cpus is None:
        try:
            cpus = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):  # not Linux
            cpus = os.cpu_count() or 1
    return max(1, min(4, cpus // 2))


def rss_bytes(pid: int) -> int | None:
    """A process's resident memory (``VmRSS`` in ``/proc/<pid>/status``), or
    ``None`` where there is no /proc or the process is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    found = re.search(r"^VmRSS:\s+(\d+)\s+kB", status, re.M)
    return int(found.group(1)) * 1024 if found else None


def ready_line(visitors: int | None, kernels: int, memory: int | None) -> str:
    """What start-up says once every pool is first full: ``ready for 30
    visitors: 99 kernels, 12.9 GB`` (``ready: 12 kernels, 1.6 GB`` without a
    class size; no memory where it cannot be read)."""
    who = "" if visitors is None else f" for {visitors} visitor{'' if visitors == 1 else 's'}"
    said = f"ready{who}: {kernels} kernel{'' if kernels == 1 else 's'}"
    return said if memory is None else f"{said}, {memory / 1e9:.1f} GB"


# -- when a pooled kernel starts ----------------------------------------------------------

class PoolClosed(Exception):
    """The server is stopping: a kernel still waiting to start never will."""


class StartScheduler:
    """When preheated kernels start: a few at a time (:func:`start_slots`),
    and only while no page is being served and none was for
    :data:`QUIET_SECONDS` (nor a kernel handed out), so that filling or
    refilling the pools never takes the CPU from visitors in a burst.

    Event-driven on the server's asyncio loop: every page served and every
    kernel handed out stirs it, and one timer, armed when the last page being
    served is done and pushed back by each new one, brings the calm back;
    waiting starts are woken by the calm and by a start finishing, never
    polled.  The waiting starts go by rank (a callable, asked when a slot
    frees: the pool that has fewest kernels gets one first), then by age; a
    rank below zero means a visitor waits for that very kernel: it starts at
    once, calm or not (a visitor's kernel is never held back)."""

    def __init__(self, slots: int = 1, quiet: float = QUIET_SECONDS) -> None:
        self.slots, self.quiet = max(1, slots), quiet
        self.running = 0
        self._pages = 0
        self._calm = True
        self._closed = False
        self._timer: asyncio.TimerHandle | None = None
        self._order = itertools.count()
        self._waiting: list[tuple[int, Callable[[], tuple[int, ...]], asyncio.Future[None]]] = []

    @property
    def calm(self) -> bool:
        """No page being served, and none for the last ``quiet`` seconds."""
        return self._calm

    @property
    def waiting(self) -> int:
        return sum(1 for *_, future in self._waiting if not future.done())

    def page_started(self) -> None:
        self._pages += 1
        self._stir()

    def page_ended(self) -> None:
        self._pages = max(0, self._pages - 1)
        self._stir()

    def kernel_taken(self) -> None:
        self._stir()

    def _stir(self) -> None:
        self._calm = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._pages == 0 and not self._closed:
            self._timer = asyncio.get_running_loop().call_later(self.quiet, self._settle)

    def _settle(self) -> None:
        self._timer = None
        if self._pages == 0:
            self._calm = True
            self.poke()

    async def turn(self, rank: Callable[[], tuple[int, ...]]) -> None:
        """Wait for this start's slot; :meth:`release` gives it back."""
        if self._closed:
            raise PoolClosed("the server is stopping")
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (next(self._order), rank, future)
        self._waiting.append(entry)
        # on the loop's next round: the starts Voilà asked for together are
        # all waiting by then, and the best ranked goes first
        asyncio.get_running_loop().call_soon(self.poke)
        try:
            await future
        except asyncio.CancelledError:
            if entry in self._waiting:
                self._waiting.remove(entry)
            elif future.done() and not future.cancelled() and future.exception() is None:
                self.release()  # given a slot, then cancelled before it could begin
            raise

    def release(self) -> None:
        self.running = max(0, self.running - 1)
        self.poke()

    def poke(self) -> None:
        """Start whatever may start now (a rank may have changed)."""
        self._waiting = [entry for entry in self._waiting if not entry[2].done()]
        ranked = sorted(((self._rank(entry), entry) for entry in self._waiting),
                        key=lambda pair: (pair[0], pair[1][0]))
        for rank, entry in ranked:
            urgent = rank[:1] < (0,)
            if not urgent and (self._closed or not self._calm or self.running >= self.slots):
                continue
            self._waiting.remove(entry)
            self.running += 1
            entry[2].set_result(None)

    @staticmethod
    def _rank(entry: tuple[int, Callable[[], tuple[int, ...]], asyncio.Future[None]]) -> tuple[int, ...]:
        try:
            return entry[1]()
        except Exception:  # a rank that cannot be told: after the others
            return (sys.maxsize,)

    def close(self) -> None:
        """The server stops: waiting starts fail with :class:`PoolClosed`."""
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        for *_, future in self._waiting:
            if not future.done():
                future.set_exception(PoolClosed("the server is stopping"))
        self._waiting = []


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


@dataclass
class PoolStart:
    """One pooled kernel, from its turn to start until a visitor has it."""

    notebook: str
    refill: bool = False      #: not of the first fill: it replaces a kernel a visitor took
    begun: bool = False       #: given its turn: the kernel is starting or started
    preheated: bool = False   #: its notebook has run
    handed_out: bool = False  #: a visitor has it (or waits for it)
    pid: int | None = None
    priority: Priority | None = None

    @property
    def wants_low(self) -> bool:
        return self.begun and not self.preheated and not self.handed_out


def classroom_kernel_manager(base: type[Any], scheduler: StartScheduler,
                             visitors: int | None = None,
                             order: dict[str, int] | None = None) -> type[Any]:
    """Voilà's preheating kernel manager (``base``, made by
    ``voila_kernel_manager_factory``) with its pools' kernels started by
    ``scheduler``: a few at a time, in the calm between pages, and those
    that refill a pool (not the first fill, which has the machine to itself
    unless visitors come early) at a lower CPU priority until their notebook
    has run (:class:`Priority`); once every pool is first full it logs
    :func:`ready_line`.  Each pool's next kernel goes first (the pool with
    fewest kernels gets one first), and ``order`` puts some notebooks first
    among equals (the index page, then the class's pages).

    Voilà counts a pool's kernels still waiting for their turn as ready and
    would make a visitor wait for one; here they do not count, so a visitor
    who finds only those gets a kernel of their own at once, as Voilà does
    when a pool is empty (the page opens a few seconds later, never fails).
    A kernel handed out counts as active from that moment: Voilà keeps
    pooled kernels from being culled, but once one is taken from the pool
    its last activity is still the time it was preheated, so a cull sweep in
    the second before the page connects would stop it and leave the page on
    "Loading widget…" (seen with a short cull time; with the repository's 10
    minutes it hit about one page load in sixty)."""
    from jupyter_server._tz import utcnow
    ranks = dict(order or {})

    class ClassroomKernelManager(base):  # type: ignore[misc]  # Voilà has no types
        def __init__(self, **kwargs: Any) -> None:
            self.scheduler = scheduler
            self.visitors = visitors
            self._starts: weakref.WeakKeyDictionary[asyncio.Future[Any], PoolStart] = \
                weakref.WeakKeyDictionary()
            self._announced = False
            super().__init__(**kwargs)  # Voilà fills every pool from here
            # the first fill: every start Voilà has asked for so far (the others refill)
            self._first: weakref.WeakSet[asyncio.Future[Any]] = weakref.WeakSet(
                task for pool in self._pools.values() for task in pool)

        def pool_size(self, notebook: str) -> int:
            default: dict[str, Any] = self.kernel_pools_config.get("default", {})
            config: dict[str, Any] = self.kernel_pools_config.get(notebook, default)
            return int(config.get("pool_size", default.get("pool_size", 1)))

        def _state(self, task: asyncio.Future[Any]) -> int:
            """0 preheated, 1 started, 2 starting, 3 waiting for its turn, 4 failed."""
            if task.done():
                if task.cancelled() or task.exception() is not None:
                    return 4
                start = self._starts.get(task)
                return 0 if start is None or start.preheated else 1
            start = self._starts.get(task)
            return 2 if start is not None and start.begun else 3

        def _rank(self, task: asyncio.Task[Any] | None, start: PoolStart) -> tuple[int, ...]:
            if start.handed_out:
                return (-1,)
            pool = self._pools.get(start.notebook, [])
            place = pool.index(task) if task in pool else len(pool)
            return (place, ranks.get(start.notebook, len(ranks) + 1))

        def get_pool_size(self, notebook_name: str) -> int:
            return sum(1 for task in self._pools.get(notebook_name, []) if self._state(task) < 3)

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None,
                              **kwargs: Any) -> Any:
            if kernel_id is not None:  # a restarted kernel: it runs its notebook again at once
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            task = asyncio.current_task()
            start = PoolStart(notebook_path, refill=task not in self._first)
            if task is not None:
                self._starts[task] = start
            await self.scheduler.turn(lambda: self._rank(task, start))
            start.begun = True
            try:
                content = await super()._initialize(notebook_path, None, **kwargs)
                provisioner = getattr(self.get_kernel(content["kernel_id"]), "provisioner", None)
                start.pid = getattr(provisioner, "pid", None)
                if start.pid is not None and start.refill:
                    start.priority = Priority(start.pid)
                    await self._settle(start)
                content["task"].add_done_callback(lambda _: self._preheated(start))
            except BaseException:  # the slot goes back whatever failed: refills never stall
                self.scheduler.release()
                raise
            return content

        async def _settle(self, start: PoolStart) -> None:
            """Bring the kernel's priority where it should be now, trying
            again while the system's rate limit says so (a tenth of a second)."""
            for _ in range(50):
                if start.priority is None or start.priority.set(start.wants_low):
                    return
                await asyncio.sleep(0.1)
            self.log.warning(f"could not {'lower' if start.wants_low else 'restore'} the CPU "
                             f"priority of the kernel of {start.notebook} (pid {start.pid})")

        def _preheated(self, start: PoolStart) -> None:
            start.preheated = True
            self.scheduler.release()
            asyncio.ensure_future(self._settle(start))
            self._announce_when_ready()

        def _announce_when_ready(self) -> None:
            if self._announced:
                return
            ready: list[PoolStart] = []
            for notebook, pool in self._pools.items():
                here = [s for s in map(self._starts.get, pool) if s is not None and s.preheated]
                if len(here) < self.pool_size(notebook):
                    return
                ready += here
            self._announced = True
            memory = [rss_bytes(s.pid) for s in ready if s.pid is not None]
            known = [m for m in memory if m is not None]
            total = sum(known) if known and len(known) == len(ready) else None
            self.log.info(ready_line(self.visitors, len(ready), total))

        async def get_rendered_notebook(self, notebook_name: str,
                                        extra_kernel_env_variables: dict[str, str] | None = None,
                                        **kwargs: Any) -> tuple[asyncio.Task[Any], list[str], str]:
            self.scheduler.kernel_taken()
            pool = self._pools.get(notebook_name, [])
            # the readiest kernel first (Voilà takes the first); failed starts go
            pool[:] = sorted((t for t in pool if self._state(t) < 4), key=self._state)
            start = self._starts.get(pool[0]) if pool else None
            if start is not None:
                start.handed_out = True
                self.scheduler.poke()  # still waiting for its turn: it starts now
                asyncio.ensure_future(self._settle(start))
            task, cache, kernel_id = await super().get_rendered_notebook(
                notebook_name, extra_kernel_env_variables or {}, **kwargs)
            self.get_kernel(kernel_id).last_activity = utcnow()
            return task, cache, kernel_id

        async def renew(self, notebooks: Iterable[str]) -> int:
            """Replace the preheated kernels of ``notebooks`` that are still
            in their pools with fresh ones (started as refills, in the calm):
            the lab's pages ran their first games when their kernel was
            preheated, on the engine while the simulator was compiling, and
            a visitor arriving after the compile is to see games played on
            it.  A kernel handed out meanwhile is left to its visitor.  The
            number of kernels replaced."""
            replaced = 0
            for notebook in notebooks:
                for task in list(self._pools.get(notebook, ())):
                    try:
                        content = await task
                    except (Exception, asyncio.CancelledError):  # a failed start: Voilà's refill
                        continue
                    kernel_id = content.get("kernel_id")
                    # no await between the check and the shutdown's removal from the pool
                    if task in self._pools.get(notebook, ()) and kernel_id in self:
                        await self.shutdown_kernel(kernel_id)
                        replaced += 1
                self.fill_if_needed(notebook_name=notebook)
            return replaced

        async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
            self.scheduler.close()
            await super().shutdown_all(*args, **kwargs)

    return ClassroomKernelManager


def lab_notebooks(notebooks: Path) -> list[str]:
    """The notebooks (relative to ``notebooks``, as Voilà names its pools)
    whose first run plays lab games: their preheated kernels are renewed once
    the simulator is compiled."""
    return sorted(str(path.relative_to(notebooks)) for path in notebooks.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in path.parts
                  and "LabApp(" in path.read_text(encoding="utf-8"))


# -- the lab's compiled simulator, compiled in the background -----------------------------

def compile_in_background(log: logging.Logger, on_ready: Callable[[], None] | None = None
                          ) -> subprocess.Popen[str] | None:
    """Start ``python -m uno_nb.kernel --if-needed`` at a low priority, in a
    session of its own (its own autogroup, see :class:`Priority`), and log
    what it says from a thread: nothing when the simulator is ready already,
    else that the lab plays on the engine until it is, and when it is (then
    ``on_ready`` is called, from that thread).  The server stays free of
    numba; the process is the caller's to stop."""
    try:
        process = subprocess.Popen([sys.executable, "-m", "uno_nb.kernel", "--if-needed"],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
    except OSError as error:
        log.warning(f"could not start compiling the lab's simulator ({error}): "
                    "the lab plays its games on the engine")
        return None
    threading.Thread(target=_follow_compile, args=(process, log, on_ready), daemon=True,
                     name="uno_nb.kernel compile").start()
    return process


def _follow_compile(process: subprocess.Popen[str], log: logging.Logger,
                    on_ready: Callable[[], None] | None = None) -> None:
    priority = Priority(process.pid, undoable=False)
    for _ in range(50):
        if priority.set(True):
            break
        time.sleep(0.1)  # the autogroup's rate limit
    assert process.stdout is not None
    said: list[str] = []
    for line in process.stdout:
        said.append(line.rstrip())
        if line.startswith("uno_nb.kernel: compiling"):
            log.info("The lab's compiled simulator is not ready: compiling it in the "
                     "background at low priority (about two minutes on two cores, once after "
                     "an install). Until it is ready the lab plays its games on the engine, "
                     "and says so.")
        elif "numba is not installed" in line:
            log.info(line.rstrip())
    code = process.wait()
    if code == 0 and any(line.startswith("uno_nb.kernel: compiling") for line in said):
        took = re.search(r"ready \(([\d.]+) s", said[-1])
        log.info("The lab's compiled simulator is ready"
                 + (f" (compiled in {took.group(1)} s)" if took else "")
                 + ": lab runs play on it from now on.")
        if on_ready is not None:
            on_ready()
    elif code == 0:
        log.debug("the lab's compiled simulator was ready already")
    elif code > 0:  # (a negative code: stopped with the app)
        log.warning(f"compiling the lab's simulator failed (exit {code}); the lab plays its "
                    "games on the engine:\n" + "\n".join(said[-20:]))


def stop_compiling(process: subprocess.Popen[str] | None) -> None:
    """Stop the compile if it still runs (the app is stopping)."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
