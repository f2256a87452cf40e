"""V-REVERSE-BOUNCE: a Reverse of the colour in force sends a pending draw
card (or a stack) back to the player who played it, and the player just
skipped may send a Skip back with a Reverse of its colour."""

from __future__ import annotations

from .. import events as ev
from ..cards import Card
from ..moves import Move
from ..state import PENALTY, TURN, GameState, Phase
from .base import HouseRule

__all__ = ["ReverseBounce"]


class ReverseBounce(HouseRule):
    __slots__ = ()
    options = ("reverse_bounce",)
    ids = ("V-REVERSE-BOUNCE",)
    OWNS = ("_skip_bounce",)

    def answers(self, g: GameState, pending: Card, card: Card, seat: int) -> bool:
        # a Reverse of the colour in force sends the draw back
        return card.rank == "R" and card.colour == g.colour

    def jump_ins(self, g: GameState, seat: int | None, out: list[Move]) -> None:
        b = g._skip_bounce  # the player just skipped sends the Skip back
        if b >= 0 and (seat is None or seat == b) and g.discard[-1].rank in ("S", "R"):
            for card in g.hands[b]:
                if card.rank == "R" and card.colour == g.colour:
                    move = g._plays[b][card][0]
                    if move not in out:
                        out.append(move)

    def skipped(self, g: GameState, p: int, skipped: int) -> None:
        if skipped != p:
            g._skip_bounce = skipped  # who may send it back

    def moved(self, g: GameState) -> None:
        g._skip_bounce = -1  # the Skip can be sent back by the next move only

    def reversed(self, g: GameState, p: int, phase: Phase, bouncer: int) -> bool:
        if phase is PENALTY:
            # the pending draw goes back where it came from (a jump-in on the
            # bouncing Reverse turns it once more)
            g._w4 = None
            g.current = g._after(p)
            g._fired["V-REVERSE-BOUNCE"] += 1
            if g.record:
                g._log(ev.DrawBounced(p, g.pending, g.current, rule="V-REVERSE-BOUNCE"))
            return True
        if p == bouncer and p != g.current:
            # a Skip sent back: its player is skipped instead
            skipper = g._after(p)
            g.current = g._after(skipper)
            g.phase = TURN
            g._fired["V-REVERSE-BOUNCE"] += 1
            if g.record:
                g._log(ev.SkipBounced(p, skipper, rule="V-REVERSE-BOUNCE"))
            if skipper != p:
                g._skip_bounce = skipper
            return True
        return False
