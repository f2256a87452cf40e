"""V-TWO-PLAYER-SKIP: with two players left, a Reverse acts as a Skip (its
player plays again)."""

from __future__ import annotations

from .. import events as ev
from ..state import TURN, GameState, Phase
from .base import HouseRule

__all__ = ["TwoPlayerSkip"]


class TwoPlayerSkip(HouseRule):
    __slots__ = ()
    options = ("two_player_skip",)
    ids = ("V-TWO-PLAYER-SKIP",)

    def reversed(self, g: GameState, p: int, phase: Phase, bouncer: int) -> bool:
        if g._active() != 2:
            return False
        g.phase = TURN
        g.current = p
        g._fired["V-TWO-PLAYER-SKIP"] += 1
        if g.record:
            g._log(ev.note("two_player_skip", "V-TWO-PLAYER-SKIP", player=p))
        return True
