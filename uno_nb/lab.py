"""The simulation lab: many seeded games per rule set, summaries with intervals.

>>> from concurrent.futures import ThreadPoolExecutor
>>> result = run("standard", ["random-greedy"] * 4, 40, seed=0, executor="serial")
>>> len(result.records), result.records[0].seed
(40, 0)
>>> with ThreadPoolExecutor(2) as pool:
...     again = run("standard", ["random-greedy"] * 4, 40, seed=0, executor=pool)
>>> again.records == result.records
True

:func:`run` plays ``n`` games on the seeds ``seed … seed + n - 1`` and
returns a :class:`LabResult`: the tidy per-game records
(:class:`~uno_nb.sim.simulation.GameRecord`) and a :class:`Summary` with 95%
intervals — turns per game, each seat's share of wins (and by position after
the first player: the first-player advantage), points, cards drawn and how
often each rule took effect.  :func:`compare` runs several rule sets on the
same seeds.

Games run in chunks on any :class:`concurrent.futures.Executor`: by default a
process pool with one worker per core; pass ``executor="serial"`` to play in
this process (on the kernel, spread over the cores by its threads), or
e.g. a Dask ``distributed`` client's ``get_executor()`` to use a cluster.  A
game depends only on its rules, bots and seed, so every
executor gives exactly the records of a serial run, in seed order.
``progress(done, total)`` is called as chunks finish, for a progress bar.

The games are played by the compiled kernel (:mod:`uno_nb.kernel`) whenever
it can play them — every rule option and the kit's three bots, with numba
installed — and it is compiled already, and by the engine otherwise; both
give the same records, game for game.  A run never compiles the kernel (about
half a minute, during which a notebook page would hang): until ``python -m
uno_nb.kernel`` has (the web app's launcher runs it in the background), runs
play on the engine, and the first run after it plays on the kernel, in the
same process.  A result says which played it (:attr:`LabResult.engine`) and,
on the engine, why the kernel could not (:attr:`LabResult.fallback`).  Results
keep their games as arrays (:class:`~uno_nb.sim.batch.Batch`) and summarise them
without a Python object per game; :attr:`LabResult.records` builds the
records when asked.

A serial run of named bots is remembered (the last :data:`REMEMBERED`): the
same games asked for again in this process - the lab page's question and the
lab itself, both 10,000 standard games from seed 0 - are played once.
"""

from __future__ import annotations

import dataclasses
import math
import os
import threading
from collections import OrderedDict
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .engine.rules import RuleSet
from .sim.batch import Batch, summarize_batch
from .sim.bots import Bot, make_bot
from .sim.montecarlo import Estimate, z_value
from .sim.simulation import DEFAULT_MAX_TURNS, GameRecord, play_game
from .sim.summary import Summary, summarize

__all__ = ["run", "compare", "paired_differences", "forget", "LabResult", "Summary", "summarize"]


def _run_chunk(rules: RuleSet, lineup: Sequence[Bot], first: int, count: int,
               max_rounds: int | None, max_turns: int, compiled: bool = False,
               threads: int | None = 1) -> Batch:
    """Games ``first … first + count - 1`` as a batch, on the kernel (over
    ``threads`` threads, ``None``: one per core) or the engine."""
    if compiled:
        from . import kernel
        return kernel.play(rules, lineup, count, first, max_rounds=max_rounds,
                           max_turns=max_turns, threads=threads)
    records = [play_game(rules, lineup, seed, max_rounds=max_rounds, max_turns=max_turns)[0]
               for seed in range(first, first + count)]
    return Batch.from_records(records, bot_names=[getattr(b, "name", type(b).__name__)
                                                  for b in lineup])


@dataclass
class LabResult:
    """The games one rule set played, in seed order, and their summary.

    ``engine`` is ``"kernel"`` (the compiled simulator) or ``"engine"``;
    ``fallback`` says why the kernel was not used (``None`` when it was, or
    when the engine was asked for)."""

    rules: RuleSet
    lineup: tuple[str, ...]
    batch: Batch
    engine: str = "engine"
    fallback: str | None = None
    _summary: Summary | None = field(default=None, repr=False)
    _records: list[GameRecord] | None = field(default=None, repr=False)

    @property
    def records(self) -> list[GameRecord]:
        """One :class:`~uno_nb.sim.simulation.GameRecord` per game (built on first use)."""
        if self._records is None:
            self._records = self.batch.to_records()
        return self._records

    @property
    def summary(self) -> Summary:
        if self._summary is None:
            self._summary = summarize_batch(self.batch)
        return self._summary

    def rows(self) -> list[dict[str, Any]]:
        """One flat dict per game, ready for ``pandas.DataFrame(result.rows())``
        (``pandas.DataFrame(result.batch.columns())`` is the fast way)."""
        out = []
        for r in self.records:
            row = asdict(r)
            fired = row.pop("fired")
            for i, (score, drawn) in enumerate(zip(r.scores, r.cards_drawn)):
                row[f"score_{i}"] = score
                row[f"drawn_{i}"] = drawn
            del row["scores"], row["cards_drawn"]
            row.update({f"fired:{k}": v for k, v in sorted(fired.items())})
            out.append(row)
        return out


ENGINES = ("auto", "kernel", "engine")
MAX_SEED = 2 ** 63 - 1  #: the last seed a batch (an int64 array) holds


#: How many serial runs of named bots a process remembers (see the module's text).
REMEMBERED = 4
_REMEMBERED_RUNS: OrderedDict[tuple[Any, ...], LabResult] = OrderedDict()
_REMEMBERING = threading.Lock()


def forget() -> None:
    """Forget the runs this process remembers, and the kernel's tables of the
    players' traits: the next run plays every game again (a benchmark's
    timing; the games are the same)."""
    with _REMEMBERING:
        _REMEMBERED_RUNS.clear()
    from . import kernel
    kernel.forget_tables()


def run(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int, seed: int = 0, *,
        executor: Executor | str | None = None, workers: int | None = None,
        chunk: int | None = None, progress: Callable[[int, int], None] | None = None,
        max_rounds: int | None = 1, max_turns: int = DEFAULT_MAX_TURNS,
        engine: str = "auto", threads: int | None = None) -> LabResult:
    """Play ``n`` seeded games of ``rules`` between the bots of ``lineup``.

    ``executor``: ``None`` for a new process pool of ``workers`` processes
    (default: one per core), ``"serial"`` to play here, or any
    :class:`concurrent.futures.Executor`, which is left running.
    ``threads``: how many threads the kernel plays a serial run's games on
    (default one per core, :func:`uno_nb.kernel.cores`; the same games in
    the same order whatever the number); a pool's workers play on one each.
    ``engine``: ``"auto"`` plays on the compiled kernel when it can (in the
    web app's kernels only once it is compiled, :func:`uno_nb.kernel.not_ready`
    asked at every run: the launcher compiles it in the background), else on
    the engine; ``"kernel"`` insists on the kernel (:class:`~uno_nb.kernel.KernelRefused`
    if it cannot; compiled here first if need be); ``"engine"`` always uses
    the engine."""
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    if type(seed) is not int or seed < 0 or seed + n - 1 > MAX_SEED:
        raise ValueError(f"the lab plays seeds from 0 to 2**63 - 1 (kept as 64-bit integers), "
                         f"got {seed}…{seed + n - 1}")
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    if threads is not None and (type(threads) is not int or threads < 1):
        raise ValueError(f"threads must be a whole number >= 1 or None, got {threads!r}")
    rule_set = RuleSet.coerce(rules)
    bots = [make_bot(b) if isinstance(b, str) else b for b in lineup]
    names = tuple(getattr(b, "name", type(b).__name__) for b in bots)
    fallback = None
    compiled = False
    if engine != "engine":
        from . import kernel
        fallback = kernel.why_not(rule_set, bots, range(seed, seed + n))
        if fallback is not None and engine == "kernel":
            raise kernel.KernelRefused(f"the compiled kernel cannot play this: {fallback}")
        if fallback is None and engine == "auto" and os.environ.get(kernel.SERVED_ENV):
            # in the web app's kernels: not compiled yet, no compiling here
            fallback = kernel.not_ready()
        compiled = fallback is None
    used = "kernel" if compiled else "engine"
    if executor == "serial" or (executor is None and (workers or os.cpu_count() or 1) == 1):
        key = None
        if all(isinstance(b, str) for b in lineup):
            key = (rule_set, tuple(lineup), n, seed, max_rounds, max_turns, compiled)  # any threads
            with _REMEMBERING:
                known = _REMEMBERED_RUNS.get(key)
                if known is not None:
                    _REMEMBERED_RUNS.move_to_end(key)
            if known is not None:  # the same games, played a moment ago
                if progress is not None:
                    progress(n, n)
                return dataclasses.replace(known, fallback=fallback)
        parts: list[Batch] = []
        if compiled:  # each chunk spread over the cores by the kernel's threads
            from . import kernel
            step = chunk or max(kernel.GAMES_PER_THREAD * min(threads or kernel.cores(),
                                                              kernel.cores()),
                                min(50_000, n // 5))
        else:
            step = chunk or max(1, min(500, n // 100 or 1))
        for first in range(seed, seed + n, step):
            count = min(step, seed + n - first)
            parts.append(_run_chunk(rule_set, bots, first, count, max_rounds, max_turns, compiled,
                                    threads))
            if progress is not None:
                progress(first + count - seed, n)
        result = LabResult(rule_set, names, Batch.concat(parts), used, fallback)
        if key is not None:
            with _REMEMBERING:
                _REMEMBERED_RUNS[key] = result
                while len(_REMEMBERED_RUNS) > REMEMBERED:
                    _REMEMBERED_RUNS.popitem(last=False)
        return result
    if isinstance(executor, str):
        raise ValueError(f"executor must be an Executor, None or 'serial', got {executor!r}")
    own = executor is None
    pool: Executor = ProcessPoolExecutor(max_workers=workers or os.cpu_count()) if own else executor  # type: ignore[assignment]
    try:
        splits = workers or os.cpu_count() or 2
        step = chunk or (max(1000, min(100_000, n // (splits * 4) or 1)) if compiled
                         else max(25, min(2000, n // (splits * 8) or 1)))
        futures: dict[Future[Batch], int] = {}
        for index, first in enumerate(range(seed, seed + n, step)):
            count = min(step, seed + n - first)
            futures[pool.submit(_run_chunk, rule_set, bots, first, count,
                                max_rounds, max_turns, compiled)] = index
        chunks: dict[int, Batch] = {}
        done = 0
        for future in as_completed(futures):
            part = future.result()
            chunks[futures[future]] = part
            done += len(part)
            if progress is not None:
                progress(done, n)
        batch = Batch.concat([chunks[index] for index in sorted(chunks)])
    finally:
        if own:
            pool.shutdown()
    return LabResult(rule_set, names, batch, used, fallback)


def paired_differences(a: LabResult, b: LabResult,
                       confidence: float = 0.95) -> dict[str, Estimate]:
    """B − A for each figure of a comparison, worked out game by game.

    :func:`compare` deals game ``i`` under both rule sets from the same
    seed, so each deal gives one difference (B's turns less A's, B's first
    player winning or not less A's …), and the luck of the deal, shared by
    both games, cancels out: the mean of those differences has an interval
    much narrower than two separate figures' (common random numbers).  The
    keys are the lab table's: ``turns``, ``drawn`` (cards each player draws),
    over every game; ``first``, ``seat1`` …, ``points`` (the winner's points
    per round), over the deals that both rule sets finished (where no game
    is abandoned, every deal, and then each estimate is exactly B's figure
    less A's).  A figure with fewer than two deals to pair is left out.

    >>> standard = RuleSet.preset("standard")
    >>> results = compare({"A": standard, "B": standard.replace(stack=True)},
    ...                   ["heuristic"] * 4, 2000, seed=0, executor="serial")
    >>> d = paired_differences(results["A"], results["B"])["turns"]
    >>> round(d.estimate, 1), round(d.low, 1), round(d.high, 1)
    (-1.5, -2.8, -0.2)
    """
    import numpy as np

    x, y = a.batch, b.batch
    if x.players != y.players or len(x) != len(y) or not np.array_equal(x.seeds, y.seeds):
        raise ValueError("paired differences need the same deals: the same players and seeds")
    z = z_value(confidence)

    def mean(d: Any) -> Estimate | None:
        d = np.asarray(d, dtype=np.float64)
        n = len(d)
        if n < 2:
            return None
        m, se = float(d.mean()), float(d.std(ddof=1)) / math.sqrt(n)
        return Estimate(m, se, m - z * se, m + z * se, n, confidence)

    players = x.players
    out = {"turns": mean(y.turns.astype(np.int64) - x.turns),
           "drawn": mean((y.cards_drawn.sum(axis=1, dtype=np.int64)
                          - x.cards_drawn.sum(axis=1, dtype=np.int64)) / players)}
    both = (x.winner >= 0) & (y.winner >= 0)
    wx, wy = x.winner[both].astype(np.int64), y.winner[both].astype(np.int64)
    first_x = (wx - x.first_player[both]) % players == 0
    first_y = (wy - y.first_player[both]) % players == 0
    out["first"] = mean(first_y.astype(np.int64) - first_x)
    for seat in range(players):
        out[f"seat{seat + 1}"] = mean((wy == seat).astype(np.int64) - (wx == seat))
    out["points"] = mean(y.points[both] / np.maximum(y.rounds[both], 1)
                         - x.points[both] / np.maximum(x.rounds[both], 1))
    return {key: e for key, e in out.items() if e is not None}


def compare(rule_sets: Mapping[str, RuleSet | str] | Sequence[RuleSet | str],
            lineup: Sequence[Bot | str], n: int, seed: int = 0,
            **kwargs: Any) -> dict[str, LabResult]:
    """Run several rule sets on the same seeds: {name: result}.  A sequence
    is named by preset name (or ``custom``, ``custom 2``, …)."""
    if not isinstance(rule_sets, Mapping):
        named: dict[str, RuleSet | str] = {}
        for item in rule_sets:
            name = item if isinstance(item, str) else RuleSet.coerce(item).name
            base, k = name, 2
            while name in named:
                name, k = f"{base} {k}", k + 1
            named[name] = item
        rule_sets = named
    return {name: run(rules, lineup, n, seed, **kwargs) for name, rules in rule_sets.items()}
