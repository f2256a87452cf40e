"""A match to the target score, played on the scoring page round by round.

Computer players play the match from a seed shown on the page, under the
scoring rules the learner switches (the rules panel's scoring group: winner
takes all, penalty or lazy scoring, the target, the house rules that change
what an empty hand is worth); the :class:`~.scoring_panel.ScoringPanel`
shows where it stands after the rounds played so far.

The match is the seeded runner's (:func:`uno_nb.sim.simulation.play_game`): each
change plays it again from the same seed, so the rounds on show are the ones
every computer shows for the same settings, and the position after round
``k`` is that game replayed to the move that ended the round
(:meth:`uno_nb.engine.game.Game.replay`).
"""

from __future__ import annotations

from html import escape

from . import ui as w

from ..engine.game import Game
from ..engine.moves import MAX_PLAYERS, Move
from ..engine.rules import RuleSet
from ..sim.simulation import DEFAULT_MAX_TURNS, play_game
from ..texts import text
from ..texts.numbers import fmt_int
from ._common import tagged
from .app import App
from .rules_panel import RulesPanel
from .scoring_panel import ScoringPanel

__all__ = ["ScoringApp", "LAZY_ROUNDS"]

#: Lazy scoring (V-LAZY) keeps no tally, so no total ever reaches a target:
#: its match on the page is this many rounds.
LAZY_ROUNDS = 7


class ScoringApp(App):
    """A match between ``players`` computer players (the thoughtful bots,
    :class:`uno_nb.sim.bots.HeuristicBot`) from ``seed``, shown round by round.

    ``app.game`` is the match as it stands on screen: dealt, then after each
    round played.  One render funnel, ``_render``.

    >>> app = ScoringApp("standard", players=3, seed=4)
    >>> app.round, app.rounds, app.game.round_results
    (0, 4, [])
    >>> app.next_round(); app.next_round()
    >>> app.round, app.game.scores
    (2, [0, 337, 0])
    >>> app.to_the_end()
    >>> app.round, app.game is app.match, app.game.outcome.reason
    (4, True, 'target')
    """

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 3, seed: int = 4,
                 lang: str = "en") -> None:
        if not 2 <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be from 2 to {MAX_PLAYERS}, got {players!r}")
        self._lang = lang
        self.rules_panel = RulesPanel(rules, on_change=lambda _: self._settings_changed(),
                                      lang=lang, groups=("scoring",))
        self._players = tagged(w.BoundedIntText(
            value=players, min=2, max=MAX_PLAYERS, description=text("play.players", lang),
            layout=w.Layout(width="170px")), "uno-scoring-players")
        self._seed = tagged(w.BoundedIntText(
            value=seed, min=0, max=2**31 - 1, description=text("app.seed", lang),
            layout=w.Layout(width="170px")), "uno-scoring-seed")
        for control in (self._players, self._seed):
            control.observe(lambda _: self._settings_changed(), names="value")
        wide = w.Layout(width="auto")  # a button as wide as its words
        self._next = tagged(w.Button(description=text("app.match_next", lang), layout=wide,
                                     button_style="primary"), "uno-scoring-next")
        self._end = tagged(w.Button(description=text("app.end", lang), layout=wide),
                           "uno-scoring-end")
        self._restart = tagged(w.Button(description=text("app.match_restart", lang),
                                        layout=wide), "uno-scoring-restart")
        self._next.on_click(lambda _: self.next_round())
        self._end.on_click(lambda _: self.to_the_end())
        self._restart.on_click(lambda _: self.restart())
        self._where = tagged(w.HTML(), "uno-scoring-where")
        self._note = tagged(w.HTML(), "uno-scoring-note")
        self.panel = ScoringPanel(lang=lang)
        self.widget = tagged(w.VBox([
            tagged(w.HBox([self._players, self._seed]), "uno-scoring-bar"),
            self.rules_panel.widget, self._note,
            tagged(w.HBox([self._restart, self._next, self._end, self._where]),
                   "uno-scoring-steps"),
            self.panel.widget]), "uno-app", "uno-scoring-app")
        self._play()

    # -- the match -----------------------------------------------------------------

    @property
    def round(self) -> int:
        """The rounds played on screen (0: the deal)."""
        return self._round

    @property
    def rounds(self) -> int:
        """The rounds the whole match has."""
        return len(self._ends)

    @property
    def match(self) -> Game:
        """The whole match, played to its end (or as far as it was played)."""
        return self._match

    def _play(self) -> None:
        """Play the match of the settings on show, from its seed, to the end."""
        rules = self.rules_panel.rules
        players, seed = int(self._players.value), int(self._seed.value)
        # (V-SEVEN-ROUNDS ends a match at the seventh empty hand, lazy or not)
        self._max_rounds = (LAZY_ROUNDS if rules.scoring == "lazy" and not rules.seven_rounds
                            else None)
        ends: list[int] = []  # the moves played when each round ended

        def seen(game: Game) -> None:
            if len(game.round_results) > len(ends):
                ends.append(len(game.moves))

        record, self._match = play_game(rules, ["heuristic"] * players, seed,
                                        max_rounds=self._max_rounds, record=True, observer=seen)
        self._cut = record.abandoned  # longer than the runner plays: the rounds before the cut
        self._ends = ends
        self._moves: tuple[Move, ...] = self._match.moves
        self._show(0)

    def _show(self, k: int) -> None:
        """The match after ``k`` rounds (0: as dealt)."""
        k = max(0, min(k, self.rounds))
        self._round = k
        match = self._match
        if k == self.rounds and match.is_over:
            self.game = match
        else:
            end = self._ends[k - 1] if k else 0
            self.game = Game.replay(match.rules, match.n, match.seed, self._moves[:end],
                                    max_rounds=self._max_rounds, record=True)
        self._render()

    # -- a person's clicks -------------------------------------------------------------

    def next_round(self) -> None:
        """Play the next round (nothing after the last)."""
        if self._round < self.rounds:
            self._show(self._round + 1)

    def to_the_end(self) -> None:
        """Play every round left."""
        if self._round < self.rounds:
            self._show(self.rounds)

    def restart(self) -> None:
        """Back to the deal of the first round."""
        if self._round:
            self._show(0)

    def _settings_changed(self) -> None:
        """A setting changed: the match played again from the same seed."""
        self._play()

    # -- the one render funnel ------------------------------------------------------------

    def _render(self) -> None:
        lang, k, total = self._lang, self._round, self.rounds
        self.panel.update(self.game)
        self._where.value = escape(text("app.match_where", lang, round=fmt_int(k, lang),
                                        rounds=fmt_int(total, lang), count=total))
        self._next.disabled = self._end.disabled = k >= total
        self._restart.disabled = k == 0
        notes = [text("app.match_note", lang, seed=self._seed.value)]  # a seed is a name: no thousands separator
        if self._max_rounds is not None:
            notes.append(text("app.match_lazy", lang, count=self._max_rounds))
        if self._cut:
            notes.append(text("app.match_cut", lang, turns=fmt_int(DEFAULT_MAX_TURNS, lang),
                              count=fmt_int(total, lang)))
        self._note.value = "".join(f'<p class="uno-caption" style="line-height:1.4">'
                                   f"{escape(note)}</p>" for note in notes)
