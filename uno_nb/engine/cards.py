"""Cards: immutable values with a text form (docs/rules.md §1).

A card is one of a fixed set of interned values, so ``Card("R", "7") is
parse_card("r7")`` and comparing cards is as cheap as comparing objects.
A card never changes: the colour chosen for a black card belongs to the move
that plays it (``W+4>R``), never to the card.

>>> parse_card("y+2")
Card('Y+2')
>>> parse_card("W+4").points
50
>>> parse_play("W+4>r")
(Card('W+4'), <Colour.RED: 0>)
>>> len(build_deck()), len(build_deck(plus10=True))
(108, 112)
"""

from __future__ import annotations

from collections import Counter
from enum import IntEnum
from typing import Iterable

from .errors import NotationError

__all__ = [
    "Colour",
    "Card",
    "COLOURS",
    "NUMBER_RANKS",
    "ACTION_RANKS",
    "BLACK_RANKS",
    "ALL_CARDS",
    "card_order",
    "parse_card",
    "parse_cards",
    "parse_colour",
    "parse_play",
    "play_text",
    "build_deck",
    "deck_counts",
]


class Colour(IntEnum):
    """The four colours, in notation order R, Y, G, B (the colour wheel of
    V-COLOUR-WHEEL runs in a different order)."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3

    @property
    def letter(self) -> str:
        return "RYGB"[self]

    @property
    def word(self) -> str:
        return ("red", "yellow", "green", "blue")[self]

    def __str__(self) -> str:
        return self.letter


COLOURS: tuple[Colour, ...] = tuple(Colour)
NUMBER_RANKS: tuple[str, ...] = tuple("0123456789")
ACTION_RANKS: tuple[str, ...] = ("S", "R", "+2")
BLACK_RANKS: tuple[str, ...] = ("W", "W+4", "W+10")
#: The H2O deck's extra cards (V-H2O, composition chosen by uno_nb: one "+1" per
#: colour and four "Wild +2").
H2O_RANKS: tuple[str, ...] = ("+1",)
H2O_BLACK_RANKS: tuple[str, ...] = ("W+2",)

class Card:
    """One Uno card value.  Build with ``Card(colour_letter, rank)`` for coloured
    cards, ``Card(None, "W+4")`` for black ones, or :func:`parse_card`.

    Attributes: ``colour`` (a :class:`Colour`, ``None`` for black cards),
    ``rank`` (``"0"``–``"9"``, ``"S"``, ``"R"``, ``"+2"``, ``"W"``, ``"W+4"``,
    ``"W+10"``), ``text`` (the notation), ``points`` (R-VALUES), ``draw`` (how
    many cards it makes the next player draw), ``is_black``, ``is_number``,
    ``number`` (int or ``None``) and ``index`` (a small stable integer).
    """

    __slots__ = ("colour", "rank", "text", "points", "draw", "is_black",
                 "is_number", "number", "index", "bit", "match")

    _interned: dict[tuple[Colour | None, str], "Card"] = {}

    colour: Colour | None
    rank: str
    text: str
    points: int
    draw: int
    is_black: bool
    is_number: bool
    number: int | None
    index: int
    bit: int
    match: int  #: bit mask of the cards playable on this one in its own colour (0 if black)

    def __new__(cls, colour: Colour | str | None, rank: str) -> "Card":
        if isinstance(colour, str):
            colour = parse_colour(colour)
        try:
            return cls._interned[(colour, rank)]
        except (KeyError, TypeError):
            raise NotationError(
                f"no such card: colour {colour!r} with rank {rank!r}") from None

    @classmethod
    def _make(cls, colour: Colour | None, rank: str) -> "Card":
        self = object.__new__(cls)
        black = colour is None
        text = rank if black else colour.letter + rank  # type: ignore[union-attr]
        if rank in NUMBER_RANKS:
            points, number = int(rank), int(rank)
        else:
            points, number = (50 if black else 20), None
        draw = {"+2": 2, "W+4": 4, "W+10": 10, "+1": 1, "W+2": 2}.get(rank, 0)
        values = dict(colour=colour, rank=rank, text=text, points=points,
                      draw=draw, is_black=black, is_number=number is not None,
                      number=number, index=len(cls._interned),
                      bit=1 << len(cls._interned))
        for name, value in values.items():
            object.__setattr__(self, name, value)
        cls._interned[(colour, rank)] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Card, (self.colour, self.rank))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    # Cards are interned, so the default identity == and hash are right; no
    # Python-level __eq__, __hash__ or __lt__ on purpose: any of them makes
    # every comparison and dict look-up of cards (list.remove, `in`, Counter)
    # several times slower.  Sort cards with key=card_order.

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        from .render import card_svg
        return card_svg(self)

    @property
    def name(self) -> str:
        """Words for a learner, in English: ``'Red 7'``, ``'Blue Reverse'``,
        ``'Wild Draw Four'`` (:func:`uno_nb.texts.card_name` in any language)."""
        from ..texts import card_name
        return card_name(self)

    def matches(self, top: "Card", colour: Colour) -> bool:
        """R-MATCH: may this card be put on ``top`` when ``colour`` is in force?
        (Black cards always may; whether a Wild Draw Four is honest is R-W4-LEGAL.)"""
        return self.is_black or self.colour == colour or self.rank == top.rank


for _c in COLOURS:
    for _r in NUMBER_RANKS + ACTION_RANKS:
        Card._make(_c, _r)
for _r in BLACK_RANKS:
    Card._make(None, _r)
for _c in COLOURS:
    for _r in H2O_RANKS:
        Card._make(_c, _r)
for _r in H2O_BLACK_RANKS:
    Card._make(None, _r)
del _c, _r

ALL_CARDS: tuple[Card, ...] = tuple(Card._interned.values())
for _card in ALL_CARDS:
    object.__setattr__(_card, "match", 0 if _card.colour is None else sum(
        c.bit for c in ALL_CARDS if c.is_black or c.colour == _card.colour or c.rank == _card.rank))
del _card
_BY_TEXT = {card.text: card for card in ALL_CARDS}


def card_order(card: Card) -> int:
    """Sort key: the notation order R, Y, G, B; numbers, actions, black cards."""
    return card.index


def parse_colour(text: str) -> Colour:
    """``'r'`` / ``'R'`` / ``'red'`` → :data:`Colour.RED`."""
    key = str(text).strip().upper()
    for colour in COLOURS:
        if key in (colour.letter, colour.word.upper(), colour.name):
            return colour
    raise NotationError(f"bad colour {text!r}: use R, Y, G or B")


def parse_card(text: str) -> Card:
    """Read one card in the notation of docs/rules.md §1 (case-insensitive).

    >>> parse_card(" gs ")
    Card('GS')
    >>> parse_card("R10")
    Traceback (most recent call last):
    ...
    uno_nb.engine.errors.NotationError: bad card 'R10': ...
    """
    if not isinstance(text, str):
        raise NotationError(f"bad card {text!r}: card text must be a string")
    key = text.strip().upper()
    card = _BY_TEXT.get(key)
    if card is None:
        hint = ("a black card played needs no colour here; a play names it after '>'"
                if ">" in key else
                "expected a colour R/Y/G/B and 0-9, S, R or +2 (e.g. R7, GS, Y+2), "
                "or W, W+4, W+10 (H2O deck: R+1, W+2)")
        raise NotationError(f"bad card {text!r}: {hint}")
    return card


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """``"R7 G5 W+4"`` (or a list of texts) → list of cards."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [item if isinstance(item, Card) else parse_card(item) for item in items]


def parse_play(text: str) -> tuple[Card, Colour | None]:
    """A card as played: ``'R7'`` → (R7, None); ``'W+4>R'`` → (W+4, RED).

    A black card must name its colour; a coloured card must not."""
    if not isinstance(text, str):
        raise NotationError(f"bad play {text!r}: must be a string")
    card_text, sep, colour_text = text.strip().partition(">")
    try:
        card = parse_card(card_text)
    except NotationError:
        raise NotationError(f"bad play {text!r}: {card_text.strip()!r} is not a card") from None
    if sep:
        if not card.is_black:
            raise NotationError(
                f"bad play {text!r}: only black cards name a colour ('>')")
        try:
            return card, parse_colour(colour_text)
        except NotationError:
            raise NotationError(
                f"bad play {text!r}: {colour_text.strip()!r} is not a colour (R, Y, G, B)"
            ) from None
    return card, None


def play_text(card: Card, colour: Colour | None) -> str:
    """Inverse of :func:`parse_play`."""
    return card.text if colour is None or not card.is_black else f"{card.text}>{colour.letter}"


def build_deck(plus10: bool = False, h2o: bool = False) -> list[Card]:
    """The 108-card deck (R-DECK) in a fixed order; with ``plus10`` the box's
    four blank spares (R-BLANK) join it as ``W+10`` cards (112 cards); with
    ``h2o`` the H2O deck's extra cards join it: one ``+1`` per colour and four
    ``W+2`` (V-H2O; 116 cards, or 120 with both)."""
    deck: list[Card] = []
    for colour in COLOURS:
        deck.append(Card(colour, "0"))
        for rank in NUMBER_RANKS[1:] + ACTION_RANKS:
            card = Card(colour, rank)
            deck += (card, card)
    deck += [Card(None, "W")] * 4 + [Card(None, "W+4")] * 4
    if plus10:
        deck += [Card(None, "W+10")] * 4
    if h2o:
        deck += [Card(colour, "+1") for colour in COLOURS] + [Card(None, "W+2")] * 4
    return deck


def deck_counts(plus10: bool = False, h2o: bool = False) -> Counter[Card]:
    """How many copies of each card the deck holds."""
    return Counter(build_deck(plus10, h2o))
