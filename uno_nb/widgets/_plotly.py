"""plotly's FigureWidget without nbformat: seconds off every fresh kernel.

FigureWidget's module imports ``plotly.io._renderers``, which imports
nbformat only to check its version when a figure's ``show`` method renders
a notebook mime bundle.  nbformat imports jsonschema, and jsonschema's format checkers
import ``rfc3987_syntax`` where it is installed (Jupyter Server's
dependencies bring it), which compiles some forty grammars with lark on
import: 3 to 5 seconds of every fresh kernel.  On Binder's set-up that was
most of the 11-13 s the step-by-step page took to draw; the apps never call
``show`` (tests/test_deployment.py keeps it so).

So plotly's renderers are imported here, first, with nbformat hidden (plotly
treats nbformat as optional and notes it as absent), and then given a
stand-in that imports nbformat the first time ``show`` asks for its
version: ``show`` works as before, and a kernel that never calls it never
imports nbformat.  Where nbformat is imported already, or not
installed, there is nothing to spare and plotly is left alone.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any

RENDERERS = "plotly.io._renderers"


class Deferred:
    """Stands for a module, imported when one of its attributes is read."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self._name), attribute)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported when used>"


def import_renderers_without_nbformat() -> bool:
    """Import plotly's renderers without nbformat; True if that was done
    (False: nothing to spare, plotly imported the plain way)."""
    if RENDERERS in sys.modules or "nbformat" in sys.modules or not importlib.util.find_spec("nbformat"):
        return False
    # meanwhile `import nbformat` raises ImportError (a None entry is how the
    # import system spells it; typeshed types sys.modules as modules only)
    sys.modules["nbformat"] = None  # type: ignore[assignment]
    try:
        renderers = importlib.import_module(RENDERERS)
    except ImportError:  # a plotly that needs nbformat outright
        renderers = None
    finally:
        if "nbformat" in sys.modules and sys.modules["nbformat"] is None:
            del sys.modules["nbformat"]
    if renderers is None:
        return False
    from _plotly_utils import optional_imports

    # plotly noted nbformat as not importable: let it try again when it asks
    getattr(optional_imports, "_not_importable", set()).discard("nbformat")
    if getattr(renderers, "nbformat", True) is None:
        setattr(renderers, "nbformat", Deferred("nbformat"))
    return True
