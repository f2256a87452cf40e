import os
import subprocess
import sys
from pathlib import Path

import pytest

# The package's __main__ runs the command line when imported: keep it out of doctest collection.
collect_ignore = ["uno_nb/__main__.py"]

try:  # the notebook apps need their extra ("pip install -e .[apps]"); `make test` installs it
    import ipywidgets  # noqa: F401
    import plotly  # noqa: F401
except ImportError:
    collect_ignore += ["uno_nb/widgets", "tests/test_widgets.py"]


# -- the compiled simulator, compiled while the engine's tests run ---------------------
#
# After an install, numba compiles uno_nb.kernel once (about half a minute on
# two cores) and caches it on disk.  pytest runs on one core, so the compiling is
# done on the other, in the background, while the tests that never touch the
# kernel run first; each test that uses it waits for it once.  (`make lab` and
# Binder's postBuild compile it before anything else; `make app`'s launcher in
# the background, while the pages are served.)


#: Words in a test file (or a module's doctests, or a notebook) that mean it runs
#: the compiled simulator, directly or through the lab.
_KERNEL_WORDS = ("kernel", "mtrand", "lab.run", "lab.compare", "LabApp", "house_rules_lab",
                 "uno_nb.lab", "from uno_nb import lab", "from . import lab", "engine_speed",
                 "lab_speed", "import lab", ", lab\n", ", lab,")
_uses: dict[str, bool] = {}
_compiling: subprocess.Popen | None = None


def _uses_kernel(item: pytest.Item) -> bool:
    path = str(item.path)
    if path not in _uses:
        try:
            source = Path(path).read_text(encoding="utf-8")
        except OSError:
            source = ""
        _uses[path] = any(word in source for word in _KERNEL_WORDS)
    return _uses[path]


@pytest.hookimpl(trylast=True)  # after -k / -m have deselected: these are the tests that run
def pytest_collection_modifyitems(session, config, items):
    """The tests that never touch the kernel first (in their own order), then
    those that do; start compiling the kernel if any of those will run."""
    global _compiling
    items.sort(key=_uses_kernel)  # stable: each file's tests stay together and in order
    if config.option.collectonly or not any(map(_uses_kernel, items)) \
            or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    try:
        import numba  # noqa: F401
    except ImportError:
        return
    _compiling = subprocess.Popen([sys.executable, "-m", "uno_nb.kernel"], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)


def pytest_runtest_setup(item):
    """A test that uses the kernel (a doctest and a notebook cell too) waits
    until it is compiled (once)."""
    global _compiling
    if _compiling is not None and _uses_kernel(item):
        out, _ = _compiling.communicate()
        code, _compiling = _compiling.returncode, None
        if code != 0:
            pytest.fail(f"compiling the kernel (python -m uno_nb.kernel) failed:\n{out}")
        item.config.stash[_COMPILED] = out.strip()


def pytest_sessionfinish(session):
    """A run stopped early (-x, Ctrl+C) leaves no compiler running behind it."""
    global _compiling
    if _compiling is not None:
        _compiling.terminate()
        _compiling.wait()
        _compiling = None


_COMPILED = pytest.StashKey[str]()


def pytest_terminal_summary(terminalreporter, config):
    said = config.stash.get(_COMPILED, "")
    if said:
        terminalreporter.section("compiled simulator")
        terminalreporter.write_line(said)
