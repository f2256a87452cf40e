"""The class board's store: one SQLite file, many writers (:mod:`uno_nb.classboard`)."""

from __future__ import annotations

import csv
import json
import math
import os
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any, Sequence

from .forms import (CLASS_HOURS, CLASS_MOST, CSV_COLUMNS, DETAIL_MOST, FAILED_JOINS_PER_MINUTE,
                    KINDS, PATIENCE, PRESENCE_SECONDS, ROWS_PER_MINUTE, SCHEMA_VERSION,
                    BadRow, BoardBusy, BoardError, BoardUnreadable, ClassExpired,
                    ClassFull, Enrolment, Lesson, NoSuchClass, NotEnrolled, Result, Student, T,
                    TooFast, JoinsHeld, digest, default_path, new_code, normal_code,
                    normal_nickname)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    code     TEXT PRIMARY KEY,
    started  REAL NOT NULL
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
CREATE INDEX IF NOT EXISTS results_by_class ON results (class, kind, id)
"""

#: Layout 2: classes expire and carry the lesson the teacher leads; students
#: are enrolled by the store (their secret is kept as its SHA-256 only);
#: pages say where they are; failed joins are counted.
_SCHEMA_2 = """
ALTER TABLE classes ADD COLUMN expires REAL;
ALTER TABLE classes ADD COLUMN page TEXT NOT NULL DEFAULT '';
ALTER TABLE classes ADD COLUMN question TEXT NOT NULL DEFAULT '';
ALTER TABLE classes ADD COLUMN revealed TEXT NOT NULL DEFAULT '[]';
ALTER TABLE classes ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
ALTER TABLE classes ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
UPDATE classes SET expires = started + %f;
CREATE TABLE IF NOT EXISTS students (
    id       TEXT PRIMARY KEY,
    class    TEXT NOT NULL REFERENCES classes(code),
    secret   TEXT NOT NULL UNIQUE,
    nickname TEXT,
    hidden   INTEGER NOT NULL DEFAULT 0,
    joined   REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS students_by_class ON students (class);
CREATE TABLE IF NOT EXISTS presence (
    class    TEXT NOT NULL,
    student  TEXT NOT NULL,
    page     TEXT NOT NULL,
    seen     REAL NOT NULL,
    PRIMARY KEY (class, student, page)
);
CREATE TABLE IF NOT EXISTS refusals (
    at       REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS refusals_by_time ON refusals (at);
CREATE INDEX IF NOT EXISTS results_by_id ON results (class, id);
CREATE INDEX IF NOT EXISTS results_by_student ON results (student, at)
""" % (CLASS_HOURS * 3600)

#: Layout 3: a class started on a JupyterHub's board names the teacher who
#: started it (its owner, the hub user); a laptop's classes have none.
_SCHEMA_3 = """
ALTER TABLE classes ADD COLUMN owner TEXT;
CREATE INDEX IF NOT EXISTS classes_by_owner ON classes (owner, started)
"""


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


#: The pages a class is sent to and its students are counted on (as the
#: notebooks are named; a Russian page counts as its English twin).
PAGES = ("01_rules_step_by_step", "02_card_odds", "03_scoring", "04_house_rules_lab",
         "05_play_against_bots", "06_class_board")
#: A question's id as the lead keeps it.
_QUESTION = re.compile(r"[a-z0-9_]{1,40}\.[a-z0-9_]{1,60}")


class ClassBoard:
    """The store in one SQLite file; one per process (a kernel, the board).

    It trusts its caller: who may do what (a student writes only as
    themselves, only the teacher leads) is :mod:`uno_nb.classroom`'s to check.
    ``rows_per_minute`` is :data:`ROWS_PER_MINUTE` (None: no limit, for the
    load test's writers)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 patience: float = PATIENCE,
                 rows_per_minute: int | None = ROWS_PER_MINUTE) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.patience = patience
        self.rows_per_minute = rows_per_minute
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
            if version not in (0, 1, 2, SCHEMA_VERSION):
                db.close()
                raise BoardUnreadable(f"{self.path} is a class board of another layout "
                                      f"(version {version}, this kit reads {SCHEMA_VERSION})",
                                      path=str(self.path))
            if version != SCHEMA_VERSION:
                def create() -> None:  # every kernel may come here at once: one creates
                    now = db.execute("PRAGMA user_version").fetchone()[0]
                    if now == 0:
                        for statement in filter(str.strip, _SCHEMA.split(";")):
                            db.execute(statement)
                        now = 1
                    if now == 1:
                        for statement in filter(str.strip, _SCHEMA_2.split(";")):
                            db.execute(statement)
                        now = 2
                    if now == 2:
                        for statement in filter(str.strip, _SCHEMA_3.split(";")):
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

    def _transaction(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(db)`` in a transaction of its own (``BEGIN IMMEDIATE``: the
        checks it makes and what it writes are one step)."""
        with self._lock:
            db = self._connect()
            try:
                return self._retrying(lambda: _in_transaction(db, lambda: work(db)))
            except sqlite3.IntegrityError:
                raise  # a caller's own (a class code taken a moment ago)
            except sqlite3.DatabaseError as error:
                raise BoardUnreadable(f"{self.path} could not be written: {error}",
                                      path=str(self.path)) from error

    def _write(self, sql: str, parameters: Sequence[Any]) -> int:
        """One statement in a transaction of its own; the new row's id."""
        return self._transaction(lambda db: int(db.execute(sql, parameters).lastrowid or 0))

    def _read(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            db = self._connect()
            try:
                return list(self._retrying(lambda: db.execute(sql, parameters).fetchall()))
            except sqlite3.DatabaseError as error:
                raise BoardUnreadable(f"{self.path} could not be read: {error}",
                                      path=str(self.path)) from error

    # -- classes -----------------------------------------------------------------------

    def start_class(self, hours: float = CLASS_HOURS, owner: str | None = None) -> str:
        """A fresh class, open to students for ``hours``; its code.  The
        board's classes still open end now: on a computer the class before
        used, the next class's pages do not join the last one's by the code
        and the secret its browser kept (their results stay, for the teacher).
        On a hub's board (``owner``: the hub user who starts it) only that
        teacher's own classes end: the other teachers' lessons go on."""
        for _ in range(100):
            code = new_code()
            now = time.time()
            try:
                self._transaction(lambda db: (
                    db.execute("UPDATE classes SET expires = ? WHERE expires > ? AND owner IS ?",
                               (now, now, owner)),
                    db.execute("INSERT INTO classes (code, started, expires, owner) "
                               "VALUES (?, ?, ?, ?)", (code, now, now + hours * 3600, owner))))
            except sqlite3.IntegrityError:
                continue  # a class has that code already
            return code
        raise BoardError("no free class code found")  # pragma: no cover - 32**5 codes

    def owner(self, code: str) -> str | None:
        """Who started the class ``code`` on a hub (None: a laptop's class, or no such class)."""
        rows = self._read("SELECT owner FROM classes WHERE code = ?", (normal_code(code),))
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    def lesson(self, code: str) -> Lesson:
        """The class ``code`` and where its teacher leads it; :class:`NoSuchClass`."""
        exact = normal_code(code)
        rows = self._read("SELECT code, started, expires, page, question, revealed, paused, "
                          "step FROM classes WHERE code = ?", (exact,))
        if not rows:
            raise NoSuchClass(f"there is no class {exact} on this board", code=exact)
        code_, started, expires, page, question, revealed, paused, step = rows[0]
        try:
            shown = tuple(str(q) for q in json.loads(revealed))
        except (TypeError, ValueError):
            shown = ()
        return Lesson(code_, started, expires, page, question, shown, bool(paused), int(step))

    def join(self, code: str, secret: str | None = None, counted: bool = True) -> str:
        """The class ``code`` names (as typed), open to students now; else
        :class:`BadClassCode`, or :class:`NoSuchClass` or :class:`ClassExpired`,
        each of these two counted as a failed join.  Once the file has had
        :data:`FAILED_JOINS_PER_MINUTE` in the last minute it takes
        :class:`TooManyJoins` instead - except from a page that brings the
        ``secret`` of a student of that class (a reload): whoever guesses
        codes can hold back new joins for a minute, never the class's own.
        ``counted=False``: the caller counts failed joins itself, per user
        (the hub's board service), and the file's count is neither read nor
        added to."""
        now = time.time()
        exact = normal_code(code)  # a malformed code: said, not counted
        if secret and self.student(exact, secret) is not None:
            if self.lesson(exact).expired(now):
                raise ClassExpired(f"class {exact} is over", code=exact)
            return exact
        failed = int(self._read("SELECT COUNT(*) FROM refusals WHERE at > ?",
                                (now - 60,))[0][0]) if counted else 0
        if failed >= FAILED_JOINS_PER_MINUTE:
            raise JoinsHeld("too many failed joins on this board in the last minute",
                            seconds=60)
        try:
            lesson = self.lesson(exact)
            if lesson.expired(now):
                raise ClassExpired(f"class {exact} was open until "
                                   f"{time.strftime('%Y-%m-%d %H:%M', time.localtime(lesson.expires))}",
                                   code=exact)
        except (NoSuchClass, ClassExpired):
            if counted:
                self._transaction(lambda db: (
                    db.execute("DELETE FROM refusals WHERE at < ?", (now - 3600,)),
                    db.execute("INSERT INTO refusals (at) VALUES (?)", (now,))))
            raise
        return exact

    def classes(self, owner: str | None = None, most: int = -1) -> list[tuple[str, float]]:
        """Every class, newest first: (code, when it started); with ``owner``,
        only the classes that hub user started; at most ``most`` (-1: all)."""
        if owner is None:
            rows = self._read("SELECT code, started FROM classes ORDER BY started DESC, code "
                              "LIMIT ?", (most,))
        else:
            rows = self._read("SELECT code, started FROM classes WHERE owner = ? "
                              "ORDER BY started DESC, code LIMIT ?", (owner, most))
        return [(code, started) for code, started in rows]

    def open_lesson(self, now: float | None = None) -> Lesson | None:
        """The lesson of the newest class still open (starting a class closes
        the one before, so there is at most one), or ``None``: what the web
        app's server reads to keep kernels warm for the page the class is sent to."""
        rows = self._read("SELECT code FROM classes WHERE expires > ? ORDER BY started DESC "
                          "LIMIT 1", (time.time() if now is None else now,))
        return self.lesson(rows[0][0]) if rows else None

    def lead(self, code: str, *, page: str | None = None, question: str | None = None,
             reveal: str | None = None, paused: bool | None = None) -> Lesson:
        """The teacher moves the class: sends it to ``page`` (``""``: nowhere
        in particular), opens ``question`` (``""``: none), reveals the answer
        of ``reveal`` to everyone, pauses or goes on.  The lesson as it is now."""
        exact = normal_code(code)
        if page is not None and page and page not in PAGES:
            raise BadRow(f"{page!r} is not a lesson page", field="page")
        for asked in (question, reveal):
            if asked is not None and asked and not _QUESTION.fullmatch(asked):
                raise BadRow(f"{asked!r} is not a question", field="question")

        def change(db: sqlite3.Connection) -> None:
            row = db.execute("SELECT revealed FROM classes WHERE code = ?", (exact,)).fetchone()
            if row is None:
                raise NoSuchClass(f"there is no class {exact} on this board", code=exact)
            shown = list(json.loads(row[0] or "[]"))
            if reveal and reveal not in shown:
                shown.append(reveal)
            db.execute("UPDATE classes SET page = COALESCE(?, page), "
                       "question = COALESCE(?, question), revealed = ?, "
                       "paused = COALESCE(?, paused), step = step + 1 WHERE code = ?",
                       (page, question, json.dumps(shown), None if paused is None
                        else int(paused), exact))
        self._transaction(change)
        return self.lesson(exact)

    # -- students ----------------------------------------------------------------------

    def enrol(self, code: str, nickname: str | None = None, most: int = CLASS_MOST,
              secret: str | None = None) -> Enrolment:
        """A new student of class ``code`` (which must be open: :meth:`join`
        first): their id and the secret that brings them back (a new random
        one, or ``secret``: the hub's board service derives it from the hub
        user, so that a user is one student of a class).
        :class:`ClassFull` past ``most`` students."""
        exact = normal_code(code)
        name = normal_nickname(nickname)
        if secret is None:
            secret = secrets.token_urlsafe(24)
        elif not isinstance(secret, str) or not 16 <= len(secret) <= 64:
            raise BadRow("a student's secret is text of 16-64 characters", field="secret")
        student = "s" + secrets.token_hex(6)
        now = time.time()

        def add(db: sqlite3.Connection) -> None:
            count = db.execute("SELECT COUNT(*) FROM students WHERE class = ? AND hidden = 0",
                               (exact,)).fetchone()[0]  # (the teacher frees a seat by hiding)
            if count >= most:
                raise ClassFull(f"class {exact} has {count} students already", code=exact,
                                most=most)
            db.execute("INSERT INTO students (id, class, secret, nickname, joined) "
                       "VALUES (?, ?, ?, ?, ?)", (student, exact, digest(secret), name, now))
        try:
            self._transaction(add)
        except sqlite3.IntegrityError as error:
            raise NoSuchClass(f"there is no class {exact} on this board", code=exact) from error
        return Enrolment(Student(student, exact, name, False, now), secret)

    def student(self, code: str, secret: str) -> Student | None:
        """The student of class ``code`` whose browser keeps ``secret``, or None."""
        if not isinstance(secret, str) or not 16 <= len(secret) <= 64:
            return None
        rows = self._read("SELECT id, class, nickname, hidden, joined FROM students "
                          "WHERE secret = ? AND class = ?", (digest(secret), normal_code(code)))
        if not rows:
            return None
        sid, exact, name, hidden, joined = rows[0]
        return Student(sid, exact, name, bool(hidden), joined)

    def students(self, code: str) -> list[Student]:
        """A class's students, in the order they joined."""
        return [Student(sid, exact, name, bool(hidden), joined) for sid, exact, name, hidden, joined
                in self._read("SELECT id, class, nickname, hidden, joined FROM students "
                              "WHERE class = ? ORDER BY joined, id", (normal_code(code),))]

    def rename(self, code: str, student: str, nickname: str | None) -> None:
        name = normal_nickname(nickname)
        self._write("UPDATE students SET nickname = ? WHERE class = ? AND id = ?",
                    (name, normal_code(code), student))

    def hide(self, code: str, student: str, hidden: bool = True) -> None:
        """Leave a student out of the class's figures (or take them back)."""
        self._write("UPDATE students SET hidden = ? WHERE class = ? AND id = ?",
                    (int(hidden), normal_code(code), student))

    def hidden(self, code: str) -> frozenset[str]:
        return frozenset(sid for (sid,) in self._read(
            "SELECT id FROM students WHERE class = ? AND hidden = 1", (normal_code(code),)))

    def here(self, code: str, student: str, page: str) -> None:
        """Student ``student`` has ``page`` (one of :data:`PAGES`) open now."""
        if page not in PAGES:
            raise BadRow(f"{page!r} is not a lesson page", field="page")
        now = time.time()
        exact = normal_code(code)
        self._transaction(lambda db: (
            db.execute("DELETE FROM presence WHERE class = ? AND student = ? AND seen < ?",
                       (exact, student, now - PRESENCE_SECONDS)),
            db.execute("INSERT INTO presence (class, student, page, seen) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (class, student, page) DO UPDATE SET seen = excluded.seen",
                       (exact, student, page, now))))

    def where(self, code: str, within: float = PRESENCE_SECONDS) -> dict[str, int]:
        """How many students (not hidden) have each page open now."""
        rows = self._read(
            "SELECT p.page, COUNT(DISTINCT p.student) FROM presence p JOIN students s "
            "ON s.id = p.student AND s.class = p.class WHERE p.class = ? AND p.seen > ? "
            "AND s.hidden = 0 GROUP BY p.page ORDER BY p.page",
            (normal_code(code), time.time() - within))
        return {page: int(n) for page, n in rows}

    # -- results -----------------------------------------------------------------------

    def add(self, code: str, student: str, kind: str, item: str, value: float | None = None,
            detail: Mapping[str, Any] | None = None, nickname: str | None = None) -> int:
        """Record what an enrolled student did; the row's id once it is in the
        file.  :class:`NotEnrolled` for a student the class does not have,
        :class:`ClassExpired` after the lesson, :class:`TooFast` past
        ``rows_per_minute`` of theirs."""
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
        now = time.time()

        def write(db: sqlite3.Connection) -> int:
            found = db.execute("SELECT expires FROM classes WHERE code = ?", (exact,)).fetchone()
            if found is None:
                raise NoSuchClass(f"there is no class {exact} on this board", code=exact)
            if found[0] is not None and now >= found[0]:
                raise ClassExpired(f"class {exact} is over", code=exact)
            if not db.execute("SELECT 1 FROM students WHERE id = ? AND class = ?",
                              (student, exact)).fetchone():
                raise NotEnrolled(f"class {exact} has no student {student}", code=exact)
            if self.rows_per_minute is not None and kind != "prediction":
                # (a question's answers are a few steps each: never held back)
                recent = db.execute("SELECT COUNT(*) FROM results WHERE student = ? AND at > ? "
                                    "AND kind != 'prediction'", (student, now - 60)).fetchone()[0]
                if recent >= self.rows_per_minute:
                    raise TooFast(f"{student} wrote {recent} rows in the last minute",
                                  most=self.rows_per_minute)
            return int(db.execute(
                "INSERT INTO results (class, student, nickname, kind, item, value, detail, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (exact, student, name, kind, item, value, text, now)).lastrowid or 0)
        return self._transaction(write)

    def results(self, code: str, kind: str | None = None, after: int = 0,
                student: str | None = None, limit: int | None = None) -> list[Result]:
        """A class's rows in the order they were written (those after row id
        ``after`` only: the board reads what is new since it last looked; of
        one ``student``; at most ``limit``)."""
        exact = normal_code(code)
        sql = ("SELECT id, class, student, nickname, kind, item, value, detail, at "
               "FROM results WHERE class = ? AND id > ?")
        parameters: list[Any] = [exact, int(after)]
        if kind is not None:
            sql += " AND kind = ?"
            parameters.append(kind)
        if student is not None:
            sql += " AND student = ?"
            parameters.append(student)
        sql += " ORDER BY id"
        if limit is not None:
            sql += " LIMIT ?"
            parameters.append(int(limit))
        return [_result(row) for row in self._read(sql, parameters)]

    def last_id(self, code: str) -> int:
        """The newest row's id in class ``code`` (0 if none): what a reader
        compares with the last row it read, at the cost of one index look-up."""
        return int(self._read("SELECT COALESCE(MAX(id), 0) FROM results WHERE class = ?",
                              (normal_code(code),))[0][0])

    def count(self, code: str | None = None) -> int:
        """How many rows the file holds (of one class, or of all)."""
        if code is None:
            return int(self._read("SELECT COUNT(*) FROM results")[0][0])
        return int(self._read("SELECT COUNT(*) FROM results WHERE class = ?",
                              (normal_code(code),))[0][0])

    def export_raw(self, code: str, out: IO[str]) -> int:
        """Write a class's rows to ``out`` as CSV, the file's own fields
        (:data:`CSV_COLUMNS`), for a program; how many rows."""
        writer = csv.writer(out)
        writer.writerow(CSV_COLUMNS)
        written = 0
        for row in self.rows_in_order(code):
            writer.writerow(row.csv_row())
            written += 1
        return written

    def rows_in_order(self, code: str, block: int = 5_000) -> Iterator[Result]:
        last = 0
        while True:
            rows = self.results(code, after=last, limit=block)
            yield from rows
            if len(rows) < block:
                return
            last = rows[-1].id


def _result(row: tuple[Any, ...]) -> Result:
    try:
        detail = json.loads(row[7])
    except (TypeError, ValueError):
        detail = {}
    return Result(row[0], row[1], row[2], row[3], row[4], row[5], row[6],
                  detail if isinstance(detail, dict) else {}, row[8])


