"""The compiled game loop of :mod:`uno_nb.kernel` (numba).

These modules are the engine (:mod:`uno_nb.engine.game`) and the table model of the
runner (:mod:`uno_nb.sim.simulation`) written again over flat integer arrays, so
that numba can compile a whole batch of games into one machine-code loop.  They
follow the engine line by line, in the same order, drawing the same random
numbers from the same generators (:mod:`uno_nb.kernel.mtrand` reproduces CPython's
Mersenne Twister), so every game the kernel plays is the engine's game, record
for record; ``tests/test_kernel.py`` holds it to that.  Read :mod:`uno_nb.engine.game`
first: the function names here are the engine's method names.

This module is the entry point: the table model of the runner and the batch
loop (:func:`play_batch`, :func:`traits_batch`), over the other parts, each
importing only those above it:

* :mod:`uno_nb.kernel.layout`: card tables, move kinds, rule ids and options,
  the state array's layout (plain numpy);
* :mod:`uno_nb.kernel.state`: the chance-event generators, the small state
  queries and updates, and keep_alive for the owners of raw pointers
  (:func:`uno_nb.kernel.mtrand.jit.raw`);
* :mod:`uno_nb.kernel.moves`: the legal moves;
* :mod:`uno_nb.kernel.round`: drawing, penalties, the end of a round;
* :mod:`uno_nb.kernel.effects`: card effects, dealing, every move applied;
* :mod:`uno_nb.kernel.bots`: the kit's bots.

numba's disk cache watches only the file of the function it compiled: a change
in another of these files (or in :mod:`uno_nb.kernel.mtrand`) is noticed by
:func:`uno_nb.kernel.forget_stale_machine_code`, which fingerprints them all.
"""

from __future__ import annotations

import numpy as np

from .mirror import kernel_only, mirrors
from . import mtrand as mt
from numba import njit

from .constants import (ADVISE, CATCH, D_DECK, D_TALK, NFIRED, NRULES, O_ADVICE, O_DOUBLES,
                        O_JUMP_IN, O_REVERSE_BOUNCE, PLAY, P_GAME_OVER, P_PENALTY, SLOW, SPEAK,
                        UNO)
from .layout import (COLMASK, COLOUR_CARDS, CUR, C_COL, C_DRAW, C_NUM, C_PTS, C_RANK, DEALER,
                     DECKS, DECK_LEN, DISC, DRAWNN, FIRED, FIRED_IDS, HC, HMASK, HSIZE, I32, I64,
                     MATCH, MAXM, MOVES, MOVE_BUFFERS, MVB, MV_CARD, MV_COLOUR, MV_SEAT, MV_TARGET,
                     M_CARD, M_COLOUR, M_KIND, M_TARGET, N, NCARDS, NDISC, NO, NPILE, OPTION_NAMES,
                     OUT, PHASE, PILE, ROOM, ROUND, SCORES, SEATS, SILENCE, SLAP, STATE_SIZE, TMP,
                     TOPBY, TURNS, T_ADVISE, T_COLS, T_FORGET, T_NOTICE, T_REACTION, T_TALK, U32,
                     UNOOPEN, WINNER, rules_array)
from .mtrand.jit import raw
from .state import add_move, flag, i64, keep_alive, mix
from .house.jump_in import jump_in_moves
from .moves import turn_moves
from .effects import apply_other, new_game, push_play
from .bots import bot_choose
from ..sim.table import TABLE_STREAM, TALK_STREAM, TRAITS_STREAM

#: What :mod:`uno_nb.kernel` uses: the batch functions and the tables it fingerprints.
__all__ = ["play_batch", "traits_batch", "rules_array", "FIRED_IDS", "NFIRED", "OPTION_NAMES",
           "C_COL", "C_RANK", "C_PTS", "C_DRAW", "C_NUM", "MATCH", "COLMASK", "DECKS", "DECK_LEN",
           "COLOUR_CARDS", "STREAMS"]

#: The table model's generator streams (``uno_nb.sim.table``), compiled in:
#: :func:`uno_nb.kernel.fingerprint` counts them with the tables.
STREAMS = (TABLE_STREAM, TRAITS_STREAM, TALK_STREAM)


# ================================================================ the runner

@mirrors("uno_nb.sim.table.reaction_time")
@njit(cache=True)
def reaction(tr: I64, s: int, trng: U32) -> int:
    """``table.reaction_time``: whole milliseconds, ``int`` of one product
    (``tr``: a game's traits, seat by seat, :data:`~uno_nb.kernel.layout.T_COLS` each)."""
    return int(tr[s * T_COLS + T_REACTION] * (0.5 + mt.random(trng)))


@mirrors("random.Random.random")
@njit(cache=True, inline="always")  # on the per-move path: as mt.random, no call
def chance(per_mille: int, trng: U32) -> bool:
    """``rng.random() < p / 1000``: a trait's chance (per mille) holds."""
    return mt.random(trng) < per_mille / 1000


@mirrors("random.Random.seed")
@njit(cache=True)
def seed_key(x: np.uint64, words: U32, counts: I64, lane: int) -> None:
    """Lane ``lane``'s key of ``random.Random(x)`` for ``mt.seed_twisted``: the
    words (lo, hi) at ``words[2 * lane]``, one word when hi is 0 (as mt.seed_int)."""
    words[2 * lane] = np.uint32(x & np.uint64(0xFFFFFFFF))
    words[2 * lane + 1] = np.uint32(x >> np.uint64(32))
    counts[lane] = 1 if words[2 * lane + 1] == 0 else 2


@mirrors("random.Random.randint")
@njit(cache=True)
def randint(rng: U32, a: int, b: int) -> int:
    """``rng.randint(a, b)``: ``a + rng._randbelow(b - a + 1)``."""
    return a + int(mt.randbelow(rng, b - a + 1))


@kernel_only("a move as one int64 of the history")
@njit(cache=True, inline="always")
def move_code(p: int, kind: int, card: int, colour: int, target: int) -> int:
    """A move as one number (see :data:`~uno_nb.kernel.layout.MV_SEAT`)."""
    return (kind | (p << MV_SEAT) | ((card + 1) << MV_CARD) | ((colour + 1) << MV_COLOUR)
            | ((target + 1) << MV_TARGET))


@mirrors("uno_nb.engine.game.Game.push")
@njit(cache=True, inline="always")
def note_move(st: I64, hist: I64, p: int, kind: int, card: int, colour: int, target: int) -> None:
    """``Game.push``'s history, for the table model's moves: count the move
    about to be pushed (``st[MOVES]``) and write it (:func:`move_code`) at that
    index of ``hist``, this game's row of the history, while the row has
    room (``st[ROOM]``); when nobody asked for the moves the row is empty
    and nothing is written.  Called before every ``apply_other`` of the table model;
    :func:`play_one` counts the bots' own moves in a local (the hot path) and
    keeps ``st[MOVES]`` up to date around the table model's calls."""
    i = st[MOVES]
    if i < st[ROOM]:
        hist[i] = move_code(p, kind, card, colour, target)
    st[MOVES] = i + 1


# ================================================================ the table model

@mirrors("uno_nb.sim.table.draw_traits")
@njit(cache=True, nogil=True)
def traits_batch(seeds: I64, n: int, out: I64) -> None:
    """``table.draw_traits`` for every game, into ``out`` (games, ``n``, T_COLS):
    forget/notice/reaction of each seat from the generator ``mix(seed,
    TRAITS_STREAM)``, talk/advise from ``mix(seed, TALK_STREAM)`` (columns
    ``T_*``; chances per mille, times in milliseconds)."""
    games = seeds.shape[0]
    if out.shape != (games, n, T_COLS):
        raise ValueError("traits_batch: out has the wrong shape")
    block = mt.BLOCK
    work = mt.block_work()
    a = np.zeros((block, mt.STATE_SIZE), np.uint32)
    b = np.zeros((block, mt.STATE_SIZE), np.uint32)
    awords = np.zeros(2 * block, np.uint32)
    bwords = np.zeros(2 * block, np.uint32)
    start = np.arange(0, 2 * block, 2).astype(np.int64)
    acount = np.zeros(block, np.int64)
    bcount = np.zeros(block, np.int64)
    for g0 in range(0, games, block):  # seeded BLOCK games at a time (see play_batch)
        for lane in range(block):
            g = min(g0 + lane, games - 1)
            seed_key(mix(seeds[g], i64(TRAITS_STREAM)), awords, acount, lane)
            seed_key(mix(seeds[g], i64(TALK_STREAM)), bwords, bcount, lane)
        mt.seed_twisted(a, awords, start, acount, work)
        mt.seed_twisted(b, bwords, start, bcount, work)
        for g in range(g0, min(g0 + block, games)):
            rng = a[g - g0]
            for s in range(n):
                out[g, s, T_FORGET] = randint(rng, i64(50), i64(350))
                out[g, s, T_NOTICE] = randint(rng, i64(200), i64(800))
                out[g, s, T_REACTION] = randint(rng, i64(300), i64(1200))
            rng = b[g - g0]
            for s in range(n):
                out[g, s, T_TALK] = randint(rng, i64(0), i64(150))
                out[g, s, T_ADVISE] = randint(rng, i64(0), i64(50))


@mirrors("uno_nb.sim.table.uno_call", "uno_nb.sim.table.uno_catch")
@njit(cache=True)
def uno_call(st: I64, mv: I64, hist: I64, tr: I64, trng: U32, ru: I64, crng: U32) -> int:
    """``uno_nb.sim.table.uno_call`` (T-UNO-CATCH) for the player left with one card."""
    p = st[UNOOPEN]
    n = st[N]
    if not chance(tr[p * T_COLS + T_FORGET], trng):
        note_move(st, hist, p, UNO, -1, -1, -1)
        apply_other(st, mv, p, i64(UNO), NO, NO, NO, ru, crng)
        return 1
    best_q = NO
    best_t = 0
    for q in range(n):
        if q != p and chance(tr[q * T_COLS + T_NOTICE], trng):
            t = reaction(tr, q, trng)
            if best_q < 0 or t < best_t:
                best_q, best_t = q, t
    if best_q < 0:
        return 0
    note_move(st, hist, best_q, CATCH, -1, -1, p)
    apply_other(st, mv, best_q, i64(CATCH), NO, NO, p, ru, crng)
    return 1


@mirrors("uno_nb.sim.table.table_talk")
@njit(cache=True)
def table_talk(st: I64, mv: I64, hist: I64, tr: I64, trng: U32, ru: I64, crng: U32) -> int:
    """``uno_nb.sim.table.table_talk``: T-UNO-CENTER, T-SILENT-TWOS, T-ADVICE."""
    done = 0
    n = st[N]
    if st[SLAP] >= 0:
        caller = st[SLAP]
        slowest = NO
        worst = 0
        for s in range(n):
            if s != caller and not st[OUT + s]:
                t = reaction(tr, s, trng)
                if slowest < 0 or t >= worst:
                    slowest, worst = s, t
        if slowest >= 0:
            note_move(st, hist, slowest, SLOW, -1, -1, -1)
            apply_other(st, mv, slowest, i64(SLOW), NO, NO, NO, ru, crng)
            done += 1
    if st[SILENCE] != 0:
        speaker = NO
        for s in range(n):
            if not st[OUT + s] and chance(tr[s * T_COLS + T_TALK], trng):
                if speaker < 0:
                    speaker = s
        if speaker >= 0:
            note_move(st, hist, speaker, SPEAK, -1, -1, -1)
            apply_other(st, mv, speaker, i64(SPEAK), NO, NO, NO, ru, crng)
            done += 1
    if ru[O_ADVICE] and st[PHASE] <= P_PENALTY:
        for s in range(n):
            if s != st[CUR] and not st[OUT + s] and chance(tr[s * T_COLS + T_ADVISE], trng):
                note_move(st, hist, s, ADVISE, -1, -1, -1)
                apply_other(st, mv, s, i64(ADVISE), NO, NO, NO, ru, crng)
                done += 1
                break
    return done


@mirrors("uno_nb.sim.table.jump_in_race")
@njit(cache=True)
def jump_ins(st: I64, mv: I64, hist: I64, tr: I64, trng: U32, ru: I64, crng: U32, bots: I64,
             idx: I64) -> int:
    """``uno_nb.sim.table.jump_in_race``: the fastest willing player jumps in."""
    done = 0
    # scratch in st's TMP area (deal_round and end_round use it too, never while a
    # race is read): no allocation on this per-turn path.  The chosen card/colour of
    # seat s at CHO + 2s, the willing seats at WIL.
    cho = TMP
    wil = TMP + 32
    while st[TOPBY] >= 0 and st[PHASE] != P_GAME_OVER:
        k = jump_in_moves(st, mv, 1, ru)
        if k == 0:
            break
        nw = 0
        for i in range(k):
            s = mv[MVB + 4 * i + M_TARGET]
            known = False
            for j in range(nw):
                if st[wil + j] == s:
                    known = True
            if known:
                continue
            wants = True if bots[s] == 2 else mt.random(trng) < 0.5
            if wants:
                ks = i64(0)
                for j in range(k):
                    if mv[MVB + 4 * j + M_TARGET] == s:
                        ks = add_move(mv, 2, ks, PLAY, mv[MVB + 4 * j + M_CARD],
                                      mv[MVB + 4 * j + M_COLOUR], -1)
                pick = bot_choose(bots[s], st, s, mv, 2, ks, ks, ru, trng, idx)
                st[cho + 2 * s] = mv[2 * MVB + 4 * pick + M_CARD]
                st[cho + 2 * s + 1] = mv[2 * MVB + 4 * pick + M_COLOUR]
                st[wil + nw] = s
                nw += 1
        if nw == 0:
            break
        seat = NO
        fastest = 0
        for j in range(nw):
            s = st[wil + j]
            t = reaction(tr, s, trng)
            if seat < 0 or t < fastest or (t == fastest and s < seat):
                seat, fastest = s, t
        note_move(st, hist, seat, PLAY, st[cho + 2 * seat], st[cho + 2 * seat + 1], -1)
        push_play(st, mv, seat, st[cho + 2 * seat], st[cho + 2 * seat + 1], seat != st[CUR], ru,
                  crng)
        done += 1
        if st[UNOOPEN] >= 0:
            done += uno_call(st, mv, hist, tr, trng, ru, crng)
    return done


@kernel_only("check=True: no card lost or duplicated")
@njit(cache=True)
def check_cards(st: I64, deck_counts: I64) -> None:
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


@mirrors("uno_nb.sim.simulation.play_game")
@njit(cache=True)
def play_one(st: I64, mv: I64, hist: I64, room: int, idx: I64, tr: I64, trng: U32, crng: U32,
             ru: I64, bots: I64, n: int, seed: int, max_rounds: int, max_turns: int, table: bool,
             check: bool, deck_counts: I64) -> tuple[int, int, bool]:
    """``simulation.play_game`` (``table``: with the table model; without it,
    the benchmark's inline random policy, seeded ``random.Random(seed)``).
    ``tr``: this game's traits (``table.draw_traits``, from :func:`traits_batch`);
    ``crng``: chance event 1's generator and ``trng``: the table's generator
    (or the inline policy's), both seeded by :func:`play_batch`; ``hist``:
    the row the game's moves are written in, room for ``room`` of them
    (:func:`move_code`; ``st[MOVES]`` ends as the runner's ``moves``).  Every
    array is a raw pointer (:func:`~uno_nb.kernel.mtrand.jit.raw`)."""
    new_game(st, n, seed, max_rounds, ru, crng)
    st[ROOM] = room
    first = st[CUR]
    dealer = st[DEALER]
    jump = ru[O_JUMP_IN] or ru[O_DOUBLES] or ru[O_REVERSE_BOUNCE]
    talk = ru[D_TALK]
    abandoned = False
    moves = 0  # the moves so far (st[MOVES] while the table model plays)
    if check:
        check_cards(st, deck_counts)
    while st[PHASE] != P_GAME_OVER:
        if st[TURNS] >= max_turns:
            abandoned = True
            break
        if table and jump and st[TOPBY] >= 0:
            st[MOVES] = moves
            jump_ins(st, mv, hist, tr, trng, ru, crng, bots, idx)
            moves = st[MOVES]
            if check:
                check_cards(st, deck_counts)
            if st[PHASE] == P_GAME_OVER:
                break
        actor = st[CUR]
        k, plays = turn_moves(st, mv, ru)
        i = bot_choose(bots[actor], st, actor, mv, 0, k, plays, ru, trng, idx)
        kind = mv[4 * i + M_KIND]
        card, colour, target = mv[4 * i + M_CARD], mv[4 * i + M_COLOUR], mv[4 * i + M_TARGET]
        if moves < room:
            hist[moves] = move_code(actor, kind, card, colour, target)
        moves += 1
        if kind == PLAY:
            push_play(st, mv, actor, card, colour, flag(False), ru, crng)
        else:
            apply_other(st, mv, actor, kind, card, colour, target, ru, crng)
        if table:
            st[MOVES] = moves
            if st[UNOOPEN] >= 0:
                uno_call(st, mv, hist, tr, trng, ru, crng)
            if talk and st[PHASE] != P_GAME_OVER:
                table_talk(st, mv, hist, tr, trng, ru, crng)
            moves = st[MOVES]
        if check:
            check_cards(st, deck_counts)
    st[MOVES] = moves
    return first, dealer, abandoned


@mirrors("uno_nb.sim.simulation.run_games")
@njit(cache=True, nogil=True)  # no Python objects: other threads (the page) run meanwhile
def play_batch(ru: I64, bots: I64, n: int, seeds: I64, max_rounds: int, max_turns: int, table: bool,
               traits: I64, check: bool, out: I64, scores: I64, drawn: I32, fired: I32,
               history: I64) -> None:
    """Play ``len(seeds)`` games; per game ``out`` gets (winner, first player,
    dealer, turns, moves, rounds, points, abandoned), ``scores``/``drawn`` per
    seat and ``fired`` per rule id of :data:`FIRED_IDS` (``drawn`` and
    ``fired`` are int32, the :class:`~uno_nb.sim.batch.Batch` columns'
    dtype: no copy to convert them).  ``traits`` has a row per game, or one
    row for all (the inline policy, ``table=False``, has no table to read).  ``history`` (games,
    capacity) gets each game's first ``capacity`` moves (:func:`note_move`;
    ``out``'s moves is how many the game made): ``(games, 0)`` when nobody
    asks for them, which writes nothing and is the same compiled function."""
    games = seeds.shape[0]
    # the loop writes through raw pointers, which check nothing: the shapes first
    if (n < 2 or n > SEATS or ru.shape[0] != NRULES or not 0 <= ru[D_DECK] < DECK_LEN.shape[0]
            or bots.shape[0] != n or out.shape != (games, 8)
            or scores.shape != (games, n) or drawn.shape != (games, n)
            or fired.shape != (games, NFIRED) or history.shape[0] != games
            or traits.shape[1:] != (n, T_COLS)
            or not (traits.shape[0] == games or (traits.shape[0] == 1 and not table))):
        raise ValueError("play_batch: the players, rules, bots, traits or an output has the "
                         "wrong shape")
    st = np.zeros(STATE_SIZE, np.int64)
    mv = np.zeros(MOVE_BUFFERS, np.int64)
    idx = np.zeros(MAXM, np.int64)
    deck_counts = np.zeros(NCARDS, np.int64)
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
    start = np.arange(0, 2 * block, 2).astype(np.int64)
    ccount = np.zeros(block, np.int64)
    tcount = np.zeros(block, np.int64)
    # from here on the game loop sees only raw pointers (see raw)
    st_r, mv_r, idx_r, dc_r, ru_r, bots_r = raw(st), raw(mv), raw(idx), raw(deck_counts), \
        raw(ru), raw(bots)
    room = history.shape[1]
    for g0 in range(0, games, block):
        for lane in range(block):
            g = min(g0 + lane, games - 1)  # spare lanes of the last block repeat a game
            # next_rng's seed for chance event 1
            seed_key(mix(seeds[g], i64(1)), cwords, ccount, lane)
            if table:  # the runner's random.Random(mix(seed, TABLE_STREAM))
                seed_key(mix(seeds[g], i64(TABLE_STREAM)), twords, tcount, lane)
            else:      # the inline policy's random.Random(seed)
                seed_key(np.uint64(seeds[g]), twords, tcount, lane)
        mt.seed_twisted(cstates, cwords, start, ccount, work)
        mt.seed_twisted(tstates, twords, start, tcount, work)
        for g in range(g0, min(g0 + block, games)):
            _play_and_record(st_r, mv_r, raw(history[g]), room, idx_r,
                             raw(traits[min(g, traits.shape[0] - 1)]), raw(tstates[g - g0]),
                             raw(cstates[g - g0]), ru_r, bots_r, n, seeds[g], max_rounds,
                             max_turns, table, check, dc_r, raw(out[g]), raw(scores[g]),
                             raw(drawn[g]), raw(fired[g]))
    keep_alive(st, mv, idx, deck_counts, cstates, tstates)  # the owners of the raw pointers


@mirrors("uno_nb.sim.simulation.play_game")
@njit(cache=True)
def _play_and_record(st: I64, mv: I64, hist: I64, room: int, idx: I64, tr: I64, trng: U32,
                     crng: U32, ru: I64, bots: I64, n: int, seed: int, max_rounds: int,
                     max_turns: int, table: bool, check: bool, deck_counts: I64, out: I64,
                     scores: I64, drawn: I32, fired: I32) -> None:
    """Play a game and write its row of each output (``hist``: its row of
    the history, room for ``room`` moves)."""
    first, dealer, abandoned = play_one(st, mv, hist, room, idx, tr, trng, crng, ru, bots, n, seed,
                                        max_rounds, max_turns, table, check, deck_counts)
    winner = -1 if abandoned else st[WINNER]
    out[0] = winner
    out[1] = first
    out[2] = dealer
    out[3] = st[TURNS]
    out[4] = st[MOVES]
    out[5] = st[ROUND]
    out[6] = 0 if winner < 0 else st[SCORES + winner]
    out[7] = abandoned
    for s in range(n):
        scores[s] = st[SCORES + s]
        drawn[s] = st[DRAWNN + s]
    for f in range(NFIRED):
        fired[f] = st[FIRED + f]
