"""Every word a person reads, in one table keyed by stable ids.

The table is split by area into modules of this package (``cards``, ``events``,
``rules``, ``apps``, ``odds``, ``play``, ``lab``, ``pages``, ``cli``, ``board``,
``questions``, ``lessons``, ``export``, ``gates``, ``serving``), each holding one dict per language (``EN`` …);
:data:`TABLE` merges them, and a key may live in only one of them.  Nothing in the engine
builds a sentence: events carry data and :func:`sentence` turns them into words
here.

Numbers are written in the reader's language by :mod:`uno_nb.texts.numbers`.

Placeholders are ``str.format`` fields (``{player}``); a word that depends on a
number is written ``{count|card|cards}``: the forms of the word, chosen by the
language's plural rule for the value of ``count`` (English: one, other;
Russian: one, few, many).

>>> text("cards.count", count=1), text("cards.count", count=7)
('1 card', '7 cards')
>>> from uno_nb.engine.cards import parse_card
>>> card_name(parse_card("RS")), card_name(parse_card("W+4"), colour=1)
('Red Skip', 'Wild Draw Four → yellow')
>>> player_name(0), player_name(2, names=("Ann", "Bo", "Cy"))
('Player 1', 'Cy')
"""

from __future__ import annotations

import operator
import re
import string
from typing import Any, Callable, Mapping, Protocol, Sequence, TypeGuard, runtime_checkable

from . import (apps, board, cards, cli, events, export, gates, lab, lessons, odds, pages, play,
               questions, ruleids, rules, serving)

__all__ = ["LANGS", "TABLE", "text", "plural_form", "upper_first", "after_colon", "card_name", "card_code",
           "colour_name", "player_name", "sentence", "rule_name", "annotation", "placeholders",
           "refusal_text", "board_refusal", "answer_refusal", "option_label", "option_choice",
           "CardLike", "ColourLike", "COLOUR_WORDS", "TextError"]

#: The languages the table has, the first being the fallback.
LANGS: tuple[str, ...] = ("en", "ru")

_AREAS = (cards, events, ruleids, rules, apps, odds, play, lab, pages, cli, board, questions,
          lessons, export, gates, serving)


class TextError(KeyError):
    """A key that is not in the table."""


def _merge(lang: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for area in _AREAS:
        table = getattr(area, lang.upper(), {})
        clash = merged.keys() & table.keys()
        if clash:
            raise RuntimeError(f"text keys defined twice: {sorted(clash)}")
        merged.update(table)
    return merged


#: ``TABLE[lang][key]``: the whole table, every area merged.
TABLE: dict[str, dict[str, str]] = {lang: _merge(lang) for lang in LANGS}


# -- plural rules ------------------------------------------------------------------

def _plural_en(n: int) -> int:
    return 0 if n == 1 else 1


def _plural_ru(n: int) -> int:
    # CLDR: one (1, 21, 31 …), few (2–4, 22–24 …), many (0, 5–20, 25–30 …)
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


_PLURAL: dict[str, Callable[[int], int]] = {"en": _plural_en, "ru": _plural_ru}
#: How many forms a ``{n|…}`` field has in each language.
PLURAL_FORMS: dict[str, int] = {"en": 2, "ru": 3}

_PLURAL_FIELD = re.compile(r"\{(\w+)\|([^{}]*)\}")


def plural_form(lang: str, n: int, forms: Sequence[str]) -> str:
    """The form of a word for the number ``n`` in ``lang``.

    >>> plural_form("en", 2, ["card", "cards"])
    'cards'
    >>> [plural_form("ru", n, ["карту", "карты", "карт"]) for n in (1, 3, 5, 11, 21)]
    ['карту', 'карты', 'карт', 'карт', 'карту']
    """
    return forms[min(_PLURAL.get(lang, _plural_en)(abs(int(n))), len(forms) - 1)]


def placeholders(template: str) -> set[str]:
    """The named fields of a template, plural fields included (``'{n|a|b}'`` → ``n``)."""
    names = {m.group(1) for m in _PLURAL_FIELD.finditer(template)}
    plain = _PLURAL_FIELD.sub("", template)
    names |= {name.split(".")[0].split("[")[0]
              for _, name, _, _ in string.Formatter().parse(plain) if name}
    return names


def text(key: str, lang: str = "en", **values: Any) -> str:
    """The string ``key`` in ``lang`` (English where ``lang`` lacks it), with
    ``values`` filled in."""
    table = TABLE.get(lang) or {}
    if key not in table:  # English, with English plural forms
        lang, table = LANGS[0], TABLE[LANGS[0]]
    try:
        template = table[key]
    except KeyError:
        raise TextError(f"no text {key!r}") from None
    if "|" in template:
        template = _PLURAL_FIELD.sub(
            lambda m: plural_form(lang, values[m.group(1)], m.group(2).split("|")), template)
    return _FORMATTER.vformat(template, (), values)


def upper_first(said: str) -> str:
    """``said`` with its first letter a capital: a name that begins a
    tooltip or a sentence (``'красная 7'`` → ``'Красная 7'``)."""
    return said[:1].upper() + said[1:]


def after_colon(said: str, lang: str = "en") -> str:
    """``said`` as it reads after a label and a colon («Подсказка: …»,
    «Ответ: …»): Russian goes on in lower case there («Ответ: короче.»),
    except a name («Ответ: Игрок 2.») and an abbreviation (``C(108, 7)``);
    English keeps its capital."""
    if lang != "ru" or not re.match(r"[А-ЯЁ](?![А-ЯЁ])", said) \
            or re.match(_PLAYER_NAME[lang], said):
        return said
    return said[:1].lower() + said[1:]


class _Formatter(string.Formatter):
    """``str.format`` with one more conversion, ``{card!u}``: the value with
    its first letter a capital, where a name that lives inside sentences in
    lower case («кладёт карту: красная 7») begins a text."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "u":
            return upper_first(str(value))
        return super().convert_field(value, conversion)


_FORMATTER = _Formatter()

#: The default name of a player («Игрок 2») as a pattern, in each language.
_PLAYER_NAME: dict[str, str] = {
    lang: re.escape(TABLE[lang]["player.default"]).replace(re.escape("{number}"), r"\d")
    for lang in LANGS}


def has(key: str) -> bool:
    """Is ``key`` in the table?"""
    return key in TABLE[LANGS[0]]


# -- the things a sentence names ----------------------------------------------------
#
# The table reads cards and colours by their shape (the protocols below), so it
# needs nothing of the engine: :class:`uno_nb.engine.cards.Card` and ``Colour``
# fit them as they are.

#: The colours by their number, in the notation's order R, Y, G, B (the values
#: of :class:`uno_nb.engine.cards.Colour`): the middle of their keys, ``colour.<word>``.
COLOUR_WORDS: tuple[str, ...] = ("red", "yellow", "green", "blue")
_COLOUR_LETTERS = "RYGB"


@runtime_checkable
class ColourLike(Protocol):
    """A colour as the engine passes one: a number 0–3 (an index of
    :data:`COLOUR_WORDS`) that knows its letter, unlike a plain int."""

    def __index__(self) -> int: ...

    @property
    def letter(self) -> str: ...


@runtime_checkable
class CardLike(Protocol):
    """What the table reads of a card: its ``rank`` (``"7"``, ``"S"``, ``"W+4"`` …),
    its ``colour`` (a number 0–3, ``None`` for a black card), its notation
    ``text`` and whether it ``is_black``."""

    @property
    def rank(self) -> str: ...

    @property
    def colour(self) -> int | None: ...

    @property
    def text(self) -> str: ...

    @property
    def is_black(self) -> bool: ...


#: The shape of each type of value met so far (``"card"``, ``"colour"`` or
#: ``None``): a protocol's ``isinstance`` looks at every attribute and costs
#: microseconds, and a log's sentences ask it of every value.
_SHAPES: dict[type, str | None] = {}


def _shape(value: Any) -> str | None:
    kind = type(value)
    if kind not in _SHAPES:
        _SHAPES[kind] = ("card" if isinstance(value, CardLike)
                         else "colour" if isinstance(value, ColourLike) else None)
    return _SHAPES[kind]


def _is_card(value: Any) -> TypeGuard[CardLike]:
    return _shape(value) == "card"


def _is_colour(value: Any) -> TypeGuard[ColourLike]:
    return _shape(value) == "colour"


def _colour_number(colour: int | ColourLike) -> int:
    number = operator.index(colour)
    if not 0 <= number < len(COLOUR_WORDS):
        raise ValueError(f"{colour!r} is not a colour (0 to {len(COLOUR_WORDS) - 1})")
    return number


def colour_name(colour: int | ColourLike | None, lang: str = "en", *, of: bool = False) -> str:
    """``'red'`` … (lower case, as in the middle of a sentence) for a colour
    (a :class:`~uno_nb.engine.cards.Colour` or its number); ``None``:
    no colour is in force yet (a Wild start card's colour is being chosen).
    With ``of``, the colour as it follows "of a colour" (Russian puts it in
    the genitive: «карта прежнего цвета (синего)»)."""
    if colour is None:
        return text("colour.none", lang)
    return text(f"colour.{COLOUR_WORDS[_colour_number(colour)]}" + (".of" if of else ""), lang)


def card_code(card: CardLike, colour: int | ColourLike | None = None) -> str:
    """The short code of a card (``RS``, ``W+4>G``): the notation, the same in every language."""
    if colour is None or not card.is_black:
        return card.text
    return f"{card.text}>{_COLOUR_LETTERS[_colour_number(colour)]}"


def card_name(card: CardLike, lang: str = "en", colour: int | ColourLike | None = None) -> str:
    """A card in words: ``'Red Skip'``, ``'Green 7'``, ``'Wild Draw Four → green'``."""
    rank = text(f"rank.{card.rank}", lang)
    if card.colour is None:
        name = rank
    else:
        key = "card.number" if card.rank.isdigit() else "card.coloured"
        word = COLOUR_WORDS[_colour_number(card.colour)]
        # Russian reads «красная 7» (семёрка) but «красный 0» (ноль)
        form = "zero" if card.rank == "0" else "card"
        name = text(key, lang, colour=text(f"colour.{word}.{form}", lang), rank=rank)
    if colour is not None and card.is_black:
        name = text("card.wild_colour", lang, card=name, colour=colour_name(colour, lang))
    return name


def player_name(seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """The name a person reads for ``seat`` (0-based): the given name, else
    ``'Player 1'`` for seat 0."""
    if names:
        return names[seat]
    return text("player.default", lang, number=seat + 1)


# -- event sentences -----------------------------------------------------------------

#: Fields of events (and of the values of notes) that hold a seat.
SEAT_FIELDS = frozenset({"player", "target", "catcher", "accused", "challenger", "first",
                         "dealer", "caller", "giver", "receiver", "next", "winner",
                         "champion", "loser", "speaker", "adviser", "slowest"})


def _render_value(name: str, value: Any, lang: str, names: Sequence[str] | None,
                  codes: bool, hidden: bool) -> Any:
    if _is_card(value):
        if hidden:
            return ""
        return card_code(value) if codes else card_name(value, lang)
    if _is_colour(value):
        return colour_name(value, lang)
    if name in SEAT_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return player_name(value, lang, names)
    if isinstance(value, tuple) and value and all(isinstance(c, tuple) for c in value):
        # (seat, card) pairs: the cut for the deal
        return ", ".join(text("event.cut", lang, player=player_name(s, lang, names),
                              card=card_code(c) if codes else card_name(c, lang))
                         for s, c in value)
    if isinstance(value, tuple) and value and all(_is_card(c) for c in value):
        if hidden:
            return ""
        joiner = " " if codes else ", "
        return joiner.join(card_code(c) if codes else card_name(c, lang) for c in value)
    return value


def sentence(event: Any, lang: str = "en", names: Sequence[str] | None = None, *,
             viewer: int | None = None, codes: bool = False) -> str:
    """The sentence a person reads for ``event``.

    ``names`` are the players' names (default ``Player 1`` …); ``viewer`` is the
    seat of the person reading: cards that only another player sees (what a
    bot draws) are left out; ``codes`` writes cards as short codes (``RS``)
    instead of words.
    """
    key, values = event.text_key(viewer), event.text_values()
    seen = event.seen_by()
    hidden = viewer is not None and seen is not None and viewer not in seen
    shown = {name: _render_value(name, value, lang, names, codes, hidden)
             for name, value in values.items()}
    if hidden and has(key + ".hidden"):
        key += ".hidden"
    said = text(key, lang, **shown)
    if event.note:
        note = event.note
        if isinstance(note, Mapping):
            note = annotation(note, lang, names)
        said = text("event.with_note", lang, sentence=said, note=note)
    return said


#: The annotations the table model writes (uno_nb.sim.table): each key with
#: the fields it holds.  ``times``: (seat, seconds) pairs, fastest first.
ANNOTATION_FIELDS: dict[str, frozenset[str]] = {
    "noticed": frozenset({"seconds"}),
    "noticed_first": frozenset({"seconds", "count"}),
    "reaction": frozenset({"seconds"}),
    "race": frozenset({"times"}),
}


def annotation(note: Mapping[str, Any], lang: str = "en",
               names: Sequence[str] | None = None) -> str:
    """The words of a move's annotation given as data (``{"key": "race", …}``,
    as the table model of :mod:`uno_nb.sim.table` writes them): sentence
    ``note.<key>``; ``times`` is a list of ``(seat, seconds)``."""
    from .numbers import fmt_decimal  # (numbers imports this module)
    values = {k: v for k, v in note.items() if k != "key"}
    if "seconds" in values:
        values["seconds"] = fmt_decimal(values["seconds"], 2, lang)
    if "times" in values:
        values["count"] = len(values["times"])
        values["times"] = ", ".join(
            text("note.time", lang, player=player_name(seat, lang, names),
                 seconds=fmt_decimal(seconds, 2, lang))
            for seat, seconds in values["times"])
    return text(f"note.{note['key']}", lang, **values)


def rule_name(rule: str, lang: str = "en") -> str:
    """A rule id with its short name: ``'stacking draw cards (V-STACK)'``."""
    return text("event.rule", lang, name=text(f"rule.{rule}", lang), rule=rule)


def option_label(option: str, lang: str = "en") -> str:
    """The short name of a rule option (a field of
    :class:`~uno_nb.engine.rules.RuleSet`) as a switch shows it: ``'Stack draw cards'``."""
    return text(f"option.{option}", lang)


def option_choice(option: str, value: Any, lang: str = "en") -> str:
    """The words for one value of a rule option: a choice's words
    (``'turn cards until a number shows'``), ``on``/``off`` for a switch (a
    ``bool`` value), the number itself for a free number."""
    if isinstance(value, bool):
        return text("rules.on" if value else "rules.off", lang)
    key = f"option.{option}.{value}"
    return text(key, lang) if has(key) else str(value)


def refusal_text(error: Any, lang: str = "en") -> str:
    """A learner's sentence for a refused rule combination (a
    :class:`~uno_nb.engine.errors.RuleError`, read for its ``options``,
    ``conflict`` and ``value``): both switches by their labels, and why
    (``rules.refused.*``, ``rules.why.<a>.<b>``)."""
    options: Sequence[str] = getattr(error, "options", ())
    conflict = getattr(error, "conflict", None)
    if len(options) != 2 or conflict not in ("excludes", "requires"):
        return text("rules.refused.other", lang)
    a, b = options
    why_key = f"rules.why.{a}.{b}"
    values = dict(first=option_label(a, lang), second=option_label(b, lang),
                  why=text(why_key, lang) if has(why_key) else "")
    if conflict == "excludes":
        key = "rules.refused.excludes"
    elif error.value is not None:
        key, values["value"] = "rules.refused.requires_value", option_choice(b, error.value, lang)
    else:
        key = "rules.refused.requires"
    return text(key, lang, **values).strip()


#: The class code the board's messages show as an example.
EXAMPLE_CODE = "K7Q2M"


def board_refusal(error: Any, lang: str = "en") -> str:
    """A learner's sentence for a refusal of the class board (an error of
    :mod:`uno_nb.classboard`, by its ``reason``)."""
    key = f"board.refused.{getattr(error, 'reason', 'error')}"
    if not has(key):
        key = "board.refused.error"
    values = {"example": EXAMPLE_CODE, "code": "", **getattr(error, "facts", {})}
    return text(key, lang, **values)


def answer_refusal(error: Any, lang: str = "en", example: str | None = None) -> str:
    """A learner's sentence for a typed answer that is not a number (an
    :class:`~uno_nb.questions.AnswerError`), with an ``example`` of one
    written in ``lang`` (the default: 57.4 or 57,4)."""
    from .numbers import fmt_decimal
    facts = getattr(error, "facts", {})
    shown = facts.get("example") or example or fmt_decimal(57.4, 1, lang)
    from .numbers import fmt_int
    bounds = {name: fmt_int(int(facts[name]), lang) for name in ("low", "high") if name in facts}
    return text(f"answer.refused.{error.reason}", lang, example=shown,
                typed=str(getattr(error, "typed", "")).strip()[:40], **bounds)
