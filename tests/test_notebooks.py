"""The notebooks stay light: under 200 KB, no embedded plotly.js, and only the
cells whose printed numbers are checked keep their (text) output.  That they
run top to bottom is checked by nbval in the same suite."""

import json
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
