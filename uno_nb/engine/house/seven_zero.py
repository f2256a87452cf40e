"""V-SEVEN-ZERO: a 0 passes every hand on in the direction of play; a 7
swaps hands with a player of one's choice (phase SWAP)."""

from __future__ import annotations

from .. import events as ev
from ..moves import SWAP, Move
from ..state import GameState, Phase, TURN
from .base import HouseRule, Moves, partners, refused_partner

__all__ = ["SevenZero"]


class SevenZero(HouseRule):
    __slots__ = ()
    options = ("seven_zero",)
    ids = ("V-SEVEN-ZERO",)
    phases = ("SWAP",)
    ranks = ("0", "7")

    def number(self, g: GameState, p: int, rank: str) -> bool:
        if rank == "0":
            pass_hands_on(g)
            return False
        if partners(g, p):  # a 7
            g.phase = Phase.SWAP
            g.current = p
        return True

    def phase_moves(self, g: GameState, seat: int) -> Moves:
        return tuple(Move.make(SWAP, seat, target=t) for t in partners(g, seat)), ()

    def apply(self, g: GameState, move: Move) -> None:
        """A 7: swap whole hands with the player chosen."""
        p, target = move.player, move.target
        assert target is not None
        g.hands[p], g.hands[target] = g.hands[target], g.hands[p]
        g._hmask[p], g._hmask[target] = g._hmask[target], g._hmask[p]
        g.uno_open = -1
        g.phase = TURN
        g.current = g._after(p)
        g._fired["V-SEVEN-ZERO"] += 1
        if g.record:
            g._log(ev.HandsSwapped(p, target, rule="V-SEVEN-ZERO"))

    def explain(self, g: GameState, move: Move, who: str) -> str:
        if g.phase is Phase.SWAP:
            return (refused_partner(g, move, who)
                    or f"{move}: {who} first chooses whom to swap hands with ('swap N')")
        return ""


def pass_hands_on(g: GameState) -> None:
    """A 0: every hand moves to the next player in the direction of play
    (players out of the round keep their empty place)."""
    hands, masks = list(g.hands), list(g._hmask)
    for s in range(g.n):
        if not g._is_out[s]:
            t = g._after(s)
            g.hands[t] = hands[s]
            g._hmask[t] = masks[s]
    g.uno_open = -1
    g._fired["V-SEVEN-ZERO"] += 1
    if g.record:
        g._log(ev.HandsPassedOn(g.direction, rule="V-SEVEN-ZERO"))
