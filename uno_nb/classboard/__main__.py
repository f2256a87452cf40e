"""``python -m uno_nb.classboard``: the class board's file from the command line."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .forms import BoardError, default_path
from .store import ClassBoard


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_nb.classboard",
                                     description="The class board's store (SQLite).")
    commands = parser.add_subparsers(dest="command", required=True)
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
    except BoardError as error:
        print(f"uno_nb.classboard: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
