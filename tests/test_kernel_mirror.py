"""The compiled twin says what it mirrors, and its numbers are generated.

Every function of the kernel's compiled modules (numba dispatchers and plain
functions alike) carries a tag (:mod:`uno_nb.kernel.mirror`): ``@mirrors``
with the dotted names of the engine's (or CPython's) functions it plays, or
``@kernel_only`` with a reason.  Every name must point somewhere.  And
``kernel/constants.py`` is what ``python -m uno_nb.kernel.generate`` writes.
"""

from __future__ import annotations

import importlib
import inspect
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from uno_nb.kernel import cache, generate, mirror

PACKAGE = Path(mirror.__file__).parent


def compiled_modules() -> list[str]:
    """The kernel's modules that numba compiles (the fingerprinted ones)."""
    names = []
    for rel, _ in cache._compiled_sources(PACKAGE):
        parts = rel[:-3].split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(["uno_nb", "kernel", *parts]))
    return names


def functions(module: Any) -> dict[str, Any]:
    """Every function defined in ``module``: numba dispatchers (by their
    ``py_func``) and plain functions, by their key in the tag tables."""
    found = {}
    for value in vars(module).values():
        py = getattr(value, "py_func", value)
        if inspect.isfunction(py) and py.__module__ == module.__name__:
            found[mirror.key_of(value)] = value
    return found


def resolve(dotted: str) -> object:
    """The object a dotted name points at: the longest importable module
    prefix, then attributes; raises LookupError saying what is missing."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for i, attr in enumerate(parts[cut:], cut):
            if not hasattr(obj, attr):
                raise LookupError(f"{'.'.join(parts[:i])} has no {attr!r}")
            obj = getattr(obj, attr)
        return obj
    raise LookupError(f"no module {parts[0]!r}")


def test_the_scan_sees_the_kernel_and_mtrand_and_house_modules():
    names = compiled_modules()
    assert {"uno_nb.kernel.effects", "uno_nb.kernel.mtrand", "uno_nb.kernel.mtrand.keys",
            "uno_nb.kernel.house.seven_zero", "uno_nb.kernel.constants"} <= set(names)
    assert "uno_nb.kernel.mirror" not in names and "uno_nb.kernel.cache" not in names


def test_every_kernel_function_says_what_it_mirrors():
    untagged = []
    for name in compiled_modules():
        for key in functions(importlib.import_module(name)):
            if key not in mirror.MIRRORS and key not in mirror.KERNEL_ONLY:
                untagged.append(key)
    assert untagged == [], ("add @mirrors(\"uno_nb.engine….\") or @kernel_only(\"why\") "
                            f"above @njit: {untagged}")
    both = set(mirror.MIRRORS) & set(mirror.KERNEL_ONLY)
    assert both == set()


def test_every_mirror_tag_points_at_something():
    for name in compiled_modules():
        importlib.import_module(name)
    nowhere = []
    for key, names in sorted(mirror.MIRRORS.items()):
        for dotted in names:
            try:
                resolve(dotted)
            except LookupError as error:
                nowhere.append(f"{key}: {dotted} ({error})")
    assert nowhere == [], "tags that point nowhere (re-point them):\n" + "\n".join(nowhere)


def test_a_house_rule_has_its_twin_in_a_module_of_the_same_name():
    """kernel/house/<name>.py mirrors engine/house/<name>.py and nothing else:
    a house rule's two sides are found by one name.  (V-MISPLAY-PENALTY has
    no twin: the kernel's bots never misplay, and the kernel refuses nothing
    a bot could not do.)"""
    engine = {p.stem for p in (PACKAGE.parent / "engine" / "house").glob("*.py")} - {
        "__init__", "base"}
    kernel = {p.stem for p in (PACKAGE / "house").glob("*.py")} - {"__init__"}
    assert kernel <= engine and engine - kernel == {"misplay"}
    for name in kernel:
        module = importlib.import_module(f"uno_nb.kernel.house.{name}")
        for key in functions(module):
            names = mirror.MIRRORS.get(key, ())
            assert names, f"{key}: a house rule's kernel code mirrors the engine's house rule"
            assert all(d.startswith(f"uno_nb.engine.house.{name}.") for d in names), (key, names)


def test_the_tags_resolve_as_the_test_says():
    assert resolve("uno_nb.engine.effects.Effects._action") is not None
    assert resolve("random.Random.seed") is not None
    with pytest.raises(LookupError, match="Effects has no 'nothing'"):
        resolve("uno_nb.engine.effects.Effects.nothing")
    with pytest.raises(ValueError):
        mirror.mirrors("no_dots")


def test_a_tag_leaves_a_numba_dispatcher_as_it_is():
    """The tag returns the dispatcher itself: numba's disk cache and the
    fingerprint see the source only."""
    from uno_nb.kernel import effects
    from uno_nb.kernel.house import seven_zero
    assert mirror.MIRRORS[mirror.key_of(effects.action)] == ("uno_nb.engine.effects.Effects._action",)
    assert getattr(seven_zero.pass_hands_on, "py_func", seven_zero.pass_hands_on).__module__ == \
        "uno_nb.kernel.house.seven_zero"
    if hasattr(effects.action, "_cache"):  # numba, with its disk cache
        assert "house" in str(seven_zero.pass_hands_on._cache._cache_path)
        assert [p for p in cache._cache_folders() if p.parent.name == "house"]


def test_the_constants_are_the_generated_ones():
    committed = generate.TARGET.read_text(encoding="utf-8")
    assert committed == generate.render(), \
        f"uno_nb/kernel/constants.py is stale: run `{generate.COMMAND}`"


def test_the_constants_are_plain_ints_named_after_the_engine():
    from uno_nb.engine.state import COUNTED_RULES
    from uno_nb.kernel import constants
    values = {k: v for k, v in vars(constants).items() if k.isupper() and k != "RANKS"}
    assert values and all(type(v) is int for v in values.values())
    assert constants.RANKS[constants.RK_W4] == "W+4" and constants.RANKS[0] == "0"
    assert constants.F_R_CHALLENGE_GUILTY == COUNTED_RULES.index("R-CHALLENGE-GUILTY")
    assert (constants.RK_P2, constants.RK_W4) == (12, 14)
    assert constants.SCORE_LAZY == 2 and constants.START_NUMBER == 1
    assert constants.CHALLENGE_RETURN == 1
    assert constants.D_BLUFF_OK == len(generate.RuleSet.option_names())


def test_the_generator_runs_from_the_command_line():
    """The package imports only names every generation has, so the command
    runs however stale the file is; --check says whether it is."""
    done = subprocess.run([sys.executable, "-m", "uno_nb.kernel.generate", "--check"],
                          capture_output=True, text=True, cwd=PACKAGE.parent.parent)
    assert (done.returncode, done.stdout.strip(), done.stderr) == \
        (0, "constants.py is up to date", "")
