"""The house-rules lab: two rule sets played on the same seeds, compared.

Choose each rule set with every option (the same panel as the stepper's),
side by side on a wide screen and one under the other on a phone; B's title
says what it changes in A.  Choose the players, the bots and the number of
games.  Every change plays the games again by itself, a moment after the
last change of a burst, with at most ``auto_games`` games per rule set; Run
plays all the games asked for.  A progress bar follows the games while the
old results are greyed out, and the status line says how many games were
played and how long they took.  A table gives each figure of
:class:`uno_nb.lab.Summary` in words, for A and for B with its 95% interval,
and the difference B − A with whether it is clear beyond chance; one
chart, redrawn in place, overlays the shares of games by their length
in turns.  One render funnel, ``_render``.

The automatic runs are played in a timer's thread, so the kernel keeps
taking the page's changes while they play (widget updates from a thread
reach the page like any other).  Every change and every Run bumps a
generation counter: a run whose generation is no longer the newest stops at
its next progress report, and results that finish anyway are dropped, so
the newest settings win; one lock lets one run play at a time.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from html import escape
from typing import Any, Mapping

from . import ui as w
import plotly.graph_objects as go

from .. import lab
from ..sim.bots import BOT_NAMES
from ..sim.montecarlo import Estimate, difference
from ..engine.rules import RuleSet
from ..sim.simulation import DEFAULT_MAX_TURNS
from ..texts import player_name, text
from .app import App
from .classbar import record
from ._common import figure, histogram, percent_axis, swap_children, tagged
from ..texts.numbers import fmt_decimal, fmt_int, fmt_interval, fmt_percent
from .rules_panel import RulesPanel, change_items, nearest_preset, rules_name

__all__ = ["LabApp", "Row", "figure_rows", "difference"]

LABELS = ("A", "B")
#: How each rule set's bars look, so that a viewer tells them apart where they
#: overlap: A's filled, B's outlined on top of them (and each one's average as
#: a dashed line of its colour).
_LOOKS = {"A": dict(color="rgba(25, 102, 204, 0.55)", line=dict(width=0)),
          "B": dict(color="rgba(230, 92, 0, 0.08)", line=dict(color="#e65c00", width=2))}
_MEAN_COLOURS = {"A": "#1966cc", "B": "#e65c00"}
GAMES = (200, 600, 2000, 10_000)
AUTO_GAMES = 10_000   #: the most games per rule set a change plays by itself
#: Seconds after the last change of a burst before the games are played: the
#: clicks of a burst come less than that apart, and 10,000 games of each rule
#: set take about a tenth of a second on the kernel, so the chart follows a
#: switch within half a second.
DEBOUNCE = 0.2


class _Superseded(Exception):
    """A newer change or Run has taken over: the games being played are not wanted."""


# -- the figures in words ----------------------------------------------------------------

def _signed(x: float, percent: bool, lang: str, bound: bool = False) -> str:
    """``+1.2``, ``−0.4``, ``0.0``.  A ``bound`` of an interval keeps its
    sign: one that would round to 0.0 gets up to three decimals (``−0.02``),
    so an interval called clear never seems to reach 0."""
    scaled = abs(x) * (100 if percent else 1)
    for digits in ((1, 2, 3) if bound else (1,)):
        shown = fmt_decimal(scaled, digits, lang)
        if shown.strip("0.,"):
            break
    if not shown.strip("0.,"):  # rounds to zero: no sign
        return shown
    return text("lab.num.plus" if x > 0 else "lab.num.minus", lang, value=shown)


def _plain(x: float, percent: bool, lang: str) -> str:
    return fmt_percent(x, lang) if percent else fmt_decimal(x, 1, lang)


def _estimate(e: Estimate, percent: bool, lang: str) -> str:
    """``27.4% (25.6% to 29.2%)``, ``41.2 (39.8 to 42.6)``."""
    if math.isnan(e.estimate):
        return text("lab.none", lang)
    if math.isnan(e.low):
        return _plain(e.estimate, percent, lang)
    return text("lab.estimate", lang, value=_plain(e.estimate, percent, lang),
                interval=fmt_interval(_plain(e.low, percent, lang), _plain(e.high, percent, lang),
                                      lang))


def _difference(a: Estimate, b: Estimate, percent: bool, lang: str,
                label: str, paired: Estimate | None = None) -> tuple[str, str, bool]:
    """The difference in words, the verdict, and whether it is clear:
    ``('+1.2 percentage points (−0.9 to +3.3)', 'could be chance', False)``;
    ``paired``: the difference worked out deal by deal, when there is one."""
    d = difference(a, b) if paired is None else paired
    if any(math.isnan(x) for x in (d.estimate, d.low, d.high)):
        return text("lab.none", lang), "", False
    said = text("lab.diff.percent" if percent else "lab.diff.number", lang,
                value=_signed(d.estimate, percent, lang),
                interval=fmt_interval(_signed(d.low, percent, lang, bound=True),
                                      _signed(d.high, percent, lang, bound=True), lang))
    if d.low > 0:
        verdict = text("lab.diff.higher", lang, label=label)
    elif d.high < 0:
        verdict = text("lab.diff.lower", lang, label=label)
    else:
        verdict = text("lab.diff.unclear", lang)
    return said, verdict, d.low > 0 or d.high < 0


@dataclass(frozen=True)
class Row:
    """One line of the lab's table, as a person reads it."""

    key: str           #: ``games``, ``turns``, ``first``, ``seat1`` …, ``points``, ``drawn``
    label: str         #: ``'The first player wins'``
    a: str             #: A's figure with its interval
    b: str
    diff: str          #: B − A with its interval (``''`` for the number of games)
    verdict: str       #: ``'B higher, beyond chance'``, ``'could be chance'`` or ``''``
    clear: bool = False  #: is the difference clear beyond chance (its interval leaves out 0)?


def figure_rows(a: lab.Summary, b: lab.Summary, lang: str = "en",
                labels: tuple[str, str] = LABELS, max_turns: int = DEFAULT_MAX_TURNS,
                paired: Mapping[str, Estimate] | None = None) -> list[Row]:
    """The rows of the lab's table for summaries ``a`` and ``b`` (same number
    of players); ``max_turns``: the turn cap the games were played with (a
    summary does not carry it), said for abandoned games; ``paired``: the
    differences deal by deal (:func:`uno_nb.lab.paired_differences`, by row
    key), used for B − A where given."""
    paired = paired or {}
    def games(s: lab.Summary) -> str:
        if not s.abandoned:
            return fmt_int(s.games, lang)
        return text("lab.games.abandoned", lang, played=fmt_int(s.games, lang),
                    abandoned=fmt_int(s.abandoned, lang), limit=fmt_int(max_turns, lang))

    rows = [Row("games", text("lab.row.games", lang), games(a), games(b), "", "", False)]
    figures: list[tuple[str, str, Estimate, Estimate, bool]] = [
        ("turns", text("lab.row.turns", lang), a.turns, b.turns, False),
        ("first", text("lab.row.first", lang), a.position_wins[0], b.position_wins[0], True)]
    figures += [(f"seat{seat + 1}", text("lab.row.seat", lang, player=player_name(seat, lang)),
                 ea, eb, True) for seat, (ea, eb) in enumerate(zip(a.seat_wins, b.seat_wins))]
    figures += [("points", text("lab.row.points", lang), a.points, b.points, False),
                ("drawn", text("lab.row.drawn", lang), a.cards_drawn, b.cards_drawn, False)]
    for key, label, ea, eb, percent in figures:
        diff, verdict, clear = _difference(ea, eb, percent, lang, labels[1], paired.get(key))
        rows.append(Row(key, label, _estimate(ea, percent, lang), _estimate(eb, percent, lang),
                        diff, verdict, clear))
    return rows


# -- the app -------------------------------------------------------------------------------

class LabApp(App):
    """Compare rule sets ``a`` and ``b`` over ``games`` seeded games each.

    The games are played in this process, so the progress bar moves as they
    finish.  With ``run=True`` the first comparison is made at once (with at
    most ``auto_games`` games per rule set).  Afterwards every change of a
    setting plays the games again by itself, ``debounce`` seconds after the
    last change of a burst, with ``min(games, auto_games)`` games per rule
    set, in a thread of its own; :meth:`wait_idle` waits for it.  Run plays
    all ``games``.  ``results`` holds the :class:`uno_nb.lab.LabResult` of
    each rule set (``"A"``, ``"B"``) of the last run; ``rows`` the table shown.

    >>> app = LabApp("standard", "party", games=200, run=False)
    >>> app.run(); sorted(app.results), app.rows[2].label
    (['A', 'B'], 'The first player wins')
    """

    def __init__(self, a: RuleSet | str | None = "standard", b: RuleSet | str | None = "party",
                 players: int = 4, games: int = 600, seed: int = 0,
                 bots: str = "random-greedy", run: bool = True, lang: str = "en",
                 auto_games: int = AUTO_GAMES, debounce: float = DEBOUNCE) -> None:
        if auto_games < 2:
            raise ValueError(f"auto_games must be at least 2 (a summary needs two games), "
                             f"got {auto_games}")
        self._lang = lang
        self.auto_games, self.debounce = auto_games, debounce
        # The state below is shared by the kernel's thread (the page's changes,
        # Run) and the timers' (the automatic runs): _lock guards it and the
        # drawing; _run_lock lets one run play at a time.
        self._lock = threading.RLock()
        self._idle = threading.Condition(self._lock)
        self._run_lock = threading.Lock()
        self._generation = 0                        # bumped by every change and every Run
        self._timer: threading.Timer | None = None
        self._scheduled: int | None = None          # the generation an automatic run waits for
        self.panels = [RulesPanel(rules, on_change=lambda _: self._changed(), lang=lang)
                       for rules in (a, b)]
        wide: dict[str, Any] = dict(style={"description_width": "initial"})
        self._players = w.IntSlider(value=players, min=2, max=10,
                                    description=text("lab.players", lang), **wide)
        self._games = tagged(w.Dropdown(
            options=[(fmt_int(n, lang), n) for n in sorted({*GAMES, games})], value=games,
            description=text("lab.games", lang), layout=w.Layout(width="auto"), **wide),
            "uno-lab-games")
        self._bots = w.Dropdown(
            options=[(text(f"lab.bot.{name}", lang), name) for name in BOT_NAMES], value=bots,
            description=text("lab.bots", lang), layout=w.Layout(width="auto"), **wide)
        self._seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                      description=text("lab.seed", lang),
                                      layout=w.Layout(width="14em"), **wide)
        for control in (self._players, self._games, self._bots, self._seed):
            control.observe(lambda _: self._changed(), names="value")
        self._titles = [tagged(w.HTML(), "uno-lab-title") for _ in LABELS]
        self._compared = tagged(w.HTML(), "uno-lab-compared")
        self._button_box = w.HBox()
        # named for a screen reader by its tooltip (no words beside it)
        self._progress = tagged(w.IntProgress(value=0, min=0, max=1,
                                              tooltip=text("lab.progress", lang)), "uno-progress")
        self._status = tagged(w.HTML(), "uno-lab-status")
        self._table = tagged(w.HTML(), "uno-lab-table")
        self._notes = tagged(w.HTML(), "uno-lab-notes")
        self._caption = tagged(w.HTML(), "uno-lab-caption")
        # plotly fills in the bin and its share: "51-57 turns: 8.2% of games"
        # (the share as the page writes it, "8.2%", "8,2 %", carried as the bar's text)
        hover = text("lab.chart.hover", lang, turns="%{customdata}", share="%{text}")
        self.figure = tagged(figure(
            lang=lang,
            data=[go.Bar(name=label, x=[], y=[], customdata=[], text=[], textposition="none",
                         marker=_LOOKS[label],
                         hovertemplate=hover + "<extra>%{fullData.name}</extra>")
                  for label in LABELS],
            layout=go.Layout(title=text("lab.chart.title", lang), barmode="overlay", bargap=0,
                             height=380,
                             xaxis=dict(title=text("lab.chart.x", lang)),
                             yaxis=dict(title=text("lab.chart.y", lang)),
                             # the legend under the axis: the band above the bars
                             # is for the two averages' names
                             legend=dict(orientation="h", yanchor="top", y=-0.32, x=0),
                             margin=dict(l=60, r=10, t=60, b=100))), "uno-lab-chart")
        self.results: dict[str, lab.LabResult] = {}
        self.rows: list[Row] = []
        #: how many runs have shown their results (a page can wait for the next one)
        self.runs = 0
        #: what the last automatic run raised (``None`` when it played)
        self.error: BaseException | None = None
        self._busy = False
        self._playing = 0                          # games per rule set of the run going on
        self._ran: tuple[Any, ...] | None = None   # the settings the results were played with
        self._ran_key: tuple[Any, ...] | None = None  # … with the games really played
        self._took = 0.0                           # seconds the shown run took
        self._charted: dict[str, lab.LabResult] | None = None
        self._shown = 0
        # Each column grows from a basis of its own, not from its content, so
        # opening a group of switches in one column never pushes the other
        # below it; under two minimum widths (a phone) they stack.
        columns = [tagged(w.VBox([self._titles[0], self.panels[0].widget],
                                 layout=w.Layout(flex="1 1 340px", min_width="280px")),
                          "uno-lab-column"),
                   tagged(w.VBox([self._titles[1], self._compared, self.panels[1].widget],
                                 layout=w.Layout(flex="1 1 340px", min_width="280px")),
                          "uno-lab-column")]
        self._columns = tagged(w.Box(columns, layout=w.Layout(
            display="flex", flex_flow="row wrap", align_items="flex-start", width="100%")),
            "uno-lab-columns")
        controls = tagged(w.HBox([self._players, self._games, self._bots, self._seed,
                                  self._button_box]), "uno-lab-controls")
        self._results_box = tagged(w.VBox([self._table, self._notes, self.figure, self._caption]),
                                   "uno-lab-results")
        self.widget = tagged(w.VBox([self._columns, controls, self._progress, self._status,
                                     self._results_box]), "uno-app", "uno-lab")
        self._render()
        if run:
            with self._lock:
                gen = self._generation
                settings = self._settings()
            self._play(gen, settings, min(games, auto_games))

    def _settings(self) -> tuple[Any, ...]:
        return (self.panels[0].rules, self.panels[1].rules, self._players.value,
                self._games.value, self._bots.value, self._seed.value)

    @staticmethod
    def _key(settings: tuple[Any, ...], games: int) -> tuple[Any, ...]:
        """The settings with the number of games really played."""
        return settings[:3] + (games,) + settings[4:]

    @property
    def stale(self) -> bool:
        """Are the results on screen not those of the settings shown (a run
        going on, or a setting changed since)?"""
        return self._busy or (bool(self.results) and self._ran != self._settings())

    @property
    def idle(self) -> bool:
        """Is no run going on or waiting to start?"""
        return self._scheduled is None and not self._busy

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until the automatic run a change asked for (if any) has
        played and shown its results; ``False`` if ``timeout`` seconds
        passed first.  For tests and scripts: the page needs no waiting."""
        with self._idle:
            return self._idle.wait_for(lambda: self.idle, timeout)

    # -- the runs ----------------------------------------------------------------------

    def _changed(self) -> None:
        """A setting changed: play the games again a moment after the last
        change of a burst.  (A combination the rules refuse is undone by its
        panel, which calls nothing: no run.)"""
        with self._lock:
            gen = self._supersede()
            self._scheduled = gen
            self._timer = threading.Timer(self.debounce, self._fire, args=(gen,))
            self._timer.daemon = True
            self._timer.start()
            self._render()

    def _supersede(self) -> int:
        """A new generation: the timer waiting is cancelled, a run going on
        stops at its next progress report.  Called with the lock held."""
        self._generation += 1
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._scheduled = None
        return self._generation

    def _fire(self, gen: int) -> None:
        """The automatic run of generation ``gen``, in its timer's thread."""
        try:
            with self._run_lock:  # a stale run going on stops first
                with self._lock:
                    if gen != self._generation:
                        return  # a newer change has its own timer, or Run took over
                    settings = self._settings()
                    games = min(settings[3], self.auto_games)
                    if self.results and self._ran_key == self._key(settings, games):
                        # the games on screen are these (a change undone, or
                        # more games asked for than a change plays)
                        self._ran = settings
                        self._render()
                        return
                self._play(gen, settings, games, locked=True)
        except Exception as exc:  # a thread has no caller to tell: the page says so
            with self._lock:
                self.error = exc
                self._render()
        finally:
            with self._lock:
                if self._scheduled == gen:
                    self._scheduled = None
                self._idle.notify_all()

    def run(self) -> None:
        """Play all the games asked for under both rule sets and show the
        comparison (an automatic run going on or waiting gives way)."""
        with self._lock:
            gen = self._supersede()
            settings = self._settings()
        self._play(gen, settings, settings[3])

    def _play(self, gen: int, settings: tuple[Any, ...], games: int, locked: bool = False) -> None:
        """Play ``games`` games of each rule set with ``settings``; show them
        if ``gen`` is still the newest generation when they are played."""
        if not locked:
            with self._run_lock:
                self._play(gen, settings, games, locked=True)
            return
        a, b, players, _, bots, seed = settings
        with self._lock:
            if gen != self._generation:
                return
            self._busy, self._playing, self.error = True, games, None
            self._render()  # greyed out and the button off before the bar starts again
            self._progress.max, self._progress.value = 2 * games, 0
        results: dict[str, lab.LabResult] | None = {}
        start = time.perf_counter()
        try:
            for index, (label, rules) in enumerate(zip(LABELS, (a, b))):
                def progress(done: int, total: int, base: int = index * games) -> None:
                    if gen != self._generation:
                        raise _Superseded
                    self._progress.value = base + done
                result = lab.run(rules, [bots] * players, games, seed, executor="serial",
                                 progress=progress)
                # summed up here, in the run's thread, not while drawing
                _ = result.summary
                results[label] = result  # type: ignore[index]
        except _Superseded:
            results = None
        finally:
            took = time.perf_counter() - start
            shown = False
            with self._lock:
                self._busy = False
                if results is not None and len(results) == len(LABELS) \
                        and gen == self._generation:
                    self.results, self._ran = results, settings
                    self._ran_key, self._took = self._key(settings, games), took
                    self.runs += 1
                    shown = True
                self._render()
                self._idle.notify_all()
            if shown and results is not None:
                self._to_the_board(settings, games, results)

    @staticmethod
    def _to_the_board(settings: tuple[Any, ...], games: int,
                      results: dict[str, lab.LabResult]) -> None:
        """The class board's row of a run (when the page is in a class)."""
        a, b, players, _, bots, seed = settings
        summaries = [results[label].summary for label in LABELS]
        record("lab", "run", games,
               {"a": a.name, "b": b.name, "players": players, "bots": bots, "seed": seed,
                "turns_a": summaries[0].turns.estimate, "turns_b": summaries[1].turns.estimate})

    # -- the one render funnel -------------------------------------------------

    def _render(self) -> None:
        # under the lock: the page's changes and the runs' threads draw in turn
        with self._lock:
            lang = self._lang
            # The Run button is made anew each time and the old one closed, so a
            # click sent while the games were being played, or before a setting
            # changed, does not run them.
            self._shown += 1
            shown = self._shown
            button = tagged(w.Button(description=text("lab.run", lang), disabled=self._busy,
                                     button_style="primary"), "uno-run", "uno-lab-run")
            button.on_click(lambda _: self.run() if shown == self._shown else None)
            swap_children(self._button_box, [button])

            a, b = (panel.rules for panel in self.panels)
            # B is named from A's preset when two presets are as near: "Standard
            # rules + Stack draw cards" beside "Standard rules", not "Party rules − …".
            names = (rules_name(a, lang), rules_name(b, lang, prefer=nearest_preset(a)))
            for title, label, name in zip(self._titles, LABELS, names):
                title.value = f"<b>{escape(text('lab.title', lang, label=label, name=name))}</b>"
            if a == b:
                compared = escape(text("lab.same", lang, other=LABELS[0]))
            else:
                # each change unbroken ("+ Stack draw cards"), the list wrapping between them
                changes = escape(text("rules.diff.list_sep", lang)).join(
                    f'<span class="uno-lab-change" style="white-space:nowrap">{escape(item)}</span>'
                    for item in change_items(b, a, lang))
                # the sentence is escaped around its list, which is HTML already
                compared = escape(text("lab.compared", lang, other=LABELS[0],
                                       changes="\0")).replace("\0", changes)
            self._compared.value = f'<div style="color:#555">{compared}</div>'

            # the results first, the status after: a page that reads "done" has the chart
            if self.results and self._charted is not self.results:
                self._draw_results()
            if self.stale:
                self._results_box.add_class("uno-stale")
            else:
                self._results_box.remove_class("uno-stale")
            self._status.value = self._status_html()

    def _status_html(self) -> str:
        """What the lab is doing, in words; its state, the number of runs
        shown and their games as data, for a page to wait on."""
        lang, asked = self._lang, self._games.value
        games, extra = asked, ""
        if self._busy:
            state, games = "running", self._playing
            said = text("lab.running", lang, number=fmt_int(games, lang), games=games)
        elif self.error is not None:
            state = "failed"
            said = text("lab.failed", lang)
        elif not self.results:
            state = "invite"
            said = text("lab.invite", lang, number=fmt_int(asked, lang), games=asked)
        elif self.stale:
            state = "changed"
            said = text("lab.changed", lang)
        else:
            state, games = "done", self.results[LABELS[0]].summary.games
            took = self._took
            seconds = fmt_decimal(max(took, 0.01), 2 if took < 1 else 1, lang)
            said = text("lab.done", lang, number=fmt_int(games, lang), games=games,
                        seconds=seconds)
            if games < asked:  # an automatic run, capped: Run plays them all
                extra = (' <span class="uno-lab-capped">' + escape(text(
                    "lab.capped", lang, number=fmt_int(games, lang), games=games,
                    asked=fmt_int(asked, lang))) + "</span>")
            fallbacks = [r.fallback for r in self.results.values() if r.engine == "engine" and r.fallback]
            if fallbacks:
                # the compiled kernel did not play them: not compiled yet (the
                # app compiles it in the background), or not installed at all
                from ..kernel import COMPILE_FAILED, is_compiling_reason
                key = ("lab.engine_compiling" if all(map(is_compiling_reason, fallbacks))
                       else "lab.engine_failed" if COMPILE_FAILED in fallbacks else "lab.engine")
                extra += ' <span class="uno-lab-engine">' + escape(text(key, lang)) + "</span>"
        return (f'<span class="uno-lab-state" data-state="{state}" data-run="{self.runs}" '
                f'data-games="{games}">{escape(said)}</span>{extra}')

    def _draw_results(self) -> None:
        lang, results = self._lang, self.results
        self._charted = results
        ran_a, ran_b = results[LABELS[0]].rules, results[LABELS[1]].rules
        names = {LABELS[0]: rules_name(ran_a, lang),
                 LABELS[1]: rules_name(ran_b, lang, prefer=nearest_preset(ran_a))}
        heads = {label: text("lab.title", lang, label=label, name=names[label]) for label in LABELS}
        summary_a, summary_b = results[LABELS[0]].summary, results[LABELS[1]].summary
        # B − A deal by deal: both rule sets were dealt the same games
        paired = lab.paired_differences(results[LABELS[0]], results[LABELS[1]])
        if summary_a.abandoned or summary_b.abandoned:
            # the wins and points of A and B are over each one's finished games,
            # the paired ones over the deals both finished: they would not agree
            paired = {key: paired[key] for key in ("turns", "drawn") if key in paired}
        self.rows = figure_rows(summary_a, summary_b, lang=lang, paired=paired)
        diff_head = text("lab.col.diff", lang, first=LABELS[0], second=LABELS[1])
        head = (f"<tr><th>{escape(text('lab.col.figure', lang))}</th>"
                + "".join(f"<th>{escape(heads[label])}</th>" for label in LABELS)
                + f"<th>{escape(diff_head)}</th></tr>")
        body = "".join(
            f'<tr class="uno-lab-row-{row.key}"><th scope="row">{escape(row.label)}</th>'
            f"<td>{escape(row.a)}</td><td>{escape(row.b)}</td>"
            f'<td>{escape(row.diff)}'
            + (f'<br><span class="uno-lab-verdict{" uno-lab-clear" if row.clear else ""}">'
               f"{escape(row.verdict)}</span>" if row.verdict else "")
            + "</td></tr>"
            for row in self.rows)
        self._table.value = f'<table class="uno-lab-figures">{head}{body}</table>'
        players = summary_a.players
        self._notes.value = "".join(
            f'<p class="uno-lab-note">{escape(sentence)}</p>'
            for sentence in (text("lab.explain.interval", lang),
                             text("lab.explain.first", lang, player=player_name(0, lang),
                                  players=fmt_int(players, lang))))
        caption = text("lab.chart.caption", lang)
        self._caption.value = f'<p class="uno-lab-caption-text">{escape(caption)}</p>'
        # the same bars for both, so that they compare
        bars = histogram({label: results[label].batch.turns.tolist() for label in LABELS})
        shares = {label: bars.shares(label) for label in LABELS}
        with self.figure.batch_update():
            for trace, label in zip(self.figure.data, LABELS):
                trace.name = heads[label]
                trace.x = bars.centres
                trace.width = bars.width
                trace.y = shares[label]
                trace.text = [fmt_percent(share, lang) for share in shares[label]]
                trace.customdata = bars.names(lang)
                # what the bars stand for: how many games, how many turns in all
                lengths = results[label].batch.turns
                trace.meta = {"games": int(len(lengths)), "turns": int(lengths.sum())}
            top = max((max(ys, default=0) for ys in shares.values()), default=0)
            self.figure.layout.yaxis.update(**percent_axis(0, max(top, 0.01), lang))
            # each rule set's average, a dashed line of its colour, named at the
            # top on the side away from the other's
            means = {label: results[label].summary.turns.estimate for label in LABELS}
            self.figure.layout.shapes = [dict(
                type="line", xref="x", x0=means[label], x1=means[label], yref="paper", y0=0,
                y1=1, line=dict(color=_MEAN_COLOURS[label], dash="dash", width=2))
                for label in LABELS if not math.isnan(means[label])]
            low = min(LABELS, key=lambda label: means[label])
            self.figure.layout.annotations = [dict(
                xref="x", x=means[label], yref="paper", y=1, yanchor="bottom",
                xanchor="right" if label == low else "left", showarrow=False,
                font=dict(size=11, color=_MEAN_COLOURS[label]),
                text=escape(text("lab.chart.mean", lang, label=label,
                                 mean=fmt_decimal(means[label], 1, lang))))
                for label in LABELS if not math.isnan(means[label])]
        self.figure.draw()
