"""The teacher's pack (uno_nb.handouts): every lesson page has a plan and a
worksheet in English and Russian, their questions and answers are the kit's
own, and make handouts prints them to PDF (a plan on one page)."""

import re
from pathlib import Path

import pytest

from uno_nb import handouts, lessons

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
    assert "**Ответ:** Короче." in russian
    assert "5. **It goes down.** The red card moved" in answers  # not said twice
    sheet = handouts.block("worksheet", "03", "en")
    assert sheet.count("My working") == len(lessons.questions("03"))
    assert "   - ☐ Player 2" in sheet
    with pytest.raises(ValueError):
        handouts.block("poster", "02", "en")


def test_a_simulated_answers_range_is_what_the_box_accepts_said_inward():
    from uno_nb.questions import is_right, read_number
    q = lessons.question("scoring.round_points")  # 118.34 ± 10
    assert "118.3 (any answer from 108.4 to 128.3 counts)" in handouts.answer_words(q, "en")
    for typed, right in [("108.4", True), ("128.3", True), ("108.3", False), ("128.4", False)]:
        assert is_right(read_number(typed), q.answer, q.tolerance) is right, typed


def _pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf.read_bytes()))


@pytest.mark.browser
def test_make_handouts_prints_every_plan_on_one_page_and_every_worksheet(tmp_path):
    made = handouts.print_pdfs(ROOT, tmp_path)
    names = sorted(str(p.relative_to(tmp_path)) for p in made)
    assert names == sorted([f"{p}-{kind}.pdf" for p in PAGES for kind in ("plan", "worksheet")]
                           + [f"ru/{p}-{kind}.pdf" for p in PAGES for kind in ("plan", "worksheet")])
    for pdf in made:
        assert pdf.read_bytes().startswith(b"%PDF")
        if pdf.stem.endswith("plan"):
            assert _pages(pdf) == 1, pdf
        else:
            assert _pages(pdf) >= 2, pdf  # the questions, then the answer sheet
