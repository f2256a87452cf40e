"""The class board's forms: its limits, its refusals, and the values it keeps
(a row, a student, a lesson), with the checks a text must pass to be kept.
Plain Python and no words for people (:mod:`uno_nb.classboard`)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import time
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

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
#: How long a class code lets students join and write, from its start (hours):
#: a lesson's day, so that last week's code, or one read off a photo of the
#: board, joins nothing.
CLASS_HOURS = 12.0
#: The most students one class enrols (a class of 30, and room for pages a
#: student opens in another browser): a page can't invent a crowd.
CLASS_MOST = 120
#: The most rows one student writes in a minute; more are refused until the
#: minute has passed (a hand of frantic clicks is one student, not a hundred).
ROWS_PER_MINUTE = 60
#: The most failed joins (a code not on the board, or expired) the whole file
#: takes in a minute, whoever sends them: at this pace, trying every one of
#: the 32**5 codes takes about 194 days, and the chance of finding a class's
#: code in its 12 hours is about 1 in 400.
FAILED_JOINS_PER_MINUTE = 120
#: A page counts as open on the board while it said so within this many seconds.
PRESENCE_SECONDS = 30.0
#: The file's layout; a file of layout 1 is brought up to it, any other is
#: refused, never rewritten.
SCHEMA_VERSION = 3
ENV = "UNO_NB_CLASSBOARD"
T = TypeVar("T")

#: The columns of :meth:`ClassBoard.export_raw` (the file's own fields, for a program).
CSV_COLUMNS = ("id", "class", "student", "nickname", "kind", "item", "value", "detail", "at")


class BoardError(Exception):
    """A refusal of the store; ``reason`` names it (texts: ``board.refused.<reason>``)."""

    reason = "error"

    def __init__(self, message: str, **facts: Any) -> None:
        super().__init__(message)
        self.facts = facts


class BadClassCode(BoardError):
    reason = "bad_code"


class NoSuchClass(BoardError):
    reason = "no_class"


class ClassExpired(BoardError):
    """The class's code was for a lesson that is over (:data:`CLASS_HOURS`)."""

    reason = "expired"


class TooManyJoins(BoardError):
    """Too many wrong codes from this page: it waits ``seconds``."""

    reason = "too_many_joins"


class JoinsHeld(BoardError):
    """Too many failed joins on the whole file in the last minute: new joins
    wait (a page that comes back with its student's secret does not)."""

    reason = "joins_held"


class NoMoreNewStudents(BoardError):
    """This page has joined as a new student as often as a page may."""

    reason = "new_students"


class ClassFull(BoardError):
    reason = "class_full"


class NotEnrolled(BoardError):
    """A row for a student the class did not enrol."""

    reason = "not_enrolled"


class TooFast(BoardError):
    """More rows than :data:`ROWS_PER_MINUTE` from one student."""

    reason = "too_fast"


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
    if len(text) > 4 * CODE_LENGTH:
        raise BadClassCode("a class code is five letters and digits", code=text[:12])
    code = re.sub(r"[\s\-]", "", text).upper()
    if not code:
        raise BadClassCode("no class code given", code=text)
    if len(code) != CODE_LENGTH or any(letter not in CODE_LETTERS for letter in code):
        raise BadClassCode(f"{text!r} is not a class code: {CODE_LENGTH} letters and digits "
                           f"from {CODE_LETTERS}", code=text)
    return code


#: Unicode categories a nickname may not hold: controls, and invisible
#: formatting (Cf: the right-to-left override U+202E that turns a line of the
#: board around, zero-width joiners, the BOM), separators of lines and
#: paragraphs, and unassigned or private code points.
_REFUSED_CATEGORIES = {"Cc", "Cf", "Zl", "Zp", "Co", "Cn", "Cs"}


def normal_nickname(text: str | None) -> str | None:
    """A nickname with its surrounding spaces gone; control characters and
    invisible formatting refused; ``None`` or blank for none.  Kept as typed
    otherwise: whoever shows it shows it as text."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise BadRow(f"a nickname is text, not {type(text).__name__}", field="nickname")
    name = text.strip()
    if not name:
        return None
    if len(name) > NICKNAME_MOST:
        raise BadRow(f"a nickname has at most {NICKNAME_MOST} characters", field="nickname")
    if any(unicodedata.category(ch) in _REFUSED_CATEGORIES for ch in name):
        raise BadRow("a nickname may not hold control or invisible formatting characters",
                     field="nickname")
    return name


#: What a spreadsheet reads as the start of a formula in a cell.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


_SEPARATORS = frozenset(";,")


def _plain(ch: str) -> str:
    return unicodedata.normalize("NFKC", ch)


@lru_cache(maxsize=8192)
def guard_cell(cell: str) -> str:
    """A text cell a spreadsheet shows and never runs (OWASP's advice on CSV
    injection): an apostrophe before each place a formula would start - the
    cell's start, or a ``;`` or ``,`` inside it, where a spreadsheet that
    splits the file on another separator (Russian Excel splits on ``;``)
    would start a cell - when the first character after it that is not a
    space starts a formula, read as a spreadsheet reads it (Unicode's NFKC
    form: a full-width ``＝`` is ``=``).  A nickname typed as
    ``=HYPERLINK(...)`` is shown as typed.

    >>> guard_cell("=1+2"), guard_cell(" =1+2"), guard_cell("x; =1+2"), guard_cell("Ann, Bo")
    ("'=1+2", "' =1+2", "x;' =1+2", 'Ann, Bo')
    """
    if not set(_plain(cell)) & set(FORMULA_STARTS):
        return cell  # (most cells: nothing could start a formula)
    out: list[str] = []
    start = 0  # where the cell (or the part after a separator) starts in out
    looking = True  # no character yet but spaces since that start
    for ch in cell:
        plain = _plain(ch)
        if looking and not (plain and plain.isspace() and not set(plain) & set(FORMULA_STARTS)):
            looking = False
            if plain[:1] in FORMULA_STARTS:
                out.insert(start, "'")
        out.append(ch)
        if plain in _SEPARATORS:
            start, looking = len(out), True
    return "".join(out)


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
        return (self.id, self.code, guard_cell(self.student), guard_cell(self.nickname or ""),
                self.kind, guard_cell(self.item),
                "" if self.value is None else repr(self.value),
                guard_cell(json.dumps(dict(self.detail), sort_keys=True, ensure_ascii=False)),
                repr(self.at))


@dataclass(frozen=True)
class Student:
    """A student the class enrolled: the id every row of theirs carries."""

    id: str
    code: str
    nickname: str | None
    hidden: bool
    joined: float


@dataclass(frozen=True)
class Enrolment:
    """A student just enrolled: their id, and the secret their browser keeps
    to come back as the same student (the store keeps only its digest)."""

    student: Student
    secret: str


@dataclass(frozen=True)
class Lesson:
    """Where the teacher leads a class: the page the class is sent to, the
    question open for everyone, the questions whose answers are revealed to
    all, whether the class is paused; ``step`` counts the teacher's changes."""

    code: str
    started: float
    expires: float
    page: str = ""
    question: str = ""
    revealed: tuple[str, ...] = ()
    paused: bool = False
    step: int = 0

    def expired(self, now: float | None = None) -> bool:
        return (time.time() if now is None else now) >= self.expires


def digest(secret: str) -> str:
    """What the store keeps of a secret (a student's, the teacher's key): its SHA-256, in hex."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


