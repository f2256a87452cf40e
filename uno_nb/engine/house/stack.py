"""V-STACK, V-STACK-MIXED: a draw card answered with another (+2 on +2,
+4 on +4; mixed: +4 on +2, and a coloured draw card on a black one of its
colour); the pending draw grows, and whoever cannot add draws it all (a
bluffer caught by a challenge too)."""

from __future__ import annotations

from .. import events as ev
from ..cards import Card
from ..state import GameState
from .base import HouseRule

__all__ = ["Stack"]


class Stack(HouseRule):
    __slots__ = ()
    options = ("stack", "stack_mixed")  # (V-STACK-MIXED needs V-STACK)
    ids = ("V-STACK", "V-STACK-MIXED")

    def answers(self, g: GameState, pending: Card, card: Card, seat: int) -> bool:
        if not card.draw:
            return False
        if card.rank == pending.rank:
            return True  # +2 on +2 (any colour), +4 on +4, …
        # V-STACK-MIXED: +4 on +2; a coloured draw card on a black one in its colour
        return self.rules.stack_mixed and (card.is_black or pending.colour is not None
                                           or card.colour == g.colour)

    def answer(self, g: GameState, p: int, card: Card, pending: Card, answering: bool) -> int:
        same = card.rank == pending.rank
        if not (same or self.rules.stack_mixed):
            return 0
        total = g.pending + card.draw
        rule = "V-STACK" if same else "V-STACK-MIXED"
        g._fired[rule] += 1
        if g.record:
            g._log(ev.DrawAnswered(p, card, total, g._after(p), rule=rule))
        return total

    def penalty_rule(self, g: GameState, count: int) -> str:
        """V-STACK (V-STACK-MIXED) when answers piled the draw cards on the
        discard pile up to ``count``."""
        card = g.pending_card
        if card is None or count <= card.draw:
            return ""
        ranks, total = set(), 0
        for played in reversed(g.discard):  # a bouncing Reverse draws nothing: skipped
            if played.draw:
                ranks.add(played.rank)
                total += played.draw
                if total >= count:
                    break
        return "V-STACK-MIXED" if len(ranks) > 1 else "V-STACK"

    def guilty_penalty(self, g: GameState, total: int) -> int:
        return total  # the whole stack falls on the bluffer
