"""Small helpers shared by the apps.

Keeping a plotly FigureWidget right however early it is changed: a
FigureWidget sends changes to the browser as messages, which a page that has
not drawn the figure yet never sees, so a figure updated before it is shown
would appear empty.  After every batch of changes the full data and layout
are also stored as the widget's state, which is what a new view draws from.

Loading plotly once per page: a FigureWidget carries plotly's whole browser
bundle (about 5 MB of JavaScript) in its widget state, sent and evaluated
again for every figure on every page.  Under the web app (the launcher sets
``UNO_NB_PLOTLY_URL``, the server path where it serves that same file),
:func:`figure` makes FigureWidgets whose code is a few lines that import the
bundle from the server instead: the browser fetches it once, caches it and
evaluates it once per page.  Anywhere else (JupyterLab, Binder) they are
plain FigureWidgets.
"""

from __future__ import annotations

import copy
import json
import os
from html import escape
from typing import TYPE_CHECKING, Any, Collection, Protocol, Sequence, TypeVar

import plotly
import plotly.graph_objects as go

from ..texts.numbers import fmt_decimal, fmt_int
from ..webapp import PLOTLY_ENV, plotly_url

if TYPE_CHECKING:
    from . import ui as w

__all__ = ["figure", "settle", "tagged", "swap_children", "para"]

# The widget code of a served figure: import the bundle from the page's own
# server (Voila's pages carry their base URL in <body data-base-url>).
_STUB = """\
const page = (document.body && document.body.dataset.baseUrl) || "/voila/";
const root = page.replace(/voila\\/$/, "");
const bundle = await import(new URL(root + %s, window.location.href).href);
export const FigureModel = bundle.FigureModel;
export const FigureView = bundle.FigureView;
export default bundle.default;
"""

_served: dict[str, type[go.FigureWidget]] = {}


class Classed(Protocol):
    """A widget that takes CSS classes (every ipywidgets DOM widget)."""

    def add_class(self, className: str) -> Any: ...


_W = TypeVar("_W", bound=Classed)


def separators(lang: str) -> str:
    """Plotly's decimal and thousands separators, as the text table writes
    numbers in ``lang`` (taken from the number helpers, not guessed): the
    hover texts and axis ticks plotly writes itself then match the page
    (``8,2 %`` in Russian)."""
    group = fmt_int(1000, lang)[1:-3]
    point = fmt_decimal(0.5, 1, lang)[1:-1]
    return point + group if len(group) == len(point) == 1 else ".,"


def figure(*args: Any, lang: str | None = None, **kwargs: Any) -> go.FigureWidget:
    """A plotly FigureWidget (arguments as for ``go.FigureWidget``) that loads
    plotly from the web app's server when there is one; with ``lang``, the
    numbers plotly writes use that language's separators."""
    path = os.environ.get(PLOTLY_ENV)
    if not path:
        made = go.FigureWidget(*args, **kwargs)
    else:
        if path not in _served:
            url = plotly_url(plotly.__version__, path.lstrip("/"))
            _served[path] = type("ServedFigureWidget", (go.FigureWidget,),
                                 {"_esm": _STUB % json.dumps(url)})
        made = _served[path](*args, **kwargs)
    if lang is not None:
        made.layout.separators = separators(lang)
    return made


def settle(figure: go.FigureWidget) -> None:
    """Store ``figure``'s current data and layout as its widget state."""
    figure._widget_data = copy.deepcopy(figure._data)
    figure._widget_layout = copy.deepcopy(figure._layout)


def tagged(widget: _W, *classes: str) -> _W:
    """Give ``widget`` CSS classes (``uno-…``) and return it.

    The page template styles the apps by these classes (rows that wrap on a
    phone), and the browser tests find the controls by them."""
    for name in classes:
        widget.add_class(name)
    return widget


def swap_children(box: w.Box, children: Sequence[w.Widget],
                  keep: Collection[w.Widget] = ()) -> None:
    """Show ``children`` in ``box`` and close the controls they replace,
    except those in ``keep``.

    The apps make their buttons anew at every drawing: a click still on its
    way from a replaced button reaches a closed widget and is dropped, so it
    cannot act on a position the person no longer sees."""
    old = box.children
    box.children = children
    for widget in old:
        if widget not in keep:
            widget.close()


def para(*sentences: str, cls: str = "") -> str:
    """``sentences`` as one HTML paragraph (escaped), with class ``cls`` if given."""
    klass = f' class="{cls}"' if cls else ""
    return f"<p{klass}>" + " ".join(escape(s) for s in sentences) + "</p>"
