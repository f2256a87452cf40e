"""The odds panel: card counting for the player to move, updated at every step."""

from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go

from .. import odds
from ..cards import COLOURS
from ..game import Game
from ..render import COLOUR_HEX
from ._common import figure, settle, tagged
from .text import text

__all__ = ["OddsPanel", "KINDS"]

#: The bars shown for each opponent: text key -> kind understood by odds.kind_predicate.
KINDS = {"kind_red": "R", "kind_yellow": "Y", "kind_green": "G", "kind_blue": "B",
         "kind_draw2": "draw2", "kind_wild4": "wild4"}


class OddsPanel:
    """What the player to move can work out from what they see: the chance
    that the next card drawn can be played, and for each opponent the chance
    of holding each colour, a +2 or a +4 (exact, from :mod:`uno_nb.odds`).
    One FigureWidget, updated in place."""

    def __init__(self, lang: str = "en") -> None:
        self._lang = lang
        self._title = w.HTML()
        self._numbers = tagged(w.HTML(), "uno-odds-numbers")
        self.figure = tagged(figure(
            data=[go.Bar(name=text(label, lang), x=[], y=[],
                         marker_color=COLOUR_HEX[COLOURS["RYGB".index(kind)]] if len(kind) == 1
                         else ("#777777" if kind == "draw2" else "#1d1d1b"))
                  for label, kind in KINDS.items()],
            layout=go.Layout(barmode="group", height=280, margin=dict(l=40, r=10, t=30, b=30),
                             yaxis=dict(range=[0, 1], tickformat=".0%"),
                             title=text("holds", lang), legend=dict(orientation="h"))), "uno-odds-chart")
        self.values: dict[str, float] = {}
        self.widget = tagged(w.VBox([self._title, self._numbers, self.figure]), "uno-app", "uno-odds")

    def clear(self, message: str) -> None:
        """No odds to show (the game is over): say so and empty the bars."""
        self._title.value = f"<b>{message}</b>"
        self._numbers.value = ""
        self.values = {}
        with self.figure.batch_update():
            for trace in self.figure.data:
                trace.x, trace.y = [], []
        settle(self.figure)

    def update(self, game: Game) -> None:
        seat = game.current
        view = game.view(seat)
        name = game.names[seat]
        self._title.value = f"<b>{text('odds', self._lang, player=name)}</b>"
        if not game.discard:
            return
        draw = odds.chance_draw_playable(view)
        holds = odds.chance_holds_playable(view)
        self.values = {"draw_playable": float(draw), "holds_playable": float(holds)}
        self._numbers.value = (
            f"{text('draw_playable', self._lang)}: <b>{float(draw):.1%}</b> ({draw})<br>"
            f"{text('holds_playable', self._lang, player=name)}: <b>{float(holds):.0%}</b>")
        opponents = [s for s in range(game.n) if s != seat and game.hands[s]]
        names = [game.names[s] for s in opponents]
        with self.figure.batch_update():
            for trace, kind in zip(self.figure.data, KINDS.values()):
                ys = [float(odds.chance_opponent_holds(view, s, kind)) for s in opponents]
                trace.x = names
                trace.y = ys
                for s, y in zip(opponents, ys):
                    self.values[f"{game.names[s]}:{kind}"] = y
        settle(self.figure)
