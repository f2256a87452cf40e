"""Binder, as repo2docker builds it, reproduced here and driven in a browser.

repo2docker starts from a Python 3.11 environment that already holds
notebook 7.4.7 and JupyterLab 4.4.9, installs ``binder/requirements.txt``
with pip, runs ``binder/postBuild`` in the repository, and serves it with
Jupyter Server under ``/user/<name>/``, Voilà pages coming from Voilà's
server extension ("open as a web app").  The fixture does the same in a new
virtual environment under pytest's tmp dir (pip's cache makes the installs
take a minute or two), from a copy of the repository's files, and the tests
check what went wrong there once:

* pip reported "notebook 7.4.7 requires jupyterlab<4.5,>=4.4.9, but you have
  jupyterlab 4.6.6";
* postBuild left ``build/`` and ``uno_nb.egg-info`` in the student's files;
* leaving a page answered ``403 POST …/voila/api/shutdown/<id>: '_xsrf'
  argument missing``, so every page a student left kept its kernel;
* pages loaded MathJax from a CDN (an offline classroom cannot);
* the step-by-step page took 11-13 s to draw on its fresh kernel, about 5 of
  them spent importing nbformat for plotly's FigureWidget (the charts are the
  kit's own widget now, uno_nb/widgets/chart.py).

The time each page took to draw is printed in the run's summary.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.test_deployment import BINDER_BASE, Running
from tests.test_webapp import CHROMIUM_ARGS, RENDERED, drawn, ensure_chromium, free_port, page_problems

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
USER = "/user/student/"
WAIT_MS = 120_000  # a page on a fresh kernel, on a busy two-core machine
#: pip's words for an installed package whose requirement is not met
CONFLICT = re.compile(r"requires [^\n]*, but you have [^\n]*")


def binder_python() -> str:
    """The Python of binder/runtime.txt if this machine has it, else this one."""
    version = (ROOT / "binder/runtime.txt").read_text().strip().removeprefix("python-")
    if sys.version.startswith(f"{version}."):
        return sys.executable
    return shutil.which(f"python{version}") or sys.executable


def repository_files() -> list[str]:
    """The repository's files: tracked, and new ones not ignored (what the
    next commit can hold), as Binder checks the repository out."""
    done = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        pytest.fail(f"the Binder test copies the repository's files with git: {done.stderr}")
    return [name for name in done.stdout.split("\0") if name and (ROOT / name).is_file()]


def listing(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*")}


def run(command: list[str], log: Path, **kwargs) -> str:
    """Run a build step; its output goes to ``log`` and is returned."""
    done = subprocess.run(command, capture_output=True, text=True, timeout=900, **kwargs)
    output = done.stdout + done.stderr
    with open(log, "a") as out:
        out.write(f"$ {' '.join(command)}\n{output}\n")
    assert done.returncode == 0, f"{' '.join(command)} failed ({done.returncode}):\n{output[-4000:]}"
    return output


@dataclass
class Binder:
    base: str  # http://127.0.0.1:<port>/user/student/
    token: str
    server: Running
    repo: Path
    python: Path
    pip_output: str
    files_before_postbuild: set[str]
    files_after_postbuild: set[str]
    timings: list = field(default_factory=list)

    def api(self, path: str):
        request = urllib.request.Request(self.base + path,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    def kernels(self) -> list[str]:
        return [kernel["id"] for kernel in self.api("api/kernels")]


@pytest.fixture(scope="module")
def binder(tmp_path_factory):
    work = tmp_path_factory.mktemp("binder")
    log = work / "build.log"
    venv, repo = work / "venv", work / "repo"
    env = {k: v for k, v in os.environ.items()
           if k not in ("JUPYTER_PATH", "JUPYTER_CONFIG_DIR", "PYTHONPATH", "UNO_NB_PLOTLY_URL",
                        "VIRTUAL_ENV")}
    # a student's clean home: no Jupyter settings or data of this machine's user
    for name, folder in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython")):
        env[name] = str(work / "home" / folder)
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", PYTHONNOUSERSITE="1",
               PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    # postBuild compiles the lab's simulator (python -m uno_nb.kernel); compiling
    # takes about half a minute on two cores and is tested by make test itself, so here
    # numba runs the same functions as plain Python: postBuild's step still runs
    # (and plays its games), and the pages below do not open the lab.
    env["NUMBA_DISABLE_JIT"] = "1"
    python = venv / "bin" / "python"

    run([binder_python(), "-m", "venv", str(venv)], log)
    # Binder's base environment, then what repo2docker does with binder/
    pip_output = run([str(python), "-m", "pip", "install",
                      *(f"{name}=={version}" for name, version in BINDER_BASE.items())], log, env=env)
    pip_output += run([str(python), "-m", "pip", "install", "-r", str(ROOT / "binder/requirements.txt")],
                      log, env=env)
    for name in repository_files():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, repo / name)
    before = listing(repo)
    run([str(repo / "binder/postBuild")], log, cwd=repo, env=env)
    after = listing(repo)
    pip_output += run([str(python), "-m", "pip", "check"], log, env=env)

    token = secrets.token_hex(16)
    port = free_port()
    server = Running([str(venv / "bin/jupyter"), "server", "--no-browser", "--allow-root",
                      "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
                      f"--ServerApp.base_url={USER}", f"--IdentityProvider.token={token}"],
                     work / "server.log", env=env, cwd=repo)
    binder = Binder(f"http://127.0.0.1:{port}{USER}", token, server, repo, python, pip_output,
                    before, after)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                binder.api("api/status")
                break
            except (urllib.error.URLError, ConnectionError):
                assert server.process.poll() is None, f"jupyter server stopped:\n{server.text()[-4000:]}"
                assert time.monotonic() < deadline, f"jupyter server not up:\n{server.text()[-4000:]}"
                time.sleep(0.5)
        yield binder
    finally:
        server.stop()
        print(f"Binder build log: {log}; server log: {server.log}")


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=ensure_chromium(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def test_binder_requirements_install_over_binders_base_without_a_conflict(binder):
    assert CONFLICT.findall(binder.pip_output) == []
    assert "No broken requirements found" in binder.pip_output  # pip check


def test_postbuild_leaves_the_students_files_as_they_were(binder):
    """No build/, no uno_nb.egg-info, nothing else either."""
    assert binder.files_after_postbuild == binder.files_before_postbuild
    assert not any(name.endswith(".egg-info") or name.split("/")[0] == "build"
                   for name in binder.files_after_postbuild)


def test_the_apps_import_no_nbformat_on_binder(binder):
    """What made the step-by-step page slow: plotly's FigureWidget (no longer
    used) pulled in nbformat, jsonschema and rfc3987_syntax's grammars
    (present on Binder)."""
    code = ("import sys, time; start = time.perf_counter()\n"
            "from uno_nb.widgets import GameStepper\n"
            "GameStepper('standard', players=4, seed=7)\n"
            "print(round(time.perf_counter() - start, 2), 'jsonschema' in sys.modules)\n")
    done = subprocess.run([str(binder.python), "-c", code], cwd=binder.repo / "notebooks",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    seconds, jsonschema = done.stdout.split()
    print(f"Binder: importing and making the stepper took {seconds} s")
    assert jsonschema == "False"


@pytest.mark.parametrize("name", ["00_index", "01_rules_step_by_step", "ru/00_index"])
def test_a_page_renders_offline_with_the_kit_template_and_closing_it_shuts_its_kernel(
        name, binder, browser, timings):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        login = context.new_page()  # as JupyterHub does on Binder: a cookie, not a token per request
        login.goto(f"{binder.base}api/status?token={binder.token}")
        login.close()
        page = context.new_page()
        requests: list[str] = []
        errors: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
        page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
        start = time.perf_counter()
        page.goto(f"{binder.base}voila/render/notebooks/{name}.ipynb")
        page.wait_for_function(RENDERED, arg=drawn(name), timeout=WAIT_MS, polling=50)
        timings.append((f"Binder: {name} (fresh kernel)", time.perf_counter() - start))

        # the kit's page: its template, its title, no error
        title = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())["metadata"]["title"]
        assert page.title() == title
        assert page.locator("header.uno-bar").count() == 1
        assert page_problems(page) == [] and errors == []
        # nothing from outside the server, and nothing in the page that would fetch it
        origin = binder.base[:binder.base.index(USER)]
        assert [u for u in requests if not u.startswith((origin, "data:", "blob:"))] == []
        html = page.content()
        assert re.findall(r"""<(?:script|link)\b[^>]*(?:src|href)=["']?(?:https?:)?//(?!127\.0\.0\.1[:/])""",
                          html) == []
        config = json.loads(page.locator("#jupyter-config-data").first.text_content())
        assert config["fullMathjaxUrl"] is None and config["mathjaxConfig"] is None

        kernel = config["kernelId"]
        assert kernel in binder.kernels()
        # Voila's widget manager is what asks for the shutdown when the page
        # closes; on a page without widgets it may start after the cells show
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.widgetManager",
                               timeout=WAIT_MS)
        page.close(run_before_unload=True)
        deadline = time.monotonic() + WAIT_MS / 1000
        while kernel in binder.kernels():
            assert time.monotonic() < deadline, (
                f"closing the page left kernel {kernel} running:\n{binder.server.text()[-3000:]}")
            time.sleep(0.25)
        assert binder.kernels() == []
        assert not re.search(r"403 POST \S*/voila/api/shutdown/", binder.server.text())
    finally:
        context.close()
