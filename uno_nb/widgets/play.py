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
  computer, so a class can play one deal together.

Between two bot moves the app does not sleep in the kernel: the next move is
scheduled on the kernel's event loop, so the page stays live while the bots
"think" (a New game, a change of speed, an UNO! call go through at once).
Without an event loop (a plain script) it sleeps, and at speed 0 the bots move
at once.
"""

from __future__ import annotations

import asyncio
import random
import time
from html import escape
from typing import Callable, NamedTuple, Sequence

import ipywidgets as w

from ..bots import Bot, make_bot
from ..cards import COLOURS, Card, Colour, card_order, parse_card, parse_colour
from ..events import Drew
from ..game import Game, Phase, RoundResult
from ..moves import CATCH, CHALLENGE, COLOUR, DRAW, GIVE, PASS, PLAY, READY, SWAP, UNO, Move
from ..render import COLOUR_HEX, back_svg, card_svg
from ..rules import RuleSet
from ..scoring import hand_points
from ..simulation import _jump_ins, _table_talk, _uno_call
from ..table import reaction_time
from ..texts import card_name, colour_name, rule_name, text
from ._common import tagged
from ..texts.numbers import fmt_decimal, fmt_int

__all__ = ["PlayApp", "SPEEDS"]

#: The bots' pace: the words of the "Bot speed" menu and the seconds between
#: two bot moves.
SPEEDS: tuple[tuple[str, float], ...] = (("slow", 1.5), ("normal", 0.8), ("fast", 0.3),
                                         ("instant", 0.0))

# New deals get seeds from 1 to 9999: short enough to read out to a class and
# type on another computer.
_SEEDS = (1, 10_000)

_INK = "#1d1d1b"
_FACE_DOWN = 26  # width of a bot's face-down card on the table


class PlayApp:
    """A game of ``players`` seats: ``human`` is the person, the others are bots.

    ``seed``: the first deal (``None``: a fresh one); ``delay``: seconds between
    two bot moves at first (the "Bot speed" menu changes it; 0 in tests);
    ``rounds``: rounds in a game (``None``: play to the target score).

    >>> app = PlayApp("standard", players=3, seed=12, delay=0)
    >>> app.game.seed, app.game.names
    (12, ('Player 1 (you)', 'Bot 2', 'Bot 3'))
    >>> app.game.current == app.human or app.game.is_over
    True
    """

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 4,
                 seed: int | None = None, human: int = 0, bots: Sequence[str] | str = "heuristic",
                 delay: float = 0.8, lang: str = "en", rounds: int | None = 1) -> None:
        if not 0 <= human < players:
            raise ValueError(f"human must be a seat from 0 to {players - 1}, got {human!r}")
        self._lang = lang
        self.human = human
        self._rules = rules
        self._players = players
        self._rounds = rounds
        bot_names = [bots] * players if isinstance(bots, str) else list(bots)
        self._bots: list[Bot] = [make_bot(b) for b in bot_names]
        self._seeds = random.SystemRandom()
        self._token = 0       # the deal on show; a bot move scheduled for an older one is dropped
        self._shown = 0       # drawings so far; a click from an older drawing is ignored
        self._busy = False    # the bots are moving: no decision of the person's counts
        self._paused = False  # play waits: the person may jump in (or go on)
        self._wild: Card | None = None  # the Wild clicked, waiting for its colour
        self._refusal = ""    # why the last click did not count
        self._reacted: tuple[Game, int] | None = None  # (game, moves) the bots last reacted to
        self._mark = 0        # events before this one were there at the person's last move
        self._setting_seed = False
        self._looks: dict[tuple, w.Widget] = {}  # shared Layout and ButtonStyle widgets

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
        self._status = tagged(w.HTML(), "uno-status")
        self._end_panel = tagged(w.HTML(), "uno-end-panel")
        self._end_buttons = tagged(w.HBox(), "uno-end-buttons")
        self._end = tagged(w.VBox([self._end_panel, self._end_buttons],
                                  layout=w.Layout(display="none")), "uno-end")
        self._table = tagged(w.HTML(), "uno-table")
        self._hand_title = w.HTML(f"<b>{escape(text('play.hand', lang))}</b>")
        self._hand = tagged(w.HBox(), "uno-hand")
        self._choices = tagged(w.HBox(), "uno-choices")  # a Wild's colour, whom to swap with…
        self._say_uno = tagged(w.Checkbox(value=False, description=text("play.say_uno", lang),
                                          indent=False), "uno-say-uno")
        self._actions = tagged(w.HBox(), "uno-actions")  # draw, keep, UNO!, challenge, catch
        self._colour_label = w.HTML(escape(text("play.colour", lang)))
        self._message = tagged(w.HTML(), "uno-message")
        self._log = tagged(w.HTML(), "uno-log")
        bar = tagged(w.HBox([self._new, self._seed, self._speed]), "uno-play-bar")
        self.widget = tagged(w.VBox([
            bar, self._seed_note, self._status, self._end, self._table, self._hand_title,
            self._hand, self._choices, self._actions, self._message,
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

    def _seed_typed(self, change: dict) -> None:
        if not self._setting_seed and change["new"] is not None:
            self._deal(int(change["new"]))

    def _deal(self, seed: int) -> None:
        lang = self._lang
        names = [text("play.you" if s == self.human else "play.bot", lang, number=s + 1)
                 for s in range(self._players)]
        self._token += 1  # bot moves scheduled for the last deal are dropped
        self.game = Game(self._rules, self._players, seed, names=names, max_rounds=self._rounds)
        # The bots' choices come from the seed too: the same clicks on the same
        # seed give the same game on every computer.
        self._rng = random.Random(f"uno_nb:{seed}:play")
        self._busy = self._paused = False
        self._wild = None
        self._refusal = ""
        self._reacted = None
        self._mark = 0
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
            self._refusal = text("play.refused", self._lang, reason=self._why_not(move))
            self._wild = None
            self._render()
            return
        self._refusal = ""
        self._wild = None
        game.push(move)
        if game.uno_open == self.human and self._say_uno.value:
            game.push(Move.make(UNO, self.human))  # R-UNO: said as the card lands
        self._mark = len(game.events)  # what happens from here on is new to the person
        self._bots_play()

    def _why_not(self, move: Move) -> str:
        """Why a click of the person's does not count, in their words."""
        game, lang = self.game, self._lang
        card = move.card
        named = card_name(card, lang) if card is not None else ""
        kinds = {m.kind for m in self._my_moves()}
        if game.current != self.human:  # the game paused for a jump-in
            return text("play.refused.jump_in", lang, top=card_name(game.discard[-1], lang))
        phase = game.phase
        if move.kind is DRAW and phase is Phase.TURN:
            return text("play.refused.draw", lang)  # V-FORCE-PLAY
        if move.kind is not PLAY or card is None:
            return text("play.refused.not_now", lang)
        if phase is Phase.DRAWN and game.drawn_card is not None:
            return text("play.refused.drawn", lang, card=card_name(game.drawn_card, lang))
        if phase is Phase.PENALTY:
            take = text("play.take_button", lang, count=game.pending)
            if PLAY in kinds:
                return text("play.refused.penalty_answer", lang, card=named, count=game.pending)
            return text("play.refused.penalty", lang, count=game.pending, button=take)
        if phase is not Phase.TURN:
            return text("play.refused.choose", lang)
        if card.rank == "W+4" and any(c.colour == game.colour for c in game.hands[self.human]):
            return text("play.refused.wild_four", lang, colour=colour_name(game.colour, lang))
        top = game.discard[-1]
        if not card.is_black and card.colour != game.colour and card.rank != top.rank:
            return text("play.refused.mismatch", lang, card=named,
                        colour=colour_name(game.colour, lang), top=card_name(top, lang))
        return text("play.refused.card", lang, card=named)

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
            _table_talk(game, self._rng, people=frozenset({self.human}))  # T-UNO-CENTER's slap
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
                loop = _running_loop()
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

    def _next_bot(self, let_pass: bool) -> bool:
        """The bots react to the last move (an UNO! call, table talk, a
        jump-in); then: is it a bot's move?"""
        game = self.game
        if self._reacted != (game, len(game.moves)):
            people = frozenset({self.human})
            if game.uno_open >= 0 and game.uno_open != self.human:
                _uno_call(game, self._rng)  # a bot calls, or forgets and may be caught
            if not game.is_over:
                _table_talk(game, self._rng, people=people)
            if game.rules.jump_in or game.rules.doubles or game.rules.reverse_bounce:
                others = [b if s != self.human else _NeverJumps() for s, b in enumerate(self._bots)]
                _jump_ins(game, others, [game.view(s) for s in range(game.n)], self._rng)
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
            self._bots_catch_the_human()
        seat = game.current
        game.push(self._bots[seat].choose(game.view(seat), game.turn_moves(), self._rng))

    def _bots_catch_the_human(self) -> None:
        game = self.game
        noticed = [(reaction_time(game.traits[s], self._rng), s) for s in range(game.n)
                   if s != self.human and self._rng.random() < game.traits[s].notice]
        if noticed:
            game.push(Move.make(CATCH, min(noticed)[1], target=self.human))

    # -- the one render funnel -----------------------------------------------------------------

    def _render(self) -> None:
        """The one drawing of the page: everything on it comes from the game
        and the app's few flags (busy, paused, the Wild waiting for a colour,
        the last refusal), here and nowhere else."""
        game, me, lang = self.game, self.human, self._lang
        self._shown += 1
        self._setting_seed = True  # showing the seed is not typing one
        try:
            self._seed.value = game.seed
        finally:
            self._setting_seed = False
        # a seed is a name to type, not an amount: no thousands separators
        self._seed_note.value = escape(text("play.seed_note", lang, seed=str(game.seed)))
        moves = self._my_moves()
        kinds = {m.kind for m in moves}
        decides = self._decides()
        if self._wild is not None and not decides:
            self._wild = None
        clickable = {m.card for m in moves if m.kind is PLAY or m.kind is GIVE}
        giving = game.phase is Phase.GIVE and decides
        status = self._status_html(kinds, decides)
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
        self._show(self._hand, [self._card_button(card, card in clickable, decides, giving)
                                for card in sorted(game.hands[me], key=card_order)])
        self._show(self._choices, self._choice_buttons(moves, decides))
        self._show(self._actions, self._action_buttons(kinds))
        self._status.value = status
        self._table.value = self._table_html()
        self._message.value = (f'<span style="color:#b00020">{escape(self._refusal)}</span>'
                               if self._refusal else "")
        self._render_end()
        self._log.value = self._log_html()

    # -- buttons that live for one drawing ----------------------------------------------------

    def _button(self, label: str, action: Callable[[], None], disabled: bool = False,
                classes: Sequence[str] = (), tooltip: str = "", button_style: str = "",
                style: dict | None = None, layout: dict | None = None) -> "_Spec":
        """A button of this drawing: ``action()`` runs on a click unless the
        table has been drawn again since (the click was meant for a position
        that is gone)."""
        return _Spec(label, action, disabled, tuple(classes), tooltip, button_style,
                     tuple(sorted((style or {}).items())), tuple(sorted((layout or {}).items())))

    def _show(self, box: w.Box, items: list) -> None:
        """Show ``items`` (button specs and widgets) in ``box``.

        As a rule every button is made anew and the old ones are closed: a
        click still on its way from a button the person saw before reaches a
        closed widget and is dropped, so frantic clicking can never play a
        move the person did not see.  One exception keeps the page honest
        about whose turn it is: buttons that have never been enabled (made
        while the bots were moving) are updated in place when the same
        buttons come back.  A button that was never clickable cannot have a
        click on its way; and a button enabled in place is enabled by one
        small message, where a new one takes the page a moment to draw."""
        old = list(box.children)
        if len(old) == len(items) and old and all(
                o is i if not isinstance(i, _Spec) else
                not getattr(o, "_uno_live", True) and o.description == i.label
                for o, i in zip(old, items)):
            for button, spec in zip(old, items):
                if isinstance(spec, _Spec):
                    self._update(button, spec)
            return
        box.children = [self._make(i) if isinstance(i, _Spec) else i for i in items]
        kept = {id(i) for i in items}
        for widget in old:
            if id(widget) not in kept and hasattr(widget, "_uno_action"):
                widget.close()  # a button of an old drawing; its layout and style are shared

    def _shared(self, kind: type, values: tuple) -> w.Widget:
        """One Layout or ButtonStyle widget per look, shared by every button
        with that look: a new button costs the page one widget, not three."""
        key = (kind, values)
        widget = self._looks.get(key)
        if widget is None:
            widget = self._looks[key] = kind(**dict(values))
        return widget

    def _make(self, spec: "_Spec") -> w.Button:
        button = w.Button(description=spec.label, disabled=spec.disabled, tooltip=spec.tooltip,
                          button_style=spec.button_style,
                          style=self._shared(w.ButtonStyle, spec.style),
                          layout=self._shared(w.Layout, spec.layout))
        tagged(button, *spec.classes)
        button._uno_shown, button._uno_action = self._shown, spec.action
        button._uno_live = not spec.disabled  # ever clickable: never to be reused
        button.on_click(self._clicked)
        return button

    def _update(self, button: w.Button, spec: "_Spec") -> None:
        with button.hold_sync():  # one message: the look and the state together
            button.style = self._shared(w.ButtonStyle, spec.style)
            button.layout = self._shared(w.Layout, spec.layout)
            button.tooltip = spec.tooltip
            button.button_style = spec.button_style
            button._dom_classes = spec.classes
            button.disabled = spec.disabled
        button._uno_shown, button._uno_action = self._shown, spec.action
        button._uno_live = not spec.disabled

    def _clicked(self, button: w.Button) -> None:
        if getattr(button, "_uno_shown", None) == self._shown:
            button._uno_action()

    # -- the parts ------------------------------------------------------------------------

    def _card_button(self, card: Card, clickable: bool, enabled: bool, giving: bool) -> "_Spec":
        lang = self._lang
        name = card_name(card, lang)
        if not enabled:
            tip = text("play.card.waiting", lang, card=name)
        elif giving:
            tip = text("play.card.give", lang, card=name)
        else:
            tip = text("play.card.playable" if clickable else "play.card.unplayable", lang,
                       card=name)
        colour = _INK if card.colour is None else COLOUR_HEX[card.colour]
        colour_word = "black" if card.colour is None else card.colour.name.lower()
        # The colours are set on the widget, so the cards look right where the
        # web app's stylesheet is not loaded (JupyterLab): pale = does not fit.
        return self._button(
            name, lambda: self.play(card), disabled=not enabled, tooltip=tip,
            classes=("uno-card", f"uno-card-{colour_word}",
                     "uno-playable" if clickable else "uno-unplayable",
                     *(("uno-selected",) if card is self._wild else ())),
            style={"button_color": colour if clickable or not enabled else _pale(colour),
                   "text_color": _INK if card.colour is Colour.YELLOW else "#ffffff",
                   "font_weight": "bold"},
            layout={"width": "68px", "height": "96px", "margin": "10px 3px 4px 3px",
                    "border": "3px solid #ffb300" if clickable else "3px solid #ffffff"})

    def _choice_buttons(self, moves: list[Move], decides: bool) -> list:
        lang, game = self._lang, self.game
        out: list = []
        if self._wild is not None:
            out.append(self._colour_label)
            out += [self._colour_button(c, lambda c=c: self._choose_colour(c)) for c in COLOURS]
            out.append(self._button(text("play.cancel", lang), self._cancel_wild,
                                    classes=("uno-cancel",)))
        for m in moves:
            if m.kind is COLOUR:  # the colour of a Wild start card
                out.append(self._colour_button(m.colour, lambda m=m: self._human(m)))
            elif m.kind is SWAP:
                key = "play.swap_with" if game.phase is Phase.SWAP else "play.exchange_with"
                out.append(self._button(text(key, lang, player=game.names[m.target]),
                                        lambda m=m: self._human(m), classes=("uno-swap",)))
            elif m.kind is PASS and game.phase is Phase.EXCHANGE:
                out.append(self._button(text("play.exchange_none", lang),
                                        lambda m=m: self._human(m), classes=("uno-swap",)))
            elif m.kind is READY:
                out.append(self._button(text("play.ready", lang), lambda m=m: self._human(m),
                                        classes=("uno-ready",)))
        if self._paused and decides:
            out.append(self._button(text("play.go_on", lang), self.go_on, classes=("uno-go-on",)))
        return out

    def _colour_button(self, colour: Colour, action: Callable[[], None]) -> "_Spec":
        named = colour_name(colour, self._lang)
        return self._button(
            named, action, tooltip=text("play.choose_colour", self._lang, colour=named),
            classes=("uno-colour-choice", f"uno-colour-{colour.name.lower()}"),
            style={"button_color": COLOUR_HEX[colour], "font_weight": "bold",
                   "text_color": _INK if colour is Colour.YELLOW else "#ffffff"})

    def _action_buttons(self, kinds: set) -> list:
        game, me, lang = self.game, self.human, self._lang
        if game.phase is Phase.PENALTY and DRAW in kinds:
            draw_label = text("play.take_button", lang, count=game.pending)
        else:
            draw_label = text("play.draw_button", lang)
        forced = (DRAW not in kinds and game.phase is Phase.TURN and game.current == me
                  and self._decides())
        calls = game.uno_moves(me)
        uno = next((m for m in calls if m.kind is UNO), None)
        catch = next((m for m in calls if m.kind is CATCH), None)
        return [
            self._button(draw_label, lambda: self._human(Move.make(DRAW, me)),
                         disabled=DRAW not in kinds, classes=("uno-draw",),
                         tooltip=text("play.draw_forced", lang) if forced else ""),
            self._button(text("play.pass_button", lang), lambda: self._human(Move.make(PASS, me)),
                         disabled=PASS not in kinds or game.phase is not Phase.DRAWN,
                         classes=("uno-pass",)),
            self._button(text("play.uno_button", lang),
                         lambda: self._call(uno) if uno is not None else None,
                         disabled=uno is None, button_style="warning", classes=("uno-uno",),
                         tooltip=text("play.uno_tip", lang)),
            self._say_uno,
            self._button(text("play.challenge_button", lang),
                         lambda: self._human(Move.make(CHALLENGE, me)),
                         disabled=CHALLENGE not in kinds, classes=("uno-challenge",)),
            self._button(text("play.catch_button", lang, player=game.names[catch.target])
                         if catch is not None else text("play.catch_nobody", lang),
                         lambda: self._call(catch) if catch is not None else None,
                         disabled=catch is None, classes=("uno-catch",),
                         tooltip=text("play.catch_tip", lang)),
        ]

    def _status_text(self, kinds: set, decides: bool) -> tuple[str, str]:
        """The status line and its look (``you``: the person decides, ``wait``,
        ``end``)."""
        game, me, lang = self.game, self.human, self._lang
        if game.is_over and game.outcome is not None:
            winner = game.outcome.winner
            if winner == me:
                return text("play.status.you_won_game", lang), "end"
            return text("play.status.game_over", lang, player=game.names[winner]), "end"
        if game.phase is Phase.ROUND_OVER and game.round_results:
            winner = game.round_results[-1].winner
            if winner == me:
                return text("play.status.you_won_round", lang), "end"
            return text("play.status.round_over", lang, player=game.names[winner]), "end"
        if not decides:
            return text("play.status.thinking", lang, player=game.names[game.current]), "wait"
        if self._paused:
            return text("play.status.jump_in", lang), "you"
        if self._wild is not None:
            return text("play.status.wild", lang, card=card_name(self._wild, lang)), "you"
        phase = game.phase
        if phase is Phase.DRAWN and game.drawn_card is not None:
            return text("play.status.drawn", lang, card=card_name(game.drawn_card, lang)), "you"
        if phase is Phase.PENALTY:
            if CHALLENGE in kinds:
                return text("play.status.challenge", lang, count=game.pending), "you"
            key = "play.status.penalty_answer" if PLAY in kinds else "play.status.penalty"
            return text(key, lang, count=game.pending,
                        button=text("play.take_button", lang, count=game.pending)), "you"
        if phase is Phase.READY:  # T-READY: after drawing 4 or more
            drawn = next(len(e.cards) for e in reversed(game.events)
                         if isinstance(e, Drew) and e.player == self.human)
            return text("play.status.ready", lang, count=drawn), "you"
        key = {Phase.COLOUR: "play.status.start_colour", Phase.SWAP: "play.status.swap",
               Phase.EXCHANGE: "play.status.exchange", Phase.GIVE: "play.status.give"}.get(phase)
        if key is not None:
            return text(key, lang), "you"
        return text("play.status.turn" if PLAY in kinds else "play.status.turn_no_card", lang), "you"

    def _status_html(self, kinds: set, decides: bool) -> str:
        said, look = self._status_text(kinds, decides)
        colours = {"you": ("#e6f4ea", "#1e7b34"), "wait": ("#f1f1f1", "#9e9e9e"),
                   "end": ("#fff3c4", "#d72600")}
        background, edge = colours[look]
        return (f'<div class="uno-status-line uno-status-{look}" style="font-size:1.15em;'
                f'font-weight:bold;padding:6px 10px;border-radius:6px;background:{background};'
                f'border-left:6px solid {edge}">{escape(said)}</div>')

    def _table_html(self) -> str:
        """The table: every seat in turn order with the number of cards held
        (a bot's cards face down), the top card, the colour in force, the
        direction and the draw pile.  The person's cards are the buttons below."""
        game, me, lang = self.game, self.human, self._lang
        over = game.is_over or game.phase is Phase.ROUND_OVER
        seats = []
        for s, hand in enumerate(game.hands):
            count = len(hand)
            moving = s == game.current and not over
            style = ("border:2px solid #ffb300;background:#fff8e1" if moving
                     else "border:2px solid #dddddd;background:#ffffff")
            lines = [f'<div style="font-weight:bold">{escape(game.names[s])}</div>']
            if s == me:
                lines.append(f'<div>{escape(text("play.table.your_cards", lang, count=count))}</div>')
            else:
                backs = "".join(back_svg(_FACE_DOWN, title=text("play.table.face_down", lang),
                                         style="margin:0 0 0 -16px" if i else "margin:0")
                                for i in range(count))
                lines.append(f'<div class="uno-backs" style="padding-left:2px">{backs}</div>')
                lines.append(f'<div>{escape(text("play.table.cards", lang, count=count))}</div>')
            if self._rounds != 1:
                lines.append(f'<div>{escape(text("play.table.score", lang, points=fmt_int(game.scores[s], lang)))}'
                             '</div>')
            if moving:
                lines.append(f'<div style="color:#b26a00">▶ {escape(text("play.table.turn", lang))}'
                             '</div>')
            seat_class = "uno-seat uno-seat-current" if moving else "uno-seat"
            if s == me:
                seat_class += " uno-seat-you"
            seats.append(f'<div class="{seat_class}" style="{style};border-radius:8px;'
                         f'padding:6px 10px;min-width:110px">{"".join(lines)}</div>')
        top = game.discard[-1] if game.discard else None
        centre = ""
        if top is not None:
            chosen = game.colour if top.is_black else None
            named = card_name(top, lang, colour=chosen)
            hexa = COLOUR_HEX[game.colour]
            direction = "play.table.clockwise" if game.direction == 1 else "play.table.counter"
            chip = (f'<span style="display:inline-block;width:0.9em;height:0.9em;'
                    f'border-radius:50%;background:{hexa};vertical-align:middle"></span>')
            info = "<br>".join([
                escape(text("play.table.top", lang, card=named)),
                f'{chip} {escape(text("play.table.colour", lang, colour=colour_name(game.colour, lang)))}',
                escape(text(direction, lang)),
                escape(text("play.table.pile", lang, count=len(game.draw_pile))),
            ])
            centre = (f'<div style="display:flex;gap:16px;align-items:center;margin-top:10px">'
                      f'<div class="uno-top">{card_svg(top, 64, chosen, title=named)}</div>'
                      f'<div class="uno-table-info">{info}</div></div>')
        return ('<div class="uno-play-table" style="font-family:sans-serif">'
                '<div class="uno-seats" style="display:flex;flex-wrap:wrap;gap:8px">'
                f'{"".join(seats)}</div>{centre}</div>')

    def _render_end(self) -> None:
        """The end panel: shown once the round (or the game) is over, with the
        hands that were left — the only place a bot's cards are ever shown."""
        game, lang = self.game, self._lang
        if not (game.is_over or game.phase is Phase.ROUND_OVER) or not game.round_results:
            self._end.layout.display = "none"
            self._end_panel.value = ""
            self._show(self._end_buttons, [])
            return
        result = game.round_results[-1]
        hands = result.hands or tuple(tuple(h) for h in game.hands)
        drop = game.rules.drop_zero
        points = [hand_points(h, drop) for h in hands]
        you = self.human
        lines = []
        if game.is_over and game.outcome is not None:
            title = text("play.end.game_title", lang)
            champion = game.outcome.winner
            lines.append(text("play.end.you_won_game", lang) if champion == you
                         else text("play.end.game_won", lang, player=game.names[champion]))
            if result.winner != champion or game.round_no > 1:
                lines.append(self._round_won(result))
        else:
            title = text("play.end.round_title", lang, round=result.round)
            lines.append(self._round_won(result))
        scoring = game.rules.scoring
        if scoring == "winner":
            lines.append(text("play.end.how.winner", lang, count=result.points,
                              shown=fmt_int(result.points, lang)))
        elif scoring == "penalty":
            lines.append(text("play.end.how.penalty", lang))
        elif result.loser >= 0:
            lines.append(text("play.end.how.lazy", lang, player=game.names[result.loser],
                              count=points[result.loser], shown=fmt_int(points[result.loser], lang)))
        if not game.is_over:
            goal = fmt_int(game.rules.target_score, lang)
            if self._rounds is not None:
                lines.append(text("play.end.rounds", lang, rounds=self._rounds, goal=goal))
            elif scoring != "lazy":
                lines.append(text("play.end.target", lang, goal=goal))
        head = "".join(f'<th style="text-align:left;padding:2px 10px">{escape(text(k, lang))}</th>'
                       for k in ("play.end.player", "play.end.cards", "play.end.points",
                                 "play.end.score"))
        rows = []
        for s, hand in enumerate(hands):
            won = s == result.winner
            mark = f' ★ {escape(text("play.end.winner_mark", lang))}' if won else ""
            pictures = "".join(card_svg(c, 24, title=card_name(c, lang)) for c in hand)
            rows.append(
                f'<tr class="uno-score-row" style="{"background:#fff3c4;font-weight:bold" if won else ""}">'
                f'<td style="padding:2px 10px">{escape(game.names[s])}{mark}</td>'
                f'<td style="padding:2px 10px"><span style="display:inline-flex;flex-wrap:wrap;'
                f'align-items:center;gap:2px"><span style="min-width:1.6em">'
                f'{fmt_int(len(hand), lang)}</span>{pictures}</span></td>'
                f'<td style="padding:2px 10px;text-align:right">{fmt_int(points[s], lang)}</td>'
                f'<td class="uno-score" style="padding:2px 10px;text-align:right">'
                f'{fmt_int(game.scores[s], lang)}</td></tr>')
        said = "".join(f"<p>{escape(line)}</p>" for line in lines)
        self._end_panel.value = (
            '<div style="border:3px solid #d72600;border-radius:10px;padding:8px 16px;'
            'background:#fffdf5;font-family:sans-serif">'
            f'<h3 style="margin:4px 0">{escape(title)}</h3>{said}'
            f'<table class="uno-scores" style="border-collapse:collapse"><tr>{head}</tr>'
            f'{"".join(rows)}</table></div>')
        if game.is_over:
            buttons = [self._button(text("play.play_again", lang), self.new_game,
                                    button_style="success", classes=("uno-play-again",)),
                       self._button(text("play.same_deal", lang), lambda: self.new_game(game.seed),
                                    classes=("uno-same-deal",))]
        else:
            buttons = [self._button(text("play.deal_button", lang), self.next_round,
                                    disabled=self._busy, button_style="success",
                                    classes=("uno-next-round",))]
        self._show(self._end_buttons, buttons)
        self._end.layout.display = ""

    def _round_won(self, result: RoundResult) -> str:
        lang = self._lang
        if result.winner == self.human:
            return text("play.end.you_won_round", lang, round=result.round)
        return text("play.end.round_won", lang, player=self.game.names[result.winner],
                    round=result.round)

    def _log_html(self) -> str:
        """The log, newest first, written for the person's seat: what the bots
        drew is not named.  What happened since the person's last move is
        highlighted; each line names its rule, small."""
        game, lang = self.game, self._lang
        mark = min(self._mark, len(game.events))
        rows = []
        for i, event in enumerate(game.events):
            said = escape(game.event_text(event, lang, viewer=self.human))
            rule = (f' <span class="uno-rule" style="color:#888;font-size:11px">'
                    f'{escape(rule_name(event.rule, lang))}</span>' if event.rule else "")
            new = i >= mark and mark > 0
            style = ' style="background:#fff8d6"' if new else ""
            rows.append(f'<div class="uno-log-line{" uno-log-new" if new else ""}"{style}>'
                        f'{said}{rule}</div>')
        rows.reverse()  # newest first: the last move is always in sight
        return ('<div style="max-height:260px;overflow-y:auto;font-family:sans-serif;'
                f'font-size:13px;line-height:1.5">{"".join(rows)}</div>')

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(self.widget)


class _Spec(NamedTuple):
    """What a button of one drawing shows and does (see ``PlayApp._show``)."""

    label: str
    action: Callable[[], None]
    disabled: bool
    classes: tuple[str, ...]
    tooltip: str
    button_style: str
    style: tuple   # the ButtonStyle's values, as sorted (name, value) pairs
    layout: tuple  # the Layout's values, likewise


def _pale(colour: str) -> str:
    """``colour`` mixed half and half with white: a card that does not fit."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{(v + 255) // 2:02x}" for v in (r, g, b))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from a cell or a widget's click
    (a notebook, the web app); ``None`` in a plain script or a test."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class _NeverJumps:
    """Stands in for the person in the bots' jump-in races: a person jumps in
    by clicking the card themselves."""

    name = "person"

    def wants_jump_in(self, view: object, move: object, rng: object) -> bool:
        return False

    def choose(self, view: object, moves: Sequence[Move], rng: object) -> Move:
        return moves[0]
