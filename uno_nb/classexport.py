"""The class's results as a CSV file a teacher opens in a spreadsheet.

The class board keeps each row as a program does (:class:`uno_nb.classboard.Result`:
a Unix time, a question's id, a choice's index, a seat from 0, details as
data); :func:`write_csv` writes them as a teacher reads them, in the page's
language:

* **one column per field**, the same :data:`COLUMNS` on every row, a field
  that does not apply to a row left empty: when and who, the lesson page, what
  the row records, then the fields of each kind of row - a question's words
  and the answer (a choice by its label), its outcome and tries; the hands
  dealt, what was counted in them, their seed, the first hand's number (from
  1, as the page counts them) and how many held none; a game's winner (named
  as on the play page: the student is ``Player 1``, the bots ``Bot 2`` …),
  turns and players; the answer to a Wild Draw Four, the cards it cost and
  whether a bluff was caught; the lab's two rule sets, who played, the games
  and the average turns of each.  The titles are ``export.col.<column>`` of
  the text table (:mod:`uno_nb.texts.export`);
* **times** in ISO 8601 with seconds and the zone's offset
  (``2026-12-05T09:31:02+03:00``), in the computer's local time zone (or
  ``zone``);
* **numbers as a spreadsheet reads them**: digits with no thousands
  separator, and the language's decimal sign (``57.4`` in English, ``57,4``
  in Russian), which is what Excel and LibreOffice set up for that language
  read as a number (a Russian Excel takes ``57.4`` for text, or a date);
* **the delimiter follows the decimal sign**: ``,`` where the decimal sign is
  a point (English), ``;`` where it is a comma (Russian).  A spreadsheet
  opening a CSV file splits it on the list separator of the computer's
  regional settings, and that is ``;`` wherever the decimal sign is a comma,
  so a Russian Excel opens the file in columns with a double click (and
  ``,`` would cut every decimal number in two).  No ``sep=`` first line: it
  is Excel's alone, shows as a row elsewhere, and makes Excel ignore the
  byte-order mark;
* **UTF-8 with a byte-order mark**: without it Excel reads a CSV in the
  computer's old code page, and Cyrillic comes out garbled.  The mark is the
  first character :func:`write_csv` writes, so a file is opened with
  ``encoding="utf-8"`` and ``newline=""`` (not ``utf-8-sig``, which would add
  a second); :func:`csv_bytes` gives the file's bytes;
* **no cell a spreadsheet would run** (OWASP's advice on CSV injection): a
  text cell - a nickname, a student's id, anything read from the file - whose
  first character that is not a space is, in Unicode's NFKC form (so a
  full-width ＝ counts as =), one of ``= + - @`` or a tab or carriage return
  gets an apostrophe in front, and so does every such start after a ``;`` or
  ``,`` inside it, where a spreadsheet that splits the file on the other
  separator would start a cell (:func:`guard`).  Numbers this module writes
  are number cells and left as they are.

A row of a kind this module does not know, or whose details are missing or
malformed (a file from an older kit), is exported with the fields that can be
read, the others empty: an export never fails on a row.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Mapping
from datetime import datetime, timezone, tzinfo
from functools import lru_cache
from typing import IO, Any, Callable, Iterable

from . import lessons
from .classboard import Result, guard_cell
from .sim.bots import BLUFF_RATES
from .texts import has, player_name, text
from .wording import choice_words, question_words

__all__ = ["COLUMNS", "DETAIL_FIELDS", "write_csv", "csv_bytes", "header", "delimiter", "guard",
           "number", "local_time", "page_title", "cells"]

#: The file's columns, in order; the titles are ``export.col.<column>``.
COLUMNS: tuple[str, ...] = (
    "row", "time", "class", "student", "nickname", "page", "kind",
    # an answer to a question
    "question", "answer", "outcome", "tries",
    # hands dealt (their seed is a game's and a lab run's too)
    "hands", "seed", "first_hand", "none",
    # a game against bots (and its players, a lab run's too)
    "winner", "turns", "players",
    # an answer to a Wild Draw Four (and how often the bots bluffed, a game's too)
    "decision", "drawn", "bluff", "bots_bluff",
    # a lab run
    "rules_a", "rules_b", "bots", "games", "turns_a", "turns_b")

#: The details each kind of row holds, as the pages write them (``record(...)``
#: in uno_nb/widgets: question.py, odds_lesson.py, play.py, lab_app.py), and
#: this module reads every one of them.
DETAIL_FIELDS: dict[str, frozenset[str]] = {
    "prediction": frozenset({"outcome", "tries", "page", "variant"}),  # variant: in the words
    "hand": frozenset({"seed", "start", "counts"}),
    "challenge": frozenset({"challenged", "answer", "drew", "guilty", "bluff"}),
    "game": frozenset({"winner", "turns", "players", "seed", "bluff"}),
    "lab": frozenset({"a", "b", "players", "bots", "seed", "turns_a", "turns_b"}),
}
#: The play page's "Bots bluff" settings, as a row records them.
_BLUFFS = frozenset(word for word, _ in BLUFF_RATES)
#: The lesson page of each kind of row that is not a question's.
_PAGES = {"hand": "02", "challenge": "05", "game": "05", "lab": "04"}
#: The decimals of a number read from a row (an answer typed, a mean).
_DECIMALS = 6
_TURNS_DECIMALS = 2

#: A cell before it is written: text, a number, or nothing.
Cell = str | int | float | None


# -- cells ----------------------------------------------------------------------------

def guard(cell: str) -> str:
    """A text cell a spreadsheet shows and never runs
    (:func:`uno_nb.classboard.guard_cell`).

    >>> guard("=1+2"), guard(" =1+2"), guard("x; =1+2"), guard("Ann, Bo")
    ("'=1+2", "' =1+2", "x;' =1+2", 'Ann, Bo')
    """
    return guard_cell(cell)


def _decimal_sign(lang: str) -> str:
    return text("odds.num.decimal", lang)


def delimiter(lang: str = "en") -> str:
    """The file's delimiter in ``lang``: ``;`` where the decimal sign is a
    comma (Russian), else ``,``."""
    return ";" if _decimal_sign(lang) == "," else ","


def number(value: int | float, lang: str = "en", decimals: int = _DECIMALS) -> str:
    """A number as a spreadsheet in ``lang`` reads one: no thousands
    separator, the language's decimal sign, at most ``decimals`` decimals
    (trailing zeros dropped); ``''`` for what is not a finite number.

    >>> number(57.4, "ru"), number(2000.0), number(56.4567, "en", 2)
    ('57,4', '2000', '56.46')
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return ""
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        return ""
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    digits = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
    if digits in ("", "-0"):
        digits = "0"
    return digits.replace(".", _decimal_sign(lang))


def local_time(at: Any, zone: tzinfo | None = None) -> str:
    """A Unix time in ISO 8601 to the second with its offset, in ``zone``
    (the computer's local time zone by default); ``''`` for what is not a time."""
    if isinstance(at, bool) or not isinstance(at, (int, float)):
        return ""
    try:
        when = datetime.fromtimestamp(at, timezone.utc)
        when = when.astimezone(zone) if zone is not None else when.astimezone()
    except (OverflowError, OSError, ValueError):
        return ""
    return when.isoformat(timespec="seconds")


def _cell(value: Cell, lang: str) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, str):
        return guard(value)
    return number(value, lang)


# -- reading a row's fields, whatever the file holds ----------------------------------------

def _text(value: Any) -> str | None:
    """Text read from the file (a number is written as text too)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def _int(value: Any) -> int | None:
    """A whole number read from the file (``7.0`` too), else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def _count(value: Any) -> int | None:
    """A count read from the file: a whole number, at least 0."""
    n = _int(value)
    return n if n is not None and n >= 0 else None


def _float(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) else None


def _words(prefix: str, value: Any, lang: str) -> str | None:
    """The words of ``<prefix>.<value>`` where the table has them, else the
    value as the file holds it."""
    said = _text(value)
    if said is None or said == "":
        return None
    return _said(prefix, said, lang)


@lru_cache(maxsize=1024)
def _said(prefix: str, said: str, lang: str) -> str:
    key = f"{prefix}.{said}"
    return text(key, lang) if has(key) else said


# -- the fields of each kind of row -------------------------------------------------------------

Fields = dict[str, Cell]


def _question(qid: str | None, variant: Any = 0) -> lessons.Question | None:
    """The question a row answered: its own variant (a student's own numbers)."""
    if not qid:
        return None
    try:
        return lessons.question(qid, variant if isinstance(variant, int) else 0)
    except Exception:  # noqa: BLE001 - a question this kit no longer asks
        return None


def _prediction(row: Any, detail: Mapping[str, Any], lang: str, out: Fields) -> None:
    out["outcome"] = _words("export.outcome", detail.get("outcome"), lang)
    out["tries"] = _count(detail.get("tries"))
    out["answer"] = value = _float(getattr(row, "value", None))
    out["page"] = _text(detail.get("page"))
    q = _question(_text(getattr(row, "item", None)), detail.get("variant", 0))
    if q is None:
        return
    out["page"] = out["page"] or q.page
    index = _int(value)
    if q.is_choice and index is not None and 0 <= index < len(q.choices):
        out["answer"] = _choice(q.id, q.variant, q.choices[index], lang)
    out["question"] = _asked(q.id, q.variant, lang)


# the same words for many rows: said once
@lru_cache(maxsize=512)
def _asked(qid: str, variant: int, lang: str) -> str:
    return question_words(lessons.question(qid, variant), "ask", lang)


@lru_cache(maxsize=512)
def _choice(qid: str, variant: int, choice: str, lang: str) -> str:
    return choice_words(lessons.question(qid, variant), choice, lang)


def _hand(row: Any, detail: Mapping[str, Any], lang: str, out: Fields) -> None:
    kind, _, size_text = (_text(getattr(row, "item", None)) or "").partition(":")
    kind_words = _words("odds.kind", kind, lang)
    size = _count(int(size_text)) if size_text.isdecimal() else None
    if kind_words is not None:
        out["question"] = (text("export.hands", lang, size=size, kind=kind_words)
                           if size is not None else
                           text("export.hands.any_size", lang, kind=kind_words))
    out["hands"] = _count(getattr(row, "value", None))
    out["seed"] = _int(detail.get("seed"))
    start = _count(detail.get("start"))
    out["first_hand"] = None if start is None else start + 1
    counts = detail.get("counts")
    if isinstance(counts, Mapping):  # a count no hand had is left out: none held none
        out["none"] = _count(counts.get("0", 0))


def _seat_name(seat: int, human: int, lang: str) -> str:
    """A player of the play page: the student by the default name (``Player
    1``), a bot as the page names it (``Bot 2``)."""
    if seat == human:
        return player_name(seat, lang)
    return text("play.bot", lang, number=seat + 1)


def _game(row: Any, detail: Mapping[str, Any], lang: str, out: Fields) -> None:
    human = _count(detail.get("human"))
    human = 0 if human is None else human  # the play page seats the student first
    winner = _count(detail.get("winner"))
    if winner is None and _float(getattr(row, "value", None)) == 1.0:
        winner = human  # the row's value says the student won
    out["winner"] = None if winner is None else _seat_name(winner, human, lang)
    out["turns"] = _count(detail.get("turns"))
    out["players"] = _count(detail.get("players"))
    out["seed"] = _int(detail.get("seed"))
    out["bots_bluff"] = _bots_bluff(detail, lang)


def _bots_bluff(detail: Mapping[str, Any], lang: str) -> str | None:
    """How often the play page's bots bluffed (never / sometimes / often), in
    words; anything else a row holds is written as it is."""
    said = _text(detail.get("bluff"))
    if said in _BLUFFS:
        return text(f"play.bluff.{said}", lang)
    return said or None


def _challenge(row: Any, detail: Mapping[str, Any], lang: str, out: Fields) -> None:
    answer = detail.get("answer")
    if not isinstance(answer, str) and detail.get("challenged") is True:
        answer = "challenge"
    out["decision"] = _words("export.decision", answer, lang)
    out["drawn"] = _count(detail.get("drew"))
    guilty = detail.get("guilty")
    if isinstance(guilty, bool):
        out["bluff"] = text("export.yes" if guilty else "export.no", lang)
    out["bots_bluff"] = _bots_bluff(detail, lang)


def _rules(name: Any, lang: str) -> str | None:
    if name == "custom":
        return text("rules.custom", lang)
    return _words("preset", name, lang)


def _lab(row: Any, detail: Mapping[str, Any], lang: str, out: Fields) -> None:
    out["rules_a"] = _rules(detail.get("a"), lang)
    out["rules_b"] = _rules(detail.get("b"), lang)
    out["bots"] = _words("lab.bot", detail.get("bots"), lang)
    out["players"] = _count(detail.get("players"))
    out["seed"] = _int(detail.get("seed"))
    out["games"] = _count(getattr(row, "value", None))
    for column in ("turns_a", "turns_b"):
        turns = _float(detail.get(column))
        out[column] = None if turns is None else round(turns, _TURNS_DECIMALS)


_KINDS: dict[str, Callable[[Any, Mapping[str, Any], str, Fields], None]] = {
    "prediction": _prediction, "hand": _hand, "challenge": _challenge, "game": _game,
    "lab": _lab}


def cells(row: Result, lang: str = "en", *, position: int | None = None,
          zone: tzinfo | None = None) -> Fields:
    """The fields of ``row`` by column (those that do not apply left out):
    text, numbers, or ``None``; ``position``: its number in the file, from 1."""
    kind = _text(getattr(row, "kind", None))
    nickname = getattr(row, "nickname", None)
    out: Fields = {"row": position, "time": local_time(getattr(row, "at", None), zone) or None,
                   "class": _text(getattr(row, "code", None)),
                   "student": _text(getattr(row, "student", None)),
                   "nickname": _text(nickname) if nickname is not None else None,
                   "kind": _words("export.kind", kind, lang)}
    detail = getattr(row, "detail", None)
    if not isinstance(detail, Mapping):
        detail = {}
    filler = _KINDS.get(kind or "")
    if filler is not None:
        try:
            filler(row, detail, lang, out)
        except Exception:  # noqa: BLE001 - a row no page writes: the fields read so far
            pass
        out.setdefault("page", _PAGES.get(kind or ""))
    elif isinstance(detail.get("page"), str):
        out["page"] = detail["page"]
    if out.get("page") is not None:
        out["page"] = page_title(out["page"], lang)
    return out


def page_title(page: Any, lang: str = "en") -> str | None:
    """A lesson page's title (``'02 · Card odds'``) by its number (``'02'``,
    as :attr:`uno_nb.lessons.Question.page`), from the text table's
    ``page.title.<notebook>``; else the page as the file holds it."""
    said = _text(page)
    if not said:
        return None
    notebook = lessons.PAGE_FILES.get(said)
    return text(f"page.title.{notebook}", lang) if notebook is not None else said


# -- the file ------------------------------------------------------------------------------

def header(lang: str = "en") -> list[str]:
    """The column titles in ``lang``."""
    return [text(f"export.col.{column}", lang) for column in COLUMNS]


def write_csv(rows: Iterable[Result], out: IO[str], lang: str = "en", *,
              zone: tzinfo | None = None, bom: bool = True) -> int:
    """Write ``rows`` to ``out`` as a spreadsheet's CSV in ``lang`` (the
    module's notes say how); how many rows.  ``zone``: the time zone of the
    times (the computer's by default); ``bom``: start with the byte-order mark."""
    if bom:
        out.write("\ufeff")
    writer = csv.writer(out, delimiter=delimiter(lang), lineterminator="\r\n")
    writer.writerow([guard(title) for title in header(lang)])
    written = 0
    for row in rows:
        written += 1
        try:
            fields = cells(row, lang, position=written, zone=zone)
        except Exception:  # noqa: BLE001 - never: cells reads what it can; its number at least
            fields = {"row": written}
        writer.writerow([_cell(fields.get(column), lang) for column in COLUMNS])
    return written


def csv_bytes(rows: Iterable[Result], lang: str = "en", *, zone: tzinfo | None = None) -> bytes:
    """The file :func:`write_csv` writes, as UTF-8 bytes with the byte-order mark."""
    out = io.StringIO(newline="")
    write_csv(rows, out, lang, zone=zone)
    return out.getvalue().encode("utf-8")
