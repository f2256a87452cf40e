"""Moves applied to a game state (:mod:`uno_nb.kernel.jit`): card effects and
card plays (``Game.push``), dealing and a new game, and every other move
(``Game._apply``: draws, passes, challenges, calls, swaps, table talk).
"""

from __future__ import annotations

import numpy as np

from .mirror import mirrors
from . import mtrand as mt
from numba import njit

from .constants import (ADVISE, CATCH, CHALLENGE, CHALLENGE_RETURN, COLOUR, DEAL, DRAW, D_DECK,
                        D_SLOW, D_TALK, F_R_CHALLENGE, F_R_CHALLENGE_GUILTY,
                        F_R_CHALLENGE_GUILTY_STD, F_R_CHALLENGE_INNOCENT, F_R_DRAW2, F_R_REVERSE,
                        F_R_SKIP, F_R_SKIP_ANSWER, F_R_START_EFFECT, F_R_UNO, F_R_W4, F_R_W4_BLUFF,
                        F_R_WILD, F_T_ADVICE, F_T_READY, F_T_SILENT_TWOS, F_T_UNO_CATCH,
                        F_T_UNO_CENTER, F_V_COLOUR_WHEEL, F_V_DEFLECT_2, F_V_DOUBLES, F_V_H2O,
                        F_V_JUMP_IN, F_V_PLUS10, F_V_START_NUMBER, F_V_W4_ANYTIME, F_V_W4_SAVE_2,
                        GIVE, O_CHALLENGE, O_COLOUR_WHEEL, O_H2O, O_SCORING,
                        O_SEVEN_ZERO, O_SILENT_BLACK, O_SILENT_TWOS, O_START_CARD,
                        O_SWAP_FIVE, O_UNO_CENTER, O_UNO_PENALTY, O_W4_ANYTIME, PASS,
                        P_COLOUR, P_DRAWN, P_EXCHANGE, P_PENALTY, P_SWAP, P_TURN, READY, RK_P2,
                        RK_R, RK_S, RK_W, RK_W10, RK_W4, SCORE_LAZY, SLOW, SPEAK, START_NUMBER,
                        SWAP, UNO)
from .layout import (BOUNCE, CHANCE, COLMASK, COLOURV, CUR, C_COL, C_DRAW, C_NUM, C_RANK, DEALER,
                     DECKK, DECKS, DECK_LEN, DIR, DISC, DRAWNC, EXFIRST, FIRED, HC, HMASK, HSIZE,
                     I64, LAST, LASTWIN, LOSER, MATCH, MATCHV, MAXROUNDS, N, NDISC, NFINISH, NO,
                     NPILE, OUT, OUTS, PCARD, PENDING, PHASE, PILE, RESUME, ROUND, SEED, SILENCE,
                     SILVAL, SLAP, TMP, TOPBY, TURNS, U32, UNOOPEN, W4ACC, W4GUILTY, W4PREV, W4SET,
                     WINNER)
from .state import (add_card, after, clear_pending, colour_of_card, flag, i64, next_rng,
                    partners_any, remove_card, set_colour, shuffle, top)
from .house.colour_wheel import wheel_colour
from .house.deflect import deflects, saves
from .house.reverse_bounce import bounce_chance, bounce_draw, bounce_skip
from .house.seven_zero import pass_hands_on, swap_hands
from .house.stack import guilty_penalty, stack_rule
from .house.swap_five import choose_partner, give
from .house.two_player_skip import reverse_skips
from .round import (draw_cards, one_or_none_left, take_forced_penalty, take_penalty, turn_draw,
                    wait_ready)


# ================================================================ card effects

@mirrors("uno_nb.engine.effects.Effects._draw_card_played")
@njit(cache=True)
def draw_card_played(st: I64, p: int, c: int, colour: int, phase: int, ru: I64) -> None:
    total = C_DRAW[c]
    if phase == P_PENALTY:
        pc = st[PCARD]
        answering = p == st[CUR]
        answer = stack_rule(st, c, ru)
        if answer >= 0:
            total = st[PENDING] + C_DRAW[c]
        elif answering and deflects(pc, c, ru):
            answer = F_V_DEFLECT_2
        elif answering and saves(pc, c, ru):
            answer = F_V_W4_SAVE_2
        elif answering:
            st[FIRED + F_V_JUMP_IN] += 1
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
        st[FIRED + F_R_W4] += 1
        bluff = ru[O_W4_ANYTIME] == 0 and (st[HMASK + p] & COLMASK[prev]) != 0
        if ru[O_W4_ANYTIME]:
            st[FIRED + F_V_W4_ANYTIME] += 1
        elif bluff:
            st[FIRED + F_R_W4_BLUFF] += 1
        st[W4SET] = 1
        st[W4ACC] = p
        st[W4PREV] = prev
        st[W4GUILTY] = bluff
    else:
        st[FIRED + (F_R_DRAW2 if rank == RK_P2 else F_V_PLUS10 if rank == RK_W10 else F_V_H2O)] += 1
        st[W4SET] = 0
    if C_COL[c] < 0:
        st[TOPBY] = -1
    st[PENDING] = total
    st[PCARD] = c
    st[PHASE] = P_PENALTY
    st[CUR] = after(st, p)


@mirrors("uno_nb.engine.effects.Effects._action")
@njit(cache=True)
def action(st: I64, p: int, c: int, colour: int, phase: int, ru: I64) -> bool:
    """``Game._action``: returns False when hands moved (a 0 under V-SEVEN-ZERO)."""
    bouncer = st[BOUNCE]
    st[BOUNCE] = -1
    rank = C_RANK[c]
    if C_COL[c] < 0:
        if ru[O_COLOUR_WHEEL]:
            colour = wheel_colour(st)
            st[FIRED + F_V_COLOUR_WHEEL] += 1
        if ru[O_SILENT_BLACK]:
            st[SILENCE] = 2
            st[SILVAL] = colour
            st[FIRED + F_T_SILENT_TWOS] += 1
    if C_DRAW[c] > 0:
        draw_card_played(st, p, c, colour, phase, ru)
        return True
    if phase == P_PENALTY and rank != RK_R:
        clear_pending(st)
    if C_NUM[c] >= 0:
        colour_of_card(st, c)
        st[PHASE] = P_TURN
        st[CUR] = after(st, p)
        if st[HSIZE + p] == 0:
            return True
        if ru[O_SEVEN_ZERO] and rank == 0:
            pass_hands_on(st, ru)
            return False
        if ru[O_SEVEN_ZERO] and rank == 7 and partners_any(st, p):
            st[PHASE] = P_SWAP
            st[CUR] = p
        elif ru[O_SWAP_FIVE] and rank == 5 and partners_any(st, p):
            st[PHASE] = P_EXCHANGE
            st[CUR] = p
        if rank == 2 and ru[O_SILENT_TWOS]:
            st[SILENCE] = 1
            st[SILVAL] = p
            st[FIRED + F_T_SILENT_TWOS] += 1
        return True
    if rank == RK_S:
        colour_of_card(st, c)
        st[FIRED + F_R_SKIP] += 1
        skipped = after(st, p)
        st[CUR] = after(st, skipped)
        st[PHASE] = P_TURN
        bounce_chance(st, p, skipped, ru)
        return True
    if rank == RK_R:
        colour_of_card(st, c)
        st[FIRED + F_R_REVERSE] += 1
        st[DIR] = -st[DIR]
        if phase == P_PENALTY:
            bounce_draw(st, p)
            return True
        if p == bouncer and p != st[CUR]:
            bounce_skip(st, p)
            return True
        st[PHASE] = P_TURN
        if not reverse_skips(st, p, ru):
            st[CUR] = after(st, p)
        return True
    # W
    set_colour(st, colour)
    st[FIRED + F_R_WILD] += 1
    st[PHASE] = P_TURN
    st[CUR] = after(st, p)
    return True


@mirrors("uno_nb.engine.table_talk.TableTalk._talk_after_turn")
@njit(cache=True, inline="always")
def talk_after_turn(st: I64) -> None:
    sil = st[SILENCE]
    if sil == 0:
        return
    if sil == 1 and st[CUR] == st[SILVAL]:
        st[SILENCE] = 0
    elif sil == 2 and st[COLOURV] != st[SILVAL]:
        st[SILENCE] = 0


@mirrors("uno_nb.engine.game.Game.push")
@njit(cache=True, inline="always")
def push_play(st: I64, mv: I64, p: int, c: int, colour: int, jump: bool, ru: I64,
              crng: U32) -> None:
    """``Game.push`` of a card play (``jump``: played out of turn)."""
    if st[UNOOPEN] >= 0:
        st[UNOOPEN] = -1
    phase = st[PHASE]
    if jump and c != top(st):
        jump = False
    remove_card(st, p, c)
    st[DISC + st[NDISC]] = c
    st[NDISC] += 1
    if phase == P_DRAWN:
        st[DRAWNC] = -1
    else:
        st[TURNS] += 1
    if jump:
        if p == st[TOPBY]:
            st[FIRED + F_V_DOUBLES] += 1
        else:
            st[FIRED + F_V_JUMP_IN] += 1
            if C_RANK[c] == RK_S:  # (a doubled Skip answers nothing)
                st[FIRED + F_R_SKIP_ANSWER] += 1
    st[TOPBY] = p
    if ru[O_H2O]:
        st[LAST + p] = c  # V-H2O: the card a player goes out on
    if C_NUM[c] >= 0 and not ru[D_SLOW]:
        colour_of_card(st, c)
        st[CUR] = after(st, p)
        if phase != P_TURN:
            if phase == P_PENALTY:
                clear_pending(st)
            st[PHASE] = P_TURN
        if st[HSIZE + p] < 2:
            one_or_none_left(st, p, ru, crng)
        return
    if action(st, p, c, colour, phase, ru):
        if st[HSIZE + p] < 2:
            one_or_none_left(st, p, ru, crng)
        elif st[PHASE] == P_PENALTY:
            take_forced_penalty(st, mv, ru, crng)
    if ru[D_TALK]:
        st[SLAP] = -1
        talk_after_turn(st)


@mirrors("uno_nb.engine.deal.Dealing._deal_round")
@njit(cache=True)
def deal_round(st: I64, dealer: int, first: int, ru: I64, crng: U32, same_rng: bool) -> None:
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
    shuffle(st, i64(TMP), m, crng)
    for s in range(n):
        for c in range(64):
            st[HC + s * 64 + c] = 0
        st[HSIZE + s] = 0
        st[HMASK + s] = 0
        st[OUT + s] = 0
        st[LAST + s] = -1
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
    st[PHASE] = P_TURN
    if first < 0:
        first = (dealer + 1) % n
    st[CUR] = first
    by_number = ru[O_START_CARD] == START_NUMBER
    while True:
        st[NPILE] -= 1
        t = st[PILE + st[NPILE]]
        if not ((C_COL[t] < 0 and C_DRAW[t] > 0) or (by_number and C_NUM[t] < 0)):
            break
        st[NPILE] += 1
        next_rng(st, crng)
        shuffle(st, i64(PILE), st[NPILE], crng)
        st[FIRED + (F_V_START_NUMBER if by_number else F_R_START_EFFECT)] += 1
    st[DISC] = t
    st[NDISC] = 1
    set_colour(st, C_COL[t] if C_COL[t] >= 0 else 0)
    if C_NUM[t] >= 0:
        return
    st[FIRED + F_R_START_EFFECT] += 1
    rank = C_RANK[t]
    if rank == RK_W:
        st[PHASE] = P_COLOUR
    elif rank == RK_S:
        st[CUR] = (first + 1) % n
    elif rank == RK_R:
        st[DIR] = -1
        st[CUR] = (first - 1) % n
    else:
        draw_cards(st, first, C_DRAW[t], crng)
        st[CUR] = (first + 1) % n


@mirrors("uno_nb.engine.game.Game._init_common", "uno_nb.engine.deal.Dealing._choose_dealer")
@njit(cache=True)
def new_game(st: I64, n: int, seed: int, max_rounds: int, ru: I64, crng: U32) -> None:
    """``Game.__init__`` up to the first deal.  ``crng`` must already be the
    generator of chance event 1 (``next_rng`` seeded), ready to draw:
    :func:`play_batch` seeds those for blocks of games at once."""
    for i in range(PILE):  # scalars, hands, per-seat lists, counts (the piles are overwritten)
        st[i] = 0
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
    # scratch: the contenders at st[DISC + j], their cards' values at
    # st[DISC + 16 + j] (the piles are dealt afterwards)
    for j in range(n):
        st[DISC + j] = j
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
            st[DISC + 16 + j] = v
            if v > best:
                best = v
        keep = 0
        for j in range(nc):
            if st[DISC + 16 + j] == best:
                st[DISC + keep] = st[DISC + j]
                keep += 1
        nc = keep
        if nc == 1:
            break
    deal_round(st, st[DISC], NO, ru, crng, flag(True))


# ================================================================ the other moves

@mirrors("uno_nb.engine.effects.Effects._apply")
@njit(cache=True)
def apply_other(st: I64, mv: I64, p: int, kind: int, card: int, colour: int, target: int, ru: I64,
                crng: U32) -> None:
    """``Game._apply`` for every move but a card play."""
    table = kind == SPEAK or kind == ADVISE or kind == SLOW
    if not table:
        own_turn = kind == SWAP or kind == GIVE or (kind == PASS and st[PHASE] == P_EXCHANGE)
        if st[UNOOPEN] >= 0 and kind != UNO and kind != CATCH and not own_turn:
            st[UNOOPEN] = -1
        if kind != UNO and kind != CATCH:
            st[SLAP] = -1
            st[BOUNCE] = -1
    if kind == DRAW:
        st[TURNS] += 1
        if st[PHASE] == P_PENALTY:
            take_penalty(st, p, ru, crng)
        else:
            turn_draw(st, p, ru, crng)
    elif kind == PASS:
        if st[PHASE] == P_EXCHANGE:
            st[PHASE] = P_TURN
            st[CUR] = after(st, p)
        else:
            st[DRAWNC] = -1
            st[PHASE] = P_TURN
            st[CUR] = after(st, p)
    elif kind == CHALLENGE:
        st[TURNS] += 1
        challenge(st, p, ru, crng)
    elif kind == UNO:
        st[UNOOPEN] = -1
        st[FIRED + F_R_UNO] += 1
        if ru[O_UNO_CENTER]:
            st[SLAP] = p
    elif kind == CATCH:
        st[UNOOPEN] = -1
        st[FIRED + F_T_UNO_CATCH] += 1
        draw_cards(st, target, ru[O_UNO_PENALTY], crng)
    elif kind == COLOUR:
        set_colour(st, colour)
        st[PHASE] = P_TURN
    elif kind == DEAL:
        first = NO
        if ru[O_SCORING] == SCORE_LAZY and st[ROUND] > 0:
            first = st[LASTWIN]  # V-LAZY: the last round's winner starts
        deal_round(st, p, first, ru, crng, flag(False))
    elif kind == SWAP:
        if st[PHASE] == P_SWAP:
            swap_hands(st, p, target)
        else:
            choose_partner(st, p, target)
    elif kind == GIVE:
        give(st, card)
    elif kind == READY:
        st[PHASE] = P_TURN
        st[CUR] = st[RESUME]
        st[RESUME] = -1
        st[FIRED + F_T_READY] += 1
    elif kind == SPEAK:
        st[SILENCE] = 0
        st[FIRED + F_T_SILENT_TWOS] += 1
        draw_cards(st, p, i64(2), crng)
    elif kind == ADVISE:
        st[FIRED + F_T_ADVICE] += 1
        draw_cards(st, p, i64(2), crng)
    elif kind == SLOW:
        st[SLAP] = -1
        st[FIRED + F_T_UNO_CENTER] += 1
        draw_cards(st, p, i64(2), crng)
    if ru[D_TALK] and not table:
        talk_after_turn(st)


@mirrors("uno_nb.engine.challenge.Challenge._challenge")
@njit(cache=True)
def challenge(st: I64, p: int, ru: I64, crng: U32) -> None:
    acc, prev, guilty = st[W4ACC], st[W4PREV], st[W4GUILTY]
    st[FIRED + F_R_CHALLENGE] += 1
    st[W4SET] = 0
    total = st[PENDING]
    if guilty:
        returned = ru[O_CHALLENGE] == CHALLENGE_RETURN
        st[FIRED + (F_R_CHALLENGE_GUILTY if returned else F_R_CHALLENGE_GUILTY_STD)] += 1
        penalty = guilty_penalty(total, ru)
        if returned:
            st[NDISC] -= 1
            add_card(st, acc, st[DISC + st[NDISC]])
            set_colour(st, prev)
            st[TOPBY] = -1
        draw_cards(st, acc, penalty, crng)
        st[PENDING] = 0
        st[PCARD] = -1
        st[PHASE] = P_TURN
        st[CUR] = p
        wait_ready(st, acc, penalty, ru)
    else:
        st[FIRED + F_R_CHALLENGE_INNOCENT] += 1
        total += 2
        draw_cards(st, p, total, crng)
        st[PENDING] = 0
        st[PCARD] = -1
        st[PHASE] = P_TURN
        st[CUR] = after(st, p)
        wait_ready(st, p, total, ru)
