"""The widgets' browser files that the web app serves: plotly.js's basic
bundle (the charts, :mod:`.chart`) and the light controls' code and styles
(:mod:`.ui`).

For each: where the file is, the path below the server's base URL where the
web app (:mod:`uno_nb.serving.webapp`) serves it, the variable that tells the kernels
that it does, and the version or digest in the file's address that lets the
browser keep it for good.  Both sides read them here: the web app to serve
the files and set the variables, the widgets to name the files' addresses
instead of carrying them.

Only the standard library: the web app imports this module to start, and
it must not import ipywidgets or plotly (this package's ``__init__`` imports
no app until one is asked for).
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

__all__ = ["PLOTLY_FILE", "PLOTLY_PATH", "PLOTLY_ENV", "plotly_version", "plotly_digest",
           "plotly_url", "UI_FOLDER", "UI_FILES", "UI_PATH", "UI_ENV", "ui_version", "ui_url"]

#: plotly.js's basic bundle, which the charts draw with (uno_nb.widgets.chart),
#: where the app serves it (below the server's base URL), and the variable that
#: tells the kernels that it does.
PLOTLY_FILE = Path(__file__).resolve().parent / "plotly-basic.min.js"
PLOTLY_PATH = "uno_nb/plotly/plotly-basic.min.js"
PLOTLY_ENV = "UNO_NB_PLOTLY_URL"
#: The light controls' browser code and styles (uno_nb.widgets.ui), where the
#: app serves them, and the variable that tells the kernels that it does: each
#: panel then names them instead of carrying 24 kB of them (a page has a dozen
#: panels, and a class thirty pages).
UI_FOLDER = PLOTLY_FILE.parent
UI_FILES = ("ui.js", "ui.css")
UI_PATH = "uno_nb/ui"
UI_ENV = "UNO_NB_UI_URL"


@functools.lru_cache(maxsize=None)
def plotly_version(bundle: Path = PLOTLY_FILE) -> str:
    """The plotly.js version of the bundle, from its first lines (read once:
    every chart a notebook makes asks for its address)."""
    with bundle.open(encoding="utf-8") as file:
        found = re.search(r"plotly\.js (?:\([a-z -]+\) )?v(\d+\.\d+\.\d+)", file.read(400))
    if found is None:
        raise RuntimeError(f"{bundle} does not say its plotly.js version: reinstall uno_nb")
    return found.group(1)


@functools.lru_cache(maxsize=None)
def plotly_digest(bundle: Path = PLOTLY_FILE) -> str:
    """A digest of the bundle: in its address's query, so that the browser
    keeps it for good and another bundle (even of the same version) is a new
    address."""
    return hashlib.sha256(bundle.read_bytes()).hexdigest()[:12]


def plotly_url(path: str = PLOTLY_PATH) -> str:
    """The bundle's address below the server's base URL; its digest in the
    query lets the browser cache it for good."""
    return f"{path}?v={plotly_digest()}"


@functools.lru_cache(maxsize=None)
def ui_version() -> str:
    """A digest of the light controls' files: in their addresses' query, so
    that the browser keeps them for good and a changed file is a new address."""
    digest = hashlib.sha256()
    for name in UI_FILES:
        digest.update((UI_FOLDER / name).read_bytes())
    return digest.hexdigest()[:12]


def ui_url(name: str, path: str = UI_PATH) -> str:
    """The address of one of the light controls' files below the server's base URL."""
    if name not in UI_FILES:
        raise ValueError(f"the app serves {', '.join(UI_FILES)}, not {name!r}")
    return f"{path}/{name}?v={ui_version()}"
