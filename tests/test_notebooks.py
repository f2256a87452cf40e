"""The notebooks stay light: under 200 KB, no embedded plotly.js, and only the
cells whose printed numbers are checked keep their (text) output.  That they
run top to bottom is checked by nbval in the same suite.

notebooks/ru/ holds the Russian pages: twins of the English ones, with the
same cells in the same order, the same checked cells printing the same
numbers, and prose written in Russian."""

import json
import re
import statistics
from pathlib import Path

import pytest

from tests.reading import cyrillic_share, english_words, without_notation

FOLDER = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
RUSSIAN = sorted((FOLDER / "ru").glob("*.ipynb"))
EXPECTED = ["00_index.ipynb", "01_rules_step_by_step.ipynb", "02_card_odds.ipynb",
            "03_scoring.ipynb", "04_house_rules_lab.ipynb", "05_play_against_bots.ipynb",
            "06_class_board.ipynb"]
#: Each language's folder, relative to notebooks/.
LANGS = {"en": "", "ru": "ru/"}


def _id(path):
    return path.relative_to(FOLDER).as_posix()


def test_every_notebook_is_there():
    assert [p.name for p in NOTEBOOKS] == EXPECTED
    assert [p.name for p in RUSSIAN] == EXPECTED  # every English page has its Russian twin


@pytest.mark.parametrize("path", NOTEBOOKS + RUSSIAN, ids=_id)
def test_notebook_is_small_and_clean(path):
    raw = path.read_bytes()
    assert len(raw) < 200_000, f"{path.name} is {len(raw)} bytes"
    assert b"plotly.js" not in raw and b"application/vnd.plotly" not in raw
    nb = json.loads(raw)
    assert "widgets" not in nb["metadata"], f"{path.name}: commit without widget state"
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


def _markdown(nb) -> str:
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_links_to_every_notebook(lang):
    text = _markdown(notebook(LANGS[lang] + "00_index.ipynb"))
    for name in EXPECTED[1:]:
        assert f"]({name})" in text  # in the same folder: the page's own language


def test_the_indexes_link_to_each_other_near_the_top():
    english = notebook("00_index.ipynb")["cells"][0]["source"]
    russian = notebook("ru/00_index.ipynb")["cells"][0]["source"]
    assert "[Русский](ru/00_index.ipynb)" in "".join(english[:4])
    assert "[English](../00_index.ipynb)" in "".join(russian[:4])


@pytest.mark.parametrize("path", NOTEBOOKS + RUSSIAN, ids=_id)
def test_every_relative_link_of_a_page_leads_to_a_notebook(path):
    for target in re.findall(r"\]\(([^)\s]+)\)", _markdown(json.loads(path.read_text()))):
        if not re.match(r"[a-z][a-z0-9+.-]*:", target):
            assert (path.parent / target.partition("#")[0]).resolve().is_file(), target


@pytest.mark.parametrize("path", NOTEBOOKS + RUSSIAN, ids=_id)
def test_every_page_has_its_title_and_language(path):
    """The page template shows the title (the part before " · ") in its
    header bar, reads the language for its language switch, and preloads
    plotly's bundle unless the page says it has no charts: exactly the pages
    whose code makes no chart (no app with a figure) say so, and the class
    board, whose charts are the teacher's alone (a student who opens it
    fetches no plotly; the teacher's charts fetch it when they show)."""
    nb = json.loads(path.read_text())
    metadata = nb["metadata"]
    lang = "ru" if path.parent.name == "ru" else "en"
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    charted = any(app in code for app in ("GameStepper", "HandOdds", "LiveOdds", "ChallengeQuestion",
                                          "ScoringPanel", "RoundPointsChart", "LabApp", "OddsPanel"))
    assert metadata["uno_nb"] == ({"lang": lang} if charted else {"lang": lang, "charts": False})
    title, _, kit = metadata["title"].partition(" · ")
    assert title and kit == "uno_nb"
    if lang == "ru":
        english = notebook(path.name)["metadata"]
        assert cyrillic_share(title) == 1.0 and english["title"] != metadata["title"]
        assert english["kernelspec"] == metadata["kernelspec"]


# -- the Russian twins ------------------------------------------------------------------

CHECKED = "# NBVAL_CHECK_OUTPUT"
#: A number as each language writes it: 27,883,218,168 and 42.6 in English,
#: 27 883 218 168 (no-break spaces) and 42,6 in Russian.
NUMBER = {"en": re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"),
          "ru": re.compile(r"\d{1,3}(?:[\u00a0\u202f]\d{3})+(?:,\d+)?|\d+(?:,\d+)?")}


def numbers(text: str, lang: str) -> list[float]:
    """The numbers of ``text`` in order, as values (``"1 234,5"`` → 1234.5).
    Rule ids, card codes and the ranks in Russian card names (``Красная +2``,
    ``Дикая +4``: English says ``Draw Two``) are names, not numbers."""
    group, point = (",", ".") if lang == "en" else ("\u00a0\u202f", ",")
    text = re.sub(r"\+\d+", " ", without_notation(text))
    found = []
    for written in NUMBER[lang].findall(text):
        for ch in group:
            written = written.replace(ch, "")
        found.append(float(written.replace(point, ".")))
    return found


def test_numbers_are_read_in_each_language():
    assert numbers("16,007,560,800 of 27,883,218,168: 57.4% (C(8, 0))", "en") == \
        [16007560800, 27883218168, 57.4, 8, 0]
    assert numbers("16\u00a0007\u00a0560\u00a0800 из 27\u00a0883\u00a0218\u00a0168: 57,4 % "
                   "(C(8, 0))", "ru") == [16007560800, 27883218168, 57.4, 8, 0]
    assert numbers("Дикая +4, Красная 7: 7 + 20 + 50 (V-W4-SAVE-2)", "ru") == [7, 7, 20, 50]


def _checked(path):
    """Each checked cell's id and what its stored outputs print."""
    return [(c["id"], "".join("".join(o.get("text", "")) for o in c["outputs"]))
            for c in json.loads(path.read_text())["cells"]
            if c["cell_type"] == "code" and "".join(c["source"]).startswith(CHECKED)]


@pytest.mark.parametrize("name", EXPECTED)
def test_russian_twins_have_the_same_cells(name):
    english, russian = notebook(name)["cells"], notebook("ru/" + name)["cells"]
    assert [(c["id"], c["cell_type"]) for c in russian] == [(c["id"], c["cell_type"]) for c in english]
    for en, ru in zip(english, russian):
        if en["cell_type"] != "code":
            continue
        source = "".join(ru["source"])
        assert source.startswith(CHECKED) == "".join(en["source"]).startswith(CHECKED)
        calls = [line for line in source.splitlines()
                 if "(" in line and not line.startswith(("#", "from ", "import "))]
        # every app and every sentence in Russian (the engine's calls need no language)
        for line in calls:
            if re.search(r"\b(?:say_\w+|describe_\w+|text|game_html|[A-Z]\w+)\(", line) \
                    and not re.search(r"\b(?:Game\.from_position|RuleSet)\(", line):
                assert 'lang="ru"' in line, f"{name}: {line}"


@pytest.mark.parametrize("name", EXPECTED)
def test_russian_twins_print_the_same_numbers(name):
    english, russian = _checked(FOLDER / name), _checked(FOLDER / "ru" / name)
    assert [cell for cell, _ in russian] == [cell for cell, _ in english]
    for (cell, en), (_, ru) in zip(english, russian):
        assert ru.strip(), f"{name} {cell}: run the Russian notebook to store its output"
        en_lines, ru_lines = en.splitlines(), ru.splitlines()
        assert len(ru_lines) == len(en_lines), f"{name} {cell}: one sentence a line in both"
        for en_line, ru_line in zip(en_lines, ru_lines):
            # line by line, the same numbers; within a sentence in the order of each
            # language ("Dealing 2,000 hands (seed 1): 860 held at least 1 …" reads
            # "Раздали 2 000 рук (расклад № 1). Хотя бы 1 … — в 860 из них")
            assert sorted(numbers(ru_line, "ru")) == sorted(numbers(en_line, "en")), \
                f"{name} {cell}:\n{en_line}\n{ru_line}"
        assert cyrillic_share(ru) >= 0.9 and english_words(ru) == [], ru


def _prose(nb) -> str:
    """The markdown of a page as a reader sees it: no link targets, no code,
    no table rules, no HTML tags (``<details>``: only its words are read)."""
    text = _markdown(nb)
    text = re.sub(r"</?[A-Za-z][^>]*>", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"`[^`\n]*`", " ", text)
    return text


@pytest.mark.parametrize("name", EXPECTED)
def test_the_russian_pages_are_written_in_russian(name):
    prose = _prose(notebook("ru/" + name)).replace("English", "")  # the link to the English page
    assert english_words(prose) == []
    assert cyrillic_share(prose) >= 0.97, name
    latin = set(re.findall(r"[A-Za-z]{2,}", without_notation(prose)))
    assert latin == set(), f"{name}: English words {sorted(latin)}"


# -- what the pages print reads for a learner -------------------------------------------

LEARNER_PAGES = ["00_index.ipynb", "01_rules_step_by_step.ipynb", "03_scoring.ipynb"]
LEARNER_PAGES += ["ru/" + name for name in LEARNER_PAGES]

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
    return json.loads((FOLDER / name).read_text())


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


#: How each index says "minutes" and heads its suggested order.
LANDING = {"en": ("min", "## A suggested order"), "ru": ("мин", "## В каком порядке проходить")}
#: How each index says the class board is on: all through a lesson, not for minutes of its own.
ALONGSIDE = {"en": "during the lesson", "ru": "весь урок"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_is_a_teachers_landing_page(lang):
    minutes, heading = LANDING[lang]
    text = "".join("".join(c["source"]) for c in notebook(LANGS[lang] + "00_index.ipynb")["cells"]
                   if c["cell_type"] == "markdown")
    rows = {name: next(line for line in text.splitlines() if f"]({name})" in line)
            for name in EXPECTED[1:]}
    for name, row in rows.items():
        if name == "06_class_board.ipynb":  # the teacher's screen, beside the others
            assert row.endswith(f"| {ALONGSIDE[lang]} |"), row
            continue
        assert re.search(rf"\| \d+(–\d+)? {minutes} \|$", row), f"{name}: how long it takes in class"
    order = text[text.index(heading):]
    numbers = re.findall(r"^\d\. \*\*(\d\d)", order, flags=re.M)
    assert sorted(numbers) == [name[:2] for name in EXPECTED[1:]]  # every page, once


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_describes_each_preset_by_the_rules_it_switches(lang):
    from uno_nb import PRESETS, RuleSet
    from uno_nb.texts import text as words
    text = "".join("".join(c["source"]) for c in notebook(LANGS[lang] + "00_index.ipynb")["cells"]
                   if c["cell_type"] == "markdown")
    options = RuleSet.options()
    for name, rules in PRESETS.items():
        # the English page gives each preset's name in code too; the Russian one its name only
        label = f"(`{name}`)" if lang == "en" else f"**{words(f'preset.{name}', lang)}**"
        item = next(p for p in text.split("\n* ") if label in p)
        changed = {o.ids.get(getattr(rules, o.name), o.rule) for o in options
                   if getattr(rules, o.name) != o.default}
        named = set(re.findall(r"\b[RVT]-[A-Z0-9-]*[A-Z0-9]\b", item))
        assert named == changed, (name, named ^ changed)
