"""The scoring panel: running scores over a match, and the points left in hand."""

from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go

from ..game import Game
from ..scoring import hand_points
from ._common import figure, settle, tagged
from ..texts import text

__all__ = ["ScoringPanel"]


class ScoringPanel:
    """Two FigureWidgets, placed once and updated in place: each player's
    score after every round so far, and the points in each hand now."""

    def __init__(self, lang: str = "en") -> None:
        self._lang = lang
        self.scores = figure(layout=go.Layout(
            title=text("app.scores_title", lang), height=260, margin=dict(l=40, r=10, t=30, b=30),
            xaxis=dict(title=text("app.round", lang), dtick=1), yaxis=dict(rangemode="tozero")))
        self.in_hand = figure(
            data=[go.Bar(x=[], y=[], marker_color="#0956bf")],
            layout=go.Layout(title=text("app.in_hand_title", lang), height=220,
                             margin=dict(l=40, r=10, t=30, b=30)))
        self._players: tuple[str, ...] = ()
        self.widget = tagged(w.VBox([self.scores, self.in_hand]), "uno-app", "uno-scoring")

    def update(self, game: Game) -> None:
        if self._players != game.names:
            self._players = game.names
            with self.scores.batch_update():
                self.scores.data = ()
                for name in game.names:
                    self.scores.add_scatter(x=[0], y=[0], name=name, mode="lines+markers")
        running = [[0] * game.n]
        scoring = game.rules.scoring
        for result in game.round_results:
            row = list(running[-1])
            if scoring == "winner":
                row[result.winner] += result.points
            elif scoring == "penalty":  # everyone adds their hand; points = -(H2O bonus)
                for seat, hand in enumerate(result.hands):
                    row[seat] += hand_points(hand, game.rules.drop_zero)
                row[result.winner] += result.points
            running.append(row)
        rounds = list(range(len(running)))
        with self.scores.batch_update():
            for seat, trace in enumerate(self.scores.data):
                trace.x = rounds
                trace.y = [row[seat] for row in running]
        with self.in_hand.batch_update():
            self.in_hand.data[0].x = list(game.names)
            self.in_hand.data[0].y = [hand_points(h) for h in game.hands]
        settle(self.scores)
        settle(self.in_hand)
