"""Challenging a Wild Draw Four (R-CHALLENGE, R-CHALLENGE-GUILTY,
R-CHALLENGE-GUILTY-STD, R-CHALLENGE-INNOCENT)."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from . import events as ev
from .cards import Card, Colour
from .drawing import Drawing
from .state import TURN

__all__ = ["Challenge"]


class Challenge(Drawing):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): nothing of its own: it
    #: plays on the table.
    OWNS: ClassVar[tuple[str, ...]] = ()

    def _held_when_played(self, accused: int, colour: Colour) -> bool:
        """Whether ``accused`` held a card of ``colour`` when they played the
        Wild Draw Four now challenged (read from the log, so recorded games
        only): their hand now, less what they drew since (a caught UNO!, a
        misplay or a table penalty comes before a challenge; nothing else
        moves their cards while the +4 is pending)."""
        since: Counter[Card] = Counter()
        for event in reversed(self.events):
            if isinstance(event, ev.Played) and event.player == accused \
                    and event.card.rank == "W+4":
                break
            if isinstance(event, ev.Drew) and event.player == accused:
                since.update(event.cards)
        held = Counter(card for card in self.hands[accused] if card.colour == colour)
        held.subtract(since)
        return any(count > 0 for count in held.values())

    def _challenge(self, p: int) -> None:
        assert self._w4 is not None
        accused, prev_colour, guilty = self._w4
        self._fired["R-CHALLENGE"] += 1
        self._w4 = None
        total = self.pending
        if guilty:
            reading = self.rules.challenge
            rule = "R-CHALLENGE-GUILTY" if reading == "return" else "R-CHALLENGE-GUILTY-STD"
            self._fired[rule] += 1
            penalty = 4  # or what a house rule says (V-STACK: the whole stack)
            for house in self._house.punishing:
                penalty = house.guilty_penalty(self, total) or penalty
            if self.record:
                self._log(ev.Challenged(p, accused, True, prev_colour, penalty, rule=rule))
            if reading == "return":
                card = self.discard.pop()
                self.hands[accused].append(card)
                self._hmask[accused] |= card.bit
                self._set_colour(prev_colour)
                self.top_by = -1
                if self.record:
                    self._log(ev.CardReturned(accused, card, self.discard[-1], prev_colour,
                                              rule=rule))
            self._draw_cards(accused, penalty, "challenge", rule)
            self.pending = 0
            self.pending_card = None
            self.phase = TURN
            self.current = p
            self._wait_ready(accused, penalty)
        else:
            self._fired["R-CHALLENGE-INNOCENT"] += 1
            total += 2
            if self.record:
                # V-W4-ANYTIME: never guilty, but the log says whether the
                # colour was held when the +4 was played
                held = self.rules.w4_anytime and self._held_when_played(accused, prev_colour)
                self._log(ev.Challenged(p, accused, False, prev_colour, total,
                                        rule="R-CHALLENGE-INNOCENT", anytime=held))
            self._draw_cards(p, total, "challenge", "R-CHALLENGE-INNOCENT")
            if self.record:
                self._skip(p, "R-CHALLENGE-INNOCENT")
            self.pending = 0
            self.pending_card = None
            self.phase = TURN
            self.current = self._after(p)
            self._wait_ready(p, total)
