"""Small helpers shared by the apps: the charts' constructor, CSS classes,
replacing a box's controls, paragraphs of text.

The apps' charts are :class:`~uno_nb.widgets.chart.Chart`s (plotly figures
drawn by one small widget with plotly.js's basic bundle): :func:`figure`
makes one, in the page's language's number format.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Collection, Protocol, Sequence, TypeVar

from ..texts.numbers import fmt_decimal, fmt_int
from .chart import Chart

if TYPE_CHECKING:
    from . import ui as w

__all__ = ["figure", "tagged", "swap_children", "para", "Bars", "histogram"]


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


def figure(*args: Any, lang: str | None = None, **kwargs: Any) -> Chart:
    """A chart (arguments as for ``go.Figure``); with ``lang``, the numbers
    plotly writes (hover texts, axis ticks) use that language's separators."""
    made = Chart(*args, **kwargs)
    if lang is not None:
        made.layout.separators = separators(lang)
        made.draw()
    return made


@dataclass(frozen=True)
class Bars:
    """A histogram as bars: ``counts[k]`` values lie in
    [``start + k * width``, ``start + (k + 1) * width``)."""

    start: float
    width: float
    counts: list[int]

    @property
    def centres(self) -> list[float]:
        return [self.start + (k + 0.5) * self.width for k in range(len(self.counts))]

    def names(self, lang: str) -> list[str]:
        """Each bar's range as it reads, "40–50" (whole numbers where the width is)."""
        places = 0 if float(self.width).is_integer() and float(self.start).is_integer() else 1
        def number(x: float) -> str:
            return fmt_int(round(x), lang) if places == 0 else fmt_decimal(x, places, lang)
        return [f"{number(self.start + k * self.width)}–{number(self.start + (k + 1) * self.width)}"
                for k in range(len(self.counts))]


def histogram(values: Sequence[float], most: int = 40) -> Bars:
    """``values`` counted in at most ``most`` bars of a round width (1, 2, 2.5
    or 5 times a power of ten), as plotly's histograms choose them: the chart
    is sent its bars, not every value."""
    if not values:
        return Bars(0.0, 1.0, [])
    low, high = min(values), max(values)
    raw = (high - low) / most if high > low else 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    width = next(f * power for f in (1, 2, 2.5, 5, 10) if f * power >= raw)
    start = math.floor(low / width) * width
    count = max(1, math.floor((high - start) / width) + 1)
    counts = [0] * count
    for value in values:
        counts[min(count - 1, math.floor((value - start) / width))] += 1
    return Bars(start, width, counts)


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
