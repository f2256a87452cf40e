"""The odds panel: card counting for the player to move, updated at every step
(numbers written by :mod:`uno_nb.texts.numbers`)."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from . import ui as w
import plotly.graph_objects as go

from ..sim import odds
from ..engine.cards import COLOURS
from ..engine.game import Game
from ..engine.render import COLOUR_HEX
from ..texts import card_name, colour_name, player_name, text
from ..texts.numbers import fmt_fraction, fmt_percent, fmt_ratio
from ..engine.view import PlayerView
from ._common import figure, para, percent_axis, tagged
from .app import App

__all__ = ["OddsPanel", "KINDS", "seat_name", "top_name"]

#: What the panel asks about each opponent (kinds understood by odds.kind_predicate).
KINDS = ("R", "Y", "G", "B", "draw2", "wild4")

KIND_COLOURS = {**{c.letter: COLOUR_HEX[c] for c in COLOURS}, "draw2": "#777777",
                "wild4": "#1d1d1b"}


# -- who and what ----------------------------------------------------------------------

def seat_name(game: Game, seat: int, lang: str = "en") -> str:
    """The name a learner reads for a seat: the game's own names if it was
    given some, else the default ``Player 1`` for seat 0 in ``lang``."""
    return player_name(seat, lang, game.given_names)


def top_name(view: PlayerView, lang: str = "en") -> str:
    """The top card of the discard pile in words, with the colour in force
    when the card alone does not say it: ``Red 7``, ``Wild (blue chosen)``."""
    top = view.top
    if top.is_black:
        return text("odds.panel.top_wild", lang, card=card_name(top, lang),
                    colour=colour_name(view.colour, lang))
    if top.colour != view.colour:
        return text("odds.panel.top_colour", lang, card=card_name(top, lang),
                    colour=colour_name(view.colour, lang))
    return card_name(top, lang)


class OddsPanel(App):
    """What the player to move can work out from what they see: the chance
    that the next card drawn can be played, with the counting behind it, and
    for each opponent the chance of holding each colour, a Draw Two or a Wild
    Draw Four (exact, from :mod:`uno_nb.sim.odds`).  One chart, redrawn in
    place; ``details=True`` adds a table of the exact fractions.

    ``values`` holds the chances shown (as floats), ``exact`` the same as
    fractions, keyed ``"draw_playable"``, ``"holds_playable"`` and
    ``"<opponent>:<kind>"``.
    """

    def __init__(self, lang: str = "en", details: bool = False) -> None:
        self._lang = lang
        self._title = tagged(w.HTML(), "uno-odds-title")
        self._numbers = tagged(w.HTML(), "uno-odds-numbers")
        self.figure = tagged(figure(
            lang=lang,
            data=[go.Bar(name=text(f"odds.hold.{kind}", lang), x=[], y=[], customdata=[],
                         hovertemplate="%{customdata}<extra></extra>",
                         marker_color=KIND_COLOURS[kind])
                  for kind in KINDS],
            layout=go.Layout(
                barmode="group", height=320, margin=dict(l=60, r=10, t=40, b=40),
                title=dict(text=text("odds.panel.chart_title", lang), font=dict(size=14)),
                xaxis=dict(title=dict(text=text("odds.panel.x", lang))),
                yaxis=dict(range=[0, 1], **percent_axis(0, 1, lang),
                           title=dict(text=text("odds.panel.y", lang))),
                legend=dict(orientation="h", y=-0.2))), "uno-odds-chart")
        self._caption = tagged(w.HTML(), "uno-caption", "uno-odds-caption")
        self._table = tagged(w.HTML(), "uno-odds-table")
        self.values: dict[str, float] = {}
        self.exact: dict[str, Fraction] = {}
        parts = [self._title, self._numbers, self.figure, self._caption]
        if details:
            parts.append(self._table)
        self.widget = tagged(w.VBox(parts), "uno-app", "uno-odds")
        self._game: Game | None = None
        self._message: str | None = None

    def clear(self, message: str | None = None) -> None:
        """No odds to show (the game is over): say so, and put the chart
        away with its bars emptied."""
        self._game, self._message = None, message
        self._render()

    def update(self, game: Game) -> None:
        """Show the odds of the player to move in ``game``."""
        self._game = game
        self._render()

    @property
    def shows_chart(self) -> bool:
        """Is the chart on show (it is not while there is nothing to count)?"""
        return self.figure.shown

    def _blank(self, message: str | None) -> None:
        self._title.value = f"<b>{escape(message or text('odds.panel.over', self._lang))}</b>"
        self._numbers.value = self._caption.value = self._table.value = ""
        self.values, self.exact = {}, {}
        with self.figure.batch_update():
            for trace in self.figure.data:
                trace.x, trace.y, trace.customdata = [], [], []
        self.figure.draw()
        # put away while there is nothing to count: an empty chart's axes run
        # from -0.5 to 2.5 and say nothing
        self.figure.set_shown(False)

    def _render(self) -> None:
        """The odds of the player to move in the game given last (or the
        message of :meth:`clear`)."""
        game = self._game
        if game is None:
            self._blank(self._message)
            return
        lang = self._lang
        seat = game.current
        name = seat_name(game, seat, lang)
        self._title.value = f"<b>{escape(text('odds.panel.title', lang, player=name))}</b>"
        if not game.discard:
            return
        if game.colour is None:  # a Wild start card: nothing is playable until its colour is chosen
            self._blank(text("odds.panel.choosing", lang, player=name))
            return
        view = game.view(seat)
        playable = odds.playable_predicate(view)
        unseen, good = odds.unseen_counts(view, playable)
        draw = odds.chance_draw_playable(view)
        holds = odds.chance_holds_playable(view)
        top = top_name(view, lang)
        own = sum(1 for c in view.hand if playable(c))
        seen = text("odds.panel.seen", lang, player=name, hand=len(view.hand),
                    discard=len(view.discard), unseen=unseen)
        drawn = text("odds.panel.draw", lang, player=name, unseen=unseen, good=good, top=top,
                     ratio=fmt_ratio(good, unseen, lang), percent=fmt_percent(draw, lang))
        has = (text("odds.panel.has", lang, player=name, count=own, top=top) if own
               else text("odds.panel.has_none", lang, player=name, top=top))
        self._numbers.value = para(seen, drawn) + para(has)
        self.exact = {"draw_playable": draw, "holds_playable": holds}
        opponents = [s for s in range(game.n) if s != seat and game.hands[s]]
        names = [seat_name(game, s, lang) for s in opponents]
        chances = {kind: [odds.chance_opponent_holds(view, s, kind) for s in opponents]
                   for kind in KINDS}
        for kind, column in chances.items():
            for label, chance in zip(names, column):
                self.exact[f"{label}:{kind}"] = chance
        self.values = {key: float(value) for key, value in self.exact.items()}
        with self.figure.batch_update():
            for trace, kind in zip(self.figure.data, KINDS):
                trace.x = names
                trace.y = [float(c) for c in chances[kind]]
                trace.customdata = [
                    text("odds.panel.hover", lang, player=label,
                         kind=text(f"odds.hold.{kind}.one", lang),
                         percent=fmt_percent(c, lang), fraction=fmt_fraction(c, lang))
                    for label, c in zip(names, chances[kind])]
        self.figure.draw()
        self.figure.set_shown(True)
        self._caption.value = para(text("odds.panel.caption", lang, player=name))
        self._table.value = self._details(game, opponents, names, chances)

    def _details(self, game: Game, opponents: list[int], names: list[str],
                 chances: dict[str, list[Fraction]]) -> str:
        lang = self._lang
        cell = "padding:2px 8px;white-space:nowrap"
        head = "".join(f'<th style="{cell}">{escape(text(f"odds.hold.{kind}", lang))}</th>'
                       for kind in KINDS)
        rows = []
        for i, (seat, label) in enumerate(zip(opponents, names)):
            who = text("odds.panel.cards_held", lang, player=label, count=len(game.hands[seat]))
            cells = "".join(
                f'<td style="{cell}">{escape(fmt_percent(chances[kind][i], lang))}<br>'
                f'<small>{escape(fmt_fraction(chances[kind][i], lang))}</small></td>'
                for kind in KINDS)
            rows.append(f'<tr><th style="{cell}">{escape(who)}</th>{cells}</tr>')
        return ('<div style="overflow-x:auto;max-width:100%">'
                '<table class="uno-odds-fractions" style="border-collapse:collapse;'
                'text-align:center">'
                f'<tr><th style="{cell}">{escape(text("odds.panel.table_who", lang))}</th>'
                f"{head}</tr>{''.join(rows)}</table></div>")
