"""The command line: ``python -m uno_nb play …`` and ``python -m uno_nb rules``."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, Sequence

from .bots import BOT_NAMES, make_bot
from .errors import UnoError
from .rules import PRESETS, RuleSet
from .simulation import DEFAULT_MAX_TURNS, play_game

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _build() -> argparse.ArgumentParser:
    top = _Parser(prog="python -m uno_nb",
                  description="uno_nb: play and explore Uno under any set of rules.")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    play = sub.add_parser(
        "play", help="play a seeded game between bots and print it turn by turn",
        description="Play a seeded game between bots and print every event, then the result. "
                    "The same options and seed always print the same game.")
    play.add_argument("--preset", default="standard", choices=sorted(PRESETS),
                      help="rule preset to start from (default: standard)")
    play.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                      help="change one rule option, e.g. --rule jump_in=on --rule uno_penalty=4; "
                           "repeatable; see 'python -m uno_nb rules'")
    play.add_argument("--players", type=int, default=4, metavar="N",
                      help="number of players, 2 to 10 (default: 4)")
    play.add_argument("--seed", type=int, default=0, metavar="N",
                      help="seed: the same seed gives the same game (default: 0)")
    play.add_argument("--bots", default="heuristic", metavar="NAMES",
                      help="one bot for everyone or a comma list, one per seat: "
                           f"{', '.join(BOT_NAMES)} (default: heuristic)")
    play.add_argument("--rounds", type=int, default=1, metavar="N",
                      help="stop after N rounds; 0 plays to the target score (default: 1)")
    play.add_argument("--max-turns", type=int, default=DEFAULT_MAX_TURNS, metavar="N",
                      help=f"abandon a game after N turns (default: {DEFAULT_MAX_TURNS})")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument("--save", metavar="FILE", help="also save the game as JSON to FILE")
    play.add_argument("--list-rules", action="store_true",
                      help="list every rule option (as 'python -m uno_nb rules') and exit")

    rules = sub.add_parser("rules", help="list every rule option with its id and presets",
                           description="List every rule option: name, rule id, default, "
                                       "choices and what it does.")
    rules.add_argument("--preset", choices=sorted(PRESETS),
                       help="show the values of this preset")
    return top


def _rules_text(preset: str | None) -> str:
    base = RuleSet.preset(preset) if preset else RuleSet()
    lines = []
    for info in RuleSet.options():
        value = getattr(base, info.name)
        choices = "on/off" if info.kind is bool else "/".join(map(str, info.choices or ())) or "number"
        shown = ("on" if value else "off") if info.kind is bool else value
        lines.append(f"{info.name:<14} {info.rule:<24} {str(shown):<8} [{choices}]")
        lines.append(f"    {info.doc} (source: {info.source})")
    lines.append("presets: " + ", ".join(PRESETS))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build()
    args = parser.parse_args(argv)
    if args.command == "rules" or getattr(args, "list_rules", False):
        print(_rules_text(args.preset))
        return 0
    try:
        rules = RuleSet.preset(args.preset).with_text(args.rule)
        names = [b.strip() for b in args.bots.split(",")]
        if len(names) == 1:
            names = names * args.players
        if len(names) != args.players:
            raise UnoError(f"--bots names {len(names)} bots for {args.players} players")
        bots = [make_bot(name) for name in names]
        if args.rounds < 0:
            raise UnoError("--rounds must be 0 (play to the target) or more")
        if args.max_turns < 1:
            raise UnoError("--max-turns must be at least 1")
        record, game = play_game(rules, bots, args.seed, max_rounds=args.rounds or None,
                                 max_turns=args.max_turns, record=True)
    except (UnoError, ValueError) as exc:
        parser.error(str(exc))
    out = sys.stdout
    if not args.quiet:
        print(f"uno_nb: {rules.name} rules, {game.n} players ({', '.join(names)}), "
              f"seed {args.seed}", file=out)
        for event in game.events:
            print(f"  {event.text}", file=out)
    if record.abandoned:
        print(f"Result: abandoned after {record.turns} turns (--max-turns)", file=out)
    else:
        assert record.winner is not None
        print(f"Result: {game.names[record.winner]} ({names[record.winner]}) wins after "
              f"{record.rounds} round{'s' * (record.rounds > 1)} and {record.turns} turns; "
              f"scores {', '.join(map(str, record.scores))}", file=out)
    if args.save:
        try:
            game.save(args.save)
        except OSError as exc:
            parser.error(f"cannot save to {args.save!r}: {exc.strerror}")
        print(f"Saved to {args.save}", file=out)
    return 0
