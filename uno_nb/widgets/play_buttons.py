"""The play page's buttons, which live for one drawing
(:class:`~uno_nb.widgets.play.PlayApp`).

A drawing of the page describes each button it wants as a
:class:`ButtonSpec` (made by :func:`button`); a :class:`ButtonBoard` puts them
in their boxes.  A click runs the button's action only if the page has not
been drawn again since: a click meant for a position that is gone counts for
nothing.
"""

from __future__ import annotations

from typing import Callable, Mapping, NamedTuple, Sequence

from . import ui as w

from ._common import tagged

__all__ = ["ButtonSpec", "button", "ButtonBoard"]

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
