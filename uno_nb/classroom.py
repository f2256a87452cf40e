"""A page's place in a class, and what the class did, pooled.

Under the class server (``make app``: :mod:`uno_nb.webapp` names the class
board's file in ``UNO_NB_CLASSBOARD`` and sets ``UNO_NB_CLASS_SERVER``), each
student's page joins a class by its code (typed, or carried by the page's
link) and :data:`SESSION` records what the student does - predictions, dealt
hands, games - as rows of :class:`uno_nb.classboard.ClassBoard`.  Anywhere
else (Binder, JupyterLab on one's own) nothing is recorded and the pages say
so.

:func:`pool` turns a class's rows into the figures the board draws: the
class's dealt hands closing in on the exact chance, how the class answered
each question, its games.  Plain Python and no words: the board page
(:mod:`uno_nb.widgets.board_app`) says them.

>>> room = Classroom(":memory:")
>>> code = room.board.start_class()
>>> room.join(code, "s1").code == code
True
>>> room.record("hand", "wild:7", 100, {"seed": 3, "start": 0, "counts": {"0": 57, "1": 43}})
1
>>> pool(room.board.results(code)).hands["wild:7"].dealt
100
"""

from __future__ import annotations

import os
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence

from .sim import montecarlo as mc
from .classboard import (ENV, BadClassCode, BadRow, BoardError, ClassBoard, NoSuchClass, Result,
                         normal_nickname)

__all__ = ["SERVER_ENV", "served", "Membership", "Classroom", "SESSION", "HandPool",
           "AnswerPool", "GamePool", "ChallengePool", "LabPool", "Pooled", "pool"]

#: Set to "1" by the web app: the pages record what students do.
SERVER_ENV = "UNO_NB_CLASS_SERVER"
#: How long a page waits for a busy board before it keeps the row to send
#: later (seconds): a page's kernel answers its learner while it waits, so
#: the wait is short; the load test's writers wait the store's full patience.
PAGE_PATIENCE = 2.0


def served() -> bool:
    """Whether this kernel runs under the class server."""
    return os.environ.get(SERVER_ENV) == "1"


@dataclass(frozen=True)
class Membership:
    """A student in a class: the class code, an anonymous id, an optional nickname."""

    code: str
    student: str
    nickname: str | None = None


class Classroom:
    """The link of one kernel (one student's page) to the class board.

    A row the board is too busy to take is kept, in order, and sent before
    the next one (or by :meth:`send_kept`, which the page's class bar calls
    every few seconds while rows wait): a busy board delays a row, never
    loses it, and never holds the page for long."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 patience: float = PAGE_PATIENCE) -> None:
        self._path = path
        self._patience = patience
        self._board: ClassBoard | None = None
        self.member: Membership | None = None
        #: rows not in the file yet: (member, kind, item, value, detail), oldest first
        self.kept: list[tuple[Membership, str, str, float | None,
                              Mapping[str, Any] | None]] = []
        self._sending = threading.RLock()  # a lab run records from its worker thread

    @property
    def board(self) -> ClassBoard:
        if self._board is None:
            self._board = ClassBoard(self._path, patience=self._patience)
        return self._board

    def join(self, code: str, student: str, nickname: str | None = None) -> Membership:
        """Join the class ``code`` (as typed): :class:`~uno_nb.classboard.BoardError`
        if there is no such class, or the student id or nickname is refused."""
        exact = self.board.join(code)
        if not isinstance(student, str) or not student.isascii() or not student.isalnum() \
                or not 1 <= len(student) <= 64:
            raise BadRow("a student is an id of 1-64 letters and digits", field="student")
        self.member = Membership(exact, student, normal_nickname(nickname))
        return self.member

    def leave(self) -> None:
        self.member = None

    def record(self, kind: str, item: str, value: float | None = None,
               detail: Mapping[str, Any] | None = None) -> int | None:
        """Add a row for the student (after any rows kept from before); its id,
        None when not in a class.  A refusal
        (:class:`~uno_nb.classboard.BoardError`) is the caller's to say; a row
        the board could not take (busy, or its file unreadable for now) is
        kept to send later (:attr:`kept`)."""
        member = self.member
        if member is None:
            return None
        with self._sending:
            self.kept.append((member, kind, item, value, detail))
            return self.send_kept()

    def send_kept(self) -> int | None:
        """Send the rows kept, oldest first; the last one's id (None if none
        was sent).

        A row refused for itself (its form, or a class no longer on the
        board) is let go - sent again it would be refused again - and the
        rest are sent; that refusal is raised once they are.  Any other
        failure (a busy board, a file that cannot be read or written just
        now) stops here and is raised, and the row and those after it stay
        kept for the next try."""
        last = None
        refused: BoardError | None = None
        with self._sending:
            while self.kept:
                member, kind, item, value, detail = self.kept[0]
                try:
                    last = self.board.add(member.code, member.student, kind, item, value,
                                          detail, nickname=member.nickname)
                except (BadRow, BadClassCode, NoSuchClass) as error:
                    refused = refused or error
                self.kept.pop(0)
        if refused is not None:
            raise refused
        return last


def _session() -> Classroom:
    return Classroom(os.environ.get(ENV) or None)


#: This kernel's classroom (one student's page has one kernel).
SESSION = _session()


# -- the class's figures ------------------------------------------------------------

@dataclass
class HandPool:
    """The class's dealt hands of one kind and size: how many held none."""

    dealt: int = 0
    none: int = 0
    #: after each block of hands that came in: (hands so far, how many held none)
    path: list[tuple[int, int]] = field(default_factory=list)

    @property
    def estimate(self) -> mc.Estimate:
        return mc.proportion(self.none, self.dealt)


@dataclass
class AnswerPool:
    """How the class answered one question: each student's first answer
    (their prediction) and whether they got it right in the end."""

    first: dict[str, float] = field(default_factory=dict)  # student -> first number
    right_first: set[str] = field(default_factory=set)
    done: dict[str, str] = field(default_factory=dict)  # student -> "right" or "shown"

    @property
    def students(self) -> int:
        return len(self.first)

    @property
    def right_in_the_end(self) -> int:
        """How many students found the answer themselves, at any try (not
        those who were shown it)."""
        return sum(1 for outcome in self.done.values() if outcome == "right")


@dataclass
class GamePool:
    """The class's games on the play page."""

    games: int = 0
    won: int = 0  # by the student
    turns: int = 0


@dataclass
class ChallengePool:
    """The class's answers to a Wild Draw Four on the play page."""

    decisions: int = 0
    challenged: int = 0
    caught: int = 0  # challenged, and the card was a bluff: the bluffer drew
    wrong: int = 0  # challenged an honest card: 6 cards drawn
    taken: int = 0  # not challenged: the cards taken
    passed: int = 0  # not challenged: a card played on it passed the penalty on
    drawn: int = 0  # cards the students drew over it, in all


@dataclass
class LabPool:
    """The class's runs of the house-rules lab."""

    runs: int = 0
    games: int = 0
    students: set[str] = field(default_factory=set)


@dataclass
class Pooled:
    hands: dict[str, HandPool]
    answers: dict[str, AnswerPool]
    games: GamePool
    students: int
    last_id: int
    challenges: ChallengePool = field(default_factory=ChallengePool)
    lab: LabPool = field(default_factory=LabPool)
    #: the nicknames the students chose (as typed: whoever shows them shows them as text)
    nicknames: list[str] = field(default_factory=list)


def pool(rows: Sequence[Result]) -> Pooled:
    """The figures of a class's rows (in the order they were written).

    Hands are pooled by block: a block is the hands one press dealt, from
    one seed, hand numbers ``start`` to ``start + n``.  Two students with the
    same seed deal the same hands, so a block that shares a hand number with
    a block already counted (of the same seed and kind) is left out whole: a
    hand is never counted twice, and the pooled hands stay independent."""
    hands: dict[str, HandPool] = defaultdict(HandPool)
    answers: dict[str, AnswerPool] = defaultdict(AnswerPool)
    games = GamePool()
    challenges = ChallengePool()
    labs = LabPool()
    counted: dict[tuple[str, int], list[tuple[int, int]]] = defaultdict(list)  # hand numbers
    students: set[str] = set()
    nicknames: dict[str, str] = {}
    last = 0
    for row in rows:
        last = max(last, row.id)
        students.add(row.student)
        if row.nickname:
            nicknames[row.student] = row.nickname  # the latest one a student gave
        detail = row.detail
        if row.kind == "hand":
            try:
                block = (row.item, int(detail["seed"]), int(detail["start"]), int(row.value or 0))
                none = int(dict(detail["counts"]).get("0", 0))
            except (KeyError, TypeError, ValueError):
                continue  # a row of another form: not a figure
            item, seed, start, n = block
            if n <= 0 or start < 0 or not 0 <= none <= n:
                continue
            taken = counted[item, seed]
            if any(start < end and other < start + n for other, end in taken):
                continue  # these hands, or some of them, are counted already
            taken.append((start, start + n))
            hand = hands[row.item]
            hand.dealt += block[3]
            hand.none += none
            hand.path.append((hand.dealt, hand.none))
        elif row.kind == "prediction":
            answer = answers[row.item]
            outcome = detail.get("outcome")
            if row.student not in answer.first and row.value is not None:
                answer.first[row.student] = row.value
                if outcome == "right":
                    answer.right_first.add(row.student)
            if outcome in ("right", "shown"):
                answer.done.setdefault(row.student, outcome)
        elif row.kind == "game":
            games.games += 1
            games.won += 1 if row.value == 1 else 0
            turns = detail.get("turns")
            games.turns += turns if isinstance(turns, int) else 0
        elif row.kind == "challenge":
            challenges.decisions += 1
            drew = detail.get("drew")
            challenges.drawn += drew if isinstance(drew, int) else 0
            if detail.get("challenged") is True:
                challenges.challenged += 1
                if detail.get("guilty") is True:
                    challenges.caught += 1
                elif detail.get("guilty") is False:
                    challenges.wrong += 1
            elif detail.get("answer", "take") == "take":
                challenges.taken += 1
            else:
                challenges.passed += 1
        elif row.kind == "lab":
            labs.runs += 1
            labs.games += int(row.value or 0)
            labs.students.add(row.student)
    return Pooled(dict(hands), dict(answers), games, len(students), last, challenges, labs,
                  sorted(set(nicknames.values()), key=str.casefold))


def share_fraction(pooled: HandPool) -> Fraction:
    """The class's share of hands with none, exactly."""
    return Fraction(pooled.none, pooled.dealt) if pooled.dealt else Fraction(0)
