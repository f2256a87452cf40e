"""The compiled simulator: whole batches of bot games in machine code.

:func:`play` plays ``n`` seeded games of one rule set between the kit's bots
and returns them as a :class:`~uno_nb.sim.batch.Batch` of numpy arrays.  Each game
is the engine's own game: for the same rule set, bots and seed, its record
(winner, turns, moves, rounds, scores, cards drawn, each rule's count,
abandoned) equals :func:`uno_nb.sim.simulation.play_game`'s, because the kernel
(:mod:`uno_nb.kernel.jit`) follows the engine step by step and draws the same
random numbers from the same generators — CPython's Mersenne Twister,
reproduced in :mod:`uno_nb.kernel.mtrand`.  The engine stays the reference.
:func:`play_with_moves` also writes out every game's moves, in the engine's
notation, for the twin tests to compare move by move.

The kernel needs numba (``pip install "uno_nb[fast]"``; prebuilt wheels, nothing
to compile at install).  Its machine code is cached on disk beside the
package, so only the first run after an install compiles (about half a minute
on two cores; :func:`warm`, ``python -m uno_nb.kernel``, does it ahead of
time and then leaves a marker beside the cache, see :func:`not_ready`).
:func:`why_not` says why the kernel cannot play something — numba missing,
or a bot it does not know (a bot object of your own) — and :mod:`uno_nb.lab`
then plays on the engine and says so; it also plays on the engine while the
kernel is not compiled yet (:func:`not_ready`), so that a lab run never
spends half a minute compiling inside a notebook's kernel.

>>> from uno_nb.sim.simulation import run_games
>>> batch = play("party", ["heuristic"] * 4, 50, seed=7)
>>> batch.to_records() == run_games("party", ["heuristic"] * 4, 50, seed=7)
True
"""

from __future__ import annotations

import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, wait
from typing import Callable, Sequence

import numpy as np

from ..engine.cards import ALL_CARDS, Colour
from ..engine.errors import UnoError
from ..engine.moves import MAX_PLAYERS, Move, MoveKind
from ..engine.rules import RuleSet
from ..sim.batch import Batch
from ..sim.bots import Bot, HeuristicBot, RandomBot, make_bot
from ..sim.simulation import DEFAULT_MAX_TURNS, GameRecord
from .cache import (numba_missing, cache_folder, COMPILE_FAILED, COMPILED_ELSEWHERE,
                    drop_stale_cache, failed_marker, fingerprint, forget_stale_machine_code,
                    is_compiling_reason, mark_failed, mark_ready, NOT_COMPILED, not_ready,
                    ready_marker, READY_NAME, SERVED_ENV)
from .layout import MV_CARD, MV_COLOUR, MV_SEAT, MV_TARGET, T_COLS

__all__ = ["available", "why_not", "play", "play_records", "play_with_moves", "play_moves",
           "move_text", "MOVES_ROOM", "MOVES_BUDGET", "warm", "KernelRefused", "cores",
           "GAMES_PER_THREAD", "THREADS_PER_CORE", "threads_used", "forget_tables",
           "BOT_CODES",
           # the machine code on disk (kernel/cache.py)
           "fingerprint", "drop_stale_cache", "forget_stale_machine_code", "cache_folder",
           "READY_NAME", "ready_marker", "mark_ready", "failed_marker", "mark_failed", "not_ready",
           "NOT_COMPILED", "COMPILED_ELSEWHERE", "COMPILE_FAILED", "is_compiling_reason",
           "SERVED_ENV"]

#: The bots the kernel plays, by name, and their codes in the kernel.
BOT_CODES = {"random": 0, "random-greedy": 1, "heuristic": 2}
_MAX_SEED = 2 ** 63 - 1


class KernelRefused(UnoError):
    """The kernel cannot play this: the message says why (the lab then plays
    the games on the engine)."""


def available() -> bool:
    """Whether numba is installed, so the kernel can run at all."""
    return numba_missing() is None


def _rules(rules: RuleSet | str | None) -> RuleSet:
    if rules is not None and not isinstance(rules, (str, RuleSet)):
        raise KernelRefused(f"rules must be a RuleSet or a preset name, got {rules!r}")
    return RuleSet.coerce(rules)


def _bot_code(bot: Bot | str) -> int:
    """The kernel's code of a bot, or KernelRefused."""
    if isinstance(bot, str):
        bot = make_bot(bot)
    if type(bot) is HeuristicBot:
        if bot.bluff is not None:  # the twin plays the simulations' bot (HeuristicBot())
            raise KernelRefused(f"the kernel's heuristic bot is the simulations' own "
                                f"(HeuristicBot()); this one bluffs at rate {bot.bluff}")
        return BOT_CODES["heuristic"]
    if type(bot) is RandomBot:
        if bot.jump_rate != 0.5:
            raise KernelRefused(f"the kernel's random bots jump in half the time; {bot!r} "
                                f"jumps in with rate {bot.jump_rate}")
        return BOT_CODES["random-greedy" if bot.greedy else "random"]
    raise KernelRefused(f"the kernel plays only the kit's bots ({', '.join(BOT_CODES)}), "
                        f"not {bot!r}")


def why_not(rules: RuleSet | str | None, lineup: Sequence[Bot | str],
            seeds: range | None = None) -> str | None:
    """Why the kernel cannot play this rule set and lineup (on ``seeds``), or
    ``None`` if it can.

    Every rule option is covered; what it refuses is a missing numba, a bot
    that is not one of the kit's three, and seeds beyond 2**63 - 1."""
    missing = numba_missing()
    if missing:
        return missing
    try:
        _rules(rules)
        for bot in lineup:
            _bot_code(bot)
    except KernelRefused as exc:
        return str(exc)
    if not 2 <= len(lineup) <= MAX_PLAYERS:
        return f"R-PLAYERS: Uno is for 2 to {MAX_PLAYERS} players, got {len(lineup)}"
    if seeds is not None and len(seeds) and (seeds[0] < 0 or seeds[-1] > _MAX_SEED):
        return f"the kernel plays seeds from 0 to 2**63 - 1, got {seeds[0]}…{seeds[-1]}"
    return None


_TABLES: dict[tuple[int, int, int], np.ndarray] = {}
_TABLES_LOCK = threading.Lock()  # labs in threads of one process share it
#: How many games' traits to keep (a few hundred bytes each): enough for a
#: comparison, whose second rule set meets the first one's chunks again.
_TABLES_GAMES = 50_000


def forget_tables() -> None:
    """Forget the traits :func:`play` keeps for the next rule set on the same seeds."""
    with _TABLES_LOCK:
        _TABLES.clear()


#: A thread plays at least this many games of a batch (a few milliseconds'
#: work): a smaller batch is spread over fewer threads, or played in the caller's.
GAMES_PER_THREAD = 500
_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()


def _forget_threads_after_fork() -> None:
    """A forked child has none of its parent's threads: a pool copied from the
    parent would queue work that never runs, and a lock another thread held
    at the fork would never be released, so the child makes its own."""
    global _POOL, _POOL_SIZE, _POOL_LOCK, _TABLES_LOCK
    _POOL, _POOL_SIZE, _POOL_LOCK, _TABLES_LOCK = None, 0, threading.Lock(), threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_threads_after_fork)


def cores() -> int:
    """The cores this process may run on (its CPU affinity; else the machine's)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


#: The most threads a batch is spread over, per core: more would only queue.
THREADS_PER_CORE = 4


def _threads(threads: int | None) -> int:
    """The number of threads asked for (``None``: one per core), checked."""
    if threads is None:
        return cores()
    if type(threads) is not int or threads < 1:
        raise ValueError(f"threads must be a whole number >= 1 or None, got {threads!r}")
    return min(threads, THREADS_PER_CORE * cores())


_POOL_SIZE = 0  # the workers of _POOL


def threads_used(n: int, threads: int | None = None) -> int:
    """How many threads a batch of ``n`` games is spread over when ``threads``
    are asked for (``None``: one per core): at most :data:`THREADS_PER_CORE`
    per core, each with at least :data:`GAMES_PER_THREAD` games."""
    return max(1, min(_threads(threads), n // GAMES_PER_THREAD))


def _spread(n: int, threads: int, work: Callable[[int, int], object]) -> None:
    """``work(a, b)`` over ``range(n)`` cut into up to ``threads`` consecutive
    parts, side by side: the compiled batch functions release the GIL (numba's
    ``nogil``), so the parts run on as many cores as there are parts (up to
    the machine's).  The calling thread plays the first part, the kernel's
    thread pool the others; each part writes only its own rows of the
    outputs, so the results are those of one call on one thread, in the same
    order.  Once every part has stopped, the first error of any part is
    raised here (the caller's own part's first)."""
    parts = threads_used(n, threads)
    if parts == 1:
        work(0, n)
        return
    global _POOL, _POOL_SIZE
    with _POOL_LOCK:
        if _POOL is None or _POOL_SIZE < parts - 1:
            # a larger pool; the old one is dropped, not shut down: another call
            # may hold it and submit to it still (its threads end with it)
            _POOL_SIZE = max(parts - 1, cores())
            _POOL = ThreadPoolExecutor(max_workers=_POOL_SIZE, thread_name_prefix="uno_nb-kernel")
        pool = _POOL
    bounds = [n * i // parts for i in range(parts + 1)]
    others = [pool.submit(work, bounds[i], bounds[i + 1]) for i in range(1, parts)]
    try:
        work(bounds[0], bounds[1])
    finally:
        wait(others)  # every part finished (or failed) before anyone reads the outputs
    for future in others:
        future.result()


def _traits(seeds: np.ndarray, players: int, threads: int) -> np.ndarray:
    """``table.draw_traits`` of every game of ``seeds`` (int64[games, players, T_COLS])."""
    from . import jit as kj
    found = np.empty((len(seeds), players, T_COLS), np.int64)
    _spread(len(seeds), threads, lambda a, b: kj.traits_batch(seeds[a:b], players, found[a:b]))
    return found


def _table(first: int, count: int, players: int, threads: int) -> np.ndarray:
    """Every seat's traits in each game (a game's people depend only on its
    seed and the number of players, so a comparison of rule sets on the same
    seeds computes them once)."""
    key = (first, count, players)
    with _TABLES_LOCK:
        found = _TABLES.get(key)
    if found is None:
        found = _traits(np.arange(first, first + count, dtype=np.int64), players, threads)
        with _TABLES_LOCK:
            _TABLES[key] = found
            # the oldest go first; the newest stays even if it alone is over the bound
            while len(_TABLES) > 1 and sum(k[1] for k in _TABLES) > _TABLES_GAMES:
                _TABLES.pop(next(iter(_TABLES)))
    return found


def _checked(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int, seed: int,
             max_rounds: int | None, max_turns: int) -> tuple[RuleSet, list[Bot], np.ndarray]:
    """The rule set, the bots and their kernel codes of a call of :func:`play`,
    or the error that says what the kernel cannot play or what is wrong."""
    if isinstance(lineup, (str, bytes)) or not isinstance(lineup, Sequence):
        raise ValueError(f"lineup must be a list of bots or bot names, got {lineup!r}")
    reason = why_not(rules, lineup)
    if reason is not None:
        raise KernelRefused(f"the compiled kernel cannot play this: {reason}")
    rule_set = _rules(rules)
    bots = [make_bot(b) if isinstance(b, str) else b for b in lineup]
    codes = np.array([_bot_code(b) for b in bots], np.int64)
    if type(n) is not int or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {n!r}")
    if type(seed) is not int or seed < 0 or seed + n - 1 > _MAX_SEED:
        raise KernelRefused(f"the kernel plays seeds from 0 to 2**63 - 1, "
                            f"got {seed}…{seed + n - 1}")
    if max_rounds is not None and (type(max_rounds) is not int or max_rounds < 1):
        raise ValueError(f"max_rounds must be a whole number >= 1 or None, got {max_rounds!r}")
    if type(max_turns) is not int or not 1 <= max_turns <= _MAX_SEED:
        raise ValueError(f"max_turns must be a whole number from 1 to 2**63 - 1, "
                         f"got {max_turns!r}")
    return rule_set, bots, codes


def _run(rule_set: RuleSet, codes: np.ndarray, seeds: np.ndarray, max_rounds: int | None,
         max_turns: int, table: bool, check: bool, room: int, threads: int) -> list[np.ndarray]:
    """Play the games of ``seeds`` (in a row, or any seeds: games played again
    for their moves) on the compiled kernel, spread over ``threads`` threads:
    its outputs ``out``, ``scores``, ``drawn``, ``fired`` and the ``history``
    of each game's first ``room`` moves (``room=0``: none, nothing written)."""
    from . import jit as kj
    forget_stale_machine_code()
    n, players = len(seeds), len(codes)
    if not table:
        traits = np.zeros((1, players, T_COLS), np.int64)  # no table: one row serves every game
    elif n == 0 or seeds[-1] - seeds[0] == n - 1:  # seeds in a row: the lab's chunks
        traits = _table(int(seeds[0]) if n else 0, n, players, threads)
    else:
        traits = _traits(seeds, players, threads)
    out = np.empty((n, 8), np.int64)
    scores = np.empty((n, players), np.int64)
    drawn = np.empty((n, players), np.int32)
    fired = np.empty((n, kj.NFIRED), np.int32)
    history = np.zeros((n, room), np.int64)
    ru = kj.rules_array(rule_set)
    rounds = 0 if max_rounds is None else max_rounds

    def part(a: int, b: int) -> None:
        kj.play_batch(ru, codes, players, seeds[a:b], rounds, int(max_turns), bool(table),
                      traits[a:b] if table else traits, bool(check), out[a:b], scores[a:b],
                      drawn[a:b], fired[a:b], history[a:b])
    if n:
        _spread(n, threads, part)
    return [out, scores, drawn, fired, history]


def _batch(seeds: np.ndarray, bots: Sequence[Bot], outputs: Sequence[np.ndarray]) -> Batch:
    from . import jit as kj
    out, scores, drawn, fired = outputs[:4]
    return Batch(seeds=seeds, players=len(bots),
                 bot_names=tuple(b.name for b in bots),
                 winner=out[:, 0], first_player=out[:, 1], dealer=out[:, 2],
                 turns=out[:, 3], moves=out[:, 4], rounds=out[:, 5], points=out[:, 6],
                 scores=scores, cards_drawn=drawn, rule_ids=kj.FIRED_IDS, fired=fired,
                 abandoned=out[:, 7].astype(bool))


def play(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int, seed: int = 0, *,
         max_rounds: int | None = 1, max_turns: int = DEFAULT_MAX_TURNS,
         table: bool = True, check: bool = False, threads: int | None = None) -> Batch:
    """Play ``n`` games on the seeds ``seed … seed + n - 1``, as the runner
    (:func:`uno_nb.sim.simulation.play_game`) plays them.

    ``table=False`` leaves out the table model (no UNO! calls, catches,
    jump-in races or table talk) and seeds each game's random bots with
    ``random.Random(seed)``: the inline policy of ``benchmarks/engine_speed.py``.
    ``check=True`` checks after every move that no card was lost or
    duplicated (slower; a debug mode).  ``threads``: how many threads play
    the games side by side (default: one per core, :func:`cores`; at most
    :data:`THREADS_PER_CORE` per core, each with at least
    :data:`GAMES_PER_THREAD` games); every game is the same and in the same
    place whatever the number.  Raises
    :class:`KernelRefused` when the kernel cannot play the rule set or
    lineup.  :func:`play_with_moves` also gives every game's moves."""
    rule_set, bots, codes = _checked(rules, lineup, n, seed, max_rounds, max_turns)
    seeds = np.arange(seed, seed + n, dtype=np.int64)
    return _batch(seeds, bots, _run(rule_set, codes, seeds, max_rounds, max_turns, table, check,
                                    0, _threads(threads)))


#: :func:`play_with_moves`' first run makes room for this many moves a game
#: (8 bytes each), or for :data:`MOVES_BUDGET` moves in all when that is more
#: (a few games: room for all their moves); the games that made more are
#: played again, with room for all of them.
MOVES_ROOM = 256
MOVES_BUDGET = 1 << 20


def play_with_moves(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int,
                    seed: int = 0, *, max_rounds: int | None = 1,
                    max_turns: int = DEFAULT_MAX_TURNS, table: bool = True,
                    check: bool = False,
                    threads: int | None = None) -> tuple[Batch, list[list[str]]]:
    """:func:`play`, and each game's moves in the order they were pushed, in
    the engine's notation (:attr:`Move.text <uno_nb.engine.moves.Move>`):
    the bots' moves and the table model's (UNO! calls, catches, jump-ins,
    table talk), what ``play_game(..., record=True)[1].moves`` holds for the
    same game.  The kernel writes them out as it plays, one ``int64`` each,
    in the room :data:`MOVES_ROOM` says; a game that made more is played
    again, with the others that did, with room for all of them."""
    rule_set, bots, codes = _checked(rules, lineup, n, seed, max_rounds, max_turns)
    seeds = np.arange(seed, seed + n, dtype=np.int64)
    room = max(MOVES_ROOM, MOVES_BUDGET // max(n, 1))
    cpus = _threads(threads)
    outputs = _run(rule_set, codes, seeds, max_rounds, max_turns, table, check, room, cpus)
    history = outputs[4]
    counts = outputs[0][:, 4]
    rows: list[np.ndarray] = [history[g, :counts[g]] for g in range(n)]
    longer = np.flatnonzero(counts > room)
    if len(longer):
        again = _run(rule_set, codes, seeds[longer], max_rounds, max_turns, table, check,
                     int(counts[longer].max()), cpus)
        if not np.array_equal(again[0], outputs[0][longer]):  # the same games, every time
            raise RuntimeError("the kernel played a game differently the second time")
        for i, g in enumerate(longer.tolist()):
            rows[g] = again[4][i, :counts[g]]
    return _batch(seeds, bots, outputs), [[move_text(code) for code in row.tolist()]
                                          for row in rows]


def play_moves(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int,
               seed: int = 0, *, max_rounds: int | None = 1,
               max_turns: int = DEFAULT_MAX_TURNS, table: bool = True,
               check: bool = False, threads: int | None = None) -> list[list[str]]:
    """Each game's moves (:func:`play_with_moves`), in the engine's notation.

    >>> from uno_nb.sim.simulation import play_game
    >>> moves = play_moves("party", ["heuristic"] * 4, 3, seed=5)
    >>> moves[2] == [m.text for m in play_game("party", ["heuristic"] * 4, 7, record=True)[1].moves]
    True
    """
    return play_with_moves(rules, lineup, n, seed, max_rounds=max_rounds, max_turns=max_turns,
                           table=table, check=check, threads=threads)[1]


_MOVE_TEXTS: dict[int, str] = {}


def move_text(code: int) -> str:
    """The engine's notation of a move as the kernel writes it out (see
    :data:`uno_nb.kernel.layout.MV_SEAT`): ``"2:W+4>G"``, ``"0:catch 3"``."""
    text = _MOVE_TEXTS.get(code)
    if text is None:
        kind = MoveKind(code & 15)
        seat = (code >> MV_SEAT) & 15
        card = ALL_CARDS[((code >> MV_CARD) & 255) - 1] if (code >> MV_CARD) & 255 else None
        colour = Colour(((code >> MV_COLOUR) & 15) - 1) if (code >> MV_COLOUR) & 15 else None
        target = ((code >> MV_TARGET) & 15) - 1
        text = Move.make(kind, seat,
                         card=card if kind in (MoveKind.PLAY, MoveKind.GIVE) else None,
                         colour=colour if kind in (MoveKind.PLAY, MoveKind.COLOUR) else None,
                         target=target if kind in (MoveKind.CATCH, MoveKind.SWAP) else None).text
        _MOVE_TEXTS[code] = text
    return text


def play_records(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int,
                 seed: int = 0, **kwargs: object) -> list[GameRecord]:
    """:func:`play` as a list of :class:`~uno_nb.sim.simulation.GameRecord`."""
    return play(rules, lineup, n, seed, **kwargs).to_records()  # type: ignore[arg-type]


# -- ready: compiled and cached ------------------------------------------------------------
#
# A notebook's kernel must never compile the simulator (about half a minute on
# two cores, during which the page would hang): the lab asks not_ready() before
# every run and plays on the engine until `python -m uno_nb.kernel` (make test's
# conftest, Binder's postBuild, the web app's launcher in the background) has
# compiled everything and left its marker.


def warm() -> float:
    """Compile the kernel (or load it from the disk cache) and mark it ready
    (:func:`mark_ready`): seconds taken."""
    start = time.perf_counter()
    play("standard", ["heuristic"] * 4, 2, seed=0, check=True)
    play("standard", ["random-greedy"] * 4, 2, seed=0, table=False)
    mark_ready()
    return time.perf_counter() - start


USAGE = "usage: python -m uno_nb.kernel [--if-needed]"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m uno_nb.kernel``: compile the kernel into numba's disk cache
    (``make test`` and Binder's ``postBuild`` run it), or say why it cannot
    run.  ``--if-needed`` (the web app's launcher runs it in the background)
    first says ``compiling`` on a line of its own, so that the launcher can
    tell the teacher, and does nothing when the kernel is ready already."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in ([], ["--if-needed"]):
        print(USAGE, file=sys.stderr)
        return 2
    reason = numba_missing()
    if reason is not None:
        print(f"uno_nb.kernel: {reason}; the lab will play its games on the engine")
        return 0
    if args:
        if not_ready() is None:
            print("uno_nb.kernel: compiled simulator ready (already compiled)")
            return 0
        print("uno_nb.kernel: compiling the simulator", flush=True)
    try:
        seconds = warm()
    except Exception as error:  # noted for the lab, then told as usual
        mark_failed(f"{type(error).__name__}: {error}")
        raise
    print(f"uno_nb.kernel: compiled simulator ready ({seconds:.1f} s; "
          "a first run after an install compiles it, later runs load it from the cache)")
    return 0

