"""The teacher's pack: each lesson's questions and answers written into its
plan and worksheet, and every plan and worksheet printed to PDF.

The plans and worksheets are Markdown in ``docs/teacher/`` (English) and
``docs/teacher/ru/`` (Russian).  Where one holds a block

    <!-- uno_nb:questions 02 -->
    <!-- uno_nb:end -->

(``questions``: each question with its answer, for the plan; ``worksheet``:
the questions with room to answer; ``answers``: the answer sheet;
``combinations``: the table of C(n, k) a page's counting needs), the block
is the lesson page's questions of :mod:`uno_nb.lessons`, in the words of the
text table - the very questions and answers the pages check - so a pack
never says another answer than the kit, nor another range than its boxes
accept.

On paper each question has room to work under it (:data:`ROOM`: at least a
third of the printed page for a counting question), a question is never cut
by a page break, and :func:`question_pages` reads from a printed worksheet
the page each question landed on (a test fails if a page holds a lone
question).

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
import unicodedata
from fractions import Fraction
from pathlib import Path
from typing import Sequence

from . import lessons
from .texts import after_colon, text
from .texts.numbers import fmt_decimal, fmt_int

__all__ = ["block", "update", "stale", "answer_words", "exact_range", "ROOM", "ROOM_MM",
           "combinations", "print_pdfs", "question_pages", "lone_pages", "main"]

BLOCK = re.compile(r"(<!-- uno_nb:(questions|worksheet|answers|combinations) (\d\d) -->\n)"
                   r"(.*?)(<!-- uno_nb:end -->)", re.S)
KINDS = ("questions", "worksheet", "answers", "combinations")
CHROMIUM = "/usr/bin/chromium"
PDFTOTEXT = "/usr/bin/pdftotext"

#: A4 and its margins, in millimetres: the printed page is 297 − 2 × 14 = 269 mm high.
PAGE_MM, MARGIN_MM, SIDE_MM = 297, 14, 15
PRINTED_MM = PAGE_MM - 2 * MARGIN_MM
#: The room to work under a question on a worksheet, by what the question asks:
#: ``counting``, a chance or a number counted with C(n, k) (at least a third of
#: the printed page); ``working``, a sum or a product of a few numbers; ``short``,
#: a choice or a number read off the page, with a line or two of reasons.
ROOM_MM = {"counting": 90, "working": 48, "short": 24}
#: Each question's room (a new question must be given one: a test says so).
ROOM = {
    "rules.stack_who": "short",  # read off the game's log
    "rules.stack_cards": "short",  # 2 + 2 + … off the log
    "odds.no_wild": "counting",  # C(100, 7) / C(108, 7)
    "odds.red_three": "counting",  # C(83, 7) against C(25, 3) × C(83, 4)
    "odds.wild_half": "counting",  # C(100, n) / C(108, n) for n = 8, 9
    "odds.dealt_wild": "working",  # 42.6% of 2,000
    "odds.red_played": "short",
    "odds.same_count": "short",
    "odds.challenge_cost": "working",  # 6 × (1 − p) against 4
    "scoring.mean_hand": "working",  # 7 × 1,240 / 108
    "scoring.leader_two": "short",  # read off the chart
    "scoring.zero_rounds": "short",
    "scoring.round_points": "working",  # 3 hands of a little under 80, less what was played
    "lab.first_player": "short",  # read off the lab's interval
    "lab.stacking": "short",
    "play.pile_after_deal": "working",  # 108 − 3 × 7 − 1
}
#: The page's look in print: A4, the kit's plain type, a page break where
#: asked, a question and its room never cut by a page break, the room a grid
#: of 5 mm squares.  No page is to hold a lone question: the first two
#: questions go on a page together, and so do the last two (any two fit on a
#: page); a test reads every printed worksheet for a lone one all the same.
PRINT_CSS = f"""
@page {{ size: A4; margin: {MARGIN_MM}mm {SIDE_MM}mm; }}
body {{ font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; line-height: 1.33;
       color: #111; }}
h1 {{ font-size: 16pt; margin: 0 0 6pt 0; border-bottom: 2px solid #d72600;
      padding-bottom: 3pt; }}
h2 {{ font-size: 12pt; margin: 9pt 0 3pt 0; color: #1a3d7c; break-after: avoid; }}
p {{ margin: 3pt 0; }} ul, ol {{ margin: 3pt 0; padding-left: 18pt; }} li {{ margin: 1pt 0; }}
ol > li {{ break-inside: avoid; }}
ol > li:nth-child(2), ol > li:last-child {{ break-before: avoid; }}
table {{ border-collapse: collapse; break-inside: avoid; }}
td, th {{ border: 1px solid #999; padding: 2pt 6pt; }}
td {{ text-align: right; font-variant-numeric: tabular-nums; }}
code {{ font-size: 9.5pt; }}
.page-break {{ break-after: page; }}
.uno-work {{ border: 0.75pt solid #8a93a6; margin: 3pt 0 8pt 0; box-sizing: border-box;
            background-color: #fff;
            background-image: linear-gradient(#c9cfdb 0.5pt, transparent 0.5pt),
                              linear-gradient(90deg, #c9cfdb 0.5pt, transparent 0.5pt);
            background-size: 5mm 5mm; }}
.uno-work span {{ display: inline-block; background: #fff; padding: 0 3pt; font-size: 8.5pt;
                 color: #444; border-right: 0.75pt solid #8a93a6;
                 border-bottom: 0.75pt solid #8a93a6; }}
{"".join(f".uno-work-{kind} {{ height: {mm}mm; }}" + chr(10) for kind, mm in ROOM_MM.items())}
ol ul {{ list-style: none; padding-left: 8pt; display: flex; flex-wrap: wrap;
         column-gap: 18pt; }}
"""


def _number(value: float, lang: str) -> str:
    return fmt_int(int(value), lang) if float(value).is_integer() else fmt_decimal(value, 1, lang)


def _exact(value: Fraction, lang: str) -> str:
    """``value`` written out exactly: a whole number, or a decimal of one or
    two places; anything else is not a number the pack can print exactly."""
    for places in (0, 1, 2):
        if (value * 10 ** places).denominator == 1:
            return fmt_int(int(value), lang) if places == 0 else fmt_decimal(value, places, lang)
    raise ValueError(f"{value} is not a decimal of at most two places: the pack could not say "
                     "exactly which answers count")


def exact_range(q: lessons.Question) -> tuple[Fraction, Fraction]:
    """The answers the page's box accepts for a simulated answer, lowest and
    highest: everything from the one to the other counts, nothing outside."""
    if q.tolerance is None:
        raise ValueError(f"{q.id} is checked to the decimals typed, not within a range")
    return q.answer - q.tolerance, q.answer + q.tolerance


def answer_words(q: lessons.Question, lang: str) -> str:
    """The answer of ``q`` as a person writes it: a choice's words, a number
    with its unit, and a simulated answer's accepted range."""
    from .wording import choice_words

    if q.is_choice:
        return choice_words(q, q.choices[int(q.answer)], lang)
    if q.tolerance is not None:
        # the very range the box accepts: the answer it checks against, and
        # everything within the tolerance of it, ends included
        low, high = exact_range(q)
        return text("q.sheet.range", lang, answer=_exact(q.answer, lang),
                    low=_exact(low, lang), high=_exact(high, lang))
    shown = _number(round(float(q.answer), 1), lang)
    if q.unit == "percent":
        shown = text("odds.num.percent", lang, value=shown)
    return shown


def _count(q: lessons.Question, name: str) -> int:
    value = q.facts[name]
    if not isinstance(value, int):
        raise TypeError(f"{q.id}: {name} is a count of cards, not {value!r}")
    return value


def combinations(page: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The table of C(n, k) a page's counting needs, as its rows' ``k`` and
    its columns' ``n``: the deck and the cards that are not Wild (a hand of
    any size the page or a student's own question asks, up to the size the
    page's answer needs), the red cards and the others.  Empty for a page
    that does not count with C(n, k)."""
    sizes: set[int] = set()
    piles: set[int] = set()
    for q in lessons.questions(page):
        if q.id == "odds.no_wild":  # every student's own hand size too
            for variant in range(lessons.variants(q.id)):
                own = lessons.question(q.id, variant)
                sizes.add(_count(own, "size"))
                piles |= {_count(own, "others"), _count(own, "others") + _count(own, "wild")}
        elif q.id == "odds.red_three":
            sizes.add(_count(q, "size"))
            piles |= {_count(q, "red"), _count(q, "others")}
        elif q.id == "odds.wild_half":
            sizes.add(_count(q, "size"))
    if not piles:
        return (), ()
    return tuple(range(1, max(sizes) + 1)), tuple(sorted(piles))


def _combinations_table(page: str, lang: str) -> str:
    ks, ns = combinations(page)
    if not ns:
        raise ValueError(f"page {page}'s questions do not count with C(n, k)")
    rows = ["| k | " + " | ".join(f"C({n}, k)" for n in ns) + " |",
            "|---:|" + "---:|" * len(ns)]
    rows += [f"| {k} | " + " | ".join(fmt_int(math.comb(n, k), lang) for n in ns) + " |"
             for k in ks]
    return "\n".join(rows)


def block(kind: str, page: str, lang: str) -> str:
    """The Markdown of one block (``questions``, ``worksheet``, ``answers``
    or ``combinations``) of a lesson page's questions."""
    from .wording import choice_words, question_words, worked_words

    if kind not in KINDS:
        raise ValueError(f"a block is one of {', '.join(KINDS)}, not {kind!r}")
    if kind == "combinations":
        return _combinations_table(page, lang) + "\n"
    out: list[str] = []
    for number, q in enumerate(lessons.questions(page), 1):
        ask = question_words(q, "ask", lang)
        if kind == "questions":  # a plan is one page: the answers, worked out on the sheet
            out.append(f"{number}. {ask}  \n   **{text('q.sheet.answer', lang)}:** "
                       f"{after_colon(answer_words(q, lang), lang)}.")
        elif kind == "worksheet":
            out.append(f"{number}. {ask}")
            if q.is_choice:
                out += [f"   - ☐ {choice_words(q, c, lang)}" for c in q.choices]
            else:
                out.append(f"\n   {text('q.sheet.prediction', lang)}: ________   "
                           f"{text('q.sheet.checked', lang)}: ________")
            out.append(f"\n   <div class=\"uno-work uno-work-{ROOM[q.id]}\"><span>"
                       f"{text('q.sheet.working', lang)}</span></div>")
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


def _ensure(program: str, package: str, why: str) -> str:
    """Debian's ``program`` from ``package``, installed with apt-get (as root)
    where it is missing."""
    if os.access(program, os.X_OK):
        return program
    if not shutil.which("apt-get") or os.geteuid() != 0:
        raise SystemExit(f"{why} with Debian's {package} ({program}); install it as root: "
                         f"apt-get update && apt-get install -y {package}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", package]):
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return program


def ensure_chromium() -> str:
    """Debian's chromium, installed with apt-get (as root) where it is missing."""
    return _ensure(CHROMIUM, "chromium", "make handouts prints")


def _page_texts(pdf: Path) -> list[str]:
    """The text of each page of ``pdf`` (poppler's pdftotext), its spaces made one."""
    tool = _ensure(PDFTOTEXT, "poppler-utils", "the pack's layout is read")
    out = subprocess.run([tool, "-enc", "UTF-8", str(pdf), "-"], check=True,
                         capture_output=True).stdout.decode("utf-8")
    pages = out.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()  # pdftotext ends every page with a form feed
    return [" ".join(unicodedata.normalize("NFKC", page).split()) for page in pages]


def question_pages(pdf: Path, page: str, lang: str) -> list[int]:
    """The page (1 for the first) of a printed worksheet that each of lesson
    ``page``'s questions starts on, read from the PDF's text: its number and
    its first words."""
    from .wording import question_words

    texts = _page_texts(pdf)
    found = []
    for number, q in enumerate(lessons.questions(page), 1):
        ask = " ".join(unicodedata.normalize("NFKC", question_words(q, "ask", lang)).split())
        start = re.compile(rf"(?:^| ){number}\. {re.escape(' '.join(ask.split()[:3]))}")
        on = [i for i, said in enumerate(texts, 1) if start.search(said)]
        if len(on) != 1:
            raise ValueError(f"{pdf}: question {number} ({ask[:40]}…) is on pages {on}, "
                             "not on one page")
        found.append(on[0])
    return found


def lone_pages(pdf: Path, page: str, lang: str) -> list[int]:
    """The pages of a printed worksheet that hold a single question while the
    worksheet has more than one."""
    pages = question_pages(pdf, page, lang)
    if len(pages) < 2:
        return []
    return sorted(p for p in set(pages) if pages.count(p) == 1)


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
                     margin={"top": f"{MARGIN_MM}mm", "bottom": f"{MARGIN_MM}mm",
                             "left": f"{SIDE_MM}mm", "right": f"{SIDE_MM}mm"})
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
            pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", path.read_bytes()))
            print(f"printed {path} ({pages} {'page' if pages == 1 else 'pages'})")
    elif not (args.update or args.check):
        parser.error("give a folder to print into, or --update or --check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
