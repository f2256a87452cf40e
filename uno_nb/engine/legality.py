"""Which moves are legal now: the turn's card plays and other moves (R-MATCH,
R-W4-LEGAL, R-DRAW-ANYTIME, V-PLAY-DRAWN-MUST), answers to a pending draw card
and jump-ins (the house rules' own, asked through the game's house:
engine/house/), UNO! calls and catches (R-UNO), table talk (§10)."""

from __future__ import annotations

from typing import Any, ClassVar

from .cards import Card
from .moves import ADVISE, CATCH, CHALLENGE, DEAL, READY, SLOW, SPEAK, UNO, Move, move_order
from .state import (COLOUR_CHOICES, COLOUR_MASKS, DRAW_MOVES, DRAWN, GAME_OVER,
                    PENALTY, ROUND_OVER, TURN, TURN_PHASES, W4_BIT, GameState, Phase)

__all__ = ["Legality"]


def turn_moves_for(tables: list[dict[int, tuple[Move, ...]]], known: dict[int, Any], seat: int,
                   bits: int, anytime: bool) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """(turn moves, card plays) of ``seat`` whose playable cards have ``bits``."""
    table = tables[seat]
    out: list[Move] = []
    while bits:
        low = bits & -bits
        out += table[low]
        bits ^= low
    if len(known) > 100_000:  # bound the memory
        known.clear()
    plays = tuple(out)
    if anytime or not out:
        out.append(DRAW_MOVES[seat])
    return tuple(out), plays



class Legality(GameState):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): the turn's moves, worked
    #: out once a position (any change drops them).
    OWNS: ClassVar[tuple[str, ...]] = ("_cache", "_cache_plays")

    def _playable(self, card: Card, seat: int) -> bool:
        """R-MATCH and R-W4-LEGAL for a card in ``seat``'s hand on their own turn."""
        if card.is_black:
            return (self._bluff or card.rank != "W+4"
                    or not self._hmask[seat] & COLOUR_MASKS[self.colour])
        return card.colour == self.colour or card.rank == self.discard[-1].rank

    def _only_a_bluff(self, card: Card, seat: int) -> bool:
        """R-W4-BLUFF: ``seat`` could play this Wild Draw Four only as a bluff
        (they hold the colour in play); a bluff is allowed, never forced."""
        return (card.rank == "W+4" and not self.rules.w4_anytime
                and bool(self._hmask[seat] & COLOUR_MASKS[self.colour]))

    def is_bluff(self, card: Card, seat: int) -> bool:
        """Would ``seat`` playing ``card`` now be a bluff a challenge catches
        (R-W4-BLUFF: a Wild Draw Four while holding a card of the colour in
        force, on a turn or laid on a pending draw under V-STACK and its kin;
        never under V-W4-ANYTIME, nor before a start card's colour is chosen)?
        The check the bots and the play page share (the play itself records
        its bluff in effects.py, from the colour it replaced).

        >>> from uno_nb import Game
        >>> g = Game.from_position(hands=["W+4 R1", "B2"], discard="R5")
        >>> g.is_bluff(g.hands[0][0], 0), g.is_bluff(g.hands[0][1], 0)
        (True, False)
        """
        return self.colour is not None and self._only_a_bluff(card, seat)

    def turn_moves(self) -> tuple[Move, ...]:
        """The moves of the player the game waits for (:attr:`actor`): card
        plays first, in card order (R, Y, G, B; numbers, actions, black), then
        the other moves (draw, pass, challenge, …).  The tuple is shared
        between games, so it can never change."""
        cached = self._cache
        if cached is None:
            self.turn_plays()
            cached = self._cache
        return cached  # type: ignore[return-value]

    def turn_plays(self) -> tuple[Move, ...]:
        """The card plays among :meth:`turn_moves`: the cards that can be put
        down now, each black card once per colour; empty if none."""
        if self._cache is not None:
            return self._cache_plays
        seat = self.current
        if self.phase is TURN:
            # R-MATCH as bit masks over card values; R-W4-LEGAL removes the +4.
            hmask = self._hmask[seat]
            bits = hmask & self._match
            if not self._bluff and hmask & COLOUR_MASKS[self.colour]:
                bits &= ~W4_BIT
            # The same playable cards always give the same moves: look them up.
            known = self._known[seat]
            entry = known.get(bits)
            if entry is None:
                entry = known[bits] = turn_moves_for(self._plays_by_bit, known, seat, bits,
                                                      self._anytime)
            self._cache, plays = entry
        else:
            self._cache, plays = self._other_moves(seat)
        self._cache_plays = plays
        return plays

    def _other_moves(self, seat: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
        """(moves, card plays) outside the ordinary turn."""
        phase = self.phase
        if phase is PENALTY:
            return self._penalty_moves(seat)
        if phase is DRAWN:
            card = self.drawn_card
            if card is not None and self._playable(card, seat):
                moves, plays = self._drawn_moves[seat][card]
                if self._must_play and not self._only_a_bluff(card, seat):
                    return plays, plays  # V-PLAY-DRAWN-MUST: no keeping it
                return moves, plays
            return (self._pass_moves[seat],), ()
        if phase is Phase.COLOUR:
            return COLOUR_CHOICES[seat], ()
        if phase is ROUND_OVER:
            return (Move.make(DEAL, seat),), ()
        house = self._house.by_phase.get(phase)  # V-SEVEN-ZERO's SWAP, V-SWAP-FIVE's, …
        if house is not None:
            return house.phase_moves(self, seat)
        if phase is Phase.READY:
            return (Move.make(READY, seat),), ()
        return (), ()

    def _penalty_moves(self, seat: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
        """Answers to a pending draw card (V-STACK, V-DEFLECT-2, V-W4-SAVE-2,
        V-REVERSE-BOUNCE, a jump-in with the identical card), then taking the
        cards, then a challenge."""
        card = self.pending_card
        hand = self.hands[seat]
        table = self._plays[seat]
        answers: list[Move] = []
        if card is not None and self._answers:
            for c in hand:
                if self._answers_with(card, c, seat):
                    for move in table[c]:
                        if move not in answers:
                            answers.append(move)
        answers.sort(key=move_order)
        rest = [self._draw_moves[seat]]
        if card is not None and card.rank == "W+4" and self._w4 is not None:
            rest.append(Move.make(CHALLENGE, seat))
        return tuple(answers + rest), tuple(answers)

    def _answers_with(self, pending: Card, card: Card, seat: int) -> bool:
        """May ``card`` answer the pending draw card ``pending``?"""
        if card.rank == "W+4" and not self._bluff and \
                self._hmask[seat] & COLOUR_MASKS[self.colour]:
            return False  # R-W4-LEGAL holds for a stacked +4 too
        # V-STACK, V-DEFLECT-2, V-W4-SAVE-2, V-JUMP-IN, V-REVERSE-BOUNCE
        return any(house.answers(self, pending, card, seat) for house in self._house.answering)

    def jump_in_moves(self, seat: int | None = None) -> list[Move]:
        """V-JUMP-IN: out-of-turn plays of a card identical to the top discard
        (by ``seat``, or by anyone); with V-DOUBLES its own player may play the
        second copy.  Also V-REVERSE-BOUNCE: the player just skipped may send
        the Skip back with a Reverse of its colour."""
        out: list[Move] = []
        phase = self.phase
        if phase not in TURN_PHASES or self.top_by < 0:
            return out
        for house in self._house.jumping:  # V-JUMP-IN, V-DOUBLES, V-REVERSE-BOUNCE
            house.jump_ins(self, seat, out)
        return out

    def uno_moves(self, seat: int | None = None) -> list[Move]:
        """R-UNO: calling "UNO!" (the player with one card) or catching them."""
        p = self.uno_open
        if p < 0:
            return []
        seats = range(self.n) if seat is None else (seat,)
        return [Move.make(UNO, s) if s == p else Move.make(CATCH, s, target=p) for s in seats]

    def table_moves(self, seat: int | None = None) -> list[Move]:
        """Table talk (docs/rules.md §10): speaking in a silence (T-SILENT-TWOS),
        advising the player to move (T-ADVICE), being slowest to slap an
        UNO! call (T-UNO-CENTER)."""
        if not self._talk or self.phase is ROUND_OVER or self.phase is GAME_OVER:
            return []
        seats = range(self.n) if seat is None else (seat,)
        out: list[Move] = []
        for s in seats:
            if self._is_out[s]:
                continue  # V-TO-THE-LAST: out of the round, out of the talk
            if self._silence is not None:
                out.append(Move.make(SPEAK, s))
            if self.rules.advice and s != self.current:
                out.append(Move.make(ADVISE, s))
            if self._slap >= 0 and s != self._slap:
                out.append(Move.make(SLOW, s))
        return out

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move now, of every player (or of ``seat``): the turn
        moves of :attr:`actor`, then jump-ins, UNO calls and catches, table talk."""
        if self.phase is GAME_OVER:
            return []
        out: list[Move] = []
        if seat is None or seat == self.current:
            out.extend(self.turn_moves())
        out.extend(self.jump_in_moves(seat))
        out.extend(self.uno_moves(seat))
        out.extend(self.table_moves(seat))
        return out

    def is_legal(self, move: Move) -> bool:
        if move.player == self.current and move in self.turn_moves():
            return True
        p = move.player
        if not 0 <= p < self.n:
            return False
        return (move in self.jump_in_moves(p) or move in self.uno_moves(p)
                or move in self.table_moves(p))

    def _anyone_can_play(self) -> bool:
        """Whether any player still in the round holds a card they may play
        on the top card (R-MATCH, R-W4-LEGAL)."""
        colour = COLOUR_MASKS[self.colour]
        for seat, bits in enumerate(self._hmask):
            if self._is_out[seat]:
                continue
            bits &= self._match
            if not self._bluff and bits & colour:
                bits &= ~W4_BIT
            if bits:
                return True
        return False
