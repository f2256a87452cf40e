"""Write :mod:`uno_nb.kernel.constants` from the engine's declarations.

``python -m uno_nb.kernel.generate`` (re)writes ``uno_nb/kernel/constants.py``;
``--check`` only says whether the committed file is what it would write (exit
status 1 if not).  The kernel reads these numbers as module globals (plain
ints, which numba freezes into the machine code): every option's place in a
rules row (``O_<OPTION NAME>``), each counted rule id's place in the ``fired``
row (``F_<ID>``, ``-`` read as ``_``: ``R-CHALLENGE-GUILTY`` is
``F_R_CHALLENGE_GUILTY``), the phases (``P_<NAME>``), the move kinds (under
their own names), the rank codes (``RK_<RANK>``, ``+`` read as ``P`` in front
and dropped elsewhere: ``+2`` is ``RK_P2``, ``W+4`` ``RK_W4``; ``RANKS``, the
tuple of every rank at its code, is the one non-int), the values of
the choice options (``SCORE_LAZY``, ``START_NUMBER``, ``CHALLENGE_RETURN``: a
choice is its place among the option's choices) and the derived flags' slots
after the options (``D_*``, each a :class:`~uno_nb.engine.rules.RuleSet`
property).  Plain Python: numba compiles none of this module.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Sequence

from ..engine.cards import ACTION_RANKS, BLACK_RANKS, H2O_BLACK_RANKS, H2O_RANKS, NUMBER_RANKS
from ..engine.moves import MoveKind
from ..engine.rules import RuleSet
from ..engine.state import COUNTED_RULES, Phase

__all__ = ["TARGET", "COMMAND", "DERIVED", "RANKS", "render", "main"]

TARGET = Path(__file__).with_name("constants.py")
COMMAND = "python -m uno_nb.kernel.generate"

#: Every rank in the kernel's order: its code is its place here.
RANKS: tuple[str, ...] = NUMBER_RANKS + ACTION_RANKS + BLACK_RANKS + H2O_RANKS + H2O_BLACK_RANKS

#: The derived flags of a rules row, after the options: the kernel's slot name
#: and the :class:`RuleSet` property it holds (``layout.rules_array`` fills them).
DERIVED: tuple[tuple[str, str], ...] = (("BLUFF_OK", "bluff_ok"), ("ANSWERS", "answers_open"),
                                         ("SLOW", "slow"), ("TALK", "talk"),
                                         ("MUST_PLAY", "must_play_drawn"), ("DECK", "deck_key"))

#: The prefix of a choice option's values where it is not the option's name.
_CHOICE_PREFIX = {"scoring": "SCORE", "start_card": "START"}


def _rank_name(rank: str) -> str:
    return "P" + rank[1:] if rank.startswith("+") else rank.replace("+", "")


def _ident(text: str) -> str:
    return text.upper().replace("-", "_")


def _lines() -> list[str]:
    out: list[str] = []

    def block(title: str, pairs: Sequence[tuple[str, int]]) -> None:
        out.extend(["", f"# {title}"])
        out.extend(f"{name} = {value}" for name, value in pairs)

    block("phases: engine.state.Phase (P_: COLOUR, SWAP, GIVE and READY name moves too)",
          [(f"P_{p.name}", p.value) for p in Phase])
    block("move kinds: engine.moves.MoveKind", [(k.name, int(k)) for k in MoveKind])
    block("rank codes: a rank's place among engine.cards' ranks (numbers, action, black, H2O)",
          [(f"RK_{_rank_name(r)}", i) for i, r in enumerate(RANKS) if r not in NUMBER_RANKS])
    out.append(f"RANKS = {RANKS!r}  # every rank, at its code (layout's card tables read it)")
    block("counted rule ids: a rule's place in a game's fired row (engine.state.COUNTED_RULES)",
          [(f"F_{_ident(rule)}", i) for i, rule in enumerate(COUNTED_RULES)])
    names = RuleSet.option_names()
    block("rule options: an option's place in a rules row (RuleSet.option_names())",
          [(f"O_{_ident(name)}", i) for i, name in enumerate(names)])
    choices = [(f"{_CHOICE_PREFIX.get(info.name, _ident(info.name))}_{_ident(str(value))}", i)
               for info in RuleSet.options() if info.choices
               and all(isinstance(c, str) for c in info.choices)
               for i, value in enumerate(info.choices)]
    block("choices: a value's place among its option's choices (RuleSet.options())", choices)
    block("derived flags (RuleSet properties), after the options in a rules row",
          [(f"D_{slot}", len(names) + i) for i, (slot, _) in enumerate(DERIVED)])
    out.extend([f"NRULES = {len(names) + len(DERIVED)}", f"NFIRED = {len(COUNTED_RULES)}"])
    return out


def render() -> str:
    """The text of ``constants.py`` for the engine as it is."""
    head = ['"""The kernel\'s numbers for the engine\'s names.  GENERATED: do not edit.',
            "",
            f"Written by ``{COMMAND}`` (:mod:`uno_nb.kernel.generate`) from the",
            "engine's phases, move kinds, ranks, counted rule ids and rule options;",
            "run it again after changing any of them (tests/test_kernel_mirror.py",
            'fails until the file is the one it writes)."""']
    return "\n".join(head + _lines()) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    text = render()
    if args == ["--check"]:
        same = TARGET.exists() and TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET.name} is {'up to date' if same else f'stale: run {COMMAND}'}")
        return 0 if same else 1
    if args:
        print(f"usage: {COMMAND} [--check]", file=sys.stderr)
        return 2
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
