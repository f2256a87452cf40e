"""The class board's store: what a class's students do, pooled in one SQLite file.

When the app runs for a class, each student's page (its own kernel, its own
process) adds a row here for every prediction, dealt hand, challenge, game
and lab run; the board page reads them all back and draws the class's
figures.  The store is the standard library's :mod:`sqlite3`:

* one file on the teacher's computer (:func:`default_path`, or
  ``UNO_NB_CLASSBOARD``), in WAL mode, so that the board reads while students
  write and never blocks them;
* each row is written in a transaction of its own (``BEGIN IMMEDIATE``), and a
  writer that finds the file busy waits and tries again, up to
  :data:`PATIENCE` seconds, before it gives up with :class:`BoardBusy` - a row
  already written is never lost, and a writer killed mid-write leaves the file
  as it was before that row (SQLite's journal);
* a class is a short code (:func:`new_code`, five letters and digits that
  cannot be misread: no I, O, 0 or 1), and a student is an anonymous id the
  page makes; a nickname is optional and stored as typed (the board shows it
  as text).

This module holds no words for people: its refusals are exceptions with a
``reason`` the pages look up in the text table.

``python -m uno_nb.classboard load --writers 30 --rows 200 FILE`` starts 30
writer processes at once against FILE and prints what the file then holds.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import math
import multiprocessing
import os
import re
import secrets
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Sequence, TypeVar

#: What a row can record.
KINDS = ("prediction", "hand", "challenge", "game", "lab")
#: The letters of a class code: no I, O, 0 or 1, which are misread.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
#: How long a writer waits for a busy file, in all, before it gives up.
PATIENCE = 30.0
#: The longest nickname kept (longer ones are refused, not cut).
NICKNAME_MOST = 24
#: The most a row's details may hold (its JSON, in bytes).
DETAIL_MOST = 4096
#: The file's layout; a file with another is refused, never rewritten.
SCHEMA_VERSION = 1
ENV = "UNO_NB_CLASSBOARD"
T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code    TEXT PRIMARY KEY,
    started REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    class    TEXT NOT NULL REFERENCES classes(code),
    student  TEXT NOT NULL,
    nickname TEXT,
    kind     TEXT NOT NULL,
    item     TEXT NOT NULL,
    value    REAL,
    detail   TEXT NOT NULL,
    at       REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS results_by_class ON results (class, kind, id);
"""

#: The columns of an exported CSV, in order.
CSV_COLUMNS = ("id", "class", "student", "nickname", "kind", "item", "value", "detail", "at")


class BoardError(Exception):
    """A refusal of the store; ``reason`` names it (texts: ``board.<reason>``)."""

    reason = "error"

    def __init__(self, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.facts = facts


class BadClassCode(BoardError):
    reason = "bad_code"


class NoSuchClass(BoardError):
    reason = "no_class"


class BadRow(BoardError):
    reason = "bad_row"


class BoardBusy(BoardError):
    reason = "busy"


class BoardUnreadable(BoardError):
    reason = "unreadable"


def default_path() -> Path:
    """Where the class board's file lives: ``$UNO_NB_CLASSBOARD``, else the
    user's data folder (``$XDG_DATA_HOME/uno_nb``, ``~/.local/share/uno_nb``)."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "uno_nb" / "classboard.sqlite3"


def new_code() -> str:
    """A fresh class code: five letters and digits from :data:`CODE_LETTERS`."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A class code as a student may type it ("  abcd-e ") made exact
    ("ABCDE"), or :class:`BadClassCode` saying why it is not one."""
    if not isinstance(text, str):
        raise BadClassCode(f"a class code is text, not {type(text).__name__}")
    code = re.sub(r"[\s\-]", "", text).upper()
    if not code:
        raise BadClassCode("no class code given", code=text)
    if len(code) != CODE_LENGTH or any(letter not in CODE_LETTERS for letter in code):
        raise BadClassCode(f"{text!r} is not a class code: {CODE_LENGTH} letters and digits "
                           f"from {CODE_LETTERS}", code=text)
    return code


def normal_nickname(text: str | None) -> str | None:
    """A nickname with its surrounding spaces gone and control characters
    refused; ``None`` or blank for none.  Kept as typed otherwise: whoever
    shows it shows it as text."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise BadRow(f"a nickname is text, not {type(text).__name__}", field="nickname")
    name = text.strip()
    if not name:
        return None
    if len(name) > NICKNAME_MOST:
        raise BadRow(f"a nickname has at most {NICKNAME_MOST} characters", field="nickname")
    if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in name):
        raise BadRow("a nickname may not hold control characters", field="nickname")
    return name


#: What a spreadsheet reads as the start of a formula in a cell.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """A text cell as a spreadsheet shows it, never runs it: a nickname typed as
    ``=HYPERLINK(...)`` is exported as ``'=HYPERLINK(...)`` (OWASP's advice on
    CSV injection), so the teacher's spreadsheet shows what the student typed.
    So is a formula after a ``;`` or ``,`` inside it, where a spreadsheet that
    splits the file on another separator (Russian Excel splits on ``;``)
    would start a cell."""
    text = _FORMULA_INSIDE.sub(r"\1'", text)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


_FORMULA_INSIDE = re.compile(r"([;,])(?=[=+\-@\t\r])")


@dataclass(frozen=True)
class Result:
    """One row of the board: what one student did once."""

    id: int
    code: str
    student: str
    nickname: str | None
    kind: str
    item: str
    value: float | None
    detail: Mapping[str, Any]
    at: float

    def csv_row(self) -> tuple[Any, ...]:
        return (self.id, self.code, _cell(self.student), _cell(self.nickname or ""), self.kind,
                _cell(self.item),
                "" if self.value is None else repr(self.value),
                json.dumps(dict(self.detail), sort_keys=True, ensure_ascii=False), repr(self.at))


def _is_locked(error: sqlite3.OperationalError) -> bool:
    text = str(error).lower()
    return "locked" in text or "busy" in text


def _in_transaction(db: sqlite3.Connection, work: Callable[[], T]) -> T:
    """``work()`` between ``BEGIN IMMEDIATE`` and ``COMMIT``; rolled back if it fails."""
    db.execute("BEGIN IMMEDIATE")
    try:
        done = work()
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return done


class ClassBoard:
    """The store in one SQLite file; one per process (a kernel, the board)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 patience: float = PATIENCE) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.patience = patience
        self._db: sqlite3.Connection | None = None
        # one connection per board, shared by the page's threads (a lab run
        # records from its worker): one statement or transaction at a time, or
        # two threads' BEGINs meet on the one connection
        self._lock = threading.RLock()

    # -- the connection ----------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        with self._lock:
            return self._connected()

    def _connected(self) -> sqlite3.Connection:
        if self._db is not None:
            return self._db
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            db = sqlite3.connect(self.path, timeout=min(5.0, self.patience),
                                 isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout = %d" % int(min(5.0, self.patience) * 1000))
            self._retrying(lambda: db.execute("PRAGMA journal_mode = WAL").fetchone())
            db.execute("PRAGMA synchronous = NORMAL")  # safe under WAL: a crash loses no commit
            db.execute("PRAGMA foreign_keys = ON")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                db.close()
                raise BoardUnreadable(f"{self.path} is a class board of another layout "
                                      f"(version {version}, this kit reads {SCHEMA_VERSION})",
                                      path=str(self.path))
            if version == 0:
                def create() -> None:  # every kernel may come here at once: one creates
                    for statement in filter(str.strip, _SCHEMA.split(";")):
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                self._retrying(lambda: _in_transaction(db, create))
        except sqlite3.DatabaseError as error:
            if isinstance(error, sqlite3.OperationalError) and _is_locked(error):
                raise BoardBusy(f"{self.path} stayed busy for {self.patience:g} s",
                                path=str(self.path)) from error
            raise BoardUnreadable(f"{self.path} is not a class board: {error}",
                                  path=str(self.path)) from error
        self._db = db
        return db

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def __enter__(self) -> ClassBoard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _retrying(self, work: Callable[[], T]) -> T:
        """``work()``, tried again while the file is locked, for ``patience``
        seconds in all; then :class:`BoardBusy`."""
        deadline = time.monotonic() + self.patience
        pause = 0.01
        while True:
            try:
                return work()
            except sqlite3.OperationalError as error:
                if not _is_locked(error):
                    raise
                if time.monotonic() + pause > deadline:
                    raise BoardBusy(f"{self.path} stayed busy for {self.patience:g} s",
                                    path=str(self.path)) from error
                time.sleep(pause)
                pause = min(pause * 2, 0.5)

    def _write(self, sql: str, parameters: Sequence[Any]) -> int:
        """One statement in a transaction of its own; the new row's id."""
        with self._lock:
            return self._written(sql, parameters)

    def _written(self, sql: str, parameters: Sequence[Any]) -> int:
        db = self._connect()
        try:
            row = self._retrying(lambda: _in_transaction(
                db, lambda: db.execute(sql, parameters).lastrowid))
            return int(row or 0)
        except sqlite3.IntegrityError:
            raise  # a caller's own (a class code taken a moment ago)
        except sqlite3.DatabaseError as error:
            raise BoardUnreadable(f"{self.path} could not be written: {error}",
                                  path=str(self.path)) from error

    def _read(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._got(sql, parameters)

    def _got(self, sql: str, parameters: Sequence[Any]) -> list[tuple[Any, ...]]:
        db = self._connect()
        try:
            return list(self._retrying(lambda: db.execute(sql, parameters).fetchall()))
        except sqlite3.DatabaseError as error:
            raise BoardUnreadable(f"{self.path} could not be read: {error}",
                                  path=str(self.path)) from error

    # -- classes -----------------------------------------------------------------------

    def start_class(self) -> str:
        """A fresh class; its code."""
        for _ in range(100):
            code = new_code()
            try:
                self._write("INSERT INTO classes (code, started) VALUES (?, ?)",
                            (code, time.time()))
            except sqlite3.IntegrityError:
                continue  # a class has that code already
            return code
        raise BoardError("no free class code found")  # pragma: no cover - 32**5 codes

    def has_class(self, code: str) -> bool:
        return bool(self._read("SELECT 1 FROM classes WHERE code = ?", (normal_code(code),)))

    def join(self, code: str) -> str:
        """The class ``code`` names (as typed), or :class:`NoSuchClass`."""
        exact = normal_code(code)
        if not self.has_class(exact):
            raise NoSuchClass(f"there is no class {exact} on this board", code=exact)
        return exact

    def classes(self) -> list[tuple[str, float]]:
        """Every class, newest first: (code, when it started)."""
        return [(code, started) for code, started in
                self._read("SELECT code, started FROM classes ORDER BY started DESC, code")]

    # -- results -----------------------------------------------------------------------

    def add(self, code: str, student: str, kind: str, item: str, value: float | None = None,
            detail: Mapping[str, Any] | None = None, nickname: str | None = None) -> int:
        """Record what a student did; the row's id once it is in the file."""
        exact = normal_code(code)
        if kind not in KINDS:
            raise BadRow(f"a row records one of {', '.join(KINDS)}, not {kind!r}", field="kind")
        if not isinstance(student, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", student):
            raise BadRow("a student is an id of 1-64 letters, digits, - or _", field="student")
        if not isinstance(item, str) or not item or len(item) > 128:
            raise BadRow("a row's item is text of 1-128 characters", field="item")
        if value is not None:
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value):
                raise BadRow(f"a row's value is a finite number, not {value!r}", field="value")
            value = float(value)
        try:
            text = json.dumps(dict(detail or {}), sort_keys=True, ensure_ascii=False,
                              allow_nan=False)
        except (TypeError, ValueError) as error:
            raise BadRow(f"a row's details are not plain data: {error}", field="detail") from error
        if len(text.encode()) > DETAIL_MOST:
            raise BadRow(f"a row's details hold at most {DETAIL_MOST} bytes", field="detail")
        name = normal_nickname(nickname)
        if not self.has_class(exact):
            raise NoSuchClass(f"there is no class {exact} on this board", code=exact)
        return self._write(
            "INSERT INTO results (class, student, nickname, kind, item, value, detail, at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (exact, student, name, kind, item, value, text, time.time()))

    def results(self, code: str, kind: str | None = None, after: int = 0) -> list[Result]:
        """A class's rows in the order they were written (those after row id
        ``after`` only: the board reads what is new since it last looked)."""
        exact = normal_code(code)
        sql = ("SELECT id, class, student, nickname, kind, item, value, detail, at "
               "FROM results WHERE class = ? AND id > ?")
        parameters: list[Any] = [exact, int(after)]
        if kind is not None:
            sql += " AND kind = ?"
            parameters.append(kind)
        rows = self._read(sql + " ORDER BY id", parameters)
        return [Result(row[0], row[1], row[2], row[3], row[4], row[5], row[6],
                       json.loads(row[7]), row[8]) for row in rows]

    def count(self, code: str | None = None) -> int:
        """How many rows the file holds (of one class, or of all)."""
        if code is None:
            return int(self._read("SELECT COUNT(*) FROM results")[0][0])
        return int(self._read("SELECT COUNT(*) FROM results WHERE class = ?",
                              (normal_code(code),))[0][0])

    def export_csv(self, code: str, out: IO[str]) -> int:
        """Write a class's rows to ``out`` as CSV; how many rows."""
        rows = self.results(code)
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        for row in rows:
            writer.writerow(row.csv_row())
        return len(rows)


# -- the load test -----------------------------------------------------------------

def _writer(path: str, code: str, number: int, rows: int, start: Any, done: Any) -> None:
    """One student's kernel: wait for the others, then write ``rows`` rows."""
    board = ClassBoard(path)
    board.has_class(code)  # connected before the start, as a kernel is
    start.wait()
    written = 0
    for row in range(rows):
        board.add(code, f"writer-{number}", "hand", "no_wild_in_7", value=row % 2,
                  detail={"writer": number, "row": row})
        written += 1
    board.close()
    done.put((number, written))


def load(path: str | os.PathLike[str], writers: int, rows: int) -> dict[str, Any]:
    """Start ``writers`` processes at once, each writing ``rows`` rows to a
    fresh class in ``path``; what the file then holds."""
    board = ClassBoard(path)
    code = board.start_class()
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(writers + 1)
    done = context.Queue()
    processes = [context.Process(target=_writer, args=(str(path), code, n, rows, start, done))
                 for n in range(writers)]
    for process in processes:
        process.start()
    began = time.perf_counter()
    start.wait(timeout=300)
    confirmed = {}
    for _ in processes:
        number, written = done.get(timeout=600)
        confirmed[number] = written
    for process in processes:
        process.join(60)
    seconds = time.perf_counter() - began
    failed = [process.exitcode for process in processes if process.exitcode != 0]
    read = board.results(code)
    board.close()
    reader = f"file:{Path(path).resolve()}?mode=ro"  # a connection of its own, read-only
    with contextlib.closing(sqlite3.connect(reader, uri=True)) as db:
        counted = int(db.execute("SELECT COUNT(*) FROM results WHERE class = ?",
                                 (code,)).fetchone()[0])
    return {"code": code, "writers": writers, "rows_confirmed": sum(confirmed.values()),
            "rows_written": counted, "rows_read": len(read), "failed_writers": len(failed),
            "seconds": round(seconds, 2)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_nb.classboard",
                                     description="The class board's store (SQLite).")
    commands = parser.add_subparsers(dest="command", required=True)
    loaded = commands.add_parser("load", help="many writers at once against one file")
    loaded.add_argument("--writers", type=int, default=30)
    loaded.add_argument("--rows", type=int, default=200)
    loaded.add_argument("file")
    commands.add_parser("where", help="print where the class board's file lives")
    started = commands.add_parser("new", help="start a fresh class and print its code")
    started.add_argument("file", nargs="?")
    exported = commands.add_parser("export", help="a class's rows as CSV on standard output")
    exported.add_argument("code")
    exported.add_argument("file", nargs="?")
    args = parser.parse_args(argv)
    try:
        if args.command == "where":
            print(default_path())
        elif args.command == "new":
            with ClassBoard(args.file) as board:
                print(board.start_class())
        elif args.command == "export":
            with ClassBoard(args.file) as board:
                board.export_csv(board.join(args.code), sys.stdout)
        else:
            if args.writers < 1 or args.rows < 0:
                parser.error("--writers is at least 1 and --rows at least 0")
            figures = load(args.file, args.writers, args.rows)
            print(" ".join(f"{key}={value}" for key, value in figures.items()))
            wanted = args.writers * args.rows
            if not (figures["rows_written"] == figures["rows_read"] == wanted
                    and figures["rows_confirmed"] == wanted and not figures["failed_writers"]):
                print(f"uno_nb.classboard: {wanted} rows were to be written", file=sys.stderr)
                return 1
    except BoardError as error:
        print(f"uno_nb.classboard: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
