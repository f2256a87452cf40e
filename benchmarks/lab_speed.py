"""How long does the lab page take to compare two rule sets?

Times what the lab page does by default: ``standard`` against ``party``,
10,000 seeded 4-player games each between heuristic bots, in this process as
the page runs it (on the kernel, spread over the machine's cores by its
threads), with the records and both summaries - from the start of the run to
the figures the page shows.  The same comparison on one thread follows, timed
too, and its records are checked to be the same, and ``lab.run``'s rate is
given as a share of ``kernel.play``'s for the same games (what the lab's
Python around the kernel costs).  Each is the best of ``--repeat`` runs.
The last line is
``lab_compare_10k_seconds=X`` (with ``--games N`` other than 10,000 it is
``lab_compare_seconds=X`` for N games per rule set).

The lab plays on the compiled kernel when it can (the line "played on" says
which); its first call in the process, which loads the machine code from
numba's disk cache (or compiles it after an install), is timed on its own
line before the comparison and is not part of it.

``--workers N`` (N > 1) also plays the same games on a pool of N worker
processes (one thread each), checks that the records are the same and prints
its time.

    python benchmarks/lab_speed.py
    python benchmarks/lab_speed.py --games 2000 --workers 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_nb import kernel, lab  # noqa: E402
from uno_nb.sim.bots import BOT_NAMES  # noqa: E402
from uno_nb.engine.rules import PRESETS  # noqa: E402


def best_of(repeat: int, play):
    """The fewest seconds ``play()`` took in ``repeat`` calls, and its last
    result; before each, the lab forgets its runs and the kernel its players'
    traits, so that every call plays its games."""
    best, result = float("inf"), None
    for _ in range(repeat):
        lab.forget()
        start = time.perf_counter()
        result = play()
        best = min(best, time.perf_counter() - start)
    return best, result


def compare(rules: list[str], lineup: list[str], games: int, executor,
            threads: int | None = None, repeat: int = 1) -> tuple[float, dict]:
    """Seconds for the comparison, summaries included (the best of
    ``repeat``), and its results."""
    def play() -> dict:
        results = lab.compare(rules, lineup, games, seed=0, executor=executor, threads=threads)
        for result in results.values():
            result.summary  # noqa: B018  (the page shows the summaries: they count)
        return results
    return best_of(repeat, play)


def lab_against_kernel(rules: str, lineup: list[str], games: int, repeat: int) -> float:
    """``lab.run``'s games per second (its summary included) over
    ``kernel.play``'s for the same games, both on every core, best of
    ``repeat`` each: what the lab's Python around the kernel costs."""
    on_kernel, _ = best_of(repeat, lambda: kernel.play(rules, lineup, games, 0))
    in_lab, _ = best_of(repeat, lambda: lab.run(rules, lineup, games, 0, executor="serial").summary)
    return on_kernel / in_lab


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per rule set (default 10000)")
    parser.add_argument("--workers", type=int, default=1,
                        help="also time a pool of this many processes (default 1: none)")
    parser.add_argument("--rules", nargs=2, default=["standard", "party"], choices=sorted(PRESETS),
                        metavar="PRESET", help="the two presets to compare (default: standard party)")
    parser.add_argument("--bots", default="heuristic", choices=BOT_NAMES,
                        help="bot for every seat (default heuristic, as the lab page)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="times each comparison is played; the best counts (default 3)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.workers < 1 or args.repeat < 1:
        parser.error("--games must be at least 2, --workers and --repeat at least 1")
    lineup = [args.bots] * 4
    print(f"{args.games} games of 4 {args.bots} bots under each of {' and '.join(args.rules)}")

    start = time.perf_counter()
    first = lab.run(args.rules[0], lineup, 2, seed=0, executor="serial")
    print(f"first call   : {time.perf_counter() - start:8.2f} s (loading the simulator; "
          "not part of the comparison)")
    print(f"played on    : {first.engine}" + (f" ({first.fallback})" if first.fallback else ""))
    seconds, serial = compare(args.rules, lineup, args.games, "serial", repeat=args.repeat)
    print(f"this process : {seconds:8.2f} s ({2 * args.games / seconds:,.0f} games/s; "
          f"up to {kernel.cores() if first.engine == 'kernel' else 1} thread(s), "
          f"at least {kernel.GAMES_PER_THREAD} games each)")
    alone, one = compare(args.rules, lineup, args.games, "serial", threads=1, repeat=args.repeat)
    same = all(serial[k].batch == one[k].batch for k in serial)
    print(f"one thread   : {alone:8.2f} s ({2 * args.games / alone:,.0f} games/s); "
          f"same records: {same}")
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            pooled, parallel = compare(args.rules, lineup, args.games, pool)
        same = same and all(serial[k].batch == parallel[k].batch for k in serial)
        print(f"{args.workers} processes  : {pooled:8.2f} s ({2 * args.games / pooled:,.0f} games/s); "
              f"same records as this process: {same}")
    if first.engine == "kernel":
        ratio = lab_against_kernel(args.rules[0], lineup, args.games, args.repeat)
        print(f"lab.run      : {ratio:.2f} of kernel.play's games/s ({args.rules[0]}, "
              "the same games)")
    for name, result in serial.items():
        s = result.summary
        print(f"{name:>10}: turns {s.turns.estimate:.1f} ± {s.turns.stderr:.1f}, first player wins "
              f"{s.position_wins[0].estimate:.1%}")
    label = "lab_compare_10k_seconds" if args.games == 10_000 else "lab_compare_seconds"
    print(f"{label}={seconds:.3f}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
