"""Should I challenge this Wild Draw Four?  Answered exactly and by
re-dealing the unseen cards (the third app of the card-odds lesson,
:mod:`uno_nb.widgets.odds_lesson`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape

from . import ui as w
import plotly.graph_objects as go

from ..sim import montecarlo as mc
from ..sim import odds
from ..engine.cards import Colour
from ..engine.game import Game, Phase
from ..engine.rules import RuleSet
from ..texts import card_name, colour_name, text
from ..texts.numbers import fmt_decimal, fmt_fraction, fmt_int, fmt_interval, fmt_percent
from ..engine.view import PlayerView
from ._common import figure, para, tagged
from .app import App
from .odds_common import WIDE, Replay, seed_box, table_html
from .odds_panel import seat_name

__all__ = ["ChallengeQuestion", "REDEALS", "Reasoning", "challenge_reasoning"]

#: How many re-deals one press of "Re-deal" makes; the first is made on its own.
REDEALS = (1_000, 10_000, 100_000)


@dataclass(frozen=True)
class Reasoning:
    """The exact answer to "challenge or take the cards?" from one seat:
    the numbers, and the paragraphs that work them out."""

    chance: Fraction                 #: the chance of a bluff (R-CHALLENGE)
    expected: dict[str, Fraction]    #: cards drawn on average: "take", "challenge"
    break_even: Fraction             #: the chance of a bluff above which challenging pays
    rule: str                        #: what a challenge asks, and what each outcome costs
    count: str                       #: the counting, C(bad, held) / C(unseen, held)
    expect: str                      #: each choice's cards, on average
    verdict: str                     #: challenge, take, or either
    caveat: str                      #: what the count leaves out


def challenge_reasoning(game: Game, view: PlayerView, lang: str = "en") -> Reasoning:
    """:class:`Reasoning` from the seat of ``view``, which must answer the
    Wild Draw Four played on it: what that seat can see, nothing more (the
    lesson's question and the play page's "What can I work out?" say the same)."""
    info = view.challengeable
    if info is None:
        raise ValueError("there is no Wild Draw Four to challenge in this position")
    accused, colour = info
    names = dict(accused=seat_name(game, accused, lang),
                 challenger=seat_name(game, view.seat, lang),
                 colour=colour_name(colour, lang), colour_of=colour_name(colour, lang, of=True))
    pending = view.pending
    cost = pending + 2
    unseen, good = odds.unseen_counts(view, colour)
    held = view.hand_sizes[accused]
    none = odds.hypergeometric(0, unseen, good, held)
    chance = odds.challenge_success_chance(view)
    expected = odds.challenge_expected_draws(view)
    break_even = odds.challenge_break_even(pending)
    innocent = 1 - chance
    verdict = ("odds.challenge.yes" if chance > break_even else
               "odds.challenge.no" if chance < break_even else "odds.challenge.even")
    return Reasoning(
        chance, expected, break_even,
        rule=text("odds.challenge.rule", lang, pending=pending, cost=cost, **names),
        count=text("odds.challenge.count", lang, unseen=unseen, good=good, held=held,
                   bad=unseen - good, none=fmt_fraction(none, lang),
                   none_percent=fmt_percent(none, lang), fraction=fmt_fraction(chance, lang),
                   percent=fmt_percent(chance, lang), **names),
        expect=text("odds.challenge.expect", lang, pending=pending, cost=cost,
                    innocent=fmt_percent(innocent, lang),
                    innocent_fraction=fmt_fraction(innocent, lang),
                    expected_fraction=fmt_fraction(expected["challenge"], lang),
                    expected=fmt_decimal(expected["challenge"], 2, lang), **names),
        verdict=text(verdict, lang, break_even=fmt_fraction(break_even, lang),
                     break_even_percent=fmt_percent(break_even, lang),
                     percent=fmt_percent(chance, lang), pending=pending, **names),
        caveat=text("odds.challenge.caveat", lang, **names))


class ChallengeQuestion(App):
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
        self._seed = seed_box(seed, text("odds.challenge.game", lang), "uno-question-seed")
        self._which = tagged(w.IntSlider(value=1, min=1, max=1, continuous_update=False,
                                         style=WIDE, layout=w.Layout(width="30em"),
                                         description=text("odds.challenge.which", lang)),
                             "uno-question-which")
        self._batch = tagged(w.SelectionSlider(options=[(fmt_int(n, lang), n) for n in REDEALS],
                                               value=redeals, continuous_update=False,
                                               style=WIDE, layout=w.Layout(width="24em"),
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
        self.chance: Fraction | None = None
        self.expected: dict[str, Fraction] | None = None
        self.estimate: mc.Estimate | None = None
        self.draws_estimate: mc.Estimate | None = None
        self._label()
        self._new_game(which)

    # -- positions ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._replay.game

    @property
    def view(self) -> PlayerView:
        """The position as the player who may challenge sees it."""
        return self.game.view(self.game.current)

    def _challengeable(self) -> tuple[int, Colour]:
        """The seat that played the Wild Draw Four shown, and the colour it
        is challenged on (the shown positions are all challengeable)."""
        challengeable = self.view.challengeable
        assert challengeable is not None, "no Wild Draw Four to challenge here"
        return challengeable

    @property
    def positions(self) -> list[int]:
        """The move numbers at which a Wild Draw Four may be challenged."""
        return list(self._positions)

    def _new_game(self, which: int = 1) -> None:
        found: list[int] = []
        pending = [False]

        def watch(game: Game) -> None:
            now = (not game.is_over and game.phase is Phase.PENALTY
                   and game.view(game.current).challengeable is not None)
            if now and not pending[0]:
                found.append(len(game.moves))
            pending[0] = now

        self._replay = Replay(self._rules, self._bots, self._seed.value, watch)
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
            self._render()
            return
        which = max(1, min(int(which), len(self._positions)))
        self._replay.go_to(self._positions[which - 1])
        self._render()
        self.simulate(REDEALS[0])

    def _empty(self) -> None:
        self.chance = self.expected = None
        self.estimate = self.draws_estimate = None
        self._situation.value = para(text("odds.challenge.none", self._lang, seed=self._seed.value))
        for box in (self._table, self._reasoning, self._verdict, self._sim, self._truth,
                    self._caption):
            box.value = ""
        self._simulate.disabled = True
        with self.figure.batch_update():
            for trace in self.figure.data:
                trace.x, trace.y = [], []
        self.figure.draw()

    # -- the exact answer ----------------------------------------------------------------

    def _names(self) -> dict[str, str]:
        game, lang = self.game, self._lang
        accused, colour = self._challengeable()
        return dict(accused=seat_name(game, accused, lang),
                    challenger=seat_name(game, game.current, lang),
                    colour=colour_name(colour, lang),
                    colour_of=colour_name(colour, lang, of=True))

    def _render(self) -> None:
        """The position shown and its exact answer (or, in a game with no
        Wild Draw Four to challenge, that there is none)."""
        if not self._positions:
            self._empty()
            return
        lang = self._lang
        game, view = self.game, self.view
        accused, colour = self._challengeable()
        names = self._names()
        pending = view.pending
        cost = pending + 2
        unseen, good = odds.unseen_counts(view, colour)
        held = view.hand_sizes[accused]
        reasoning = challenge_reasoning(game, view, lang)
        self.chance = reasoning.chance
        self.expected = expected = reasoning.expected
        self.break_even: Fraction = reasoning.break_even
        self._counting: dict[str, int] = dict(unseen=unseen, good=good, held=held, pending=pending)
        self._simulate.disabled = False
        under = game.discard[-2] if len(game.discard) > 1 else game.discard[-1]
        self._situation.value = para(
            text("odds.challenge.situation", lang, seed=self._seed.value, index=self._replay.index,
                 top=card_name(under, lang), chosen=colour_name(game.colour, lang),
                 pending=pending, **names),
            reasoning.rule)
        self._table.value = table_html(game, game.current, False, lang)
        self._reasoning.value = para(reasoning.count) + para(reasoning.expect)
        self._verdict.value = (para(reasoning.verdict, cls="uno-question-answer")
                               + para(reasoning.caveat))
        held_colour = [c for c in game.hands[accused] if c.colour == colour]
        self.guilty: bool = bool(held_colour)
        if held_colour:
            cards = text("odds.list_sep", lang).join(card_name(c, lang) for c in held_colour)
            key = ("odds.challenge.truth_guilty_one" if len(held_colour) == 1
                   else "odds.challenge.truth_guilty")
            self._truth.value = para(text(key, lang, cards=cards, **names))
        else:
            self._truth.value = para(text("odds.challenge.truth_innocent", lang, **names))
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
            here.x, here.y = [held], [float(expected["challenge"])]
            here.customdata = [text("odds.challenge.hover_curve", lang, held=held,
                                    expected=fmt_decimal(expected["challenge"], 2, lang),
                                    **names)]
            self.figure.layout.title.text = text("odds.challenge.chart_title", lang, **names)
            self.figure.layout.xaxis.title.text = text("odds.challenge.x", lang, **names)
            self.figure.layout.yaxis.range = [0, cost + 0.5]
        self.figure.draw()
        self._caption.value = para(text("odds.challenge.caption", lang, **names))

    # -- the simulation -------------------------------------------------------------------

    def _label(self) -> None:
        n = self._batch.value
        self._simulate.description = text("odds.challenge.simulate", self._lang,
                                          shown=fmt_int(n, self._lang), count=n)

    def simulate(self, n: int) -> None:
        """Re-deal the cards the challenger cannot see ``n`` times (seeded by
        the game's seed) and show how often the accused held the colour."""
        if not self._positions or self.chance is None or self.expected is None:
            return
        lang = self._lang
        view = self.view
        seed = self._seed.value
        pending = self._counting["pending"]
        self.estimate = mc.simulate_challenge_success(view, n, seed)
        self.draws_estimate = mc.challenge_draws(self.estimate, pending)
        e, d = self.estimate, self.draws_estimate
        self._sim.value = para(text(
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
        self.figure.draw()
