"""How fast does the engine play?  uno_nb against RLCard's Uno, in the same run.

Both engines play N 4-player games between random bots, one after another,
each game seeded.  The bots play the same way on both sides: a uniformly
random card play when there is one, otherwise draw (RLCard's legal actions
offer "draw" only when nothing can be played, so its random agent plays like
this; on uno_nb it is ``RandomBot(greedy=True)``).  On both sides the policy
is written inline in the loop, so each side times its engine, not a bot.  uno_nb plays the
``standard`` rule set; RLCard plays its own rules, driven directly through
``rlcard.games.uno.game.UnoGame`` forced to 4 players.

The compiled kernel (:mod:`uno_nb.kernel`) plays the same games with the same
policy (``kernel.play(..., table=False)``: the same seeds, the same choices,
game for game — tests/test_kernel.py checks it) in the same run, ``--kernel-scale``
times as many per run, since it is that much faster.  It plays them as it
plays by default, spread over the machine's cores ("kernel": one thread per
core, the number is printed), and again on one thread ("kernel1"), for a
comparison core for core: the Python engines and RLCard use one.  Its first
call in the process loads the machine code from numba's disk cache (or
compiles it after an install); that time is printed on its own line and left
out of its rate.

The runs alternate between the engines and the best of ``--repeat`` runs
counts, so a busy moment on the machine hurts neither side alone.  The last
lines are ``ratio_vs_rlcard=X.XX`` (uno_nb's engine games/s over RLCard's, in
its fast mode: ``record=False``, no event log and no undo, what simulations
use), ``events_ratio_vs_rlcard=X.XX`` (the full engine, every event logged and
every move undoable, what the notebooks use; "events" in the table),
``kernel_one_core_ratio_vs_rlcard=X.X`` (the kernel on one thread) and
``kernel_ratio_vs_rlcard=X.X`` (the kernel's games/s over RLCard's, on every core).

    python benchmarks/engine_speed.py --games 5000
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_nb import Game, RuleSet  # noqa: E402
from uno_nb.engine.game import GAME_OVER  # noqa: E402
from uno_nb.engine.moves import DRAW  # noqa: E402


def play_uno_nb(games: int, seed: int, keep: list[Game] | None = None, *,
                record: bool = False) -> tuple[float, int]:
    """Seconds for ``games`` games, and the number of moves made.

    The random policy is written out inline, as it is for RLCard below, so
    that both sides time their engine and not a bot object; it makes exactly
    the choices of ``RandomBot(greedy=True)`` (tests/test_benchmarks.py).
    ``record=True`` is the full engine: the event log and the undo history
    (``keep`` collects the games, recorded)."""
    rules = RuleSet.preset("standard")
    record = record or keep is not None
    moves = 0
    start = time.perf_counter()
    for s in range(seed, seed + games):
        game = Game(rules, 4, s, max_rounds=1, record=record)
        rand = random.Random(s).random
        while game.phase is not GAME_OVER:
            plays = game.turn_plays()
            if plays:
                game.push(plays[int(rand() * len(plays))])
            else:
                options = game.turn_moves()
                if options[0].kind is DRAW:
                    game.push(options[0])
                else:
                    game.push(options[int(rand() * len(options))])
            moves += 1
        if keep is not None:
            keep.append(game)
    return time.perf_counter() - start, moves


def play_uno_nb_events(games: int, seed: int) -> tuple[float, int]:
    """The same games on the full engine: every event logged, every move undoable."""
    return play_uno_nb(games, seed, record=True)


def play_kernel(games: int, seed: int, threads: int | None = None) -> tuple[float, int]:
    """The same games on the compiled kernel (on ``threads`` threads, by
    default one per core): seconds and moves."""
    from uno_nb import kernel
    start = time.perf_counter()
    batch = kernel.play("standard", ["random-greedy"] * 4, games, seed, table=False,
                        threads=threads)
    return time.perf_counter() - start, int(batch.moves.sum())


def play_kernel_one_thread(games: int, seed: int) -> tuple[float, int]:
    """:func:`play_kernel` on one thread."""
    return play_kernel(games, seed, threads=1)


def play_rlcard(games: int, seed: int) -> tuple[float, int]:
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=4)
    moves = 0
    start = time.perf_counter()
    for s in range(seed, seed + games):
        game.np_random.seed(s)
        rng = random.Random(s)
        state, _ = game.init_game()
        while not game.is_over():
            actions = state["legal_actions"]  # step() already computed them
            state, _ = game.step(actions[int(rng.random() * len(actions))])
            moves += 1
    return time.perf_counter() - start, moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000, help="games per run (default 5000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per engine; the best counts")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--kernel-scale", type=int, default=10,
                        help="the kernel plays this many times --games per run (default 10)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    try:
        import rlcard.games.uno.game  # noqa: F401
        have_rlcard = True
    except ImportError:
        have_rlcard = False
        print("RLCard is not installed (pip install rlcard): timing uno_nb alone, no ratio.")
    print(f"{args.games} games of 4 random bots per run, best of {args.repeat} runs; "
          f"Python {sys.version.split()[0]}")
    from uno_nb import kernel
    have_kernel = kernel.available()
    if have_kernel:
        start = time.perf_counter()
        play_kernel(2, args.seed)
        print(f"kernel first call: {time.perf_counter() - start:.2f} s "
              "(loading or compiling the machine code; left out of its rate)")
        threads = kernel.threads_used(args.games * args.kernel_scale)
        print(f"kernel threads: {threads} in the kernel row ({kernel.cores()} cores), 1 in kernel1")
    else:
        print(f"no kernel: {kernel.why_not('standard', ['random-greedy'] * 4)}")
    best: dict[str, tuple[float, int]] = {}
    count = {"uno_nb": args.games, "events": args.games, "rlcard": args.games,
             "kernel": args.games * args.kernel_scale, "kernel1": args.games * args.kernel_scale}
    engines = ([("uno_nb", play_uno_nb), ("events", play_uno_nb_events)]
               + ([("rlcard", play_rlcard)] if have_rlcard else [])
               + ([("kernel", play_kernel), ("kernel1", play_kernel_one_thread)]
                  if have_kernel else []))
    for _ in range(args.repeat):
        for name, play in engines:
            result = play(count[name], args.seed)
            if name not in best or result[0] < best[name][0]:
                best[name] = result
    rate = {}
    for name, (seconds, moves) in best.items():
        rate[name] = count[name] / seconds
        print(f"{name:>7}: {rate[name]:8.0f} games/s  {moves / count[name]:6.1f} moves/game  "
              f"{moves / seconds:9.0f} moves/s")
    if have_rlcard:
        print(f"ratio_vs_rlcard={rate['uno_nb'] / rate['rlcard']:.2f}")
        print(f"events_ratio_vs_rlcard={rate['events'] / rate['rlcard']:.2f}")
        if have_kernel:
            print(f"kernel_one_core_ratio_vs_rlcard={rate['kernel1'] / rate['rlcard']:.1f}")
            print(f"kernel_ratio_vs_rlcard={rate['kernel'] / rate['rlcard']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
