"""How many kernels the pages may have: a few for each visitor, and in all
what this computer's memory holds; how fast a visitor may open pages; and a
kernel whose page never connects is stopped.

Every page the app serves runs on a Python kernel of its own (35-45 MB of
memory as it starts, forked from the fork server; :data:`KERNEL_MB` for one
in use).
Measured on main before this module: 8 plain GETs of a page, with no browser,
started 8 kernels in 16 s (+575 MB), each kept until the ten-minute cull, so
a loop of reloads or a script filled the laptop's memory.  Here:

* **A visitor** is a remote address and a browser (the ``User-Agent`` it
  says): two students behind one address are two visitors, and so are two
  browsers on one computer.  A browser can say anything it likes, so an
  address is also held, whatever browsers it says it is, to
  :attr:`Caps.per_address` (twice :attr:`Caps.per_visitor` by default).
  Tornado's ``remote_ip`` is the address the connection comes from: the
  server does not trust ``X-Forwarded-For`` (``trust_xheaders`` is off), so
  a page cannot claim another's.  Where students reach the app through one
  proxy (one address for the whole class), raise both caps.
* **A visitor's kernels** are the kernels handed to the pages they asked for
  and not shut down yet: a closed page asks the server to shut its kernel
  down, culling stops idle ones, and :class:`NeverConnected` stops those whose
  page never connected.  :meth:`Visitors.admit` is asked before a page gets a
  kernel and holds a place for it while the page is being served, so that 50
  requests at once are counted as 50.  A visitor at a cap because of pages
  they left without a word (a phone's browser sends no "closed", a tab
  crashes, the Wi-Fi drops: those kernels would live until the ten-minute
  cull) has the kernels with no socket connected and their time to connect
  past stopped, the oldest first, and gets the page.
* **The pace**: a visitor may open :attr:`Caps.page_burst` pages at once,
  then one every :attr:`Caps.page_seconds` (an address twice as many, twice
  as often): each page runs its notebook (0.2-1 CPU-s), and a script could
  otherwise open a page, shut its kernel down, and again.
* **The total**, :attr:`Caps.total`, is the number of kernels handed to the
  other computers' pages; it is sized from the memory the computer had free
  when the app started (:func:`total_from_memory`: ``MemAvailable`` over
  :data:`KERNEL_MB`, less the kernels the pools keep warm), never fewer than
  twice the class and :data:`MIN_TOTAL` (``--class-size``: a class moving to
  another page holds its old kernels until each old page's "closed" reaches
  the server) or, without a class, :data:`MIN_TOTAL`.
* **This computer** (the loopback: the teacher's own browser) is neither
  held to the caps and the pace nor counted in the total unless asked
  (:attr:`Caps.this_computer`): nobody else can open a page from there, and
  the teacher may have many pages open.

A visitor over a cap gets a page saying so in their language (:func:`refusal`:
429 *Too Many Requests* for their own cap or their pace, 503 *Service
Unavailable* when the whole app is full, all with ``Retry-After``); every
other visitor is served as before.
"""

from __future__ import annotations

import asyncio
import html
import inspect
import ipaddress
import logging
import re
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Awaitable, Callable

from .bounds import TokenBucket

__all__ = ["limit_pages", "refused_page", "VISITORS", "NEVER_CONNECTED", "Caps", "Visitors",
           "Place", "NeverConnected", "visitor_of", "page_language",
           "refusal", "Handout", "total_from_memory", "mem_available", "MIN_TOTAL", "KERNEL_MB"]

#: The fewest kernels the app may hand out in all, whatever the memory says.
MIN_TOTAL = 10
#: A kernel's memory, estimated for the total, in MB: a kernel forked from the
#: fork server (:mod:`.forking`) that has run its page and been used for a
#: while.  Measured: the app's whole process tree for a class of 30, 43 kernels
#: in 1.7 GB of PSS, about 25-40 MB a kernel as they start; 60 leaves room for
#: what a page in use adds (its figures, its games).
KERNEL_MB = 60
#: The tornado settings holding the :class:`Visitors` and the :class:`NeverConnected`.
VISITORS = "uno_nb_visitors"
NEVER_CONNECTED = "uno_nb_never_connected"
#: How long a refused visitor is asked to wait before trying again.
RETRY_SECONDS = {"visitor": 30, "address": 30, "total": 60, "pace": 10}
#: The pages a visitor may open at once, then one every PAGE_SECONDS (an
#: address: twice as many); each page runs its notebook, 0.2-1 CPU-s.
PAGE_BURST = 10
PAGE_SECONDS = 4.0


@dataclass(frozen=True)
class Caps:
    """The caps (see the module's docstring); 0 means no cap."""

    per_visitor: int = 4
    per_address: int = 8
    total: int = 0
    this_computer: bool = False  #: the loopback held to the caps (and counted) too
    page_burst: int = PAGE_BURST  #: pages a visitor may open at once (an address: twice)
    page_seconds: float = PAGE_SECONDS  #: then one every this long (an address: twice as often)


Visitor = tuple[str, str]  # (address, browser)


def visitor_of(remote_ip: str | None, user_agent: str | None) -> Visitor:
    """A visitor's key: their address and what their browser says it is
    (cut to 200 characters: a page cannot make the server keep more)."""
    return (remote_ip or "?", (user_agent or "")[:200])


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address.split("%")[0]).is_loopback
    except ValueError:
        return False


@dataclass
class Place:
    """A page being served for a visitor: the kernel it was handed, once it is."""

    visitor: Visitor
    kernels: list[str] = field(default_factory=list)


class Visitors:
    """The kernels handed to each visitor's pages, the caps on them, and the
    pace of their pages.

    ``alive(kernel_id)`` says whether a kernel still runs (the kernel
    manager's ``in``): kernels shut down or culled stop counting by
    themselves.  ``left(kernel_id)`` says whether a kernel's page is gone
    (no socket connected to it now, its time to connect past:
    :meth:`NeverConnected.left`), ``stop(kernel_id)`` shuts one down: a
    visitor at a cap because of pages they left (a phone's browser that does
    not say it closed a page, a crashed tab, a dropped Wi-Fi: their kernels
    would live until the cull) has those kernels stopped, the oldest first,
    and gets the page.

    >>> alive = set()
    >>> visitors = Visitors(Caps(per_visitor=2, per_address=3, total=4), alive.__contains__)
    >>> ann, bo = ("10.0.0.5", "Firefox"), ("10.0.0.5", "Chrome")
    >>> place = visitors.admit(ann); visitors.handed(place, "k1"); alive.add("k1")
    >>> visitors.done(place)
    >>> isinstance(visitors.admit(ann), Place), visitors.admit(ann)
    (True, 'visitor')
    >>> isinstance(visitors.admit(bo), Place), visitors.admit(bo)
    (True, 'address')
    >>> alive.discard("k1"); isinstance(visitors.admit(ann), Place)
    True
    """

    def __init__(self, caps: Caps, alive: Callable[[str], bool],
                 left: Callable[[str], bool] = lambda kernel_id: False,
                 stop: Callable[[str], Any] = lambda kernel_id: None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.caps = caps
        self.alive = alive
        self.left = left
        self.stop = stop
        self.clock = clock
        self.kernels: dict[Visitor, dict[str, None]] = {}  # each visitor's, oldest first
        self.places: list[Place] = []
        self.refused = {"visitor": 0, "address": 0, "total": 0, "pace": 0}
        self.reclaimed = 0
        self._told: set[tuple[object, str]] = set()
        self._paces: dict[Any, TokenBucket] = {}

    def _count(self, which: Callable[[Visitor], bool]) -> int:
        held = sum(1 for place in self.places if which(place.visitor) and not place.kernels)
        for visitor in [v for v in self.kernels if which(v)]:
            live = {k: None for k in self.kernels[visitor] if self.alive(k)}
            if live:
                self.kernels[visitor] = live
            else:
                del self.kernels[visitor]
            held += len(live)
        return held

    def count(self, visitor: Visitor | None = None) -> int:
        """Kernels held by ``visitor`` (every visitor's but this computer's
        when it is not capped: ``None``), pages being served included."""
        if visitor is None:
            return self._count(self._capped)
        return self._count(lambda v: v == visitor)

    def _capped(self, visitor: Visitor) -> bool:
        return self.caps.this_computer or not is_loopback(visitor[0])

    def _reclaim(self, which: Callable[[Visitor], bool], cap: int) -> int:
        """Stop the kernels of the pages ``which`` visitors left, the oldest
        first, until they hold fewer than ``cap``; what they hold then."""
        held = self._count(which)
        for visitor in [v for v in self.kernels if which(v)]:
            for kernel_id in [k for k in self.kernels[visitor] if self.left(k)]:
                if held < cap:
                    return held
                del self.kernels[visitor][kernel_id]
                self.stop(kernel_id)
                self.reclaimed += 1
                held -= 1
        return held

    def admit(self, visitor: Visitor) -> Place | str:
        """A place for a page of ``visitor``'s, or why not: ``"visitor"``
        (their cap, even once the kernels of pages they left are stopped),
        ``"address"`` (their computer's, whatever browsers it names),
        ``"total"``, or ``"pace"`` (pages asked for faster
        than :attr:`Caps.page_burst` at once and one every
        :attr:`Caps.page_seconds`)."""
        caps = self.caps
        capped = self._capped(visitor)
        mine = (lambda v: v == visitor)
        address = (lambda v: v[0] == visitor[0])
        if capped and caps.per_visitor and self._reclaim(mine, caps.per_visitor) >= caps.per_visitor:
            return self._refuse("visitor")
        if capped and caps.per_address and \
                self._reclaim(address, caps.per_address) >= caps.per_address:
            return self._refuse("address")
        if caps.total and capped and self.count() >= caps.total:
            return self._refuse("total")
        if capped and not self._paced(visitor):
            return self._refuse("pace")
        place = Place(visitor)
        self.places.append(place)
        return place

    def _paced(self, visitor: Visitor) -> bool:
        """Whether ``visitor`` (and their address) may have one more page now."""
        caps = self.caps
        if caps.page_burst <= 0 or caps.page_seconds <= 0:
            return True
        now = self.clock()
        if len(self._paces) > 10_000:  # forget the buckets that are full again
            for key in [k for k, b in self._paces.items() if b.take(now, 0) and
                        b.tokens >= b.burst]:
                del self._paces[key]
        buckets = []
        # the address's first: a browser that names itself anew each time makes no new bucket
        for key, burst, seconds in ((visitor[0], 2 * caps.page_burst, caps.page_seconds / 2),
                                    (visitor, caps.page_burst, caps.page_seconds)):
            bucket = self._paces.get(key)
            if bucket is None:
                bucket = self._paces[key] = TokenBucket(1 / seconds, burst, now)
            bucket.take(now, 0)
            if bucket.tokens < 1:
                return False
            buckets.append(bucket)
        for bucket in buckets:
            bucket.take(now)
        return True

    def _refuse(self, why: str) -> str:
        self.refused[why] += 1
        return why

    def first_refusal(self, visitor: Visitor, why: str) -> bool:
        """True the first time ``visitor`` is refused for ``why`` (the log
        says it once)."""
        # (by address for what a script changing its browser's name would repeat)
        key = (visitor[0], why) if why in ("address", "pace", "total") else (visitor, why)
        if key in self._told or len(self._told) > 10_000:
            return False
        self._told.add(key)
        return True

    def handed(self, place: Place, kernel_id: str) -> None:
        """The page of ``place`` was handed ``kernel_id``."""
        place.kernels.append(kernel_id)
        self.kernels.setdefault(place.visitor, {})[kernel_id] = None

    def done(self, place: Place) -> None:
        """The page of ``place`` is served (or failed): its place goes; its
        kernel, if it has one, counts while it runs."""
        if place in self.places:
            self.places.remove(place)


class NeverConnected:
    """Stops the kernels of pages that never connected to them: each kernel
    handed to a page is :meth:`watch`-ed from the end of the page's request;
    a page's socket that connects says so (:meth:`connected`, told by
    :mod:`.flood`'s connection); a kernel still unconnected ``seconds``
    later is shut down (``shutdown(kernel_id)``), and one line says how many
    at once.  It also counts the sockets open to each kernel (told by
    :meth:`connected` and :meth:`disconnected`): :meth:`left` says whether a
    kernel's page is gone."""

    def __init__(self, seconds: float, alive: Callable[[str], bool],
                 shutdown: Callable[[str], Awaitable[Any]], log: logging.Logger,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.alive = alive
        self.shutdown = shutdown
        self.log = log
        self.clock = clock
        self.deadlines: dict[str, tuple[float, str]] = {}  # kernel -> (deadline, who)
        self.ever: set[str] = set()
        self.open: dict[str, int] = {}  # kernel -> sockets connected now
        self.stopped = 0
        self._timer: asyncio.TimerHandle | None = None
        self._sweeping: asyncio.Task[list[str]] | None = None

    def connected(self, kernel_id: str) -> None:
        self.ever.add(kernel_id)
        self.deadlines.pop(kernel_id, None)
        self.open[kernel_id] = self.open.get(kernel_id, 0) + 1

    def disconnected(self, kernel_id: str) -> None:
        left = self.open.get(kernel_id, 0) - 1
        if left > 0:
            self.open[kernel_id] = left
        else:
            self.open.pop(kernel_id, None)

    def left(self, kernel_id: str) -> bool:
        """Whether ``kernel_id``'s page is gone: no socket connected to it
        now, and either one was once (the page connected, then left) or its
        time to connect is past."""
        if self.open.get(kernel_id, 0) > 0:
            return False
        if kernel_id in self.ever:
            return True
        deadline = self.deadlines.get(kernel_id)
        return deadline is not None and deadline[0] <= self.clock()

    def forget(self, kernel_id: str) -> None:
        """``kernel_id`` is shut down: nothing more to watch of it."""
        self.deadlines.pop(kernel_id, None)
        self.open.pop(kernel_id, None)
        self.ever.discard(kernel_id)

    def watch(self, kernel_id: str, who: str = "") -> None:
        if kernel_id in self.ever:
            return
        self.deadlines[kernel_id] = (self.clock() + self.seconds, who)
        self._schedule()

    def _schedule(self) -> None:
        if self._timer is not None or not self.deadlines:
            return
        loop = asyncio.get_running_loop()
        soonest = min(deadline for deadline, _ in self.deadlines.values())
        # a little after the first deadline, so that pages served together are one sweep
        self._timer = loop.call_later(max(0.0, soonest - self.clock()) + 0.5, self._due)

    def _due(self) -> None:
        self._timer = None
        self._sweeping = asyncio.ensure_future(self.sweep())

    async def sweep(self) -> list[str]:
        """Shut down the kernels past their deadline; the ones it stopped."""
        now = self.clock()
        due = [(k, who) for k, (deadline, who) in self.deadlines.items() if deadline <= now]
        stopped: list[tuple[str, str]] = []
        for kernel_id, who in due:
            del self.deadlines[kernel_id]
            if kernel_id not in self.ever and self.alive(kernel_id):
                stopped.append((kernel_id, who))
        results = await asyncio.gather(*(self.shutdown(k) for k, _ in stopped),
                                       return_exceptions=True)
        done = [(k, who) for (k, who), result in zip(stopped, results)
                if not isinstance(result, BaseException)]
        self.stopped += len(done)
        if done:
            whom = ", ".join(sorted({who for _, who in done if who})) or "?"
            self.log.info(f"Stopped {len(done)} kernel{'' if len(done) == 1 else 's'} whose "
                          f"page never connected within {self.seconds:g} s (a page fetched "
                          f"without a browser, or one that gave up loading; from {whom}).")
        self._schedule()
        return [k for k, _ in done]


# -- the total, from the memory -----------------------------------------------------------

def mem_available(meminfo: Path = Path("/proc/meminfo")) -> int | None:
    """The memory the system says it can give without swapping
    (``MemAvailable``), in bytes; ``None`` without /proc."""
    try:
        found = re.search(r"^MemAvailable:\s+(\d+)\s+kB", meminfo.read_text(), re.M)
    except OSError:
        return None
    return int(found.group(1)) * 1024 if found else None


def total_from_memory(available: int | None, pooled: int, class_size: int | None = None,
                      kernel_mb: int = KERNEL_MB, least: int = MIN_TOTAL) -> int:
    """How many kernels the other computers' pages may have in all: the
    memory free at start over a kernel's estimate, less the ``pooled``
    kernels the pools keep warm (a kernel handed out is replaced in its
    pool), never fewer than twice the class and ten (a class moving to
    another page holds its old page's kernels until each page's "closed"
    reaches the server, and some students open a page twice) or, without a
    class, ``least``; with no figure for the memory, no cap (0).

    >>> total_from_memory(8 * 2**30, pooled=14)
    122
    >>> total_from_memory(2 * 2**30, pooled=14), total_from_memory(2 * 2**30, 43, class_size=30)
    (20, 70)
    >>> total_from_memory(None, pooled=14)
    0
    """
    if available is None:
        return 0
    fits = available // (kernel_mb * 2**20) - pooled
    floor = 2 * class_size + least if class_size else least
    return int(max(fits, floor))


# -- the page a refused visitor gets ------------------------------------------------------

def page_language(path: str, accept_language: str | None) -> str:
    """``"ru"`` for a page under ``ru/`` or a browser that prefers Russian to
    English (``Accept-Language``), else ``"en"``.

    >>> page_language("ru/02_card_odds.ipynb", None), page_language("02_card_odds.ipynb", None)
    ('ru', 'en')
    >>> page_language("02_card_odds.ipynb", "ru-RU,ru;q=0.9,en-US;q=0.8")
    'ru'
    >>> page_language("02_card_odds.ipynb", "en-GB,en;q=0.9,ru;q=0.8")
    'en'
    """
    if re.match(r"(.*/)?ru/", "/" + path.lstrip("/")):
        return "ru"
    best = {"en": -1.0, "ru": -1.0}
    for order, item in enumerate((accept_language or "").split(",")):
        name, _, params = item.strip().partition(";")
        lang = name.strip().lower().split("-")[0]
        if lang not in best:
            continue
        q = 1.0
        found = re.search(r"q\s*=\s*([0-9.]+)", params)
        if found:
            try:
                q = float(found.group(1))
            except ValueError:
                q = 0.0
        best[lang] = max(best[lang], q - order * 1e-6)  # the first listed wins a tie
    return "ru" if best["ru"] > best["en"] and best["ru"] > 0 else "en"


def refusal(why: str, lang: str, count: int,
            text: Callable[..., str]) -> tuple[int, dict[str, str], str]:
    """The status, headers and HTML page for a visitor refused for ``why``
    (``"visitor"``: their own cap of ``count``; ``"address"``: their
    computer's; ``"total"``: the app's;
    ``"pace"``: pages asked for too fast),
    its words from the kit's text table (``text``, :func:`uno_nb.texts.text`)."""
    status = 503 if why == "total" else 429
    retry = RETRY_SECONDS[why]
    title = text(f"serving.{why}.title", lang)
    said = text(f"serving.{why}.body", lang, count=count)
    again = text("serving.again", lang)
    body = (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title>"
            "<style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;"
            "padding:0 1rem;color:#222}h1{font-size:1.5rem}a{color:#0b5cad}</style></head>\n"
            f"<body><main><h1>{html.escape(title)}</h1><p>{html.escape(said)}</p>"
            f'<p><a href="">{html.escape(again)}</a></p></main></body>\n</html>\n')
    return status, {"Retry-After": str(retry), "Cache-Control": "no-store",
                    "Content-Type": "text/html; charset=UTF-8"}, body


def quiet_refusals(logged: Callable[[Any], None] | None) -> Callable[[Any], None]:
    """The server's access log (``log_function``, ``logged`` or tornado's own
    way) without a line for each refused request (a handler marked
    ``uno_nb_refused``): a script looping over the caps wrote a line a
    request; the first refusal of each visitor is said once (:func:`refused_page`)."""
    from tornado.log import access_log

    def log(handler: Any) -> None:
        if getattr(handler, "uno_nb_refused", False):
            return
        if logged is not None:
            logged(handler)
            return
        status = handler.get_status()
        say = (access_log.info if status < 400 else
               access_log.warning if status < 500 else access_log.error)
        say("%d %s %.2fms", status, handler._request_summary(),
            1000.0 * handler.request.request_time())

    return log


class Handout:
    """The kernel manager as one page's request sees it: the kernel it hands
    the page (a preheated one, or one started for it) is told to
    ``handed``; everything else is the manager's own."""

    def __init__(self, manager: Any, handed: Callable[[str], None]) -> None:
        self._manager = manager
        self._handed = handed

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self._manager

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._handed(str(result[2]))
        return result

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        started = self._manager.start_kernel(*args, **kwargs)
        kernel_id = str(await started if inspect.isawaitable(started) else started)
        self._handed(kernel_id)
        return kernel_id


# -- the server's side ----------------------------------------------------------------------

def limit_pages(settings: dict[str, Any], caps: Caps, memory_at_start: int | None,
                class_size: int | None, kernel_mb: int, connect_seconds: float,
                log: logging.Logger) -> str:
    """Put the :class:`Visitors` and the :class:`NeverConnected` in the
    server's ``settings`` (its kernel manager's, told each connection by
    :mod:`.flood`'s :data:`~.flood.CONNECTED`), the total sized from the
    memory if ``caps.total`` is 0 (-1: no cap); the line start-up says."""
    from .flood import CONNECTED, DISCONNECTED

    manager = settings["kernel_manager"]
    pooled = sum(len(pool) for pool in getattr(manager, "_pools", {}).values())
    sized = caps.total == 0
    total = (total_from_memory(memory_at_start, pooled, class_size, kernel_mb) if sized
             else caps.total)
    caps = replace(caps, per_visitor=max(caps.per_visitor, 0),
                   per_address=max(caps.per_address, 0), total=max(total, 0))

    async def shutdown(kernel_id: str) -> None:
        stopping = manager.shutdown_kernel(kernel_id)
        if inspect.isawaitable(stopping):
            await stopping

    def alive(kernel_id: str) -> bool:
        return kernel_id in manager

    never = NeverConnected(connect_seconds, alive, shutdown, log)
    stopping: set[asyncio.Future[None]] = set()

    def stop(kernel_id: str) -> None:  # a kernel of a page its visitor left
        never.forget(kernel_id)
        log.info(f"Stopped kernel {kernel_id[:8]}, of a page its visitor left (nothing "
                 "connected to it), to open them a new page.")
        future = asyncio.ensure_future(shutdown(kernel_id))
        stopping.add(future)  # (kept until done: the loop holds tasks weakly)
        future.add_done_callback(stopped)

    def stopped(done: asyncio.Future[None]) -> None:
        stopping.discard(done)
        if not done.cancelled() and done.exception() is not None:
            log.info(f"A kernel of a page its visitor left did not stop: {done.exception()}")

    settings[VISITORS] = Visitors(caps, alive, never.left, stop)
    settings[NEVER_CONNECTED] = never
    settings[CONNECTED] = never.connected
    settings[DISCONNECTED] = never.disconnected
    free = (f" (from {memory_at_start / 1e9:.1f} GB free at start)"
            if sized and memory_at_start is not None else "")
    each = (f"at most {caps.per_visitor} per visitor ({caps.per_address} per address)"
            if caps.per_visitor else "no cap per visitor")
    whole = f", {caps.total} in all{free}" if caps.total else ", no cap in all"
    return (f"Kernels for pages: {each}{whole}; a page that has not connected to its kernel "
            f"{connect_seconds:g} s after it was served loses it.")


def refused_page(why: str, path: str, visitors: Visitors, visitor: Visitor,
                 accept_language: str | None,
                 log: logging.Logger) -> tuple[int, dict[str, str], str]:
    """What a visitor refused for ``why`` gets (:func:`refusal`, in the
    language of ``path`` or their browser); the first refusal of each
    visitor for each reason is logged, in one line."""
    from .. import texts

    count = {"total": visitors.caps.total,
             "address": visitors.caps.per_address}.get(why, visitors.caps.per_visitor)
    if visitors.first_refusal(visitor, why):
        whom = {"total": "the app has as many kernels as it may",
                "address": "the pages of that computer have as many kernels as an address may",
                "pace": f"pages asked for faster than {visitors.caps.page_burst} at once and "
                        f"one every {visitors.caps.page_seconds:g} s",
                }.get(why, "their pages have as many kernels as a visitor may")
        log.info(f"Refused a page to {visitor[0]} ({visitor[1][:40] or 'no browser named'}): "
                 f"{whom}; later refusals of the same are not logged.")
    return refusal(why, page_language(path, accept_language), count, texts.text)
