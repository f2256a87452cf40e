"""Play against bots: a game of Uno in a notebook or on the web app's play page.

Click a card to play it (a Wild asks for its colour), draw, keep a drawn
card, call UNO!, challenge a Wild Draw Four, catch a bot that forgot its
UNO!; the bots answer one move at a time, at the pace the person chooses.

What the page promises:

* nothing shows a bot's hidden cards: the table draws their hands face
  down, the log is written for the person's seat (``viewer=``), and the end
  panel shows the hands that were left only once the round is over;
* a control is enabled exactly when a click on it counts, and the status line
  is written in the same drawing that enables the controls, so "Your turn"
  never shows before the cards can be clicked;
* a click that does not count (a card that does not fit, a click on a table
  that has been drawn again since) changes nothing; a card that does not fit
  says why;
* every deal comes from a seed shown on the page: the same seed deals the
  same cards and the bots answer the same moves the same way on every
  computer, so a class can play one deal together (with the same settings:
  the rules, the players, the bots and how often they bluff);
* it can be played by keyboard and followed by a screen reader: the hand is
  one stop of the Tab key whose cards the arrow keys walk (``uno-roving``),
  after a move focus goes to the control the next decision needs
  (``uno-focus-next``: the next card that fits, Draw, a colour…), and the
  status line, what the bots did to the person and a refusal are live
  regions (``uno-live``), read out when they change (the light controls'
  ``ui.js`` does all three).

The bots bluff as the page's menu says (:data:`~uno_nb.sim.bots.BLUFF_RATES`;
"sometimes" at first, for the lesson on challenging a Wild Draw Four): a
thoughtful bot's bluffs come from a generator of their own, seeded by the
deal, so the setting changes nothing else the seed decides.

Between two bot moves the app does not sleep in the kernel: the next move is
scheduled on the kernel's event loop, so the page stays live while the bots
"think" (a New game, a change of speed, an UNO! call go through at once).
Without an event loop (a plain script) it sleeps, and at speed 0 the bots move
at once.

The people at the table — calling "UNO!", catching a forgotten call, table
talk, jump-in races — are the table model of :mod:`uno_nb.sim.table`, the one the
seeded runner uses, with the person's seat among its ``people`` (who act for
themselves).  What the page shows is written by :mod:`.play_view`; its buttons
are made by :mod:`.play_buttons`; its settings' menus by :mod:`.play_settings`.
"""

from __future__ import annotations

import random
import time
from functools import partial
from html import escape
from typing import Any, Callable, Collection, Sequence

from . import ui as w

from ..sim.bots import Bot, HeuristicBot, bluff_rate, make_bot
from ..engine.cards import COLOURS, Card, Colour, card_order, parse_card, parse_colour
from ..engine.events import Challenged, Drew
from ..engine.game import Game, Phase
from ..engine.moves import CHALLENGE, DRAW, GIVE, PLAY, UNO, Move
from ..engine.rules import RuleSet
from ..sim.table import (PLAY_STREAM, PlayerTraits, draw_traits, jump_in_race, seeded,
                         table_talk, uno_call, uno_catch)
from ..texts import text
from ..texts.numbers import fmt_decimal
from ._common import running_loop, tagged
from .app import App
from .classbar import record
from .play_buttons import (FOCUS as _FOCUS, ButtonBoard, Items as _Items, action_buttons,
                           aim_focus, bluff_colour, button, card_button, colour_button,
                           move_buttons)
from .play_settings import MATCH, length_options, settings
from .rules_panel import RulesPanel
from .play_view import (end_panel_html, hits_html, log_html, status_html, table_html, why_not,
                        work_out_html)

__all__ = ["PlayApp", "SPEEDS"]

#: The bots' pace: the words of the "Bot speed" menu and the seconds between
#: two bot moves.
SPEEDS: tuple[tuple[str, float], ...] = (("slow", 1.5), ("normal", 0.8), ("fast", 0.3),
                                         ("instant", 0.0))

#: The generator of the thoughtful bots' bluffs (sim.table's streams are 2**62 + 1…4).
_BLUFF_STREAM = 2**62 + 5

# New deals get seeds from 1 to 9999: short enough to read out to a class and
# type on another computer.
_SEEDS = (1, 10_000)


class PlayApp(App):
    """A game of ``players`` seats: ``human`` is the person, the others are bots.

    ``seed``: the first deal (``None``: a fresh one); ``delay``: seconds between
    two bot moves at first (the "Bot speed" menu changes it; 0 in tests);
    ``rounds``: rounds in a game (``None``: play to the target score);
    ``bluff``: how often the thoughtful bots bluff with a Wild Draw Four
    (``never``, ``sometimes``, ``often``: :data:`~uno_nb.sim.bots.BLUFF_RATES`).

    >>> app = PlayApp("standard", players=3, seed=12, delay=0)
    >>> app.game.seed, app.game.names
    (12, ('Player 1 (you)', 'Bot 2', 'Bot 3'))
    >>> app.game.current == app.human or app.game.is_over
    True
    """

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 4,
                 seed: int | None = None, human: int = 0, bots: Sequence[str] | str = "heuristic",
                 delay: float = 0.8, lang: str = "en", rounds: int | None = 1,
                 bluff: str = "sometimes") -> None:
        if not 0 <= human < players:
            raise ValueError(f"human must be a seat from 0 to {players - 1}, got {human!r}")
        self._bluff = bluff
        rate = bluff_rate(bluff)  # (an unknown word is refused here)
        self._lang = lang
        self._recorded: Game | None = None  # the finished game the class board has
        self.human = human
        self._rules = rules
        self._players = players
        self._rounds = rounds
        bot_names = [bots] * players if isinstance(bots, str) else list(bots)
        self._bots: list[Bot] = [make_bot(b, rate) for b in bot_names]
        # the Bots menu starts at the first bot's level, by the bot's own name
        level = next((b.name for s, b in enumerate(self._bots) if s != human), "heuristic")
        self._seeds = random.SystemRandom()
        self._token = 0       # the deal on show; a bot move scheduled for an older one is dropped
        self._board = ButtonBoard()  # the buttons of the drawing on show
        self._busy = False    # the bots are moving: no decision of the person's counts
        self._paused = False  # play waits: the person may jump in (or go on)
        self._wild: Card | None = None  # the Wild clicked, waiting for its colour
        self._refusal = ""    # why the last click did not count
        self._refused: Card | None = None  # the card it was on: focus stays on it
        self._reacted: tuple[Game, int] | None = None  # (game, moves) the bots last reacted to
        self._mark = 0        # events before this one were there at the person's last move
        self._aim: int | None = None  # where in the hand the person's last card was
        self._setting_seed = False
        self._looks = self._board.looks  # shared Layout and ButtonStyle widgets

        self._new = tagged(w.Button(description=text("play.new_game", lang)), "uno-new-game")
        self._new.on_click(lambda _: self.new_game())
        self._seed = tagged(w.BoundedIntText(value=0, min=0, max=2**31 - 1,
                                             description=text("play.seed", lang),
                                             layout=w.Layout(width="170px")), "uno-seed")
        self._seed.observe(self._seed_typed, names="value")
        options = [(text(f"play.speed.{word}", lang), seconds) for word, seconds in SPEEDS]
        if all(seconds != delay for _, seconds in options):
            options.append((text("play.speed.seconds", lang, seconds=fmt_decimal(delay, 2, lang)),
                            float(delay)))
        self._speed = tagged(w.Dropdown(options=options, value=float(delay),
                                        description=text("play.speed", lang)), "uno-speed")
        self._seed_note = tagged(w.HTML(), "uno-seed-note")
        # the status line, what the others did to the person since their last
        # move, and why a click did not count: read out as they change
        self._status = tagged(w.HTML(), "uno-status", "uno-live")
        self._hits = tagged(w.HTML(), "uno-hits-box", "uno-live")
        self._end_panel = tagged(w.HTML(), "uno-end-panel")
        self._end_buttons = tagged(w.HBox(), "uno-end-buttons")
        self._end = tagged(w.VBox([self._end_panel, self._end_buttons],
                                  layout=w.Layout(display="none")), "uno-end")
        self._table = tagged(w.HTML(), "uno-table")
        self._hand_title = w.HTML(f"<b>{escape(text('play.hand', lang))}</b>")
        # the hand: one stop of the Tab key, its cards walked by the arrow keys
        self._hand = tagged(w.HBox(tooltip=text("play.hand", lang)), "uno-hand", "uno-roving")
        self._choices = tagged(w.HBox(layout=w.Layout(flex_flow="row wrap")),
                               "uno-choices")  # a Wild's colour, whom to swap with…
        self._say_uno = tagged(w.Checkbox(value=False, description=text("play.say_uno", lang),
                                          indent=False), "uno-say-uno")
        self._actions = tagged(w.HBox(), "uno-actions")  # draw, keep, UNO!, challenge, catch
        self._colour_label = w.HTML(escape(text("play.colour", lang)))
        self._message = tagged(w.HTML(), "uno-message", "uno-live")
        self._log = tagged(w.HTML(), "uno-log")
        # "What can I work out?": the odds from the person's seat, closed until asked for
        self._work_out = tagged(w.HTML(), "uno-work-out")
        self._work_out_box = tagged(w.Accordion(children=[w.VBox([self._work_out])],
                                                titles=(text("play.work_out", lang),)),
                                    "uno-play-work-out")
        bar = tagged(w.HBox([self._new, self._seed, self._speed]), "uno-play-bar")
        # The game's settings: the stepper's rules panel, the number of
        # players, the bots' level and the length; a change deals anew from
        # the same seed, so a class that changes the same switches plays on
        # together.
        self.rules_panel = RulesPanel(rules, on_change=lambda _: self._settings_changed(),
                                      lang=lang)
        (self._players_box, self._level, self._length, self._bluff_menu, self._settings_note,
         self._settings) = settings(players, human, level, bluff, self.rules_panel, lang)
        self._quiet_settings = False  # the menus are being set by the app, not by a person
        self._set_length_options(rounds)
        for control in (self._players_box, self._level, self._length, self._bluff_menu):
            control.observe(lambda _: self._settings_changed(), names="value")
        self.widget = tagged(w.VBox([
            bar, self._settings, self._seed_note, self._status, self._hits, self._end,
            self._table,
            self._hand_title, self._hand, self._choices, self._actions, self._message,
            self._work_out_box,
            w.HTML(f"<b>{escape(text('play.log', lang))}</b>"), self._log]),
            "uno-app", "uno-play")
        self.new_game(seed)

    # -- deals ---------------------------------------------------------------------

    @property
    def seed(self) -> int:
        """The seed of the deal on show."""
        return self.game.seed

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game: from ``seed``, or a fresh seed unlike the last one."""
        if seed is None:
            old = getattr(self, "game", None)
            seed = self._seeds.randrange(*_SEEDS)
            while old is not None and seed == old.seed:
                seed = self._seeds.randrange(*_SEEDS)
        self._deal(int(seed))

    def _set_length_options(self, rounds: int | None) -> None:
        """The Length menu's options for the rules' target score, ``rounds`` chosen."""
        options = length_options(self.rules_panel.rules.target_score, rounds, self._lang)
        self._quiet_settings = True
        try:
            self._length.options = options
            self._length.value = MATCH if rounds is None else rounds
        finally:
            self._quiet_settings = False

    def _settings_changed(self) -> None:
        """A setting changed: deal a new game with them, from the same seed."""
        if self._quiet_settings:
            return
        self._rules = self.rules_panel.rules
        self._players = int(self._players_box.value)
        self._bluff = str(self._bluff_menu.value)
        self._bots = [make_bot(self._level.value, bluff_rate(self._bluff))
                      for _ in range(self._players)]
        self._bluff_menu.disabled = self._level.value != "heuristic"
        self._rounds = self._length.value or None  # MATCH: to the target score
        self._set_length_options(self._rounds)  # the target may have changed with the rules
        self._deal(self.seed)

    def _seed_typed(self, change: dict[str, Any]) -> None:
        if not self._setting_seed and change["new"] is not None:
            self._deal(int(change["new"]))

    def _deal(self, seed: int) -> None:
        lang = self._lang
        names = [text("play.you" if s == self.human else "play.bot", lang, number=s + 1)
                 for s in range(self._players)]
        self._token += 1  # bot moves scheduled for the last deal are dropped
        self.game = Game(self._rules, self._players, seed, names=names, max_rounds=self._rounds)
        # The bots' choices and the people at the table come from the seed too:
        # the same clicks on the same seed give the same game on every computer.
        self._rng = seeded(seed, PLAY_STREAM)
        self._bluffs = seeded(seed, _BLUFF_STREAM)  # the thoughtful bots' bluffs
        self._traits: Sequence[PlayerTraits] = draw_traits(seed, self._players)
        self._busy = self._paused = False
        self._wild = self._refused = None
        self._refusal = ""
        self._reacted = None
        self._mark = 0
        self._aim = None
        self._bots_play(instant=True)  # the bots' opening moves, before the page shows

    # -- the person --------------------------------------------------------------------

    def _decides(self) -> bool:
        """Is the game waiting for a decision of the person's?"""
        game = self.game
        if self._busy or game.is_over or game.phase is Phase.ROUND_OVER:
            return False
        return game.current == self.human or self._paused

    def _my_moves(self) -> list[Move]:
        """The moves a click of the person's may make now (UNO! and catching apart)."""
        if not self._decides():
            return []
        game = self.game
        if game.current == self.human:
            return list(game.turn_moves())
        return game.jump_in_moves(self.human)

    def play(self, card: Card | str, colour: Colour | str | None = None) -> None:
        """Click a card of your hand: play it, jump in with it, or give it
        (V-SWAP-FIVE).  A Wild waits for its colour (``colour``, or a click on
        a colour button) unless the colour wheel chooses it."""
        card = parse_card(card) if isinstance(card, str) else card
        if not self._decides():
            return  # a click from a drawing before the bots moved: it counts for nothing
        game, me = self.game, self.human
        hand = sorted(game.hands[me], key=card_order)
        self._aim = next((i for i, c in enumerate(hand) if c is card), self._aim)
        if game.phase is Phase.GIVE and game.current == me:
            self._human(Move.make(GIVE, me, card=card))
            return
        if isinstance(colour, str):
            colour = parse_colour(colour)
        if card.is_black and not game.rules.colour_wheel:
            if colour is None:
                if any(m.kind is PLAY and m.card is card for m in self._my_moves()):
                    self._wild, self._refusal = card, ""  # ask for the colour first
                    self._render()
                    return
                colour = COLOURS[0]  # it cannot be played in any colour: _human says why
        self._human(Move.make(PLAY, me, card, colour))

    def _human(self, move: Move | str) -> None:
        """A decision of the person's.  A move the rules do not allow now is
        refused with the reason and never pushed: under V-MISPLAY-PENALTY the
        engine would take a wrong card as a misplay costing 2 cards, but here a
        dimmed card clicked by mistake costs nothing."""
        if not self._decides():
            return
        game = self.game
        move = game.parse_move(move) if isinstance(move, str) else move
        if move not in self._my_moves():
            kinds = {m.kind for m in self._my_moves()}
            reason = why_not(game, self.human, self._lang, move, kinds)
            self._refusal = text("play.refused", self._lang, reason=reason)
            self._refused = move.card if move.kind in (PLAY, GIVE) else None
            self._wild = None
            self._render()
            return
        self._refusal = ""
        self._wild = None
        facing = game.view(self.human).challengeable  # a Wild Draw Four on me: who played it
        facing = facing if any(m.kind is CHALLENGE for m in self._my_moves()) else None
        before = len(game.events)
        game.push(move)
        if facing is not None:
            self._challenge_to_the_board(move, game.events[before:], facing[0])
        if game.uno_open == self.human and self._say_uno.value:
            game.push(Move.make(UNO, self.human))  # R-UNO: said as the card lands
        self._mark = len(game.events)  # what happens from here on is new to the person
        self._bots_play()

    def _challenge_to_the_board(self, move: Move, events: Sequence[Any], accused: int) -> None:
        """The class board's row of the person's answer to a Wild Draw Four:
        challenged (R-CHALLENGE), took the cards, or passed the penalty on
        with a card (V-STACK and its kin), and what it cost."""
        challenged = move.kind is CHALLENGE
        verdict = next((e for e in events if isinstance(e, Challenged)), None)
        drew = sum(len(e.cards) for e in events if isinstance(e, Drew) and e.player == self.human)
        answer = ("challenge" if challenged else "take" if move.kind is DRAW
                  else "play" if move.kind is PLAY else move.kind.name.lower())
        record("challenge", "play", 1.0 if challenged else 0.0,
               {"challenged": challenged, "answer": answer, "drew": drew,
                "guilty": None if verdict is None else bool(verdict.guilty),
                "bluff": self._bluff_setting(accused)})  # how often the accused bluffs

    def _bluff_setting(self, seat: int | None = None) -> str | None:
        """The Bots bluff setting, where the bot at ``seat`` (or any bot at
        the table) follows it (a thoughtful one); ``None`` for a random bot,
        which bluffs by chance whatever the menu says."""
        seats = [s for s in range(len(self._bots)) if s != self.human] if seat is None else [seat]
        thoughtful = any(isinstance(self._bots[s], HeuristicBot) for s in seats)
        return self._bluff if thoughtful else None

    def _choose_colour(self, colour: Colour) -> None:
        card = self._wild
        if card is not None:
            self._human(Move.make(PLAY, self.human, card, colour))

    def _cancel_wild(self) -> None:
        self._wild = None
        self._render()

    def _call(self, move: Move) -> None:
        """UNO! or a catch: a race at the table, open even while the bots move."""
        game = self.game
        if move not in game.uno_moves(self.human):
            return  # too late: the next player has started
        game.push(move)
        if move.kind is UNO:
            table_talk(game, self._rng, people=self._people,  # T-UNO-CENTER's slap
                       traits=self._traits)
        self._render()

    def go_on(self) -> None:
        """Let play go on without jumping in."""
        if self._paused and not self._busy:
            self._bots_play(let_pass=True)

    def next_round(self) -> None:
        """Deal the next round (whoever deals: the person or a bot)."""
        game = self.game
        if self._busy or game.phase is not Phase.ROUND_OVER:
            return
        game.push(game.turn_moves()[0])
        self._mark = len(game.events)
        self._bots_play()

    # -- the bots ---------------------------------------------------------------------------

    def _bots_play(self, let_pass: bool = False, instant: bool = False) -> None:
        """Let the bots move until the person decides (or the round ends).
        When the person could jump in (or send a Skip back), play stops so
        they can click the card, or go on."""
        self._busy = True
        self._paused = False
        self._drive(self._token, let_pass, instant)

    def _drive(self, token: int, let_pass: bool = False, instant: bool = False) -> None:
        while token == self._token:
            try:
                moving = self._next_bot(let_pass)
            except BaseException:
                self._stop()
                raise
            let_pass = False
            if not moving:
                self._stop()
                return
            delay = 0.0 if instant else float(self._speed.value or 0)
            if delay > 0:
                self._render()  # all off; the status says whose move it is
                loop = running_loop()
                if loop is not None:
                    loop.call_later(delay, self._resume, token)
                    return
                time.sleep(delay)
            self._bot_move()

    def _resume(self, token: int) -> None:
        """The scheduled next bot move (dropped if a new game was dealt since)."""
        if token != self._token:
            return
        try:
            game = self.game
            if game.current != self.human and not game.is_over \
                    and game.phase is not Phase.ROUND_OVER:
                self._bot_move()
        except BaseException:
            self._stop()
            raise
        self._drive(token)

    def _stop(self) -> None:
        self._busy = False
        self._render()  # the one drawing that says "your turn" also enables the cards

    @property
    def _people(self) -> Collection[int]:
        """The seats the table model leaves to a person: the person's."""
        return frozenset({self.human})

    def _next_bot(self, let_pass: bool) -> bool:
        """The bots react to the last move (an UNO! call, table talk, a
        jump-in); then: is it a bot's move?"""
        game = self.game
        if self._reacted != (game, len(game.moves)):
            people, rng, traits = self._people, self._rng, self._traits
            # a bot calls, or forgets and may be caught
            uno_call(game, rng, people=people, traits=traits)
            if not game.is_over:
                table_talk(game, rng, people=people, traits=traits)
            if game.rules.jump_in or game.rules.doubles or game.rules.reverse_bounce:
                views = [game.view(s) for s in range(game.n)]
                jump_in_race(game, self._bots, views, rng, people=people, traits=traits)
            self._reacted = (game, len(game.moves))
        if game.is_over or game.phase is Phase.ROUND_OVER or game.current == self.human:
            return False
        if game.jump_in_moves(self.human) and not let_pass:
            self._paused = True  # the person may jump in: their call
            return False
        return True

    def _bot_move(self) -> None:
        game = self.game
        if game.uno_open == self.human:
            # the person's chance to call "UNO!" ends as the next bot moves:
            # the bots may have noticed they forgot
            uno_catch(game, self._rng, traits=self._traits)
        seat = game.current
        bot = self._bots[seat]
        # a thoughtful bot draws on its own generator only to bluff (sim.bots)
        rng = self._bluffs if isinstance(bot, HeuristicBot) else self._rng
        game.push(bot.choose(game.view(seat), game.turn_moves(), rng))

    # -- the one render funnel -----------------------------------------------------------------

    def _render(self) -> None:
        """The one drawing of the page: everything on it comes from the game
        and the app's few flags (busy, paused, the Wild waiting for a colour,
        the last refusal), here and nowhere else."""
        game, me, lang = self.game, self.human, self._lang
        self._board.next_drawing()
        self._setting_seed = True  # showing the seed is not typing one
        try:
            self._seed.value = game.seed
        finally:
            self._setting_seed = False
        # a seed is a name to type, not an amount: no thousands separators
        self._seed_note.value = escape(text("play.seed_note", lang, seed=str(game.seed)))
        self._settings_note.value = escape(text("play.settings.note", lang, seed=str(game.seed)))
        moves = self._my_moves()
        kinds = {m.kind for m in moves}
        decides = self._decides()
        if self._wild is not None and not decides:
            self._wild = None
        clickable = {m.card for m in moves if m.kind is PLAY or m.kind is GIVE}
        giving = game.phase is Phase.GIVE and decides
        status = status_html(game, me, lang, kinds, decides, self._paused, self._wild)
        # The page applies the status line at once and new buttons a moment
        # later: when the controls go off, the status goes first ("Bot 2 is
        # thinking…" over cards about to grey out); when they come on, last
        # ("Your turn" once the cards can be clicked).
        if not decides:
            self._status.value = status
            # the buttons on show grey out at once (one small message each)
            # while their replacements are being made
            for box in (self._hand, self._choices, self._actions):
                for old in box.children:
                    if hasattr(old, "_uno_action"):
                        old.disabled = True
        # the hand in a steady order (by colour, then rank), as a player holds it
        bluff = bluff_colour(game, me)
        cards = sorted(game.hands[me], key=card_order)
        hand: _Items = [card_button(card, lang, partial(self.play, card),
                                    clickable=card in clickable, enabled=decides, giving=giving,
                                    selected=card is self._wild,
                                    bluff=bluff if card.rank == "W+4" else None)
                        for card in cards]
        choices = self._choice_buttons(moves, decides)
        actions = action_buttons(game, me, lang, kinds, decides, self._decision, self._call,
                                 self._say_uno)
        if decides:
            kept = self._refused if self._refusal and self._refused in cards else None
            aim_focus(hand, choices, actions, self._aim, self._wild is not None,
                      None if kept is None else cards.index(kept))
        self._board.fill(self._hand, hand)
        self._board.fill(self._choices, choices)
        self._board.fill(self._actions, actions)
        self._status.value = status
        self._hits.value = hits_html(game, me, lang, self._mark)
        accused = game.view(me).challengeable  # the setting says what the accused bot does
        self._work_out.value = work_out_html(game, me, lang, decides, self._bluff_setting(
            None if accused is None else accused[0]))
        self._table.value = table_html(game, me, lang, self._rounds)
        self._message.value = (f'<span style="color:#b00020">{escape(self._refusal)}</span>'
                               if self._refusal else "")
        self._render_end()
        self._log.value = log_html(game, me, lang, self._mark)

    def _render_end(self) -> None:
        """The end panel: shown once the round (or the game) is over, with the
        hands that were left — the only place a bot's cards are ever shown."""
        game, lang = self.game, self._lang
        if not (game.is_over or game.phase is Phase.ROUND_OVER) or not game.round_results:
            self._end.layout.display = "none"
            self._end_panel.value = ""
            self._board.fill(self._end_buttons, [])
            return
        self._end_panel.value = end_panel_html(game, self.human, lang, self._rounds)
        if game.is_over and self._recorded is not game and game.outcome is not None:
            self._recorded = game  # a game is one row of the class board, however often drawn
            record("game", "play", 1.0 if game.outcome.winner == self.human else 0.0,
                   {"winner": game.outcome.winner, "turns": game.turns, "players": game.n,
                    "seed": game.seed, "bluff": self._bluff_setting()})
        if game.is_over:
            buttons = [button(text("play.play_again", lang), self.new_game,
                              button_style="success", classes=("uno-play-again", _FOCUS)),
                       button(text("play.same_deal", lang), lambda: self.new_game(game.seed),
                              classes=("uno-same-deal",))]
        else:
            buttons = [button(text("play.deal_button", lang), self.next_round,
                              disabled=self._busy, button_style="success",
                              classes=("uno-next-round", _FOCUS))]
        self._board.fill(self._end_buttons, buttons)
        self._end.layout.display = ""

    # -- the parts: buttons that live for one drawing (made by .play_buttons) ----------------

    def _choice_buttons(self, moves: list[Move], decides: bool) -> _Items:
        """The colours for the Wild clicked, the person's other decisions, Go on."""
        lang = self._lang
        out: _Items = []
        if self._wild is not None:
            out.append(self._colour_label)
            out += [colour_button(c, lang, self._colour_chooser(c)) for c in COLOURS]
            out.append(button(text("play.cancel", lang), self._cancel_wild,
                              classes=("uno-cancel",)))
        out += move_buttons(self.game, lang, moves, self._decision)
        if self._paused and decides:
            out.append(button(text("play.go_on", lang), self.go_on, classes=("uno-go-on",)))
        return out

    def _decision(self, move: Move) -> Callable[[], None]:
        """The action of a button that makes ``move``."""
        return lambda: self._human(move)

    def _colour_chooser(self, colour: Colour) -> Callable[[], None]:
        """The action of a button that names ``colour`` for the Wild clicked."""
        return lambda: self._choose_colour(colour)
