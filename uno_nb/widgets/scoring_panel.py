"""The scoring panel: running scores over a match, the points left in hand,
and the match round by round; and the scoring page's sentences and chart.

Every number is the engine's: the totals after each round are those the game
logged when it scored the round (:class:`uno_nb.engine.events.Scored`), and a hand's
value is :func:`uno_nb.engine.scoring.hand_points` under the game's rules.  Numbers
are written for people (``1,250``, ``80.4``), players are ``Player 1`` ….
"""

from __future__ import annotations

import statistics
from html import escape
from typing import Iterable, Sequence

from . import ui as w
import plotly.graph_objects as go

from ..engine import events as ev
from ..engine.cards import Card, parse_cards
from ..engine.game import Game, RoundResult
from ..lab import LabResult
from ..sim.odds import HAND, mean_opening_points
from ..engine.rules import RuleSet
from ..engine.scoring import card_points, hand_points, round_gains
from ..texts import card_name, player_name, rule_name, text
from ._common import figure, histogram, tagged
from .app import App
from ..texts.numbers import fmt_decimal, fmt_fraction, fmt_int, fmt_interval

__all__ = ["ScoringPanel", "RoundPointsChart", "running_totals", "say_scores", "say_variant",
           "say_mean_hand", "say_hand_points", "say_round_points"]

_BAR = "#0956bf"


def _para(said: str) -> str:
    # widgets' HTML has the line height of a control row: text needs its own
    return f'<p style="line-height:1.4">{escape(said)}</p>'


def _names(game: Game, lang: str) -> list[str]:
    return [player_name(seat, lang, game.given_names) for seat in range(game.n)]


def _points(n: int, lang: str) -> dict[str, object]:
    """The values of a ``{shown} {count|point|points}`` pair."""
    return {"shown": fmt_int(n, lang), "count": n}


# -- the numbers -----------------------------------------------------------------------

def _round_gains(game: Game, result: RoundResult) -> list[int]:
    """What one round added to each total, by the rules the engine scored it with."""
    rules = game.rules
    values = [hand_points(hand, rules.drop_zero) for hand in result.hands]
    return list(round_gains(rules.scoring, result.winner, result.points, values))


def running_totals(game: Game) -> list[tuple[int, ...]]:
    """Each player's total before the first round, then after every round,
    as the engine scored them.

    The game must keep its log (``record=True``, the default): the totals
    are read from the log, where the engine wrote them as it scored.

    >>> from uno_nb.sim.simulation import play_game
    >>> _, game = play_game("standard", ["heuristic"] * 3, 4, max_rounds=2, record=True)
    >>> totals = running_totals(game)
    >>> totals[0], totals[-1] == tuple(game.scores)
    ((0, 0, 0), True)
    """
    logged = [e.scores for e in game.events if isinstance(e, ev.Scored)]
    if len(logged) != len(game.round_results):
        raise ValueError("this game keeps no log of its rounds: make it with record=True")
    if not logged:
        return [tuple(game.scores)]
    # Before round 1: the totals after it, less what it added (0 for a game
    # that was dealt; a position set up by hand may start from given scores).
    first = _round_gains(game, game.round_results[0])
    return [tuple(t - g for t, g in zip(logged[0], first)), *logged]


def _summary(game: Game, lang: str) -> list[str]:
    """Where the match stands, in one sentence, then the totals."""
    scoring, target = game.rules.scoring, fmt_int(game.rules.target_score, lang)
    scores = list(game.scores)
    names = _names(game, lang)
    rounds = len(game.round_results)
    outcome = game.outcome if game.is_over else None
    if outcome is not None:
        # a game cut short after an agreed number of rounds, before anyone
        # reached the target (R-SCORE-WINNER, V-SCORE-PENALTY), is said as
        # stopped there and won by that agreement (docs/rules.md's decision
        # on max_rounds), not as if the target had been reached; lazy
        # scoring has no target (V-LAZY)
        # The end is said as the rule that ended it says it: the first to
        # the target (R-SCORE-WINNER); the target reached by the highest
        # total, won by the lowest (V-SCORE-PENALTY); the most rounds won
        # (V-LAZY); the seventh empty hand (V-SEVEN-ROUNDS).
        stopped = outcome.reason == "rounds" and scoring != "lazy"
        if outcome.reason == "seven-rounds":
            key = "app.scores_won_seven" + ("_lazy" if scoring == "lazy" else "")
        else:
            key = {"winner": "app.scores_stopped" if stopped else "app.scores_won",
                   "penalty": "app.scores_stopped_low" if stopped else "app.scores_won_low",
                   "lazy": "app.scores_won_lazy"}[scoring]
        reacher = max(range(len(scores)), key=lambda s: (scores[s], -s))
        said = text(key, lang, player=names[outcome.winner], rounds=rounds, target=target,
                    reacher=names[reacher], reached=fmt_int(scores[reacher], lang),
                    reached_count=scores[reacher], **_points(scores[outcome.winner], lang))
    elif rounds == 0:
        said = text("app.scores_none", lang)
    elif scoring == "lazy":
        said = text("app.scores_lazy", lang, rounds=rounds,
                    player=names[game.round_results[-1].winner])
    else:
        best = max(scores) if scoring == "winner" else min(scores)
        low = "_low" if scoring == "penalty" else ""
        shared = scores.count(best) > 1
        key = f"app.scores_{'tied' if shared else 'leads'}{low}"
        said = text(key, lang, rounds=rounds, target=target, player=names[scores.index(best)],
                    **_points(best, lang))
    if scoring == "lazy":
        return [said]  # no tally: the totals are all 0 and say nothing
    items = [text("app.scores_total_item", lang, player=name, shown=fmt_int(score, lang))
             for name, score in zip(names, scores)]
    return [said, text("app.scores_totals", lang, totals=" · ".join(items))]


def say_scores(game: Game, lang: str = "en") -> str:
    """Where a match stands (or how it ended) and every player's total.

    >>> from uno_nb.sim.simulation import play_game
    >>> _, game = play_game("standard", ["heuristic"] * 3, 4, max_rounds=None)
    >>> print(say_scores(game))
    Player 2 is the first to reach 500 points and wins the game after 4 rounds,
    with 524 points. Totals — Player 1: 37 · Player 2: 524 · Player 3: 0.
    """
    return " ".join(_summary(game, lang))


def say_variant(game: Game, lang: str = "en") -> str:
    """The scoring rule a match was played under, then :func:`say_scores`."""
    info = next(o for o in RuleSet.options() if o.name == "scoring")
    rule = info.ids.get(game.rules.scoring, info.rule)
    return text("page.scoring.variant", lang, rule=rule_name(rule, lang),
                summary=say_scores(game, lang))


def say_mean_hand(lang: str = "en") -> str:
    """What a fresh hand is worth on average (exact, from :mod:`uno_nb.sim.odds`).

    >>> say_mean_hand()
    'A hand of 7 cards dealt from a full deck is worth 80.4 points on average (exactly 2,170/27).'
    """
    mean = mean_opening_points()
    return text("page.scoring.mean_hand", lang, cards=text("cards.count", lang, count=HAND),
                points=fmt_decimal(mean, 1, lang), exact=fmt_fraction(mean, lang))


def say_hand_points(cards: Iterable[Card] | str, lang: str = "en") -> str:
    """A hand's value, card by card (R-VALUES).

    >>> say_hand_points("R7 GS W+4")
    'A hand of Red 7, Green Skip, Wild Draw Four counts 7 + 20 + 50 = 77 points.'
    """
    hand = parse_cards(cards) if isinstance(cards, str) else list(cards)
    total = hand_points(hand)
    return text("page.scoring.hand", lang, cards=", ".join(card_name(c, lang) for c in hand),
                sum=" + ".join(fmt_int(card_points(c), lang) for c in hand),
                total=fmt_int(total, lang), count=total)


def say_round_points(result: LabResult, lang: str = "en") -> str:
    """The winner's points per round over a batch of simulated games, with
    its 95% interval (:class:`uno_nb.lab.Summary`)."""
    summary = result.summary
    points = summary.points
    return text("page.scoring.round_points", lang, games=fmt_int(summary.games, lang),
                count=summary.games, mean=fmt_decimal(points.estimate, 1, lang),
                interval=fmt_interval(fmt_decimal(points.low, 1, lang),
                                      fmt_decimal(points.high, 1, lang), lang))


# -- the panel ---------------------------------------------------------------------------

class ScoringPanel(App):
    """Where a match stands, then two charts placed once and redrawn
    in place (each player's total after every round so far; the points in
    each hand now), each with a caption saying what to look at, and the
    match round by round as a table.

    >>> from uno_nb.sim.simulation import play_game
    >>> _, game = play_game("standard", ["heuristic"] * 3, 4, max_rounds=2, record=True)
    >>> panel = ScoringPanel(game)
    >>> [trace.y[-1] for trace in panel.scores.data] == game.scores
    True
    """

    def __init__(self, game: Game | None = None, lang: str = "en") -> None:
        self._lang = lang
        self.scores = figure(lang=lang, layout=go.Layout(
            title=text("app.scores_title", lang), height=300,
            margin=dict(l=60, r=10, t=40, b=40), legend=dict(orientation="h", y=-0.25),
            xaxis=dict(title=text("app.scores_x", lang), tickmode="array"),
            yaxis=dict(title=text("app.scores_y", lang), rangemode="tozero", tickformat=",d")))
        self.in_hand = figure(
            lang=lang,
            data=[go.Bar(x=[], y=[], text=[], customdata=[], textposition="outside",
                         hovertemplate="%{customdata}<extra></extra>", marker_color=_BAR)],
            layout=go.Layout(title=text("app.in_hand_title", lang), height=260,
                             margin=dict(l=60, r=10, t=40, b=40),
                             xaxis=dict(title=text("app.in_hand_x", lang)),
                             yaxis=dict(title=text("app.in_hand_y", lang), rangemode="tozero",
                                        tickformat=",d")))
        self._summary = tagged(w.HTML(), "uno-scoring-summary")
        self._scores_caption = tagged(w.HTML(), "uno-caption", "uno-scores-caption")
        self._hand_caption = tagged(w.HTML(), "uno-caption", "uno-in-hand-caption")
        self._table = tagged(w.HTML(), "uno-scores-table")
        self._players: tuple[str, ...] = ()
        self.widget = tagged(w.VBox([self._summary, self.scores, self._scores_caption,
                                     self.in_hand, self._hand_caption, self._table]),
                             "uno-app", "uno-scoring")
        self._game = game
        if game is not None:
            self._render()

    def update(self, game: Game) -> None:
        """Show ``game``'s match as it stands."""
        self._game = game
        self._render()

    def _render(self) -> None:
        game = self._game
        if game is None:
            return
        lang = self._lang
        names = tuple(_names(game, lang))
        totals = running_totals(game)
        rounds = list(range(len(totals)))
        scoring = game.rules.scoring
        target = game.rules.target_score
        if self._players != names:
            self._players = names
            with self.scores.batch_update():
                self.scores.data = ()
                for name in names:
                    self.scores.add_scatter(x=[], y=[], name=name, mode="lines+markers",
                                            hovertemplate="%{customdata}<extra></extra>")
        with self.scores.batch_update():
            for seat, trace in enumerate(self.scores.data):
                trace.x = rounds
                trace.y = [row[seat] for row in totals]
                trace.customdata = [
                    text("app.scores_hover", lang, player=names[seat], round=fmt_int(r, lang),
                         **_points(row[seat], lang)) if r else
                    text("app.scores_hover_start", lang, player=names[seat],
                         **_points(row[seat], lang))
                    for r, row in zip(rounds, totals)]
            self.scores.layout.xaxis.tickvals = rounds
            self.scores.layout.xaxis.ticktext = [text("app.scores_start", lang) if r == 0
                                                 else fmt_int(r, lang) for r in rounds]
            # the target as a dashed line: where the match ends (no tally, no line)
            line = scoring != "lazy"
            self.scores.layout.shapes = [dict(
                type="line", xref="paper", x0=0, x1=1, yref="y", y0=target, y1=target,
                line=dict(color="#888888", dash="dash", width=1))] if line else []
            self.scores.layout.annotations = [dict(
                xref="paper", x=0, xanchor="left", yref="y", y=target, yanchor="bottom",
                showarrow=False, font=dict(size=11, color="#555555"),
                text=escape(text("app.scores_target", lang, shown=fmt_int(target, lang))))] \
                if line else []
        values = [hand_points(hand, game.rules.drop_zero) for hand in game.hands]
        with self.in_hand.batch_update():
            bar = self.in_hand.data[0]
            bar.x = list(names)
            bar.y = values
            bar.text = [fmt_int(v, lang) for v in values]
            bar.customdata = [text("app.in_hand_hover", lang, player=name,
                                   cards=text("cards.count", lang, count=len(hand)),
                                   **_points(v, lang))
                              for name, hand, v in zip(names, game.hands, values)]
        self.scores.draw()
        self.in_hand.draw()
        self._summary.value = "".join(map(_para, _summary(game, lang)))
        caption = text(f"app.scores_caption_{scoring}", lang, target=fmt_int(target, lang))
        self._scores_caption.value = _para(caption)
        self._hand_caption.value = _para(text(f"app.in_hand_caption_{scoring}", lang))
        self._table.value = self._table_html(game, names, totals)

    def _table_html(self, game: Game, names: Sequence[str], totals: list[tuple[int, ...]]) -> str:
        lang = self._lang
        if not game.round_results:
            return ""
        head = "".join(f"<th>{escape(h)}</th>" for h in
                       (text("app.scores_table_round", lang), text("app.scores_table_winner", lang),
                        *names))
        body = []
        for result, before, after in zip(game.round_results, totals, totals[1:]):
            cells = [fmt_int(result.round, lang), names[result.winner]]
            for old, new in zip(before, after):
                gain = new - old
                key = "app.scores_cell_up" if gain > 0 else "app.scores_cell_down"
                cells.append(text(key, lang, total=fmt_int(new, lang),
                                  gain=fmt_int(abs(gain), lang)) if gain else fmt_int(new, lang))
            body.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        # a scrolled box a keyboard can reach and scroll, named for a screen reader
        return ('<div tabindex="0" role="region" '
                f'aria-label="{escape(text("app.scores_table_caption", lang))}" '
                'style="max-height:280px;overflow:auto">'
                '<table class="uno-scores" style="border-collapse:collapse;font-family:sans-serif;'
                'font-size:13px;text-align:right">'
                f'<thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
                '<p class="uno-caption" style="line-height:1.4">'
                f'{escape(text("app.scores_table_caption", lang))}</p>')


class RoundPointsChart(App):
    """How many points the winner of a round scores: a histogram over a batch
    of simulated games (:func:`uno_nb.lab.run`), with axis titles and a
    caption that says where the middle half of the games lies."""

    def __init__(self, result: LabResult, lang: str = "en", bins: int = 40) -> None:
        self._result, self._lang, self._bins = result, lang, bins
        self.figure = figure(
            lang=lang,
            data=[go.Bar(x=[], y=[], marker_color=_BAR,
                         hovertemplate=text("app.round_points_hover", lang,
                                            points="%{customdata}", games="%{y}")
                         + "<extra></extra>")],
            layout=go.Layout(title=text("app.round_points_title", lang), height=300, bargap=0,
                             margin=dict(l=60, r=10, t=40, b=40),
                             xaxis=dict(title=text("app.round_points_x", lang)),
                             yaxis=dict(title=text("app.round_points_y", lang), tickformat=",d")))
        self._caption = tagged(w.HTML(), "uno-caption", "uno-round-points-caption")
        self.widget = tagged(w.VBox([self.figure, self._caption]), "uno-app", "uno-round-points")
        self._render()

    def _render(self) -> None:
        lang = self._lang
        finished = [r for r in self._result.records if r.winner is not None]
        points = [r.points if r.rounds <= 1 else r.points / r.rounds for r in finished]
        low, _, high = statistics.quantiles(points, n=4) if len(points) >= 2 else (0, 0, 0)
        bars = histogram({"points": points}, self._bins)
        with self.figure.batch_update():
            bar = self.figure.data[0]
            bar.x, bar.y, bar.width = bars.centres, bars.counts["points"], bars.width
            bar.customdata = bars.names(lang)
        self.figure.draw()
        caption = text("app.round_points_caption", lang, games=fmt_int(len(points), lang),
                       count=len(points), low=fmt_int(round(low), lang),
                       high=fmt_int(round(high), lang))
        self._caption.value = _para(caption)
