"""Kernels forked from one process that has imported the kit: each kernel
shares the imported modules' memory with the others, copy-on-write.

A kernel started the usual way is a new Python that imports ipykernel,
ipywidgets, plotly and the kit again: about 60 MB of its own each, 200 MB for
a lab page that imports numba.  Here the web app starts one *fork server*
(:func:`serve`, ``python -m uno_nb.serving.forking``) that imports all that
once (:data:`PRELOAD`, plotly's validators warmed by building a figure of
each kind the pages draw), freezes its objects out of the garbage
collector's sweeps (``gc.freeze``, so a sweep in a kernel never writes to the
shared pages), and then forks a kernel whenever the Jupyter server asks for
one: the child sets its own session, folder, environment and arguments and
runs ipykernel as ``python -m ipykernel_launcher -f <connection file>``
would.  A page's kernel then starts in a few milliseconds instead of a few
seconds, and keeps only what its page made of its own.

:class:`ForkingProvisioner` is the Jupyter kernel provisioner that asks for
the fork (the web app makes it the default, ``uno-nb-forking``, registered in
the package's entry points); what it cannot fork - another kernel's command,
a fork server that failed to start or died - it starts as jupyter_client's
:class:`~jupyter_client.provisioning.LocalProvisioner` does, and says once
why.  :class:`ForkedKernel` stands in for the :class:`subprocess.Popen` that
provisioner keeps: the fork server reaps its children and reports each exit
code.

The fork server forks only while it has one thread (a fork copies no other
thread, and a lock another thread held would stay locked in the child):
OpenBLAS is told to use one thread (``OPENBLAS_NUM_THREADS=1``, numpy would
otherwise start its pool on import), and a fork server that finds more
threads refuses to fork, so kernels start the usual way.  It stops when the
web app does (its end of the socket closes); its kernels, which run in their
own sessions, see their parent gone and stop too (ipykernel's parent poller).
All kernels share the fork server's hash seed (``PYTHONHASHSEED``) and
numpy's default random state; ``random`` is reseeded in each child (CPython
does it after a fork), and the kit seeds its own generators.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import json
import logging
import os
import select
import signal
import socket
import sys
import time
import traceback
from pathlib import Path
from typing import Any

__all__ = ["PRELOAD", "ForkServer", "ForkedKernel", "ForkingProvisioner", "fork_server",
           "serve", "PROVISIONER", "FORKABLE", "provisioner_installed"]

#: The provisioner's name (the package's ``jupyter_client.kernel_provisioners`` entry point).
PROVISIONER = "uno-nb-forking"

#: What the fork server imports before it forks: everything a page's kernel
#: imports (the notebooks' apps import their own modules lazily, so each is named).
PRELOAD = ("ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.comm",
           # what a kernel imports as it starts: its debugger (debugpy, about a hundred
           # modules), IPython's parts, tornado's queues, psutil
           "ipykernel.debugger", "IPython.core.completerlib", "IPython.core.debugger",
           "IPython.core.logger", "IPython.core.oinspect", "IPython.extensions.storemagic",
           "tornado.gen", "tornado.locks", "tornado.queues", "tornado.platform.asyncio",
           "psutil", "xml.parsers.expat", "plotly.io._json", "ipywidgets",
           "anywidget", "plotly.graph_objects", "plotly.io", "numpy", "numba",
           "uno_nb", "uno_nb.lab", "uno_nb.kernel", "uno_nb.sim.simulation",
           "uno_nb.questions", "uno_nb.lessons", "uno_nb.classroom", "uno_nb.classboard",
           "uno_nb.widgets", "uno_nb.widgets.stepper", "uno_nb.widgets.odds_lesson",
           "uno_nb.widgets.odds_live", "uno_nb.widgets.odds_panel",
           "uno_nb.widgets.odds_challenge", "uno_nb.widgets.play", "uno_nb.widgets.lab_app",
           "uno_nb.widgets.scoring_app", "uno_nb.widgets.scoring_panel",
           "uno_nb.widgets.board_app", "uno_nb.widgets.classbar", "uno_nb.widgets.gate",
           "uno_nb.widgets.question", "uno_nb.widgets.rules_panel")

#: The kernel command the fork server can stand in for (after the interpreter).
FORKABLE = ("-m", "ipykernel_launcher")

_log = logging.getLogger(__name__)


# -- the fork server's side -----------------------------------------------------------


def _preload(names: tuple[str, ...] = PRELOAD) -> list[str]:
    """Import ``names`` (those that will not import are left to the kernels,
    which will say why); the names that did not import."""
    missing = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - e.g. numba not installed: the kernel does without
            missing.append(name)
    try:
        from ..widgets.chart import warm_plotly
        warm_plotly()
    except Exception:  # noqa: BLE001 - no plotly: nothing to warm
        missing.append("plotly's validators")
    return missing


def _load_simulator() -> bool:
    """Load the lab's compiled simulator from numba's disk cache when it is
    ready (never compile here: the launcher compiles it in a process of its
    own), so that the lab's kernels share its machine code; whether it is
    loaded.  Its games run on this thread (two games: no thread pool)."""
    try:
        from uno_nb import kernel
        if kernel.not_ready() is not None:
            return False
        kernel.play("standard", ["heuristic"] * 4, 2, seed=0)
        kernel.play("standard", ["random-greedy"] * 4, 2, seed=0, table=False)
    except Exception:  # noqa: BLE001 - no numba, a stale cache: the kernels do without
        return False
    gc.collect()
    gc.freeze()
    return True


def _threads() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:  # no /proc: trust the threading module
        import threading
        return threading.active_count()


def _send(channel: socket.socket, message: dict[str, Any]) -> None:
    channel.sendall(json.dumps(message).encode() + b"\n")


def _child(channel: socket.socket, wakeup: tuple[int, int], request: dict[str, Any]) -> None:
    """In the forked child: become the kernel, and never return to the loop."""
    code = 1
    try:
        channel.close()
        signal.set_wakeup_fd(-1)
        for fd in wakeup:
            os.close(fd)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.setsid()
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        os.environ.pop("JPY_PARENT_PID", None)
        # no parent poller (ipykernel's would stop the kernel when its parent, this
        # fork server, went): a kernel outlives a fork server that dies, and the
        # fork server stops its kernels when the web app goes (_stop_children)
        # (1, not 0: ipykernel polls no parent of 1 either, and with 0 it printed ten
        # lines to the teacher's terminal for each kernel, saying Ctrl-C would not work)
        sys.argv = ["ipykernel_launcher", *request["argv"], "--IPKernelApp.parent_handle=1"]
        from ipykernel.kernelapp import IPKernelApp

        app: Any = IPKernelApp.instance()  # (IPKernelApp.launch_instance, with a step between)
        app.initialize()
        _as_if_imported_in_a_kernel()
        app.start()
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:  # noqa: BLE001 - said on the kernel's stderr, then gone
        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _as_if_imported_in_a_kernel() -> None:
    """Do what the preloaded modules do when they are imported in a running
    kernel, which the fork server is not: ipywidgets registers its comm
    targets (without them a page cannot ask for every widget's state at once
    and falls back to one request per widget).  (plotly would choose a
    kernel's renderer; the pages draw no figure through plotly's renderers,
    only through the kit's chart widget, and choosing one costs each kernel
    22 MB of its own: left as the fork server has it.)"""
    widgets = sys.modules.get("ipywidgets")
    if widgets is not None:
        widgets.register_comm_target()


def serve(fd: int) -> None:
    """The fork server's loop on the socket ``fd``: one JSON request a line,
    ``{"argv": [...], "env": {...}, "cwd": "..."}``, answered ``{"pid": N}``
    (or ``{"error": "..."}``); ``{"load": "simulator"}`` loads the lab's
    compiled simulator (:func:`_load_simulator`), answered ``{"loaded": bool}``;
    each child's end is told ``{"exit": pid,
    "code": c}``.  Says ``{"ready": [names not imported]}`` first."""
    channel = socket.socket(fileno=fd)
    # ^C in the terminal, or a signal to the app's process group: the web app
    # stops first, shutting its kernels down, and then closes our socket
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, signal.SIG_IGN)
    missing = _preload()
    gc.collect()
    gc.freeze()  # the kernels' sweeps never touch (and so never copy) what is here
    _load_simulator()
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    _send(channel, {"ready": missing, "threads": _threads()})
    buffered = b""
    while True:
        try:
            readable, _, _ = select.select([channel.fileno(), read_end], [], [])
        except InterruptedError:
            continue
        if read_end in readable:
            os.read(read_end, 512)
        _reap(channel)
        if channel.fileno() not in readable:
            continue
        try:
            chunk = channel.recv(65536)
        except OSError:  # (a reset: the web app was killed)
            chunk = b""
        if not chunk:  # the web app is gone: so are the kernels it did not shut down
            _stop_children()
            return
        buffered += chunk
        while b"\n" in buffered:
            line, buffered = buffered.split(b"\n", 1)
            _answer(channel, (read_end, write_end), line)


#: The kernels this fork server forked and has not reaped yet.
_FORKED: set[int] = set()


def _stop_children(patience: float = 5.0) -> None:
    """The web app is gone: stop the kernels it left (they have no parent
    poller, see :func:`_child`), politely, then for good after ``patience``."""
    import time

    for pid in list(_FORKED):
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            _FORKED.discard(pid)
    end = time.monotonic() + patience
    while _FORKED and time.monotonic() < end:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid:
            _FORKED.discard(pid)
        else:
            time.sleep(0.05)
    for pid in _FORKED:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _answer(channel: socket.socket, wakeup: tuple[int, int], line: bytes) -> None:
    try:
        request = json.loads(line)
        if request == {"load": "simulator"}:
            _send(channel, {"loaded": _load_simulator()})
            return
        argv, env, cwd = list(request["argv"]), dict(request["env"]), str(request["cwd"])
    except (ValueError, KeyError, TypeError) as error:
        _send(channel, {"error": f"a request the fork server cannot read: {error}"})
        return
    threads = _threads()
    if threads > 1:
        _send(channel, {"error": f"the fork server has {threads} threads: forking is unsafe"})
        return
    pid = os.fork()
    if pid == 0:
        _child(channel, wakeup, {"argv": argv, "env": env, "cwd": cwd})
    _FORKED.add(pid)
    _send(channel, {"pid": pid})


def _reap(channel: socket.socket) -> None:
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        _FORKED.discard(pid)
        _send(channel, {"exit": pid, "code": os.waitstatus_to_exitcode(status)})


# -- the web app's side -----------------------------------------------------------------


def _ended(pid: int) -> bool:
    """Whether process ``pid`` is gone (reaped by the fork server, or by the
    system once the fork server itself is gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # another user's process under a reused pid
        return True
    return False


class ForkedKernel:
    """What :class:`~jupyter_client.provisioning.LocalProvisioner` keeps of a
    kernel it started (a :class:`subprocess.Popen`'s few methods), for a
    kernel the fork server forked: its exit code comes from the fork server."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int, server: ForkServer) -> None:  # (the server that forked it)
        self.pid = pid
        self._server = server
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.returncode = self._server.exit_code(self.pid)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        # LocalProvisioner.wait polls until the kernel has gone, then waits
        code = self.poll()
        return -signal.SIGKILL if code is None else code

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


#: How long the fork server may take to import the kit (a busy two-core
#: machine: about 5 s alone), to fork, and to load the simulator; past that
#: it is stopped and kernels start the usual way.
START_SECONDS = 180.0
FORK_SECONDS = 30.0
LOAD_SECONDS = 120.0
#: After a fork server failed, how long before the next kernel tries a new one.
RETRY_SECONDS = 60.0


class ForkServer:
    """The web app's end of one fork server: started on the first kernel,
    then asked for each kernel (one request at a time).  ``failed`` says why
    it cannot fork any more (said once; then :func:`fork_server` starts a new
    one after :data:`RETRY_SECONDS`, and meanwhile kernels start the usual
    way).  Its kernels outlive it: a kernel it forked is asked of the system
    once it is gone."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.failed: str | None = None
        self.failed_at: float | None = None
        self.pid: int | None = None
        #: what the fork server could not import (its kernels import it themselves)
        self.failed_imports: list[str] = []
        self._lock = asyncio.Lock()
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._exits: dict[int, int] = {}  # reported, not yet read
        self._children: set[int] = set()  # forked, not reported gone
        self._listening: asyncio.Task[None] | None = None

    def exit_code(self, pid: int) -> int | None:
        """A forked kernel's exit code (read once: :class:`ForkedKernel`
        keeps it), ``None`` while it runs.  The fork server's report is not
        waited for: a kernel the system says is gone has ended, its code
        unknown (while the app stops, its loop may never read the report)."""
        if pid in self._exits:
            return self._exits.pop(pid)
        if pid in self._children and _ended(pid):
            self._children.discard(pid)  # (its report, if it comes, is not kept)
            return 0
        return None

    async def _start(self) -> None:
        ours, theirs = socket.socketpair()
        # (one OpenBLAS thread: numpy's pool would start on import; debugpy's
        # warning of frozen modules is for someone debugging, not the teacher)
        env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYDEVD_DISABLE_FILE_VALIDATION": "1"}
        env.pop("JPY_PARENT_PID", None)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "uno_nb.serving.forking", str(theirs.fileno()),
                pass_fds=(theirs.fileno(),), env=env, stdin=asyncio.subprocess.DEVNULL)
        finally:
            theirs.close()
        self.pid = self.process.pid
        self._reader, self._writer = await asyncio.open_unix_connection(sock=ours)
        first = await asyncio.wait_for(self._next(), START_SECONDS)
        if "ready" not in first:
            raise RuntimeError(f"the fork server said {first!r}")
        if int(first.get("threads", 1)) > 1:
            raise RuntimeError(f"the fork server has {first['threads']} threads: forking "
                               "would be unsafe")
        self.failed_imports = list(first["ready"])
        if first["ready"]:
            _log.info("the kernels' fork server did not import %s: kernels import it themselves",
                      ", ".join(first["ready"]))
        self._listening = asyncio.ensure_future(self._listen())

    async def _next(self) -> dict[str, Any]:
        assert self._reader is not None
        line = await self._reader.readline()
        if not line:
            raise ConnectionError("its socket closed")
        answer: dict[str, Any] = json.loads(line)
        return answer

    async def _listen(self) -> None:
        try:
            while True:
                message = await self._next()
                if "exit" in message:
                    pid = int(message["exit"])
                    if pid in self._children:
                        self._exits[pid] = int(message["code"])
                        self._children.discard(pid)
                else:
                    self._answers.put_nowait(message)
        except (ConnectionError, ValueError, OSError) as error:
            self._fail(f"the kernels' fork server stopped ({error})")

    def _fail(self, why: str) -> None:
        if self.failed is None:
            self.failed, self.failed_at = why, time.monotonic()
            _log.warning("%s: kernels start the usual way until a new one is ready", why)
            self._answers.put_nowait({"error": why})
            self._stop()

    def _stop(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
        if self.process is not None and self.process.returncode is None:
            try:
                self.process.kill()
            except ProcessLookupError:
                pass

    async def _ask(self, request: bytes, seconds: float) -> dict[str, Any]:
        """Send ``request`` and wait for its answer (the lock held); a fork
        server that does not answer in ``seconds`` has failed."""
        assert self._writer is not None
        self._writer.write(request)
        await self._writer.drain()
        try:
            return await asyncio.wait_for(self._answers.get(), seconds)
        except asyncio.TimeoutError:
            self._fail(f"the kernels' fork server did not answer within {seconds:.0f} s")
            return {"error": self.failed}

    async def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> int | None:
        """A forked kernel's pid, or ``None`` when the fork server cannot
        fork (``failed`` says why, once)."""
        async with self._lock:
            if self.failed is not None:
                return None
            if self.process is None:
                try:
                    await self._start()
                except (OSError, RuntimeError, ConnectionError, ValueError,
                        asyncio.TimeoutError) as error:
                    self._fail(f"the kernels' fork server did not start ({error or 'no answer'})")
                    return None
            request = json.dumps({"argv": argv, "env": env, "cwd": cwd}).encode() + b"\n"
            answer = await self._ask(request, FORK_SECONDS)
            if "pid" not in answer:
                self._fail(f"the kernels' fork server could not fork ({answer.get('error')})")
                return None
            pid = int(answer["pid"])
            self._children.add(pid)  # (before any report of its end: answers come first)
            return pid

    async def load_simulator(self) -> bool:
        """Have the fork server load the lab's compiled simulator (it has just
        been compiled): the kernels forked from now on share it.  Whether it did."""
        async with self._lock:
            if self.failed is not None or self._writer is None:
                return False
            return bool((await self._ask(b'{"load": "simulator"}\n', LOAD_SECONDS)).get("loaded"))

    def close(self) -> None:
        """Stop the fork server: its socket closed, it stops the kernels the
        app left and returns; from the loop or after it has closed (the app
        stopping)."""
        if self._listening is not None:
            self._listening.cancel()
        if self._writer is not None:
            try:
                self._writer.close()
            except RuntimeError:  # the loop has closed: the socket closes as this process ends
                pass


_SERVER: ForkServer | None = None


def fork_server() -> ForkServer:
    """The web app's fork server (made on first use, on the running loop;
    a new one once :data:`RETRY_SECONDS` have passed since the last failed)."""
    global _SERVER
    if _SERVER is None or (_SERVER.failed_at is not None
                           and time.monotonic() - _SERVER.failed_at > RETRY_SECONDS):
        _SERVER = ForkServer()
    return _SERVER


def provisioner_installed() -> bool:
    """Whether the package's entry point names the provisioner (an install
    made before it had one does not: Jupyter would find no such provisioner)."""
    from importlib.metadata import entry_points

    return any(point.name == PROVISIONER
               for point in entry_points(group="jupyter_client.kernel_provisioners"))


def _provisioner_base() -> type[Any]:
    from jupyter_client.provisioning.local_provisioner import LocalProvisioner

    base: type[Any] = LocalProvisioner
    return base


class ForkingProvisioner(_provisioner_base()):  # type: ignore[misc]  # jupyter_client has partial types
    """jupyter_client's local provisioner, with the kernel forked from the
    fork server when its command is ipykernel's (``python -m
    ipykernel_launcher …`` with this interpreter), started the usual way
    otherwise."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
        forkable = (len(cmd) > 3 and tuple(cmd[1:3]) == FORKABLE
                    and Path(cmd[0]).resolve() == Path(sys.executable).resolve())
        if not forkable:
            return await super().launch_kernel(cmd, **kwargs)
        cwd = str(kwargs.get("cwd") or os.getcwd())
        env = {str(k): str(v) for k, v in (kwargs.get("env") or os.environ).items()}
        server = fork_server()
        pid = await server.fork(list(cmd[3:]), env, cwd)
        if pid is None:
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid, server)
        self.pid = pid
        self.pgid = pid  # the child makes its own session (and so its own group)
        self.cwd = cwd
        return self.connection_info


if __name__ == "__main__":
    serve(int(sys.argv[1]))
