"""The card-odds lesson: three apps to play with, each showing exact values
(fractions and percentages, from :mod:`uno_nb.odds`) beside a simulation
(from :mod:`uno_nb.montecarlo`) and a chart.

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

>>> print(say_hand("wild", exactly=0))  # doctest: +NORMALIZE_WHITESPACE
A hand of 7 cards holds exactly 0 Wild cards in C(8, 0) × C(100, 7) = 16,007,560,800 of its
27,883,218,168 possible hands: a chance of 16,007,560,800/27,883,218,168
= 666,981,700/1,161,800,757 = 57.4%.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from html import escape
from math import comb
from typing import Sequence

import ipywidgets as w
import plotly.graph_objects as go

from .. import montecarlo as mc
from .. import odds
from ..cards import build_deck
from ..game import Game
from ..render import COLOUR_HEX, card_svg, hand_html
from ..rules import RuleSet
from ..simulation import play_game
from ..texts import card_name, colour_name, text
from ._common import figure, settle, tagged
from ..texts.numbers import (fmt_decimal, fmt_fraction, fmt_int, fmt_interval, fmt_percent,
                             fmt_ratio)
from .odds_panel import KINDS, OddsPanel, seat_name
from .odds_panel import _para as _p

__all__ = ["HandOdds", "LiveOdds", "ChallengeQuestion", "say_hand", "say_dealt",
           "HAND_KINDS", "HAND_BATCHES", "REDEALS"]

#: What HandOdds can count (kinds understood by odds.kind_predicate).
HAND_KINDS = ("wild", "wild4", "draw2", "draw", "action", "skip", "reverse",
              "R", "Y", "G", "B", "number", "zero")
#: How many hands one press of "Deal" deals.
HAND_BATCHES = (100, 1_000, 10_000)
#: How many re-deals one press of "Re-deal" makes; the first is made on its own.
REDEALS = (1_000, 10_000, 100_000)

_DECK = len(build_deck())  # 108
_SEED_MAX = 2**31 - 1
_WIDE = {"description_width": "initial"}
#: Cells of the apps' tables: padded, on one line; a wide table scrolls on its own.
_CELL = "padding:2px 10px;white-space:nowrap"


def _scroll(table: str) -> str:
    return f'<div style="overflow-x:auto;max-width:100%">{table}</div>'


def _seed_box(value: int, description: str, *classes: str) -> w.BoundedIntText:
    return tagged(w.BoundedIntText(value=value, min=0, max=_SEED_MAX, description=description,
                                   layout=w.Layout(width="14em")), *classes)


def _counted(kind: str, count: int, lang: str) -> str:
    return text(f"odds.kind.{kind}.count", lang, count=count)


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
    bad = _DECK - good
    hands = comb(_DECK, hand_size)
    if exactly is not None:
        ways = comb(good, exactly) * comb(bad, hand_size - exactly) if exactly <= hand_size else 0
        chance = odds.opening_hand(kind, exactly=exactly, hand_size=hand_size)
        lowest = ways == 0 or (chance.numerator, chance.denominator) == (ways, hands)
        return text("odds.say.exactly_lowest" if lowest else "odds.say.exactly", lang, size=hand_size, phrase=_counted(kind, exactly, lang),
                    good=good, k=exactly, bad=bad, rest=hand_size - exactly,
                    ways=fmt_int(ways, lang), hands=fmt_int(hands, lang),
                    ratio=fmt_ratio(ways, hands, lang), fraction=fmt_fraction(chance, lang),
                    percent=fmt_percent(chance, lang))
    none = odds.opening_hand(kind, exactly=0, hand_size=hand_size)
    chance = odds.opening_hand(kind, at_least=1, hand_size=hand_size)
    return text("odds.say.at_least_one", lang, size=hand_size, phrase=_counted(kind, good, lang),
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
        key = "odds.say.dealt_exactly"
    else:
        assert at_least is not None
        k, hits = at_least, sum(v for c, v in counts.items() if c >= at_least)
        exact = odds.opening_hand(kind, at_least=at_least, hand_size=hand_size)
        key = "odds.say.dealt_at_least"
    estimate = mc.proportion(hits, n)
    if not estimate.contains(exact):
        key += "_outside"
    return text(key, lang, shown=fmt_int(n, lang), n=n, seed=seed, hits=fmt_int(hits, lang),
                phrase=_counted(kind, k, lang), percent=fmt_percent(estimate.estimate, lang),
                interval=fmt_interval(fmt_percent(estimate.low, lang),
                                      fmt_percent(estimate.high, lang), lang),
                exact=fmt_percent(exact, lang))


# -- the table, as one player sees it ----------------------------------------------------------

def _table_html(game: Game, seat: int, show_all: bool, lang: str) -> str:
    rows = []
    for s, cards in enumerate(game.hands):
        mark = "▶ " if s == game.current and not game.is_over else ""
        label = text("odds.live.table_hand", lang, player=seat_name(game, s, lang),
                     count=len(cards))
        style = "font-weight:bold;" if mark else ""
        rows.append(f'<tr><td style="{style}padding-right:8px;white-space:nowrap">'
                    f"{mark}{escape(label)}</td>"
                    f"<td>{hand_html(cards, show_all or s == seat, 30, lang)}</td></tr>")
    top = game.discard[-1] if game.discard else None
    centre = (card_svg(top, 48, game.colour, title=card_name(top, lang, colour=game.colour))
              if top is not None else "")
    colour = text("odds.live.table_colour", lang, colour=colour_name(game.colour, lang))
    pile = text("odds.live.table_pile", lang, count=len(game.draw_pile))
    return ('<div style="font-family:sans-serif">'
            '<div style="display:flex;gap:16px;align-items:center">'
            f'<div class="uno-top">{centre}</div><div>'
            f'<b style="color:{COLOUR_HEX[game.colour]}">{escape(colour)}</b><br>'
            f"{escape(pile)}</div></div>"
            f'<table style="border-collapse:collapse">{"".join(rows)}</table></div>')


class _Replay:
    """A seeded game between bots, played once and then walked with the
    game's own undo and redo, so every position is exactly the engine's."""

    def __init__(self, rules: RuleSet | str | None, bots: Sequence[str], seed: int,
                 watch=None) -> None:
        _, game = play_game(rules, list(bots), seed, max_rounds=1, record=True, observer=watch)
        self.total = len(game.moves)
        while game.can_undo():
            game.pop()
        self.game = game

    @property
    def index(self) -> int:
        return len(self.game.moves)

    def go_to(self, index: int) -> None:
        index = max(0, min(int(index), self.total))
        while self.index > index:
            self.game.pop()
        while self.index < index:
            self.game.redo()


# -- 1. the hypergeometric law -------------------------------------------------------------------

class HandOdds:
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
                                        description=text("odds.hand.size", lang), style=_WIDE,
                                        layout=w.Layout(width="24em")),
                            "uno-hand-size")
        self._seed = _seed_box(seed, text("odds.hand.seed", lang), "uno-hand-seed")
        self._batch = tagged(w.SelectionSlider(options=[(fmt_int(n, lang), n) for n in HAND_BATCHES],
                                               value=batch, continuous_update=False, style=_WIDE,
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
                             yaxis=dict(tickformat=".0%", rangemode="tozero",
                                        title=dict(text=text("odds.hand.y", lang))))),
            "uno-hand-chart")
        self._caption = tagged(w.HTML(_p(text("odds.hand.caption", lang))),
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
        if deal:
            self.deal(deal)
        else:
            self._render()

    # -- state ------------------------------------------------------------------

    @property
    def kind(self) -> str:
        return self._kind.value

    @property
    def hand_size(self) -> int:
        return self._size.value

    @property
    def seed(self) -> int:
        return self._seed.value

    @property
    def estimates(self) -> dict[int, mc.Estimate]:
        """The dealt frequencies of each count, with 95% intervals (empty before any deal)."""
        if not self.dealt:
            return {}
        return mc.frequencies(self.counts, values=self.distribution)

    def _exact(self) -> None:
        self._good = odds.kind_count(self.kind)
        self.distribution: dict[int, Fraction] = odds.hypergeometric_distribution(
            _DECK, self._good, self.hand_size)

    def restart(self) -> None:
        """Forget the hands dealt (what is counted, the hand size or the seed changed)."""
        self.counts = Counter()
        self.dealt = 0
        self._exact()
        self._render()

    def deal(self, n: int) -> None:
        """Deal ``n`` more hands and add them to those dealt so far."""
        self.counts += mc.deal_counts(self.kind, hand_size=self.hand_size, n=n, seed=self.seed,
                                      start=self.dealt)
        self.dealt += n
        self._render()

    # -- the one render funnel --------------------------------------------------------

    def _render(self) -> None:
        lang = self._lang
        kind, size, good = self.kind, self.hand_size, self._good
        bad = _DECK - good
        dist = self.distribution
        n = self._batch.value
        self._deal.description = text("odds.hand.deal", lang, shown=fmt_int(n, lang), count=n)
        mean = odds.hypergeometric_mean(_DECK, good, size)
        likely = max(dist, key=lambda k: (dist[k], -k))
        self._setup.value = (
            _p(text("odds.hand.setup", lang, deck=_DECK, good=good,
                    kind=text(f"odds.kind.{kind}", lang), size=size,
                    hands=fmt_int(comb(_DECK, size), lang)),
               text("odds.hand.law", lang, good=good, bad=bad, size=size, deck=_DECK))
            + _p(text("odds.hand.mean", lang, size=size, good=good, deck=_DECK,
                      mean_fraction=fmt_fraction(mean, lang), mean=fmt_decimal(mean, 2, lang),
                      k=likely, percent=fmt_percent(dist[likely], lang))))
        estimates = self.estimates
        if self.dealt:
            inside = sum(1 for k, e in estimates.items() if e.contains(dist[k]))
            self._status.value = _p(
                text("odds.hand.dealt", lang, shown=fmt_int(self.dealt, lang), count=self.dealt,
                     seed=self.seed),
                text("odds.hand.inside", lang, inside=inside, total=len(estimates)))
        else:
            self._status.value = _p(text("odds.hand.none_dealt", lang, seed=self.seed))
        ks = list(dist)
        with self.figure.batch_update():
            bars, dots = self.figure.data
            bars.x, bars.y = ks, [float(dist[k]) for k in ks]
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
            self.figure.layout.title.text = text("odds.hand.chart_title", lang, size=size)
            self.figure.layout.xaxis.title.text = text(f"odds.kind.{kind}.axis", lang)
        settle(self.figure)
        self._table.value = self._table_html(dist, estimates, good, bad, size)

    def _hover_dealt(self, k: int, hits: int, e: mc.Estimate) -> str:
        lang = self._lang
        return text("odds.hand.hover_dealt", lang, k=k, hits=fmt_int(hits, lang),
                    n=fmt_int(e.n, lang), percent=fmt_percent(e.estimate, lang),
                    interval=fmt_interval(fmt_percent(e.low, lang), fmt_percent(e.high, lang), lang))

    def _table_html(self, dist: dict[int, Fraction], estimates: dict[int, mc.Estimate],
                    good: int, bad: int, size: int) -> str:
        lang = self._lang
        heads = [text("odds.hand.col_k", lang),
                 text("odds.hand.col_ways", lang, good=good, bad=bad, size=size),
                 text("odds.hand.col_exact", lang), text("odds.hand.col_percent", lang),
                 text("odds.hand.col_dealt", lang)]
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
            cells = [str(k), ways, fmt_fraction(chance, lang), fmt_percent(chance, lang), dealt]
            rows.append("<tr>" + "".join(f'<td style="{_CELL}">{escape(c)}</td>' for c in cells)
                        + "</tr>")
        head = "".join(f'<th style="{_CELL}">{escape(h)}</th>' for h in heads)
        return _scroll('<table class="uno-hand-rows" style="border-collapse:collapse;'
                       f"text-align:right\"><tr>{head}</tr>{''.join(rows)}</table>")

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(self.widget)


# -- 2. card counting in a real game -----------------------------------------------------------

class LiveOdds:
    """A seeded game between bots, stepped move by move with Back and Step:
    at each position the odds panel counts for the player to move (the chance
    that the next card drawn can be played, what each opponent may hold), a
    table gives the exact fractions, and one chance is worked out in words
    for the opponent and the kind of card chosen.

    >>> app = LiveOdds(seed=4)
    >>> app.step(); app.index
    1
    """

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 4,
                 seed: int = 4, bots: str = "heuristic", move: int = 0,
                 lang: str = "en") -> None:
        self._lang = lang
        self._rules = rules
        self._bots = [bots] * players
        self._busy = False
        self.panel = OddsPanel(lang, details=True)
        self._back = tagged(w.Button(description=text("odds.live.back", lang)), "uno-live-back")
        self._step = tagged(w.Button(description=text("odds.live.step", lang)), "uno-live-step")
        self._slider = tagged(w.IntSlider(value=0, min=0, max=0, continuous_update=False,
                                          description=text("odds.live.move", lang)), "uno-live-move")
        self._seed = _seed_box(seed, text("odds.live.game", lang), "uno-live-seed")
        self._show_all = tagged(w.Checkbox(value=False, indent=False,
                                           description=text("odds.live.show_all", lang)),
                                "uno-live-show-all")
        self._where = tagged(w.HTML(), "uno-live-where")
        self._table = tagged(w.HTML(), "uno-live-table")
        self._who = tagged(w.Dropdown(description=text("odds.live.who", lang)), "uno-live-who")
        self._what = tagged(w.Dropdown(options=[(text(f"odds.hold.{k}", lang), k) for k in KINDS],
                                       description=text("odds.live.what", lang)),
                            "uno-live-what")
        self._explain = tagged(w.HTML(), "uno-live-explain")
        self._back.on_click(lambda _: self.back())
        self._step.on_click(lambda _: self.step())
        self._slider.observe(lambda change: self.go_to(change["new"]), names="value")
        self._seed.observe(lambda _: self._new_game(), names="value")
        self._show_all.observe(lambda _: self._render(), names="value")
        self._who.observe(lambda _: self._render_explanation(), names="value")
        self._what.observe(lambda _: self._render_explanation(), names="value")
        controls = w.HBox([self._back, self._step, self._slider, self._seed, self._show_all])
        self.widget = tagged(w.VBox([
            tagged(w.HTML(f"<h3>{escape(text('odds.live.title', lang))}</h3>"), "uno-live-title"),
            controls, self._where,
            w.HBox([self._table, self.panel.widget]),
            w.HBox([self._who, self._what]), self._explain]),
            "uno-app", "uno-odds-lesson", "uno-live-odds")
        self._new_game(move)

    @property
    def game(self) -> Game:
        return self._replay.game

    @property
    def index(self) -> int:
        return self._replay.index

    @property
    def total(self) -> int:
        return self._replay.total

    def _new_game(self, move: int = 0) -> None:
        self._replay = _Replay(self._rules, self._bots, self._seed.value)
        self._replay.go_to(move)
        self._render()

    def step(self) -> None:
        self.go_to(self.index + 1)

    def back(self) -> None:
        self.go_to(self.index - 1)

    def go_to(self, index: int) -> None:
        """Show the position after ``index`` moves (clamped to the game)."""
        if self._busy:
            return
        self._replay.go_to(index)
        self._render()

    # -- the one render funnel --------------------------------------------------------

    def _render(self) -> None:
        lang = self._lang
        game = self.game
        self._busy = True
        try:
            self._slider.max = self.total
            self._slider.value = self.index
        finally:
            self._busy = False
        self._back.disabled = self.index == 0
        self._step.disabled = self.index == self.total
        seat = game.current
        name = seat_name(game, seat, lang)
        where = dict(seed=self._seed.value, players=game.n, index=self.index, total=self.total)
        if game.is_over:
            winner = game.outcome.winner if game.outcome is not None else seat
            self._where.value = _p(text("odds.live.over", lang, **where,
                                        player=seat_name(game, winner, lang)))
            self.panel.clear(text("odds.panel.over", lang))
        else:
            key = "odds.live.where_all" if self._show_all.value else "odds.live.where"
            self._where.value = _p(text(key, lang, **where, player=name))
            self.panel.update(game)
        self._table.value = _table_html(game, seat, self._show_all.value or game.is_over, lang)
        opponents = [] if game.is_over else [s for s in range(game.n)
                                             if s != seat and game.hands[s]]
        options = [(seat_name(game, s, lang), s) for s in opponents]
        self._busy = True
        try:
            keep = self._who.value
            self._who.options = options
            self._who.value = keep if keep in opponents else (opponents[0] if opponents else None)
        finally:
            self._busy = False
        self._render_explanation()

    def _render_explanation(self) -> None:
        if self._busy:
            return
        lang = self._lang
        game = self.game
        opponent, kind = self._who.value, self._what.value
        if game.is_over or opponent is None or not game.discard:
            self._explain.value = "" if game.is_over else _p(text("odds.live.nobody", lang))
            self.explained = None
            return
        view = game.view(game.current)
        unseen, good = odds.unseen_counts(view, kind)
        held = view.hand_sizes[opponent]
        none = odds.hypergeometric(0, unseen, good, held)
        chance = odds.chance_opponent_holds(view, opponent, kind)
        assert chance == 1 - none
        self.explained = chance
        self._explain.value = _p(text(
            "odds.live.explain", lang, opponent=seat_name(game, opponent, lang),
            player=seat_name(game, game.current, lang), held=held, unseen=unseen,
            kinds=_counted(kind, good, lang), kind=text(f"odds.hold.{kind}.one", lang),
            bad=unseen - good, none=fmt_fraction(none, lang), fraction=fmt_fraction(chance, lang),
            percent=fmt_percent(chance, lang)))

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(self.widget)


# -- 3. should I challenge this Wild Draw Four? --------------------------------------------------

class ChallengeQuestion:
    """A question people argue about, answered exactly and by simulation.

    Seeded games between bots are searched for the moments a Wild Draw Four
    has just been played; at each, from the seat of the player who must take
    it or challenge: the exact chance that the player of the card held the
    colour in force (:func:`odds.challenge_success_chance`), the cards each
    choice costs on average (:func:`odds.challenge_expected_draws`), re-deals
    of the unseen cards with their 95% intervals, and what was really held.

    >>> app = ChallengeQuestion(seed=2, redeals=1_000)
    >>> app.chance == odds.challenge_success_chance(app.view)
    True
    """

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 4,
                 seed: int = 2, which: int = 1, bots: str = "random-greedy",
                 redeals: int = 1_000, lang: str = "en") -> None:
        if redeals not in REDEALS:
            raise ValueError(f"redeals is one of {REDEALS}, got {redeals!r}")
        self._lang = lang
        self._rules = rules
        self._bots = [bots] * players
        self._busy = False
        self._seed = _seed_box(seed, text("odds.challenge.game", lang), "uno-question-seed")
        self._which = tagged(w.IntSlider(value=1, min=1, max=1, continuous_update=False,
                                         style=_WIDE, layout=w.Layout(width="30em"),
                                         description=text("odds.challenge.which", lang)),
                             "uno-question-which")
        self._batch = tagged(w.SelectionSlider(options=[(fmt_int(n, lang), n) for n in REDEALS],
                                               value=redeals, continuous_update=False,
                                               style=_WIDE, layout=w.Layout(width="24em"),
                                               description=text("odds.challenge.batch", lang)),
                             "uno-question-batch")
        self._simulate = tagged(w.Button(button_style="primary"), "uno-question-simulate")
        self._table = tagged(w.HTML(), "uno-question-table")
        self._situation = tagged(w.HTML(), "uno-question-situation")
        self._reasoning = tagged(w.HTML(), "uno-question-exact")
        self._verdict = tagged(w.HTML(), "uno-question-verdict")
        self._sim = tagged(w.HTML(), "uno-question-sim")
        self._truth = tagged(w.HTML(), "uno-question-truth")
        self.figure = tagged(figure(
            lang=lang,
            data=[go.Scatter(name=text("odds.challenge.trace_challenge", lang), x=[], y=[],
                             customdata=[], mode="lines+markers",
                             line=dict(color="#0956bf"), marker=dict(size=5),
                             hovertemplate="%{customdata}<extra></extra>"),
                  go.Scatter(name=text("odds.challenge.trace_take", lang), x=[], y=[],
                             mode="lines", line=dict(color="#777777", dash="dash"),
                             hoverinfo="skip"),
                  go.Scatter(name=text("odds.challenge.trace_here", lang), x=[], y=[],
                             customdata=[], mode="markers",
                             marker=dict(color="#0956bf", size=14, symbol="circle"),
                             hovertemplate="%{customdata}<extra></extra>"),
                  go.Scatter(name=text("odds.challenge.trace_sim", lang), x=[], y=[],
                             customdata=[], mode="markers",
                             marker=dict(color="#d72600", size=11, symbol="diamond"),
                             error_y=dict(type="data", symmetric=False, array=[], arrayminus=[],
                                          color="#d72600", thickness=1.5, width=8),
                             hovertemplate="%{customdata}<extra></extra>")],
            layout=go.Layout(height=360, margin=dict(l=60, r=10, t=40, b=50),
                             title=dict(font=dict(size=14)), xaxis=dict(dtick=1),
                             yaxis=dict(rangemode="tozero",
                                        title=dict(text=text("odds.challenge.y", lang))),
                             legend=dict(orientation="h", y=-0.25))),
            "uno-question-chart")
        self._caption = tagged(w.HTML(), "uno-caption", "uno-question-caption")
        self._seed.observe(lambda _: self._new_game(), names="value")
        self._which.observe(lambda change: self.pick(change["new"]), names="value")
        self._batch.observe(lambda _: self._label(), names="value")
        self._simulate.on_click(lambda _: self.simulate(self._batch.value))
        controls = w.HBox([self._seed, self._which])
        redeal = w.HBox([self._batch, self._simulate])
        self.widget = tagged(w.VBox([
            tagged(w.HTML(f"<h3>{escape(text('odds.challenge.title', lang))}</h3>"),
                   "uno-question-title"),
            controls, self._situation, self._table, self._reasoning, self._verdict, redeal,
            self._sim, self.figure, self._caption, self._truth]),
            "uno-app", "uno-odds-lesson", "uno-question")
        self.estimate: mc.Estimate | None = None
        self.draws_estimate: mc.Estimate | None = None
        self._label()
        self._new_game(which)

    # -- positions ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._replay.game

    @property
    def view(self):
        """The position as the player who may challenge sees it."""
        return self.game.view(self.game.current)

    @property
    def positions(self) -> list[int]:
        """The move numbers at which a Wild Draw Four may be challenged."""
        return list(self._positions)

    def _new_game(self, which: int = 1) -> None:
        found: list[int] = []
        pending = [False]

        def watch(game: Game) -> None:
            now = (not game.is_over and game.phase.name == "PENALTY"
                   and game.view(game.current).challengeable is not None)
            if now and not pending[0]:
                found.append(len(game.moves))
            pending[0] = now

        self._replay = _Replay(self._rules, self._bots, self._seed.value, watch)
        self._positions = found
        self._busy = True
        try:
            self._which.max = max(1, len(found))
            self._which.value = max(1, min(which, len(found)))
            self._which.disabled = len(found) < 2
        finally:
            self._busy = False
        self.pick(self._which.value)

    def pick(self, which: int) -> None:
        """Show the ``which``-th Wild Draw Four of the game (from 1), with a
        first simulation of the smallest size."""
        if self._busy:
            return
        if not self._positions:
            self._empty()
            return
        which = max(1, min(int(which), len(self._positions)))
        self._replay.go_to(self._positions[which - 1])
        self._render_exact()
        self.simulate(REDEALS[0])

    def _empty(self) -> None:
        self.chance = self.expected = None
        self.estimate = self.draws_estimate = None
        self._situation.value = _p(text("odds.challenge.none", self._lang, seed=self._seed.value))
        for box in (self._table, self._reasoning, self._verdict, self._sim, self._truth,
                    self._caption):
            box.value = ""
        self._simulate.disabled = True
        with self.figure.batch_update():
            for trace in self.figure.data:
                trace.x, trace.y = [], []
        settle(self.figure)

    # -- the exact answer ----------------------------------------------------------------

    def _names(self) -> dict[str, str]:
        game, lang = self.game, self._lang
        accused, colour = self.view.challengeable
        return dict(accused=seat_name(game, accused, lang),
                    challenger=seat_name(game, game.current, lang),
                    colour=colour_name(colour, lang))

    def _render_exact(self) -> None:
        lang = self._lang
        game, view = self.game, self.view
        accused, colour = view.challengeable
        names = self._names()
        pending = view.pending
        cost = pending + 2
        unseen, good = odds.unseen_counts(view, colour)
        held = view.hand_sizes[accused]
        none = odds.hypergeometric(0, unseen, good, held)
        self.chance = odds.challenge_success_chance(view)
        self.expected = odds.challenge_expected_draws(view)
        self.break_even = odds.challenge_break_even(pending)
        self._counting = dict(unseen=unseen, good=good, held=held, pending=pending)
        self._simulate.disabled = False
        under = game.discard[-2] if len(game.discard) > 1 else game.discard[-1]
        self._situation.value = _p(
            text("odds.challenge.situation", lang, seed=self._seed.value, index=self._replay.index,
                 top=card_name(under, lang), chosen=colour_name(game.colour, lang),
                 pending=pending, **names),
            text("odds.challenge.rule", lang, pending=pending, cost=cost, **names))
        self._table.value = _table_html(game, game.current, False, lang)
        innocent = 1 - self.chance
        self._reasoning.value = (
            _p(text("odds.challenge.count", lang, unseen=unseen, good=good, held=held,
                    bad=unseen - good, none=fmt_fraction(none, lang),
                    none_percent=fmt_percent(none, lang), fraction=fmt_fraction(self.chance, lang),
                    percent=fmt_percent(self.chance, lang), **names))
            + _p(text("odds.challenge.expect", lang, pending=pending, cost=cost,
                      innocent=fmt_percent(innocent, lang),
                      innocent_fraction=fmt_fraction(innocent, lang),
                      expected_fraction=fmt_fraction(self.expected["challenge"], lang),
                      expected=fmt_decimal(self.expected["challenge"], 2, lang), **names)))
        verdict = ("odds.challenge.yes" if self.chance > self.break_even else
                   "odds.challenge.no" if self.chance < self.break_even else "odds.challenge.even")
        self._verdict.value = (
            _p(text(verdict, lang, break_even=fmt_fraction(self.break_even, lang),
                    break_even_percent=fmt_percent(self.break_even, lang),
                    percent=fmt_percent(self.chance, lang), pending=pending, **names),
               cls="uno-question-answer")
            + _p(text("odds.challenge.caveat", lang, **names)))
        held_colour = [c for c in game.hands[accused] if c.colour == colour]
        self.guilty = bool(held_colour)
        if held_colour:
            cards = text("odds.list_sep", lang).join(card_name(c, lang) for c in held_colour)
            self._truth.value = _p(text("odds.challenge.truth_guilty", lang, cards=cards, **names))
        else:
            self._truth.value = _p(text("odds.challenge.truth_innocent", lang, **names))
        # the chart: what a challenge costs for every size of the accused's hand
        top_size = min(unseen, max(15, held + 3))
        sizes = list(range(1, top_size + 1))
        costs = [cost * odds.hypergeometric(0, unseen, good, h) for h in sizes]
        with self.figure.batch_update():
            curve, take, here, _ = self.figure.data
            curve.x, curve.y = sizes, [float(c) for c in costs]
            curve.customdata = [text("odds.challenge.hover_curve", lang, held=h,
                                     expected=fmt_decimal(c, 2, lang), **names)
                                for h, c in zip(sizes, costs)]
            take.x, take.y = [sizes[0], sizes[-1]], [pending, pending]
            here.x, here.y = [held], [float(self.expected["challenge"])]
            here.customdata = [text("odds.challenge.hover_curve", lang, held=held,
                                    expected=fmt_decimal(self.expected["challenge"], 2, lang),
                                    **names)]
            self.figure.layout.title.text = text("odds.challenge.chart_title", lang, **names)
            self.figure.layout.xaxis.title.text = text("odds.challenge.x", lang, **names)
            self.figure.layout.yaxis.range = [0, cost + 0.5]
        settle(self.figure)
        self._caption.value = _p(text("odds.challenge.caption", lang, **names))

    # -- the simulation -------------------------------------------------------------------

    def _label(self) -> None:
        n = self._batch.value
        self._simulate.description = text("odds.challenge.simulate", self._lang,
                                          shown=fmt_int(n, self._lang), count=n)

    def simulate(self, n: int) -> None:
        """Re-deal the cards the challenger cannot see ``n`` times (seeded by
        the game's seed) and show how often the accused held the colour."""
        if not self._positions:
            return
        lang = self._lang
        view = self.view
        seed = self._seed.value
        pending = self._counting["pending"]
        self.estimate = mc.simulate_challenge_success(view, n, seed)
        self.draws_estimate = mc.challenge_draws(self.estimate, pending)
        e, d = self.estimate, self.draws_estimate
        self._sim.value = _p(text(
            "odds.challenge.sim", lang, unseen=self._counting["unseen"], shown=fmt_int(n, lang),
            n=n, seed=seed, hits=fmt_int(round(e.estimate * n), lang),
            percent=fmt_percent(e.estimate, lang),
            interval=fmt_interval(fmt_percent(e.low, lang), fmt_percent(e.high, lang), lang),
            exact=fmt_percent(self.chance, lang), mean=fmt_decimal(d.estimate, 2, lang),
            mean_interval=fmt_interval(fmt_decimal(d.low, 2, lang), fmt_decimal(d.high, 2, lang),
                                       lang),
            mean_exact=fmt_decimal(self.expected["challenge"], 2, lang), **self._names()))
        with self.figure.batch_update():
            sim = self.figure.data[3]
            # beside the exact dot, so that both show
            sim.x, sim.y = [self._counting["held"] + 0.2], [d.estimate]
            sim.error_y.array = [d.high - d.estimate]
            sim.error_y.arrayminus = [d.estimate - d.low]
            sim.customdata = [text("odds.challenge.hover_sim", lang,
                                   mean=fmt_decimal(d.estimate, 2, lang),
                                   interval=fmt_interval(fmt_decimal(d.low, 2, lang),
                                                         fmt_decimal(d.high, 2, lang), lang))]
        settle(self.figure)

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(self.widget)
