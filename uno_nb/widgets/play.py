"""Play against bots: click a card to play it, choose a colour, call UNO!,
challenge a +4, draw; the bots answer one move at a time."""

from __future__ import annotations

import random
import time
from html import escape
from typing import Sequence

import ipywidgets as w

from ..bots import Bot, make_bot
from ..cards import COLOURS, Card, Colour
from ..errors import IllegalMoveError
from ..game import GAME_OVER, Game, Phase
from ..moves import CATCH, CHALLENGE, DRAW, GIVE, PASS, PLAY, UNO, MoveKind, Move
from ..render import COLOUR_HEX, game_html
from ..rules import RuleSet
from ..simulation import _jump_ins, _table_talk, _uno_call
from ..table import reaction_time
from ._common import swap_children, tagged
from ..texts import text
from ._common import table_labels

__all__ = ["PlayApp"]


class PlayApp:
    """A game of ``players`` seats: ``human`` is you, the others are bots.

    ``delay`` seconds pass between bot moves so a person can follow them (0 in
    tests).  Every refused click shows why and changes nothing."""

    def __init__(self, rules: RuleSet | str | None = "standard", players: int = 4, seed: int = 0,
                 human: int = 0, bots: Sequence[str] | str = "heuristic", delay: float = 0.6,
                 lang: str = "en") -> None:
        self._lang = lang
        self.human = human
        names = [text("app.you" if s == human else "app.bot", lang, seat=s) for s in range(players)]
        self.game = Game(rules, players, seed, names=names, max_rounds=1)
        bot_names = [bots] * players if isinstance(bots, str) else list(bots)
        self._bots: list[Bot] = [make_bot(b) for b in bot_names]
        self._rng = random.Random(f"uno_nb:{seed}:play")
        self._delay = 0.0  # the bots' opening moves are made before the app is shown
        self._busy = False
        self._paused = False  # waiting for the person to jump in (or not)
        self._table = tagged(w.HTML(), "uno-table")
        self._hand = tagged(w.HBox(), "uno-hand")
        self._colour = w.ToggleButtons(options=[(c.word, c) for c in COLOURS],
                                       description=text("app.colour", lang))
        self._say_uno = w.Checkbox(value=False, description=text("app.say_uno", lang), indent=False)
        self._actions = tagged(w.HBox(), "uno-actions")  # draw, keep, UNO!, challenge, catch
        self._message = tagged(w.HTML(), "uno-message")
        self._choices = tagged(w.HBox(), "uno-choices")  # a start colour, whom to swap with, "Ready"…
        self._log = tagged(w.HTML(), "uno-log")
        # Every button that acts on the game is made anew at each render and the
        # old ones are closed: a click still on its way from a button the person
        # saw before the bots moved reaches a closed widget and is dropped, so
        # frantic clicking can never play a move the person did not see.
        self._shown = 0  # renders so far; a click from an older render is ignored
        self.widget = tagged(w.VBox([self._table, self._hand, self._colour, self._actions,
                                     self._choices, self._message, self._log]),
                             "uno-app", "uno-play")
        self._bots_play()
        self._delay = delay

    # -- the person ------------------------------------------------------------

    def play(self, card: Card | str) -> None:
        """Play a card from your hand (a black card in the chosen colour)."""
        from ..cards import parse_card
        card = parse_card(card) if isinstance(card, str) else card
        if self.game.phase is Phase.GIVE and self.game.current == self.human:
            self._human(Move.make(GIVE, self.human, card=card))  # V-SWAP-FIVE: the card to give
            return
        colour = None
        if card.is_black and not self.game.rules.colour_wheel:
            colour = self._colour.value
        self._human(Move.make(PLAY, self.human, card, colour))

    def _button(self, label: str, action, disabled: bool = False, **options) -> w.Button:
        """A button for this render only: ``action()`` runs on a click unless
        the table has been drawn again since (the click was meant for a
        position that is gone)."""
        shown = self._shown
        button = w.Button(description=label, disabled=disabled, **options)
        button.on_click(lambda _: action() if shown == self._shown else None)
        return button

    def _human(self, move: Move | str) -> None:
        if self._busy:
            return
        try:
            self.game.push(move)
        except IllegalMoveError as exc:
            self._message.value = (f'<span style="color:#b00020">'
                                   f'{escape(text("app.refused", self._lang, reason=exc))}</span>')
            self._render()
            return
        self._message.value = ""
        if self.game.uno_open == self.human and self._say_uno.value:
            self.game.push(Move.make(UNO, self.human))  # R-UNO: said as the card lands
        self._bots_play()

    def _catch_bot(self) -> None:
        target = self.game.uno_open
        if target >= 0 and target != self.human:
            self._human(Move.make(CATCH, self.human, target=target))

    # -- the bots ----------------------------------------------------------------

    def go_on(self) -> None:
        """Let play go on without jumping in."""
        self._bots_play(let_pass=True)

    def _bots_play(self, let_pass: bool = False) -> None:
        """Let the bots move until the person must act (or the game ends).
        When the person could jump in (or send a Skip back), play stops so
        they can click the card, or go on."""
        game = self.game
        self._busy = True
        self._paused = False
        people = frozenset({self.human})
        try:
            while game.phase is not GAME_OVER:
                if game.uno_open >= 0 and game.uno_open != self.human:
                    _uno_call(game, self._rng)  # a bot calls, or forgets and may be caught
                if game.rules.jump_in or game.rules.doubles or game.rules.reverse_bounce:
                    others = [b if s != self.human else _NeverJumps() for s, b in enumerate(self._bots)]
                    _jump_ins(game, others, [game.view(s) for s in range(game.n)], self._rng)
                if game.phase is GAME_OVER or game.current == self.human:
                    break
                if game.jump_in_moves(self.human) and not let_pass:
                    self._paused = True  # the person may jump in: their call
                    break
                let_pass = False
                if game.uno_open == self.human:
                    self._bots_catch_the_human()
                seat = game.current
                game.push(self._bots[seat].choose(game.view(seat), game.turn_moves(), self._rng))
                _table_talk(game, self._rng, people=people)
                self._render()
                if self._delay:
                    time.sleep(self._delay)
        finally:
            self._busy = False
        self._render()

    def _bots_catch_the_human(self) -> None:
        game = self.game
        noticed = [(reaction_time(game.traits[s], self._rng), s) for s in range(game.n)
                   if s != self.human and self._rng.random() < game.traits[s].notice]
        if noticed:
            game.push(Move.make(CATCH, min(noticed)[1], target=self.human))

    # -- the one render funnel ---------------------------------------------------

    def _render(self) -> None:
        game = self.game
        me = self.human
        lang = self._lang
        self._shown += 1
        self._table.value = game_html(game, seat=me, labels=table_labels(lang))
        legal = set(game.legal_moves(me))
        cards = []
        for card in game.hands[me]:
            playable = any(m.kind is PLAY and m.card is card for m in legal)
            b = self._button(card.text, lambda c=card: self.play(c), disabled=game.is_over,
                             style={"button_color": "#333333" if card.colour is None
                                    else COLOUR_HEX[card.colour]},
                             layout=w.Layout(width="56px", height="72px",
                                             border="3px solid #ffd54f" if playable else ""))
            cards.append(tagged(b, "uno-card", "uno-playable" if playable else "uno-unplayable"))
        kinds = {m.kind for m in legal}
        extra = [m for m in game.turn_moves() if game.current == me and m.kind in _CHOICE_KINDS
                 and not (m.kind is PASS and game.phase is not Phase.EXCHANGE)]
        choices = [self._button(m.action, lambda m=m: self._human(m)) for m in extra]
        if self._paused and not game.is_over:
            choices.append(self._button(text("app.go_on", lang), self.go_on))
        target = game.uno_open
        can_catch = target >= 0 and target != me
        actions = [
            tagged(self._button(text("app.draw_button", lang), lambda: self._human(f"{me}:draw"),
                                disabled=DRAW not in kinds), "uno-draw"),
            tagged(self._button(text("app.pass_button", lang), lambda: self._human(f"{me}:pass"),
                                disabled=PASS not in kinds), "uno-pass"),
            tagged(self._button(text("app.uno_button", lang), lambda: self._human(f"{me}:uno"),
                                disabled=target != me, button_style="warning"), "uno-uno"),
            self._say_uno,
            tagged(self._button(text("app.challenge_button", lang),
                                lambda: self._human(f"{me}:challenge"),
                                disabled=CHALLENGE not in kinds), "uno-challenge"),
            tagged(self._button(text("app.catch_button", lang, player=game.names[target])
                                if can_catch else "—", self._catch_bot, disabled=not can_catch),
                   "uno-catch"),
        ]
        if self._busy:  # the bots are moving: nothing can be clicked until they stop
            for button in [*cards, *choices, *actions]:
                if button is not self._say_uno:
                    button.disabled = True
        for box, children in ((self._hand, cards), (self._choices, choices),
                              (self._actions, actions)):
            swap_children(box, children, keep=(self._say_uno,))
        if game.is_over and game.outcome is not None:
            status = text("app.game_over", self._lang, player=game.names[game.outcome.winner])
        elif self._paused:
            status = text("app.jump_in_now", self._lang, player=game.names[me])
        elif game.current == me:
            status = text("app.your_turn", self._lang, player=game.names[me])
        else:
            status = text("app.waiting", self._lang, player=game.names[game.current])
        lines = "".join(f"<div>{escape(game.event_text(e, self._lang, viewer=me))}</div>"
                        for e in game.events[-12:])
        self._log.value = f"<b>{escape(status)}</b>{lines}"

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(self.widget)


# Decisions shown as buttons of their own (everything but cards, draw, keep,
# challenge and UNO!): a start colour, whom to swap with, "Ready", dealing.
_CHOICE_KINDS = {MoveKind.COLOUR, MoveKind.SWAP, MoveKind.READY, MoveKind.DEAL, MoveKind.PASS}


class _NeverJumps:
    """Stands in for the person in the bots' jump-in races: a person jumps in
    by clicking the card themselves."""

    name = "person"

    def wants_jump_in(self, view: object, move: object, rng: object) -> bool:
        return False

    def choose(self, view: object, moves: Sequence[Move], rng: object) -> Move:
        return moves[0]
