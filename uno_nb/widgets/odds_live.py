"""Card counting in a real seeded game between bots, stepped move by move
(the second app of the card-odds lesson, :mod:`uno_nb.widgets.odds_lesson`)."""

from __future__ import annotations

from html import escape

from . import ui as w

from ..sim import odds
from ..engine.game import Game
from ..engine.rules import RuleSet
from ..texts import text
from ..texts.numbers import fmt_fraction, fmt_percent
from ._common import para, tagged
from .app import App
from .odds_common import Replay, counted, seed_box, table_html
from .odds_panel import KINDS, OddsPanel, seat_name

__all__ = ["LiveOdds"]


class LiveOdds(App):
    """A seeded game between bots, stepped move by move with Back and Step:
    at each position the odds panel counts for the player to move (the chance
    that the next card drawn can be played, what each opponent may hold), a
    table gives the exact fractions, and one chance is worked out in words
    for the opponent and the kind of card chosen.

    >>> app = LiveOdds(seed=4)
    >>> app.step(); app.index
    1
    """

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 4,
                 seed: int = 4, bots: str = "heuristic", move: int = 0,
                 lang: str = "en") -> None:
        self._lang = lang
        self._rules = rules
        self._bots = [bots] * players
        self._busy = False
        self.panel = OddsPanel(lang, details=True)
        self._back = tagged(w.Button(description=text("odds.live.back", lang)), "uno-live-back")
        self._step = tagged(w.Button(description=text("odds.live.step", lang)), "uno-live-step")
        self._slider = tagged(w.IntSlider(value=0, min=0, max=0, continuous_update=False,
                                          description=text("odds.live.move", lang)), "uno-live-move")
        self._seed = seed_box(seed, text("odds.live.game", lang), "uno-live-seed")
        self._show_all = tagged(w.Checkbox(value=False, indent=False,
                                           description=text("odds.live.show_all", lang)),
                                "uno-live-show-all")
        self._where = tagged(w.HTML(), "uno-live-where")
        self._table = tagged(w.HTML(), "uno-live-table")
        self._who = tagged(w.Dropdown(description=text("odds.live.who", lang)), "uno-live-who")
        self._what = tagged(w.Dropdown(options=[(text(f"odds.hold.{k}", lang), k) for k in KINDS],
                                       description=text("odds.live.what", lang)),
                            "uno-live-what")
        self._explain = tagged(w.HTML(), "uno-live-explain")
        self._back.on_click(lambda _: self.back())
        self._step.on_click(lambda _: self.step())
        self._slider.observe(lambda change: self.go_to(change["new"]), names="value")
        self._seed.observe(lambda _: self._new_game(), names="value")
        self._show_all.observe(lambda _: self._render(), names="value")
        self._who.observe(lambda _: self._render_explanation(), names="value")
        self._what.observe(lambda _: self._render_explanation(), names="value")
        controls = w.HBox([self._back, self._step, self._slider, self._seed, self._show_all])
        self.widget = tagged(w.VBox([
            tagged(w.HTML(f"<h3>{escape(text('odds.live.title', lang))}</h3>"), "uno-live-title"),
            controls, self._where,
            w.HBox([self._table, self.panel.widget]),
            w.HBox([self._who, self._what]), self._explain]),
            "uno-app", "uno-odds-lesson", "uno-live-odds")
        self._new_game(move)

    @property
    def game(self) -> Game:
        return self._replay.game

    @property
    def index(self) -> int:
        return self._replay.index

    @property
    def total(self) -> int:
        return self._replay.total

    def _new_game(self, move: int = 0) -> None:
        self._replay = Replay(self._rules, self._bots, self._seed.value)
        self._replay.go_to(move)
        self._render()

    def step(self) -> None:
        self.go_to(self.index + 1)

    def back(self) -> None:
        self.go_to(self.index - 1)

    def go_to(self, index: int) -> None:
        """Show the position after ``index`` moves (clamped to the game)."""
        if self._busy:
            return
        self._replay.go_to(index)
        self._render()

    # -- the one render funnel --------------------------------------------------------

    def _render(self) -> None:
        lang = self._lang
        game = self.game
        self._busy = True
        try:
            self._slider.max = self.total
            self._slider.value = self.index
        finally:
            self._busy = False
        self._back.disabled = self.index == 0
        self._step.disabled = self.index == self.total
        seat = game.current
        name = seat_name(game, seat, lang)
        where = dict(seed=self._seed.value, players=game.n, index=self.index, total=self.total)
        if game.is_over:
            winner = game.outcome.winner if game.outcome is not None else seat
            self._where.value = para(text("odds.live.over", lang, **where,
                                          player=seat_name(game, winner, lang)))
            self.panel.clear(text("odds.panel.over", lang))
        else:
            key = "odds.live.where_all" if self._show_all.value else "odds.live.where"
            self._where.value = para(text(key, lang, **where, player=name))
            self.panel.update(game)
        self._table.value = table_html(game, seat, self._show_all.value or game.is_over, lang)
        opponents = [] if game.is_over else [s for s in range(game.n)
                                             if s != seat and game.hands[s]]
        options = [(seat_name(game, s, lang), s) for s in opponents]
        self._busy = True
        try:
            keep = self._who.value
            self._who.options = options
            self._who.value = keep if keep in opponents else (opponents[0] if opponents else None)
        finally:
            self._busy = False
        self._render_explanation()

    def _render_explanation(self) -> None:
        if self._busy:
            return
        lang = self._lang
        game = self.game
        opponent, kind = self._who.value, self._what.value
        if game.is_over or opponent is None or not game.discard:
            self._explain.value = "" if game.is_over else para(text("odds.live.nobody", lang))
            self.explained = None
            return
        view = game.view(game.current)
        unseen, good = odds.unseen_counts(view, kind)
        held = view.hand_sizes[opponent]
        none = odds.hypergeometric(0, unseen, good, held)
        chance = odds.chance_opponent_holds(view, opponent, kind)
        assert chance == 1 - none
        self.explained = chance
        self._explain.value = para(text(
            "odds.live.explain", lang, opponent=seat_name(game, opponent, lang),
            player=seat_name(game, game.current, lang), held=held, unseen=unseen,
            kinds=counted(kind, good, lang), kind_none=text(f"odds.kind.{kind}.none", lang),
            bad=unseen - good, none=fmt_fraction(none, lang), fraction=fmt_fraction(chance, lang),
            percent=fmt_percent(chance, lang)))
