"""What a house rule is: :class:`HouseRule`, the hooks the game's parts call,
and :class:`House`, the active rules of one game, sorted by hook.

A house rule lives in one module of this package: the moves it adds or
allows (legality), what it does (its effect), and what it says of a move it
refuses (explaining).  The game's parts ask the game's :class:`House`,
built once when the game is made (:func:`house_of`), which holds the active
rules only, sorted by hook; they do not test these rules' options.  Three
refusals are said by functions of the rules' modules that
:mod:`uno_nb.engine.explaining` calls whether the rule is on or off (a jump-in
refused, a Draw Two on a pending draw, a black card's colour: the sentence
depends on the rule being off too).  The rules that change no move of their
own stay in the parts: the draws (V-PLAY-DRAWN-MUST, V-DRAW-UNTIL-PLAYABLE),
the Wild Draw Four's (R-W4-BLUFF, V-W4-ANYTIME), scoring and going out
(V-TO-THE-LAST, V-SEVEN-ROUNDS, V-H2O …) and table talk
(:mod:`uno_nb.engine.table_talk`).

The fast paths (a number card played on one's own turn while no rule turns
the "slow" shortcut off, a plain draw) never look at the house: a rule with
:meth:`HouseRule.number` or :meth:`HouseRule.moved` declares ``off=("slow",)``
with its options (``tests/test_parts.py`` checks it).
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from ..cards import Card, Colour
from ..moves import SWAP, Move
from ..rules import RuleSet
from ..state import GameState, Phase

__all__ = ["HouseRule", "House", "Moves", "partners", "refused_partner"]

#: (the moves, the card plays among them): what legality hands back.
Moves = tuple[tuple[Move, ...], tuple[Move, ...]]


class HouseRule:
    """One house rule, or a family of rules sharing their moves.

    A subclass names its options (any one switched on makes it active), the
    rule ids it counts and the phases it owns, and overrides the hooks it
    needs.  ``g`` is the game; a hook reads and changes it as the engine's
    parts do.  An instance is made per rule set (:func:`house_of`) and keeps
    no state of a game."""

    __slots__ = ("rules",)

    #: The :class:`RuleSet` options that switch the rule on (any one of them).
    options: ClassVar[tuple[str, ...]] = ()
    #: The rule ids it counts (``game.fired``) or names in the log.
    ids: ClassVar[tuple[str, ...]] = ()
    #: The names of the :class:`Phase` members it owns: the game asks it for
    #: the moves of those phases, what they do and why a move is refused there.
    phases: ClassVar[tuple[str, ...]] = ()
    #: The number cards whose effect it adds (by rank), off the fast path.
    ranks: ClassVar[tuple[str, ...]] = ()
    #: The fields of the position only this rule changes (declared with its
    #: option, ``state=``); the game's parts read them (uno_nb.engine.state.TABLE).
    OWNS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    @classmethod
    def active(cls, rules: RuleSet) -> bool:
        return any(getattr(rules, option) for option in cls.options)

    # -- legality ------------------------------------------------------------

    def phase_moves(self, g: GameState, seat: int) -> Moves:
        """The moves of ``seat`` in a phase of the rule's own."""
        return (), ()

    def answers(self, g: GameState, pending: Card, card: Card, seat: int) -> bool:
        """May ``seat`` answer the pending draw card ``pending`` with ``card``
        (R-W4-LEGAL already checked)?"""
        return False

    def jump_ins(self, g: GameState, seat: int | None, out: list[Move]) -> None:
        """Add to ``out`` the plays out of turn it allows ``seat`` (None: anyone)."""

    # -- effects -------------------------------------------------------------

    def number(self, g: GameState, p: int, rank: str) -> bool:
        """A number card of :attr:`ranks` played by ``p``, who still holds
        cards (colour, match and the next player already set).  Returns False
        when hands moved and the end-of-play checks must not look at ``p``'s."""
        return True

    def apply(self, g: GameState, move: Move) -> None:
        """A move made in a phase of the rule's own."""

    def answer(self, g: GameState, p: int, card: Card, pending: Card, answering: bool) -> int:
        """``p`` lays the draw card ``card`` on the pending ``pending``
        (``answering``: on their own turn, not a jump-in): the number of
        cards now pending if this rule answers, else 0.  It counts itself."""
        return 0

    def black(self, g: GameState, p: int, card: Card, colour: Colour | None) -> Colour | None:
        """The colour a black card ``p`` played sets (``colour``: the one named)."""
        return colour

    def skipped(self, g: GameState, p: int, skipped: int) -> None:
        """``p``'s Skip has skipped ``skipped`` (the next player already set)."""

    def moved(self, g: GameState) -> None:
        """A move was made (any but an UNO! call, a catch or table talk; off
        the fast paths, so the rule turns the "slow" shortcut off): a chance
        the rule gave for one move only is over."""

    def reversed(self, g: GameState, p: int, phase: Phase, bouncer: int) -> bool:
        """``p``'s Reverse has turned the direction (played in ``phase``;
        ``bouncer``: the seat a Skip just skipped, or -1).  True when the rule
        has set who plays next (and the phase); else the next player plays."""
        return False

    # -- drawing and the challenge -------------------------------------------

    def penalty_rule(self, g: GameState, count: int) -> str:
        """The rule that makes a player draw ``count`` cards, if it is this
        one (''  if not), for the log."""
        return ""

    def guilty_penalty(self, g: GameState, total: int) -> int:
        """What a bluffer caught by a challenge draws, if this rule says (0: it does not)."""
        return 0

    # -- a move refused: penalised instead ------------------------------------

    def is_misplay(self, g: GameState, move: Move) -> bool:
        """Is the illegal ``move`` one this rule penalises rather than refuses?"""
        return False

    def misplayed(self, g: GameState, move: Move) -> None:
        """The penalty for a move :meth:`is_misplay` accepted (already recorded)."""

    # -- explaining ------------------------------------------------------------

    def explain(self, g: GameState, move: Move, who: str) -> str:
        """Why ``move``, of the player the game waits for, is refused, if this
        rule knows ('' if not); ``who`` is that player's name."""
        return ""


class House(NamedTuple):
    """The active house rules of a game, and the same rules by hook: a part
    of the game asks only the rules that override the hook it calls."""

    rules: tuple[HouseRule, ...]
    #: Phase -> the rule that owns it.
    by_phase: dict[Phase, HouseRule]
    #: a number card's rank -> the rule that gives it an effect.
    by_rank: dict[str, HouseRule]
    #: the rules that may answer a pending draw card (:meth:`HouseRule.answers`), in order.
    answering: tuple[HouseRule, ...]
    #: the rules with plays out of turn (:meth:`HouseRule.jump_ins`).
    jumping: tuple[HouseRule, ...]
    #: the rules that act on a Skip (:meth:`HouseRule.skipped`).
    skipping: tuple[HouseRule, ...]
    #: the rules whose chance lasts one move (:meth:`HouseRule.moved`).
    moving: tuple[HouseRule, ...]
    #: the rules that act on a Reverse (:meth:`HouseRule.reversed`), in order.
    reversing: tuple[HouseRule, ...]
    #: the rules that choose a black card's colour (:meth:`HouseRule.black`).
    blackening: tuple[HouseRule, ...]
    #: the rules that penalise an illegal move instead (:meth:`HouseRule.is_misplay`).
    misplaying: tuple[HouseRule, ...]
    #: the rules that may name a drawn penalty's rule (:meth:`HouseRule.penalty_rule`).
    naming: tuple[HouseRule, ...]
    #: the rules that say what a caught bluffer draws (:meth:`HouseRule.guilty_penalty`).
    punishing: tuple[HouseRule, ...]

    @classmethod
    def of(cls, rules: tuple[HouseRule, ...]) -> House:
        def hooking(*names: str) -> tuple[HouseRule, ...]:
            return tuple(r for r in rules if any(
                getattr(type(r), name) is not getattr(HouseRule, name) for name in names))
        by_phase = {Phase[name]: rule for rule in rules for name in rule.phases}
        by_rank = {rank: rule for rule in rules for rank in rule.ranks}
        assert len(by_phase) == sum(len(r.phases) for r in rules), "two rules own a phase"
        assert len(by_rank) == sum(len(r.ranks) for r in rules), "two rules give a rank an effect"
        return cls(rules, by_phase, by_rank,
                   hooking("answers", "answer"), hooking("jump_ins"), hooking("skipped"),
                   hooking("moved"),
                   hooking("reversed"), hooking("black"), hooking("is_misplay"),
                   hooking("penalty_rule"), hooking("guilty_penalty"))


def refused_partner(g: GameState, move: Move, who: str) -> str:
    """Why ``move`` (a swap, the player's own) names no partner a 7 or a 5
    may swap with ('' if its target is one)."""
    target = move.target
    if move.kind is not SWAP or target is None or target in partners(g, move.player):
        return ""
    if not 0 <= target < g.n:
        return f"{move}: there is no seat {target} in a {g.n}-player game"
    if target == move.player:
        return f"{move}: {who} swaps with another player, not with themselves"
    return f"{move}: {g.names[target]} holds no cards to swap"


def partners(g: GameState, seat: int) -> list[int]:
    """Who a 7 or a 5 may swap with: every other player still holding cards."""
    return [s for s in range(g.n) if s != seat and not g._is_out[s] and g.hands[s]]
