"""The kit's bots in the kernel (:mod:`uno_nb.kernel.jit`): the random and
random-greedy bots and :class:`~uno_nb.sim.bots.HeuristicBot`, move for move.
The heuristic bot here is the simulations' own (``HeuristicBot()``: it never
bluffs on its turn, and keeps a drawn +4 or lays one on a pending draw as its
best card); a bot with a bluff rate (the play page's "Bots bluff" menu) is refused.
"""

from __future__ import annotations

from .mirror import mirrors
from . import mtrand as mt
from numba import njit

from .constants import (CHALLENGE, DEAL, DRAW, PASS, PLAY, P_COLOUR, P_EXCHANGE, P_GIVE, P_PENALTY,
                        P_SWAP, READY, RK_P2, RK_R, RK_S, SWAP)
from .layout import (COLOUR_CARDS, C_COL, C_DRAW, C_PTS, C_RANK, DECKK, DECKS, DECK_LEN, DISC,
                     Four, HC, HSIZE, I64, MVB, M_CARD, M_COLOUR, M_KIND, M_TARGET, NCARDS, NDISC,
                     PHASE, U32, W4ACC, W4PREV, W4SET)
from .state import after


# ================================================================ bots

@mirrors("uno_nb.sim.bots.HeuristicBot._strongest")
@njit(cache=True, inline="always")
def colour_count(st: I64, seat: int, col: int) -> tuple[int, int]:
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


@mirrors("uno_nb.sim.bots.HeuristicBot._strongest")
@njit(cache=True)
def colour_counts(st: I64, seat: int) -> tuple[Four, Four]:
    """Cards and points of each colour in ``seat``'s hand, as two 4-tuples
    (tuples, not arrays: no allocation on the bots' per-move path)."""
    a0, b0 = colour_count(st, seat, 0)
    a1, b1 = colour_count(st, seat, 1)
    a2, b2 = colour_count(st, seat, 2)
    a3, b3 = colour_count(st, seat, 3)
    return (a0, a1, a2, a3), (b0, b1, b2, b3)


@mirrors("uno_nb.sim.bots.HeuristicBot._strongest")
@njit(cache=True)
def strongest(cnt: Four, pts: Four) -> int:
    """``HeuristicBot._strongest``: the colour with the most cards, then the
    most points, then the first in R, Y, G, B order.  (Leaving out a black
    card changes no colour's count.)"""
    best = 0
    for col in range(1, 4):
        if cnt[col] > cnt[best] or (cnt[col] == cnt[best] and pts[col] > pts[best]):
            best = col
    return best


@mirrors("uno_nb.sim.bots.HeuristicBot._best_play")
@njit(cache=True)
def best_play(st: I64, seat: int, mv: I64, b: int, idx: I64, nidx: int, ru: I64) -> int:
    """``HeuristicBot._best_play`` over the moves ``idx[:nidx]`` of buffer ``b``."""
    at = b * MVB  # move i of the buffer at at + 4 * i (see layout.MVB)
    threat = st[HSIZE + after(st, seat)] <= 2
    cnt, pts = colour_counts(st, seat)
    wanted = strongest(cnt, pts)
    best = -1
    k0 = 0.0
    k1 = 0.0
    k2 = 0.0
    for j in range(nidx):
        i = idx[j]
        c = mv[at + 4 * i + M_CARD]
        if C_COL[c] < 0:
            right = 1.0 if mv[at + 4 * i + M_COLOUR] == wanted else 0.0
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


@mirrors("uno_nb.sim.odds.challenge_success_chance")
@njit(cache=True)
def challenge_pays(st: I64, seat: int) -> bool:
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


@mirrors("uno_nb.sim.bots.HeuristicBot.choose")
@njit(cache=True)
def heuristic_choose(st: I64, seat: int, mv: I64, b: int, k: int, ru: I64, idx: I64) -> int:
    """``HeuristicBot.choose`` among moves ``0..k-1`` of buffer ``b``."""
    if k == 1:
        return 0
    at = b * MVB
    phase = st[PHASE]
    np_ = 0
    for i in range(k):
        if mv[at + 4 * i + M_KIND] == PLAY:
            idx[np_] = i
            np_ += 1
    if phase == P_PENALTY:
        if np_:
            return best_play(st, seat, mv, b, idx, np_, ru)
        for i in range(k):
            if mv[at + 4 * i + M_KIND] == CHALLENGE and st[W4SET] and challenge_pays(st, seat):
                return i
        for i in range(k):
            if mv[at + 4 * i + M_KIND] == DRAW:
                return i
    if phase == P_COLOUR:
        cnt, pts = colour_counts(st, seat)
        want = strongest(cnt, pts)
        for i in range(k):
            if mv[at + 4 * i + M_COLOUR] == want:
                return i
    if phase == P_SWAP or phase == P_EXCHANGE:
        best = -1
        for i in range(k):
            if mv[at + 4 * i + M_KIND] == SWAP:
                t = mv[at + 4 * i + M_TARGET]
                if best < 0 or st[HSIZE + t] < st[HSIZE + mv[at + 4 * best + M_TARGET]]:
                    best = i
        if best < 0:
            return k - 1
        return best
    if phase == P_GIVE:
        best = -1
        for i in range(k):
            c = mv[at + 4 * i + M_CARD]
            if best < 0:
                best = i
                continue
            cb = mv[at + 4 * best + M_CARD]
            a0, b0 = C_COL[c] >= 0, C_COL[cb] >= 0
            if a0 > b0 or (a0 == b0 and (C_PTS[c] > C_PTS[cb]
                                          or (C_PTS[c] == C_PTS[cb] and c < cb))):
                best = i
        return best
    if np_:
        nc = 0
        for j in range(np_):
            if C_COL[mv[at + 4 * idx[j] + M_CARD]] >= 0:
                idx[nc] = idx[j]
                nc += 1
        if nc:
            return best_play(st, seat, mv, b, idx, nc, ru)
        np_ = 0
        for i in range(k):
            if mv[at + 4 * i + M_KIND] == PLAY:
                idx[np_] = i
                np_ += 1
        return best_play(st, seat, mv, b, idx, np_, ru)
    for kind in (DEAL, READY, PASS, DRAW):
        for i in range(k):
            if mv[at + 4 * i + M_KIND] == kind:
                return i
    return 0


@mirrors("uno_nb.sim.bots.RandomBot.choose", "uno_nb.sim.bots.HeuristicBot.choose")
@njit(cache=True)
def bot_choose(bot: int, st: I64, seat: int, mv: I64, b: int, k: int, plays: int, ru: I64,
               trng: U32, idx: I64) -> int:
    """A move of bot type ``bot`` (0 random, 1 random-greedy, 2 heuristic)."""
    if bot == 2:
        return heuristic_choose(st, seat, mv, b, k, ru, idx)
    n = k
    if bot == 1:
        at = b * MVB
        p = n
        while p and mv[at + 4 * (p - 1) + M_KIND] != PLAY:
            p -= 1
        if p:
            n = p
        elif mv[at + M_KIND] == DRAW:
            return 0
    return int(mt.random(trng) * n)
