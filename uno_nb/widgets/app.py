"""The one way to build an app: a class derived from :class:`App`.

An app holds its root widget in ``widget`` (a tree of light controls,
:mod:`.ui`, or a real ipywidgets box where real widgets sit inside) and draws
its state through one private method, ``_render``: every change of the state
(a click, a new game, a setting) ends in a call to it.  Displaying the app
(``display(app)``, or a notebook cell's last line) shows its widget: the one
``_ipython_display_`` of the package is here.

A chart (:class:`~uno_nb.widgets.chart.Chart`, a plotly figure) is no app,
but the notebook shows it the same way, by the widget that draws it: it
derives from :class:`Shown`.  The anywidgets (``ChartView``, ``ClassBar``,
the light controls' ``Panel``) are widgets themselves: ipywidgets displays
them, and they derive from neither.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Shown", "App"]


class Shown:
    """Something the notebook shows by a widget: :meth:`_displayed` says
    which (an app's root, a chart's view)."""

    def _displayed(self) -> tuple[Any, ...]:
        raise NotImplementedError  # pragma: no cover - each kind says

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display
        display(*self._displayed())


class App(Shown):
    """An app: its root widget (``widget``) and its one render funnel
    (``_render``), which draws the app's state on its widgets.

    A subclass builds its widgets in ``__init__``, sets ``self.widget`` to
    the root, and calls ``self._render()`` (directly or through a public
    method) whenever its state changes.
    """

    #: What the page shows: the root of the app's widgets.
    widget: Any

    def _render(self) -> None:
        """Draw the app's state (each app says how)."""
        raise NotImplementedError(f"{type(self).__name__} draws nothing")  # pragma: no cover

    def _displayed(self) -> tuple[Any, ...]:
        return (self.widget,)
