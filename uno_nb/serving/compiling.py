"""The lab's compiled simulator, compiled in the background while the app
serves its pages (the lab plays on the engine until it is ready)."""

from __future__ import annotations

import logging
import re
import subprocess
import sys
import threading
import time
from typing import Callable

from .priority import Priority

__all__ = ["compile_in_background", "stop_compiling"]


def compile_in_background(log: logging.Logger, on_ready: Callable[[], None] | None = None
                          ) -> subprocess.Popen[str] | None:
    """Start ``python -m uno_nb.kernel --if-needed`` at a low priority, in a
    session of its own (its own autogroup, see :class:`Priority`), and log
    what it says from a thread: nothing when the simulator is ready already,
    else that the lab plays on the engine until it is, and when it is (then
    ``on_ready`` is called, from that thread).  The server stays free of
    numba; the process is the caller's to stop."""
    try:
        process = subprocess.Popen([sys.executable, "-m", "uno_nb.kernel", "--if-needed"],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, start_new_session=True)
    except OSError as error:
        log.warning(f"could not start compiling the lab's simulator ({error}): "
                    "the lab plays its games on the engine")
        return None
    threading.Thread(target=_follow_compile, args=(process, log, on_ready), daemon=True,
                     name="uno_nb.kernel compile").start()
    return process


def _follow_compile(process: subprocess.Popen[str], log: logging.Logger,
                    on_ready: Callable[[], None] | None = None) -> None:
    priority = Priority(process.pid, undoable=False)
    for _ in range(50):
        if priority.set(True):
            break
        time.sleep(0.1)  # the autogroup's rate limit
    assert process.stdout is not None
    said: list[str] = []
    for line in process.stdout:
        said.append(line.rstrip())
        if line.startswith("uno_nb.kernel: compiling"):
            log.info("The lab's compiled simulator is not ready: compiling it in the "
                     "background at low priority (one to two minutes on two cores, once after "
                     "an install). Until it is ready the lab plays its games on the engine, "
                     "and says so.")
        elif "numba is not installed" in line:
            log.info(line.rstrip())
    code = process.wait()
    if code == 0 and any(line.startswith("uno_nb.kernel: compiling") for line in said):
        took = re.search(r"ready \(([\d.]+) s", said[-1])
        log.info("The lab's compiled simulator is ready"
                 + (f" (compiled in {took.group(1)} s)" if took else "")
                 + ": lab runs play on it from now on.")
        if on_ready is not None:
            on_ready()
    elif code == 0:
        log.debug("the lab's compiled simulator was ready already")
    elif code > 0:  # (a negative code: stopped with the app)
        log.warning(f"compiling the lab's simulator failed (exit {code}); the lab plays its "
                    "games on the engine:\n" + "\n".join(said[-20:]))


def stop_compiling(process: subprocess.Popen[str] | None) -> None:
    """Stop the compile if it still runs (the app is stopping)."""
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
