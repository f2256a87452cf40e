"""How the kit is shipped: Binder's files agree with pyproject.toml, the
Voila config in the repository sets what the web app needs, and the pitfalls
met on the way stay avoided.  (The app itself is tested in a browser in
test_webapp.py.)"""

from __future__ import annotations

import ast
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
BINDER = ROOT / "binder"
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))  # English, and Russian in ru/
TEMPLATE = ROOT / "share/jupyter/voila/templates/uno_nb"
#: What Binder's base environment (repo2docker, Python 3.11) holds before it
#: installs binder/requirements.txt; tests/test_binder.py builds it.
BINDER_BASE = {"notebook": "7.4.7", "jupyterlab": "4.4.9"}


def binder_pins() -> dict[str, Version]:
    pins = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            requirement = Requirement(line)
            (spec,) = requirement.specifier  # exactly one "==" each
            assert spec.operator == "==", f"not pinned: {line}"
            pins[canonicalize_name(requirement.name)] = Version(spec.version)
    return pins


def declared() -> dict[str, list[SpecifierSet]]:
    """Every requirement of the project and its extras, by name."""
    found: dict[str, list[SpecifierSet]] = {}
    project = PYPROJECT["project"]
    lists = [project["dependencies"], *project["optional-dependencies"].values()]
    for line in (item for items in lists for item in items):
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        if name != canonicalize_name(project["name"]):
            found.setdefault(name, []).append(requirement.specifier)
    return found


def extra(name: str) -> set[str]:
    """The names an extra brings in, following ``uno_nb[...]`` references."""
    names = set()
    for line in PYPROJECT["project"]["optional-dependencies"][name]:
        requirement = Requirement(line)
        if canonicalize_name(requirement.name) == canonicalize_name(PYPROJECT["project"]["name"]):
            for inner in requirement.extras:
                names |= extra(inner)
        else:
            names.add(canonicalize_name(requirement.name))
    return names


#: Package modules that Binder never runs, with the extra that brings in what
#: they import: the teacher's pack is printed from a clone (make handouts).
NOT_ON_BINDER = {"handouts.py": "pack",
                 # the hub's own (its authenticator) and the board service's, installed
                 # with the hub (Binder's image has a JupyterHub of its own for the service)
                 "hub_auth.py": "hub", "hub_board.py": "hub"}


def imported_modules(on_binder: bool = True) -> set[str]:
    """Top-level modules imported by the package and the notebooks when they
    run (not the imports under ``if TYPE_CHECKING:``, which only the type
    checker reads); with ``on_binder=False`` only those of NOT_ON_BINDER."""
    package = sorted((ROOT / "uno_nb").rglob("*.py"))
    sources = [p.read_text() for p in package if (p.name in NOT_ON_BINDER) != on_binder]
    if not on_binder:
        return _imports(sources)
    for path in NOTEBOOKS:
        cells = json.loads(path.read_text())["cells"]
        sources += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return _imports(sources)


def _imports(sources: list[str]) -> set[str]:
    modules = set()
    for source in sources:
        tree = ast.parse(source)
        typing_only = {id(inner) for node in ast.walk(tree)
                       if isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                       and node.test.id == "TYPE_CHECKING"
                       for stmt in node.body for inner in ast.walk(stmt)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                modules |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    return modules - set(sys.stdlib_module_names) - {"uno_nb", "__future__"}


def test_every_binder_pin_satisfies_pyproject():
    pins, specs = binder_pins(), declared()
    for name, version in pins.items():
        for spec in specs.get(name, []):
            assert version in spec, f"binder pins {name}=={version}, pyproject asks {spec}"


def test_everything_the_package_and_notebooks_import_is_declared_and_pinned():
    modules = imported_modules()
    assert {"ipywidgets", "plotly", "voila"} <= modules  # the scan sees the real imports
    distributions = packages_distributions()
    pins, specs = binder_pins(), declared()
    for module in sorted(modules):
        names = {canonicalize_name(d) for d in distributions.get(module, [module])}
        assert names & set(pins), f"{module} is imported but not pinned in binder/requirements.txt"
        assert names & set(specs), f"{module} is imported but not declared in pyproject.toml"


def test_what_only_the_teachers_printing_and_the_hub_import_is_in_their_extras_not_on_binder():
    modules = imported_modules(on_binder=False)
    assert {"mistune", "playwright", "jupyterhub", "tmpauthenticator"} <= modules
    distributions = packages_distributions()
    allowed = set().union(*(extra(name) for name in NOT_ON_BINDER.values()))
    for module in sorted(modules - imported_modules()):
        names = {canonicalize_name(d) for d in distributions.get(module, [module])}
        assert names & allowed, f"{module} is in none of the extras {set(NOT_ON_BINDER.values())}"
        assert not names & set(binder_pins()), f"Binder installs {module}, which it never runs"


def test_binder_pins_everything_the_apps_web_app_and_lab_need():
    assert extra("apps") | extra("web") | extra("lab") <= set(binder_pins())


def test_anywidget_is_listed_wherever_plotly_is():
    """The charts (and the light controls) are anywidgets, and plotly does not pull it in."""
    for name in PYPROJECT["project"]["optional-dependencies"]:
        names = extra(name)
        if "plotly" in names:
            assert "anywidget" in names, f"extra {name!r} has plotly without anywidget"
    assert "anywidget" in binder_pins()


def test_binder_pins_a_python_the_package_supports():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.\d+", runtime)
    assert Version(runtime.removeprefix("python-")) in SpecifierSet(PYPROJECT["project"]["requires-python"])


def test_postbuild_installs_the_package_and_gives_voila_the_app_settings(tmp_path):
    """repo2docker ignores the root pyproject.toml when binder/ exists."""
    post = (BINDER / "postBuild").read_text()
    assert (BINDER / "postBuild").stat().st_mode & 0o111, "postBuild must be executable"
    assert re.search(r"pip install .*--no-deps .*\.$", post, re.M)
    assert "binder/server_config.py" in post
    target = tmp_path / "jupyter_server_config.d" / "uno_nb.json"
    subprocess.run([sys.executable, str(BINDER / "server_config.py"), str(target)], check=True,
                   capture_output=True)
    config = json.loads(target.read_text())
    voila = json.loads((ROOT / "voila.json").read_text())
    assert config["VoilaConfiguration"]["template"] == "uno_nb"
    assert config["MappingKernelManager"] == voila["MappingKernelManager"]
    assert config["VoilaExecutor"] == voila["VoilaExecutor"]
    # the kit's server extension: a closed page's kernel is shut down, no MathJax from a CDN
    assert config["ServerApp"]["jpserver_extensions"] == {"uno_nb.serving.server_extension": True}
    import uno_nb.serving.server_extension as extension
    assert extension._jupyter_server_extension_points() == [{"module": "uno_nb.serving.server_extension"}]


def test_the_compiled_simulator_is_warmed_wherever_the_kit_is_set_up():
    """make lab and Binder's postBuild compile the kernel into numba's disk
    cache before the first lab run, make app's launcher in the background,
    make test's pytest (conftest.py) while the engine's tests run; the web
    app, the tests and Binder all install numba (the fast extra)."""
    makefile = (ROOT / "Makefile").read_text()
    # make app serves at once (the launcher compiles in the background, the lab
    # plays on the engine until then: tests/test_serving.py); make
    # lab has no launcher, so it compiles first
    app = re.search(r"^app:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert "uno_nb.kernel" not in app and "uno_nb.serving.webapp" in app
    lab = re.search(r"^lab:.*\n((?:\t.*\n)+)", makefile, re.M).group(1)
    assert [line.strip() for line in lab.splitlines()][0] == "$(BIN)/python -m uno_nb.kernel"
    conftest = (ROOT / "conftest.py").read_text()
    assert '[sys.executable, "-m", "uno_nb.kernel"]' in conftest
    post = (BINDER / "postBuild").read_text()
    assert post.index("python -m uno_nb.kernel") > post.index("pip install")
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert any(req.startswith("numba") for req in extras["fast"])
    assert "fast" in extras["web"][0] and "numba" in binder_pins()
    out = subprocess.run([sys.executable, "-m", "uno_nb.kernel"], capture_output=True, text=True,
                         check=True).stdout
    assert out.startswith("uno_nb.kernel: compiled simulator ready (")


def test_binder_pins_the_jupyterlab_of_binders_base():
    """Binder's base has notebook 7.4.7, which requires JupyterLab >=4.4.9,<4.5:
    a newer pin made pip replace the base's JupyterLab and report the conflict.
    The pin also serves `make lab`, so JupyterLab stays pinned (and declared)."""
    pins = binder_pins()
    assert str(pins["jupyterlab"]) == BINDER_BASE["jupyterlab"]
    assert "notebook" not in pins  # the base's own; pinning it again could only disagree
    assert any(pins["jupyterlab"] in spec for spec in declared()["jupyterlab"])


def test_the_voila_config_preheats_culls_and_uses_the_kit_template():
    config = json.loads((ROOT / "voila.json").read_text())
    voila = config["VoilaConfiguration"]
    assert voila["template"] == "uno_nb" and voila["strip_sources"] is True
    assert voila["preheat_kernel"] is True and voila["default_pool_size"] >= 1
    cull = config["MappingKernelManager"]
    # closing a page does not always shut its kernel down: idle kernels without a page go
    assert cull["cull_idle_timeout"] > 0 and cull["cull_interval"] > 0
    assert cull["cull_connected"] is False  # a learner reading a page keeps their game
    assert config["Voila"]["root_dir"] == "notebooks" and config["Voila"]["port"] == 8866
    # while twelve pages preheat at once on two cores, a cell's outputs may come
    # seconds after its reply: nbclient's 4 s default dropped an app's widget
    # (a page that stayed blank); wait for them as long as a page does
    assert config["VoilaExecutor"]["iopub_timeout"] >= 60
    assert json.loads((TEMPLATE / "conf.json").read_text())["base_template"] == "lab"
    # the whole template folder is installed into {prefix}/share/jupyter, editable installs too
    shared = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["shared-data"]
    template = TEMPLATE.relative_to(ROOT).as_posix()
    assert shared == {template: template}
    assert PYPROJECT["build-system"]["build-backend"] == "hatchling.build"


def test_the_page_template_loads_nothing_from_outside_and_fits_a_phone():
    text = "".join(p.read_text() for p in TEMPLATE.rglob("*") if p.is_file())
    outside = re.compile(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|@import""")
    assert not outside.search(text), "a classroom may be offline"
    css = (TEMPLATE / "static/uno.css").read_text()
    assert "@media (max-width" in css and "flex-wrap: wrap" in css



def test_the_page_header_speaks_the_pages_language_with_the_tables_words():
    """The template's header words (the link home, the language switch) are
    the text table's ``page.header.*`` in each language, and every notebook
    says its language (``metadata.uno_nb.lang``): English in notebooks/,
    Russian in notebooks/ru/, each with its twin under the same name."""
    from uno_nb.texts import text
    page = (TEMPLATE / "index.html.j2").read_text()
    found = re.findall(r"'(en|ru)': \{'home': '([^']*)', 'switch': '([^']*)', 'switch_title': '([^']*)'", page)
    words = {lang: (home, switch, title) for lang, home, switch, title in found}
    assert set(words) == {"en", "ru"}
    for lang, (home, switch, title) in words.items():
        assert (home, switch, title) == (text("page.header.home", lang), text("page.header.switch", lang),
                                         text("page.header.switch_title", lang))
    english = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert english == sorted(p.name for p in (ROOT / "notebooks" / "ru").glob("*.ipynb"))
    for name in english:
        for folder, lang in (("notebooks", "en"), ("notebooks/ru", "ru")):
            meta = json.loads((ROOT / folder / name).read_text())["metadata"]
            assert meta["uno_nb"]["lang"] == lang, (folder, name)


@pytest.mark.parametrize("path", [*sorted((ROOT / "uno_nb/widgets").glob("*.py")), *NOTEBOOKS],
                         ids=lambda p: p.name)
def test_charts_are_widgets_never_shown_with_show(path):
    """fig.show() inside an Output made about one page load in six hang on
    "Executing"; one chart widget per chart, placed and redrawn, never did."""
    source = path.read_text()
    assert not re.search(r"\.show\(", source)
    assert "go.Figure(" not in source


def test_the_readme_has_the_binder_badges_english_and_russian():
    readme = (ROOT / "README.md").read_text()
    repository = PYPROJECT["project"]["urls"]["Repository"]
    owner_repo = repository.removeprefix("https://github.com/")
    binder = f"https://mybinder.org/v2/gh/{owner_repo}/HEAD?urlpath="
    assert f"({binder}lab/tree/notebooks/00_index.ipynb)" in readme
    assert f"({binder}voila/render/notebooks/00_index.ipynb)" in readme
    assert f"({binder}voila/render/notebooks/ru/00_index.ipynb)" in readme  # the Russian pages
    assert (ROOT / "notebooks" / "ru" / "00_index.ipynb").is_file()


# -- what importing an app costs ------------------------------------------------------

def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "notebooks", capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_plain_plotly_would_import_jsonschema_here():
    """The premise of the next test: in this environment, importing plotly's
    FigureWidget (which the kit's charts do not use) imports nbformat and
    jsonschema (whose rfc3987_syntax compiles its grammars for seconds)."""
    shown = run_python("import sys, plotly.graph_objects as go; go.FigureWidget; "
                       "print('jsonschema' in sys.modules)")
    assert shown.split() == ["True"]


def test_an_app_imports_its_own_modules_and_never_nbformat():
    shown = run_python("""
import json, sys
from uno_nb.widgets import GameStepper
from uno_nb.widgets import ui
ui.mount(GameStepper("standard", players=4, seed=7).widget)  # with its chart of the odds
print(json.dumps(sorted(m for m in ("uno_nb.widgets.lab_app", "uno_nb.widgets.play", "nbformat",
                                    "jsonschema", "uno_nb.widgets.stepper", "plotly.io._renderers",
                                    "plotly.graph_objs._figurewidget") if m in sys.modules)))
""")
    assert json.loads(shown) == ["uno_nb.widgets.stepper"]


# -- the app's start-up ----------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Running:
    """A server started in its own process group, its output in a file."""

    def __init__(self, command: list[str], log: Path, env: dict | None = None, cwd: Path = ROOT):
        self.log = log
        with open(log, "w") as out:
            self.process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out,
                                            stderr=subprocess.STDOUT, start_new_session=True)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for(self, done, what: str, seconds: float = 240) -> str:
        deadline = time.monotonic() + seconds
        while not done(self.text()):
            assert self.process.poll() is None, f"the server stopped before {what}:\n{self.text()[-4000:]}"
            assert time.monotonic() < deadline, f"no {what} within {seconds} s:\n{self.text()[-4000:]}"
            time.sleep(0.2)
        return self.text()

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def status(url: str) -> int:
    """The HTTP status of a GET, redirects not followed."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(url, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def preheated(notebooks=NOTEBOOKS):
    return lambda text: all(f"Kernel pool of {p.name} is filled" in text for p in notebooks)


def test_the_app_starts_calmly_and_says_where_to_open_it(tmp_path):
    """`make app`'s command: the start-up log has the address to open and no
    warning, error or traceback, and the browser is sent to that address."""
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" > "{opened}"\n')
    browser.chmod(0o755)
    port = free_port()
    app = Running([sys.executable, "-m", "uno_nb.serving.webapp", f"--port={port}", "--Voila.port_retries=0"],
                  tmp_path / "app.log", env={**os.environ, "BROWSER": str(browser)})
    try:
        text = app.wait_for(preheated(), "kernel for every notebook")
    finally:
        app.stop()
    lines = text[:text.index("Handle signal")].splitlines() if "Handle signal" in text else text.splitlines()
    assert f"http://127.0.0.1:{port}/" in lines
    noisy = [line for line in lines if re.search(r"WARNING|ERROR|CRITICAL|Traceback|Warning:", line)]
    assert noisy == []
    # the page the browser was given sends it to the app
    page = Path(opened.read_text().strip().removeprefix("file://"))
    assert f"http://127.0.0.1:{port}/" in page.read_text()


def test_on_every_interface_the_app_prints_the_addresses_and_one_warning(tmp_path):
    from uno_nb.serving.webapp import EXPOSED, lan_addresses
    port = free_port()
    app = Running([sys.executable, "-m", "uno_nb.serving.webapp", "--host=0.0.0.0", "--no-browser",
                   f"--port={port}", "--Voila.port_retries=0"], tmp_path / "app.log")
    try:
        text = app.wait_for(lambda text: "(this computer)" in text, "address to open", 120)
        addresses = lan_addresses()
        # it answers on the network's addresses, not only on the loopback
        for address in ["127.0.0.1", *addresses]:
            assert status(f"http://{address}:{port}/") == 302, address
    finally:
        app.stop()
    lines = text.splitlines()
    assert f"http://127.0.0.1:{port}/  (this computer)" in lines
    if addresses:
        for address in addresses:
            assert f"http://{address}:{port}/  (other computers on this network)" in lines
    else:
        assert f"http://{socket.gethostname()}:{port}/  (other computers on this network)" in lines
    assert [line for line in lines if "WARNING" in line] == [
        f"[UnoVoila] WARNING | Listening on every network interface: {EXPOSED}"]


def test_what_counts_as_listening_beyond_this_computer():
    from uno_nb.serving.webapp import exposed
    assert not any(map(exposed, ["127.0.0.1", "127.0.1.1", "::1", "[::1]", "localhost", "LOCALHOST"]))
    assert all(map(exposed, ["0.0.0.0", "", "::", "192.168.1.20", "10.0.0.5", "fe80::1", "classroom-pc"]))


def test_make_app_passes_host_from_its_command_line_only():
    def command(*args: str, **env: str) -> str:
        # Under `make test` this runs inside make: without its variables, so the
        # inner make neither prints the directories it enters nor inherits flags.
        outer = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
        done = subprocess.run(["make", "-n", "--no-print-directory", "app", *args], cwd=ROOT,
                              capture_output=True, text=True, env={**outer, **env}, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]

    assert command("HOST=0.0.0.0").endswith("-m uno_nb.serving.webapp --host=0.0.0.0")
    assert command(HOST="somebox").endswith("-m uno_nb.serving.webapp")  # tcsh exports HOST=<name>


# -- Voila started the ordinary way in the checkout ----------------------------------------

def installed_template() -> Path:
    return Path(sys.prefix) / "share/jupyter/voila/templates/uno_nb"


def test_the_installation_holds_the_checkouts_page_template():
    """pip install -e (make) copies the template into the environment, where
    any Jupyter finds it.  (A copy: after editing the template, make installs
    it again; the launcher uno_nb.serving.webapp reads the checkout's first anyway.)"""
    for path in (p for p in TEMPLATE.rglob("*") if p.is_file()):
        copy = installed_template() / path.relative_to(TEMPLATE)
        assert copy.is_file(), f"{copy} missing: install the package again (make, or pip install -e .)"


@pytest.mark.parametrize("target, page, notebook", [
    ("notebooks/", "voila/render/01_rules_step_by_step.ipynb", "01_rules_step_by_step.ipynb"),
    ("notebooks/05_play_against_bots.ipynb", "", "05_play_against_bots.ipynb"),
], ids=["folder", "notebook"])
def test_plain_voila_in_the_checkout_serves_the_kits_pages(target, page, notebook, tmp_path):
    """`voila notebooks/` from the repository root, as a Jupyter user starts
    it: voila.json there gives the settings, the installation the template."""
    env = {k: v for k, v in os.environ.items() if k not in ("JUPYTER_PATH", "UNO_NB_PLOTLY_URL")}
    port = free_port()
    # The lab's pages are not preheated here: under plain Voila their kernels
    # compile the simulator on first use (minutes on a fresh clone, beside
    # conftest's own compile), which once held the page asked for past 240 s.
    voila = Running([str(Path(sys.executable).with_name("voila")), target, "--no-browser",
                     f"--port={port}", "--Voila.port_retries=0",
                     r"--VoilaKernelManager.preheat_denylist=.*04_house_rules_lab\.ipynb$"],
                    tmp_path / "voila.log", env=env)
    try:
        voila.wait_for(lambda text: "Voilà is running at" in text, "address", 120)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{page}", timeout=240) as response:
            assert response.status == 200
            html = response.read().decode()
    finally:
        voila.stop()
    title = json.loads((ROOT / "notebooks" / notebook).read_text())["metadata"]["title"]
    assert f"<title>{title}</title>" in html
    assert '<header class="uno-bar">' in html and "/voila/templates/uno_nb/static/uno.css" in html


# -- the kit's Jupyter server extension (Binder) ----------------------------------------

def test_the_server_extension_keeps_hooks_configured_before_it():
    from uno_nb.serving.server_extension import _chain_page_config, _chain_prelaunch, without_mathjax
    from voila.configuration import VoilaConfiguration

    calls = []

    class Handler:
        @property
        def xsrf_token(self):
            calls.append("cookie")
            return b"token"

    def theirs(handler, notebook, cwd):
        calls.append(("theirs", notebook, cwd))
        return "their notebook"

    hook = _chain_prelaunch(theirs)
    assert hook(Handler(), notebook="nb", cwd="here") == "their notebook"
    assert calls == [("theirs", "nb", "here"), "cookie"]
    assert _chain_prelaunch(hook) is hook  # loaded twice: chained once

    kit, other = VoilaConfiguration(template="uno_nb"), VoilaConfiguration(template="lab")
    config = {"fullMathjaxUrl": "https://cdn.example/mathjax.js", "mathjaxConfig": "TeX"}
    hook = _chain_page_config(lambda page_config, **_: {**page_config, "theirs": 1})
    assert hook(dict(config), voila_configuration=kit) == {"fullMathjaxUrl": None,
                                                           "mathjaxConfig": None, "theirs": 1}
    # another template's pages keep their MathJax: only the kit's pages are the kit's business
    assert without_mathjax(dict(config), voila_configuration=other) == config


@pytest.mark.parametrize("voila_first", [False, True], ids=["in-order", "voila-loaded-first"])
def test_the_server_extension_sets_its_hooks_whichever_extension_loads_first(voila_first):
    """Jupyter Server loads uno_nb.serving.server_extension before voila.server_extension
    (alphabetical order); had Voila's been loaded first, its live configuration
    gets the hooks instead of the config it has already read."""
    import logging
    from types import SimpleNamespace

    import tornado.web
    from traitlets.config import Config
    from uno_nb.serving import server_extension
    from voila.configuration import VoilaConfiguration
    from voila.tornado.handler import TornadoVoilaHandler

    app = SimpleNamespace(config=Config(), web_app=tornado.web.Application(),
                          log=logging.getLogger("test"))

    def load_voila():  # what voila.server_extension does with the config and its handlers
        configuration = VoilaConfiguration(config=app.config)
        app.web_app.add_handlers(".*$", [(r"/voila/render/(.*)", TornadoVoilaHandler,
                                          {"voila_configuration": configuration})])
        return configuration

    if voila_first:
        configuration = load_voila()
        server_extension._load_jupyter_server_extension(app)
    else:
        server_extension._load_jupyter_server_extension(app)
        configuration = load_voila()
    assert configuration.prelaunch_hook is server_extension.set_xsrf_cookie
    assert configuration.page_config_hook is server_extension.without_mathjax
