"""The server's writes to a page's closed socket (uno_nb.serving.sockets):
asyncio's "Task exception was never retrieved" for tornado's
WebSocketClosedError is said once, in one line, then dropped and counted;
every other record passes as it was.  Headless: real asyncio tasks whose
exception nobody retrieves, logged as the server's loop logs them."""

from __future__ import annotations

import asyncio
import gc
import logging

import pytest
from tornado.websocket import WebSocketClosedError

from uno_nb.serving.sockets import SAID, UNRETRIEVED, ClosedSocketWrites, quiet_closed_sockets


def _unretrieved(*errors: BaseException) -> None:
    """Tasks that fail with ``errors``, awaited by nobody: asyncio logs each
    when the task is collected, as the server's loop does."""
    async def fail(error: BaseException) -> None:
        raise error

    async def run() -> None:
        for error in errors:
            task = asyncio.ensure_future(fail(error))
            await asyncio.wait([task])  # done; its exception is not retrieved
            del task
            gc.collect()

    asyncio.run(run())


@pytest.fixture
def quiet():
    logger = logging.getLogger("asyncio")
    made = quiet_closed_sockets()
    try:
        yield made
    finally:
        logger.removeFilter(made)


def test_writes_to_a_closed_socket_are_one_line_then_counted(quiet, caplog):
    assert quiet_closed_sockets() is quiet  # once on the logger, however often asked
    caplog.set_level(logging.WARNING, logger="asyncio")
    _unretrieved(*(WebSocketClosedError() for _ in range(5)))
    records = [r for r in caplog.records if r.name == "asyncio"]
    assert [(r.levelname, r.getMessage(), r.exc_info) for r in records] == \
        [("WARNING", SAID, None)]
    assert quiet.dropped == 4


def test_every_other_record_of_asyncio_passes_with_its_traceback(quiet, caplog):
    caplog.set_level(logging.WARNING, logger="asyncio")
    _unretrieved(ValueError("a real error"))  # another exception in a task
    closed = WebSocketClosedError()
    logging.getLogger("asyncio").error("Something else", exc_info=(type(closed), closed, None))
    records = [r for r in caplog.records if r.name == "asyncio"]
    assert [(r.levelname, r.getMessage().splitlines()[0]) for r in records] == \
        [("ERROR", UNRETRIEVED), ("ERROR", "Something else")]
    assert isinstance(records[0].exc_info[1], ValueError)
    assert isinstance(records[1].exc_info[1], WebSocketClosedError)
    assert quiet.dropped == 0 and not quiet.said


def test_without_the_filter_each_write_is_a_traceback(caplog):
    """What the trial's log showed: one ERROR with a traceback per write."""
    assert not any(isinstance(f, ClosedSocketWrites) for f in logging.getLogger("asyncio").filters)
    caplog.set_level(logging.WARNING, logger="asyncio")
    _unretrieved(WebSocketClosedError(), WebSocketClosedError())
    records = [r for r in caplog.records if r.name == "asyncio"]
    assert [r.getMessage().splitlines()[0] for r in records] == [UNRETRIEVED] * 2
    assert all(isinstance(r.exc_info[1], WebSocketClosedError) for r in records)
