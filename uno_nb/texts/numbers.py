"""Numbers as a learner reads them, in the reader's language: every number a
page shows is written by these helpers, with the separators and percent
forms of the text table (``odds.num.*``), so a whole page writes
``33,599,224,630``, ``42.6%`` and ``14/27`` the same way.  Plain Python, like
the rest of :mod:`uno_nb.texts`: any app may use them without importing
another app.

>>> from fractions import Fraction
>>> fmt_int(33599224630), fmt_percent(Fraction(19, 57)), fmt_fraction(Fraction(28, 6))
('33,599,224,630', '33.3%', '14/3')
>>> fmt_percent(Fraction(1, 10**9)), fmt_percent(0), fmt_percent(1), fmt_decimal(1.0149)
('less than 0.1%', '0%', '100%', '1.01')
"""

from __future__ import annotations

from fractions import Fraction

from . import text

__all__ = ["fmt_int", "fmt_decimal", "fmt_percent", "fmt_ratio", "fmt_fraction", "fmt_interval"]


def _localize(digits: str, lang: str) -> str:
    """Swap Python's ``,`` and ``.`` for the language's separators, and its
    hyphen-minus for the language's minus sign (Russian: ``−``, U+2212)."""
    group, point = text("odds.num.group", lang), text("odds.num.decimal", lang)
    table: dict[str, str | int | None] = {",": group, ".": point,
                                          "-": text("odds.num.minus", lang)}
    return digits.translate(str.maketrans(table))


def fmt_int(n: int, lang: str = "en") -> str:
    """A whole number with its thousands grouped: ``1,000``."""
    return _localize(f"{int(n):,}", lang)


def fmt_decimal(x: float | Fraction, digits: int = 2, lang: str = "en") -> str:
    """A number with ``digits`` decimals (at most four are ever shown)."""
    return _localize(f"{float(x):,.{min(digits, 4)}f}", lang)


def fmt_percent(p: float | Fraction, lang: str = "en") -> str:
    """A chance as a percentage with one decimal (``42.6%``); exact 0 and 1
    are ``0%`` and ``100%``, and a chance that would round to them says so
    (``less than 0.1%``, ``more than 99.9%``)."""
    p = Fraction(p) if not isinstance(p, float) else p
    if p <= 0:
        return text("odds.num.percent", lang, value="0")
    if p >= 1:
        return text("odds.num.percent", lang, value="100")
    if p < Fraction(1, 1000):
        return text("odds.num.below", lang, value=fmt_decimal(0.1, 1, lang))
    if p > Fraction(999, 1000):
        return text("odds.num.above", lang, value=fmt_decimal(99.9, 1, lang))
    return text("odds.num.percent", lang, value=fmt_decimal(float(p) * 100, 1, lang))


def fmt_ratio(num: int, den: int, lang: str = "en") -> str:
    """Two counts as a fraction, as they are (not reduced): ``19/57``."""
    return text("odds.num.fraction", lang, num=fmt_int(num, lang), den=fmt_int(den, lang))


def fmt_fraction(f: Fraction | int, lang: str = "en") -> str:
    """An exact fraction in lowest terms (``14/27``; a whole number alone)."""
    f = Fraction(f)
    if f.denominator == 1:
        return fmt_int(f.numerator, lang)
    return fmt_ratio(f.numerator, f.denominator, lang)


def fmt_interval(low: str, high: str, lang: str = "en") -> str:
    """Two written bounds as an interval: ``41.5% to 44.2%``."""
    return text("odds.num.interval", lang, low=low, high=high)
