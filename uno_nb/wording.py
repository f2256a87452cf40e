"""The lessons' questions in words: a question's facts as its texts show
them, and its texts (``q.<id>.*`` in :mod:`uno_nb.texts`) filled in - for
the pages' question boxes, the class board and the teacher's pack alike."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import lessons
from .texts import has, player_name, text
from .texts.numbers import fmt_decimal, fmt_fraction, fmt_int, fmt_percent

__all__ = ["fact_values", "question_words", "choice_words", "worked_words"]


def fact_values(facts: Any, lang: str) -> dict[str, str]:
    """A question's facts as its words show them: a chance in per cent (and
    ``<name>_fraction`` exactly), a count grouped, an amount with its decimals."""
    out: dict[str, str] = {}
    for name, value in facts.items():
        if isinstance(value, lessons.Seat):
            out[name] = player_name(value.seat, lang=lang)
        elif isinstance(value, lessons.Ratio):
            out[name] = fmt_fraction(value.value, lang)
        elif isinstance(value, lessons.Amount):
            if value.decimals:
                out[name] = fmt_decimal(value.value, value.decimals, lang)
            else:
                out[name] = fmt_int(round(value.value), lang)
        elif isinstance(value, Fraction):
            out[name] = fmt_percent(value, lang)
            out[f"{name}_fraction"] = fmt_fraction(value, lang)
        else:
            out[name] = fmt_int(value, lang)
    return out


def question_words(q: lessons.Question, part: str, lang: str) -> str:
    """One of a question's texts (``ask``, ``hint``, ``worked``), its facts filled in."""
    return text(f"q.{q.id}.{part}", lang, **fact_values(q.facts, lang))


def choice_words(q: lessons.Question, choice: str, lang: str) -> str:
    """A choice's words: its own, or a player's name (``p1`` is Player 1)."""
    key = f"q.{q.id}.choice.{choice}"
    if not has(key) and choice[:1] == "p" and choice[1:].isdigit():
        return player_name(int(choice[1:]) - 1, lang=lang)
    return text(key, lang, **fact_values(q.facts, lang))


def worked_words(q: lessons.Question, lang: str) -> str:
    """The worked answer, with the sentence of the right choice where it has one."""
    said = question_words(q, "worked", lang)
    if q.is_choice:
        key = f"q.{q.id}.worked.{q.choices[int(q.answer)]}"
        if has(key):
            said += " " + text(key, lang, **fact_values(q.facts, lang))
    return said
