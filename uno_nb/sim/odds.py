"""Exact card odds, by counting (hypergeometric and multivariate forms).

Every function returns a :class:`fractions.Fraction` (or a distribution of
them), so the numbers are exact; ``float(x)`` gives a decimal.  The matching
simulations are in :mod:`uno_nb.sim.montecarlo`.

Two kinds of question are answered:

* **Before the deal** — what a 7-card opening hand holds, what its points
  are, what the start card is (:func:`opening_hand`, :func:`opening_points`,
  :func:`start_card_odds`).
* **In a position, as one player sees it** (card counting) — the cards a
  player cannot see are their own complement: the deck less their hand and
  the discard pile.  Those unseen cards are spread over the draw pile and the
  other hands, and as far as the player knows every arrangement is equally
  likely, so a draw is a uniform pick from the unseen cards and an opponent's
  hand a uniform subset of them (:func:`chance_draw_playable`,
  :func:`draws_until_playable`, :func:`chance_opponent_holds`,
  :func:`challenge_success_chance`).

>>> from fractions import Fraction
>>> opening_hand("wild", exactly=0) == Fraction(comb(100, 7), comb(108, 7))
True
>>> round(float(opening_hand("wild", at_least=1)), 4)
0.4259
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb
from typing import Callable, Iterable, Mapping, Sequence

from ..engine.cards import ALL_CARDS, COLOURS, Card, Colour, build_deck, parse_colour
from ..engine.view import PlayerView

__all__ = [
    "KINDS", "kind_predicate", "hypergeometric", "at_least",
    "opening_hand", "opening_hand_distribution", "opening_points", "mean_opening_points",
    "start_card_odds", "unseen_cards", "playable_predicate",
    "chance_holds_playable", "chance_draw_playable", "draws_until_playable",
    "chance_opponent_holds", "challenge_success_chance",
    "kind_count", "hypergeometric_distribution", "hypergeometric_mean", "unseen_counts",
    "challenge_break_even", "challenge_expected_draws",
]

HAND = 7

#: Named kinds of card, for questions like "how many Wilds in my hand?".
KINDS: dict[str, Callable[[Card], bool]] = {
    "wild": lambda c: c.is_black,                       # W and W+4
    "wild4": lambda c: c.rank == "W+4",
    "action": lambda c: c.rank in ("S", "R", "+2"),
    "number": lambda c: c.is_number,
    "draw2": lambda c: c.rank == "+2",
    "draw": lambda c: c.draw > 0,                       # +2 and +4
    "skip": lambda c: c.rank == "S",
    "reverse": lambda c: c.rank == "R",
    "zero": lambda c: c.rank == "0",
}


def kind_predicate(kind: str | Colour | Callable[[Card], bool]) -> Callable[[Card], bool]:
    """A kind name (``"wild"``, ``"action"``, …), a colour (``"R"``,
    ``Colour.RED``: cards of that colour) or any predicate on cards."""
    if callable(kind) and not isinstance(kind, (str, Colour)):
        return kind
    if isinstance(kind, Colour):
        wanted = kind
        return lambda c: c.colour == wanted
    key = str(kind).strip().lower()
    if key in KINDS:
        return KINDS[key]
    try:
        colour = parse_colour(key)
    except ValueError:
        raise ValueError(f"unknown kind of card {kind!r}: use one of {', '.join(KINDS)}, "
                         "a colour (R, Y, G, B) or a function of a card") from None
    return lambda c: c.colour == colour


def hypergeometric(k: int, population: int, successes: int, draws: int) -> Fraction:
    """P(exactly ``k`` successes) drawing ``draws`` cards without replacement
    from ``population`` cards of which ``successes`` are successes."""
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError("need 0 <= successes, draws <= population")
    if k < 0 or k > draws or k > successes or draws - k > population - successes:
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(population - successes, draws - k),
                    comb(population, draws))


def at_least(k: int, population: int, successes: int, draws: int) -> Fraction:
    """P(at least ``k`` successes), same setting as :func:`hypergeometric`."""
    return sum((hypergeometric(j, population, successes, draws)
                for j in range(max(k, 0), draws + 1)), Fraction(0))


def hypergeometric_distribution(population: int, successes: int, draws: int) -> dict[int, Fraction]:
    """The whole hypergeometric law: {k: P(exactly k successes)} for every k
    from 0 to ``min(draws, successes)``, summing to 1.

    Two successes among five, two drawn: C(2,k)·C(3,2-k)/C(5,2) = 3/10, 6/10, 1/10.

    >>> hypergeometric_distribution(5, 2, 2)
    {0: Fraction(3, 10), 1: Fraction(3, 5), 2: Fraction(1, 10)}
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError("need 0 <= successes, draws <= population")
    return {k: hypergeometric(k, population, successes, draws)
            for k in range(min(draws, successes) + 1)}


def hypergeometric_mean(population: int, successes: int, draws: int) -> Fraction:
    """The expected number of successes: ``draws × successes / population``
    (each card drawn is a success with chance successes/population).

    >>> hypergeometric_mean(108, 8, 7)  # Wild cards in a 7-card hand
    Fraction(14, 27)
    """
    if not 0 <= successes <= population or not 0 <= draws <= population or population == 0:
        raise ValueError("need 0 <= successes, draws <= population and population > 0")
    return Fraction(draws * successes, population)


def kind_count(kind: str | Colour | Callable[[Card], bool],
               deck: Iterable[Card] | None = None) -> int:
    """How many cards of a kind the deck holds.

    >>> [kind_count(k) for k in ("wild", "wild4", "action", "draw2", "R", "number", "zero")]
    [8, 4, 24, 8, 25, 76, 4]
    """
    pred = kind_predicate(kind)
    return sum(1 for c in _deck(deck) if pred(c))


def _deck(deck: Iterable[Card] | None) -> list[Card]:
    return list(build_deck() if deck is None else deck)


def opening_hand(kind: str | Colour | Callable[[Card], bool], *, exactly: int | None = None,
                 at_least: int | None = None, hand_size: int = HAND,
                 deck: Iterable[Card] | None = None) -> Fraction:
    """The chance that a fresh ``hand_size``-card hand holds ``exactly`` (or
    ``at_least``) that many cards of a kind.

    >>> opening_hand("R", at_least=1) == 1 - Fraction(comb(83, 7), comb(108, 7))
    True
    """
    if (exactly is None) == (at_least is None):
        raise ValueError("give exactly one of exactly= or at_least=")
    cards = _deck(deck)
    pred = kind_predicate(kind)
    good = sum(1 for c in cards if pred(c))
    if exactly is not None:
        return hypergeometric(exactly, len(cards), good, hand_size)
    assert at_least is not None
    return _at_least(at_least, len(cards), good, hand_size)


_at_least = at_least


def opening_hand_distribution(kind: str | Colour | Callable[[Card], bool], *,
                              hand_size: int = HAND,
                              deck: Iterable[Card] | None = None) -> dict[int, Fraction]:
    """How many cards of a kind a fresh hand holds: {k: chance}, summing to 1."""
    cards = _deck(deck)
    pred = kind_predicate(kind)
    good = sum(1 for c in cards if pred(c))
    return {k: hypergeometric(k, len(cards), good, hand_size) for k in range(hand_size + 1)}


def opening_points(hand_size: int = HAND, deck: Iterable[Card] | None = None) -> dict[int, Fraction]:
    """The exact distribution of the points (R-VALUES) in a fresh hand:
    {points: chance}.  A multivariate hypergeometric over the point values,
    summed by dynamic programming: ways[cards][points] = number of hands."""
    groups = Counter(c.points for c in _deck(deck))
    total_cards = sum(groups.values())
    ways: list[dict[int, int]] = [dict() for _ in range(hand_size + 1)]
    ways[0][0] = 1
    for value, count in sorted(groups.items()):
        new: list[dict[int, int]] = [dict() for _ in range(hand_size + 1)]
        for taken, row in enumerate(ways):
            for points, n in row.items():
                for k in range(0, min(count, hand_size - taken) + 1):
                    slot = new[taken + k]
                    key = points + k * value
                    slot[key] = slot.get(key, 0) + n * comb(count, k)
        ways = new
    whole = comb(total_cards, hand_size)
    return {points: Fraction(n, whole) for points, n in sorted(ways[hand_size].items())}


def mean_opening_points(hand_size: int = HAND, deck: Iterable[Card] | None = None) -> Fraction:
    """Expected points of a fresh hand: ``hand_size`` times the deck's mean card value."""
    cards = _deck(deck)
    return Fraction(hand_size * sum(c.points for c in cards), len(cards))


def start_card_odds(start_card: str = "effect",
                    deck: Iterable[Card] | None = None) -> dict[str, Fraction]:
    """What the start card does to the first turn (R-START-EFFECT), as
    chances: ``number`` (the first player simply plays), ``draw_two`` (draws 2
    and is skipped), ``skip`` (skipped), ``reverse`` (the dealer plays first,
    counter-clockwise), ``wild`` (chooses the colour, then plays).

    Under R-START-EFFECT a Wild Draw Four is put back and the pile shuffled,
    so the start card is uniform over the other cards: a number with chance
    76/104.  Under V-START-NUMBER (``start_card="number"``) every non-number
    goes back, so the first turn is always an ordinary one.

    >>> start_card_odds()["number"]
    Fraction(19, 26)
    """
    cards = [c for c in _deck(deck) if c.rank != "W+4"]
    if start_card == "number":
        return {"number": Fraction(1), "draw_two": Fraction(0), "skip": Fraction(0),
                "reverse": Fraction(0), "wild": Fraction(0)}
    if start_card != "effect":
        raise ValueError(f"start_card is 'effect' or 'number', got {start_card!r}")
    n = len(cards)
    count = Counter("number" if c.is_number else {"+2": "draw_two", "S": "skip", "R": "reverse",
                                                   "W": "wild"}.get(c.rank, "other")
                    for c in cards)
    return {key: Fraction(count[key], n) for key in ("number", "draw_two", "skip", "reverse", "wild")}


# -------------------------------------------------------------- card counting

def unseen_cards(view: PlayerView) -> list[Card]:
    """The cards ``view``'s player cannot see: the game's cards less their own
    hand and the discard pile (the draw pile and the other hands, mixed)."""
    return view.unseen()


def playable_predicate(view: PlayerView) -> Callable[[Card], bool]:
    """R-MATCH in the view's position: the colour in force, the top card's
    number or symbol, or any black card."""
    colour, rank = view.colour, view.top.rank
    return lambda c: c.is_black or c.colour == colour or c.rank == rank


def unseen_counts(view: PlayerView,
                  kind: str | Colour | Callable[[Card], bool]) -> tuple[int, int]:
    """``(unseen, matching)``: how many cards the view's player cannot see,
    and how many of those are of a kind (a kind name, a colour or a predicate,
    e.g. :func:`playable_predicate`).  The numbers behind every chance below.

    >>> from uno_nb import Game
    >>> g = Game.from_position(hands=["R1 G2", "B3 B4"], discard="R5", draw_pile="Y7 R8")
    >>> unseen_counts(g.view(0), "B"), unseen_counts(g.view(0), playable_predicate(g.view(0)))
    ((4, 2), (4, 1))
    """
    return _counts(view, kind_predicate(kind))


def _counts(view: PlayerView, pred: Callable[[Card], bool]) -> tuple[int, int]:
    unseen = view.unseen()
    return len(unseen), sum(1 for c in unseen if pred(c))


def chance_holds_playable(view: PlayerView, seat: int | None = None) -> Fraction:
    """The chance that ``seat`` (default: the view's own player) holds a card
    that can be played now.  For one's own hand this is 0 or 1; for another
    player it is a hypergeometric chance over the unseen cards."""
    pred = playable_predicate(view)
    if seat is None or seat == view.seat:
        return Fraction(1 if any(pred(c) for c in view.hand) else 0)
    return chance_opponent_holds(view, seat, pred)


def chance_draw_playable(view: PlayerView) -> Fraction:
    """The chance that the next card drawn can be played: playable unseen
    cards over all unseen cards.

    >>> from uno_nb import Game
    >>> g = Game.from_position(hands=["R1 G2", "B3 B4"], discard="R5", draw_pile="Y7 Y8")
    >>> chance_draw_playable(g.view(0))  # unseen: B3 B4 Y7 Y8, none red or 5
    Fraction(0, 1)
    """
    unseen, good = _counts(view, playable_predicate(view))
    if unseen == 0:
        return Fraction(0)
    return Fraction(good, unseen)


def draws_until_playable(view: PlayerView, max_draws: int | None = None) -> dict[int | None, Fraction]:
    """The distribution of the number of draws until the first playable card
    (as under V-DRAW-UNTIL-PLAYABLE): {k: chance that draw k is the first
    playable one}, and ``None``: the chance that none of ``max_draws`` draws
    (default: the draw pile's size) is playable.  A negative hypergeometric:
    the draws are a uniform sequence without replacement from the unseen cards.

    With R5 on top and the other 107 cards unseen, 38 match, so the chance
    that 6 draws all miss is C(69,6)/C(107,6):

    >>> from uno_nb import Game, build_deck, parse_card
    >>> deck = build_deck(); deck.remove(parse_card("R5"))
    >>> g = Game.from_position(hands=[[], []], discard="R5", draw_pile=deck)
    >>> miss6 = draws_until_playable(g.view(0), max_draws=6)[None]
    >>> miss6 == Fraction(comb(69, 6), comb(107, 6)), round(float(miss6), 4)
    (True, 0.0663)
    """
    unseen, good = _counts(view, playable_predicate(view))
    if max_draws is None:
        max_draws = view.draw_pile_size
    max_draws = max(0, min(max_draws, unseen))
    out: dict[int | None, Fraction] = {}
    miss = Fraction(1)  # chance that the first k-1 draws all missed
    for k in range(1, max_draws + 1):
        left = unseen - (k - 1)
        out[k] = miss * Fraction(good, left)
        miss *= Fraction(left - good, left)
    out[None] = miss
    return out


def chance_opponent_holds(view: PlayerView, seat: int,
                          kind: str | Colour | Callable[[Card], bool]) -> Fraction:
    """The chance that ``seat`` holds at least one card of a kind (a colour,
    ``"draw2"``, ``"wild4"``, ``"draw"`` for +2 or +4, or any predicate):
    1 - C(U-K, h) / C(U, h) with U unseen cards, K of them of the kind and h
    the opponent's hand size (R-OPEN-HANDS)."""
    if seat == view.seat:
        raise ValueError("that is the view's own seat: look at view.hand")
    pred = kind_predicate(kind)
    unseen, good = _counts(view, pred)
    held = view.hand_sizes[seat]
    if held > unseen:
        raise ValueError(f"seat {seat} holds {held} cards but only {unseen} are unseen")
    return 1 - hypergeometric(0, unseen, good, held)


def challenge_success_chance(view: PlayerView) -> Fraction:
    """R-CHALLENGE from the challenger's seat: the chance that the player of
    the pending Wild Draw Four held a card of the colour before it (their hand
    is a uniform subset of the cards the challenger cannot see).  Zero when
    there is nothing to challenge."""
    info = view.challengeable
    if info is None:
        return Fraction(0)
    accused, colour = info
    return chance_opponent_holds(view, accused, colour)


def challenge_break_even(pending: int = 4) -> Fraction:
    """The chance of a bluff above which challenging draws fewer cards on
    average: taking costs ``pending`` cards, a failed challenge
    ``pending + 2`` (R-CHALLENGE-INNOCENT) and a successful one none, so
    challenging pays when (1 - p)·(pending + 2) < pending, i.e.
    p > 2 / (pending + 2): one in three for a plain Wild Draw Four.

    >>> challenge_break_even(), challenge_break_even(8)
    (Fraction(1, 3), Fraction(1, 5))
    """
    if pending < 0:
        raise ValueError(f"pending must be at least 0, got {pending}")
    return Fraction(2, pending + 2)


def challenge_expected_draws(view: PlayerView) -> dict[str, Fraction]:
    """R-CHALLENGE as a bet, from the challenger's seat: the expected number
    of cards the challenger draws if they ``"take"`` the cards (all the
    pending ones, for sure) and if they ``"challenge"`` (none when the player
    of the Wild Draw Four held the colour, the pending cards plus 2 when not),
    with the chance of a bluff from :func:`challenge_success_chance`.

    >>> from uno_nb import Game
    >>> g = Game.from_position(hands=["W+4 G1 G2 G3", "B1 B2", "Y1 Y2"], discard="R5",
    ...                        draw_pile="R1 R2 Y3 Y4 Y5 Y6")
    >>> g.push("W+4>B")
    >>> p = challenge_success_chance(g.view(1))   # 2 red among 11 unseen, 3 held
    >>> p == 1 - Fraction(comb(9, 3), comb(11, 3))
    True
    >>> challenge_expected_draws(g.view(1)) == {"take": 4, "challenge": 6 * (1 - p)}
    True
    """
    if view.challengeable is None:
        raise ValueError("there is no Wild Draw Four to challenge in this position")
    pending = view.pending
    bluff = challenge_success_chance(view)
    return {"take": Fraction(pending), "challenge": (1 - bluff) * (pending + 2)}
