"""The event log: every change of state, as a typed value that carries data.

Events are what a notebook shows when a learner steps through a game.  Each
carries the facts as fields (seats are 0-based ints, cards are
:class:`~uno_nb.engine.cards.Card` values, counts are ints) and ``rule``, the id of
the rule that made it happen.  No event holds a sentence: the words come from
the text table (:func:`uno_nb.texts.sentence`), in the reader's language, with
the players' names, and without the cards the reader may not see::

    texts.sentence(event, "en", names=game.names, viewer=0)

``event.text`` is that sentence in English with the default names
(``Player 1`` …); :meth:`uno_nb.Game.event_text` uses the game's own names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import Card, Colour

__all__ = [
    "Event", "Note", "DealerChosen", "Dealt", "StartCard", "StartCardReturned",
    "Played", "ColourChosen", "Drew", "Passed", "Skipped", "Reversed",
    "Challenged", "UnoCalled", "UnoCaught", "Reshuffled", "RoundWon",
    "Scored", "GameWon", "HandsSwapped", "HandsPassedOn", "ExchangeChosen", "CardsExchanged",
    "DrawAnswered", "CardReturned", "SkipBounced", "DrawBounced", "KINDS", "played", "drew",
    "skipped",
]


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True)
class Event:
    """Something that happened.  ``rule`` is the id of the rule at work;
    ``note`` the annotation given with the move: free text, or data for a
    sentence of the text table (a reaction time, see texts.annotation)."""

    rule: str = field(default="", kw_only=True)
    note: Any = field(default=None, kw_only=True)

    @property
    def kind(self) -> str:
        return type(self).__name__

    def text_key(self, viewer: int | None = None) -> str:
        """The id of this event's sentence in the text table."""
        return "event." + _snake(self.kind)

    def text_values(self) -> dict[str, Any]:
        """The values the sentence names (seats, cards, colours, counts)."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("rule", "note")}

    def seen_by(self) -> tuple[int, ...] | None:
        """The seats that alone may see the cards this event names (None: everyone)."""
        return None

    @property
    def text(self) -> str:
        """The sentence in English, players named ``Player 1`` …"""
        from ..texts import sentence
        return sentence(self)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Note(Event):
    """A rule taking effect with no event of its own: ``key`` names its
    sentence (``event.<key>``) and ``values`` the facts it names."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def text_key(self, viewer: int | None = None) -> str:
        return "event." + self.key

    def seen_by(self) -> tuple[int, ...] | None:
        seen = dict(self.values).get("seen_by")
        return None if seen is None else tuple(seen)

    def text_values(self) -> dict[str, Any]:  # who may see it is not for the sentence
        return {k: v for k, v in self.values if k != "seen_by"}


def note(key: str, rule: str, **values: Any) -> Note:
    """A :class:`Note` for ``rule`` with sentence ``event.<key>``."""
    return Note(key, tuple(values.items()), rule=rule)


@dataclass(frozen=True)
class DealerChosen(Event):
    """R-DEALER: each player turns a card; the highest number deals."""

    draws: tuple[tuple[int, Card], ...]
    dealer: int


@dataclass(frozen=True)
class Dealt(Event):
    round: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]

    def text_values(self) -> dict[str, Any]:
        # the hands are secret: the sentence says how many cards each player got
        return {"round": self.round, "dealer": self.dealer,
                "count": len(self.hands[0]) if self.hands else 0}


@dataclass(frozen=True)
class StartCard(Event):
    card: Card
    first: int


@dataclass(frozen=True)
class StartCardReturned(Event):
    card: Card


@dataclass(frozen=True)
class Played(Event):
    player: int
    card: Card
    colour: Colour | None
    jump_in: bool = False

    def text_key(self, viewer: int | None = None) -> str:
        # V-DOUBLES: a player's second identical card is not a jump-in
        key = ("event.doubled" if self.rule == "V-DOUBLES" else
               "event.jumped_in" if self.jump_in else "event.played")
        return key + (".colour" if self.colour is not None else "")

    def text_values(self) -> dict[str, Any]:
        values: dict[str, Any] = {"player": self.player, "card": self.card}
        if self.colour is not None:
            values["colour"] = self.colour
        return values


@dataclass(frozen=True)
class ColourChosen(Event):
    player: int
    colour: Colour


#: Why cards were drawn (Drew.reason).
DRAW_REASONS = ("turn", "penalty", "start", "uno", "challenge", "out", "table",
                "misplay", "refill")


@dataclass(frozen=True)
class Drew(Event):
    """``cards`` drawn by ``player`` (``wanted``: how many the rule asked for,
    more than ``len(cards)`` when both piles ran out)."""

    player: int
    cards: tuple[Card, ...]
    reason: str
    wanted: int = 0

    def text_key(self, viewer: int | None = None) -> str:
        if not self.cards:
            return "event.drew.none"
        key = "event.drew.one" if self.reason == "turn" else "event.drew.many"
        if len(self.cards) < self.wanted:
            key += ".short"
        return key

    def text_values(self) -> dict[str, Any]:
        return {"player": self.player, "cards": self.cards, "count": len(self.cards),
                "wanted": self.wanted or len(self.cards)}

    def seen_by(self) -> tuple[int, ...] | None:
        return (self.player,)


@dataclass(frozen=True)
class Passed(Event):
    player: int


@dataclass(frozen=True)
class Skipped(Event):
    player: int


@dataclass(frozen=True)
class Reversed(Event):
    """Play changes direction (``direction`` 1: clockwise); ``next`` is who
    plays next when a Reverse start card decides it (else -1)."""

    player: int
    direction: int
    next: int = -1

    def text_key(self, viewer: int | None = None) -> str:
        if self.next >= 0:
            return "event.reversed.start"
        return "event.reversed" + (".clockwise" if self.direction == 1 else ".counter")


@dataclass(frozen=True)
class Challenged(Event):
    """A Wild Draw Four challenged (R-CHALLENGE): ``colour`` was in force
    when it was played; ``penalty`` is what the loser of the challenge draws;
    ``anytime``: not guilty though the accused held ``colour``, because
    V-W4-ANYTIME allows a Wild Draw Four at any time."""

    challenger: int
    accused: int
    guilty: bool
    colour: Colour = Colour.RED
    penalty: int = 4
    anytime: bool = False

    def text_key(self, viewer: int | None = None) -> str:
        if self.anytime:
            return "event.challenged.anytime"
        return "event.challenged." + ("guilty" if self.guilty else "innocent")

    def text_values(self) -> dict[str, Any]:
        return {"challenger": self.challenger, "accused": self.accused, "colour": self.colour,
                "penalty": self.penalty}


@dataclass(frozen=True)
class UnoCalled(Event):
    player: int


@dataclass(frozen=True)
class UnoCaught(Event):
    catcher: int
    player: int
    penalty: int


@dataclass(frozen=True)
class Reshuffled(Event):
    count: int


@dataclass(frozen=True)
class RoundWon(Event):
    """``player`` wins the round; under V-TO-THE-LAST ``loser`` is the last one left."""

    player: int
    round: int
    loser: int = -1

    def text_key(self, viewer: int | None = None) -> str:
        if self.rule == "R-RESHUFFLE":  # blocked: both piles empty, nobody can play
            return "event.round_won.blocked"
        return "event.round_won" + (".last" if self.loser >= 0 else "")


@dataclass(frozen=True)
class Scored(Event):
    """The round's points: ``points`` to ``player`` (R-SCORE-WINNER), the H2O
    bonus taken off (V-SCORE-PENALTY, negative), or the lazy loser's hand (V-LAZY,
    ``loser`` deals next)."""

    player: int
    points: int
    scores: tuple[int, ...]
    loser: int = -1

    def text_key(self, viewer: int | None = None) -> str:
        if self.rule == "V-SCORE-PENALTY":
            return "event.scored.penalty" + (".bonus" if self.points else "")
        if self.rule == "V-LAZY":
            return "event.scored.lazy"
        return "event.scored"

    def text_values(self) -> dict[str, Any]:
        return {"player": self.player, "points": abs(self.points), "loser": self.loser,
                "scores": ", ".join(map(str, self.scores))}


@dataclass(frozen=True)
class GameWon(Event):
    """The game is over: ``reason`` is ``target`` (a score reached ``target``),
    ``rounds`` (after ``rounds`` rounds) or ``seven-rounds`` (V-SEVEN-ROUNDS)."""

    player: int
    scores: tuple[int, ...]
    reason: str
    target: int = 0
    rounds: int = 0
    lowest: bool = False

    def text_key(self, viewer: int | None = None) -> str:
        if self.reason == "target":
            return "event.game_won.lowest" if self.lowest else "event.game_won.target"
        if self.reason == "rounds" and self.rule == "V-LAZY":
            return "event.game_won.rounds.lazy"
        return "event.game_won." + self.reason.replace("-", "_")

    def text_values(self) -> dict[str, Any]:
        return {"player": self.player, "points": self.scores[self.player],
                "goal": self.target, "rounds": self.rounds}


# -- cards that move between hands and piles by a house rule or a challenge ------
# (their sentences keep the keys the notes they replace had)


@dataclass(frozen=True)
class HandsSwapped(Event):
    """V-SEVEN-ZERO, a 7: ``player`` and ``target`` swap whole hands."""

    player: int
    target: int

    def text_key(self, viewer: int | None = None) -> str:
        return "event.seven_zero.swap"


@dataclass(frozen=True)
class HandsPassedOn(Event):
    """V-SEVEN-ZERO, a 0: every hand passes on in ``direction`` (1: clockwise)."""

    direction: int

    def text_key(self, viewer: int | None = None) -> str:
        return "event.seven_zero.pass_on." + ("clockwise" if self.direction == 1 else "counter")

    def text_values(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class ExchangeChosen(Event):
    """V-SWAP-FIVE: ``player`` played a 5 and chose ``target`` to exchange
    one card with (each now chooses the card they give)."""

    player: int
    target: int

    def text_key(self, viewer: int | None = None) -> str:
        return "event.swap_five.chosen"


@dataclass(frozen=True)
class CardsExchanged(Event):
    """V-SWAP-FIVE: ``player`` gives ``given`` to ``target`` and gets ``got``
    (only the two of them see the cards)."""

    player: int
    target: int
    given: Card
    got: Card

    def text_key(self, viewer: int | None = None) -> str:
        return "event.swap_five.done"

    def seen_by(self) -> tuple[int, ...] | None:
        return (self.player, self.target)


@dataclass(frozen=True)
class DrawAnswered(Event):
    """A pending draw card answered by ``player`` with ``card`` (V-STACK,
    V-STACK-MIXED, V-DEFLECT-2, V-W4-SAVE-2: ``rule``): ``target`` now
    faces ``count`` cards."""

    player: int
    card: Card
    count: int
    target: int

    def text_key(self, viewer: int | None = None) -> str:
        return {"V-DEFLECT-2": "event.deflect", "V-W4-SAVE-2": "event.save_2"}.get(
            self.rule, "event.stack")


@dataclass(frozen=True)
class CardReturned(Event):
    """R-CHALLENGE-GUILTY: the bluffer ``player`` takes ``card`` back; ``top``
    and ``colour`` are in force again."""

    player: int
    card: Card
    top: Card
    colour: Colour

    def text_key(self, viewer: int | None = None) -> str:
        return "event.challenge.returned"


@dataclass(frozen=True)
class SkipBounced(Event):
    """V-REVERSE-BOUNCE: ``player`` sends a Skip back; ``target`` is skipped."""

    player: int
    target: int

    def text_key(self, viewer: int | None = None) -> str:
        return "event.bounce.skip"


@dataclass(frozen=True)
class DrawBounced(Event):
    """V-REVERSE-BOUNCE: ``player`` sends the ``count`` pending cards back to ``target``."""

    player: int
    count: int
    target: int

    def text_key(self, viewer: int | None = None) -> str:
        return "event.bounce.draw"


#: Every kind of event, for tests and documentation.
KINDS: tuple[type[Event], ...] = (
    Note, DealerChosen, Dealt, StartCard, StartCardReturned, Played, ColourChosen, Drew,
    Passed, Skipped, Reversed, Challenged, UnoCalled, UnoCaught, Reshuffled, RoundWon,
    Scored, GameWon, HandsSwapped, HandsPassedOn, ExchangeChosen, CardsExchanged, DrawAnswered,
    CardReturned, SkipBounced, DrawBounced)


# -- the events of every move, made quickly --------------------------------------
# A frozen dataclass's __init__ sets its fields one object.__setattr__ at a
# time; the full engine logs an event or two on every move, so these three
# fill the instance's fields in one step.  They make equal events (tests/test_game.py).

_new = object.__new__


def played(player: int, card: Card, colour: Colour | None, jump_in: bool, rule: str,
           note: Any) -> Played:
    """``Played(player, card, colour, jump_in, rule=rule, note=note)``."""
    event = _new(Played)
    event.__dict__.update(player=player, card=card, colour=colour, jump_in=jump_in, rule=rule,
                          note=note)
    return event


def drew(player: int, cards: tuple[Card, ...], reason: str, wanted: int, rule: str) -> Drew:
    """``Drew(player, cards, reason, wanted, rule=rule)``."""
    event = _new(Drew)
    event.__dict__.update(player=player, cards=cards, reason=reason, wanted=wanted, rule=rule,
                          note=None)
    return event


def skipped(player: int, rule: str) -> Skipped:
    """``Skipped(player, rule=rule)``."""
    event = _new(Skipped)
    event.__dict__.update(player=player, rule=rule, note=None)
    return event
