"""The notebook apps: the only part of uno_nb that imports ipywidgets and plotly.

Each app is a class with private widgets, one render funnel and a ``widget``
to display; plotly figures are ``FigureWidget``s placed once and updated in
place.  All user-facing strings come from :mod:`uno_nb.widgets.text`.
"""

from ._common import figure
from .lab_app import LabApp
from .odds_panel import OddsPanel
from .play import PlayApp
from .rules_panel import RulesPanel
from .scoring_panel import ScoringPanel
from .stepper import GameStepper
from .text import TEXT, text

__all__ = ["GameStepper", "RulesPanel", "OddsPanel", "ScoringPanel", "PlayApp", "LabApp",
           "TEXT", "text", "figure"]
