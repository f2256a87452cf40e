"""The apps' charts: a plotly figure, built and changed in Python with
plotly's own objects, drawn on the page by one small widget.

:class:`Chart` is a ``plotly.graph_objects.Figure``: an app fills its traces
and layout as with any plotly figure (``chart.data[0].y = …``; its
``batch_update`` batches nothing, so a value read back is the one set) and
then calls :meth:`Chart.draw`, which sends the whole figure (its data and
layout as JSON) to the page.  The page
draws it with plotly.js and, on every later ``draw``, redraws it in place
(``Plotly.react``): nothing is sent from the page, so a figure changed before
the page drew it is simply drawn in its latest state.

Why not plotly's ``FigureWidget``: its browser code carries plotly.js with
every trace type (5 MB of JavaScript to fetch, compile and run on every page
with a chart: 1.5 to 1.8 s of a one-visitor page load here, and many times
that with a class of browsers on one computer).  The apps draw scatter and
bar traces only, which plotly.js's *basic* bundle holds
(``plotly-basic.min.js`` beside this module, plotly.js |version| from its
npm package ``plotly.js-basic-dist-min``, MIT licence; 1.2 MB, about a fifth
of the time).  A chart with another trace type is refused when it is made.

Under the web app (the launcher sets ``UNO_NB_PLOTLY_URL`` to the server path
where it serves the bundle, and the page template preloads it) the widget
names that address and the browser fetches the bundle once and caches it;
anywhere else (JupyterLab) the widget carries the bundle's text.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import anywidget
import ipywidgets
import plotly.graph_objects as go
import plotly.io as pio
import traitlets as t

from .app import Shown
from .assets import PLOTLY_ENV, PLOTLY_FILE, plotly_url, plotly_version

__all__ = ["Chart", "BUNDLE", "BUNDLE_VERSION", "TRACE_TYPES", "warm_plotly"]

_HERE = Path(__file__).resolve().parent
#: plotly.js's basic bundle, as its npm package ships it.
BUNDLE = PLOTLY_FILE
#: The trace types that bundle draws.
TRACE_TYPES = frozenset({"scatter", "bar", "pie"})
#: The plotly.js version of the bundle.
BUNDLE_VERSION = plotly_version()
__doc__ = (__doc__ or "").replace("|version|", BUNDLE_VERSION)

_ESM = (_HERE / "chart.js").read_text(encoding="utf-8")
_CSS = ".uno-chart { width: 100%; min-width: 0; }\n"
#: The layout every chart's widget wears: one model, fetched once per page
#: (as the light controls' panels share theirs).
_LAYOUT: ipywidgets.Layout | None = None
_source: str | None = None  # the bundle's text, read the first time a chart needs it


def warm_plotly() -> None:
    """Build a trace and a layout of each kind the pages draw: plotly loads
    its validators on first use, 20-30 MB that every kernel would load for
    itself; the web app's fork server (uno_nb.serving.forking) loads them
    once for all."""
    for part in (go.Bar(x=[1], y=[1], marker={"color": "red"}, text=["a"], hovertemplate="%{y}"),
                 go.Scatter(x=[1], y=[1], mode="lines+markers", line={"dash": "dot"},
                            error_y={"type": "data", "array": [1]}, fill="tozeroy"),
                 go.Layout(title={"text": "a"}, xaxis={"title": {"text": "x"}},
                           yaxis={"title": {"text": "y"}, "range": [0, 1]},
                           legend={"orientation": "h"}, margin={"l": 1},
                           shapes=[{"type": "line"}], annotations=[{"text": "a"}])):
        part.to_plotly_json()


def _bundle_source() -> str:
    global _source
    if _source is None:
        _source = BUNDLE.read_text(encoding="utf-8")
    return _source


class ChartView(anywidget.AnyWidget):
    """The widget a :class:`Chart` is drawn with (one per chart)."""

    _esm = t.Unicode(_ESM).tag(sync=True)
    _css = t.Unicode(_CSS).tag(sync=True)
    #: the figure as plotly.js takes it: {"data": [...], "layout": {...}}
    figure = t.Dict().tag(sync=True)
    config = t.Dict().tag(sync=True)
    #: put away: the page shows nothing of it (Chart.set_shown)
    hidden = t.Bool(False).tag(sync=True)
    #: the server path of plotly.js (under the web app), or ""
    bundle = t.Unicode("").tag(sync=True)
    #: plotly.js itself, where no server serves it
    source = t.Unicode("").tag(sync=True)


class Chart(Shown, go.Figure):  # type: ignore[misc]
    """A plotly figure that the page shows and redraws on :meth:`draw`.  Not
    an app (its funnel is the public :meth:`draw`, which the apps call after
    changing its traces), but shown as the apps are: by its widget, a
    :class:`ChartView` (:class:`~uno_nb.widgets.app.Shown`, before plotly's
    figure, whose own display would draw it with plotly's renderers)."""

    def __init__(self, *args: Any, separators: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if separators is not None:  # plotly's decimal and thousands separators
            self.layout.separators = separators
        path = os.environ.get(PLOTLY_ENV)
        where = ({"bundle": plotly_url(path.lstrip("/"))} if path
                 else {"source": _bundle_source()})
        global _LAYOUT
        if _LAYOUT is None:
            _LAYOUT = ipywidgets.Layout()
        # no toolbar: on a phone it covers the chart's title, and a learner
        # reads a chart by pointing at it (the hover texts), not by zooming
        self._view = ChartView(config={"displaylogo": False, "displayModeBar": False},
                               layout=_LAYOUT, **where)
        self.draw()

    @contextmanager
    def batch_update(self) -> Iterator[None]:
        """Nothing to batch: nothing is sent before :meth:`draw`.  Each edit
        takes effect at once, so a trace read back in the block is the one
        just set (plotly's own batch would return the last drawing's values
        until the block ends)."""
        yield

    @property
    def ipywidget(self) -> ipywidgets.DOMWidget:
        """The widget that draws this chart (what a box on the page holds)."""
        return self._view

    def draw(self) -> None:
        """Send the figure as it is now to the page."""
        kinds = {trace.type for trace in self.data} - TRACE_TYPES
        if kinds:
            raise ValueError(f"plotly.js's basic bundle draws {sorted(TRACE_TYPES)} traces, "
                             f"not {sorted(kinds)}")
        self._view.figure = json.loads(pio.to_json(self, validate=False))

    @property
    def shown(self) -> bool:
        """Is the chart on show (not put away with :meth:`set_shown`)?"""
        return not self._view.hidden

    def set_shown(self, on: bool = True) -> None:
        """Show the chart, or put it away (``on=False``): the widget's own
        flag, as charts share one layout model."""
        self._view.hidden = not on

    def add_class(self, className: str) -> Chart:  # noqa: N803 (ipywidgets spelling)
        """Give the chart's box a CSS class (as ipywidgets' ``add_class``)."""
        self._view.add_class(className)
        return self

    def _displayed(self) -> tuple[Any, ...]:  # pragma: no cover - notebook only
        return (self._view,)
