"""Why a move is refused: the sentence an :class:`~uno_nb.engine.errors.IllegalMoveError`
carries, in the same cases as :mod:`uno_nb.engine.legality`."""

from __future__ import annotations

from typing import ClassVar

from .moves import (ADVISE, CATCH, CHALLENGE, COLOUR, DEAL, DRAW, GIVE, PASS, PLAY, READY, SLOW,
                    SPEAK, SWAP, UNO, Move)
from .house.colour_wheel import refused_black
from .house.deflect import refused_draw_two
from .house.jump_in import refused_jump_in
from .state import DRAWN, GAME_OVER, PENALTY, GameState, Phase

__all__ = ["Explaining"]

# What the game waits for, by phase, and what a kind of move needs, by kind.
# (a house rule's phases say it themselves: engine/house/)
_PHASE_WAITS = {
    Phase.READY: "play waits for {who} to say \"Ready\" ('ready')",
    Phase.ROUND_OVER: "the round is over; {who} deals the next one ('deal')",
    Phase.COLOUR: "{who} first chooses the colour of the Wild start card ('colour R')",
}
_KIND_HINTS = {
    DRAW: "V-FORCE-PLAY: {who} holds a playable card and must play",
    PASS: "pass only after drawing a playable card",
    CHALLENGE: "there is no Wild Draw Four to challenge",
    COLOUR: "the colour is chosen with the black card, e.g. W>R",
    DEAL: "the round is still being played",
}



class Explaining(GameState):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): nothing: it only reads.
    OWNS: ClassVar[tuple[str, ...]] = ()

    def _why_illegal(self, move: Move) -> str:
        names = self.names
        p = move.player
        colour = self.colour.word if self.colour is not None else "no colour yet"
        if not 0 <= p < self.n:
            return f"{move}: there is no seat {p} in a {self.n}-player game"
        who = names[p]
        if self.phase is GAME_OVER:
            return f"{move}: the game is over"
        kind = move.kind
        if kind is UNO:
            if len(self.hands[p]) != 1:
                return f"{move}: {who} holds {len(self.hands[p])} cards; UNO! is called with one"
            return f"{move}: {who} cannot call UNO! now (already called, or too late)"
        if kind is CATCH:
            t = move.target
            if t is None or not 0 <= t < self.n:
                return f"{move}: there is no seat {t}"
            if t == p:
                return f"{move}: nobody catches themselves"
            return (f"{move}: {names[t]} cannot be caught now (they called UNO!, do not hold "
                    "one card, or the next player has already started)")
        if kind in (SPEAK, ADVISE, SLOW):
            rule = {SPEAK: "T-SILENT-TWOS", ADVISE: "T-ADVICE", SLOW: "T-UNO-CENTER"}[kind]
            return f"{move}: not now ({rule} is off, or there is nothing to answer)"
        if self.phase is Phase.READY and p != self.current:
            return f"{move}: play waits for {names[self.current]} to say \"Ready\" (T-READY)"
        if p != self.current:
            return refused_jump_in(self, move, who) or \
                f"{move}: it is {names[self.current]}'s turn, not {who}'s"
        phase = self.phase
        house = self._house.by_phase.get(phase)
        if house is not None:
            return house.explain(self, move, who)
        if phase in _PHASE_WAITS:
            return f"{move}: " + _PHASE_WAITS[phase].format(who=who)
        if kind in (SWAP, GIVE, READY):
            return f"{move}: there is nothing to swap, give or be ready for now"
        if phase is PENALTY:
            pend = self.pending_card
            options = "draw" + (", challenge" if pend is not None and pend.rank == "W+4"
                                and self._w4 is not None else "")
            said = refused_draw_two(self, move, who)  # V-DEFLECT-2, V-W4-SAVE-2
            if said:
                return said
            return f"{move}: {who} must take the {self.pending} cards ({options})"
        if phase is DRAWN:
            card = self.drawn_card
            if kind is PLAY and move.card is not card:
                return f"{move}: after drawing, only the drawn card ({card}) may be played"
            if kind is PASS:
                return f"{move}: V-PLAY-DRAWN-MUST: the drawn {card} must be played"
            return f"{move}: {who} plays the drawn {card} or passes"
        if kind is PLAY:
            card = move.card
            assert card is not None
            if card not in self.hands[p]:
                return f"{move}: {who} does not hold {card}"
            said = refused_black(self, move, card)  # a colour named, or not (V-COLOUR-WHEEL)
            if said:
                return said
            if card.rank == "W+4":
                return (f"{move}: R-W4-LEGAL: {who} holds {colour}, so the Wild Draw "
                        "Four may not be played (R-W4-BLUFF is off)")
            top = self.discard[-1]
            return (f"{move}: {card} matches neither the colour in force ({colour}) "
                    f"nor the top card {top}")
        return f"{move}: " + _KIND_HINTS.get(kind, "not a legal move now").format(who=who)
