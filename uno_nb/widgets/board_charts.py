"""The class board's two charts, each with its sentence above it and what
it shows folded away below (:mod:`uno_nb.widgets.board_app` places them):

* :class:`HandsChart`: the class's dealt hands closing in on the exact
  chance - the share of hands with none of the kind counted, after each
  block of hands that came in, its 95% interval narrowing, against the
  exact chance;
* :class:`AnswersChart`: the spread of the class's first answers to one
  question.  The answer is marked, and each bar split into first answers
  that were right and the others, once the teacher has revealed it to the
  class: until then the board, on the projector, does not give it away.
  Right and not right differ by colour, by a pattern and in the legend.

Each redraws its chart only when what it shows has changed.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import plotly.graph_objects as go

from .. import lessons
from ..pooling import AnswerPool, Pooled
from ..sim import montecarlo as mc
from ..sim import odds
from ..texts import after_colon, text
from ..texts.numbers import fmt_decimal, fmt_int, fmt_interval, fmt_percent
from ..wording import choice_words
from . import ui as w
from ._common import Bars, figure, histogram, percent_axis, tagged
from .board_view import LOOKS, styled

__all__ = ["HandsChart", "AnswersChart", "answer_words", "number", "signed"]

#: Colours of the answers chart (Okabe and Ito's, told apart by colour-blind
#: eyes too); "not right" is striped as well.
NEUTRAL, RIGHT, WRONG, WRONG_STRIPES = "#5d7ea8", "#0072b2", "#e69f00", "#5c3b00"
#: At most this many bars of first answers (a projector's chart is read from afar).
BARS = 12
#: At most this many points of the class's hands are drawn (a class deals
#: thousands of blocks; a chart a few hundred pixels wide shows no more).
POINTS = 300


def thinned(path: list[tuple[int, int]], most: int = POINTS) -> list[tuple[int, int]]:
    """At most ``most`` points of ``path``, evenly spread, the last one kept.

    >>> [n for n, _ in thinned([(n, 0) for n in range(1, 11)], 4)]
    [1, 3, 6, 8, 10]
    """
    if len(path) <= most:
        return path
    step = len(path) / most
    return [path[int(i * step)] for i in range(most)] + [path[-1]]
_HEIGHT = 265


def number(value: float | Fraction, lang: str, unit: str = "number") -> str:
    """A number as the board writes an answer: whole, or to one decimal; a
    chance asked in per cent with its sign (``57.4%``)."""
    value = round(float(value), 1) + 0.0  # (no -0)
    said = fmt_int(int(value), lang) if value.is_integer() else fmt_decimal(value, 1, lang)
    return text("odds.num.percent", lang, value=said) if unit == "percent" else said


def signed(value: float, lang: str, unit: str = "number") -> str:
    """A difference, with its sign: ``+3``, ``−1.5``, ``0``."""
    value = round(float(value), 1)
    said = number(abs(value), lang, unit)
    return said if value == 0 else ("+" if value > 0 else "\u2212") + said


def _about(key: str, lang: str) -> w.HTML:
    """What a chart shows, folded under a line the teacher opens."""
    return tagged(w.HTML(f'<details style="{LOOKS["about"]}"><summary style="{LOOKS["summary"]}">'
                         f"{escape(text('board.page.about', lang))}</summary>"
                         f"{styled('words', text(key, lang))}</details>"),
                  "uno-board-about")


class HandsChart:
    """The class's hands closing in on the exact chance."""

    def __init__(self, lang: str) -> None:
        self._lang = lang
        self._shown: tuple[Any, ...] | None = None
        self.words = tagged(w.HTML(), "uno-board-hands")
        self.chart = tagged(figure(
            lang=lang,
            data=[go.Scatter(name=text("board.page.trace_share", lang), x=[], y=[],
                             mode="lines+markers", line=dict(color="#d72600")),
                  go.Scatter(name=text("board.page.trace_interval", lang), x=[], y=[],
                             mode="lines", line=dict(color="#d72600", width=0),
                             fill="toself", fillcolor="rgba(215,38,0,0.15)",
                             hoverinfo="skip"),
                  go.Scatter(name=text("board.page.trace_exact", lang), x=[], y=[],
                             mode="lines", line=dict(color="#1a5fb4", dash="dash"))],
            layout=go.Layout(height=_HEIGHT, margin=dict(l=60, r=10, t=36, b=40),
                             title=dict(text=text("board.page.hands_title", lang),
                                        font=dict(size=15)),
                             legend=dict(orientation="h", y=-0.22),
                             xaxis=dict(title=dict(text=text("board.page.hands_x", lang)),
                                        rangemode="tozero", tickformat=","),
                             yaxis=dict(title=dict(text=text("board.page.hands_y", lang)),
                                        range=[0, 1], **percent_axis(0, 1, lang)))),
            "uno-board-hands-chart")
        self.box = tagged(w.VBox([self.words, self.chart, _about("board.page.hands_caption", lang)],
                                 layout=w.Layout(flex="1 1 440px", min_width="0")),
                          "uno-board-part")

    def draw(self, pooled: Pooled) -> None:
        lang = self._lang
        item = "wild:7" if "wild:7" in pooled.hands else next(iter(pooled.hands), None)
        hands = pooled.hands[item] if item is not None else None
        shown = (item, hands.dealt, hands.none) if hands is not None else None
        if shown == self._shown and self._shown is not None:
            return  # nothing new to draw
        self._shown = shown
        share, band, exact = self.chart.data
        if item is None or hands is None:
            self.words.value = styled("words", text("board.page.hands_none", lang))
            for trace in (share, band, exact):
                trace.x, trace.y = [], []
            self.chart.draw()
            return
        kind, size = item.split(":")
        chance = odds.opening_hand(kind, exactly=0, hand_size=int(size))
        estimate = hands.estimate
        self.words.value = styled("words", text(
            "board.page.hands", lang, shown=fmt_int(hands.dealt, lang), dealt=hands.dealt,
            size=size, kind=text(f"odds.kind.{kind}", lang),
            none=fmt_int(hands.none, lang), percent=fmt_percent(estimate.estimate, lang),
            interval=fmt_interval(fmt_percent(estimate.low, lang),
                                  fmt_percent(estimate.high, lang), lang),
            exact=fmt_percent(chance, lang)))
        path = thinned(hands.path)
        xs = [n for n, _ in path]
        bounds = [mc.proportion(k, n) for n, k in path]
        with self.chart.batch_update():
            share.x, share.y = xs, [k / n for n, k in path]
            band.x = xs + xs[::-1]
            band.y = [b.high for b in bounds] + [b.low for b in bounds][::-1]
            exact.x, exact.y = [0, max(xs)], [float(chance)] * 2
            # close enough to see the share settle, wide enough for a first small deal
            low = max(0.0, min([float(chance) - 0.15, *(b.low for b in bounds)]))
            high = min(1.0, max([float(chance) + 0.15, *(b.high for b in bounds)]))
            self.chart.layout.yaxis.update(range=[low, high], **percent_axis(low, high, lang))
        self.chart.draw()


def _own(q: lessons.Question, answers: AnswerPool | None) -> bool:
    """Whether the students were asked numbers of their own (variants of
    ``q``): their first answers are compared with their own answers."""
    return answers is not None and not q.is_choice and \
        any(variant != q.variant for variant in answers.variant.values())


def _spread_words(values: list[float], count: int, lang: str, unit: str, own: bool) -> str:
    """How ``values`` (first answers, or how far they were from each
    student's own answer) spread, in words."""
    low, high = min(values), max(values)
    if own:
        return text("board.page.answers_offsets", lang, low=signed(low, lang, unit),
                    high=signed(high, lang, unit),
                    median=signed(statistics.median(values), lang, unit))
    if count == 1:
        return text("board.page.answers_one", lang, value=number(values[0], lang, unit))
    if low == high:
        return text("board.page.answers_same", lang, count=count, value=number(low, lang, unit))
    return text("board.page.answers_spread", lang, count=count, low=number(low, lang, unit),
                high=number(high, lang, unit),
                median=number(statistics.median(values), lang, unit))


def answer_words(q: lessons.Question, answers: AnswerPool | None, revealed: bool,
                 lang: str) -> str:
    """What the class's first answers to ``q`` come to, as paragraphs: how
    many answered and how their first answers spread, then how many were
    right, first and in the end, and how many were shown the answer on their
    page; the answer itself once ``revealed``.  Students asked numbers of
    their own are compared with their own answers, and only once the answer
    is revealed (how far they were would tell them)."""
    if answers is None or not answers.first:
        return styled("words", text("board.page.answers_none", lang))
    count = len(answers.first)
    facts = dict(right=len(answers.right_first), done=answers.right_in_the_end,
                 shown=answers.shown)
    if q.is_choice:
        said = [text("board.page.answers_choice", lang, count=count)]
        answer = text("board.page.quoted", lang,
                      words=choice_words(q, q.choices[int(q.answer)], lang))
    elif _own(q, answers):
        said = [text("board.page.answers_own", lang, count=count)]
        if revealed and answers.offset:
            said.append(_spread_words(list(answers.offset.values()), count, lang, q.unit, True))
    else:
        said = [_spread_words(list(answers.first.values()), count, lang, q.unit, False)]
        answer = number(q.answer, lang, q.unit)
    if not revealed:  # (the caption says the answer is marked once revealed)
        told = [text("board.page.answers_counts", lang, **facts)]
        if _own(q, answers):  # and here, why the chart is empty till then
            told.append(text("board.page.answers_later_own", lang))
    elif _own(q, answers):
        told = [text("board.page.answers_revealed_own", lang, **facts)]
    else:
        told = [text("board.page.answers_revealed", lang, answer=answer, **facts)]
    return styled("words", *said, *told)


class AnswersChart:
    """The spread of the class's first answers to one question (of how far
    each was from the student's own answer, when their numbers were their own)."""

    def __init__(self, lang: str) -> None:
        self._lang = lang
        self._shown: tuple[Any, ...] | None = None
        self.words = tagged(w.HTML(), "uno-board-answers")
        self.chart = tagged(figure(
            lang=lang,
            data=[go.Bar(name=text("board.page.trace_answers", lang), x=[], y=[],
                         marker=dict(color=NEUTRAL)),
                  go.Bar(name=text("board.page.trace_right", lang), x=[], y=[],
                         marker=dict(color=RIGHT)),
                  go.Bar(name=text("board.page.trace_wrong", lang), x=[], y=[],
                         marker=dict(color=WRONG, pattern=dict(shape="/", fgcolor=WRONG_STRIPES,
                                                               solidity=0.35)))],
            layout=go.Layout(height=_HEIGHT, margin=dict(l=60, r=10, t=36, b=40),
                             barmode="stack", showlegend=True,
                             title=dict(text=text("board.page.answers_title", lang),
                                        font=dict(size=15)),
                             legend=dict(orientation="h", y=-0.22, traceorder="normal"),
                             xaxis=dict(title=dict(text=text("board.page.answers_x", lang)),
                                        type="category", tickangle=0, tickfont=dict(size=11)),
                             yaxis=dict(title=dict(text=text("board.page.answers_y", lang)),
                                        rangemode="tozero"))),
            "uno-board-answers-chart")
        self.box = tagged(w.VBox([self.words, self.chart,
                                  _about("board.page.answers_caption", lang)],
                                 layout=w.Layout(flex="1 1 440px", min_width="0")),
                          "uno-board-part")

    def draw(self, q: lessons.Question, answers: AnswerPool | None, revealed: bool) -> None:
        lang = self._lang
        own = _own(q, answers)
        values = dict(answers.offset if own else answers.first) if answers is not None else {}
        right = set(answers.right_first) if answers is not None else set()
        shown = (q.id, revealed, own, tuple(sorted(values.items())), tuple(sorted(right)),
                 answers.right_in_the_end if answers else 0, answers.shown if answers else 0)
        if shown == self._shown:
            return  # the same answers, the same question: nothing to draw
        self._shown = shown
        self.words.value = answer_words(q, answers, revealed, lang)
        if own and not revealed:
            values = {}  # how far each was from their own answer would tell them
        spread = _spread(q, values, right, revealed, own, lang)
        neutral, good, bad = self.chart.data
        counts = [r + x for r, x in zip(spread.rights, spread.wrongs)]
        with self.chart.batch_update():
            for trace, ys in ((neutral, counts), (good, spread.rights), (bad, spread.wrongs)):
                on = (trace is neutral) != revealed
                trace.x, trace.y = (spread.x, ys) if on else ([], [])
                trace.showlegend = on
                trace.width = [spread.width] * len(spread.x) if on and spread.width else None
                trace.customdata = spread.names if on and spread.width else None
                trace.hovertemplate = "%{customdata}: %{y}" if on and spread.width else None
            most = max(counts, default=0)
            layout = self.chart.layout
            layout.yaxis.dtick = max(1, -(-most // 6))
            layout.yaxis.range = [0, max(1, most) * 1.3]
            layout.xaxis.type = "category" if q.is_choice else "linear"
            axis = ("board.page.answers_x_own" if own else "board.page.answers_x")
            layout.xaxis.title.text = text(
                axis + "_percent" if q.unit == "percent" and not q.is_choice else axis, lang)
            layout.annotations, layout.shapes = self._marked(q, spread, counts, own)
        self.chart.draw()

    def _marked(self, q: lessons.Question, spread: _Spread, counts: list[int],
                own: bool) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The answer on the chart (once revealed): a label over its bar, and
        for a number a dashed line where it is."""
        if spread.mark is None:
            return [], []
        lang = self._lang
        if q.is_choice:
            words = text("board.page.answer_mark", lang,  # «ответ: короче»
                         answer=after_colon(choice_words(q, q.choices[int(q.answer)], lang),
                                            lang))
            at = spread.x.index(spread.mark)
            return [dict(x=spread.mark, y=counts[at], yanchor="bottom", text="▼ " + words,
                         showarrow=False, font=dict(size=14, color="#1d1d1b"),
                         bgcolor="rgba(255,255,255,0.85)")], []
        words = text("board.page.answer_mark_own" if own else "board.page.answer_mark", lang,
                     answer=number(0 if own else q.answer, lang, q.unit))
        return ([dict(x=spread.mark, y=1, xref="x", yref="paper", yanchor="top", text=words,
                      showarrow=False, font=dict(size=14, color="#1d1d1b"),
                      bgcolor="rgba(255,255,255,0.85)")],
                [dict(type="line", x0=spread.mark, x1=spread.mark, xref="x", yref="paper",
                      y0=0, y1=0.86, line=dict(color="#1d1d1b", width=2, dash="dash"))])


@dataclass(frozen=True)
class _Spread:
    """The bars of the answers chart: where they stand (a number question's
    at the middle of their range, ``width`` wide; a choice's by its words),
    the ranges' names, how many in each were right on the first try and how
    many not, and where the answer is marked (None until it is revealed)."""

    x: list[Any]
    names: list[str]
    width: float | None
    rights: list[int]
    wrongs: list[int]
    mark: Any


def _spread(q: lessons.Question, values: dict[str, float], right: set[str], revealed: bool,
            own: bool, lang: str) -> _Spread:
    if q.is_choice:
        names = [_wrapped(choice_words(q, c, lang)) for c in q.choices]
        rights, wrongs = [0] * len(names), [0] * len(names)
        for student, value in values.items():
            at = min(max(int(value), 0), len(names) - 1)
            (rights if student in right else wrongs)[at] += 1
        return _Spread(names, names, None, rights, wrongs,
                       names[int(q.answer)] if revealed else None)
    if not values:
        return _Spread([], [], None, [], [], None)
    series = {"right": [v for s, v in values.items() if s in right],
              "wrong": [v for s, v in values.items() if s not in right]}
    bars = histogram(series, most=BARS)
    answer = 0.0 if own else float(q.answer)
    if revealed and not bars.start <= answer < bars.start + bars.width * bars.size:
        series["answer"] = [math.floor(answer) if bars.whole else answer]  # the bars reach it
        bars = histogram(series, most=BARS)
    # (a bar of whole numbers 4 to 6 stands from 3.5 to 6.5)
    return _Spread(bars.centres, _names(bars, lang), float(bars.width), bars.counts["right"],
                   bars.counts["wrong"], answer if revealed else None)


def _wrapped(words: str, most: int = 18) -> str:
    """A choice's words on lines of about ``most`` characters (a bar's label)."""
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def _names(bars: Bars, lang: str) -> list[str]:
    """The bars' names, a negative bound with a minus sign (−3–−1)."""
    return [name.replace("-", "\u2212") for name in bars.names(lang)]
