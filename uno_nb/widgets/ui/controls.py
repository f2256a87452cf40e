"""The light controls: plain Python objects with the ipywidgets API the apps
use (:class:`Widget` and the simple controls, the boxes), their looks
(:class:`Layout`, :class:`Style`), and how their changes reach the panels
that draw them (through :mod:`.registry`).  Menus, sliders and bounded
numbers are in :mod:`.choices`.

Each class carries the traits its ipywidgets namesake has, no more (the
kit's own few are listed in :data:`uno_nb.widgets.ui.OWN_TRAITS`): the root
:class:`Widget` none, :class:`DOMWidget` a ``tooltip`` and a ``layout``,
:class:`DescriptionWidget` a ``description`` and a ``style``, and
``disabled`` only on the controls a person works (not on a box, a text or a
progress bar)."""

from __future__ import annotations

import itertools
import weakref
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

import ipywidgets
import traitlets as t

from . import registry

__all__ = ["Layout", "Style", "ButtonStyle", "Widget", "DOMWidget", "DescriptionWidget",
           "ValueWidget", "HTML", "Label", "Button", "Checkbox", "Text", "Box", "HBox", "VBox",
           "Accordion", "LAYOUT_PROPERTIES", "real_widget"]

_ids = itertools.count(1)


# -- looks: CSS properties and styles, shared like ipywidgets' Layout ----------------------

class _Look:
    """A set of CSS-like properties (``Layout(width="auto")``); a change
    redraws every control that wears it."""

    _names: frozenset[str] = frozenset()

    def __init__(self, **properties: Any) -> None:
        object.__setattr__(self, "_values", {})
        object.__setattr__(self, "_owners", weakref.WeakSet())
        for name, value in properties.items():
            setattr(self, name, value)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        if name not in self._names:
            raise AttributeError(f"{type(self).__name__} has no property {name!r}")
        return self._values.get(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in self._names:
            raise AttributeError(f"{type(self).__name__} has no property {name!r}")
        if value is None or value == "":
            self._values.pop(name, None)
        else:
            self._values[name] = str(value)
        for owner in list(self._owners):
            owner._touch()

    def keys(self) -> list[str]:
        return sorted(self._values)

    def json(self) -> dict[str, str]:
        return dict(self._values)


#: The box properties a :class:`Layout` takes: ipywidgets' ``Layout``'s (as
#: CSS, ``_`` for ``-``; ``border`` as ipywidgets takes it, for all four
#: sides), and CSS's ``gap`` (the kit's own: ipywidgets 8 has ``grid_gap``
#: only, and the board's rows space their items with it).
LAYOUT_PROPERTIES = frozenset({
    "display", "visibility", "width", "height", "min_width", "max_width", "min_height",
    "max_height", "flex", "flex_flow", "align_items", "align_self", "align_content",
    "justify_content", "justify_items", "margin", "padding", "border", "overflow", "order",
    "gap", "grid_gap", "object_fit", "object_position", "top", "left", "right", "bottom",
    "grid_template_columns", "grid_template_rows", "grid_template_areas", "grid_area",
    "grid_row", "grid_column", "grid_auto_columns", "grid_auto_rows", "grid_auto_flow"})


class Layout(_Look):
    """The box properties ipywidgets' ``Layout`` has (:data:`LAYOUT_PROPERTIES`)."""

    _names = LAYOUT_PROPERTIES


class Style(_Look):
    """The looks ipywidgets' styles have, one class for all: the
    description's width, a button's colour and weight, a slider's handle, a
    progress bar's colour, a text's colour and background."""

    _names = frozenset({"description_width", "button_color", "font_weight", "font_style",
                        "font_size", "font_family", "font_variant", "text_color",
                        "text_decoration", "handle_color", "bar_color", "background"})


class ButtonStyle(Style):
    """A button's looks: the properties of ipywidgets' ``ButtonStyle``."""

    _names = frozenset({"button_color", "font_weight", "font_style", "font_size",
                        "font_family", "font_variant", "text_color", "text_decoration"})


def _look(cls: type[_Look], value: Any) -> _Look:
    """``value`` as a look of kind ``cls``: itself, or made of a dict."""
    if isinstance(value, _Look):
        if not isinstance(value, cls):  # as ipywidgets: a button's style is a ButtonStyle
            raise TypeError(f"a {cls.__name__} is wanted here, not a {type(value).__name__}")
        return value
    return cls(**(value or {}))


# -- the controls --------------------------------------------------------------------------

class Widget(t.HasTraits):
    """A light control: the root of them all, as ipywidgets' ``Widget`` (no
    trait of its own a person sees; the CSS classes, the layout and the
    style are drawn by every control that has them)."""

    kind = "widget"
    _dom_classes = t.Tuple()
    #: the traits the browser draws (each type adds its own)
    _drawn: tuple[str, ...] = ("_dom_classes",)
    #: the looks a control of this kind takes (ipywidgets': a DOMWidget's
    #: layout, a DescriptionWidget's style), and the look a style given as a
    #: dict becomes
    _looks: tuple[str, ...] = ()
    _style_kind: type[_Look] = Style

    def __init__(self, **kwargs: Any) -> None:
        looks = {name: kwargs.pop(name) for name in self._looks if name in kwargs}
        unknown = sorted(name for name in kwargs if not self.has_trait(name))
        if unknown:  # ipywidgets would warn and go on; a closed subset says so
            raise TypeError(f"{type(self).__name__} takes no {', '.join(unknown)}")
        self._uid = next(_ids)
        self._closed = False
        self._layout = _look(Layout, looks.get("layout"))
        self._style = _look(self._style_kind, looks.get("style"))
        super().__init__(**kwargs)
        self._layout._owners.add(self)
        self._style._owners.add(self)
        self.observe(lambda change: self._touch(), names=list(self._drawn))

    def add_class(self, className: str) -> "Widget":
        if className not in self._dom_classes:
            self._dom_classes = (*self._dom_classes, className)
        return self

    def remove_class(self, className: str) -> "Widget":
        if className in self._dom_classes:
            self._dom_classes = tuple(c for c in self._dom_classes if c != className)
        return self

    def close(self) -> None:
        """Leave the page: a click or change still on its way is dropped."""
        self._closed = True

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called: the page's clicks on it are dropped."""
        return self._closed

    @contextmanager
    def hold_sync(self) -> Iterator[None]:
        """Send this control's changes together (as ipywidgets' ``hold_sync``)."""
        with registry.batch():
            yield

    # -- drawing -----------------------------------------------------------------------

    def _touch(self) -> None:
        registry.changed(self._uid)

    def _props(self) -> dict[str, Any]:
        props: dict[str, Any] = {}
        if self.has_trait("description"):
            props["d"] = getattr(self, "description")
        if self.has_trait("disabled"):
            props["dis"] = getattr(self, "disabled")
        if getattr(self, "tooltip", None):
            props["tip"] = getattr(self, "tooltip")
        return props

    def _node(self) -> dict[str, Any]:
        node: dict[str, Any] = {"t": self.kind, "p": self._props()}
        if self._dom_classes:
            node["c"] = list(self._dom_classes)
        if self._layout._values:
            node["l"] = self._layout.json()
        if self._style._values:
            node["s"] = self._style.json()
        kids = self._kids()
        if kids:
            node["k"] = [child._uid for child in kids]
        return node

    def _kids(self) -> Sequence["Widget"]:
        return ()

    def _from_browser(self, message: dict[str, Any]) -> None:
        """A person's change, sent by the page."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        from .panel import mount  # (the panel is made of controls: it imports this module)
        bundle = mount(self)._repr_mimebundle_(**kwargs)
        return bundle


class DOMWidget(Widget):
    """A control on the page: a tooltip, and a layout (as ipywidgets'
    ``DOMWidget``; ipywidgets' ``Layout`` and style are attributes that may
    be replaced)."""

    tooltip = t.Unicode(None, allow_none=True)
    _drawn = (*Widget._drawn, "tooltip")
    _looks: tuple[str, ...] = ("layout",)

    @property
    def layout(self) -> Layout:
        return self._layout  # type: ignore[return-value]

    @layout.setter
    def layout(self, value: Any) -> None:
        self._layout = _look(Layout, value)
        self._layout._owners.add(self)
        self._touch()


class DescriptionWidget(DOMWidget):
    """A control with words beside it (``description``) and a ``style``, as
    ipywidgets' ``DescriptionWidget`` (which ipywidgets does not export:
    neither does :mod:`uno_nb.widgets.ui`)."""

    description = t.Unicode("")
    _drawn = (*DOMWidget._drawn, "description")
    _looks = ("layout", "style")

    @property
    def style(self) -> Style:
        return self._style  # type: ignore[return-value]

    @style.setter
    def style(self, value: Any) -> None:
        self._style = _look(self._style_kind, value)
        self._style._owners.add(self)
        self._touch()


class ValueWidget(Widget):
    """A control with a value (as ipywidgets' ``ValueWidget``, a value and no more)."""

    value: Any

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "v": self.value}


#: ipywidgets' placeholder of an HTML or a text: a zero-width space (none shown)
_NO_PLACEHOLDER = "\u200b"


class HTML(DescriptionWidget, ValueWidget):
    kind = "html"
    value = t.Unicode("")
    placeholder = t.Unicode(_NO_PLACEHOLDER)
    _drawn = (*DescriptionWidget._drawn, "value")

    def __init__(self, value: str = "", **kwargs: Any) -> None:
        super().__init__(value=value, **kwargs)


class Label(HTML):
    kind = "label"


class Button(DescriptionWidget):
    """A button.  ``face``: a picture drawn on it above its words (the play
    page's cards: an inline SVG from :func:`uno_nb.engine.render.card_svg`, markup
    the kit made, as an :class:`HTML` control's value is)."""

    kind = "button"
    disabled = t.Bool(False)
    button_style = t.CaselessStrEnum(values=["primary", "success", "info", "warning", "danger",
                                             ""], default_value="")
    icon = t.Unicode("")
    face = t.Unicode("")
    _drawn = (*DescriptionWidget._drawn, "disabled", "button_style", "icon", "face")
    _style_kind = ButtonStyle

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list[Callable[["Button"], Any]] = []

    def on_click(self, callback: Callable[["Button"], Any], remove: bool = False) -> None:
        if remove:
            self._click_handlers.remove(callback)
        else:
            self._click_handlers.append(callback)

    def click(self) -> None:
        """Click the button as a person would (a disabled one does nothing on
        a page; here, as in ipywidgets, it still calls its handlers)."""
        for callback in list(self._click_handlers):
            callback(self)

    def _props(self) -> dict[str, Any]:
        props = super()._props()
        if self.button_style:
            props["bs"] = self.button_style
        if self.face:
            props["f"] = self.face
        return props

    def _from_browser(self, message: dict[str, Any]) -> None:
        if message.get("ev") == "click" and not self.disabled:
            self.click()


class Checkbox(DescriptionWidget, ValueWidget):
    kind = "checkbox"
    value = t.Bool(False)
    disabled = t.Bool(False)
    indent = t.Bool(True)
    _drawn = (*DescriptionWidget._drawn, "value", "disabled", "indent")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "indent": self.indent}

    def _from_browser(self, message: dict[str, Any]) -> None:
        if isinstance(message.get("v"), bool) and not self.disabled:
            self.value = message["v"]
        self._touch()  # refused, or kept: the page shows the value


class Text(DescriptionWidget, ValueWidget):
    """A line a person types (an answer, a class code, a nickname).  The page
    sends what was typed when the box loses focus or Enter is pressed;
    Enter also calls the :meth:`on_submit` handlers."""

    kind = "text"
    value = t.Unicode("")
    disabled = t.Bool(False)
    placeholder = t.Unicode(_NO_PLACEHOLDER)
    #: the most characters kept: a longer text from the page is cut to this
    #: (the kit's own: ipywidgets' Text keeps any length)
    max_length = t.Int(200, min=0)
    _drawn = (*DescriptionWidget._drawn, "value", "disabled", "placeholder")

    def __init__(self, value: str = "", **kwargs: Any) -> None:
        super().__init__(value=value, **kwargs)
        self._submit_handlers: list[Callable[["Text"], Any]] = []

    def on_submit(self, callback: Callable[["Text"], Any], remove: bool = False) -> None:
        if remove:
            self._submit_handlers.remove(callback)
        else:
            self._submit_handlers.append(callback)

    def submit(self) -> None:
        """Press Enter in the box, as a person would."""
        for callback in list(self._submit_handlers):
            callback(self)

    def _props(self) -> dict[str, Any]:
        props = super()._props()
        if self.placeholder.strip(_NO_PLACEHOLDER):
            props["ph"] = self.placeholder
        return props

    def _from_browser(self, message: dict[str, Any]) -> None:
        typed = message.get("v")
        if self.disabled:
            self._touch()  # the page shows the value, not what was typed
            return
        if isinstance(typed, str):
            self.value = typed[: self.max_length]
        if message.get("submit") is True:
            self.submit()


# -- boxes: a tree of controls, and the real widgets (charts) among them ------------------

def real_widget(widget: Any) -> ipywidgets.Widget | None:
    """The real widget ``widget`` is or is drawn by (a chart names its own,
    ``ipywidget``), or None for a light control."""
    if isinstance(widget, ipywidgets.Widget):
        return widget
    made = getattr(widget, "ipywidget", None)
    return made if isinstance(made, ipywidgets.Widget) else None


class Box(DOMWidget):
    kind = "box"
    children: Any = t.Tuple()
    _drawn = (*DOMWidget._drawn, "children")

    def __init__(self, children: Sequence[Any] = (), **kwargs: Any) -> None:
        super().__init__(children=tuple(children), **kwargs)

    @t.validate("children")
    def _valid_children(self, proposal: Any) -> tuple[Any, ...]:
        children = tuple(proposal["value"])
        for child in children:
            if not isinstance(child, Widget) and real_widget(child) is None:
                raise t.TraitError(f"a box holds widgets, not {child!r}")
        return children

    def _kids(self) -> Sequence[Widget]:
        kids: tuple[Widget, ...] = self.children
        return kids


class HBox(Box):
    kind = "hbox"


class VBox(Box):
    kind = "vbox"


class Accordion(Box):
    """Sections that open one at a time, each under its title."""

    kind = "accordion"
    titles = t.Tuple()
    selected_index = t.CInt(None, allow_none=True)
    _drawn = (*Box._drawn, "titles", "selected_index")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "titles": list(self.titles), "sel": self.selected_index}

    def _from_browser(self, message: dict[str, Any]) -> None:
        index = message.get("v")
        if (index is None or (
                isinstance(index, int) and not isinstance(index, bool)
                and 0 <= index < len(self.children))):
            self.selected_index = index
        self._touch()
