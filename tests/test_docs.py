"""The documentation stands on its own and agrees with the code: every rule id
the code uses has its entry in docs/rules.md, the sections that code cites
("docs/rules.md §4") exist, the option table gives the presets' real values,
every relative link leads somewhere, and nothing points outside the
repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_nb import PRESETS, RuleSet

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

RULE_ID = re.compile(r"\b[RVT]-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")

#: The numbered sections of docs/rules.md, which code and tests cite as "§N".
SECTIONS = {
    1: "Components and card notation",
    2: "Setup",
    3: "A turn",
    4: "Action cards",
    5: "Answering a draw card",
    6: "Challenging a Wild Draw Four",
    7: '"UNO!" and penalties',
    8: "End of a round and scoring",
    9: "House rules",
    10: "Table-talk rules",
    11: "Presets",
    12: "Decisions where the texts are silent",
}


def _without_code(text: str) -> str:
    """Markdown with its fenced code blocks and inline code taken out."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def _headings(text: str) -> list[tuple[int, str]]:
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    return [(len(m[1]), m[2].strip()) for m in re.finditer(r"^(#{1,6})\s+(.+)$", text, re.M)]


def _anchors(text: str) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file."""
    seen: dict[str, int] = {}
    anchors = set()
    for _, title in _headings(text):
        slug = re.sub(r"[^\w\- ]", "", title.replace("`", "").lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _code_rule_ids() -> set[str]:
    ids = set()
    for path in (ROOT / "uno_nb").rglob("*.py"):
        ids |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    return ids


def test_the_code_uses_rule_ids():
    """The scan below sees the real ids (a broken regex would pass vacuously)."""
    ids = _code_rule_ids()
    assert {"R-DECK", "R-CHALLENGE", "R-CHALLENGE-GUILTY", "V-STACK", "T-READY"} <= ids
    assert len(ids) > 50


def test_every_rule_id_in_the_code_has_its_own_entry_in_docs_rules_md():
    text = RULES_DOC.read_text(encoding="utf-8")
    entries = {title.split()[0] for _, title in _headings(text) if RULE_ID.match(title)}
    entries |= set(re.findall(r"\*\*([RVT]-[A-Z0-9]+(?:-[A-Z0-9]+)*)\*\*", text))
    missing = sorted(_code_rule_ids() - entries)
    assert not missing, f"rule ids with no heading or bold entry in docs/rules.md: {missing}"


def test_docs_rules_md_has_the_numbered_sections_the_code_cites():
    text = RULES_DOC.read_text(encoding="utf-8")
    numbered = [title for level, title in _headings(text)
                if level == 2 and re.match(r"\d+\. ", title)]
    assert numbered == [f"{n}. {title}" for n, title in SECTIONS.items()]


def test_every_section_cited_as_docs_rules_md_exists():
    cited = []
    paths = [*(ROOT / "uno_nb").rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
             *(ROOT / "notebooks").glob("*.ipynb"), *DOCS]
    for path in paths:
        for match in re.finditer(r"docs/rules\.md((?:,?\s*§\s*\d+)+)", path.read_text(encoding="utf-8")):
            cited += [(path.name, int(n)) for n in re.findall(r"§\s*(\d+)", match[1])]
    wrong = [(name, n) for name, n in cited if n not in SECTIONS]
    assert not wrong, f"citations of sections docs/rules.md does not have: {wrong}"


def _shown(value) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def test_the_option_table_gives_every_option_and_the_presets_values():
    lines = RULES_DOC.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| option (`RuleSet` field)"))
    rows = []
    for line in lines[start + 2:]:  # after the header and its |---| line
        if not line.startswith("|"):
            break
        rows.append(line)
    listed = set()
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        names = re.findall(r"`(\w+)`", cells[0])
        for name in names:
            listed.add(name)
            for preset, shown in zip(("standard", "cnuno", "party"), cells[-3:]):
                actual = _shown(getattr(PRESETS[preset], name))
                assert shown == actual, f"docs/rules.md: {name} in {preset} is {actual}, not {shown}"
    assert listed == set(RuleSet.option_names())


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_the_docs_never_point_outside_the_repository(path):
    """The rule texts and their specification are not shipped: the README and
    docs/ stand on their own."""
    text = path.read_text(encoding="utf-8")
    # spelt in two pieces so that a rewrite of the code's old citations leaves it be
    for outside in ("shared/", "RULES" + ".md"):
        assert outside not in text, f"{path.name} mentions {outside!r}"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file_that_exists(path):
    text = _without_code(path.read_text(encoding="utf-8"))
    targets = re.findall(r"!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)", text)
    targets += re.findall(r"""<(?:img|a)\b[^>]*?\b(?:src|href)\s*=\s*["']([^"']+)["']""", text)
    checked = 0
    for target in targets:
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.exists(), f"{path.name} links to {target}, which does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked.read_text(encoding="utf-8")), \
                f"{path.name} links to {target}: no such heading"
        checked += 1
    if path.name == "README.md":
        assert checked >= 3  # the screenshots and docs/rules.md at least
