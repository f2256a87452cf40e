"""A page's websocket to its kernel kept within bounds: a page that floods it
is throttled, then closed; a page that does not read it is closed; a widget
action that costs the kernel time cannot be queued faster than it runs.

Jupyter's server forwards every message a page's websocket sends to the
page's kernel, at once, and every message the kernel sends back to the page,
whether the page reads it or not.  Measured on main before this module: one
page sending 800,000 messages took the server from 267 MB to 1,130 MB (the
messages waited in the server's queue to the kernel, then the replies in its
queue to a page that did not read them), the flooded kernel to 450 MB, and
5,540 clicks on *Deal* in a minute kept a kernel busy for 2.5 minutes after
the clicking stopped.  Here, for each socket (:class:`SocketGuard`, the
decisions, kept apart from the server so that they are tested without one):

* **A rate.**  A :class:`TokenBucket` lets :attr:`FloodLimits.rate` messages
  a second through, in bursts of up to :attr:`FloodLimits.burst` (a page as
  it opens sends a few dozen; the kit's sliders send at most one message per
  frame while dragged, about 60 a second).  The excess is dropped, and a
  dropped request is answered at once with the kernel's "idle" (its work
  done), as the kernel would answer it: a page never waits on a message that
  was dropped.  A page that goes on being dropped (:attr:`FloodLimits.patience`
  dropped messages, forgiven at :attr:`FloodLimits.forgive` a second) is
  closed.
* **Actions in flight.**  A widget's action (``comm_msg``: a click, a
  slider's value; not a page asking its widgets' state as it starts) waits
  for the kernel's "idle" for it; at most :attr:`FloodLimits.in_flight` of
  them are in the kernel at once, and at most :attr:`FloodLimits.waiting`
  more wait here, in turn (:func:`action_key`): each click counts (twenty
  quick clicks on *Step* are twenty steps), a control's new value replaces
  its value still waiting (answered as done: the last value of a dragged
  slider always reaches the kernel), and an action past the waiting room is
  dropped and answered as done.  So a page clicking *Deal* a hundred times
  a second keeps its kernel at most 36 deals behind, not minutes.
  ipywidgets' own controls already wait for the kernel before sending
  again; the kit's panels and anywidgets do not.
* **What the page does not read.**  Once more than
  :attr:`FloodLimits.unread_bytes` wait in the server to be written to a
  page, the page is closed (a page that reads catches up long before that).
* **Messages Voilà refuses** (any type but the widgets' and the kernel's
  info, ``MappingKernelManager.allowed_message_types``) and messages that do
  not parse are dropped without the server's warning for each.

Each throttle and each close is logged once per socket, in one line for the
teacher; a write to a closed socket is dropped without a word (the server's
own log says it once, :mod:`.sockets`).  Once a throttled or closed socket
is gone, the server gives the memory its queues held back to the system
(:func:`give_back_memory`: glibc keeps freed memory for the process unless
asked).

:func:`guarded_connection` makes the connection class (Jupyter server's
``kernel_websocket_connection_class``) out of the server's own, given (this
module does not import the server).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import importlib
import json
import logging
import sys
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Literal

__all__ = ["FloodLimits", "TokenBucket", "InFlight", "KernelGuard", "SocketGuard", "BadFrame",
           "check_frame", "guarded_connection", "give_back_memory", "CONNECTED", "DISCONNECTED",
           "V1"]

#: Jupyter's binary kernel websocket protocol (``@jupyterlab/services``'s choice).
V1 = "v1.kernel.websocket.jupyter.org"
#: The tornado setting holding a callable told each kernel a page's socket
#: connected to (:class:`uno_nb.serving.limits.NeverConnected` listens).
CONNECTED = "uno_nb_kernel_connected"
#: The one told each kernel a page's socket disconnected from.
DISCONNECTED = "uno_nb_kernel_disconnected"
#: The messages that are a widget's action, held to :attr:`FloodLimits.in_flight`:
#: a ``comm_msg`` whose ``data.method`` is one of :data:`ACTION_METHODS`.
ACTIONS = frozenset({"comm_msg"})
#: A click or another event of a control (``custom``), a control's new value
#: (``update``).  Not ``request_state`` nor ``request_states``: a page asks each
#: of its widgets' state as it starts, and must have every answer to draw.
ACTION_METHODS = frozenset({"custom", "update"})


def is_action(content: Any) -> bool:
    """Whether a ``comm_msg``'s content is a control's action (:data:`ACTION_METHODS`).

    >>> is_action({"data": {"method": "custom", "content": {"ev": "click"}}})
    True
    >>> is_action({"data": {"method": "request_state"}}), is_action(None)
    (False, False)
    """
    data = content.get("data") if isinstance(content, dict) else None
    return isinstance(data, dict) and data.get("method") in ACTION_METHODS


@dataclass(frozen=True)
class FloodLimits:
    """The bounds of one page's socket (see the module's docstring)."""

    rate: float = 100.0            #: messages a second, sustained
    burst: int = 200               #: messages at once
    patience: int = 3000           #: dropped messages before the socket is closed
    forgive: float = 20.0          #: dropped messages forgiven a second
    in_flight: int = 4             #: widget actions in the kernel at once
    waiting: int = 32              #: actions waiting here (a control's value: its latest)
    stale_seconds: float = 30.0    #: an action the kernel never said idle for stops counting
    unread_bytes: int = 16 * 2**20  #: bytes waiting to be written to a kernel's sockets, in all
    answer_bytes: int = 64 * 1024  #: a dropped request larger than this is not answered
    sockets: int = 3               #: sockets open to one kernel at once
    buffers: int = 64              #: binary buffers one message may carry

    @property
    def socket_unread(self) -> int:
        """What one socket may leave unread: its share of :attr:`unread_bytes`."""
        return max(1, self.unread_bytes // max(1, self.sockets))


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` kept: :meth:`take` says
    whether one was there (and takes it).

    >>> bucket = TokenBucket(rate=10, burst=2, now=0.0)
    >>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(0.1)]
    [True, True, False, True]
    """

    def __init__(self, rate: float, burst: float, now: float = 0.0) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.at = now

    def take(self, now: float, count: float = 1.0) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = max(self.at, now)
        if self.tokens >= count:
            self.tokens -= count
            return True
        return False


class InFlight:
    """The widget actions of one kernel's sockets in the kernel (by message
    id), and those waiting for a place, in turn.  An action replaces the one
    waiting just before it (the last) when their keys are the same (a
    control's new value, see :func:`action_key`), and only that one: an
    action never moves ahead of one that came before it (a slider's value,
    then *Deal*, then the slider again: the deal is done with the first
    value, as it was clicked).

    :meth:`offer` says what to do with an action: ``"send"`` (it is now in
    flight), ``"wait"`` (kept; the action it replaced, if any, is given back
    in :attr:`replaced` to be answered as done) or ``"drop"`` (too many
    waiting).  :meth:`answered` takes an action out of flight and
    gives the waiting ones that may go now, oldest first.

    >>> flight = InFlight(limit=1, waiting=4, stale_seconds=30)
    >>> flight.offer("a", "deal", "A", now=0), flight.offer("b", "deal", "B", now=0)
    ('send', 'wait')
    >>> flight.offer("c", "deal", "C", now=0), flight.replaced
    ('wait', 'b')
    >>> flight.answered("a", now=1)
    [('c', 'C')]
    >>> flight.answered("c", now=2), len(flight)
    ([], 0)
    >>> flight.offer("d", "deal", "D", now=2), flight.offer("e", "value", "E", now=2)
    ('send', 'wait')
    >>> flight.offer("f", "deal", "F", now=2), flight.offer("g", "value", "G", now=2)
    ('wait', 'wait')
    >>> flight.replaced, [m for _, _, m in flight.waiting.values()]
    (None, ['E', 'F', 'G'])
    """

    def __init__(self, limit: int, waiting: int, stale_seconds: float) -> None:
        self.limit = limit
        self.waiting_limit = waiting
        self.stale_seconds = stale_seconds
        self.flying: dict[str, float] = {}  # msg_id -> when it went
        #: in turn: (key, msg_id, message) by the order they came in
        self.waiting: OrderedDict[int, tuple[Hashable, str, Any]] = OrderedDict()
        self.replaced: str | None = None
        self._count = 0

    def __len__(self) -> int:
        return len(self.flying)

    def full(self, now: float) -> bool:
        self._expire(now)
        return len(self.flying) >= self.limit

    def _expire(self, now: float) -> None:
        for msg_id in [m for m, at in self.flying.items() if now - at > self.stale_seconds]:
            del self.flying[msg_id]

    def offer(self, msg_id: str, key: Hashable, message: Any, now: float) -> str:
        self.replaced = None
        if not self.full(now) and not self.waiting:
            self.flying[msg_id] = now
            return "send"
        last = next(reversed(self.waiting)) if self.waiting else None
        if last is not None and self.waiting[last][0] == key:
            # the same control's value just before: this one replaces it, in its place
            self.replaced = self.waiting.pop(last)[1]
        elif len(self.waiting) >= self.waiting_limit:
            return "drop"
        self._count += 1
        self.waiting[self._count] = (key, msg_id, message)
        return "wait"

    def forget(self, which: Callable[[Any], bool]) -> int:
        """Drop the waiting actions whose message is ``which`` (a socket's,
        once it is gone); how many."""
        gone = [n for n, (_, _, message) in self.waiting.items() if which(message)]
        for n in gone:
            del self.waiting[n]
        return len(gone)

    def answered(self, msg_id: str, now: float) -> list[tuple[str, Any]]:
        self.flying.pop(msg_id, None)
        return self.release(now)

    def release(self, now: float) -> list[tuple[str, Any]]:
        """The waiting actions that may go now (put in flight)."""
        going: list[tuple[str, Any]] = []
        while self.waiting and not self.full(now):
            _, (_, msg_id, message) = self.waiting.popitem(last=False)
            self.flying[msg_id] = now
            going.append((msg_id, message))
        return going


class KernelGuard:
    """What one kernel's sockets share: the rate, the patience, the widget
    actions in flight and waiting, the sockets open (at most
    :attr:`FloodLimits.sockets`) and what was said of them in the log (each
    thing once).  A page cannot get more by opening more sockets to its
    kernel: every socket draws on the same bucket."""

    def __init__(self, limits: FloodLimits, now: float) -> None:
        self.limits = limits
        self.bucket = TokenBucket(limits.rate, limits.burst, now)
        self.patience = TokenBucket(limits.forgive, limits.patience, now)
        self.flight = InFlight(limits.in_flight, limits.waiting, limits.stale_seconds)
        self.dropped = 0
        self.said: set[str] = set()
        self.sockets: list[Any] = []  #: the sockets open to the kernel, oldest first

    def room(self, besides: Callable[[Any], bool] = lambda socket: False) -> bool:
        """Whether one more socket may be open, the sockets ``besides`` says
        not counted (the socket itself; one it replaces)."""
        return sum(1 for s in self.sockets if not besides(s)) < self.limits.sockets

    def first(self, what: str) -> bool:
        """True the first time ``what`` is to be said of this kernel's sockets."""
        if what in self.said:
            return False
        self.said.add(what)
        return True


class SocketGuard:
    """The decisions for one page's socket, without the socket: the rate
    (:meth:`admit`) and the patience with a page whose messages are dropped,
    both its kernel's (:class:`KernelGuard`, shared by the kernel's sockets),
    and the bytes it leaves unread (:meth:`unread`, its share of the
    kernel's bound)."""

    def __init__(self, limits: FloodLimits, now: float, kernel: KernelGuard | None = None) -> None:
        self.limits = limits
        self.kernel = kernel if kernel is not None else KernelGuard(limits, now)
        self.closing: str | None = None   #: why the socket is being closed

    @property
    def flight(self) -> InFlight:
        return self.kernel.flight

    @property
    def dropped(self) -> int:
        return self.kernel.dropped

    def admit(self, now: float) -> bool:
        """Whether a message may go on (else it is dropped; once the kernel's
        sockets have been dropped past their patience, :attr:`closing` says so)."""
        kernel = self.kernel
        if kernel.bucket.take(now):
            return True
        kernel.dropped += 1
        if not kernel.patience.take(now) and self.closing is None:
            self.closing = "flood"
        return False

    def unread(self, queued: int) -> bool:
        """Whether ``queued`` bytes waiting for the page are too many (then
        :attr:`closing` says so)."""
        if queued > self.limits.socket_unread and self.closing is None:
            self.closing = "unread"
        return self.closing == "unread"

    def first(self, what: str) -> bool:
        """True the first time ``what`` is to be said of this kernel's sockets."""
        return self.kernel.first(what)


class BadFrame(ValueError):
    """A binary message whose frame is not of the protocol's form."""


def check_frame(raw: Any, v1: bool, buffers: int = FloodLimits.buffers) -> None:
    """Raise :class:`BadFrame` unless ``raw`` is a frame the server's own
    parsers may read: its table of offsets inside the frame, in order, no
    more parts than a message has plus ``buffers``.  (The server's parsers
    trust the table: a 9-byte frame saying 2**62 parts kept the server's
    loop in one call until its memory was gone.)  A text message (the
    legacy protocol's JSON) is not a frame: nothing to check.

    In the v1 protocol (``v1.kernel.websocket.jupyter.org``) a frame opens
    with the number of offsets (8 bytes, little-endian), then the offsets
    (8 bytes each): the channel, then the message's parts (header, parent,
    metadata, content, buffers).  In the legacy binary form: the number of
    parts (4 bytes, big-endian), their offsets (4 bytes each), the JSON
    message then its buffers.

    >>> import struct
    >>> def v1(*parts: bytes) -> bytes:
    ...     table = 8 * (len(parts) + 2)
    ...     ends = [table + sum(map(len, parts[:i])) for i in range(len(parts) + 1)]
    ...     return struct.pack(f"<{len(ends) + 1}Q", len(ends), *ends) + b"".join(parts)
    >>> check_frame(v1(b"shell", b"{}", b"{}", b"{}", b"{}"), v1=True)
    >>> for bad in (b"\\x00" * 8 + b"x", (2**62).to_bytes(8, "little") + b"x", b"1234",
    ...             struct.pack("<7Q", 6, 56, 60, 58, 62, 64, 66) + b"x" * 10):
    ...     try:
    ...         check_frame(bad, v1=True)
    ...     except BadFrame as error:
    ...         print(error)
    too few parts: 0
    too many parts: 4611686018427387904
    shorter than its table: 4 bytes
    offsets out of order or outside the frame
    >>> check_frame(struct.pack("!iII", 2, 12, 14) + b"{}" + b"ab", v1=False)
    >>> check_frame(struct.pack("!i", 2**30) + b"xxxxx", v1=False)
    Traceback (most recent call last):
    ...
    uno_nb.serving.flood.BadFrame: too many parts: 1073741824
    """
    if isinstance(raw, str):
        return
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise BadFrame("neither text nor bytes")
    size = len(raw)
    word, fewest, most = (8, 6, buffers + 6) if v1 else (4, 1, buffers + 1)
    order: Literal["little", "big"] = "little" if v1 else "big"
    if size < word:
        raise BadFrame(f"shorter than its table: {size} bytes")
    count = int.from_bytes(raw[:word], order, signed=not v1)
    if count < fewest:
        raise BadFrame(f"too few parts: {count}")
    if count > most:
        raise BadFrame(f"too many parts: {count}")
    table = word * (count + 1)
    if table > size:
        raise BadFrame(f"shorter than its table: {size} bytes")
    offsets = [int.from_bytes(raw[word * (i + 1):word * (i + 2)], order) for i in range(count)]
    if offsets[0] < table or any(b < a for a, b in zip(offsets, offsets[1:])) \
            or offsets[-1] > size:
        raise BadFrame("offsets out of order or outside the frame")


def action_key(header: dict[str, Any], content: Any) -> Hashable:
    """What a waiting widget action may replace: a control's new value
    (``update``) replaces the value of the same control and names still
    waiting (only the last one matters); a click or another event
    (``custom``) replaces nothing (each counts: twenty clicks on Step are
    twenty steps), so it is keyed by its own message id."""
    if not isinstance(content, dict):
        return (header.get("msg_type"), str(header.get("msg_id")))
    data = content.get("data")
    data = data if isinstance(data, dict) else {}
    if data.get("method") != "update":
        return ("event", str(header.get("msg_id")))
    state = data.get("state")
    names = tuple(sorted(map(str, state))) if isinstance(state, dict) else ()
    return (str(content.get("comm_id")), "update", names)


_LIBC: Any = None
_TRIMMED_AT = [-1e9]


def give_back_memory(now: float | None = None, every: float = 5.0) -> bool:
    """Ask glibc to give the memory the process freed back to the system
    (``malloc_trim(0)``), at most once every ``every`` seconds; whether it
    was asked.  Elsewhere (macOS, musl) nothing to do."""
    global _LIBC
    now = time.monotonic() if now is None else now
    if not sys.platform.startswith("linux") or now - _TRIMMED_AT[0] < every:
        return False
    if _LIBC is None:
        try:
            _LIBC = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            _LIBC.malloc_trim  # noqa: B018 - glibc only
        except (OSError, AttributeError):
            _LIBC = False
    if not _LIBC:
        return False
    _TRIMMED_AT[0] = now
    _LIBC.malloc_trim(0)
    return True


def _queued_bytes(handler: Any) -> int:
    """What waits in tornado to be written to the page (private counters of
    tornado's IOStream; 0 where they are not)."""
    stream = getattr(getattr(handler, "ws_connection", None), "stream", None)
    written = getattr(stream, "_total_write_done_index", None)
    asked = getattr(stream, "_total_write_index", None)
    if isinstance(written, int) and isinstance(asked, int):
        return asked - written
    return 0


#: What the log says, once per kernel, for the teacher.
SAID = {
    "throttled": "A page is sending its kernel more than {rate:g} messages a second "
                 "(kernel {kernel}, from {who}): the excess is dropped.",
    "flood": "Closed the connection of a page that kept sending its kernel too many "
             "messages ({dropped:,} dropped; kernel {kernel}, from {who}). The page may "
             "reconnect; nothing else is affected.",
    "unread": "Closed the connection of a page that stopped reading what its kernel sends "
              "({queued:,} bytes waiting; kernel {kernel}, from {who}).",
    "refused": "A page sent its kernel messages that are not allowed or do not parse "
               "(kernel {kernel}, from {who}): dropped.",
    "malformed": "Closed the connection of a page that sent its kernel a message that is "
                 "not of the protocol's form ({error}; kernel {kernel}, from {who}).",
    "sockets": "Refused a connection to a kernel that already has {sockets} open (kernel "
               "{kernel}, from {who}): a page needs one.",
    "waiting": "A page's widget actions come faster than its kernel does them (kernel "
               "{kernel}, from {who}): they wait their turn, at most {waiting} of them "
               "(a control's value: only its latest); more are dropped.",
}
#: The reason a closed socket is given (its close frame's), by why it was closed.
CLOSE_REASONS = {"flood": "too many messages", "unread": "messages not read",
                 "malformed": "a message not of the protocol's form",
                 "sockets": "too many connections to this kernel"}


def guarded_connection(base: type[Any], limits: FloodLimits | None = None,
                       clock: Callable[[], float] = time.monotonic) -> type[Any]:
    """Jupyter server's kernel websocket connection (``base``:
    ``ZMQChannelsWebsocketConnection``) with each kernel's sockets kept
    within ``limits`` (see the module's docstring)."""
    from tornado.web import HTTPError
    from tornado.websocket import WebSocketClosedError

    # (untyped functions of the server's: called through a module typed Any)
    wire: Any = importlib.import_module("jupyter_server.services.kernels.connection.base")

    try:
        from jupyter_client.jsonutil import json_default
    except ImportError:  # pragma: no cover - older jupyter_client
        from jupyter_client.jsonutil import date_default as json_default

    bounds = limits or FloodLimits()
    #: each kernel's shared guard, kept while the kernel runs (a page that
    #: reconnects finds its kernel's patience as it left it)
    kernels: dict[str, KernelGuard] = {}

    def retrieved(future: Any) -> None:
        if not future.cancelled():
            future.exception()  # a write to a page that went: nothing to tell

    class GuardedConnection(base):  # type: ignore[misc]  # the server's class is given
        """One page's kernel websocket, kept within bounds."""

        guards = kernels

        @property
        def guard(self) -> SocketGuard:
            guard: SocketGuard | None = self.__dict__.get("_guard")
            if guard is None:
                kernel_id = str(self.kernel_id)
                shared = kernels.get(kernel_id)
                if shared is None:
                    self._forget_gone_kernels()
                    shared = kernels[kernel_id] = KernelGuard(bounds, clock())
                guard = self.__dict__["_guard"] = SocketGuard(bounds, clock(), shared)
            return guard

        def _forget_gone_kernels(self) -> None:
            manager = self.multi_kernel_manager
            for kernel_id in [k for k, g in kernels.items() if not g.sockets]:
                if kernel_id not in manager:
                    del kernels[kernel_id]

        # -- what is said of it ---------------------------------------------------------
        def _who(self) -> str:
            request = getattr(self.websocket_handler, "request", None)
            return str(getattr(request, "remote_ip", "?"))

        def _say(self, what: str, level: int = logging.WARNING, **values: Any) -> None:
            if self.guard.first(what):
                self.log.log(level, SAID[what].format(kernel=str(self.kernel_id)[:8],
                                                      who=self._who(), rate=bounds.rate,
                                                      sockets=bounds.sockets,
                                                      dropped=self.guard.dropped, **values))

        def _close(self, **values: Any) -> None:
            why = self.guard.closing or "flood"
            self._say(why, **values)
            try:
                self.websocket_handler.close(1008, CLOSE_REASONS[why])
            except Exception:  # already closed
                pass

        # -- the kernel's messages to the page --------------------------------------------
        @property
        def write_message(self) -> Callable[..., Any]:
            return self._write

        def _write(self, message: Any, binary: bool = False) -> Any:
            if self.guard.closing is not None:
                return None
            handler = self.websocket_handler
            queued = _queued_bytes(handler)
            if self.guard.unread(queued):
                self._close(queued=queued)
                return None
            try:
                future = handler.write_message(message, binary=binary)
            except WebSocketClosedError:
                return None
            if future is not None and hasattr(future, "add_done_callback"):
                future.add_done_callback(retrieved)
            return future

        def handle_outgoing_message(self, stream: Any, outgoing_msg: list[Any]) -> None:
            idle_for = None
            if len(self.guard.flight) and getattr(stream, "channel", stream) == "iopub":
                idle_for = self._idle_for(outgoing_msg)
            super().handle_outgoing_message(stream, outgoing_msg)
            if idle_for is not None:
                # (every socket of the kernel sees the "idle": the first one lets the
                # next waiting actions go, each by the socket it came from)
                for _msg_id, (owner, raw) in self.guard.flight.answered(idle_for, clock()):
                    owner._forward(raw)

        def _forward(self, raw: Any) -> None:
            """Give the server a message checked here (:meth:`handle_incoming_message`)."""
            if self.channels and self.guard.closing is None:
                super().handle_incoming_message(raw)

        def _idle_for(self, outgoing_msg: list[Any]) -> str | None:
            """The message id a kernel's "idle" status is for, or None."""
            try:
                _, parts = self.session.feed_identities(outgoing_msg)
                header = self.session.unpack(bytes(parts[1]))
                if header.get("msg_type") != "status":
                    return None
                content = self.session.unpack(bytes(parts[4]))
                if content.get("execution_state") != "idle":
                    return None
                return str(self.session.unpack(bytes(parts[2])).get("msg_id"))
            except Exception:  # not a message of the kernel's form: not ours to judge
                return None

        # -- the page's messages to the kernel --------------------------------------------
        def _parse(self, raw: Any) -> tuple[str | None, dict[str, Any], Callable[[], Any]]:
            """The channel, header and (parsed when asked) content of a message;
            :class:`BadFrame` for a frame not of the protocol's form (checked
            before the server's parsers, which trust it, read it)."""
            v1 = self.subprotocol == V1
            check_frame(raw, v1, bounds.buffers)
            if v1:
                if isinstance(raw, str):
                    raise BadFrame("text in the binary protocol")
                channel, parts = wire.deserialize_msg_from_ws_v1(raw)
                header = json.loads(parts[0])
                return channel, header, lambda: json.loads(parts[3])
            message = (wire.deserialize_binary_message(raw) if isinstance(raw, bytes)
                       else json.loads(raw))
            if not isinstance(message, dict):
                raise ValueError("not a message")
            return message.get("channel"), message["header"], lambda: message.get("content")

        @staticmethod
        def _action(content: Callable[[], Any]) -> bool:
            try:
                return is_action(content())
            except ValueError:  # content that does not parse: the kernel refuses it
                return False

        def _answer(self, header: dict[str, Any]) -> None:
            """Tell the page the kernel is done with a request that was
            dropped (its "idle"), as the kernel would."""
            idle = self.session.msg("status", {"execution_state": "idle"}, parent=header)
            if self.subprotocol == V1:
                self._write(wire.serialize_msg_to_ws_v1(idle, "iopub", self.session.pack),
                            binary=True)
            else:
                idle["channel"] = "iopub"
                self._write(json.dumps(idle, default=json_default))

        def handle_incoming_message(self, incoming_msg: Any) -> None:
            """Every message a page sends: checked here, and only then (if
            at all) given to the server's own handler."""
            guard = self.guard
            if guard.closing is not None or not self.channels:
                return
            now = clock()
            admitted = guard.admit(now)
            if not admitted and guard.closing is not None:
                self._close()
                return
            size = len(incoming_msg)
            if admitted or size <= bounds.answer_bytes:
                try:
                    channel, header, content = self._parse(incoming_msg)
                    msg_type = str(header["msg_type"])
                    msg_id = str(header["msg_id"])
                except BadFrame as error:
                    guard.closing = "malformed"
                    self._close(error=str(error))
                    return
                except Exception:
                    self._say("refused")
                    return
            if not admitted:
                self._say("throttled")
                if size <= bounds.answer_bytes and channel in ("shell", None):
                    self._answer(header)
                return
            allowed = self.multi_kernel_manager.allowed_message_types
            if allowed and msg_type not in allowed:
                self._say("refused")
                return
            if msg_type in ACTIONS and channel in ("shell", None) and self._action(content):
                flight = guard.flight
                key = action_key(header, content()) if flight.full(now) or flight.waiting else ()
                verdict = flight.offer(msg_id, key, (self, incoming_msg), now)
                if verdict != "send":
                    self._say("waiting", level=logging.INFO, waiting=bounds.waiting)
                    replaced = header if verdict == "drop" else None
                    if flight.replaced is not None:
                        replaced = {**header, "msg_id": flight.replaced}
                    if replaced is not None:
                        self._answer(replaced)
                    return
            super().handle_incoming_message(incoming_msg)

        # -- the socket's life ----------------------------------------------------------
        async def prepare(self) -> Any:
            # a kernel with as many sockets as it may have: refused before the socket opens
            if not self.guard.kernel.room(self._same):
                self._say("sockets")
                raise HTTPError(429, reason=CLOSE_REASONS["sockets"].capitalize())
            return await super().prepare()

        def _same(self, other: Any) -> bool:
            """Whether ``other`` is this socket, or the one it replaces: a page
            reconnecting (the same session) closes its stale socket, and the
            server may not have seen that one close yet."""
            return other is self or other.session.session == self.session.session

        def connect(self) -> Any:
            shared = self.guard.kernel
            over = not shared.room(self._same)  # (sockets that were prepared at once)
            shared.sockets.append(self)
            told = self.websocket_handler.settings.get(CONNECTED)
            if told is not None and not over:
                told(self.kernel_id)
            connected = super().connect()
            if over:
                self.guard.closing = "sockets"
                self._close()
            return connected

        def disconnect(self) -> Any:
            shared = self.guard.kernel
            try:
                return super().disconnect()
            finally:
                if self in shared.sockets:
                    shared.sockets.remove(self)
                    told = self.websocket_handler.settings.get(DISCONNECTED)
                    if told is not None and self.guard.closing != "sockets":
                        told(self.kernel_id)
                shared.flight.forget(lambda message: message[0] is self)
                if self.guard.closing is not None or shared.dropped:
                    from tornado.ioloop import IOLoop
                    # once the socket's buffers are freed (the stream closes after this)
                    IOLoop.current().call_later(1.0, give_back_memory)

    return GuardedConnection
