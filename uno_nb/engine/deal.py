"""Setting up a round: the seeded chance events, choosing the dealer (R-DEALER),
the deal (R-DEAL) and the start card (R-START, R-START-EFFECT, V-START-NUMBER)."""

from __future__ import annotations

from typing import ClassVar

import random

from . import events as ev
from .cards import Card
from .state import HAND_SIZE, GameState, Phase, mask_of, mix

__all__ = ["Dealing", "mix"]


class Dealing(GameState):
    """A part of :class:`uno_nb.engine.game.Game` (see the module's docstring)."""

    __slots__ = ()
    #: The fields only this part changes (see uno_nb.engine.state.TABLE): the dealer, the round's
    #: number and the cards it is played with.
    OWNS: ClassVar[tuple[str, ...]] = ("dealer", "round_no", "_deck")

    def _choose_dealer(self, rng: random.Random) -> None:
        """R-DEALER: everyone draws a card, the highest number deals (action and
        black cards count 0); tied players draw again from the same pile."""
        pile = list(self._deck)
        r = rng.random
        draws: list[tuple[int, Card]] = []
        contenders = list(range(self.n))
        while True:
            values = {}
            for seat in contenders:
                card = pile.pop(int(r() * len(pile)))
                draws.append((seat, card))
                values[seat] = card.number or 0
            best = max(values.values())
            contenders = [seat for seat in contenders if values[seat] == best]
            if len(contenders) == 1:
                break
        self.dealer = contenders[0]
        if self.record:
            self._log(ev.DealerChosen(tuple(draws), self.dealer, rule="R-DEALER"))

    def _deal_round(self, dealer: int, rng: random.Random | None = None,
                    first: int | None = None) -> None:
        """R-DEAL and R-START for a new round dealt by ``dealer`` (shuffling with
        ``rng``, else with the next chance RNG); ``first`` plays first (V-LAZY),
        by default the player left of the dealer."""
        n = self.n
        self.round_no += 1
        self.dealer = dealer
        self._deck = self._full_deck  # a round after a set-up position uses the whole deck
        deck = list(self._deck)
        self._shuffle(deck, rng)
        # One card at a time, starting left of the dealer, from the top (end).
        dealt = deck[:-HAND_SIZE * n - 1:-1]
        del deck[-HAND_SIZE * n:]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(n):
            hands[(dealer + 1 + i) % n] = dealt[i::n]
        self.hands = hands
        self._hmask = [mask_of(h) for h in hands]
        self.draw_pile = deck
        self.discard = []
        self._new_round()  # the fields uno_nb.engine.state.POSITION resets at each deal
        if first is None:
            first = (dealer + 1) % n
        self.current = first
        if self.record:
            self._log(ev.Dealt(self.round_no, dealer, tuple(tuple(h) for h in hands), rule="R-DEAL"))
        by_number = self.rules.start_card == "number"
        while True:
            top = self.draw_pile.pop()
            if not ((top.is_black and top.draw) or (by_number and not top.is_number)):
                break
            # V-START-NUMBER / R-START-EFFECT (+4 case): back in, reshuffle, turn again.
            self.draw_pile.append(top)
            self._shuffle(self.draw_pile)
            rule = "V-START-NUMBER" if by_number else "R-START-EFFECT"
            self._fired[rule] += 1
            if self.record:
                self._log(ev.StartCardReturned(top, rule=rule))
        self.discard.append(top)
        if top.colour is not None:
            self._set_colour(top.colour)
        else:  # a Wild: no colour is in force until the first player chooses one
            self.colour = None
            self._match = 0
        if self.record:
            self._log(ev.StartCard(top, first, rule="R-START"))
        if top.is_number:
            return
        self._fired["R-START-EFFECT"] += 1
        rank = top.rank
        if rank == "W":
            self.phase = Phase.COLOUR
            if self.record:
                self._log(ev.note("start_wild", "R-START-EFFECT", player=first))
        elif rank == "S":
            if self.record:
                self._skip(first, "R-START-EFFECT")
            self.current = (first + 1) % n
        elif rank == "R":
            self.direction = -1
            self.current = (first - 1) % n
            if self.record:
                self._log(ev.Reversed(first, -1, self.current, rule="R-START-EFFECT"))
        else:  # a coloured draw card: +2 (or +1 in the H2O deck)
            self._draw_cards(first, top.draw, "start", "R-START-EFFECT")
            if self.record:
                self._skip(first, "R-START-EFFECT")
            self.current = (first + 1) % n
