"""When a pooled kernel starts: a few at a time, and only in the calm
between pages (:class:`StartScheduler`), so that filling or refilling the
pools never takes the CPU from visitors in a burst."""

from __future__ import annotations

import asyncio
import itertools
import os
import sys
from typing import Callable

__all__ = ["QUIET_SECONDS", "start_slots", "PoolClosed", "StartScheduler"]

#: How long no page may have been asked for before a pooled kernel starts.
QUIET_SECONDS = 2.0


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
