"""The notebook apps: the only part of uno_nb that imports ipywidgets and plotly.

Each app derives from :class:`~uno_nb.widgets.app.App`: private widgets
under one root, ``widget``, that displaying the app shows, and one render
funnel, ``_render``; charts are plotly figures (:class:`~uno_nb.widgets.chart.Chart`)
placed once and redrawn in place.  All user-facing strings come from the text table, :mod:`uno_nb.texts`.

The apps are imported when first asked for (PEP 562): a page that shows one
app imports that app's modules only, not every app's (the lab's process pool,
the odds lessons' simulations…).  A new app is added to ``_EXPORTS``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Each public name and the module (in this package) that defines it.
_EXPORTS = {
    "GameStepper": "stepper",
    "RulesPanel": "rules_panel",
    "OddsPanel": "odds_panel",
    "ScoringPanel": "scoring_panel",
    "ScoringApp": "scoring_app",
    "PlayApp": "play",
    "LabApp": "lab_app",
    "HandOdds": "odds_lesson",
    "LiveOdds": "odds_live",
    "ChallengeQuestion": "odds_challenge",
    "Ask": "question",
    "After": "gate",
    "ClassBar": "classbar",
    "ClassBoardApp": "board_app",
    "figure": "_common",
}

__all__ = list(_EXPORTS)

if TYPE_CHECKING:  # what static tools and IDEs see
    from ._common import figure
    from .lab_app import LabApp
    from .odds_challenge import ChallengeQuestion
    from .board_app import ClassBoardApp
    from .classbar import ClassBar
    from .gate import After
    from .question import Ask
    from .odds_lesson import HandOdds
    from .odds_live import LiveOdds
    from .odds_panel import OddsPanel
    from .play import PlayApp
    from .rules_panel import RulesPanel
    from .scoring_app import ScoringApp
    from .scoring_panel import ScoringPanel
    from .stepper import GameStepper


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next look-up finds it without coming here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
