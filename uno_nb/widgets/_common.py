"""Small helpers shared by the apps: the charts' constructor, CSS classes,
replacing a box's controls, paragraphs of text.

The apps' charts are :class:`~uno_nb.widgets.chart.Chart`s (plotly figures
drawn by one small widget with plotly.js's basic bundle): :func:`figure`
makes one, in the page's language's number format.
"""

from __future__ import annotations

import asyncio

import math
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Collection, Iterator, Mapping, Protocol, Sequence, TypeVar

from ..texts import text
from ..texts.numbers import fmt_decimal, fmt_int
from .chart import Chart

if TYPE_CHECKING:
    from . import ui as w

__all__ = ["figure", "tagged", "swap_children", "para", "Bars", "histogram", "percent_axis",
           "running_loop"]


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
    return Chart(*args, separators=None if lang is None else separators(lang), **kwargs)


#: The steps between two ticks of a chance axis, finest first.
_PERCENT_STEPS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25)


def percent_axis(low: float, high: float, lang: str = "en") -> dict[str, Any]:
    """Ticks for an axis of chances from ``low`` to ``high`` (of 0 to 1),
    each written as the page writes a percentage (``odds.num.percent``):
    ``60%``, in Russian ``60 %``.  Plotly's own ``%`` format knows no space
    before the sign, and its locales cannot give it one.  At most six steps,
    of a round size; the axis's range stays plotly's (or the chart's own).

    >>> percent_axis(0, 1)["ticktext"]
    ['0%', '20%', '40%', '60%', '80%', '100%']
    >>> percent_axis(0.1, 0.18, "ru")["ticktext"]  # a no-break space before the sign
    ['10\\xa0%', '12\\xa0%', '14\\xa0%', '16\\xa0%', '18\\xa0%']
    """
    span = max(high - low, 1e-9)
    step = next((s for s in _PERCENT_STEPS if span / s <= 6), _PERCENT_STEPS[-1])
    first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    values = [round(i * step, 6) for i in range(first, last + 1)]
    digits = 0 if step >= 0.01 else 1
    return dict(tickmode="array", tickvals=values,
                ticktext=[text("odds.num.percent", lang, value=fmt_decimal(v * 100, digits, lang))
                          for v in values])


@dataclass(frozen=True)
class Bars:
    """Histograms as bars, one series per name (the same bars for all, so
    that they compare): bar ``k`` holds ``counts[name][k]`` values.

    Whole numbers (``whole``) are counted in bars of ``width`` whole numbers
    each, from ``start`` to ``start + width - 1`` (read "51–57", or "51"
    for a width of 1); other numbers in bars from ``start + k * width`` up to,
    not including, the next (the last bar includes its end), of a round
    width: 1, 2, 2.5 or 5 times a power of ten.  A chart is sent its bars,
    not every value."""

    start: float
    width: float
    whole: bool
    counts: dict[str, list[int]]

    @property
    def size(self) -> int:
        """The number of bars."""
        return len(next(iter(self.counts.values()), []))

    @property
    def centres(self) -> list[float]:
        offset = (self.width - 1) / 2 if self.whole else self.width / 2
        return [self.start + k * self.width + offset for k in range(self.size)]

    def shares(self, name: str) -> list[float]:
        """Each bar's share of the series ``name``'s values."""
        total = sum(self.counts[name])
        return [c / total if total else 0.0 for c in self.counts[name]]

    def names(self, lang: str) -> list[str]:
        """Each bar's range as a person reads it."""
        firsts = [self.start + k * self.width for k in range(self.size)]
        if self.whole:
            if self.width == 1:
                return [fmt_int(int(first), lang) for first in firsts]
            return [f"{fmt_int(int(first), lang)}\u2013{fmt_int(int(first + self.width - 1), lang)}"
                    for first in firsts]
        places = next(p for p in range(12) if abs(self.width * 10 ** p - round(self.width * 10 ** p))
                      < 1e-9 * 10 ** p)
        return [f"{fmt_decimal(first, places, lang)}\u2013{fmt_decimal(first + self.width, places, lang)}"
                for first in firsts]


def _round_widths(at_least: float) -> Iterator[float]:
    """1, 2, 2.5 and 5 times the powers of ten, from the first not below ``at_least``."""
    power = 10.0 ** math.floor(math.log10(at_least))
    while True:
        for factor in (1, 2, 2.5, 5):
            if factor * power >= at_least:
                yield factor * power
        power *= 10


def histogram(series: Mapping[str, Sequence[float]], most: int = 40) -> Bars:
    """The values of each series counted in at most ``most`` bars shared by all."""
    values = [v for vs in series.values() for v in vs]
    if not values:
        return Bars(0, 1, True, {name: [] for name in series})
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values):
        width: float = max(1, -(-(int(high) - int(low) + 1) // most))
        start: float = int(low)
        size = int(high - start) // int(width) + 1
        whole = True
    else:
        whole = False
        for width in _round_widths((high - low) / most if high > low else 1.0):
            start = math.floor(low / width + 1e-9) * width  # (1.2 / 0.025 is 47.999…)
            size = max(1, math.ceil((high - start) / width))
            if size <= most:
                break
    counts = {name: [0] * size for name in series}
    for name, vs in series.items():
        for v in vs:
            counts[name][max(0, min(size - 1, int((v - start) // width)))] += 1
    return Bars(start, width, whole, counts)


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


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The kernel's event loop when called from a cell or a widget's click
    (a notebook, the web app); ``None`` in a plain script or a test."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
