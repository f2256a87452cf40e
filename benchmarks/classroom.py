"""How does the web app take a class arriving?  N visitors open one page at once.

The app is started as ``make app`` starts it (``PY -m uno_nb.serving.webapp
--no-browser --port=P --Voila.port_retries=0``, run in the checkout DIR, with
a class board of its own in a temporary folder: $UNO_NB_CLASSBOARD);
``--class-size K`` adds ``--class-size=K --pages PAGE,…``, so that the pages
measured alone get K preheated kernels (``--pools default``: no ``--pages``,
the app's own choice).  Once the server is ready, one Chromium (Debian's, at
/usr/bin/chromium, driven by Playwright) opens PAGE in N browser contexts -
N visitors who share nothing - with the N page loads started together, and
each visitor waits until the page's widgets are drawn.  One start-up serves
several rounds: each count of ``--visitors`` on each ``--page``, in turn,
with fresh visitors each time; after a round the server is left to refill
its pools and be quiet, a few of the visitors then open a second page
(``--second``), and the round's tabs are closed (their kernels shut down)
before the next round begins.

    python benchmarks/classroom.py 20 01_rules_step_by_step.ipynb
    python benchmarks/classroom.py --visitors 1,10,30 --class-size 30 \\
        --page 01_rules_step_by_step.ipynb --page 02_card_odds.ipynb \\
        --sent 01_rules_step_by_step.ipynb 02_card_odds.ipynb --gets 50 --gets-page 02_card_odds.ipynb
    python benchmarks/classroom.py 3 01_rules_step_by_step.ipynb \\
        --root /tmp/base --python /tmp/base/.venv/bin/python --json figures.json

After the rounds come, if asked:

``--sent FROM TO``
    a class of ``--sent-visitors`` (the largest count) in a class of the
    board (``ClassBoard().start_class()``, run with PY in DIR against the
    server's board file) opens ``FROM?class=CODE``, which joins them as the
    class bar does; once the server is quiet the teacher sends the class to
    TO (``ClassBoard.lead(code, page=TO)``, what the board's button does; a
    version whose store has no ``lead`` says so and the class is not sent),
    and ``--sent-after`` seconds (5) later all of them open ``TO?class=CODE``
    in the same tabs.  Both waves are reported as rounds
    (``classroom sent:first`` and ``classroom sent:second``).
``--gets N``
    no browser: N plain HTTP GETs of ``--gets-page`` one after another, each
    read to its end, from one visitor (127.0.0.1 and one User-Agent): the
    status codes, the kernels the server started meanwhile (its log's
    ``Kernel started:`` lines, and the preheated ones handed out; Voilà has
    no /api/kernels list), the kernels running and its processes before and
    after, and its PSS once quiet again.  Last, as the kernels it starts are
    kept until the cull.

"Ready" is read in the server's log: the launcher prints a line with
``ready for K visitors:`` (``ready for K visitors on PAGE:`` since issue 38;
``ready:`` without a class size) once every
kernel pool is filled; a launcher without that line is ready once Voilà has
said ``Kernel pool of <nb>.ipynb is filled`` for every notebook of
notebooks/ and notebooks/ru/.  Voilà says "filled" as soon as it has started
a pool's kernels, while they still run their notebooks (tens of seconds of
CPU at start), so the visits begin only once the server is also quiet: for a
second none of its processes used more than 0.02 s of CPU, and none of its
kernels (``Kernel started:`` in the log) tells /api/kernels/<id> it is busy.

What is printed, one line per visitor and then the figures:

``visitor 7: drawn 3.41 s, reloads 0, 6,617KB in 115 requests; then 00_index: 0.61 s, 23KB in 100 requests (97 from cache)``
    seconds from that visitor's page load being started until its widgets
    were drawn (Voilà has shown the cells, nothing is loading or executing,
    the app's widget is there and every plotly figure has its SVG: the same
    test as tests/test_webapp.py's RENDERED), and how often the page reloaded
    itself (the page template's count in sessionStorage, or the navigations
    after the first, whichever is more).  A visitor fails when its page is
    not drawn within ``--limit`` seconds (300) or shows an error: a stderr or
    error output, Voilà's "error when executing" notice, or "Error displaying
    widget" still there after 10 s without the page reloading itself.
    Then the bytes its tab received until the round's last visitor was
    drawn and no tab had finished a request or got a websocket frame for 2 s
    (at most 60 s more: a page can pass the drawn test before its last
    scripts and its kernel's websocket have come), from the browser's own counts (the Chrome DevTools Protocol's
    ``Network.loadingFinished``: encodedDataLength, the bytes on the wire
    with their headers, summed over the requests that finished; a reload's
    included), and how many requests; the kernel's websocket frames are
    counted apart (``ws_bytes``, their payloads).  For the first
    ``--second-visitors`` (3) who got the page: the second page they opened
    afterwards in the same tab (``--second``, 00_index.ipynb), one after
    another once the server was quiet again: its time, bytes, requests and
    how many came from the browser's cache.
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
``memory: before pss=…MB rss=…MB processes=…; after the visits and the refill pss=…MB …; after closing the tabs pss=…MB kernels 101->101``
    the app's memory (the server and all its descendants, summed: PSS from
    /proc/<pid>/smaps_rollup, where a page shared by k processes counts 1/k
    in each, so the sum is what the app takes; RSS counts shared pages in
    every process) just before the visits, once the pools were refilled
    after them (the visitors' kernels still held), and once the round's tabs
    were closed, with the kernels running by the log before and after.
``classroom N=20 page=01_rules_step_by_step p50=2.10s max=3.40s reloads=0 failed=0 server_cpu_per_visit=0.62s bytes_p50=6,617KB requests_p50=115 ws_bytes_p50=53KB second=00_index second_p50=0.61s second_bytes_p50=23KB second_requests_p50=100 pss_before=1594MB pss_after=1731MB``
    one line per round: the median and the longest time to drawn of the
    visitors who got there; the reloads of all visitors together; the
    visitors who failed; the server's CPU time from the start of the visits
    until the last visitor was drawn, divided by N; the medians of the
    visitors' bytes, requests and websocket bytes, and of the second page's
    time, bytes and requests; and the PSS before and after.
``classroom gets N=50 page=02_card_odds statuses=200x50 kernels_running=101->151 kernels_started=50 …``
    the --gets figures (see above).

Start-up prints ``ready_line='…'`` (the launcher's own ready line, with the
memory it says) and the app's PSS and RSS at ready; the run ends with that
line and every round's ``classroom`` line again, the table to copy.

The app's Python writes its bytecode cache to $TMPDIR/uno_nb-classroom-pycache
(PYTHONPYCACHEPREFIX) rather than into DIR, so that a checkout is measured
without being written to (numba's cache of the compiled kernel is left where
it is: a valid one is only read).

The server's CPU time is that of the Voilà process and of every process it
started (the kernels): utime+stime of each of them alive, plus cutime+cstime,
which hold the time of the children that have exited, read in /proc.  The
browser's is not counted (it is not the server's).  ``--json FILE`` writes all
the figures, each visitor's included, again after every round (a run cut
short keeps the rounds done).  Every wait has its limit (``--limit`` for a
visit, ``--refill-limit`` for the server to be quiet, ``--start-limit``), and
the browser and the server (its process group, and any kernel still
running) are stopped at the end, whatever happens.

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


def counts(text: str) -> list[int]:
    """``1,10,30``: visitor counts, each at least 1, in the order given."""
    try:
        values = [positive(part) for part in text.split(",")]
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of counts such as 1,10,30") from error
    return values


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="classroom.py", description=__doc__.split("\n\n")[0],
        epilog="The figures printed are explained at the top of benchmarks/classroom.py.")
    parser.add_argument("visitors", type=positive, metavar="N", nargs="?",
                        help="how many visitors open the page at once (a browser context each)")
    parser.add_argument("page", type=page_name, metavar="PAGE", nargs="?",
                        help="the notebook they open, e.g. 01_rules_step_by_step.ipynb (or ru/…)")
    parser.add_argument("--visitors", type=counts, dest="counts", metavar="N,N,…",
                        help="several rounds, one per count, on each --page (instead of N)")
    parser.add_argument("--page", type=page_name, dest="pages", action="append", default=[],
                        metavar="PAGE", help="a page the rounds open (again for more pages; instead of PAGE)")
    parser.add_argument("--second", type=page_name, default="00_index.ipynb", metavar="PAGE",
                        help="the page a visitor opens next in the same browser, after each round "
                             "(default 00_index.ipynb)")
    parser.add_argument("--second-visitors", type=int, default=3, metavar="M",
                        help="how many visitors of each round open --second, one after another "
                             "(default 3; 0: none)")
    parser.add_argument("--sent", nargs=2, type=page_name, metavar=("FROM", "TO"),
                        help="a last round: the class opens FROM in a class, the teacher sends it "
                             "to TO from the class board, and all open TO")
    parser.add_argument("--sent-visitors", type=positive, metavar="N",
                        help="the class's size in the --sent round (default: the largest count)")
    parser.add_argument("--sent-after", type=float, default=5.0, metavar="S",
                        help="seconds from the teacher's lead until the class opens TO (default 5)")
    parser.add_argument("--gets", type=positive, metavar="N",
                        help="last: N plain HTTP GETs of --gets-page in a row from one visitor, no browser")
    parser.add_argument("--gets-page", type=page_name, metavar="PAGE",
                        help="the page of --gets (default: the first page measured)")
    parser.add_argument("--class-size", type=positive, metavar="K",
                        help="start the app with --class-size=K --pages PAGE,…: K preheated kernels "
                             "for each page measured (see --pools)")
    parser.add_argument("--pools", choices=("measured", "default"), default="measured",
                        help="with --class-size, the pages given K kernels: the pages measured "
                             "(--pages PAGE,…; the default) or the app's own choice (no --pages)")
    parser.add_argument("--hub", action="store_true",
                        help="sign N pupils in to the kit's JupyterHub instead (benchmarks/hub_class.py)")
    parser.add_argument("--root", type=Path, default=ROOT, metavar="DIR",
                        help="the checkout to serve (default: this one)")
    parser.add_argument("--python", default=sys.executable, metavar="PY",
                        help="the Python that runs the app (default: this one)")
    parser.add_argument("--port", type=positive, metavar="P", help="the app's port (default: a free one)")
    parser.add_argument("--json", type=Path, metavar="FILE",
                        help="also write the figures to FILE (rewritten after each round)")
    parser.add_argument("--limit", type=seconds, default=300.0, metavar="S",
                        help="a visitor whose page is not drawn within S seconds has failed (default 300)")
    parser.add_argument("--start-limit", type=seconds, default=900.0, metavar="S",
                        help="give up if the server is not ready within S seconds (default 900)")
    parser.add_argument("--refill-limit", type=seconds, default=600.0, metavar="S",
                        help="stop waiting for the kernel pools to refill after S seconds (default 600)")
    parser.add_argument("--poll-ms", type=positive, default=100, metavar="MS",
                        help="how often each page tests whether it is drawn (default 100)")
    parser.add_argument("--app-option", action="append", default=[], metavar="OPT",
                        help="an option for the app's launcher, e.g. "
                             "--app-option=--UnoVoila.cap_this_computer=True (repeatable)")
    parser.add_argument("--log", type=Path, metavar="FILE",
                        help="keep the server's log in FILE (default: a temporary file, kept only on trouble)")
    args = parser.parse_args(argv)
    if args.visitors is not None and args.page is None and not args.pages:
        parser.error("the page N visitors open is missing (PAGE, or --page)")
    if args.visitors is not None and args.counts:
        parser.error("give N or --visitors, not both")
    if args.page is not None:
        args.pages = [args.page] + [p for p in args.pages if p != args.page]
    args.pages = list(dict.fromkeys(args.pages))
    args.counts = args.counts or ([args.visitors] if args.visitors else [])
    if args.pages and not args.counts:
        parser.error("how many visitors: N, or --visitors 1,10,30")
    if not args.pages and not args.sent and not args.gets:
        parser.error("nothing to measure: give N PAGE, --page with --visitors, --sent or --gets")
    if args.second_visitors < 0:
        parser.error("--second-visitors must be 0 or more")
    if args.sent and args.sent[0] == args.sent[1]:
        parser.error("--sent sends the class from one page to another")
    args.sent_visitors = args.sent_visitors or max(args.counts, default=1)
    args.gets_page = args.gets_page or (args.pages[0] if args.pages else "02_card_odds.ipynb")
    return args


def measured_pages(args: argparse.Namespace) -> list[str]:
    """Every page a round opens, in order (the --sent and --gets pages included)."""
    pages = list(args.pages) + list(args.sent or ()) + ([args.gets_page] if args.gets else [])
    return list(dict.fromkeys(pages))


def server_command(args: argparse.Namespace, port: int) -> list[str]:
    """How the app is started (in ``args.root``)."""
    command = [args.python, "-m", "uno_nb.serving.webapp", "--no-browser", f"--port={port}",
               "--Voila.port_retries=0"]
    if args.class_size:
        command.append(f"--class-size={args.class_size}")
        if args.pools == "measured":
            command += ["--pages", ",".join(measured_pages(args))]
    return command + list(args.app_option)


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


def pss_bytes(pid: int) -> int:
    """A process's proportional set size (``Pss:`` of /proc/<pid>/smaps_rollup), 0 if gone."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as file:
            for line in file:
                if line.startswith(b"Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


class Memory(NamedTuple):
    rss: int  # bytes, summed over the server's processes
    pss: int  # bytes, likewise
    processes: int


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
    # not "is not ready:"; since issue 38 the class's page follows "visitors": "… on 02_card_odds.ipynb:"
    READY = re.compile(r"\] ready(?: for \d+ visitors?(?: on \S+)?)?: \d+ kernels")
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
        self.started = 0  # "Kernel started" lines so far
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
                self.started += 1
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

    def __init__(self, command: list[str], root: Path, log_path: Path, base: str,
                 env: dict[str, str] | None = None):
        self.command = command
        self.root = root
        self.base = base
        self._history: list[tuple[float, dict[int, float]]] = []  # (time, CPU of each process)
        self.waiting = ""  # what the server is not quiet for, lately
        self.log = ServerLog(log_path)
        self.seen: dict[int, int] = {}  # every process of the server met: pid -> start time
        env = {"PYTHONPYCACHEPREFIX": str(PYCACHE), **os.environ, **(env or {}),
               "PYTHONUNBUFFERED": "1"}  # a printed ready line reaches the log at once
        self.env = env
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

    def memory(self) -> "Memory":
        """The server's and its kernels' memory now: RSS and PSS summed (PSS
        from /proc/<pid>/smaps_rollup: a page shared by k processes counts
        1/k in each, so the sum is what the app takes), and how many."""
        tree = self.tree()
        return Memory(sum(s.rss for s in tree.values()), sum(pss_bytes(pid) for pid in tree), len(tree))

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


class Traffic:
    """What one visitor's browser tab received, from its own counts (Chrome
    DevTools Protocol): ``Network.loadingFinished``'s encodedDataLength (the
    bytes on the wire, headers included) summed over the requests that
    finished, how many did, failed or came from the browser's cache; and the
    kernel's websocket frames apart (their payloads' size)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.bytes = self.requests = self.failed = self.cached = 0
        self.ws_frames = self.ws_bytes = 0

    def take(self) -> dict[str, int]:
        """The counts since the last reset, and a reset."""
        counts = {"bytes": self.bytes, "requests": self.requests, "failed_requests": self.failed,
                  "from_cache": self.cached, "ws_frames": self.ws_frames, "ws_bytes": self.ws_bytes}
        self.reset()
        return counts

    def finished(self, params: dict[str, Any]) -> None:
        self.bytes += int(params.get("encodedDataLength") or 0)
        self.requests += 1

    def frame(self, params: dict[str, Any]) -> None:
        response = params.get("response") or {}
        payload = response.get("payloadData") or ""
        self.ws_frames += 1
        # binary frames come base64'd
        self.ws_bytes += len(payload) * 3 // 4 if response.get("opcode") == 2 else len(payload.encode())

    async def attach(self, context: Any, page: Any) -> None:
        session = await context.new_cdp_session(page)
        session.on("Network.loadingFinished", self.finished)
        session.on("Network.loadingFailed", lambda _: setattr(self, "failed", self.failed + 1))
        session.on("Network.requestServedFromCache", lambda _: setattr(self, "cached", self.cached + 1))
        session.on("Network.webSocketFrameReceived", self.frame)
        await session.send("Network.enable")


@dataclass
class Visitor:
    number: int
    seconds: float | None = None  # from the page load's start until drawn
    failed: str | None = None  # why, if the page was never drawn
    reloads: int = 0  # the template's own count (sessionStorage)
    navigations: int = 0  # of the main frame, the first one included
    errors: list[str] = field(default_factory=list)  # the browser console's errors, page errors
    traffic: dict[str, int] | None = None  # the page's, until the round's last visitor was drawn
    second: dict[str, Any] | None = None  # the second page, if this visitor opened it

    @property
    def reloaded(self) -> int:
        return max(self.reloads, self.navigations - 1)

    def line(self) -> str:
        bytes_ = ""
        if self.traffic:
            bytes_ = f", {kb(self.traffic['bytes'])} in {self.traffic['requests']} requests"
        if self.second:
            got = (f"FAILED ({self.second['failed']})" if self.second.get("failed")
                   else f"{self.second['seconds']:.2f} s")
            bytes_ += (f"; then {self.second['page']}: {got}, {kb(self.second['bytes'])} in "
                       f"{self.second['requests']} requests ({self.second['from_cache']} from cache)")
        if self.failed:
            took = f" after {self.seconds:.2f} s" if self.seconds is not None else ""
            return f"visitor {self.number}: FAILED{took} ({self.failed}), reloads {self.reloaded}{bytes_}"
        return f"visitor {self.number}: drawn {self.seconds:.2f} s, reloads {self.reloaded}{bytes_}"


def kb(count: float | None) -> str:
    return "nan" if count is None else f"{count / 1000:,.0f}KB"


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


def url_of(base: str, page: str, query: str = "") -> str:
    return f"{base}/voila/render/{page}{query}"


def drawn_arg(page: str) -> list:
    name = page.removesuffix(".ipynb")
    return [FIGURES[name], APPS[name], WIDGET_ERROR_GRACE_MS]


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


class Class:
    """N visitors, each a browser context of its own (N people who share no
    cookies or cache) with one tab whose traffic is counted."""

    def __init__(self, n: int):
        self.visitors = [Visitor(i + 1) for i in range(n)]
        self.contexts: list[Any] = []
        self.pages: list[Any] = []
        self.traffic: list[Traffic] = []

    async def open(self, browser: Any, limit: float) -> None:
        for visitor in self.visitors:
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
            context.set_default_timeout(limit * 1000)
            page = await context.new_page()
            page.on("framenavigated", lambda frame, page=page, v=visitor:
                    setattr(v, "navigations", v.navigations + 1) if frame == page.main_frame else None)
            page.on("console", lambda m, v=visitor:
                    v.errors.append(f"console: {m.text[:300]}") if m.type == "error" else None)
            page.on("pageerror", lambda e, v=visitor: v.errors.append(f"page error: {str(e)[:300]}"))
            page.on("crash", lambda _, v=visitor: v.errors.append("the page crashed"))
            traffic = Traffic()
            await traffic.attach(context, page)
            self.contexts.append(context)
            self.pages.append(page)
            self.traffic.append(traffic)

    async def close(self) -> None:
        """Each tab closed as a person closes it (the page's unload handlers
        run: the template shuts its kernel down), then its context."""
        for page in self.pages:
            try:
                await page.close(run_before_unload=True)
            except Exception:  # noqa: BLE001 - a crashed tab: its context goes all the same
                pass
        await asyncio.sleep(1)  # the unload handlers' requests
        for context in self.contexts:
            try:
                await context.close()
            except Exception:  # noqa: BLE001
                pass


async def wave(args: argparse.Namespace, server: Server, visitors: list[Visitor], pages: list[Any],
               url: str, page: str) -> dict[str, Any]:
    """These visitors open ``url`` together and wait until it is drawn: the
    times, the server's and browser's CPU, and the log's ERROR lines meanwhile."""
    server.check()
    for visitor in visitors:
        visitor.navigations, visitor.seconds, visitor.failed, visitor.reloads = 0, None, None, 0
    last_drawn: list[Sample] = []
    server.log.read()
    errors_before = len(server.log.errors)
    start = server.sample()
    tasks = [asyncio.create_task(visit(v, p, url, drawn_arg(page), args.limit, args.poll_ms,
                                       lambda: last_drawn.append(server.sample())))
             for v, p in zip(visitors, pages)]
    stopped = await watch(server, tasks, args.limit + 60)
    burst_end = last_drawn[-1] if last_drawn else server.sample()
    for visitor, task in zip(visitors, tasks):
        if task.cancelled() or task.exception() is not None:
            visitor.failed = visitor.failed or stopped or (
                "the visit did not end" if task.cancelled() else f"{task.exception()!r}"[:200])
    server.log.read()
    drawn = sorted(v.seconds for v in visitors if not v.failed and v.seconds is not None)
    n = len(visitors)
    return {
        "stopped": stopped, "start": start, "end": burst_end,
        "p50_seconds": median(drawn), "max_seconds": drawn[-1] if drawn else None,
        "reloads": sum(v.reloaded for v in visitors),
        "failed": sum(1 for v in visitors if v.failed),
        "server_cpu_seconds": burst_end.cpu - start.cpu,
        "server_cpu_per_visit": (burst_end.cpu - start.cpu) / n,
        "burst_seconds": burst_end.at - start.at,
        "browser_cpu_per_visit": (burst_end.browser_cpu - start.browser_cpu) / n,
        "server_errors": server.log.errors[errors_before:],
    }


async def settle(server: Server, limit: float) -> dict[str, Any]:
    """After a wave: until the server is quiet again (its pools refilled, see
    wait_for_refill), at most ``limit`` seconds; what that took, and the memory then."""
    server.log.read()
    ready_lines = len(server.log.ready)
    pools = [nb for nb, c in server.log.filled.items() if c]
    begun = server.sample()
    refilled, quiet = await wait_for_refill(server, ready_lines, pools, limit)
    quiet = quiet or server.sample()
    return {"refilled": refilled, "refill_waiting_for": None if refilled else server.waiting,
            "refill_seconds": quiet.at - begun.at, "refill_cpu_seconds": quiet.cpu - begun.cpu,
            "memory": server.memory()}


def traffic_figures(visitors: list[Visitor]) -> dict[str, Any]:
    got = [v.traffic for v in visitors if v.traffic and not v.failed]
    second = [v.second for v in visitors if v.second and not v.second.get("failed")]
    return {
        "bytes_p50": median([t["bytes"] for t in got]),
        "requests_p50": median([t["requests"] for t in got]),
        "ws_bytes_p50": median([t["ws_bytes"] for t in got]),
        "second_page": second[0]["page"] if second else None,
        "second_bytes_p50": median([t["bytes"] for t in second]),
        "second_requests_p50": median([t["requests"] for t in second]),
        "second_seconds_p50": median([t["seconds"] for t in second]),
    }


def mb(memory: Memory) -> dict[str, Any]:
    return {"rss_bytes": memory.rss, "pss_bytes": memory.pss, "processes": memory.processes}


async def network_quiet(traffic: list[Traffic], seconds: float = 2.0, limit: float = 60.0) -> None:
    """Until no tab has finished a request or got a frame for ``seconds`` (at
    most ``limit``): a page can pass the drawn test before its last scripts,
    styles and its kernel's websocket have come (02 under load did)."""
    deadline = time.monotonic() + limit
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        now = [(t.requests, t.failed, t.ws_frames) for t in traffic]
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return
        await asyncio.sleep(0.2)


async def second_visits(args: argparse.Namespace, server: Server, room: Class, base: str) -> None:
    """The first --second-visitors visitors who got the page open --second in
    the same tab (their browser's cache as the first page left it), one after
    another, each waiting until it is drawn."""
    chosen = [(v, p, t) for v, p, t in zip(room.visitors, room.pages, room.traffic)
              if not v.failed][:args.second_visitors]
    for visitor, page, traffic in chosen:
        probe = Visitor(visitor.number)
        navigations = visitor.navigations  # the tab's navigation to the second page is no reload
        traffic.reset()
        await visit(probe, page, url_of(base, args.second), drawn_arg(args.second), args.limit,
                    args.poll_ms, lambda: None)
        await network_quiet([traffic])
        visitor.navigations = navigations
        visitor.second = {"page": args.second.removesuffix(".ipynb"), "seconds": probe.seconds,
                          "failed": probe.failed, "reloads": probe.reloaded, **traffic.take()}


async def page_round(args: argparse.Namespace, server: Server, browser: Any, base: str,
                     page: str, n: int) -> dict[str, Any]:
    """One round: N visitors open ``page`` at once; the refill; a few open
    --second; their tabs are closed and the server left quiet."""
    room = Class(n)
    await room.open(browser, args.limit)
    try:
        before = server.memory()
        kernels_before = len(server.log.kernels)
        url = url_of(base, page)
        print(f"{n} visitor{'s' * (n > 1)} open {url} at once", flush=True)
        burst = await wave(args, server, room.visitors, room.pages, url, page)
        await network_quiet(room.traffic)
        for visitor, traffic in zip(room.visitors, room.traffic):
            visitor.traffic = traffic.take()
        after = await settle(server, args.refill_limit) if not burst["stopped"] else None
        if after and args.second_visitors and args.second:
            await second_visits(args, server, room, base)
            await settle(server, args.refill_limit)
    finally:
        await room.close()
    closed = await settle(server, args.refill_limit) if server.process.poll() is None else None
    figures = round_figures(args, "round", page, n, room.visitors, burst, after, before)
    figures["kernels_before"] = kernels_before
    figures["kernels_after_closing"] = len(server.log.kernels)
    figures["after_closing"] = mb(closed["memory"]) if closed else None
    return figures


def round_figures(args: argparse.Namespace, kind: str, page: str, n: int, visitors: list[Visitor],
                  burst: dict[str, Any], after: dict[str, Any] | None, before: Memory) -> dict[str, Any]:
    start, end = burst.pop("start"), burst.pop("end")
    return {
        "kind": kind, "visitors": n, "page": page.removesuffix(".ipynb"),
        **{k: v for k, v in burst.items() if k != "stopped"},
        "refilled": bool(after and after["refilled"]),
        "refill_waiting_for": after["refill_waiting_for"] if after else burst["stopped"],
        "refill_seconds": after["refill_seconds"] if after else None,
        "refill_cpu_per_visit": after["refill_cpu_seconds"] / n if after else None,
        "server_rss_at_start_bytes": start.rss, "server_processes_at_start": start.processes,
        "memory_before": mb(before), "memory_after": mb(after["memory"]) if after else None,
        **traffic_figures(visitors),
        "per_visitor": [{**asdict(v), "reloaded": v.reloaded, "errors": v.errors[:20]} for v in visitors],
        "burst_started_after": start.at,
        "burst_ended_after": end.at,
    }


def in_app(server: Server, args: argparse.Namespace, code: str) -> str:
    """Run ``code`` with the app's Python in its checkout, with the server's
    environment (its class board); what it printed."""
    done = subprocess.run([args.python, "-c", code], cwd=args.root, env=server.env,
                          capture_output=True, text=True, timeout=120)
    if done.returncode:
        raise RuntimeError(f"{args.python} -c … failed ({done.returncode}): {done.stderr[-1500:]}")
    return done.stdout.strip()


START_CLASS = "from uno_nb.classboard import ClassBoard; print(ClassBoard().start_class())"
LEAD = """
from uno_nb.classboard import ClassBoard
board = ClassBoard()
if not hasattr(board, "lead"):
    print("this version's class board has no lead (ClassBoard.lead): the class was not sent")
else:
    lesson = board.lead(%r, page=%r)
    print(f"ClassBoard.lead: class {lesson.code} sent to {lesson.page} (step {lesson.step})")
"""


async def sent_round(args: argparse.Namespace, server: Server, browser: Any, base: str) -> dict[str, Any]:
    """The class of N in a class of the board opens FROM; once the server is
    quiet the teacher sends it to TO from the board (ClassBoard.lead, as the
    board's button does); --sent-after seconds later all N open TO in the same tabs."""
    origin, target = args.sent
    n = args.sent_visitors
    code = in_app(server, args, START_CLASS)
    print(f"a class of {n}, code {code}, opens {origin} at once", flush=True)
    room = Class(n)
    await room.open(browser, args.limit)
    second = after_second = None
    lead = ""
    try:
        before = server.memory()
        query = f"?class={code}"
        first = await wave(args, server, room.visitors, room.pages, url_of(base, origin, query), origin)
        await network_quiet(room.traffic)
        for visitor, traffic in zip(room.visitors, room.traffic):
            visitor.traffic = traffic.take()
        after = await settle(server, args.refill_limit) if not first["stopped"] else None
        first_figures = round_figures(args, "sent:first", origin, n, room.visitors, first, after, before)
        if after:
            lead = in_app(server, args, LEAD % (code, target.removesuffix(".ipynb")))
            print(lead, flush=True)
            await asyncio.sleep(args.sent_after)
            before_second = server.memory()
            print(f"the class of {n} opens {target} at once", flush=True)
            second = await wave(args, server, room.visitors, room.pages, url_of(base, target, query), target)
            await network_quiet(room.traffic)
            for visitor, traffic in zip(room.visitors, room.traffic):
                visitor.traffic = traffic.take()
            after_second = await settle(server, args.refill_limit) if not second["stopped"] else None
    finally:
        await room.close()
    closed = await settle(server, args.refill_limit) if server.process.poll() is None else None
    figures = {"kind": "sent", "class_code": code, "lead": lead, "sent_after_seconds": args.sent_after,
               "first": first_figures,
               "second": round_figures(args, "sent:second", target, n, room.visitors, second,
                                       after_second, before_second) if second else None,
               "after_closing": mb(closed["memory"]) if closed else None}
    return figures


#: The one visitor of --gets: always the same address (127.0.0.1) and browser.
GETS_AGENT = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/120.0 Safari/537.36 uno_nb-classroom-gets")


def gets_round(args: argparse.Namespace, server: Server, base: str) -> dict[str, Any]:
    """--gets N: plain GETs of the page one after another from one visitor,
    each read to its end (at most --limit seconds each, and all of them
    within --limit + N seconds); the statuses, the kernels before and after."""
    page = args.gets_page
    url = url_of(base, page)
    server.log.read()
    running_before = len(server.log.kernels)
    used_before = sum(server.log.used.values())
    log_started_before = server.log.started
    before = server.memory()
    print(f"{args.gets} GETs of {url} from one visitor, one after another", flush=True)
    gets = []
    deadline = time.monotonic() + args.limit + args.gets
    for number in range(1, args.gets + 1):
        if time.monotonic() > deadline:
            gets.append({"get": number, "status": "not sent (out of time)"})
            continue
        begun = time.perf_counter()
        request = urllib.request.Request(url, headers={"User-Agent": GETS_AGENT,
                                                       "Accept": "text/html"})
        try:
            with urllib.request.urlopen(request, timeout=args.limit) as answer:
                status, body = answer.status, answer.read()
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read()
        except OSError as error:
            status, body = f"no answer ({error})"[:120], b""
        gets.append({"get": number, "status": status, "bytes": len(body),
                     "seconds": time.perf_counter() - begun})
    quiet = asyncio.run(settle(server, args.refill_limit))
    server.log.read()
    return {
        "kind": "gets", "page": page.removesuffix(".ipynb"), "gets": args.gets, "user_agent": GETS_AGENT,
        "statuses": dict(Counter(str(g["status"]) for g in gets)),
        "per_get": gets,
                # Voilà has no /api/kernels list: the kernels are counted in its log
        # (started, not shut down) and as the server's processes
        "kernels_running_before": running_before, "kernels_running_after": len(server.log.kernels),
        "kernels_started_in_log": server.log.started - log_started_before,
        "pool_kernels_taken": sum(server.log.used.values()) - used_before,
        "memory_before": mb(before), "memory_after": mb(quiet["memory"]),
        "refilled": quiet["refilled"], "settle_seconds": quiet["refill_seconds"],
        "server_errors_total": len(server.log.errors),
    }


async def classroom(args: argparse.Namespace, server: Server, base: str,
                    figures: dict[str, Any], save: Any) -> None:
    """The rounds, the --sent round, the --gets: each round's figures added
    to ``figures["rounds"]`` and printed as soon as it is done."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=ensure_chromium(),
                                                   args=CHROMIUM_ARGS)
        try:
            for page in args.pages:
                for n in args.counts:
                    done = await page_round(args, server, browser, base, page, n)
                    figures["rounds"].append(done)
                    save()
                    for line in report(done):
                        print(line, flush=True)
                    if server.process.poll() is not None:
                        return
            if args.sent:
                done = await sent_round(args, server, browser, base)
                figures["rounds"].append(done)
                save()
                for line in report(done):
                    print(line, flush=True)
        finally:
            await browser.close()
    if args.gets and server.process.poll() is None:
        done = await asyncio.to_thread(gets_round, args, server, base)
        figures["rounds"].append(done)
        save()
        for line in report(done):
            print(line, flush=True)


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
    """The lines printed for one round (see the top of this file)."""
    if figures["kind"] == "gets":
        return report_gets(figures)
    if figures["kind"] == "sent":
        lines = [f"the class {figures['class_code']} on {figures['first']['page']}:"]
        lines += report(figures["first"])
        lines.append(figures["lead"] or "the class was not sent (the first wave did not end well)")
        if figures["second"]:
            lines.append(f"{figures['sent_after_seconds']:g} s after the lead, the class on "
                         f"{figures['second']['page']}:")
            lines += report(figures["second"])
        return lines
    lines = [Visitor(**{k: v for k, v in row.items() if k != "reloaded"}).line()
             for row in figures["per_visitor"]]

    def secs(value: float | None) -> str:
        return "nan" if value is None else f"{value:.2f}s"

    def mem(which: str) -> str:
        memory = figures[which]
        return "nan" if memory is None else f"{memory['pss_bytes'] / 1e6:.0f}MB"

    if figures["refill_seconds"] is None:
        refill = f"refill not waited for ({figures['refill_waiting_for']})"
    else:
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
    after = figures["memory_after"]
    lines.append(f"memory: before pss={mem('memory_before')} rss="
                 f"{figures['memory_before']['rss_bytes'] / 1e6:.0f}MB "
                 f"processes={figures['memory_before']['processes']}; after the visits and the refill "
                 + ("nan" if after is None else f"pss={after['pss_bytes'] / 1e6:.0f}MB "
                    f"rss={after['rss_bytes'] / 1e6:.0f}MB processes={after['processes']}")
                 + (f"; after closing the tabs pss={figures['after_closing']['pss_bytes'] / 1e6:.0f}MB "
                    f"kernels {figures['kernels_before']}->{figures['kernels_after_closing']}"
                    if figures.get("after_closing") else ""))
    second = (f" second={figures['second_page']} second_p50={secs(figures['second_seconds_p50'])} "
              f"second_bytes_p50={kb(figures['second_bytes_p50'])} "
              f"second_requests_p50={figures['second_requests_p50']:g}") if figures["second_page"] else ""
    requests = "nan" if figures["requests_p50"] is None else f"{figures['requests_p50']:g}"
    lines.append(f"classroom{'' if figures['kind'] == 'round' else ' ' + figures['kind']} "
                 f"N={figures['visitors']} page={figures['page']} "
                 f"p50={secs(figures['p50_seconds'])} max={secs(figures['max_seconds'])} "
                 f"reloads={figures['reloads']} failed={figures['failed']} "
                 f"server_cpu_per_visit={figures['server_cpu_per_visit']:.2f}s "
                 f"bytes_p50={kb(figures['bytes_p50'])} requests_p50={requests} "
                 f"ws_bytes_p50={kb(figures['ws_bytes_p50'])}{second} "
                 f"pss_before={mem('memory_before')} pss_after={mem('memory_after')}")
    return lines


def report_gets(figures: dict[str, Any]) -> list[str]:
    statuses = " ".join(f"{status}x{count}" for status, count in figures["statuses"].items())
    gets = [g for g in figures["per_get"] if "seconds" in g]
    return [
        f"gets: statuses {statuses}; {sum(g['seconds'] for g in gets):.1f} s in all, "
        f"the longest {max((g['seconds'] for g in gets), default=0):.1f} s; then quiet after "
        f"{figures['settle_seconds']:.1f} s" + ("" if figures["refilled"] else " (not quiet within the limit)"),
        f"classroom gets N={figures['gets']} page={figures['page']} statuses={statuses} "
        f"kernels_running={figures['kernels_running_before']}->{figures['kernels_running_after']} "
        f"kernels_started={figures['kernels_started_in_log']} "
        f"pool_kernels_taken={figures['pool_kernels_taken']} "
        f"pss_before={figures['memory_before']['pss_bytes'] / 1e6:.0f}MB "
        f"pss_after={figures['memory_after']['pss_bytes'] / 1e6:.0f}MB "
        f"processes={figures['memory_before']['processes']}->{figures['memory_after']['processes']}",
    ]


def _terminate(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # so that the server is stopped on the way out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.root = args.root.resolve()
    if args.hub:  # the kit's JupyterHub, from this checkout (its own module: hub_class.py)
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import hub_class
        return hub_class.run(args, sys.modules[__name__])
    for page in measured_pages(args) + ([args.second] if args.second_visitors else []):
        if not (args.root / "notebooks" / page).is_file():
            raise SystemExit(f"classroom.py: no notebooks/{page} in {args.root}")
    port = args.port or free_port()
    if args.log:
        log_path, keep_log = args.log, True
    else:
        handle, name = tempfile.mkstemp(prefix="uno_nb-classroom-", suffix=".log")
        os.close(handle)
        log_path, keep_log = Path(name), False
    # a class board of its own, not the user's (the launcher reads $UNO_NB_CLASSBOARD)
    board_dir = Path(tempfile.mkdtemp(prefix="uno_nb-classroom-board-"))
    signal.signal(signal.SIGTERM, _terminate)
    command = server_command(args, port)
    print(f"starting the app in {args.root}: {' '.join(command)}", flush=True)
    base = f"http://127.0.0.1:{port}"
    figures: dict[str, Any] = {"root": str(args.root), "python": args.python, "command": command,
                               "class_size": args.class_size, "rounds": []}

    def save() -> None:
        if args.json:
            args.json.write_text(json.dumps(figures, indent=2) + "\n")

    server = Server(command, args.root, log_path, base,
                    env={"UNO_NB_CLASSBOARD": str(board_dir / "classboard.sqlite")})
    try:
        how = server.wait_until_ready(args.start_limit, args.class_size)
        ready = server.memory()
        figures.update(ready=how, ready_line=server.log.ready[-1] if server.log.ready else None,
                       memory_at_ready=mb(ready))
        print(f"server ready: {how}", flush=True)
        print(f"ready_line={figures['ready_line']!r} pss_at_ready={ready.pss / 1e6:.0f}MB "
              f"rss_at_ready={ready.rss / 1e6:.0f}MB processes={ready.processes}", flush=True)
        save()
        asyncio.run(classroom(args, server, base, figures, save))
        server.check()
    except ServerStopped as error:
        keep_log = True
        print(f"classroom.py: {error}", file=sys.stderr)
        return 1
    except BaseException:
        keep_log = True
        raise
    finally:
        server.stop()
        save()
        shutil.rmtree(board_dir, ignore_errors=True)
        if keep_log:
            print(f"the server's log: {log_path}", file=sys.stderr)
        else:
            log_path.unlink(missing_ok=True)
    for line in summary(figures):
        print(line)
    return 0


def summary(figures: dict[str, Any]) -> list[str]:
    """The closing table: the summary line of every round again, and the ready line."""
    lines = [f"ready: {figures.get('ready_line')!r} pss_at_ready="
             f"{figures['memory_at_ready']['pss_bytes'] / 1e6:.0f}MB" if figures.get("memory_at_ready")
             else "ready: never"]
    for done in figures["rounds"]:
        lines += [line for line in report(done) if line.startswith("classroom")]
    return lines


if __name__ == "__main__":
    sys.exit(main())
