"""What a move does: the dispatch of every kind of move, and the effects of the
cards (R-SKIP, R-REVERSE, R-WILD, R-DRAW2, R-W4, V-PLUS10, V-H2O); the house
rules that change them (V-SEVEN-ZERO, V-STACK, V-REVERSE-BOUNCE, …) are asked
through the game's house (engine/house/)."""

from __future__ import annotations

from typing import ClassVar

from . import events as ev
from .cards import Card, Colour
from .challenge import Challenge
from .deal import Dealing
from .moves import ADVISE, CATCH, CHALLENGE, COLOUR, DEAL, DRAW, PASS, READY, SLOW, SPEAK, UNO, Move
from .state import COLOUR_MASKS, DRAWN, MATCH, PENALTY, TURN, Annotation, Phase
from .table_talk import TableTalk

__all__ = ["Effects"]


class Effects(Challenge, Dealing, TableTalk):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): nothing of its own: it
    #: plays on the table.
    OWNS: ClassVar[tuple[str, ...]] = ()

    def _apply(self, move: Move, note: Annotation | None) -> None:
        kind = move.kind
        p = move.player
        table = kind is SPEAK or kind is ADVISE or kind is SLOW
        own_turn = False  # a move of a house rule's phase: p's play goes on (a 7's swap, …)
        if not table and kind is not UNO and kind is not CATCH:
            phase = self.phase  # (no house rule owns a phase of the turn: no dict lookup there)
            own_turn = (phase is not TURN and phase is not PENALTY and phase is not DRAWN
                        and phase in self._house.by_phase)
            if self.uno_open >= 0 and not own_turn:
                self.uno_open = -1  # R-UNO: the next player has started their turn
            if self._slap >= 0:
                self._slap_over()
            for house in self._house.moving:  # V-REVERSE-BOUNCE: a Skip sent back next move only
                house.moved(self)
        if kind is DRAW:
            self.turns += 1
            if self.phase is PENALTY:
                self._take_penalty(p)
            else:
                self._turn_draw(p)
        elif own_turn:  # a move of a house rule's phase (V-SEVEN-ZERO's swap, …)
            self._house.by_phase[self.phase].apply(self, move)
        elif kind is PASS:
            self.drawn_card = None
            self.phase = TURN
            self.current = self._after(p)
            if self.record:
                self._log(ev.Passed(p, rule="R-DRAW"))
        elif kind is CHALLENGE:
            self.turns += 1
            self._challenge(p)
        elif kind is UNO:
            self.uno_open = -1
            self._fired["R-UNO"] += 1
            if self.record:
                self._log(ev.UnoCalled(p, rule="R-UNO"))
            if self.rules.uno_center:
                self._slap_called(p)  # T-UNO-CENTER: everyone slaps the caller's hand
        elif kind is CATCH:
            target = move.target
            assert target is not None
            self.uno_open = -1
            self._fired["T-UNO-CATCH"] += 1
            penalty = self.rules.uno_penalty
            rule = "V-UNO-PENALTY-4" if penalty == 4 else "R-UNO"
            if self.record:
                self._log(ev.UnoCaught(p, target, penalty, rule=rule, note=note))
            self._draw_cards(target, penalty, "uno", rule)
        elif kind is COLOUR:
            self._set_colour(move.colour)  # type: ignore[arg-type]
            self.phase = TURN
            if self.record:
                self._log(ev.ColourChosen(p, move.colour, rule="R-START-EFFECT"))  # type: ignore[arg-type]
        elif kind is DEAL:
            self._deal_round(p, first=self._next_first())
        elif kind is READY:
            self._ready_said(p)
        elif kind is SPEAK:
            self._spoke(p)
        elif kind is ADVISE:
            self._table_penalty(p, "T-ADVICE", "advice", target=self.current)
        elif kind is SLOW:
            self._slowest(p, note)
        if self._talk and not table:
            self._talk_after_turn()

    def _log_play(self, p: int, card: Card, colour: Colour | None, jump_rule: str,
                  note: Annotation | None) -> None:
        """Log a card played; ``jump_rule`` is the rule of a play out of turn."""
        if jump_rule:
            rule = jump_rule
        elif card.is_black:
            w4 = "V-W4-ANYTIME" if self.rules.w4_anytime else "R-W4"
            rule = w4 if card.rank == "W+4" else "R-WILD" if card.rank == "W" else \
                "V-PLUS10" if card.rank == "W+10" else "V-H2O"
        else:
            rule = "R-MATCH"
        self.events.append(ev.played(p, card, colour, bool(jump_rule), rule, note))

    def _one_or_none_left(self, p: int, hand: list[Card]) -> None:
        if hand:
            self.uno_open = p  # R-UNO: p must call "UNO!" now
        else:
            self._player_out(p)

    def _action(self, p: int, card: Card, colour: Colour | None, phase: Phase) -> bool:
        """The effect of a card off the fast path.  Returns False when hands
        were exchanged and the end-of-play checks must not look at the hand."""
        bouncer = self._skip_bounce  # V-REVERSE-BOUNCE: who may send a Skip back now
        for house in self._house.moving:
            house.moved(self)
        rank = card.rank
        fired = self._fired
        rules = self.rules
        if card.is_black:
            for house in self._house.blackening:  # V-COLOUR-WHEEL
                colour = house.black(self, p, card, colour)
            assert colour is not None
            if rules.silent_black:
                self._silenced("black", colour)
        if card.draw:
            self._draw_card_played(p, card, colour, phase)
            return True
        if phase is PENALTY and rank != "R":
            self._clear_pending()  # (a jump-in that is not a draw card cannot happen)
        if card.is_number:
            self.colour = card.colour
            self._match = card.match
            self.phase = TURN
            self.current = self._after(p)
            hand = self.hands[p]
            if not hand:
                return True  # going out comes first: no swap, no exchange
            owner = self._house.by_rank.get(rank)  # V-SEVEN-ZERO, V-SWAP-FIVE
            if owner is not None and not owner.number(self, p, rank):
                return False  # hands moved
            if rank == "2" and rules.silent_twos:
                self._silenced("2", p)
            return True
        if rank == "S":
            self.colour = card.colour
            self._match = card.match
            fired["R-SKIP"] += 1
            skipped = self._after(p)
            self.current = self._after(skipped)
            if self.record:
                self._skip(skipped, "R-SKIP")
            self.phase = TURN
            for house in self._house.skipping:  # V-REVERSE-BOUNCE: who may send it back
                house.skipped(self, p, skipped)
            return True
        if rank == "R":
            self.colour = card.colour
            self._match = card.match
            fired["R-REVERSE"] += 1
            d = self.direction = -self.direction
            if self.record:
                self._log(ev.Reversed(p, d, rule="R-REVERSE"))
            for house in self._house.reversing:  # V-REVERSE-BOUNCE, V-TWO-PLAYER-SKIP
                if house.reversed(self, p, phase, bouncer):
                    return True
            self.phase = TURN
            self.current = self._after(p)
            return True
        # W
        self._set_colour(colour)  # type: ignore[arg-type]
        fired["R-WILD"] += 1
        self.phase = TURN
        self.current = self._after(p)
        return True

    def _draw_card_played(self, p: int, card: Card, colour: Colour | None, phase: Phase) -> None:
        """A Draw Two, Wild Draw Four, +10 (V-PLUS10) or H2O draw card lands."""
        fired = self._fired
        rules = self.rules
        total = card.draw
        if phase is PENALTY:
            pending = self.pending_card
            assert pending is not None
            answering = p == self.current
            for house in self._house.answering:  # V-STACK, V-DEFLECT-2, V-W4-SAVE-2, V-JUMP-IN
                answered = house.answer(self, p, card, pending, answering)
                if answered:
                    total = answered
                    break
        prev = self.colour
        if colour is None:
            self.colour = card.colour
            self._match = card.match
        else:
            self.colour = colour
            self._match = MATCH[colour][card.rank]
        rank = card.rank
        if rank == "W+4":
            fired["R-W4"] += 1
            # R-W4-BLUFF: holding a card of the colour in force (the +4 is black).
            bluff = (not rules.w4_anytime) and self._hmask[p] & COLOUR_MASKS[prev] != 0
            if rules.w4_anytime:
                fired["V-W4-ANYTIME"] += 1
            elif bluff:
                fired["R-W4-BLUFF"] += 1
            assert prev is not None  # a draw card is never played before the colour is chosen
            self._w4 = (p, prev, bluff)
        else:
            fired["R-DRAW2" if rank == "+2" else "V-PLUS10" if rank == "W+10" else "V-H2O"] += 1
            self._w4 = None
        if card.is_black:
            self.top_by = -1  # no jump-in on a black draw card
        self.pending = total
        self.pending_card = card
        self.phase = PENALTY
        self.current = self._after(p)
