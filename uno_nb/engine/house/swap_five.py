"""V-SWAP-FIVE: playing a 5, one may exchange one card with any player
(phase EXCHANGE: a partner, or pass); each side then chooses the card it
gives (phase GIVE)."""

from __future__ import annotations

from .. import events as ev
from ..cards import Card, card_order
from ..moves import GIVE, PASS, SWAP, Move
from ..state import EXCHANGE, GameState, Phase, TURN, mask_of
from .base import HouseRule, Moves, partners, refused_partner

__all__ = ["SwapFive"]


class SwapFive(HouseRule):
    __slots__ = ()
    options = ("swap_five",)
    ids = ("V-SWAP-FIVE",)
    OWNS = ("_exchange",)
    phases = ("EXCHANGE", "GIVE")
    ranks = ("5",)

    def number(self, g: GameState, p: int, rank: str) -> bool:
        if partners(g, p):
            g.phase = EXCHANGE
            g.current = p
        return True

    def phase_moves(self, g: GameState, seat: int) -> Moves:
        if g.phase is EXCHANGE:
            chosen = tuple(Move.make(SWAP, seat, target=t) for t in partners(g, seat))
            return chosen + (g._pass_moves[seat],), ()
        cards = sorted(set(g.hands[seat]), key=card_order)  # GIVE
        return tuple(Move.make(GIVE, seat, card=c) for c in cards), ()

    def apply(self, g: GameState, move: Move) -> None:
        p = move.player
        if move.kind is PASS:  # no exchange after all
            g.phase = TURN
            g.current = g._after(p)
            if g.record:
                g._log(ev.note("swap_five.none", "V-SWAP-FIVE", player=p))
        elif move.kind is SWAP:  # the partner chosen: each side now chooses the card it gives
            target = move.target
            assert target is not None
            g._exchange = (p, target, None)
            g.phase = Phase.GIVE
            g.current = p
            if g.record:
                g._log(ev.ExchangeChosen(p, target, rule="V-SWAP-FIVE"))
        else:
            assert move.card is not None
            give(g, move.card)

    def explain(self, g: GameState, move: Move, who: str) -> str:
        if g.phase is EXCHANGE:
            return (refused_partner(g, move, who) or
                    f"{move}: {who} first chooses whom to exchange a card with ('swap N' or 'pass')")
        if g.phase is Phase.GIVE:
            return f"{move}: {who} first chooses a card of their own to give ('give C')"
        return ""


def give(g: GameState, card: Card) -> None:
    """A card chosen to give: the first side's is kept until the partner
    chooses theirs, then both cards change hands."""
    assert g._exchange is not None
    first, partner, given = g._exchange
    if given is None:
        g._exchange = (first, partner, card)
        g.current = partner
        return
    for seat, out_card, in_card in ((first, given, card), (partner, card, given)):
        hand = g.hands[seat]
        hand.remove(out_card)
        hand.append(in_card)
        g._hmask[seat] = mask_of(hand)
    g._exchange = None
    g.phase = TURN
    g.current = g._after(first)
    g._fired["V-SWAP-FIVE"] += 1
    if g.record:
        g._log(ev.CardsExchanged(first, partner, given, card, rule="V-SWAP-FIVE"))
