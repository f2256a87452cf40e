"""How does the web app take a class arriving?  N visitors open one page at once.

The app is started as ``make app`` starts it (``PY -m uno_nb.webapp
--no-browser --port=P --Voila.port_retries=0``, run in the checkout DIR;
``--class-size K`` adds ``--class-size=K --pages PAGE``, so that PAGE alone
gets K preheated kernels).  Once the server is ready, one Chromium (Debian's,
at /usr/bin/chromium, driven by Playwright) opens PAGE in N browser contexts -
N visitors who share nothing - with the N page loads started together, and
each visitor waits until the page's widgets are drawn.

    python benchmarks/classroom.py 20 01_rules_step_by_step.ipynb
    python benchmarks/classroom.py 20 01_rules_step_by_step.ipynb --class-size 20
    python benchmarks/classroom.py 3 01_rules_step_by_step.ipynb \\
        --root /tmp/base --python /tmp/base/.venv/bin/python --json figures.json

"Ready" is read in the server's log: the launcher prints a line with
``ready for K visitors:`` (``ready:`` without a class size) once every
kernel pool is filled; a launcher without that line is ready once Voilà has
said ``Kernel pool of <nb>.ipynb is filled`` for every notebook of
notebooks/ and notebooks/ru/.  Voilà says "filled" as soon as it has started
a pool's kernels, while they still run their notebooks (tens of seconds of
CPU at start), so the visits begin only once the server is also quiet: for a
second none of its processes used more than 0.02 s of CPU, and none of its
kernels (``Kernel started:`` in the log) tells /api/kernels/<id> it is busy.

What is printed, one line per visitor and then the figures:

``visitor 7: drawn 3.41 s, reloads 0``
    seconds from that visitor's page load being started until its widgets
    were drawn (Voilà has shown the cells, nothing is loading or executing,
    the app's widget is there and every plotly figure has its SVG: the same
    test as tests/test_webapp.py's RENDERED), and how often the page reloaded
    itself (the page template's count in sessionStorage, or the navigations
    after the first, whichever is more).  A visitor fails when its page is
    not drawn within ``--limit`` seconds (300) or shows an error: a stderr or
    error output, Voilà's "error when executing" notice, or "Error displaying
    widget" still there after 10 s without the page reloading itself.
``browser_cpu_per_visit=…s``
    the CPU the browser (Playwright's driver and Chromium, this script's
    children, not the server's) used over the same time, divided by N: on
    a machine of 2 cores, 30 pages drawing in one Chromium take a share of
    the CPU the server would have, so N visitors' times are an upper bound.
``server_log_errors=…`` (only if there were any)
    the ERROR lines the server logged from the start of the visits on, and
    the first of them (say, a kernel that did not answer within 60 s).
``refill_cpu_per_visit=…s refill_seconds=… server_rss_at_start=…MB server_processes_at_start=…``
    the CPU the server used from the moment the last visitor was drawn until
    it was quiet again (its kernel pools refilled - the launcher's ready
    line again, or a "filled" line for every kernel a visitor took - and
    then quiet as above; at most ``--refill-limit`` seconds, 600), divided by
    N; how long that took; and the memory (RSS) of the server and its
    kernels, summed, and their number, just before the visitors arrived.
``classroom N=20 page=01_rules_step_by_step p50=2.10s max=3.40s reloads=0 failed=0 server_cpu_per_visit=0.62s``
    the median and the longest time to drawn of the visitors who got there;
    the reloads of all visitors together; the visitors who failed; and the
    server's CPU time from the start of the visits until the last visitor
    was drawn, divided by N.

The app's Python writes its bytecode cache to $TMPDIR/uno_nb-classroom-pycache
(PYTHONPYCACHEPREFIX) rather than into DIR, so that a checkout is measured
without being written to (numba's cache of the compiled kernel is left where
it is: a valid one is only read).

The server's CPU time is that of the Voilà process and of every process it
started (the kernels): utime+stime of each of them alive, plus cutime+cstime,
which hold the time of the children that have exited, read in /proc.  The
browser's is not counted (it is not the server's).  ``--json FILE`` writes all
the figures, each visitor's included.  The server (its process group, and any
kernel still running) is stopped at the end, whatever happens.

Run by hand: it takes minutes, and its figures are measured, never asserted.
"""

# No "from __future__ import annotations": tests/test_benchmarks.py loads this file
# without registering it in sys.modules, where dataclasses look string annotations up.
import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent

CHROMIUM = "/usr/bin/chromium"
# as tests/test_webapp.py launches it
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]

#: Every notebook with what it draws as a visitor opens it: its plotly figures,
#: and an element that exists only once its app's widget is on the page
#: (tests/test_webapp.py's table; the lab and the game wait for the questions
#: above them, so those pages are drawn once their first question is).
_FIGURES = {"00_index": 0, "01_rules_step_by_step": 1, "02_card_odds": 0, "03_scoring": 3,
            "04_house_rules_lab": 0, "05_play_against_bots": 0}
_APPS = {"00_index": None, "01_rules_step_by_step": ".uno-stepper .uno-where",
         "02_card_odds": None, "03_scoring": ".uno-scoring",
         "04_house_rules_lab": ".uno-q-lab-first-player .uno-q-show",
         "05_play_against_bots": ".uno-q-play-pile-after-deal .uno-q-answer input"}
FIGURES = {**_FIGURES, **{f"ru/{name}": n for name, n in _FIGURES.items()}}
APPS = {**_APPS, **{f"ru/{name}": app for name, app in _APPS.items()}}

# The page is drawn when Voila has shown the cells, no widget is still
# loading, no cell is still running, the app's widget is there and every
# plotly figure has its SVG (tests/test_webapp.py's RENDERED, copied).
RENDERED = """([figures, app]) => {
  const cells = document.querySelector('#rendered_cells');
  if (!cells || cells.style.display === 'none') return false;
  const text = document.body.innerText;
  if (text.includes('Loading widget') || text.includes('Executing')) return false;
  if (text.includes('Error displaying widget')) return false;  // the page reloads itself, once
  if (app && !document.querySelector(app)) return false;
  return document.querySelectorAll('.js-plotly-plot .main-svg').length >= 2 * figures;
}"""

#: How long "Error displaying widget" may stay on a page before the visitor
#: counts as failed: the template looks for it every half second and reloads
#: the page (at most once a minute), which starts the wait afresh.
WIDGET_ERROR_GRACE_MS = 10_000

# What a visitor's page is doing, tested in the page every --poll-ms: 'drawn',
# {error: …} when it shows an error, or false while it is still on its way.
STATE = """([figures, app, graceMs]) => {
  const rendered = (%s);
  const outputs = document.querySelectorAll(
    '[data-mime-type="application/vnd.jupyter.stderr"], [data-mime-type="application/vnd.jupyter.error"]');
  if (outputs.length) return {error: 'error output: ' + outputs[0].innerText.trim().slice(0, 200)};
  if (rendered([figures, app])) return 'drawn';
  const cells = document.querySelector('#rendered_cells');
  if (cells && cells.innerText.includes('error when executing'))
    return {error: "Voila's notice: there was an error when executing a cell"};
  const text = document.body ? document.body.innerText : '';
  const at = text.indexOf('Error displaying widget');
  if (at >= 0) {
    window.__unoWidgetErrorSince = window.__unoWidgetErrorSince || Date.now();
    if (Date.now() - window.__unoWidgetErrorSince > graceMs)
      return {error: text.slice(at, at + 120).split('\\n')[0]};
  }
  return false;
}""" % RENDERED.strip()

RELOADS = "Number(sessionStorage.getItem('uno_nb:reloads') || 0)"


# -- the command line ---------------------------------------------------------------

def page_name(text: str) -> str:
    """A notebook of the table, as Voilà names it below notebooks/ (``….ipynb``)."""
    name = text.strip().lstrip("/").removeprefix("notebooks/").removesuffix(".ipynb")
    if name not in FIGURES:
        raise argparse.ArgumentTypeError(
            f"{text!r} is none of the app's pages: {', '.join(f'{n}.ipynb' for n in FIGURES)}")
    return f"{name}.ipynb"


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seconds(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="classroom.py", description=__doc__.split("\n\n")[0],
        epilog="The figures printed are explained at the top of benchmarks/classroom.py.")
    parser.add_argument("visitors", type=positive, metavar="N",
                        help="how many visitors open the page at once (a browser context each)")
    parser.add_argument("page", type=page_name, metavar="PAGE",
                        help="the notebook they open, e.g. 01_rules_step_by_step.ipynb (or ru/…)")
    parser.add_argument("--class-size", type=positive, metavar="K",
                        help="start the app with --class-size=K --pages PAGE: K preheated kernels for PAGE")
    parser.add_argument("--root", type=Path, default=ROOT, metavar="DIR",
                        help="the checkout to serve (default: this one)")
    parser.add_argument("--python", default=sys.executable, metavar="PY",
                        help="the Python that runs the app (default: this one)")
    parser.add_argument("--port", type=positive, metavar="P", help="the app's port (default: a free one)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures to FILE")
    parser.add_argument("--limit", type=seconds, default=300.0, metavar="S",
                        help="a visitor whose page is not drawn within S seconds has failed (default 300)")
    parser.add_argument("--start-limit", type=seconds, default=900.0, metavar="S",
                        help="give up if the server is not ready within S seconds (default 900)")
    parser.add_argument("--refill-limit", type=seconds, default=600.0, metavar="S",
                        help="stop waiting for the kernel pools to refill after S seconds (default 600)")
    parser.add_argument("--poll-ms", type=positive, default=100, metavar="MS",
                        help="how often each page tests whether it is drawn (default 100)")
    parser.add_argument("--log", type=Path, metavar="FILE",
                        help="keep the server's log in FILE (default: a temporary file, kept only on trouble)")
    return parser.parse_args(argv)


def server_command(args: argparse.Namespace, port: int) -> list[str]:
    """How the app is started (in ``args.root``)."""
    command = [args.python, "-m", "uno_nb.webapp", "--no-browser", f"--port={port}",
               "--Voila.port_retries=0"]
    if args.class_size:
        command += [f"--class-size={args.class_size}", "--pages", args.page]
    return command


# -- the server's processes, read in /proc -------------------------------------------

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")


class Stat(NamedTuple):
    ppid: int
    started: int  # clock ticks after boot: with the pid, names the process for good
    cpu: float  # seconds: utime + stime + cutime + cstime
    rss: int  # bytes


def read_stat(pid: int) -> Stat | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            text = file.read().decode(errors="replace")
    except OSError:  # gone
        return None
    fields = text[text.rindex(")") + 2:].split()  # the name may hold spaces and brackets
    utime, stime, cutime, cstime = (int(f) for f in fields[11:15])
    return Stat(int(fields[1]), int(fields[19]), (utime + stime + cutime + cstime) / CLOCK_TICKS,
                int(fields[21]) * PAGE_BYTES)


def process_trees(*roots: int) -> list[dict[int, Stat]]:
    """For each of ``roots``, that process and all its live descendants
    (from one reading of /proc)."""
    stats = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := read_stat(int(entry))) is not None:
            stats[int(entry)] = stat
    children: dict[int, list[int]] = {}
    for pid, stat in stats.items():
        children.setdefault(stat.ppid, []).append(pid)
    trees = []
    for root in roots:
        tree, todo = {}, [root] if root in stats else []
        while todo:
            pid = todo.pop()
            tree[pid] = stats[pid]
            todo += children.get(pid, [])
        trees.append(tree)
    return trees


@dataclass
class Sample:
    at: float  # time.perf_counter()
    cpu: float  # seconds of CPU used by the server and its kernels so far
    rss: int
    processes: int
    browser_cpu: float  # and by the browser (Playwright's driver and Chromium)


# -- the server ---------------------------------------------------------------------

class ServerLog:
    """What the server's log has said so far, read as it grows."""

    USED = re.compile(r"Using pre-heated kernel: \S+ for (.+\.ipynb)\s*$")
    FILLED = re.compile(r"Kernel pool of (.+\.ipynb) is filled")
    READY = re.compile(r"\] ready(?: for \d+ visitors?)?: \d+ kernels")  # not "is not ready:"
    STARTED = re.compile(r"Kernel started: ([-\w]+)")
    SHUTDOWN = re.compile(r"Kernel shutdown: ([-\w]+)")

    def __init__(self, path: Path):
        self.path = path
        self._offset = 0
        self._partial = b""
        self.used: Counter[str] = Counter()
        self.filled: Counter[str] = Counter()
        self.ready: list[str] = []  # the launcher's ready lines
        self.kernels: set[str] = set()  # the ids of the kernels running
        self.errors: list[str] = []  # its ERROR lines

    def read(self) -> None:
        with open(self.path, "rb") as file:
            file.seek(self._offset)
            chunk = file.read()
        self._offset += len(chunk)
        *lines, self._partial = (self._partial + chunk).split(b"\n")
        for raw in lines:
            line = raw.decode(errors="replace").rstrip("\r")
            if match := self.USED.search(line):
                self.used[match.group(1)] += 1
            elif match := self.FILLED.search(line):
                self.filled[match.group(1)] += 1
            elif self.READY.search(line):
                self.ready.append(line.strip())
            elif match := self.STARTED.search(line):
                self.kernels.add(match.group(1))
            elif match := self.SHUTDOWN.search(line):
                self.kernels.discard(match.group(1))
            elif "ERROR |" in line:
                self.errors.append(line.split("ERROR |", 1)[1].strip())

    def refilled(self, notebooks: list[str]) -> bool:
        """Whether each of ``notebooks`` has its kernel pool full: Voilà logs
        "filled" once at start and once more after each kernel taken from it."""
        return all(self.filled[nb] > self.used[nb] for nb in notebooks)

    def tail(self, chars: int = 3000) -> str:
        return self.path.read_text(errors="replace")[-chars:]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: Where the app's Python keeps its bytecode (PYTHONPYCACHEPREFIX, unless set):
#: not in DIR, which the benchmark leaves as it was, and the same for every
#: checkout measured (the kernels preheated at start fill it for the visits).
PYCACHE = Path(tempfile.gettempdir()) / "uno_nb-classroom-pycache"


#: The server is quiet when, over the last QUIET_SECONDS, none of its processes
#: used more than QUIET_CPU seconds of CPU (an idle kernel uses 0 to 0.01 s a
#: second, one running a notebook 0.1 s or more even with 30 of them on 2
#: cores), and no kernel tells the server it is busy.
QUIET_SECONDS = 1.0
QUIET_CPU = 0.02


class ServerStopped(Exception):
    pass


class Server:
    """The app, started in its own process group."""

    def __init__(self, command: list[str], root: Path, log_path: Path, base: str):
        self.command = command
        self.root = root
        self.base = base
        self._history: list[tuple[float, dict[int, float]]] = []  # (time, CPU of each process)
        self.waiting = ""  # what the server is not quiet for, lately
        self.log = ServerLog(log_path)
        self.seen: dict[int, int] = {}  # every process of the server met: pid -> start time
        env = {"PYTHONPYCACHEPREFIX": str(PYCACHE), **os.environ,
               "PYTHONUNBUFFERED": "1"}  # a printed ready line reaches the log at once
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(command, cwd=root, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, env=env, start_new_session=True)
        self.pid = self.process.pid

    def tree(self) -> dict[int, Stat]:
        return self._trees()[0]

    def _trees(self) -> tuple[dict[int, Stat], dict[int, Stat]]:
        """The server's processes, and the others this benchmark started: the browser's."""
        server, mine = process_trees(self.pid, os.getpid())
        self.seen.update({pid: stat.started for pid, stat in server.items()})
        browser = {pid: stat for pid, stat in mine.items() if pid not in server and pid != os.getpid()}
        return server, browser

    def sample(self) -> Sample:
        tree, browser = self._trees()
        return Sample(time.perf_counter(), sum(s.cpu for s in tree.values()),
                      sum(s.rss for s in tree.values()), len(tree),
                      sum(s.cpu for s in browser.values()))

    def quiet(self) -> bool:
        """Whether no process of the server has worked over the last
        QUIET_SECONDS (a process started since then has); to be called again
        and again, every call is a sample.  ``self.waiting`` says why not."""
        now = time.monotonic()
        cpu = {pid: stat.cpu for pid, stat in self.tree().items()}
        self._history.append((now, cpu))
        while len(self._history) > 1 and now - self._history[1][0] >= QUIET_SECONDS:
            self._history.pop(0)  # the first is the last sample at least QUIET_SECONDS old
        then, before = self._history[0]
        if now - then < QUIET_SECONDS:
            self.waiting = "a second of the server's CPU use to look at"
            return False
        for pid, used in cpu.items():
            if pid not in before:
                self.waiting = f"process {pid} of the server, which has just started"
                return False
            if used - before[pid] > QUIET_CPU:
                self.waiting = f"process {pid} of the server, which used {used - before[pid]:.2f} s " \
                               f"of CPU in the last {now - then:.1f} s"
                return False
        return True

    def kernels_at_rest(self) -> bool:
        """Whether no kernel of the server says it is busy.  (A kernel that no
        client ever talked to - one whose notebook could not start - says
        "starting" for good: it is idle as far as the CPU goes.)"""
        for kernel in sorted(self.log.kernels):
            try:
                with urllib.request.urlopen(f"{self.base}/api/kernels/{kernel}", timeout=30) as answer:
                    state = json.load(answer).get("execution_state")
            except urllib.error.HTTPError as error:
                if error.code == 404:  # shut down meanwhile
                    continue
                state = f"HTTP {error.code}"
            except (OSError, ValueError) as error:
                state = f"no answer ({error})"
            if state not in ("idle", "starting", "dead"):
                self.waiting = f"kernel {kernel}, which says {state}"
                return False
        return True

    def settled(self) -> bool:
        """Quiet, and no kernel busy (asked only once the processes are quiet)."""
        return self.quiet() and self.kernels_at_rest()

    def check(self) -> None:
        if self.process.poll() is not None:
            raise ServerStopped(f"the server stopped (exit status {self.process.returncode}); "
                                f"the end of its log:\n{self.log.tail()}")

    def notebooks(self) -> list[str]:
        """The notebooks Voilà preheats when every page has a pool."""
        folder = self.root / "notebooks"
        return sorted(str(p.relative_to(folder)) for pattern in ("*.ipynb", "ru/*.ipynb")
                      for p in folder.glob(pattern))

    def wait_until_ready(self, limit: float, class_size: int | None) -> str:
        """Wait for the launcher's ready line, or (a launcher that has none)
        for every notebook's kernel pool to be filled; then until the server
        is quiet: Voilà logs "filled" as soon as a pool's kernels are started,
        while they still run their notebooks.  Say what was seen, and when."""
        started = time.perf_counter()
        deadline = time.monotonic() + limit
        notebooks = self.notebooks()
        said = None
        while True:
            self.log.read()
            if said is None:
                if self.log.ready:
                    said = f"the log says {self.log.ready[-1]!r}"
                elif not class_size and self.log.refilled(notebooks):
                    said = f"every kernel pool is filled ({len(notebooks)} notebooks)"
                if said is not None:
                    said += f" after {time.perf_counter() - started:.1f} s"
            if said is None:
                self.waiting = "its log to say it is ready"
            elif self.settled():
                return (f"{said}; quiet, none of its {len(self.log.kernels)} kernels busy, "
                        f"after {time.perf_counter() - started:.1f} s")
            self.check()
            if time.monotonic() > deadline:
                raise ServerStopped(f"the server was not ready after {limit:.0f} s "
                                    f"({said or 'not even by its log'}; waiting for "
                                    f"{self.waiting or 'its log'}); "
                                    f"the end of its log:\n{self.log.tail()}")
            time.sleep(0.2)  # the log and /proc are read again

    def stop(self) -> None:
        """SIGTERM to the process group (Voilà shuts its kernels down), SIGKILL
        after 30 s; then any kernel of it still running (kernels run in
        sessions of their own) is killed, by pid and start time."""
        if self.process.poll() is None:
            self.sample()  # the kernels running now
            try:
                os.killpg(self.pid, signal.SIGTERM)
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.pid, signal.SIGKILL)
                self.process.wait()
            except ProcessLookupError:
                pass
        for pid, started in self.seen.items():
            stat = read_stat(pid)
            if stat is not None and stat.started == started:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


# -- the browser and the visitors -------------------------------------------------------

def ensure_chromium() -> str:
    """Debian's chromium, installed with apt-get if it is missing (as tests/test_webapp.py does)."""
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    if not shutil.which("apt-get") or os.geteuid() != 0:
        raise SystemExit(f"classroom.py needs Debian's chromium at {CHROMIUM}; install it as root "
                         "with: apt-get update && apt-get install -y chromium")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", "chromium"]):
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n"
                             f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    if not os.access(CHROMIUM, os.X_OK):
        raise SystemExit(f"apt-get installed chromium but {CHROMIUM} is not there")
    return CHROMIUM


@dataclass
class Visitor:
    number: int
    seconds: float | None = None  # from the page load's start until drawn
    failed: str | None = None  # why, if the page was never drawn
    reloads: int = 0  # the template's own count (sessionStorage)
    navigations: int = 0  # of the main frame, the first one included
    errors: list[str] = field(default_factory=list)  # the browser console's errors, page errors

    @property
    def reloaded(self) -> int:
        return max(self.reloads, self.navigations - 1)

    def line(self) -> str:
        if self.failed:
            took = f" after {self.seconds:.2f} s" if self.seconds is not None else ""
            return f"visitor {self.number}: FAILED{took} ({self.failed}), reloads {self.reloaded}"
        return f"visitor {self.number}: drawn {self.seconds:.2f} s, reloads {self.reloaded}"


async def visit(visitor: Visitor, page: Any, url: str, arg: list, limit: float, poll_ms: int,
                drawn: Any) -> None:
    """Open the page and wait until it is drawn, shows an error or runs out of time."""
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    visitor.navigations = 0
    start = time.perf_counter()
    deadline = start + limit

    def remaining() -> float:  # milliseconds, as Playwright counts
        return max(deadline - time.perf_counter(), 0.001) * 1000

    try:
        await page.goto(url, wait_until="commit", timeout=remaining())
        while True:
            try:
                handle = await page.wait_for_function(STATE, arg=arg, timeout=remaining(),
                                                      polling=poll_ms)
                state = await handle.json_value()
            except PlaywrightTimeout:
                visitor.failed = f"not drawn within {limit:g} s"
                return
            except PlaywrightError as error:
                if "context was destroyed" in str(error) or "navigation" in str(error).lower():
                    continue  # the page reloaded itself: wait on the new one
                raise
            if state == "drawn":
                visitor.seconds = time.perf_counter() - start
                drawn()
                break
            visitor.failed = state["error"]
            return
    except PlaywrightTimeout:  # the page did not even begin to come
        visitor.failed = f"not drawn within {limit:g} s"
        return
    except PlaywrightError as error:
        visitor.failed = f"browser: {str(error).splitlines()[0][:200]}"
        return
    finally:
        if visitor.seconds is None:
            visitor.seconds = time.perf_counter() - start
    try:
        visitor.reloads = int(await page.evaluate(RELOADS))
    except PlaywrightError:
        pass


async def classroom(args: argparse.Namespace, server: Server, base: str) -> dict[str, Any]:
    """The visits, then the refill: the figures, measured."""
    from playwright.async_api import async_playwright

    n = args.visitors
    name = args.page.removesuffix(".ipynb")
    url = f"{base}/voila/render/{args.page}"
    arg = [FIGURES[name], APPS[name], WIDGET_ERROR_GRACE_MS]
    visitors = [Visitor(i + 1) for i in range(n)]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=ensure_chromium(),
                                                   args=CHROMIUM_ARGS)
        try:
            pages = []
            for visitor in visitors:  # one context each: N people who share no cookies or cache
                context = await browser.new_context(viewport={"width": 1280, "height": 900})
                context.set_default_timeout(args.limit * 1000)
                page = await context.new_page()
                page.on("framenavigated", lambda frame, page=page, v=visitor:
                        setattr(v, "navigations", v.navigations + 1) if frame == page.main_frame else None)
                page.on("console", lambda m, v=visitor:
                        v.errors.append(f"console: {m.text[:300]}") if m.type == "error" else None)
                page.on("pageerror", lambda e, v=visitor: v.errors.append(f"page error: {str(e)[:300]}"))
                page.on("crash", lambda _, v=visitor: v.errors.append("the page crashed"))
                pages.append(page)

            server.check()
            print(f"{n} visitor{'s' * (n > 1)} open {url} at once", flush=True)
            last_drawn: list[Sample] = []
            server.log.read()
            ready_lines, pools = len(server.log.ready), [nb for nb, c in server.log.filled.items() if c]
            errors_before = len(server.log.errors)
            start = server.sample()
            tasks = [asyncio.create_task(visit(v, p, url, arg, args.limit, args.poll_ms,
                                               lambda: last_drawn.append(server.sample())))
                     for v, p in zip(visitors, pages)]
            stopped = await watch(server, tasks, args.limit + 60)
            burst_end = last_drawn[-1] if last_drawn else server.sample()
            for visitor, task in zip(visitors, tasks):
                if task.cancelled() or task.exception() is not None:
                    visitor.failed = visitor.failed or stopped or (
                        "the visit did not end" if task.cancelled() else f"{task.exception()!r}"[:200])
            # after the burst: until the kernel pools are refilled (or the launcher is ready again)
            refilled, quiet = (False, None) if stopped else await wait_for_refill(
                server, ready_lines, pools, args.refill_limit)
            quiet = quiet or server.sample()
            server.log.read()
        finally:
            await browser.close()

    drawn = sorted(v.seconds for v in visitors if not v.failed and v.seconds is not None)
    return {
        "visitors": n, "page": name, "url": url, "root": str(args.root), "python": args.python,
        "class_size": args.class_size, "command": server.command,
        "p50_seconds": statistics.median(drawn) if drawn else None,
        "max_seconds": drawn[-1] if drawn else None,
        "reloads": sum(v.reloaded for v in visitors),
        "failed": sum(1 for v in visitors if v.failed),
        "server_cpu_seconds": burst_end.cpu - start.cpu,
        "server_cpu_per_visit": (burst_end.cpu - start.cpu) / n,
        "burst_seconds": burst_end.at - start.at,
        "browser_cpu_per_visit": (burst_end.browser_cpu - start.browser_cpu) / n,
        "refilled": refilled,
        "refill_waiting_for": None if refilled else server.waiting,
        "server_errors": server.log.errors[errors_before:],
        "refill_seconds": quiet.at - burst_end.at,
        "refill_cpu_seconds": quiet.cpu - burst_end.cpu,
        "refill_cpu_per_visit": (quiet.cpu - burst_end.cpu) / n,
        "server_rss_at_start_bytes": start.rss,
        "server_processes_at_start": start.processes,
        "per_visitor": [{**asdict(v), "reloaded": v.reloaded, "errors": v.errors[:20]} for v in visitors],
    }


async def watch(server: Server, tasks: list[asyncio.Task], limit: float) -> str | None:
    """Wait for the visits; if the server stops meanwhile (or a visit outlives
    its own limit), the visits still running are cancelled.  Why, if so."""
    deadline = time.monotonic() + limit
    pending = set(tasks)
    while pending:
        _, pending = await asyncio.wait(pending, timeout=0.5)
        reason = None
        if server.process.poll() is not None:
            reason = f"the server stopped (exit status {server.process.returncode})"
        elif time.monotonic() > deadline:
            reason = "the visit did not end"
        if reason and pending:
            for task in pending:
                task.cancel()
            await asyncio.wait(pending)
            return reason
    return None


async def wait_for_refill(server: Server, ready_lines: int, pools: list[str],
                          limit: float) -> tuple[bool, Sample | None]:
    """Wait until the server is quiet again: the launcher says it is ready
    once more (it had said so ``ready_lines`` times before the visits), or
    every one of ``pools`` (those full before the visits) is full again -
    Voilà's "filled" line for each kernel taken - and then its processes are
    quiet and none of its kernels busy (the new kernels have run their notebooks).
    Whether it got there in ``limit`` seconds, and the sample taken then."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and server.process.poll() is None:
        server.log.read()
        if not (len(server.log.ready) > ready_lines or server.log.refilled(pools)):
            server.waiting = "the log to say that the kernel pools are full again"
        elif server.quiet() and await asyncio.to_thread(server.kernels_at_rest):
            return True, server.sample()
        await asyncio.sleep(0.2)  # the log and /proc are read again
    return False, None


# -- the report -------------------------------------------------------------------------

def report(figures: dict[str, Any]) -> list[str]:
    lines = [Visitor(**{k: v for k, v in row.items() if k != "reloaded"}).line()
             for row in figures["per_visitor"]]

    def secs(value: float | None) -> str:
        return "nan" if value is None else f"{value:.2f}s"

    refill = f"refill_cpu_per_visit={figures['refill_cpu_per_visit']:.2f}s " \
             f"refill_seconds={figures['refill_seconds']:.1f}"
    if not figures["refilled"]:
        refill += f" (not quiet within the limit: still waiting for {figures['refill_waiting_for']})"
    lines.append(f"browser_cpu_per_visit={figures['browser_cpu_per_visit']:.2f}s (Chromium on the same "
                 f"machine, over the {figures['burst_seconds']:.1f} s until the last visitor was drawn; "
                 f"not in server_cpu_per_visit)")
    if figures["server_errors"]:
        errors = figures["server_errors"]
        lines.append(f"server_log_errors={len(errors)} (the first: {errors[0][:200]})")
    lines.append(f"{refill} server_rss_at_start={figures['server_rss_at_start_bytes'] / 1e6:.0f}MB "
                 f"server_processes_at_start={figures['server_processes_at_start']}")
    lines.append(f"classroom N={figures['visitors']} page={figures['page']} "
                 f"p50={secs(figures['p50_seconds'])} max={secs(figures['max_seconds'])} "
                 f"reloads={figures['reloads']} failed={figures['failed']} "
                 f"server_cpu_per_visit={figures['server_cpu_per_visit']:.2f}s")
    return lines


def _terminate(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # so that the server is stopped on the way out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.root = args.root.resolve()
    if not (args.root / "notebooks" / args.page).is_file():
        raise SystemExit(f"classroom.py: no notebooks/{args.page} in {args.root}")
    port = args.port or free_port()
    if args.log:
        log_path, keep_log = args.log, True
    else:
        handle, name = tempfile.mkstemp(prefix="uno_nb-classroom-", suffix=".log")
        os.close(handle)
        log_path, keep_log = Path(name), False
    signal.signal(signal.SIGTERM, _terminate)
    command = server_command(args, port)
    print(f"starting the app in {args.root}: {' '.join(command)}", flush=True)
    base = f"http://127.0.0.1:{port}"
    server = Server(command, args.root, log_path, base)
    try:
        how = server.wait_until_ready(args.start_limit, args.class_size)
        print(f"server ready: {how}", flush=True)
        figures = asyncio.run(classroom(args, server, base))
        figures["ready"] = how
    except ServerStopped as error:
        keep_log = True
        print(f"classroom.py: {error}", file=sys.stderr)
        return 1
    except BaseException:
        keep_log = True
        raise
    finally:
        server.stop()
        if keep_log:
            print(f"the server's log: {log_path}", file=sys.stderr)
        else:
            log_path.unlink(missing_ok=True)
    for line in report(figures):
        print(line)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
