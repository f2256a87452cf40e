"""The game: a seeded match of Uno rounds under one :class:`~uno_nb.rules.RuleSet`.

The shape follows python-chess: a mutable :class:`Game` with
:meth:`~Game.push` / :meth:`~Game.pop` / :meth:`~Game.redo`, legal moves that
read like English (``move in game.legal_moves()``), an
:class:`~uno_nb.errors.IllegalMoveError` for anything else, and the end of the
game as data (:class:`Outcome`).

Randomness: every shuffle takes a fresh ``random.Random`` seeded from the
game's seed and a counter, so the whole state is plain data, one seed and one
list of moves always give the same game, and nothing global is touched.

>>> g = Game(seed=7)
>>> g.phase, g.current, len(g.hands[0])
(<Phase.TURN: 0>, 1, 7)
>>> g.push("draw")  # the player to act draws a card
>>> g.pop()
Move('1:draw')
"""

from __future__ import annotations

import _random
import random
from collections import Counter
from enum import IntEnum
from functools import reduce
from operator import attrgetter, or_
from typing import Any, Iterable, NamedTuple, Sequence

from . import events as ev
from .cards import (ALL_CARDS, COLOURS, Card, Colour, build_deck, card_order, deck_counts,
                    parse_cards, parse_colour)
from .errors import IllegalMoveError, NotationError, PositionError, RuleError
from .moves import (ADVISE, CATCH, CHALLENGE, COLOUR, DEAL, DRAW, GIVE, MAX_PLAYERS, PASS, PLAY,
                    READY, SLOW, SPEAK, SWAP, UNO, Move, MoveKind, move_order, parse_move)
from .rules import RuleSet
from .scoring import hand_points
from .table import PlayerTraits, draw_traits
from .texts import player_name, sentence

__all__ = ["Game", "Phase", "Outcome", "RoundResult", "HAND_SIZE", "WHEEL"]

HAND_SIZE = 7
#: V-COLOUR-WHEEL, clockwise: red, blue, green, yellow.
WHEEL: tuple[Colour, ...] = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)
#: V-SEVEN-ROUNDS: the cards drawn each time a hand empties; the next time wins.
REFILLS = (6, 5, 4, 3, 2, 1)


class Phase(IntEnum):
    """What the game waits for."""

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


TURN, DRAWN, PENALTY, CHOOSE, ROUND_OVER, GAME_OVER, SWAP7, EXCHANGE, GIVING, WAIT = tuple(Phase)
_TURN_PHASES = frozenset({TURN, DRAWN, PENALTY})


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


_BIT = attrgetter("bit")
_new_random = random.Random.__new__
_seed_random = _random.Random.seed
# Players are numbered from 1 for people ("Player 1" is seat 0); in another
# language texts.player_name gives that language's default.
#: A move's annotation: free text, or data for a sentence of the text table
#: (``{"key": "reaction", "seconds": 0.93}``, see texts.annotation).
Annotation = str | dict

_DEFAULT_NAMES = {n: tuple(player_name(i) for i in range(n)) for n in range(2, MAX_PLAYERS + 1)}
_DECKS = {(p, h): tuple(build_deck(p, h)) for p in (False, True) for h in (False, True)}
_DECK_COUNTS = {key: Counter(deck) for key, deck in _DECKS.items()}
_DECK = _DECKS[False, False]


def _tables(wheel: bool) -> list[dict[Card, tuple[Move, ...]]]:
    """Every seat's plays of every card: black cards once per colour, or once
    without a colour under V-COLOUR-WHEEL."""
    return [{card: ((Move.make(PLAY, seat, card),) if wheel else
                    tuple(Move.make(PLAY, seat, card, c) for c in COLOURS)) if card.is_black
             else (Move.make(PLAY, seat, card),) for card in ALL_CARDS}
            for seat in range(MAX_PLAYERS)]


_PLAY_TABLES = {False: _tables(False), True: _tables(True)}
_PLAYS_BY_BIT = {w: [{card.bit: t[card] for card in ALL_CARDS} for t in tables]
                 for w, tables in _PLAY_TABLES.items()}
_DRAW_MOVES = [Move.make(DRAW, seat) for seat in range(MAX_PLAYERS)]
_PASS_MOVES = [Move.make(PASS, seat) for seat in range(MAX_PLAYERS)]
_DRAWN_MOVES = {w: [{card: (t[card] + (_PASS_MOVES[seat],), t[card]) for card in ALL_CARDS}
                    for seat, t in enumerate(tables)] for w, tables in _PLAY_TABLES.items()}
_COLOUR_CHOICES = [tuple(Move.make(COLOUR, seat, colour=c) for c in COLOURS)
                   for seat in range(MAX_PLAYERS)]

# _MATCH[colour][top rank]: bit mask of the cards that may be played (R-MATCH).
_MATCH: list[dict[str, int]] = [
    {rank: sum(c.bit for c in ALL_CARDS if c.is_black or c.colour == colour or c.rank == rank)
     for rank in {c.rank for c in ALL_CARDS}} for colour in COLOURS]
_W4_BIT = Card(None, "W+4").bit
_PLUS2_MASK = sum(c.bit for c in ALL_CARDS if c.rank == "+2")
_COLOUR_MASKS = [sum(c.bit for c in ALL_CARDS if c.colour == colour) for colour in COLOURS]

# Turn moves by (voluntary draw allowed, colour wheel) and seat, keyed by the
# bits of the playable cards; shared by all games, bounded in size.
_TURN_MOVES: dict[tuple[bool, bool], list[dict[int, tuple[tuple[Move, ...], tuple[Move, ...]]]]] = {
    (a, w): [{} for _ in range(MAX_PLAYERS)] for a in (False, True) for w in (False, True)}

# Every rule id the engine counts when it takes effect (a plain dict is fastest).
_NOTHING_FIRED = dict.fromkeys([
    "R-CHALLENGE", "R-CHALLENGE-GUILTY", "R-CHALLENGE-GUILTY-STD", "R-CHALLENGE-INNOCENT",
    "R-DRAW", "R-DRAW2", "R-OUT", "R-RESHUFFLE", "R-REVERSE", "R-SKIP", "R-SKIP-ANSWER",
    "R-START-EFFECT", "R-UNO", "R-W4", "R-W4-BLUFF", "R-WILD", "T-UNO-CATCH",
    "V-DEFLECT-2", "V-JUMP-IN", "V-START-NUMBER", "V-UNO-PENALTY-4", "V-W4-SAVE-2",
    "V-PLAY-DRAWN-MUST", "V-DRAW-UNTIL-PLAYABLE", "V-W4-ANYTIME", "V-MISPLAY-PENALTY",
    "V-TWO-PLAYER-SKIP", "V-STACK", "V-STACK-MIXED", "V-REVERSE-BOUNCE", "V-PLUS10",
    "V-DOUBLES", "V-SEVEN-ZERO", "V-SWAP-FIVE", "V-COLOUR-WHEEL", "V-SCORE-PENALTY",
    "V-LAZY", "V-DROP-ZERO", "V-TO-THE-LAST", "V-SEVEN-ROUNDS", "V-H2O",
    "T-UNO-CENTER", "T-SILENT-TWOS", "T-ADVICE", "T-READY"], 0)

#: Every rule id the engine counts (``Game.fired``), in a fixed order.
COUNTED_RULES: tuple[str, ...] = tuple(_NOTHING_FIRED)

# The state a snapshot copies: lists (copied) and plain values.
_LIST_STATE = ("_hmask", "draw_pile", "discard", "scores", "cards_drawn", "round_results",
               "_won_round", "_out", "_finish", "_refills", "_last_played")
_SCALAR_STATE = ("_deck", "colour", "_match", "current", "direction", "phase", "pending",
                 "pending_card", "_w4", "drawn_card", "top_by", "uno_open", "dealer",
                 "round_no", "turns", "_chance", "outcome", "_outs", "_skip_bounce",
                 "_exchange", "_resume", "_silence", "_slap")

# Why a move cannot be made: what the game waits for, by phase, and what a kind
# of move needs, by kind.
_PHASE_WAITS = {
    SWAP7: "{who} first chooses whom to swap hands with ('swap N')",
    EXCHANGE: "{who} first chooses whom to exchange a card with ('swap N' or 'pass')",
    GIVING: "{who} first chooses a card of their own to give ('give C')",
    WAIT: "play waits for {who} to say \"Ready\" ('ready')",
    ROUND_OVER: "the round is over; {who} deals the next one ('deal')",
    CHOOSE: "{who} first chooses the colour of the Wild start card ('colour R')",
}
_KIND_HINTS = {
    DRAW: "V-FORCE-PLAY: {who} holds a playable card and must play",
    PASS: "pass only after drawing a playable card",
    CHALLENGE: "there is no Wild Draw Four to challenge",
    COLOUR: "the colour is chosen with the black card, e.g. W>R",
    DEAL: "the round is still being played",
}

_LIST_GET = tuple(attrgetter(k) for k in _LIST_STATE)
_SCALAR_GET = attrgetter(*_SCALAR_STATE)

_M64 = (1 << 64) - 1


def _mix(seed: int, k: int) -> int:
    """A well-spread 64-bit RNG seed for chance event ``k`` of game ``seed``
    (SplitMix64 finalizer).  Consecutive game seeds seeded directly gave
    measurably correlated Mersenne Twister streams; mixed seeds do not."""
    x = (seed * 0x9E3779B97F4A7C15 + k * 0xD1B54A32D192ED03 + (seed >> 64)) & _M64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


def _mask_of(cards: Iterable[Card]) -> int:
    return reduce(or_, map(_BIT, cards), 0)


def _turn_moves_for(tables: list[dict[int, tuple[Move, ...]]], known: dict[int, Any], seat: int,
                    bits: int, anytime: bool) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    table = tables[seat]
    out: list[Move] = []
    while bits:
        low = bits & -bits
        out += table[low]
        bits ^= low
    if len(known) > 100_000:  # bound the memory
        known.clear()
    plays = tuple(out)
    if anytime or not out:
        out.append(_DRAW_MOVES[seat])
    return tuple(out), plays




class Game:
    """A match of Uno rounds.

    ``Game(rules, players, seed)`` chooses the dealer (R-DEALER), deals
    (R-DEAL) and turns the start card (R-START); :meth:`from_position` sets up
    any position instead.  ``max_rounds`` ends the game after that many
    rounds (``1`` plays a single round) even before the target score.

    With ``record=False`` the game keeps no event log and no undo history:
    that is the fast mode simulations use.  Everything else is identical.
    """

    # Slots: a Game has many attributes, and slot access is the fastest.
    __slots__ = (
        '_cache',
        'record',
        'phase',
        'uno_open',
        'hands',
        '_hmask',
        'discard',
        'turns',
        'top_by',
        'current',
        'colour',
        '_match',
        'direction',
        'n',
        '_slow',
        '_known',
        '_bluff',
        '_cache_plays',
        'draw_pile',
        'cards_drawn',
        'drawn_card',
        '_fired',
        '_answers',
        '_anytime',
        '_bounce',
        '_chance',
        '_deck',
        '_deck_counts',
        '_deflect',
        '_doubles',
        '_draw_moves',
        '_drawn_moves',
        '_exchange',
        '_finish',
        '_full_deck',
        '_h2o',
        '_history',
        '_initial',
        '_jump',
        '_last_played',
        '_must_play',
        '_out',
        '_outs',
        '_pass_moves',
        '_plays',
        '_plays_by_bit',
        '_position',
        '_ready',
        '_redo',
        '_refills',
        '_resume',
        '_save2',
        '_silence',
        '_skip_bounce',
        '_slap',
        '_stack',
        '_talk',
        '_traits',
        '_until',
        '_w4',
        '_wheel',
        '_won_round',
        'dealer',
        'events',
        'max_rounds',
        'names',
        'given_names',
        'outcome',
        'pending',
        'pending_card',
        'round_no',
        'round_results',
        'rules',
        'scores',
        'seed',
    )

    def __init__(self, rules: RuleSet | str | None = None, players: int = 4, seed: int = 0, *,
                 names: Sequence[str] | None = None, max_rounds: int | None = None,
                 record: bool = True) -> None:
        self._init_common(rules, players, seed, names, max_rounds, record)
        rng = self._rng()
        self._choose_dealer(rng)
        self._deal_round(self.dealer, rng)
        self._finish_init()

    # ------------------------------------------------------------------ setup

    def _init_common(self, rules: RuleSet | str | None, players: int, seed: int,
                     names: Sequence[str] | None, max_rounds: int | None, record: bool) -> None:
        if rules is None:
            rules = RuleSet()
        elif isinstance(rules, str):
            rules = RuleSet.preset(rules)
        elif not isinstance(rules, RuleSet):
            raise RuleError(f"rules must be a RuleSet or a preset name, got {rules!r}")
        if type(players) is not int or not 2 <= players <= MAX_PLAYERS:
            raise RuleError(f"R-PLAYERS: Uno is for 2 to {MAX_PLAYERS} players, got {players!r}")
        if type(seed) is not int or seed < 0:
            raise RuleError(f"the seed must be a whole number >= 0, got {seed!r}")
        if max_rounds is not None and (type(max_rounds) is not int or max_rounds < 1):
            raise RuleError(f"max_rounds must be a whole number >= 1 or None, got {max_rounds!r}")
        given: tuple[str, ...] | None = None
        if names is None:
            names = _DEFAULT_NAMES[players]
        else:
            given = names = tuple(str(name) for name in names)
            if len(names) != players or len(set(names)) != players or not all(names):
                raise RuleError(f"give {players} different, non-empty player names, got {names!r}")
        self.given_names = given
        self.rules = rules
        self.n = players
        self.seed = seed
        self.names = names
        self.max_rounds = max_rounds
        self.record = record
        self._traits: tuple[PlayerTraits, ...] | None = None
        self._position: dict[str, Any] | None = None
        self._initial: tuple[Any, ...] | None = None
        deck_key = (rules.plus10, rules.h2o)
        self._full_deck = _DECKS[deck_key]
        self._deck = self._full_deck
        self._deck_counts = _DECK_COUNTS[deck_key]
        # Rule flags copied into attributes: the hot path reads these.
        self._deflect = rules.deflect_2
        self._save2 = rules.w4_save_2
        self._jump = rules.jump_in
        self._doubles = rules.doubles
        self._bluff = rules.w4_bluff or rules.w4_anytime
        self._anytime = rules.draw_anytime
        self._stack = rules.stack
        self._bounce = rules.reverse_bounce
        self._wheel = rules.colour_wheel
        self._answers = (rules.deflect_2 or rules.w4_save_2 or rules.stack or rules.jump_in
                         or rules.reverse_bounce or rules.doubles)
        # Number cards with an effect of their own (7-0, swap-5, silent 2s), a
        # seat order that may change (players out) or a Skip that may be sent
        # back leave the fast path.
        self._slow = (rules.seven_zero or rules.swap_five or rules.silent_twos
                      or rules.to_the_last or rules.seven_rounds or rules.silent_black
                      or rules.reverse_bounce or rules.advice or rules.uno_center)
        self._talk = (rules.silent_twos or rules.advice or rules.uno_center)
        self._until = rules.draw_until_playable
        self._ready = rules.ready
        self._h2o = rules.h2o
        self._must_play = rules.play_drawn or rules.draw_until_playable
        wheel = rules.colour_wheel
        self._plays = _PLAY_TABLES[wheel]
        self._plays_by_bit = _PLAYS_BY_BIT[wheel]
        self._drawn_moves = _DRAWN_MOVES[wheel]
        self._known = _TURN_MOVES[self._anytime, wheel]
        self._draw_moves = _DRAW_MOVES
        self._pass_moves = _PASS_MOVES
        # State.
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self._hmask = [0] * players  # bit mask of the card values in each hand
        self.draw_pile: list[Card] = []
        self.discard: list[Card] = []
        self.colour: Colour = Colour.RED
        self._match = 0  # bit mask of the cards that may be played now (R-MATCH)
        self.current = 0
        self.direction = 1
        self.phase = TURN
        self.pending = 0
        self.pending_card: Card | None = None
        self._w4: tuple[int, Colour, bool] | None = None  # (accused, previous colour, guilty)
        self.drawn_card: Card | None = None
        self.top_by = -1          # seat that played the top card; -1: not open to jump-ins
        self.uno_open = -1        # seat that has one card and has not called UNO yet
        self.dealer = 0
        self.round_no = 0
        self.scores = [0] * players
        self.cards_drawn = [0] * players
        self.round_results: list[RoundResult] = []
        self._won_round = [0] * players
        self._out = [False] * players   # V-TO-THE-LAST: out of this round
        self._outs = 0
        self._finish: list[int] = []    # V-TO-THE-LAST: the order players went out
        self._refills = [0] * players   # V-SEVEN-ROUNDS: refills taken so far
        self._last_played = [None] * players  # the last card each player played
        self._skip_bounce = -1          # V-REVERSE-BOUNCE: the seat just skipped
        self._exchange: tuple[int, int, Card | None] | None = None  # V-SWAP-FIVE
        self._resume = -1               # T-READY: who plays after "Ready"
        self._silence: tuple[str, int] | None = None  # T-SILENT-TWOS: ("2", owner) / ("black", colour)
        self._slap = -1                 # T-UNO-CENTER: the caller being slapped
        self.turns = 0
        self._chance = 0
        self.outcome: Outcome | None = None
        self._fired = dict(_NOTHING_FIRED)
        self.events: list[ev.Event] = []
        self._history: list[tuple[Move, str | None, tuple[Any, ...]]] = []
        self._redo: list[tuple[Move, str | None]] = []
        self._cache: tuple[Move, ...] | None = None  # turn_moves() until the next move
        self._cache_plays: tuple[Move, ...] = ()

    def _finish_init(self) -> None:
        self._initial = self._snapshot() if self.record else None

    @property
    def fired(self) -> Counter[str]:
        """How often each rule took effect so far, by rule id."""
        return Counter({rule: n for rule, n in self._fired.items() if n})

    @property
    def traits(self) -> tuple[PlayerTraits, ...]:
        """Each seat's table manners (T-UNO-CATCH and the table-talk rules),
        drawn from the game's seed."""
        if self._traits is None:
            self._traits = draw_traits(self.seed, self.n)
        return self._traits

    @classmethod
    def from_position(cls, rules: RuleSet | str | None = None, *,
                      hands: Sequence[Iterable[Card | str] | str],
                      discard: Iterable[Card | str] | str,
                      draw_pile: Iterable[Card | str] | str = (),
                      current: int = 0, direction: int = 1,
                      colour: Colour | str | None = None, dealer: int | None = None,
                      scores: Sequence[int] | None = None, top_by: int | None = None,
                      seed: int = 0, names: Sequence[str] | None = None,
                      max_rounds: int | None = None, record: bool = True) -> "Game":
        """Set up a position by hand, for lessons and tests.

        ``discard`` lists the discard pile bottom to top; ``draw_pile`` lists
        the draw pile top first (the next card drawn is ``draw_pile[0]``).
        ``colour`` is needed when the top card is black.  ``top_by`` is the seat
        that played the top card (it opens the card to jump-ins); by default
        it is treated like a start card.  The cards need not be a whole deck,
        but no card may appear more often than the deck holds it; the game is
        played with the cards given (a later round is dealt from the whole deck).

        >>> g = Game.from_position(hands=["R7 G2", "B5"], discard="R5", draw_pile="Y1 Y2")
        >>> [m.action for m in g.legal_moves()]
        ['R7', 'draw']
        """
        self = cls.__new__(cls)
        try:
            hand_lists = [parse_cards(hand) for hand in hands]
        except TypeError:
            raise PositionError(f"hands must be a list of card lists, got {hands!r}") from None
        players = len(hand_lists)
        self._init_common(rules, players, seed, names, max_rounds, record)
        pile = parse_cards(discard)
        drawp = parse_cards(draw_pile)
        if not pile:
            raise PositionError("the discard pile needs at least its top card")
        used = Counter(pile) + Counter(drawp)
        for hand in hand_lists:
            used.update(hand)
        extra = {card.text: used[card] - self._deck_counts[card]
                 for card in used if used[card] > self._deck_counts[card]}
        if extra:
            detail = ", ".join(f"{text} ({n} too many)" for text, n in sorted(extra.items()))
            raise PositionError(f"more copies than the deck holds: {detail}")
        if type(current) is not int or not 0 <= current < players:
            raise PositionError(f"current must be a seat 0 to {players - 1}, got {current!r}")
        if direction not in (1, -1):
            raise PositionError(f"direction must be 1 (clockwise) or -1, got {direction!r}")
        top = pile[-1]
        if colour is None:
            if top.colour is None:
                raise PositionError(f"the top card {top} is black: say which colour is in force")
            colour = top.colour
        else:
            colour = parse_colour(colour) if isinstance(colour, str) else Colour(colour)
            if top.colour is not None and colour != top.colour:
                raise PositionError(f"the top card {top} is {top.colour.word}, not {colour.word}")
        if dealer is None:
            dealer = (current - 1) % players
        if type(dealer) is not int or not 0 <= dealer < players:
            raise PositionError(f"dealer must be a seat 0 to {players - 1}, got {dealer!r}")
        if top_by is not None and (type(top_by) is not int or not 0 <= top_by < players):
            raise PositionError(f"top_by must be a seat 0 to {players - 1}, got {top_by!r}")
        if scores is not None:
            if len(scores) != players or any(type(s) is not int or s < 0 for s in scores):
                raise PositionError(f"scores must be {players} whole numbers >= 0, got {scores!r}")
            self.scores = list(scores)
        self._deck = tuple(sorted(used.elements(), key=card_order))
        self.hands = hand_lists
        self._hmask = [_mask_of(h) for h in hand_lists]
        self.discard = pile
        self.draw_pile = list(reversed(drawp))
        self.current = current
        self.direction = direction
        self.colour = colour
        self._match = _MATCH[colour][pile[-1].rank]
        self.dealer = dealer
        self.round_no = 1
        self.top_by = -1 if top_by is None else top_by
        self._position = {
            "hands": [[c.text for c in h] for h in hand_lists],
            "discard": [c.text for c in pile], "draw_pile": [c.text for c in drawp],
            "current": current, "direction": direction, "colour": colour.letter,
            "dealer": dealer, "scores": list(self.scores), "top_by": top_by}
        self._finish_init()
        return self

    # ------------------------------------------------------------ randomness

    def _rng(self) -> random.Random:
        """A fresh RNG for the next chance event (shuffle, cut for deal): seeded
        from the game's seed and the event's number, so the state holds no RNG."""
        self._chance += 1
        rng = _new_random(random.Random)
        _seed_random(rng, _mix(self.seed, self._chance))  # = random.Random(seed), faster
        return rng

    def _shuffle(self, cards: list[Card], rng: random.Random | None = None) -> None:
        """Shuffle in place: sort by independent uniform keys from the next chance
        RNG (a uniform permutation; the same on every Python, and faster than
        ``random.shuffle``)."""
        key = (rng or self._rng()).random
        cards.sort(key=lambda _card: key())

    def _choose_dealer(self, rng: random.Random) -> None:
        """R-DEALER: everyone draws a card, the highest number deals (action and
        black cards count 0); tied players draw again from the same pile."""
        pile = list(self._deck)
        r = rng.random
        draws: list[tuple[int, Card]] = []
        contenders = list(range(self.n))
        while True:
            values = {}
            for seat in contenders:
                card = pile.pop(int(r() * len(pile)))
                draws.append((seat, card))
                values[seat] = card.number or 0
            best = max(values.values())
            contenders = [seat for seat in contenders if values[seat] == best]
            if len(contenders) == 1:
                break
        self.dealer = contenders[0]
        if self.record:
            self._log(ev.DealerChosen(tuple(draws), self.dealer, rule="R-DEALER"))

    def _deal_round(self, dealer: int, rng: random.Random | None = None,
                    first: int | None = None) -> None:
        """R-DEAL and R-START for a new round dealt by ``dealer`` (shuffling with
        ``rng``, else with the next chance RNG); ``first`` plays first (V-LAZY),
        by default the player left of the dealer."""
        n = self.n
        self.round_no += 1
        self.dealer = dealer
        self._deck = self._full_deck  # a round after a set-up position uses the whole deck
        deck = list(self._deck)
        self._shuffle(deck, rng)
        # One card at a time, starting left of the dealer, from the top (end).
        dealt = deck[:-HAND_SIZE * n - 1:-1]
        del deck[-HAND_SIZE * n:]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(n):
            hands[(dealer + 1 + i) % n] = dealt[i::n]
        self.hands = hands
        self._hmask = [_mask_of(h) for h in hands]
        self.draw_pile = deck
        self.discard = []
        self.direction = 1
        self.pending = 0
        self.pending_card = None
        self._w4 = None
        self.drawn_card = None
        self.top_by = -1
        self.uno_open = -1
        self._out = [False] * n
        self._outs = 0
        self._finish = []
        self._skip_bounce = -1
        self._exchange = None
        self._silence = None
        self._slap = -1
        self.phase = TURN
        if first is None:
            first = (dealer + 1) % n
        self.current = first
        if self.record:
            self._log(ev.Dealt(self.round_no, dealer, tuple(tuple(h) for h in hands), rule="R-DEAL"))
        by_number = self.rules.start_card == "number"
        while True:
            top = self.draw_pile.pop()
            if not ((top.is_black and top.draw) or (by_number and not top.is_number)):
                break
            # V-START-NUMBER / R-START-EFFECT (+4 case): back in, reshuffle, turn again.
            self.draw_pile.append(top)
            self._shuffle(self.draw_pile)
            rule = "V-START-NUMBER" if by_number else "R-START-EFFECT"
            self._fired[rule] += 1
            if self.record:
                self._log(ev.StartCardReturned(top, rule=rule))
        self.discard.append(top)
        self._set_colour(top.colour if top.colour is not None else Colour.RED)
        if self.record:
            self._log(ev.StartCard(top, first, rule="R-START"))
        if top.is_number:
            return
        self._fired["R-START-EFFECT"] += 1
        rank = top.rank
        if rank == "W":
            self.phase = CHOOSE
            if self.record:
                self._log(ev.note("start_wild", "R-START-EFFECT", player=first))
        elif rank == "S":
            if self.record:
                self._skip(first, "R-START-EFFECT")
            self.current = (first + 1) % n
        elif rank == "R":
            self.direction = -1
            self.current = (first - 1) % n
            if self.record:
                self._log(ev.Reversed(first, -1, self.current, rule="R-START-EFFECT"))
        else:  # a coloured draw card: +2 (or +1 in the H2O deck)
            self._draw_cards(first, top.draw, "start", "R-START-EFFECT")
            if self.record:
                self._skip(first, "R-START-EFFECT")
            self.current = (first + 1) % n

    # ------------------------------------------------------------- queries

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def actor(self) -> int:
        """The seat whose turn move the game waits for (the dealer, between rounds)."""
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase is GAME_OVER

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move pushed so far (what a saved game stores)."""
        return tuple(entry[0] for entry in self._history)

    @property
    def notes(self) -> tuple[Annotation | None, ...]:
        return tuple(entry[1] for entry in self._history)

    @property
    def out(self) -> tuple[bool, ...]:
        """V-TO-THE-LAST: which players are out of the current round."""
        return tuple(self._out)

    @property
    def silence(self) -> tuple[str, int] | None:
        """T-SILENT-TWOS: ``("2", owner)`` or ``("black", colour)`` while silence
        holds, else ``None``."""
        return self._silence

    @property
    def slapper(self) -> int | None:
        """T-UNO-CENTER: the seat that called "UNO!" while the others race to
        slap the table (the slowest hand draws), else ``None``."""
        return self._slap if self._slap >= 0 else None

    @property
    def in_turn(self) -> bool:
        """Whether a turn is under way: the current player plays, draws, or
        answers a pending draw (not a choice, a wait or the end of a round)."""
        return self.phase in _TURN_PHASES

    def refills_left(self, seat: int) -> int:
        """V-SEVEN-ROUNDS: how many more times ``seat`` refills before the
        next empty hand wins."""
        return len(REFILLS) - self._refills[seat]

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the direction of play
        (players out of the round under V-TO-THE-LAST are passed over)."""
        for _ in range(steps):
            seat = self._after(seat)
        return seat

    def _after(self, seat: int) -> int:
        d = self.direction
        seat = (seat + d) % self.n
        if self._outs:
            out = self._out
            while out[seat]:
                seat = (seat + d) % self.n
        return seat

    def _active(self) -> int:
        return self.n - self._outs

    def name(self, seat: int) -> str:
        return self.names[seat]

    def card_count(self) -> int:
        """All cards in hands and piles: the deck size, always."""
        return len(self.draw_pile) + len(self.discard) + sum(map(len, self.hands))

    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it is (equal to the deck, always)."""
        every = Counter(self.draw_pile)
        every.update(self.discard)
        for hand in self.hands:
            every.update(hand)
        return every

    def deck(self) -> list[Card]:
        """The cards this game is played with."""
        return list(self._deck)

    def _playable(self, card: Card, seat: int) -> bool:
        """R-MATCH and R-W4-LEGAL for a card in ``seat``'s hand on their own turn."""
        if card.is_black:
            return (self._bluff or card.rank != "W+4"
                    or not self._hmask[seat] & _COLOUR_MASKS[self.colour])
        return card.colour == self.colour or card.rank == self.discard[-1].rank

    def turn_moves(self) -> tuple[Move, ...]:
        """The moves of the player the game waits for (:attr:`actor`): card
        plays first, in card order (R, Y, G, B; numbers, actions, black), then
        the other moves (draw, pass, challenge, …).  The tuple is shared
        between games, so it can never change."""
        cached = self._cache
        if cached is None:
            self.turn_plays()
            cached = self._cache
        return cached  # type: ignore[return-value]

    def turn_plays(self) -> tuple[Move, ...]:
        """The card plays among :meth:`turn_moves`: the cards that can be put
        down now, each black card once per colour; empty if none."""
        if self._cache is not None:
            return self._cache_plays
        seat = self.current
        if self.phase is TURN:
            # R-MATCH as bit masks over card values; R-W4-LEGAL removes the +4.
            hmask = self._hmask[seat]
            bits = hmask & self._match
            if not self._bluff and hmask & _COLOUR_MASKS[self.colour]:
                bits &= ~_W4_BIT
            # The same playable cards always give the same moves: look them up.
            known = self._known[seat]
            entry = known.get(bits)
            if entry is None:
                entry = known[bits] = _turn_moves_for(self._plays_by_bit, known, seat, bits,
                                                      self._anytime)
            self._cache, plays = entry
        else:
            self._cache, plays = self._other_moves(seat)
        self._cache_plays = plays
        return plays

    def _other_moves(self, seat: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
        """(moves, card plays) outside the ordinary turn."""
        phase = self.phase
        if phase is PENALTY:
            return self._penalty_moves(seat)
        if phase is DRAWN:
            card = self.drawn_card
            if card is not None and self._playable(card, seat):
                moves, plays = self._drawn_moves[seat][card]
                if self._must_play:
                    return plays, plays  # V-PLAY-DRAWN-MUST: no keeping it
                return moves, plays
            return (self._pass_moves[seat],), ()
        if phase is CHOOSE:
            return _COLOUR_CHOICES[seat], ()
        if phase is ROUND_OVER:
            return (Move.make(DEAL, seat),), ()
        if phase is SWAP7:
            return tuple(Move.make(SWAP, seat, target=t) for t in self._partners(seat)), ()
        if phase is EXCHANGE:
            partners = tuple(Move.make(SWAP, seat, target=t) for t in self._partners(seat))
            return partners + (self._pass_moves[seat],), ()
        if phase is GIVING:
            cards = sorted(set(self.hands[seat]), key=card_order)
            return tuple(Move.make(GIVE, seat, card=c) for c in cards), ()
        if phase is WAIT:
            return (Move.make(READY, seat),), ()
        return (), ()

    def _partners(self, seat: int) -> list[int]:
        """Who a 7 or a 5 may swap with: every other player still holding cards."""
        return [s for s in range(self.n) if s != seat and not self._out[s] and self.hands[s]]

    def _penalty_moves(self, seat: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
        """Answers to a pending draw card (V-STACK, V-DEFLECT-2, V-W4-SAVE-2,
        V-REVERSE-BOUNCE, a jump-in with the identical card), then taking the
        cards, then a challenge."""
        card = self.pending_card
        hand = self.hands[seat]
        table = self._plays[seat]
        answers: list[Move] = []
        if card is not None and self._answers:
            rules = self.rules
            for c in hand:
                if self._answers_with(card, c, rules, seat):
                    for move in table[c]:
                        if move not in answers:
                            answers.append(move)
        if self._jump and self.top_by >= 0 and self.top_by != seat:
            top = self.discard[-1]
            if top in hand and not (top.is_black and top.draw):
                for move in table[top]:
                    if move not in answers:
                        answers.append(move)
        answers.sort(key=move_order)
        rest = [self._draw_moves[seat]]
        if card is not None and card.rank == "W+4" and self._w4 is not None:
            rest.append(Move.make(CHALLENGE, seat))
        return tuple(answers + rest), tuple(answers)

    def _answers_with(self, pending: Card, card: Card, rules: RuleSet, seat: int) -> bool:
        """May ``card`` answer the pending draw card ``pending``?"""
        if card.rank == "W+4" and not self._bluff and \
                self._hmask[seat] & _COLOUR_MASKS[self.colour]:
            return False  # R-W4-LEGAL holds for a stacked +4 too
        if not card.draw:
            # V-REVERSE-BOUNCE: a Reverse of the colour in force sends it back.
            return self._bounce and card.rank == "R" and card.colour == self.colour
        if self._stack:
            if card.rank == pending.rank:
                return True  # +2 on +2 (any colour), +4 on +4, …
            # V-STACK-MIXED: +4 on +2; a coloured draw card on a black one in its colour
            if rules.stack_mixed and (card.is_black or pending.colour is not None
                                      or card.colour == self.colour):
                return True
        if card.rank == "+2":
            if pending.rank == "+2" and self._deflect:
                return True  # V-DEFLECT-2
            if pending.rank == "W+4" and self._save2 and card.colour == self.colour:
                return True  # V-W4-SAVE-2
        return False

    def jump_in_moves(self, seat: int | None = None) -> list[Move]:
        """V-JUMP-IN: out-of-turn plays of a card identical to the top discard
        (by ``seat``, or by anyone); with V-DOUBLES its own player may play the
        second copy.  Also V-REVERSE-BOUNCE: the player just skipped may send
        the Skip back with a Reverse of its colour."""
        out: list[Move] = []
        phase = self.phase
        if phase > PENALTY or self.top_by < 0:
            return out
        top = self.discard[-1]
        seats = range(self.n) if seat is None else (seat,)
        if (self._jump or self._doubles) and not (top.is_black and top.draw):
            for s in seats:
                if s == self.current:  # their own turn: a normal play (or an answer)
                    continue
                if s == self.top_by:
                    if not self._doubles:
                        continue
                elif not self._jump:
                    continue
                if top in self.hands[s]:
                    out.extend(self._plays[s][top])
        b = self._skip_bounce
        if b >= 0 and (seat is None or seat == b) and top.rank in ("S", "R"):
            for card in self.hands[b]:
                if card.rank == "R" and card.colour == self.colour:
                    move = self._plays[b][card][0]
                    if move not in out:
                        out.append(move)
        return out

    def uno_moves(self, seat: int | None = None) -> list[Move]:
        """R-UNO: calling "UNO!" (the player with one card) or catching them."""
        p = self.uno_open
        if p < 0:
            return []
        seats = range(self.n) if seat is None else (seat,)
        return [Move.make(UNO, s) if s == p else Move.make(CATCH, s, target=p) for s in seats]

    def table_moves(self, seat: int | None = None) -> list[Move]:
        """Table talk (docs/rules.md §10): speaking in a silence (T-SILENT-TWOS),
        advising the player to move (T-ADVICE), being slowest to slap an
        UNO! call (T-UNO-CENTER)."""
        if not self._talk or self.phase is ROUND_OVER or self.phase is GAME_OVER:
            return []
        seats = range(self.n) if seat is None else (seat,)
        out: list[Move] = []
        for s in seats:
            if self._out[s]:
                continue  # V-TO-THE-LAST: out of the round, out of the talk
            if self._silence is not None:
                out.append(Move.make(SPEAK, s))
            if self.rules.advice and s != self.current:
                out.append(Move.make(ADVISE, s))
            if self._slap >= 0 and s != self._slap:
                out.append(Move.make(SLOW, s))
        return out

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move now, of every player (or of ``seat``): the turn
        moves of :attr:`actor`, then jump-ins, UNO calls and catches, table talk."""
        if self.phase is GAME_OVER:
            return []
        out = []
        if seat is None or seat == self.current:
            out.extend(self.turn_moves())
        out.extend(self.jump_in_moves(seat))
        out.extend(self.uno_moves(seat))
        out.extend(self.table_moves(seat))
        return out

    def is_legal(self, move: Move) -> bool:
        if move.player == self.current and move in self.turn_moves():
            return True
        p = move.player
        if not 0 <= p < self.n:
            return False
        return (move in self.jump_in_moves(p) or move in self.uno_moves(p)
                or move in self.table_moves(p))

    def parse_move(self, text: str | Move) -> Move:
        """Read a move; without ``seat:``, it is the move of :attr:`actor`."""
        if isinstance(text, Move):
            return text
        return parse_move(text, self.current)

    # -------------------------------------------------------- push / pop

    def push(self, move: Move | str, note: Annotation | None = None) -> None:
        """Make a move (a :class:`Move` or its text).  An illegal move raises
        :class:`IllegalMoveError` saying why, and changes nothing (under
        V-MISPLAY-PENALTY a wrong card or a false call costs 2 cards instead)."""
        # A move taken from the current turn_moves() is legal as it stands and
        # is the turn player's own; anything else (jump-ins, UNO calls, text)
        # is checked in full.
        cache = self._cache
        if cache is not None and move in cache:
            jump = False
        else:
            move = self._parsed(move)
            if not self.is_legal(move):
                if self.rules.misplay_penalty and self._is_misplay(move):
                    self._record(move, note)
                    self._cache = None
                    self._misplay(move)
                    return
                raise IllegalMoveError(self._why_illegal(move))
            jump = move.player != self.current
        if self.record:
            self._record(move, note)  # type: ignore[arg-type]
        self._cache = None
        kind = move.kind  # type: ignore[union-attr]
        if kind is not PLAY:
            if kind is DRAW and self.phase is TURN and self.uno_open < 0 and not self._slow:
                self.turns += 1
                self._turn_draw(move.player)  # type: ignore[union-attr]
            else:
                self._apply(move, note)  # type: ignore[arg-type]
            return
        # Playing a card, the hot path of every simulation: a number card
        # played on one's own turn touches as little as possible.
        if self.uno_open >= 0:
            self.uno_open = -1  # R-UNO: the next player has started their turn
        p = move.player  # type: ignore[union-attr]
        card: Card = move.card  # type: ignore[union-attr,assignment]
        phase = self.phase
        hand = self.hands[p]
        if jump and card is not self.discard[-1]:
            jump = False  # not a jump-in: a Reverse sending a Skip back (V-REVERSE-BOUNCE)
        hand.remove(card)
        if card not in hand:
            self._hmask[p] ^= card.bit
        self.discard.append(card)
        if phase is DRAWN:
            self.drawn_card = None
        else:
            self.turns += 1
        if jump:
            jump_rule = "V-DOUBLES" if p == self.top_by else "V-JUMP-IN"
            self._fired[jump_rule] += 1
            if card.rank == "S":
                jump_rule = "R-SKIP-ANSWER"
                self._fired[jump_rule] += 1
        self.top_by = p
        if self.record:
            self._log_play(p, card, move.colour, jump_rule if jump else "", note)  # type: ignore[union-attr]
        if card.is_number and not self._slow:
            self.colour = card.colour  # type: ignore[assignment]
            self._match = card.match
            self.current = (p + self.direction) % self.n
            if phase is not TURN:
                if phase is PENALTY:
                    self._clear_pending()
                self.phase = TURN
            if len(hand) < 2:
                self._one_or_none_left(p, hand)
            return
        if self._h2o:
            self._last_played[p] = card
        if self._action(p, card, move.colour, phase):  # type: ignore[union-attr]
            if len(hand) < 2:
                self._one_or_none_left(p, hand)
            elif self.phase is PENALTY:
                self._take_forced_penalty()
        if self._talk:
            self._talk_after_play(card)

    def _parsed(self, move: Move | str) -> Move:
        if not isinstance(move, Move):
            try:
                return self.parse_move(move)
            except NotationError as exc:
                raise IllegalMoveError(str(exc)) from None
        return move

    def _checked(self, move: Move | str) -> Move:
        move = self._parsed(move)
        if not self.is_legal(move):
            raise IllegalMoveError(self._why_illegal(move))
        return move

    def _record(self, move: Move, note: Annotation | None) -> None:
        if self.record:
            self._history.append((move, note, self._snapshot()))
            self._redo.clear()

    def push_many(self, moves: Iterable[Move | str]) -> None:
        """Push several moves; if one is illegal, none of them stays pushed."""
        done = 0
        try:
            for move in moves:
                self.push(move)
                done += 1
        except IllegalMoveError as exc:
            if self.record:
                for _ in range(done):
                    self.pop()
                self._redo.clear()
            raise IllegalMoveError(f"move {done + 1}: {exc}") from None

    def pop(self) -> Move:
        """Undo the last move (and keep it for :meth:`redo`)."""
        if not self.record:
            raise IllegalMoveError("this game was made with record=False: it keeps no undo history")
        if not self._history:
            raise IllegalMoveError("nothing to undo: this is the start of the game")
        move, note, snap = self._history.pop()
        self._restore(snap)
        self._redo.append((move, note))
        return move

    def redo(self) -> Move:
        """Make again the move last undone."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        move, note = self._redo[-1]
        redo = self._redo[:-1]
        self.push(move, note)
        self._redo = redo
        return move

    def last_events(self) -> list[ev.Event]:
        """The events the last move made (empty at the start of the game)."""
        if not self._history:
            return []
        return self.events[self._history[-1][2][4]:]

    def can_undo(self) -> bool:
        return bool(self._history)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def reset(self) -> None:
        """Back to the start of the game, keeping nothing to redo."""
        if not self.record:
            raise IllegalMoveError("this game was made with record=False: it keeps no undo history")
        self._restore(self._initial)  # type: ignore[arg-type]
        self._history.clear()
        self._redo.clear()

    def _snapshot(self) -> tuple[Any, ...]:
        return ([h[:] for h in self.hands], tuple(getter(self)[:] for getter in _LIST_GET),
                _SCALAR_GET(self), dict(self._fired), len(self.events))

    def _restore(self, snap: tuple[Any, ...]) -> None:
        hands, lists, scalars, fired, n_events = snap
        self.hands = [h[:] for h in hands]
        for key, value in zip(_LIST_STATE, lists):
            setattr(self, key, value[:])
        for key, value in zip(_SCALAR_STATE, scalars):
            setattr(self, key, value)
        self._fired = dict(fired)
        del self.events[n_events:]
        self._cache = None

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes up the position, as one comparable value."""
        snap = self._snapshot()
        return (tuple(map(tuple, snap[0])), tuple(map(tuple, snap[1])), snap[2],
                tuple(sorted((k, v) for k, v in snap[3].items() if v)), snap[4])

    # ------------------------------------------------------------ applying

    def _log(self, event: ev.Event) -> None:
        self.events.append(event)

    def _note(self, rule: str, key: str, **values: Any) -> None:
        """Count a rule taking effect and, when recording, log it: sentence
        ``event.<key>`` of the text table, naming ``values``."""
        self._fired[rule] += 1
        if self.record:
            self._log(ev.note(key, rule, **values))

    def _apply(self, move: Move, note: Annotation | None) -> None:
        kind = move.kind
        p = move.player
        table = kind is SPEAK or kind is ADVISE or kind is SLOW
        if not table:
            own_turn = kind is SWAP or kind is GIVE or (kind is PASS and self.phase is EXCHANGE)
            if self.uno_open >= 0 and kind is not UNO and kind is not CATCH and not own_turn:
                self.uno_open = -1  # R-UNO: the next player has started their turn
            if kind is not UNO and kind is not CATCH:
                self._slap = -1
                self._skip_bounce = -1
        if kind is DRAW:
            self.turns += 1
            if self.phase is PENALTY:
                self._take_penalty(p)
            else:
                self._turn_draw(p)
        elif kind is PASS:
            if self.phase is EXCHANGE:  # V-SWAP-FIVE: no exchange after all
                self.phase = TURN
                self.current = self._after(p)
                if self.record:
                    self._log(ev.note("swap_five.none", "V-SWAP-FIVE", player=p))
            else:
                self.drawn_card = None
                self.phase = TURN
                self.current = self._after(p)
                if self.record:
                    self._log(ev.Passed(p, rule="R-DRAW"))
        elif kind is CHALLENGE:
            self.turns += 1
            self._challenge(p)
        elif kind is UNO:
            self.uno_open = -1
            self._fired["R-UNO"] += 1
            if self.record:
                self._log(ev.UnoCalled(p, rule="R-UNO"))
            if self.rules.uno_center:
                self._slap = p  # T-UNO-CENTER: everyone slaps the caller's hand
        elif kind is CATCH:
            target = move.target
            assert target is not None
            self.uno_open = -1
            self._fired["T-UNO-CATCH"] += 1
            penalty = self.rules.uno_penalty
            rule = "V-UNO-PENALTY-4" if penalty == 4 else "R-UNO"
            if self.record:
                self._log(ev.UnoCaught(p, target, penalty, rule=rule, note=note))
            self._draw_cards(target, penalty, "uno", rule)
        elif kind is COLOUR:
            self._set_colour(move.colour)  # type: ignore[arg-type]
            self.phase = TURN
            if self.record:
                self._log(ev.ColourChosen(p, move.colour, rule="R-START-EFFECT"))  # type: ignore[arg-type]
        elif kind is DEAL:
            self._deal_round(p, first=self._next_first())
        elif kind is SWAP:
            self._swap(p, move.target)  # type: ignore[arg-type]
        elif kind is GIVE:
            self._give(p, move.card)  # type: ignore[arg-type]
        elif kind is READY:
            self.phase = TURN
            self.current = self._resume
            self._resume = -1
            self._note("T-READY", "ready", player=p)
        elif kind is SPEAK:
            self._silence = None
            self._table_penalty(p, "T-SILENT-TWOS", "silence.spoke")
        elif kind is ADVISE:
            self._table_penalty(p, "T-ADVICE", "advice", target=self.current)
        elif kind is SLOW:
            caller = self._slap
            self._slap = -1
            self._table_penalty(p, "T-UNO-CENTER", "uno_center.slowest", note, target=caller)
        if self._talk and not table:
            self._talk_after_turn()

    def _table_penalty(self, p: int, rule: str, key: str, note: Annotation | None = None,
                       **values: Any) -> None:
        """A table-talk rule broken: ``p`` draws 2 (T-… rules)."""
        self._fired[rule] += 1
        if self.record:
            self._log(ev.Note(key, (("player", p), *values.items()), rule=rule, note=note))
        self._draw_cards(p, 2, "table", rule)

    def _set_colour(self, colour: Colour) -> None:
        """Set the colour in force (the top card being in place already)."""
        self.colour = colour
        self._match = _MATCH[colour][self.discard[-1].rank]

    def _skip(self, seat: int, rule: str) -> None:
        self._log(ev.Skipped(seat, rule=rule))

    def _log_play(self, p: int, card: Card, colour: Colour | None, jump_rule: str,
                  note: Annotation | None) -> None:
        """Log a card played; ``jump_rule`` is the rule of a play out of turn."""
        if jump_rule:
            rule = jump_rule
        elif card.is_black:
            w4 = "V-W4-ANYTIME" if self.rules.w4_anytime else "R-W4"
            rule = w4 if card.rank == "W+4" else "R-WILD" if card.rank == "W" else \
                "V-PLUS10" if card.rank == "W+10" else "V-H2O"
        else:
            rule = "R-MATCH"
        self._log(ev.Played(p, card, colour, bool(jump_rule), rule=rule, note=note))

    def _one_or_none_left(self, p: int, hand: list[Card]) -> None:
        if hand:
            self.uno_open = p  # R-UNO: p must call "UNO!" now
        else:
            self._player_out(p)

    def _clear_pending(self) -> None:
        self.pending = 0
        self.pending_card = None
        self._w4 = None

    def _wheel_colour(self) -> Colour:
        """V-COLOUR-WHEEL: the next colour after the current one, in the
        direction of play (clockwise red, blue, green, yellow)."""
        return WHEEL[(WHEEL.index(self.colour) + self.direction) % 4]

    def _action(self, p: int, card: Card, colour: Colour | None, phase: Phase) -> bool:
        """The effect of a card off the fast path.  Returns False when hands
        were exchanged and the end-of-play checks must not look at the hand."""
        bouncer = self._skip_bounce
        self._skip_bounce = -1
        rank = card.rank
        n = self.n
        fired = self._fired
        rules = self.rules
        if card.is_black:
            if self._wheel:
                colour = self._wheel_colour()
                fired["V-COLOUR-WHEEL"] += 1
                if self.record:
                    self._log(ev.note("colour_wheel", "V-COLOUR-WHEEL", colour=colour))
            assert colour is not None
            if rules.silent_black:
                self._silence = ("black", colour)  # type: ignore[assignment]
                self._note("T-SILENT-TWOS", "silence.black")
        if card.draw:
            self._draw_card_played(p, card, colour, phase)
            return True
        if phase is PENALTY and rank != "R":
            self._clear_pending()  # (a jump-in that is not a draw card cannot happen)
        if card.is_number:
            self.colour = card.colour  # type: ignore[assignment]
            self._match = card.match
            self.phase = TURN
            self.current = self._after(p)
            hand = self.hands[p]
            if not hand:
                return True  # going out comes first: no swap, no exchange
            if rules.seven_zero and rank == "0":
                self._pass_hands_on()
                return False
            if rules.seven_zero and rank == "7" and self._partners(p):
                self.phase = SWAP7
                self.current = p
            elif rules.swap_five and rank == "5" and self._partners(p):
                self.phase = EXCHANGE
                self.current = p
            if rank == "2" and rules.silent_twos:
                self._silence = ("2", p)
                self._note("T-SILENT-TWOS", "silence.two", player=p)
            return True
        if rank == "S":
            self.colour = card.colour  # type: ignore[assignment]
            self._match = card.match
            fired["R-SKIP"] += 1
            if self._outs:
                skipped = self._after(p)
                self.current = self._after(skipped)
            else:
                d = self.direction
                skipped = (p + d) % n
                self.current = (skipped + d) % n
            if self.record:
                self._skip(skipped, "R-SKIP")
            self.phase = TURN
            if self._bounce and skipped != p:
                self._skip_bounce = skipped  # V-REVERSE-BOUNCE: may send it back
            return True
        if rank == "R":
            self.colour = card.colour  # type: ignore[assignment]
            self._match = card.match
            fired["R-REVERSE"] += 1
            d = self.direction = -self.direction
            if self.record:
                self._log(ev.Reversed(p, d, rule="R-REVERSE"))
            if phase is PENALTY:
                # V-REVERSE-BOUNCE: the pending draw goes back where it came from
                # (a jump-in on the bouncing Reverse turns it once more).
                self._w4 = None
                self.current = self._after(p)
                self._note("V-REVERSE-BOUNCE", "bounce.draw", player=p, count=self.pending,
                           target=self.current)
                return True
            if p == bouncer and p != self.current:
                # V-REVERSE-BOUNCE on a Skip: its player is skipped instead.
                skipper = self._after(p)
                self.current = self._after(skipper)
                self.phase = TURN
                self._note("V-REVERSE-BOUNCE", "bounce.skip", player=p, target=skipper)
                if skipper != p:
                    self._skip_bounce = skipper
                return True
            self.phase = TURN
            if self._active() == 2 and rules.two_player_skip:
                self.current = p
                fired["V-TWO-PLAYER-SKIP"] += 1
                if self.record:
                    self._log(ev.note("two_player_skip", "V-TWO-PLAYER-SKIP", player=p))
            else:
                self.current = (p + d) % n if not self._outs else self._after(p)
            return True
        # W
        self._set_colour(colour)  # type: ignore[arg-type]
        fired["R-WILD"] += 1
        self.phase = TURN
        self.current = self._after(p)
        return True

    def _draw_card_played(self, p: int, card: Card, colour: Colour | None, phase: Phase) -> None:
        """A Draw Two, Wild Draw Four, +10 (V-PLUS10) or H2O draw card lands."""
        fired = self._fired
        rules = self.rules
        total = card.draw
        if phase is PENALTY:
            pending = self.pending_card
            assert pending is not None
            same = card.rank == pending.rank
            answering = p == self.current
            answer = ""
            if self._stack and (same or rules.stack_mixed):
                total = self.pending + card.draw
                answer = "V-STACK" if same else "V-STACK-MIXED"
            elif answering and card.rank == "+2" and pending.rank == "+2" and self._deflect:
                answer = "V-DEFLECT-2"
            elif answering and card.rank == "+2" and pending.rank == "W+4" and self._save2:
                answer = "V-W4-SAVE-2"
            elif answering:
                fired["V-JUMP-IN"] += 1  # the victim's identical card, played as a jump-in
            if answer:
                fired[answer] += 1
                if self.record:
                    victim = (p + self.direction) % self.n if not self._outs else self._after(p)
                    key = {"V-STACK": "stack", "V-STACK-MIXED": "stack",
                           "V-DEFLECT-2": "deflect", "V-W4-SAVE-2": "save_2"}[answer]
                    self._log(ev.note(key, answer, player=p, count=total, target=victim,
                                      card=card))
        prev = self.colour
        if colour is None:
            self.colour = card.colour  # type: ignore[assignment]
            self._match = card.match
        else:
            self.colour = colour
            self._match = _MATCH[colour][card.rank]
        rank = card.rank
        if rank == "W+4":
            fired["R-W4"] += 1
            # R-W4-BLUFF: holding a card of the colour in force (the +4 is black).
            bluff = (not rules.w4_anytime) and self._hmask[p] & _COLOUR_MASKS[prev] != 0
            if rules.w4_anytime:
                fired["V-W4-ANYTIME"] += 1
            elif bluff:
                fired["R-W4-BLUFF"] += 1
            self._w4 = (p, prev, bluff)
        else:
            fired["R-DRAW2" if rank == "+2" else "V-PLUS10" if rank == "W+10" else "V-H2O"] += 1
            self._w4 = None
        if card.is_black:
            self.top_by = -1  # no jump-in on a black draw card
        self.pending = total
        self.pending_card = card
        self.phase = PENALTY
        self.current = (p + self.direction) % self.n if not self._outs else self._after(p)

    def _take_forced_penalty(self) -> None:
        """A draw card's victim who can do nothing but draw, while nobody else
        may act (no answer, no jump-in, no UNO call pending), draws at once:
        the card's effect, not a decision.  A Wild Draw Four can always be
        challenged, so it never is forced."""
        card = self.pending_card
        if card is None or (card.rank == "W+4" and self._w4 is not None):
            return
        victim = self.current
        if self._answers:
            if self._penalty_moves(victim)[1] or self.jump_in_moves():
                return
        elif self._deflect and self._hmask[victim] & _PLUS2_MASK:
            return
        self.turns += 1
        self._take_penalty(victim)

    def _pass_hands_on(self) -> None:
        """V-SEVEN-ZERO, a 0: every hand moves to the next player in the
        direction of play (players out of the round keep their empty place)."""
        seats = [s for s in range(self.n) if not self._out[s]]
        hands, masks = list(self.hands), list(self._hmask)
        for s in seats:
            t = self._after(s)
            self.hands[t] = hands[s]
            self._hmask[t] = masks[s]
        self.uno_open = -1
        self._note("V-SEVEN-ZERO", "seven_zero.pass_on." +
                   ("clockwise" if self.direction == 1 else "counter"))

    def _swap(self, p: int, target: int) -> None:
        if self.phase is SWAP7:  # V-SEVEN-ZERO, a 7: swap whole hands
            self.hands[p], self.hands[target] = self.hands[target], self.hands[p]
            self._hmask[p], self._hmask[target] = self._hmask[target], self._hmask[p]
            self.uno_open = -1
            self.phase = TURN
            self.current = self._after(p)
            self._note("V-SEVEN-ZERO", "seven_zero.swap", player=p, target=target)
        else:  # V-SWAP-FIVE: each side now chooses the card it gives
            self._exchange = (p, target, None)
            self.phase = GIVING
            self.current = p
            if self.record:
                self._log(ev.note("swap_five.chosen", "V-SWAP-FIVE", player=p, target=target))

    def _give(self, p: int, card: Card) -> None:
        assert self._exchange is not None
        first, partner, given = self._exchange
        if given is None:
            self._exchange = (first, partner, card)
            self.current = partner
            return
        # Both cards are chosen: exchange them.
        for seat, out_card, in_card in ((first, given, card), (partner, card, given)):
            hand = self.hands[seat]
            hand.remove(out_card)
            hand.append(in_card)
            self._hmask[seat] = _mask_of(hand)
        self._exchange = None
        self.phase = TURN
        self.current = self._after(first)
        self._note("V-SWAP-FIVE", "swap_five.done", player=first, given=given, got=card,
                   target=partner, seen_by=(first, partner))

    def _talk_after_play(self, card: Card) -> None:
        self._slap = -1  # T-UNO-CENTER: the slap follows the call, not later plays
        self._talk_after_turn()

    def _talk_after_turn(self) -> None:
        """T-SILENT-TWOS: a 2's silence ends when the turn comes back to its
        player; a black card's silence ends when the colour changes."""
        silence = self._silence
        if silence is None:
            return
        if silence[0] == "2" and self.current == silence[1]:
            self._silence = None
            if self.record:
                self._log(ev.note("silence.two_ends", "T-SILENT-TWOS", player=silence[1]))
        elif silence[0] == "black" and self.colour != silence[1]:
            self._silence = None
            if self.record:
                self._log(ev.note("silence.black_ends", "T-SILENT-TWOS"))

    def _turn_draw(self, p: int) -> None:
        """R-DRAW: draw one card; a playable one may be played at once (must be,
        under V-PLAY-DRAWN-MUST).  V-DRAW-UNTIL-PLAYABLE: keep drawing."""
        while True:
            pile = self.draw_pile
            if pile and not self.record:  # the common case, kept short
                card = pile.pop()
                self.hands[p].append(card)
                self._hmask[p] |= card.bit
                self.cards_drawn[p] += 1
            else:
                drawn = self._draw_cards(p, 1, "turn",
                                         "V-DRAW-UNTIL-PLAYABLE" if self._until else "R-DRAW")
                if not drawn:
                    self.current = self._after(p)
                    return
                card = drawn[0]
            if card.bit & self._match and (
                    self._bluff or card.rank != "W+4"
                    or not self._hmask[p] & _COLOUR_MASKS[self.colour]):
                self.phase = DRAWN
                self.drawn_card = card
                if self._must_play:
                    self._note("V-DRAW-UNTIL-PLAYABLE" if self._until else "V-PLAY-DRAWN-MUST",
                               "drawn_must_play", player=p)
                return
            if not self._until:
                self.current = (p + self.direction) % self.n if not self._outs else self._after(p)
                return

    def _take_penalty(self, p: int) -> None:
        count = self.pending
        rule = self._penalty_rule(count) if self.record else ""
        self._draw_cards(p, count, "penalty", rule)
        if self.record:
            self._skip(p, rule)
        self.pending = 0
        self.pending_card = None
        self._w4 = None
        self.phase = TURN
        self.current = (p + self.direction) % self.n if not self._outs else self._after(p)
        if self._ready:
            self._wait_ready(p, count)

    def _penalty_rule(self, count: int) -> str:
        """The rule that makes a player draw ``count`` cards, for the log: the
        draw card's own, or V-STACK (V-STACK-MIXED) when answers piled the
        draw cards on the discard pile up to ``count``."""
        card = self.pending_card
        if card is None or count <= card.draw:
            rank = card.rank if card is not None else "+2"
            return {"+2": "R-DRAW2", "W+4": "R-W4", "W+10": "V-PLUS10"}.get(rank, "V-H2O")
        ranks, total = set(), 0
        for played in reversed(self.discard):  # a bouncing Reverse draws nothing: skipped
            if played.draw:
                ranks.add(played.rank)
                total += played.draw
                if total >= count:
                    break
        return "V-STACK-MIXED" if len(ranks) > 1 else "V-STACK"

    def _wait_ready(self, drawer: int, count: int) -> None:
        """T-READY: after drawing 4 or more, play waits for the drawer's "Ready"."""
        if self.rules.ready and count >= 4 and self.phase is TURN:
            self._resume = self.current
            self.current = drawer
            self.phase = WAIT

    def _challenge(self, p: int) -> None:
        assert self._w4 is not None
        accused, prev_colour, guilty = self._w4
        self._fired["R-CHALLENGE"] += 1
        self._w4 = None
        total = self.pending
        if guilty:
            reading = self.rules.challenge
            rule = "R-CHALLENGE-GUILTY" if reading == "return" else "R-CHALLENGE-GUILTY-STD"
            self._fired[rule] += 1
            # Under V-STACK the whole stack falls on the bluffer; otherwise 4.
            penalty = total if self._stack else 4
            if self.record:
                self._log(ev.Challenged(p, accused, True, prev_colour, penalty, rule=rule))
            if reading == "return":
                card = self.discard.pop()
                self.hands[accused].append(card)
                self._hmask[accused] |= card.bit
                self._set_colour(prev_colour)
                self.top_by = -1
                if self.record:
                    self._log(ev.note("challenge.returned", rule, player=accused, card=card,
                                      top=self.discard[-1], colour=prev_colour))
            self._draw_cards(accused, penalty, "challenge", rule)
            self.pending = 0
            self.pending_card = None
            self.phase = TURN
            self.current = p
            self._wait_ready(accused, penalty)
        else:
            self._fired["R-CHALLENGE-INNOCENT"] += 1
            total += 2
            if self.record:
                self._log(ev.Challenged(p, accused, False, prev_colour, total,
                                        rule="R-CHALLENGE-INNOCENT"))
            self._draw_cards(p, total, "challenge", "R-CHALLENGE-INNOCENT")
            if self.record:
                self._skip(p, "R-CHALLENGE-INNOCENT")
            self.pending = 0
            self.pending_card = None
            self.phase = TURN
            self.current = self._after(p)
            self._wait_ready(p, total)

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
            self._log(ev.Drew(p, tuple(got), reason, count, rule=rule))
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

    # ------------------------------------------------------- misplays

    def _is_misplay(self, move: Move) -> bool:
        """V-MISPLAY-PENALTY: a card one holds put down wrongly, a false UNO!
        call or a false catch (other illegal moves are refused as always)."""
        p = move.player
        if not 0 <= p < self.n or self.phase not in (TURN, DRAWN, PENALTY) or self._out[p]:
            return False
        if move.kind is PLAY:
            return move.card in self.hands[p] and (move.colour is not None) != (
                self._wheel or not move.card.is_black)  # type: ignore[union-attr]
        if move.kind is UNO:
            return True
        if move.kind is CATCH:
            return move.target is not None and 0 <= move.target < self.n and move.target != p
        return False

    def _misplay(self, move: Move) -> None:
        p = move.player
        if move.kind is PLAY:
            self._note("V-MISPLAY-PENALTY", "misplay.card", player=p, card=move.card)
        elif move.kind is UNO:
            self._note("V-MISPLAY-PENALTY", "misplay.uno", player=p)
        else:
            self._note("V-MISPLAY-PENALTY", "misplay.catch", player=p, target=move.target or 0)
        self._draw_cards(p, 2, "misplay", "V-MISPLAY-PENALTY")
        if p == self.current and self.phase in (TURN, DRAWN):
            self.uno_open = -1
            self.drawn_card = None
            self.phase = TURN
            self.current = self._after(p)  # a misplay ends one's turn

    # ---------------------------------------------------- end of a round

    def _player_out(self, p: int) -> None:
        """``p`` has played their last card."""
        rules = self.rules
        if rules.seven_rounds:
            used = self._refills[p]
            if used < len(REFILLS):
                # V-SEVEN-ROUNDS: draw 6, then 5, …, and play on.
                count = REFILLS[used]
                self._refills[p] = used + 1
                self._note("V-SEVEN-ROUNDS", "seven_rounds.refill", player=p, count=count)
                self._draw_cards(p, count, "refill", "V-SEVEN-ROUNDS")
                return
            self._end_round(p, final=True)
            return
        if rules.to_the_last:
            self._out[p] = True
            self._outs += 1
            self._finish.append(p)
            if self._active() > 1:
                self._note("V-TO-THE-LAST", "to_the_last.out", player=p, place=len(self._finish))
                if self._out[self.current]:
                    self.current = self._after(self.current)
                return
            loser = next(s for s in range(self.n) if not self._out[s])
            self._end_round(self._finish[0], loser=loser)
            return
        self._end_round(p)

    def _end_round(self, winner: int, loser: int | None = None, final: bool = False) -> None:
        """R-OUT, then the scoring mode (R-SCORE-WINNER, V-SCORE-PENALTY,
        V-LAZY); the game ends at the target score, after ``max_rounds`` rounds,
        or (V-SEVEN-ROUNDS) with the final empty hand."""
        rules = self.rules
        self.uno_open = -1
        self._silence = None
        self._slap = -1
        self._fired["R-OUT"] += 1
        if self.phase is PENALTY:  # a final draw card still counts (R-OUT)
            victim = self.current
            self._draw_cards(victim, self.pending, "out", "R-OUT")
            self._clear_pending()
        drop = rules.drop_zero
        if drop and any(len(h) == 1 and h[0].rank == "0" for h in self.hands):
            self._fired["V-DROP-ZERO"] += 1
            if self.record:
                for seat, hand in enumerate(self.hands):
                    if len(hand) == 1 and hand[0].rank == "0":
                        self._log(ev.note("drop_zero", "V-DROP-ZERO", player=seat,
                                          points=hand_points(hand, True)))
        values = [hand_points(h, drop) for h in self.hands]
        scoring = rules.scoring
        self._won_round[winner] = self.round_no
        if scoring == "winner":
            points = sum(v for s, v in enumerate(values) if s != winner)
            self.scores[winner] += points
        elif scoring == "penalty":
            self._fired["V-SCORE-PENALTY"] += 1
            for s, v in enumerate(values):
                self.scores[s] += v
            last = self._last_played[winner]
            bonus = {"+1": 20, "W+2": 40}.get(last.rank, 0) if rules.h2o and last else 0
            if bonus:
                self.scores[winner] -= bonus
                self._fired["V-H2O"] += 1
            points = -bonus
        else:  # lazy
            self._fired["V-LAZY"] += 1
            if loser is None:
                order = [self.next_seat(winner, k) for k in range(1, self.n)]
                loser = max(order, key=lambda s: (values[s], -order.index(s)))
            points = values[loser]
        if loser is None and rules.to_the_last:
            loser = -1
        self.round_results.append(RoundResult(
            self.round_no, winner, points,
            tuple(tuple(h) for h in self.hands) if self.record else (),
            -1 if loser is None else loser))
        if self.record:
            last = loser if rules.to_the_last and loser is not None and loser >= 0 else -1
            self._log(ev.RoundWon(winner, self.round_no, last,
                                  rule="V-TO-THE-LAST" if last >= 0 else "R-OUT"))
            self._log(ev.Scored(winner, points, tuple(self.scores),
                                loser if scoring == "lazy" else -1,  # type: ignore[arg-type]
                                rule={"winner": "R-SCORE-WINNER", "penalty": "V-SCORE-PENALTY",
                                      "lazy": "V-LAZY"}[scoring]))
        target = rules.target_score
        reason = None
        if final:
            reason = "seven-rounds"
        elif scoring != "lazy" and max(self.scores) >= target:
            reason = "target"
        elif self.max_rounds is not None and self.round_no >= self.max_rounds:
            reason = "rounds"
        if reason is None:
            self.phase = ROUND_OVER
            # R-DEALER: the deal passes on; V-LAZY: the loser deals.
            self.current = loser if scoring == "lazy" else (self.dealer + 1) % self.n  # type: ignore[assignment]
            return
        wins = Counter(r.winner for r in self.round_results)
        if reason == "seven-rounds" or (reason == "target" and scoring == "winner"):
            champion = winner
        elif scoring == "penalty":
            champion = min(range(self.n), key=lambda s: (self.scores[s], -self._won_round[s], s))
        elif scoring == "lazy":
            champion = max(range(self.n), key=lambda s: (wins[s], self._won_round[s], -s))
        else:
            champion = max(range(self.n), key=lambda s: (self.scores[s], self._won_round[s], -s))
        self.outcome = Outcome(champion, tuple(self.scores), reason, self.round_no)
        self.phase = GAME_OVER
        self.current = champion
        if self.record:
            # the rule that decided who won: the scoring mode's, or the seventh empty hand
            rule = "V-SEVEN-ROUNDS" if final else \
                {"winner": "R-SCORE-WINNER", "penalty": "V-SCORE-PENALTY", "lazy": "V-LAZY"}[scoring]
            self._log(ev.GameWon(champion, tuple(self.scores), reason, target, self.round_no,
                                 scoring == "penalty", rule=rule))

    def _next_first(self) -> int | None:
        """V-LAZY: the last round's winner starts the next one."""
        if self.rules.scoring == "lazy" and self.round_results:
            return self.round_results[-1].winner
        return None

    # ----------------------------------------------------------- messages

    def _why_illegal(self, move: Move) -> str:
        names = self.names
        p = move.player
        if not 0 <= p < self.n:
            return f"{move}: there is no seat {p} in a {self.n}-player game"
        who = names[p]
        if self.phase is GAME_OVER:
            return f"{move}: the game is over"
        kind = move.kind
        if kind is UNO:
            if len(self.hands[p]) != 1:
                return f"{move}: {who} holds {len(self.hands[p])} cards; UNO! is called with one"
            return f"{move}: {who} cannot call UNO! now (already called, or too late)"
        if kind is CATCH:
            t = move.target
            if t is None or not 0 <= t < self.n:
                return f"{move}: there is no seat {t}"
            if t == p:
                return f"{move}: nobody catches themselves"
            return (f"{move}: {names[t]} cannot be caught now (they called UNO!, do not hold "
                    "one card, or the next player has already started)")
        if kind in (SPEAK, ADVISE, SLOW):
            rule = {SPEAK: "T-SILENT-TWOS", ADVISE: "T-ADVICE", SLOW: "T-UNO-CENTER"}[kind]
            return f"{move}: not now ({rule} is off, or there is nothing to answer)"
        if self.phase is WAIT and p != self.current:
            return f"{move}: play waits for {names[self.current]} to say \"Ready\" (T-READY)"
        if p != self.current:
            if kind is PLAY and self._jump:
                top = self.discard[-1]
                if move.card is not top:
                    return (f"{move}: it is {names[self.current]}'s turn; {who} may only jump in "
                            f"with a card identical to {top}")
                if move.card not in self.hands[p]:
                    return f"{move}: {who} does not hold {move.card}"
                if self.top_by < 0:
                    return f"{move}: no jump-in on the start card or a returned card"
                if p == self.top_by:
                    return f"{move}: {who} cannot jump in on their own card"
                return f"{move}: no jump-in on {top}"
            return f"{move}: it is {names[self.current]}'s turn, not {who}'s"
        phase = self.phase
        if phase in _PHASE_WAITS:
            return f"{move}: " + _PHASE_WAITS[phase].format(who=who)
        if kind in (SWAP, GIVE, READY):
            return f"{move}: there is nothing to swap, give or be ready for now"
        if phase is PENALTY:
            pend = self.pending_card
            options = "draw" + (", challenge" if pend is not None and pend.rank == "W+4"
                                and self._w4 is not None else "")
            if kind is PLAY and move.card is not None and move.card.rank == "+2":
                if move.card not in self.hands[p]:
                    return f"{move}: {who} does not hold {move.card}"
                if pend is not None and pend.rank == "W+4":
                    if self._save2:
                        return (f"{move}: only a Draw Two of the chosen colour "
                                f"({self.colour.word}) answers this +4")
                    return f"{move}: a Wild Draw Four cannot be answered (V-W4-SAVE-2 is off)"
                return f"{move}: a Draw Two cannot be passed on (V-DEFLECT-2 is off)"
            return f"{move}: {who} must take the {self.pending} cards ({options})"
        if phase is DRAWN:
            card = self.drawn_card
            if kind is PLAY and move.card is not card:
                return f"{move}: after drawing, only the drawn card ({card}) may be played"
            if kind is PASS:
                return f"{move}: V-PLAY-DRAWN-MUST: the drawn {card} must be played"
            return f"{move}: {who} plays the drawn {card} or passes"
        if kind is PLAY:
            card = move.card
            assert card is not None
            if card not in self.hands[p]:
                return f"{move}: {who} does not hold {card}"
            if card.is_black and (move.colour is None) != self._wheel:
                return (f"{move}: under V-COLOUR-WHEEL a black card names no colour ({card.text})"
                        if self._wheel else
                        f"{move}: a black card names its colour, e.g. {card.text}>R")
            if card.rank == "W+4":
                return (f"{move}: R-W4-LEGAL: {who} holds {self.colour.word}, so the Wild Draw "
                        "Four may not be played (R-W4-BLUFF is off)")
            top = self.discard[-1]
            return (f"{move}: {card} matches neither the colour in force ({self.colour.word}) "
                    f"nor the top card {top}")
        return f"{move}: " + _KIND_HINTS.get(kind, "not a legal move now").format(who=who)


    # --------------------------------------------------------------- saving

    def to_json(self) -> str:
        """The game as JSON: rules, seed, set-up position and moves (see :mod:`uno_nb.saves`)."""
        from . import saves
        return saves.dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """Load a game saved with :meth:`to_json`; a bad file raises
        :class:`~uno_nb.errors.SaveFileError`."""
        from . import saves
        return saves.loads(text)

    def save(self, path: str) -> None:
        from . import saves
        saves.save(self, path)

    @classmethod
    def load(cls, path: str) -> "Game":
        from . import saves
        return saves.load(path)

    @classmethod
    def replay(cls, rules: RuleSet | str | None, players: int, seed: int,
               moves: Iterable[Move | str], **kwargs: Any) -> "Game":
        """A new game with ``moves`` pushed: the same game, every time."""
        game = cls(rules, players, seed, **kwargs)
        for move in moves:
            game.push(move if isinstance(move, Move) else
                      (parse_move(move) if ":" in move else move))
        return game

    # --------------------------------------------------------------- views

    def event_text(self, event: ev.Event, lang: str = "en", viewer: int | None = None,
                   codes: bool = False) -> str:
        """The sentence of ``event`` with this game's player names, in ``lang``;
        ``viewer``: the seat of the reader, who does not see others' cards."""
        return sentence(event, lang, self.given_names, viewer=viewer, codes=codes)

    def log(self, lang: str = "en", viewer: int | None = None) -> list[str]:
        """The event log as sentences (see :meth:`event_text`)."""
        return [self.event_text(e, lang, viewer) for e in self.events]

    def view(self, seat: int) -> "PlayerView":
        """What ``seat`` may see (bots see only this)."""
        return PlayerView(self, seat)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {self.n}p seed={self.seed} round={self.round_no} "
                f"phase={self.phase.name} top={self.discard[-1] if self.discard else None} "
                f"colour={self.colour.letter} to_move={self.current}>")

    def _repr_html_(self) -> str:
        """A notebook shows the table: every hand, the top card and colour,
        the draw pile, whose turn it is (see :mod:`uno_nb.render`)."""
        from .render import game_html
        return game_html(self)

    def describe(self) -> str:
        """A few lines for a person: whose turn, the top card, every hand."""
        lines = [f"Round {self.round_no}, {self.phase.name.lower().replace('_', ' ')}; "
                 f"top {self.discard[-1]} ({self.colour.word}), "
                 f"{'clockwise' if self.direction == 1 else 'counter-clockwise'}; "
                 f"draw pile {len(self.draw_pile)}"]
        for seat, hand in enumerate(self.hands):
            mark = "->" if seat == self.current and self.phase is not GAME_OVER else "  "
            lines.append(f"{mark} {self.names[seat]:>6} [{self.scores[seat]:>3}] "
                         + " ".join(c.text for c in hand))
        return "\n".join(lines)


from .view import PlayerView  # noqa: E402  (import cycle: view needs Game's names only)
