"""Voilà's kernel manager for a class: its pools' kernels started by a
:class:`~uno_nb.serving.scheduler.StartScheduler`, refills at a lower
:class:`~uno_nb.serving.priority.Priority` until their notebook has run, the
ready line once every pool is first full, and the lab's pages renewed once
the simulator is compiled.  Voilà's class is given, never imported here."""

from __future__ import annotations

import asyncio
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .pools import ready_line, rss_bytes
from .priority import Priority
from .scheduler import StartScheduler

__all__ = ["PoolStart", "classroom_kernel_manager", "lab_notebooks"]


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
