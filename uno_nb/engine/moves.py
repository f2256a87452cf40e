"""Moves: small interned values with a text form that round-trips.

A move names who makes it and what they do.  Its text is
``"<seat>:<action>"``; the seat may be left out when reading a move for the
player whose turn it is (see :meth:`uno_nb.Game.parse_move`).

======================  =============================================
action text             meaning
======================  =============================================
``R7``, ``W+4>G``       play a card (a black card names its colour)
``draw``                draw a card, or take the pending penalty
``pass``                keep the card just drawn and end the turn
``challenge``           challenge a Wild Draw Four (R-CHALLENGE)
``uno``                 call "UNO!" (R-UNO)
``catch 2``             catch seat 2, who did not call "UNO!"
``colour B``            choose the colour of a Wild start card
``deal``                deal the next round (the dealer's move)
``swap 2``              swap hands with seat 2 (a 7, V-SEVEN-ZERO) or
                        exchange a card with seat 2 (a 5, V-SWAP-FIVE)
``give R7``             the card one gives in that exchange
``ready``               "Ready" after drawing 4 (T-READY)
``speak``               break the silence (T-SILENT-TWOS)
``advise``              advise the player on their move (T-ADVICE)
``slow``                the slowest to slap an UNO! call (T-UNO-CENTER)
======================  =============================================

Under V-COLOUR-WHEEL a black card is played without a colour (``W+4``).

>>> m = parse_move("2:W+4>g")
>>> m.player, m.card, m.colour, str(m)
(2, Card('W+4'), <Colour.GREEN: 2>, '2:W+4>G')
>>> parse_move("R7", player=0) is parse_move("0:r7")
True
"""

from __future__ import annotations

from enum import IntEnum

from .cards import Card, Colour, parse_card, parse_colour, parse_play, play_text
from .errors import NotationError

__all__ = ["MoveKind", "Move", "parse_move", "move_order", "MAX_PLAYERS",
           "PLAY", "DRAW", "PASS", "CHALLENGE", "UNO", "CATCH", "COLOUR", "DEAL",
           "SWAP", "GIVE", "READY", "SPEAK", "ADVISE", "SLOW"]

MAX_PLAYERS = 10


class MoveKind(IntEnum):
    PLAY = 0
    DRAW = 1
    PASS = 2
    CHALLENGE = 3
    UNO = 4
    CATCH = 5
    COLOUR = 6
    DEAL = 7
    SWAP = 8
    GIVE = 9
    READY = 10
    SPEAK = 11
    ADVISE = 12
    SLOW = 13


PLAY, DRAW, PASS, CHALLENGE, UNO, CATCH, COLOUR, DEAL, SWAP, GIVE, READY, SPEAK, ADVISE, SLOW = \
    tuple(MoveKind)
_WORDS = {DRAW: "draw", PASS: "pass", CHALLENGE: "challenge", UNO: "uno", DEAL: "deal",
          READY: "ready", SPEAK: "speak", ADVISE: "advise", SLOW: "slow"}
_BY_WORD = {word: kind for kind, word in _WORDS.items()}


class Move:
    """An interned move value; build with :meth:`Move.make` or :func:`parse_move`.

    ``kind`` (:class:`MoveKind`), ``player`` (seat), ``card`` and ``colour``
    (for plays and colour choices), ``target`` (the seat caught), ``action``
    (the text without the seat)."""

    __slots__ = ("kind", "player", "card", "colour", "target", "action", "text")

    _interned: dict[tuple[object, ...], "Move"] = {}

    kind: MoveKind
    player: int
    card: Card | None
    colour: Colour | None
    target: int | None
    action: str
    text: str

    def __new__(cls, *args: object, **kwargs: object) -> "Move":
        raise TypeError("use Move.make(...) or parse_move(...)")

    @classmethod
    def make(cls, kind: MoveKind, player: int, card: Card | None = None,
             colour: Colour | None = None, target: int | None = None) -> "Move":
        key = (kind, player, card, colour, target)
        move = cls._interned.get(key)
        if move is not None:
            return move
        if not isinstance(player, int) or not 0 <= player < MAX_PLAYERS:
            raise NotationError(f"bad seat {player!r}: seats are 0 to {MAX_PLAYERS - 1}")
        kind = MoveKind(kind)
        if kind is PLAY:
            if card is None or (colour is not None and not card.is_black):
                raise NotationError(f"a play of {card} takes no colour")
            action = play_text(card, colour)
        elif kind is GIVE:
            if card is None:
                raise NotationError("a card to give is needed")
            action = f"give {card.text}"
        elif kind is COLOUR:
            if colour is None:
                raise NotationError("a colour choice needs a colour")
            action = f"colour {colour.letter}"
        elif kind is CATCH or kind is SWAP:
            if not isinstance(target, int) or not 0 <= target < MAX_PLAYERS:
                raise NotationError(f"bad seat {target!r}")
            action = f"{'catch' if kind is CATCH else 'swap'} {target}"
        else:
            action = _WORDS[kind]
        move = object.__new__(cls)
        for name, value in (("kind", kind), ("player", player), ("card", card),
                            ("colour", colour), ("target", target),
                            ("action", action), ("text", f"{player}:{action}")):
            object.__setattr__(move, name, value)
        cls._interned[key] = move
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (Move.make, (self.kind, self.player, self.card, self.colour, self.target))

    def __copy__(self) -> "Move":
        return self

    def __deepcopy__(self, memo: object) -> "Move":
        return self

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __str__(self) -> str:
        return self.text

    # No rich comparisons on purpose (see Card); sort moves with key=move_order.


def move_order(move: Move) -> tuple[int, int, int, int, int]:
    """Sort key: by seat, kind, card, colour, target."""
    return (move.player, move.kind, move.card.index if move.card else -1,
            -1 if move.colour is None else move.colour, -1 if move.target is None else move.target)


def parse_move(text: str, player: int | None = None) -> Move:
    """Read ``"<seat>:<action>"``, or just ``"<action>"`` when ``player`` is given."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise NotationError(f"bad move {text!r}: a move is text such as 'R7', 'draw' or '2:W+4>G'")
    raw = text
    seat_text, sep, action = text.strip().partition(":")
    if sep:
        try:
            player = int(seat_text)
        except ValueError:
            raise NotationError(f"bad move {raw!r}: {seat_text!r} is not a seat number") from None
    else:
        action = seat_text
    if player is None:
        raise NotationError(f"bad move {raw!r}: say whose move it is, e.g. '0:{action.strip()}'")
    if not 0 <= player < MAX_PLAYERS:
        raise NotationError(f"bad move {raw!r}: seats are 0 to {MAX_PLAYERS - 1}")
    original = action.split()
    words = [w.lower() for w in original]
    if not words:
        raise NotationError(f"bad move {raw!r}: nothing after the seat")
    head = words[0]
    if head in _BY_WORD and len(words) == 1:
        return Move.make(_BY_WORD[head], player)
    if head in ("catch", "swap") and len(words) == 2 and words[1].isdigit():
        return Move.make(CATCH if head == "catch" else SWAP, player, target=int(words[1]))
    if head == "give" and len(words) == 2:
        try:
            return Move.make(GIVE, player, card=parse_card(original[1]))
        except NotationError as exc:
            raise NotationError(f"bad move {raw!r}: {exc}") from None
    if head in ("colour", "color") and len(words) == 2:
        try:
            return Move.make(COLOUR, player, colour=parse_colour(words[1]))
        except NotationError as exc:
            raise NotationError(f"bad move {raw!r}: {exc}") from None
    if len(words) != 1:
        raise NotationError(
            f"bad move {raw!r}: expected a card (R7, W+4>G), draw, pass, challenge, "
            "uno, 'catch N', 'colour C', deal, 'swap N', 'give C', ready, speak, advise or slow")
    try:
        card, colour = parse_play(original[0])
    except NotationError as exc:
        raise NotationError(
            f"bad move {raw!r}: {exc}; other moves are draw, pass, challenge, uno, "
            "'catch N', 'colour C', deal") from None
    return Move.make(PLAY, player, card, colour)
