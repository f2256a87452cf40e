"""How fast does the simulation lab compare two rule sets?

Runs the same seeded 4-player games between random bots under two rule sets
(by default ``standard`` and ``party``), first in this process and then on a pool
of worker processes, checks that both give the same records, and prints
games/s for each.  The last line is ``lab_games_per_s=N``: the throughput
with the process pool.

    python benchmarks/lab_speed.py --games 10000 --workers 2
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_nb import lab  # noqa: E402
from uno_nb.rules import PRESETS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per rule set (default 10000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--rules", nargs=2, default=["standard", "party"], choices=sorted(PRESETS),
                        metavar="PRESET", help="the two presets to compare (default: standard party)")
    parser.add_argument("--bots", default="random-greedy", help="bot for every seat (default random-greedy)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.workers < 1:
        parser.error("--games must be at least 2 and --workers at least 1")
    lineup = [args.bots] * 4
    total = 2 * args.games
    print(f"{args.games} games of 4 {args.bots} bots under each of {' and '.join(args.rules)}")

    start = time.perf_counter()
    serial = lab.compare(args.rules, lineup, args.games, seed=0, executor="serial")
    serial_rate = total / (time.perf_counter() - start)
    print(f"serial      : {serial_rate:8.0f} games/s")

    with ProcessPoolExecutor(args.workers) as pool:
        start = time.perf_counter()
        parallel = lab.compare(args.rules, lineup, args.games, seed=0, executor=pool)
        parallel_rate = total / (time.perf_counter() - start)
    print(f"{args.workers} processes : {parallel_rate:8.0f} games/s")
    same = all(serial[k].records == parallel[k].records for k in serial)
    print(f"same records serial and parallel: {same}")
    for name, result in parallel.items():
        s = result.summary
        print(f"{name:>10}: turns {s.turns.estimate:.1f} ± {s.turns.stderr:.1f}, first player wins "
              f"{s.position_wins[0].estimate:.1%}")
    print(f"lab_games_per_s={parallel_rate:.0f}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
