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

from tests.reading import RULE_ID

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

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
             *(ROOT / "notebooks").rglob("*.ipynb"), *DOCS]
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


# -- docs/rules.ru.md, the Russian twin of docs/rules.md ---------------------------

RULES_RU_DOC = ROOT / "docs" / "rules.ru.md"

#: The Russian rule texts, named as docs/rules.ru.md names them after a quoted line.
RU_TEXTS = {"1": "Правила 1", "2": "Правила 2 (карточка CNUNO-1)", "3": "Правила 3 (стандартные)"}

#: A quoted line of a Russian rule text: ``> «…» — Правила 3 (стандартные)``.
RU_QUOTE = re.compile(r"> «(.+)» — (" + "|".join(re.escape(name) for name in RU_TEXTS.values()) + r")")

#: What a source says when no Russian text has the rule: a house rule the texts
#: lack, the published rules, or a decision of the kit.
RU_NO_TEXT = re.compile(r"нет в текстах|опубликованн|решение uno_nb")


def _numbered(text: str) -> list[tuple[int, str]]:
    """The "§N" sections of a rules page: (N, title) for each ``## N. …``."""
    return [(int(m[1]), title) for level, title in _headings(text)
            if level == 2 and (m := re.match(r"(\d+)\. ", title))]


def _rule_entries(text: str) -> dict[str, tuple[int, str]]:
    """Every ``### ID — …`` entry: its § number and its text up to the next heading."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    entries: dict[str, tuple[int, str]] = {}
    section = 0
    parts = re.split(r"^(#{1,6} .*)$", text, flags=re.M)
    for heading, body in zip(parts[1::2], parts[2::2]):
        level, title = len(heading.split()[0]), heading.split(" ", 1)[1].strip()
        if level == 2:
            section = int(m[1]) if (m := re.match(r"(\d+)\. ", title)) else 0
        if level == 3 and RULE_ID.match(title):
            rule = title.split()[0]
            assert rule not in entries, f"{rule} has two entries"
            entries[rule] = (section, body)
    return entries


def _source(entry: str) -> str:
    """The entry's *Источник:* paragraph, from the marker on, in one line."""
    for paragraph in re.split(r"\n\s*\n", entry):
        if "*Источник:*" in paragraph:
            return " ".join(paragraph.split("*Источник:*", 1)[1].split())
    return ""


def test_docs_rules_ru_md_has_the_numbered_sections_of_docs_rules_md_in_the_same_order():
    """"docs/rules.md §N" and "docs/rules.ru.md §N" are the same section."""
    english = [n for n, _ in _numbered(RULES_DOC.read_text(encoding="utf-8"))]
    russian = _numbered(RULES_RU_DOC.read_text(encoding="utf-8"))
    assert [n for n, _ in russian] == english == list(SECTIONS)
    assert all(re.search(r"[а-яё]", title, re.I) for _, title in russian), russian


def test_docs_rules_ru_md_has_every_rule_id_of_docs_rules_md_in_the_same_section():
    english_text = RULES_DOC.read_text(encoding="utf-8")
    russian_text = RULES_RU_DOC.read_text(encoding="utf-8")
    assert set(RULE_ID.findall(russian_text)) == set(RULE_ID.findall(english_text))
    english, russian = _rule_entries(english_text), _rule_entries(russian_text)
    assert len(english) > 50  # the entries are found (a broken regex would pass vacuously)
    assert list(russian) == list(english), "the entries differ or are in another order"
    moved = {rule: (english[rule][0], russian[rule][0])
             for rule in english if english[rule][0] != russian[rule][0]}
    assert not moved, f"rule ids under another § in docs/rules.ru.md (en, ru): {moved}"
    for rule, (_, body) in russian.items():
        assert re.search(r"[а-яё]{3,}", body, re.I), f"{rule}: no Russian text in its entry"


def test_every_quoted_line_in_docs_rules_ru_md_is_in_the_one_format():
    """A line that opens a quote (``> «``) is a whole quote, in Cyrillic, short,
    and names one of the three texts after a dash."""
    lines = [line.strip() for line in RULES_RU_DOC.read_text(encoding="utf-8").splitlines()
             if line.strip().startswith("> «")]
    assert len(lines) > 50
    for line in lines:
        match = RU_QUOTE.fullmatch(line)
        assert match, f"a quote not in the form '> «…» — {RU_TEXTS['1']}': {line}"
        assert re.search(r"[а-яё]{3,}", match[1], re.I), f"not a Russian line: {line}"
        assert len(match[1]) < 300, f"quote too long ({len(match[1])} characters): {line}"


def test_every_rule_from_a_russian_text_quotes_that_text_in_docs_rules_ru_md():
    """Each Russian text an entry's source names has a quoted line in the entry,
    and an entry quotes no text its source does not name; an entry without a
    quote says it is a house rule not in the texts, from the published rules or
    a decision of the kit."""
    entries = _rule_entries(RULES_RU_DOC.read_text(encoding="utf-8"))
    unquoted = []
    for rule, (_, body) in entries.items():
        source = _source(body)
        assert source, f"{rule}: no *Источник:* paragraph"
        named = {n for n in RU_TEXTS if re.search(rf"Правила {n}\b", source)}
        for n in named:
            assert RU_TEXTS[n] in source, f"{rule}: the source names {RU_TEXTS[n]!r} otherwise"
        quoted = {n for line in body.splitlines() if (m := RU_QUOTE.fullmatch(line.strip()))
                  for n, name in RU_TEXTS.items() if m[2] == name}
        assert quoted == named, f"{rule}: the source names texts {sorted(named)}, quotes {sorted(quoted)}"
        if not quoted:
            assert RU_NO_TEXT.search(source), f"{rule}: no quote and no word of where it comes from"
            unquoted.append(rule)
    assert len(unquoted) < len(entries) // 10, unquoted


def test_docs_rules_ru_md_names_no_file_outside_the_repository():
    """The Russian page introduces the three texts itself: no path or file name
    of the texts or of their English reading."""
    text = RULES_RU_DOC.read_text(encoding="utf-8")
    for outside in ("shared/", "seeds/", "RULES" + ".md"):
        assert outside not in text, f"rules.ru.md mentions {outside!r}"
    assert not re.search(r"\b\d{3}_[0-9a-f]{16}\b", text), "rules.ru.md names a rule text's file"


def test_docs_rules_md_and_docs_rules_ru_md_link_to_each_other():
    assert "[rules.ru.md](rules.ru.md)" in RULES_DOC.read_text(encoding="utf-8")
    assert "[rules.md](rules.md)" in RULES_RU_DOC.read_text(encoding="utf-8")


def test_the_option_table_of_docs_rules_ru_md_gives_every_option_and_the_presets_values():
    lines = RULES_RU_DOC.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| параметр (поле `RuleSet`)"))
    listed = set()
    for row in lines[start + 2:]:  # after the header and its |---| line
        if not row.startswith("|"):
            break
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        for name in re.findall(r"`(\w+)`", cells[0]):
            listed.add(name)
            for preset, shown in zip(("standard", "cnuno", "party"), cells[-3:]):
                actual = _shown(getattr(PRESETS[preset], name))
                assert shown == actual, f"docs/rules.ru.md: {name} in {preset} is {actual}, not {shown}"
    assert listed == set(RuleSet.option_names())


def test_docs_rules_ru_md_names_each_rule_as_the_app_does():
    """A rule's heading in docs/rules.ru.md is the name the Russian log and
    panels give it (``rule.<id>`` of the text table), so a learner finds
    there what the app says; the rule texts' own name may follow."""
    from uno_nb.texts import TABLE
    page = (ROOT / "docs" / "rules.ru.md").read_text(encoding="utf-8")
    heads = re.findall(r"^### ([RVT]-[A-Z0-9-]+) — (.+)$", page, re.M)
    assert len(heads) == len({rid for rid, _ in heads}) >= 59
    for rid, name in heads:
        assert name.startswith(TABLE["ru"][f"rule.{rid}"]), (rid, name)


def test_docs_engine_md_maps_every_module_of_the_engine_sim_and_kernel():
    """The module map of docs/engine.md names every module of the three lower
    layers (a new module, or a renamed one, is put on the map)."""
    page = (ROOT / "docs" / "engine.md").read_text()
    missing = [str(p.relative_to(ROOT)) for layer in ("engine", "sim", "kernel")
               for p in sorted((ROOT / "uno_nb" / layer).rglob("*.py"))
               if p.name != "__init__.py" or p.parent.name in ("kernel", "mtrand")
               if f"`{p.relative_to(ROOT / 'uno_nb' / layer).as_posix()}`" not in page]
    assert missing == []
