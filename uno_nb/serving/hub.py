"""The kit on a JupyterHub: one school server, or a cluster.

A hub gives every pupil and teacher a Jupyter server of their own, signed in
by the school's accounts (or a class password); the kit runs in each of them
as the web app (Voilà's server extension, the index page as the landing
page), and the class board becomes a **service of the hub**
(:mod:`uno_nb.serving.hub_board`): one process, managed by the hub, that
owns the board's SQLite file, so that servers on any machine write to it
through its HTTP API.  Who is writing is the hub's to say (its OAuth
tokens), never the page's; teacher actions need the scope
:data:`TEACH_SCOPE`, which the hub grants to the group :data:`TEACHERS_GROUP`.

:func:`configure` sets all of that on a hub's configuration; it is called by
``deploy/jupyterhub/jupyterhub_config.py`` (one server, and the hub test),
by the TLJH plugin (``deploy/tljh``), and its choices are written out for
Zero to JupyterHub in ``deploy/z2jh/values.yaml``.

This module imports nothing of JupyterHub: it only fills a traitlets
``Config``, so that the kit can describe a hub without running one.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Iterable, Mapping

__all__ = ["SERVICE", "TEACH_SCOPE", "TEACHERS_GROUP", "BOARD_ENV", "HOME_URL", "configure",
           "board_url", "SINGLEUSER_CONFIG"]

#: The class board's service name: its pages are under ``/services/uno-board/``.
SERVICE = "uno-board"
#: The hub's scope for a teacher's actions on the board (start, lead, read, export).
TEACH_SCOPE = f"custom:{SERVICE}:teach"
#: The hub's group whose members hold :data:`TEACH_SCOPE`.
TEACHERS_GROUP = "teachers"
#: The board service's address, given to every pupil's server and so to its kernels.
BOARD_ENV = "UNO_NB_HUB_BOARD"
#: Where a pupil lands after signing in: the index page, as a web app.
HOME_URL = "/voila/render/00_index.ipynb"
#: The single-user servers' Jupyter config (Voilà's settings, the kit's server
#: extension), written into the hub's data folder.
SINGLEUSER_CONFIG = "uno_nb_singleuser.json"
#: What a page's websocket may ask of its kernel in a pupil's server that runs as
#: the hub's own system user: the widgets' messages, as Voilà's own app allows, and
#: no code (Voilà runs the notebook in the server, not through the page).
WEB_APP_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request",
                    "kernel_info_request", "shutdown_request"]
#: The contents manager of such a server: the notebooks read, never written.
READ_ONLY_CONTENTS = "uno_nb.serving.capped.ReadOnlyContents"
#: The kit's websocket guard (uno_nb.serving.flood), named for a Jupyter server's config.
GUARDED_CONNECTION = "uno_nb.serving.guarded.GuardedConnection"
#: The kernel manager of a pupil's server: at most a few pages' kernels (uno_nb.serving.capped).
CAPPED_MANAGER = "uno_nb.serving.capped.CappedKernelManager"
#: The sign-ins :func:`configure` can choose (:mod:`uno_nb.serving.hub_auth`):
#: a class password (pupils pick a name; the teachers' names sign in with the
#: teachers' password), or anonymous pupils (``/hub/tmplogin`` makes each a
#: temporary user; teachers as before); ``None`` keeps the school's own.
AUTHS = ("class-password", "anonymous")


def board_url(board_port: int, host: str = "127.0.0.1") -> str:
    """The board service's own address (the hub proxies ``/services/uno-board/`` to it)."""
    return f"http://{host}:{board_port}/"


def configure(c: Any, *, data_dir: str | Path, public_url: str = "http://127.0.0.1:8000",
              board_port: int = 10101, python: str = sys.executable,
              notebooks: str | Path | None = None,
              singleuser_config: Mapping[str, Any] | None = None,
              auth: str | None = "class-password", class_password: str | None = None,
              teacher_password: str | None = None, teachers: Iterable[str] = (),
              cull_after: int = 3600, spawner: str | None = "simple",
              hub_port: int | None = None, proxy_api_port: int | None = None,
              culler: bool = True, culler_python: str | None = None) -> None:
    """Set the kit's hub on ``c`` (the ``Config`` of ``jupyterhub_config.py``).

    ``data_dir`` holds the hub's database and cookie secret and the board's
    file; ``public_url`` is where pupils open the hub (its proxy); the board
    service listens on 127.0.0.1:``board_port``, run with ``python`` (an
    environment where the kit is installed).  ``notebooks``: the folder of
    the kit's notebooks the pupils' servers serve (their root).
    ``singleuser_config``: the Jupyter server config each pupil's server is
    started with (Voilà's page settings and the kit's server extension: what
    ``binder/server_config.py`` writes for Binder).  ``auth``: one of
    :data:`AUTHS`, or ``None`` to keep the school's authenticator;
    ``teachers``: the user names put in :data:`TEACHERS_GROUP`.
    ``spawner``: ``"simple"`` runs each user's server as the hub's own
    system user with a home folder under ``data_dir`` (one machine, no
    system accounts: the test's); ``None`` keeps the deployment's
    (TLJH's systemd spawner, Kubernetes' KubeSpawner).  Idle servers are
    stopped after ``cull_after`` seconds (jupyterhub-idle-culler).
    ``hub_port`` and ``proxy_api_port``: the hub's API and the proxy's API on
    127.0.0.1 (JupyterHub's 8081 and 8001 when not given).  With
    ``spawner=None`` the hub's own files and addresses (its database, cookie
    secret, bind URL, proxy) stay the deployment's.  ``culler=False`` leaves
    culling to the deployment's own culler (TLJH's ``cull-idle``);
    ``culler_python``: a Python with jupyterhub-idle-culler (the hub's), when
    ``python`` (the board's) has none.  Services and roles are added to those
    the config has.
    """
    data = Path(data_dir).resolve()
    data.mkdir(parents=True, exist_ok=True)
    if spawner is not None:  # the kit's own hub; a deployment's (TLJH) keeps its own files
        c.JupyterHub.bind_url = public_url
        if hub_port is not None:
            c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{hub_port}"
        c.JupyterHub.db_url = f"sqlite:///{data / 'jupyterhub.sqlite'}"
        c.JupyterHub.cookie_secret_file = str(data / "jupyterhub_cookie_secret")
        c.ConfigurableHTTPProxy.pid_file = str(data / "jupyterhub-proxy.pid")
        if proxy_api_port is not None:
            c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{proxy_api_port}"
    board = board_url(board_port)
    ours = [
        {"name": SERVICE, "url": board.rstrip("/"), "display": False, "oauth_no_confirm": True,
         "command": [python, "-m", "uno_nb.serving.hub_board", "--data-dir", str(data / "board")],
         # the board's own token may read who a token belongs to (its default) and no more
         "oauth_client_allowed_scopes": [f"access:services!service={SERVICE}", TEACH_SCOPE]},
    ]
    if culler:
        ours.append({"name": "idle-culler", "command": [
            culler_python or python, "-m", "jupyterhub_idle_culler",
            f"--timeout={int(cull_after)}", f"--cull-every={max(60, int(cull_after) // 6)}"]})
    # (added to the services the deployment has, TLJH's own culler among them)
    kept = list(c.JupyterHub.services) if "services" in c.JupyterHub else []
    c.JupyterHub.services = [service for service in kept
                             if service.get("name") not in {s["name"] for s in ours}] + ours
    c.JupyterHub.custom_scopes = {
        TEACH_SCOPE: {"description": "Lead a class on the uno_nb class board: start it, "
                                     "send it to a page, reveal answers, read and export its rows."},
    }
    roles = [
        # every user may reach the board service (as themselves: the board finds who they are)
        {"name": "user", "scopes": ["self", f"access:services!service={SERVICE}"]},
        {"name": "uno-teacher", "description": "Teachers lead classes on the uno_nb class board",
         "scopes": [TEACH_SCOPE],  # (reaching the board: every user's role has it)
         "groups": [TEACHERS_GROUP]},
    ]
    if culler:
        roles.append({"name": "idle-culler", "scopes": ["list:users", "read:users:activity",
                                                        "read:servers", "delete:servers"],
                      "services": ["idle-culler"]})
    kept_roles = list(c.JupyterHub.load_roles) if "load_roles" in c.JupyterHub else []
    c.JupyterHub.load_roles = [role for role in kept_roles
                               if role.get("name") not in {r["name"] for r in roles}] + roles
    c.JupyterHub.load_groups = {TEACHERS_GROUP: {"users": sorted(set(teachers))}}
    # the token a user's server (and so its kernels) holds: the usual server
    # scopes, the board, and the teacher's scope for those who hold it (the hub
    # keeps only the scopes the user has: a pupil's token has no TEACH_SCOPE)
    c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server",
                                     f"access:services!service={SERVICE}", TEACH_SCOPE]
    c.Spawner.default_url = HOME_URL
    # a class signs in at once: the servers start together, and on a busy
    # machine one may take minutes, not JupyterHub's 60 s (measured: 30 pupils
    # at once on two cores, the last ready after about two and a half minutes)
    c.Spawner.start_timeout = 300
    c.Spawner.http_timeout = 300
    # a pupil whose server was stopped (culled, or its machine restarted) who
    # opens a page again has it started without a button to find
    c.JupyterHub.implicit_spawn_seconds = 2
    c.Spawner.environment = {"UNO_NB_CLASS_SERVER": "1", BOARD_ENV: board}
    if notebooks is not None:
        c.Spawner.notebook_dir = str(Path(notebooks).resolve())
    args: list[str] = []
    if singleuser_config is not None:
        target = data / SINGLEUSER_CONFIG
        settings = {name: dict(section) for name, section in singleuser_config.items()}
        # the kit's websocket guard in every pupil's server, as in make app's
        server = settings.setdefault("ServerApp", {})
        server.setdefault("kernel_websocket_connection_class", GUARDED_CONNECTION)
        # and a cap on the pupil's kernels, the pages they left stopped first
        # (voila.json's culling, MappingKernelManager's settings, apply to it: a subclass)
        server.setdefault("kernel_manager_class", CAPPED_MANAGER)
        if spawner == "simple":
            # every pupil's server runs as the hub's own system user, beside the
            # hub's secrets: it serves the web app and nothing else (no code
            # from a page, no terminal, the notebooks never written)
            server["terminals_enabled"] = False
            server["contents_manager_class"] = READ_ONLY_CONTENTS
            settings.setdefault("MappingKernelManager", {})["allowed_message_types"] = \
                WEB_APP_MESSAGES
        target.write_text(json.dumps(settings, indent=2) + "\n", encoding="utf-8")
        args.append(f"--config={target}")
    if spawner == "simple":
        if os.geteuid() == 0:  # (a container's root: Jupyter asks to be told)
            args.append("--allow-root")
        c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
        c.SimpleLocalProcessSpawner.home_dir_template = str(data / "homes" / "{username}")
        c.Spawner.cmd = [str(Path(python).parent / "jupyterhub-singleuser")]
    elif spawner is not None:
        raise ValueError(f"unknown spawner {spawner!r}: 'simple' or None (the deployment's own)")
    if args:
        c.Spawner.args = args
    if auth in AUTHS:
        if not teacher_password or (auth == "class-password" and not class_password):
            raise ValueError("a teachers' password is needed, and a class password "
                             "unless the pupils sign in anonymously")
        c.JupyterHub.authenticator_class = "uno_nb.serving.hub_auth.ClassPasswordAuthenticator"
        c.ClassPasswordAuthenticator.user_password = class_password or None
        c.ClassPasswordAuthenticator.teacher_password = teacher_password
        c.ClassPasswordAuthenticator.teachers = sorted(set(teachers))
        c.ClassPasswordAuthenticator.anonymous_pupils = auth == "anonymous"
        c.ClassPasswordAuthenticator.allow_all = True
    elif auth is not None:
        raise ValueError(f"unknown authenticator {auth!r}: one of {AUTHS} or None (the school's)")
