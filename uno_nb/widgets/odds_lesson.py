"""The card-odds lesson: three apps to play with, each showing exact values
(fractions and percentages, from :mod:`uno_nb.sim.odds`) beside a simulation
(from :mod:`uno_nb.sim.montecarlo`) and a chart.

* :class:`HandOdds` — the hypergeometric law: what to count and the hand
  size are chosen with a dropdown and a slider; the exact distribution is
  drawn as bars, and hands dealt with a seed land on the same chart as dots
  with their 95% intervals (the deals add up, press after press).
* :class:`LiveOdds` — card counting in a real seeded game between bots,
  stepped move by move: the chance that the next card drawn is playable for
  the player to move, and what each opponent may hold, with the counting
  spelled out.
* :class:`ChallengeQuestion` — "should I challenge this Wild Draw Four?",
  answered exactly from the challenger's seat in real positions, and by
  re-dealing the cards the challenger cannot see.

:func:`say_hand` and :func:`say_dealt` write the same numbers as whole
sentences, for a notebook to print.

:class:`HandOdds` and the sentences are defined here; :class:`LiveOdds`
(:mod:`uno_nb.widgets.odds_live`) and :class:`ChallengeQuestion`
(:mod:`uno_nb.widgets.odds_challenge`) in modules of their own, and are
importable from here too.

>>> print(say_hand("wild", exactly=0))  # doctest: +NORMALIZE_WHITESPACE
A hand of 7 cards holds no Wild card in C(8, 0) × C(100, 7) = 16,007,560,800 of its
27,883,218,168 possible hands: a chance of 16,007,560,800/27,883,218,168
= 666,981,700/1,161,800,757 = 57.4%.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from html import escape
from math import comb
from typing import Sequence

from . import ui as w
import plotly.graph_objects as go

from ..classboard import Result
from ..sim import montecarlo as mc
from ..sim import odds
from ..texts import text
from ..texts.numbers import (fmt_decimal, fmt_fraction, fmt_int, fmt_interval, fmt_percent,
                             fmt_ratio)
from ._common import figure, para, percent_axis, tagged
from .app import App
from .classbar import listen, record
from .odds_challenge import REDEALS, ChallengeQuestion
from .odds_common import CELL, DECK, WIDE, counted, scroll, seed_box
from .odds_live import LiveOdds

__all__ = ["HandOdds", "LiveOdds", "ChallengeQuestion", "say_hand", "say_dealt",
           "HAND_KINDS", "HAND_BATCHES", "REDEALS"]

#: What HandOdds can count (kinds understood by odds.kind_predicate).
HAND_KINDS = ("wild", "wild4", "draw2", "draw", "action", "skip", "reverse",
              "R", "Y", "G", "B", "number", "zero")
#: How many hands one press of "Deal" deals.
HAND_BATCHES = (100, 1_000, 10_000)


# -- sentences for a notebook ------------------------------------------------------------

def say_hand(kind: str, *, exactly: int | None = None, at_least: int | None = None,
             hand_size: int = 7, lang: str = "en") -> str:
    """The chance that a fresh hand holds ``exactly`` k cards of a kind (any
    of :data:`HAND_KINDS`), or ``at_least=1``, as a sentence with its counting.

    >>> print(say_hand("wild", at_least=1))  # doctest: +NORMALIZE_WHITESPACE
    A hand of 7 cards holds at least one of the 8 Wild cards with chance
    1 − 666,981,700/1,161,800,757 = 494,819,057/1,161,800,757 = 42.6%.
    """
    if (exactly is None) == (at_least is None):
        raise ValueError("give exactly one of exactly= or at_least=")
    if at_least is not None and at_least != 1:
        raise ValueError("say_hand words at_least=1 only: the chance of none, taken from one")
    good = odds.kind_count(kind)
    bad = DECK - good
    hands = comb(DECK, hand_size)
    if exactly is not None:
        ways = comb(good, exactly) * comb(bad, hand_size - exactly) if exactly <= hand_size else 0
        chance = odds.opening_hand(kind, exactly=exactly, hand_size=hand_size)
        lowest = ways == 0 or (chance.numerator, chance.denominator) == (ways, hands)
        # none of them is said as "no Wild card", not "exactly 0 Wild cards"
        key, phrase = (("odds.say.none", text(f"odds.kind.{kind}.none", lang)) if exactly == 0
                       else ("odds.say.exactly", counted(kind, exactly, lang)))
        return text(key + ("_lowest" if lowest else ""), lang, size=hand_size, phrase=phrase,
                    good=good, k=exactly, bad=bad, rest=hand_size - exactly,
                    ways=fmt_int(ways, lang), hands=fmt_int(hands, lang),
                    ratio=fmt_ratio(ways, hands, lang), fraction=fmt_fraction(chance, lang),
                    percent=fmt_percent(chance, lang))
    none = odds.opening_hand(kind, exactly=0, hand_size=hand_size)
    chance = odds.opening_hand(kind, at_least=1, hand_size=hand_size)
    return text("odds.say.at_least_one", lang, size=hand_size, phrase=counted(kind, good, lang),
                none=fmt_fraction(none, lang), fraction=fmt_fraction(chance, lang),
                percent=fmt_percent(chance, lang))


def say_dealt(kind: str, *, exactly: int | None = None, at_least: int | None = None,
              n: int = 1_000, seed: int = 0, hand_size: int = 7, lang: str = "en") -> str:
    """Deal ``n`` hands (as :class:`HandOdds` does, from ``seed``) and say how
    often they held ``exactly`` (or ``at_least``) k cards of a kind, with the
    95% interval and whether the exact chance lies inside it.

    >>> print(say_dealt("wild", at_least=1, n=1_000, seed=1))  # doctest: +NORMALIZE_WHITESPACE
    Dealing 1,000 hands (seed 1): 421 held at least 1 Wild card, 42.1% (95% interval
    39.1% to 45.2%). The exact chance, 42.6%, is inside that interval.
    """
    if (exactly is None) == (at_least is None):
        raise ValueError("give exactly one of exactly= or at_least=")
    counts = mc.deal_counts(kind, hand_size=hand_size, n=n, seed=seed)
    if exactly is not None:
        k, hits = exactly, counts.get(exactly, 0)
        exact = odds.opening_hand(kind, exactly=exactly, hand_size=hand_size)
        key, phrase = (("odds.say.dealt_none", text(f"odds.kind.{kind}.none", lang)) if k == 0
                       else ("odds.say.dealt_exactly", counted(kind, k, lang)))
    else:
        assert at_least is not None
        k, hits = at_least, sum(v for c, v in counts.items() if c >= at_least)
        exact = odds.opening_hand(kind, at_least=at_least, hand_size=hand_size)
        key, phrase = "odds.say.dealt_at_least", counted(kind, k, lang)
    estimate = mc.proportion(hits, n)
    if not estimate.contains(exact):
        key += "_outside"
    return text(key, lang, shown=fmt_int(n, lang), n=n, seed=seed, hits=fmt_int(hits, lang),
                phrase=phrase, percent=fmt_percent(estimate.estimate, lang),
                interval=fmt_interval(fmt_percent(estimate.low, lang),
                                      fmt_percent(estimate.high, lang), lang),
                exact=fmt_percent(exact, lang))

# -- 1. the hypergeometric law -------------------------------------------------------------------

#: The columns of the dealt hands' table, as CSS classes. The percent comes
#: first, beside the share of the hands dealt that it is compared with; the
#: counting behind it (the ways to choose and the exact fraction, ten-digit
#: numbers) follows, and a phone's stylesheet leaves it to a wider screen and
#: to the chart's hover.
_COLUMNS = ("k", "percent", "dealt", "exact", "ways")


class HandOdds(App):
    """How many cards of a kind a fresh hand holds: the exact hypergeometric
    distribution as bars, and hands dealt from a seed as dots with 95%
    intervals on the same chart.

    Each press of *Deal* deals more hands (hands number 1, 2, … of the seed,
    so the same presses always give the same hands) and adds them to those
    dealt before; changing what is counted, the hand size or the seed starts
    again from the first hand.

    >>> app = HandOdds("wild", hand_size=7, seed=1, deal=0)
    >>> app.distribution[0] == odds.opening_hand("wild", exactly=0)
    True
    >>> app.deal(100); app.dealt
    100
    """

    def __init__(self, kind: str = "wild", hand_size: int = 7, seed: int = 1, deal: int = 100,
                 batch: int = 1_000, lang: str = "en") -> None:
        if kind not in HAND_KINDS:
            raise ValueError(f"kind is one of {', '.join(HAND_KINDS)}, got {kind!r}")
        if batch not in HAND_BATCHES:
            raise ValueError(f"batch is one of {HAND_BATCHES}, got {batch!r}")
        self._lang = lang
        self._kind = tagged(w.Dropdown(options=[(text(f"odds.kind.{k}", lang), k)
                                                for k in HAND_KINDS],
                                       value=kind, description=text("odds.hand.kind", lang),
                                       layout=w.Layout(width="auto")),
                            "uno-hand-kind")
        self._size = tagged(w.IntSlider(value=hand_size, min=1, max=15, continuous_update=False,
                                        description=text("odds.hand.size", lang), style=WIDE,
                                        layout=w.Layout(width="24em")),
                            "uno-hand-size")
        self._seed = seed_box(seed, text("odds.hand.seed", lang), "uno-hand-seed")
        self._batch = tagged(w.SelectionSlider(options=[(fmt_int(n, lang), n) for n in HAND_BATCHES],
                                               value=batch, continuous_update=False, style=WIDE,
                                               description=text("odds.hand.batch", lang),
                                               layout=w.Layout(width="24em")),
                             "uno-hand-batch")
        self._deal = tagged(w.Button(button_style="primary"), "uno-hand-deal")
        self._reset = tagged(w.Button(description=text("odds.hand.reset", lang)), "uno-hand-reset")
        self._setup = tagged(w.HTML(), "uno-hand-setup")
        self._status = tagged(w.HTML(), "uno-hand-status")
        self._table = tagged(w.HTML(), "uno-hand-table")
        self.figure = tagged(figure(
            lang=lang,
            data=[go.Bar(name=text("odds.hand.trace_exact", lang), x=[], y=[], customdata=[],
                         marker_color="#9fb7d9", hovertemplate="%{customdata}<extra></extra>"),
                  go.Scatter(name=text("odds.hand.trace_dealt", lang), x=[], y=[], customdata=[],
                             mode="markers", marker=dict(color="#d72600", size=9),
                             error_y=dict(type="data", symmetric=False, array=[], arrayminus=[],
                                          color="#d72600", thickness=1.5, width=6),
                             hovertemplate="%{customdata}<extra></extra>")],
            layout=go.Layout(height=360, margin=dict(l=60, r=10, t=40, b=50),
                             title=dict(font=dict(size=14)), bargap=0.25,
                             xaxis=dict(dtick=1), legend=dict(orientation="h", y=-0.25),
                             yaxis=dict(rangemode="tozero",
                                        title=dict(text=text("odds.hand.y", lang))))),
            "uno-hand-chart")
        self._caption = tagged(w.HTML(para(text("odds.hand.caption", lang))),
                               "uno-caption", "uno-hand-caption")
        self.counts: Counter[int] = Counter()
        self.dealt = 0
        self._kind.observe(lambda _: self.restart(), names="value")
        self._size.observe(lambda _: self.restart(), names="value")
        self._seed.observe(lambda _: self.restart(), names="value")
        self._batch.observe(lambda _: self._render(), names="value")
        self._deal.on_click(lambda _: self.deal(self._batch.value))
        self._reset.on_click(lambda _: self.restart())
        controls = w.HBox([self._kind, self._size])
        dealing = w.HBox([self._batch, self._deal, self._reset, self._seed])
        self.widget = tagged(w.VBox([tagged(w.HTML(f"<h3>{escape(text('odds.hand.title', lang))}</h3>"),
                                            "uno-hand-title"),
                                     controls, self._setup, dealing, self._status, self.figure,
                                     self._caption, self._table]),
                             "uno-app", "uno-odds-lesson", "uno-hand-odds")
        self._exact()
        if deal:  # the app's opening view: the learner dealt none of it
            self.deal(deal, counted=False)
        else:
            self._render()
        listen(self)

    # -- state ------------------------------------------------------------------

    @property
    def kind(self) -> str:
        return str(self._kind.value)

    @property
    def hand_size(self) -> int:
        return int(self._size.value)

    @property
    def seed(self) -> int:
        return int(self._seed.value)

    @property
    def estimates(self) -> dict[int, mc.Estimate]:
        """The dealt frequencies of each count, with 95% intervals (empty before any deal)."""
        if not self.dealt:
            return {}
        return mc.frequencies(self.counts, values=self.distribution)

    def _exact(self) -> None:
        self._good = odds.kind_count(self.kind)
        self.distribution: dict[int, Fraction] = odds.hypergeometric_distribution(
            DECK, self._good, self.hand_size)

    def restart(self) -> None:
        """Forget the hands dealt (what is counted, the hand size or the seed changed)."""
        self.counts = Counter()
        self.dealt = 0
        self._exact()
        self._render()

    def class_joined(self, mine: Sequence[Result], student: str = "") -> None:
        """The page joined its class as a student who dealt here before (a
        reload): the hands they dealt of this kind, size and seed come back
        (dealt again from the seed: the same hands), and the next press
        deals the hands after them, so that no hand reaches the board twice."""
        item = f"{self.kind}:{self.hand_size}"
        blocks = []
        for row in mine:
            try:
                if row.kind == "hand" and row.item == item and \
                        int(row.detail["seed"]) == self.seed:
                    blocks.append((int(row.detail["start"]), int(row.value or 0)))
            except (KeyError, TypeError, ValueError):
                continue
        reached = self.dealt
        for start, n in sorted(blocks):
            if 0 <= start <= reached and n > 0:
                reached = max(reached, start + n)
        if reached > self.dealt:
            self.counts = Counter(mc.deal_counts(self.kind, hand_size=self.hand_size, n=reached,
                                                 seed=self.seed, start=0))
            self.dealt = reached
            self._render()

    def deal(self, n: int, counted: bool = True) -> None:
        """Deal ``n`` more hands and add them to those dealt so far (and to
        the class's, unless ``counted`` is false: the opening view's hands)."""
        dealt = mc.deal_counts(self.kind, hand_size=self.hand_size, n=n, seed=self.seed,
                               start=self.dealt)
        if counted:
            record("hand", f"{self.kind}:{self.hand_size}", n,
                   {"seed": self.seed, "start": self.dealt,
                    "counts": {str(k): v for k, v in sorted(dealt.items())}})
        self.counts += dealt
        self.dealt += n
        self._render()

    # -- the one render funnel --------------------------------------------------------

    def _render(self) -> None:
        lang = self._lang
        kind, size, good = self.kind, self.hand_size, self._good
        bad = DECK - good
        dist = self.distribution
        n = self._batch.value
        self._deal.description = text("odds.hand.deal", lang, shown=fmt_int(n, lang), count=n)
        mean = odds.hypergeometric_mean(DECK, good, size)
        likely = max(dist, key=lambda k: (dist[k], -k))
        self._setup.value = (
            para(text("odds.hand.setup", lang, deck=DECK, good=good,
                      kind=text(f"odds.kind.{kind}", lang), size=size,
                      hands=fmt_int(comb(DECK, size), lang)),
                 text("odds.hand.law", lang, good=good, bad=bad, size=size, deck=DECK))
            + para(text("odds.hand.mean", lang, size=size, good=good, deck=DECK,
                        mean_fraction=fmt_fraction(mean, lang), mean=fmt_decimal(mean, 2, lang),
                        k=likely, percent=fmt_percent(dist[likely], lang))))
        estimates = self.estimates
        if self.dealt:
            inside = sum(1 for k, e in estimates.items() if e.contains(dist[k]))
            self._status.value = para(
                text("odds.hand.dealt", lang, shown=fmt_int(self.dealt, lang), count=self.dealt,
                     seed=self.seed),
                text("odds.hand.inside", lang, inside=inside, total=len(estimates)),
                # a miss is what a 95% interval does one time in twenty, and says so
                text("odds.hand.missed", lang, total=len(estimates),
                     expected=fmt_decimal(len(estimates) / 20, 1, lang),
                     missed=len(estimates) - inside)
                if inside < len(estimates) else text("odds.hand.all_inside", lang))
        else:
            self._status.value = para(text("odds.hand.none_dealt", lang, seed=self.seed))
        ks = list(dist)
        with self.figure.batch_update():
            bars, dots = self.figure.data
            exact = [float(dist[k]) for k in ks]
            bars.x, bars.y = ks, exact
            bars.customdata = [text("odds.hand.hover_exact", lang, k=k,
                                    percent=fmt_percent(dist[k], lang),
                                    fraction=fmt_fraction(dist[k], lang)) for k in ks]
            shown = [estimates[k] for k in ks] if estimates else []
            dots.x = ks if shown else []
            dots.y = [e.estimate for e in shown]
            dots.error_y.array = [e.high - e.estimate for e in shown]
            dots.error_y.arrayminus = [e.estimate - e.low for e in shown]
            dots.customdata = ([self._hover_dealt(k, self.counts.get(k, 0), estimates[k])
                                for k in ks] if shown else [])
            top = max([*exact, *(e.high for e in shown)], default=1)
            self.figure.layout.yaxis.update(**percent_axis(0, top, lang))
            self.figure.layout.title.text = text("odds.hand.chart_title", lang, size=size)
            self.figure.layout.xaxis.title.text = text(f"odds.kind.{kind}.axis", lang)
        self.figure.draw()
        self._table.value = self._table_html(dist, estimates, good, bad, size)

    def _hover_dealt(self, k: int, hits: int, e: mc.Estimate) -> str:
        lang = self._lang
        return text("odds.hand.hover_dealt", lang, k=k, hits=fmt_int(hits, lang),
                    n=fmt_int(e.n, lang), percent=fmt_percent(e.estimate, lang),
                    interval=fmt_interval(fmt_percent(e.low, lang), fmt_percent(e.high, lang), lang))

    def _table_html(self, dist: dict[int, Fraction], estimates: dict[int, mc.Estimate],
                    good: int, bad: int, size: int) -> str:
        lang = self._lang
        heads = [text("odds.hand.col_k", lang), text("odds.hand.col_percent", lang),
                 text("odds.hand.col_dealt", lang), text("odds.hand.col_exact", lang),
                 text("odds.hand.col_ways", lang, good=good, bad=bad, size=size)]
        rows = []
        for k, chance in dist.items():
            a, b = comb(good, k), comb(bad, size - k)
            ways = text("odds.hand.ways_cell", lang, a=fmt_int(a, lang), b=fmt_int(b, lang),
                        ways=fmt_int(a * b, lang))
            if k in estimates:
                hits = self.counts.get(k, 0)
                dealt = text("odds.hand.dealt_cell", lang, hits=fmt_int(hits, lang),
                             n=fmt_int(self.dealt, lang),
                             percent=fmt_percent(estimates[k].estimate, lang))
            else:
                dealt = text("odds.none", lang)
            cells = [str(k), fmt_percent(chance, lang), dealt, fmt_fraction(chance, lang), ways]
            rows.append("<tr>" + "".join(f'<td class="uno-col-{col}" style="{CELL}">{escape(c)}</td>'
                                         for col, c in zip(_COLUMNS, cells)) + "</tr>")
        head = "".join(f'<th class="uno-col-{col}" style="{CELL}">{escape(h)}</th>'
                       for col, h in zip(_COLUMNS, heads))
        return scroll('<table class="uno-hand-rows" style="border-collapse:collapse;'
                      f"text-align:right\"><tr>{head}</tr>{''.join(rows)}</table>")
