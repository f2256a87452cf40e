"""The teacher's pack (uno_nb.handouts): every lesson page has a plan and a
worksheet in English and Russian, their questions and answers are the kit's
own (a range the very range the page's box accepts), a worksheet gives each
question room to work (a third of a page for a counting question) and says
what a student needs, 02's prints the table of C(n, k) its counting uses, and
make handouts prints them to PDF: a plan on one page, no worksheet page
holding a lone question."""

import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from uno_nb import handouts, lessons
from uno_nb.questions import is_right, read_number
from uno_nb.texts import text
from uno_nb.wording import worked_words

ROOT = Path(__file__).resolve().parent.parent
TEACHER = ROOT / "docs" / "teacher"
PAGES = ["01", "02", "03", "04", "05"]


def test_every_lesson_page_has_a_plan_and_a_worksheet_in_both_languages():
    for folder in (TEACHER, TEACHER / "ru"):
        for page in PAGES:
            plan = (folder / f"{page}-plan.md").read_text(encoding="utf-8")
            sheet = (folder / f"{page}-worksheet.md").read_text(encoding="utf-8")
            assert f"<!-- uno_nb:questions {page} -->" in plan
            assert f"<!-- uno_nb:worksheet {page} -->" in sheet
            assert f"<!-- uno_nb:answers {page} -->" in sheet
            assert '<div class="page-break"></div>' in sheet  # the answers on a page of their own
        assert (folder / "README.md").is_file()
    assert sorted(lessons.PAGES) == PAGES


def test_the_packs_questions_and_answers_are_the_kits_as_they_are_now():
    assert handouts.stale(ROOT) == [], "run: python -m uno_nb.handouts --update"


def test_a_block_says_each_answer_as_the_page_checks_it():
    answers = handouts.block("answers", "02", "en")
    assert answers.startswith("1. **57.4%.** There are C(100, 7) = 16,007,560,800 hands")
    assert "4. **860 (any answer from 815 to 905 counts).**" in answers
    assert "7. **4.8.** 6 × 4/5 = 4.8 cards." in answers
    russian = handouts.block("questions", "04", "ru")
    assert "**Ответ:** короче." in russian
    assert "5. **It goes down.** The red card moved" in answers  # not said twice
    sheet = handouts.block("worksheet", "03", "en")
    assert sheet.count("My working") == len(lessons.questions("03"))
    assert sheet.count('<div class="uno-work uno-work-') == len(lessons.questions("03"))
    assert "   - ☐ Player 2" in sheet
    with pytest.raises(ValueError):
        handouts.block("poster", "02", "en")


def _simulated() -> list[lessons.Question]:
    """Every question checked within a tolerance, in every variant."""
    found = []
    for q in lessons.questions():
        found += [lessons.question(q.id, v) for v in range(lessons.variants(q.id))]
    return [q for q in found if q.tolerance is not None]


def test_a_simulated_answers_range_is_exactly_what_the_box_accepts():
    q = lessons.question("scoring.round_points")  # 118.3 ± 10
    assert handouts.answer_words(q, "en") == "118.3 (any answer from 108.3 to 128.3 counts)"
    assert handouts.answer_words(q, "ru") == text("q.sheet.range", "ru", answer="118,3",
                                                  low="108,3", high="128,3")
    for typed, right in [("108.3", True), ("128.3", True), ("108.35", True),
                         ("108.29", False), ("128.31", False)]:
        assert is_right(read_number(typed), q.answer, q.tolerance) is right, typed
    assert len(_simulated()) >= 9  # 03's mean, and the 2,000 hands of 02 with each seed
    for q in _simulated():
        low, high = handouts.exact_range(q)
        for lang in ("en", "ru"):
            said = handouts.answer_words(q, lang)  # never rounded: it says the ends exactly
            words = [read_number(w, lang).value for w in _range_words(said, lang)]
            assert words == [q.answer, low, high], said
        step = Fraction(1, 100)  # a hundredth beyond an end is refused, the end counts
        assert is_right(read_number(str(float(low))), q.answer, q.tolerance), q
        assert is_right(read_number(str(float(high))), q.answer, q.tolerance), q
        assert not is_right(read_number(str(float(low - step))), q.answer, q.tolerance), q
        assert not is_right(read_number(str(float(high + step))), q.answer, q.tolerance), q


_NUMBER = r"(\d(?:[\d\u00a0\u202f,.]*\d)?)"


def _range_words(said: str, lang: str) -> list[str]:
    """The answer, lowest and highest of a range said in the pack's words."""
    pattern = re.escape(text("q.sheet.range", lang, answer="ANSWER", low="LOW", high="HIGH"))
    for name in ("ANSWER", "LOW", "HIGH"):
        pattern = pattern.replace(name, _NUMBER)
    found = re.findall(pattern, said)
    return [word for match in found for word in match]


def test_every_range_the_pack_prints_is_the_range_a_page_accepts():
    accepted = {(q.answer, *handouts.exact_range(q)) for q in _simulated() if q.variant == 0}
    printed = set()
    for folder, lang in ((TEACHER, "en"), (TEACHER / "ru", "ru")):
        for path in sorted(folder.glob("*.md")):
            words = _range_words(path.read_text(encoding="utf-8"), lang)
            for at in range(0, len(words), 3):
                said = tuple(read_number(w, lang).value for w in words[at:at + 3])
                assert said in accepted, (path.name, words[at:at + 3])
                printed.add(said)
    assert printed == accepted  # each one printed (the plans and the answer sheets)


def test_every_question_has_room_to_work_a_third_of_a_page_for_a_counting_one():
    assert set(handouts.ROOM) == {q.id for q in lessons.questions()}
    assert set(handouts.ROOM.values()) <= set(handouts.ROOM_MM)
    assert handouts.ROOM_MM["counting"] * 3 >= handouts.PRINTED_MM
    assert handouts.ROOM_MM["counting"] > handouts.ROOM_MM["working"] > handouts.ROOM_MM["short"]
    for q in lessons.questions():  # an answer counted with C(n, k) is a counting question
        if "C(" in worked_words(q, "en"):
            assert handouts.ROOM[q.id] == "counting", q.id
    assert {"odds.no_wild", "odds.red_three", "odds.wild_half"} <= {
        qid for qid, room in handouts.ROOM.items() if room == "counting"}
    for kind, mm in handouts.ROOM_MM.items():
        assert f".uno-work-{kind} {{ height: {mm}mm; }}" in handouts.PRINT_CSS
    sheet = handouts.block("worksheet", "02", "ru")
    assert sheet.count('<div class="uno-work uno-work-counting"><span>Моё решение</span>') == 3
    assert "break-inside: avoid" in handouts.PRINT_CSS


def test_a_worksheet_says_what_a_student_needs_and_02_prints_the_table_of_c_n_k():
    for folder, need in ((TEACHER, "**You need:**"), (TEACHER / "ru", "**Понадобится:**")):
        for page in PAGES:
            sheet = (folder / f"{page}-worksheet.md").read_text(encoding="utf-8")
            head = sheet.split("<!-- uno_nb:worksheet", 1)[0]
            assert need in head, (folder, page)
        sheet = (folder / "02-worksheet.md").read_text(encoding="utf-8")
        head, rest = sheet.split("<!-- uno_nb:worksheet", 1)
        assert "nCr" in head and "C(n, k)" in head
        students = rest.split('<div class="page-break"></div>', 1)[0]
        assert "<!-- uno_nb:combinations 02 -->" in students  # on the students' pages
    ks, ns = handouts.combinations("02")
    assert ns == (25, 83, 100, 108) and ks == tuple(range(1, 10))
    assert handouts.combinations("03") == ((), ())
    table = handouts.block("combinations", "02", "en")
    assert "| 7 | 480,700 | 4,151,918,628 | 16,007,560,800 | 27,883,218,168 |" in table
    rows = [line.split("|")[1:-1] for line in table.splitlines()[2:]]
    for row in rows:
        k = int(row[0])
        assert [int(cell.replace(",", "")) for cell in row[1:]] == [math.comb(n, k) for n in ns]
    # every C(n, k) the pack writes, in the questions' answers and the plans, is in the table
    for folder in (TEACHER, TEACHER / "ru"):
        for path in folder.glob("*.md"):
            for n, k in re.findall(r"C\((\d+), (\d+)\)", path.read_text(encoding="utf-8")):
                assert int(n) in ns and int(k) in ks, (path.name, n, k)


def _pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf.read_bytes()))


@pytest.mark.browser
def test_make_handouts_prints_every_plan_on_one_page_and_no_lone_question(tmp_path):
    made = handouts.print_pdfs(ROOT, tmp_path)
    names = sorted(str(p.relative_to(tmp_path)) for p in made)
    assert names == sorted([f"{p}-{kind}.pdf" for p in PAGES for kind in ("plan", "worksheet")]
                           + [f"ru/{p}-{kind}.pdf" for p in PAGES for kind in ("plan", "worksheet")])
    sheets = {}
    for pdf in made:
        assert pdf.read_bytes().startswith(b"%PDF")
        if pdf.stem.endswith("plan"):
            assert _pages(pdf) == 1, pdf
            continue
        page, lang = pdf.stem[:2], "ru" if pdf.parent.name == "ru" else "en"
        on = handouts.question_pages(pdf, page, lang)
        assert on == sorted(on), pdf
        assert handouts.lone_pages(pdf, page, lang) == [], (pdf, on)
        assert _pages(pdf) > on[-1], pdf  # the answer sheet on a page of its own
        sheets[str(pdf.relative_to(tmp_path))] = (on, _pages(pdf))
    # 02: two questions a page, the table of C(n, k) after the last; the answers
    for name in ("02-worksheet.pdf", "ru/02-worksheet.pdf"):
        assert sheets[name] == ([1, 1, 2, 2, 2, 3, 3], 4), sheets[name]
