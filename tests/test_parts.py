"""The parts of a game own their state: every field of a game is on the table
every part plays on (``uno_nb.engine.state.TABLE``) or has one owner, the
part of ``Game`` or the house rule whose ``OWNS`` names it, and only the
owner's code changes it (the others read it, or call the owner).  A rule's
own fields (declared with its option, ``state=``) belong to its house rule
when it has one.  Read from the source: an assignment, an augmented
assignment, an item set or a mutating call (``append``, ``pop`` …) on
``self.<field>`` in a part, or on ``g.<field>`` in a house rule's module."""

from __future__ import annotations

import ast
import dataclasses
import inspect
from pathlib import Path

import pytest

from uno_nb.engine import house, state
from uno_nb.engine.game import Game
from uno_nb.engine.rules import RuleSet

ENGINE = Path(state.__file__).parent
#: Mutating calls on a list or a dict field.
MUTATORS = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "update",
            "setdefault", "popitem"}
#: Game's set-up: it sets every field once, the position it was given.
SET_UP = {"__init__", "_init_common", "from_position", "_finish_init"}
#: The memo of the turn's moves (Legality's): any change of the position drops it.
DROPPED = {"_cache"}


def _field(node: ast.AST, names: set[str]) -> str | None:
    """The field of ``<name>.<field>`` (through any subscripts), for a name in ``names``."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id in names:
        return node.attr
    return None


def writes(tree: ast.AST, names: set[str]) -> list[tuple[str, int, bool]]:
    """(field, line, sets it to None) for every change of ``<name>.<field>``."""
    found = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        value = None
        if isinstance(node, ast.Assign):
            targets, value = list(node.targets), node.value
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in MUTATORS:
            targets = [node.func.value]
        for target in targets:
            for part in (target.elts if isinstance(target, ast.Tuple) else [target]):
                if (name := _field(part, names)) is not None:
                    none = isinstance(value, ast.Constant) and value.value is None
                    found.append((name, node.lineno, none))
    return found


def _parts() -> list[type]:
    return [cls for cls in Game.__mro__ if cls is not object]


def _house_rules() -> list[type]:
    return list(house.HOUSE_RULES)


def _owners() -> dict[str, list[str]]:
    owners: dict[str, list[str]] = {}
    for cls in _parts() + _house_rules():
        for name in vars(cls).get("OWNS", ()):
            owners.setdefault(name, []).append(cls.__name__)
    return owners


def _fields() -> set[str]:
    return set(state.POSITION) | set(state.SETUP) | set(state.HISTORY)


def test_every_field_is_on_the_table_or_has_one_owner():
    owners = _owners()
    assert {name: who for name, who in owners.items() if len(who) > 1} == {}
    assert not owners.keys() & state.TABLE
    assert set(owners) | state.TABLE == _fields(), "a field with no owner, or an owner of nothing"


def test_a_rules_own_fields_belong_to_its_house_rule_when_it_has_one():
    declared = {f.name: f.metadata["state"] for f in dataclasses.fields(RuleSet)}
    owners = _owners()
    for kind in _house_rules():
        for option in kind.options:
            for name in declared[option]:
                assert owners[name] == [kind.__name__], (option, name)


@pytest.mark.parametrize("cls", _parts(), ids=lambda c: c.__name__)
def test_a_part_changes_only_the_table_and_what_it_owns(cls):
    source = inspect.getsource(cls)
    tree = ast.parse(source)
    mine = set(vars(cls).get("OWNS", ()))
    wrong = []
    for method in tree.body[0].body:  # type: ignore[attr-defined]
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if cls is Game and method.name in SET_UP:
            continue
        for name, line, none in writes(method, {"self"}):
            if name in mine or name in state.TABLE or (name in DROPPED and none):
                continue
            wrong.append(f"{cls.__name__}.{method.name} changes {name} (line {line})")
    assert wrong == []


@pytest.mark.parametrize("path", sorted((ENGINE / "house").glob("*.py")), ids=lambda p: p.stem)
def test_a_house_rule_changes_only_the_table_and_what_it_owns(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    mine = {name for kind in _house_rules() if kind.__module__.endswith("." + path.stem)
            for name in vars(kind).get("OWNS", ())}
    wrong = [f"{path.name}:{line} changes {name}" for name, line, _ in writes(tree, {"g"})
             if name not in mine and name not in state.TABLE]
    assert wrong == []


def test_an_owner_does_change_what_it_owns():
    """No stale declaration: each part and house rule changes each field it owns."""
    for cls in _parts():
        tree = ast.parse(inspect.getsource(cls))
        changed = {name for name, _, _ in writes(tree, {"self"})}
        if cls is state.GameState:
            changed |= {"_chance"}  # (its snapshot restores fields by name, with setattr)
        assert set(vars(cls).get("OWNS", ())) <= changed, cls.__name__
    for kind in _house_rules():
        tree = ast.parse(Path(inspect.getfile(kind)).read_text(encoding="utf-8"))
        changed = {name for name, _, _ in writes(tree, {"g"})}
        assert set(vars(kind).get("OWNS", ())) <= changed, kind.__name__


def test_the_scan_sees_each_kind_of_change():
    tree = ast.parse("self.a = 1\nself.b[0] = 2\nself.c += 1\nself.d.append(3)\n"
                     "self.e, self.f = 1, 2\ng.h.pop()\nself.i = None\nx = self.j\n")
    assert sorted(name for name, _, _ in writes(tree, {"self", "g"})) == list("abcdefhi")
    assert [none for name, _, none in writes(tree, {"self"}) if name == "i"] == [True]


@pytest.mark.parametrize("kind", _house_rules(), ids=lambda k: k.__name__)
def test_a_house_rule_agrees_with_its_options_declarations(kind):
    """What a house rule says of itself is what its options declare: the
    phases it owns, the rule ids it names; and a rule the fast paths would
    skip (an effect of a number card, a chance lasting one move) turns the
    "slow" shortcut off, so that the game leaves them for it."""
    meta = {f.name: f.metadata for f in dataclasses.fields(RuleSet)}
    options = [meta[option] for option in kind.options]
    assert set(kind.phases) == {phase for m in options for phase in m["phases"]}
    named = {rule for m in options for rule in (m["rule"], *m["ids"].values(), *m["counts"])}
    assert set(kind.ids) <= named, set(kind.ids) - named
    base = house.HouseRule
    if any(getattr(kind, hook) is not getattr(base, hook) for hook in ("number", "moved")):
        assert all("slow" in m["off"] for m in options), kind.__name__


def test_the_engine_runs_no_source_text():
    """No exec or eval in the engine: a field's start value is a callable
    (uno_nb.engine.fields), never an expression in a string."""
    calls = sorted(f"{path.relative_to(ENGINE)}:{node.lineno}"
                   for path in ENGINE.rglob("*.py")
                   for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                   and node.func.id in ("exec", "eval", "compile"))
    assert calls == []
    assert all(callable(field.start) for field in state.POSITION.values())
