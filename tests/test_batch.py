"""Batches of games as numpy columns: exact round trips to records, and the
same summary as the lab's, float for float, without a Python object per game."""

import math
import time

import numpy as np
import pytest

from uno_nb import RuleSet, lab
from uno_nb.sim.batch import RULE_IDS, UNKNOWN_BOT, Batch, summarize_batch
from uno_nb.sim.simulation import run_games

# (preset, lineup, games, keyword arguments): one and many rounds, some games
# abandoned at a small turn cap, every preset, 2 to 5 players.
RUNS = {
    "standard-heuristic": ("standard", ["heuristic"] * 4, 200, {}),
    "party-random": ("party", ["random"] * 3, 80, {}),
    "cnuno-mixed": ("cnuno", ["heuristic", "random", "random-greedy", "heuristic"], 150, {}),
    "standard-match": ("standard", ["heuristic"] * 3, 30, {"max_rounds": None}),
    "cnuno-match-2p": ("cnuno", ["random-greedy"] * 2, 25, {"max_rounds": None}),
    "party-capped": ("party", ["heuristic"] * 4, 60, {"max_turns": 30}),
    "standard-all-abandoned": ("standard", ["random"] * 5, 20, {"max_turns": 15}),
}


@pytest.fixture(scope="module")
def games():
    return {name: run_games(rules, lineup, n, seed=11, **kw)
            for name, (rules, lineup, n, kw) in RUNS.items()}


def same(a, b):
    """Equal, type for type, with NaN equal to NaN (summaries of fewer than 2
    finished games hold NaNs, which == never matches)."""
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, dict):
        return type(b) is dict and list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if hasattr(a, "__dataclass_fields__"):
        return type(a) is type(b) and all(same(getattr(a, f), getattr(b, f))
                                          for f in a.__dataclass_fields__)
    return type(a) is type(b) and a == b


def assert_same_summary(records, batch, confidence=0.95):
    expected = lab.summarize(records, confidence)
    got = summarize_batch(batch, confidence)
    for name in expected.__dataclass_fields__:
        assert same(getattr(got, name), getattr(expected, name)), name
    return got


def synthetic(n, players, seed=0, *, abandon=0.05, rounds=6, points=900, fired_max=12):
    """A batch of random columns (not real games: only the shapes and ranges)."""
    g = np.random.default_rng(seed)
    winner = g.integers(0, players, n)
    abandoned = g.random(n) < abandon
    winner[abandoned] = -1
    fired = g.integers(0, fired_max + 1, (n, len(RULE_IDS))) * (g.random(len(RULE_IDS)) < 0.5)
    return Batch(seeds=np.arange(n), players=players, bot_names=("heuristic",) * players,
                 winner=winner, first_player=g.integers(0, players, n),
                 dealer=g.integers(0, players, n), turns=g.integers(5, 3000, n),
                 moves=g.integers(5, 4000, n), rounds=g.integers(1, rounds + 1, n),
                 points=np.where(abandoned, 0, g.integers(0, points, n)),
                 scores=g.integers(0, points, (n, players)),
                 cards_drawn=g.integers(0, 60, (n, players)), rule_ids=RULE_IDS,
                 fired=fired, abandoned=abandoned)


# -- records <-> batch ---------------------------------------------------------

@pytest.mark.parametrize("name", RUNS)
def test_records_round_trip_exactly(games, name):
    records = games[name]
    batch = Batch.from_records(records)
    assert len(batch) == len(records) and batch.players == records[0].players
    back = batch.to_records()
    assert back == records
    # fired holds the rules that fired, in the engine's order, like the records
    assert [list(r.fired) for r in back] == [list(r.fired) for r in records]
    assert all(0 not in r.fired.values() for r in back)
    assert [batch.record(i) for i in range(len(batch))] == records
    assert batch.record(-1) == records[-1]
    assert Batch.from_records(back) == batch


def test_the_columns_have_their_dtypes_and_cannot_be_changed(games):
    records = games["party-capped"]
    batch = Batch.from_records(records)
    assert batch.abandoned.sum() == sum(r.abandoned for r in records) > 0
    assert (batch.winner[batch.abandoned] == -1).all()
    assert batch.rule_ids[:len(RULE_IDS)] == RULE_IDS
    dtypes = {"seeds": np.int64, "winner": np.int16, "first_player": np.int16,
              "dealer": np.int16, "turns": np.int32, "moves": np.int32, "rounds": np.int32,
              "points": np.int64, "scores": np.int64, "cards_drawn": np.int32,
              "fired": np.int32, "abandoned": np.bool_}
    for name, dtype in dtypes.items():
        assert getattr(batch, name).dtype == dtype, name
    assert batch.scores.shape == batch.cards_drawn.shape == (len(records), 4)
    with pytest.raises(ValueError):
        batch.turns[0] = 1
    plain = np.arange(4)
    Batch(seeds=plain, players=2, bot_names=("a", "b"), winner=[0, 1, -1, 0],
          first_player=[0] * 4, dealer=[1] * 4, turns=plain, moves=plain, rounds=[1] * 4,
          points=plain, scores=np.zeros((4, 2)), cards_drawn=np.zeros((4, 2)), rule_ids=(),
          fired=np.zeros((4, 0)), abandoned=[False, False, True, False])
    assert plain.flags.writeable  # the batch's view is read-only, the caller's array is not


def test_bot_names_come_from_the_winners_or_are_checked(games):
    records = games["cnuno-mixed"]
    batch = Batch.from_records(records)
    assert batch.bot_names == ("heuristic", "random", "random-greedy", "heuristic")
    assert Batch.from_records(records, bot_names=batch.bot_names) == batch
    with pytest.raises(ValueError, match="seat 1 won as 'random'"):
        Batch.from_records(records, bot_names=["heuristic"] * 4)
    only_seat_2 = [r for r in records if r.winner == 2]
    assert Batch.from_records(only_seat_2).bot_names == (
        UNKNOWN_BOT, UNKNOWN_BOT, "random-greedy", UNKNOWN_BOT)
    others = games["standard-heuristic"]
    with pytest.raises(ValueError, match="one batch holds one lineup"):
        Batch.from_records(only_seat_2 + [r for r in others if r.winner == 2])


def test_concat_joins_batches_and_merges_what_they_know(games):
    records = games["cnuno-mixed"]
    whole = Batch.from_records(records)
    parts = [Batch.from_records(records[a:a + 40]) for a in range(0, len(records), 40)]
    assert Batch.concat(parts) == whole
    assert Batch.concat(parts).to_records() == records
    # a seat nobody won in one part takes its name from another part
    thin = Batch.from_records([r for r in records if r.winner == 0])
    assert Batch.concat([thin, whole]).bot_names == whole.bot_names
    # batches with different rule columns are aligned
    ids = tuple(sorted({k for r in records[:50] for k in r.fired}))
    narrow = Batch.from_records(records[:50], rule_ids=ids)
    assert narrow.rule_ids == ids
    joined = Batch.concat([narrow, Batch.from_records(records[50:])])
    assert joined.to_records() == records
    assert joined.rule_ids[:len(ids)] == ids and sorted(joined.rule_ids) == sorted(RULE_IDS)


# -- the summary ---------------------------------------------------------------

@pytest.mark.parametrize("name", RUNS)
def test_summary_is_the_labs_float_for_float(games, name):
    records = games[name]
    s = assert_same_summary(records, Batch.from_records(records))
    if name == "standard-all-abandoned":
        assert s.abandoned == s.games and math.isnan(s.points.estimate)
    if "match" in name:
        assert any(r.points % max(r.rounds, 1) for r in records)  # points per round: fractions


def test_summary_at_another_confidence(games):
    records = games["standard-match"]
    s = assert_same_summary(records, Batch.from_records(records), confidence=0.8)
    assert s.turns.confidence == 0.8


def test_a_batch_where_one_seat_wins_everything(games):
    records = [r for r in games["standard-heuristic"] if r.winner == 1]
    assert len(records) >= 2
    s = assert_same_summary(records, Batch.from_records(records))
    assert [e.estimate for e in s.seat_wins] == [0.0, 1.0, 0.0, 0.0]
    # one finished game: points without an interval, as summarize gives it
    one = [r for r in games["party-capped"] if r.winner is not None][:1]
    some = one + [r for r in games["party-capped"] if r.winner is None][:5]
    s = assert_same_summary(some, Batch.from_records(some))
    assert s.abandoned == 5 and s.points.n == 1 and math.isnan(s.points.stderr)


@pytest.mark.parametrize("players", [2, 3, 7])
def test_summary_of_random_columns_is_the_labs(players):
    batch = synthetic(3000, players, seed=players, rounds=7)
    records = batch.to_records()
    assert Batch.from_records(records, bot_names=batch.bot_names) == batch
    assert_same_summary(records, batch)


def test_summary_is_exact_with_huge_counts():
    """Counts whose squares overflow int64 in a sum of a few games."""
    batch = synthetic(500, 4, seed=9)
    fired = batch.fired.astype(np.int64) * (2**31 // 13)
    big = Batch(**{**{name: getattr(batch, name) for name in batch.__dataclass_fields__},
                   "fired": np.minimum(fired, 2**31 - 1)})
    assert int(big.fired.max()) > 2**30
    assert_same_summary(big.to_records(), big)


def test_bad_summaries_are_refused_like_the_labs(games):
    records = games["standard-heuristic"]
    with pytest.raises(ValueError, match="at least 2 games"):
        summarize_batch(Batch.from_records(records[:1]))
    with pytest.raises(ValueError, match="at least 2 games"):
        lab.summarize(records[:1])
    mixed = records[:3] + games["party-random"][:3]
    with pytest.raises(ValueError, match="same number of players"):
        lab.summarize(mixed)
    with pytest.raises(ValueError, match="same number of players"):
        Batch.from_records(mixed)
    with pytest.raises(ValueError, match="same number of players"):
        Batch.concat([Batch.from_records(records[:3]),
                      Batch.from_records(games["party-random"][:3])])
    with pytest.raises(ValueError, match="confidence"):
        summarize_batch(Batch.from_records(records), confidence=1.5)
    with pytest.raises(ValueError, match="at least 1 record"):
        Batch.from_records([])
    batch = Batch.from_records(records[:4])
    fields = {name: getattr(batch, name) for name in batch.__dataclass_fields__}
    with pytest.raises(ValueError, match="scores must have shape"):
        Batch(**{**fields, "scores": batch.scores[:, :3]})
    with pytest.raises(ValueError, match="winner must be a seat"):
        Batch(**{**fields, "winner": [0, 1, 4, 2]})
    with pytest.raises(ValueError, match="one name per seat"):
        Batch(**{**fields, "bot_names": ("heuristic",)})
    with pytest.raises(IndexError):
        batch.record(4)


def test_a_large_batch_is_summarised_in_well_under_seconds():
    batch = synthetic(300_000, 4, seed=1)
    start = time.perf_counter()
    s = summarize_batch(batch)
    seconds = time.perf_counter() - start
    assert s.games == 300_000 and sum(s.turns_histogram.values()) == 300_000
    assert seconds < 5, seconds  # about 0.15 s on one core


# -- columns for pandas ---------------------------------------------------------

def test_columns_are_the_lab_rows_as_arrays(games):
    records = games["party-capped"]
    batch = Batch.from_records(records)
    rows = lab.LabResult(RuleSet.preset("party"), batch.bot_names, batch).rows()
    cols = batch.columns()
    keys = list(rows[0])
    keys = [k for k in keys if not k.startswith("fired:")] + sorted(
        {k for row in rows for k in row if k.startswith("fired:")})
    assert list(cols) == keys
    assert all(c.ndim == 1 and len(c) == len(records) for c in cols.values())
    for i, row in enumerate(rows):
        for key in keys:
            value = cols[key][i]
            value = value.item() if isinstance(value, np.generic) else value
            expected = row.get(key, 0)
            if key == "winner" and expected is None:
                expected = -1
            assert value == expected and type(value) is type(expected), (i, key)
