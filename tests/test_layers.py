"""The package's layers and the arrows between them.

Bottom to top: the text table (``uno_nb.texts``) < the engine < the
simulations (``sim``) < the compiled twin (``kernel``) < the top-level
modules (lab, lessons, questions, classroom, classboard, cli …) < the notebook
apps (``widgets``) < the web app (``serving``: the launcher ``serving/webapp.py``,
the Binder extension ``serving/server_extension.py`` and what serves a class).
A file's folder tells its layer: ``uno_nb/*.py`` are the top-level layer's.
A module imports its own layer and the ones below
it, never one above (tests/test_texts.py holds the text table to more: it
imports nothing of uno_nb but itself).  And no module grows past 600 lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers import imported_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "uno_nb"
LAYERS = ("texts", "engine", "sim", "kernel", "top-level", "widgets", "web app")
WEB_APP = {"serving"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(name: str) -> str | None:
    """The layer of ``uno_nb.…`` (a module, or a name imported from one)."""
    parts = name.split(".")
    if parts[0] != "uno_nb":
        return None
    if len(parts) == 1:
        return "top-level"  # uno_nb/__init__.py
    if parts[1] in WEB_APP:
        return "web app"
    return parts[1] if parts[1] in LAYERS else "top-level"


def modules() -> list[Path]:
    found = sorted(PACKAGE.rglob("*.py"))
    assert len(found) > 80
    return found


def test_every_arrow_points_down():
    up = sorted((name, imported) for path in modules() for name in [module_name(path)]
                for imported in imported_names(path)
                if (there := layer(imported)) and LAYERS.index(there) > LAYERS.index(layer(name)))
    assert up == []


def test_the_scan_sees_every_kind_of_import():
    # a relative import, a lazy one, one of a package's __init__, one for the type checker
    assert "uno_nb.widgets.assets.UI_ENV" in imported_names(PACKAGE / "widgets" / "ui" / "panel.py")
    assert "uno_nb.engine.render.card_svg" in imported_names(PACKAGE / "engine" / "cards.py")
    assert "uno_nb.engine.cards.Card" in imported_names(PACKAGE / "__init__.py")
    assert "uno_nb.kernel" in imported_names(PACKAGE / "lab.py")
    assert "uno_nb.engine.game.Game" in imported_names(PACKAGE / "engine" / "view.py")
    assert layer("uno_nb.serving.pools.class_pools") == "web app"
    assert layer("uno_nb.classboard") == layer("uno_nb") == "top-level"


def test_only_the_apps_import_the_widget_libraries():
    """ipywidgets, anywidget and plotly belong to uno_nb.widgets: the engine,
    the top-level modules and the web app's launcher run without them."""
    importers = {module_name(path) for path in modules()
                 if any(n.split(".")[0] in ("ipywidgets", "anywidget", "plotly")
                        for n in imported_names(path))}
    assert importers and all(name.startswith("uno_nb.widgets.") for name in importers), importers


def test_the_launcher_starts_without_the_widget_libraries():
    code = ("import sys, uno_nb.serving.webapp, uno_nb.serving.server_extension; "
            "print(sorted({m.split('.')[0] for m in sys.modules} "
            "& {'ipywidgets', 'anywidget', 'plotly', 'numba'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_no_module_is_over_600_lines():
    """A module a reader can hold: past 600 lines, it is split by what its parts own."""
    long = {str(path.relative_to(ROOT)): n for path in modules()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}


def test_no_module_imports_another_modules_private_name():
    """A name with a leading underscore is its module's own: another module
    that needs it asks for a public one (``numba_missing``, ``ui.registry``)."""
    import ast
    private = sorted(f"{path.relative_to(ROOT)}:{node.lineno} {alias.name}"
                     for path in modules()
                     for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(node, ast.ImportFrom)
                     for alias in node.names
                     if alias.name.startswith("_") and not alias.name.startswith("__"))
    assert private == []


def test_the_apps_learn_that_cards_moved_from_the_events_types():
    """Cards that move are typed events (HandsSwapped, CardsExchanged, …): no
    app reads a note's key to find out (notes are commentary)."""
    import ast
    reads = sorted(f"{path.relative_to(ROOT)}:{node.lineno}"
                   for path in (PACKAGE / "widgets").rglob("*.py")
                   for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if (isinstance(node, ast.Name) and node.id == "Note")
                   or (isinstance(node, ast.Attribute) and node.attr == "Note"))
    assert reads == []
