"""The simulation lab: identical records on every executor, sound summaries."""

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from uno_nb import RuleSet, lab
from uno_nb.sim.simulation import run_games


def test_serial_and_parallel_runs_give_identical_records():
    serial = lab.run("cnuno", ["heuristic", "random-greedy", "random", "random-greedy"], 240,
                     seed=5, executor="serial")
    with ProcessPoolExecutor(2) as pool:
        parallel = lab.run("cnuno", ["heuristic", "random-greedy", "random", "random-greedy"], 240,
                           seed=5, executor=pool, chunk=25)
    assert parallel.records == serial.records
    assert [r.seed for r in serial.records] == list(range(5, 245))
    default = lab.run("cnuno", ["heuristic", "random-greedy", "random", "random-greedy"], 240,
                      seed=5, workers=2)
    assert default.records == serial.records
    assert serial.records == run_games("cnuno", ["heuristic", "random-greedy", "random",
                                                 "random-greedy"], 240, seed=5)


def test_progress_is_reported_to_the_end():
    seen = []
    with ThreadPoolExecutor(2) as pool:
        lab.run("standard", ["random-greedy"] * 3, 100, executor=pool, chunk=30,
                progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (100, 100) and len(seen) == 4
    seen.clear()
    lab.run("standard", ["random-greedy"] * 3, 100, executor="serial",
            progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (100, 100)


def test_summary_figures_agree_with_the_records():
    result = lab.run("standard", ["random-greedy"] * 4, 400, executor="serial")
    s = result.summary
    records = result.records
    assert s.games == 400 and s.players == 4 and s.abandoned == 0
    assert abs(sum(e.estimate for e in s.seat_wins) - 1) < 1e-9
    assert abs(sum(e.estimate for e in s.position_wins) - 1) < 1e-9
    assert s.turns.estimate == sum(r.turns for r in records) / 400
    assert s.turns.low < s.turns.estimate < s.turns.high
    assert sum(s.turns_histogram.values()) == 400
    assert s.fired_share["R-OUT"].estimate == 1.0
    assert s.fired_per_game["R-DRAW2"].estimate == sum(r.fired.get("R-DRAW2", 0) for r in records) / 400
    rows = result.rows()
    assert len(rows) == 400 and rows[0]["seed"] == 0 and "score_3" in rows[0]
    assert [label for label, _ in s.table()][:3] == ["games", "turns per game", "first player wins"]


def test_compare_runs_every_rule_set_on_the_same_seeds():
    results = lab.compare(["standard", "cnuno", RuleSet(jump_in=True)], ["random-greedy"] * 4, 60,
                          seed=3, executor="serial")
    assert list(results) == ["standard", "cnuno", "custom"]
    for result in results.values():
        assert [r.seed for r in result.records] == list(range(3, 63))
    assert results["standard"].records != results["cnuno"].records
    named = lab.compare({"a": "standard", "b": "standard"}, ["random"] * 2, 10, executor="serial")
    assert named["a"].records == named["b"].records


def test_bad_lab_requests_are_refused():
    with pytest.raises(ValueError, match="at least 1"):
        lab.run("standard", ["random"] * 2, 0)
    with pytest.raises(ValueError, match="executor must be"):
        lab.run("standard", ["random"] * 2, 5, executor="fast")
    with pytest.raises(ValueError, match="at least 2 games"):
        lab.summarize(lab.run("standard", ["random"] * 2, 1, executor="serial").records)


def test_a_dask_cluster_plays_the_same_games_as_a_serial_run():
    """lab.run on a real Dask cluster (worker processes on this machine),
    through the standard executor Dask's client gives: the same records, in
    the same order, as a serial run, and progress to the end."""
    import distributed  # the test extra installs it (uno_nb[cluster])

    seen = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        on_cluster = lab.run("party", ["heuristic"] * 4, 300, seed=5, chunk=40,
                             executor=client.get_executor(),
                             progress=lambda done, total: seen.append((done, total)))
    serial = lab.run("party", ["heuristic"] * 4, 300, seed=5, executor="serial")
    assert on_cluster.records == serial.records
    assert [r.seed for r in on_cluster.records] == list(range(5, 305))
    assert seen[-1] == (300, 300) and len(seen) == 8  # one report per chunk of 40


def test_the_same_serial_run_asked_again_is_played_once(monkeypatch):
    # the lab page's question and its lab both ask for 10,000 standard games
    # from seed 0: the second gets the first's games, played once
    monkeypatch.setattr(lab, "_REMEMBERED_RUNS", type(lab._REMEMBERED_RUNS)())
    played = []
    real = lab._run_chunk

    def counting(*args, **kwargs):
        played.append(args[2:4])  # (first seed, count)
        return real(*args, **kwargs)
    monkeypatch.setattr(lab, "_run_chunk", counting)
    first = lab.run("standard", ["heuristic"] * 3, 40, seed=5, executor="serial", engine="engine")
    chunks = len(played)
    told = []
    again = lab.run("standard", ["heuristic"] * 3, 40, seed=5, executor="serial", engine="engine",
                    progress=lambda done, total: told.append((done, total)))
    assert len(played) == chunks and told == [(40, 40)]
    assert again.records == first.records and again.engine == first.engine == "engine"
    lab.run("standard", ["heuristic"] * 3, 40, seed=6, executor="serial", engine="engine")
    lab.run("standard", ["random"] * 3, 40, seed=5, executor="serial", engine="engine")
    assert len(played) == 3 * chunks  # another seed, other bots: other games, played
    for seed in range(10, 10 + lab.REMEMBERED):
        lab.run("standard", ["heuristic"] * 3, 2, seed=seed, executor="serial", engine="engine")
    assert len(lab._REMEMBERED_RUNS) == lab.REMEMBERED  # the oldest are let go
    before = len(played)
    lab.forget()  # forgotten: the same games asked again are played again
    lab.run("standard", ["heuristic"] * 3, 40, seed=5, executor="serial", engine="engine")
    assert len(played) == before + chunks


def test_a_serial_run_on_the_kernels_threads_gives_one_threads_records(monkeypatch):
    """lab.run(threads=...) spreads each chunk over that many kernel threads
    (default one per core): the records are one thread's, in the same order."""
    from uno_nb import kernel
    if kernel.why_not("party", ["heuristic"] * 4) is not None:
        pytest.skip("no kernel")
    monkeypatch.setattr(kernel, "GAMES_PER_THREAD", 10)
    lineup = ["heuristic", "random", "heuristic", "random-greedy"]
    runs = []
    for threads in (1, 2, 3, None):
        lab.forget()
        runs.append(lab.run("party", lineup, 150, seed=4, executor="serial", engine="kernel",
                            threads=threads))
    assert all(r.batch == runs[0].batch for r in runs) and runs[0].engine == "kernel"
    assert runs[0].records == run_games("party", lineup, 150, seed=4)
    with pytest.raises(ValueError, match="threads must be"):
        lab.run("party", lineup, 10, executor="serial", threads=0)
