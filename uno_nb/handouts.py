"""The teacher's pack: each lesson's questions and answers written into its
plan and worksheet, and every plan and worksheet printed to PDF.

The plans and worksheets are Markdown in ``docs/teacher/`` (English) and
``docs/teacher/ru/`` (Russian).  Where one holds a block

    <!-- uno_nb:questions 02 -->
    <!-- uno_nb:end -->

(``questions``: each question with its answer, for the plan; ``worksheet``:
the questions with room to answer; ``answers``: the answer sheet), the block
is the lesson page's questions of :mod:`uno_nb.lessons`, in the words of the
text table - the very questions and answers the pages check - so a pack
never says another answer than the kit.

``python -m uno_nb.handouts --update`` rewrites the blocks; ``--check`` says
which files are out of date (a test runs it); ``python -m uno_nb.handouts
OUT`` (``make handouts``) prints every plan and worksheet to PDF in ``OUT``
and ``OUT/ru`` with the Chromium the browser tests drive (Playwright's
``page.pdf``), installing it with apt-get where it is missing.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Sequence

from . import lessons
from .texts import text
from .texts.numbers import fmt_decimal, fmt_int

__all__ = ["block", "update", "stale", "answer_words", "print_pdfs", "main"]

BLOCK = re.compile(r"(<!-- uno_nb:(questions|worksheet|answers) (\d\d) -->\n)(.*?)"
                   r"(<!-- uno_nb:end -->)", re.S)
KINDS = ("questions", "worksheet", "answers")
CHROMIUM = "/usr/bin/chromium"
#: The page's look in print: A4, the kit's plain type, a page break where asked.
PRINT_CSS = """
@page { size: A4; margin: 16mm 15mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; line-height: 1.33;
       color: #111; }
h1 { font-size: 16pt; margin: 0 0 6pt 0; border-bottom: 2px solid #d72600; padding-bottom: 3pt; }
h2 { font-size: 12pt; margin: 9pt 0 3pt 0; color: #1a3d7c; }
p { margin: 3pt 0; } ul, ol { margin: 3pt 0; padding-left: 18pt; } li { margin: 1pt 0; }
table { border-collapse: collapse; } td, th { border: 1px solid #999; padding: 2pt 6pt; }
code { font-size: 9.5pt; }
.page-break { break-after: page; }
.uno-line { border-bottom: 1px solid #888; height: 18pt; }
ol ul { list-style: none; padding-left: 8pt; }
"""


def _number(value: float, lang: str) -> str:
    return fmt_int(int(value), lang) if float(value).is_integer() else fmt_decimal(value, 1, lang)


def answer_words(q: lessons.Question, lang: str) -> str:
    """The answer of ``q`` as a person writes it: a choice's words, a number
    with its unit, and a simulated answer's accepted range."""
    from .wording import choice_words

    if q.is_choice:
        return choice_words(q, q.choices[int(q.answer)], lang)
    value = float(q.answer)
    shown = _number(round(value, 1), lang)
    if q.unit == "percent":
        shown = text("odds.num.percent", lang, value=shown)
    if q.tolerance is not None:
        # the range the box accepts, from the exact answer, said to a tenth
        # inward: every answer written in it counts (119.06 ± 10: 109.1 to 129.0)
        low = Fraction(math.ceil((q.answer - q.tolerance) * 10), 10)
        high = Fraction(math.floor((q.answer + q.tolerance) * 10), 10)
        whole = low.denominator == high.denominator == 1
        low_words, high_words = ((fmt_int(int(low), lang), fmt_int(int(high), lang)) if whole
                                 else (fmt_decimal(float(low), 1, lang),
                                       fmt_decimal(float(high), 1, lang)))
        shown = text("q.sheet.range", lang, answer=shown, low=low_words, high=high_words)
    return shown


def block(kind: str, page: str, lang: str) -> str:
    """The Markdown of one block (``questions``, ``worksheet`` or ``answers``)
    of a lesson page's questions."""
    from .wording import choice_words, question_words, worked_words

    if kind not in KINDS:
        raise ValueError(f"a block is one of {', '.join(KINDS)}, not {kind!r}")
    out: list[str] = []
    for number, q in enumerate(lessons.questions(page), 1):
        ask = question_words(q, "ask", lang)
        if kind == "questions":  # a plan is one page: the answers, worked out on the sheet
            out.append(f"{number}. {ask}  \n   **{text('q.sheet.answer', lang)}:** "
                       f"{answer_words(q, lang)}.")
        elif kind == "worksheet":
            out.append(f"{number}. {ask}")
            if q.is_choice:
                out += [f"   - ☐ {choice_words(q, c, lang)}" for c in q.choices]
            else:
                out.append(f"\n   {text('q.sheet.prediction', lang)}: ________   "
                           f"{text('q.sheet.checked', lang)}: ________")
            out.append(f"\n   {text('q.sheet.working', lang)}:\n\n   <div class=\"uno-line\">"
                       f"</div>\n   <div class=\"uno-line\"></div>")
        else:
            answer, worked = answer_words(q, lang), worked_words(q, lang)
            if worked.startswith(answer + "."):  # a choice's worked answer opens with it
                worked = worked[len(answer) + 1:].lstrip()
            out.append(f"{number}. **{answer}.** {worked}")
    return "\n".join(out) + "\n"


def _teacher_files(root: Path) -> list[tuple[Path, str]]:
    folder = root / "docs" / "teacher"
    found = [(path, "en") for path in sorted(folder.glob("*.md"))]
    found += [(path, "ru") for path in sorted((folder / "ru").glob("*.md"))]
    return found


def _filled(source: str, lang: str) -> str:
    return BLOCK.sub(lambda m: m[1] + block(m[2], m[3], lang) + m[5], source)


def stale(root: Path) -> list[Path]:
    """The pack's files whose blocks are not the kit's questions as they are now."""
    return [path for path, lang in _teacher_files(root)
            if _filled(path.read_text(encoding="utf-8"), lang)
            != path.read_text(encoding="utf-8")]


def update(root: Path) -> list[Path]:
    """Rewrite every block of the pack; the files changed."""
    changed = []
    for path, lang in _teacher_files(root):
        before = path.read_text(encoding="utf-8")
        after = _filled(before, lang)
        if after != before:
            path.write_text(after, encoding="utf-8")
            changed.append(path)
    return changed


def ensure_chromium() -> str:
    """Debian's chromium, installed with apt-get (as root) where it is missing."""
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    if not shutil.which("apt-get") or os.geteuid() != 0:
        raise SystemExit(f"make handouts prints with Debian's chromium at {CHROMIUM}; install "
                         "it as root: apt-get update && apt-get install -y chromium")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", "chromium"]):
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return CHROMIUM


def _html(markdown: str, title: str, lang: str) -> str:
    import mistune

    body = mistune.html(markdown)
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{title}</title><style>{PRINT_CSS}</style></head><body>{body}</body></html>")


def print_pdfs(root: Path, out: Path) -> list[Path]:
    """Print every plan and worksheet to ``out`` (English) and ``out/ru``."""
    from playwright.sync_api import sync_playwright

    if stale(root):
        raise SystemExit("the teacher's pack is out of date: run python -m uno_nb.handouts "
                         "--update first")
    made = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=ensure_chromium(),
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        for path, lang in _teacher_files(root):
            if path.name == "README.md":
                continue
            source = path.read_text(encoding="utf-8")
            heading = re.search(r"^# (.+)$", source, re.M)
            page.set_content(_html(source, heading[1] if heading else path.stem, lang))
            target = (out / "ru" if lang == "ru" else out) / f"{path.stem}.pdf"
            target.parent.mkdir(parents=True, exist_ok=True)
            page.pdf(path=str(target), format="A4", print_background=True,
                     margin={"top": "16mm", "bottom": "16mm", "left": "15mm", "right": "15mm"})
            made.append(target)
        browser.close()
    return made


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_nb.handouts",
                                     description="The teacher's pack: its questions and PDFs.")
    parser.add_argument("out", nargs="?", type=Path, help="print the PDFs into this folder")
    parser.add_argument("--update", action="store_true", help="rewrite the questions' blocks")
    parser.add_argument("--check", action="store_true", help="say which files are out of date")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the checkout")
    args = parser.parse_args(argv)
    root = args.root
    if args.update:
        for path in update(root):
            print(f"updated {path.relative_to(root)}")
    if args.check:
        late = stale(root)
        for path in late:
            print(f"out of date: {path.relative_to(root)}")
        if late:
            return 1
    if args.out is not None:
        for path in print_pdfs(root, args.out):
            print(f"printed {path}")
    elif not (args.update or args.check):
        parser.error("give a folder to print into, or --update or --check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
