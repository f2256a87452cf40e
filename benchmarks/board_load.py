"""The class board's load test: many student kernels writing one file at once.

``python benchmarks/board_load.py --writers 30 --rows 200 FILE`` starts 30
writer processes at once against a fresh class in FILE (each writes its rows
as fast as it can, no limit of rows per minute) and prints what the file then
holds; it fails (exit 1) unless every row written is there, once, under its
writer's name.  A benchmark, not part of the store: ``uno_nb.classboard``
keeps the rules of the store and nothing that only measures it."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import argparse
import sys

from uno_nb.classboard import ClassBoard


def _writer(path: str, code: str, number: int, rows: int, start: Any, done: Any) -> None:
    """One student's kernel: wait for the others, then write ``rows`` rows
    (as fast as it can: no limit of rows per minute)."""
    board = ClassBoard(path, rows_per_minute=None)
    student = board.enrol(code, f"writer-{number}").student.id  # before the start, as a kernel
    start.wait()
    written = 0
    for row in range(rows):
        board.add(code, student, "hand", "no_wild_in_7", value=row % 2,
                  detail={"writer": number, "row": row})
        written += 1
    board.close()
    done.put((number, written))


def load(path: str | os.PathLike[str], writers: int, rows: int) -> dict[str, Any]:
    """Start ``writers`` processes at once, each writing ``rows`` rows to a
    fresh class in ``path``; what the file then holds."""
    board = ClassBoard(path)
    code = board.start_class()
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(writers + 1)
    done = context.Queue()
    processes = [context.Process(target=_writer, args=(str(path), code, n, rows, start, done))
                 for n in range(writers)]
    for process in processes:
        process.start()
    began = time.perf_counter()
    start.wait(timeout=300)
    confirmed = {}
    for _ in processes:
        number, written = done.get(timeout=600)
        confirmed[number] = written
    for process in processes:
        process.join(60)
    seconds = time.perf_counter() - began
    failed = [process.exitcode for process in processes if process.exitcode != 0]
    read = board.results(code)
    board.close()
    reader = f"file:{Path(path).resolve()}?mode=ro"  # a connection of its own, read-only
    with contextlib.closing(sqlite3.connect(reader, uri=True)) as db:
        counted = int(db.execute("SELECT COUNT(*) FROM results WHERE class = ?",
                                 (code,)).fetchone()[0])
    return {"code": code, "writers": writers, "rows_confirmed": sum(confirmed.values()),
            "rows_written": counted, "rows_read": len(read), "failed_writers": len(failed),
            "seconds": round(seconds, 2)}




def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/board_load.py",
                                     description="many writers at once against one class board file")
    parser.add_argument("--writers", type=int, default=30)
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("file")
    args = parser.parse_args(argv)
    if args.writers < 1 or args.rows < 0:
        parser.error("--writers is at least 1 and --rows at least 0")
    figures = load(args.file, args.writers, args.rows)
    print(" ".join(f"{key}={value}" for key, value in figures.items()))
    wanted = args.writers * args.rows
    if not (figures["rows_written"] == figures["rows_read"] == figures["rows_confirmed"] == wanted
            and not figures["failed_writers"]):
        print(f"board_load: {wanted} rows were to be written", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
