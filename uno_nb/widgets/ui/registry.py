"""What the light controls and the panels that draw them share: the lock
both take, the panels on show, and how a changed control reaches them (at
once, or together at the end of a :func:`batch`).

A control says it changed (:func:`changed`, by its id); every panel on show
that draws it marks it (:meth:`Drawing.mark`), and the panels send their
marked nodes (:meth:`Drawing.send_changes`) when no batch is open.
"""

from __future__ import annotations

import threading
import weakref
from contextlib import contextmanager
from typing import Iterator, Protocol

__all__ = ["lock", "Drawing", "show", "hide", "shown", "batch", "changed", "flush"]

#: Taken to mark a change, to send a patch, and to make or send a whole tree:
#: no patch of one thread passes a tree of another on its way to the page.
lock = threading.RLock()
_local = threading.local()


class Drawing(Protocol):
    """A panel on show, as the registry sees it."""

    def mark(self, uid: int) -> None:
        """The control ``uid`` changed: send it with the next patch, if drawn here."""

    def send_changes(self) -> None:
        """Send what is marked, if anything."""


_panels: weakref.WeakSet[Drawing] = weakref.WeakSet()


def show(panel: Drawing) -> None:
    """``panel`` is on show: the changes of the controls it draws reach it."""
    with lock:
        _panels.add(panel)


def hide(panel: Drawing) -> None:
    """``panel`` left the page."""
    with lock:
        _panels.discard(panel)


def shown() -> list[Drawing]:
    """The panels on show."""
    with lock:
        return list(_panels)


@contextmanager
def batch() -> Iterator[None]:
    """Send the changes made inside together, when the outermost batch ends."""
    _local.depth = getattr(_local, "depth", 0) + 1
    try:
        yield
    finally:
        _local.depth -= 1
        if not _local.depth:
            flush()


def changed(uid: int) -> None:
    """The control ``uid`` changed: the panels that draw it send it now, or
    at the end of the batch open."""
    with lock:
        for panel in list(_panels):
            panel.mark(uid)
    if not getattr(_local, "depth", 0):
        flush()


def flush() -> None:
    """Every panel on show sends what is marked."""
    with lock:
        for panel in list(_panels):
            panel.send_changes()
