"""V-DEFLECT-2 (a Draw Two passed on with another Draw Two) and V-W4-SAVE-2
(a Wild Draw Four answered with a Draw Two of the chosen colour): the one
who answers passes on 2 cards, not a growing pile."""

from __future__ import annotations

from .. import events as ev
from ..cards import Card
from ..moves import PLAY, Move
from ..state import GameState, PENALTY
from .base import HouseRule

__all__ = ["Deflect", "refused_draw_two"]


class Deflect(HouseRule):
    __slots__ = ()
    options = ("deflect_2", "w4_save_2")
    ids = ("V-DEFLECT-2", "V-W4-SAVE-2")

    def answers(self, g: GameState, pending: Card, card: Card, seat: int) -> bool:
        if card.rank != "+2":
            return False
        if pending.rank == "+2":
            return self.rules.deflect_2
        return pending.rank == "W+4" and self.rules.w4_save_2 and card.colour == g.colour

    def answer(self, g: GameState, p: int, card: Card, pending: Card, answering: bool) -> int:
        if not answering or card.rank != "+2":
            return 0
        if pending.rank == "+2" and self.rules.deflect_2:
            rule = "V-DEFLECT-2"
        elif pending.rank == "W+4" and self.rules.w4_save_2:
            rule = "V-W4-SAVE-2"
        else:
            return 0
        g._fired[rule] += 1
        if g.record:
            g._log(ev.DrawAnswered(p, card, card.draw, g._after(p), rule=rule))
        return card.draw


def refused_draw_two(g: GameState, move: Move, who: str) -> str:
    """Why a Draw Two laid on a pending draw card is refused, whether these
    rules are on or off ('' for any other move)."""
    card = move.card
    if g.phase is not PENALTY or move.kind is not PLAY or card is None or card.rank != "+2":
        return ""
    if card not in g.hands[move.player]:
        return f"{move}: {who} does not hold {card}"
    pending = g.pending_card
    if pending is not None and pending.rank == "W+4":
        if g.rules.w4_save_2:
            colour = g.colour.word if g.colour is not None else "no colour yet"
            return f"{move}: only a Draw Two of the chosen colour ({colour}) answers this +4"
        return f"{move}: a Wild Draw Four cannot be answered (V-W4-SAVE-2 is off)"
    return f"{move}: a Draw Two cannot be passed on (V-DEFLECT-2 is off)"
