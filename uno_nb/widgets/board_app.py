"""The class board: what a whole class did, pooled live, for the projector.

:class:`ClassBoardApp` shows one class (the class its page joined, or a
fresh one the teacher starts): its code and how students join, and, redrawn
every few seconds from :mod:`uno_nb.classroom`'s pool of the class's rows,

* the class's dealt hands closing in on the exact chance: the share of hands
  with none of the kind counted, after each block of hands that came in,
  with its 95% interval narrowing as hands come in, against the exact chance;
* the spread of the class's first answers to a question against the answer;
* the class's games on the play page;

and a link to download the class's rows as CSV.
"""

from __future__ import annotations

import base64
import io
import statistics
import time
from fractions import Fraction
from html import escape

import plotly.graph_objects as go

from .. import classroom, lessons
from ..sim import odds
from ..sim import montecarlo as mc
from ..classboard import BoardError
from ..texts import board_refusal, text
from ..texts.numbers import fmt_decimal, fmt_int, fmt_interval, fmt_percent
from . import ui as w
from ._common import figure, para, percent_axis, tagged
from .classbar import ClassBar
from ..wording import choice_words, question_words

__all__ = ["ClassBoardApp", "REFRESH_MS"]

#: How often the board reads what is new (milliseconds).
REFRESH_MS = 2_000


def _short(words: str, most: int = 70) -> str:
    return words if len(words) <= most else words[: most - 1].rstrip() + "…"


class ClassBoardApp:
    """The class board page's app (shown under its own :class:`ClassBar`)."""

    def __init__(self, lang: str = "en", room: classroom.Classroom | None = None,
                 bar: ClassBar | None = None) -> None:
        self._lang = lang
        self._room = room if room is not None else classroom.SESSION
        self.bar = bar if bar is not None else ClassBar(lang=lang, room=room)
        self.bar.every = REFRESH_MS
        self.bar.on_tick(self.refresh)
        self.bar.on_join(lambda _code: self.refresh())
        self._seen = -1  # the last row drawn
        self._start = tagged(w.Button(description=text("board.page.start", lang),
                                      layout=w.Layout(width="auto")),
                             "uno-board-start")
        self._start.on_click(lambda _b: self.start_class())
        self._code = tagged(w.HTML(), "uno-board-code")
        self._message = tagged(w.HTML(), "uno-board-message")
        self._students = tagged(w.HTML(), "uno-board-students")
        self._hands = tagged(w.HTML(), "uno-board-hands")
        self.hands_chart = tagged(figure(
            lang=lang,
            data=[go.Scatter(name=text("board.page.trace_share", lang), x=[], y=[],
                             mode="lines+markers", line=dict(color="#d72600")),
                  go.Scatter(name=text("board.page.trace_interval", lang), x=[], y=[],
                             mode="lines", line=dict(color="#d72600", width=0),
                             fill="toself", fillcolor="rgba(215,38,0,0.15)",
                             hoverinfo="skip"),
                  go.Scatter(name=text("board.page.trace_exact", lang), x=[], y=[],
                             mode="lines", line=dict(color="#1a5fb4", dash="dash"))],
            layout=go.Layout(height=340, margin=dict(l=60, r=10, t=40, b=50),
                             title=dict(text=text("board.page.hands_title", lang),
                                        font=dict(size=14)),
                             legend=dict(orientation="h", y=-0.3),
                             xaxis=dict(title=dict(text=text("board.page.hands_x", lang)),
                                        rangemode="tozero"),
                             yaxis=dict(title=dict(text=text("board.page.hands_y", lang)),
                                        range=[0, 1], **percent_axis(0, 1, lang)))),
            "uno-board-hands-chart")
        self._hands_caption = tagged(w.HTML(para(text("board.page.hands_caption", lang))),
                                     "uno-caption")
        self._question = tagged(w.Dropdown(
            options=[(_short(f"{q.page} · {question_words(q, 'ask', lang)}"), q.id) for q in lessons.questions()],
            value="odds.no_wild", description=text("board.page.question", lang),
            layout=w.Layout(width="auto", max_width="100%")), "uno-board-question")
        self._question.observe(lambda _c: self._draw(force=True), names="value")
        self._answers = tagged(w.HTML(), "uno-board-answers")
        self.answers_chart = tagged(figure(
            lang=lang,
            data=[go.Bar(name=text("board.page.trace_answers", lang), x=[], y=[],
                         marker_color="#9fb7d9")],
            layout=go.Layout(height=300, margin=dict(l=60, r=10, t=40, b=60),
                             title=dict(text=text("board.page.answers_title", lang),
                                        font=dict(size=14)),
                             xaxis=dict(title=dict(text=text("board.page.answers_x", lang))),
                             yaxis=dict(title=dict(text=text("board.page.answers_y", lang)),
                                        rangemode="tozero", dtick=1))),
            "uno-board-answers-chart")
        self._answers_caption = tagged(w.HTML(para(text("board.page.answers_caption", lang))),
                                       "uno-caption")
        self._games = tagged(w.HTML(), "uno-board-games")
        # the CSV is made when the teacher asks for it, not at every new row
        self._export = tagged(w.Button(layout=w.Layout(width="auto", align_self="flex-start")),
                              "uno-board-export")
        self._export.on_click(lambda _b: self.export())
        self._csv = tagged(w.HTML(), "uno-board-csv")
        self.pooled: classroom.Pooled | None = None
        self.widget = tagged(w.VBox([
            w.HBox([self._code, self._start], layout=w.Layout(flex_flow="row wrap",
                                                               align_items="center")),
            self._message, self._students, self._hands, self.hands_chart, self._hands_caption,
            self._question, self._answers, self.answers_chart, self._answers_caption,
            self._games, self._export, self._csv]), "uno-app", "uno-board")
        self._draw(force=True)

    # -- what the teacher does -----------------------------------------------------------

    @property
    def code(self) -> str | None:
        member = self._room.member
        return member.code if member is not None else None

    def start_class(self) -> str | None:
        """A fresh class, joined by this page: its code (None if refused)."""
        try:
            code = self._room.board.start_class()
        except BoardError as refused:
            self._message.value = para(board_refusal(refused, self._lang))
            return None
        self.bar.join(code, "teacher")
        return code

    def refresh(self) -> None:
        """Read what is new and redraw (every tick of the page)."""
        self._draw(force=False)

    # -- the one render funnel -------------------------------------------------------------

    def _draw(self, force: bool) -> None:
        lang, code = self._lang, self.code
        served = classroom.served() or self._room is not classroom.SESSION
        self._start.layout.display = None if served else "none"
        if code is None:
            self._code.value = para(text("board.page.none" if served else "board.no_server",
                                         lang))
            for part in (self._students, self._hands, self._answers, self._games, self._csv):
                part.value = ""
            self._export.layout.display = "none"
            return
        try:
            if not force and self._room.board.count(code) == 0 and self._seen == 0:
                return
            rows = self._room.board.results(code)
        except BoardError as refused:
            self._message.value = para(board_refusal(refused, lang))
            return
        pooled = classroom.pool(rows)
        if not force and pooled.last_id == self._seen and self.pooled is not None:
            return  # nothing new
        self._seen = pooled.last_id
        self.pooled = pooled
        self._message.value = ""
        with w.batch():
            self._code.value = (f'<div class="uno-board-code-text" style="font-size:1.6em">'
                                f'{escape(text("board.page.code", lang, code=code))}</div>'
                                + para(text("board.page.link", lang, code=code)))
            said = [text("board.page.students", lang, count=pooled.students)]
            if pooled.nicknames:  # as typed, shown as text (para escapes)
                said.append(text("board.page.nicknames", lang,
                                 names=", ".join(pooled.nicknames)))
            self._students.value = para(*said)
            self._draw_hands(pooled)
            self._draw_answers(pooled)
            if pooled.games.games:
                games = text("board.page.games", lang, games=pooled.games.games,
                             won=pooled.games.won)
            else:
                games = text("board.page.games_none", lang)
            c = pooled.challenges
            if c.decisions:
                challenges = text("board.page.challenges", lang, count=c.decisions,
                                  challenged=c.challenged, caught=c.caught, wrong=c.wrong,
                                  taken=c.taken, passed=c.passed, drawn=c.drawn)
            else:
                challenges = text("board.page.challenges_none", lang)
            runs = pooled.lab
            lab = (text("board.page.lab", lang, count=runs.runs, students=len(runs.students),
                        games=fmt_int(runs.games, lang)) if runs.runs
                   else text("board.page.lab_none", lang))
            self._games.value = para(games) + para(challenges) + para(lab)
            self._export.description = text("board.page.csv_prepare", lang, count=len(rows))
            self._export.layout.display = None
            # a file made before stays (its link says how many rows it holds)

    def _draw_hands(self, pooled: classroom.Pooled) -> None:
        lang = self._lang
        item = "wild:7" if "wild:7" in pooled.hands else next(iter(pooled.hands), None)
        with self.hands_chart.batch_update():
            share, band, exact = self.hands_chart.data
            if item is None:
                self._hands.value = para(text("board.page.hands_none", lang))
                for trace in (share, band, exact):
                    trace.x, trace.y = [], []
            else:
                kind, size = item.split(":")
                hands = pooled.hands[item]
                chance = odds.opening_hand(kind, exactly=0, hand_size=int(size))
                estimate = hands.estimate
                self._hands.value = para(text(
                    "board.page.hands", lang, shown=fmt_int(hands.dealt, lang), dealt=hands.dealt,
                    size=size, kind=text(f"odds.kind.{kind}", lang),
                    none=fmt_int(hands.none, lang), percent=fmt_percent(estimate.estimate, lang),
                    interval=fmt_interval(fmt_percent(estimate.low, lang),
                                          fmt_percent(estimate.high, lang), lang),
                    exact=fmt_percent(chance, lang)))
                xs = [n for n, _ in hands.path]
                bounds = [mc.proportion(k, n) for n, k in hands.path]
                share.x, share.y = xs, [k / n for n, k in hands.path]
                band.x = xs + xs[::-1]
                band.y = [b.high for b in bounds] + [b.low for b in bounds][::-1]
                exact.x, exact.y = [0, max(xs)], [float(chance)] * 2
                # close enough to see the share settle, wide enough for a first small deal
                low = min([float(chance) - 0.15, *(b.low for b in bounds)])
                high = max([float(chance) + 0.15, *(b.high for b in bounds)])
                low, high = max(0.0, low), min(1.0, high)
                self.hands_chart.layout.yaxis.update(range=[low, high],
                                                     **percent_axis(low, high, lang))
        self.hands_chart.draw()

    def _draw_answers(self, pooled: classroom.Pooled) -> None:
        lang = self._lang
        q = lessons.question(str(self._question.value))
        answers = pooled.answers.get(q.id)
        firsts = list(answers.first.values()) if answers else []
        with self.answers_chart.batch_update():
            bars = self.answers_chart.data[0]
            if not firsts or answers is None:
                self._answers.value = para(text("board.page.answers_none", lang))
                bars.x, bars.y = [], []
            elif q.is_choice:
                words = [choice_words(q, c, lang) for c in q.choices]
                counts = [sum(1 for v in firsts if int(v) == i) for i in range(len(q.choices))]
                bars.x, bars.y = words, counts
                self._answers.value = para(text(
                    "board.page.answers_choice", lang, count=len(firsts),
                    right=len(answers.right_first), answer=words[int(q.answer)],
                    done=answers.right_in_the_end))
            else:
                shown = sorted(round(v, 1) for v in firsts)
                values = sorted(set(shown))
                bars.x = [self._number(v) for v in values]
                bars.y = [shown.count(v) for v in values]
                self._answers.value = para(text(
                    "board.page.answers", lang, count=len(firsts),
                    low=self._number(min(firsts)), high=self._number(max(firsts)),
                    median=self._number(statistics.median(firsts)),
                    right=len(answers.right_first), done=answers.right_in_the_end,
                    answer=self._number(float(q.answer))))
        self.answers_chart.draw()

    def _number(self, value: float | Fraction) -> str:
        value = float(value)
        return fmt_int(int(value), self._lang) if value.is_integer() else \
            fmt_decimal(value, 1, self._lang)

    def export(self) -> None:
        """Make the class's CSV now and show its download link."""
        code = self.code
        if code is not None:
            self._csv.value = self._csv_link(code)

    def _csv_link(self, code: str) -> str:
        out = io.StringIO()
        try:
            rows = self._room.export(out, self._lang)
        except BoardError as refused:
            return para(board_refusal(refused, self._lang))
        data = base64.b64encode(out.getvalue().encode("utf-8")).decode("ascii")
        name = f"uno_nb-class-{code}-{time.strftime('%Y-%m-%d')}.csv"
        words = text("board.page.csv", self._lang, count=rows)
        return (f'<p><a class="uno-board-csv-link" download="{escape(name)}" '
                f'href="data:text/csv;charset=utf-8;base64,{data}">{escape(words)}</a></p>')

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(self.bar)
        display(self.widget)

