"""The command line: ``python -m uno_nb play …`` and ``python -m uno_nb rules``."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, Sequence

from .engine import saves
from .engine.errors import RuleError, UnoError
from .engine.rules import PRESETS, RuleSet
from .sim.bots import BOT_NAMES, make_bot
from .sim.simulation import DEFAULT_MAX_TURNS, play_game
from .texts import LANGS, player_name, refusal_text, text
from .texts.numbers import fmt_int

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr and exit code 2,
    in the language asked for once the arguments are read (``lang``)."""

    lang = "en"

    def error(self, message: str) -> NoReturn:
        self.exit(2, text("cli.error", self.lang, prog=self.prog, message=message) + "\n")


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
    play.add_argument("--lang", default="en", choices=LANGS,
                      help="the language of the printed game: en (English) or ru (Russian); "
                           "cards in moves and saved games keep their short codes (default: en)")

    rules = sub.add_parser("rules", help="list every rule option with its id and presets",
                           description="List every rule option: name, rule id, default, "
                                       "choices and what it does.")
    rules.add_argument("--preset", choices=sorted(PRESETS),
                       help="show the values of this preset")
    rules.add_argument("--lang", default="en", choices=LANGS,
                       help="the language of the descriptions: en or ru (default: en)")
    return top


def _rules_text(preset: str | None, lang: str = "en") -> str:
    """Every option: its name and rule id (the notation: the same in every
    language), its value, its choices, then what it does in ``lang``."""
    base = RuleSet.preset(preset) if preset else RuleSet()
    lines = []
    for info in RuleSet.options():
        value = getattr(base, info.name)
        if info.kind is bool:
            choices, shown = "on/off", ("on" if value else "off")
        else:
            choices, shown = "/".join(map(str, info.choices or ())) or text("cli.rules.number", lang), value
        lines.append(f"{info.name:<14} {info.rule:<24} {str(shown):<8} [{choices}]")
        source = text("cli.rules.source", lang, source=info.source)
        lines.append("    " + text("cli.rules.option", lang, label=info.label(lang), help=info.help(lang),
                                      source=source))
    names = ", ".join(f"{name} ({text(f'preset.{name}', lang)})" for name in PRESETS)
    lines.append(text("cli.rules.presets", lang, names=names))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build()
    args = parser.parse_args(argv)
    lang = parser.lang = args.lang  # type: ignore[attr-defined]
    if args.command == "rules" or getattr(args, "list_rules", False):
        print(_rules_text(args.preset, lang))
        return 0
    try:
        rules = RuleSet.preset(args.preset).with_text(args.rule)
        names = [b.strip() for b in args.bots.split(",")]
        if len(names) == 1:
            names = names * args.players
        if len(names) != args.players:
            raise UnoError(text("cli.bots_count", lang, count=len(names), players=args.players))
        bots = [make_bot(name) for name in names]
        if args.rounds < 0:
            raise UnoError(text("cli.rounds", lang))
        if args.max_turns < 1:
            raise UnoError(text("cli.max_turns", lang))
        record, game = play_game(rules, bots, args.seed, max_rounds=args.rounds or None,
                                 max_turns=args.max_turns, record=True)
    except RuleError as exc:
        # a refused combination in the reader's words; other rule errors name the option
        parser.error(refusal_text(exc, lang) if exc.conflict else str(exc))
    except (UnoError, ValueError) as exc:
        parser.error(str(exc))
    out = sys.stdout
    if not args.quiet:
        preset = text(f"preset.{rules.name}" if rules.name in PRESETS else "rules.custom", lang)
        print(text("cli.header", lang, rules=rules.name, preset=preset, count=game.n,
                   bots=", ".join(names), seed=args.seed), file=out)
        for event in game.events:
            print(f"  {game.event_text(event, lang)}", file=out)
    if record.abandoned:
        print(text("cli.result.abandoned", lang, turns=record.turns), file=out)
    else:
        assert record.winner is not None
        print(text("cli.result.won", lang, winner=player_name(record.winner, lang, game.given_names),
                   bot=names[record.winner], rounds=record.rounds, turns=record.turns,
                   scores=", ".join(fmt_int(s, lang) for s in record.scores)), file=out)
    if args.save:
        try:
            saves.save(game, args.save)
        except OSError as exc:
            parser.error(text("cli.cannot_save", lang, path=repr(args.save), reason=exc.strerror))
        print(text("cli.saved", lang, path=args.save), file=out)
    return 0
