"""A batch of games as numpy columns: a million games summarised in a second.

A :class:`Batch` holds the games of one rule set and one lineup as arrays of
length ``n`` (games, in seed order), the columnar twin of a list of
:class:`~uno_nb.sim.simulation.GameRecord` (what a compiled kernel returns
instead of one Python object per game).  :meth:`Batch.from_records` and
:meth:`Batch.to_records` convert both ways exactly, :func:`summarize_batch`
gives the same :class:`~uno_nb.sim.summary.Summary` as :func:`uno_nb.sim.summary.summarize`
of the records, float for float, and :meth:`Batch.columns` the columns of
:meth:`uno_nb.lab.LabResult.rows` for ``pandas.DataFrame(batch.columns())``.

>>> from uno_nb.sim.simulation import run_games
>>> records = run_games("standard", ["heuristic"] * 3, 20, seed=4)
>>> batch = Batch.from_records(records)
>>> len(batch), batch.players, batch.bot_names
(20, 3, ('heuristic', 'heuristic', 'heuristic'))
>>> batch.to_records() == records
True
>>> from uno_nb.sim.summary import summarize
>>> summarize_batch(batch) == summarize(records)
True

Exactness: :func:`uno_nb.sim.summary.summarize` takes means with
:func:`statistics.fmean` (the correctly rounded sum, divided by ``n``) and
standard deviations with :func:`statistics.stdev` (exact rational arithmetic,
then a correctly rounded square root, Python 3.11+).  Here the same exact
sums come from numpy in int64 (integer columns, in blocks small enough that
they cannot overflow) or from the distinct values and their counts (the
per-game ratios ``points / rounds`` and ``cards drawn / players``, which are
floats in the records and here alike), so every figure is the identical float.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

import numpy as np

from ..engine.state import COUNTED_RULES
from .montecarlo import Estimate, z_value
from .simulation import GameRecord
from .summary import Summary, mean_or_nan

__all__ = ["Batch", "summarize_batch", "RULE_IDS", "UNKNOWN_BOT"]

#: Every rule id the engine counts, in the engine's order (the order of the
#: keys of :attr:`GameRecord.fired <uno_nb.sim.simulation.GameRecord>`).
RULE_IDS: tuple[str, ...] = COUNTED_RULES
#: The bot name :meth:`Batch.from_records` gives a seat that won no game (its
#: records do not say which bot played there).
UNKNOWN_BOT = "?"

# (field, dtype) of the per-game columns, in the order of the dataclass.
_COLUMNS_1D = (("seeds", np.int64), ("winner", np.int16), ("first_player", np.int16),
               ("dealer", np.int16), ("turns", np.int32), ("moves", np.int32),
               ("rounds", np.int32), ("points", np.int64), ("abandoned", np.bool_))
_COLUMNS_2D = (("scores", np.int64), ("cards_drawn", np.int32), ("fired", np.int32))
# Rows per block when summing squares in int64 (also bounded so nothing overflows).
_BLOCK = 1 << 16


def _frozen(value: Any, dtype: Any) -> np.ndarray:
    """``value`` as a read-only array of ``dtype`` (a view: the caller's own
    array stays writeable)."""
    array = np.asarray(value, dtype=dtype).view()
    array.flags.writeable = False
    return array


@dataclass(frozen=True, eq=False, repr=False)
class Batch:
    """The games of one rule set and lineup, as numpy arrays of length ``n``
    (games, in seed order); ``winner`` is -1 when a game has no winner
    (abandoned).  The arrays are read-only views, converted to the dtypes
    below on construction."""

    seeds: np.ndarray            #: int64[n]
    players: int
    bot_names: tuple[str, ...]   #: one per seat
    winner: np.ndarray           #: int16[n], -1 = none (abandoned)
    first_player: np.ndarray     #: int16[n]: who played first in round 1
    dealer: np.ndarray           #: int16[n]: who dealt round 1
    turns: np.ndarray            #: int32[n]
    moves: np.ndarray            #: int32[n]
    rounds: np.ndarray           #: int32[n]
    points: np.ndarray           #: int64[n]: the winner's final score (0 if none)
    scores: np.ndarray           #: int64[n, players]
    cards_drawn: np.ndarray      #: int32[n, players]
    rule_ids: tuple[str, ...]    #: the R columns of ``fired``
    fired: np.ndarray            #: int32[n, R]: times each rule took effect
    abandoned: np.ndarray        #: bool[n]

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        players = int(self.players)
        if players < 1:
            raise ValueError(f"a batch needs at least 1 player, got {players}")
        set_(self, "players", players)
        set_(self, "bot_names", tuple(str(b) for b in self.bot_names))
        set_(self, "rule_ids", tuple(str(r) for r in self.rule_ids))
        if len(self.bot_names) != players:
            raise ValueError(f"bot_names needs one name per seat ({players}), "
                             f"got {len(self.bot_names)}")
        if len(set(self.rule_ids)) != len(self.rule_ids):
            raise ValueError("rule_ids must not repeat")
        for name, dtype in _COLUMNS_1D + _COLUMNS_2D:
            set_(self, name, _frozen(getattr(self, name), dtype))
        n = len(self.seeds)
        for name, _ in _COLUMNS_1D:
            if getattr(self, name).shape != (n,):
                raise ValueError(f"{name} must have shape ({n},), got {getattr(self, name).shape}")
        for name, width in (("scores", players), ("cards_drawn", players),
                            ("fired", len(self.rule_ids))):
            if getattr(self, name).shape != (n, width):
                raise ValueError(f"{name} must have shape ({n}, {width}), "
                                 f"got {getattr(self, name).shape}")
        if n and (self.winner.min() < -1 or self.winner.max() >= players):
            raise ValueError(f"winner must be a seat (0 to {players - 1}) or -1")
        for name in ("first_player", "dealer"):
            column = getattr(self, name)
            if n and (column.min() < 0 or column.max() >= players):
                raise ValueError(f"{name} must be a seat (0 to {players - 1})")

    # -- conversions ---------------------------------------------------------

    @classmethod
    def from_records(cls, records: Sequence[GameRecord],
                     bot_names: Sequence[str] | None = None,
                     rule_ids: Sequence[str] | None = None) -> "Batch":
        """The batch of ``records`` (all with the same number of players).

        ``bot_names`` default to the winners' bots in the records (a seat
        that never won is :data:`UNKNOWN_BOT`); given, they must agree with
        them.  ``rule_ids`` default to every rule the engine counts
        (:data:`RULE_IDS`), then any other id in the records, as first seen.
        A ``fired`` count of 0 in a record is not kept (the engine never
        gives one)."""
        records = list(records)
        if not records:
            raise ValueError("a batch from records needs at least 1 record")
        players = records[0].players
        if any(r.players != players for r in records):
            raise ValueError("all records must have the same number of players")
        names: list[str | None] = [None] * players
        for r in records:
            if r.winner is not None:
                seen = names[r.winner]
                if seen is None:
                    names[r.winner] = r.winner_bot
                elif seen != r.winner_bot:
                    raise ValueError(f"seat {r.winner} is played by both {seen!r} and "
                                     f"{r.winner_bot!r}: one batch holds one lineup")
        if bot_names is None:
            bot_names = tuple(UNKNOWN_BOT if b is None else b for b in names)
        else:
            bot_names = tuple(bot_names)
            if len(bot_names) != players:
                raise ValueError(f"bot_names needs one name per seat ({players}), "
                                 f"got {len(bot_names)}")
            for seat, (seen, given) in enumerate(zip(names, bot_names)):
                if seen is not None and seen != given:
                    raise ValueError(f"seat {seat} won as {seen!r}, not {given!r}")
        ids = list(RULE_IDS if rule_ids is None else rule_ids)
        index = {rule: j for j, rule in enumerate(ids)}
        for r in records:
            for rule in r.fired:
                if rule not in index:
                    if rule_ids is not None:
                        raise ValueError(f"rule {rule!r} fired but is not in rule_ids")
                    index[rule] = len(ids)
                    ids.append(rule)
        n = len(records)
        fired = np.zeros((n, len(ids)), dtype=np.int32)
        for i, r in enumerate(records):
            for rule, count in r.fired.items():
                fired[i, index[rule]] = count
        return cls(
            seeds=np.array([r.seed for r in records], dtype=np.int64),
            players=players, bot_names=bot_names,
            winner=np.array([-1 if r.winner is None else r.winner for r in records],
                            dtype=np.int16),
            first_player=np.array([r.first_player for r in records], dtype=np.int16),
            dealer=np.array([r.dealer for r in records], dtype=np.int16),
            turns=np.array([r.turns for r in records], dtype=np.int32),
            moves=np.array([r.moves for r in records], dtype=np.int32),
            rounds=np.array([r.rounds for r in records], dtype=np.int32),
            points=np.array([r.points for r in records], dtype=np.int64),
            scores=np.array([r.scores for r in records], dtype=np.int64).reshape(n, players),
            cards_drawn=np.array([r.cards_drawn for r in records],
                                 dtype=np.int32).reshape(n, players),
            rule_ids=tuple(ids), fired=fired,
            abandoned=np.array([r.abandoned for r in records], dtype=np.bool_))

    def to_records(self) -> list[GameRecord]:
        """One :class:`~uno_nb.sim.simulation.GameRecord` per game, as the engine
        makes them (``fired`` holds the rules that fired, in the engine's order)."""
        ids = self.rule_ids
        bots = self.bot_names
        players = self.players
        out = []
        for (seed, winner, first, dealer, turns, moves, rounds, points, scores, drawn,
             fired, abandoned) in zip(
                self.seeds.tolist(), self.winner.tolist(), self.first_player.tolist(),
                self.dealer.tolist(), self.turns.tolist(), self.moves.tolist(),
                self.rounds.tolist(), self.points.tolist(), self.scores.tolist(),
                self.cards_drawn.tolist(), self.fired.tolist(), self.abandoned.tolist()):
            won = winner >= 0
            out.append(GameRecord(
                seed=seed, players=players, winner=winner if won else None,
                winner_bot=bots[winner] if won else None, first_player=first, dealer=dealer,
                turns=turns, moves=moves, rounds=rounds, points=points, scores=tuple(scores),
                cards_drawn=tuple(drawn),
                fired={rule: count for rule, count in zip(ids, fired) if count},
                abandoned=abandoned))
        return out

    def record(self, i: int) -> GameRecord:
        """Game ``i`` (negative counts from the end) as a record."""
        n = len(self)
        if not -n <= i < n:
            raise IndexError(f"game {i} of a batch of {n}")
        i %= n
        winner = int(self.winner[i])
        won = winner >= 0
        return GameRecord(
            seed=int(self.seeds[i]), players=self.players, winner=winner if won else None,
            winner_bot=self.bot_names[winner] if won else None,
            first_player=int(self.first_player[i]), dealer=int(self.dealer[i]),
            turns=int(self.turns[i]), moves=int(self.moves[i]), rounds=int(self.rounds[i]),
            points=int(self.points[i]), scores=tuple(self.scores[i].tolist()),
            cards_drawn=tuple(self.cards_drawn[i].tolist()),
            fired={rule: count for rule, count in zip(self.rule_ids, self.fired[i].tolist())
                   if count},
            abandoned=bool(self.abandoned[i]))

    @classmethod
    def concat(cls, batches: Iterable["Batch"]) -> "Batch":
        """The games of ``batches`` one after another (same players and
        lineup; a seat's :data:`UNKNOWN_BOT` takes the name another batch
        knows).  Different ``rule_ids`` are merged: the first batch's, then
        any new ones as first seen, a rule a batch lacks counting 0 there."""
        batches = list(batches)
        if not batches:
            raise ValueError("concat needs at least 1 batch")
        players = batches[0].players
        if any(b.players != players for b in batches):
            raise ValueError("all batches must have the same number of players")
        bots = []
        for seat in range(players):
            known = {b.bot_names[seat] for b in batches} - {UNKNOWN_BOT}
            if len(known) > 1:
                raise ValueError(f"seat {seat} is played by {' and '.join(sorted(known))}: "
                                 "one batch holds one lineup")
            bots.append(known.pop() if known else UNKNOWN_BOT)
        ids = list(batches[0].rule_ids)
        for b in batches[1:]:
            ids += [rule for rule in b.rule_ids if rule not in ids]
        if all(b.rule_ids == tuple(ids) for b in batches):
            fired = np.concatenate([b.fired for b in batches])
        else:
            fired = np.zeros((sum(len(b) for b in batches), len(ids)), dtype=np.int32)
            at = 0
            for b in batches:
                fired[at:at + len(b), [ids.index(rule) for rule in b.rule_ids]] = b.fired
                at += len(b)
        joined = {name: np.concatenate([getattr(b, name) for b in batches])
                  for name, _ in _COLUMNS_1D + _COLUMNS_2D[:2]}
        return cls(players=players, bot_names=tuple(bots), rule_ids=tuple(ids), fired=fired,
                   **joined)

    # -- reading ---------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.seeds)

    def __repr__(self) -> str:
        return (f"Batch({len(self)} games, {self.players} players, bots={self.bot_names!r}, "
                f"{len(self.rule_ids)} rules)")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Batch):
            return NotImplemented
        return (self.players == other.players and self.bot_names == other.bot_names
                and self.rule_ids == other.rule_ids
                and all(np.array_equal(getattr(self, name), getattr(other, name))
                        for name, _ in _COLUMNS_1D + _COLUMNS_2D))

    __hash__ = None  # type: ignore[assignment]

    def summary(self, confidence: float = 0.95) -> Summary:
        """:func:`summarize_batch` of this batch."""
        return summarize_batch(self, confidence)

    def columns(self) -> dict[str, np.ndarray]:
        """One 1-d array per column of :meth:`uno_nb.lab.LabResult.rows`, for
        ``pandas.DataFrame(batch.columns())``: ``seed``, ``players``,
        ``winner`` (-1 where a row has ``None``), ``winner_bot`` (objects:
        names, ``None`` for no winner), ``first_player``, ``dealer``,
        ``turns``, ``moves``, ``rounds``, ``points``, ``abandoned``,
        ``score_i`` and ``drawn_i`` per seat, then ``fired:RULE`` for each
        rule that fired in some game, sorted (0 where a row has no entry).
        The arrays are the batch's own (read-only views, no copies)."""
        n = len(self)
        cols: dict[str, np.ndarray] = {
            "seed": self.seeds,
            "players": np.full(n, self.players, dtype=np.int16),
            "winner": self.winner,
            "winner_bot": np.array([*self.bot_names, None], dtype=object)[self.winner],
            "first_player": self.first_player, "dealer": self.dealer, "turns": self.turns,
            "moves": self.moves, "rounds": self.rounds, "points": self.points,
            "abandoned": self.abandoned}
        for seat in range(self.players):
            cols[f"score_{seat}"] = self.scores[:, seat]
            cols[f"drawn_{seat}"] = self.cards_drawn[:, seat]
        fired_any = (self.fired != 0).any(axis=0)
        for rule, j in sorted((rule, j) for j, rule in enumerate(self.rule_ids) if fired_any[j]):
            cols[f"fired:{rule}"] = self.fired[:, j]
        return cols


# -- exact means and standard deviations ---------------------------------------------

def _float_sqrt_of_frac(n: int, m: int) -> float:
    """The square root of n/m as a float, correctly rounded: the algorithm
    of CPython's ``statistics._float_sqrt_of_frac`` (3.11+), which
    :func:`statistics.stdev` ends with."""
    q = (n.bit_length() - m.bit_length() - 109) // 2  # 109 = 2 * 53 + 3
    if q >= 0:
        a = math.isqrt(n // (m << 2 * q))
        root, denominator = (a | (a * a * (m << 2 * q) != n)) << q, 1
    else:
        a = math.isqrt((n << -2 * q) // m)
        root, denominator = a | (a * a * m != n << -2 * q), 1 << -q
    return root / denominator


def _estimate(sx: int, sxx: int, d: int, n: int, confidence: float) -> Estimate:
    """:func:`uno_nb.sim.montecarlo.mean_of` of ``n`` values whose exact sum is
    ``sx / d`` and sum of squares ``sxx / d**2``: the same floats, since
    ``fmean`` is the correctly rounded sum over ``n`` and ``stdev`` the
    correctly rounded root of the exact sample variance."""
    mean = (sx / d) / n
    var = Fraction(n * sxx - sx * sx, d * d * n * (n - 1))
    se = _float_sqrt_of_frac(var.numerator, var.denominator) / math.sqrt(n)
    z = z_value(confidence)
    return Estimate(mean, se, mean - z * se, mean + z * se, n, confidence)


def _int_sums(a: np.ndarray) -> tuple[list[int], list[int], list[int]]:
    """Per column of the 2-d integer array ``a``: the exact sum, sum of
    squares and number of nonzero entries, as Python ints (summed in int64
    blocks small enough that no block sum overflows)."""
    n, width = a.shape
    big = max(int(a.max()), -int(a.min())) if a.size else 0
    rows = max(1, min(_BLOCK, (1 << 62) // max(big * big, 1)))
    # Squares stay in the column's own type when they fit (no int64 copy).
    square_type = a.dtype if big * big <= np.iinfo(a.dtype).max else np.int64
    sx = [0] * width
    sxx = [0] * width
    nonzero = [0] * width
    for start in range(0, n, rows):
        block = a[start:start + rows]
        for acc, part in ((sx, block.sum(axis=0, dtype=np.int64)),
                          (sxx, np.square(block, dtype=square_type).sum(axis=0, dtype=np.int64)),
                          (nonzero, np.count_nonzero(block, axis=0))):
            for j, value in enumerate(part.tolist()):
                acc[j] += value
    return sx, sxx, nonzero


def _distinct(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values of the 1-d array ``a``, ascending, and their counts
    (a bincount for small non-negative integers, else a sort)."""
    if a.dtype.kind in "iu" and a.size and a.min() >= 0 and a.max() <= 4 * a.size + 4096:
        counts = np.bincount(a)
        values = np.flatnonzero(counts)
        return values, counts[values]
    return np.unique(a, return_counts=True)


def _estimate_of_floats(values: Sequence[float], counts: Sequence[int], n: int,
                        confidence: float) -> Estimate:
    """``mean_of`` of ``n`` floats given as distinct ``values`` and ``counts``:
    exact sums over a common power-of-two denominator."""
    ratios = [v.as_integer_ratio() for v in values]
    d = max(q for _, q in ratios)  # every denominator is a power of two
    scaled = [p * (d // q) for p, q in ratios]
    sx = sum(c * p for p, c in zip(scaled, counts))
    sxx = sum(c * p * p for p, c in zip(scaled, counts))
    return _estimate(sx, sxx, d, n, confidence)


def summarize_batch(batch: Batch, confidence: float = 0.95) -> Summary:
    """The :class:`~uno_nb.sim.summary.Summary` of a batch: the same one, field for
    field and float for float, as :func:`uno_nb.sim.summary.summarize` of
    ``batch.to_records()``, without a Python object per game."""
    from .montecarlo import proportion

    n = len(batch)
    if n < 2:
        raise ValueError("a summary needs at least 2 games")
    players = batch.players
    won = batch.winner >= 0
    winners = batch.winner[won]
    finished = len(winners)
    m = max(finished, 1)
    wins = np.bincount(winners, minlength=players).tolist()
    positions = np.bincount((winners - batch.first_player[won]) % players,
                            minlength=players).tolist()

    turns = batch.turns.reshape(n, 1)
    (tx,), (txx,), _ = _int_sums(turns)
    values, counts = _distinct(batch.turns)
    histogram = dict(zip(values.tolist(), counts.tolist()))

    per_round = batch.points[won] / np.maximum(batch.rounds[won], 1)
    if finished >= 2:
        values, counts = np.unique(per_round, return_counts=True)
        points = _estimate_of_floats(values.tolist(), counts.tolist(), finished, confidence)
    else:  # no interval: exactly what summarize gives
        points = mean_or_nan(per_round.tolist(), confidence)

    totals, counts = _distinct(batch.cards_drawn.sum(axis=1, dtype=np.int64))
    drawn = _estimate_of_floats([t / players for t in totals.tolist()], counts.tolist(), n,
                                confidence)

    sx, sxx, nonzero = _int_sums(batch.fired)
    fired = sorted((rule, j) for j, rule in enumerate(batch.rule_ids) if nonzero[j])
    return Summary(
        games=n, players=players, abandoned=n - finished,
        turns=_estimate(tx, txx, 1, n, confidence),
        turns_histogram=histogram,
        seat_wins=tuple(proportion(wins[s], m, confidence) for s in range(players)),
        position_wins=tuple(proportion(positions[s], m, confidence) for s in range(players)),
        points=points, cards_drawn=drawn,
        fired_per_game={rule: _estimate(sx[j], sxx[j], 1, n, confidence) for rule, j in fired},
        fired_share={rule: proportion(nonzero[j], n, confidence) for rule, j in fired},
    )
