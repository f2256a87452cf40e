"""V-MISPLAY-PENALTY: a card one holds put down wrongly, a false UNO! call
or a false catch costs 2 cards (and ends one's turn) instead of being
refused; other illegal moves are refused as always."""

from __future__ import annotations

from ..moves import CATCH, PLAY, UNO, Move
from ..state import DRAWN, PENALTY, TURN, GameState
from .base import HouseRule

__all__ = ["Misplay"]


class Misplay(HouseRule):
    __slots__ = ()
    options = ("misplay_penalty",)
    ids = ("V-MISPLAY-PENALTY",)

    def is_misplay(self, g: GameState, move: Move) -> bool:
        p = move.player
        if not 0 <= p < g.n or g.phase not in (TURN, DRAWN, PENALTY) or g._is_out[p]:
            return False
        if move.kind is PLAY:
            return move.card in g.hands[p] and (move.colour is not None) != (
                g._wheel or not move.card.is_black)
        if move.kind is UNO:
            return True
        if move.kind is CATCH:
            return move.target is not None and 0 <= move.target < g.n and move.target != p
        return False

    def misplayed(self, g: GameState, move: Move) -> None:
        p = move.player
        if move.kind is PLAY:
            g._note("V-MISPLAY-PENALTY", "misplay.card", player=p, card=move.card)
        elif move.kind is UNO:
            g._note("V-MISPLAY-PENALTY", "misplay.uno", player=p)
        else:
            g._note("V-MISPLAY-PENALTY", "misplay.catch", player=p, target=move.target or 0)
        g._draw_cards(p, 2, "misplay", "V-MISPLAY-PENALTY")
        if p == g.current and g.phase in (TURN, DRAWN):
            g.uno_open = -1
            g.drawn_card = None
            g.phase = TURN
            g.current = g._after(p)  # a misplay ends one's turn
