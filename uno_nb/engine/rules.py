"""The rule set: every rule option as a named, documented field of one frozen object.

Each option carries its rule id (docs/rules.md), a one-line description and the
seed text it comes from as metadata, so a notebook can build its toggle panel
from :meth:`RuleSet.options` alone.  That description (``doc``) is the
developer's: exact, naming fields and rule ids, printed by ``python -m uno_nb
rules``.  What a learner reads — a short label, one sentence of help, the words
of each choice — lives in the text table (:mod:`uno_nb.texts.rules`) and is
reached through :meth:`OptionInfo.label`, :meth:`OptionInfo.help` and
:meth:`OptionInfo.choice`, in any language the table has.

>>> rules = RuleSet.preset("cnuno")
>>> rules.deflect_2, rules.start_card
(True, 'number')
>>> rules.replace(jump_in=False).jump_in
False
>>> RuleSet.from_dict({"jump_inn": True})
Traceback (most recent call last):
...
uno_nb.engine.errors.RuleError: unknown rule option 'jump_inn' (did you mean 'jump_in'?)
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from ..texts import option_choice, option_label, text
from .errors import RuleError
from .fields import Field, empty, per_seat, value

__all__ = ["RuleSet", "OptionInfo", "PRESETS", "preset_names", "COUNTED_RULES", "GROUPS",
           "GROUP_NAMES", "CORE_COUNTED", "RULE_STATE", "RULE_PHASES"]


#: The engine's shortcuts a switched-on rule can turn off (see :meth:`RuleSet.shortcuts_off`):
#: "answers": a pending draw card may be answered, or a card jumped in on, by
#: other moves than taking it; "slow": number cards have an effect of their own,
#: or the order of play changes, so plays leave the engine's fast path;
#: "talk": the table-talk rules check every move.
SHORTCUTS = ("answers", "slow", "talk")


#: The groups the options are shown in, in order (titles ``rules.group.<key>``
#: in the text table); each option names its own.
GROUP_NAMES = ("turn", "draw", "effects", "scoring", "table")

#: The rule ids the engine counts whatever the options (the rules every game
#: plays by); each option adds the ids it counts (``counts=``), and
#: :data:`COUNTED_RULES` is these followed by theirs.
CORE_COUNTED = ("R-CHALLENGE", "R-CHALLENGE-INNOCENT", "R-DRAW", "R-DRAW2", "R-OUT",
                "R-RESHUFFLE", "R-REVERSE", "R-SKIP", "R-UNO", "R-W4", "R-WILD", "T-UNO-CATCH")


def _opt(default: Any, rule: str, doc: str, source: str, *, group: str,
         ids: Mapping[Any, str] | None = None, choices: tuple[Any, ...] | None = None,
         off: tuple[str, ...] = (), counts: tuple[str, ...] = (),
         state: Mapping[str, Field] | None = None,
         phases: tuple[str, ...] = ()) -> Any:
    """A RuleSet field with everything the rest of the kit derives from it:

    * ``rule``, ``doc``, ``source``: its rule id, the developer's description
      and the rule text it comes from; ``ids`` maps a value to the rule id that
      value puts in force (e.g. ``{False: 'R-DRAW-NO-ANSWER'}``);
    * ``group``: the group of :data:`GROUP_NAMES` its switch is shown in;
    * ``counts``: the rule ids the engine counts when this rule takes effect
      (:data:`COUNTED_RULES`, the kernel's ``fired`` row);
    * ``state``: the fields of the position only this rule uses, as in
      ``uno_nb.engine.state.POSITION`` (name -> :class:`~uno_nb.engine.fields.Field`:
      its start value for ``n`` players, whether each deal resets it);
    * ``phases``: the names of the ``Phase`` members only this rule uses;
    * ``off``: the engine's :data:`SHORTCUTS` the rule, switched on, turns off.
    """
    if choices is None:
        choices = (False, True) if isinstance(default, bool) else None
    if ids is None:
        ids = {True: rule} if isinstance(default, bool) else {}
    assert set(off) <= set(SHORTCUTS) and (not off or isinstance(default, bool)), off
    assert group in GROUP_NAMES, group
    return field(default=default, metadata={
        "rule": rule, "doc": doc, "source": source, "ids": dict(ids),
        "choices": choices, "off": off, "group": group, "counts": counts,
        "state": dict(state or {}), "phases": phases})


@dataclass(frozen=True)
class OptionInfo:
    """What a notebook needs to show one toggle.

    ``doc`` is the developer's description; :meth:`label`, :meth:`help` and
    :meth:`choice` give a learner's words from the text table.

    >>> info = {i.name: i for i in RuleSet.options()}["start_card"]
    >>> info.label(), info.choice("number"), info.switch_id
    ('Start card', 'turn cards until a number shows', 'R-START-EFFECT')
    """

    name: str
    rule: str
    doc: str
    source: str
    default: Any
    choices: tuple[Any, ...] | None
    ids: Mapping[Any, str]
    kind: type
    group: str = ""

    def label(self, lang: str = "en") -> str:
        """A short name for the switch: ``'Stack draw cards'``."""
        return option_label(self.name, lang)

    def help(self, lang: str = "en") -> str:
        """One sentence saying what the option does, for a learner."""
        return text(f"option.{self.name}.help", lang)

    def choice(self, value: Any, lang: str = "en") -> str:
        """The words for one value of the option: a choice's words
        (``'turn cards until a number shows'``), ``on``/``off`` for a switch,
        the number itself for a free number."""
        return option_choice(self.name, value, lang)

    @property
    def switch_id(self) -> str:
        """The rule id a switch is known by: the rule it puts in force when on
        (``V-STACK``); for a choice, the rule of its default."""
        if self.kind is bool:
            return self.ids.get(True, self.rule)
        return self.ids.get(self.default, self.rule)

    def id_for(self, value: Any) -> str:
        """The rule id in force with ``value`` (the option's own id if that
        value has none of its own)."""
        if self.kind is bool:
            return self.switch_id
        return self.ids.get(value, self.rule)


@dataclass(frozen=True)
class RuleSet:
    """One complete, immutable choice of rules.  The defaults are the
    ``standard`` preset.  Make variants with :meth:`replace` or
    :meth:`preset`; every construction is validated."""

    # -- turn -------------------------------------------------------------------
    start_card: str = _opt(
        "effect", "R-START-EFFECT",
        "Start card: 'effect' applies an action start card; 'number' turns cards "
        "until a number card shows (V-START-NUMBER).", "003 / 000",
        ids={"effect": "R-START-EFFECT", "number": "V-START-NUMBER"},
        choices=("effect", "number"),
        group="turn", counts=("R-START-EFFECT", "V-START-NUMBER"))
    draw_anytime: bool = _opt(
        True, "R-DRAW-ANYTIME",
        "A player may draw instead of playing even when holding a playable card.",
        "003", ids={True: "R-DRAW-ANYTIME", False: "V-FORCE-PLAY"},
        group="turn")
    play_drawn: bool = _opt(
        False, "V-PLAY-DRAWN-MUST", "A playable drawn card must be played at once.", "000",
        group="turn", counts=("V-PLAY-DRAWN-MUST",))
    draw_until_playable: bool = _opt(
        False, "V-DRAW-UNTIL-PLAYABLE",
        "A player who draws keeps drawing until a playable card comes, then plays it.",
        "std house rule",
        group="turn", counts=("V-DRAW-UNTIL-PLAYABLE",))
    w4_bluff: bool = _opt(
        True, "R-W4-BLUFF",
        "A Wild Draw Four may be played while holding the current colour (a bluff "
        "only a challenge exposes); off: such a play is refused.", "002, std",
        group="turn", counts=("R-W4-BLUFF",))
    w4_anytime: bool = _opt(
        False, "V-W4-ANYTIME",
        "A Wild Draw Four may be played whatever one holds: no bluff exists and a "
        "challenge always fails.", "house",
        group="turn", counts=("V-W4-ANYTIME",))
    misplay_penalty: bool = _opt(
        False, "V-MISPLAY-PENALTY",
        "A wrong card, a false UNO! call or a false catch costs 2 cards (the card goes "
        "back) instead of being refused.", "000",
        group="turn", counts=("V-MISPLAY-PENALTY",))
    uno_penalty: int = _opt(
        2, "R-UNO", "Cards drawn by a player caught not calling UNO! (2, or 4 "
        "under V-UNO-PENALTY-4).", "002, 003 / 000",
        ids={2: "R-UNO", 4: "V-UNO-PENALTY-4"}, choices=(2, 4),
        group="turn", counts=("V-UNO-PENALTY-4",))
    two_player_skip: bool = _opt(
        True, "V-TWO-PLAYER-SKIP",
        "With two players a Skip, and a Reverse, give the player another turn; off: a "
        "two-player Reverse only turns the direction.", "000",
        group="turn", counts=("V-TWO-PLAYER-SKIP",))
    challenge: str = _opt(
        "std", "R-CHALLENGE-GUILTY-STD",
        "A guilty +4 player draws 4: 'std' leaves the card and its colour; "
        "'return' takes the card back and restores the previous top card.",
        "std / 002",
        ids={"std": "R-CHALLENGE-GUILTY-STD", "return": "R-CHALLENGE-GUILTY"},
        choices=("std", "return"),
        group="turn", counts=("R-CHALLENGE-GUILTY", "R-CHALLENGE-GUILTY-STD"))
    # -- draw cards -------------------------------------------------------------
    deflect_2: bool = _opt(
        False, "V-DEFLECT-2",
        "The victim of a Draw Two may pass it on with a Draw Two of any colour; "
        "whoever ends the chain draws just 2.", "002",
        ids={True: "V-DEFLECT-2", False: "R-DRAW-NO-ANSWER"}, off=("answers",),
        group="draw", counts=("V-DEFLECT-2",))
    w4_save_2: bool = _opt(
        False, "V-W4-SAVE-2",
        "The victim of a Wild Draw Four may answer with a Draw Two of the chosen "
        "colour, which then acts as an ordinary Draw Two.", "002", off=("answers",),
        group="draw", counts=("V-W4-SAVE-2",))
    stack: bool = _opt(
        False, "V-STACK",
        "Stacking: the victim of a draw card may add one of the same kind; the total "
        "grows and whoever cannot add draws it all.", "000", off=("answers",),
        group="draw", counts=("V-STACK",))
    stack_mixed: bool = _opt(
        False, "V-STACK-MIXED",
        "With stacking: a +4 may go on a +2, and a +2 of the chosen colour on a +4.", "house",
        group="draw", counts=("V-STACK-MIXED",))
    reverse_bounce: bool = _opt(
        False, "V-REVERSE-BOUNCE",
        "A Reverse of the matching colour sends a pending Draw Two, Wild Draw Four, Skip "
        "or stack back to the player who played it.", "000", off=("answers", "slow"),
        group="draw", counts=("V-REVERSE-BOUNCE",), state={"_skip_bounce": value(-1, reset=True)})
    plus10: bool = _opt(
        False, "V-PLUS10",
        "The four blank cards join the deck as W+10: the next player draws 10.", "000",
        group="draw", counts=("V-PLUS10",))
    jump_in: bool = _opt(
        False, "V-JUMP-IN",
        "Anyone holding a card identical to the top discard may play it out of "
        "turn; an identical Skip is the answer to a Skip (R-SKIP-ANSWER).", "000, 002",
        ids={True: "V-JUMP-IN"}, off=("answers",),
        group="draw", counts=("V-JUMP-IN", "R-SKIP-ANSWER"))
    # -- card effects -----------------------------------------------------------
    doubles: bool = _opt(
        False, "V-DOUBLES",
        "Two identical cards are played one after the other: a player may jump in on "
        "their own card.", "000", off=("answers",),
        group="effects", counts=("V-DOUBLES",))
    seven_zero: bool = _opt(
        False, "V-SEVEN-ZERO",
        "A 0 passes every hand on in the direction of play; a 7 swaps hands with a player "
        "of one's choice.", "000 / std", off=("slow",),
        group="effects", counts=("V-SEVEN-ZERO",), phases=("SWAP",))
    swap_five: bool = _opt(
        False, "V-SWAP-FIVE",
        "Playing a 5 one may exchange one card with any player; each side chooses the "
        "card it gives.", "000", off=("slow",),
        group="effects", counts=("V-SWAP-FIVE",),
        state={"_exchange": value(None, reset=True)},     # (first, partner, card given)
        phases=("EXCHANGE", "GIVE"))
    colour_wheel: bool = _opt(
        False, "V-COLOUR-WHEEL",
        "Black cards choose no colour: the colour moves on along the wheel red, blue, "
        "green, yellow in the direction of play.", "000",
        group="effects", counts=("V-COLOUR-WHEEL",))
    # -- scoring and game end ---------------------------------------------------
    scoring: str = _opt(
        "winner", "R-SCORE-WINNER",
        "'winner': the winner scores the others' hands; 'penalty': everyone adds their "
        "own hand, lowest wins; 'lazy': no tally, the winner starts and the loser deals.",
        "000, 002 / std / 000",
        ids={"winner": "R-SCORE-WINNER", "penalty": "V-SCORE-PENALTY", "lazy": "V-LAZY"},
        choices=("winner", "penalty", "lazy"),
        group="scoring", counts=("V-SCORE-PENALTY", "V-LAZY"))
    target_score: int = _opt(
        500, "R-SCORE-WINNER",
        "Points that end the game (under 'winner' scoring the first to reach them "
        "wins; under 'penalty' scoring the lowest total wins).", "000, 002",
        group="scoring")
    drop_zero: bool = _opt(
        False, "V-DROP-ZERO", "A hand of a single 0 counts 50 instead of 0.", "000",
        group="scoring", counts=("V-DROP-ZERO",))
    to_the_last: bool = _opt(
        False, "V-TO-THE-LAST",
        "The round goes on until one player still has cards: first out wins, the last "
        "one loses.", "000", off=("slow",),
        group="scoring", counts=("V-TO-THE-LAST",),
        state={"_is_out": per_seat(False, reset=True),  # who is out of this round
               "_finish": empty(reset=True),           # the order players went out
               "_out_count": value(0, reset=True)})        # how many are out
    seven_rounds: bool = _opt(
        False, "V-SEVEN-ROUNDS",
        "UNO in 7 rounds: emptying one's hand draws 6, then 5, …; emptying it after "
        "drawing 1 wins the game.", "000", off=("slow",),
        group="scoring", counts=("V-SEVEN-ROUNDS",), state={"_refills": per_seat(0)})
    h2o: bool = _opt(
        False, "V-H2O",
        "The H2O deck adds +1 cards and Wild +2 cards; under penalty scoring going out on "
        "them takes 20 or 40 off one's total.", "000",
        group="scoring", counts=("V-H2O",), state={"_last_played": per_seat(None, reset=True)})
    # -- table talk -------------------------------------------------------------
    uno_center: bool = _opt(
        False, "T-UNO-CENTER",
        "After an UNO! call all others slap a hand on the caller's; the slowest draws 2.",
        "000", off=("slow", "talk"),
        group="table", counts=("T-UNO-CENTER",), state={"_slap": value(-1, reset=True)})
    silent_twos: bool = _opt(
        False, "T-SILENT-TWOS",
        "After a 2, silence until the turn comes back to its player; whoever speaks draws 2.",
        "000", off=("slow", "talk"),
        group="table", counts=("T-SILENT-TWOS",), state={"_silence": value(None, reset=True)})
    silent_black: bool = _opt(
        False, "T-SILENT-TWOS",
        "Extension of the silent twos: after a black card, silence until the colour "
        "changes.", "000", ids={True: "T-SILENT-TWOS"}, off=("slow",),
        group="table")
    advice: bool = _opt(
        False, "T-ADVICE", "A player who advises another on their move draws 2.", "000",
        off=("slow", "talk"),
        group="table", counts=("T-ADVICE",))
    ready: bool = _opt(
        False, "T-READY", "After drawing 4, play waits until that player says \"Ready\".",
        "002",
        group="table", counts=("T-READY",), state={"_resume": value(-1)}, phases=("READY",))

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            kind = type(f.default)
            if type(value) is not kind:
                raise RuleError(
                    f"rule option {f.name!r} must be {kind.__name__}, "
                    f"got {value!r}")
            choices = f.metadata["choices"]
            if choices is not None and value not in choices:
                raise RuleError(
                    f"rule option {f.name!r} cannot be {value!r}: choose one of "
                    + ", ".join(repr(c) for c in choices))
        if not 1 <= self.target_score <= 100_000:
            raise RuleError(
                f"rule option 'target_score' must be between 1 and 100000, "
                f"got {self.target_score}")
        # The refusals carry the two option names, so an app can say them in
        # a learner's words (uno_nb.texts: rules.refused.*, rules.why.<a>.<b>).
        for a, b, why in _EXCLUSIONS:
            if getattr(self, a) and getattr(self, b):
                raise RuleError(f"{_label(a)} and {_label(b)} exclude each other: {why}",
                                options=(a, b), conflict="excludes")
        for a, b, why in _REQUIRES:
            if getattr(self, a) and not getattr(self, b):
                raise RuleError(f"{_label(a)} needs {_label(b)}: {why}",
                                options=(a, b), conflict="requires")
        if self.h2o and self.scoring != "penalty":
            raise RuleError("V-H2O (h2o) needs V-SCORE-PENALTY (scoring='penalty'): "
                            "its bonuses are taken off penalty totals",
                            options=("h2o", "scoring"), conflict="requires", value="penalty")

    # -- construction -------------------------------------------------------

    @classmethod
    def coerce(cls, rules: "RuleSet | str | None") -> "RuleSet":
        """The rule set meant by ``rules``: a :class:`RuleSet` as it is, a
        preset's name, or ``None`` for the standard rules; anything else
        raises :class:`RuleError` (the one place an argument becomes rules).

        >>> RuleSet.coerce("party").stack, RuleSet.coerce(None) == RuleSet()
        (True, True)
        """
        if rules is None:
            return cls()
        if isinstance(rules, str):
            return cls.preset(rules)
        if not isinstance(rules, RuleSet):
            raise RuleError(f"rules must be a RuleSet or a preset name, got {rules!r}")
        return rules

    @classmethod
    def preset(cls, name: str) -> "RuleSet":
        """A named preset (docs/rules.md §11): ``standard``, ``cnuno`` or ``party``."""
        try:
            return PRESETS[name.strip().lower()]
        except (KeyError, AttributeError):
            raise RuleError(
                f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}") from None

    @classmethod
    def from_dict(cls, options: Mapping[str, Any], base: "RuleSet | None" = None) -> "RuleSet":
        """Options by name over ``base`` (default: ``standard``); a ``"preset"``
        key picks the base by name.  Unknown names raise :class:`RuleError`."""
        if not isinstance(options, Mapping):
            raise RuleError(f"rule options must be a mapping of names to values, got {options!r}")
        if base is not None and not isinstance(base, RuleSet):
            raise RuleError(f"base must be a RuleSet, got {base!r}")
        options = dict(options)
        if "preset" in options:
            base = cls.preset(options.pop("preset"))
        return (base or cls()).replace(**options)

    def replace(self, **changes: Any) -> "RuleSet":
        """A copy with some options changed (validated)."""
        names = self.option_names()
        for key in changes:
            if key not in names:
                close = difflib.get_close_matches(str(key), names, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise RuleError(f"unknown rule option {key!r}{hint}")
        return dataclasses.replace(self, **changes)

    def with_text(self, assignments: list[str] | tuple[str, ...]) -> "RuleSet":
        """Apply ``name=value`` strings as typed on a command line
        (``jump_in=on``, ``uno_penalty=4``, ``start_card=number``)."""
        changes: dict[str, Any] = {}
        infos = {info.name: info for info in self.options()}
        for item in assignments:
            name, sep, raw = str(item).partition("=")
            name, raw = name.strip().replace("-", "_"), raw.strip()
            if not sep or not name:
                raise RuleError(f"bad rule setting {item!r}: write name=value, e.g. jump_in=on")
            if name not in infos:
                close = difflib.get_close_matches(name, list(infos), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise RuleError(f"unknown rule option {name!r}{hint}")
            changes[name] = _convert(infos[name], raw)
        return self.replace(**changes)

    # -- introspection -------------------------------------------------------

    @classmethod
    def option_names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def options(cls) -> list[OptionInfo]:
        """Every option with its rule id, description, seed source and choices."""
        return [OptionInfo(f.name, f.metadata["rule"], f.metadata["doc"],
                           f.metadata["source"], f.default, f.metadata["choices"],
                           f.metadata["ids"], type(f.default), f.metadata["group"])
                for f in dataclasses.fields(cls)]

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def shortcuts_off(self) -> frozenset[str]:
        """The engine's :data:`SHORTCUTS` the switched-on rules turn off, as
        each option declares (``_opt(..., off=...)``): a rule says here that
        the engine's fast paths must not skip it.

        >>> sorted(RuleSet().shortcuts_off()), sorted(RuleSet(advice=True).shortcuts_off())
        ([], ['slow', 'talk'])
        """
        return self._shortcuts_off

    @cached_property
    def _shortcuts_off(self) -> frozenset[str]:
        return frozenset(tag for f in dataclasses.fields(self) if getattr(self, f.name) is True
                         for tag in f.metadata["off"])

    # -- what the options imply: read by the engine and the kernel alike ------
    # (worked out once per rule set: a rule set is immutable, and every new game reads them)

    @cached_property
    def bluff_ok(self) -> bool:
        """A Wild Draw Four may be played while holding the colour in force
        (R-W4-BLUFF, or V-W4-ANYTIME)."""
        return self.w4_bluff or self.w4_anytime

    @cached_property
    def must_play_drawn(self) -> bool:
        """A playable drawn card must be played (V-PLAY-DRAWN-MUST, or
        V-DRAW-UNTIL-PLAYABLE, which draws until one is)."""
        return self.play_drawn or self.draw_until_playable

    @cached_property
    def answers_open(self) -> bool:
        """Shortcut "answers" is off: a pending draw may be answered, or a card
        jumped in on, by other moves than taking it."""
        return "answers" in self.shortcuts_off()

    @cached_property
    def slow(self) -> bool:
        """Shortcut "slow" is off: number cards have effects of their own, or
        the order of play changes, so plays leave the engine's fast path."""
        return "slow" in self.shortcuts_off()

    @cached_property
    def talk(self) -> bool:
        """Shortcut "talk" is off: the table-talk rules check every move."""
        return "talk" in self.shortcuts_off()

    @cached_property
    def deck_key(self) -> tuple[bool, bool]:
        """Which extra cards the deck holds: (V-PLUS10's W+10, V-H2O's cards)."""
        return (self.plus10, self.h2o)

    def active_ids(self) -> set[str]:
        """The optional rule ids this rule set puts in force."""
        active = set()
        for info in self.options():
            rule_id = info.ids.get(getattr(self, info.name))
            if rule_id:
                active.add(rule_id)
        return active

    def describe(self) -> str:
        """One line per option: ``name = value  [RULE-ID]``."""
        lines = []
        for info in self.options():
            value = getattr(self, info.name)
            tag = info.ids.get(value, info.rule)
            lines.append(f"{info.name} = {value!r}  [{tag}]")
        return "\n".join(lines)

    @property
    def name(self) -> str:
        """The preset's name if this is one, else ``'custom'``."""
        for key, value in PRESETS.items():
            if value == self:
                return key
        return "custom"


# Options that cannot be on together, and options that need another: (a, b, why).
_EXCLUSIONS = [
    ("stack", "deflect_2", "a stack adds up the draw cards, a deflection passes on just 2"),
    ("seven_rounds", "to_the_last", "both change what happens when a hand is empty"),
]
_REQUIRES = [
    ("stack_mixed", "stack", "mixing +2 and +4 is a way of stacking"),
    ("silent_black", "silent_twos", "it extends the silent twos"),
]


def _label(name: str) -> str:
    meta = {f.name: f.metadata for f in dataclasses.fields(RuleSet)}[name]
    rule = meta["ids"].get(True, meta["rule"])
    return f"{rule} ({name})"


def _convert(info: OptionInfo, raw: str) -> Any:
    low = raw.lower()
    if info.kind is bool:
        if low in ("on", "true", "yes", "1"):
            return True
        if low in ("off", "false", "no", "0"):
            return False
        raise RuleError(f"rule option {info.name!r} is on or off, got {raw!r}")
    if info.kind is int:
        try:
            return int(raw)
        except ValueError:
            raise RuleError(f"rule option {info.name!r} needs a whole number, got {raw!r}") from None
    return low


def _declared(key: str) -> list[tuple[str, Any]]:
    """What each option declares under ``key`` (see :func:`_opt`), in the options' order."""
    return [(f.name, f.metadata[key]) for f in dataclasses.fields(RuleSet)]


#: Every rule id the engine counts when it takes effect, in a fixed order:
#: :data:`CORE_COUNTED`, then each option's ``counts=`` in the options' order.
COUNTED_RULES: tuple[str, ...] = CORE_COUNTED + tuple(
    rule for _, ids in _declared("counts") for rule in ids)
#: The options by group (:data:`GROUP_NAMES`), in their order on screen.
GROUPS: dict[str, tuple[str, ...]] = {
    group: tuple(name for name, g in _declared("group") if g == group) for group in GROUP_NAMES}
#: The fields of the position that belong to one rule (``state=``), in the options' order.
RULE_STATE: dict[str, Field] = {
    key: value for _, state in _declared("state") for key, value in state.items()}
#: The names of the phases that belong to one rule (``phases=``).
RULE_PHASES: tuple[str, ...] = tuple(phase for _, phases in _declared("phases") for phase in phases)
assert len(set(COUNTED_RULES)) == len(COUNTED_RULES), "a rule id is counted by two declarations"
assert len(set(RULE_PHASES)) == len(RULE_PHASES), "a phase is claimed by two options"
assert sum(len(s) for _, s in _declared("state")) == len(RULE_STATE), "a field is claimed twice"


PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "cnuno": RuleSet(start_card="number", deflect_2=True, w4_save_2=True,
                     jump_in=True, challenge="return"),
    "party": RuleSet(stack=True, stack_mixed=True, jump_in=True, seven_zero=True,
                     reverse_bounce=True),
}


def preset_names() -> list[str]:
    return list(PRESETS)
