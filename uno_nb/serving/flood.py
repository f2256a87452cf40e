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
the clicking stopped.  Here, for each kernel (:class:`KernelGuard`, shared
by the sockets open to it: a page opening more sockets gets no more) and
each socket (:class:`SocketGuard`; the decisions, kept apart from the server
so that they are tested without one):

* **Sockets.**  At most :attr:`FloodLimits.sockets` open to one kernel (a
  page needs one; a page reconnecting replaces its own); one more is
  refused (429) before it opens.
* **Frames.**  A binary message's table of parts is checked
  (:func:`check_frame`) before the server's parsers, which trust it, read
  it: a frame not of the protocol's form closes its socket.

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
  its value waiting just before it (answered as done: the last value of a
  dragged slider always reaches the kernel; a value never jumps ahead of a
  click made after it), and an action past the waiting room is
  dropped and answered as done.  So a page clicking *Deal* a hundred times
  a second keeps its kernel at most 36 deals behind, not minutes.
  ipywidgets' own controls already wait for the kernel before sending
  again; the kit's panels and anywidgets do not.
* **What the page does not read.**  Once more than its share of
  :attr:`FloodLimits.unread_bytes` (:attr:`FloodLimits.socket_unread`: the
  kernel's sockets in all never hold more) waits in the server to be
  written to a socket, the socket is closed (a page that reads catches up
  long before that).
* **Messages Voilà refuses** (any type but the widgets' and the kernel's
  info, ``MappingKernelManager.allowed_message_types``) and messages that do
  not parse are dropped without the server's warning for each.

Each throttle and each close is logged once per kernel, in one line for the
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
from typing import Any, Callable

from .bounds import (ACTIONS, BadFrame, FloodLimits, InFlight, KernelGuard, SocketGuard,
                     TokenBucket, action_key, check_frame, is_action)

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
    "waiting": "A page's widget actions came faster than its kernel does them, past the "
               "{waiting} that may wait their turn (kernel {kernel}, from {who}): the "
               "others are dropped.",
}
#: The reason a closed socket is given (its close frame's), by why it was closed.
CLOSE_REASONS = {"flood": "too many messages", "unread": "messages not read",
                 "malformed": "a message not of the protocol's form",
                 "sockets": "too many connections to this kernel"}


#: How long a closed flooding page's connection stays before it is cut.
CUT_SECONDS = 0.5


def _cut(stream: Any) -> None:
    """Cut a closed page's connection (its stream), if it is still open."""
    if not stream.closed():
        stream.close()


def guarded_connection(base: type[Any], limits: FloodLimits | None = None,
                       clock: Callable[[], float] = time.monotonic) -> type[Any]:
    """Jupyter server's kernel websocket connection (``base``:
    ``ZMQChannelsWebsocketConnection``) with each kernel's sockets kept
    within ``limits`` (see the module's docstring)."""
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
            handler = self.websocket_handler
            # (the handler forgets its connection as it closes it: its stream kept here)
            stream = getattr(getattr(handler, "ws_connection", None), "stream", None)
            try:
                handler.close(1008, CLOSE_REASONS[why])
            except Exception:  # already closed
                pass
            # a page that floods or does not read gets no five seconds' grace to
            # answer the close (tornado's): its connection is cut once the close
            # frame has had a moment to leave, and what it sends meanwhile is not read
            if stream is not None:
                from tornado.ioloop import IOLoop
                IOLoop.current().call_later(CUT_SECONDS, _cut, stream)

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
                    if verdict == "drop":  # (waiting is the normal pace of a busy page)
                        self._say("waiting", waiting=bounds.waiting)
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
                # (answered here: the server's error page cannot be drawn under Voilà,
                # and its failure logged two tracebacks for each such socket)
                from tornado.web import Finish
                self.websocket_handler.set_status(429, CLOSE_REASONS["sockets"].capitalize())
                self.websocket_handler.uno_nb_refused = True  # (said once above: no access line)
                raise Finish(CLOSE_REASONS["sockets"].capitalize())
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
