"""House rules, one module each (as python-chess keeps a variant in one
class): a rule's legality, its effect and its explanation of a refused move,
behind the hooks of :class:`~uno_nb.engine.house.base.HouseRule`.

A game builds its :class:`~uno_nb.engine.house.base.House` once, from its
:class:`~uno_nb.engine.rules.RuleSet` (:func:`house_of`), and the game's parts
call the active rules through it.

>>> from uno_nb import RuleSet
>>> [type(r).__name__ for r in house_of(RuleSet.preset("party")).rules]
['SevenZero', 'Stack', 'JumpIn', 'ReverseBounce', 'TwoPlayerSkip']
>>> house = house_of(RuleSet(two_player_skip=False))
>>> house.rules, house.by_rank, house.answering
((), {}, ())
"""

from __future__ import annotations

from ..rules import RuleSet
from .base import House, HouseRule, partners
from .colour_wheel import ColourWheel
from .deflect import Deflect
from .jump_in import JumpIn
from .misplay import Misplay
from .reverse_bounce import ReverseBounce
from .seven_zero import SevenZero
from .stack import Stack
from .swap_five import SwapFive
from .two_player_skip import TwoPlayerSkip

__all__ = ["HOUSE_RULES", "House", "HouseRule", "house_of", "partners"]

#: Every house rule with a module of its own, in the order the game asks them
#: (V-STACK answers a draw card before V-DEFLECT-2 and V-JUMP-IN do; the
#: jump-ins come before a Skip sent back, as the bots see the moves).
HOUSE_RULES: tuple[type[HouseRule], ...] = (
    SevenZero, SwapFive, Stack, Deflect, JumpIn, ReverseBounce, ColourWheel, Misplay,
    TwoPlayerSkip)

_BUILT: dict[RuleSet, House] = {}
#: The same by the rule set's id (a RuleSet's hash reads all its fields: a
#: game made with the same object, as a batch makes them, skips it).
_LAST: dict[int, tuple[RuleSet, House]] = {}


def house_of(rules: RuleSet) -> House:
    """The active house rules of ``rules``, sorted by hook (made once per rule set)."""
    last = _LAST.get(id(rules))
    if last is not None and last[0] is rules:
        return last[1]
    house = _BUILT.get(rules)
    if house is None:
        house = House.of(tuple(kind(rules) for kind in HOUSE_RULES if kind.active(rules)))
        if len(_BUILT) > 1000:  # bound the memory
            _BUILT.clear()
        _BUILT[rules] = house
    if len(_LAST) > 1000:
        _LAST.clear()
    _LAST[id(rules)] = (rules, house)  # (holding the rule set, its id is not reused)
    return house
