"""How the kit is shipped: Binder's files agree with pyproject.toml, the
Voila config in the repository sets what the web app needs, and the pitfalls
met on the way stay avoided.  (The app itself is tested in a browser in
test_webapp.py.)"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import tomllib
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
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


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


def imported_modules() -> set[str]:
    """Top-level modules imported by the package and the notebooks."""
    sources = [p.read_text() for p in (ROOT / "uno_nb").rglob("*.py")]
    for path in NOTEBOOKS:
        cells = json.loads(path.read_text())["cells"]
        sources += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    modules = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
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


def test_binder_pins_everything_the_apps_web_app_and_lab_need():
    assert extra("apps") | extra("web") | extra("lab") <= set(binder_pins())


def test_anywidget_is_listed_wherever_plotly_is():
    """plotly's FigureWidget needs anywidget, and plotly does not pull it in."""
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
    template = ROOT / "share/jupyter/voila/templates/uno_nb"
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    data_files = PYPROJECT["tool"]["setuptools"]["data-files"]
    shipped = {Path(f).name for files in data_files.values() for f in files}
    assert {"conf.json", "index.html.j2", "*"} <= shipped


def test_the_page_template_loads_nothing_from_outside_and_fits_a_phone():
    template = ROOT / "share/jupyter/voila/templates/uno_nb"
    text = "".join(p.read_text() for p in template.rglob("*") if p.is_file())
    outside = re.compile(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|@import""")
    assert not outside.search(text), "a classroom may be offline"
    css = (template / "static/uno.css").read_text()
    assert "@media (max-width" in css and "flex-wrap: wrap" in css


@pytest.mark.parametrize("path", [*sorted((ROOT / "uno_nb/widgets").glob("*.py")), *NOTEBOOKS],
                         ids=lambda p: p.name)
def test_figures_are_figure_widgets_never_shown_with_show(path):
    """fig.show() inside an Output made about one page load in six hang on
    "Executing"; one FigureWidget per chart, placed and updated, never did."""
    source = path.read_text()
    assert not re.search(r"\.show\(", source)
    assert "go.Figure(" not in source


def test_the_readme_has_the_two_binder_badges():
    readme = (ROOT / "README.md").read_text()
    repository = PYPROJECT["project"]["urls"]["Repository"]
    owner_repo = repository.removeprefix("https://github.com/")
    binder = f"https://mybinder.org/v2/gh/{owner_repo}/HEAD?urlpath="
    assert f"({binder}lab/tree/notebooks/00_index.ipynb)" in readme
    assert f"({binder}voila/render/notebooks/00_index.ipynb)" in readme
