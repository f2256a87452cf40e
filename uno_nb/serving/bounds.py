"""The decisions of :mod:`.flood`, without a server: the bounds of one
kernel's websockets (:class:`FloodLimits`), a rate (:class:`TokenBucket`),
the widget actions in flight and waiting (:class:`InFlight`), what a
kernel's sockets share (:class:`KernelGuard`) and what one socket decides
(:class:`SocketGuard`), and whether a binary frame is of the protocol's form
(:func:`check_frame`).  See :mod:`.flood`'s docstring for what they are for.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Literal

__all__ = ["FloodLimits", "TokenBucket", "InFlight", "KernelGuard", "SocketGuard", "BadFrame",
           "check_frame", "action_key", "is_action", "ACTIONS", "ACTION_METHODS"]

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
    uno_nb.serving.bounds.BadFrame: too many parts: 1073741824
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
