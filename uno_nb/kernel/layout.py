"""The kernel's layout: card tables, a rules row and the offsets of a game's
state array (:mod:`uno_nb.kernel.jit`).

Plain Python and numpy, computed once at import from :mod:`uno_nb.engine.cards`
and :class:`~uno_nb.engine.rules.RuleSet`'s options; the numbers of the
engine's phases, move kinds, ranks, counted rule ids and options are in
:mod:`uno_nb.kernel.constants`, generated from the engine's declarations
(``python -m uno_nb.kernel.generate``).  The compiled functions read
these module globals as constants (numba freezes them into the machine code,
which is why :func:`uno_nb.kernel.fingerprint` hashes them, and
:data:`FROM_THE_ENGINE` the values taken from the engine's declarations).

Layout.  One ``int64`` array ``st`` holds a game's whole state: the scalars
at fixed offsets (``CUR``, ``PHASE``, …), then each hand as card counts
(``HC + seat * 64 + card``), the piles (bottom first) and the per-seat
lists.  Cards are their index in :data:`uno_nb.engine.cards.ALL_CARDS`; a set of
card values is a bit mask, as in the engine.  Moves are rows of ``mv``
(kind, card, colour, target).
"""

from __future__ import annotations


from typing import cast

import numpy as np
from numpy.typing import NDArray

from .mirror import kernel_only
from ..engine.cards import ALL_CARDS, COLOURS, build_deck
from ..engine.moves import MoveKind
from ..engine.state import COUNTED_RULES, Phase
from ..engine.rules import RuleSet
# (the package imports this module: only names every generation has, so that
# python -m uno_nb.kernel.generate runs whatever changed in the engine)
from .constants import D_ANSWERS, D_BLUFF_OK, D_DECK, D_MUST_PLAY, D_SLOW, D_TALK, NRULES, RANKS

#: The kernel's array types: a game's state, moves, rules, outputs and the
#: table's traits (int64), the Mersenne Twister states and key words (uint32),
#: the cards drawn and rule counts it writes out (int32, as the Batch holds them).
I64 = NDArray[np.int64]
U32 = NDArray[np.uint32]
I32 = NDArray[np.int32]
#: One value per colour (the bots' counts), as a tuple: no allocation.
Four = tuple[int, int, int, int]

# ---------------------------------------------------------------- cards

NCARDS = len(ALL_CARDS)
_RANK_CODES = {r: i for i, r in enumerate(RANKS)}  # RK_<rank> (constants.py) is each one's code
C_COL = np.array([-1 if c.colour is None else int(c.colour) for c in ALL_CARDS], np.int64)
C_RANK = np.array([_RANK_CODES[c.rank] for c in ALL_CARDS], np.int64)
C_PTS = np.array([c.points for c in ALL_CARDS], np.int64)
C_DRAW = np.array([c.draw for c in ALL_CARDS], np.int64)
C_NUM = np.array([-1 if c.number is None else c.number for c in ALL_CARDS], np.int64)
#: MATCH[colour, rank]: the cards that may be played on a card of that rank when
#: that colour is in force (R-MATCH), as a bit mask.
MATCH = np.array([[sum(1 << c.index for c in ALL_CARDS
                       if c.colour is None or c.colour == col or c.rank == rank)
                   for rank in _RANK_CODES] for col in COLOURS], np.int64)
COLMASK = np.array([sum(1 << c.index for c in ALL_CARDS if c.colour == col) for col in COLOURS],
                   np.int64)
W4_BIT = np.int64(1 << 53)
DECKS = np.zeros((4, 120), np.int64)
DECK_LEN = np.zeros(4, np.int64)
for _k, (_p10, _h2o) in enumerate(((False, False), (True, False), (False, True), (True, True))):
    _d = [c.index for c in build_deck(_p10, _h2o)]
    DECKS[_k, :len(_d)] = _d
    DECK_LEN[_k] = len(_d)
#: de Bruijn table: the index of a single set bit, for walking a card mask.
_DEBRUIJN = 0x03F79D71B4CB0A89
BITPOS = np.zeros(64, np.int64)
for _i in range(64):
    BITPOS[(((1 << _i) * _DEBRUIJN) & (2 ** 64 - 1)) >> 58] = _i
COLOUR_CARDS = np.array([[c.index for c in ALL_CARDS if c.colour == col] + [-1] * (15 - sum(
    1 for c in ALL_CARDS if c.colour == col)) for col in COLOURS], np.int64)
WHEEL = np.array([0, 3, 2, 1], np.int64)       # red, blue, green, yellow
WHEEL_AT = np.array([0, 3, 2, 1], np.int64)    # colour -> place on the wheel

# ---------------------------------------------------------------- moves written out

#: A move pushed, as one ``int64`` of the history :func:`uno_nb.kernel.jit.play_batch`
#: writes out when asked: its kind in the low 4 bits, then the seat, the card + 1
#: (8 bits), the colour + 1 and the target seat + 1 (4 bits each) at these bit
#: offsets (``-1``, no card / colour / target, is 0); :func:`uno_nb.kernel.move_text`
#: reads it back into the engine's notation.
MV_SEAT, MV_CARD, MV_COLOUR, MV_TARGET = 4, 8, 16, 20

#: "No seat, card, colour or target" as an argument: -1 as an int64 value, not
#: a literal (see :func:`uno_nb.kernel.state.i64`).
NO = cast(int, np.int64(-1))

# ---------------------------------------------------------------- rule ids counted, rule options

#: The engine's counted rule ids, in its order: a game's ``fired`` row
#: (``F_<ID>`` in :mod:`~uno_nb.kernel.constants` is each one's place).
FIRED_IDS = COUNTED_RULES
#: The options in a rules row's order (``O_<NAME>`` is each one's place).
OPTION_NAMES = tuple(RuleSet.option_names())
# A choice is the place of its value among the option's choices.
_CHOICES = {info.name: info.choices or () for info in RuleSet.options()}


@kernel_only("a rule set as the kernel's rules row")
def rules_array(rules: RuleSet) -> I64:
    """A rule set as the kernel reads it: option values, then the derived flags
    (:data:`~uno_nb.kernel.generate.DERIVED`: the rule set's properties, which
    Game reads too; the deck's key as one number)."""
    r = np.zeros(NRULES, np.int64)
    for i, name in enumerate(OPTION_NAMES):
        value = getattr(rules, name)  # a switch 0/1, a number as it is, a choice its place
        r[i] = _CHOICES[name].index(value) if isinstance(value, str) else int(value)
    r[D_BLUFF_OK] = rules.bluff_ok
    r[D_ANSWERS] = rules.answers_open
    r[D_SLOW] = rules.slow
    r[D_TALK] = rules.talk
    r[D_MUST_PLAY] = rules.must_play_drawn
    plus10, h2o = rules.deck_key
    r[D_DECK] = int(plus10) + 2 * int(h2o)
    return r


# ---------------------------------------------------------------- state layout

(N, SEED, COLOURV, MATCHV, CUR, DIR, PHASE, PENDING, PCARD, W4SET, W4ACC, W4PREV, W4GUILTY,
 DRAWNC, TOPBY, UNOOPEN, DEALER, ROUND, TURNS, CHANCE, OUTS, BOUNCE, EXFIRST, EXPART, EXGIVEN,
 RESUME, SILENCE, SILVAL, SLAP, NPILE, NDISC, WINNER, REASON, MAXROUNDS, DECKK, NDECK,
 MOVES, LOSER, NFINISH, LASTWIN, ROOM) = range(41)
SEATS = 10  # the most players a game has (R-PLAYERS): every per-seat area has room for them
HC = 64
HSIZE = HC + SEATS * 64
HMASK = HSIZE + SEATS
SCORES = HMASK + SEATS
DRAWNN = SCORES + SEATS
WONR = DRAWNN + SEATS
WINS = WONR + SEATS
OUT = WINS + SEATS
FINISH = OUT + SEATS
REFILL = FINISH + SEATS
LAST = REFILL + SEATS
FIRED = LAST + 10
PILE = FIRED + 48
DISC = PILE + 128
TMP = DISC + 128
SHUFFLE = TMP + 128  # a shuffle's scratch (mtrand.sort_shuffle_at), for up to 128 cards
STATE_SIZE = SHUFFLE + 3 * 128 + 128 + 1
REFILLS = np.array([6, 5, 4, 3, 2, 1], np.int64)

# The move buffers: 3 of MAXM moves (0: a turn's moves, 1: the jump-ins of
# every seat, 2: one seat's jump-ins), a move as 4 words in a row: its kind,
# card, colour and target (-1: none).  Move k of buffer b starts at
# b * MVB + 4 * k; the kernel's functions read them as one flat array.
MAXM = 512
M_KIND, M_CARD, M_COLOUR, M_TARGET = range(4)
MVB = 4 * MAXM
MOVE_BUFFERS = 3 * MVB

# A game's traits: per seat T_COLS values in a row (seat s's at s * T_COLS).
T_FORGET, T_NOTICE, T_REACTION, T_TALK, T_ADVISE = range(5)
T_COLS = T_ADVISE + 1


#: Every value this layout takes from the engine's declarations (phases, move
#: kinds, options and their choices, counted rule ids), for the fingerprint:
#: renumbering a phase or reordering a choice compiles the kernel again.
FROM_THE_ENGINE = (tuple((p.name, p.value) for p in Phase),
                   tuple((k.name, int(k)) for k in MoveKind),
                   tuple((name, tuple(map(str, choices))) for name, choices in _CHOICES.items()),
                   FIRED_IDS)
