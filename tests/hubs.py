"""The kit's JupyterHub, started for a test or a benchmark on loopback ports.

:func:`running_hub` starts ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py``
(the configuration the kit ships, given its settings in the environment)
with its own data folder, and waits for the events that say it is ready: the
hub's line "JupyterHub is now running" and the board service's "the class
board serves".  :func:`ensure_proxy` installs the hub's proxy,
configurable-http-proxy, with npm into ``.venv/chp`` (where the
configuration finds it) when it is missing.  :func:`sign_in` signs a user in
through the hub's own login page in a browser context and waits until their
server has opened the landing page; :func:`token` makes an API token for the
signed-in user, as the hub's token page does.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
#: configurable-http-proxy, from npm (the version the hub test runs)
PROXY_VERSION = "5.3.0"
PROXY_DIR = ROOT / ".venv" / "chp"
PROXY = PROXY_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
CLASS_PASSWORD = "class-pass-7"
TEACHER_PASSWORD = "teachers-pass-9"
#: How long the hub may take to say it runs (a machine whose cores are busy).
START_S = 180.0


class HubMissing(RuntimeError):
    """A prerequisite of the hub is missing and could not be installed."""


def ensure_proxy(npm: str) -> Path:
    """configurable-http-proxy in PROXY_DIR, installed with ``npm`` if missing."""
    if PROXY.exists():
        return PROXY
    command = [npm, "install", "--prefix", str(PROXY_DIR), "--no-audit", "--no-fund",
               "--save-exact", f"configurable-http-proxy@{PROXY_VERSION}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode or not PROXY.exists():
        raise HubMissing(f"{' '.join(command)} failed ({done.returncode}):\n"
                         f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return PROXY


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


@dataclass
class Hub:
    base: str  # the public address: http://127.0.0.1:PORT
    process: subprocess.Popen[bytes]
    log: Path
    data: Path
    teachers: tuple[str, ...]

    @property
    def board_api(self) -> str:
        return f"{self.base}/services/uno-board/api"

    def log_tail(self, chars: int = 5000) -> str:
        return self.log.read_text(errors="replace")[-chars:]

    def wait_for_log(self, pattern: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not re.search(pattern, self.log.read_text(errors="replace"), re.MULTILINE):
            if self.process.poll() is not None:
                raise AssertionError(f"the hub stopped:\n{self.log_tail()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"no {pattern!r} in the hub's log:\n{self.log_tail()}")
            time.sleep(0.2)

    def call(self, method: str, url: str, token: str, body: Any = None) -> tuple[int, Any]:
        """An HTTP call with a hub token: (status, JSON or text)."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(url, data=data, method=method, headers={
            "Authorization": f"token {token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, payload = response.status, response.read()
                kind = response.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            status, payload, kind = error.code, error.read(), error.headers.get("Content-Type", "")
        text = payload.decode("utf-8", "replace")
        return status, json.loads(text) if "json" in kind and text else text

    def board(self, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
        return self.call(method, self.board_api + path, token, body)


@contextlib.contextmanager
def running_hub(folder: Path, *, teachers: tuple[str, ...] = ("teacher",),
                cull_after: int = 3600) -> Iterator[Hub]:
    """The kit's hub (deploy/jupyterhub/jupyterhub_config.py) on free loopback
    ports, its data and log in ``folder``; stopped, with everything it
    started, on the way out."""
    if not PROXY.exists():
        raise HubMissing(f"no configurable-http-proxy at {PROXY}: ensure_proxy() installs it")
    jupyterhub = Path(sys.executable).parent / "jupyterhub"
    if not jupyterhub.exists():
        raise HubMissing(f"no {jupyterhub}: JupyterHub is installed with the kit's [hub] "
                         "extra (make test installs it)")
    public, hub_port, board_port, proxy_api = free_ports(4)
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "jupyterhub.log"
    env = {**os.environ,
           "UNO_NB_HUB_DATA": str(folder / "data"),
           "UNO_NB_HUB_URL": f"http://127.0.0.1:{public}",
           "UNO_NB_HUB_PORT": str(hub_port), "UNO_NB_BOARD_PORT": str(board_port),
           "UNO_NB_PROXY_API_PORT": str(proxy_api),
           "UNO_NB_HUB_AUTH": "class-password",
           "UNO_NB_CLASS_PASSWORD": CLASS_PASSWORD, "UNO_NB_TEACHER_PASSWORD": TEACHER_PASSWORD,
           "UNO_NB_TEACHERS": ",".join(teachers), "UNO_NB_CULL_AFTER": str(cull_after),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    for name in [*("UNO_NB_CLASSBOARD", "UNO_NB_CLASS_SERVER", "UNO_NB_TEACHER",
                   "UNO_NB_HUB_BOARD"), *(n for n in env if n.startswith("JUPYTERHUB_"))]:
        env.pop(name, None)  # (tests run inside a hub, as on Binder, take nothing of it)
    with open(log, "wb") as out:
        process = subprocess.Popen([str(jupyterhub), "-f", str(CONFIG)], cwd=folder, env=env,
                                   stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    hub = Hub(f"http://127.0.0.1:{public}", process, log, folder / "data", teachers)
    try:
        hub.wait_for_log(r"JupyterHub is now running", START_S)
        hub.wait_for_log(r"the class board serves", START_S)
        yield hub
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)  # the hub stops the servers it spawned
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        _stop_leftovers(folder)


def _stop_leftovers(folder: Path) -> None:
    """The single-user servers run in sessions of their own: any still
    running from this hub's data folder (their home is there) is stopped."""
    home = str(folder / "data" / "homes")
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            environ = (proc / "environ").read_bytes()
        except OSError:
            continue
        if f"HOME={home}".encode() in environ:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(int(proc.name), signal.SIGKILL)


def sign_in(context: Any, hub: Hub, name: str, password: str, timeout_ms: float) -> Any:
    """Sign ``name`` in through the hub's login page in ``context`` (a
    Playwright browser context): the hub starts their server and the browser
    lands on the kit's index page.  The page, once there."""
    page = context.new_page()
    page.goto(f"{hub.base}/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")
    page.wait_for_url(f"**/user/{name}/voila/render/00_index.ipynb*", timeout=timeout_ms)
    return page


def token(context: Any, hub: Hub, name: str, scopes: list[str]) -> str:
    """A new API token of the signed-in ``name``, with ``scopes`` (the hub
    refuses scopes the user does not hold), made as the hub's token page makes it."""
    xsrf = next(c["value"] for c in context.cookies(hub.base + "/hub/") if c["name"] == "_xsrf")
    response = context.request.post(f"{hub.base}/hub/api/users/{name}/tokens",
                                    data=json.dumps({"scopes": scopes, "note": "test"}),
                                    headers={"X-XSRFToken": xsrf,
                                             "Content-Type": "application/json"})
    if not response.ok:
        raise AssertionError(f"no token for {name}: {response.status} {response.text()}")
    return str(response.json()["token"])


def server_state(context: Any, hub: Hub, name: str) -> dict[str, Any]:
    """The hub's word on ``name``'s default server ({} when it has none)."""
    response = context.request.get(f"{hub.base}/hub/api/users/{name}")
    return dict(response.json().get("servers", {}).get("", {}))


def stop_server(context: Any, hub: Hub, name: str, seconds: float) -> None:
    """Stop ``name``'s server as its owner would (the hub's API), and wait until it is gone."""
    xsrf = next(c["value"] for c in context.cookies(hub.base + "/hub/") if c["name"] == "_xsrf")
    response = context.request.delete(f"{hub.base}/hub/api/users/{name}/server",
                                      headers={"X-XSRFToken": xsrf})
    assert response.status in (202, 204), f"{response.status} {response.text()}"
    deadline = time.monotonic() + seconds
    while server_state(context, hub, name):
        assert time.monotonic() < deadline, f"{name}'s server never stopped"
        time.sleep(0.2)
