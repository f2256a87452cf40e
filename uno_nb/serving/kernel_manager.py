"""Voilà's kernel manager for a class: its pools' kernels started by a
:class:`~uno_nb.serving.scheduler.StartScheduler`, refills at a lower
:class:`~uno_nb.serving.priority.Priority` until their notebook has run, the
ready line once every pool is first full, and the lab's pages renewed once
the simulator is compiled.  Voilà's class is given, never imported here."""

from __future__ import annotations

import asyncio
import os
import time
import weakref
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..memory import tree_pss
from .pools import NOT_CLASS_PAGES, ready_line, twin
from .priority import Priority
from .scheduler import StartScheduler

__all__ = ["PoolStart", "classroom_kernel_manager", "lab_notebooks", "RENDER_WAIT"]

#: How often the server looks whether the teacher has sent the class to another page.
LEAD_SECONDS = 2.0
#: Students opening another page move the class there: this many different
#: visitors (a fifth of the class, at least :data:`ARRIVALS_TO_MOVE`) within
#: :data:`ARRIVAL_SECONDS`, more than on the class's page meanwhile.
ARRIVALS_TO_MOVE = 3
ARRIVAL_SECONDS = 60.0
#: The most arrivals a page keeps in mind (a flood of forged visitors grows nothing past it).
ARRIVALS_KEPT = 500

#: How long a renewal waits for a preheated kernel's notebook to finish running.
RENDER_WAIT = 120.0


@dataclass
class PoolStart:
    """One pooled kernel, from its turn to start until a visitor has it."""

    notebook: str
    refill: bool = False      #: not of the first fill: it replaces a kernel a visitor took
    begun: bool = False       #: given its turn: the kernel is starting or started
    preheated: bool = False   #: its notebook has run
    handed_out: bool = False  #: a visitor has it (or waits for it)
    failed: bool = False      #: its notebook did not run (a kernel that never answered)
    pid: int | None = None
    priority: Priority | None = None

    @property
    def wants_low(self) -> bool:
        return self.begun and not self.preheated and not self.handed_out


def classroom_kernel_manager(base: type[Any], scheduler: StartScheduler,
                             visitors: int | None = None,
                             order: dict[str, int] | None = None,
                             class_pages: Sequence[str] = (),
                             lead: Callable[[], str | None] | None = None) -> type[Any]:
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
    minutes it hit about one page load in sixty).

    With a class size (``visitors``), the ``class_pages`` (the lesson's
    first page) keep that many kernels and every other page its one, and the
    class moves (:meth:`move_class`): to the page the teacher sends it to
    from the class board (``lead``, asked every :data:`LEAD_SECONDS`, in the
    language of the class's page), or to a page students start opening
    (:data:`ARRIVALS_TO_MOVE` visitors within :data:`ARRIVAL_SECONDS`, more
    than on the class's page; not the index nor the board).  The page the
    class leaves keeps one kernel; its others stop, and the memory goes to
    the page the class is on."""
    from jupyter_server._tz import utcnow
    ranks = dict(order or {})

    class ClassroomKernelManager(base):  # type: ignore[misc]  # Voilà has no types
        def __init__(self, **kwargs: Any) -> None:
            self.scheduler = scheduler
            self.visitors = visitors
            self._starts: weakref.WeakKeyDictionary[asyncio.Future[Any], PoolStart] = \
                weakref.WeakKeyDictionary()
            self._announced = False
            self.class_pages = list(class_pages)
            self._announce_page: str | None = None
            self._arrivals: dict[str, deque[tuple[float, Any]]] = {}
            self._lead_seen: str | None = None
            super().__init__(**kwargs)  # Voilà fills every pool from here
            if lead is not None and visitors is not None:
                asyncio.get_event_loop().call_later(LEAD_SECONDS, self._watch_lead)
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
                if start is not None and start.failed:
                    return 4
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
                content["task"].add_done_callback(
                    lambda rendering: self._preheated(start, rendering, task, content))
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

        def _preheated(self, start: PoolStart, rendering: asyncio.Future[Any] | None = None,
                       task: asyncio.Future[Any] | None = None,
                       content: dict[str, Any] | None = None) -> None:
            start.preheated = True
            self.scheduler.release()
            if rendering is not None and (rendering.cancelled() or rendering.exception()):
                # its notebook did not run (a kernel that never answered, on a machine
                # too busy): never handed to a visitor, stopped, its place refilled
                start.failed = True
                pool = self._pools.get(start.notebook, [])
                if task in pool and not start.handed_out:
                    pool.remove(task)
                    kernel_id = (content or {}).get("kernel_id")
                    if isinstance(kernel_id, str) and kernel_id in self:
                        asyncio.ensure_future(self._stop_unused(kernel_id))
                    self.log.warning(f"A preheated kernel of {start.notebook} did not run its "
                                     "notebook: stopped, and another started in its place.")
                    self.fill_if_needed(notebook_name=start.notebook)
                return
            if len(self._pools.get(start.notebook, ())) > self.pool_size(start.notebook):
                self._shrink(start.notebook)  # the class left while it started
            asyncio.ensure_future(self._settle(start))
            self._announce_when_ready()

        def _announce_when_ready(self) -> None:
            if self._announce_page is not None:
                self._announce_class_page()
            if self._announced:
                return
            ready = 0
            for notebook, pool in self._pools.items():
                here = [s for s in map(self._starts.get, pool) if s is not None and s.preheated]
                if len(here) < self.pool_size(notebook):
                    return
                ready += len(here)
            self._announced = True
            page = ", ".join(self.class_pages) or None
            self.log.info(ready_line(self.visitors, len(self), tree_pss(os.getpid()), page))

        def _announce_class_page(self) -> None:
            """The class's new page is ready: said with the app's memory."""
            page = self._announce_page
            pool = self._pools.get(page or "", [])
            ready = [s for s in map(self._starts.get, pool) if s is not None and s.preheated]
            if page is None or len(ready) < self.pool_size(page):
                return
            self._announce_page = None
            self.log.info(ready_line(self.visitors, len(self), tree_pss(os.getpid()), page))

        # -- the class moves ---------------------------------------------------------

        def _set_size(self, notebook: str, size: int | None) -> None:
            config: dict[str, Any] = dict(getattr(self, "kernel_pools_config"))
            if size is None:
                config.pop(notebook, None)
            else:
                config[notebook] = {**config.get(notebook, {}), "pool_size": size}
            setattr(self, "kernel_pools_config", config)  # (a trait of Voilà's, untyped)

        def move_class(self, notebook: str, why: str) -> bool:
            """Keep the class's kernels warm for ``notebook`` from now on
            (Voilà's name, ``02_card_odds.ipynb``), one for the pages it
            leaves; whether it moved (not to a page it is on, nor to one
            that is not a notebook here)."""
            if self.visitors is None or notebook in self.class_pages:
                return False
            if notebook not in self._pools:  # not a page Voilà serves here
                return False
            left, self.class_pages = self.class_pages, [notebook]
            for old in left:
                self._set_size(old, None)
            self._set_size(notebook, self.visitors)
            self.log.info(f"The class is on {notebook} ({why}): {self.visitors} kernels kept "
                          f"warm for it, one for each other page"
                          + (f" ({', '.join(left)} gives back its others)" if left else ""))
            for old in left:
                self._shrink(old)
            self._announce_page = notebook
            self.fill_if_needed(notebook_name=notebook)
            self.scheduler.poke()
            return True

        def _shrink(self, notebook: str) -> None:
            """Stop the kernels of ``notebook``'s pool past its size: those
            still waiting for their turn at once, preheated ones (the least
            ready first) too; one starting now is stopped once it has started."""
            pool = self._pools.get(notebook, [])
            extra = len(pool) - self.pool_size(notebook)
            for task in sorted(pool, key=self._state, reverse=True):
                if extra <= 0:
                    return
                state = self._state(task)
                start = self._starts.get(task)
                if start is not None and start.handed_out:
                    continue
                if state in (3, 4):
                    pool.remove(task)
                    task.cancel()
                    extra -= 1
                elif state == 0:  # (one whose notebook still runs: in _preheated)
                    kernel_id = task.result().get("kernel_id")
                    pool.remove(task)
                    if kernel_id in self:
                        asyncio.ensure_future(self._stop_unused(kernel_id))
                    extra -= 1

        async def _stop_unused(self, kernel_id: str) -> None:
            try:
                await self.shutdown_kernel(kernel_id)
            except Exception as error:  # noqa: BLE001 - gone already: nothing to stop
                self.log.debug(f"kernel {kernel_id} was gone already ({error})")

        def _watch_lead(self) -> None:
            """Every :data:`LEAD_SECONDS`: has the teacher sent the class elsewhere?"""
            if getattr(self.scheduler, "_closed", False) or lead is None:
                return
            try:
                page = lead()
                if page and page != self._lead_seen:
                    like = self.class_pages[0] if self.class_pages else ""
                    self.move_class(twin(page, like), "sent there from the class board")
                self._lead_seen = page
            except Exception as error:  # noqa: BLE001 - the board says why; the pools stay
                self.log.debug(f"could not follow the class board's lead: {error}")
            finally:
                asyncio.get_event_loop().call_later(LEAD_SECONDS, self._watch_lead)

        def arrived(self, notebook: str, visitor: Any = None) -> None:
            """``visitor`` asked for ``notebook`` (the page handler says so,
            whether a warm kernel is left for them or not): different students
            starting to open another page move the class there (one student
            reloading a page moves nothing)."""
            if self.visitors is None or notebook not in self._pools:  # (only pages served)
                return
            now = time.monotonic()
            seen = self._arrivals.setdefault(notebook, deque(maxlen=ARRIVALS_KEPT))
            seen.append((now, visitor))
            for times in self._arrivals.values():
                while times and times[0][0] < now - ARRIVAL_SECONDS:
                    times.popleft()
            if notebook in self.class_pages or Path(notebook).stem in NOT_CLASS_PAGES:
                return
            here = len({who for _, who in seen})
            if here < max(ARRIVALS_TO_MOVE, self.visitors // 5):
                return
            on_class_page = max((len({who for _, who in self._arrivals.get(p, ())})
                                 for p in self.class_pages), default=0)
            if here > on_class_page:
                self.move_class(notebook, f"{here} visitors opened it within "
                                          f"{ARRIVAL_SECONDS:.0f} s")

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
                    # its notebook still running: let it finish first (a kernel shut
                    # down under a running notebook logs "Kernel died" with a traceback)
                    rendering = content.get("task")
                    if isinstance(rendering, asyncio.Future) and not rendering.done():
                        await asyncio.wait([rendering], timeout=RENDER_WAIT)
                    # no await between the check and the shutdown's removal from the pool
                    if task in self._pools.get(notebook, ()) and kernel_id in self:
                        await self.shutdown_kernel(kernel_id)
                        replaced += 1
                self.fill_if_needed(notebook_name=notebook)
            return replaced

        async def cull_kernel_if_idle(self, kernel_id: str) -> Any:
            """Voilà's and Jupyter's cull, but not of a kernel still starting:
            its last activity is not set yet, and the cull logged an ERROR with
            a traceback for it (seen when a sweep met a start)."""
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and "last_activity" not in getattr(kernel, "_trait_values", {}):
                return None
            return await super().cull_kernel_if_idle(kernel_id)

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
