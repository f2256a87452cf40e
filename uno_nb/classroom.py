"""A page's place in a class: who is asking (a student or the teacher), the
class it is in, and what it records there.

Under the class server (``make app``: :mod:`uno_nb.serving.webapp` names the class
board's file in ``UNO_NB_CLASSBOARD``, sets ``UNO_NB_CLASS_SERVER`` and
gives the kernels the digest of the teacher's key in ``UNO_NB_TEACHER``),
each page's kernel has one :class:`Classroom`, :data:`SESSION`.  Anywhere
else (Binder, JupyterLab on one's own) nothing is recorded and the pages say
so.

**Who leads.**  The launcher makes a teacher's key once (:func:`teacher_key`,
a file beside the board's) and prints the board's link with it; the
teacher's browser keeps the key and every page it opens claims it
(:meth:`Classroom.claim_teacher`).  A page whose claim matches is the
teacher's: it records nothing (the teacher's browser is never a student),
and only it may start a class, lead it (:meth:`Classroom.lead`: send the
class to a page, open a question, reveal an answer to all, pause), hide a
student or export.  Any other page is a student's, whatever its messages
say: a teacher's action there is refused with :class:`NotTeacher`.  Who is
the teacher is asked of an :class:`Authority`; the key is one
(:class:`KeyAuthority`), and a multi-user server can supply another (a hub's
group as the teachers) without changing the pages.

**Who a student is** is the store's to say, never the page's: joining
enrols a new student (an id, and a secret the browser keeps for that class)
or finds the one whose secret the browser brings back after a reload, so a
page can't write as another student, invent students (at most
:data:`ENROLS_PER_PAGE` a page), or join a class it wasn't given (codes
expire; failed joins wait longer and longer, :data:`JOIN_TRIES`).

>>> board = ClassBoard(":memory:")
>>> room = Classroom(board=board, teacher=True)
>>> code = room.start_class()
>>> pupil = Classroom(board=board)
>>> pupil.join(code).code == code
True
>>> pupil.record("hand", "wild:7", 100, {"seed": 3, "start": 0, "counts": {"0": 57, "1": 43}})
1
>>> from uno_nb.pooling import pool
>>> pool(room.rows()).hands["wild:7"].dealt
100
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Mapping, Protocol

from . import lessons
from .classboard.remote import RemoteBoard
from .classboard import (ENV, BadRow, BoardError, ClassBoard, ClassExpired, Lesson,
                         NoMoreNewStudents, NoSuchClass, Result, Student, TooFast, TooManyJoins, digest,
                         normal_nickname)
from .pooling import AnswerPool, ChallengePool, GamePool, HandPool, LabPool, Pool, Pooled, pool

__all__ = ["SERVER_ENV", "TEACHER_ENV", "STUDENT", "TEACHER", "served", "teacher_key", "sensible",
           "Authority", "KeyAuthority", "HubAuthority", "NotTeacher", "Membership", "Classroom", "SESSION",
           "HandPool", "AnswerPool", "GamePool", "ChallengePool", "LabPool", "Pooled", "Pool",
           "pool"]

#: Set to "1" by the web app: the pages record what students do.
SERVER_ENV = "UNO_NB_CLASS_SERVER"
#: The class board service's address, set by a JupyterHub for every user's server
#: (uno_nb.serving.hub): the pages write there, as the hub user.
HUB_BOARD_ENV = "UNO_NB_HUB_BOARD"
#: The SHA-256 of the teacher's key (hex), set by the web app for its kernels.
TEACHER_ENV = "UNO_NB_TEACHER"
#: How long a page waits for a busy board before it keeps the row to send
#: later (seconds): a page's kernel answers its learner while it waits, so
#: the wait is short; the load test's writers wait the store's full patience.
PAGE_PATIENCE = 2.0
#: The new students one page may enrol (a student who joined the wrong class
#: joins the right one; a page that asks again and again invents nobody).
ENROLS_PER_PAGE = 3
#: Failed joins a page may make in a row before each further try waits:
#: 15 s, then twice as long after each failure (at most 15 minutes).
JOIN_TRIES = 5
#: How often a student's page tells the board where it is (seconds).
HERE_EVERY = 10.0
#: The most rows a page keeps while the board can't take them (busy, or the
#: student's rows of the minute used up): past it, a new row is refused and said.
KEPT_MOST = 200

STUDENT, TEACHER = "student", "teacher"


def served() -> bool:
    """Whether this kernel runs under the class server."""
    return os.environ.get(SERVER_ENV) == "1"


def teacher_key(folder: str | os.PathLike[str]) -> str:
    """The teacher's key kept in ``folder`` (a file only its owner reads),
    made on first use: the same key, and so the same board link, after a
    restart."""
    path = Path(folder) / "teacher-key"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        key = path.read_text(encoding="ascii").strip()
        if len(key) >= 20:
            return key
    except (OSError, UnicodeDecodeError):
        pass
    key = secrets.token_urlsafe(18)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as out:
        out.write(key + "\n")
    return key


class NotTeacher(BoardError):
    """A teacher's action asked by a page that is not the teacher's."""

    reason = "not_teacher"


class Authority(Protocol):
    """Who is the teacher: given what a page claims (its ``teacher`` key, or a
    multi-user server's user and groups), whether that page is the teacher's."""

    def is_teacher(self, claim: Mapping[str, Any]) -> bool: ...


@dataclass(frozen=True)
class KeyAuthority:
    """The teacher is whoever brings the key whose SHA-256 is ``digest``
    (the web app's key, :func:`teacher_key`); no digest, no teacher."""

    digest: str | None

    @classmethod
    def from_env(cls) -> KeyAuthority:
        return cls(os.environ.get(TEACHER_ENV) or None)

    def is_teacher(self, claim: Mapping[str, Any]) -> bool:
        key = claim.get("teacher")
        if not self.digest or not isinstance(key, str) or not 16 <= len(key) <= 128:
            return False
        return hmac.compare_digest(digest(key), self.digest)


class HubAuthority:
    """On a JupyterHub the hub says who is a teacher (a scope its ``teachers``
    group holds), asked of the board service with this kernel's token; what
    a page claims counts for nothing.  Asked once; a service that can't be
    reached makes nobody a teacher for now (and is asked again next time)."""

    def __init__(self, board: RemoteBoard) -> None:
        self._board = board
        self._said: bool | None = None

    def is_teacher(self, claim: Mapping[str, Any]) -> bool:
        if self._said is None:
            try:
                self._said = self._board.whoami()["teacher"] is True
            except BoardError:
                return False
        return self._said


@dataclass(frozen=True)
class Membership:
    """A student in a class: the class code, the student's id, an optional
    nickname, and the secret that brings the student back (not shown)."""

    code: str
    student: str
    nickname: str | None = None
    secret: str = field(default="", repr=False)


class Classroom:
    """The link of one kernel (one page) to the class board.

    A row the board is too busy to take is kept, in order, and sent before
    the next one (or by :meth:`send_kept`, which the page's class bar calls
    every few seconds while rows wait): a busy board delays a row, never
    loses it, and never holds the page for long."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 patience: float = PAGE_PATIENCE, teacher: bool | None = False,
                 authority: Authority | None = None,
                 board: ClassBoard | RemoteBoard | None = None) -> None:
        self._path = path
        self._patience = patience
        self._board: ClassBoard | RemoteBoard | None = board
        self._authority = authority if authority is not None else KeyAuthority.from_env()
        #: STUDENT, or TEACHER (given here by the code that made the room, or
        #: claimed); None: the authority says, when first asked (a hub)
        self.role: str | None = None if teacher is None else TEACHER if teacher else STUDENT
        #: the class this page is in (a student's, or the one the teacher leads)
        self.code: str | None = None
        self.member: Membership | None = None
        #: rows not in the file yet: (member, kind, item, value, detail, key), oldest
        #: first; the key names the row once, so that a row sent again after a
        #: reply that never came is not written twice (the hub's board service)
        self.kept: list[tuple[Membership, str, str, float | None,
                              Mapping[str, Any] | None, str]] = []
        self._sending = threading.RLock()  # a lab run records from its worker thread
        self._failed = 0  # failed joins in a row
        self._wait_until = 0.0  # (time.monotonic) no join before this
        self._enrolled = 0
        self._here: tuple[str, float] = ("", 0.0)  # the page said, and when
        #: what follows the class on this page (uno_nb.widgets.classbar.listen)
        self.listeners: weakref.WeakSet[Any] = weakref.WeakSet()

    @property
    def board(self) -> ClassBoard | RemoteBoard:
        if self._board is None:
            self._board = ClassBoard(self._path, patience=self._patience)
        return self._board

    @property
    def is_teacher(self) -> bool:
        if self.role is None:  # a hub: its word, asked once it can be had
            if not self._authority.is_teacher({}):
                return False
            self.role = TEACHER
        return self.role == TEACHER

    def claim_teacher(self, claim: Mapping[str, Any]) -> bool:
        """The page claims to be the teacher's (``{"teacher": key}``): whether
        the authority agrees.  A claim that fails changes nothing."""
        if isinstance(claim, Mapping) and self._authority.is_teacher(claim):
            self.role = TEACHER
            self.member = None  # the teacher's page is nobody's in the class
            return True
        return False

    def _teacher(self, action: str) -> None:
        if not self.is_teacher:
            raise NotTeacher(f"only the teacher's page may {action}", action=action)

    # -- joining -----------------------------------------------------------------------

    def join(self, code: str, secret: str | None = None,
             nickname: str | None = None) -> Membership | None:
        """Join the class ``code`` (as typed): as the student whose browser
        keeps ``secret`` for it, or as a new student; the teacher's page
        follows the class and is nobody in it (None).  Refusals are
        :class:`~uno_nb.classboard.BoardError`: no such class, expired, too
        many failed joins, the nickname refused."""
        now = time.monotonic()
        if now < self._wait_until:
            raise TooManyJoins("wait before joining again",
                               seconds=int(self._wait_until - now) + 1)
        name = normal_nickname(nickname if isinstance(nickname, str) else None)
        if self.is_teacher:
            self.code = self.board.lesson(code if isinstance(code, str) else "").code
            return None
        brought = secret if isinstance(secret, str) and secret else None
        try:
            exact = self.board.join(code if isinstance(code, str) else "", brought)
        except (NoSuchClass, ClassExpired):
            self._failed += 1
            if self._failed >= JOIN_TRIES:
                self._wait_until = now + min(900.0, 15.0 * 2 ** (self._failed - JOIN_TRIES))
            raise
        self._failed = 0
        student: Student | None = None
        if brought is not None:
            student = self.board.student(exact, brought)
        elif self.member is not None and self.member.code == exact:
            # this page is in that class already: the same student (a nickname changed)
            brought = self.member.secret
            student = self.board.student(exact, brought)
            secret = brought
        if student is None:
            hub = isinstance(self.board, RemoteBoard)  # (there the student is the hub user)
            if not hub and self._enrolled >= ENROLS_PER_PAGE:
                raise NoMoreNewStudents("this page has joined as a new student too often")
            enrolment = self.board.enrol(exact, name)
            self._enrolled += 0 if hub else 1
            student, secret = enrolment.student, enrolment.secret
        elif name is not None and name != student.nickname:
            self.board.rename(exact, student.id, name)
        self.member = Membership(exact, student.id, name if name is not None
                                 else student.nickname, secret or "")
        self.code = exact
        return self.member

    def lesson(self) -> Lesson | None:
        """Where the teacher leads this page's class (None outside a class)."""
        return self.board.lesson(self.code) if self.code is not None else None

    def here(self, page: str) -> None:
        """Tell the board that this student has ``page`` open (at most every
        :data:`HERE_EVERY` seconds for the same page)."""
        member = self.member
        if member is None or not page:
            return
        now = time.monotonic()
        if self._here[0] == page and now - self._here[1] < HERE_EVERY:
            return
        self.board.here(member.code, member.student, page)
        self._here = (page, now)

    def mine(self, kind: str | None = None) -> list[Result]:
        """This student's rows in the class (a reloaded page finds what it did)."""
        member = self.member
        if member is None:
            return []
        return self.board.results(member.code, kind=kind, student=member.student, limit=5_000)

    # -- recording ---------------------------------------------------------------------

    def record(self, kind: str, item: str, value: float | None = None,
               detail: Mapping[str, Any] | None = None) -> int | None:
        """Add a row for the student (after any rows kept from before); its id,
        None when not a student in a class.  A refusal
        (:class:`~uno_nb.classboard.BoardError`) is the caller's to say; a row
        the board could not take (busy, or its file unreadable for now) is
        kept to send later (:attr:`kept`)."""
        member = self.member
        if member is None or self.is_teacher:
            return None
        if kind == "prediction":
            sensible(item, value, (detail or {}).get("variant", 0))
        with self._sending:
            if len(self.kept) >= KEPT_MOST:
                raise TooFast(f"{len(self.kept)} rows wait to be sent already",
                              most=self.board.rows_per_minute or 0)
            self.kept.append((member, kind, item, value, detail, secrets.token_hex(8)))
            return self.send_kept()

    def send_kept(self) -> int | None:
        """Send the rows kept, oldest first; the last one's id (None if none
        was sent).

        A row refused for itself (its form, its student, a class no longer
        open, too many of the student's rows this minute) is let go - sent
        again it would be refused again - and the rest are sent; that
        refusal is raised once they are.  Any other failure (a busy board, a
        file that cannot be read or written just now) stops here and is
        raised, and the row and those after it stay kept for the next try."""
        last = None
        refused: BoardError | None = None
        with self._sending:
            while self.kept:
                member, kind, item, value, detail, key = self.kept[0]
                try:
                    if isinstance(self.board, RemoteBoard):
                        last = self.board.add(member.code, member.student, kind, item, value,
                                              detail, nickname=member.nickname, key=key)
                    else:  # (a file's write either is committed or raises: never both)
                        last = self.board.add(member.code, member.student, kind, item, value,
                                              detail, nickname=member.nickname)
                except BoardError as error:
                    if error.reason in ("busy", "unreadable", "error", "too_fast"):
                        raise  # kept, in order, for the next try
                    refused = refused or error
                self.kept.pop(0)
        if refused is not None:
            raise refused
        return last

    # -- the teacher's -----------------------------------------------------------------

    def start_class(self) -> str:
        """A fresh class, which this (the teacher's) page then leads."""
        self._teacher("start a class")
        self.code = self.board.start_class()
        return self.code

    def open_class(self, code: str) -> str:
        """Lead the class ``code`` (one started before, on this board, even
        one whose lesson is over: its results stay the teacher's to see)."""
        self._teacher("open a class")
        self.code = self.board.lesson(code).code
        return self.code

    def _led(self, action: str) -> str:
        self._teacher(action)
        if self.code is None:
            raise NoSuchClass("no class is open on this page", code="")
        return self.code

    def lead(self, *, page: str | None = None, question: str | None = None,
             reveal: str | None = None, paused: bool | None = None) -> Lesson:
        """Move the class (:meth:`uno_nb.classboard.ClassBoard.lead`)."""
        code = self._led("lead the class")
        for asked in (question, reveal):
            if asked:
                try:
                    lessons.question(asked)
                except ValueError:
                    raise BadRow(f"there is no question {asked!r}", field="question") from None
        return self.board.lead(code, page=page, question=question, reveal=reveal, paused=paused)

    def hide(self, student: str, hidden: bool = True) -> None:
        """Leave a student out of the class's figures (or take them back)."""
        self.board.hide(self._led("hide a student"), student, hidden)

    def students(self) -> list[Student]:
        return self.board.students(self._led("list the students"))

    def rows(self, after: int = 0) -> list[Result]:
        """The class's rows after row ``after`` (the board reads what is new)."""
        return self.board.results(self._led("read the class's rows"), after=after)

    def export(self, out: IO[str], lang: str = "en") -> int:
        """The class's rows as a spreadsheet's CSV; how many rows."""
        code = self._led("export the class's results")
        from .classexport import write_csv  # (the words of the text table)
        return write_csv(self.board.rows_in_order(code), out, lang)


def sensible(item: str, value: float | None, variant: Any = 0) -> None:
    """A prediction whose number no learner could mean (a chance of -5 %,
    10^30 cards) is refused (:class:`~uno_nb.classboard.BadRow`)."""
    if value is None:
        return
    if not isinstance(variant, int) or isinstance(variant, bool) \
            or not 0 <= variant < lessons.variants(item):
        raise BadRow(f"{item} has no variant {variant!r}", field="detail")
    try:
        question = lessons.question(item, variant)
    except ValueError:
        raise BadRow(f"there is no question {item!r}", field="item") from None
    low, high = question.bounds
    if not low <= value <= high:
        raise BadRow(f"{value!r} is outside {low}..{high} for {item}", field="value",
                     low=low, high=high)


def _session() -> Classroom:
    hub = os.environ.get(HUB_BOARD_ENV)
    if hub:  # a JupyterHub: the board service, as this kernel's hub user
        board = RemoteBoard(hub, patience=PAGE_PATIENCE)
        return Classroom(board=board, authority=HubAuthority(board), teacher=None)
    return Classroom(os.environ.get(ENV) or None)


#: This kernel's classroom (one page has one kernel).
SESSION = _session()


