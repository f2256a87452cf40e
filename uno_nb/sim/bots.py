"""Bots: players that see only a :class:`~uno_nb.engine.view.PlayerView`.

A bot answers two questions: which of its legal moves to make
(:meth:`Bot.choose`) and whether to jump in out of turn
(:meth:`Bot.wants_jump_in`).  Each gets the runner's seeded ``random.Random``,
so a game between bots is reproducible.  Calling "UNO!" and catching a missed
call are not the bot's choice: the runner models them with each seat's
traits (T-UNO-CATCH, :mod:`uno_nb.sim.table`).
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from ..engine.cards import COLOURS, Card, Colour
from ..engine.state import Phase
from ..engine.moves import CHALLENGE, DEAL, DRAW, PASS, PLAY, READY, SWAP, Move
from .odds import challenge_success_chance
from ..engine.view import PlayerView

__all__ = ["Bot", "RandomBot", "HeuristicBot", "make_bot", "BOT_NAMES", "BLUFF_RATES",
           "bluff_rate", "challenge_success_chance"]


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView, moves: Sequence[Move], rng: random.Random) -> Move: ...

    def wants_jump_in(self, view: PlayerView, move: Move, rng: random.Random) -> bool: ...


class RandomBot:
    """Picks uniformly among its legal moves.

    With ``greedy=True`` it picks uniformly among its card plays whenever it
    has one, and otherwise draws: it never draws by choice, always plays a
    playable drawn card and never challenges.  That is how RLCard's random
    agent plays (its legal actions offer "draw" only when nothing can be
    played, and RLCard has no challenge), so benchmarks compare like with like.
    It jumps in with probability ``jump_rate``.
    """

    def __init__(self, greedy: bool = False, jump_rate: float = 0.5) -> None:
        self.greedy = greedy
        self.jump_rate = jump_rate
        self.name = "random-greedy" if greedy else "random"

    def choose(self, view: PlayerView, moves: Sequence[Move], rng: random.Random) -> Move:
        n = len(moves)
        if self.greedy:
            # Card plays come first in a turn's moves: count them from the end.
            plays = n
            while plays and moves[plays - 1].kind is not PLAY:
                plays -= 1
            if plays:
                n = plays
            elif moves[0].kind is DRAW:  # nothing to play: draw (never challenge)
                return moves[0]
        return moves[int(rng.random() * n)]

    def wants_jump_in(self, view: PlayerView, move: Move, rng: random.Random) -> bool:
        return rng.random() < self.jump_rate

    def __repr__(self) -> str:
        return f"RandomBot(greedy={self.greedy})"


class HeuristicBot:
    """A sensible player: sheds action cards when the next player is close to
    going out and high points otherwise, keeps Wilds for when nothing else
    fits, names its strongest colour, answers draw cards when it can, and
    challenges a Wild Draw Four when the challenge is worth more than it risks
    (success chance above 1/3: a failed challenge costs 2 extra cards, a
    successful one saves 4).  With the house rules it stacks and sends draw
    cards back whenever it can, swaps hands (a 7) with the smallest hand,
    trades a card (a 5) with the player closest to going out and gives away
    its costliest coloured card.

    ``bluff``: the chance that it plays a Wild Draw Four as a bluff when it
    may (R-W4-BLUFF: it holds a card of the colour in force, and the rules
    let a +4 be played all the same), asked afresh at each such chance: on
    its turn, on a card it has just drawn, and laid on a pending draw under
    V-STACK and its kin.  At 0 it never bluffs anywhere, and every challenge
    of its +4 fails.  ``None``, the default, is the bot the simulations and
    the lab have always played: it never bluffs on its turn, but it keeps
    a drawn +4 and answers a pending draw with its best card even when that
    is a bluff, and it never draws from the generator for it: its moves and
    its use of ``rng`` are those of the compiled twin (:mod:`uno_nb.kernel`),
    which plays only this bot.  The play page lets a class choose a rate
    (:data:`BLUFF_RATES`).

    >>> HeuristicBot().bluff, HeuristicBot(bluff=0.25).name
    (None, 'heuristic')
    """

    name = "heuristic"

    def __init__(self, bluff: float | None = None) -> None:
        if bluff is not None and not 0.0 <= bluff <= 1.0:
            raise ValueError(f"bluff must be a chance from 0 to 1, got {bluff!r}")
        self.bluff = None if bluff is None else float(bluff)

    def choose(self, view: PlayerView, moves: Sequence[Move], rng: random.Random) -> Move:
        phase = view.phase
        if len(moves) == 1:
            return moves[0]
        plays = [m for m in moves if m.kind is PLAY]
        if self.bluff is not None and phase is not Phase.TURN:
            plays = self._honest(view, plays, rng)  # a drawn +4, or one laid on a draw
        if phase is Phase.PENALTY:
            if plays:
                return self._best_play(view, plays)
            challenge = [m for m in moves if m.kind is CHALLENGE]
            if challenge and challenge_success_chance(view) > 1 / 3:
                return challenge[0]
            return next(m for m in moves if m.kind is DRAW)
        if phase is Phase.COLOUR:
            best = self._strongest(view.hand)
            return next(m for m in moves if m.colour == best)
        if phase is Phase.SWAP or phase is Phase.EXCHANGE:
            # A 7: take the smallest hand.  A 5: trade with the player closest
            # to going out (their cards are what they need).
            swaps = [m for m in moves if m.kind is SWAP]
            sizes = view.hand_sizes
            if phase is Phase.EXCHANGE and not swaps:
                return moves[-1]
            return min(swaps, key=lambda m: (sizes[m.target], m.target))  # type: ignore[index]
        if phase is Phase.GIVE:
            # Give away the costliest card that is not black (keep the Wilds).
            return max(moves, key=lambda m: (not m.card.is_black, m.card.points,  # type: ignore[union-attr]
                                             -m.card.index))  # type: ignore[union-attr]
        if plays:
            coloured = [m for m in plays if m.card is not None and not m.card.is_black]
            if self.bluff and phase is Phase.TURN and coloured:
                # R-W4-BLUFF: a +4 among the plays while a coloured card fits
                # (one of the colour in force, or a matching symbol: the
                # engine lists the +4 only when it is a bluff or allowed)
                fours = [m for m in plays if m.card is not None and view.is_bluff(m.card)]
                if fours and rng.random() < self.bluff:
                    return self._best_play(view, fours)
            if coloured or phase is Phase.DRAWN:
                return self._best_play(view, coloured or plays)
            # Only black cards fit: play one rather than draw.
            return self._best_play(view, plays)
        for kind in (DEAL, READY, PASS, DRAW):
            for move in moves:
                if move.kind is kind:
                    return move
        return moves[0]

    def wants_jump_in(self, view: PlayerView, move: Move, rng: random.Random) -> bool:
        return True

    def _honest(self, view: PlayerView, plays: list[Move], rng: random.Random) -> list[Move]:
        """The plays without the bluffs, unless the bot bluffs this time (its
        rate; at 0 it never does, and draws nothing from ``rng``)."""
        honest = [m for m in plays if m.card is None or not view.is_bluff(m.card)]
        if len(honest) == len(plays) or (self.bluff and rng.random() < self.bluff):
            return plays
        return honest

    @staticmethod
    def _strongest(hand: Sequence[Card], without: Card | None = None) -> Colour:
        counts = {c: 0 for c in COLOURS}
        points = {c: 0 for c in COLOURS}
        skipped = False
        for card in hand:
            if card is without and not skipped:
                skipped = True
                continue
            if card.colour is not None:
                counts[card.colour] += 1
                points[card.colour] += card.points
        return max(COLOURS, key=lambda c: (counts[c], points[c], -c))

    def _best_play(self, view: PlayerView, plays: Sequence[Move]) -> Move:
        sizes = view.hand_sizes
        threat = sizes[view.next_seat()] <= 2
        hand = view.hand

        def score(move: Move) -> tuple[float, ...]:
            card = move.card
            assert card is not None
            if card.is_black:
                wanted = self._strongest(hand, card)
                right_colour = 1 if move.colour == wanted else 0
                # Keep black cards: play them last, the +4 when it hurts most.
                attack = 1 if (threat and card.draw) else 0
                return (0 + attack * 3, right_colour, -card.draw * (1 - attack))
            attack = 1 if (threat and card.rank in ("+2", "S", "R")) else 0
            same = sum(1 for c in hand if c.colour == card.colour)
            return (1 + attack * 2, 1, card.points + same * 0.5)

        best = max(plays, key=score)
        return best


def bluff_rate(word: str) -> float:
    """The bluff rate of a word of the play page's menu (:data:`BLUFF_RATES`)."""
    for name, rate in BLUFF_RATES:
        if name == word:
            return rate
    raise ValueError(f"unknown bluff setting {word!r}: choose one of "
                     f"{', '.join(n for n, _ in BLUFF_RATES)}")


#: How often a bot bluffs with a Wild Draw Four when it may: the play page's
#: menu (never, sometimes, often) and the chance at each such chance.  A bot
#: holding a +4 meets a chance on most turns, so the rate per chance is
#: lower than the share of bluffs it makes: among three such bots (standard
#: rules, 300 seeded games) about half the Wild Draw Fours played are bluffs
#: with "sometimes" (52%) and nearly three in four with "often" (72%).
#: "Sometimes" puts the share above the one in three at which a challenge
#: starts to pay, yet a challenge still fails about half the time: the
#: decision is a real one, and the chance the odds lesson works out (a hand
#: dealt at random holds the colour) is roughly what "often" gives.
BLUFF_RATES: tuple[tuple[str, float], ...] = (("never", 0.0), ("sometimes", 0.25),
                                             ("often", 0.5))

BOT_NAMES = ("random", "random-greedy", "heuristic")


def make_bot(name: str, bluff: float | None = None) -> Bot:
    """A bot by name: ``random``, ``random-greedy`` or ``heuristic``
    (``bluff``: the heuristic bot's bluff rate, :class:`HeuristicBot`; the
    random bots ignore it: they play a bluff as any other legal move)."""
    key = name.strip().lower()
    if key == "random":
        return RandomBot()
    if key in ("random-greedy", "greedy"):
        return RandomBot(greedy=True)
    if key == "heuristic":
        return HeuristicBot(bluff)
    raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOT_NAMES)}")
