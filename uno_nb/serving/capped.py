"""A cap on one Jupyter server's kernels, and its pages read only: a pupil's
own server on a hub.

Under ``make app`` the launcher counts every visitor's kernels
(:mod:`.limits`).  On a JupyterHub each pupil has a server of their own, so
the count is the server's: :class:`CappedKernelManager` (named in a pupil's
server config by :mod:`uno_nb.serving.hub`) keeps at most ``most_kernels``
kernels.  Before a page's kernel would pass the cap, kernels of pages the
pupil left without a word (no socket connected to them for
``left_after`` seconds: a reload loop, plain GETs of a page, a phone that
never said "closed") are stopped, the longest idle first; a server whose
kernels are all in use refuses the new one (429, Too Many Requests) rather
than fill the machine's memory.  Culling (voila.json's
``MappingKernelManager`` settings) still stops idle kernels after ten minutes.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import Any

from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Int

__all__ = ["CappedKernelManager", "ReadOnlyContents", "to_stop"]


def to_stop(running: Mapping[str, tuple[int, float]], most: int, left_after: float,
            now: float) -> list[str]:
    """The kernels to stop before one more starts: ``running`` maps each
    kernel to (its sockets connected, its last activity); those with no
    socket and idle for ``left_after`` seconds go, the longest idle first,
    until one more fits under ``most`` (or none is left to stop)."""
    over = len(running) - most + 1
    if over <= 0:
        return []
    left = sorted((activity, kernel) for kernel, (sockets, activity) in running.items()
                  if sockets == 0 and now - activity >= left_after)
    return [kernel for _activity, kernel in left[:over]]


class CappedKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with at most ``most_kernels`` kernels."""

    most_kernels = Int(6, config=True,
                       help="The most kernels (open pages) this server keeps at once.")
    _starting: asyncio.Lock | None = None
    left_after = Float(55.0, config=True,
                       help="Seconds after which a kernel with no socket connected counts as "
                            "the kernel of a page its pupil left.")

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self:
            started: str = await super().start_kernel(*args, **kwargs)
            return started
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:  # pages opened at once are counted one after another
            await self._make_room()
            started = await super().start_kernel(*args, **kwargs)
        return started

    async def _make_room(self) -> None:
        now = time.time()
        running = {}
        for kernel in self.list_kernel_ids():
            activity = getattr(self.get_kernel(kernel), "last_activity", None)
            running[kernel] = (int(self._kernel_connections.get(kernel, 0)),
                               activity.timestamp() if activity is not None else now)
        for kernel in to_stop(running, self.most_kernels, self.left_after, now):
            self.log.info("Stopped kernel %s, of a page its pupil left (nothing connected to "
                          "it), to open a new page.", kernel[:8])
            stopping: Any = self.shutdown_kernel  # (untyped in jupyter_server)
            await stopping(kernel)
        if len(self.list_kernel_ids()) >= self.most_kernels:
            raise web.HTTPError(429, f"this server has {self.most_kernels} pages open already: "
                                     "close one to open another")


class ReadOnlyContents(AsyncLargeFileManager):
    """The notebooks as a pupil's server on a hub serves them: read, never
    written, renamed or deleted (every pupil's server may share one folder,
    as one system user: one pupil's change would run in everyone's pages)."""

    async def save(self, model: Any, path: str = "") -> Any:
        raise web.HTTPError(403, "the kit's pages are read, never written")

    async def delete_file(self, path: str) -> None:
        raise web.HTTPError(403, "the kit's pages are read, never deleted")

    async def rename_file(self, old_path: str, new_path: str) -> None:
        raise web.HTTPError(403, "the kit's pages are read, never renamed")

    async def new(self, model: Any = None, path: str = "") -> Any:
        raise web.HTTPError(403, "the kit's pages are read, never added to")

    async def copy(self, from_path: str, to_path: str | None = None) -> Any:
        raise web.HTTPError(403, "the kit's pages are read, never copied here")
