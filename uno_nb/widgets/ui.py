"""Light controls: an app's buttons, menus, sliders and texts drawn by one widget.

An ipywidgets control is a widget model of its own, with a ``Layout`` and a
style model beside it: the step-by-step page was 107 models, each with its
own comm and state that the page fetched and built before it could draw (9.8
seconds for one visitor, more than a minute for ten at once, and a reload
when ipywidgets gave up waiting).  Here the controls are plain Python objects
with the ipywidgets API the apps use (``value``, ``description``,
``observe``, ``on_click``, ``layout.display``, ``add_class``…), and one
anywidget, a :class:`Panel`, draws a whole tree of them in the browser from a
compact JSON state (``ui.js``), sending a person's clicks and changes back.
A page fetches a handful of models instead of a hundred.

* :func:`mount` turns a tree into what the notebook displays: one
  :class:`Panel` for a tree of light controls; where a tree holds real
  widgets (the charts' ``ChartView``s), real ipywidgets boxes around them and
  a panel for each run of light controls between them.  Displaying a light
  control (``display(app.widget)``, or a notebook's last line) mounts it.
* A change to a control is sent as a patch, the changed nodes only,
  numbered; a page that missed one (it was still loading) asks for the whole
  tree again.  Changes made while the panel handles a person's click are
  sent together when the handler returns (:func:`batch`).
* A click or a change from a control that is no longer in the tree (the apps
  make some buttons anew at every drawing) is dropped: it cannot act on a
  position the person no longer sees.

The DOM the browser builds uses ipywidgets' class names (``widget-button``,
``widget-slider`` with its ``widget-readout``, ``widget-html-content``…),
so the page template's styles, JupyterLab's widget styles and the browser
tests find the same elements as before.
"""

from __future__ import annotations

import itertools
import json
import os
import threading
import weakref
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import anywidget
import ipywidgets
import traitlets as t

from .assets import UI_ENV, ui_version

__all__ = ["Layout", "Style", "ButtonStyle", "Widget", "ValueWidget", "HTML", "Label", "Button",
           "Checkbox", "Dropdown", "Text", "BoundedIntText", "IntSlider", "SelectionSlider", "Play",
           "IntProgress", "Box", "HBox", "VBox", "Accordion", "Panel", "mount", "batch"]

_HERE = Path(__file__).parent
_ids = itertools.count(1)
_lock = threading.RLock()
_local = threading.local()
_panels: "weakref.WeakSet[Panel]" = weakref.WeakSet()


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


class Layout(_Look):
    """The box properties ipywidgets' ``Layout`` has (as CSS, ``_`` for ``-``)."""

    _names = frozenset({
        "display", "visibility", "width", "height", "min_width", "max_width", "min_height",
        "max_height", "flex", "flex_flow", "flex_wrap", "align_items", "align_self",
        "align_content", "justify_content", "justify_items", "margin", "padding", "border",
        "overflow", "overflow_x", "overflow_y", "order", "gap", "grid_gap", "object_fit",
        "object_position", "top", "left", "right", "bottom", "grid_template_columns",
        "grid_template_rows", "grid_template_areas", "grid_area", "grid_row", "grid_column",
        "grid_auto_columns", "grid_auto_rows", "grid_auto_flow"})


class Style(_Look):
    """The looks ipywidgets' styles have: the description's width, a button's
    colour and weight, a slider's handle, a bar's colour."""

    _names = frozenset({"description_width", "button_color", "font_weight", "font_style",
                        "font_size", "font_family", "font_variant", "text_color",
                        "text_decoration", "handle_color", "bar_color", "background"})


ButtonStyle = Style


def _look(cls: type[_Look], value: Any) -> _Look:
    if isinstance(value, _Look):
        return value
    return cls(**(value or {}))


# -- the controls --------------------------------------------------------------------------

class Widget(t.HasTraits):
    """A light control: what ipywidgets' DOM widgets have in common."""

    kind = "widget"
    description = t.Unicode("")
    tooltip = t.Unicode(None, allow_none=True)
    disabled = t.Bool(False)
    _dom_classes = t.Tuple()
    #: the traits the browser draws (each type adds its own)
    _drawn: tuple[str, ...] = ("description", "tooltip", "disabled", "_dom_classes")

    def __init__(self, *, layout: Any = None, style: Any = None, **kwargs: Any) -> None:
        self._uid = next(_ids)
        self._closed = False
        self._layout = _look(Layout, layout)
        self._style = _look(Style, style)
        super().__init__(**kwargs)
        self._layout._owners.add(self)
        self._style._owners.add(self)
        self.observe(lambda change: self._touch(), names=list(self._drawn))

    # ipywidgets' Layout and style are attributes that may be replaced
    @property
    def layout(self) -> Layout:
        return self._layout  # type: ignore[return-value]

    @layout.setter
    def layout(self, value: Any) -> None:
        self._layout = _look(Layout, value)
        self._layout._owners.add(self)
        self._touch()

    @property
    def style(self) -> Style:
        return self._style  # type: ignore[return-value]

    @style.setter
    def style(self, value: Any) -> None:
        self._style = _look(Style, value)
        self._style._owners.add(self)
        self._touch()

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
        with batch():
            yield

    # -- drawing -----------------------------------------------------------------------

    def _touch(self) -> None:
        _changed(self)

    def _props(self) -> dict[str, Any]:
        props = {"d": self.description, "dis": self.disabled}
        if self.tooltip:
            props["tip"] = self.tooltip
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
        bundle = mount(self)._repr_mimebundle_(**kwargs)
        return bundle


class ValueWidget(Widget):
    """A control with a value a person changes."""

    value: Any

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "v": self.value}


class HTML(ValueWidget):
    kind = "html"
    value = t.Unicode("")
    placeholder = t.Unicode("")
    _drawn = (*Widget._drawn, "value")

    def __init__(self, value: str = "", **kwargs: Any) -> None:
        super().__init__(value=value, **kwargs)


class Label(HTML):
    kind = "label"


class Button(Widget):
    """A button.  ``face``: a picture drawn on it above its words (the play
    page's cards: an inline SVG from :func:`uno_nb.render.card_svg`, markup
    the kit made, as an :class:`HTML` control's value is)."""

    kind = "button"
    button_style = t.Unicode("")
    icon = t.Unicode("")
    face = t.Unicode("")
    _drawn = (*Widget._drawn, "button_style", "icon", "face")

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


class Checkbox(ValueWidget):
    kind = "checkbox"
    value = t.Bool(False)
    indent = t.Bool(True)
    _drawn = (*Widget._drawn, "value", "indent")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "indent": self.indent}

    def _from_browser(self, message: dict[str, Any]) -> None:
        if isinstance(message.get("v"), bool) and not self.disabled:
            self.value = message["v"]
        self._touch()  # refused, or kept: the page shows the value


class Text(ValueWidget):
    """A line a person types (an answer, a class code, a nickname).  The page
    sends what was typed when the box loses focus or Enter is pressed;
    Enter also calls the :meth:`on_submit` handlers."""

    kind = "text"
    value = t.Unicode("")
    placeholder = t.Unicode("")
    #: the most characters kept: a longer text from the page is cut to this
    max_length = t.Int(200)
    _drawn = (*Widget._drawn, "value", "placeholder")

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
        if self.placeholder:
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


def _pairs(options: Any) -> list[tuple[str, Any]]:
    """Options as ipywidgets takes them: labels, (label, value) pairs or a dict."""
    if isinstance(options, dict):
        return [(str(k), v) for k, v in options.items()]
    pairs = []
    for option in options:
        if isinstance(option, (list, tuple)) and len(option) == 2:
            pairs.append((str(option[0]), option[1]))
        else:
            pairs.append((str(option), option))
    return pairs


class _Selection(ValueWidget):
    """A choice among options (a menu, a slider of named steps)."""

    options = t.Any(())
    value = t.Any(None, allow_none=True)
    index = t.Int(None, allow_none=True)
    label = t.Unicode(None, allow_none=True)
    _drawn = (*Widget._drawn, "index", "options")

    def __init__(self, options: Any = (), value: Any = None, index: int | None = None,
                 label: str | None = None, **kwargs: Any) -> None:
        self._pairs: list[tuple[str, Any]] = []
        self._settling = False
        super().__init__(**kwargs)
        self.options = options
        # as in ipywidgets: the first option unless a value, a label or an index says otherwise
        if value is not None:
            self.value = value
        elif label is not None:
            self.label = label
        elif index is not None:
            self.index = index

    @t.validate("options")
    def _valid_options(self, proposal: Any) -> Any:
        self._pairs = _pairs(proposal["value"])
        return proposal["value"]

    @t.observe("options")
    def _options_changed(self, change: Any) -> None:
        # as in ipywidgets: new options select the first (set the value after them)
        self._settle(0 if self._pairs else None)

    @property
    def _options_labels(self) -> tuple[str, ...]:
        return tuple(label for label, _ in self._pairs)

    @property
    def _options_values(self) -> tuple[Any, ...]:
        return tuple(value for _, value in self._pairs)

    @t.validate("value")
    def _valid_value(self, proposal: Any) -> Any:
        value = proposal["value"]
        if value is None and not self._pairs:
            return None
        if value not in self._options_values:
            raise t.TraitError(f"Invalid selection: value not found: {value!r}")
        return value

    @t.observe("value")
    def _value_changed(self, change: Any) -> None:
        if not self._settling and change["new"] is not None:
            self._settle(self._options_values.index(change["new"]))

    @t.observe("index")
    def _index_changed(self, change: Any) -> None:
        if not self._settling:
            self._settle(change["new"])

    @t.validate("label")
    def _valid_label(self, proposal: Any) -> Any:
        label = proposal["value"]
        if not self._settling and label not in self._options_labels:
            raise t.TraitError(f"Invalid selection: label not found: {label!r}")
        return label

    @t.observe("label")
    def _label_changed(self, change: Any) -> None:
        if not self._settling:
            self._settle(self._options_labels.index(change["new"]))

    def _settle(self, index: int | None) -> None:
        """Make index, value and label agree (value last: observers of the
        value see a consistent control)."""
        self._settling = True
        try:
            if index is None or not self._pairs:
                self.label, self.index = None, None
                self.value = None
            else:
                label, value = self._pairs[index]
                self.label, self.index = label, index
                self.value = value
        finally:
            self._settling = False

    def _props(self) -> dict[str, Any]:
        return {**Widget._props(self), "o": list(self._options_labels), "i": self.index}

    def _from_browser(self, message: dict[str, Any]) -> None:
        index = message.get("v")
        if isinstance(index, int) and not isinstance(index, bool) and not self.disabled \
                and 0 <= index < len(self._pairs):
            self.index = index
        self._touch()  # refused, or kept: the page shows the choice in force


class Dropdown(_Selection):
    kind = "dropdown"


class SelectionSlider(_Selection):
    kind = "selectionslider"
    continuous_update = t.Bool(True)
    readout = t.Bool(True)
    _drawn = (*_Selection._drawn, "continuous_update")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "cu": self.continuous_update}


class _Bounded(ValueWidget):
    """An integer kept between ``min`` and ``max``."""

    value = t.Int(0)
    min = t.Int(0)
    max = t.Int(100)
    step = t.Int(1)
    _drawn = (*Widget._drawn, "value", "min", "max", "step")

    def __init__(self, value: int | None = None, min: int = 0, max: int = 100, **kwargs: Any) -> None:
        super().__init__(min=min, max=max, **kwargs)
        if value is not None:
            self.value = value

    @t.validate("value")
    def _clamp(self, proposal: Any) -> int:
        return int(max(self.min, min(self.max, proposal["value"])))

    @t.observe("min", "max")
    def _bounds_changed(self, change: Any) -> None:
        if self.min > self.max:
            raise t.TraitError(f"min {self.min} is more than max {self.max}")
        self.value = max(self.min, min(self.max, self.value))

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "min": self.min, "max": self.max, "step": self.step}

    def _from_browser(self, message: dict[str, Any]) -> None:
        value = message.get("v")
        if isinstance(value, (int, float)) and not isinstance(value, bool) and not self.disabled \
                and value == value and abs(value) != float("inf"):
            self.value = int(max(self.min, min(self.max, value)))
        # drawn again even when the value stays (a number out of range, or not a
        # number at all): the page shows the value, not what was typed
        self._touch()


class BoundedIntText(_Bounded):
    kind = "inttext"


class IntSlider(_Bounded):
    kind = "intslider"
    continuous_update = t.Bool(True)
    readout = t.Bool(True)
    _drawn = (*_Bounded._drawn, "continuous_update")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "cu": self.continuous_update}


class Play(_Bounded):
    """Steps its value from min to max on a timer that runs in the browser."""

    kind = "play"
    interval = t.Int(100)
    show_repeat = t.Bool(True)
    #: whether the timer runs: set by the page's buttons, or from Python
    #: (False stops the page's timer, True starts it)
    playing = t.Bool(False)
    _drawn = (*_Bounded._drawn, "interval", "playing")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "ms": self.interval, "pl": self.playing}

    def _from_browser(self, message: dict[str, Any]) -> None:
        if self.disabled:
            self._touch()
            return
        if isinstance(message.get("playing"), bool):
            self.playing = message["playing"]
            self._touch()  # said back even when unchanged: the page waits to hear it
        if "v" in message:
            super()._from_browser(message)


class IntProgress(_Bounded):
    kind = "progress"
    bar_style = t.Unicode("")
    _drawn = (*_Bounded._drawn, "bar_style")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "bs": self.bar_style}


class Box(Widget):
    kind = "box"
    children: Any = t.Tuple()
    _drawn = (*Widget._drawn, "children")

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
    selected_index = t.Int(None, allow_none=True)
    _drawn = (*Box._drawn, "titles", "selected_index")

    def _props(self) -> dict[str, Any]:
        return {**super()._props(), "titles": list(self.titles), "sel": self.selected_index}

    def _from_browser(self, message: dict[str, Any]) -> None:
        index = message.get("v")
        if not self.disabled and (index is None or (
                isinstance(index, int) and not isinstance(index, bool)
                and 0 <= index < len(self.children))):
            self.selected_index = index
        self._touch()


# -- sending changes -----------------------------------------------------------------------

@contextmanager
def batch() -> Iterator[None]:
    """Send the changes made inside together, when the outermost batch ends."""
    _local.depth = getattr(_local, "depth", 0) + 1
    try:
        yield
    finally:
        _local.depth -= 1
        if not _local.depth:
            _flush()


def _changed(widget: Widget) -> None:
    with _lock:
        for panel in list(_panels):
            if widget._uid in panel._nodes:
                panel._dirty.add(widget._uid)
    if not getattr(_local, "depth", 0):
        _flush()


def _flush() -> None:
    with _lock:
        for panel in list(_panels):
            if panel._dirty:
                panel._send_patch()


_ESM = (_HERE / "ui.js").read_text(encoding="utf-8")
_CSS = (_HERE / "ui.css").read_text(encoding="utf-8")
#: The layout every panel wears: one model, fetched once per page.
_PANEL_LAYOUT: ipywidgets.Layout | None = None


#: What a panel carries under the web app, which serves ui.js and ui.css
#: (uno_nb.webapp, at .assets.UI_PATH): a few lines that import them from the
#: server, fetched once per browser, instead of the 24 kB of them in every panel.
_STUB = """// uno_nb's light controls: ui.js and ui.css, served by the web app
const page = (document.body && document.body.dataset.baseUrl) || "/voila/";
const base = page.replace(/voila\\/$/, "");
const at = (name) => new URL(base + __PATH__ + "/" + name + "?v=" + __VERSION__,
  window.location.href).href;
if (!document.querySelector("link[data-uno-ui]")) { // (the page template links it first)
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = at("ui.css");
  link.dataset.unoUi = "";
  document.head.append(link);
}
export default (await import(at("ui.js"))).default;
"""


def _sources() -> tuple[str, str]:
    """A panel's browser code and styles: the stub that names the server's
    files where the web app serves them, else the files themselves."""
    path = os.environ.get(UI_ENV)
    if not path:
        return _ESM, _CSS
    stub = (_STUB.replace("__PATH__", json.dumps(path.strip("/")))
            .replace("__VERSION__", json.dumps(ui_version())))
    return stub, ""


def _tree_json(_value: Any, panel: "Panel") -> dict[str, Any]:
    return panel._full()


class Panel(anywidget.AnyWidget):
    """One widget that draws a tree of light controls."""

    _esm = t.Unicode(_ESM).tag(sync=True)
    _css = t.Unicode(_CSS).tag(sync=True)
    # the whole tree, made when the page asks for the state (never stored)
    tree = t.Any(None).tag(sync=True, to_json=_tree_json)

    def __init__(self, root: Widget) -> None:
        global _PANEL_LAYOUT
        if _PANEL_LAYOUT is None:
            _PANEL_LAYOUT = ipywidgets.Layout()
        self.root = root
        self._nodes: dict[int, Widget] = {}
        self._dirty: set[int] = set()
        self._seq = 0
        self._walk()
        esm, css = _sources()
        super().__init__(layout=_PANEL_LAYOUT, _esm=esm, _css=css)
        _panels.add(self)
        self.on_msg(self._on_message)

    @property
    def children(self) -> tuple[Widget]:
        """The tree it draws (so that a test reads a page's text through it)."""
        return (self.root,)

    def close(self) -> None:
        _panels.discard(self)
        super().close()

    def _walk(self) -> dict[int, Widget]:
        found: dict[int, Widget] = {}
        stack = [self.root]
        while stack:
            node = stack.pop()
            if not isinstance(node, Widget):
                raise TypeError(f"a panel draws light controls only, not {type(node).__name__}: "
                                "mount() places real widgets beside panels")
            if node._uid in found:
                continue
            found[node._uid] = node
            stack.extend(node._kids())
        self._nodes = found
        return found

    def _full(self) -> dict[str, Any]:
        """The whole tree as it is (what a page loading it is sent).  The
        changes still to be sent stay so: the patch that follows is
        numbered after this tree, and a page holding it applies the patch."""
        with _lock:
            self._send_patch()  # what is pending goes first, so the tree is the newest
            return {"seq": self._seq, "root": self.root._uid,
                    "nodes": {str(uid): node._node() for uid, node in self._nodes.items()}}

    def send_state(self, key: Any = None) -> None:
        # made and sent under the lock: no patch of another thread can pass
        # the tree on its way (the page would go back to the older tree)
        with _lock:
            super().send_state(key)

    def _send_patch(self) -> None:
        before = set(self._nodes)
        dirty = self._dirty
        self._dirty = set()
        now = self._walk()
        changed = (dirty & set(now)) | (set(now) - before)
        gone = before - set(now)
        if not changed and not gone:
            return
        self._seq += 1
        self.send({"seq": self._seq, "nodes": {str(uid): now[uid]._node() for uid in changed},
                   "drop": sorted(gone)})

    def _on_message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("ev") == "hello":
            if content.get("seq") != self._seq:  # the page missed a patch while it loaded
                self.send_state("tree")
            return
        if content.get("ev") == "sync":
            self.send_state("tree")
            return
        uid = content.get("id")
        node = self._nodes.get(uid) if isinstance(uid, int) else None
        if node is None or node._closed:  # a control the page no longer shows: dropped
            return
        with batch():
            node._from_browser(content)


# -- placing a tree on the page ------------------------------------------------------------

def real_widget(widget: Any) -> ipywidgets.Widget | None:
    """The real widget ``widget`` is or is drawn by (a chart names its own,
    ``ipywidget``), or None for a light control."""
    if isinstance(widget, ipywidgets.Widget):
        return widget
    made = getattr(widget, "ipywidget", None)
    return made if isinstance(made, ipywidgets.Widget) else None


def _holds_real(widget: Any) -> bool:
    if real_widget(widget) is not None:
        return True
    return any(_holds_real(kid) for kid in widget._kids())


_REAL_BOXES = {"box": ipywidgets.Box, "hbox": ipywidgets.HBox, "vbox": ipywidgets.VBox}


def mount(widget: Any) -> ipywidgets.Widget:
    """What the notebook displays for ``widget``: a :class:`Panel` for a tree
    of light controls, real boxes where real widgets sit inside (the same
    widget each time it is asked for)."""
    made: ipywidgets.Widget | None = real_widget(widget)
    if made is not None:
        return made
    made = getattr(widget, "_mounted", None)
    if made is not None and made.comm is not None:  # (a closed one is made again)
        return made
    if not _holds_real(widget):
        made = Panel(widget)
    else:
        if widget.kind not in _REAL_BOXES:
            raise TypeError(f"a {widget.kind} cannot hold a real widget")
        made = _real_box(widget)
    widget._mounted = made  # kept by the tree it draws, not by a registry: both go together
    return made


def _real_box(box: Box) -> ipywidgets.Box:
    real = _REAL_BOXES[box.kind]()
    runs: dict[tuple[int, ...], ipywidgets.Widget] = {}

    def dress(_change: Any = None) -> None:
        """The light box's classes and layout, on the real box (the lab
        greys its results out by a class while games are played)."""
        real._dom_classes = tuple(box._dom_classes)
        wanted = box.layout.json()
        for name in Layout._names:
            value = wanted.get(name)
            if getattr(real.layout, name, None) != value and real.layout.has_trait(name):
                setattr(real.layout, name, value)

    class Follower:  # a look's change reaches its owners' _touch
        def _touch(self) -> None:
            dress()

    follower = Follower()
    box.layout._owners.add(follower)
    real._uno_follower = follower  # lives as long as the real box
    box.observe(dress, names="_dom_classes")
    dress()

    def place(_change: Any = None) -> None:
        parts: list[ipywidgets.Widget] = []
        run: list[Widget] = []

        def end_run() -> None:
            if not run:
                return
            key = tuple(w._uid for w in run)
            if key not in runs:
                runs[key] = mount(run[0]) if len(run) == 1 else Panel(VBox(list(run)))
            parts.append(runs[key])
            run.clear()

        for child in box.children:
            if _holds_real(child):
                end_run()
                parts.append(mount(child))
            else:
                run.append(child)
                if box.kind != "vbox":  # a run of one: a row's items keep their own places
                    end_run()
        end_run()
        for key in [k for k, part in runs.items() if part not in parts]:
            del runs[key]  # a run no longer shown: its panel goes with it
        real.children = parts

    box.observe(place, names="children")
    place()
    return real
