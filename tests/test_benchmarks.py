"""The benchmark scripts run, and play the policy they claim to play.

Speed itself is never asserted here: benchmarks/engine_speed.py prints it."""

import importlib.util
import random
from pathlib import Path

import pytest

from uno_nb import Game, kernel
from uno_nb.sim.bots import RandomBot
from uno_nb.engine.game import GAME_OVER

ROOT = Path(__file__).resolve().parent.parent


def load(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_inline_benchmark_policy_is_the_greedy_random_bot():
    bench = load("engine_speed")
    games = []
    bench.play_uno_nb(40, 0, keep=games)
    bot = RandomBot(greedy=True)
    for seed, played in enumerate(games):
        game = Game("standard", 4, seed, max_rounds=1)
        rng = random.Random(seed)
        while game.phase is not GAME_OVER:
            game.push(bot.choose(game.view(game.current), game.turn_moves(), rng))
        assert game.moves == played.moves


def test_engine_speed_prints_figures_and_the_ratio_line(capsys):
    bench = load("engine_speed")
    assert bench.main(["--games", "20", "--repeat", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert any(line.strip().startswith("uno_nb:") and "games/s" in line for line in out)
    assert any(line.strip().startswith("events:") and "games/s" in line for line in out)
    try:
        import rlcard  # noqa: F401
    except ImportError:
        assert "RLCard is not installed" in out[0]
    else:
        ratio = [line for line in out if line.startswith("ratio_vs_rlcard=")]
        assert len(ratio) == 1 and float(ratio[0].split("=")[1]) > 0
        events = [line for line in out if line.startswith("events_ratio_vs_rlcard=")]
        assert len(events) == 1 and float(events[0].split("=")[1]) > 0
        if kernel.available():
            assert out[-2].startswith("kernel_one_core_ratio_vs_rlcard=")
            assert out[-1].startswith("kernel_ratio_vs_rlcard=")
            assert float(out[-1].split("=")[1]) > 0 and float(out[-2].split("=")[1]) > 0
    if kernel.available():
        assert any(line.startswith("kernel first call: ") for line in out)
        threads = kernel.threads_used(200)  # 20 games, ten times as many on the kernel
        assert (f"kernel threads: {threads} in the kernel row ({kernel.cores()} cores), "
                "1 in kernel1") in out
        for row in ("kernel:", "kernel1:"):
            assert any(line.strip().startswith(row) and "games/s" in line for line in out)


def test_engine_speed_refuses_bad_arguments():
    bench = load("engine_speed")
    with pytest.raises(SystemExit) as exc:
        bench.main(["--games", "0"])
    assert exc.value.code == 2


def test_lab_speed_times_the_lab_pages_comparison_and_prints_its_line(capsys):
    bench = load("lab_speed")
    # enough games for the kernel's threads to split them (two parts or more)
    games = 2 * kernel.GAMES_PER_THREAD + 100 if kernel.available() else 30
    assert bench.main(["--games", str(games), "--workers", "2", "--repeat", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0] == f"{games} games of 4 heuristic bots under each of standard and party"
    assert any("same records as this process: True" in line for line in out)
    assert any(line.startswith("one thread   : ") and "same records: True" in line for line in out)
    assert any(line.startswith("first call   : ") for line in out)
    if kernel.available():
        ratio = [line for line in out if line.startswith("lab.run      : ")]
        assert len(ratio) == 1 and float(ratio[0].split()[2]) > 0
    assert ("played on    : kernel" if kernel.available() else
            "played on    : engine (numba is not installed") in "\n".join(out)
    label, value = out[-1].split("=")
    assert label == "lab_compare_seconds" and float(value) > 0
    with pytest.raises(SystemExit) as exc:
        bench.main(["--games", "1"])
    assert exc.value.code == 2


def test_classroom_explains_itself_and_refuses_bad_arguments(capsys):
    """Only the command line: the benchmark itself starts a server and a browser, by hand."""
    bench = load("classroom")
    with pytest.raises(SystemExit) as exc:
        bench.main(["--help"])
    assert exc.value.code == 0
    said = capsys.readouterr().out
    assert said.startswith("usage: classroom.py") and "--class-size K" in said
    for bad in (["0", "01_rules_step_by_step.ipynb"], ["3", "06_no_such_page.ipynb"],
                ["3", "01_rules_step_by_step.ipynb", "--class-size", "0"], ["3"]):
        with pytest.raises(SystemExit) as exc:
            bench.parse_args(bad)
        assert exc.value.code == 2, bad


def test_classroom_starts_the_app_as_make_app_does_sized_for_the_class_when_asked():
    bench = load("classroom")
    args = bench.parse_args(["20", "01_rules_step_by_step"])
    assert (args.visitors, args.page, args.class_size, args.limit) == (20, "01_rules_step_by_step.ipynb",
                                                                       None, 300.0)
    assert bench.server_command(args, 9000)[1:] == ["-m", "uno_nb.serving.webapp", "--no-browser",
                                                    "--port=9000", "--Voila.port_retries=0"]
    args = bench.parse_args(["30", "ru/02_card_odds.ipynb", "--class-size", "30",
                             "--python", "/usr/bin/python3", "--root", "/tmp/other"])
    assert bench.server_command(args, 9000) == [
        "/usr/bin/python3", "-m", "uno_nb.serving.webapp", "--no-browser", "--port=9000",
        "--Voila.port_retries=0", "--class-size=30", "--pages", "ru/02_card_odds.ipynb"]
    assert str(args.root) == "/tmp/other"


def test_board_measures_this_checkout_at_a_small_size_and_prints_well_formed_figures(capsys, tmp_path):
    """The class board's benchmark, on this checkout only and a tiny class: the
    figures are there and of the right form (never how fast they are)."""
    import json
    import re

    bench = load("board")
    figures = tmp_path / "board.json"
    assert bench.main(["--rows", "200", "--no-base", "--repeat", "2", "--json", str(figures)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("the class board, 30 students, rows 200; medians of 2 ticks;")
    time_ = r"\d+\.\d+ (?:ms|s)"
    line = (rf"this [0-9a-f]+\+? +200 rows: fill {time_} \| first draw {time_} \| "
            rf"nothing new {time_} \| new row {time_} \| export {time_} \| "
            r"CSV link \d+\.\d MB \| drawn with [\d,]+ hands")
    assert len([said for said in out if re.fullmatch(line, said)]) == 1, out
    assert out[-2].startswith("aims at 200 rows (this ") and "(the aims are for 100,000 rows)" in out[-2]
    assert re.fullmatch(r"board_run_seconds=\d+\.\d", out[-1])
    saved = json.loads(figures.read_text())
    (this,) = saved["results"]
    assert this["uno_nb"] == str(ROOT / "uno_nb")  # this checkout's, not another one's
    assert this["rows_exported"] == this["rows_written"] == 202  # and the 2 new rows
    assert this["link_bytes"] > 0
    assert this["hands_in_the_end"][0] == this["hands_first_draw"][0] + 200  # each new hand counts
    for step in ("fill", "first_draw"):
        assert len(this["steps"][step]["calls"]) == 1
    for step in ("nothing_new", "new_row", "export"):
        assert len(this["steps"][step]["calls"]) == 2
    assert all(seconds > 0 for step in this["steps"].values() for seconds in step["calls"])


def test_board_refuses_bad_arguments():
    bench = load("board")
    assert bench.parse_args([]).rows == [1_000, 10_000, 100_000]
    assert bench.parse_args(["--rows", "10_000,200,200"]).rows == [200, 10_000]
    for bad in (["--rows", "0"], ["--rows", "99,1000"], ["--rows", "x"], ["--rows", ""], ["--repeat", "0"],
                ["--repeat", "51"], ["--budget", "0"]):
        with pytest.raises(SystemExit) as exc:
            bench.parse_args(bad)
        assert exc.value.code == 2, bad


def test_classroom_runs_several_rounds_in_one_start_up_and_sizes_the_pools_for_them():
    bench = load("classroom")
    args = bench.parse_args(["--visitors", "1,10,30", "--page", "01_rules_step_by_step",
                             "--page", "02_card_odds.ipynb", "--class-size", "30",
                             "--sent", "01_rules_step_by_step.ipynb", "02_card_odds.ipynb",
                             "--gets", "50", "--gets-page", "05_play_against_bots"])
    assert args.counts == [1, 10, 30]
    assert args.pages == ["01_rules_step_by_step.ipynb", "02_card_odds.ipynb"]
    assert (args.second, args.second_visitors, args.sent_visitors) == ("00_index.ipynb", 3, 30)
    assert args.gets_page == "05_play_against_bots.ipynb"
    assert bench.server_command(args, 9000)[-3:] == [
        "--class-size=30", "--pages",
        "01_rules_step_by_step.ipynb,02_card_odds.ipynb,05_play_against_bots.ipynb"]
    args = bench.parse_args(["--visitors", "2", "--page", "02_card_odds", "--class-size", "2",
                             "--pools", "default"])
    assert bench.server_command(args, 9000)[-1] == "--class-size=2"  # the app's own choice of pages
    assert bench.parse_args(["--gets", "5"]).gets_page == "02_card_odds.ipynb"
    for bad in (["--visitors", "1,0", "--page", "02_card_odds"], ["--visitors", "x", "--page", "02_card_odds"],
                ["--page", "02_card_odds"], [], ["3", "02_card_odds", "--visitors", "1,2"],
                ["--sent", "02_card_odds", "02_card_odds"], ["--gets", "0"],
                ["3", "02_card_odds", "--second-visitors", "-1"]):
        with pytest.raises(SystemExit) as exc:
            bench.parse_args(bad)
        assert exc.value.code == 2, bad


def test_classroom_counts_a_tabs_bytes_as_the_browser_reports_them_and_reads_pss():
    import os

    bench = load("classroom")
    traffic = bench.Traffic()
    traffic.finished({"requestId": "1", "encodedDataLength": 1_000})
    traffic.finished({"requestId": "2", "encodedDataLength": 250.0})
    traffic.frame({"response": {"opcode": 1, "payloadData": "héllo"}})
    traffic.frame({"response": {"opcode": 2, "payloadData": "AAAA"}})  # base64 of 3 bytes
    assert traffic.take() == {"bytes": 1_250, "requests": 2, "failed_requests": 0, "from_cache": 0,
                              "ws_frames": 2, "ws_bytes": 6 + 3}
    assert traffic.take()["bytes"] == 0  # taken: counted afresh
    assert 0 < bench.pss_bytes(os.getpid()) <= bench.read_stat(os.getpid()).rss
    assert bench.pss_bytes(2 ** 22 + 7) == 0  # no such process


def test_classroom_prints_one_summary_line_per_round_with_bytes_and_pss():
    bench = load("classroom")
    memory = {"rss_bytes": 2_000_000_000, "pss_bytes": 1_500_000_000, "processes": 17}
    row = {"number": 1, "seconds": 2.5, "failed": None, "reloads": 0, "navigations": 1, "errors": [],
           "reloaded": 0, "traffic": {"bytes": 6_500_000, "requests": 115, "failed_requests": 0,
                                      "from_cache": 0, "ws_frames": 10, "ws_bytes": 50_000},
           "second": {"page": "00_index", "seconds": 0.6, "failed": None, "reloads": 0, "bytes": 23_000,
                      "requests": 100, "failed_requests": 0, "from_cache": 97, "ws_frames": 1,
                      "ws_bytes": 10}}
    figures = {"kind": "round", "visitors": 1, "page": "02_card_odds", "p50_seconds": 2.5,
               "max_seconds": 2.5, "reloads": 0, "failed": 0, "server_cpu_seconds": 0.3,
               "server_cpu_per_visit": 0.3, "burst_seconds": 2.5, "browser_cpu_per_visit": 2.0,
               "server_errors": [], "refilled": True, "refill_waiting_for": None, "refill_seconds": 9.0,
               "refill_cpu_per_visit": 1.9, "server_rss_at_start_bytes": 2_000_000_000,
               "server_processes_at_start": 17, "memory_before": memory,
               "memory_after": {**memory, "pss_bytes": 1_600_000_000}, "bytes_p50": 6_500_000,
               "requests_p50": 115, "ws_bytes_p50": 50_000, "second_page": "00_index",
               "second_bytes_p50": 23_000, "second_requests_p50": 100, "second_seconds_p50": 0.6,
               "per_visitor": [row], "kernels_before": 16, "kernels_after_closing": 16,
               "after_closing": memory}
    lines = bench.report(figures)
    assert lines[0] == ("visitor 1: drawn 2.50 s, reloads 0, 6,500KB in 115 requests; then 00_index: "
                        "0.60 s, 23KB in 100 requests (97 from cache)")
    assert lines[-1] == ("classroom N=1 page=02_card_odds p50=2.50s max=2.50s reloads=0 failed=0 "
                         "server_cpu_per_visit=0.30s bytes_p50=6,500KB requests_p50=115 ws_bytes_p50=50KB "
                         "second=00_index second_p50=0.60s second_bytes_p50=23KB second_requests_p50=100 "
                         "pss_before=1500MB pss_after=1600MB")
    sent = {"kind": "sent", "class_code": "K7Q2M", "lead": "ClassBoard.lead: class K7Q2M sent to 02_card_odds",
            "sent_after_seconds": 5.0, "first": {**figures, "kind": "sent:first", "page": "01_rules_step_by_step"},
            "second": {**figures, "kind": "sent:second"}, "after_closing": memory}
    said = [line for line in bench.report(sent) if line.startswith("classroom")]
    assert [line.split(" p50=")[0] for line in said] == [
        "classroom sent:first N=1 page=01_rules_step_by_step", "classroom sent:second N=1 page=02_card_odds"]
    gets = {"kind": "gets", "page": "02_card_odds", "gets": 3, "statuses": {"200": 2, "429": 1},
            "per_get": [{"get": 1, "status": 200, "bytes": 10, "seconds": 1.0}], "settle_seconds": 2.0,
            "refilled": True, "kernels_running_before": 16, "kernels_running_after": 18,
            "kernels_started_in_log": 2, "pool_kernels_taken": 1, "memory_before": memory,
            "memory_after": memory}
    assert bench.report(gets)[-1] == (
        "classroom gets N=3 page=02_card_odds statuses=200x2 429x1 kernels_running=16->18 kernels_started=2 "
        "pool_kernels_taken=1 pss_before=1500MB pss_after=1500MB processes=17->17")
    table = bench.summary({"ready_line": "[UnoVoila] ready: 16 kernels, 2.1 GB", "memory_at_ready": memory,
                           "rounds": [figures, sent, gets]})
    assert table[0] == "ready: '[UnoVoila] ready: 16 kernels, 2.1 GB' pss_at_ready=1500MB"
    assert len(table) == 5 and all(line.startswith("classroom ") for line in table[1:])
