"""Small helpers shared by the apps.

Keeping a plotly FigureWidget right however early it is changed: a FigureWidget sends changes to the browser as messages, which a page that
has not drawn the figure yet never sees: a figure updated before it is shown
would appear empty.  After every batch of changes the full data and layout
are also stored as the widget's state, which is what a new view draws from.
"""

from __future__ import annotations

import copy

import plotly.graph_objects as go

__all__ = ["settle", "tagged"]


def settle(figure: go.FigureWidget) -> None:
    """Store ``figure``'s current data and layout as its widget state."""
    figure._widget_data = copy.deepcopy(figure._data)
    figure._widget_layout = copy.deepcopy(figure._layout)


def tagged(widget, *classes: str):
    """Give ``widget`` CSS classes (``uno-…``) and return it.

    The page template styles the apps by these classes (rows that wrap on a
    phone), and the browser tests find the controls by them."""
    for name in classes:
        widget.add_class(name)
    return widget
