"""The notebooks stay light: under 200 KB, no embedded plotly.js, and only the
cells whose printed numbers are checked keep their (text) output.  That they
run top to bottom is checked by nbval in the same suite."""

import json
import re
import statistics
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
EXPECTED = ["00_index.ipynb", "01_rules_step_by_step.ipynb", "02_card_odds.ipynb",
            "03_scoring.ipynb", "04_house_rules_lab.ipynb", "05_play_against_bots.ipynb"]


def test_every_notebook_is_there():
    assert [p.name for p in NOTEBOOKS] == EXPECTED


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_small_and_clean(path):
    raw = path.read_bytes()
    assert len(raw) < 200_000, f"{path.name} is {len(raw)} bytes"
    assert b"plotly.js" not in raw and b"application/vnd.plotly" not in raw
    nb = json.loads(raw)
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        code_lines = [line for line in source.splitlines() if line.strip() and not line.startswith("#")]
        assert len(code_lines) <= 12, f"{path.name}: cells stay short"
        if source.startswith("# NBVAL_CHECK_OUTPUT"):
            assert cell["outputs"] and all(o["output_type"] == "stream" for o in cell["outputs"])
        else:
            assert not cell["outputs"], f"{path.name}: commit without bulky outputs"


def test_the_index_links_to_every_notebook():
    index = json.loads(NOTEBOOKS[0].read_text())
    text = "".join("".join(c["source"]) for c in index["cells"] if c["cell_type"] == "markdown")
    for name in EXPECTED[1:]:
        assert f"]({name})" in text


# -- what the pages print reads for a learner -------------------------------------------

LEARNER_PAGES = ["00_index.ipynb", "01_rules_step_by_step.ipynb", "03_scoring.ipynb"]

#: What must never reach a learner from a checked cell: players by seat, a card
#: in notation, Python's reprs (lists, tuples, booleans, None), raw floats.
NOT_PROSE = {
    "a player by seat": r"\bP\d+\b",
    "a card code": r"(?<![\w+>-])(?:[RYGB](?:\d|S|R|\+[12])|W(?:\+(?:2|4|10))?(?:>[RYGB])?)"
                   r"(?![\w+-])",
    "a list or tuple": r"\[\s*['\"\d]|\(\s*['\"]|\(\d+, \d+",
    "a Python constant": r"\b(?:True|False|None)\b",
    "a float with many decimals": r"\d\.\d{5,}",
    "a version line": r"uno_nb \d",
}


def notebook(name):
    return json.loads((NOTEBOOKS[0].parent / name).read_text())


@pytest.mark.parametrize("name", LEARNER_PAGES)
def test_what_the_checked_cells_print_is_learner_prose(name):
    printed = []
    for cell in notebook(name)["cells"]:
        if cell["cell_type"] == "code" and "".join(cell["source"]).startswith("# NBVAL_CHECK_OUTPUT"):
            printed += ["".join(o["text"]) for o in cell["outputs"]]
    assert printed, f"{name} prints nothing checked"
    text = "".join(printed)
    for what, pattern in NOT_PROSE.items():
        found = re.search(pattern, text)
        assert not found, f"{name} prints {what}: {found.group(0)!r}"
    for line in text.splitlines():
        assert line[:1].isupper() or line[:1].isdigit(), line  # sentences, not fragments


@pytest.mark.parametrize("name", LEARNER_PAGES)
def test_the_pages_code_cells_stay_short(name):
    lengths = [len([line for line in "".join(c["source"]).splitlines()
                    if line.strip() and not line.startswith("#")])
               for c in notebook(name)["cells"] if c["cell_type"] == "code"]
    assert statistics.median(lengths) <= 3.5, lengths


def test_the_index_is_a_teachers_landing_page():
    text = "".join("".join(c["source"]) for c in notebook("00_index.ipynb")["cells"]
                   if c["cell_type"] == "markdown")
    rows = {name: next(line for line in text.splitlines() if f"]({name})" in line)
            for name in EXPECTED[1:]}
    for name, row in rows.items():
        assert re.search(r"\| \d+(–\d+)? min \|$", row), f"{name}: how long it takes in class"
    order = text[text.index("## A suggested order"):]
    numbers = re.findall(r"^\d\. \*\*(\d\d)", order, flags=re.M)
    assert sorted(numbers) == [name[:2] for name in EXPECTED[1:]]  # every page, once


def test_the_index_describes_each_preset_by_the_rules_it_switches():
    from uno_nb import PRESETS, RuleSet
    text = "".join("".join(c["source"]) for c in notebook("00_index.ipynb")["cells"]
                   if c["cell_type"] == "markdown")
    options = RuleSet.options()
    for name, rules in PRESETS.items():
        item = next(p for p in text.split("\n* ") if f"(`{name}`)" in p)
        changed = {o.ids.get(getattr(rules, o.name), o.rule) for o in options
                   if getattr(rules, o.name) != o.default}
        named = set(re.findall(r"\b[RVT]-[A-Z0-9-]*[A-Z0-9]\b", item))
        assert named == changed, (name, named ^ changed)
