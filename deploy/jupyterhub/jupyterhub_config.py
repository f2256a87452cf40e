# The kit on one JupyterHub server, from a clone of this repository.
#
#     make hub        (installs JupyterHub and, with npm, configurable-http-proxy,
#                      then runs .venv/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py)
# Every setting comes from uno_nb.serving.hub.configure;
# this file only reads the environment.  The hub test (tests/test_hub.py)
# starts the hub with this very file.
#
#   UNO_NB_HUB_URL           where pupils open the hub (default http://127.0.0.1:8000)
#   UNO_NB_HUB_PORT          the hub's own API port on 127.0.0.1 (default 8081)
#   UNO_NB_PROXY_API_PORT    the proxy's API port on 127.0.0.1 (default 8001)
#   UNO_NB_HUB_DATA          the hub's folder: its database, the class board's file,
#                            the users' homes (default ~/.local/share/uno_nb/hub)
#   UNO_NB_BOARD_PORT        the class board service's port on 127.0.0.1 (default 10101)
#   UNO_NB_HUB_AUTH          class-password (default), anonymous, or school (keep the
#                            authenticator a config loaded before this one set)
#   UNO_NB_CLASS_PASSWORD    the pupils' password (8 characters or more)
#   UNO_NB_TEACHER_PASSWORD  the teachers' password (8 characters or more)
#   UNO_NB_TEACHERS          the teachers' user names, separated by commas
#   UNO_NB_CULL_AFTER        seconds before an idle server is stopped (default 3600)
#
# Without the passwords the hub makes them once, keeps them in the data folder
# (readable by their owner only) and prints where.
import os
import runpy
import secrets
import sys
from pathlib import Path

from uno_nb.serving.hub import configure

c = get_config()  # noqa: F821 - given by JupyterHub when it reads this file

ROOT = Path(__file__).resolve().parents[2]
env = os.environ
data = Path(env.get("UNO_NB_HUB_DATA") or Path.home() / ".local/share/uno_nb/hub").resolve()
data.mkdir(parents=True, exist_ok=True, mode=0o700)


def password(name: str, variable: str) -> str:
    """The password in ``variable``, or one made once and kept in the data folder."""
    given = env.get(variable)
    if given:
        return given
    path = data / name
    if not path.exists():
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(secrets.token_urlsafe(9) + "\n")
        print(f"uno_nb: the {name.replace('-', ' ')} is in {path}", file=sys.stderr)
    return path.read_text(encoding="ascii").strip()


auth = env.get("UNO_NB_HUB_AUTH", "class-password")
configure(
    c,
    data_dir=data,
    public_url=env.get("UNO_NB_HUB_URL", "http://127.0.0.1:8000"),
    hub_port=int(env.get("UNO_NB_HUB_PORT", "8081")),
    proxy_api_port=int(env.get("UNO_NB_PROXY_API_PORT", "8001")),
    board_port=int(env.get("UNO_NB_BOARD_PORT", "10101")),
    python=sys.executable,
    notebooks=ROOT / "notebooks",
    # what Binder's postBuild writes for each server: Voilà's page settings and
    # the kit's server extension (binder/server_config.py, from voila.json)
    singleuser_config=runpy.run_path(str(ROOT / "binder" / "server_config.py"))["server_config"](
        ROOT / "voila.json"),
    auth=None if auth == "school" else auth,
    class_password=password("class-password", "UNO_NB_CLASS_PASSWORD") if auth == "class-password" else None,
    teacher_password=password("teachers-password", "UNO_NB_TEACHER_PASSWORD") if auth != "school" else None,
    teachers=[name.strip() for name in env.get("UNO_NB_TEACHERS", "").split(",") if name.strip()],
    cull_after=int(env.get("UNO_NB_CULL_AFTER", "3600")),
)
# configurable-http-proxy: installed by `make .venv/.hub-installed` with npm into .venv/chp
proxy = ROOT / ".venv" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
if proxy.exists():
    c.ConfigurableHTTPProxy.command = [str(proxy)]
