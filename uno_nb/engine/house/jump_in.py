"""V-JUMP-IN, V-DOUBLES, R-SKIP-ANSWER: a card identical to the top discard
played out of turn (by anyone; under V-DOUBLES by its own player, the second
copy), the victim of a draw card answering with the identical card, and a
Skip jumped in on a Skip."""

from __future__ import annotations

from ..cards import Card
from ..moves import PLAY, Move
from ..state import GameState
from .base import HouseRule

__all__ = ["JumpIn", "jump_rule", "refused_jump_in"]


class JumpIn(HouseRule):
    __slots__ = ()
    options = ("jump_in", "doubles")
    ids = ("V-JUMP-IN", "V-DOUBLES", "R-SKIP-ANSWER")

    def jump_ins(self, g: GameState, seat: int | None, out: list[Move]) -> None:
        top = g.discard[-1]
        if top.is_black and top.draw:
            return  # nobody jumps in on a black draw card
        jump, doubles = self.rules.jump_in, self.rules.doubles
        for s in range(g.n) if seat is None else (seat,):
            if s == g.current:  # their own turn: a normal play (or an answer)
                continue
            if s == g.top_by:
                if not doubles:
                    continue
            elif not jump:
                continue
            if top in g.hands[s]:
                out.extend(g._plays[s][top])

    def answers(self, g: GameState, pending: Card, card: Card, seat: int) -> bool:
        # the victim of a draw card jumps in with the identical card
        top = g.discard[-1]
        return (self.rules.jump_in and g.top_by >= 0 and g.top_by != seat and card == top
                and not (top.is_black and top.draw))

    def answer(self, g: GameState, p: int, card: Card, pending: Card, answering: bool) -> int:
        if not answering:
            return 0
        g._fired["V-JUMP-IN"] += 1  # the victim's identical card, played as a jump-in
        return card.draw


def jump_rule(g: GameState, p: int, card: Card) -> str:
    """Count a play out of turn by ``p`` and name its rule: V-DOUBLES (its
    own player's second copy), V-JUMP-IN, and R-SKIP-ANSWER for a Skip on a
    Skip (which answers nothing)."""
    rule = "V-DOUBLES" if p == g.top_by else "V-JUMP-IN"
    g._fired[rule] += 1
    if card.rank == "S" and rule == "V-JUMP-IN":
        rule = "R-SKIP-ANSWER"
        g._fired[rule] += 1
    return rule


def refused_jump_in(g: GameState, move: Move, who: str) -> str:
    """Why a card played out of turn is refused under V-JUMP-IN ('' when the
    rule is off or the move is no card)."""
    if move.kind is not PLAY or not g.rules.jump_in:
        return ""
    names, p = g.names, move.player
    top = g.discard[-1]
    if move.card is not top:
        return (f"{move}: it is {names[g.current]}'s turn; {who} may only jump in "
                f"with a card identical to {top}")
    if move.card not in g.hands[p]:
        return f"{move}: {who} does not hold {move.card}"
    if top.is_black and top.draw:
        return f"{move}: V-JUMP-IN: nobody jumps in with a {top.name}"
    if g.top_by < 0:
        return f"{move}: no jump-in on the start card or a returned card"
    if p == g.top_by:
        return f"{move}: {who} cannot jump in on their own card"
    return f"{move}: no jump-in on {top}"
