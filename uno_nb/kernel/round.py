"""Drawing and the end of a round (:mod:`uno_nb.kernel.jit`): the engine's
reshuffle, draws and penalties, a blocked round, scoring, players going out.
"""

from __future__ import annotations

from numba import njit

from .mirror import mirrors
from .constants import (D_ANSWERS, D_BLUFF_OK, D_MUST_PLAY, F_R_OUT, F_R_RESHUFFLE,
                        F_V_DRAW_UNTIL_PLAYABLE, F_V_DROP_ZERO, F_V_H2O, F_V_LAZY,
                        F_V_PLAY_DRAWN_MUST, F_V_SCORE_PENALTY, F_V_SEVEN_ROUNDS, F_V_TO_THE_LAST,
                        O_DRAW_UNTIL_PLAYABLE, O_DROP_ZERO, O_H2O, O_READY, O_SCORING,
                        O_SEVEN_ROUNDS, O_TARGET_SCORE, O_TO_THE_LAST, P_DRAWN, P_GAME_OVER,
                        P_PENALTY, P_READY, P_ROUND_OVER, P_TURN, RK_P1, RK_W2, RK_W4, SCORE_LAZY,
                        SCORE_PENALTY, SCORE_WINNER)
from .layout import (COLMASK, COLOURV, CUR, C_PTS, C_RANK, DEALER, DISC, DRAWNC, DRAWNN, FINISH,
                     FIRED, HC, HMASK, HSIZE, I64, LAST, LASTWIN, LOSER, MATCHV, MAXROUNDS, N,
                     NCARDS, NDISC, NFINISH, NO, NPILE, OUT, OUTS, PCARD, PENDING, PHASE, PILE,
                     REASON, REFILL, REFILLS, RESUME, ROUND, SCORES, SILENCE, SLAP, TMP, TURNS,
                     U32, UNOOPEN, W4SET, W4_BIT, WINNER, WINS, WONR)
from .state import add_card, after, clear_pending, flag, i64, next_rng, only_a_bluff, shuffle
from .house.jump_in import jump_in_moves
from .moves import penalty_answers


# ================================================================ drawing

@mirrors("uno_nb.engine.state.GameState._reshuffle")
@njit(cache=True)
def reshuffle(st: I64, crng: U32) -> None:
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
    shuffle(st, i64(PILE), m, crng)
    st[NPILE] = m
    st[FIRED + F_R_RESHUFFLE] += 1


@mirrors("uno_nb.engine.state.GameState._draw_cards")
@njit(cache=True)
def draw_cards(st: I64, p: int, count: int, crng: U32) -> int:
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


@mirrors("uno_nb.engine.drawing.Drawing._turn_draw")
@njit(cache=True)
def turn_draw(st: I64, p: int, ru: I64, crng: U32) -> None:
    while True:
        if st[NPILE] == 0:
            if draw_cards(st, p, i64(1), crng) == 0:
                if not anyone_can_play(st, ru):
                    blocked(st, ru, crng)
                    return
                st[CUR] = after(st, p)
                return
        else:
            st[NPILE] -= 1
            add_card(st, p, st[PILE + st[NPILE]])
            st[DRAWNN + p] += 1
        c = st[PILE + st[NPILE]]  # the card just drawn, just past the pile's new end
        if ((st[MATCHV] >> c) & 1) and (ru[D_BLUFF_OK] or C_RANK[c] != RK_W4
                                        or (st[HMASK + p] & COLMASK[st[COLOURV]]) == 0):
            st[PHASE] = P_DRAWN
            st[DRAWNC] = c
            if ru[D_MUST_PLAY] and not only_a_bluff(st, c, p, ru):
                st[FIRED + (F_V_DRAW_UNTIL_PLAYABLE if ru[O_DRAW_UNTIL_PLAYABLE]
                            else F_V_PLAY_DRAWN_MUST)] += 1
            return
        if not ru[O_DRAW_UNTIL_PLAYABLE]:
            st[CUR] = after(st, p)
            return


@mirrors("uno_nb.engine.legality.Legality._anyone_can_play")
@njit(cache=True)
def anyone_can_play(st: I64, ru: I64) -> bool:
    """``Game._anyone_can_play``."""
    colmask = COLMASK[st[COLOURV]]
    for s in range(st[N]):
        if st[OUT + s]:
            continue
        bits = st[HMASK + s] & st[MATCHV]
        if ru[D_BLUFF_OK] == 0 and (bits & colmask):
            bits &= ~W4_BIT
        if bits:
            return True
    return False


@mirrors("uno_nb.engine.drawing.Drawing._blocked")
@njit(cache=True)
def blocked(st: I64, ru: I64, crng: U32) -> None:
    """``Game._blocked``: both piles empty and nobody can play; the fewest
    points in hand win the round (ties: first in play order)."""
    if ru[O_TO_THE_LAST] and st[NFINISH] > 0:
        winner = st[FINISH]
    else:
        drop = ru[O_DROP_ZERO] != 0
        s = after(st, st[CUR])
        winner = s
        best = hand_points(st, s, drop)
        for _ in range(st[N] - st[OUTS] - 1):
            s = after(st, s)
            v = hand_points(st, s, drop)
            if v < best:
                best = v
                winner = s
        st[LAST + winner] = -1  # V-H2O: nobody went out on a card
    end_round(st, winner, NO, flag(False), ru, crng)
    st[FIRED + F_R_OUT] -= 1  # nobody went out (end_round counts R-OUT)


@mirrors("uno_nb.engine.drawing.Drawing._wait_ready")
@njit(cache=True)
def wait_ready(st: I64, drawer: int, count: int, ru: I64) -> None:
    if ru[O_READY] and count >= 4 and st[PHASE] == P_TURN:
        st[RESUME] = st[CUR]
        st[CUR] = drawer
        st[PHASE] = P_READY


@mirrors("uno_nb.engine.drawing.Drawing._take_penalty")
@njit(cache=True)
def take_penalty(st: I64, p: int, ru: I64, crng: U32) -> None:
    count = st[PENDING]
    draw_cards(st, p, count, crng)
    st[PENDING] = 0
    st[PCARD] = -1
    st[W4SET] = 0
    st[PHASE] = P_TURN
    st[CUR] = after(st, p)
    if ru[O_READY]:
        wait_ready(st, p, count, ru)


@mirrors("uno_nb.engine.drawing.Drawing._take_forced_penalty")
@njit(cache=True)
def take_forced_penalty(st: I64, mv: I64, ru: I64, crng: U32) -> None:
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

@mirrors("uno_nb.engine.scoring.hand_points")
@njit(cache=True)
def hand_points(st: I64, s: int, drop: bool) -> int:
    if drop and st[HSIZE + s] == 1:
        for c in range(NCARDS):
            if st[HC + s * 64 + c] and C_RANK[c] == 0:
                return 50
    total = 0
    for c in range(NCARDS):
        total += st[HC + s * 64 + c] * C_PTS[c]
    return total


@mirrors("uno_nb.engine.rounds.Rounds._end_round",
         "uno_nb.engine.scoring.score_round",
         "uno_nb.engine.scoring.champion")
@njit(cache=True)
def end_round(st: I64, winner: int, loser: int, final: bool, ru: I64, crng: U32) -> None:
    n = st[N]
    st[UNOOPEN] = -1
    st[SILENCE] = 0
    st[SLAP] = -1
    st[FIRED + F_R_OUT] += 1
    if st[PHASE] == P_PENALTY:
        draw_cards(st, st[CUR], st[PENDING], crng)
        clear_pending(st)
    drop = ru[O_DROP_ZERO] != 0
    if drop:
        for s in range(n):
            if st[HSIZE + s] == 1 and hand_points(st, s, flag(False)) == 0:
                st[FIRED + F_V_DROP_ZERO] += 1
                break
    # scratch: seat s's points at st[TMP + s] (deal_round fills TMP while dealing,
    # jump_ins keeps its choices there during one race; a race that ends the
    # round reads none of them after)
    for s in range(n):
        st[TMP + s] = hand_points(st, s, drop)
    scoring = ru[O_SCORING]
    st[WONR + winner] = st[ROUND]
    if scoring == SCORE_WINNER:
        pts = 0
        for s in range(n):
            if s != winner:
                pts += st[TMP + s]
        st[SCORES + winner] += pts
    elif scoring == SCORE_PENALTY:
        st[FIRED + F_V_SCORE_PENALTY] += 1
        for s in range(n):
            st[SCORES + s] += st[TMP + s]
        last = st[LAST + winner]
        bonus = 0
        if ru[O_H2O] and last >= 0:
            if C_RANK[last] == RK_P1:
                bonus = 20
            elif C_RANK[last] == RK_W2:
                bonus = 40
        if bonus:
            st[SCORES + winner] -= bonus
            st[FIRED + F_V_H2O] += 1
    else:
        st[FIRED + F_V_LAZY] += 1
        if loser < 0:
            best = -1
            s = winner
            for _ in range(1, n):
                s = after(st, s)
                if best < 0 or st[TMP + s] > st[TMP + best]:
                    best = s
            loser = best
    st[WINS + winner] += 1
    st[LASTWIN] = winner
    st[LOSER] = loser
    target = ru[O_TARGET_SCORE]
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
        st[PHASE] = P_ROUND_OVER
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
    st[PHASE] = P_GAME_OVER
    st[CUR] = champion


@mirrors("uno_nb.engine.rounds.Rounds._player_out")
@njit(cache=True)
def player_out(st: I64, p: int, ru: I64, crng: U32) -> None:
    if ru[O_SEVEN_ROUNDS]:
        used = st[REFILL + p]
        if used < 6:
            count = REFILLS[used]
            st[REFILL + p] = used + 1
            st[FIRED + F_V_SEVEN_ROUNDS] += 1
            draw_cards(st, p, count, crng)
            return
        end_round(st, p, NO, flag(True), ru, crng)
        return
    if ru[O_TO_THE_LAST]:
        st[OUT + p] = 1
        st[OUTS] += 1
        st[FINISH + st[NFINISH]] = p
        st[NFINISH] += 1
        if st[N] - st[OUTS] > 1:
            st[FIRED + F_V_TO_THE_LAST] += 1
            if st[OUT + st[CUR]]:
                st[CUR] = after(st, st[CUR])
            return
        loser = 0
        for s in range(st[N]):
            if not st[OUT + s]:
                loser = s
                break
        end_round(st, st[FINISH], loser, flag(False), ru, crng)
        return
    end_round(st, p, NO, flag(False), ru, crng)


@mirrors("uno_nb.engine.effects.Effects._one_or_none_left")
@njit(cache=True)
def one_or_none_left(st: I64, p: int, ru: I64, crng: U32) -> None:
    if st[HSIZE + p]:
        st[UNOOPEN] = p
    else:
        player_out(st, p, ru, crng)
