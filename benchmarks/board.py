"""How fast does the teacher's class board stay as a class's rows grow?

The class board page (:class:`uno_nb.widgets.board_app.ClassBoardApp`, which
draws the pooled rows of :class:`uno_nb.classboard.ClassBoard`'s SQLite file)
redraws at every tick of the page, every two seconds, and makes the class's
CSV when the teacher asks.  This times both on classes of ``--rows`` rows,
for this checkout and for a base revision (``--base``, default 4aab95c, the
board before its store was rewritten) in the same run:

* the base is checked out in a temporary ``git worktree add --detach``
  (removed at the end, whatever happens);
* each (version, rows) is measured in a fresh process of this Python that
  runs this file's measurement (a copy taken at the start of the run) with
  that version's checkout first on ``PYTHONPATH`` (the process says which
  ``uno_nb`` it imported), on a fresh SQLite file in a temporary folder; the
  versions alternate, size by size.  What differs between the versions' APIs
  (starting a class, enrolling, opening the board as the teacher, a student's
  page recording) is one small adapter function per version, chosen by what
  the imported ``uno_nb`` has (``adapter_4aab95c``, ``adapter_enrolled``).

The class: 30 students (one in three with a nickname), whose rows are, at
random, 84 in 100 dealt hands (the card-odds page's *Deal*: item ``wild:7``,
100 hands a press, each student dealing on a seed of its own, so that no
blocks overlap), 6 predictions (each student through the lessons' questions:
wrong then right, right first, or shown), 5 games and 4 answers to a Wild
Draw Four on the play page, and 1 lab run - each with the details the pages
record.  The rows are the same for both versions (the same seed).  Filling
the file is not what is measured: the class is started (and its students
enrolled, where the version enrols) through the version's own API, and the
rows go in in one transaction straight into its results table (its columns
checked first), dated an hour ago.  The lessons' questions are worked out
before (once per kernel, as on every page), not in the first draw.

One line per (version, rows), each figure in seconds or milliseconds:

``fill``
    the rows written to the file (not the point; for the record).
``first draw``
    the board opened on the class: the app made, the teacher's page on the
    class, every row read, pooled and drawn.
``nothing new``
    a tick of the page (``app.refresh()``) when no row came in since the
    last: the median of ``--repeat`` ticks.
``new row``
    a tick after one new row: a student's page (its own connection, through
    the version's classroom) records one more block of 100 dealt hands, then
    the board's tick is timed; the median of ``--repeat``.  The new rows are
    a latecomer's (a 31st student, enrolled with the others, who had dealt no
    hands yet), so that each one counts on the chart even where the board
    counts at most so many hands of one student.
``export``
    *Export the class's results*: the CSV of every row made, and its link
    (the rows it holds are counted and checked against the rows written);
    the median of 3 (or of ``--repeat``, if fewer).
``CSV link``
    the size of that link (the CSV in base64, in the page's HTML): what the
    page then sends to the teacher's browser, which is not timed here.
``drawn with N hands (M left out)``
    the hands of ``wild:7`` the first draw pooled, and those it left out
    (from the store v2 on, one student adds at most 20,000 hands, so at
    10,000 rows and more the class's chart holds fewer hands than the base's).

Then the ratios base/this of each figure, and whether this checkout meets the
aims at its largest size (a tick with nothing new within 5 ms, with a new row
within 50 ms, the export within 5 s at 100,000 rows).  A board that draws
none of the class's hands or exports other than every row fails its line.

The base's board pools in time that grows with the square of a student's
hand rows, so each call has a budget (``--budget`` seconds, 120): a tick
repeated stops repeating once the next would overrun it ("4 of 7"), and a
call that overruns it is stopped (its process killed), said "over budget",
and that version is not measured at the larger sizes.  The last line says
how long the run took.  ``--json FILE`` writes every figure, each call's
included.

    python benchmarks/board.py
    python benchmarks/board.py --rows 1000,10000 --repeat 9 --json board.json
    python benchmarks/board.py --rows 200 --no-base

Run by hand: its figures are measured, never asserted.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import math
import os
import queue
import random
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator, Sequence

ROOT = Path(__file__).resolve().parent.parent

#: What the issue asks of this checkout at 100,000 rows (seconds).
AIMS = {"nothing_new": 0.005, "new_row": 0.050, "export": 5.0}
#: The figures of a line, in order, and their names there.
STEPS = {"fill": "fill", "first_draw": "first draw", "nothing_new": "nothing new",
         "new_row": "new row", "export": "export"}
#: The steps timed more than once (the export: at most 3 times).
REPEATED = ("nothing_new", "new_row", "export")
#: The most seconds a measuring process may take to start: its imports, and the
#: lessons' questions (in a fresh worktree numba compiles the simulator first).
SETTING_UP = 600.0
#: A worker's lines to the parent start with this.
MARK = "@board "
STUDENTS = 30
#: A row as a student's page records it: (student number, kind, item, value, detail).
Row = tuple[int, str, str, float | None, dict[str, Any]]


# -- the class's rows (the same for every version) --------------------------------------

def _wilds_in_a_hand() -> list[float]:
    """The chance of k Wild cards (8 in 108) in a hand of 7, k = 0..7, summed up."""
    total, out, chances = math.comb(108, 7), [], 0.0
    for k in range(8):
        chances += math.comb(8, k) * math.comb(100, 7 - k) / total
        out.append(chances)
    return out


class Class:
    """A class of ``students`` students at work: :meth:`row` is the next row
    one of them records, as ``(student number, kind, item, value, detail)``."""

    MIX = (("hand", 84), ("prediction", 6), ("game", 5), ("challenge", 4), ("lab", 1))

    def __init__(self, questions: Sequence[Any], students: int = STUDENTS, seed: int = 2024) -> None:
        self.rng = random.Random(seed)
        self.students = students
        self.questions = [(q.id, q.page, len(q.choices), float(q.answer)) for q in questions]
        self.dealt = [0] * (students + 1)  # the hands each student dealt so far (and the latecomer)
        self.asked = [0] * students  # the question each is on, and its tries on it
        self.tries = [0] * students
        self._kinds = [kind for kind, _ in self.MIX]
        self._weights = [weight for _, weight in self.MIX]
        self._wilds = _wilds_in_a_hand()

    @staticmethod
    def nickname(student: int) -> str | None:
        return f"Kid {student}" if student % 3 == 0 else None

    def rows(self, n: int) -> Iterator[Row]:
        for _ in range(n):
            yield self.row()

    def row(self, kind: str | None = None,
            student: int | None = None) -> Row:
        rng = self.rng
        kind = kind or rng.choices(self._kinds, self._weights)[0]
        s = rng.randrange(self.students) if student is None else student
        if kind == "hand":  # the card-odds page's Deal: 100 hands, numbered on from the last
            counts = Counter(rng.choices(range(8), cum_weights=self._wilds, k=100))
            start, self.dealt[s] = self.dealt[s], self.dealt[s] + 100
            return s, kind, "wild:7", 100, {"seed": 1000 + 7 * s, "start": start,
                                            "counts": {str(k): counts[k] for k in sorted(counts)}}
        if kind == "prediction":  # wrong then right, right first, or shown after two misses
            qid, page, choices, answer = self.questions[self.asked[s] % len(self.questions)]
            self.tries[s] += 1
            tries = self.tries[s]
            outcome = "right" if rng.random() < 0.45 else "shown" if tries >= 3 else "wrong"
            if outcome != "wrong":
                self.asked[s], self.tries[s] = self.asked[s] + 1, 0
            if outcome == "shown":
                value: float | None = None
            elif choices:
                value = answer if outcome == "right" else float((int(answer) + 1 + rng.randrange(
                    choices - 1)) % choices)
            else:
                value = answer if outcome == "right" else round(answer * rng.uniform(0.5, 1.5), 1)
            return s, kind, qid, value, {"outcome": outcome, "tries": tries, "page": page}
        if kind == "game":
            won = rng.random() < 0.3
            return s, kind, "play", 1.0 if won else 0.0, {
                "winner": 0 if won else rng.randrange(1, 4), "turns": rng.randrange(20, 120),
                "players": 4, "seed": rng.randrange(10**6)}
        if kind == "challenge":
            challenged = rng.random() < 0.4
            guilty = (rng.random() < 0.5) if challenged else None
            took = "challenge" if challenged else rng.choice(("take", "play"))
            drew = (0 if guilty else 6) if challenged else 4 if took == "take" else 0
            return s, kind, "play", 1.0 if challenged else 0.0, {
                "challenged": challenged, "answer": took, "drew": drew, "guilty": guilty}
        games = rng.choice((1_000, 10_000))
        return s, "lab", "run", games, {
            "a": "standard", "b": "party", "players": 4, "bots": "heuristic",
            "seed": rng.randrange(10**6), "turns_a": round(rng.uniform(30, 60), 2),
            "turns_b": round(rng.uniform(30, 60), 2)}


def detail_text(detail: dict[str, Any]) -> str:
    """A row's details as the store writes them."""
    return json.dumps(detail, sort_keys=True, ensure_ascii=False, allow_nan=False)


def csv_rows(link_html: str) -> int | None:
    """How many rows the CSV of an export link holds (None: no such link)."""
    found = re.search(r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', link_html)
    if not found:
        return None
    import csv
    import io
    text = base64.b64decode(found[1]).decode("utf-8")
    return sum(1 for _ in csv.reader(io.StringIO(text))) - 1


# -- one adapter per version: the only part that knows a version's API --------------------

#: The results table's columns, the same in both layouts so far.
RESULTS = ["id", "class", "student", "nickname", "kind", "item", "value", "detail", "at"]


def fill_results(path: Path, code: str, ids: list[str], rows: Iterator[Row]) -> None:
    """The class's rows written straight into the file's results table, in one
    transaction (the version's own table: its columns are checked first)."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(results)")]
        if columns != RESULTS:
            raise SystemExit(f"board.py: the results table has the columns {columns}, "
                             f"not {RESULTS}: the adapter needs to know them")
        at = time.time() - 3600  # an hour ago: no student is near a rows-a-minute limit
        with db:
            db.executemany(
                "INSERT INTO results (class, student, nickname, kind, item, value, detail, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                ((code, ids[s], Class.nickname(s), kind, item,
                  None if value is None else float(value), detail_text(detail), at + i * 0.01)
                 for i, (s, kind, item, value, detail) in enumerate(rows)))


def adapter_4aab95c(path: Path) -> SimpleNamespace:
    """The board before its store was rewritten (4aab95c): anyone with the
    code writes rows under a student id of its own; the board is a page
    joined to the class."""
    from uno_nb import classboard, classroom
    from uno_nb.widgets.board_app import ClassBoardApp

    ids = [f"s{n:02d}" for n in range(STUDENTS + 1)]
    pages: dict[int, Any] = {}

    def start() -> str:
        with classboard.ClassBoard(path) as store:
            return store.start_class()

    def open_board(code: str) -> Any:
        room = classroom.Classroom(path)
        room.join(code, "teacher")
        return ClassBoardApp(lang="en", room=room)

    def add(code: str, row: Row) -> None:  # as the student's page records it
        s, kind, item, value, detail = row
        if s not in pages:
            pages[s] = classroom.Classroom(path)
            pages[s].join(code, ids[s], Class.nickname(s))
        pages[s].record(kind, item, value, detail)

    return SimpleNamespace(name="4aab95c", start=start,
                           fill=lambda code, rows: fill_results(path, code, ids, rows),
                           open=open_board, add=add, tick=lambda app: app.refresh(),
                           export=lambda app: app.export(), link=lambda app: app._csv.value)


def adapter_enrolled(path: Path) -> SimpleNamespace:
    """The store v2 (8a5009e on): the store enrols students (an id, and a
    secret their browser keeps) and takes rows of enrolled students only;
    only the teacher's page starts a class, reads its rows and exports."""
    from uno_nb import classboard, classroom
    from uno_nb.widgets.board_app import ClassBoardApp

    enrolled: list[Any] = []  # classboard.Enrolment: .student.id, .secret
    pages: dict[int, Any] = {}

    def start() -> str:
        teacher = classroom.Classroom(path, teacher=True)
        code = teacher.start_class()
        with classboard.ClassBoard(path) as store:
            enrolled.extend(store.enrol(code, Class.nickname(s)) for s in range(STUDENTS + 1))
        return code

    def fill(code: str, rows: Iterator[Row]) -> None:
        fill_results(path, code, [e.student.id for e in enrolled], rows)

    def open_board(code: str) -> Any:
        room = classroom.Classroom(path, teacher=True)
        room.open_class(code)
        return ClassBoardApp(lang="en", room=room)

    def add(code: str, row: Row) -> None:  # as the student's page records it
        s, kind, item, value, detail = row
        if s not in pages:
            pages[s] = classroom.Classroom(path)
            pages[s].join(code, enrolled[s].secret)
        pages[s].record(kind, item, value, detail)

    return SimpleNamespace(name="store v2", start=start, fill=fill, open=open_board, add=add,
                           tick=lambda app: app.refresh(), export=lambda app: app.export(),
                           link=lambda app: app._csv.value)


def adapter(path: Path) -> SimpleNamespace:
    """The adapter for the ``uno_nb`` this process imported."""
    from uno_nb import classboard
    if hasattr(classboard.ClassBoard, "enrol"):
        return adapter_enrolled(path)
    return adapter_4aab95c(path)


def hands_pooled(app: Any) -> tuple[int, int] | None:
    """The hands of ``wild:7`` the board pooled, and those it left out (a
    student's past the share one student may add), if the app says."""
    hands = getattr(getattr(app, "pooled", None), "hands", {}).get("wild:7")
    return None if hands is None else (int(hands.dealt), int(getattr(hands, "left_out", 0)))


# -- the measurement, in a worker process --------------------------------------------------

def _say(**event: Any) -> None:
    print(MARK + json.dumps(event), flush=True)


def measure(rows: int, repeat: int, budget: float, folder: Path,
            say: Callable[..., None] = _say) -> None:
    """Measure the board of the ``uno_nb`` imported on a class of ``rows``
    rows in a fresh file in ``folder``, saying each step as it starts and
    each call as it ends (``say(event=..., step=..., seconds=...)``)."""
    import uno_nb
    from uno_nb import lessons

    path = folder / "board.sqlite3"
    board = adapter(path)
    say(event="ready", uno_nb=str(Path(uno_nb.__file__).resolve().parent), adapter=board.name)
    pupils = Class(lessons.questions())

    say(event="start", step="fill")
    began = time.perf_counter()
    code = board.start()
    board.fill(code, pupils.rows(rows))
    say(event="call", step="fill", seconds=time.perf_counter() - began)

    say(event="start", step="first_draw")
    began = time.perf_counter()
    app = board.open(code)
    drawn = hands_pooled(app)
    say(event="call", step="first_draw", seconds=time.perf_counter() - began, hands=drawn)
    if drawn is None:  # a board that shows nothing is quick, and measures nothing
        raise SystemExit("board.py: the board drew none of the class's hands "
                         "(does the adapter open it as this version's teacher does?)")

    def repeated(step: str, before: Callable[[], None], times: int = repeat,
                 call: Callable[[Any], None] = board.tick) -> None:
        say(event="start", step=step)
        spent = 0.0
        for _ in range(times):
            before()
            began = time.perf_counter()
            call(app)
            took = time.perf_counter() - began
            say(event="call", step=step, seconds=took)
            spent += took
            if spent + took > budget:  # the next would overrun the budget
                break

    repeated("nothing_new", lambda: None)
    added = [0]

    def one_row() -> None:  # the latecomer's hands: each one counts, on the chart
        board.add(code, pupils.row("hand", student=STUDENTS))
        added[0] += 1
    repeated("new_row", one_row)
    say(event="hands", hands=hands_pooled(app))

    repeated("export", lambda: None, min(3, repeat), board.export)
    link = board.link(app)
    exported = csv_rows(link)
    say(event="export", rows_exported=exported, rows_written=rows + added[0],
        link_bytes=len(link.encode()))
    if exported != rows + added[0]:
        raise SystemExit(f"board.py: the export holds {exported} rows of {rows + added[0]}")


def worker(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="board.py --worker")
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--repeat", type=int, required=True)
    parser.add_argument("--budget", type=float, required=True)
    parser.add_argument("--folder", type=Path, required=True)
    args = parser.parse_args(argv)
    measure(args.rows, args.repeat, args.budget, args.folder)
    return 0


# -- the run: the versions side by side ----------------------------------------------------

def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


class Worktree:
    """The base revision checked out in a temporary folder (removed on exit)."""

    def __init__(self, revision: str, folder: Path) -> None:
        self.path = folder / "base"
        git("worktree", "add", "--detach", "--quiet", str(self.path), revision)

    def remove(self) -> None:
        try:
            git("worktree", "remove", "--force", str(self.path))
        except subprocess.CalledProcessError:
            shutil.rmtree(self.path, ignore_errors=True)
            subprocess.run(["git", "worktree", "prune"], cwd=ROOT, capture_output=True)


def run_one(root: Path, rows: int, args: argparse.Namespace, folder: Path,
            script: Path) -> dict[str, Any]:
    """One version at one size, in a process of its own: its figures (each
    step: the seconds of each call, or why there are none)."""
    folder.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(root), *filter(None, [os.environ.get("PYTHONPATH")])])}
    env.pop("UNO_NB_CLASSBOARD", None)
    env.pop("UNO_NB_CLASS_SERVER", None)
    command = [sys.executable, str(script), "--worker", "--rows", str(rows),
               "--repeat", str(args.repeat), "--budget", str(args.budget),
               "--folder", str(folder)]
    errors = open(folder / "stderr", "w+")
    process = subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE,
                               stderr=errors, text=True, start_new_session=True)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)
    threading.Thread(target=read, daemon=True).start()

    figures: dict[str, Any] = {"rows": rows, "steps": {}}
    step = "start"
    deadline = time.monotonic() + SETTING_UP
    try:
        while True:
            try:  # briefly at a time: a signal to this process is handled between waits
                line = lines.get(timeout=min(0.5, max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                if time.monotonic() < deadline:
                    continue
                figures["stopped"] = step
                figures["steps"].setdefault(step, {"calls": []})["over_budget"] = True
                break
            if line is None:
                break
            if not line.startswith(MARK):
                continue
            event = json.loads(line[len(MARK):])
            # each call has the budget (and the imports and the questions their own)
            deadline = time.monotonic() + (SETTING_UP if event["event"] == "ready"
                                           else args.budget + 2)
            if event["event"] == "ready":
                figures.update(uno_nb=event["uno_nb"], adapter=event["adapter"])
            elif event["event"] == "start":
                step = event["step"]
                figures["steps"][step] = {"calls": []}
            elif event["event"] == "hands":
                figures["hands_in_the_end"] = event["hands"]
            elif event["event"] == "export":
                figures.update((key, event[key]) for key in
                               ("rows_exported", "rows_written", "link_bytes"))
            else:
                figures["steps"][step]["calls"].append(event["seconds"])
                if step == "first_draw":
                    figures["hands_first_draw"] = event["hands"]
    finally:
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        process.wait()
        errors.seek(0)
        said = errors.read().strip().splitlines()
        errors.close()
    if "stopped" not in figures and process.returncode != 0:
        figures["failed"] = said[-1] if said else f"exit status {process.returncode}"
    return figures


def figure(figures: dict[str, Any], step: str) -> float | None:
    """A step's figure: the median of its calls (None if it has none)."""
    calls = figures["steps"].get(step, {}).get("calls", [])
    return statistics.median(calls) if calls else None


def seconds_text(value: float | None) -> str:
    if value is None:
        return "-"
    ms = value * 1000
    return (f"{ms:.3f} ms" if ms < 1 else f"{ms:.2f} ms" if ms < 10 else f"{ms:.1f} ms"
            if ms < 1000 else f"{value:.2f} s")


def line(label: str, figures: dict[str, Any], repeat: int, budget: float) -> str:
    parts = []
    for step, name in STEPS.items():
        got = figures["steps"].get(step)
        if got is None:
            parts.append(f"{name} skipped")
        elif got.get("over_budget") and not got["calls"]:
            parts.append(f"{name} over budget (> {budget:g} s)")
        else:
            text = f"{name} {seconds_text(figure(figures, step))}"
            times = min(3, repeat) if step == "export" else repeat if step in REPEATED else 1
            if len(got["calls"]) < times:
                text += f" ({len(got['calls'])} of {times}"
                text += ", then over budget)" if got.get("over_budget") else ")"
            parts.append(text)
    said = f"{label} {figures['rows']:>7,} rows: " + " | ".join(parts)
    if figures.get("stopped") == "start":
        said += f" | stopped: not started within {SETTING_UP:g} s"
    if figures.get("failed"):
        said += f" | failed: {figures['failed']}"
    if figures.get("link_bytes"):
        said += f" | CSV link {figures['link_bytes'] / 1e6:.1f} MB"
    hands = figures.get("hands_first_draw")
    if hands is not None:
        said += f" | drawn with {hands[0]:,} hands" + (f" ({hands[1]:,} left out)" if hands[1] else "")
    exported, written = figures.get("rows_exported"), figures.get("rows_written")
    if written is not None and exported != written:
        said += f" | the CSV holds {exported} rows of {written}!"
    return said


def ratio_text(base: dict[str, Any], this: dict[str, Any], step: str, budget: float) -> str:
    mine, theirs = figure(this, step), figure(base, step)
    if mine is None or mine <= 0:
        return "-"
    if theirs is None:
        got = base["steps"].get(step)
        return f"> {budget / mine:,.0f}" if got and got.get("over_budget") else "-"
    ratio = theirs / mine
    return f"{ratio:,.0f}" if ratio >= 100 else f"{ratio:.1f}" if ratio >= 10 else f"{ratio:.2f}"


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def sizes(text: str) -> list[int]:
    try:
        values = [int(part.replace("_", "")) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of numbers of rows") from None
    if not values or any(value < 100 for value in values):
        raise argparse.ArgumentTypeError("rows are whole numbers of at least 100, comma-separated")
    return sorted(set(values))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="board.py", description=__doc__.split("\n\n")[0],
        epilog="The figures printed are explained at the top of benchmarks/board.py.")
    parser.add_argument("--rows", type=sizes, default=[1_000, 10_000, 100_000], metavar="N,N,...",
                        help="the class sizes, in rows (default 1000,10000,100000)")
    parser.add_argument("--base", default="4aab95c", metavar="REV",
                        help="the revision to compare with (default 4aab95c)")
    parser.add_argument("--no-base", action="store_true", help="measure this checkout only")
    parser.add_argument("--repeat", type=positive, default=7, metavar="N",
                        help="ticks timed for each median (default 7)")
    parser.add_argument("--budget", type=float, default=120.0, metavar="S",
                        help="the most seconds one call may take (default 120)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures to FILE")
    args = parser.parse_args(argv)
    if not args.budget > 0:
        parser.error("--budget must be more than 0 seconds")
    if args.repeat > 50:  # the new rows are one student's, who may write 60 a minute
        parser.error("--repeat is at most 50")
    return args


def _terminate(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # so that the worktree is removed on the way out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        return worker(argv[1:])
    args = parse_args(argv)
    began = time.perf_counter()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
    head = git("rev-parse", "--short", "HEAD")
    changed = bool(git("status", "--porcelain", "--", "uno_nb"))
    this_label = f"this {head}{'+' if changed else ''}"
    versions: list[tuple[str, str, Path]] = []
    temp = Path(tempfile.mkdtemp(prefix="uno_nb-board-"))
    tree = None
    results: list[dict[str, Any]] = []
    try:
        if not args.no_base:
            try:
                base = git("rev-parse", "--short", args.base + "^{commit}")
            except subprocess.CalledProcessError:
                raise SystemExit(f"board.py: {args.base!r} is no revision of this repository") \
                    from None
            tree = Worktree(base, temp)
            versions.append(("base", f"base {base}", tree.path))
        versions.append(("this", this_label, ROOT))
        script = temp / "board.py"  # every process of the run measures with this very text
        shutil.copyfile(Path(__file__).resolve(), script)
        width = max(len(label) for _, label, _ in versions)
        print(f"the class board, {STUDENTS} students, rows {', '.join(f'{n:,}' for n in args.rows)}; "
              f"medians of {args.repeat} ticks; {args.budget:g} s budget a call"
              + (f"; {this_label} has uncommitted changes in uno_nb/" if changed else ""),
              flush=True)
        stopped: dict[str, str] = {}
        for rows in args.rows:
            for name, label, root in versions:
                if name in stopped:
                    figures = {"rows": rows, "steps": {}, "skipped": stopped[name]}
                    print(f"{label:<{width}} {rows:>7,} rows: skipped ({stopped[name]})")
                else:
                    figures = run_one(root, rows, args, temp / f"{name}-{rows}", script)
                    print(line(f"{label:<{width}}", figures, args.repeat, args.budget), flush=True)
                    if "stopped" in figures:
                        stopped[name] = "over budget at fewer rows"
                    elif "failed" in figures:
                        stopped[name] = "failed at fewer rows"
                results.append({"version": name, "label": label, **figures})
    finally:
        if tree is not None:
            tree.remove()
        shutil.rmtree(temp, ignore_errors=True)

    by = {(r["version"], r["rows"]): r for r in results}
    if not args.no_base:
        print("base/this (how many times faster this checkout is):")
        for rows in args.rows:
            theirs, ours = by[("base", rows)], by[("this", rows)]
            print(f"  {rows:>7,} rows: " + " | ".join(
                f"{STEPS[step]} {ratio_text(theirs, ours, step, args.budget)}"
                for step in STEPS if step != "fill"))
    largest = by[("this", args.rows[-1])]
    met = []
    for step, aim in AIMS.items():
        value = figure(largest, step)
        verdict = "not measured" if value is None else "met" if value <= aim else "NOT met"
        met.append(f"{STEPS[step]} {seconds_text(value)} (aim {seconds_text(aim)}): {verdict}")
    print(f"aims at {args.rows[-1]:,} rows ({this_label}): " + "; ".join(met)
          + ("" if args.rows[-1] == 100_000 else " (the aims are for 100,000 rows)"))
    took = time.perf_counter() - began
    print(f"board_run_seconds={took:.1f}")
    if args.json:
        args.json.write_text(json.dumps({
            "rows": args.rows, "repeat": args.repeat, "budget": args.budget,
            "base": None if args.no_base else versions[0][1], "this": this_label,
            "aims": AIMS, "seconds": took, "results": results}, indent=2) + "\n")
    failed = any("failed" in r for r in results if r["version"] == "this")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
