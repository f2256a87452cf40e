"""The class board's store: one SQLite file that many kernels write at once."""

from __future__ import annotations

import io
import csv
import json
import math
import os
import signal
import sqlite3
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest

from uno_nb import classboard
from uno_nb.classboard import (BadClassCode, BadRow, BoardBusy, BoardUnreadable, ClassBoard,
                               NoSuchClass, normal_code)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def board(tmp_path):
    with ClassBoard(tmp_path / "board.sqlite3") as board:
        yield board


def pupils(board, code, *names):
    """Students the class enrols: their ids, in order."""
    return [board.enrol(code, name).student.id for name in names]


def test_the_file_is_a_wal_database_with_the_boards_tables(board):
    code = board.start_class()
    with sqlite3.connect(board.path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == classboard.SCHEMA_VERSION
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"classes", "results"} <= tables
    assert board.classes()[0][0] == code


def test_a_class_code_is_five_letters_that_cannot_be_misread(board):
    codes = {board.start_class() for _ in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert len(code) == 5 and set(code) <= set(classboard.CODE_LETTERS)
        assert not set(code) & set("IO01")
        assert board.lesson(code.lower()).code == code
    newest = board.classes()[0][0]
    assert board.join(newest.lower()) == newest  # the newest is open: starting one ends the others
    assert sum(not board.lesson(c).expired() for c in codes) == 1


@pytest.mark.parametrize("typed, exact", [("abcde", "ABCDE"), (" ab-cde ", "ABCDE"),
                                          ("A B C D E", "ABCDE"), ("xyz23", "XYZ23")])
def test_a_typed_class_code_is_made_exact(typed, exact):
    assert normal_code(typed) == exact


@pytest.mark.parametrize("typed", ["", "   ", "ABCD", "ABCDEF", "ABCD0", "ABCDI", "ABC!E", "АБВГД"])
def test_a_malformed_class_code_is_refused_with_its_reason(typed):
    with pytest.raises(BadClassCode) as refused:
        normal_code(typed)
    assert refused.value.reason == "bad_code"


def test_a_class_code_that_is_not_on_the_board_is_refused(board):
    board.start_class()
    with pytest.raises(NoSuchClass) as refused:
        board.join("ZZZZZ")
    assert refused.value.reason == "no_class" and refused.value.facts["code"] == "ZZZZZ"
    with pytest.raises(NoSuchClass):
        board.add("ZZZZZ", "s1", "hand", "no_wild_in_7", 1)
    assert board.count() == 0
    assert refused.value.reason == "no_class"


def test_rows_come_back_in_the_order_written_with_their_details(board):
    other = board.start_class()
    (t2,) = pupils(board, other, None)
    board.add(other, t2, "hand", "no_wild_in_7", 1)
    code = board.start_class()  # (the other class ends: its rows stay)
    s1, s2 = pupils(board, code, None, None)
    first = board.add(code, s1, "prediction", "odds.no_wild", 57.4, {"answer": "57.4"})
    second = board.add(code, s2, "hand", "no_wild_in_7", 0, {"cards": ["R5", "W"]},
                       nickname="  Masha  ")
    rows = board.results(code)
    assert [row.id for row in rows] == [first, second]
    assert rows[0].value == 57.4 and rows[0].detail == {"answer": "57.4"}
    assert rows[1].nickname == "Masha" and rows[1].detail == {"cards": ["R5", "W"]}
    assert [row.id for row in board.results(code, after=first)] == [second]
    assert [row.kind for row in board.results(code, kind="hand")] == ["hand"]
    assert board.count(code) == 2 and board.count() == 3


def test_html_in_a_nickname_is_kept_as_typed_for_the_board_to_show_as_text(board):
    code = board.start_class()
    (s1,) = pupils(board, code, None)
    board.add(code, s1, "game", "result", 1, nickname="<b>x</b>")
    assert board.results(code)[0].nickname == "<b>x</b>"


@pytest.mark.parametrize("changes, field", [
    ({"kind": "cheat"}, "kind"),
    ({"student": ""}, "student"),
    ({"student": "a b"}, "student"),
    ({"item": ""}, "item"),
    ({"value": math.nan}, "value"),
    ({"value": math.inf}, "value"),
    ({"value": True}, "value"),
    ({"value": "57"}, "value"),
    ({"detail": {"x": object()}}, "detail"),
    ({"detail": {"x": "y" * 5000}}, "detail"),
    ({"nickname": "x" * 25}, "nickname"),
    ({"nickname": "a\x00b"}, "nickname"),
    ({"nickname": "evil\u202eboard"}, "nickname"),
    ({"nickname": "zero\u200bwidth"}, "nickname"),
    ({"nickname": "\ufeffbom"}, "nickname"),
])
def test_a_malformed_row_is_refused_and_nothing_is_written(board, changes, field):
    code = board.start_class()
    (s1,) = pupils(board, code, None)
    row = {"student": s1, "kind": "hand", "item": "no_wild_in_7", "value": 1.0, **changes}
    with pytest.raises(BadRow) as refused:
        board.add(code, **row)
    assert refused.value.reason == "bad_row" and refused.value.facts["field"] == field
    assert board.count() == 0


def test_a_locked_file_gives_busy_and_loses_no_row_already_written(tmp_path):
    path = tmp_path / "board.sqlite3"
    with ClassBoard(path) as board:
        code = board.start_class()
        s1, s2 = pupils(board, code, None, None)
        ids = [board.add(code, s1, "hand", "no_wild_in_7", n % 2) for n in range(5)]
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the file
    try:
        with ClassBoard(path, patience=0.3) as waiting:
            with pytest.raises(BoardBusy) as refused:
                waiting.add(code, s2, "hand", "no_wild_in_7", 1)
            assert refused.value.reason == "busy"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with ClassBoard(path) as board:
        assert [row.id for row in board.results(code)] == ids
        board.add(code, s2, "hand", "no_wild_in_7", 1)  # and it is writable again
        assert board.count(code) == 6


def test_a_file_that_is_not_a_board_is_refused_not_overwritten(tmp_path):
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(BoardUnreadable) as refused:
        ClassBoard(junk).start_class()
    assert refused.value.reason == "unreadable"
    assert junk.read_bytes() == b"this is not a database" * 100
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("PRAGMA user_version = 7")
    with pytest.raises(BoardUnreadable, match="version 7"):
        ClassBoard(other).classes()


def test_a_class_exports_as_raw_csv_with_every_row(board):
    code = board.start_class()
    s1, s2 = pupils(board, code, None, None)
    board.add(code, s1, "prediction", "odds.no_wild", 50, {"answer": "50"}, nickname="Ана")
    board.add(code, s2, "hand", "no_wild_in_7", 1)
    out = io.StringIO()
    assert board.export_raw(code, out) == 2
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert tuple(rows[0]) == classboard.CSV_COLUMNS
    assert [row[2] for row in rows[1:]] == [s1, s2]
    assert rows[1][3] == "Ана" and json.loads(rows[1][7]) == {"answer": "50"}
    assert float(rows[1][6]) == 50.0 and rows[2][3] == ""


def test_a_nickname_that_a_spreadsheet_would_run_is_exported_as_text(board):
    code = board.start_class()
    ids = pupils(board, code, None, None, None, None, None, None, None)
    names = ["=HYPERLINK(\"x\")", "@SUM(A1)", "Ана = 7", "a;=cmd|' /c'!A1", "  =1+2",
             "x; =1+2", "\uff1d1+2"]
    for student, name, value in zip(ids, names, [50, -5, 7, 8, 9, 10, 11]):
        board.add(code, student, "prediction", "odds.no_wild", value, nickname=name)
    out = io.StringIO()
    board.export_raw(code, out)
    rows = list(csv.reader(io.StringIO(out.getvalue())))[1:]
    assert [row[3] for row in rows] == ["'=HYPERLINK(\"x\")", "'@SUM(A1)", "Ана = 7",
                                        "a;'=cmd|' /c'!A1", "'=1+2", "x;' =1+2",
                                        "'\uff1d1+2"]
    # split on ';' as a Russian spreadsheet does: no cell starts a formula
    for line in csv.reader(io.StringIO(out.getvalue()), delimiter=";"):
        assert not any(unicodedata.normalize("NFKC", cell).lstrip().startswith(
            classboard.FORMULA_STARTS) for cell in line), line
    assert [row[6] for row in rows][:4] == ["50.0", "-5.0", "7.0", "8.0"]  # numbers stay numbers
    assert board.results(code)[0].nickname == "=HYPERLINK(\"x\")"  # the file keeps what was typed


def test_threads_sharing_one_board_write_every_row(board):
    # a page's kernel has one board; its lab run records from a worker thread
    # while the page's own thread records an answer
    import threading
    code = board.start_class()
    ids = pupils(board, code, *[None] * 8)
    board.rows_per_minute = None  # eight busy threads, not eight students clicking
    start = threading.Barrier(8)
    failed: list[BaseException] = []

    def write(number: int) -> None:
        start.wait()
        try:
            for row in range(50):
                board.add(code, ids[number], "hand", "no_wild_in_7", row % 2)
                board.results(code, after=row)
        except BaseException as error:  # noqa: BLE001 - the test reports it
            failed.append(error)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failed == []
    assert board.count(code) == 400
    assert sorted({row.student for row in board.results(code)}) == sorted(ids)


def test_thirty_processes_writing_at_once_lose_no_row(tmp_path):
    """The store's load test (benchmarks/board_load.py, a benchmark beside
    the store, not in it): thirty writer processes at once, every row kept
    once under its writer's name."""
    path = tmp_path / "load.sqlite3"
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "board_load.py"),
                           "--writers", "30", "--rows", "20", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "rows_confirmed=600 rows_written=600 rows_read=600 failed_writers=0" in done.stdout
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 600
        per_writer = db.execute("SELECT student, COUNT(*), COUNT(DISTINCT json_extract(detail, "
                                "'$.row')) FROM results GROUP BY student").fetchall()
    assert len(per_writer) == 30 and all(n == distinct == 20 for _, n, distinct in per_writer)


_KILLED_WRITER = """
import sys
from uno_nb.classboard import ClassBoard
board = ClassBoard(sys.argv[1], rows_per_minute=None)
student = board.enrol(sys.argv[2]).student.id
n = 0
while True:
    row = board.add(sys.argv[2], student, "hand", "no_wild_in_7", n % 2, {"n": n})
    print(row, flush=True)
    n += 1
"""


def test_a_writer_killed_mid_write_leaves_the_file_readable_with_every_row_it_confirmed(tmp_path):
    path = tmp_path / "board.sqlite3"
    with ClassBoard(path) as board:
        code = board.start_class()
    writer = subprocess.Popen([sys.executable, "-c", _KILLED_WRITER, str(path), code],
                              stdout=subprocess.PIPE, text=True, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    confirmed = []
    assert writer.stdout is not None
    for line in writer.stdout:
        confirmed.append(int(line))
        if len(confirmed) == 200:
            writer.send_signal(signal.SIGKILL)  # in the middle of its next row
            break
    writer.wait()
    confirmed += [int(line) for line in writer.stdout]  # said before the kill, not yet read
    assert writer.returncode == -signal.SIGKILL
    with ClassBoard(path) as board:
        ids = [row.id for row in board.results(code)]
        assert ids[:len(confirmed)] == confirmed  # every confirmed row is there
        assert len(ids) - len(confirmed) <= 1  # and at most the one it was writing
        board.add(code, pupils(board, code, None)[0], "hand", "no_wild_in_7", 1)  # writable again
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_the_commands_start_a_class_and_export_it(tmp_path):
    path = tmp_path / "x.db"
    run = lambda *args: subprocess.run([sys.executable, "-m", "uno_nb.classboard", *args],  # noqa: E731
                                       capture_output=True, text=True, cwd=ROOT)
    started = run("new", str(path))
    code = started.stdout.strip()
    assert started.returncode == 0 and normal_code(code) == code
    exported = run("export", "--raw", code.lower(), str(path))
    assert exported.returncode == 0 and exported.stdout.splitlines() == [",".join(classboard.CSV_COLUMNS)]
    for_a_spreadsheet = run("export", "--lang", "ru", code, str(path))
    assert for_a_spreadsheet.returncode == 0 and len(for_a_spreadsheet.stdout.splitlines()) == 1
    refused = run("export", "ZZZZZ", str(path))
    assert refused.returncode == 2 and "no class ZZZZZ" in refused.stderr
    assert "Traceback" not in refused.stderr


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("refusal", [BadClassCode("x", code="ab"), NoSuchClass("x", code="ZZZZZ"),
                                     BadRow("x", field="value"), BoardBusy("x"),
                                     classboard.ClassExpired("x", code="ZZZZZ"),
                                     classboard.TooManyJoins("x", seconds=15),
                                     classboard.JoinsHeld("x", seconds=60),
                                     classboard.NoMoreNewStudents("x"), classboard.ClassFull("x"),
                                     classboard.NotEnrolled("x"), classboard.TooFast("x", most=60),
                                     BoardUnreadable("x"), classboard.BoardError("x")],
                         ids=lambda error: error.reason)
def test_each_refusal_has_a_sentence_in_each_language(refusal, lang):
    from uno_nb.texts import EXAMPLE_CODE, board_refusal, text
    said = board_refusal(refusal, lang)
    assert said == text(f"board.refused.{refusal.reason}", lang,
                        **{"example": EXAMPLE_CODE, "code": "", **refusal.facts})
    assert "{" not in said and "Traceback" not in said
    if refusal.reason == "no_class":
        assert "ZZZZZ" in said
    assert normal_code(EXAMPLE_CODE) == EXAMPLE_CODE


# -- issue 36: a store a mischievous student can't bend ---------------------------------

def test_rows_are_written_only_for_students_the_class_enrolled(board):
    other = board.start_class()
    (theirs,) = pupils(board, other, None)
    code = board.start_class()
    (mine,) = pupils(board, code, None)
    for forged in ("teacher", "s000000000000", theirs):
        with pytest.raises(classboard.NotEnrolled) as refused:
            board.add(code, forged, "hand", "wild:7", 1)
        assert refused.value.reason == "not_enrolled"
    assert board.add(code, mine, "hand", "wild:7", 1)
    assert board.count(code) == 1


def test_a_student_comes_back_by_their_secret_and_only_to_their_class(board):
    code = board.start_class()
    other = board.start_class()
    enrolled = board.enrol(code, "Ann")
    assert board.student(code, enrolled.secret) == enrolled.student
    assert board.student(other, enrolled.secret) is None  # another class: nobody
    assert board.student(code, enrolled.secret[:-1] + "x") is None
    assert board.student(code, "") is None and board.student(code, "x" * 500) is None
    with sqlite3.connect(board.path) as db:  # the file keeps the secret's digest only
        kept = db.execute("SELECT secret FROM students").fetchone()[0]
    assert enrolled.secret not in kept and len(kept) == 64


def test_a_class_enrols_at_most_its_limit(board):
    code = board.start_class()
    for _ in range(3):
        board.enrol(code, most=3)
    with pytest.raises(classboard.ClassFull) as refused:
        board.enrol(code, most=3)
    assert refused.value.reason == "class_full" and len(board.students(code)) == 3


def test_an_expired_class_takes_no_join_and_no_row(board, monkeypatch):
    code = board.start_class(hours=1)
    (s1,) = pupils(board, code, None)
    later = time.time() + 3601
    monkeypatch.setattr(time, "time", lambda: later)
    with pytest.raises(classboard.ClassExpired) as refused:
        board.join(code)
    assert refused.value.reason == "expired" and refused.value.facts["code"] == code
    with pytest.raises(classboard.ClassExpired):
        board.add(code, s1, "hand", "wild:7", 1)
    assert board.count(code) == 0
    assert board.lesson(code).expired()  # the teacher still reads it


def test_failed_joins_are_limited_on_the_whole_file_but_never_for_the_class_itself(board):
    code = board.start_class()
    enrolled = board.enrol(code)
    for _ in range(50):
        with pytest.raises(BadClassCode):
            board.join("not a code")  # said, not counted
    for _ in range(classboard.FAILED_JOINS_PER_MINUTE):
        with pytest.raises(NoSuchClass):
            board.join("ZZZZZ")
    with pytest.raises(classboard.JoinsHeld) as refused:
        board.join(code)  # a new join waits a minute now, even with a right code
    assert refused.value.reason == "joins_held"
    assert board.join(code, enrolled.secret) == code  # a student coming back does not
    with pytest.raises(classboard.JoinsHeld):
        board.join(code, "x" * 32)  # (a secret of nobody is no way round it)


def test_a_student_writes_at_most_the_rows_of_a_minute(tmp_path):
    with ClassBoard(tmp_path / "b.sqlite3", rows_per_minute=5) as board:
        code = board.start_class()
        s1, s2 = pupils(board, code, None, None)
        for n in range(5):
            board.add(code, s1, "hand", "wild:7", 1, {"n": n})
        with pytest.raises(classboard.TooFast) as refused:
            board.add(code, s1, "hand", "wild:7", 1)
        assert refused.value.reason == "too_fast" and refused.value.facts["most"] == 5
        board.add(code, s2, "hand", "wild:7", 1)  # another student is not held back
        assert board.count(code) == 6


def test_the_lesson_is_led_and_read_back(board):
    code = board.start_class()
    lesson = board.lesson(code)
    assert (lesson.page, lesson.question, lesson.revealed, lesson.paused) == ("", "", (), False)
    board.lead(code, page="02_card_odds")
    board.lead(code, question="odds.no_wild")
    board.lead(code, reveal="odds.no_wild")
    board.lead(code, reveal="odds.no_wild")  # once is enough
    lesson = board.lead(code, paused=True)
    assert (lesson.page, lesson.question, lesson.revealed, lesson.paused) == (
        "02_card_odds", "odds.no_wild", ("odds.no_wild",), True)
    assert lesson.step == 5
    for bad in ({"page": "../../etc"}, {"question": "x"}, {"reveal": "<b>"}):
        with pytest.raises(BadRow):
            board.lead(code, **bad)
    with pytest.raises(NoSuchClass):
        board.lead("ZZZZZ", page="02_card_odds")


def test_where_counts_each_student_on_each_page_and_not_the_hidden(board):
    code = board.start_class()
    a, b, c = pupils(board, code, None, None, None)
    board.here(code, a, "02_card_odds")
    board.here(code, a, "02_card_odds")
    board.here(code, b, "02_card_odds")
    board.here(code, c, "05_play_against_bots")
    board.hide(code, c)
    assert board.where(code) == {"02_card_odds": 2}
    assert board.hidden(code) == {c}
    for forged in ("javascript:alert(1)", "99_teacher_is_boring", "ru/02_card_odds", ""):
        with pytest.raises(BadRow):
            board.here(code, a, forged)
    assert board.where(code) == {"02_card_odds": 2}


def test_a_hidden_student_frees_their_seat(board):
    code = board.start_class()
    ids = [board.enrol(code, most=2).student.id for _ in range(2)]
    with pytest.raises(classboard.ClassFull):
        board.enrol(code, most=2)
    board.hide(code, ids[0])
    board.enrol(code, most=2)
    assert len(board.students(code)) == 3


def test_a_file_of_the_first_layout_is_brought_up_with_every_row(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript("""
            CREATE TABLE classes (code TEXT PRIMARY KEY, started REAL NOT NULL);
            CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, class TEXT NOT NULL
              REFERENCES classes(code), student TEXT NOT NULL, nickname TEXT, kind TEXT NOT NULL,
              item TEXT NOT NULL, value REAL, detail TEXT NOT NULL, at REAL NOT NULL);
            INSERT INTO classes VALUES ('K7Q2M', 1000.0);
            INSERT INTO results (class, student, kind, item, value, detail, at)
              VALUES ('K7Q2M', 'abc', 'hand', 'wild:7', 100, '{}', 1001.0);
            PRAGMA user_version = 1;
        """)
    with ClassBoard(path) as board:
        assert [row.student for row in board.results("K7Q2M")] == ["abc"]
        assert board.lesson("K7Q2M").expired()  # an old lesson is over
        code = board.start_class()
        (s1,) = pupils(board, code, None)
        board.add(code, s1, "hand", "wild:7", 1)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == classboard.SCHEMA_VERSION
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
