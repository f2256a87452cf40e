"""The stepper: a seeded game between bots, walked turn by turn.

The whole game is played once with :func:`uno_nb.simulation.play_game` (in
record mode); stepping back and forth is the game's own undo and redo, so
every view is exactly the position the engine had.  One render funnel,
``_render``, draws the table, the log and the odds after every change.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

import ipywidgets as w

from ..game import Game
from ..render import game_html
from ..rules import RuleSet
from ..simulation import play_game
from .odds_panel import OddsPanel
from ._common import tagged
from .rules_panel import RulesPanel
from ..texts import rule_name, text
from ._common import table_labels

__all__ = ["GameStepper"]


class GameStepper:
    """Deal a seeded game, step through it, change the rules and see the same
    deal play out differently.

    >>> app = GameStepper("standard", players=3, seed=1)
    >>> app.step(); app.index
    1
    """

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 4, seed: int = 0,
                 bots: Sequence[str] | str = "heuristic", seat: int | None = None,
                 max_rounds: int | None = 1, lang: str = "en") -> None:
        self._lang = lang
        self._players = players
        self._bots = [bots] * players if isinstance(bots, str) else list(bots)
        self._seat = seat
        self._max_rounds = max_rounds
        self._busy = False
        self.rules_panel = RulesPanel(rules, on_change=self._rules_changed, lang=lang)
        self.odds_panel = OddsPanel(lang=lang)
        self._back = tagged(w.Button(description=text("app.back", lang)), "uno-back")
        self._step = tagged(w.Button(description=text("app.step", lang)), "uno-step")
        self._end = tagged(w.Button(description=text("app.end", lang)), "uno-end")
        self._restart = tagged(w.Button(description=text("app.restart", lang)), "uno-restart")
        self._seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1, description=text("app.seed", lang))
        self._slider = w.IntSlider(value=0, min=0, max=0, description=text("app.turn", lang),
                                   continuous_update=False)
        self._play = w.Play(value=0, min=0, max=0, interval=600, description=text("app.autoplay", lang))
        self._speed = w.IntSlider(value=600, min=100, max=2000, step=100,
                                  description=text("app.speed", lang))
        w.jslink((self._speed, "value"), (self._play, "interval"))
        self._table = tagged(w.HTML(), "uno-table")
        self._log = tagged(w.HTML(), "uno-log")
        self._where = tagged(w.HTML(), "uno-where")
        self._back.on_click(lambda _: self.back())
        self._step.on_click(lambda _: self.step())
        self._end.on_click(lambda _: self.to_end())
        self._restart.on_click(lambda _: self.go_to(0))
        self._seed.observe(lambda change: self._new_game(), names="value")
        self._slider.observe(lambda change: self.go_to(change["new"]), names="value")
        self._play.observe(lambda change: self.go_to(change["new"]), names="value")
        controls = w.HBox([self._restart, self._back, self._step, self._end, self._seed])
        timeline = w.HBox([self._play, self._slider, self._speed, self._where])
        self.widget = tagged(w.VBox([controls, timeline,
                                     w.HBox([w.VBox([self._table, self.odds_panel.widget]),
                                             w.VBox([w.HTML(f"<b>{text('app.log', lang)}</b>"),
                                                     self._log])]),
                                     self.rules_panel.widget]), "uno-app", "uno-stepper")
        self._new_game()

    # -- the game ----------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def index(self) -> int:
        """How many moves of the game are shown (0: the deal)."""
        return len(self._game.moves)

    @property
    def total(self) -> int:
        return self._total

    def _new_game(self) -> None:
        _, game = play_game(self.rules_panel.rules, self._bots, self._seed.value,
                            max_rounds=self._max_rounds, record=True)
        self._total = len(game.moves)
        while game.can_undo():
            game.pop()  # back to the deal; the moves wait in the redo stack
        self._game = game
        self._marks = [len(game.events)]
        self._render()

    def _rules_changed(self, rules: RuleSet) -> None:
        target = self.index
        self._new_game()
        self.go_to(min(target, self._total))

    # -- moving --------------------------------------------------------------

    def step(self) -> None:
        self.go_to(self.index + 1)

    def back(self) -> None:
        self.go_to(self.index - 1)

    def to_end(self) -> None:
        self.go_to(self._total)

    def go_to(self, index: int) -> None:
        """Show the position after ``index`` moves (clamped to the game)."""
        if self._busy:
            return
        index = max(0, min(int(index), self._total))
        if index == self.index:
            self._render()
            return
        self._busy = True
        try:
            game = self._game
            while self.index > index:
                game.pop()
            while self.index < index:
                game.redo()
        finally:
            self._busy = False
        self._render()

    # -- the one render funnel -------------------------------------------------

    def _render(self) -> None:
        game = self._game
        self._busy = True
        try:
            for control in (self._slider, self._play):
                control.max = self._total
                control.value = self.index
        finally:
            self._busy = False
        self._back.disabled = self.index == 0
        self._step.disabled = self._end.disabled = self.index == self._total
        self._where.value = text("app.move_of", self._lang, index=self.index, total=self._total)
        self._table.value = game_html(game, seat=self._seat, labels=table_labels(self._lang))
        events = game.events
        last = len(events) - len(game.last_events())  # the last move's events are highlighted
        rows = []
        for i, event in enumerate(events):
            style = "background:#fff3b0;font-weight:bold" if i >= last and game.moves else ""
            rule = (f' <span class="uno-rule" style="color:#888;font-size:11px">'
                    f'{escape(rule_name(event.rule, self._lang))}</span>' if event.rule else "")
            said = game.event_text(event, self._lang)
            rows.append(f'<div style="{style}">{escape(said)}{rule}</div>')
        rows.reverse()  # newest first: the move just made is always in sight
        self._log.value = ('<div style="height:420px;overflow-y:auto;font-family:sans-serif;'
                           f'font-size:13px">{"".join(rows)}</div>')
        if game.is_over:
            self.odds_panel.clear(text("app.odds_over", self._lang))
        elif game.discard:
            self.odds_panel.update(game)

    def log_lines(self) -> list[str]:
        """The event log as shown (for tests and notebooks)."""
        return self._game.log(self._lang)

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(self.widget)
