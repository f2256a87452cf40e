"""The house-rules lab: two rule sets played on the same seeds, compared.

Choose each rule set with every option (the same panel as the stepper's),
the players, the bots and the number of games; press Run and a progress bar
follows the games.  A table gives the headline figures of both with their
95% intervals (:meth:`uno_nb.lab.Summary.table`) and one FigureWidget, updated
in place, overlays the histograms of turns per game.  One render funnel, ``_render``.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w
import plotly.graph_objects as go

from .. import lab
from ..bots import BOT_NAMES
from ..rules import RuleSet
from ._common import figure, settle, swap_children, tagged
from .rules_panel import RulesPanel
from ..texts import text

__all__ = ["LabApp"]

LABELS = ("A", "B")
GAMES = (200, 600, 2000, 10_000)


class LabApp:
    """Compare rule sets ``a`` and ``b`` over ``games`` seeded games each.

    The games are played in this process, so the progress bar moves as they
    finish.  With ``run=True`` the first comparison is made at once.

    >>> app = LabApp("standard", "party", games=200, run=False)
    >>> app.run(); sorted(app.results)
    ['A', 'B']
    """

    def __init__(self, a: RuleSet | str | None = "standard", b: RuleSet | str | None = "party",
                 players: int = 4, games: int = 600, seed: int = 0,
                 bots: str = "random-greedy", run: bool = True, lang: str = "en") -> None:
        self._lang = lang
        self.panels = [RulesPanel(a, lang=lang), RulesPanel(b, lang=lang)]
        self._players = w.IntSlider(value=players, min=2, max=10, description=text("app.lab_players", lang))
        self._games = tagged(w.Dropdown(options=sorted({*GAMES, games}), value=games,
                                        description=text("app.lab_games", lang)), "uno-lab-games")
        self._bots = w.Dropdown(options=[(text(f"app.bot_{name}", lang), name) for name in BOT_NAMES],
                                value=bots, description=text("app.lab_bots", lang),
                                layout=w.Layout(width="360px"))
        self._seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                      description=text("app.lab_seed", lang))
        self._button_box = w.HBox()
        self._progress = tagged(w.IntProgress(value=0, min=0, max=1), "uno-progress")
        self._status = tagged(w.HTML(), "uno-lab-status")
        self._table = tagged(w.HTML(), "uno-lab-table")
        self.figure = tagged(figure(
            data=[go.Histogram(name=label, x=[], opacity=0.6) for label in LABELS],
            layout=go.Layout(title=text("app.lab_turns_title", lang), barmode="overlay", height=320,
                             margin=dict(l=40, r=10, t=40, b=30))), "uno-lab-chart")
        self.results: dict[str, lab.LabResult] = {}
        self._busy = False
        self._shown = 0
        columns = [w.VBox([w.HTML(f"<b>{text('app.lab_rules', lang, label=label)}</b>"), panel.widget])
                   for label, panel in zip(LABELS, self.panels)]
        controls = w.HBox([self._players, self._games, self._bots, self._seed, self._button_box])
        self.widget = tagged(w.VBox([w.HBox(columns), controls, self._progress, self._status,
                                     self._table, self.figure]), "uno-app", "uno-lab")
        self._render()
        if run:
            self.run()

    def run(self) -> None:
        """Play the games of both rule sets and show the comparison."""
        if self._busy:
            return
        self._busy = True
        games, players = self._games.value, self._players.value
        self._progress.max, self._progress.value = 2 * games, 0
        self._status.value = escape(text("app.lab_running", self._lang, games=games))
        self._render()
        try:
            results = {}
            for index, (label, panel) in enumerate(zip(LABELS, self.panels)):
                def progress(done: int, total: int, base: int = index * games) -> None:
                    self._progress.value = base + done
                results[label] = lab.run(panel.rules, [self._bots.value] * players, games,
                                         self._seed.value, executor="serial", progress=progress)
            self.results = results
            self._status.value = escape(text("app.lab_done", self._lang, games=games))
        finally:
            self._busy = False
        self._render()

    # -- the one render funnel -------------------------------------------------

    def _render(self) -> None:
        # The Run button is made anew each time and the old one closed, so a
        # click sent while the games were being played does not run them again.
        self._shown += 1
        shown = self._shown
        button = tagged(w.Button(description=text("app.lab_run", self._lang), disabled=self._busy,
                                 button_style="primary"), "uno-run")
        button.on_click(lambda _: self.run() if shown == self._shown else None)
        swap_children(self._button_box, [button])
        if self._busy or not self.results:
            return
        names = {label: result.rules.name for label, result in self.results.items()}
        tables = {label: dict(result.summary.table()) for label, result in self.results.items()}
        head = "".join(f"<th>{label}: {escape(names[label])}</th>" for label in LABELS)
        rows = "".join(
            f"<tr><td>{escape(key)}</td>"
            + "".join(f"<td>{escape(tables[label].get(key, ''))}</td>" for label in LABELS) + "</tr>"
            for key in tables["A"])
        self._table.value = (f'<table class="uno-lab-figures"><tr><th>{text("app.lab_figure", self._lang)}'
                             f"</th>{head}</tr>{rows}</table>")
        turns = {label: [record.turns for record in self.results[label].records]
                 for label in LABELS}
        low = min(min(t) for t in turns.values())
        high = max(max(t) for t in turns.values())
        bins = dict(start=low - 0.5, end=high + 0.5, size=max(1, -(-(high - low + 1) // 40)))
        with self.figure.batch_update():
            for trace, label in zip(self.figure.data, LABELS):
                trace.name = f"{label}: {names[label]}"
                trace.x = turns[label]
                trace.xbins = bins  # the same bins for both, so the bars compare
        settle(self.figure)

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(self.widget)
