"""Light controls: an app's buttons, menus, sliders and texts drawn by one widget.

A closed subset of ipywidgets' API: what this package offers is its
``__all__``, no more.  Every name it shares with ipywidgets is a class that
takes only keyword arguments and traits its ipywidgets namesake has, with
the same meaning (the same types and defaults; tests/test_ui.py checks
them against the ipywidgets installed); a keyword it does not know is an
error, not a warning.  What ipywidgets does not have is the kit's own and
listed here: the names in :data:`OWN`, the traits (and a layout's
properties) in :data:`OWN_TRAITS`.  (:class:`Style` is one class for all of
ipywidgets' styles; its properties are theirs.)  A control an app needs
that is not here is added here, with ipywidgets' meaning, or the app uses
ipywidgets itself.

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

The controls are in :mod:`.controls` and :mod:`.choices` (menus, sliders
and other bounded numbers); the :class:`Panel` that draws them and
:func:`mount` are in :mod:`.panel`; what the controls and the panels share
(the lock, the panels on show, :func:`batch`) is in :mod:`.registry`; the
browser's side is ``ui.js`` and ``ui.css``, beside this package
(:mod:`uno_nb.widgets.assets`).
The apps import this package (``from . import ui as w``) and find every
control here.
"""

from __future__ import annotations

from .choices import BoundedIntText, Dropdown, IntProgress, IntSlider, Play, SelectionSlider
from .controls import (HTML, Accordion, Box, Button, ButtonStyle, Checkbox, DOMWidget, HBox,
                       Label, Layout, Style, Text, ValueWidget, VBox, Widget)
from .panel import Panel, mount
from .registry import batch

#: The kit's own names: ipywidgets has none of them.
OWN = ("Panel", "mount", "batch")

#: The kit's own traits, by class: ipywidgets' class of the same name has
#: none of them.  (A Button's ``face``: a card's picture drawn on it; a
#: Text's ``max_length``: the most characters kept of what a person types;
#: a Play's ``button_names``: what a screen reader says for its buttons; a
#: Layout's ``gap``: CSS's space between a box's items.)
OWN_TRAITS = {"Button": ("face",), "Text": ("max_length",), "Play": ("button_names",),
              "Layout": ("gap",)}

__all__ = ["Layout", "Style", "ButtonStyle", "Widget", "DOMWidget", "ValueWidget", "HTML",
           "Label", "Button", "Checkbox", "Dropdown", "Text", "BoundedIntText", "IntSlider",
           "SelectionSlider", "Play", "IntProgress", "Box", "HBox", "VBox", "Accordion",
           "Panel", "mount", "batch"]
