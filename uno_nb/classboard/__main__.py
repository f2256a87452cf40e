"""``python -m uno_nb.classboard``: the class board's file from the command line."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .forms import BoardError, default_path
from .load import load
from .store import ClassBoard


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_nb.classboard",
                                     description="The class board's store (SQLite).")
    commands = parser.add_subparsers(dest="command", required=True)
    loaded = commands.add_parser("load", help="many writers at once against one file")
    loaded.add_argument("--writers", type=int, default=30)
    loaded.add_argument("--rows", type=int, default=200)
    loaded.add_argument("file")
    commands.add_parser("where", help="print where the class board's file lives")
    started = commands.add_parser("new", help="start a fresh class and print its code")
    started.add_argument("file", nargs="?")
    exported = commands.add_parser("export", help="a class's rows as CSV on standard output")
    exported.add_argument("--raw", action="store_true",
                          help="the file's own fields, for a program (not for a spreadsheet)")
    exported.add_argument("--lang", choices=("en", "ru"), default="en")
    exported.add_argument("code")
    exported.add_argument("file", nargs="?")
    args = parser.parse_args(argv)
    try:
        if args.command == "where":
            print(default_path())
        elif args.command == "new":
            with ClassBoard(args.file) as board:
                print(board.start_class())
        elif args.command == "export":
            with ClassBoard(args.file) as board:
                code = board.lesson(args.code).code  # an expired class exports too
                if args.raw:
                    board.export_raw(code, sys.stdout)
                else:
                    from ..classexport import csv_bytes  # words: the text table's
                    # bytes (UTF-8 with its BOM, lines as a spreadsheet wants them)
                    # whatever the terminal's encoding
                    sys.stdout.flush()
                    sys.stdout.buffer.write(csv_bytes(board.rows_in_order(code), args.lang))
        else:
            if args.writers < 1 or args.rows < 0:
                parser.error("--writers is at least 1 and --rows at least 0")
            figures = load(args.file, args.writers, args.rows)
            print(" ".join(f"{key}={value}" for key, value in figures.items()))
            wanted = args.writers * args.rows
            if not (figures["rows_written"] == figures["rows_read"] == wanted
                    and figures["rows_confirmed"] == wanted and not figures["failed_writers"]):
                print(f"uno_nb.classboard: {wanted} rows were to be written", file=sys.stderr)
                return 1
    except BoardError as error:
        print(f"uno_nb.classboard: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
