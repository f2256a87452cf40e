"""The kernel's layout: card tables, move kinds, counted rule ids, rule options
and the offsets of a game's state array (:mod:`uno_nb.kernel.jit`).

Plain Python and numpy, computed once at import from :mod:`uno_nb.engine.cards`,
the engine's phases, move kinds and counted rule ids and
:class:`~uno_nb.engine.rules.RuleSet`'s options; the compiled functions read
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

from ..engine.cards import ALL_CARDS, COLOURS, build_deck
from ..engine.moves import MoveKind
from ..engine.state import COUNTED_RULES, Phase
from ..engine.rules import RuleSet

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
_RANK_CODES = {r: i for i, r in enumerate(
    ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "W", "W+4", "W+10", "+1", "W+2"])}
RK_S, RK_R, RK_P2, RK_W, RK_W4, RK_W10, RK_P1, RK_W2 = 10, 11, 12, 13, 14, 15, 16, 17
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

# ---------------------------------------------------------------- phases, moves

# The engine's phases and move kinds under their own names (P_ for a phase,
# since COLOUR, SWAP, GIVE and READY name moves too), with the engine's values.
P_TURN = Phase.TURN.value
P_DRAWN = Phase.DRAWN.value
P_PENALTY = Phase.PENALTY.value
P_COLOUR = Phase.COLOUR.value
P_ROUND_OVER = Phase.ROUND_OVER.value
P_GAME_OVER = Phase.GAME_OVER.value
P_SWAP = Phase.SWAP.value
P_EXCHANGE = Phase.EXCHANGE.value
P_GIVE = Phase.GIVE.value
P_READY = Phase.READY.value
PLAY = int(MoveKind.PLAY)
DRAW = int(MoveKind.DRAW)
PASS = int(MoveKind.PASS)
CHALLENGE = int(MoveKind.CHALLENGE)
UNO = int(MoveKind.UNO)
CATCH = int(MoveKind.CATCH)
COLOUR = int(MoveKind.COLOUR)
DEAL = int(MoveKind.DEAL)
SWAP = int(MoveKind.SWAP)
GIVE = int(MoveKind.GIVE)
READY = int(MoveKind.READY)
SPEAK = int(MoveKind.SPEAK)
ADVISE = int(MoveKind.ADVISE)
SLOW = int(MoveKind.SLOW)
#: A move pushed, as one ``int64`` of the history :func:`uno_nb.kernel.jit.play_batch`
#: writes out when asked: its kind in the low 4 bits, then the seat, the card + 1
#: (8 bits), the colour + 1 and the target seat + 1 (4 bits each) at these bit
#: offsets (``-1``, no card / colour / target, is 0); :func:`uno_nb.kernel.move_text`
#: reads it back into the engine's notation.
MV_SEAT, MV_CARD, MV_COLOUR, MV_TARGET = 4, 8, 16, 20

#: "No seat, card, colour or target" as an argument: -1 as an int64 value, not
#: a literal (see :func:`uno_nb.kernel.state.i64`).
NO = cast(int, np.int64(-1))

# ---------------------------------------------------------------- rule ids counted

#: The engine's counted rule ids, in its order: a game's ``fired`` row.
FIRED_IDS = COUNTED_RULES
_F = {name: i for i, name in enumerate(FIRED_IDS)}
F_CHALLENGE, F_GUILTY, F_GUILTY_STD, F_INNOCENT = (_F["R-CHALLENGE"], _F["R-CHALLENGE-GUILTY"],
                                                   _F["R-CHALLENGE-GUILTY-STD"],
                                                   _F["R-CHALLENGE-INNOCENT"])
F_DRAW2, F_OUT, F_RESHUFFLE, F_REVERSE, F_SKIP, F_SKIP_ANSWER = (
    _F["R-DRAW2"], _F["R-OUT"], _F["R-RESHUFFLE"], _F["R-REVERSE"], _F["R-SKIP"],
    _F["R-SKIP-ANSWER"])
F_START, F_UNO, F_W4, F_BLUFF, F_WILD, F_CATCH = (
    _F["R-START-EFFECT"], _F["R-UNO"], _F["R-W4"], _F["R-W4-BLUFF"], _F["R-WILD"],
    _F["T-UNO-CATCH"])
F_DEFLECT, F_JUMP, F_START_NUMBER, F_SAVE2, F_PLAY_DRAWN, F_UNTIL, F_ANYTIME = (
    _F["V-DEFLECT-2"], _F["V-JUMP-IN"], _F["V-START-NUMBER"], _F["V-W4-SAVE-2"],
    _F["V-PLAY-DRAWN-MUST"], _F["V-DRAW-UNTIL-PLAYABLE"], _F["V-W4-ANYTIME"])
F_TWO_SKIP, F_STACK, F_STACK_MIXED, F_BOUNCE, F_PLUS10, F_DOUBLES, F_SEVEN_ZERO = (
    _F["V-TWO-PLAYER-SKIP"], _F["V-STACK"], _F["V-STACK-MIXED"], _F["V-REVERSE-BOUNCE"],
    _F["V-PLUS10"], _F["V-DOUBLES"], _F["V-SEVEN-ZERO"])
F_SWAP_FIVE, F_WHEEL, F_PENALTY, F_LAZY, F_DROP_ZERO, F_TO_LAST, F_SEVEN_ROUNDS, F_H2O = (
    _F["V-SWAP-FIVE"], _F["V-COLOUR-WHEEL"], _F["V-SCORE-PENALTY"], _F["V-LAZY"],
    _F["V-DROP-ZERO"], _F["V-TO-THE-LAST"], _F["V-SEVEN-ROUNDS"], _F["V-H2O"])
F_UNO_CENTER, F_SILENT, F_ADVICE, F_READY = (_F["T-UNO-CENTER"], _F["T-SILENT-TWOS"],
                                             _F["T-ADVICE"], _F["T-READY"])
NFIRED = len(FIRED_IDS)

# ---------------------------------------------------------------- rule options

OPTION_NAMES = tuple(RuleSet.option_names())
_O = {name: i for i, name in enumerate(OPTION_NAMES)}
# Each option's place in a rules row, under the option's name, found by that
# name (a new option needs no renumbering).
O_START_CARD = _O["start_card"]
O_DRAW_ANYTIME = _O["draw_anytime"]
O_DEFLECT_2 = _O["deflect_2"]
O_W4_SAVE_2 = _O["w4_save_2"]
O_JUMP_IN = _O["jump_in"]
O_W4_BLUFF = _O["w4_bluff"]
O_CHALLENGE = _O["challenge"]
O_UNO_PENALTY = _O["uno_penalty"]
O_TARGET_SCORE = _O["target_score"]
O_PLAY_DRAWN = _O["play_drawn"]
O_DRAW_UNTIL_PLAYABLE = _O["draw_until_playable"]
O_W4_ANYTIME = _O["w4_anytime"]
O_MISPLAY_PENALTY = _O["misplay_penalty"]
O_TWO_PLAYER_SKIP = _O["two_player_skip"]
O_STACK = _O["stack"]
O_STACK_MIXED = _O["stack_mixed"]
O_REVERSE_BOUNCE = _O["reverse_bounce"]
O_PLUS10 = _O["plus10"]
O_DOUBLES = _O["doubles"]
O_SEVEN_ZERO = _O["seven_zero"]
O_SWAP_FIVE = _O["swap_five"]
O_COLOUR_WHEEL = _O["colour_wheel"]
O_SCORING = _O["scoring"]
O_DROP_ZERO = _O["drop_zero"]
O_TO_THE_LAST = _O["to_the_last"]
O_SEVEN_ROUNDS = _O["seven_rounds"]
O_H2O = _O["h2o"]
O_UNO_CENTER = _O["uno_center"]
O_SILENT_TWOS = _O["silent_twos"]
O_SILENT_BLACK = _O["silent_black"]
O_ADVICE = _O["advice"]
O_READY = _O["ready"]
# A choice is the place of its value among the option's choices.
_CHOICES = {info.name: info.choices or () for info in RuleSet.options()}
SCORE_WINNER, SCORE_PENALTY, SCORE_LAZY = (_CHOICES["scoring"].index(v)
                                           for v in ("winner", "penalty", "lazy"))
START_NUMBER = _CHOICES["start_card"].index("number")
CHALLENGE_RETURN = _CHOICES["challenge"].index("return")
# derived flags, after the options
D_BLUFF_OK, D_ANSWERS, D_SLOW, D_TALK, D_MUST_PLAY, D_DECK = range(len(OPTION_NAMES),
                                                                   len(OPTION_NAMES) + 6)
NRULES = D_DECK + 1


def rules_array(rules: RuleSet) -> I64:
    """A rule set as the kernel reads it: option values, then derived flags
    (the engine's ``_bluff``, ``_answers``, ``_slow``, ``_talk``, ``_must_play``)."""
    r = np.zeros(NRULES, np.int64)
    for name, i in _O.items():
        value = getattr(rules, name)  # a switch 0/1, a number as it is, a choice its place
        r[i] = _CHOICES[name].index(value) if isinstance(value, str) else int(value)
    r[D_BLUFF_OK] = rules.bluff_ok  # the derived flags are the rule set's (Game reads them too)
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
