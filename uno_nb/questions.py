"""A learner's typed number, read and checked: the core of the lessons'
predict-then-check questions.

A learner types a number the way people write it in their language:
``57.4``, ``57.4 %``, ``1,000`` on an English page, ``57,4`` or ``1 000`` on
a Russian one.  :func:`read_number` turns the text into an exact
:class:`~fractions.Fraction`, remembering how many decimals were typed, or
refuses it with an :class:`AnswerError` whose ``reason`` the pages say in the
learner's language (``answer.refused.<reason>``):

* ``empty`` - nothing typed;
* ``words`` - letters ("fifty"): the answer is written in digits;
* ``exponent`` - ``1e9``: an ordinary number is wanted;
* ``decimal_comma`` - ``57,4`` on an English page (a comma there separates
  thousands, in groups of three);
* ``not_number`` - anything else;
* ``range`` - a number no learner could mean for the question (a chance of
  -5 or 1,000,000 per cent), given the question's ``bounds``
  (:class:`Attempts`).

:func:`is_right` checks a number against the kit's exact value - right when
it is that value rounded to the decimals the learner typed (``57`` and
``57.4`` are both right for 57.43 %, ``57.5`` is not) - or, for a simulated
value, within a stated tolerance.

>>> typed = read_number("57,4 %", "ru")
>>> typed.value, typed.decimals, typed.percent
(Fraction(287, 5), 1, True)
>>> from fractions import Fraction
>>> is_right(read_number("57", "en"), Fraction(5743, 100))
True
>>> is_right(read_number("57.5", "en"), Fraction(5743, 100))
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: The languages whose way of writing numbers this module reads.
LANGS = ("en", "ru")
#: The most digits a typed number may have (a longer one is not an answer).
DIGITS_MOST = 30

_SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")
_SIGN = r"[+\-\u2212]?"
#: English: 1,234,567.89 or 1234567.89 (a comma only between groups of three).
_EN = re.compile(rf"({_SIGN})(\d{{1,3}}(?:,\d{{3}})+|\d+)?(?:\.(\d+))?")
#: Russian: 1 234 567,89 (spaces between groups of three), the comma or a point
#: as the decimal sign.
_RU = re.compile(rf"({_SIGN})(\d{{1,3}}(?: \d{{3}})+|\d+)?(?:[,.](\d+))?")


class AnswerError(ValueError):
    """A typed answer that is not a number; ``reason`` names why."""

    def __init__(self, reason: str, typed: str, **facts: Any) -> None:
        super().__init__(f"{typed!r} is not a number ({reason})")
        self.reason = reason
        self.typed = typed
        self.facts = facts


@dataclass(frozen=True)
class Typed:
    """A number as a learner typed it."""

    value: Fraction
    decimals: int  # how many digits after the decimal sign
    percent: bool  # typed with a per cent sign
    text: str  # what was typed


def read_number(text: str, lang: str = "en") -> Typed:
    """The number ``text`` is, written as people write in ``lang``."""
    if lang not in LANGS:
        raise ValueError(f"numbers are read in {', '.join(LANGS)}, not {lang!r}")
    if not isinstance(text, str):
        raise AnswerError("not_number", repr(text))
    typed = text
    body = text.strip()
    if not body:
        raise AnswerError("empty", typed)
    percent = body.endswith("%")
    if percent:
        body = body[:-1].rstrip()
    if re.fullmatch(r"[+\-\u2212]?[\d.,]*\d[eEеЕ][+\-]?\d+", body):  # (and a Cyrillic е)
        raise AnswerError("exponent", typed)
    if re.search(r"[^\W\d_]", body):  # a letter of any alphabet
        raise AnswerError("words", typed)
    if lang == "ru":
        body = _SPACES.sub(" ", body)
        match = _RU.fullmatch(body)
    else:
        match = _EN.fullmatch(_SPACES.sub("", body))
        if match is None and re.fullmatch(rf"{_SIGN}\d+,\d+", body):
            raise AnswerError("decimal_comma", typed, example=body.replace(",", "."))
    if match is None or not (match[2] or match[3]):
        raise AnswerError("not_number", typed)
    whole = re.sub(r"[ ,]", "", match[2] or "0")
    decimals = match[3] or ""
    if len(whole) + len(decimals) > DIGITS_MOST:
        raise AnswerError("not_number", typed)
    value = Fraction(int(whole + decimals), 10 ** len(decimals))
    if match[1] in ("-", "\u2212"):
        value = -value
    return Typed(value, len(decimals), percent, typed)


def is_right(typed: Typed, exact: Fraction, tolerance: Fraction | None = None) -> bool:
    """Whether ``typed`` is the answer ``exact``: the exact value rounded to
    the decimals typed (half a unit of the last typed digit either way), or,
    given a ``tolerance`` (a simulated value), within it."""
    allowed = tolerance if tolerance is not None else Fraction(1, 2 * 10 ** typed.decimals)
    return abs(typed.value - exact) <= allowed


#: What one check of a learner's answer came to (:attr:`Verdict.outcome`).
REFUSED, WRONG, RIGHT, SHOWN = "refused", "wrong", "right", "shown"


@dataclass(frozen=True)
class Verdict:
    """One check of an answer.  ``outcome`` is :data:`REFUSED` (not a
    number: ``error`` says why, and no try is counted), :data:`WRONG`,
    :data:`RIGHT` or :data:`SHOWN` (the worked answer is shown: after the
    last miss, or asked for).  ``hint`` and ``worked`` say what the page
    shows beside it now."""

    outcome: str
    tries: int  # the numbers checked so far (refusals not counted)
    hint: bool
    worked: bool
    error: AnswerError | None = None
    typed: Typed | None = None

    @property
    def done(self) -> bool:
        """The question is over: the page reveals its chart or table."""
        return self.outcome in (RIGHT, SHOWN)


class Attempts:
    """One learner's tries at one question with an exact answer (or a
    simulated one within ``tolerance``): a first miss earns the hint, the
    ``misses``-th the worked answer.  Once the answer is right or shown the
    question is over, and a later check changes nothing; nor does the same
    wrong number checked again at once (a double click on Check is not a
    second try).  Before the first check :attr:`last` has
    the outcome ``""`` and shows nothing.

    >>> tries = Attempts(Fraction(5743, 100), lang="en")
    >>> [tries.check(t).outcome for t in ("fifty", "60", "57")]
    ['refused', 'wrong', 'right']
    >>> tries.last.hint, tries.last.worked, tries.last.tries
    (True, False, 2)
    """

    def __init__(self, exact: Fraction, *, tolerance: Fraction | None = None,
                 lang: str = "en", misses: int = 2,
                 bounds: tuple[int, int] | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"answers are read in {', '.join(LANGS)}, not {lang!r}")
        if misses < 1:
            raise ValueError(f"a question allows at least one miss, not {misses}")
        if tolerance is not None and tolerance < 0:
            raise ValueError(f"a tolerance is not negative: {tolerance}")
        self.exact = Fraction(exact)
        self.tolerance = tolerance
        self.lang = lang
        self.misses = misses
        self.bounds = bounds
        self.last = Verdict("", 0, hint=False, worked=False)

    @property
    def done(self) -> bool:
        return self.last.done

    def check(self, text: str) -> Verdict:
        """Read and check ``text``; the :class:`Verdict` is also :attr:`last`."""
        if self.done:
            return self.last
        last = self.last
        try:
            typed = read_number(text, self.lang)
        except AnswerError as error:
            self.last = Verdict(REFUSED, last.tries, last.hint, last.worked, error=error)
            return self.last
        if self.bounds is not None and not self.bounds[0] <= typed.value <= self.bounds[1]:
            low, high = self.bounds
            self.last = Verdict(REFUSED, last.tries, last.hint, last.worked,
                                error=AnswerError("range", text, low=low, high=high))
            return self.last
        if last.outcome == WRONG and last.typed is not None and typed.value == last.typed.value:
            return last  # the same miss checked again (a double click): not a new try
        tries = last.tries + 1
        if is_right(typed, self.exact, self.tolerance):
            self.last = Verdict(RIGHT, tries, last.hint, last.worked, typed=typed)
        elif tries >= self.misses:
            self.last = Verdict(SHOWN, tries, True, True, typed=typed)
        else:
            self.last = Verdict(WRONG, tries, True, False, typed=typed)
        return self.last

    def reveal(self) -> Verdict:
        """The learner asks for the worked answer: the question is over."""
        if not self.done:
            self.last = Verdict(SHOWN, self.last.tries, True, True)
        return self.last
