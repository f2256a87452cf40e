"""The kit for a school (docs/school.md): the plugin for The Littlest
JupyterHub (deploy/tljh/) called as TLJH calls it, and the Zero to
JupyterHub values and the class board's Kubernetes objects (deploy/z2jh/)
agreeing with the Makefile's image and with the hub config of
uno_nb.serving.hub."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlparse

import pluggy
import pytest
import yaml
from packaging.requirements import Requirement
from traitlets.config import Config

ROOT = Path(__file__).resolve().parent.parent
PLUGIN_DIR = ROOT / "deploy" / "tljh"
Z2JH = ROOT / "deploy" / "z2jh"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]

#: uno_nb.serving.hub's names (test_the_names_are_the_hubs checks them).
SERVICE = "uno-board"
TEACH_SCOPE = "custom:uno-board:teach"
TEACHERS_GROUP = "teachers"
VOILA_INDEX = "/voila/render/00_index.ipynb"
BOARD_MODULE = "uno_nb.serving.hub_board"

#: TLJH's hook specifications, names and arguments as tljh/hooks.py of The
#: Littlest JupyterHub declares them (copied; TLJH is not installed here).
#: The plugin must implement only these, with these arguments.
TLJH_HOOKS: dict[str, tuple[str, ...]] = {
    "tljh_extra_user_conda_packages": (),
    "tljh_extra_user_conda_channels": (),
    "tljh_extra_user_pip_packages": (),
    "tljh_extra_hub_pip_packages": (),
    "tljh_extra_apt_packages": (),
    "tljh_custom_jupyterhub_config": ("c",),
    "tljh_config_post_install": ("config",),
    "tljh_post_install": (),
    "tljh_new_user_create": ("username",),
}
#: The hooks the plugin implements.
IMPLEMENTED = {"tljh_extra_user_pip_packages", "tljh_extra_hub_pip_packages",
               "tljh_config_post_install", "tljh_custom_jupyterhub_config", "tljh_post_install"}

tljh_hookspec = pluggy.HookspecMarker("tljh")


class TLJHSpecs:
    """tljh/hooks.py's specifications (the same names and arguments as
    :data:`TLJH_HOOKS`), for a plugin manager that checks the plugin as TLJH's does."""

    @tljh_hookspec
    def tljh_extra_user_conda_packages(self) -> None: ...

    @tljh_hookspec
    def tljh_extra_user_conda_channels(self) -> None: ...

    @tljh_hookspec
    def tljh_extra_user_pip_packages(self) -> None: ...

    @tljh_hookspec
    def tljh_extra_hub_pip_packages(self) -> None: ...

    @tljh_hookspec
    def tljh_extra_apt_packages(self) -> None: ...

    @tljh_hookspec
    def tljh_custom_jupyterhub_config(self, c: Any) -> None: ...

    @tljh_hookspec
    def tljh_config_post_install(self, config: Any) -> None: ...

    @tljh_hookspec
    def tljh_post_install(self) -> None: ...

    @tljh_hookspec
    def tljh_new_user_create(self, username: str) -> None: ...


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """deploy/tljh/tljh_uno_nb.py, loaded by its path (a new module for each
    test, in sys.modules while it runs, as an imported module is)."""
    monkeypatch.delenv("UNO_NB_SOURCE", raising=False)
    monkeypatch.delenv("TLJH_INSTALL_PREFIX", raising=False)
    spec = importlib.util.spec_from_file_location("tljh_uno_nb", PLUGIN_DIR / "tljh_uno_nb.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "tljh_uno_nb", module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tljh_prefix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A TLJH installation in tmp_path, whose user environment's Python is a
    script that logs its arguments to calls.log and exits with the status in
    ``exit-status`` (0 when absent)."""
    prefix = tmp_path / "tljh"
    python = prefix / "user" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\necho "$@" >> {tmp_path}/calls.log\n'
                      f'exit $(cat {tmp_path}/exit-status 2>/dev/null || echo 0)\n')
    python.chmod(0o755)
    monkeypatch.setenv("TLJH_INSTALL_PREFIX", str(prefix))
    return prefix


def plugin_manager(module: object) -> pluggy.PluginManager:
    """A plugin manager as TLJH makes one (tljh/utils.py: the group "tljh",
    its specifications), with ``module`` registered."""
    pm = pluggy.PluginManager("tljh")
    pm.add_hookspecs(TLJHSpecs)
    pm.register(module, name="uno_nb")
    return pm


def binder_server_config() -> dict[str, Any]:
    """What binder/server_config.py writes for Binder."""
    spec = importlib.util.spec_from_file_location("binder_server_config",
                                                  ROOT / "binder" / "server_config.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result: dict[str, Any] = module.server_config(ROOT / "voila.json")
    return result


# -- the TLJH plugin -------------------------------------------------------------------

def test_the_plugins_hooks_are_tljhs_marked_as_tljh_marks_them(plugin):
    marked = {name for name in dir(plugin) if hasattr(getattr(plugin, name), "tljh_impl")}
    assert marked == IMPLEMENTED
    assert set(TLJH_HOOKS) >= marked
    for name in marked:
        code = getattr(plugin, name).__code__
        assert code.co_varnames[:code.co_argcount] == TLJH_HOOKS[name], name
    # the marker is pluggy's, for the project "tljh", as tljh.hooks makes it
    assert isinstance(plugin.hookimpl, pluggy.HookimplMarker)
    assert plugin.hookimpl.project_name == "tljh"


def test_tljh_finds_and_calls_the_hooks_through_its_plugin_manager(plugin, tmp_path):
    pm = plugin_manager(plugin)  # register() checks each hook against its specification
    assert {caller.name for caller in pm.get_hookcallers(plugin)} == IMPLEMENTED
    uri = ROOT.as_uri()
    assert pm.hook.tljh_extra_user_pip_packages() == [[f"uno_nb[web] @ {uri}"]]
    assert pm.hook.tljh_extra_hub_pip_packages() == [[f"uno_nb @ {uri}"]]
    assert pm.hook.tljh_extra_apt_packages() == []
    config: dict[str, Any] = {}
    pm.hook.tljh_config_post_install(config=config)
    assert config["services"]["cull"]["timeout"] == 3600


def test_the_pip_requirements_name_the_kit_and_its_checkout(plugin):
    user, = plugin.tljh_extra_user_pip_packages()
    hub, = plugin.tljh_extra_hub_pip_packages()
    for line, extras in ((user, {"web"}), (hub, set())):
        requirement = Requirement(line)
        assert (requirement.name, requirement.extras, requirement.url) == \
            ("uno_nb", extras, ROOT.as_uri())


def test_uno_nb_source_names_the_checkout_and_must_be_one(plugin, monkeypatch, tmp_path):
    monkeypatch.setenv("UNO_NB_SOURCE", str(ROOT / "deploy" / ".."))
    assert plugin.tljh_extra_user_pip_packages() == [f"uno_nb[web] @ {ROOT.as_uri()}"]
    monkeypatch.setenv("UNO_NB_SOURCE", str(tmp_path))
    with pytest.raises(RuntimeError, match="not a checkout of uno_nb"):
        plugin.tljh_extra_user_pip_packages()


def test_the_config_defaults_fill_only_what_the_school_left_unset(plugin):
    config: dict[str, Any] = {}
    plugin.tljh_config_post_install(config)
    assert config == {"user_environment": {"default_app": "jupyterlab"},
                      "services": {"cull": {"timeout": 3600}},
                      "limits": {"memory": "1G", "cpu": 1}}
    set_by_school = {"user_environment": {"default_app": "classic"},
                     "services": {"cull": {"timeout": 900, "every": 30}},
                     "limits": {"memory": None}, "https": {"enabled": True}}
    plugin.tljh_config_post_install(set_by_school)
    assert set_by_school == {"user_environment": {"default_app": "classic"},
                             "services": {"cull": {"timeout": 900, "every": 30}},
                             "limits": {"memory": None, "cpu": 1}, "https": {"enabled": True}}


def loose_checkout(tmp_path: Path) -> Path:
    """A copy of the checkout's files that the plugin reads, every one
    writable by all (as a clone made under umask 000 would be)."""
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    for name in ("pyproject.toml", "voila.json", "binder", "notebooks"):
        copy = shutil.copytree if (ROOT / name).is_dir() else shutil.copy2
        copy(ROOT / name, checkout / name)
    for path in checkout.rglob("*"):
        path.chmod(0o777 if path.is_dir() else 0o666)
    return checkout


def test_post_install_shares_the_notebooks_read_only_and_writes_voilas_config(
        plugin, tljh_prefix, tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_NB_SOURCE", str(loose_checkout(tmp_path)))
    shared = tljh_prefix / "share" / "uno_nb" / "notebooks"
    shared.mkdir(parents=True)
    (shared / "gone.ipynb").write_text("{}")  # a notebook the kit no longer has
    plugin.tljh_post_install()
    source = ROOT / "notebooks"
    wanted = sorted(p.relative_to(source) for p in source.rglob("*.ipynb")
                    if ".ipynb_checkpoints" not in p.parts)
    copied = sorted(p.relative_to(shared) for p in shared.rglob("*") if p.is_file())
    assert copied == wanted and len(wanted) >= 14  # English and Russian
    for name in wanted:
        assert (shared / name).read_bytes() == (source / name).read_bytes()
    for path in [shared, *shared.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o755 if path.is_dir() else 0o644), (path, oct(mode))
    written = tljh_prefix / "user/etc/jupyter/jupyter_server_config.d/uno_nb.json"
    # Binder's, and what every pupil's server on a hub has: the guard, the cap
    from uno_nb.serving.hub import CAPPED_MANAGER, GUARDED_CONNECTION

    wanted_config = binder_server_config()
    wanted_config["ServerApp"].update(kernel_websocket_connection_class=GUARDED_CONNECTION,
                                      kernel_manager_class=CAPPED_MANAGER)
    assert json.loads(written.read_text()) == wanted_config
    assert (tljh_prefix / "state" / "uno-board").is_dir()
    # the user environment's Python compiled what Binder's postBuild compiles
    warm_up = " ".join(plugin.WARM_UP)
    assert (tmp_path / "calls.log").read_text().splitlines() == [warm_up]
    assert f"python {warm_up}" in (ROOT / "binder" / "postBuild").read_text()


def test_post_install_fails_when_the_users_python_fails(plugin, tljh_prefix, tmp_path):
    (tmp_path / "exit-status").write_text("3")
    with pytest.raises(subprocess.CalledProcessError):
        plugin.tljh_post_install()


def test_the_kits_source_is_where_pip_installed_the_plugin_from(plugin, tmp_path):
    """direct_url.json (PEP 610), as pip records a local folder or a git URL."""
    local = plugin.source_from_direct_url({"url": (ROOT / "deploy/tljh").as_uri(), "dir_info": {}})
    assert local.requirement("web") == f"uno_nb[web] @ {ROOT.as_uri()}"
    from_git = plugin.source_from_direct_url(
        {"url": "file:///srv/git/uno_nb.git", "subdirectory": "deploy/tljh",
         "vcs_info": {"vcs": "git", "commit_id": "0123abc", "requested_revision": "main"}})
    assert from_git.requirement() == "uno_nb @ git+file:///srv/git/uno_nb.git@0123abc"
    for unusable in ({"url": (tmp_path / "deploy/tljh").as_uri(), "dir_info": {}},
                     {"url": (tmp_path / "plugin.whl").as_uri(), "archive_info": {}},
                     {"url": "file:///srv/hg/uno", "vcs_info": {"vcs": "hg", "commit_id": "1"}}):
        with pytest.raises(RuntimeError, match="UNO_NB_SOURCE"):
            plugin.source_from_direct_url(unusable)


def test_a_git_source_is_cloned_at_the_commit_pip_installed(plugin, tmp_path):
    repository = tmp_path / "kit"
    repository.mkdir()

    def git(*args: str) -> str:
        return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@localhost",
                               "-C", str(repository), *args],
                              capture_output=True, text=True, check=True).stdout.strip()

    git("init", "--quiet")
    (repository / "old.txt").write_text("first")
    git("add", "-A")
    git("commit", "--quiet", "-m", "first")
    first = git("rev-parse", "HEAD")
    (repository / "old.txt").unlink()
    (repository / "new.txt").write_text("second")
    git("add", "-A")
    git("commit", "--quiet", "-m", "second")
    source = plugin.Source(git_url=repository.as_uri(), commit=first)
    with source.checkout() as checkout:
        assert sorted(p.name for p in checkout.iterdir() if p.name != ".git") == ["old.txt"]
        assert git("-C", str(checkout), "rev-parse", "HEAD") == first
    assert not checkout.exists()


def test_the_plugin_installed_by_pip_is_found_by_its_entry_point(tmp_path):
    """As TLJH's bootstrap does: pip installs deploy/tljh, and a plugin manager
    loads the entry points of the group "tljh"; the installed module, away
    from the checkout, finds the kit from what pip recorded."""
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(PLUGIN_DIR)], check=True)
    script = ("import json, pluggy\n"
              "pm = pluggy.PluginManager('tljh')\n"
              "pm.load_setuptools_entrypoints('tljh')\n"
              "print(json.dumps({'plugins': [[n, p.__file__] for n, p in pm.list_name_plugin()],\n"
              "                  'user': pm.hook.tljh_extra_user_pip_packages(),\n"
              "                  'hub': pm.hook.tljh_extra_hub_pip_packages()}))\n")
    env = {k: v for k, v in os.environ.items() if k not in ("UNO_NB_SOURCE", "PYTHONPATH")}
    out = subprocess.run([sys.executable, "-c", script], env={**env, "PYTHONPATH": str(target)},
                         cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    found = json.loads(out)
    assert found["plugins"] == [["uno_nb", str(target / "tljh_uno_nb.py")]]
    assert found["user"] == [[f"uno_nb[web] @ {ROOT.as_uri()}"]]
    assert found["hub"] == [[f"uno_nb @ {ROOT.as_uri()}"]]
    assert not list(PLUGIN_DIR.glob("*.egg-info")) and not (PLUGIN_DIR / "build").exists()


def test_the_hubs_public_url_is_where_tljhs_proxy_serves_it(plugin):
    assert plugin.public_url({}) == "http://127.0.0.1:80"
    assert plugin.public_url({"http": {"port": 8080}}) == "http://127.0.0.1:8080"
    assert plugin.public_url({"https": {"enabled": True, "letsencrypt": {
        "domains": ["school-hub"]}}}) == "https://school-hub:443"
    assert plugin.public_url({"https": {"enabled": True, "port": 8443}}) == \
        "https://127.0.0.1:8443"


def group_users(groups: dict[str, Any], name: str) -> list[str]:
    """A group's members in c.JupyterHub.load_groups (either of its formats)."""
    group = groups[name]
    return list(group["users"] if isinstance(group, dict) else group)


def test_the_hub_config_hook_configures_the_kit_over_tljhs_config(plugin, tljh_prefix):
    (tljh_prefix / "config").mkdir()
    (tljh_prefix / "config" / "config.yaml").write_text(yaml.safe_dump(
        {"services": {"cull": {"timeout": 1800}}, "http": {"port": 8080},
         "uno_nb": {"teachers": ["ms-lee"]}}))
    c = Config()
    # what tljh/jupyterhub_config.py has set when it calls the hook
    c.JupyterHub.spawner_class = "tljh.user_creating_spawner.UserCreatingSpawner"
    c.JupyterHub.authenticator_class = "firstuseauthenticator.FirstUseAuthenticator"
    c.JupyterHub.services = [{"name": "cull-idle", "admin": True, "command": [
        sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=1800"]}]
    plugin_manager(plugin).hook.tljh_custom_jupyterhub_config(c=c)
    assert c.JupyterHub.spawner_class == "tljh.user_creating_spawner.UserCreatingSpawner"
    assert c.JupyterHub.authenticator_class == "firstuseauthenticator.FirstUseAuthenticator"
    board, = (s for s in c.JupyterHub.services if s["name"] == SERVICE)
    assert [str(part) for part in board["command"][:5]] == [
        str(tljh_prefix / "user/bin/python"), "-m", BOARD_MODULE,
        "--data-dir", str(tljh_prefix / "state" / "uno-board" / "board")]
    # TLJH's own culler (with its settings) stays the one culler; its hub's
    # database, cookie secret and addresses are TLJH's, not moved
    cullers = [s for s in c.JupyterHub.services
               if any("jupyterhub_idle_culler" in str(a) for a in s.get("command", []))]
    assert [s["name"] for s in cullers] == ["cull-idle"]
    assert any("1800" in str(a) for a in cullers[0]["command"])
    for name in ("db_url", "cookie_secret_file", "bind_url", "hub_bind_url"):
        assert name not in c.JupyterHub, name
    assert "ConfigurableHTTPProxy" not in c
    assert c.Spawner.default_url == VOILA_INDEX
    assert c.Spawner.environment["UNO_NB_CLASS_SERVER"] == "1"
    assert group_users(c.JupyterHub.load_groups, TEACHERS_GROUP) == ["ms-lee"]
    assert str(tljh_prefix / "share/uno_nb/notebooks") in json.dumps(c, default=str)


# -- Zero to JupyterHub ------------------------------------------------------------------

#: make's own variables: under `make test` they tell a nested make to say its folder
MAKE_ENV = ("IMAGE", "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")


def make(*arguments: str) -> str:
    """What ``make --no-print-directory ARGUMENTS`` prints, run in the checkout
    as a person would run it (not as a make inside `make test`)."""
    env = {k: v for k, v in os.environ.items() if k not in MAKE_ENV}
    return subprocess.run(["make", "--no-print-directory", *arguments], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True).stdout.strip()


def makefile_image() -> str:
    return make("-s", "-f", "Makefile", "print-image")


def values() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((Z2JH / "values.yaml").read_text())
    return loaded


def board_objects() -> dict[str, dict[str, Any]]:
    """board-service.yaml's objects by kind (one of each)."""
    documents = [d for d in yaml.safe_load_all((Z2JH / "board-service.yaml").read_text()) if d]
    by_kind = {d["kind"]: d for d in documents}
    assert len(by_kind) == len(documents) == 3
    return by_kind


def test_the_makefile_image_is_named_after_the_kits_version_and_built_from_binder():
    assert makefile_image() == f"uno-nb:{VERSION}"
    assert make("-n", "image") == f"repo2docker --no-run --image-name uno-nb:{VERSION} ."


def test_the_values_run_the_makefiles_image_on_the_voila_index():
    singleuser = values()["singleuser"]
    assert f"{singleuser['image']['name']}:{singleuser['image']['tag']}" == makefile_image()
    assert singleuser["defaultUrl"] == VOILA_INDEX
    assert singleuser["extraEnv"]["UNO_NB_CLASS_SERVER"] == "1"
    for kind in ("cpu", "memory"):
        assert set(singleuser[kind]) == {"guarantee", "limit"}
    assert singleuser["memory"] == {"guarantee": "512M", "limit": "1G"}


def test_the_values_give_each_pupils_server_the_kits_guard_and_cap_and_restart_it_when_opened():
    from uno_nb.serving.hub import CAPPED_MANAGER, GUARDED_CONNECTION

    v = values()
    files = v["singleuser"]["extraFiles"]
    server = next(f["data"]["ServerApp"] for f in files.values()
                  if f["mountPath"].startswith("/etc/jupyter/jupyter_server_config.d/"))
    assert server == {"kernel_websocket_connection_class": GUARDED_CONNECTION,
                      "kernel_manager_class": CAPPED_MANAGER}
    assert v["hub"]["config"]["JupyterHub"]["implicit_spawn_seconds"] > 0


def test_the_values_cull_idle_servers_and_keep_room_for_a_class():
    v = values()
    assert v["cull"]["enabled"] is True and v["cull"]["timeout"] == 3600 and v["cull"]["every"] > 0
    placeholders = v["scheduling"]["userPlaceholder"]
    assert placeholders["enabled"] is True and placeholders["replicas"] >= 1


def test_the_values_let_the_teachers_group_teach_and_everyone_open_the_board():
    hub = values()["hub"]
    jupyterhub = hub["config"]["JupyterHub"]
    assert TEACH_SCOPE in jupyterhub["custom_scopes"]
    assert TEACHERS_GROUP in jupyterhub["load_groups"]
    teaching = [role for role in hub["loadRoles"].values() if TEACH_SCOPE in role["scopes"]]
    assert [role["groups"] for role in teaching] == [[TEACHERS_GROUP]]
    assert f"access:services!service={SERVICE}" in hub["loadRoles"]["user"]["scopes"]
    assert "self" in hub["loadRoles"]["user"]["scopes"]
    # the class password is given at install, never kept in the file
    assert "user_password" not in json.dumps(hub["config"])


def test_the_board_runs_in_the_same_image_as_the_service_the_values_register():
    objects = board_objects()
    deployment, service, claim = (objects[k] for k in
                                  ("Deployment", "Service", "PersistentVolumeClaim"))
    spec = deployment["spec"]
    assert spec["replicas"] == 1 and spec["strategy"] == {"type": "Recreate"}
    pod = spec["template"]
    container, = pod["spec"]["containers"]
    assert container["image"] == makefile_image()
    command = container["command"]
    assert command[command.index("-m") + 1] == BOARD_MODULE
    assert command[command.index("--data-dir") + 1] == "/data"
    mount, = container["volumeMounts"]
    volume, = pod["spec"]["volumes"]
    assert (mount["mountPath"], mount["name"]) == ("/data", volume["name"])
    assert volume["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]
    assert claim["spec"]["accessModes"] == ["ReadWriteOnce"]
    # the Service selects this pod, and is where the hub's service points
    labels = pod["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()
    assert spec["selector"]["matchLabels"].items() <= labels.items()
    assert labels["hub.jupyter.org/network-access-hub"] == "true"
    hub_service = values()["hub"]["services"][SERVICE]
    url = urlparse(hub_service["url"])
    port, = service["spec"]["ports"]
    assert (url.hostname, url.port) == (service["metadata"]["name"], port["port"])
    container_port, = container["ports"]
    assert port["targetPort"] in (container_port["name"], container_port["containerPort"])
    env = {e["name"]: e for e in container["env"]}
    assert env["JUPYTERHUB_API_TOKEN"]["valueFrom"]["secretKeyRef"] == {
        "name": "hub", "key": f"hub.services.{SERVICE}.apiToken"}
    assert env["JUPYTERHUB_SERVICE_NAME"]["value"] == SERVICE
    assert env["JUPYTERHUB_SERVICE_PREFIX"]["value"] == f"/services/{SERVICE}/"
    assert urlparse(env["JUPYTERHUB_SERVICE_URL"]["value"]).port == container_port["containerPort"]
    # the pupils' pages reach it, and the network policy lets them
    board_url = urlparse(values()["singleuser"]["extraEnv"]["UNO_NB_HUB_BOARD"])
    assert (board_url.hostname, board_url.port) == (url.hostname, url.port)
    rule, = values()["singleuser"]["networkPolicy"]["egress"]
    assert rule["to"][0]["podSelector"]["matchLabels"].items() <= labels.items()
    assert rule["ports"][0]["port"] == container_port["containerPort"]


# -- against uno_nb.serving.hub ------------------------------------------------------------

def test_the_names_are_the_hubs():
    from uno_nb.serving import hub
    assert (hub.SERVICE, hub.TEACH_SCOPE, hub.TEACHERS_GROUP) == \
        (SERVICE, TEACH_SCOPE, TEACHERS_GROUP)


def test_the_values_give_the_hub_what_configure_gives_it(tmp_path):
    """The chart cannot run configure() (its hub image has no uno_nb): the
    values say the same by hand, and this holds them to it."""
    from uno_nb.serving.hub import configure
    c = Config()
    configure(c, data_dir=tmp_path / "board", teachers=(), auth=None)
    hub = values()["hub"]
    assert set(c.JupyterHub.custom_scopes) == set(hub["config"]["JupyterHub"]["custom_scopes"])
    roles = {role["name"]: role for role in c.JupyterHub.load_roles}
    for name in ("user", "uno-teacher"):
        for key in ("scopes", "groups"):
            assert sorted(roles[name].get(key, [])) == sorted(hub["loadRoles"][name].get(key, [])), \
                (name, key)
    assert sorted(c.Spawner.server_token_scopes) == \
        sorted(hub["config"]["Spawner"]["server_token_scopes"])
    assert c.Spawner.default_url == values()["singleuser"]["defaultUrl"]
    assert TEACHERS_GROUP in c.JupyterHub.load_groups
    board, = (s for s in c.JupyterHub.services if s["name"] == SERVICE)
    ours = hub["services"][SERVICE]
    for key in {k for k in (*board, *ours) if k.startswith("oauth_")}:
        assert board.get(key) == ours.get(key), key
    env = c.Spawner.environment
    extra = values()["singleuser"]["extraEnv"]
    assert env["UNO_NB_CLASS_SERVER"] == extra["UNO_NB_CLASS_SERVER"]
    assert urlparse(env["UNO_NB_HUB_BOARD"]).path == urlparse(extra["UNO_NB_HUB_BOARD"]).path == "/"


# -- the test environment and the doc ----------------------------------------------------

def test_pluggy_and_pyyaml_are_in_the_test_environment():
    """The plugin imports both; TLJH's hub environment has them, and so must
    the environment these tests run in (pluggy comes with pytest, PyYAML
    with Jupyter's jupyter_events)."""
    assert pluggy.PluginManager("tljh").project_name == "tljh"
    assert yaml.safe_load("a: [1, 2]") == {"a": [1, 2]}


def test_the_school_doc_names_the_files_and_gives_the_measured_figures():
    text = (ROOT / "docs" / "school.md").read_text(encoding="utf-8")
    for name in ("deploy/tljh", "deploy/z2jh/values.yaml", "deploy/z2jh/board-service.yaml",
                 "make image", "make app", "--plugin", "helm upgrade --install",
                 "kubectl apply -f deploy/z2jh/board-service.yaml", TEACHERS_GROUP):
        assert name in text, name
    measured = text.split("\n## Measured\n", 1)[1].split("\n## ", 1)[0]
    assert "benchmarks/classroom.py --hub" in measured
    # the figures for 1, 10 and 30 pupils, beside make app's, and what a school server holds
    rows = [line for line in measured.splitlines() if line.startswith("| ")]
    assert [row.split("|")[1].strip() for row in rows[1:]] == ["1", "10", "30"]
    assert "8 cores and 32 GB" in measured
