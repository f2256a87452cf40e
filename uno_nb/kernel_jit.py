"""The compiled game loop of :mod:`uno_nb.kernel` (numba).

This module is the engine (:mod:`uno_nb.game`) and the table model of the
runner (:mod:`uno_nb.simulation`) written again over flat integer arrays, so
that numba can compile a whole batch of games into one machine-code loop.  It
follows the engine line by line, in the same order, drawing the same random
numbers from the same generators (:mod:`uno_nb.mtrand` reproduces CPython's
Mersenne Twister), so every game it plays is the engine's game, record for
record; ``tests/test_kernel.py`` holds it to that.  Read :mod:`uno_nb.game`
first: the function names here are the engine's method names.

Layout.  One ``int64`` array ``st`` holds a game's whole state: the scalars
at fixed offsets (``CUR``, ``PHASE``, …), then each hand as card counts
(``HC + seat * 64 + card``), the piles (bottom first) and the per-seat
lists.  Cards are their index in :data:`uno_nb.cards.ALL_CARDS`; a set of
card values is a bit mask, as in the engine.  Moves are rows of ``mv``
(kind, card, colour, target).
"""

from __future__ import annotations

import numpy as np
from numba import carray, config, njit, types
from numba.extending import intrinsic

from . import mtrand as mt
from .cards import ALL_CARDS, COLOURS, build_deck
from .game import COUNTED_RULES
from .rules import RuleSet

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

TURN, DRAWN, PENALTY, CHOOSE, ROUND_OVER, GAME_OVER, SWAP7, EXCHANGE, GIVING, WAIT = range(10)
PLAY, DRAW, PASS, CHALLENGE, UNO, CATCH, COLOUR, DEAL, SWAP, GIVE, READY, SPEAK, ADVISE, SLOW = \
    range(14)

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
(O_START_NUMBER, O_ANYTIME, O_DEFLECT, O_SAVE2, O_JUMP, O_BLUFF, O_RETURN, O_UNO_PENALTY,
 O_TARGET, O_PLAY_DRAWN, O_UNTIL, O_W4_ANYTIME, O_MISPLAY, O_TWO_SKIP, O_STACK, O_STACK_MIXED,
 O_BOUNCE, O_PLUS10, O_DOUBLES, O_SEVEN_ZERO, O_SWAP_FIVE, O_WHEEL, O_SCORING, O_DROP_ZERO,
 O_TO_LAST, O_SEVEN_ROUNDS, O_H2O, O_UNO_CENTER, O_SILENT_TWOS, O_SILENT_BLACK, O_ADVICE,
 O_READY) = range(32)
assert [OPTION_NAMES.index(name) for name in (
    "start_card", "draw_anytime", "deflect_2", "w4_save_2", "jump_in", "w4_bluff", "challenge",
    "uno_penalty", "target_score", "play_drawn", "draw_until_playable", "w4_anytime",
    "misplay_penalty", "two_player_skip", "stack", "stack_mixed", "reverse_bounce", "plus10",
    "doubles", "seven_zero", "swap_five", "colour_wheel", "scoring", "drop_zero", "to_the_last",
    "seven_rounds", "h2o", "uno_center", "silent_twos", "silent_black", "advice", "ready")
] == list(range(32)), "RuleSet's options moved: renumber the O_* constants"
SCORE_WINNER, SCORE_PENALTY, SCORE_LAZY = 0, 1, 2
# derived flags, after the options
D_BLUFF_OK, D_ANSWERS, D_SLOW, D_TALK, D_MUST_PLAY, D_DECK = 32, 33, 34, 35, 36, 37
NRULES = 40


def rules_array(rules: RuleSet) -> np.ndarray:
    """A rule set as the kernel reads it: option values, then derived flags
    (the engine's ``_bluff``, ``_answers``, ``_slow``, ``_talk``, ``_must_play``)."""
    r = np.zeros(NRULES, np.int64)
    for name, i in _O.items():
        value = getattr(rules, name)
        if name == "start_card":
            value = value == "number"
        elif name == "challenge":
            value = value == "return"
        elif name == "scoring":
            value = ("winner", "penalty", "lazy").index(value)
        r[i] = int(value)
    r[D_BLUFF_OK] = rules.w4_bluff or rules.w4_anytime
    r[D_ANSWERS] = (rules.deflect_2 or rules.w4_save_2 or rules.stack or rules.jump_in
                    or rules.reverse_bounce or rules.doubles)
    r[D_SLOW] = (rules.seven_zero or rules.swap_five or rules.silent_twos or rules.to_the_last
                 or rules.seven_rounds or rules.silent_black or rules.reverse_bounce
                 or rules.advice or rules.uno_center)
    r[D_TALK] = rules.silent_twos or rules.advice or rules.uno_center
    r[D_MUST_PLAY] = rules.play_drawn or rules.draw_until_playable
    r[D_DECK] = int(rules.plus10) + 2 * int(rules.h2o)
    return r


# ---------------------------------------------------------------- state layout

(N, SEED, COLOURV, MATCHV, CUR, DIR, PHASE, PENDING, PCARD, W4SET, W4ACC, W4PREV, W4GUILTY,
 DRAWNC, TOPBY, UNOOPEN, DEALER, ROUND, TURNS, CHANCE, OUTS, BOUNCE, EXFIRST, EXPART, EXGIVEN,
 RESUME, SILENCE, SILVAL, SLAP, NPILE, NDISC, WINNER, REASON, MAXROUNDS, DECKK, NDECK,
 MOVES, LOSER, NFINISH, LASTWIN) = range(40)
HC = 64
HSIZE = HC + 10 * 64
HMASK = HSIZE + 10
SCORES = HMASK + 10
DRAWNN = SCORES + 10
WONR = DRAWNN + 10
WINS = WONR + 10
OUT = WINS + 10
FINISH = OUT + 10
REFILL = FINISH + 10
LAST = REFILL + 10
FIRED = LAST + 10
PILE = FIRED + 48
DISC = PILE + 128
TMP = DISC + 128
DECK = TMP + 128
STATE_SIZE = DECK + 128
MAXM = 512
REFILLS = np.array([6, 5, 4, 3, 2, 1], np.int64)

# traits columns
T_FORGET, T_NOTICE, T_REACTION, T_TALK, T_ADVISE = range(5)


# ================================================================ unowned views

@intrinsic
def _data_pointer(typingctx, arr):
    """The data pointer of a C-contiguous array (for :func:`unowned`)."""
    if not isinstance(arr, types.Array) or arr.layout != "C":
        return None  # no such signature: a typing error, never a wrong view
    sig = types.CPointer(arr.dtype)(arr)

    def codegen(context, builder, signature, args):
        return context.make_array(arr)(context, builder, args[0]).data
    return sig, codegen


@njit(cache=True, inline="always")
def unowned(a):
    """A view of the C-contiguous array ``a`` that numba does not reference-count.

    Every call between compiled functions that LLVM does not inline increments
    and decrements (atomically) the reference count of each array argument; on
    the per-move path that was about a third of the kernel's time.  A view made
    by ``numba.carray`` from a raw pointer has no reference count (the runtime
    skips a null one), so the game loop works on such views.  They must not
    outlive ``a``: numba frees a local array right after its last use, so the
    owner must be used after the views (:func:`keep_alive`)."""
    return carray(_data_pointer(a), a.shape)


if config.DISABLE_JIT:  # plain Python (NUMBA_DISABLE_JIT=1): no runtime, nothing to count
    def unowned(a):  # noqa: F811
        return a


@njit(cache=True)
def keep_alive(*arrays):
    """Nothing; a use of ``arrays`` that keeps them (and their unowned views) alive until here."""
    return len(arrays)


# ================================================================ randomness

@njit(cache=True)
def mix(seed, k):
    """The engine's ``_mix``: SplitMix64 of the game's seed and chance event ``k``."""
    x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(k) * np.uint64(0xD1B54A32D192ED03)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def next_rng(st, crng):
    """``Game._rng``: a fresh generator for the next chance event."""
    st[CHANCE] += 1
    x = mix(st[SEED], st[CHANCE])
    mt.seed_int(crng, np.uint32(x & np.uint64(0xFFFFFFFF)), np.uint32(x >> np.uint64(32)))


@njit(cache=True)
def shuffle(st, off, n, crng):
    """``Game._shuffle`` of ``st[off:off+n]``: sort by uniform keys, stably."""
    mt.sort_shuffle_inplace(crng, st[off:off + n], n)


# ================================================================ small queries
#
# The small helpers of the per-move path are inlined by numba (inline="always"):
# a call between compiled functions that LLVM does not inline costs the call
# plus a reference-count increment and decrement (atomic) of every array
# argument, which made up a good part of a move's time.

@njit(cache=True, inline="always")
def after(st, seat):
    n = st[N]
    d = st[DIR]
    seat = (seat + d) % n
    if st[OUTS]:
        while st[OUT + seat]:
            seat = (seat + d) % n
    return seat


@njit(cache=True, inline="always")
def lowest_card(bits):
    """The card of the lowest set bit of a non-empty mask."""
    low = np.uint64(bits & -bits)
    return BITPOS[(low * np.uint64(0x03F79D71B4CB0A89)) >> np.uint64(58)]


@njit(cache=True, inline="always")
def add_card(st, p, c):
    st[HC + p * 64 + c] += 1
    st[HSIZE + p] += 1
    st[HMASK + p] |= np.int64(1) << c


@njit(cache=True, inline="always")
def remove_card(st, p, c):
    k = HC + p * 64 + c
    st[k] -= 1
    st[HSIZE + p] -= 1
    if st[k] == 0:
        st[HMASK + p] &= ~(np.int64(1) << c)


@njit(cache=True, inline="always")
def set_colour(st, colour):
    st[COLOURV] = colour
    st[MATCHV] = MATCH[colour, C_RANK[st[DISC + st[NDISC] - 1]]]


@njit(cache=True, inline="always")
def colour_of_card(st, c):
    st[COLOURV] = C_COL[c]
    st[MATCHV] = MATCH[C_COL[c], C_RANK[c]]


@njit(cache=True, inline="always")
def top(st):
    return st[DISC + st[NDISC] - 1]


@njit(cache=True, inline="always")
def w4_blocked(st, seat, ru):
    """R-W4-LEGAL: a Wild Draw Four may not be played by ``seat`` now."""
    return ru[D_BLUFF_OK] == 0 and (st[HMASK + seat] & COLMASK[st[COLOURV]]) != 0


@njit(cache=True, inline="always")
def playable(st, c, seat, ru):
    if C_COL[c] < 0:
        return ru[D_BLUFF_OK] != 0 or C_RANK[c] != RK_W4 or \
            (st[HMASK + seat] & COLMASK[st[COLOURV]]) == 0
    return C_COL[c] == st[COLOURV] or C_RANK[c] == C_RANK[top(st)]


@njit(cache=True)
def partners_any(st, seat):
    n = st[N]
    for s in range(n):
        if s != seat and not st[OUT + s] and st[HSIZE + s] > 0:
            return True
    return False


@njit(cache=True, inline="always")
def clear_pending(st):
    st[PENDING] = 0
    st[PCARD] = -1
    st[W4SET] = 0


# ================================================================ moves

@njit(cache=True, inline="always")
def add_move(mv, b, k, kind, card, colour, target):
    mv[b, 0, k] = kind
    mv[b, 1, k] = card
    mv[b, 2, k] = colour
    mv[b, 3, k] = target
    return k + 1


@njit(cache=True, inline="always")
def add_plays(mv, b, k, c, ru):
    """Every play of card ``c``: black cards once per colour (none under the wheel)."""
    if C_COL[c] < 0 and ru[O_WHEEL] == 0:
        for col in range(4):
            k = add_move(mv, b, k, PLAY, c, col, -1)
    else:
        k = add_move(mv, b, k, PLAY, c, -1, -1)
    return k


@njit(cache=True)
def answers_with(st, pending, c, seat, ru):
    """``Game._answers_with``: may card ``c`` answer the pending draw card?"""
    if C_RANK[c] == RK_W4 and w4_blocked(st, seat, ru):
        return False
    if C_DRAW[c] == 0:
        return ru[O_BOUNCE] != 0 and C_RANK[c] == RK_R and C_COL[c] == st[COLOURV]
    if ru[O_STACK]:
        if C_RANK[c] == C_RANK[pending]:
            return True
        if ru[O_STACK_MIXED] and (C_COL[c] < 0 or C_COL[pending] >= 0 or C_COL[c] == st[COLOURV]):
            return True
    if C_RANK[c] == RK_P2:
        if C_RANK[pending] == RK_P2 and ru[O_DEFLECT]:
            return True
        if C_RANK[pending] == RK_W4 and ru[O_SAVE2] and C_COL[c] == st[COLOURV]:
            return True
    return False


@njit(cache=True)
def penalty_answers(st, seat, ru):
    """The cards (bit mask) whose plays answer the pending draw card."""
    bits = np.int64(0)
    pc = st[PCARD]
    hmask = st[HMASK + seat]
    if pc >= 0 and ru[D_ANSWERS]:
        m = hmask
        while m:
            c = lowest_card(m)
            if answers_with(st, pc, c, seat, ru):
                bits |= np.int64(1) << c
            m &= m - 1
    if ru[O_JUMP] and st[TOPBY] >= 0 and st[TOPBY] != seat:
        t = top(st)
        if (hmask >> t) & 1 and not (C_COL[t] < 0 and C_DRAW[t] > 0):
            bits |= np.int64(1) << t
    return bits


@njit(cache=True)
def turn_moves(st, mv, ru):
    """``Game.turn_moves`` into buffer 0; returns (count, plays)."""
    seat = st[CUR]
    phase = st[PHASE]
    k = 0
    if phase == TURN:
        hmask = st[HMASK + seat]
        bits = hmask & st[MATCHV]
        if ru[D_BLUFF_OK] == 0 and (hmask & COLMASK[st[COLOURV]]):
            bits &= ~W4_BIT
        while bits:
            k = add_plays(mv, 0, k, lowest_card(bits), ru)
            bits &= bits - 1
        plays = k
        if ru[O_ANYTIME] or k == 0:
            k = add_move(mv, 0, k, DRAW, -1, -1, -1)
        return k, plays
    if phase == PENALTY:
        bits = penalty_answers(st, seat, ru)
        while bits:
            k = add_plays(mv, 0, k, lowest_card(bits), ru)
            bits &= bits - 1
        plays = k
        k = add_move(mv, 0, k, DRAW, -1, -1, -1)
        pc = st[PCARD]
        if pc >= 0 and C_RANK[pc] == RK_W4 and st[W4SET]:
            k = add_move(mv, 0, k, CHALLENGE, -1, -1, -1)
        return k, plays
    if phase == DRAWN:
        c = st[DRAWNC]
        if c >= 0 and playable(st, c, seat, ru):
            k = add_plays(mv, 0, k, c, ru)
            plays = k
            if ru[D_MUST_PLAY] == 0:
                k = add_move(mv, 0, k, PASS, -1, -1, -1)
            return k, plays
        k = add_move(mv, 0, k, PASS, -1, -1, -1)
        return k, 0
    if phase == CHOOSE:
        for col in range(4):
            k = add_move(mv, 0, k, COLOUR, -1, col, -1)
        return k, 0
    if phase == ROUND_OVER:
        return add_move(mv, 0, k, DEAL, -1, -1, -1), 0
    if phase == SWAP7 or phase == EXCHANGE:
        for t in range(st[N]):
            if t != seat and not st[OUT + t] and st[HSIZE + t] > 0:
                k = add_move(mv, 0, k, SWAP, -1, -1, t)
        if phase == EXCHANGE:
            k = add_move(mv, 0, k, PASS, -1, -1, -1)
        return k, 0
    if phase == GIVING:
        for c in range(NCARDS):
            if st[HC + seat * 64 + c] > 0:
                k = add_move(mv, 0, k, GIVE, c, -1, -1)
        return k, 0
    if phase == WAIT:
        return add_move(mv, 0, k, READY, -1, -1, -1), 0
    return 0, 0


@njit(cache=True)
def jump_in_moves(st, mv, b, ru):
    """``Game.jump_in_moves()`` (every seat) into buffer ``b``; returns the count."""
    k = 0
    if st[PHASE] > PENALTY or st[TOPBY] < 0:
        return 0
    t = top(st)
    n = st[N]
    if (ru[O_JUMP] or ru[O_DOUBLES]) and not (C_COL[t] < 0 and C_DRAW[t] > 0):
        for s in range(n):
            if s == st[CUR]:
                continue
            if s == st[TOPBY]:
                if not ru[O_DOUBLES]:
                    continue
            elif not ru[O_JUMP]:
                continue
            if st[HC + s * 64 + t] > 0:
                k = add_plays(mv, b, k, t, ru)
                for i in range(k - (4 if (C_COL[t] < 0 and ru[O_WHEEL] == 0) else 1), k):
                    mv[b, 3, i] = s  # the player, kept in the target column for jump-ins
    bo = st[BOUNCE]
    if bo >= 0 and (C_RANK[t] == RK_S or C_RANK[t] == RK_R):
        for c in range(NCARDS):
            if st[HC + bo * 64 + c] > 0 and C_RANK[c] == RK_R and C_COL[c] == st[COLOURV]:
                dup = False
                for i in range(k):
                    if mv[b, 3, i] == bo and mv[b, 1, i] == c:
                        dup = True
                if not dup:
                    k = add_move(mv, b, k, PLAY, c, -1, bo)
    return k


# ================================================================ drawing

@njit(cache=True)
def reshuffle(st, crng):
    keep = 2 if st[W4SET] else 1
    nd = st[NDISC]
    if nd <= keep:
        return
    m = nd - keep
    for i in range(m):
        st[PILE + i] = st[DISC + i]
    for i in range(keep):
        st[DISC + i] = st[DISC + m + i]
    st[NDISC] = keep
    next_rng(st, crng)
    shuffle(st, PILE, m, crng)
    st[NPILE] = m
    st[FIRED + F_RESHUFFLE] += 1


@njit(cache=True)
def draw_cards(st, p, count, crng):
    got = 0
    for _ in range(count):
        if st[NPILE] == 0:
            reshuffle(st, crng)
            if st[NPILE] == 0:
                break
        st[NPILE] -= 1
        add_card(st, p, st[PILE + st[NPILE]])
        got += 1
    st[DRAWNN + p] += got
    return got


@njit(cache=True)
def turn_draw(st, p, ru, crng):
    while True:
        if st[NPILE] == 0:
            if draw_cards(st, p, 1, crng) == 0:
                st[CUR] = after(st, p)
                return
        else:
            st[NPILE] -= 1
            add_card(st, p, st[PILE + st[NPILE]])
            st[DRAWNN + p] += 1
        c = st[PILE + st[NPILE]]  # the card just drawn, just past the pile's new end
        if ((st[MATCHV] >> c) & 1) and (ru[D_BLUFF_OK] or C_RANK[c] != RK_W4
                                        or (st[HMASK + p] & COLMASK[st[COLOURV]]) == 0):
            st[PHASE] = DRAWN
            st[DRAWNC] = c
            if ru[D_MUST_PLAY]:
                st[FIRED + (F_UNTIL if ru[O_UNTIL] else F_PLAY_DRAWN)] += 1
            return
        if not ru[O_UNTIL]:
            st[CUR] = after(st, p)
            return


@njit(cache=True)
def wait_ready(st, drawer, count, ru):
    if ru[O_READY] and count >= 4 and st[PHASE] == TURN:
        st[RESUME] = st[CUR]
        st[CUR] = drawer
        st[PHASE] = WAIT


@njit(cache=True)
def take_penalty(st, p, ru, crng):
    count = st[PENDING]
    draw_cards(st, p, count, crng)
    st[PENDING] = 0
    st[PCARD] = -1
    st[W4SET] = 0
    st[PHASE] = TURN
    st[CUR] = after(st, p)
    if ru[O_READY]:
        wait_ready(st, p, count, ru)


@njit(cache=True)
def take_forced_penalty(st, mv, ru, crng):
    pc = st[PCARD]
    if pc < 0 or (C_RANK[pc] == RK_W4 and st[W4SET]):
        return
    victim = st[CUR]
    if ru[D_ANSWERS]:
        if penalty_answers(st, victim, ru) != 0 or jump_in_moves(st, mv, 1, ru) > 0:
            return
    st[TURNS] += 1
    take_penalty(st, victim, ru, crng)


# ================================================================ end of a round

@njit(cache=True)
def hand_points(st, s, drop):
    if drop and st[HSIZE + s] == 1:
        for c in range(NCARDS):
            if st[HC + s * 64 + c] and C_RANK[c] == 0:
                return 50
    total = 0
    for c in range(NCARDS):
        total += st[HC + s * 64 + c] * C_PTS[c]
    return total


@njit(cache=True)
def end_round(st, winner, loser, final, ru, crng):
    n = st[N]
    st[UNOOPEN] = -1
    st[SILENCE] = 0
    st[SLAP] = -1
    st[FIRED + F_OUT] += 1
    if st[PHASE] == PENALTY:
        draw_cards(st, st[CUR], st[PENDING], crng)
        clear_pending(st)
    drop = ru[O_DROP_ZERO]
    if drop:
        for s in range(n):
            if st[HSIZE + s] == 1 and hand_points(st, s, False) == 0:
                st[FIRED + F_DROP_ZERO] += 1
                break
    # scratch view: deal_round fills TMP while dealing, jump_ins keeps its choices
    # there during one race (a race that ends the round reads none of them after)
    values = st[TMP:TMP + n]
    for s in range(n):
        values[s] = hand_points(st, s, drop)
    scoring = ru[O_SCORING]
    st[WONR + winner] = st[ROUND]
    if scoring == SCORE_WINNER:
        pts = 0
        for s in range(n):
            if s != winner:
                pts += values[s]
        st[SCORES + winner] += pts
    elif scoring == SCORE_PENALTY:
        st[FIRED + F_PENALTY] += 1
        for s in range(n):
            st[SCORES + s] += values[s]
        last = st[LAST + winner]
        bonus = 0
        if ru[O_H2O] and last >= 0:
            if C_RANK[last] == RK_P1:
                bonus = 20
            elif C_RANK[last] == RK_W2:
                bonus = 40
        if bonus:
            st[SCORES + winner] -= bonus
            st[FIRED + F_H2O] += 1
    else:
        st[FIRED + F_LAZY] += 1
        if loser < 0:
            best = -1
            s = winner
            for _ in range(1, n):
                s = after(st, s)
                if best < 0 or values[s] > values[best]:
                    best = s
            loser = best
    st[WINS + winner] += 1
    st[LASTWIN] = winner
    st[LOSER] = loser
    target = ru[O_TARGET]
    reason = 0
    if final:
        reason = 3
    else:
        top_score = st[SCORES]
        for s in range(1, n):
            top_score = max(top_score, st[SCORES + s])
        if scoring != SCORE_LAZY and top_score >= target:
            reason = 1
        elif st[MAXROUNDS] > 0 and st[ROUND] >= st[MAXROUNDS]:
            reason = 2
    if reason == 0:
        st[PHASE] = ROUND_OVER
        st[CUR] = loser if scoring == SCORE_LAZY else (st[DEALER] + 1) % n
        return
    if reason == 3 or (reason == 1 and scoring == SCORE_WINNER):
        champion = winner
    elif scoring == SCORE_PENALTY:
        champion = 0
        for s in range(1, n):
            a, b = st[SCORES + s], st[SCORES + champion]
            if a < b or (a == b and st[WONR + s] > st[WONR + champion]):
                champion = s
    elif scoring == SCORE_LAZY:
        champion = 0
        for s in range(1, n):
            a, b = st[WINS + s], st[WINS + champion]
            if a > b or (a == b and st[WONR + s] > st[WONR + champion]):
                champion = s
    else:
        champion = 0
        for s in range(1, n):
            a, b = st[SCORES + s], st[SCORES + champion]
            if a > b or (a == b and st[WONR + s] > st[WONR + champion]):
                champion = s
    st[WINNER] = champion
    st[REASON] = reason
    st[PHASE] = GAME_OVER
    st[CUR] = champion


@njit(cache=True)
def player_out(st, p, ru, crng):
    if ru[O_SEVEN_ROUNDS]:
        used = st[REFILL + p]
        if used < 6:
            count = REFILLS[used]
            st[REFILL + p] = used + 1
            st[FIRED + F_SEVEN_ROUNDS] += 1
            draw_cards(st, p, count, crng)
            return
        end_round(st, p, -1, True, ru, crng)
        return
    if ru[O_TO_LAST]:
        st[OUT + p] = 1
        st[OUTS] += 1
        st[FINISH + st[NFINISH]] = p
        st[NFINISH] += 1
        if st[N] - st[OUTS] > 1:
            st[FIRED + F_TO_LAST] += 1
            if st[OUT + st[CUR]]:
                st[CUR] = after(st, st[CUR])
            return
        loser = 0
        for s in range(st[N]):
            if not st[OUT + s]:
                loser = s
                break
        end_round(st, st[FINISH], loser, False, ru, crng)
        return
    end_round(st, p, -1, False, ru, crng)


@njit(cache=True)
def one_or_none_left(st, p, ru, crng):
    if st[HSIZE + p]:
        st[UNOOPEN] = p
    else:
        player_out(st, p, ru, crng)


# ================================================================ card effects

@njit(cache=True)
def draw_card_played(st, p, c, colour, phase, ru):
    total = C_DRAW[c]
    if phase == PENALTY:
        pc = st[PCARD]
        same = C_RANK[c] == C_RANK[pc]
        answering = p == st[CUR]
        answer = -1
        if ru[O_STACK] and (same or ru[O_STACK_MIXED]):
            total = st[PENDING] + C_DRAW[c]
            answer = F_STACK if same else F_STACK_MIXED
        elif answering and C_RANK[c] == RK_P2 and C_RANK[pc] == RK_P2 and ru[O_DEFLECT]:
            answer = F_DEFLECT
        elif answering and C_RANK[c] == RK_P2 and C_RANK[pc] == RK_W4 and ru[O_SAVE2]:
            answer = F_SAVE2
        elif answering:
            st[FIRED + F_JUMP] += 1
        if answer >= 0:
            st[FIRED + answer] += 1
    prev = st[COLOURV]
    if colour < 0:
        colour_of_card(st, c)
    else:
        st[COLOURV] = colour
        st[MATCHV] = MATCH[colour, C_RANK[c]]
    rank = C_RANK[c]
    if rank == RK_W4:
        st[FIRED + F_W4] += 1
        bluff = ru[O_W4_ANYTIME] == 0 and (st[HMASK + p] & COLMASK[prev]) != 0
        if ru[O_W4_ANYTIME]:
            st[FIRED + F_ANYTIME] += 1
        elif bluff:
            st[FIRED + F_BLUFF] += 1
        st[W4SET] = 1
        st[W4ACC] = p
        st[W4PREV] = prev
        st[W4GUILTY] = bluff
    else:
        st[FIRED + (F_DRAW2 if rank == RK_P2 else F_PLUS10 if rank == RK_W10 else F_H2O)] += 1
        st[W4SET] = 0
    if C_COL[c] < 0:
        st[TOPBY] = -1
    st[PENDING] = total
    st[PCARD] = c
    st[PHASE] = PENALTY
    st[CUR] = after(st, p)


@njit(cache=True)
def pass_hands_on(st, ru):
    n = st[N]
    old = st[HC:HC + n * 64].copy()
    sizes = st[HSIZE:HSIZE + n].copy()
    masks = st[HMASK:HMASK + n].copy()
    for s in range(n):
        if st[OUT + s]:
            continue
        t = after(st, s)
        st[HC + t * 64:HC + t * 64 + 64] = old[s * 64:s * 64 + 64]
        st[HSIZE + t] = sizes[s]
        st[HMASK + t] = masks[s]
    st[UNOOPEN] = -1
    st[FIRED + F_SEVEN_ZERO] += 1


@njit(cache=True)
def action(st, p, c, colour, phase, ru):
    """``Game._action``: returns False when hands moved (a 0 under V-SEVEN-ZERO)."""
    bouncer = st[BOUNCE]
    st[BOUNCE] = -1
    rank = C_RANK[c]
    n = st[N]
    if C_COL[c] < 0:
        if ru[O_WHEEL]:
            colour = WHEEL[(WHEEL_AT[st[COLOURV]] + st[DIR]) % 4]
            st[FIRED + F_WHEEL] += 1
        if ru[O_SILENT_BLACK]:
            st[SILENCE] = 2
            st[SILVAL] = colour
            st[FIRED + F_SILENT] += 1
    if C_DRAW[c] > 0:
        draw_card_played(st, p, c, colour, phase, ru)
        return True
    if phase == PENALTY and rank != RK_R:
        clear_pending(st)
    if C_NUM[c] >= 0:
        colour_of_card(st, c)
        st[PHASE] = TURN
        st[CUR] = after(st, p)
        if st[HSIZE + p] == 0:
            return True
        if ru[O_SEVEN_ZERO] and rank == 0:
            pass_hands_on(st, ru)
            return False
        if ru[O_SEVEN_ZERO] and rank == 7 and partners_any(st, p):
            st[PHASE] = SWAP7
            st[CUR] = p
        elif ru[O_SWAP_FIVE] and rank == 5 and partners_any(st, p):
            st[PHASE] = EXCHANGE
            st[CUR] = p
        if rank == 2 and ru[O_SILENT_TWOS]:
            st[SILENCE] = 1
            st[SILVAL] = p
            st[FIRED + F_SILENT] += 1
        return True
    if rank == RK_S:
        colour_of_card(st, c)
        st[FIRED + F_SKIP] += 1
        if st[OUTS]:
            skipped = after(st, p)
            st[CUR] = after(st, skipped)
        else:
            d = st[DIR]
            skipped = (p + d) % n
            st[CUR] = (skipped + d) % n
        st[PHASE] = TURN
        if ru[O_BOUNCE] and skipped != p:
            st[BOUNCE] = skipped
        return True
    if rank == RK_R:
        colour_of_card(st, c)
        st[FIRED + F_REVERSE] += 1
        st[DIR] = -st[DIR]
        d = st[DIR]
        if phase == PENALTY:
            st[W4SET] = 0
            st[CUR] = after(st, p)
            st[FIRED + F_BOUNCE] += 1
            return True
        if p == bouncer and p != st[CUR]:
            skipper = after(st, p)
            st[CUR] = after(st, skipper)
            st[PHASE] = TURN
            st[FIRED + F_BOUNCE] += 1
            if skipper != p:
                st[BOUNCE] = skipper
            return True
        st[PHASE] = TURN
        if n - st[OUTS] == 2 and ru[O_TWO_SKIP]:
            st[CUR] = p
            st[FIRED + F_TWO_SKIP] += 1
        else:
            st[CUR] = (p + d) % n if not st[OUTS] else after(st, p)
        return True
    # W
    set_colour(st, colour)
    st[FIRED + F_WILD] += 1
    st[PHASE] = TURN
    st[CUR] = after(st, p)
    return True


@njit(cache=True, inline="always")
def talk_after_turn(st):
    sil = st[SILENCE]
    if sil == 0:
        return
    if sil == 1 and st[CUR] == st[SILVAL]:
        st[SILENCE] = 0
    elif sil == 2 and st[COLOURV] != st[SILVAL]:
        st[SILENCE] = 0


@njit(cache=True)
def push_play(st, mv, p, c, colour, jump, ru, crng):
    """``Game.push`` of a card play (``jump``: played out of turn)."""
    if st[UNOOPEN] >= 0:
        st[UNOOPEN] = -1
    phase = st[PHASE]
    if jump and c != top(st):
        jump = False
    remove_card(st, p, c)
    st[DISC + st[NDISC]] = c
    st[NDISC] += 1
    if phase == DRAWN:
        st[DRAWNC] = -1
    else:
        st[TURNS] += 1
    if jump:
        st[FIRED + (F_DOUBLES if p == st[TOPBY] else F_JUMP)] += 1
        if C_RANK[c] == RK_S:
            st[FIRED + F_SKIP_ANSWER] += 1
    st[TOPBY] = p
    if C_NUM[c] >= 0 and not ru[D_SLOW]:
        colour_of_card(st, c)
        st[CUR] = (p + st[DIR]) % st[N]
        if phase != TURN:
            if phase == PENALTY:
                clear_pending(st)
            st[PHASE] = TURN
        if st[HSIZE + p] < 2:
            one_or_none_left(st, p, ru, crng)
        return
    if ru[O_H2O]:
        st[LAST + p] = c
    if action(st, p, c, colour, phase, ru):
        if st[HSIZE + p] < 2:
            one_or_none_left(st, p, ru, crng)
        elif st[PHASE] == PENALTY:
            take_forced_penalty(st, mv, ru, crng)
    if ru[D_TALK]:
        st[SLAP] = -1
        talk_after_turn(st)


@njit(cache=True)
def deal_round(st, dealer, first, ru, crng, same_rng):
    """``Game._deal_round``: shuffle (with the dealer's generator when
    ``same_rng``, else the next one), deal 7 each, turn the start card."""
    n = st[N]
    st[ROUND] += 1
    st[DEALER] = dealer
    k = st[DECKK]
    m = DECK_LEN[k]
    for i in range(m):
        st[TMP + i] = DECKS[k, i]
    if not same_rng:
        next_rng(st, crng)
    shuffle(st, TMP, m, crng)
    for s in range(n):
        for c in range(64):
            st[HC + s * 64 + c] = 0
        st[HSIZE + s] = 0
        st[HMASK + s] = 0
        st[OUT + s] = 0
    dealt = 7 * n
    for i in range(dealt):
        add_card(st, (dealer + 1 + i % n) % n, st[TMP + m - 1 - i])
    for i in range(m - dealt):
        st[PILE + i] = st[TMP + i]
    st[NPILE] = m - dealt
    st[NDISC] = 0
    st[DIR] = 1
    st[PENDING] = 0
    st[PCARD] = -1
    st[W4SET] = 0
    st[DRAWNC] = -1
    st[TOPBY] = -1
    st[UNOOPEN] = -1
    st[OUTS] = 0
    st[NFINISH] = 0
    st[BOUNCE] = -1
    st[EXFIRST] = -1
    st[SILENCE] = 0
    st[SLAP] = -1
    st[PHASE] = TURN
    if first < 0:
        first = (dealer + 1) % n
    st[CUR] = first
    by_number = ru[O_START_NUMBER]
    while True:
        st[NPILE] -= 1
        t = st[PILE + st[NPILE]]
        if not ((C_COL[t] < 0 and C_DRAW[t] > 0) or (by_number and C_NUM[t] < 0)):
            break
        st[NPILE] += 1
        next_rng(st, crng)
        shuffle(st, PILE, st[NPILE], crng)
        st[FIRED + (F_START_NUMBER if by_number else F_START)] += 1
    st[DISC] = t
    st[NDISC] = 1
    set_colour(st, C_COL[t] if C_COL[t] >= 0 else 0)
    if C_NUM[t] >= 0:
        return
    st[FIRED + F_START] += 1
    rank = C_RANK[t]
    if rank == RK_W:
        st[PHASE] = CHOOSE
    elif rank == RK_S:
        st[CUR] = (first + 1) % n
    elif rank == RK_R:
        st[DIR] = -1
        st[CUR] = (first - 1) % n
    else:
        draw_cards(st, first, C_DRAW[t], crng)
        st[CUR] = (first + 1) % n


@njit(cache=True)
def new_game(st, n, seed, max_rounds, ru, crng):
    """``Game.__init__`` up to the first deal.  ``crng`` must already be the
    generator of chance event 1 (``next_rng`` seeded), ready to draw:
    :func:`play_batch` seeds those for blocks of games at once."""
    st[:PILE] = 0  # scalars, hands, per-seat lists, counts (the piles are overwritten)
    st[N] = n
    st[SEED] = seed
    st[MAXROUNDS] = max_rounds
    st[DECKK] = ru[D_DECK]
    st[PCARD] = -1
    st[DRAWNC] = -1
    st[TOPBY] = -1
    st[UNOOPEN] = -1
    st[BOUNCE] = -1
    st[RESUME] = -1
    st[SLAP] = -1
    st[WINNER] = -1
    st[LOSER] = -1
    st[EXFIRST] = -1
    st[DIR] = 1
    for s in range(n):
        st[LAST + s] = -1
    # R-DEALER: the highest number deals; ties draw again from the same pile.
    st[CHANCE] = 1  # = next_rng(st, crng), done by the caller
    k = st[DECKK]
    m = DECK_LEN[k]
    for i in range(m):
        st[TMP + i] = DECKS[k, i]
    contenders = st[DISC:DISC + n]  # scratch: the piles are dealt afterwards
    values = st[DISC + 16:DISC + 16 + n]
    for j in range(n):
        contenders[j] = j
    nc = n
    while True:
        best = -1
        for j in range(nc):
            idx = int(mt.random(crng) * m)
            c = st[TMP + idx]
            for i in range(idx, m - 1):
                st[TMP + i] = st[TMP + i + 1]
            m -= 1
            v = C_NUM[c] if C_NUM[c] > 0 else 0
            values[j] = v
            if v > best:
                best = v
        keep = 0
        for j in range(nc):
            if values[j] == best:
                contenders[keep] = contenders[j]
                keep += 1
        nc = keep
        if nc == 1:
            break
    deal_round(st, contenders[0], -1, ru, crng, True)


# ================================================================ bots

@njit(cache=True, inline="always")
def colour_count(st, seat, col):
    """Cards and points of colour ``col`` in ``seat``'s hand."""
    a = 0
    b = 0
    for j in range(15):
        c = COLOUR_CARDS[col, j]
        if c < 0:
            break
        k = st[HC + seat * 64 + c]
        a += k
        b += k * C_PTS[c]
    return a, b


@njit(cache=True)
def colour_counts(st, seat):
    """Cards and points of each colour in ``seat``'s hand, as two 4-tuples
    (tuples, not arrays: no allocation on the bots' per-move path)."""
    a0, b0 = colour_count(st, seat, 0)
    a1, b1 = colour_count(st, seat, 1)
    a2, b2 = colour_count(st, seat, 2)
    a3, b3 = colour_count(st, seat, 3)
    return (a0, a1, a2, a3), (b0, b1, b2, b3)


@njit(cache=True)
def strongest(cnt, pts):
    """``HeuristicBot._strongest``: the colour with the most cards, then the
    most points, then the first in R, Y, G, B order.  (Leaving out a black
    card changes no colour's count.)"""
    best = 0
    for col in range(1, 4):
        if cnt[col] > cnt[best] or (cnt[col] == cnt[best] and pts[col] > pts[best]):
            best = col
    return best


@njit(cache=True)
def best_play(st, seat, mv, b, idx, nidx, ru):
    """``HeuristicBot._best_play`` over the moves ``idx[:nidx]`` of buffer ``b``."""
    threat = st[HSIZE + after(st, seat)] <= 2
    cnt, pts = colour_counts(st, seat)
    wanted = strongest(cnt, pts)
    best = -1
    k0 = 0.0
    k1 = 0.0
    k2 = 0.0
    for j in range(nidx):
        i = idx[j]
        c = mv[b, 1, i]
        if C_COL[c] < 0:
            right = 1.0 if mv[b, 2, i] == wanted else 0.0
            attack = 1 if (threat and C_DRAW[c] > 0) else 0
            s0 = float(attack * 3)
            s1 = right
            s2 = float(-C_DRAW[c] * (1 - attack))
        else:
            rk = C_RANK[c]
            attack = 1 if (threat and (rk == RK_P2 or rk == RK_S or rk == RK_R)) else 0
            s0 = float(1 + attack * 2)
            s1 = 1.0
            s2 = C_PTS[c] + cnt[C_COL[c]] * 0.5
        if best < 0 or s0 > k0 or (s0 == k0 and (s1 > k1 or (s1 == k1 and s2 > k2))):
            best, k0, k1, k2 = i, s0, s1, s2
    return best


@njit(cache=True)
def challenge_pays(st, seat):
    """``challenge_success_chance(view) > 1/3`` from ``seat``'s view: the
    accused's hand as a uniform subset of the cards ``seat`` cannot see."""
    acc = st[W4ACC]
    col = st[W4PREV]
    k = st[DECKK]
    m = DECK_LEN[k]
    unseen = m - st[HSIZE + seat] - st[NDISC]
    good = 0
    for i in range(m):
        if C_COL[DECKS[k, i]] == col:
            good += 1
    for c in range(NCARDS):
        if C_COL[c] == col:
            good -= st[HC + seat * 64 + c]
    for i in range(st[NDISC]):
        if C_COL[st[DISC + i]] == col:
            good -= 1
    held = st[HSIZE + acc]
    # The bot challenges when 1 - C(U-K, h) / C(U, h) > 1/3, comparing the exact
    # chance with the float 1/3 (a hair below a third): so a chance of exactly
    # one third challenges too.  In integers while they are exact in floats.
    if held > unseen - good:
        return True
    num = 1.0
    den = 1.0
    for i in range(held):
        num *= (unseen - good - i)
        den *= (unseen - i)
    if den < 2.0 ** 51:  # 3 * num and 2 * den below 2**53: exact in floats
        return 3.0 * num <= 2.0 * den
    ratio = 1.0
    for i in range(held):
        ratio *= (unseen - good - i) / (unseen - i)
    return 1.0 - ratio > 1.0 / 3.0


@njit(cache=True)
def heuristic_choose(st, seat, mv, b, k, ru, idx):
    """``HeuristicBot.choose`` among moves ``0..k-1`` of buffer ``b``."""
    if k == 1:
        return 0
    phase = st[PHASE]
    np_ = 0
    for i in range(k):
        if mv[b, 0, i] == PLAY:
            idx[np_] = i
            np_ += 1
    if phase == PENALTY:
        if np_:
            return best_play(st, seat, mv, b, idx, np_, ru)
        for i in range(k):
            if mv[b, 0, i] == CHALLENGE and st[W4SET] and challenge_pays(st, seat):
                return i
        for i in range(k):
            if mv[b, 0, i] == DRAW:
                return i
    if phase == CHOOSE:
        cnt, pts = colour_counts(st, seat)
        want = strongest(cnt, pts)
        for i in range(k):
            if mv[b, 2, i] == want:
                return i
    if phase == SWAP7 or phase == EXCHANGE:
        best = -1
        for i in range(k):
            if mv[b, 0, i] == SWAP:
                t = mv[b, 3, i]
                if best < 0 or st[HSIZE + t] < st[HSIZE + mv[b, 3, best]]:
                    best = i
        if best < 0:
            return k - 1
        return best
    if phase == GIVING:
        best = -1
        for i in range(k):
            c = mv[b, 1, i]
            if best < 0:
                best = i
                continue
            cb = mv[b, 1, best]
            a0, b0 = C_COL[c] >= 0, C_COL[cb] >= 0
            if a0 > b0 or (a0 == b0 and (C_PTS[c] > C_PTS[cb]
                                          or (C_PTS[c] == C_PTS[cb] and c < cb))):
                best = i
        return best
    if np_:
        nc = 0
        for j in range(np_):
            if C_COL[mv[b, 1, idx[j]]] >= 0:
                idx[nc] = idx[j]
                nc += 1
        if nc:
            return best_play(st, seat, mv, b, idx, nc, ru)
        np_ = 0
        for i in range(k):
            if mv[b, 0, i] == PLAY:
                idx[np_] = i
                np_ += 1
        return best_play(st, seat, mv, b, idx, np_, ru)
    for kind in (DEAL, READY, PASS, DRAW):
        for i in range(k):
            if mv[b, 0, i] == kind:
                return i
    return 0


@njit(cache=True)
def bot_choose(bot, st, seat, mv, b, k, plays, ru, trng, idx):
    """A move of bot type ``bot`` (0 random, 1 random-greedy, 2 heuristic)."""
    if bot == 2:
        return heuristic_choose(st, seat, mv, b, k, ru, idx)
    n = k
    if bot == 1:
        p = n
        while p and mv[b, 0, p - 1] != PLAY:
            p -= 1
        if p:
            n = p
        elif mv[b, 0, 0] == DRAW:
            return 0
    return int(mt.random(trng) * n)


# ================================================================ the runner

@njit(cache=True)
def reaction(tr, s, trng):
    return mt.round3(tr[s, T_REACTION] * (0.5 + mt.random(trng)))


@njit(cache=True)
def apply_other(st, mv, p, kind, card, colour, target, ru, crng):
    """``Game._apply`` for every move but a card play."""
    table = kind == SPEAK or kind == ADVISE or kind == SLOW
    if not table:
        own_turn = kind == SWAP or kind == GIVE or (kind == PASS and st[PHASE] == EXCHANGE)
        if st[UNOOPEN] >= 0 and kind != UNO and kind != CATCH and not own_turn:
            st[UNOOPEN] = -1
        if kind != UNO and kind != CATCH:
            st[SLAP] = -1
            st[BOUNCE] = -1
    if kind == DRAW:
        st[TURNS] += 1
        if st[PHASE] == PENALTY:
            take_penalty(st, p, ru, crng)
        else:
            turn_draw(st, p, ru, crng)
    elif kind == PASS:
        if st[PHASE] == EXCHANGE:
            st[PHASE] = TURN
            st[CUR] = after(st, p)
        else:
            st[DRAWNC] = -1
            st[PHASE] = TURN
            st[CUR] = after(st, p)
    elif kind == CHALLENGE:
        st[TURNS] += 1
        challenge(st, p, ru, crng)
    elif kind == UNO:
        st[UNOOPEN] = -1
        st[FIRED + F_UNO] += 1
        if ru[O_UNO_CENTER]:
            st[SLAP] = p
    elif kind == CATCH:
        st[UNOOPEN] = -1
        st[FIRED + F_CATCH] += 1
        draw_cards(st, target, ru[O_UNO_PENALTY], crng)
    elif kind == COLOUR:
        set_colour(st, colour)
        st[PHASE] = TURN
    elif kind == DEAL:
        first = -1
        if ru[O_SCORING] == SCORE_LAZY and st[ROUND] > 0:
            first = st[LASTWIN]  # V-LAZY: the last round's winner starts
        deal_round(st, p, first, ru, crng, False)
    elif kind == SWAP:
        if st[PHASE] == SWAP7:
            a0 = p * 64
            b0 = target * 64
            for c in range(64):
                x = st[HC + a0 + c]
                st[HC + a0 + c] = st[HC + b0 + c]
                st[HC + b0 + c] = x
            x = st[HSIZE + p]
            st[HSIZE + p] = st[HSIZE + target]
            st[HSIZE + target] = x
            x = st[HMASK + p]
            st[HMASK + p] = st[HMASK + target]
            st[HMASK + target] = x
            st[UNOOPEN] = -1
            st[PHASE] = TURN
            st[CUR] = after(st, p)
            st[FIRED + F_SEVEN_ZERO] += 1
        else:
            st[EXFIRST] = p
            st[EXPART] = target
            st[EXGIVEN] = -1
            st[PHASE] = GIVING
            st[CUR] = p
    elif kind == GIVE:
        if st[EXGIVEN] < 0:
            st[EXGIVEN] = card
            st[CUR] = st[EXPART]
        else:
            first, partner, given = st[EXFIRST], st[EXPART], st[EXGIVEN]
            remove_card(st, first, given)
            add_card(st, first, card)
            remove_card(st, partner, card)
            add_card(st, partner, given)
            st[EXFIRST] = -1
            st[PHASE] = TURN
            st[CUR] = after(st, first)
            st[FIRED + F_SWAP_FIVE] += 1
    elif kind == READY:
        st[PHASE] = TURN
        st[CUR] = st[RESUME]
        st[RESUME] = -1
        st[FIRED + F_READY] += 1
    elif kind == SPEAK:
        st[SILENCE] = 0
        st[FIRED + F_SILENT] += 1
        draw_cards(st, p, 2, crng)
    elif kind == ADVISE:
        st[FIRED + F_ADVICE] += 1
        draw_cards(st, p, 2, crng)
    elif kind == SLOW:
        st[SLAP] = -1
        st[FIRED + F_UNO_CENTER] += 1
        draw_cards(st, p, 2, crng)
    if ru[D_TALK] and not table:
        talk_after_turn(st)


@njit(cache=True)
def challenge(st, p, ru, crng):
    acc, prev, guilty = st[W4ACC], st[W4PREV], st[W4GUILTY]
    st[FIRED + F_CHALLENGE] += 1
    st[W4SET] = 0
    total = st[PENDING]
    if guilty:
        st[FIRED + (F_GUILTY if ru[O_RETURN] else F_GUILTY_STD)] += 1
        penalty = total if ru[O_STACK] else 4
        if ru[O_RETURN]:
            st[NDISC] -= 1
            add_card(st, acc, st[DISC + st[NDISC]])
            set_colour(st, prev)
            st[TOPBY] = -1
        draw_cards(st, acc, penalty, crng)
        st[PENDING] = 0
        st[PCARD] = -1
        st[PHASE] = TURN
        st[CUR] = p
        wait_ready(st, acc, penalty, ru)
    else:
        st[FIRED + F_INNOCENT] += 1
        total += 2
        draw_cards(st, p, total, crng)
        st[PENDING] = 0
        st[PCARD] = -1
        st[PHASE] = TURN
        st[CUR] = after(st, p)
        wait_ready(st, p, total, ru)


# ================================================================ the table model

@njit(cache=True)
def traits_batch(keys, koff, n):
    """``table.draw_traits`` for every game: forget/notice/reaction of each
    seat from the ``"uno_nb:<seed>:traits"`` generator, talk/advise from
    ``":talk"`` (columns ``T_*``)."""
    games = koff.shape[0]
    out = np.empty((games, n, 5), np.float64)
    block = mt.BLOCK
    work = mt.block_work()
    a = np.zeros((block, mt.STATE_SIZE), np.uint32)
    b = np.zeros((block, mt.STATE_SIZE), np.uint32)
    astart = np.zeros(block, np.int64)
    acount = np.zeros(block, np.int64)
    bstart = np.zeros(block, np.int64)
    bcount = np.zeros(block, np.int64)
    for g0 in range(0, games, block):  # seeded BLOCK games at a time (see play_batch)
        for lane in range(block):
            g = min(g0 + lane, games - 1)
            astart[lane] = koff[g, 2]
            acount[lane] = koff[g, 3]
            bstart[lane] = koff[g, 4]
            bcount[lane] = koff[g, 5]
        mt.seed_twisted(a, keys, astart, acount, work)
        mt.seed_twisted(b, keys, bstart, bcount, work)
        for g in range(g0, min(g0 + block, games)):
            rng = a[g - g0]
            for s in range(n):
                out[g, s, T_FORGET] = mt.round3(mt.uniform(rng, 0.05, 0.35))
                out[g, s, T_NOTICE] = mt.round3(mt.uniform(rng, 0.2, 0.8))
                out[g, s, T_REACTION] = mt.round3(mt.uniform(rng, 0.3, 1.2))
            rng = b[g - g0]
            for s in range(n):
                out[g, s, T_TALK] = mt.round3(mt.uniform(rng, 0.0, 0.15))
                out[g, s, T_ADVISE] = mt.round3(mt.uniform(rng, 0.0, 0.05))
    return out


@njit(cache=True)
def uno_call(st, mv, tr, trng, ru, crng):
    """The runner's ``_uno_call`` (T-UNO-CATCH) for the player left with one card."""
    p = st[UNOOPEN]
    n = st[N]
    if mt.random(trng) >= tr[p, T_FORGET]:
        apply_other(st, mv, p, UNO, -1, -1, -1, ru, crng)
        return 1
    best_q = -1
    best_t = 0.0
    for q in range(n):
        if q != p and mt.random(trng) < tr[q, T_NOTICE]:
            t = reaction(tr, q, trng)
            if best_q < 0 or t < best_t:
                best_q, best_t = q, t
    if best_q < 0:
        return 0
    apply_other(st, mv, best_q, CATCH, -1, -1, p, ru, crng)
    return 1


@njit(cache=True)
def table_talk(st, mv, tr, trng, ru, crng):
    """The runner's ``_table_talk``: T-UNO-CENTER, T-SILENT-TWOS, T-ADVICE."""
    done = 0
    n = st[N]
    if st[SLAP] >= 0:
        caller = st[SLAP]
        slowest = -1
        worst = 0.0
        for s in range(n):
            if s != caller and not st[OUT + s]:
                t = reaction(tr, s, trng)
                if slowest < 0 or t >= worst:
                    slowest, worst = s, t
        if slowest >= 0:
            apply_other(st, mv, slowest, SLOW, -1, -1, -1, ru, crng)
            done += 1
    if st[SILENCE] != 0:
        speaker = -1
        for s in range(n):
            if not st[OUT + s] and mt.random(trng) < tr[s, T_TALK]:
                if speaker < 0:
                    speaker = s
        if speaker >= 0:
            apply_other(st, mv, speaker, SPEAK, -1, -1, -1, ru, crng)
            done += 1
    if ru[O_ADVICE] and st[PHASE] <= PENALTY:
        for s in range(n):
            if s != st[CUR] and not st[OUT + s] and mt.random(trng) < tr[s, T_ADVISE]:
                apply_other(st, mv, s, ADVISE, -1, -1, -1, ru, crng)
                done += 1
                break
    return done


@njit(cache=True)
def jump_ins(st, mv, tr, trng, ru, crng, bots, idx):
    """The runner's ``_jump_ins``: the fastest willing player jumps in."""
    done = 0
    # scratch in st's TMP area (deal_round and end_round use it too, never while a
    # race is read): no allocation on this per-turn path.  The chosen card/colour of
    # seat s at CHO + 2s, the willing seats at WIL.
    cho = TMP
    wil = TMP + 32
    while st[TOPBY] >= 0 and st[PHASE] != GAME_OVER:
        k = jump_in_moves(st, mv, 1, ru)
        if k == 0:
            break
        nw = 0
        for i in range(k):
            s = mv[1, 3, i]
            known = False
            for j in range(nw):
                if st[wil + j] == s:
                    known = True
            if known:
                continue
            wants = True if bots[s] == 2 else mt.random(trng) < 0.5
            if wants:
                ks = 0
                for j in range(k):
                    if mv[1, 3, j] == s:
                        ks = add_move(mv, 2, ks, PLAY, mv[1, 1, j], mv[1, 2, j], -1)
                pick = bot_choose(bots[s], st, s, mv, 2, ks, ks, ru, trng, idx)
                st[cho + 2 * s] = mv[2, 1, pick]
                st[cho + 2 * s + 1] = mv[2, 2, pick]
                st[wil + nw] = s
                nw += 1
        if nw == 0:
            break
        seat = -1
        fastest = 0.0
        for j in range(nw):
            s = st[wil + j]
            t = reaction(tr, s, trng)
            if seat < 0 or t < fastest or (t == fastest and s < seat):
                seat, fastest = s, t
        push_play(st, mv, seat, st[cho + 2 * seat], st[cho + 2 * seat + 1], seat != st[CUR], ru,
                  crng)
        done += 1
        if st[UNOOPEN] >= 0:
            done += uno_call(st, mv, tr, trng, ru, crng)
    return done


@njit(cache=True)
def check_cards(st, deck_counts):
    """Debug mode: every card of the deck is somewhere, exactly once."""
    n = st[N]
    seen = np.zeros(NCARDS, np.int64)
    for s in range(n):
        size = 0
        mask = np.int64(0)
        for c in range(NCARDS):
            k = st[HC + s * 64 + c]
            if k < 0:
                raise ValueError("kernel: a hand holds a negative number of cards")
            seen[c] += k
            size += k
            if k:
                mask |= np.int64(1) << c
        if size != st[HSIZE + s] or mask != st[HMASK + s]:
            raise ValueError("kernel: a hand's size or mask disagrees with its cards")
    for i in range(st[NPILE]):
        seen[st[PILE + i]] += 1
    for i in range(st[NDISC]):
        seen[st[DISC + i]] += 1
    for c in range(NCARDS):
        if seen[c] != deck_counts[c]:
            raise ValueError("kernel: a card was lost or duplicated")


@njit(cache=True)
def play_one(st, mv, idx, tr, trng, crng, ru, bots, n, seed, max_rounds, max_turns, table,
             check, deck_counts):
    """``simulation.play_game`` (``table``: with the table model; without it,
    the benchmark's inline random policy, seeded ``random.Random(seed)``).
    ``tr``: this game's traits (``table.draw_traits``, from :func:`traits_batch`);
    ``crng``: chance event 1's generator and ``trng``: the table's generator
    (or the inline policy's), both seeded by :func:`play_batch`."""
    new_game(st, n, seed, max_rounds, ru, crng)
    first = st[CUR]
    dealer = st[DEALER]
    jump = ru[O_JUMP] or ru[O_DOUBLES] or ru[O_BOUNCE]
    talk = ru[D_TALK]
    moves = 0
    abandoned = False
    if check:
        check_cards(st, deck_counts)
    while st[PHASE] != GAME_OVER:
        if st[TURNS] >= max_turns:
            abandoned = True
            break
        if table and jump and st[TOPBY] >= 0:
            moves += jump_ins(st, mv, tr, trng, ru, crng, bots, idx)
            if check:
                check_cards(st, deck_counts)
            if st[PHASE] == GAME_OVER:
                break
        actor = st[CUR]
        k, plays = turn_moves(st, mv, ru)
        i = bot_choose(bots[actor], st, actor, mv, 0, k, plays, ru, trng, idx)
        kind = mv[0, 0, i]
        if kind == PLAY:
            push_play(st, mv, actor, mv[0, 1, i], mv[0, 2, i], False, ru, crng)
        else:
            apply_other(st, mv, actor, kind, mv[0, 1, i], mv[0, 2, i], mv[0, 3, i], ru, crng)
        moves += 1
        if table:
            if st[UNOOPEN] >= 0:
                moves += uno_call(st, mv, tr, trng, ru, crng)
            if talk and st[PHASE] != GAME_OVER:
                moves += table_talk(st, mv, tr, trng, ru, crng)
        if check:
            check_cards(st, deck_counts)
    st[MOVES] = moves
    return first, dealer, abandoned


@njit(cache=True, nogil=True)  # no Python objects: other threads (the page) run meanwhile
def play_batch(ru, bots, n, seeds, max_rounds, max_turns, table, keys, koff, traits, check,
               out, scores, drawn, fired):
    """Play ``len(seeds)`` games; per game ``out`` gets (winner, first player,
    dealer, turns, moves, rounds, points, abandoned), ``scores``/``drawn`` per
    seat and ``fired`` per rule id of :data:`FIRED_IDS`."""
    st = np.zeros(STATE_SIZE, np.int64)
    mv = np.zeros((3, 4, MAXM), np.int64)
    idx = np.zeros(MAXM, np.int64)
    deck_counts = np.zeros(NCARDS, np.int64)
    # from here on the game loop sees only unowned views (see unowned)
    st_o, mv_o, idx_o, dc_o, ru_o, bots_o = (unowned(st), unowned(mv), unowned(idx),
                                             unowned(deck_counts), unowned(ru), unowned(bots))
    k = ru[D_DECK]
    for i in range(DECK_LEN[k]):
        deck_counts[DECKS[k, i]] += 1
    # Seeding a Mersenne Twister is a ~3 µs chain of dependent steps; each game
    # needs two (chance event 1 and the table's / policy's generator), so they
    # are seeded BLOCK games at a time, side by side (mt.seed_twisted).
    block = mt.BLOCK
    work = mt.block_work()
    cstates = np.zeros((block, mt.STATE_SIZE), np.uint32)
    tstates = np.zeros((block, mt.STATE_SIZE), np.uint32)
    cwords = np.zeros(2 * block, np.uint32)   # int seeds' key words (lo, hi)
    twords = np.zeros(2 * block, np.uint32)
    cstart = np.arange(0, 2 * block, 2).astype(np.int64)
    ccount = np.zeros(block, np.int64)
    tstart = np.zeros(block, np.int64)
    tcount = np.zeros(block, np.int64)
    games = seeds.shape[0]
    for g0 in range(0, games, block):
        for lane in range(block):
            g = min(g0 + lane, games - 1)  # spare lanes of the last block repeat a game
            x = mix(seeds[g], 1)  # next_rng's seed for chance event 1
            cwords[2 * lane] = np.uint32(x & np.uint64(0xFFFFFFFF))
            cwords[2 * lane + 1] = np.uint32(x >> np.uint64(32))
            ccount[lane] = 1 if cwords[2 * lane + 1] == 0 else 2  # as mt.seed_int
            if table:  # the runner's random.Random(f"uno_nb:{seed}:table")
                tstart[lane] = koff[g, 0]
                tcount[lane] = koff[g, 1]
            else:      # the inline policy's random.Random(seed)
                sd = seeds[g]
                twords[2 * lane] = np.uint32(sd & 0xFFFFFFFF)
                twords[2 * lane + 1] = np.uint32(sd >> 32)
                tstart[lane] = 2 * lane
                tcount[lane] = 1 if twords[2 * lane + 1] == 0 else 2
        mt.seed_twisted(cstates, cwords, cstart, ccount, work)
        if table:
            mt.seed_twisted(tstates, keys, tstart, tcount, work)
        else:
            mt.seed_twisted(tstates, twords, tstart, tcount, work)
        for g in range(g0, min(g0 + block, games)):
            crng = unowned(cstates[g - g0])
            trng = unowned(tstates[g - g0])
            _play_and_record(st_o, mv_o, idx_o, unowned(traits[g]), trng, crng, ru_o, bots_o, n,
                             seeds[g], max_rounds, max_turns, table, g, check, dc_o,
                             out, scores, drawn, fired)
    keep_alive(st, mv, idx, deck_counts, cstates, tstates)  # the owners of the unowned views


@njit(cache=True)
def _play_and_record(st, mv, idx, tr, trng, crng, ru, bots, n, seed, max_rounds, max_turns,
                     table, g, check, deck_counts, out, scores, drawn, fired):
    """Play game ``g`` and write its row of the outputs."""
    first, dealer, abandoned = play_one(st, mv, idx, tr, trng, crng, ru, bots, n, seed,
                                        max_rounds, max_turns, table, check, deck_counts)
    winner = -1 if abandoned else st[WINNER]
    out[g, 0] = winner
    out[g, 1] = first
    out[g, 2] = dealer
    out[g, 3] = st[TURNS]
    out[g, 4] = st[MOVES]
    out[g, 5] = st[ROUND]
    out[g, 6] = 0 if winner < 0 else st[SCORES + winner]
    out[g, 7] = abandoned
    for s in range(n):
        scores[g, s] = st[SCORES + s]
        drawn[g, s] = st[DRAWNN + s]
    for f in range(NFIRED):
        fired[g, f] = st[FIRED + f]
