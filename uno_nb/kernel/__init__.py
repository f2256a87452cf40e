"""The compiled simulator: whole batches of bot games in machine code.

:func:`play` plays ``n`` seeded games of one rule set between the kit's bots
and returns them as a :class:`~uno_nb.sim.batch.Batch` of numpy arrays.  Each game
is the engine's own game: for the same rule set, bots and seed, its record
(winner, turns, moves, rounds, scores, cards drawn, each rule's count,
abandoned) equals :func:`uno_nb.sim.simulation.play_game`'s, because the kernel
(:mod:`uno_nb.kernel.jit`) follows the engine step by step and draws the same
random numbers from the same generators — CPython's Mersenne Twister,
reproduced in :mod:`uno_nb.kernel.mtrand`.  The engine stays the reference.

The kernel needs numba (``pip install "uno_nb[fast]"``; prebuilt wheels, nothing
to compile at install).  Its machine code is cached on disk beside the
package, so only the first run after an install compiles (about two minutes
on two cores; :func:`warm`, ``python -m uno_nb.kernel``, does it ahead of
time and then leaves a marker beside the cache, see :func:`not_ready`).
:func:`why_not` says why the kernel cannot play something — numba missing,
or a bot it does not know (a bot object of your own) — and :mod:`uno_nb.lab`
then plays on the engine and says so; it also plays on the engine while the
kernel is not compiled yet (:func:`not_ready`), so that a lab run never
spends two minutes compiling inside a notebook's kernel.

>>> from uno_nb.sim.simulation import run_games
>>> batch = play("party", ["heuristic"] * 4, 50, seed=7)
>>> batch.to_records() == run_games("party", ["heuristic"] * 4, 50, seed=7)
True
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Sequence

import numpy as np

from ..sim.batch import Batch
from ..sim.bots import Bot, HeuristicBot, RandomBot, make_bot
from ..engine.errors import UnoError
from ..engine.moves import MAX_PLAYERS
from ..engine.rules import RuleSet
from ..sim.simulation import DEFAULT_MAX_TURNS, GameRecord

__all__ = ["available", "why_not", "play", "play_records", "warm", "KernelRefused",
           "BOT_CODES", "fingerprint", "forget_stale_machine_code", "not_ready", "ready_marker",
           "mark_ready", "mark_failed", "NOT_COMPILED", "COMPILED_ELSEWHERE", "COMPILE_FAILED", "is_compiling_reason", "SERVED_ENV"]

#: The bots the kernel plays, by name, and their codes in the kernel.
BOT_CODES = {"random": 0, "random-greedy": 1, "heuristic": 2}
_MAX_SEED = 2 ** 63 - 1


class KernelRefused(UnoError):
    """The kernel cannot play this: the message says why (the lab then plays
    the games on the engine)."""


def _numba_missing() -> str | None:
    try:
        import numba  # noqa: F401
    except ImportError:
        return "numba is not installed (pip install \"uno_nb[fast]\")"
    return None


def available() -> bool:
    """Whether numba is installed, so the kernel can run at all."""
    return _numba_missing() is None


def _rules(rules: RuleSet | str | None) -> RuleSet:
    if rules is None:
        return RuleSet()
    if isinstance(rules, str):
        return RuleSet.preset(rules)
    if not isinstance(rules, RuleSet):
        raise KernelRefused(f"rules must be a RuleSet or a preset name, got {rules!r}")
    return rules


def _bot_code(bot: Bot | str) -> int:
    """The kernel's code of a bot, or KernelRefused."""
    if isinstance(bot, str):
        bot = make_bot(bot)
    if type(bot) is HeuristicBot:
        return BOT_CODES["heuristic"]
    if type(bot) is RandomBot:
        if bot.jump_rate != 0.5:
            raise KernelRefused(f"the kernel's random bots jump in half the time; {bot!r} "
                                f"jumps in with rate {bot.jump_rate}")
        return BOT_CODES["random-greedy" if bot.greedy else "random"]
    raise KernelRefused(f"the kernel plays only the kit's bots ({', '.join(BOT_CODES)}), "
                        f"not {bot!r}")


def _compiled_sources(folder: Path) -> list[tuple[str, Path]]:
    """The modules numba compiles, by their path in ``folder`` (this package):
    every module of the kernel and of ``mtrand/`` but this Python-side
    ``__init__.py`` and ``__main__.py``."""
    own = {folder / "__init__.py", folder / "__main__.py"}
    return sorted((path.relative_to(folder).as_posix(), path) for path in folder.rglob("*.py")
                  if path not in own)


def fingerprint(folder: Path | None = None) -> str:
    """What the compiled code is made of: the source of every compiled module
    of the kernel and of its mtrand (:func:`_compiled_sources` of ``folder``, by
    default this package's), and the tables it bakes in from the cards, the
    rule options, the engine's counted rule ids and the table model's
    generator streams.  numba's disk cache notices a change of a compiled
    function's own file only, not of the files of the functions it calls or
    inlines (``jit.play_batch`` is compiled with all the others in), so
    :func:`forget_stale_machine_code` compares this with the one the cache
    was made with."""
    from . import jit as kj
    folder = Path(__file__).parent if folder is None else folder
    digest = hashlib.sha256()
    for name, path in _compiled_sources(folder):
        text = path.read_bytes()
        digest.update(f"{name}:{len(text)}:".encode())
        digest.update(text)
    for table in (kj.C_COL, kj.C_RANK, kj.C_PTS, kj.C_DRAW, kj.C_NUM, kj.MATCH, kj.COLMASK,
                  kj.DECKS, kj.DECK_LEN, kj.COLOUR_CARDS):
        digest.update(table.tobytes())
    digest.update(repr((kj.FIRED_IDS, kj.OPTION_NAMES, kj.STREAMS)).encode())
    return digest.hexdigest()


def drop_stale_cache(folder: Path, stamp: str, others: Sequence[Path] = ()) -> bool:
    """Delete the kernel's cached machine code in ``folder`` and ``others``
    (numba's cache folders of this package and of ``mtrand/``: every ``.nbi``
    and ``.nbc`` file in them is the kernel's) unless it was made for
    ``stamp`` (:func:`fingerprint`); then note ``stamp``.  True if the cache
    was dropped."""
    note = folder / "kernel.fingerprint"
    try:
        if note.read_text() == stamp:
            return False
    except OSError:
        pass
    try:
        for where in (folder, *others):
            for pattern in ("*.nbi", "*.nbc"):
                for path in where.glob(pattern):
                    path.unlink(missing_ok=True)
        folder.mkdir(parents=True, exist_ok=True)
        note.write_text(stamp)
    except OSError:  # a cache numba cannot write either: nothing stale to fear
        return False
    return True


_checked_cache = False


def forget_stale_machine_code() -> bool:
    """Once per process, before the first compiled call: drop the disk cache
    if it was compiled from other kernel or mtrand sources or against other
    card and rule tables (say, after ``git pull`` in a checkout, or an edit of
    one of the modules the compiled functions call).  True if it was dropped.
    (numba caches the modules of this package in one folder and those of
    ``mtrand/`` in another.)"""
    global _checked_cache
    if _checked_cache:
        return False
    _checked_cache = True
    from . import jit as kj
    from . import mtrand
    try:
        # numba's cache folder for the module (private to numba, and not in its types)
        folder = Path(getattr(getattr(kj.play_batch, "_cache"), "_cache_path"))
        others = [Path(getattr(getattr(mtrand.init_genrand, "_cache"), "_cache_path"))]
    except AttributeError:  # no disk cache (NUMBA_DISABLE_JIT, or another numba)
        return False
    return drop_stale_cache(folder, fingerprint(), others)


def why_not(rules: RuleSet | str | None, lineup: Sequence[Bot | str],
            seeds: range | None = None) -> str | None:
    """Why the kernel cannot play this rule set and lineup (on ``seeds``), or
    ``None`` if it can.

    Every rule option is covered; what it refuses is a missing numba, a bot
    that is not one of the kit's three, and seeds beyond 2**63 - 1."""
    missing = _numba_missing()
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


def _table(first: int, count: int, players: int) -> np.ndarray:
    """Every seat's traits in each game (a game's people depend only on its
    seed and the number of players, so a comparison of rule sets on the same
    seeds computes them once)."""
    key = (first, count, players)
    with _TABLES_LOCK:
        found = _TABLES.get(key)
    if found is None:
        from . import jit as kj
        found = kj.traits_batch(np.arange(first, first + count, dtype=np.int64), players)
        with _TABLES_LOCK:
            _TABLES[key] = found
            # the oldest go first; the newest stays even if it alone is over the bound
            while len(_TABLES) > 1 and sum(k[1] for k in _TABLES) > _TABLES_GAMES:
                _TABLES.pop(next(iter(_TABLES)))
    return found


def play(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int, seed: int = 0, *,
         max_rounds: int | None = 1, max_turns: int = DEFAULT_MAX_TURNS,
         table: bool = True, check: bool = False) -> Batch:
    """Play ``n`` games on the seeds ``seed … seed + n - 1``, as the runner
    (:func:`uno_nb.sim.simulation.play_game`) plays them.

    ``table=False`` leaves out the table model (no UNO! calls, catches,
    jump-in races or table talk) and seeds each game's random bots with
    ``random.Random(seed)``: the inline policy of ``benchmarks/engine_speed.py``.
    ``check=True`` checks after every move that no card was lost or
    duplicated (slower; a debug mode).  Raises :class:`KernelRefused` when the
    kernel cannot play the rule set or lineup."""
    reason = why_not(rules, lineup)
    if reason is not None:
        raise KernelRefused(f"the compiled kernel cannot play this: {reason}")
    rule_set = _rules(rules)
    bots = [make_bot(b) if isinstance(b, str) else b for b in lineup]
    codes = np.array([_bot_code(b) for b in bots], np.int64)
    players = len(bots)
    if type(n) is not int or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {n!r}")
    if type(seed) is not int or seed < 0 or seed + n - 1 > _MAX_SEED:
        raise KernelRefused(f"the kernel plays seeds from 0 to 2**63 - 1, got {seed}…{seed + n - 1}")
    if max_rounds is not None and (type(max_rounds) is not int or max_rounds < 1):
        raise ValueError(f"max_rounds must be a whole number >= 1 or None, got {max_rounds!r}")
    from . import jit as kj
    forget_stale_machine_code()
    seeds = np.arange(seed, seed + n, dtype=np.int64)
    traits = _table(seed, n, players) if table else np.zeros((n, players, 5), np.int64)
    out = np.zeros((n, 8), np.int64)
    scores = np.zeros((n, players), np.int64)
    drawn = np.zeros((n, players), np.int64)
    fired = np.zeros((n, kj.NFIRED), np.int64)
    if n:
        kj.play_batch(kj.rules_array(rule_set), codes, players, seeds,
                      0 if max_rounds is None else max_rounds, int(max_turns), bool(table),
                      traits, bool(check), out, scores, drawn, fired)
    return Batch(seeds=seeds, players=players,
                 bot_names=tuple(b.name for b in bots),
                 winner=out[:, 0], first_player=out[:, 1], dealer=out[:, 2],
                 turns=out[:, 3], moves=out[:, 4], rounds=out[:, 5], points=out[:, 6],
                 scores=scores, cards_drawn=drawn, rule_ids=kj.FIRED_IDS, fired=fired,
                 abandoned=out[:, 7].astype(bool))


def play_records(rules: RuleSet | str | None, lineup: Sequence[Bot | str], n: int,
                 seed: int = 0, **kwargs: object) -> list[GameRecord]:
    """:func:`play` as a list of :class:`~uno_nb.sim.simulation.GameRecord`."""
    return play(rules, lineup, n, seed, **kwargs).to_records()  # type: ignore[arg-type]


# -- ready: compiled and cached ------------------------------------------------------------
#
# A notebook's kernel must never compile the simulator (about two minutes on
# two cores, during which the page would hang): the lab asks not_ready() before
# every run and plays on the engine until `python -m uno_nb.kernel` (make test's
# conftest, Binder's postBuild, the web app's launcher in the background) has
# compiled everything and left its marker.

#: The marker's name, in numba's cache folder beside the cached machine code.
READY_NAME = "kernel.ready"


def cache_folder() -> Path | None:
    """numba's disk cache folder for the kernel's modules, or ``None`` when
    there is no disk cache (numba missing, or ``NUMBA_DISABLE_JIT=1``, which
    runs the kernel's Python as it is: nothing to compile)."""
    if _numba_missing() is not None:
        return None
    from . import jit as kj
    try:
        # the same private attribute forget_stale_machine_code reads
        return Path(getattr(getattr(kj.play_batch, "_cache"), "_cache_path"))
    except AttributeError:
        return None


def ready_marker() -> Path | None:
    """Where :func:`mark_ready` leaves its marker (``None``: no disk cache)."""
    folder = cache_folder()
    return None if folder is None else folder / READY_NAME


@functools.lru_cache(maxsize=1)
def _own_fingerprint() -> str:
    """:func:`fingerprint` of this process's kernel, computed once: the
    sources' times and sizes (:func:`_source_stamps`) catch a later edit."""
    return fingerprint()


def _source_stamps(folder: Path | None = None) -> dict[str, list[int]]:
    """Each kernel and mtrand source's modification time (ns) and size.
    numba keeps a function's machine code only while its file has the time
    and size it was compiled from: a file touched (a checkout, an editor
    saving the same text) makes numba compile again although the fingerprint
    is the same, so the marker holds these too."""
    folder = Path(__file__).parent if folder is None else folder
    stamps = {}
    for name, path in _compiled_sources(folder):
        stat = path.stat()
        stamps[name] = [stat.st_mtime_ns, stat.st_size]
    return stamps


@functools.lru_cache(maxsize=1)
def _machine() -> dict[str, str]:
    """What numba's machine code also depends on: numba's and Python's
    versions and the processor it was compiled for (a Binder image built on
    one machine may run on another)."""
    import numba
    try:  # what numba's own cache index is keyed by: (target, processor, its features)
        from numba.core.registry import cpu_target
        cpu = " ".join(map(str, cpu_target.target_context.codegen().magic_tuple()))
    except Exception:  # a numba without it: the versions still count
        cpu = ""
    return {"numba": numba.__version__, "python": sys.version, "cpu": cpu}


def _stamp() -> dict[str, object]:
    """What the marker says: the kernel it was made for, and the machine."""
    return {"fingerprint": _own_fingerprint(), "sources": _source_stamps(), "machine": _machine()}


def mark_ready(marker: Path | None = None) -> bool:
    """Note beside numba's cache that everything is compiled and cached for
    this kernel (:func:`warm` does, once it has compiled).  Written whole or
    not at all (a reader never sees half a marker).  True if it was written."""
    marker = ready_marker() if marker is None else marker
    if marker is None:
        return False
    part = marker.with_name(f"{marker.name}.{os.getpid()}.part")
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        part.write_text(json.dumps(_stamp()), encoding="utf-8")
        os.replace(part, marker)
        failed_marker(marker).unlink(missing_ok=True)
    except OSError:  # a cache folder numba cannot write either: every process compiles
        part.unlink(missing_ok=True)
        return False
    return True


def failed_marker(marker: Path) -> Path:
    """Where :func:`mark_failed` notes a compile that failed, beside ``marker``."""
    return marker.with_name(marker.name + ".failed")


def mark_failed(error: str, marker: Path | None = None) -> bool:
    """Note that compiling this very kernel failed here (``error`` says how),
    so that the lab says so instead of "being prepared" (:func:`not_ready`);
    the next successful compile (:func:`mark_ready`) takes the note away.
    True if it was written."""
    marker = ready_marker() if marker is None else marker
    if marker is None:
        return False
    failed = failed_marker(marker)
    part = failed.with_name(f"{failed.name}.{os.getpid()}.part")
    try:
        failed.parent.mkdir(parents=True, exist_ok=True)
        part.write_text(json.dumps({"stamp": _stamp(), "error": error[-2000:]}), encoding="utf-8")
        os.replace(part, failed)
    except OSError:
        part.unlink(missing_ok=True)
        return False
    return True


def not_ready(marker: Path | None = None) -> str | None:
    """Why the compiled kernel is not ready to play at once, or ``None`` if it
    is: the marker :func:`mark_ready` leaves must be there and name this very
    kernel (its :func:`fingerprint` and its sources' times and sizes), else
    the first compiled call would compile for two minutes.  Cheap enough to
    ask before every lab run: a file of a few hundred bytes and a dozen
    ``stat`` calls (the fingerprint is computed once per process)."""
    missing = _numba_missing()
    if missing is not None:
        return missing
    marker = ready_marker() if marker is None else marker
    if marker is None:  # no disk cache: nothing is compiled ahead, nothing to wait for
        return None
    try:
        said = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        said = None
    if isinstance(said, dict) and said == _stamp():
        return None
    try:  # a compile of this very kernel that failed: no use waiting for it
        failed = json.loads(failed_marker(marker).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        failed = None
    if isinstance(failed, dict) and failed.get("stamp") == _stamp():
        return COMPILE_FAILED
    return NOT_COMPILED if said is None else COMPILED_ELSEWHERE


#: Set by the web app's launcher for its notebooks' kernels: a lab run there
#: asks :func:`not_ready` first and plays on the engine rather than compile
#: for two minutes while a visitor waits (the launcher compiles in the
#: background).  Elsewhere (a script, JupyterLab) the first run compiles.
SERVED_ENV = "UNO_NB_SERVED"

#: What :func:`not_ready` says when the kernel is not compiled (yet), or was
#: compiled from other sources: :func:`is_compiling_reason` tells these apart
#: from the reasons the kernel can never play something.
NOT_COMPILED = ("the compiled simulator is not compiled yet "
                "(python -m uno_nb.kernel compiles it; the web app does it in the background)")
COMPILED_ELSEWHERE = ("the compiled simulator was compiled from other sources "
                      "(python -m uno_nb.kernel compiles it again)")
#: What it says when compiling this very kernel failed here (:func:`mark_failed`).
COMPILE_FAILED = ("the compiled simulator could not be compiled on this computer "
                  "(python -m uno_nb.kernel says why)")


def is_compiling_reason(reason: str | None) -> bool:
    """Whether ``reason`` (a lab result's ``fallback``) only means the
    kernel is not compiled yet: a later run, once it is, plays on it."""
    return reason in (NOT_COMPILED, COMPILED_ELSEWHERE)


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
    reason = _numba_missing()
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

