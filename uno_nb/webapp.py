"""The web app: the notebooks served by Voilà, opening on the index.

``python -m uno_nb.webapp`` (what ``make app`` runs) serves ``notebooks/``
with the settings in the checkout's ``voila.json`` - the page template, the
preheated kernels, kernel culling, the address - so nobody has to remember
flags.  Extra arguments go to Voilà (``--port=9000``, ``--no-browser``).

What Voilà does not do by itself is done here:

* ``/`` redirects to the index notebook (Voilà would list the directory);
* a notebook page sets the ``_xsrf`` cookie: when a page is closed, Voilà's
  page asks the server to shut its kernel down and sends that cookie's value
  along; with no cookie the request is refused (403) and the kernel keeps
  running until culling stops it;
* a preheated kernel handed to a page counts as active from that moment:
  Voilà keeps pooled kernels from being culled, but once one is taken from
  the pool its last activity is still the time it was preheated, so a cull
  sweep in the second before the page connects would stop it and leave the
  page on "Loading widget…" (seen here with a short cull time; with the
  repository's 10 minutes it hits about one page load in sixty);
* plotly's browser bundle is served as a file that the browser caches, and
  the apps' figures import it from there (``uno_nb.widgets.figure``) instead
  of each figure carrying all 5 MB of it in its widget state;
* the page template in the checkout's ``share/jupyter`` is found even when
  the package is installed in editable mode (pip installs the template's
  data files only for a regular install, which is what Binder does).

Voilà is imported only when the app starts: the engine never needs it.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Sequence

__all__ = ["project_root", "main"]

TEMPLATE = "uno_nb"
#: Where the app serves plotly's widget bundle (below the server's base URL),
#: and the variable that tells the kernels (see uno_nb.widgets.figure).
PLOTLY_PATH = "uno_nb/plotly/widgetbundle.js"
PLOTLY_ENV = "UNO_NB_PLOTLY_URL"


def plotly_url(version: str, path: str = PLOTLY_PATH) -> str:
    """The bundle's address below the server's base URL; the version in the
    query lets the browser cache it for good."""
    return f"{path}?v={version}"


def project_root(start: Path | None = None) -> Path:
    """The checkout holding ``voila.json`` and ``notebooks/``: the working
    directory if it is one, else the one this package was installed from."""
    candidates = [start or Path.cwd(), Path(__file__).resolve().parent.parent]
    for folder in candidates:
        if (folder / "voila.json").is_file() and (folder / "notebooks").is_dir():
            return folder
    raise SystemExit("uno_nb.webapp: no voila.json and notebooks/ here or beside the package; "
                     "run it from a checkout of uno_nb (see the README's Quickstart)")


def _use_checkout_templates(root: Path) -> None:
    """Put the checkout's ``share/jupyter`` first on Jupyter's data path."""
    share = root / "share" / "jupyter"
    if (share / "voila" / "templates" / TEMPLATE).is_dir():
        paths = [str(share)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
        os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))


def main(argv: Sequence[str] | None = None) -> None:
    root = project_root()
    os.chdir(root)  # Voilà reads voila.json from the working directory
    _use_checkout_templates(root)
    os.environ[PLOTLY_ENV] = PLOTLY_PATH  # the kernels inherit it

    from jupyter_server._tz import utcnow
    from jupyter_server.utils import url_path_join
    from traitlets import Unicode
    import plotly
    from tornado.web import RedirectHandler, StaticFileHandler
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class PageHandler(TornadoVoilaHandler):
        """A notebook page that also sets the ``_xsrf`` cookie."""

        async def prepare(self) -> None:
            await super().prepare()
            self.xsrf_token  # noqa: B018 - reading it sets the cookie

    class UnoVoila(Voila):
        """Voilà with ``/`` sent to the index notebook and pages that can
        shut their kernel down when they are closed."""

        home = Unicode("00_index.ipynb", config=True,
                       help="The notebook that / opens (relative to root_dir).")

        def init_handlers(self) -> list:
            self._keep_handed_out_kernels()
            # the page template preloads the bundle the figures will import
            resources = self.voila_configuration.config.VoilaConfiguration
            resources.resources = {**resources.get("resources", {}),
                                   "uno_nb_plotly": plotly_url(plotly.__version__)}
            handlers = [(pattern, PageHandler if handler is TornadoVoilaHandler else handler,
                         *rest) for pattern, handler, *rest in super().init_handlers()]
            home = url_path_join(self.base_url, "voila/render", self.home)
            folder, name = PLOTLY_PATH.rsplit("/", 1)
            bundle = (url_path_join(self.server_url, folder, f"({re.escape(name)})"),
                      StaticFileHandler, {"path": str(Path(plotly.__file__).parent / "package_data")})
            ours = [(url_path_join(self.server_url, "/?"), RedirectHandler,
                     {"url": home, "permanent": False}), bundle]  # 302: browsers keep no 301 of it
            return ours + handlers

        def _keep_handed_out_kernels(self) -> None:
            manager = self.kernel_manager
            take = getattr(manager, "get_rendered_notebook", None)
            if take is None:  # no preheated kernels
                return

            async def get_rendered_notebook(*args, **kwargs):
                task, cache, kernel_id = await take(*args, **kwargs)
                manager.get_kernel(kernel_id).last_activity = utcnow()
                return task, cache, kernel_id

            manager.get_rendered_notebook = get_rendered_notebook

    UnoVoila.launch_instance(argv=list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    main()
