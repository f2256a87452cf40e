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
from typing import Any, Callable, Hashable

__all__ = ["FloodLimits", "TokenBucket", "InFlight", "SocketGuard", "guarded_connection",
           "give_back_memory", "CONNECTED", "V1"]

#: Jupyter's binary kernel websocket protocol (``@jupyterlab/services``'s choice).
V1 = "v1.kernel.websocket.jupyter.org"
#: The tornado setting holding a callable told each kernel a page's socket
#: connected to (:class:`uno_nb.serving.limits.NeverConnected` listens).
CONNECTED = "uno_nb_kernel_connected"
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
    unread_bytes: int = 16 * 2**20  #: bytes waiting to be written before the page is closed
    answer_bytes: int = 64 * 1024  #: a dropped request larger than this is not answered


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
    """The widget actions of one socket in the kernel (by message id), and
    those waiting for a place, in turn (by key: an action replaces the one
    waiting under the same key, see :func:`action_key`).

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
    """

    def __init__(self, limit: int, waiting: int, stale_seconds: float) -> None:
        self.limit = limit
        self.waiting_limit = waiting
        self.stale_seconds = stale_seconds
        self.flying: dict[str, float] = {}  # msg_id -> when it went
        self.waiting: OrderedDict[Hashable, tuple[str, Any]] = OrderedDict()
        self.replaced: str | None = None

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
        if key in self.waiting:
            self.replaced = self.waiting.pop(key)[0]
        elif len(self.waiting) >= self.waiting_limit:
            return "drop"
        self.waiting[key] = (msg_id, message)
        return "wait"

    def answered(self, msg_id: str, now: float) -> list[tuple[str, Any]]:
        self.flying.pop(msg_id, None)
        return self.release(now)

    def release(self, now: float) -> list[tuple[str, Any]]:
        """The waiting actions that may go now (put in flight)."""
        going: list[tuple[str, Any]] = []
        while self.waiting and not self.full(now):
            _, (msg_id, message) = self.waiting.popitem(last=False)
            self.flying[msg_id] = now
            going.append((msg_id, message))
        return going


class SocketGuard:
    """The decisions for one page's socket, without the socket: the rate
    (:meth:`admit`), the patience with a page whose messages are dropped,
    the bytes it leaves unread (:meth:`unread`), and what was said of it in
    the log (each thing once)."""

    def __init__(self, limits: FloodLimits, now: float) -> None:
        self.limits = limits
        self.bucket = TokenBucket(limits.rate, limits.burst, now)
        self.patience = TokenBucket(limits.forgive, limits.patience, now)
        self.flight = InFlight(limits.in_flight, limits.waiting, limits.stale_seconds)
        self.dropped = 0
        self.closing: str | None = None   #: why the socket is being closed
        self.said: set[str] = set()

    def admit(self, now: float) -> bool:
        """Whether a message may go on (else it is dropped; once the page has
        been dropped past its patience, :attr:`closing` says so)."""
        if self.bucket.take(now):
            return True
        self.dropped += 1
        if not self.patience.take(now) and self.closing is None:
            self.closing = "flood"
        return False

    def unread(self, queued: int) -> bool:
        """Whether ``queued`` bytes waiting for the page are too many (then
        :attr:`closing` says so)."""
        if queued > self.limits.unread_bytes and self.closing is None:
            self.closing = "unread"
        return self.closing == "unread"

    def first(self, what: str) -> bool:
        """True the first time ``what`` is to be said of this socket."""
        if what in self.said:
            return False
        self.said.add(what)
        return True


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


#: What the log says, once per socket, for the teacher.
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
    "waiting": "A page's widget actions come faster than its kernel does them (kernel "
               "{kernel}, from {who}): they wait their turn, at most {waiting} of them "
               "(a control's value: only its latest); more are dropped.",
}


def guarded_connection(base: type[Any], limits: FloodLimits | None = None,
                       clock: Callable[[], float] = time.monotonic) -> type[Any]:
    """Jupyter server's kernel websocket connection (``base``:
    ``ZMQChannelsWebsocketConnection``) with each socket kept within
    ``limits`` (see the module's docstring)."""
    from tornado.websocket import WebSocketClosedError

    # (untyped functions of the server's: called through a module typed Any)
    wire: Any = importlib.import_module("jupyter_server.services.kernels.connection.base")

    try:
        from jupyter_client.jsonutil import json_default
    except ImportError:  # pragma: no cover - older jupyter_client
        from jupyter_client.jsonutil import date_default as json_default

    bounds = limits or FloodLimits()

    def retrieved(future: Any) -> None:
        if not future.cancelled():
            future.exception()  # a write to a page that went: nothing to tell

    class GuardedConnection(base):  # type: ignore[misc]  # the server's class is given
        """One page's kernel websocket, kept within bounds."""

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.guard = SocketGuard(bounds, clock())

        # -- what is said of it ---------------------------------------------------------
        def _who(self) -> str:
            request = getattr(self.websocket_handler, "request", None)
            return str(getattr(request, "remote_ip", "?"))

        def _say(self, what: str, level: int = logging.WARNING, **values: Any) -> None:
            if self.guard.first(what):
                self.log.log(level, SAID[what].format(kernel=str(self.kernel_id)[:8],
                                                      who=self._who(), rate=bounds.rate,
                                                      dropped=self.guard.dropped, **values))

        def _close(self, **values: Any) -> None:
            why = self.guard.closing or "flood"
            self._say(why, **values)
            try:
                self.websocket_handler.close(1008, "too many messages" if why == "flood"
                                             else "messages not read")
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
                for _msg_id, raw in self.guard.flight.answered(idle_for, clock()):
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
            """The channel, header and (parsed when asked) content of a message."""
            if self.subprotocol == V1:
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
                verdict = flight.offer(msg_id, key, incoming_msg, now)
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
        def connect(self) -> Any:
            told = self.websocket_handler.settings.get(CONNECTED)
            if told is not None:
                told(self.kernel_id)
            return super().connect()

        def disconnect(self) -> Any:
            try:
                return super().disconnect()
            finally:
                if self.guard.said or self.guard.dropped:
                    from tornado.ioloop import IOLoop
                    # once the socket's buffers are freed (the stream closes after this)
                    IOLoop.current().call_later(1.0, give_back_memory)

    return GuardedConnection
