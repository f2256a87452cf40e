"""The state of a game, declared once.

:data:`POSITION` names everything that makes up a position, with its value at
the start of a game and whether a new deal resets it.  Everything else is
derived from it: the slots of :class:`GameState`, the undo snapshot
(:meth:`GameState._snapshot` / :meth:`GameState._restore`),
:meth:`GameState.state_key`, the fresh state of a new game and the reset at
each deal.  A field added here is undone, compared and reset with no other
change; a field set on a game but missing here raises ``AttributeError`` (the
class has slots), so it cannot be forgotten silently.

The rule flags, the tables and the phase names the engine's modules share live
here too, under public names.
"""

from __future__ import annotations

from collections import Counter
from enum import Enum
import random
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, ClassVar, NamedTuple

from . import events as ev
from .cards import ALL_CARDS, COLOURS, Card, Colour, build_deck
from .moves import COLOUR, DRAW, MAX_PLAYERS, PASS, PLAY, Move
from .fields import Field, computed, empty, per_seat, value
from .rules import COUNTED_RULES, RULE_PHASES, RULE_STATE

if TYPE_CHECKING:
    from .house import House
    from .rules import RuleSet

__all__ = ["Phase", "RoundResult", "Outcome", "Annotation", "GameState", "POSITION",
           "COUNTED_RULES", "HAND_SIZE", "WHEEL", "REFILLS", "mix"]

_M64 = (1 << 64) - 1
_new_random = random.Random.__new__
# the C generator's seed(), called on a bare instance: = random.Random(seed), faster
_seed_random: Callable[[random.Random, int], None] = getattr(random.Random.__mro__[1], "seed")


def mix(seed: int, k: int) -> int:
    """A well-spread 64-bit RNG seed for chance event ``k`` of game ``seed``
    (SplitMix64 finalizer).  Consecutive game seeds seeded directly gave
    measurably correlated Mersenne Twister streams; mixed seeds do not."""
    x = (seed * 0x9E3779B97F4A7C15 + k * 0xD1B54A32D192ED03 + (seed >> 64)) & _M64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


HAND_SIZE = 7
#: V-COLOUR-WHEEL, clockwise: red, blue, green, yellow.
WHEEL: tuple[Colour, ...] = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)
#: V-SEVEN-ROUNDS: the cards drawn each time a hand empties; the next time wins.
REFILLS = (6, 5, 4, 3, 2, 1)


class Phase(Enum):
    """What the game waits for.  One name each, compared by identity
    (``game.phase is Phase.TURN``); :attr:`Game.in_turn` says whether a turn
    is under way."""

    TURN = 0        #: the current player plays or draws
    DRAWN = 1       #: the current player drew a playable card: play it (or pass)
    PENALTY = 2     #: the current player must take a pending draw, or answer it
    COLOUR = 3      #: the first player chooses the colour of a Wild start card
    ROUND_OVER = 4  #: the next dealer deals the next round
    GAME_OVER = 5   #: nothing more to do
    SWAP = 6        #: V-SEVEN-ZERO: the player of a 7 chooses whom to swap hands with
    EXCHANGE = 7    #: V-SWAP-FIVE: the player of a 5 chooses a partner (or passes)
    GIVE = 8        #: V-SWAP-FIVE: the current player chooses the card they give
    READY = 9       #: T-READY: play waits until the player who drew 4 says "Ready"


# The phases of one rule each are declared with its option too (rules.RULE_PHASES).
assert set(RULE_PHASES) <= Phase.__members__.keys(), "an option names a phase that does not exist"

#: The phases the engine's hot path reads, bound to their own names.
TURN, DRAWN, PENALTY, ROUND_OVER, GAME_OVER, EXCHANGE = (
    Phase.TURN, Phase.DRAWN, Phase.PENALTY, Phase.ROUND_OVER, Phase.GAME_OVER, Phase.EXCHANGE)
#: The phases of a turn under way (the turn player plays, draws or answers).
TURN_PHASES = frozenset({TURN, DRAWN, PENALTY})


class RoundResult(NamedTuple):
    """One finished round: its winner, the points scored (or, for a lazy
    round, the loser's hand value) and the hands as they ended."""

    round: int
    winner: int
    points: int
    hands: tuple[tuple[Card, ...], ...]
    loser: int = -1


class Outcome(NamedTuple):
    """How the game ended: ``winner`` seat, final ``scores``, and ``reason``
    (``"target"``: the target score was reached; ``"rounds"``: the agreed
    number of rounds was played; ``"seven-rounds"``: V-SEVEN-ROUNDS)."""

    winner: int
    scores: tuple[int, ...]
    reason: str
    rounds: int


#: A move's annotation: free text, or data for a sentence of the text table
#: (``{"key": "reaction", "seconds": 0.93}``, see texts.annotation).
Annotation = str | dict[str, Any]

#: The position, declared once: name -> :class:`~uno_nb.engine.fields.Field`,
#: its value at the start of a game of ``n`` players (made by a call: a fresh
#: list each time) and whether each deal resets it to that value.  Lists are
#: copied by a snapshot (``hands`` list by list), other values are kept as they are.
POSITION: dict[str, Field] = {
    "hands": computed(lambda n: [[] for _ in range(n)]),
    "_hmask": per_seat(0),               # bit mask of the card values in each hand
    "draw_pile": empty(),
    "discard": empty(),
    "scores": per_seat(0),
    "cards_drawn": per_seat(0),
    "round_results": empty(),
    "_won_round": per_seat(0),           # the last round each player won
    "_deck": value(()),                  # the cards this round is played with
    "colour": value(None),               # None: a Wild start card's colour is not chosen
    "_match": value(0),                  # bit mask of the cards that may be played now
    "current": value(0),
    "direction": value(1, reset=True),
    "phase": value(Phase.TURN, reset=True),
    "pending": value(0, reset=True),
    "pending_card": value(None, reset=True),
    "_w4": value(None, reset=True),      # (accused, previous colour, guilty)
    "drawn_card": value(None, reset=True),
    "top_by": value(-1, reset=True),     # seat that played the top card; -1: no jump-ins
    "uno_open": value(-1, reset=True),   # seat that has one card and has not called UNO
    "dealer": value(0),
    "round_no": value(0),
    "turns": value(0),
    "_chance": value(0),                 # chance events so far (each seeds its RNG)
    "outcome": value(None),
    "_fired": computed(lambda _n: dict.fromkeys(COUNTED_RULES, 0)),  # rule id -> times
}
# The fields of one rule each are declared with its option (rules.RULE_STATE)
# and follow the fields above.
assert not POSITION.keys() & RULE_STATE.keys(), "a rule's field has the name of another field"
POSITION.update(RULE_STATE)



class _Starts(NamedTuple):
    """Fields grouped by shape, so a new game and each deal set them in a few
    quick loops: immutable values as they are, one list per seat, empty
    lists, and the rest by calling their ``start``."""

    value_keys: tuple[str, ...]
    values: tuple[Any, ...]
    seat_keys: tuple[str, ...]
    seat_values: tuple[Any, ...]
    empty_keys: tuple[str, ...]
    computed: tuple[tuple[str, Callable[[int], Any]], ...]

    @classmethod
    def of(cls, fields: dict[str, Field]) -> "_Starts":
        def shaped(shape: str) -> list[tuple[str, Field]]:
            return [(k, f) for k, f in fields.items() if f.shape == shape]
        return cls(tuple(k for k, _ in shaped("value")),
                   tuple(f.initial for _, f in shaped("value")),
                   tuple(k for k, _ in shaped("per_seat")),
                   tuple(f.initial for _, f in shaped("per_seat")),
                   tuple(k for k, _ in shaped("empty")),
                   tuple((k, f.start) for k, f in shaped("computed")))

    def set(self, game: Any, n: int) -> None:
        for key, start in zip(self.value_keys, self.values):
            setattr(game, key, start)
        for key, start in zip(self.seat_keys, self.seat_values):
            setattr(game, key, [start] * n)
        for key in self.empty_keys:
            setattr(game, key, [])
        for key, make in self.computed:
            setattr(game, key, make(n))


_STARTS = _Starts.of(POSITION)
_RESETS = _Starts.of({key: field for key, field in POSITION.items() if field.reset})
_SAMPLE = {key: field.start(2) for key, field in POSITION.items()}
_LISTS = tuple(k for k, v in _SAMPLE.items() if isinstance(v, list) and k != "hands")
_VALUES = tuple(k for k, v in _SAMPLE.items() if not isinstance(v, (list, dict)))
assert set(_LISTS) | set(_VALUES) | {"hands", "_fired"} == set(POSITION)
_LIST_GET = tuple(attrgetter(k) for k in _LISTS)
_VALUE_GET = attrgetter(*_VALUES)

#: What stays fixed for a whole game: its set-up, the rule flags the hot path
#: reads, and shared move tables.
SETUP = (
    "rules", "n", "seed", "names", "given_names", "max_rounds", "record", "_full_deck",
    "_deck_counts", "_position", "_initial",
    # rule flags
    "_bluff", "_anytime", "_wheel", "_answers", "_slow", "_talk", "_until", "_ready", "_h2o",
    "_must_play",
    # move tables
    "_plays", "_plays_by_bit", "_drawn_moves", "_known", "_draw_moves", "_pass_moves", "_house")
#: The table every part of the game plays on: the cards where they lie, whose
#: turn it is and what the game waits for, the colour in force and what may be
#: played on the top card, a pending draw, a play just made (for jump-ins and
#: UNO!), the log and the counts.  Any part may change these.  Every other
#: field has one owner, the part of :class:`~uno_nb.engine.game.Game` or the
#: house rule (:mod:`uno_nb.engine.house`) whose ``OWNS`` names it: only its
#: code changes it, the others read it or ask the owner
#: (``tests/test_parts.py`` holds the code to this).
TABLE = frozenset({
    "hands", "_hmask", "draw_pile", "discard", "cards_drawn", "colour", "_match", "current",
    "direction", "phase", "pending", "pending_card", "_w4", "drawn_card", "top_by", "uno_open",
    "turns", "_fired", "events"})
#: The log, the undo history and the cached moves of the position.
HISTORY = ("events", "_history", "_redo", "_cache", "_cache_plays")


class GameState:
    """The slots and the state machinery of :class:`uno_nb.engine.game.Game`."""

    __slots__ = SETUP + tuple(POSITION) + HISTORY
    #: The fields only this part changes (see :data:`TABLE`): the count of
    #: chance events, each of which seeds its own RNG.
    OWNS: ClassVar[tuple[str, ...]] = ("_chance",)

    # -- the position (POSITION) --
    hands: list[list[Card]]
    _hmask: list[int]
    draw_pile: list[Card]
    discard: list[Card]
    scores: list[int]
    cards_drawn: list[int]
    round_results: list[RoundResult]
    _won_round: list[int]
    _is_out: list[bool]
    _finish: list[int]
    _refills: list[int]
    _last_played: list[Card | None]
    _deck: tuple[Card, ...]
    colour: Colour | None
    _match: int
    current: int
    direction: int
    phase: Phase
    pending: int
    pending_card: Card | None
    _w4: tuple[int, Colour, bool] | None
    drawn_card: Card | None
    top_by: int
    uno_open: int
    dealer: int
    round_no: int
    turns: int
    _chance: int
    outcome: Outcome | None
    _out_count: int
    _skip_bounce: int
    _exchange: tuple[int, int, Card | None] | None
    _resume: int
    _silence: tuple[str, int] | None
    _slap: int
    _fired: dict[str, int]
    # -- the set-up (SETUP) --
    rules: RuleSet
    n: int
    seed: int
    names: tuple[str, ...]
    given_names: tuple[str, ...] | None
    max_rounds: int | None
    record: bool
    _full_deck: tuple[Card, ...]
    _deck_counts: Counter[Card]
    _position: dict[str, Any] | None
    _initial: tuple[Any, ...] | None
    _bluff: bool
    _anytime: bool
    _wheel: bool
    _answers: bool
    _slow: bool
    _talk: bool
    _until: bool
    _ready: bool
    _h2o: bool
    _must_play: bool
    _plays: list[dict[Card, tuple[Move, ...]]]
    _plays_by_bit: list[dict[int, tuple[Move, ...]]]
    _drawn_moves: list[dict[Card, tuple[tuple[Move, ...], tuple[Move, ...]]]]
    _known: list[dict[int, tuple[tuple[Move, ...], tuple[Move, ...]]]]
    _draw_moves: list[Move]
    _pass_moves: list[Move]
    _house: House  # the active house rules (engine/house/)
    # -- the log and the undo history (HISTORY) --
    events: list[ev.Event]
    _history: list[tuple[Move, Annotation | None, int, tuple[Any, ...] | None]]
    _redo: list[tuple[Move, Annotation | None]]
    _cache: tuple[Move, ...] | None
    _cache_plays: tuple[Move, ...]

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the direction of play
        (players out of the round under V-TO-THE-LAST are passed over)."""
        for _ in range(steps):
            seat = self._after(seat)
        return seat

    def _after(self, seat: int) -> int:
        d = self.direction
        seat = (seat + d) % self.n
        if self._out_count:
            out = self._is_out
            while out[seat]:
                seat = (seat + d) % self.n
        return seat

    def _active(self) -> int:
        return self.n - self._out_count

    def _log(self, event: ev.Event) -> None:
        self.events.append(event)

    def _note(self, rule: str, key: str, **values: Any) -> None:
        """Count a rule taking effect and, when recording, log it: sentence
        ``event.<key>`` of the text table, naming ``values``."""
        self._fired[rule] += 1
        if self.record:
            self._log(ev.note(key, rule, **values))

    def _new_position(self, n: int) -> None:
        """Every field of the position at the start of a game of ``n`` players."""
        _STARTS.set(self, n)

    def _new_round(self) -> None:
        """The fields a deal resets (the deal itself sets the cards)."""
        _RESETS.set(self, self.n)

    def _snapshot(self) -> tuple[Any, ...]:
        return ([h[:] for h in self.hands], tuple(getter(self)[:] for getter in _LIST_GET),
                _VALUE_GET(self), dict(self._fired), len(self.events))

    def _restore(self, snap: tuple[Any, ...]) -> None:
        hands, lists, values, fired, n_events = snap
        self.hands = [h[:] for h in hands]
        for key, value in zip(_LISTS, lists):
            setattr(self, key, value[:])
        for key, value in zip(_VALUES, values):
            setattr(self, key, value)
        self._fired = dict(fired)
        del self.events[n_events:]
        self._cache = None

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the position, as one comparable value."""
        snap = self._snapshot()
        return (tuple(map(tuple, snap[0])), tuple(map(tuple, snap[1])), snap[2],
                tuple(sorted((k, v) for k, v in snap[3].items() if v)), snap[4])

    def named_key(self) -> tuple[tuple[str, Any], ...]:
        """:meth:`state_key` with every field named, in name order: the same
        value whatever order the fields are declared in (a saved game's digest)."""
        hands, lists, values, fired, events = self.state_key()
        return tuple(sorted((("hands", hands), *zip(_LISTS, lists), *zip(_VALUES, values),
                             ("_fired", fired), ("events", events)), key=lambda item: item[0]))

    # -- what every part uses: chance, drawing, the colour, a pending draw --

    def _rng(self) -> random.Random:
        """A fresh RNG for the next chance event (shuffle, cut for deal): seeded
        from the game's seed and the event's number, so the state holds no RNG."""
        self._chance += 1
        rng = _new_random(random.Random)
        _seed_random(rng, mix(self.seed, self._chance))  # = random.Random(seed), faster
        return rng

    def _shuffle(self, cards: list[Card], rng: random.Random | None = None) -> None:
        """Shuffle in place: sort by independent uniform keys from the next chance
        RNG (a uniform permutation; the same on every Python, and faster than
        ``random.shuffle``)."""
        key = (rng or self._rng()).random
        cards.sort(key=lambda _card: key())

    def _draw_cards(self, p: int, count: int, reason: str, rule: str) -> list[Card]:
        """Move up to ``count`` cards from the draw pile to a hand (R-RESHUFFLE
        when the pile runs out; when both piles are empty there is nothing to draw)."""
        pile = self.draw_pile
        hand = self.hands[p]
        mask = self._hmask[p]
        got: list[Card] = []
        for _ in range(count):
            if not pile:
                self._reshuffle()
                pile = self.draw_pile
                if not pile:
                    break
            card = pile.pop()
            hand.append(card)
            got.append(card)
            mask |= card.bit
        self.cards_drawn[p] += len(got)
        self._hmask[p] = mask
        if self.record:
            self.events.append(ev.drew(p, tuple(got), reason, count, rule))
        return got

    def _reshuffle(self) -> None:
        """R-RESHUFFLE: all of the discard pile but its top card becomes the new
        draw pile.  (While a Wild Draw Four can still be challenged, the card
        under it stays too, so a guilty card can be taken back.)"""
        keep = 2 if self._w4 is not None else 1
        if len(self.discard) <= keep:
            return
        pile = self.discard[:-keep]
        self.discard = self.discard[-keep:]
        self._shuffle(pile)
        self.draw_pile = pile
        self._fired["R-RESHUFFLE"] += 1
        if self.record:
            self._log(ev.Reshuffled(len(pile), rule="R-RESHUFFLE"))

    def _set_colour(self, colour: Colour) -> None:
        """Set the colour in force (the top card being in place already)."""
        self.colour = colour
        self._match = MATCH[colour][self.discard[-1].rank]

    def _skip(self, seat: int, rule: str) -> None:
        self.events.append(ev.skipped(seat, rule))

    def _clear_pending(self) -> None:
        self.pending = 0
        self.pending_card = None
        self._w4 = None


# -- tables shared by every game ----------------------------------------------

#: The deck by (V-PLUS10, V-H2O), and how often it holds each card.
DECKS = {(p, h): tuple(build_deck(p, h)) for p in (False, True) for h in (False, True)}
DECK_COUNTS = {key: Counter(deck) for key, deck in DECKS.items()}


def _plays_of(wheel: bool) -> list[dict[Card, tuple[Move, ...]]]:
    """Every seat's plays of every card: black cards once per colour, or once
    without a colour under V-COLOUR-WHEEL."""
    return [{card: ((Move.make(PLAY, seat, card),) if wheel else
                    tuple(Move.make(PLAY, seat, card, c) for c in COLOURS)) if card.is_black
             else (Move.make(PLAY, seat, card),) for card in ALL_CARDS}
            for seat in range(MAX_PLAYERS)]


#: PLAY_TABLES[colour wheel][seat][card]: the moves that play the card.
PLAY_TABLES = {False: _plays_of(False), True: _plays_of(True)}
PLAYS_BY_BIT = {w: [{card.bit: t[card] for card in ALL_CARDS} for t in tables]
                for w, tables in PLAY_TABLES.items()}
DRAW_MOVES = [Move.make(DRAW, seat) for seat in range(MAX_PLAYERS)]
PASS_MOVES = [Move.make(PASS, seat) for seat in range(MAX_PLAYERS)]
#: DRAWN_MOVES[wheel][seat][card]: (plays of a drawn card and pass, the plays alone).
DRAWN_MOVES = {w: [{card: (t[card] + (PASS_MOVES[seat],), t[card]) for card in ALL_CARDS}
                   for seat, t in enumerate(tables)] for w, tables in PLAY_TABLES.items()}
COLOUR_CHOICES = [tuple(Move.make(COLOUR, seat, colour=c) for c in COLOURS)
                  for seat in range(MAX_PLAYERS)]
#: MATCH[colour][top rank]: bit mask of the cards that may be played (R-MATCH).
MATCH: list[dict[str, int]] = [
    {rank: sum(c.bit for c in ALL_CARDS if c.is_black or c.colour == colour or c.rank == rank)
     for rank in {c.rank for c in ALL_CARDS}} for colour in COLOURS]
W4_BIT = Card(None, "W+4").bit
PLUS2_MASK = sum(c.bit for c in ALL_CARDS if c.rank == "+2")
#: COLOUR_MASKS[colour]: the bits of the cards of that colour (none while no colour is in force).
COLOUR_MASKS: dict[Colour | None, int] = {
    None: 0, **{colour: sum(c.bit for c in ALL_CARDS if c.colour == colour) for colour in COLOURS}}
#: Turn moves by (voluntary draw allowed, colour wheel) and seat, keyed by the
#: bits of the playable cards; shared by all games, bounded in size.
TURN_MOVES: dict[tuple[bool, bool], list[dict[int, tuple[tuple[Move, ...], tuple[Move, ...]]]]] = {
    (a, w): [{} for _ in range(MAX_PLAYERS)] for a in (False, True) for w in (False, True)}


def mask_of(cards: list[Card] | tuple[Card, ...]) -> int:
    """The bit mask of the card values in ``cards``."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask
