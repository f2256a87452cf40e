"""What a class did, pooled: the figures the class board draws, kept up to
date row by row.

:class:`Pool` takes a class's rows in the order they were written - all of
them once, then only the new ones at each look (:meth:`Pool.feed`) - and
keeps the class's figures: the class's dealt hands closing in on the exact
chance, how the class answered each question, its games, its answers to a
Wild Draw Four, its lab runs.  Each row costs the same however many came
before it (a block of hands is checked against those already counted by a
binary search), so a board that reads only what is new stays quick as the
class's rows grow.  Plain Python and no words: the board page
(:mod:`uno_nb.widgets.board_app`) says them.

Two limits keep one student from bending the class's figures:
:data:`HANDS_PER_STUDENT` hands of one kind and size count per student
(the rest are left out and counted as such), and rows of a student the
teacher hid are left out (:meth:`Pool.hide` pools the class again without
them).

>>> from uno_nb.classboard import Result
>>> pooled = pool([Result(1, "K7Q2M", "s1", None, "hand", "wild:7", 100,
...                       {"seed": 3, "start": 0, "counts": {"0": 57, "1": 43}}, 0.0)])
>>> pooled.hands["wild:7"].dealt, pooled.hands["wild:7"].none
(100, 57)
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from . import lessons
from .classboard import Result
from .sim import montecarlo as mc

__all__ = ["HANDS_PER_STUDENT", "HandPool", "AnswerPool", "GamePool", "ChallengePool",
           "LabPool", "Pooled", "Pool", "pool"]

#: The most hands of one kind and size one student adds to the class's figures.
HANDS_PER_STUDENT = 20_000


@dataclass
class HandPool:
    """The class's dealt hands of one kind and size: how many held none."""

    dealt: int = 0
    none: int = 0
    #: after each block of hands that came in: (hands so far, how many held none)
    path: list[tuple[int, int]] = field(default_factory=list)
    #: hands left out: past a student's share (:data:`HANDS_PER_STUDENT`)
    left_out: int = 0

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
    #: student -> the variant of the question they were asked (their own numbers)
    variant: dict[str, int] = field(default_factory=dict)
    #: student -> how far their first number was from the answer of their variant
    offset: dict[str, float] = field(default_factory=dict)

    @property
    def varied(self) -> bool:
        """Whether the students were asked different variants (compare their
        offsets, not their numbers)."""
        return len(set(self.variant.values())) > 1

    @property
    def students(self) -> int:
        return len(self.first)

    @property
    def right_in_the_end(self) -> int:
        """How many students found the answer themselves, at any try (not
        those who were shown it)."""
        return sum(1 for outcome in self.done.values() if outcome == "right")

    @property
    def shown(self) -> int:
        """How many students asked to be shown the answer (or were shown it
        after their last miss)."""
        return sum(1 for outcome in self.done.values() if outcome == "shown")


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
    #: rows read, of students not hidden
    rows: int = 0


class Pool:
    """A class's figures, fed its rows in the order they were written.

    Hands are pooled by block: a block is the hands one press dealt, from
    one seed, hand numbers ``start`` to ``start + n``.  Two students with the
    same seed deal the same hands, so a block that shares a hand number with
    a block already counted (of the same seed and kind) is left out whole: a
    hand is never counted twice, and the pooled hands stay independent."""

    def __init__(self, hidden: Iterable[str] = ()) -> None:
        self.hidden = frozenset(hidden)
        self._hands: dict[str, HandPool] = defaultdict(HandPool)
        self._answers: dict[str, AnswerPool] = defaultdict(AnswerPool)
        self._games = GamePool()
        self._challenges = ChallengePool()
        self._lab = LabPool()
        # per (item, seed): the blocks counted, as sorted starts and their ends
        self._starts: dict[tuple[str, int], list[int]] = defaultdict(list)
        self._ends: dict[tuple[str, int], list[int]] = defaultdict(list)
        self._share: dict[tuple[str, str], int] = defaultdict(int)  # (student, item) -> hands
        self._students: set[str] = set()
        self._nicknames: dict[str, str] = {}
        self.last_id = 0
        self.rows = 0

    def feed(self, rows: Iterable[Result]) -> int:
        """Pool ``rows`` (newer than any fed before); how many were new."""
        new = 0
        for row in rows:
            if row.id <= self.last_id:
                continue  # read twice: counted once
            self.last_id = row.id
            new += 1
            if row.student in self.hidden:
                continue
            self.rows += 1
            self._one(row)
        return new

    def _one(self, row: Result) -> None:
        self._students.add(row.student)
        if row.nickname:
            self._nicknames[row.student] = row.nickname  # the latest one a student gave
        detail = row.detail
        if row.kind == "hand":
            self._hand(row)
        elif row.kind == "prediction":
            answer = self._answers[row.item]
            outcome = detail.get("outcome")
            if row.student not in answer.first and row.value is not None:
                answer.first[row.student] = row.value
                variant = detail.get("variant", 0)
                variant = variant if isinstance(variant, int) else 0
                answer.variant[row.student] = variant
                exact = _answer(row.item, variant)
                if exact is not None:
                    answer.offset[row.student] = row.value - exact
                if outcome == "right":
                    answer.right_first.add(row.student)
            if outcome in ("right", "shown"):
                answer.done.setdefault(row.student, outcome)
        elif row.kind == "game":
            self._games.games += 1
            self._games.won += 1 if row.value == 1 else 0
            turns = detail.get("turns")
            self._games.turns += turns if isinstance(turns, int) else 0
        elif row.kind == "challenge":
            c = self._challenges
            c.decisions += 1
            drew = detail.get("drew")
            c.drawn += drew if isinstance(drew, int) else 0
            if detail.get("challenged") is True:
                c.challenged += 1
                if detail.get("guilty") is True:
                    c.caught += 1
                elif detail.get("guilty") is False:
                    c.wrong += 1
            elif detail.get("answer", "take") == "take":
                c.taken += 1
            else:
                c.passed += 1
        elif row.kind == "lab":
            self._lab.runs += 1
            self._lab.games += int(row.value or 0)
            self._lab.students.add(row.student)

    def _hand(self, row: Result) -> None:
        detail = row.detail
        try:
            seed, start, n = int(detail["seed"]), int(detail["start"]), int(row.value or 0)
            none = int(dict(detail["counts"]).get("0", 0))
        except (KeyError, TypeError, ValueError):
            return  # a row of another form: not a figure
        if n <= 0 or start < 0 or not 0 <= none <= n:
            return
        hand = self._hands[row.item]
        starts, ends = self._starts[row.item, seed], self._ends[row.item, seed]
        at = bisect_left(starts, start)
        # the blocks counted do not overlap, so only the neighbours can meet this one
        if at > 0 and ends[at - 1] > start:
            return
        if at < len(starts) and starts[at] < start + n:
            return
        share = (row.student, row.item)
        if self._share[share] + n > HANDS_PER_STUDENT:
            hand.left_out += n  # (hands counted already are not "left out")
            return
        starts.insert(at, start)
        ends.insert(at, start + n)
        self._share[share] += n
        hand.dealt += n
        hand.none += none
        hand.path.append((hand.dealt, hand.none))

    @property
    def pooled(self) -> Pooled:
        """The figures so far (the pool's own: read them, don't change them)."""
        return Pooled({k: v for k, v in self._hands.items() if v.dealt or v.left_out},
                      dict(self._answers), self._games, len(self._students), self.last_id,
                      self._challenges, self._lab,
                      sorted(set(self._nicknames.values()), key=str.casefold), self.rows)


def _answer(qid: str, variant: int) -> float | None:
    """The answer of a question's variant (None for a question this kit does not ask)."""
    try:
        return float(lessons.question(qid, variant).answer)
    except ValueError:
        return None


def pool(rows: Iterable[Result], hidden: Iterable[str] = ()) -> Pooled:
    """The figures of a class's rows (in the order they were written)."""
    pooling = Pool(hidden)
    pooling.feed(rows)
    return pooling.pooled

