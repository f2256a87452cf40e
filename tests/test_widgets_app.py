"""One way to build an app (uno_nb.widgets.app): every app derives from
``App``, shows its ``widget`` through the one ``_ipython_display_`` of the
package, and draws through one funnel named ``_render``."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from uno_nb.widgets import app as app_module
from uno_nb.widgets.app import App, Shown

WIDGETS = Path(app_module.__file__).parent


def _classes() -> list[tuple[str, ast.ClassDef]]:
    found = []
    for path in sorted(WIDGETS.rglob("*.py")):
        module = ".".join(path.relative_to(WIDGETS.parent.parent).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found.append((module, node))
    return found


def _methods(node: ast.ClassDef) -> set[str]:
    return {item.name for item in node.body if isinstance(item, ast.FunctionDef)}


def _sets_widget(node: ast.ClassDef) -> bool:
    """Whether the class assigns ``self.widget`` (an app's root)."""
    return any(isinstance(target, ast.Attribute) and target.attr == "widget"
               and isinstance(target.value, ast.Name) and target.value.id == "self"
               for sub in ast.walk(node) if isinstance(sub, ast.Assign) for target in sub.targets)


def _apps() -> list[type]:
    apps = []
    for module, node in _classes():
        if _sets_widget(node):
            apps.append(getattr(importlib.import_module(module), node.name))
    return apps


def test_ipython_display_is_defined_once_in_the_widgets_package():
    defined = [f"{module}.{node.name}" for module, node in _classes()
               if "_ipython_display_" in _methods(node)]
    assert defined == ["uno_nb.widgets.app.Shown"]


def test_the_scan_finds_every_app():
    names = {cls.__name__ for cls in _apps()}
    assert {"LabApp", "GameStepper", "ScoringApp", "ScoringPanel", "RoundPointsChart",
            "OddsPanel", "LiveOdds", "HandOdds", "ChallengeQuestion", "ClassBoardApp", "After",
            "PlayApp", "Ask", "RulesPanel"} <= names


@pytest.mark.parametrize("cls", _apps(), ids=lambda cls: cls.__name__)
def test_every_app_derives_from_the_base_and_renders_through_render(cls):
    assert issubclass(cls, App)
    assert cls._render is not App._render, f"{cls.__name__} has no _render of its own"


def test_no_app_keeps_an_old_funnel_name():
    old = {"_draw", "_render_exact"}
    kept = [f"{module}.{node.name}.{name}" for module, node in _classes()
            for name in _methods(node) & old]
    assert kept == []


def test_a_chart_is_shown_by_its_view_and_is_no_app():
    from uno_nb.widgets.chart import Chart, ChartView

    chart = Chart()
    assert isinstance(chart, Shown) and not isinstance(chart, App)
    # before plotly's figure: plotly's own display would not draw the view
    assert Chart._ipython_display_ is Shown._ipython_display_
    (shown,) = chart._displayed()
    assert isinstance(shown, ChartView) and shown is chart.ipywidget


def test_displaying_an_app_displays_its_widget(monkeypatch):
    import IPython.display

    from uno_nb.widgets import ScoringApp

    shown: list = []
    monkeypatch.setattr(IPython.display, "display", lambda *objs: shown.extend(objs))
    scoring = ScoringApp(players=3, seed=4)
    scoring._ipython_display_()
    assert shown == [scoring.widget]
