"""The Littlest JupyterHub (TLJH) plugin of uno_nb: one school server whose
pupils sign in and land on the kit's pages (Voilà), with the class board as a
JupyterHub service.

TLJH's bootstrap installs it into the hub's environment with pip
(``--plugin /srv/uno_nb/deploy/tljh``, a checkout of the kit, or
``--plugin "git+<clone url>@<ref>#subdirectory=deploy/tljh"``) and finds it
through the entry point group ``tljh`` (pyproject.toml beside this file).
The hooks, in the order TLJH calls them (tljh/installer.py, then
tljh/jupyterhub_config.py at each start of the hub):

* :func:`tljh_config_post_install`: the defaults a class needs in TLJH's
  config.yaml, where the school has set nothing else;
* :func:`tljh_extra_hub_pip_packages`: the kit in the hub's environment (the
  hub's config imports :mod:`uno_nb.serving.hub`); TLJH's hub environment
  already has jupyterhub-idle-culler;
* :func:`tljh_extra_user_pip_packages`: the kit with its web app's libraries
  (``uno_nb[web]``) in the pupils' environment;
* :func:`tljh_post_install`: the notebooks copied to a shared read-only
  folder, the Voilà server config written into the pupils' environment (as
  Binder's postBuild does with binder/server_config.py), the lab's simulator
  compiled once;
* :func:`tljh_custom_jupyterhub_config`: :func:`uno_nb.serving.hub.configure`
  with TLJH's paths, spawner and authenticator.

The kit's source is the repository the plugin was installed from: the
checkout named by ``$UNO_NB_SOURCE``, else the checkout around this file (two
folders up), else what pip recorded when it installed the plugin
(``direct_url.json``: a local folder, or a git repository at the commit pip
checked out).  ``hookimpl`` is the marker ``tljh.hooks`` defines, made here so
that the module imports nothing of TLJH."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Iterator, Mapping
from urllib.parse import unquote, urlparse

import pluggy
import yaml

hookimpl = pluggy.HookimplMarker("tljh")

#: This plugin's distribution (pyproject.toml beside this file).
DISTRIBUTION = "tljh-uno-nb"
#: A checkout of the kit to install from, overriding where the plugin came from.
SOURCE_ENV = "UNO_NB_SOURCE"
#: TLJH's own variable for where it is installed (tljh/config.py), set in the
#: hub's systemd unit.
PREFIX_ENV = "TLJH_INSTALL_PREFIX"
DEFAULT_PREFIX = "/opt/tljh"
#: What Binder's postBuild runs after installing the kit: the lab's simulator
#: compiled into numba's disk cache, not on a pupil's first run.
WARM_UP = ("-m", "uno_nb.kernel")

#: TLJH config defaults (tljh_config_post_install).  A pupil's server is about
#: 100 MB and each open page's kernel 100-200 MB: 1 GB holds the usual one or
#: two pages with room for four.  One CPU each: a lab run takes one core for
#: seconds, and no pupil's run slows the whole class.  An hour before an idle
#: server is stopped: a lesson's pages stay up through the lesson.
CULL_TIMEOUT = 3600
MEMORY_LIMIT = "1G"
CPU_LIMIT = 1
#: The service TLJH starts for its own culling (tljh/configurer.py).


def prefix() -> Path:
    """Where TLJH is installed (``$TLJH_INSTALL_PREFIX``, else /opt/tljh)."""
    return Path(os.environ.get(PREFIX_ENV) or DEFAULT_PREFIX)


def user_python() -> Path:
    """The Python of the pupils' environment."""
    return prefix() / "user" / "bin" / "python"


def notebooks_dir() -> Path:
    """The shared read-only copy of the kit's notebooks, the pupils' servers' root."""
    return prefix() / "share" / "uno_nb" / "notebooks"


def board_data_dir() -> Path:
    """The class board's data, beside TLJH's own state (back it up with it)."""
    return prefix() / "state" / "uno-board"


def server_config_path() -> Path:
    """The Jupyter server config the pupils' servers read (Voilà's settings)."""
    return prefix() / "user" / "etc" / "jupyter" / "jupyter_server_config.d" / "uno_nb.json"


def config_yaml() -> Path:
    """TLJH's config file, as ``tljh-config`` writes it."""
    return prefix() / "config" / "config.yaml"


# -- where the kit comes from ----------------------------------------------------------

def is_checkout(folder: Path) -> bool:
    """Is ``folder`` a checkout of the kit (its pyproject.toml, notebooks and Binder files)?"""
    project = folder / "pyproject.toml"
    if not (project.is_file() and (folder / "notebooks").is_dir()
            and (folder / "binder" / "server_config.py").is_file()):
        return False
    return bool(tomllib.loads(project.read_text(encoding="utf-8"))
                .get("project", {}).get("name") == "uno_nb")


@dataclass(frozen=True)
class Source:
    """The kit's source: a local checkout (``path``), or a git repository at a commit."""

    path: Path | None = None
    git_url: str | None = None
    commit: str | None = None

    def requirement(self, extras: str = "") -> str:
        """pip's requirement for the kit (``uno_nb[web] @ file:///...``)."""
        name = f"uno_nb[{extras}]" if extras else "uno_nb"
        if self.path is not None:
            return f"{name} @ {self.path.as_uri()}"
        return f"{name} @ git+{self.git_url}@{self.commit}"

    @contextmanager
    def checkout(self) -> Iterator[Path]:
        """The source's files: the checkout itself, or a clone at the commit
        (git is there: TLJH's bootstrap installs it, and pip needed it to
        install the plugin from git), removed afterwards."""
        if self.path is not None:
            yield self.path
            return
        assert self.git_url is not None and self.commit is not None
        with tempfile.TemporaryDirectory(prefix="uno_nb-") as tmp:
            subprocess.run(["git", "clone", "--quiet", self.git_url, tmp], check=True)
            subprocess.run(["git", "-C", tmp, "checkout", "--quiet", self.commit], check=True)
            yield Path(tmp)


def source_from_direct_url(info: Mapping[str, Any]) -> Source:
    """The kit's source from what pip recorded installing the plugin (PEP 610's
    direct_url.json): the checkout two folders above a local ``deploy/tljh``,
    or the whole git repository at the commit pip installed."""
    url = str(info["url"])
    vcs = info.get("vcs_info")
    if vcs is not None:
        if vcs.get("vcs") != "git":
            raise RuntimeError(f"uno_nb's TLJH plugin: installed from {vcs.get('vcs')}, not git: "
                               f"set {SOURCE_ENV} to a checkout of the kit")
        return Source(git_url=url, commit=str(vcs["commit_id"]))
    parsed = urlparse(url)
    if "dir_info" in info and parsed.scheme == "file":
        plugin = Path(unquote(parsed.path)) / str(info.get("subdirectory", ""))
        root = plugin.resolve().parents[1]
        if is_checkout(root):
            return Source(path=root)
    raise RuntimeError(f"uno_nb's TLJH plugin: installed from {url}, which is not in a "
                       f"checkout of the kit: set {SOURCE_ENV} to one")


def kit_source() -> Source:
    """Where the kit is installed from: ``$UNO_NB_SOURCE``, the checkout around
    this file, or where pip installed the plugin from."""
    chosen = os.environ.get(SOURCE_ENV)
    if chosen:
        root = Path(chosen).expanduser().resolve()
        if not is_checkout(root):
            raise RuntimeError(f"{SOURCE_ENV}={chosen} is not a checkout of uno_nb")
        return Source(path=root)
    around = Path(__file__).resolve().parents[2]
    if is_checkout(around):
        return Source(path=around)
    try:
        recorded = metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        recorded = None
    if not recorded:
        raise RuntimeError(f"uno_nb's TLJH plugin cannot tell where the kit is: "
                           f"set {SOURCE_ENV} to a checkout of it")
    return source_from_direct_url(json.loads(recorded))


# -- the installer's hooks -------------------------------------------------------------

@hookimpl
def tljh_config_post_install(config: dict[str, Any]) -> None:
    """Defaults for a class, each only where config.yaml has no value of its
    own.  TLJH's schema allows only ``jupyterlab`` and ``classic`` as the
    default app: the pupils' landing page (the Voilà index) is set by
    :func:`tljh_custom_jupyterhub_config`, which comes after TLJH's own
    setting, and JupyterLab stays at ``/user/<name>/lab`` for teachers."""
    config.setdefault("user_environment", {}).setdefault("default_app", "jupyterlab")
    config.setdefault("services", {}).setdefault("cull", {}).setdefault("timeout", CULL_TIMEOUT)
    limits = config.setdefault("limits", {})
    limits.setdefault("memory", MEMORY_LIMIT)
    limits.setdefault("cpu", CPU_LIMIT)


@hookimpl
def tljh_extra_hub_pip_packages() -> list[str]:
    """The kit itself: the hub's config imports :mod:`uno_nb.serving.hub`.
    (jupyterhub-idle-culler is in TLJH's hub environment already.)"""
    return [kit_source().requirement()]


@hookimpl
def tljh_extra_user_pip_packages() -> list[str]:
    """The kit with its web app's libraries.  Not Binder's pins: TLJH's user
    environment has its own JupyterLab and Notebook, which pins chosen for
    Binder's base could contradict; pip fits the kit's declared ranges
    (pyproject.toml) to them."""
    return [kit_source().requirement("web")]


def copy_notebooks(source: Path, target: Path) -> None:
    """A fresh read-only copy of ``source`` at ``target`` (owned by the
    installer, root, and readable by all): replaced whole, so that a notebook
    the kit no longer has goes too."""
    staging = target.with_name(target.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(source, staging,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    for path in [staging, *staging.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    shutil.rmtree(target, ignore_errors=True)
    staging.rename(target)
    for folder in (target.parent, target.parent.parent):  # uno_nb/ and share/
        folder.chmod(0o755)


def write_server_config(checkout: Path, target: Path) -> None:
    """The Jupyter server config of Binder's postBuild
    (``binder/server_config.py``: Voilà's template and options, kernel
    culling, the kit's server extension), from the source's voila.json."""
    script = checkout / "binder" / "server_config.py"
    spec = importlib.util.spec_from_file_location("uno_nb_binder_server_config", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    config = module.server_config(checkout / "voila.json")
    # and what every pupil's server on a hub has (uno_nb.serving.hub): the kit's
    # websocket guard, and at most a few pages' kernels
    from uno_nb.serving.hub import CAPPED_MANAGER, GUARDED_CONNECTION

    config.setdefault("ServerApp", {}).update(
        kernel_websocket_connection_class=GUARDED_CONNECTION, kernel_manager_class=CAPPED_MANAGER)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    target.chmod(0o644)


@hookimpl
def tljh_post_install() -> None:
    """After the packages: the notebooks' shared copy, the pupils' Voilà
    server config, the class board's data folder, and the lab's simulator
    compiled by the pupils' Python (as Binder's postBuild does)."""
    with kit_source().checkout() as checkout:
        copy_notebooks(checkout / "notebooks", notebooks_dir())
        write_server_config(checkout, server_config_path())
    board_data_dir().mkdir(parents=True, exist_ok=True, mode=0o700)
    subprocess.run([str(user_python()), *WARM_UP], check=True)


# -- the hub's config ------------------------------------------------------------------

def tljh_settings() -> dict[str, Any]:
    """TLJH's config.yaml as the school set it ({} when there is none)."""
    path = config_yaml()
    if not path.is_file():
        return {}
    loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, dict) else {}


def public_url(settings: Mapping[str, Any]) -> str:
    """The address TLJH's proxy serves the hub at on this machine: https with
    its Let's Encrypt domain when TLJH has https, else http on its port."""
    https = settings.get("https") or {}
    if https.get("enabled"):
        domains = (https.get("letsencrypt") or {}).get("domains") or []
        host = domains[0] if domains else "127.0.0.1"
        return f"https://{host}:{https.get('port', 443)}"
    return f"http://127.0.0.1:{(settings.get('http') or {}).get('port', 80)}"


@hookimpl
def tljh_custom_jupyterhub_config(c: Any) -> None:
    """The kit's hub config (:func:`uno_nb.serving.hub.configure`) over TLJH's:
    TLJH's spawner, authenticator, database, cookie secret, addresses and
    idle culler (``cull-idle``, TLJH's ``services.cull`` settings) all stay;
    the board runs on the pupils' Python with its data in TLJH's state
    folder; the pupils' servers open the shared notebooks.  Teachers are the
    members of the group ``teachers``: set on the hub's admin page, or listed
    in config.yaml (``tljh-config add-item uno_nb.teachers <name>``)."""
    from uno_nb.serving.hub import configure

    settings = tljh_settings()
    teachers = (settings.get("uno_nb") or {}).get("teachers") or []
    configure(c, data_dir=board_data_dir(), public_url=public_url(settings),
              python=str(user_python()), notebooks=notebooks_dir(), auth=None,
              teachers=[str(name) for name in teachers], spawner=None, culler=False)
