"""The compiled kernel plays the engine's games, record for record and move
for move.

The engine (``simulation.play_game``) is the reference: for the same rule set,
bots and seed the kernel's record of a game must be equal — winner, turns,
moves, rounds, scores, cards drawn, every rule's count, abandoned — and so
must its moves, one by one (``kernel.play_with_moves`` against the engine's
``game.moves``): a difference is reported at the first move where the two
games part, with the moves before it.  Each game also runs the kernel's debug
mode, which checks after every move that every card of the deck is somewhere
exactly once.
"""

from __future__ import annotations

import os
import random

import pytest

from uno_nb import kernel, lab
from uno_nb.sim.bots import BOT_NAMES, RandomBot
from uno_nb.engine.errors import RuleError
from uno_nb.engine.rules import PRESETS, RuleSet
from uno_nb.sim.simulation import play_game, run_games

pytestmark = pytest.mark.skipif(not kernel.available(), reason="numba is not installed")


def _differences(got, expected):
    """The first few records that differ, field by field, for the failure message."""
    out = []
    for a, b in zip(got, expected):
        if a != b:
            fields = {f: (getattr(a, f), getattr(b, f)) for f in a.__dataclass_fields__
                      if getattr(a, f) != getattr(b, f)}
            out.append((a.seed, fields))
        if len(out) == 3:
            break
    return out


def _first_difference(got, expected):
    """Where two games' move lists part: ``None`` if they are the same, else
    (index, the kernel's move, the engine's move), a move ``None`` where that
    game had already ended."""
    for i, (a, b) in enumerate(zip(got, expected)):
        if a != b:
            return i, a, b
    if len(got) == len(expected):
        return None
    i = min(len(got), len(expected))
    return i, got[i] if i < len(got) else None, expected[i] if i < len(expected) else None


def _moves_report(seed, got, expected, before=6):
    """A failure message for a game whose moves differ (``None`` if they do
    not): its seed, the first move where the kernel's and the engine's games
    part, both moves, and the ``before`` moves they made alike before it."""
    difference = _first_difference(got, expected)
    if difference is None:
        return None
    i, mine, theirs = difference
    ended = "(none: the game had ended)"
    return (f"seed {seed}: the games part at move {i} of {len(expected)} (the engine's) / "
            f"{len(got)} (the kernel's): kernel {mine or ended}, engine {theirs or ended}; "
            f"the moves before it: {' '.join(expected[max(0, i - before):i]) or '(none)'}")


def _assert_same_moves(seeds, got, expected, about=""):
    """Every game's moves equal; else the first few games that differ, each at
    the first move where it parts (after ``about``: which rules, which bots)."""
    assert len(got) == len(expected) == len(seeds)
    reports = [r for r in map(_moves_report, seeds, got, expected) if r is not None]
    assert not reports, about + "\n".join(reports[:3])


def _engine_games(rules, lineup, n, seed, **kwargs):
    """The engine's records and moves of ``n`` games (``play_game(...,
    record=True)``, which plays the same games as ``run_games``' fast mode:
    tests/test_invariants.py)."""
    records, moves = [], []
    for s in range(seed, seed + n):
        record, game = play_game(rules, lineup, s, record=True, **kwargs)
        records.append(record)
        moves.append([move.text for move in game.moves])
    return records, moves


def _assert_same(rules, lineup, n, seed, **kwargs):
    batch, moves = kernel.play_with_moves(rules, lineup, n, seed, check=True, **kwargs)
    got = batch.to_records()
    expected, expected_moves = _engine_games(rules, lineup, n, seed, **kwargs)
    _assert_same_moves(range(seed, seed + n), moves, expected_moves)
    assert len(got) == len(expected) == n
    assert got == expected, _differences(got, expected)
    return got


def test_the_move_report_names_the_first_move_where_two_games_part():
    engine = ["0:R5", "1:R7", "2:draw", "2:pass", "3:W>G", "3:uno", "0:G2", "1:catch 3"]
    kernel_moves = engine[:5] + ["3:W>B"] + engine[6:]
    assert _first_difference(engine, list(engine)) is None
    assert _first_difference(kernel_moves, engine) == (5, "3:W>B", "3:uno")
    report = _moves_report(41, kernel_moves, engine, before=3)
    assert report == ("seed 41: the games part at move 5 of 8 (the engine's) / 8 (the kernel's): "
                      "kernel 3:W>B, engine 3:uno; the moves before it: 2:draw 2:pass 3:W>G")
    # one game a move longer: they part where the shorter one ended
    assert _first_difference(engine[:6], engine) == (6, None, "0:G2")
    assert _first_difference(engine + ["2:uno"], engine) == (8, "2:uno", None)
    assert "kernel (none: the game had ended), engine 0:G2" in _moves_report(0, engine[:6], engine)
    # they part at the first move: nothing before it
    assert _moves_report(7, ["1:draw"], ["0:R5"]).endswith("the moves before it: (none)")
    with pytest.raises(AssertionError, match="seed 12: the games part at move 1 "):
        _assert_same_moves([11, 12], [engine, ["0:R5", "1:draw"]], [engine, engine])


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_the_engines_games_for_500_seeds(preset):
    lineups = [["heuristic"] * 4, ["random-greedy", "heuristic", "random"],
               ["random"] * 2 + ["heuristic"] * 3]
    for i, lineup in enumerate(lineups):
        count = 200 if i == 0 else 150
        _assert_same(preset, lineup, count, seed=1000 * i)


def _random_rule_set(rng: random.Random) -> RuleSet:
    """A valid rule set with each option away from its default about a third of the time."""
    while True:
        changes = {}
        for info in RuleSet.options():
            if info.name == "target_score":
                changes[info.name] = rng.choice([100, 300, 500])
            elif info.choices and rng.random() < 0.35:
                changes[info.name] = rng.choice([c for c in info.choices if c != info.default])
        try:
            return RuleSet().replace(**changes)
        except RuleError:
            continue


#: Of each random combination's 20 games, the first this many are compared move
#: by move too (the engine keeps its moves with record=True, which plays about
#: 1.8 times slower: every game would make the test half as long again).
_MOVES_OF = 5


def _engine_job(job):
    rules, lineup, seed = job
    records, moves = _engine_games(rules, lineup, _MOVES_OF, seed, max_turns=300)
    records += run_games(rules, lineup, 20 - _MOVES_OF, seed + _MOVES_OF, max_turns=300)
    return records, moves


def test_300_random_rule_combinations_play_the_engines_games():
    """300 valid combinations × 20 seeds, 2 to 10 players, all three bots;
    together they put every option away from its default many times.  Games
    stop at 300 turns (an abandoned game's record must be equal too); the
    engine's side plays on two processes.  Every record is compared, and the
    moves of each combination's first :data:`_MOVES_OF` games."""
    from concurrent.futures import ProcessPoolExecutor
    rng = random.Random(2026)
    changed = {info.name: 0 for info in RuleSet.options()}
    jobs = []
    for _ in range(300):
        rules = _random_rule_set(rng)
        for info in RuleSet.options():
            if getattr(rules, info.name) != info.default:
                changed[info.name] += 1
        players = rng.randint(2, 10)
        lineup = [rng.choice(BOT_NAMES) for _ in range(players)]
        jobs.append((rules, lineup, rng.randrange(10 ** 9)))
    assert {len(lineup) for _, lineup, _ in jobs} == set(range(2, 11))
    assert {bot for _, lineup, _ in jobs for bot in lineup} == set(BOT_NAMES)
    assert min(changed.values()) >= 20, changed
    with ProcessPoolExecutor(2) as pool:
        expected = list(pool.map(_engine_job, jobs, chunksize=10))
    for (rules, lineup, seed), (want, want_moves) in zip(jobs, expected):
        batch, moves = kernel.play_with_moves(rules, lineup, 20, seed, max_turns=300, check=True)
        _assert_same_moves(range(seed, seed + _MOVES_OF), moves[:_MOVES_OF], want_moves,
                           about=f"{rules!r}, {lineup}:\n")
        got = batch.to_records()
        assert got == want, (rules, lineup, _differences(got, want))


@pytest.mark.parametrize("scoring", ["winner", "penalty", "lazy"])
def test_multi_round_games_to_500_points(scoring):
    rules = RuleSet(scoring=scoring, jump_in=True, stack=True, seven_zero=True,
                    h2o=scoring == "penalty")
    records = _assert_same(rules, ["heuristic", "random-greedy", "heuristic"], 20, seed=77,
                           max_rounds=None if scoring != "lazy" else 6)
    assert max(r.rounds for r in records) >= 3
    if scoring == "winner":
        assert all(max(r.scores) >= 500 for r in records if not r.abandoned)


def test_abandoned_games_stop_at_the_same_turn():
    records = _assert_same("party", ["random"] * 5, 30, seed=3, max_turns=40)
    assert sum(r.abandoned for r in records) > 10


def test_the_benchmarks_inline_policy_without_the_table():
    """table=False is benchmarks/engine_speed.py's loop: random-greedy choices from
    random.Random(seed), no UNO! calls; the same games, move for move."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import engine_speed
    games: list = []
    engine_speed.play_uno_nb(40, 11, keep=games)
    batch, moves = kernel.play_with_moves("standard", ["random-greedy"] * 4, 40, seed=11,
                                          table=False, check=True)
    _assert_same_moves(range(11, 51), moves, [[m.text for m in g.moves] for g in games])
    assert batch.turns.tolist() == [g.turns for g in games]
    assert batch.winner.tolist() == [g.outcome.winner for g in games]
    assert batch.scores.tolist() == [list(g.scores) for g in games]


def test_games_longer_than_the_room_for_moves_are_played_again_for_all_their_moves(monkeypatch):
    """play_with_moves makes room for MOVES_ROOM moves a game (or MOVES_BUDGET
    in all), then plays the longer games again (seeds not in a row: their
    tables computed apart)."""
    rules, lineup = "cnuno", ["heuristic", "random", "heuristic", "random-greedy"]
    batch, moves = kernel.play_with_moves(rules, lineup, 12, seed=30)
    room = sorted(len(m) for m in moves)[5]
    monkeypatch.setattr(kernel, "MOVES_ROOM", room)
    monkeypatch.setattr(kernel, "MOVES_BUDGET", 0)
    again, cut = kernel.play_with_moves(rules, lineup, 12, seed=30)
    assert cut == moves and again == batch
    assert batch.moves.tolist() == [len(m) for m in moves]
    longer = [s for s, m in zip(range(30, 42), moves) if len(m) > room]
    assert 0 < len(longer) < 12 and longer[-1] - longer[0] >= len(longer)  # not in a row
    _assert_same_moves(range(30, 42), moves, _engine_games(rules, lineup, 12, 30)[1])
    assert kernel.play_moves(rules, lineup, 3, seed=39) == moves[9:]


def test_writing_the_moves_out_is_the_same_compiled_function():
    """Moves or none, play_batch has one compiled specialization (a second
    one would compile for another half a minute): no moves is a (games, 0) history."""
    from uno_nb.kernel import jit, layout
    kernel.play("party", ["heuristic"] * 3, 4, seed=1)
    kernel.play_with_moves("party", ["heuristic"] * 3, 4, seed=1)
    kernel.play_moves("standard", ["random-greedy"] * 4, 4, seed=1, table=False)
    signatures = getattr(jit.play_batch, "signatures", None)
    if signatures is None:
        pytest.skip("NUMBA_DISABLE_JIT: nothing compiled")
    assert len(signatures) == 1


def test_a_move_written_out_reads_back_in_the_engines_notation():
    from uno_nb.engine.cards import parse_card
    from uno_nb.kernel.constants import CATCH, DRAW, PLAY
    from uno_nb.kernel.layout import MV_CARD, MV_COLOUR, MV_SEAT, MV_TARGET

    def code(kind, seat, card=-1, colour=-1, target=-1):
        return (kind | seat << MV_SEAT | (card + 1) << MV_CARD | (colour + 1) << MV_COLOUR
                | (target + 1) << MV_TARGET)

    w4, r7 = parse_card("W+4").index, parse_card("R7").index
    assert kernel.move_text(code(PLAY, 2, w4, 2)) == "2:W+4>G"
    assert kernel.move_text(code(PLAY, 9, w4)) == "9:W+4"        # V-COLOUR-WHEEL
    assert kernel.move_text(code(PLAY, 0, r7)) == "0:R7"
    assert kernel.move_text(code(CATCH, 1, target=3)) == "1:catch 3"
    assert kernel.move_text(code(DRAW, 4)) == "4:draw"


def test_the_kernel_seeds_and_draws_the_table_model_as_the_runner():
    """The same mix streams, the same traits (whole numbers: per mille and
    milliseconds), the same chances and reaction times, draw for draw."""
    import numpy as np
    from uno_nb.engine.deal import mix
    from uno_nb.kernel import jit, mtrand as mt, state
    from uno_nb.sim.table import STREAMS, PlayerTraits, draw_traits, reaction_time
    assert set(jit.STREAMS) <= set(STREAMS)
    for seed in (0, 1, 7, 2**32 - 1, 2**32 + 5, 2**62 + 3, 2**63 - 1):
        for k in (1, 2, 3, 1000, *STREAMS):
            assert int(state.mix(seed, k)) == mix(seed, k), (seed, k)
    seeds = np.arange(100, 400, dtype=np.int64)
    for players in (2, 10):
        traits = np.full((len(seeds), players, 5), -1, np.int64)
        jit.traits_batch(seeds, players, traits)
        assert traits.tolist() == [[[t.forget, t.notice, t.reaction, t.talk, t.advise]
                                    for t in draw_traits(seed, players)] for seed in range(100, 400)]
    times = (0, 1, 300, 777, 1200, 10**6)
    tr = np.array([[0, 0, ms, 0, 0] for ms in times], np.int64).reshape(-1)  # flat, as raw()
    rng = random.Random(mix(5, STREAMS[0]))
    st = mt.new_state()
    mt.seed(st, mix(5, STREAMS[0]))
    for _ in range(300):
        for s, ms in enumerate(times):
            assert jit.reaction(tr, s, st) == reaction_time(PlayerTraits(0, 0, ms), rng)
        for p in (0, 1, 499, 500, 999, 1000):
            assert jit.chance(p, st) == (rng.random() < p / 1000)
    assert mt.to_random(st).getstate() == rng.getstate()


def test_a_bot_the_kernel_does_not_know_is_refused_clearly_and_the_lab_falls_back():
    class Stubborn(RandomBot):
        name = "stubborn"

    reason = kernel.why_not("standard", [Stubborn(), "heuristic"])
    assert reason is not None and "kit's bots" in reason
    with pytest.raises(kernel.KernelRefused, match="cannot play this: the kernel plays only"):
        kernel.play("standard", [Stubborn(), "heuristic"], 5)
    shy = RandomBot(jump_rate=0.1)
    assert "jump in" in kernel.why_not("cnuno", [shy, shy])
    result = lab.run("standard", [Stubborn(), "heuristic"], 30, executor="serial")
    assert result.engine == "engine" and "kit's bots" in result.fallback
    assert result.records == run_games("standard", [Stubborn(), "heuristic"], 30)
    with pytest.raises(kernel.KernelRefused):
        lab.run("standard", [Stubborn(), "heuristic"], 30, executor="serial", engine="kernel")


def test_the_lab_uses_the_kernel_and_says_so():
    result = lab.run("cnuno", ["heuristic"] * 4, 300, seed=9, executor="serial")
    assert (result.engine, result.fallback) == ("kernel", None)
    engine = lab.run("cnuno", ["heuristic"] * 4, 300, seed=9, executor="serial", engine="engine")
    assert engine.engine == "engine"
    assert result.records == engine.records
    assert result.summary == engine.summary


def test_the_kernel_refuses_bad_arguments_with_clear_messages():
    with pytest.raises(kernel.KernelRefused, match="2 to 10 players"):
        kernel.play("standard", ["heuristic"], 3)
    with pytest.raises(kernel.KernelRefused, match="seeds from 0"):
        kernel.play("standard", ["heuristic"] * 2, 3, seed=-1)
    with pytest.raises(ValueError, match="max_rounds"):
        kernel.play("standard", ["heuristic"] * 2, 3, max_rounds=0)
    with pytest.raises(RuleError):
        kernel.play("nonsense", ["heuristic"] * 2, 3)
    assert len(kernel.play("standard", ["heuristic"] * 2, 0)) == 0


def test_threads_play_the_same_games_in_the_same_order_as_one(monkeypatch):
    """A batch spread over threads (each a run of consecutive games, written
    into its own rows) is the one-thread batch, game for game: with the table
    model and without, with moves written out, for parts of uneven size."""
    monkeypatch.setattr(kernel, "GAMES_PER_THREAD", 7)
    lineup = ["heuristic", "random", "random-greedy", "heuristic"]

    def play(n: int, threads: int):
        kernel.forget_tables()  # the players' traits computed on these threads too
        return kernel.play("party", lineup, n, seed=40, threads=threads)
    one = play(100, 1)
    assert play(100, 2) == one
    assert play(100, 3) == one
    assert play(20, 30).to_records() == one.to_records()[:20]
    plain = kernel.play("standard", ["random-greedy"] * 4, 50, seed=9, table=False, threads=1)
    assert kernel.play("standard", ["random-greedy"] * 4, 50, seed=9, table=False,
                       threads=4) == plain
    moves = kernel.play_moves("cnuno", lineup, 30, seed=2, threads=1)
    assert kernel.play_moves("cnuno", lineup, 30, seed=2, threads=3) == moves


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
def test_a_forked_child_plays_on_threads_of_its_own(monkeypatch):
    """A child forked after the parent used the kernel's threads (a process
    pool's worker) has none of them: it makes its own pool instead of queueing
    work on the parent's copy, which no thread would ever take."""
    import multiprocessing
    monkeypatch.setattr(kernel, "GAMES_PER_THREAD", 5)
    parent = kernel.play("party", ["heuristic"] * 3, 40, seed=8, threads=2)
    assert kernel._POOL is not None
    with multiprocessing.get_context("fork").Pool(1) as pool:
        child = pool.apply_async(kernel.play, ("party", ["heuristic"] * 3, 40),
                                 dict(seed=8, threads=2)).get(timeout=120)
    assert child == parent


def test_the_state_has_room_to_shuffle_the_largest_deck():
    from uno_nb.kernel import mtrand as mt
    from uno_nb.kernel.layout import DECK_LEN, SHUFFLE, STATE_SIZE
    assert STATE_SIZE - SHUFFLE >= mt.shuffle_scratch(int(DECK_LEN.max()))


def test_an_error_in_any_thread_reaches_the_caller_after_every_part_has_stopped(monkeypatch):
    import threading
    import numpy as np
    monkeypatch.setattr(kernel, "GAMES_PER_THREAD", 1)
    done: list[tuple[int, int]] = []
    lock = threading.Lock()

    def failing_at(start: int, message: str):
        """A part's work that fails in the part from ``start`` and notes the others."""
        def work(a: int, b: int) -> None:
            if a == start:
                raise ValueError(message)
            with lock:
                done.append((a, b))
        return work
    with pytest.raises(ValueError, match="lost or duplicated"):  # a pool thread's part
        kernel._spread(9, 3, failing_at(6, "kernel: a card was lost or duplicated"))
    assert sorted(done) == [(0, 3), (3, 6)]
    done.clear()
    with pytest.raises(ValueError, match="negative number"):  # the caller's own part
        kernel._spread(9, 3, failing_at(0, "kernel: a hand holds a negative number of cards"))
    assert sorted(done) == [(3, 6), (6, 9)]  # the others finished first
    rows = np.zeros(10, np.int64)
    names: set[str] = set()

    def fill(a: int, b: int) -> None:
        rows[a:b] = np.arange(a, b)
        with lock:
            names.add(threading.current_thread().name)
    kernel._spread(10, 4, fill)
    assert rows.tolist() == list(range(10))
    assert threading.current_thread().name in names  # the caller plays a part,
    assert any(name.startswith("uno_nb-kernel") for name in names)  # the pool the others
    with pytest.raises(ValueError, match="threads must be"):
        kernel.play("standard", ["heuristic"] * 2, 3, threads=0)
    assert kernel.cores() >= 1
    assert kernel._threads(10**6) == kernel.THREADS_PER_CORE * kernel.cores()
    assert kernel.threads_used(10, 4) == 4 and kernel.threads_used(3, 4) == 3  # 1 game a thread
    assert kernel.threads_used(0) == 1


def test_the_batch_function_refuses_arrays_of_the_wrong_shape():
    """The game loop writes through raw pointers, which check nothing: the
    batch function checks every array's shape first."""
    import numpy as np
    from uno_nb.engine.rules import RuleSet
    from uno_nb.kernel import jit
    kernel.play("standard", ["heuristic"] * 2, 1)  # compiled (or loaded) first
    ru, bots = jit.rules_array(RuleSet()), np.full(3, 2, np.int64)
    seeds = np.arange(4, dtype=np.int64)

    def call(**change):
        args = dict(traits=np.zeros((4, 3, 5), np.int64), out=np.zeros((4, 8), np.int64),
                    scores=np.zeros((4, 3), np.int64), drawn=np.zeros((4, 3), np.int32),
                    fired=np.zeros((4, jit.NFIRED), np.int32), history=np.zeros((4, 0), np.int64))
        args.update(change)
        jit.play_batch(ru, bots, 3, seeds, 1, 100, True, args["traits"], False, args["out"],
                       args["scores"], args["drawn"], args["fired"], args["history"])
        return args["out"]
    assert (call()[:, 3] > 0).all()  # every game played
    for change in (dict(out=np.zeros((4, 7), np.int64)), dict(scores=np.zeros((4, 2), np.int64)),
                   dict(drawn=np.zeros((3, 3), np.int32)), dict(fired=np.zeros((4, 2), np.int32)),
                   dict(history=np.zeros((3, 5), np.int64)),
                   dict(traits=np.zeros((1, 3, 5), np.int64)),
                   dict(traits=np.zeros((4, 2, 5), np.int64))):
        with pytest.raises(ValueError, match="wrong shape"):
            call(**change)
    with pytest.raises(ValueError, match="wrong shape"):  # more seats than the state holds
        jit.play_batch(ru, np.full(11, 2, np.int64), 11, seeds, 1, 100, False,
                       np.zeros((1, 11, 5), np.int64), False, np.zeros((4, 8), np.int64),
                       np.zeros((4, 11), np.int64), np.zeros((4, 11), np.int32),
                       np.zeros((4, jit.NFIRED), np.int32), np.zeros((4, 0), np.int64))
    with pytest.raises(ValueError, match="wrong shape"):
        jit.traits_batch(seeds, 3, np.zeros((4, 3, 4), np.int64))


def test_one_game_record_matches_play_game_directly():
    record = kernel.play_records("party", ["heuristic"] * 4, 1, seed=123456789)[0]
    assert record == play_game("party", ["heuristic"] * 4, 123456789)[0]


def test_the_kernel_counts_the_engines_rule_ids_in_the_engines_order():
    from uno_nb.kernel import jit
    from uno_nb.engine.game import COUNTED_RULES
    assert jit.FIRED_IDS == COUNTED_RULES
    assert kernel.play("standard", ["heuristic"] * 2, 1).rule_ids == COUNTED_RULES


def test_without_compiling_the_kernel_runs_as_plain_python_and_plays_the_same_games():
    """NUMBA_DISABLE_JIT=1 (the Binder test uses it to skip half a minute of
    compiling): the same functions as plain Python give the same records and
    moves."""
    import subprocess
    import sys
    code = ("import warnings; warnings.simplefilter('ignore')\n"
            "from uno_nb import kernel\n"
            "from uno_nb.sim.simulation import play_game, run_games\n"
            "assert kernel.play_records('party', ['heuristic', 'random'], 2, seed=8) == "
            "run_games('party', ['heuristic', 'random'], 2, 8)\n"
            "assert kernel.play_moves('party', ['heuristic', 'random'], 1, seed=8)[0] == "
            "[m.text for m in play_game('party', ['heuristic', 'random'], 8, record=True)[1].moves]\n"
            "print('same')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**__import__("os").environ, "NUMBA_DISABLE_JIT": "1"})
    assert out.stdout.strip() == "same"


def test_a_cache_compiled_against_another_mtrand_or_other_tables_is_dropped(tmp_path):
    """numba's disk cache watches jit.py's own text only: the kernel also
    fingerprints what it bakes in, and drops machine code made for another."""
    stamp = kernel.fingerprint()
    assert stamp == kernel.fingerprint() and len(stamp) == 64
    own, mtrand = tmp_path / "kernel", tmp_path / "mtrand"
    own.mkdir(), mtrand.mkdir()
    (own / "jit.play_batch-1.py311.nbi").write_text("index")
    (own / "jit.play_batch-1.py311.1.nbc").write_text("code")
    (own / "jit.cpython-311.pyc").write_text("not numba's")
    # the modules play_batch calls and inlines, whose edits numba does not notice either
    (own / "effects.push_play-167.py311.nbi").write_text("index")
    (own / "state.mix-72.py311.2.nbc").write_text("code")
    (mtrand / "__init__.init_genrand-9.py311.nbi").write_text("index")
    assert kernel.drop_stale_cache(own, stamp, [mtrand])      # no note yet: dropped
    assert sorted(p.name for p in own.iterdir()) == ["jit.cpython-311.pyc", "kernel.fingerprint"]
    assert not any(mtrand.iterdir())
    (own / "jit.play_batch-1.py311.nbi").write_text("index")
    assert not kernel.drop_stale_cache(own, stamp, [mtrand])  # made for this: kept
    assert (own / "jit.play_batch-1.py311.nbi").exists()
    assert kernel.drop_stale_cache(own, "0" * 64, [mtrand])   # made for another: dropped
    assert not (own / "jit.play_batch-1.py311.nbi").exists()
    # this process checked its own cache before its first compiled call
    from uno_nb.kernel import jit
    from pathlib import Path
    note = Path(jit.play_batch._cache._cache_path) / "kernel.fingerprint"
    assert note.read_text() == stamp


def test_an_edit_of_any_kernel_or_mtrand_module_changes_the_fingerprint(tmp_path):
    """play_batch's machine code has every kernel and mtrand module's code in it,
    and numba watches jit.py only: the fingerprint covers each of them."""
    import shutil
    import sys
    from pathlib import Path
    from uno_nb.kernel import jit  # noqa: F401  (imports all the kernel's modules)
    package = Path(kernel.__file__).parent
    from uno_nb.kernel.cache import _NOT_COMPILED
    compiled = sorted(path for name, module in list(sys.modules.items())
                      if name.startswith("uno_nb.kernel.") and module.__file__
                      and (path := Path(module.__file__).relative_to(package).as_posix())
                      not in _NOT_COMPILED)
    assert {"jit.py", "state.py", "effects.py", "mtrand/__init__.py",
            "mtrand/keys.py"} <= set(compiled)
    for name in compiled:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy(package / name, tmp_path / name)
    shutil.copy(package / "__init__.py", tmp_path / "__init__.py")
    stamp = kernel.fingerprint(tmp_path)
    assert stamp == kernel.fingerprint()                      # the same sources and tables
    for name in compiled:
        path = tmp_path / name
        text = path.read_bytes()
        path.write_bytes(text + b"\n# an edit\n")
        assert kernel.fingerprint(tmp_path) != stamp, name
        path.write_bytes(text)
    assert kernel.fingerprint(tmp_path) == stamp


def test_seeds_beyond_64_bits_are_refused_clearly():
    seed = 2 ** 63 - 1
    assert "2**63 - 1" in kernel.why_not("standard", ["heuristic"] * 2, range(seed, seed + 3))
    assert kernel.why_not("standard", ["heuristic"] * 2, range(seed - 2, seed + 1)) is None
    with pytest.raises(ValueError, match=r"seeds from 0 to 2\*\*63 - 1"):
        lab.run("standard", ["heuristic"] * 2, 3, seed=seed, executor="serial")
    last = lab.run("standard", ["heuristic"] * 2, 3, seed=seed - 2, executor="serial")
    assert last.engine == "kernel"
    assert last.records == run_games("standard", ["heuristic"] * 2, 3, seed - 2)


def test_a_comparison_computes_each_games_table_once():
    """The lab plays a rule set in chunks; the next rule set on the same seeds
    finds every chunk's traits already made."""
    kernel._TABLES.clear()
    lab.compare(["standard", "party"], ["heuristic"] * 4, 2000, seed=3, executor="serial",
                chunk=100)
    made = list(kernel._TABLES)
    assert len(made) == 20 and sum(count for _, count, _ in made) == 2000
    before = {key: id(value) for key, value in kernel._TABLES.items()}
    lab.run("cnuno", ["heuristic"] * 4, 2000, seed=3, executor="serial", chunk=100)
    assert {key: id(value) for key, value in kernel._TABLES.items()} == before


def test_the_kernel_names_the_engines_phases_move_kinds_and_options_as_the_engine_does():
    """One place asserts the mapping: every phase as P_<its name>, every move
    kind under its own name, every option as O_<its name>, with the engine's
    values and the options' places in a rules row (kernel/constants.py, generated)."""
    from uno_nb import RuleSet
    from uno_nb.engine.moves import MoveKind
    from uno_nb.engine.state import Phase
    from uno_nb.kernel import constants as kc
    from uno_nb.kernel import layout
    assert {p.name: getattr(kc, f"P_{p.name}") for p in Phase} == {p.name: p.value for p in Phase}
    assert {k.name: getattr(kc, k.name) for k in MoveKind} == {k.name: int(k) for k in MoveKind}
    assert {name: getattr(kc, f"O_{name.upper()}") for name in RuleSet.option_names()} == \
        {name: i for i, name in enumerate(RuleSet.option_names())}
    row = layout.rules_array(RuleSet(start_card="number", scoring="lazy", uno_penalty=4))
    assert (row[kc.O_START_CARD], row[kc.O_SCORING], row[kc.O_UNO_PENALTY]) == \
        (1, kc.SCORE_LAZY, 4)
