"""Monte Carlo estimates of the same quantities as :mod:`uno_nb.sim.odds`.

Each estimator deals or re-deals cards with a seeded RNG and returns an
:class:`Estimate`: the estimate, its standard error and a confidence
interval (Wilson's for proportions), so a notebook can show the exact value
and the simulation side by side, and how the estimate closes in on it
(:func:`convergence`).

* Opening hands and start cards are dealt by the engine itself
  (``Game(rules, players, seed)``), one hand per game so samples are independent.
* Questions about a position re-deal what the player cannot see: the unseen
  cards are shuffled and split into the other hands and the draw pile, which
  is exactly the uncertainty the exact functions count.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import hypot, sqrt
from statistics import NormalDist, fmean, stdev
from typing import Callable, Iterable, Mapping, Sequence

from ..engine.cards import Card, Colour, build_deck
from ..engine.game import Game
from .odds import kind_predicate, playable_predicate
from ..engine.rules import RuleSet
from ..engine.view import PlayerView

__all__ = ["Estimate", "proportion", "mean_of", "z_value", "difference", "convergence",
           "simulate_opening_hand", "simulate_opening_points", "simulate_start_card",
           "simulate_draw_playable", "simulate_draws_until_playable",
           "simulate_opponent_holds", "simulate_challenge_success",
           "deal_counts", "frequencies", "challenge_draws", "simulate_challenge_draws"]


@dataclass(frozen=True)
class Estimate:
    """A simulated quantity: ``estimate`` ± ``stderr``, and the interval
    [``low``, ``high``] at ``confidence``, from ``n`` samples."""

    estimate: float
    stderr: float
    low: float
    high: float
    n: int
    confidence: float

    def contains(self, value: float | Fraction) -> bool:
        return self.low <= float(value) <= self.high

    def __str__(self) -> str:
        return (f"{self.estimate:.4f} ± {self.stderr:.4f} "
                f"({self.confidence:.0%} interval {self.low:.4f}–{self.high:.4f}, n={self.n})")


def z_value(confidence: float) -> float:
    """The normal quantile of a two-sided interval at ``confidence`` (1.96 for 95%)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def proportion(hits: int, n: int, confidence: float = 0.95) -> Estimate:
    """A proportion with Wilson's score interval (good even near 0 and 1)."""
    if n <= 0 or not 0 <= hits <= n:
        raise ValueError(f"need 0 <= hits <= n and n > 0, got hits={hits}, n={n}")
    z = z_value(confidence)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == n else min(1.0, centre + half)
    return Estimate(p, sqrt(p * (1 - p) / n), low, high, n, confidence)


def mean_of(values: Sequence[float], confidence: float = 0.95) -> Estimate:
    """A mean with a normal-approximation interval (mean ± z·sd/√n)."""
    n = len(values)
    if n < 2:
        raise ValueError("a mean with an interval needs at least 2 values")
    m = fmean(values)
    se = stdev(values) / sqrt(n)
    z = z_value(confidence)
    return Estimate(m, se, m - z * se, m + z * se, n, confidence)


def difference(a: Estimate, b: Estimate) -> Estimate:
    """``b − a`` with its interval at the confidence of ``a``, the two
    standard errors combined as if the samples were independent.

    The lab's table (``uno_nb.widgets.lab_app``) does not use it when it has
    the games: both rule sets are played on the same deals, and
    :func:`uno_nb.lab.paired_differences` works the difference out deal by
    deal, with the narrower interval that pairing gives
    (``figure_rows(..., paired=…)``).  Without the games (two summaries only)
    this is the cautious interval: wider than the paired one, so a difference
    it calls clear is clear.

    >>> a = Estimate(0.25, 0.03, 0.19, 0.31, 1000, 0.95)
    >>> d = difference(a, Estimate(0.35, 0.04, 0.27, 0.43, 800, 0.95))
    >>> round(d.estimate, 2), d.stderr, round(d.low, 3), round(d.high, 3), d.n
    (0.1, 0.05, 0.002, 0.198, 800)
    """
    diff = b.estimate - a.estimate
    stderr = hypot(a.stderr, b.stderr)
    half = z_value(a.confidence) * stderr
    return Estimate(diff, stderr, diff - half, diff + half, min(a.n, b.n), a.confidence)


def convergence(hits: Iterable[bool], checkpoints: Sequence[int],
                confidence: float = 0.95) -> list[Estimate]:
    """The running estimate of a proportion after each of ``checkpoints``
    samples (for a chart of an estimate closing in on the exact value)."""
    out = []
    count = seen = 0
    marks = sorted(set(checkpoints))
    it = iter(hits)
    for mark in marks:
        for hit in it:
            seen += 1
            count += bool(hit)
            if seen == mark:
                break
        if seen < mark:
            break
        out.append(proportion(count, seen, confidence))
    return out


def _games(rules: RuleSet | str | None, players: int, n: int, seed: int) -> Iterable[Game]:
    for i in range(n):
        yield Game(rules, players, seed + i, max_rounds=1, record=False)


def _dealt_hand(game: Game) -> list[Card]:
    """A hand exactly as dealt: the seat two after the dealer is never touched
    by the start card (a start Draw Two hits the seat after the dealer)."""
    return game.hands[(game.dealer + 2) % game.n]


def simulate_opening_hand(kind: str | Colour | Callable[[Card], bool], *,
                          exactly: int | None = None, at_least: int | None = None,
                          n: int = 10_000, seed: int = 0, players: int = 4,
                          rules: RuleSet | str | None = None,
                          confidence: float = 0.95) -> Estimate:
    """Deal ``n`` games and look at one hand of each, as dealt."""
    if (exactly is None) == (at_least is None):
        raise ValueError("give exactly one of exactly= or at_least=")
    pred = kind_predicate(kind)
    hits = 0
    for game in _games(rules, players, n, seed):
        hand = _dealt_hand(game)
        k = sum(1 for c in hand if pred(c))
        hits += (k == exactly) if exactly is not None else (k >= at_least)  # type: ignore[operator]
    return proportion(hits, n, confidence)


def simulate_opening_points(n: int = 10_000, seed: int = 0, players: int = 4,
                            confidence: float = 0.95) -> tuple[Estimate, dict[int, int]]:
    """The mean points of a dealt hand, and how often each total came up."""
    totals = [sum(c.points for c in _dealt_hand(game))
              for game in _games(None, players, n, seed)]
    histogram: dict[int, int] = {}
    for t in totals:
        histogram[t] = histogram.get(t, 0) + 1
    return mean_of(totals, confidence), dict(sorted(histogram.items()))


def simulate_start_card(rules: RuleSet | str | None = None, n: int = 10_000, seed: int = 0,
                        players: int = 4, confidence: float = 0.95) -> dict[str, Estimate]:
    """How often each start-card effect happens (compare :func:`odds.start_card_odds`)."""
    names = {"+2": "draw_two", "S": "skip", "R": "reverse", "W": "wild"}
    counts = dict.fromkeys(("number", "draw_two", "skip", "reverse", "wild"), 0)
    for game in _games(rules, players, n, seed):
        top = game.discard[0]
        counts["number" if top.is_number else names[top.rank]] += 1
    return {key: proportion(hits, n, confidence) for key, hits in counts.items()}


#: Hands are dealt in blocks of this many, each block from its own seeded RNG.
_BLOCK = 100


def deal_counts(kind: str | Colour | Callable[[Card], bool], *, hand_size: int = 7,
                n: int = 1_000, seed: int = 0, start: int = 0,
                deck: Iterable[Card] | None = None) -> Counter[int]:
    """Deal ``n`` independent hands of ``hand_size`` cards (each from a full,
    freshly shuffled deck) and count the cards of a kind in each:
    ``{k: number of hands holding exactly k}``.

    The hands are numbered: these are hands ``start`` … ``start + n - 1`` of
    ``seed``, and hand ``j`` depends on ``seed`` and ``j`` only, so dealing
    in steps adds up to the same hands as dealing at once (an app that deals
    100 hands, then 900 more, shows what 1,000 at once would show).

    >>> a = deal_counts("wild", n=1_000, seed=3)
    >>> a == deal_counts("wild", n=400, seed=3) + deal_counts("wild", n=600, seed=3, start=400)
    True
    >>> sum(a.values())
    1000
    """
    cards = list(build_deck() if deck is None else deck)
    if not 0 <= hand_size <= len(cards):
        raise ValueError(f"a hand holds 0 to {len(cards)} cards, got {hand_size}")
    if n < 0 or start < 0:
        raise ValueError("n and start must be at least 0")
    pred = kind_predicate(kind)
    good = [pred(c) for c in cards]
    indices = range(len(cards))
    counts: Counter[int] = Counter()
    end = start + n
    for block in range(start // _BLOCK, -(-end // _BLOCK)):
        rng = random.Random(f"uno_nb:hands:{seed}:{block}")
        first = block * _BLOCK
        for j in range(first, first + _BLOCK):
            hand = rng.sample(indices, hand_size)
            if start <= j < end:
                counts[sum(good[i] for i in hand)] += 1
    return counts


def frequencies(counts: Mapping[int, int], values: Iterable[int] | None = None,
                confidence: float = 0.95) -> dict[int, Estimate]:
    """How often each value came up among ``sum(counts.values())`` samples,
    as proportions with Wilson intervals: ``{value: Estimate}`` for every
    value in ``values`` (default: those in ``counts``; a value never seen
    gets 0 with its interval).

    >>> f = frequencies({0: 6, 1: 3, 2: 1}, values=range(4))
    >>> [round(e.estimate, 2) for e in f.values()], f[3].low, f[3].n
    ([0.6, 0.3, 0.1, 0.0], 0.0, 10)
    """
    n = sum(counts.values())
    keys = sorted(counts) if values is None else list(values)
    return {k: proportion(counts.get(k, 0), n, confidence) for k in keys}


def _worlds(view: PlayerView, n: int, seed: int) -> Iterable[tuple[list[Card], dict[int, list[Card]]]]:
    """``n`` re-deals of what ``view``'s player cannot see: (draw pile top
    first, {seat: hand}) with the real hand sizes."""
    rng = random.Random(f"uno_nb:worlds:{seed}")
    unseen = view.unseen()
    sizes = view.hand_sizes
    others = [s for s in range(len(sizes)) if s != view.seat]
    for _ in range(n):
        cards = unseen[:]
        rng.shuffle(cards)
        hands = {}
        at = 0
        for s in others:
            hands[s] = cards[at:at + sizes[s]]
            at += sizes[s]
        yield cards[at:], hands


def simulate_draw_playable(view: PlayerView, n: int = 10_000, seed: int = 0,
                           confidence: float = 0.95) -> Estimate:
    pred = playable_predicate(view)
    hits = sum(1 for pile, _ in _worlds(view, n, seed) if pile and pred(pile[0]))
    return proportion(hits, n, confidence)


def simulate_draws_until_playable(view: PlayerView, max_draws: int, n: int = 10_000,
                                  seed: int = 0, confidence: float = 0.95
                                  ) -> dict[int | None, Estimate]:
    """Simulated counterpart of :func:`odds.draws_until_playable` (``None``:
    no playable card in ``max_draws`` draws)."""
    pred = playable_predicate(view)
    counts: dict[int | None, int] = {k: 0 for k in range(1, max_draws + 1)}
    counts[None] = 0
    for pile, _ in _worlds(view, n, seed):
        for k, card in enumerate(pile[:max_draws], start=1):
            if pred(card):
                counts[k] += 1
                break
        else:
            counts[None] += 1
    return {k: proportion(v, n, confidence) for k, v in counts.items()}


def simulate_opponent_holds(view: PlayerView, seat: int,
                            kind: str | Colour | Callable[[Card], bool], n: int = 10_000,
                            seed: int = 0, confidence: float = 0.95) -> Estimate:
    pred = kind_predicate(kind)
    hits = sum(1 for _, hands in _worlds(view, n, seed) if any(pred(c) for c in hands[seat]))
    return proportion(hits, n, confidence)


def simulate_challenge_success(view: PlayerView, n: int = 10_000, seed: int = 0,
                               confidence: float = 0.95) -> Estimate:
    info = view.challengeable
    if info is None:
        raise ValueError("there is no Wild Draw Four to challenge in this position")
    accused, colour = info
    return simulate_opponent_holds(view, accused, colour, n, seed, confidence)


def challenge_draws(success: Estimate, pending: int = 4) -> Estimate:
    """The cards a challenger draws on average, from the simulated chance
    that the challenge succeeds: none when it does, ``pending + 2`` when it
    fails; the interval is Wilson's for the failures, times those cards.

    >>> e = challenge_draws(proportion(25, 100))
    >>> e.estimate, round(e.low, 2), round(e.high, 2)
    (4.5, 3.94, 4.95)
    """
    cost = pending + 2
    return Estimate(cost * (1 - success.estimate), cost * success.stderr,
                    cost * (1 - success.high), cost * (1 - success.low), success.n,
                    success.confidence)


def simulate_challenge_draws(view: PlayerView, n: int = 10_000, seed: int = 0,
                             confidence: float = 0.95) -> Estimate:
    """The cards the challenger of a Wild Draw Four draws on average if they
    challenge (compare :func:`odds.challenge_expected_draws`), over ``n``
    re-deals of what they cannot see: the same re-deals as
    :func:`simulate_challenge_success` with the same seed, through
    :func:`challenge_draws`."""
    return challenge_draws(simulate_challenge_success(view, n, seed, confidence), view.pending)
