"""Drawing cards: a turn's draw (R-DRAW, V-PLAY-DRAWN-MUST,
V-DRAW-UNTIL-PLAYABLE), taking a pending draw and T-READY's wait (a
blocked round is :mod:`uno_nb.engine.rounds`'s).
(Moving cards from the pile to a hand and the reshuffle itself are the
state's: :meth:`GameState._draw_cards`.)"""

from __future__ import annotations

from typing import ClassVar

from . import events as ev
from .legality import Legality
from .rounds import Rounds
from .state import COLOUR_MASKS, DRAWN, TURN, Phase

__all__ = ["Drawing"]


class Drawing(Rounds, Legality):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): T-READY: who plays once
    #: the drawer says "Ready".
    OWNS: ClassVar[tuple[str, ...]] = ("_resume",)

    def _take_forced_penalty(self) -> None:
        """A draw card's victim who can do nothing but draw, while nobody else
        may act (no answer, no jump-in, no UNO call pending), draws at once:
        the card's effect, not a decision.  A Wild Draw Four can always be
        challenged, so it never is forced."""
        card = self.pending_card
        if card is None or (card.rank == "W+4" and self._w4 is not None):
            return
        victim = self.current
        if self._answers and (self._penalty_moves(victim)[1] or self.jump_in_moves()):
            return
        self.turns += 1
        self._take_penalty(victim)

    def _turn_draw(self, p: int) -> None:
        """R-DRAW: draw one card; a playable one may be played at once (must be,
        under V-PLAY-DRAWN-MUST).  V-DRAW-UNTIL-PLAYABLE: keep drawing."""
        while True:
            pile = self.draw_pile
            if pile:  # the common case, kept short (= _draw_cards(p, 1, ...))
                card = pile.pop()
                self.hands[p].append(card)
                self._hmask[p] |= card.bit
                self.cards_drawn[p] += 1
                if self.record:
                    self.events.append(ev.drew(p, (card,), "turn", 1, "V-DRAW-UNTIL-PLAYABLE"
                                               if self._until else "R-DRAW"))
            else:
                drawn = self._draw_cards(p, 1, "turn",
                                         "V-DRAW-UNTIL-PLAYABLE" if self._until else "R-DRAW")
                if not drawn:
                    if not self._anyone_can_play():
                        self._blocked()
                        return
                    self.current = self._after(p)
                    return
                card = drawn[0]
            if card.bit & self._match and (
                    self._bluff or card.rank != "W+4"
                    or not self._hmask[p] & COLOUR_MASKS[self.colour]):
                self.phase = DRAWN
                self.drawn_card = card
                if self._must_play and not self._only_a_bluff(card, p):
                    self._note("V-DRAW-UNTIL-PLAYABLE" if self._until else "V-PLAY-DRAWN-MUST",
                               "drawn_must_play", player=p)
                return
            if not self._until:
                self.current = self._after(p)
                return

    def _take_penalty(self, p: int) -> None:
        count = self.pending
        rule = self._penalty_rule(count) if self.record else ""
        self._draw_cards(p, count, "penalty", rule)
        if self.record:
            self._skip(p, rule)
        self.pending = 0
        self.pending_card = None
        self._w4 = None
        self.phase = TURN
        self.current = self._after(p)
        if self._ready:
            self._wait_ready(p, count)

    def _penalty_rule(self, count: int) -> str:
        """The rule that makes a player draw ``count`` cards, for the log: a
        house rule's (V-STACK when answers piled the draw cards up to
        ``count``), or the draw card's own."""
        for house in self._house.naming:
            rule = house.penalty_rule(self, count)
            if rule:
                return rule
        card = self.pending_card
        rank = card.rank if card is not None else "+2"
        return {"+2": "R-DRAW2", "W+4": "R-W4", "W+10": "V-PLUS10"}.get(rank, "V-H2O")

    def _ready_said(self, p: int) -> None:
        """T-READY: the drawer said "Ready"; play goes on where it stopped."""
        self.phase = TURN
        self.current = self._resume
        self._resume = -1
        self._note("T-READY", "ready", player=p)

    def _wait_ready(self, drawer: int, count: int) -> None:
        """T-READY: after drawing 4 or more, play waits for the drawer's "Ready"."""
        if self.rules.ready and count >= 4 and self.phase is TURN:
            self._resume = self.current
            self.current = drawer
            self.phase = Phase.READY
