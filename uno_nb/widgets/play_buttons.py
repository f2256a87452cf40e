"""The play page's buttons, which live for one drawing
(:class:`~uno_nb.widgets.play.PlayApp`).

A drawing of the page describes each button it wants as a
:class:`ButtonSpec` (made by :func:`button`); a :class:`ButtonBoard` puts them
in their boxes.  A click runs the button's action only if the page has not
been drawn again since: a click meant for a position that is gone counts for
nothing.

The buttons a drawing shows are described here too, from the game and the
actions the app gives them: the cards of the person's hand
(:func:`card_button`), a colour (:func:`colour_button`), the decisions that
are not cards (:func:`move_buttons`) and the row of actions under the hand
(:func:`action_buttons`).
"""

from __future__ import annotations

from html import escape
from typing import Callable, Collection, Mapping, NamedTuple, Sequence

from . import ui as w

from ..engine.cards import Card, Colour
from ..engine.game import Game, Phase
from ..engine.moves import CATCH, CHALLENGE, COLOUR, DRAW, PASS, READY, SWAP, UNO, Move, MoveKind
from ..engine.render import COLOUR_HEX, ON_COLOUR_HEX, card_svg, colour_symbol_svg
from ..texts import card_name, colour_name, text, upper_first
from ._common import tagged
from .play_view import INK

__all__ = ["ButtonSpec", "button", "ButtonBoard", "CARD_WIDTH", "card_button", "colour_button",
           "move_buttons", "action_buttons", "Items", "FOCUS", "aim_focus", "bluff_colour"]

#: The width of a card's face in the person's hand, in pixels (a phone's
#: stylesheet draws it smaller).
CARD_WIDTH = 56

#: The class of the control that takes focus after a move (ui.js).
FOCUS = "uno-focus-next"

#: A look's values (of a ButtonStyle or a Layout), as sorted (name, value) pairs.
Look = tuple[tuple[str, str], ...]


class ButtonSpec(NamedTuple):
    """What a button of one drawing shows and does (see :meth:`ButtonBoard.fill`)."""

    label: str
    action: Callable[[], None]
    disabled: bool
    classes: tuple[str, ...]
    tooltip: str
    button_style: str
    style: Look   #: the ButtonStyle's values
    layout: Look  #: the Layout's values
    face: str = ""  #: a picture above the words (a card's SVG face)


def button(label: str, action: Callable[[], None], disabled: bool = False,
           classes: Sequence[str] = (), tooltip: str = "", button_style: str = "",
           style: Mapping[str, str] | None = None,
           layout: Mapping[str, str] | None = None, face: str = "") -> ButtonSpec:
    """A button of a drawing: ``action()`` runs on a click unless the page has
    been drawn again since.  ``face``: a picture above its words."""
    return ButtonSpec(label, action, disabled, tuple(classes), tooltip, button_style,
                      tuple(sorted((style or {}).items())), tuple(sorted((layout or {}).items())),
                      face)


class BoardButton(w.Button):
    """A button of one drawing: the drawing it belongs to, what it does, and
    whether it was ever clickable."""

    _uno_shown: int
    _uno_action: Callable[[], None]
    _uno_live: bool


class ButtonBoard:
    """Makes, reuses and closes the buttons of the page's drawings.

    ``looks``: one Layout or ButtonStyle widget per look, shared by every
    button with that look; ``drawing``: the number of the drawing on show
    (:meth:`next_drawing` at the start of each)."""

    def __init__(self) -> None:
        self.looks: dict[tuple[type, Look], w.Layout | w.Style] = {}
        self.drawing = 0

    def next_drawing(self) -> None:
        """A new drawing begins: clicks on the buttons of older ones are ignored."""
        self.drawing += 1

    def fill(self, box: w.Box, items: Sequence[ButtonSpec | w.Widget]) -> None:
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
                o is i if not isinstance(i, ButtonSpec) else
                not getattr(o, "_uno_live", True) and o.description == i.label
                for o, i in zip(old, items)):
            for widget, spec in zip(old, items):
                if isinstance(spec, ButtonSpec):
                    self._update(widget, spec)
            return
        box.children = [self._make(i) if isinstance(i, ButtonSpec) else i for i in items]
        kept = {id(i) for i in items}
        for widget in old:
            if id(widget) not in kept and hasattr(widget, "_uno_action"):
                widget.close()  # a button of an old drawing; its layout and style are shared

    def _shared(self, kind: type[w.Layout] | type[w.Style], values: Look) -> w.Layout | w.Style:
        """One Layout or ButtonStyle per look, shared by every button with that look."""
        key = (kind, values)
        widget = self.looks.get(key)
        if widget is None:
            widget = self.looks[key] = kind(**dict(values))
        return widget

    def _make(self, spec: ButtonSpec) -> BoardButton:
        made = BoardButton(description=spec.label, disabled=spec.disabled, tooltip=spec.tooltip,
                        button_style=spec.button_style, face=spec.face,
                        style=self._shared(w.ButtonStyle, spec.style),
                        layout=self._shared(w.Layout, spec.layout))
        tagged(made, *spec.classes)
        made._uno_shown, made._uno_action = self.drawing, spec.action
        made._uno_live = not spec.disabled  # ever clickable: never to be reused
        made.on_click(self._clicked)
        return made

    def _update(self, widget: BoardButton, spec: ButtonSpec) -> None:
        with widget.hold_sync():  # one message: the look and the state together
            widget.style = self._shared(w.ButtonStyle, spec.style)
            widget.layout = self._shared(w.Layout, spec.layout)
            widget.tooltip = spec.tooltip
            widget.button_style = spec.button_style
            widget.face = spec.face
            widget._dom_classes = spec.classes
            widget.disabled = spec.disabled
        widget._uno_shown, widget._uno_action = self.drawing, spec.action
        widget._uno_live = not spec.disabled

    def _clicked(self, widget: w.Button) -> None:
        if isinstance(widget, BoardButton) and widget._uno_shown == self.drawing:
            widget._uno_action()


# -- the buttons a drawing shows -------------------------------------------------------------

#: A button as wide as its words, up to the row's width (then its words wrap:
#: the web app's stylesheet lets them, .uno-swap).
_WRAPS = {"width": "auto", "max_width": "100%", "height": "auto", "min_height": "28px"}

#: What gives the action of a button that makes a move.
Decide = Callable[[Move], Callable[[], None]]


def card_button(card: Card, lang: str, action: Callable[[], None], *, clickable: bool,
                enabled: bool, giving: bool, selected: bool,
                bluff: Colour | None = None) -> ButtonSpec:
    """A card of the person's hand: its face with its name under it.
    ``clickable``: it may be played (or given) now; ``enabled``: the person
    decides now; ``giving``: a card to give (V-SWAP-FIVE); ``selected``: the
    Wild that waits for its colour; ``bluff``: the colour in force, when this
    Wild Draw Four may be played only as a bluff (R-W4-BLUFF: the person
    holds that colour) — said under its face ("A bluff:", read before its
    name) and in its tooltip, and drawn with a double edge: not by a colour
    alone, and not dashed like a card that does not fit (the legend's pale
    card with a dashed edge), which it would look like to a colour-blind eye."""
    name = card_name(card, lang)
    tag = ""
    if not enabled:
        tip = text("play.card.waiting", lang, card=name)
    elif giving:
        tip = text("play.card.give", lang, card=name)
    elif clickable and bluff is not None:
        tip = text("play.card.bluff", lang, card=name, colour=colour_name(bluff, lang),
                   colour_of=colour_name(bluff, lang, of=True))
        tag = (f'<span class="uno-bluff-tag" style="display:block;line-height:1.2;'
               f'margin-top:2px;font-size:10px;font-weight:bold;color:#b00020">'
               f'{escape(text("play.card.bluff_tag", lang))}</span>')
    else:
        tip = text("play.card.playable" if clickable else "play.card.unplayable", lang,
                   card=name)
    colour_word = "black" if card.colour is None else card.colour.name.lower()
    # The card's face (render.card_svg) with its name under it.  The looks
    # are set on the widget too, so the hand reads right where the web
    # app's stylesheet is not loaded (JupyterLab): a pale face does not fit.
    bright = clickable or not enabled
    face = card_svg(card, CARD_WIDTH, named=False,  # the button's words name it
                    style="display:block;margin:0 auto", pale=not bright) + tag
    bluffing = bool(tag)
    return button(
        upper_first(name), action, disabled=not enabled, tooltip=tip, face=face,
        classes=("uno-card", f"uno-card-{colour_word}",
                 "uno-playable" if clickable else "uno-unplayable",
                 *(("uno-selected",) if selected else ()),
                 *(("uno-bluff",) if bluffing else ())),
        style={"button_color": "transparent", "text_color": INK,
               "font_weight": "bold" if bright else "normal"},
        layout={"width": f"{CARD_WIDTH + 12}px", "height": "auto",
                "margin": "10px 1px 4px 1px",
                "border": ("5px double #b00020" if bluffing else
                           "3px solid #ffb300" if clickable else "3px solid transparent")})


def colour_button(colour: Colour, lang: str, action: Callable[[], None]) -> ButtonSpec:
    """A colour to choose, in its colour, with its symbol (as on the cards)."""
    named = colour_name(colour, lang)
    return button(
        named, action, tooltip=text("play.choose_colour", lang, colour=named),
        classes=("uno-colour-choice", f"uno-colour-{colour.name.lower()}"),
        face=colour_symbol_svg(colour, 20),
        style={"button_color": COLOUR_HEX[colour], "font_weight": "bold",
               "text_color": ON_COLOUR_HEX[colour]})


def move_buttons(game: Game, lang: str, moves: Sequence[Move], decide: Decide) -> list[ButtonSpec]:
    """The person's decisions among ``moves`` that are not cards: the colour
    of a Wild start card, whom to swap or exchange with (or nobody), ready."""
    out = []
    for m in moves:
        if m.kind is COLOUR and m.colour is not None:  # the colour of a Wild start card
            out.append(colour_button(m.colour, lang, decide(m)))
        elif m.kind is SWAP and m.target is not None:
            # each player named in full with the cards they hold: which is
            # which must show (a phone's button wraps its words, never cuts them)
            key = "play.swap_with" if game.phase is Phase.SWAP else "play.exchange_with"
            out.append(button(text(key, lang, player=game.names[m.target],
                                   count=len(game.hands[m.target])),
                              decide(m), classes=("uno-swap",), layout=_WRAPS))
        elif m.kind is PASS and game.phase is Phase.EXCHANGE:
            out.append(button(text("play.exchange_none", lang), decide(m),
                              classes=("uno-swap",), layout=_WRAPS))
        elif m.kind is READY:
            out.append(button(text("play.ready", lang), decide(m),
                              classes=("uno-ready",)))
    return out


def action_buttons(game: Game, me: int, lang: str, kinds: Collection[MoveKind], decides: bool,
                   decide: Decide, call: Callable[[Move], None],
                   say_uno: w.Widget) -> list[ButtonSpec | w.Widget]:
    """The row under the hand: draw (or take the penalty), pass, UNO!, the
    "say UNO!" box ``say_uno``, challenge, catch.  ``kinds``: the kinds of the
    moves the person may make now; ``call``: makes an UNO! call or a catch."""
    if game.phase is Phase.PENALTY and DRAW in kinds:
        draw_label = text("play.take_button", lang, count=game.pending)
    else:
        draw_label = text("play.draw_button", lang)
    forced = DRAW not in kinds and game.phase is Phase.TURN and game.current == me and decides
    calls = game.uno_moves(me)
    uno = next((m for m in calls if m.kind is UNO), None)
    catch = next((m for m in calls if m.kind is CATCH and m.target is not None), None)
    return [
        button(draw_label, decide(Move.make(DRAW, me)),
               disabled=DRAW not in kinds, classes=("uno-draw",),
               tooltip=text("play.draw_forced", lang) if forced else ""),
        button(text("play.pass_button", lang), decide(Move.make(PASS, me)),
               disabled=PASS not in kinds or game.phase is not Phase.DRAWN,
               classes=("uno-pass",)),
        button(text("play.uno_button", lang),
               lambda: call(uno) if uno is not None else None,
               disabled=uno is None, button_style="warning", classes=("uno-uno",),
               tooltip=text("play.uno_tip", lang)),
        say_uno,
        button(text("play.challenge_button", lang), decide(Move.make(CHALLENGE, me)),
               disabled=CHALLENGE not in kinds, classes=("uno-challenge",)),
        button(text("play.catch_button", lang, player=game.names[catch.target])
               if catch is not None and catch.target is not None
               else text("play.catch_nobody", lang),
               lambda: call(catch) if catch is not None else None,
               disabled=catch is None, classes=("uno-catch",),
               tooltip=text("play.catch_tip", lang)),
    ]


#: What a box of the page holds: buttons of one drawing and widgets.
Items = list[ButtonSpec | w.Widget]


def bluff_colour(game: Game, me: int) -> Colour | None:
    """The colour in force when a Wild Draw Four of the person's would be a
    bluff (the engine's :meth:`~uno_nb.engine.game.Game.is_bluff`, R-W4-BLUFF:
    they hold a card of that colour; V-W4-ANYTIME makes it no bluff) — on
    their turn, on the card just drawn, or laid on a pending draw (V-STACK
    and its kin) — else ``None``.  Whether the rules let it be played at all
    is the engine's to say: the card is bright only if it may."""
    if game.phase not in (Phase.TURN, Phase.DRAWN, Phase.PENALTY):
        return None
    four = next((c for c in game.hands[me] if c.rank == "W+4"), None)
    return game.colour if four is not None and game.is_bluff(four, me) else None


def aim_focus(hand: Items, choices: Items, actions: Items, aim: int | None,
               wild: bool, refused: int | None = None) -> None:
    """Mark the control that takes focus after a move (``uno-focus-next``,
    when focus was on a control the move took away): the card of the hand
    just refused (index ``refused``: focus stays on the card the person
    chose, so a second Enter cannot play one they did not); a colour for
    the Wild just clicked; else the card that fits nearest the place of the
    last card played (the next one on, else the one before); else the first
    other decision (whom to swap with, Ready, Go on); else Draw, else Keep it."""
    def live(items: Items) -> list[int]:
        return [i for i, b in enumerate(items) if isinstance(b, ButtonSpec) and not b.disabled]

    def mark(items: Items, i: int) -> None:
        spec = items[i]
        assert isinstance(spec, ButtonSpec)
        items[i] = spec._replace(classes=(*spec.classes, FOCUS))

    if refused is not None and refused in live(hand):
        mark(hand, refused)
        return
    options = live(choices)
    if wild and options:
        mark(choices, options[0])
        return
    fits = [i for i in live(hand) if "uno-playable" in hand[i].classes]  # type: ignore[union-attr]
    if fits:
        at = 0 if aim is None else aim
        mark(hand, next((i for i in fits if i >= at), fits[-1]))
        return
    if options:
        mark(choices, options[0])
        return
    for i in live(actions):
        spec = actions[i]
        if isinstance(spec, ButtonSpec) and ("uno-draw" in spec.classes
                                             or "uno-pass" in spec.classes):
            mark(actions, i)
            return
