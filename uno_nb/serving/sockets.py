"""A page's socket closed while the server still wrote to it: one line in the
log, not a traceback for each write.

When a page goes away (a tab closed, a phone asleep, a test's forged messages
on a socket it then closed), the Jupyter server may still write a kernel's
messages to its websocket.  Each write is a task that fails with tornado's
``WebSocketClosedError``, and nobody awaits it, so asyncio logs "Task
exception was never retrieved" with a traceback: hundreds of them in a
lesson's log (issue 37's trial saw about 360 after 1,201 messages), where a
real error would be lost.  Nothing can be done about such a write: the page
is gone, and its next visit opens a new socket.

:func:`quiet_closed_sockets` puts a filter (:class:`ClosedSocketWrites`) on
the ``asyncio`` logger that lets the first such record through as one line
without its traceback and drops the later ones, counting them.  Every other
record passes as it was — another exception in a task, the same exception
logged with other words, anything from another logger.
"""

from __future__ import annotations

import logging

__all__ = ["ClosedSocketWrites", "quiet_closed_sockets", "UNRETRIEVED"]

#: How asyncio's default exception handler begins the record of a task whose
#: exception nobody retrieved (``BaseEventLoop.default_exception_handler``).
UNRETRIEVED = "Task exception was never retrieved"

#: The one line said instead of the first traceback.
SAID = ("A page's socket closed while the server was still writing to it "
        "(tornado's WebSocketClosedError in a task nobody awaited): harmless, the page "
        "is gone; later ones are not logged.")


class ClosedSocketWrites(logging.Filter):
    """Drops asyncio's "Task exception was never retrieved" records whose
    exception is a ``closed`` one (an instance of one of the classes given:
    tornado's ``WebSocketClosedError``); says the first as one line.
    ``dropped``: how many were dropped."""

    def __init__(self, closed: tuple[type[BaseException], ...]) -> None:
        super().__init__()
        self.closed = closed
        self.dropped = 0
        self.said = False

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if not (isinstance(exc, self.closed) and str(record.msg).startswith(UNRETRIEVED)):
            return True
        if self.said:
            self.dropped += 1
            return False
        self.said = True
        record.msg, record.args, record.exc_info, record.exc_text = SAID, (), None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def quiet_closed_sockets(logger: logging.Logger | None = None) -> ClosedSocketWrites:
    """Put the filter on ``logger`` (asyncio's) once; the filter on it."""
    from tornado.websocket import WebSocketClosedError

    logger = logging.getLogger("asyncio") if logger is None else logger
    for old in logger.filters:
        if isinstance(old, ClosedSocketWrites):
            return old
    made = ClosedSocketWrites((WebSocketClosedError,))
    logger.addFilter(made)
    return made
