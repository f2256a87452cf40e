"""The web app: the notebooks served by Voilà, opening on the index.

``python -m uno_nb.webapp`` (what ``make app`` runs) serves ``notebooks/``
with the settings in the checkout's ``voila.json`` - the page template, the
preheated kernels, kernel culling, the address - so nobody has to remember
flags.  Extra arguments go to Voilà (``--port=9000``, ``--no-browser``);
``--host=0.0.0.0`` (``make app HOST=0.0.0.0``) lets the other computers on
the network open the app, and start-up prints the addresses they open.

What Voilà does not do by itself is done here:

* ``/`` redirects to the index notebook (Voilà would list the directory);
* a notebook page sets the ``_xsrf`` cookie: when a page is closed, Voilà's
  page asks the server to shut its kernel down and sends that cookie's value
  along; with no cookie the request is refused (403) and the kernel keeps
  running until culling stops it (``uno_nb.server_extension`` does the same
  for Voilà's Jupyter server extension, on Binder);
* a preheated kernel handed to a page counts as active from that moment:
  Voilà keeps pooled kernels from being culled, but once one is taken from
  the pool its last activity is still the time it was preheated, so a cull
  sweep in the second before the page connects would stop it and leave the
  page on "Loading widget…" (seen here with a short cull time; with the
  repository's 10 minutes it hits about one page load in sixty);
* plotly's browser bundle is served as a file that the browser caches, and
  the apps' figures import it from there (``uno_nb.widgets.figure``) instead
  of each figure carrying all 5 MB of it in its widget state;
* the page template in the checkout's ``share/jupyter`` is found first, so
  that an edit to it shows at the next start whatever copy the installation
  holds;
* start-up says calmly where to open the app: the kernels talk to the server
  over Unix sockets (IPC) instead of TCP on the loopback, which is also why
  they no longer warn of unencrypted TCP, and notebooks are not checked for a
  signature (see ``_Notebooks``), which only logged a warning per notebook;
* ``--class-size K`` (``make app CLASS=K``) keeps K preheated kernels for each
  page a lesson starts on (:data:`CLASS_PAGES`, or ``--pages``; every other
  notebook keeps its one), see :func:`class_pools`;
* preheated kernels start a few at a time and never while pages are being
  opened (:class:`StartScheduler`; voila.json's ``fill_delay`` is 0, the
  scheduler's calm replaces Voilà's fixed wait before each refill), a refill
  at a lower CPU priority while it starts and runs its notebook
  (:class:`Priority`), and once every pool is first full, start-up says so
  with the kernels' memory: ``ready for 30 visitors: 99 kernels, 12.9 GB``
  (:func:`ready_line`);
* the lab's compiled simulator is compiled in the background when it is not
  ready yet (:func:`compile_in_background`): the pages open at once, and the
  lab plays on the engine until the simulator is ready (``uno_nb.kernel.not_ready``).

Voilà is imported only when the app starts: the engine never needs it.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import itertools
import logging
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

if TYPE_CHECKING:
    from nbformat import NotebookNode

__all__ = ["project_root", "main", "lan_addresses", "exposed", "ALL_INTERFACES", "CLASS_PAGES",
           "page_names", "class_pools", "split_arguments", "ready_line", "rss_bytes",
           "StartScheduler", "Priority", "may_raise_priority", "start_slots",
           "classroom_kernel_manager", "compile_in_background"]

TEMPLATE = "uno_nb"
#: Where the app serves plotly's widget bundle (below the server's base URL),
#: and the variable that tells the kernels (see uno_nb.widgets.figure).
PLOTLY_PATH = "uno_nb/plotly/widgetbundle.js"
PLOTLY_ENV = "UNO_NB_PLOTLY_URL"
#: The addresses that mean "listen on every network interface".
ALL_INTERFACES = frozenset({"0.0.0.0", "", "::"})
#: What start-up warns of when the app listens beyond this computer.
EXPOSED = "anyone on this network can open the app and run its notebooks' kernels on this computer."


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
            except BaseException:
                self.scheduler.release()
                raise
            provisioner = getattr(self.get_kernel(content["kernel_id"]), "provisioner", None)
            start.pid = getattr(provisioner, "pid", None)
            if start.pid is not None and start.refill:
                start.priority = Priority(start.pid)
                await self._settle(start)
            content["task"].add_done_callback(lambda _: self._preheated(start))
            return content

        async def _settle(self, start: PoolStart) -> None:
            """Bring the kernel's priority where it should be now, trying
            again while the system's rate limit says so (a tenth of a second)."""
            for _ in range(50):
                if start.priority is None or start.priority.set(start.wants_low):
                    return
                await asyncio.sleep(0.1)

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

        async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
            self.scheduler.close()
            await super().shutdown_all(*args, **kwargs)

    return ClassroomKernelManager


# -- the lab's compiled simulator, compiled in the background -----------------------------

def compile_in_background(log: logging.Logger) -> subprocess.Popen[str] | None:
    """Start ``python -m uno_nb.kernel --if-needed`` at a low priority, in a
    session of its own (its own autogroup, see :class:`Priority`), and log
    what it says from a thread: nothing when the simulator is ready already,
    else that the lab plays on the engine until it is, and when it is.  The
    server stays free of numba; the process is the caller's to stop."""
    try:
        process = subprocess.Popen([sys.executable, "-m", "uno_nb.kernel", "--if-needed"],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
    except OSError as error:
        log.warning(f"could not start compiling the lab's simulator ({error}): "
                    "the lab plays its games on the engine")
        return None
    threading.Thread(target=_follow_compile, args=(process, log), daemon=True,
                     name="uno_nb.kernel compile").start()
    return process


def _follow_compile(process: subprocess.Popen[str], log: logging.Logger) -> None:
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


def plotly_url(version: str, path: str = PLOTLY_PATH) -> str:
    """The bundle's address below the server's base URL; the version in the
    query lets the browser cache it for good."""
    return f"{path}?v={version}"


def project_root(start: Path | None = None) -> Path:
    """The checkout holding ``voila.json`` and ``notebooks/``: the working
    directory if it is one, else the one this package was installed from."""
    candidates = [start or Path.cwd(), Path(__file__).resolve().parent.parent]
    for folder in candidates:
        if (folder / "voila.json").is_file() and (folder / "notebooks").is_dir():
            return folder
    raise SystemExit("uno_nb.webapp: no voila.json and notebooks/ here or beside the package; "
                     "run it from a checkout of uno_nb (see the README's Quickstart)")


def exposed(host: str) -> bool:
    """Whether listening on ``host`` lets other computers in: every address
    but the loopback's (``localhost`` included)."""
    if host in ALL_INTERFACES:
        return True
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name
        return host.lower() != "localhost"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that other computers on the network can
    reach (no loopback, no link-local), found with the standard library only:
    the addresses of the host name, and the address of the interface that
    the default route leaves by."""
    found: list[str] = []
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None,
                                                            socket.AF_INET)]
    except OSError:  # a host name that does not resolve
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            # connecting a UDP socket sends nothing; it only picks the local
            # address of the route (192.0.2.1 is reserved for documentation)
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
    except OSError:  # no route: not on a network
        pass
    usable = []
    for address in dict.fromkeys(found):
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified):
            usable.append(address)
    return usable


def _connection_root() -> str:
    """Where Voilà makes its folder of kernel connection files.  With IPC the
    kernels' sockets are files there too, and a socket's path must fit in
    about 100 bytes (104 on macOS), of which ``voila_…/kernel-<uuid>-ipc-N``
    takes 70: macOS's per-user temporary directory (about 50) is too long."""
    temp = tempfile.gettempdir()
    return temp if len(temp) <= 30 or not os.path.isdir("/tmp") else "/tmp"


def _use_checkout_templates(root: Path) -> None:
    """Put the checkout's ``share/jupyter`` first on Jupyter's data path."""
    share = root / "share" / "jupyter"
    if (share / "voila" / "templates" / TEMPLATE).is_dir():
        paths = [str(share)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
        os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m uno_nb.webapp [--class-size K [--pages a,b]] [Voilà's options]``."""
    class_size, pages, voila_argv = split_arguments(sys.argv[1:] if argv is None else argv)
    root = project_root()
    os.chdir(root)  # Voilà reads voila.json from the working directory
    _use_checkout_templates(root)
    os.environ[PLOTLY_ENV] = PLOTLY_PATH  # the kernels inherit it

    from jupyter_server.services.contents.largefilemanager import LargeFileManager
    from jupyter_server.utils import url_path_join
    from traitlets import Float, Int, Unicode
    import plotly
    import voila.app
    from tornado.web import RedirectHandler, StaticFileHandler
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class PageHandler(TornadoVoilaHandler):  # type: ignore[misc]  # Voilà has no types
        """A notebook page that also sets the ``_xsrf`` cookie, and tells the
        kernels' scheduler while it is being served."""

        async def prepare(self) -> None:
            await super().prepare()
            self.xsrf_token  # noqa: B018 - reading it sets the cookie

        async def get(self, path: str | None = None) -> None:
            scheduler = getattr(self.kernel_manager, "scheduler", None)
            if scheduler is None:
                return await super().get(path)  # type: ignore[no-any-return]
            scheduler.page_started()
            try:
                await super().get(path)
            finally:
                scheduler.page_ended()

    class _Notebooks(LargeFileManager):
        """The notebooks, read without checking their signatures.

        A signature only decides whether JupyterLab shows a notebook's saved
        HTML and JavaScript outputs; Voilà runs every notebook afresh and
        marks every output it shows as trusted whatever the signature says
        (voila.exporter).  Checking it here only logged "Notebook … is not
        trusted" for each notebook at start-up and wrote a signing key into
        the user's Jupyter data folder."""

        def mark_trusted_cells(self, nb: NotebookNode, path: str = "") -> None:
            return None

    class UnoVoila(Voila):  # type: ignore[misc]  # Voilà has no types
        """Voilà with ``/`` sent to the index notebook, pages that can shut
        their kernel down when they are closed, and kernel pools sized for
        the class and filled in the calm (see :func:`classroom_kernel_manager`)."""

        aliases = {**Voila.aliases, "host": "Voila.ip"}
        home = Unicode("00_index.ipynb", config=True,
                       help="The notebook that / opens (relative to root_dir).")
        start_slots = Int(0, config=True,
                          help="How many preheated kernels may start at once "
                               "(0: half the cores, at least 1 and at most 4).")
        quiet_seconds = Float(QUIET_SECONDS, config=True,
                              help="How long no page may have been asked for before a "
                                   "preheated kernel starts.")

        def initialize(self, argv: list[str] | None = None) -> None:
            super().initialize(argv)  # the command line, then voila.json
            if not self.trait_has_value("connection_dir_root"):
                self.connection_dir_root = _connection_root()
            # Unix sockets, where there are: a kernel's messages never touch
            # the network stack, and ipykernel has no unencrypted TCP to warn of
            if os.name == "posix" and "transport" not in self.config.get("KernelManager", {}):
                self.config.KernelManager.transport = "ipc"
            self._class_pages: list[str] = []
            if class_size is not None:
                if not self.voila_configuration.preheat_kernel:
                    self.log.warning("--class-size sizes the pools of preheated kernels, "
                                     "and preheat_kernel is off: no kernel is preheated")
                try:
                    pools = class_pools(class_size, CLASS_PAGES if pages is None else pages,
                                        Path(self.root_dir),
                                        self.voila_configuration.default_pool_size)
                except ValueError as error:
                    print(f"uno_nb.webapp: {error}", file=sys.stderr)
                    raise SystemExit(2) from None
                self._class_pages = [name for name in pools if name != "default"]
                self.config.VoilaKernelManager.kernel_pools_config = pools

        @property
        def all_interfaces(self) -> bool:
            return self.ip in ALL_INTERFACES

        @property
        def connection_url(self) -> str:
            # the browser opened on this computer: 0.0.0.0 is no address to open
            url: str = self._url("127.0.0.1") if self.all_interfaces else super().connection_url
            return url

        @property
        def display_url(self) -> str:
            """What start-up prints after "Voilà is running at:"."""
            if not self.all_interfaces or self.custom_display_url:
                url: str = super().display_url
                return url
            others = [self._url(address) for address in lan_addresses()]
            others = others or [self._url(socket.gethostname())]
            return "\n".join([*(f"{url}  (other computers on this network)" for url in others),
                              f"{self._url('127.0.0.1')}  (this computer)"])

        def start(self) -> None:
            if exposed(self.ip):
                where = "every network interface" if self.all_interfaces else self.ip
                self.log.warning(f"Listening on {where}: {EXPOSED}")
            self._compiling = compile_in_background(self.log)
            super().start()

        def stop(self) -> None:
            try:
                super().stop()
            finally:
                stop_compiling(getattr(self, "_compiling", None))

        def init_settings(self) -> dict[str, Any]:
            made = voila.app.voila_kernel_manager_factory
            order = {self.home: 0, **{name: 1 for name in self._class_pages if name != self.home}}
            scheduler = StartScheduler(self.start_slots or start_slots(), self.quiet_seconds)

            def factory(*args: Any, **kwargs: Any) -> type[Any]:
                manager: type[Any] = made(*args, **kwargs)
                if not self.voila_configuration.preheat_kernel:
                    return manager
                return classroom_kernel_manager(manager, scheduler, class_size, order)

            voila.app.voila_kernel_manager_factory = factory  # Voilà builds its kernel manager with it
            try:
                settings: dict[str, Any] = super().init_settings()
            finally:
                voila.app.voila_kernel_manager_factory = made
            self.contents_manager = settings["contents_manager"] = _Notebooks(parent=self)
            return settings

        def init_handlers(self) -> list[tuple[Any, ...]]:
            # the page template preloads the bundle the figures will import
            resources = self.voila_configuration.config.VoilaConfiguration
            resources.resources = {**resources.get("resources", {}),
                                   "uno_nb_plotly": plotly_url(plotly.__version__)}
            handlers = [(pattern, PageHandler if handler is TornadoVoilaHandler else handler,
                         *rest) for pattern, handler, *rest in super().init_handlers()]
            home = url_path_join(self.base_url, "voila/render", self.home)
            folder, name = PLOTLY_PATH.rsplit("/", 1)
            bundle = (url_path_join(self.server_url, folder, f"({re.escape(name)})"),
                      StaticFileHandler, {"path": str(Path(plotly.__file__).parent / "package_data")})
            redirect = (url_path_join(self.server_url, "/?"), RedirectHandler,
                        {"url": home, "permanent": False})  # 302: browsers keep no 301 of it
            return [redirect, bundle, *handlers]

    UnoVoila.launch_instance(argv=voila_argv)


if __name__ == "__main__":
    main()
