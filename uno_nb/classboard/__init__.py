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
  cannot be misread: no I, O, 0 or 1) that students can join for
  :data:`CLASS_HOURS` after it starts; failed joins are counted, and past
  :data:`FAILED_JOINS_PER_MINUTE` in a minute the file takes no more;
* a student is enrolled by the store (:meth:`ClassBoard.enrol`): an id the
  rows carry and a secret the student's browser keeps to come back as the
  same student after a reload (the file keeps only the secret's SHA-256), so
  that a row is only ever written for a student the class enrolled, at most
  :data:`ROWS_PER_MINUTE` of theirs a minute; a nickname is optional, stored
  as typed (the board shows it as text) but refused with invisible
  formatting characters in it;
* a class carries the lesson its teacher leads (:class:`Lesson`: the page
  the class is sent to, the question open, the answers revealed, a pause),
  and where each student's pages are (:meth:`ClassBoard.where`).

This module holds no words for people: its refusals are exceptions with a
``reason`` the pages look up in the text table.

The load test (thirty writers at once against one file) is a benchmark:
``benchmarks/board_load.py``.
"""

from __future__ import annotations

from .forms import (CLASS_HOURS, CLASS_MOST, CODE_LENGTH, CODE_LETTERS, CSV_COLUMNS, DETAIL_MOST,
                    ENV, FAILED_JOINS_PER_MINUTE, FORMULA_STARTS, KINDS, NICKNAME_MOST, PATIENCE,
                    PRESENCE_SECONDS, ROWS_PER_MINUTE, SCHEMA_VERSION, BadClassCode, BadRow,
                    BoardBusy, BoardError, BoardUnreadable, ClassExpired, ClassFull, Enrolment,
                    JoinsHeld, Lesson, NoMoreNewStudents, NoSuchClass, NotEnrolled, Result, Student,
                    TooFast, TooManyJoins, default_path, digest, guard_cell, new_code, normal_code, normal_nickname)
from .store import PAGES, ClassBoard

__all__ = ["CLASS_HOURS", "CLASS_MOST", "CODE_LENGTH", "CODE_LETTERS", "CSV_COLUMNS",
           "DETAIL_MOST", "ENV", "FAILED_JOINS_PER_MINUTE", "FORMULA_STARTS", "KINDS",
           "NICKNAME_MOST", "PATIENCE", "PRESENCE_SECONDS", "ROWS_PER_MINUTE", "SCHEMA_VERSION",
           "BadClassCode", "BadRow", "BoardBusy", "BoardError", "BoardUnreadable",
           "ClassExpired", "ClassFull", "Enrolment", "JoinsHeld", "Lesson", "NoMoreNewStudents",
           "NoSuchClass", "NotEnrolled",
           "Result", "Student", "TooFast", "TooManyJoins", "default_path", "digest", "guard_cell",
           "new_code", "normal_code", "normal_nickname", "PAGES", "ClassBoard"]
