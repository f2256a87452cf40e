"""Every word a person reads, in one table keyed by stable ids.

The table is split by area into modules of this package (``cards``, ``events``,
``rules``, ``apps``, ``odds``, ``play``, ``lab``, ``pages``, ``cli``, ``board``,
``questions``, ``lessons``), each holding one dict per language (``EN`` …); :data:`TABLE`
merges them, and a key may live in only one of them.  Nothing in the engine
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

import re
import string
from typing import Any, Callable, Mapping, Sequence

from ..engine.cards import Card, Colour
from . import apps, board, cards, cli, events, lab, lessons, odds, pages, play, questions, ruleids, rules

__all__ = ["LANGS", "TABLE", "text", "plural_form", "card_name", "card_code",
           "colour_name", "player_name", "sentence", "rule_name", "annotation", "placeholders",
           "refusal_text", "board_refusal", "answer_refusal", "TextError"]

#: The languages the table has, the first being the fallback.
LANGS: tuple[str, ...] = ("en", "ru")

_AREAS = (cards, events, ruleids, rules, apps, odds, play, lab, pages, cli, board, questions,
          lessons)


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
    return template.format(**values) if values else template.format()


def has(key: str) -> bool:
    """Is ``key`` in the table?"""
    return key in TABLE[LANGS[0]]


# -- the things a sentence names ----------------------------------------------------

def colour_name(colour: Colour | int | None, lang: str = "en", *, of: bool = False) -> str:
    """``'red'`` … (lower case, as in the middle of a sentence); ``None``:
    no colour is in force yet (a Wild start card's colour is being chosen).
    With ``of``, the colour as it follows "of a colour" (Russian puts it in
    the genitive: «карта прежнего цвета (синего)»)."""
    if colour is None:
        return text("colour.none", lang)
    return text(f"colour.{Colour(colour).name.lower()}" + (".of" if of else ""), lang)


def card_code(card: Card, colour: Colour | int | None = None) -> str:
    """The short code of a card (``RS``, ``W+4>G``): the notation, the same in every language."""
    if colour is None or not card.is_black:
        return card.text
    return f"{card.text}>{Colour(colour).letter}"


def card_name(card: Card, lang: str = "en", colour: Colour | int | None = None) -> str:
    """A card in words: ``'Red Skip'``, ``'Green 7'``, ``'Wild Draw Four → green'``."""
    rank = text(f"rank.{card.rank}", lang)
    if card.colour is None:
        name = rank
    else:
        key = "card.number" if card.rank.isdigit() else "card.coloured"
        name = text(key, lang, colour=text(f"colour.{card.colour.name.lower()}.card", lang),
                    rank=rank)
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
    if isinstance(value, Card):
        if hidden:
            return ""
        return card_code(value) if codes else card_name(value, lang)
    if isinstance(value, Colour):
        return colour_name(value, lang)
    if name in SEAT_FIELDS and isinstance(value, int) and not isinstance(value, bool):
        return player_name(value, lang, names)
    if isinstance(value, tuple) and value and all(isinstance(c, tuple) for c in value):
        # (seat, card) pairs: the cut for the deal
        return ", ".join(text("event.cut", lang, player=player_name(s, lang, names),
                              card=card_code(c) if codes else card_name(c, lang))
                         for s, c in value)
    if isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
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


def refusal_text(error: Any, lang: str = "en") -> str:
    """A learner's sentence for a refused rule combination (a
    :class:`~uno_nb.engine.errors.RuleError`): both switches by their labels, and why
    (``rules.refused.*``, ``rules.why.<a>.<b>``)."""
    from ..engine.rules import RuleSet  # the rules read this table: import them only when needed
    options: Sequence[str] = getattr(error, "options", ())
    conflict = getattr(error, "conflict", None)
    if len(options) != 2 or conflict not in ("excludes", "requires"):
        return text("rules.refused.other", lang)
    infos = {info.name: info for info in RuleSet.options()}
    a, b = options
    why_key = f"rules.why.{a}.{b}"
    values = dict(first=infos[a].label(lang), second=infos[b].label(lang),
                  why=text(why_key, lang) if has(why_key) else "")
    if conflict == "excludes":
        key = "rules.refused.excludes"
    elif error.value is not None:
        key, values["value"] = "rules.refused.requires_value", infos[b].choice(error.value, lang)
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
    return text(f"answer.refused.{error.reason}", lang, example=shown,
                typed=str(getattr(error, "typed", "")).strip()[:40])
