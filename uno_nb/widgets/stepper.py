"""The stepper: a seeded game between bots, walked move by move.

The whole game is played once with :func:`uno_nb.sim.simulation.play_game` (in
record mode); stepping back and forth is the game's own undo and redo, so
every view is exactly the position the engine had.  One render funnel,
``_render``, draws the table, the log and the odds after every change.

Everything a learner reads is in words from :mod:`uno_nb.texts`: players are
``Player 1`` …, cards are ``Red Skip``, and each line of the log names the
rule at work beside it.  The short card codes (``RS``, ``W+4>G``) that the
notebooks' code uses appear only when asked for, and then with their legend.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from . import ui as w

from ..engine.cards import Card
from ..engine.game import Game
from ..engine.moves import DRAW, PLAY
from ..engine.render import game_html, legend_html, symbol_legend_html
from ..engine.rules import RuleSet
from ..sim.simulation import play_game
from ..texts import card_name, player_name, rule_name, text
from ._common import tagged
from ..texts.numbers import fmt_int
from .app import App
from .odds_panel import OddsPanel
from .rules_panel import RulesPanel

__all__ = ["GameStepper", "say_choices", "say_move"]

#: The autoplay speeds a learner chooses from: (text key, milliseconds per move).
SPEEDS = (("app.speed_slow", 1500), ("app.speed_normal", 700), ("app.speed_fast", 250))

# The log's looks, inline so that they hold in JupyterLab as in the web app.
_LAST = "background:#fff3b0;font-weight:bold"  # the rows of the move just made
_RULE = ("display:inline-block;margin-left:6px;padding:0 6px;border-radius:8px;"
         "font-size:12px;font-weight:normal;background:#e6edf7;color:#1f3b63")
_HOUSE = ("display:inline-block;margin-left:6px;padding:0 6px;border-radius:8px;"
          "font-size:12px;font-weight:normal;background:#ffe2c2;color:#7a3a00")


def _is_house(rule: str) -> bool:
    """House rules (V-…) and table talk (T-…): what differs from the rules
    sheet in the box, so the log marks them out."""
    return rule.startswith(("V-", "T-"))


def _rule_html(rule: str, lang: str) -> str:
    if not rule:
        return ""
    house = _is_house(rule)
    klass = "uno-rule uno-house-rule" if house else "uno-rule"
    return (f' <span class="{klass}" style="{_HOUSE if house else _RULE}">'
            f'{escape(rule_name(rule, lang))}</span>')


class GameStepper(App):
    """Deal a seeded game, step through it, change the rules and see the same
    deal play out differently.

    ``seat``: show only that player's cards (and leave others' draws out of
    the log); ``codes``: start with the card codes shown in the log.

    >>> app = GameStepper("standard", players=3, seed=1)
    >>> app.step(); app.index
    1
    """

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 4, seed: int = 0,
                 bots: Sequence[str] | str = "heuristic", seat: int | None = None,
                 max_rounds: int | None = 1, lang: str = "en", codes: bool = False) -> None:
        self._lang = lang
        self._players = players
        self._bots = [bots] * players if isinstance(bots, str) else list(bots)
        self._seat = seat
        self._max_rounds = max_rounds
        self._busy = False
        self.rules_panel = RulesPanel(rules, on_change=self._rules_changed, lang=lang)
        self.odds_panel = OddsPanel(lang=lang)
        # Back and Step take focus when the other one is disabled under it
        # (the end or the start of the game reached): ui.js's uno-focus-next
        self._back = tagged(w.Button(description=text("app.back", lang)), "uno-back",
                            "uno-focus-next")
        self._step = tagged(w.Button(description=text("app.step", lang)), "uno-step",
                            "uno-focus-next")
        self._end = tagged(w.Button(description=text("app.end", lang)), "uno-end")
        self._restart = tagged(w.Button(description=text("app.restart", lang)), "uno-restart")
        self._seed = tagged(w.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                             description=text("app.seed", lang)), "uno-seed")
        self._slider = tagged(w.IntSlider(value=0, min=0, max=0, description=text("app.turn", lang),
                                          continuous_update=False), "uno-move")
        self._where = tagged(w.HTML(), "uno-where")
        # the move just shown, for a screen reader (a live region, not on screen)
        self._said = tagged(w.HTML(), "uno-said", "uno-live")
        # Autoplay: ipywidgets' Play runs its timer in the browser and shows
        # bare symbols, so a label says what it does and what ▶ and ■ mean.
        # (Its repeat button is hidden: starting over is what ■ and ▶ do.)
        speeds = [(text(key, lang), ms) for key, ms in SPEEDS]
        self._play = tagged(w.Play(value=0, min=0, max=0, interval=speeds[1][1], show_repeat=False,
                                   tooltip=text("app.autoplay", lang),
                                   button_names=tuple(text(f"app.autoplay.{b}", lang)
                                                      for b in ("play", "pause", "stop"))),
                            "uno-autoplay-control")
        self._speed = tagged(w.SelectionSlider(options=speeds, value=speeds[1][1],
                                               description=text("app.speed", lang)), "uno-speed")
        self._autoplay_label = tagged(w.HTML(f"<b>{escape(text('app.autoplay', lang))}</b>"),
                                      "uno-autoplay-label")
        self._autoplay_help = tagged(w.HTML('<span style="line-height:1.4">'
                                            f'{escape(text("app.autoplay_help", lang))}</span>'),
                                     "uno-autoplay-help")
        self._codes = tagged(w.Checkbox(value=codes, description=text("app.show_codes", lang),
                                        indent=False), "uno-codes")
        self._legend = tagged(w.HTML(), "uno-legend-box")
        self._table = tagged(w.HTML(), "uno-table")
        self._log = tagged(w.HTML(), "uno-log")
        self._back.on_click(lambda _: self.back())
        self._step.on_click(lambda _: self.step())
        self._end.on_click(lambda _: self.to_end())
        self._restart.on_click(lambda _: self.go_to(0))
        self._seed.observe(lambda change: self._new_game(), names="value")
        self._slider.observe(lambda change: self.go_to(change["new"]), names="value")
        self._play.observe(lambda change: self.go_to(change["new"]), names="value")
        self._speed.observe(lambda change: setattr(self._play, "interval", change["new"]),
                            names="value")
        self._codes.observe(lambda change: self._render(), names="value")
        controls = w.HBox([self._restart, self._back, self._step, self._end, self._seed])
        timeline = w.HBox([self._slider, self._where, self._said])
        autoplay = tagged(w.HBox([self._autoplay_label, self._play, self._autoplay_help,
                                  self._speed]), "uno-autoplay")
        log_head = w.HTML(f"<b>{escape(text('app.log', lang))}</b>"
                          '<div class="uno-log-help" style="font-size:12px;color:#555;'
                          'line-height:1.4">'
                          f"{escape(text('app.log_help', lang))}</div>")
        # The table beside the rule switches and what happened (stacked on a
        # narrow screen): a teacher flips a rule without scrolling away from
        # the game, and a move and its sentences are in sight together.
        self._table.layout = w.Layout(flex="1 1 460px", min_width="0")
        log_column = tagged(w.VBox([self.rules_panel.widget, log_head, self._codes, self._legend,
                                    self._log],
                                   layout=w.Layout(flex="1 1 340px", min_width="0")),
                            "uno-log-column")
        self.widget = tagged(w.VBox([controls, timeline, autoplay,
                                     tagged(w.HBox([self._table, log_column]), "uno-stepper-main"),
                                     self.odds_panel.widget]),
                             "uno-app", "uno-stepper")
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

    @property
    def codes(self) -> bool:
        """Does the log write cards as codes (``RS``) rather than words?"""
        return bool(self._codes.value)

    def _new_game(self) -> None:
        _, game = play_game(self.rules_panel.rules, self._bots, self._seed.value,
                            max_rounds=self._max_rounds, record=True)
        self._total = len(game.moves)
        # marks[i]: how many events the game has after i moves, so that the
        # log can put each event under the move that made it.
        marks = [0] * (self._total + 1)
        marks[-1] = len(game.events)
        while game.can_undo():
            game.pop()  # back to the deal; the moves wait in the redo stack
            marks[len(game.moves)] = len(game.events)
        self._game = game
        self._marks = marks
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
        game, lang = self._game, self._lang
        self._busy = True
        try:
            for control in (self._slider, self._play):
                control.max = self._total
                control.value = self.index
        finally:
            self._busy = False
        self._back.disabled = self.index == 0
        self._step.disabled = self._end.disabled = self.index == self._total
        self._where.value = text("app.move_of", lang, index=fmt_int(self.index, lang),
                                 total=fmt_int(self._total, lang))
        self._said.value = _unseen(self._said_text())
        # the table, and under it the colours' symbols its cards carry
        self._table.value = game_html(game, seat=self._seat, lang=lang) + symbol_legend_html(lang)
        codes = self._codes.value
        rules = game.rules
        self._legend.value = legend_html(lang, house=rules.plus10 or rules.h2o) if codes else ""
        self._legend.layout.display = None if codes else "none"
        self._log.value = self._log_html(codes)
        if game.is_over:
            self.odds_panel.clear()
        elif game.discard:
            self.odds_panel.update(game)

    def _said_text(self) -> str:
        """Where the game is and what the move shown did, in the log's words."""
        game, marks, index = self._game, self._marks, self.index
        where = text("app.move_of", self._lang, index=fmt_int(index, self._lang),
                     total=fmt_int(self._total, self._lang))
        if not index:
            return where
        said = [game.event_text(e, self._lang, viewer=self._seat)
                for e in game.events[marks[index - 1]:marks[index]]]
        return "; ".join([f"{where}: {said[0]}", *said[1:]]) if said else where

    def _log_html(self, codes: bool) -> str:
        """The log: one block per move, newest first so that the move just
        made is always in sight, its events in the order they happened."""
        game, lang, marks = self._game, self._lang, self._marks
        events = game.events
        blocks = []
        for move in range(self.index + 1):
            first = marks[move - 1] if move else 0
            last_move = move == self.index and move > 0
            rows = []
            for event in events[first:marks[move]]:
                said = game.event_text(event, lang, viewer=self._seat, codes=codes)
                style = f' style="{_LAST}"' if last_move else ""
                rows.append(f'<div class="uno-log-line"{style}>{escape(said)}'
                            f'{_rule_html(event.rule, lang)}</div>')
            label = text("app.log_move", lang, index=fmt_int(move, lang)) if move \
                else text("app.start", lang)
            blocks.append(
                '<div class="uno-log-move" style="display:flex;gap:8px;padding:4px 2px;'
                'border-bottom:1px solid #e5e5e5">'
                '<div class="uno-move-no" style="flex:0 0 4.5em;color:#555;font-size:12px;'
                f'padding-top:2px">{escape(label)}</div>'
                f'<div style="flex:1 1 auto;min-width:0">{"".join(rows)}</div></div>')
        blocks.reverse()
        # a scrolled box a keyboard can reach and scroll, named for a screen reader
        return (f'<div tabindex="0" role="region" aria-label="{escape(text("app.log", lang))}" '
                'style="max-height:420px;overflow-y:auto;font-family:sans-serif;'
                f'font-size:14px;line-height:1.45">{"".join(blocks)}</div>')

    def log_lines(self) -> list[str]:
        """The sentences of the log as shown, oldest first (for tests and notebooks)."""
        game = self._game
        return [game.event_text(e, self._lang, viewer=self._seat, codes=self._codes.value)
                for e in game.events]


def _unseen(said: str) -> str:
    """Words for a screen reader only: in the page, not on the screen."""
    return ('<span style="position:absolute;width:1px;height:1px;overflow:hidden;'
            f'clip-path:inset(50%);white-space:nowrap">{escape(said)}</span>')


# -- sentences for the page's small tables ------------------------------------------------

def say_choices(game: Game, lang: str = "en") -> str:
    """What the player to move may put down, in words.

    >>> from uno_nb import Game, RuleSet
    >>> say_choices(Game.from_position(hands=["R2 G5 B9 W", "Y1"], discard="R5"))
    'Player 1 may play Red 2, Green 5, Wild (naming any colour), or draw a card.'
    >>> say_choices(Game.from_position(RuleSet(draw_anytime=False), hands=["R2 B9", "Y1"],
    ...                                discard="R5"))
    'Player 1 may play Red 2.'
    >>> say_choices(Game.from_position(hands=["B9", "Y1"], discard="R5"))
    'Player 1 has no card that fits and must draw.'
    """
    cards: list[Card] = []
    for move in game.turn_plays():  # a black card comes once per colour: name it once
        if move.kind is PLAY and move.card is not None and move.card not in cards:
            cards.append(move.card)
    player = player_name(game.current, lang, game.given_names)
    if not cards:
        return text("page.rules.no_choice", lang, player=player)
    names = [text("page.rules.any_colour", lang, card=card_name(card, lang))
             if card.is_black else card_name(card, lang) for card in cards]
    # drawing instead is not always allowed (V-FORCE-PLAY, a card just drawn)
    can_draw = any(move.kind is DRAW for move in game.turn_moves())
    return text("page.rules.choices" if can_draw else "page.rules.choices_only", lang,
                player=player, cards=", ".join(names))


def say_move(game: Game, lang: str = "en") -> str:
    """The last move's events, one sentence a line, each with the rule at work.

    >>> from uno_nb import Game
    >>> skip = Game.from_position(hands=["RS R1", "B1", "G1"], discard="R5")
    >>> skip.push("RS")
    >>> print(say_move(skip))
    Player 1 plays Red Skip — match colour or symbol (R-MATCH)
    Player 2 is skipped — Skip (R-SKIP)
    """
    lines: list[str] = []
    for event in game.last_events():
        said = game.event_text(event, lang)
        lines.append(text("page.rules.event", lang, sentence=said, rule=rule_name(event.rule, lang))
                     if event.rule else said)
    return "\n".join(lines)
