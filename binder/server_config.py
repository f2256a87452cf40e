"""Write the Jupyter server config that gives Voila's server extension (how
Binder serves "open as a web app") the web app's settings from voila.json.

Run by postBuild: ``python binder/server_config.py PATH``.  Only what applies
to the server extension is copied: the page template and its options (the
JupyterLab extensions a page does not load among them: plotly's JupyterLab
renderer, 5 MB that no app's chart uses, since the charts bring plotly.js's basic bundle),
kernel culling, and how long a cell's outputs are waited for (``VoilaExecutor``).  (The extension also reads voila.json from the server's
working directory, the repository on Binder; this file keeps the template
whatever that directory is, and gives the Jupyter server the culling that
voila.json cannot.)  It also enables the kit's own server extension,
``uno_nb.serving.server_extension``: closing a page shuts its kernel down (the page
sets the ``_xsrf`` cookie that Voila's shutdown request needs) and the pages
load no MathJax from a CDN.  Preheated kernels, the redirect from ``/`` and
the served plotly bundle belong to the standalone app (uno_nb.serving.webapp) only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The VoilaConfiguration settings that the server extension honours.
SHARED = ("template", "theme", "strip_sources", "show_tracebacks", "extension_denylist")
#: The kit's Jupyter server extension (uno_nb/serving/server_extension.py).
EXTENSION = "uno_nb.serving.server_extension"


def server_config(voila_json: Path = ROOT / "voila.json") -> dict:
    config = json.loads(voila_json.read_text(encoding="utf-8"))
    voila = config["VoilaConfiguration"]
    return {
        "ServerApp": {"jpserver_extensions": {EXTENSION: True}},
        "VoilaConfiguration": {key: voila[key] for key in SHARED if key in voila},
        "MappingKernelManager": dict(config["MappingKernelManager"]),
        "VoilaExecutor": dict(config.get("VoilaExecutor", {})),
    }


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python binder/server_config.py PATH", file=sys.stderr)
        return 2
    target = Path(argv[0])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(server_config(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
