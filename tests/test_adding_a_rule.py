"""The walk of docs/engine.md's "Adding a rule": whatever a new rule declares
(an option, a phase, an event kind) has everything a learner reads, in both
languages, with no list to keep by hand — a new phase without its words, an
event kind without its sentence or an option without its group fails here."""

from __future__ import annotations

import dataclasses
import itertools
import typing

import pytest

from uno_nb.engine import events as ev
from uno_nb.engine.cards import Colour, parse_card
from uno_nb.engine.rules import COUNTED_RULES, GROUP_NAMES, GROUPS, RULE_PHASES, RuleSet
from uno_nb.engine.state import Phase
from uno_nb.texts import LANGS, TABLE, sentence

#: The values an event's field is tried with, by its declared type: enough to
#: reach every branch of every ``text_key`` (a rule id that changes the
#: sentence, a reason, a colour named or not, a count short of what was wanted).
_TRIED: dict[str, tuple[typing.Any, ...]] = {
    "int": (-1, 0, 1, 4),
    "bool": (False, True),
    "Card": (parse_card("R5"),),
    "Colour": (Colour.RED,),
    "Colour | None": (None, Colour.BLUE),
    "tuple[Card, ...]": ((), (parse_card("G2"),), (parse_card("G2"), parse_card("W"))),
    "tuple[int, ...]": ((10, 20, 30),),
    "tuple[tuple[Card, ...], ...]": (((parse_card("R1"),), (parse_card("B2"),)),),
    "tuple[tuple[int, Card], ...]": (((0, parse_card("R9")), (1, parse_card("B3"))),),
}
#: Fields whose words are chosen among named values.
_NAMED: dict[str, tuple[typing.Any, ...]] = {
    "Drew.reason": ev.DRAW_REASONS,
    "GameWon.reason": ("target", "rounds", "seven-rounds"),
    "player": (0, 1), "dealer": (0, 1), "accused": (0, 1), "challenger": (1,), "catcher": (1,),
    "first": (0, 1), "target": (0, 1), "loser": (-1, 1), "next": (-1, 1),
    # every rule id there is: a sentence may depend on any of them
    "rule": ("",) + tuple(sorted(set(COUNTED_RULES) | {rule for info in RuleSet.options()
                                                        for rule in info.ids.values()})),
}


def _possible(event: ev.Event) -> bool:
    """Whether the engine can make ``event`` (a turn's draw asks for one card)."""
    return not (isinstance(event, ev.Drew) and event.reason == "turn" and event.wanted > 1)


def _samples(kind: type[ev.Event]) -> list[ev.Event]:
    """Events of ``kind`` with every combination of tried values."""
    hints = {f.name: f.type for f in dataclasses.fields(kind)}
    choices: list[tuple[str, tuple[typing.Any, ...]]] = []
    for name, hint in hints.items():
        if name == "note":
            continue
        named = _NAMED.get(f"{kind.__name__}.{name}", _NAMED.get(name))
        if named is not None:
            choices.append((name, named))
        else:
            assert hint in _TRIED, f"{kind.__name__}.{name}: say which values of {hint} to try"
            choices.append((name, _TRIED[hint]))
    made = []
    for values in itertools.product(*(tried for _, tried in choices)):
        fields = dict(zip((name for name, _ in choices), values))
        rule = fields.pop("rule")
        try:
            event = kind(**fields, rule=rule)
        except (TypeError, ValueError):
            continue
        if _possible(event):
            made.append(event)
    return made


@pytest.mark.parametrize("kind", [k for k in ev.KINDS if k is not ev.Note],
                         ids=lambda k: k.__name__)
def test_every_event_kind_has_its_sentence_in_both_languages(kind):
    seen = set()
    samples = _samples(kind)
    assert samples, kind
    for event in samples:
        for viewer in (None, 0, 3):
            key = event.text_key(viewer)
            seen.add(key)
            for lang in LANGS:
                assert key in TABLE[lang], (kind.__name__, key, lang)
                assert sentence(event, lang, viewer=viewer).strip()
    assert seen


@pytest.mark.parametrize("phase", list(Phase), ids=lambda p: p.name)
def test_every_phase_has_its_words_in_both_languages(phase):
    """The table's line for a phase is found by the phase's name
    (``app.table_phase_<name>``): a new phase needs its words, no list."""
    keys = [f"app.table_phase_{phase.name.lower()}"]
    if phase.name in RULE_PHASES or phase is Phase.COLOUR:  # the play page's line for a choice
        keys.append(f"play.status.phase_{phase.name.lower()}")
    for lang in LANGS:
        for key in keys:
            assert key in TABLE[lang], (phase, key, lang)


def test_the_play_page_says_each_rules_phase_by_its_name():
    """The status line of a rule's phase is its own, not the turn's."""
    from uno_nb import Game
    from uno_nb.engine.moves import MoveKind
    from uno_nb.texts import text
    from uno_nb.widgets.play_view import status_text
    game = Game.from_position(RuleSet(seven_zero=True), hands=["R7 B1", "G1 G2", "Y1"],
                              discard="R5")
    game.push("R7")
    assert game.phase is Phase.SWAP
    said, look = status_text(game, 0, "en", {MoveKind.SWAP}, decides=True)
    assert (said, look) == (text("play.status.phase_swap"), "you")


@pytest.mark.parametrize("info", RuleSet.options(), ids=lambda i: i.name)
def test_every_option_has_its_group_words_and_rule_names_in_both_languages(info):
    assert info.group in GROUP_NAMES and info.name in GROUPS[info.group]
    for lang in LANGS:
        table = TABLE[lang]
        assert f"rules.group.{info.group}" in table
        assert f"option.{info.name}" in table and f"option.{info.name}.help" in table, lang
        if info.kind is str:
            for choice in info.choices or ():
                assert f"option.{info.name}.{choice}" in table, (choice, lang)
        for rule in {info.rule, *info.ids.values()}:
            assert f"rule.{rule}" in table, (rule, lang)
